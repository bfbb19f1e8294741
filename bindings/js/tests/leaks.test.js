// No leak over 100,000 calls: every string the library returns is freed, every string given
// is freed after the call, every handle by close() or, as a fallback, by the garbage collector
// (FinalizationRegistry). Measured by the top of the wasm heap (sbrk(0)) and the memory size.
import assert from "node:assert/strict";
import { test } from "node:test";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { ludus } from "./package.js";

const { Game, games, gameIds } = ludus;

// Every kind of call, successful and failing; returns the number of library calls made.
function mixOfCalls(round) {
  const petteia = new Game("petteia", { seed: round });
  const duodecim = new Game("duodecim", { seed: round });
  let calls = 2;
  for (let i = 0; i < 4; i++) {
    const moves = petteia.legalMoves();
    petteia.play(moves[i % moves.length]);
    petteia.actions();
    petteia.text();
    calls += 4;
  }
  petteia.svg({ size: 200 });
  Game.fromJSON(petteia.toJSONText()).close();
  petteia.aiMove({ level: "random" });
  calls += 5;
  duodecim.roll();
  duodecim.legalMoves();
  duodecim.svg({ inscription: "virtus" });
  duodecim.undo();
  duodecim.setDice(2, 5);
  duodecim.chanceOutcomes === undefined || calls++;
  calls += 5;
  for (const bad of [
    () => petteia.play("zz-zz"),
    () => new Game("chess"),
    () => petteia.svg({ size: 1 }),
    () => Game.fromJSON("{}"),
    () => duodecim.roll(),
    () => new Game("petteia", { rows: 99 }),
  ]) {
    assert.throws(bad);
    calls++;
  }
  games();
  petteia.close();
  duodecim.close();
  return calls + 3 + everyGame(round);
}

// The common calls on every game of the catalogue (a game registered is checked for leaks the
// same day); returns the number of library calls made.
function everyGame(round) {
  let calls = 0;
  for (const id of gameIds()) {
    const game = new Game(id, { seed: round });
    for (let i = 0; i < 3 && !game.isOver; i++) {
      if (game.phase === "roll") game.roll();
      else game.play(game.legalMoves()[0]);
      calls += 2;
    }
    game.svg();
    game.text();
    Game.fromJSON(game.toJSONText()).close();
    if (game.phase === "move") game.aiMove({ level: "random" });
    game.close();
    calls += 7;
  }
  return calls;
}

test("the wasm heap does not grow over 100,000 calls", () => {
  for (let round = 0; round < 50; round++) mixOfCalls(round); // warm up: the heap reaches its working size
  const before = ludus.heapStats();
  let calls = 0;
  for (let round = 0; calls < 100000; round++) calls += mixOfCalls(round);
  const after = ludus.heapStats();
  assert.ok(calls >= 100000);
  assert.equal(after.memory, before.memory, "the wasm memory grew");
  assert.ok(after.top - before.top <= 64 * 1024, `the heap's top moved by ${after.top - before.top} bytes`);
});

test("games never freed are freed by the garbage collector", async () => {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc");
  const abandon = () => {
    for (let i = 0; i < 3000; i++) new Game("petteia", { rows: 12, cols: 12, seed: i }).play("a2-a3");
  };
  const settle = async () => {
    for (let i = 0; i < 5; i++) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  abandon();
  await settle();
  const first = ludus.heapStats();
  for (let round = 0; round < 5; round++) {
    abandon();
    await settle();
  }
  const last = ludus.heapStats();
  assert.equal(last.memory, first.memory, "handles left to the collector were not freed");
  assert.ok(last.top - first.top <= 64 * 1024, `the heap's top moved by ${last.top - first.top} bytes`);
});
