// Bad input from JavaScript: an exception with the library's message and status, the game
// unchanged, the module alive afterwards.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ludus } from "./package.js";

const { Game, games, LudusError } = ludus;

function throwsLudus(fn, ErrorClass, statusName, message) {
  assert.throws(fn, (error) => {
    assert.ok(error instanceof ErrorClass, `${error.name}: ${error.message}`);
    assert.ok(error instanceof LudusError && error instanceof Error);
    assert.equal(error.statusName, statusName);
    if (message) assert.match(error.message, message);
    return true;
  });
}

test("unknown games and options carry the library's status and message", () => {
  throwsLudus(() => new Game("chess"), ludus.UnknownGameError, "LUDUS_E_UNKNOWN_GAME", /unknown game "chess"/);
  throwsLudus(() => new Game("petteia", { bogus: 1 }), ludus.UnknownOptionError, "LUDUS_E_UNKNOWN_OPTION", /bogus/);
  throwsLudus(() => new Game("petteia", { rows: "x" }), ludus.InvalidOptionError, "LUDUS_E_INVALID_OPTION", /rows/);
  throwsLudus(() => new Game("petteia", "{not json"), ludus.BadJsonError, "LUDUS_E_BAD_JSON");
  assert.equal(new ludus.UnknownGameError("x", 3, "LUDUS_E_UNKNOWN_GAME").status, 3);
});

test("undefined and null reach the library as NULL; other wrong types are TypeErrors", () => {
  throwsLudus(() => new Game(undefined), ludus.InvalidArgumentError, "LUDUS_E_INVALID_ARGUMENT", /NULL/);
  throwsLudus(() => new Game(null), ludus.InvalidArgumentError, "LUDUS_E_INVALID_ARGUMENT");
  throwsLudus(() => Game.fromJSON(undefined), ludus.InvalidArgumentError, "LUDUS_E_INVALID_ARGUMENT");
  assert.throws(() => new Game(42), TypeError);
  assert.throws(() => new Game("petteia", 8), TypeError);
  assert.throws(() => new Game("petteia", [1]), TypeError);
  assert.throws(() => Game.fromJSON(17), TypeError);
  const game = new Game("petteia", { seed: 1 });
  const before = game.toJSONText();
  throwsLudus(() => game.play(undefined), ludus.InvalidArgumentError, "LUDUS_E_INVALID_ARGUMENT", /NULL/);
  assert.throws(() => game.play(12), TypeError);
  assert.throws(() => game.play(Symbol("x")), TypeError);
  assert.throws(() => game.applyAction(1.5), TypeError);
  assert.throws(() => game.applyAction("3"), TypeError);
  assert.throws(() => game.applyAction(2 ** 40), RangeError);
  assert.throws(() => game.setDice("a"), TypeError);
  assert.throws(() => game.svg(3), TypeError);
  assert.throws(() => game.randomPlayout(-1), RangeError);
  assert.throws(() => game.randomPlayout(2n ** 64n), RangeError);
  assert.throws(() => game.randomPlayout(1, -2), RangeError);
  throwsLudus(() => game.play("a2\0-a3"), ludus.InvalidArgumentError, "", /NUL/);
  assert.equal(game.toJSONText(), before);
  game.close();
});

test("moves that are unreadable or illegal leave the game unchanged", () => {
  const game = new Game("petteia", { seed: 1 });
  const before = game.toJSONText();
  assert.throws(
    () => game.play("a2-a9"),
    (e) => /^LUDUS_E_(INVALID|ILLEGAL)_MOVE$/.test(e.statusName) && e.message.length > 0,
  );
  assert.throws(
    () => game.play("zz"),
    (e) => e instanceof ludus.InvalidMoveError && e.message.length > 0,
  );
  assert.throws(
    () => game.play("a1-h8"),
    (e) => e instanceof ludus.IllegalMoveError || e instanceof ludus.InvalidMoveError,
  );
  assert.throws(() => game.play({}), LudusError);
  throwsLudus(() => game.applyAction(999999), ludus.IllegalMoveError, "LUDUS_E_ILLEGAL_MOVE");
  throwsLudus(() => game.undo(), ludus.NothingToUndoError, "LUDUS_E_NOTHING_TO_UNDO");
  throwsLudus(() => game.roll(), ludus.WrongPhaseError, "LUDUS_E_WRONG_PHASE");
  throwsLudus(() => game.svg({ size: 5 }), ludus.InvalidOptionError, "LUDUS_E_INVALID_OPTION", /size/);
  throwsLudus(() => game.svg({ colour: "red" }), ludus.UnknownOptionError, "LUDUS_E_UNKNOWN_OPTION");
  throwsLudus(() => game.aiMove({ level: "genius" }), ludus.InvalidOptionError, "LUDUS_E_INVALID_OPTION");
  throwsLudus(
    () => game.aiMove({ level: "medium", threads: 4 }),
    ludus.InvalidOptionError,
    "LUDUS_E_INVALID_OPTION",
    /one thread/,
  );
  throwsLudus(
    () => game.aiMove({ level: "medium", threads: 0 }),
    ludus.InvalidOptionError,
    "LUDUS_E_INVALID_OPTION",
    /threads/,
  );
  assert.equal(game.toJSONText(), before);
  game.randomPlayout(1);
  throwsLudus(() => game.randomPlayout(1), ludus.GameOverError, "LUDUS_E_GAME_OVER");
  throwsLudus(() => game.aiMove(), ludus.GameOverError, "LUDUS_E_GAME_OVER");
  game.close();

  const duodecim = new Game("duodecim", { seed: 1 });
  assert.deepEqual(duodecim.legalMoves(), []); // nothing to play before the roll, as in Python
  throwsLudus(() => duodecim.actions(), ludus.WrongPhaseError, "LUDUS_E_WRONG_PHASE");
  throwsLudus(() => duodecim.aiMove(), ludus.WrongPhaseError, "LUDUS_E_WRONG_PHASE");
  assert.throws(() => duodecim.setDice(7, 1), LudusError);
  assert.throws(() => duodecim.setDice(1), LudusError);
  assert.equal(duodecim.phase, "roll");
  duodecim.close();
});

test("huge strings are refused with the library's limit message, without growing the heap", () => {
  const game = new Game("petteia", { seed: 1 });
  const { memory } = ludus.heapStats();
  const huge = "x".repeat(64 * 1024 * 1024);
  throwsLudus(() => game.play(huge), ludus.InvalidMoveError, "LUDUS_E_INVALID_MOVE", /limit|MiB|bytes/i);
  throwsLudus(() => Game.fromJSON(huge), ludus.BadJsonError, "LUDUS_E_BAD_JSON", /limit|MiB|bytes/i);
  throwsLudus(() => new Game("petteia", huge), ludus.BadJsonError, "LUDUS_E_BAD_JSON", /limit|KiB|bytes/i);
  throwsLudus(() => game.svg("é".repeat(3 * 1024 * 1024)), ludus.BadJsonError, "LUDUS_E_BAD_JSON");
  throwsLudus(() => new Game("p".repeat(10 * 1024 * 1024)), ludus.UnknownGameError, "LUDUS_E_UNKNOWN_GAME");
  throwsLudus(() => Game.fromJSON("[".repeat(100000)), ludus.BadJsonError, "LUDUS_E_BAD_JSON", /nest|deep/i);
  assert.equal(ludus.heapStats().memory, memory);
  game.close();
});

test("a closed game throws GameClosedError from every call; closing twice is fine", () => {
  const game = new Game("duodecim", { seed: 1 });
  assert.equal(game.closed, false);
  game.close();
  game.close();
  assert.equal(game.closed, true);
  assert.equal(game.freed, true); // the deprecated name reads the same
  const calls = [
    () => game.legalMoves(),
    () => game.play("H-I"),
    () => game.undo(),
    () => game.roll(),
    () => game.setDice(1, 2),
    () => game.toJSON(),
    () => game.svg(),
    () => game.text(),
    () => game.aiMove(),
    () => game.actions(),
    () => game.applyAction(0),
    () => game.randomPlayout(1),
    () => game.copy(),
    () => game.phase,
    () => game.toMove,
    () => game.result,
    () => game.chanceOutcomes(),
  ];
  for (const call of calls) assert.throws(call, ludus.GameClosedError);
  assert.match(String(game), /freed/);
  assert.ok(games().length >= 2, "the module still works");
});

test("the deprecated free(), freed and clone() do what close(), closed and copy() do", () => {
  const game = new Game("petteia", { seed: 1 });
  const copy = game.clone();
  assert.ok(copy instanceof Game && copy !== game);
  assert.equal(copy.toJSONText(), game.toJSONText());
  copy.play(copy.legalMoves()[0]);
  assert.equal(game.history.length, 0);
  assert.equal(game.freed, false);
  game.free();
  game.free();
  assert.equal(game.freed, true);
  assert.equal(game.closed, true);
  assert.throws(() => game.clone(), ludus.GameClosedError);
  assert.throws(() => game.copy(), ludus.GameClosedError);
  copy.close();
  assert.equal(copy.freed, true);
});
