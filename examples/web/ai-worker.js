// The engine's worker. It starts with the page: it compiles the engine (ludus.wasm) off the
// page's thread, plays the page's first calls once so that the functions they need are compiled
// too, and hands the compiled module to the page ({ready: true, module}): the page instantiates it
// (ludus-engine.js, globalThis.LUDUS_WASM_MODULE) with nothing left to compile on its thread. A
// WebAssembly.Module shares its compiled code between the threads that hold it.
//
// Then the computer thinks here: the page sends the saved state, what it asks for (kind: its
// move, a hint, an answer to a draw offer; the page tells them apart) and the search options;
// the worker answers with the move the library chooses and its search. A message sent before
// {ready: true} would find no handler: the page waits for it. A game's review (kind "review")
// evaluates each of its positions here too, off the page's thread.
const url = new URL("./ludus.wasm", import.meta.url);
const compiled = WebAssembly.compileStreaming(fetch(url))
  // a server that does not send .wasm as application/wasm: compile the bytes
  .catch(() => fetch(url).then((response) => response.arrayBuffer()).then((bytes) => WebAssembly.compile(bytes)));
globalThis.LUDUS_WASM_MODULE = compiled;
const { Game, games } = await import("./ludus-engine.js");

// What the page calls while it starts (the catalogue, a new game of the game it shows first,
// ai-worker.js?game=ID, its moves, its picture, its state): the page's first screen then runs on
// code compiled here. One game only: each call compiled here is also work taken from the phone's
// other cores while the page starts.
const first = new URL(import.meta.url).searchParams.get("game");
for (const { id, options } of games().filter((entry) => entry.id === first)) {
  let game = null;
  const attempt = (call) => { try { call(); } catch { /* only a warm-up: the page reports what fails */ } };
  attempt(() => {
    game = new Game(id, Object.fromEntries(Object.entries(options).filter(([, spec]) => spec.type !== "seed").map(([name, spec]) => [name, spec.default])));
  });
  if (game === null) continue;
  for (const picture of [{ size: 480, words: false, positions: true, coordinates: false }, { words: false }, { positions: true }, { coordinates: false }]) {
    attempt(() => game.svg(picture));
  }
  attempt(() => [game.toMove, game.result, game.winner, game.endReason, game.dice, game.history, game.options]);
  attempt(() => Game.fromJSON(game.toJSONText()).close());
  if (game.phase === "roll") attempt(() => { game.chanceOutcomes(); game.roll(); });
  attempt(() => { game.play(game.legalMoves()[0]); game.undo(); });
  game.close();
}

self.onmessage = async ({ data: { id, kind, state, options } }) => {
  if (kind === "review") { await review(id, state, options); return; }
  let game = null;
  try {
    game = Game.fromJSON(state);
    self.postMessage({ id, kind, move: game.aiMove(options) });
  } catch (error) {
    self.postMessage({ id, kind, error: error.message, status: error.statusName });
  } finally {
    game?.close();
  }
};
// A game's review: each position evaluated (app/review-model.js), the progress said as it goes.
async function review(id, state, options) {
  const { evaluateGame } = await import("./app/review-model.js");
  try {
    const progress = (done, total) => self.postMessage({ id, kind: "review", progress: [done, total] });
    self.postMessage({ id, kind: "review", evaluation: evaluateGame(Game, JSON.parse(state), { maxNodes: options.max_nodes, progress }) });
  } catch (error) {
    self.postMessage({ id, kind: "review", error: error.message, status: error.statusName });
  }
}

let module = null;
try {
  module = await compiled;
} catch {
  // the engine loaded its own module (ludus-engine.js): the page loads its own too
}
self.postMessage({ ready: true, module });
