// Node's loader: the one of the browsers (../ludus.mjs, built for web pages and workers, so that
// bundlers take the package as it is: it imports no Node module) given the bytes of ../ludus.wasm
// read from disk, as Node's fetch() reads no file. The package's exports send Node here
// (node/index.js, a copy of index.js beside this file); everything else gets ../index.js.
import { readFile } from "node:fs/promises";
import createWebModule from "../ludus.mjs";

export default async function createLudusModule(settings = {}) {
  // a module compiled elsewhere (index.js's globalThis.LUDUS_WASM_MODULE) needs no bytes
  if (settings.instantiateWasm) return createWebModule(settings);
  const wasmBinary = await readFile(new URL("../ludus.wasm", import.meta.url));
  return createWebModule({ wasmBinary, ...settings });
}
