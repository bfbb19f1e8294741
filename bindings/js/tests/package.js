// The package under test: the built one (meson test sets LUDUS_JS_PACKAGE), else the usual
// build folder next to the sources.
const path = process.env.LUDUS_JS_PACKAGE ?? new URL("../../../build-wasm/bindings/js/node/index.js", import.meta.url).pathname;
export const ludus = await import(path);
