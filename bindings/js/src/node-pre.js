//# allFunctionsCalledOnLoad
// Prepended to ludus.mjs (--extern-pre-js). Emscripten 3.1.6 writes an ES module whose Node
// branch is CommonJS: it calls require() and reads __dirname (neither exists in an ES module),
// fetches the .wasm with fetch() (Node 18+ has one, which refuses file: URLs), and locates the
// .wasm as new URL("ludus.wasm", import.meta.url), a file: URL that its fs reader cannot open.
// In Node only, these module-scoped names make the same file load: require and __dirname as
// CommonJS has them, no fetch (the .wasm is read with fs), and a URL whose file: URLs print as
// paths. In a browser or a worker they are the global ones.
// (The first line asks Chromium to compile the loader's functions as it downloads them, off the
// page's thread, rather than each at its first call on it.)
var require, __dirname, fetch = globalThis.fetch, URL = globalThis.URL;
if (typeof process == "object" && typeof process.versions == "object" && typeof process.versions.node == "string") {
  const { createRequire } = await import("node:module");
  require = createRequire(import.meta.url);
  const { fileURLToPath } = require("node:url");
  __dirname = require("node:path").dirname(fileURLToPath(import.meta.url));
  fetch = undefined;
  URL = class extends globalThis.URL {
    toString() { return this.protocol == "file:" ? fileURLToPath(this) : super.toString(); }
  };
}
