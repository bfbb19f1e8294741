// The API of ludus-engine, game by game: the shape of the Python package.
import assert from "node:assert/strict";
import { test } from "node:test";
import { endingSoon, ludus } from "./package.js";

const { Game, games, gameIds, version, Phase, Result } = ludus;

test("the catalogue lists its games with their options", () => {
  assert.match(version(), /^\d+\.\d+\.\d+$/);
  assert.equal(gameIds().length, games().length);
  assert.equal(new Set(gameIds()).size, gameIds().length);
  for (const id of gameIds()) {
    // every id names a game one can play
    const game = new Game(id, { seed: 1 });
    assert.equal(game.id, id);
    assert.ok(game.phase === Phase.ROLL || game.legalMoves().length > 0, id);
    game.close();
  }
  const petteia = games().find((g) => g.id === "petteia");
  assert.equal(petteia.name, "Petteia");
  assert.equal(petteia.options.rows.default, 8);
});

test("the catalogue's levels are those aiMove plays, and its render options those svg() and text() take", () => {
  for (const entry of games()) {
    assert.equal(entry.levels.at(-1), "best", entry.id);
    assert.equal(entry.default_level, "best", entry.id);
    const game = new Game(entry.id, { seed: 2 });
    if (game.phase === Phase.ROLL) game.roll();
    for (const level of [...entry.levels, ...entry.other_levels]) {
      if (level === "perfect") continue; // Ur's: plays from the solved game's table file (docs/computer-players.md)
      const budget = level === "uct" ? { max_playouts: 10 } : { max_nodes: 100 };
      assert.equal(game.aiMove({ level, seed: 1, ...budget }).search.level, level, `${entry.id} ${level}`);
    }
    assert.throws(() => game.aiMove("grandmaster"), ludus.InvalidOptionError);
    for (const [name, spec] of Object.entries(entry.render_options.svg))
      assert.equal(game.svg({ [name]: spec.default }), game.svg(), name);
    for (const [name, spec] of Object.entries(entry.render_options.text))
      assert.equal(game.text({ [name]: spec.default }), game.text(), name);
    game.close();
  }
});

test("applyEvent replays a saved history, every kind of event, and refuses a bad one unchanged", () => {
  for (const entry of games()) {
    const id = entry.id;
    const game = new Game(id, { seed: 5 });
    for (let step = 0; step < 6; step += 1) {
      if (game.phase === Phase.ROLL) {
        if (step === 3) game.setDice(game.chanceOutcomes()[0].dice);
        else game.roll();
      } else game.play(game.legalMoves()[0]);
    }
    if (entry.agreed_draws) game.agreeDraw();
    const saved = game.toJSON();
    const fresh = Game.fromJSON({ ...saved, history: [], position: saved.start });
    saved.history.forEach((event, i) => (i % 2 ? fresh.applyEvent(JSON.stringify(event)) : fresh.applyEvent(event)));
    assert.deepEqual(fresh.toJSON(), saved, id);
    const before = fresh.toJSONText();
    assert.throws(() => fresh.applyEvent({ text: "resign" }), ludus.InvalidMoveError);
    assert.throws(() => fresh.applyEvent("{"), ludus.BadJsonError);
    assert.throws(() => fresh.applyEvent({ text: "roll 3 4" }), ludus.InvalidStateError);
    assert.equal(fresh.toJSONText(), before);
    game.close();
    fresh.close();
  }
});

test("petteia: list, play (text, object, part of one), undo", () => {
  const game = new Game("petteia", { rows: 8, cols: 8, seed: 1 });
  assert.equal(game.id, "petteia");
  assert.equal(game.phase, Phase.MOVE);
  assert.equal(game.toMove, 0);
  assert.equal(game.result, Result.ONGOING);
  const moves = game.legalMoves();
  assert.ok(moves.length > 0 && moves.every((m) => typeof m.text === "string"));
  game.play(moves[0].text);
  assert.equal(game.toMove, 1);
  const reply = game.legalMoves()[3];
  game.play(reply);
  game.play({ text: game.legalMoves()[0].text });
  assert.deepEqual(
    game.history.map((e) => e.player),
    [0, 1, 0],
  );
  game.undo();
  game.undo();
  game.undo();
  assert.equal(game.history.length, 0);
  game.close();
});

test("duodecim: roll, set dice, chance outcomes, a whole turn", () => {
  const game = new Game("duodecim", { seed: 7, first_player: 0, pieces: 6 });
  assert.equal(game.phase, Phase.ROLL);
  const outcomes = game.chanceOutcomes();
  assert.equal(outcomes.length, 21);
  assert.ok(Math.abs(outcomes.reduce((s, o) => s + o.probability, 0) - 1) < 1e-9);
  const dice = game.roll();
  assert.equal(dice.length, 2);
  assert.ok(dice.every((d) => d >= 1 && d <= 6));
  assert.deepEqual(game.dice, dice);
  assert.equal(game.phase, Phase.MOVE);
  game.undo();
  game.setDice(3, 5);
  assert.deepEqual(game.dice, [3, 5]);
  game.undo();
  game.setDice([2, 5]);
  assert.equal(game.history.at(-1).dice_from, "outside");
  while (game.phase === Phase.MOVE) game.play(game.legalMoves()[0]);
  assert.equal(game.phase, Phase.ROLL);
  assert.equal(game.toMove, 1, "a roll that is not a double passes the turn");
  game.close();
});

test("save and restore: toJSON, JSON.stringify, Game.fromJSON", () => {
  for (const id of gameIds()) {
    const game = new Game(id, { seed: 11 });
    game.randomPlayout(3, 20);
    const saved = game.toJSON();
    assert.equal(saved.format, "ludus-state");
    const fromObject = Game.fromJSON(saved);
    const fromText = Game.fromJSON(JSON.stringify(game));
    assert.equal(fromObject.toJSONText(), game.toJSONText());
    assert.equal(fromText.toJSONText(), game.toJSONText());
    assert.equal(fromText.id, id);
    // the restored game goes on identically, dice included
    game.randomPlayout(5);
    fromObject.randomPlayout(5);
    assert.equal(fromObject.toJSONText(), game.toJSONText());
    for (const g of [game, fromObject, fromText]) g.close();
  }
});

test("pictures: SVG with render options, the text diagram", () => {
  const petteia = new Game("petteia", { seed: 1 });
  const svg = petteia.svg({ size: 240, coordinates: false });
  assert.match(svg, /<svg[^>]*width="240"/);
  assert.match(svg, /class="piece player0"/);
  assert.match(petteia.text(), /\n/);
  assert.equal(String(petteia), petteia.text());
  const duodecim = new Game("duodecim", { seed: 1 });
  for (const inscription of ["ostia", "levate", "virtus", "vincer"]) {
    assert.match(duodecim.svg({ inscription }), /<\/svg>\s*$/);
  }
  assert.notEqual(duodecim.svg({ inscription: "virtus" }), duodecim.svg({ inscription: "ostia" }));
  petteia.close();
  duodecim.close();
});

test("computer players: aiMove names a legal move and leaves the game unchanged", () => {
  const game = new Game("petteia", { seed: 2 });
  const before = game.toJSONText();
  for (const level of ["random", "greedy", "easy"]) {
    const move = game.aiMove({ level, seed: 1 });
    assert.equal(move.search.level, level);
    assert.ok(game.legalMoves().some((m) => m.text === move.text));
  }
  assert.equal(game.aiMove({ level: "best", max_nodes: 2000 }).search.level, "best");
  assert.equal(game.toJSONText(), before);
  const duodecim = new Game("duodecim", { seed: 2 });
  duodecim.roll();
  const move = duodecim.aiMove({ level: "medium" });
  duodecim.play(move);
  game.close();
  duodecim.close();
});

test("integer actions play a whole game; randomPlayout is seeded and capped", () => {
  for (const id of gameIds()) {
    const game = new Game(id, endingSoon(id, { seed: 4 }));
    let plies = 0;
    while (!game.isOver && plies < 5000) {
      if (game.phase === Phase.ROLL) {
        game.roll();
        continue;
      }
      const actions = game.actions();
      assert.equal(typeof game.actionText(actions[0]), "string");
      game.applyAction(actions[plies % actions.length]);
      plies++;
    }
    assert.ok(game.isOver, `${id} ended`);
    assert.notEqual(game.result, Result.ONGOING);
    assert.deepEqual(game.actions(), []);
    game.close();

    const a = new Game(id, endingSoon(id, { seed: 9 }));
    const b = a.copy();
    const first = a.randomPlayout(123);
    assert.notEqual(first.result, Result.ONGOING);
    assert.ok(first.plies > 0);
    assert.deepEqual(b.randomPlayout(123n), first);
    const capped = new Game(id, endingSoon(id, { seed: 9 }));
    assert.deepEqual(capped.randomPlayout(123, 5), { result: Result.ONGOING, plies: 5 });
    for (const g of [a, b, capped]) g.close();
  }
});

test("playouts: n seeded playouts in one call, the game unchanged", () => {
  for (const id of gameIds()) {
    const game = new Game(id, endingSoon(id, { seed: 3 }));
    const before = game.toJSONText();
    const { results, plies } = game.playouts(20, 100, 10000);
    assert.equal(results.length, 20);
    assert.equal(plies.length, 20);
    assert.equal(game.toJSONText(), before);
    for (const i of [0, 7, 19]) {
      const copy = game.copy();
      assert.deepEqual(copy.randomPlayout(100 + i, 10000), { result: results[i], plies: plies[i] });
      copy.close();
    }
    assert.deepEqual(game.playouts(0), { results: [], plies: [] });
    assert.throws(() => game.playouts(-1), RangeError);
    assert.throws(() => game.playouts(2 ** 31), RangeError);
    game.close();
  }
});

test("a copy is independent", () => {
  const game = new Game("petteia", { seed: 5 });
  const copy = game.copy();
  copy.play(copy.legalMoves()[0]);
  assert.equal(game.history.length, 0);
  assert.equal(copy.history.length, 1);
  game.close();
  assert.equal(copy.history.length, 1);
  copy.close();
});
