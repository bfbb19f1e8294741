// The WebAssembly build reads files through the caller's reader (setFileReader): Ur's perfect
// level looks its values up in a table read a few bytes at a time, and every failure of the
// reader is an error that names the path.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ludus } from "./package.js";

const { Game, setFileReader, InvalidArgumentError } = ludus;

// A table of Finkel's game with one piece a side (217 positions) whose every value is `value`,
// in the documented format (docs/computer-players.md, "The table file"; no checksum is read here).
function tableOf(value, { states = 217, magic = "LUDUSURT" } = {}) {
  let header = JSON.stringify({
    dice: 4,
    game: "ur",
    min_off: 0,
    pieces: 1,
    route_length: 14,
    ruleset: "finkel",
    states,
    tolerance: 1e-9,
    values: "float32",
  });
  while ((16 + header.length) % 8 !== 0) header += " ";
  const bytes = new Uint8Array(16 + header.length + 4 * states + 8);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode(magic), 0);
  view.setUint32(8, 1, true);
  view.setUint32(12, header.length, true);
  bytes.set(new TextEncoder().encode(header), 16);
  for (let i = 0; i < states; ++i) view.setFloat32(16 + header.length + 4 * i, value, true);
  return bytes;
}

// A reader over files held in memory that counts what it is asked.
function readerOf(files) {
  const asked = { size: 0, read: 0, largest: 0 };
  return {
    asked,
    size(path) {
      ++asked.size;
      if (!(path in files)) throw new Error(`no file ${path}`);
      return files[path].length;
    },
    read(path, offset, length) {
      ++asked.read;
      asked.largest = Math.max(asked.largest, length);
      return files[path].slice(offset, offset + length);
    },
  };
}

function perfectMove(table, throwDice) {
  const game = new Game("ur", { ruleset: "finkel", pieces: 1, seed: 1 });
  try {
    game.setDice(...throwDice);
    return game.aiMove({ level: "perfect", table });
  } finally {
    game.close();
  }
}

test("the perfect level reads its table through the reader, a few bytes at a time", () => {
  const reader = readerOf({ "tables/ur-finkel-1-4.table": tableOf(0.25) });
  setFileReader(reader);
  try {
    // A throw of 4 enters the piece on the rosette: the same side throws again, at the table's 0.25.
    assert.equal(perfectMove("tables/ur-finkel-1-4.table", [1, 1, 1, 1]).search.value, 0.25);
    // A throw of 1: the other side throws next, so the mover's chance is 1 - 0.25.
    assert.equal(perfectMove("tables/ur-finkel-1-4.table", [1, 0, 0, 0]).search.value, 0.75);
    assert.ok(reader.asked.largest < 200, `the reader was asked for ${reader.asked.largest} bytes at once`);
    assert.ok(reader.asked.read < 20, `${reader.asked.read} reads for two moves`);
  } finally {
    setFileReader(null);
  }
});

test("a table the reader cannot give, or a wrong one, is an error naming the path", () => {
  const expect = (table, words) => {
    assert.throws(
      () => perfectMove(table, [1, 0, 0, 0]),
      (error) =>
        error instanceof InvalidArgumentError && error.message.includes(table) && error.message.includes(words),
      `${table}: ${words}`,
    );
  };
  expect("any.table", "no file reader is set");
  setFileReader(
    readerOf({
      "short.table": tableOf(0.5).slice(0, 100),
      "magic.table": tableOf(0.5, { magic: "LUDUSXXX" }),
      "sized.table": tableOf(0.5, { states: 216 }),
    }),
  );
  try {
    expect("missing.table", "the file reader failed");
    expect("short.table", "its header's length does not fit");
    expect("magic.table", "does not start with LUDUSURT");
    assert.throws(() => perfectMove("sized.table", [1, 0, 0, 0]), /does not fit this game's positions/);
  } finally {
    setFileReader(null);
  }
  assert.throws(() => setFileReader({ size() {} }), TypeError);
});
