// globalThis.LUDUS_WASM_MODULE: a module compiled elsewhere (the web app compiles it in a Web
// Worker) is instantiated instead of the package's own, and one it cannot use is left aside.
// The package reads it once, when it is first imported: each case runs in a Node process of its own.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const packagePath =
  process.env.LUDUS_JS_PACKAGE ??
  fileURLToPath(new URL("../../../build-wasm/bindings/js/node/index.js", import.meta.url));
const wasmPath = fileURLToPath(new URL("../ludus.wasm", pathToFileURL(packagePath)));

// Runs `setup` (module code that sets globalThis.LUDUS_WASM_MODULE), imports the package, plays a
// little, and returns what it printed: whether WebAssembly.instantiate was given a module (the
// hook) or bytes (the package's own load), and a game's first moves.
function run(setup) {
  const script = `
    const instantiate = WebAssembly.instantiate;
    globalThis.given = [];
    WebAssembly.instantiate = (what, imports) => { globalThis.given.push(what instanceof WebAssembly.Module ? "module" : "bytes"); return instantiate(what, imports); };
    ${setup}
    const { Game, games } = await import(${JSON.stringify(pathToFileURL(packagePath).href)});
    const game = new Game("petteia", { seed: 1 });
    console.log(JSON.stringify({ given: globalThis.given, games: games().length, moves: game.legalMoves().length }));`;
  return JSON.parse(
    execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" })
      .trim()
      .split("\n")
      .at(-1),
  );
}

const own = run("");

test("without the global the package loads its own ludus.wasm", () => {
  assert.deepEqual(own.given, ["bytes"]);
  assert.ok(own.games >= 4 && own.moves > 0);
});

test("a compiled module, or a promise of one, is instantiated instead", () => {
  const wasm = JSON.stringify(wasmPath);
  for (const setup of [
    `globalThis.LUDUS_WASM_MODULE = await WebAssembly.compile((await import("node:fs")).readFileSync(${wasm}));`,
    `globalThis.LUDUS_WASM_MODULE = WebAssembly.compile((await import("node:fs")).readFileSync(${wasm}));`,
  ]) {
    const result = run(setup);
    assert.deepEqual(result.given, ["module"], setup);
    assert.deepEqual({ games: result.games, moves: result.moves }, { games: own.games, moves: own.moves });
  }
});

test("a module it cannot use is left aside: the package loads its own", () => {
  // a rejected promise, a value that is no module, another module (its imports differ)
  const other = JSON.stringify([
    ...new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 2, 7, 1, 1, 120, 1, 121, 0, 0]),
  ]);
  for (const [setup, given] of [
    [
      "globalThis.LUDUS_WASM_MODULE = Promise.reject(new Error('no worker')); globalThis.LUDUS_WASM_MODULE.catch(() => {});",
      ["bytes"],
    ],
    ["globalThis.LUDUS_WASM_MODULE = 'ludus.wasm';", ["bytes"]],
    [`globalThis.LUDUS_WASM_MODULE = new WebAssembly.Module(new Uint8Array(${other}));`, ["module", "bytes"]],
  ]) {
    const result = run(setup);
    assert.deepEqual(result.given, given, setup);
    assert.deepEqual({ games: result.games, moves: result.moves }, { games: own.games, moves: own.moves });
  }
});
