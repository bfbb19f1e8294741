// The JavaScript package at its edges: numbers and strings reach the library exactly or not at all, playouts
// have a bound, level names are accepted, and the results say why a game ended.
import assert from "node:assert/strict";
import { test } from "node:test";
import { endingSoon, everyRuleset, ludus } from "./package.js";

const { Game, DEFAULT_MAX_PLIES, EndReason } = ludus;

test("integers out of the C type's range are RangeErrors, never wrapped", () => {
  const game = new Game("petteia", { seed: 1 });
  const before = game.toJSONText();
  const action = game.actions()[0];
  assert.throws(() => game.applyAction(action + 2 ** 32), RangeError);
  assert.throws(() => game.applyAction(2 ** 31), RangeError);
  assert.throws(() => game.applyAction(-(2 ** 31) - 1), RangeError);
  assert.throws(() => game.actionText(action + 2 ** 32), RangeError);
  assert.throws(() => game.randomPlayout(1, 2 ** 32), RangeError);
  assert.throws(() => game.randomPlayout(1, -1), RangeError);
  assert.throws(() => game.randomPlayout(-1), RangeError);
  assert.throws(() => game.randomPlayout(2 ** 64), RangeError);
  assert.throws(() => game.randomPlayout(2n ** 64n), RangeError);
  assert.throws(() => game.playouts(2, -1), RangeError, "a negative seed was wrapped to 2^64-1 before");
  assert.throws(() => game.playouts(2, 2n ** 64n), RangeError);
  assert.throws(() => game.playouts(-1), RangeError);
  assert.throws(() => game.playouts(2, 1, 2 ** 32), RangeError);
  assert.equal(game.toJSONText(), before);
  const dice = new Game("duodecim", { seed: 1 });
  assert.throws(() => dice.setDice(2 ** 32 + 3, 1), RangeError, "a roll of 2^32+3 was recorded as 3 in Python");
  assert.equal(dice.phase, "roll");
  dice.close();
  game.close();
});

test("values of the wrong type are TypeErrors", () => {
  const game = new Game("petteia", { seed: 1 });
  assert.throws(() => game.applyAction(1.5), TypeError);
  assert.throws(() => game.applyAction(1n), TypeError);
  assert.throws(() => game.applyAction("3"), TypeError);
  assert.throws(() => game.applyAction(NaN), TypeError);
  assert.throws(() => game.randomPlayout("1"), TypeError);
  assert.throws(() => game.randomPlayout(1.5), TypeError);
  assert.throws(() => game.randomPlayout(1, 2.5), TypeError);
  assert.throws(() => game.playouts("2"), TypeError);
  assert.throws(() => game.aiMove(3), TypeError);
  game.close();
});

test("strings with a NUL are refused, not cut at the NUL", () => {
  assert.throws(
    () => new Game("latrunculi\0junk"),
    (e) => e instanceof ludus.InvalidArgumentError && /NUL/.test(e.message),
  );
  const game = new Game("latrunculi", { ruleset: "bell", seed: 1 });
  const before = game.toJSONText();
  assert.throws(
    () => game.play("a1\0junk"),
    (e) => e instanceof ludus.InvalidArgumentError && /NUL/.test(e.message),
  );
  assert.throws(() => game.svg('{"size": 200}\0'), ludus.InvalidArgumentError);
  assert.equal(game.toJSONText(), before);
  game.play("a1");
  game.close();
});

test("a playout has a finite default bound, and a bound per call", () => {
  assert.equal(DEFAULT_MAX_PLIES, 100000);
  const game = new Game("latrunculi", { ruleset: "kowalski", seed: 1 });
  const bounded = game.copy();
  const { result, plies } = bounded.randomPlayout(3, 25);
  assert.equal(result, "ongoing");
  assert.equal(plies, 25);
  bounded.close();
  const { plies: all } = game.playouts(4, 1, 10);
  assert.deepEqual(all, [10, 10, 10, 10]);
  const played = game.randomPlayout(5);
  assert.ok(played.plies <= DEFAULT_MAX_PLIES);
  game.close();
});

test("level names are accepted as strings; a wrong one is a clear error", () => {
  const game = new Game("petteia", { seed: 1, rows: 6, cols: 6 });
  for (const level of ["random", "greedy", "easy"]) {
    const move = game.aiMove(level);
    assert.equal(move.search.level, level);
  }
  assert.equal(game.aiMove({ level: "uct", max_playouts: 50, seed: 1 }).search.level, "uct");
  assert.equal(game.aiMove('{"level": "greedy"}').search.level, "greedy");
  assert.throws(
    () => game.aiMove("genius"),
    (e) => e instanceof ludus.InvalidOptionError && /level/.test(e.message) && /genius/.test(e.message),
  );
  game.close();
});

test("why the game ended: endReason and the position's end_reason", () => {
  const petteia = new Game("petteia", { seed: 1 });
  assert.equal(petteia.endReason, null);
  assert.equal(petteia.position.end_reason, null);
  petteia.agreeDraw();
  assert.equal(petteia.endReason, EndReason.AGREED_DRAW);
  assert.equal(petteia.position.end_reason, "agreed_draw");
  petteia.close();
  const race = new Game("duodecim", { seed: 2 });
  assert.equal(race.randomPlayout(2).result !== "ongoing", true);
  assert.equal(race.endReason, EndReason.BORNE_OFF);
  const restored = Game.fromJSON(race.toJSON());
  assert.equal(restored.endReason, "borne_off");
  restored.close();
  race.close();
  for (const [id, options] of everyRuleset()) {
    const game = new Game(id, endingSoon(id, { seed: 4, ...options }));
    assert.notEqual(game.randomPlayout(4).result, "ongoing", `${id} ${JSON.stringify(options)}`);
    assert.ok(Object.values(EndReason).includes(game.endReason), `${id} ${JSON.stringify(options)}: ${game.endReason}`);
    assert.equal(game.position.end_reason, game.endReason);
    const again = Game.fromJSON(game.toJSON());
    assert.equal(again.endReason, game.endReason);
    again.close();
    game.close();
  }
});

test("the position is read alone, and equals the saved state's", () => {
  for (const [id, options] of everyRuleset()) {
    const game = new Game(id, { seed: 3, ...options });
    for (let i = 0; i < 30 && !game.isOver; i++) {
      assert.deepEqual(game.position, game.toJSON().position);
      if (game.phase === "roll") game.roll();
      else game.play(game.legalMoves()[0]);
    }
    game.close();
  }
  const game = new Game("duodecim", { seed: 3 });
  game.setDice(2, 5);
  assert.deepEqual(game.dice, [2, 5]);
  game.close();
});

test("the ruleset", () => {
  const bell = new Game("latrunculi", { ruleset: "bell" });
  assert.equal(bell.ruleset, "bell");
  bell.close();
  for (const [id, options] of everyRuleset()) {
    const game = new Game(id, options);
    assert.equal(game.ruleset, options.ruleset ?? null, id);
    game.close();
  }
});

test("the options, read once, are the saved state's, each caller its own copy", () => {
  const { GameClosedError } = ludus;
  for (const [id, options, seeded] of everyRuleset().flatMap(([id, o]) => [
    [id, { seed: 5, ...o }, true],
    [id, o, false], // no seed: the one the library drew, read once
  ])) {
    const game = new Game(id, options);
    const first = game.options;
    if (!seeded) assert.notEqual(first.seed, undefined, `${id}: the drawn seed`);
    assert.deepEqual(first, game.toJSON().options, id);
    first.seed = "changed by a caller";
    game.randomPlayout(1, 40);
    assert.deepEqual(game.options, game.toJSON().options, `${id}: after a playout, a caller's change`);
    for (const other of [game.copy(), Game.fromJSON(game.toJSON())]) {
      assert.deepEqual(other.options, game.options, id);
      assert.equal(other.ruleset, game.ruleset, id);
      other.close();
    }
    game.close();
    assert.throws(() => game.options, GameClosedError);
    assert.throws(() => game.ruleset, GameClosedError);
  }
});

test("every game's moves share kind, from_name, to_name, captured, captured_count", () => {
  for (const [id, options] of everyRuleset()) {
    const game = new Game(id, { seed: 2, ...options });
    for (let i = 0; i < 60 && !game.isOver; i++) {
      if (game.phase === "roll") {
        game.roll();
        continue;
      }
      const moves = game.legalMoves();
      for (const move of moves) {
        assert.equal(typeof move.kind, "string");
        assert.ok(move.from_name === null || typeof move.from_name === "string");
        assert.ok(move.to_name === null || typeof move.to_name === "string");
        assert.ok(Array.isArray(move.captured) && move.captured.every((place) => typeof place === "string"));
        assert.ok(Number.isInteger(move.captured_count));
      }
      game.play(moves[i % moves.length]);
    }
    game.close();
  }
});

test("a huge move gives a short message", () => {
  const game = new Game("petteia", { seed: 1 });
  assert.throws(
    () => game.play("a".repeat(512 * 1024)),
    (e) => e instanceof ludus.InvalidMoveError && e.message.length < 400,
  );
  assert.throws(
    () => new Game("petteia", '{"seed": 1, "seed": 2}'),
    (e) => e instanceof ludus.BadJsonError && /"seed"/.test(e.message),
  );
  game.close();
});

// Every 64-bit number the library hands JavaScript is exact: a seed drawn for a game without one is
// below 2^53, a larger seed is the string of its digits, and JSON.stringify(game) restores the
// game whatever its seed (it was refused 20 times of 20 for games without a seed).
test("seeds and the library's other 64-bit numbers are exact in JavaScript, and every save restores", () => {
  for (const entry of ludus.games()) {
    const rulesets = entry.options.ruleset ? entry.options.ruleset.values : [undefined];
    assert.equal(entry.options.seed.max_text, "18446744073709551615", entry.id); // max, 2^64-1, is rounded
    for (const ruleset of rulesets) {
      const options = ruleset === undefined ? {} : { ruleset };
      for (const seed of [
        undefined,
        7,
        2 ** 53 - 1,
        2n ** 53n,
        "9007199254740993",
        2n ** 64n - 1n,
        "18446744073709551615",
      ]) {
        const game = new Game(entry.id, seed === undefined ? options : { ...options, seed });
        const seedShown = game.options.seed;
        if (seed === undefined)
          assert.ok(Number.isSafeInteger(seedShown), `${entry.id} ${ruleset}: a drawn seed ${seedShown}`);
        else assert.equal(String(seedShown), String(seed), `${entry.id} ${ruleset}`);
        assert.equal(typeof seedShown, BigInt(seedShown) < 2n ** 53n ? "number" : "string");
        while (game.history.length < 6 && !game.isOver) {
          if (game.phase === "roll") game.roll();
          else game.applyAction(game.actions()[0]);
        }
        const again = Game.fromJSON(JSON.parse(JSON.stringify(game)));
        assert.equal(again.toJSONText(), game.toJSONText(), `${entry.id} ${ruleset} seed ${seed}`);
        if (again.phase === "roll") assert.deepEqual(again.roll(), game.roll());
        game.close();
        again.close();
      }
    }
  }
  // a seed given as a Number past 2^53 is taken at its value (2 ** 60 + 1 is 2 ** 60 already),
  // not as JSON.stringify writes it (1152921504606847000)
  for (const [seed, taken] of [
    [2 ** 60 + 1, 2n ** 60n],
    [2 ** 53, 2n ** 53n],
    [2 ** 64 - 2 ** 11, 2n ** 64n - 2n ** 11n],
  ]) {
    const rounded = new Game("duodecim", { seed });
    assert.equal(rounded.options.seed, String(taken));
    assert.equal(rounded.toJSONText(), new Game("duodecim", { seed: taken }).toJSONText());
    rounded.close();
  }
  const aiGame = new Game("petteia", { seed: 3 });
  assert.equal(
    aiGame.aiMove({ level: "easy", seed: 2 ** 60 }).text,
    aiGame.aiMove({ level: "easy", seed: 2n ** 60n }).text,
  );
  aiGame.close();
  for (const bad of [-1, "-1", "+1", "07", " 1", "1.5", 1.5, 2n ** 64n, "18446744073709551616", "x", true]) {
    assert.throws(
      () => new Game("duodecim", { seed: bad }),
      (e) => e instanceof ludus.InvalidOptionError && /"seed"/.test(e.message),
      String(bad),
    );
  }
  const game = new Game("petteia", { seed: 3 });
  const move = game.aiMove({ level: "easy", seed: 2n ** 64n - 1n });
  assert.equal(game.aiMove({ level: "easy", seed: "18446744073709551615" }).text, move.text);
  assert.ok(Number.isSafeInteger(move.search.nodes));
  const uct = game.aiMove({ level: "uct", max_playouts: 30, seed: 1 });
  assert.ok(Number.isSafeInteger(uct.search.nodes) && Number.isSafeInteger(uct.search.playouts));
  game.close();
});
