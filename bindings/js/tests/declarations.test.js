// index.d.ts repeats what index.js exports: every export of one is declared in the other, the
// error classes in the same order, and the end reasons as ludus.h lists them.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ludus } from "./package.js";

// Node's entry, node/index.js: the package's index.js as it is, with index.d.ts one folder up.
const packagePath =
  process.env.LUDUS_JS_PACKAGE ??
  fileURLToPath(new URL("../../../build-wasm/bindings/js/node/index.js", import.meta.url));
const source = readFileSync(packagePath, "utf8");
const declarations = readFileSync(new URL("../index.d.ts", pathToFileURL(packagePath)), "utf8");
const header = readFileSync(fileURLToPath(new URL("../../../include/ludus/ludus.h", import.meta.url)), "utf8");

const exportsOf = (text, pattern) => [...text.matchAll(pattern)].map((m) => m[1]);
const valueExports = /^export (?:class|function|const) (\w+)/gm;

test("every value index.js exports is declared in index.d.ts, and no other", () => {
  assert.deepEqual(exportsOf(declarations, valueExports).sort(), exportsOf(source, valueExports).sort());
  assert.deepEqual(Object.keys(ludus).sort(), exportsOf(source, valueExports).sort());
});

test("the error classes are declared in the order of the statuses", () => {
  const classes = /^export class (\w+Error) extends LudusError/gm;
  assert.deepEqual(exportsOf(declarations, classes), exportsOf(source, classes));
  const names = header.match(/typedef enum ludus_status \{([^}]*)\}/)[1].match(/LUDUS_E_\w+/g);
  const table = source
    .match(/const errorClasses = \[\s*null,([^\]]*)\]/)[1]
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  assert.equal(table.length, names.length);
  // LUDUS_E_ILLEGAL_MOVE -> IllegalMoveError (the memory error is LudusMemoryError: MemoryError is a host name)
  const expected = names.map(
    (n) =>
      n
        .slice(8)
        .toLowerCase()
        .replace(/(^|_)(\w)/g, (_, __, c) => c.toUpperCase()) + "Error",
  );
  assert.deepEqual(
    table.map((n) => n.replace(/^Ludus(?=Memory)/, "")),
    expected.map((n) => n.replace(/^NoMemory/, "Memory")),
  );
});

test("the end reasons of index.js, index.d.ts and ludus.h agree", () => {
  const block = header.slice(
    header.indexOf("/* Why the game ended"),
    header.indexOf("ludus_game_end_reason(const ludus_game"),
  );
  const inHeader = [...block.matchAll(/^ \*   "(\w+)" /gm)].map((m) => m[1]);
  const inTypes = [...declarations.match(/export type EndReasonName =([^;]*);/)[1].matchAll(/"(\w+)"/g)].map(
    (m) => m[1],
  );
  assert.deepEqual(Object.values(ludus.EndReason), inHeader);
  assert.deepEqual(inTypes, inHeader);
});

test("DEFAULT_MAX_PLIES is ludus.h's LUDUS_DEFAULT_MAX_PLIES", () => {
  const inHeader = Number(header.match(/#define LUDUS_DEFAULT_MAX_PLIES (\d+)u?/)[1]);
  assert.equal(ludus.DEFAULT_MAX_PLIES, inHeader);
});
