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
// evaluates each of its positions here too, off the page's thread, and the analysis board's
// position (kind "analysis") its value and best line.
//
// The Royal Game of Ur's level "perfect" plays from the solved game's table, read here over HTTP
// a few bytes at a time (app/table-reader.js; the library reads through the package's
// setFileReader). The page asks first whether a table is there ({kind: "table", url}: its first
// bytes fetched, asynchronously; a server that does not answer byte ranges is taken for none),
// and only a table found so is read; a move or a review whose table fails falls back to the
// search.
import { blockReader, probeTable, withoutTable, xhrRange } from "./app/table-reader.js";

const url = new URL("./ludus.wasm", import.meta.url);
const compiled = WebAssembly.compileStreaming(fetch(url))
  // a server that does not send .wasm as application/wasm: compile the bytes
  .catch(() =>
    fetch(url)
      .then((response) => response.arrayBuffer())
      .then((bytes) => WebAssembly.compile(bytes)),
  );
globalThis.LUDUS_WASM_MODULE = compiled;
const engine = await import("./ludus-engine.js");
const { Game, games } = engine;
const tables = blockReader(xhrRange(XMLHttpRequest));
// an engine without setFileReader (a package older than the tables' reader) reads no table
engine.setFileReader?.(tables);
const probes = new Map(); // url -> promise of whether the table is there
function tableThere(url) {
  if (typeof engine.setFileReader !== "function") return Promise.resolve(false);
  if (!probes.has(url)) {
    probes.set(
      url,
      probeTable(url).then((size) => {
        if (size !== null) tables.known(url, size);
        return size !== null;
      }),
    );
  }
  return probes.get(url);
}

// What the page calls while it starts (the catalogue, a new game of the game it shows first,
// ai-worker.js?game=ID, its moves, its picture, its state): the page's first screen then runs on
// code compiled here. One game only: each call compiled here is also work taken from the phone's
// other cores while the page starts.
const first = new URL(import.meta.url).searchParams.get("game");
for (const { id, options } of games().filter((entry) => entry.id === first)) {
  let game = null;
  const attempt = (call) => {
    try {
      call();
    } catch {
      /* only a warm-up: the page reports what fails */
    }
  };
  attempt(() => {
    game = new Game(
      id,
      Object.fromEntries(
        Object.entries(options)
          .filter(([, spec]) => spec.type !== "seed")
          .map(([name, spec]) => [name, spec.default]),
      ),
    );
  });
  if (game === null) continue;
  for (const picture of [
    { size: 480, words: false, positions: true, coordinates: false },
    { words: false },
    { positions: true },
    { coordinates: false },
  ]) {
    attempt(() => game.svg(picture));
  }
  attempt(() => [game.toMove, game.result, game.winner, game.endReason, game.dice, game.history, game.options]);
  attempt(() => Game.fromJSON(game.toJSONText()).close());
  if (game.phase === "roll")
    attempt(() => {
      game.chanceOutcomes();
      game.roll();
    });
  attempt(() => {
    game.play(game.legalMoves()[0]);
    game.undo();
  });
  game.close();
}

self.onmessage = async ({ data: { id, kind, state, options, url } }) => {
  if (kind === "table") {
    self.postMessage({ kind, url, there: await tableThere(url) });
    return;
  }
  const table = options?.table && (await tableThere(options.table)) ? options.table : null;
  if (kind === "review") {
    await review(id, state, options, table);
    return;
  }
  if (kind === "analysis") {
    await analysis(id, state, options, table);
    return;
  }
  let game = null;
  try {
    game = Game.fromJSON(state);
    let move;
    if (options.level !== "perfect") move = game.aiMove(options);
    else if (table === null) move = game.aiMove(withoutTable(options));
    else {
      try {
        move = game.aiMove({ level: "perfect", seed: options.seed, table });
      } catch (error) {
        console.warn(error.message); // the table could not be read: the search plays
        move = game.aiMove(withoutTable(options));
      }
    }
    self.postMessage({ id, kind, move });
  } catch (error) {
    self.postMessage({ id, kind, error: error.message, status: error.statusName });
  } finally {
    game?.close();
  }
};
// A game's review: each position evaluated (app/review-model.js), the progress said as it goes;
// with the solved table (Ur's, found), each position's exact chance, else (or if the table fails
// on the way) the search's.
async function review(id, state, options, table) {
  const { evaluateGame } = await import("./app/review-model.js");
  try {
    const progress = (done, total) => self.postMessage({ id, kind: "review", progress: [done, total] });
    const evaluate = (withTable) =>
      evaluateGame(Game, JSON.parse(state), {
        maxNodes: options.max_nodes,
        progress,
        table: withTable,
        unit: options.unit,
        outlook: options.outlook,
      });
    let evaluation;
    try {
      evaluation = evaluate(table);
    } catch (error) {
      if (table === null) throw error;
      console.warn(error.message);
      evaluation = evaluate(null);
    }
    self.postMessage({ id, kind: "review", evaluation });
  } catch (error) {
    self.postMessage({ id, kind: "review", error: error.message, status: error.statusName });
  }
}

// The analysis board's position (app/analysis.js): its value and the strongest level's line
// (app/review-model.js: analysePosition), from the solved table where it is found and readable.
async function analysis(id, state, options, table) {
  const { analysePosition } = await import("./app/review-model.js");
  let game = null;
  try {
    game = Game.fromJSON(state);
    const searched = (level) => (position) => position.aiMove(level);
    const best = searched({ level: "best", max_nodes: options.max_nodes, seed: 1 });
    let answer;
    try {
      answer = analysePosition(game, {
        unit: options.unit,
        search: table === null ? best : searched({ level: "perfect", table, seed: 1 }),
      });
    } catch (error) {
      if (table === null) throw error;
      console.warn(error.message); // the table could not be read: the search answers
      answer = analysePosition(game, { unit: options.unit, search: best });
    }
    self.postMessage({ id, kind: "analysis", analysis: answer });
  } catch (error) {
    self.postMessage({ id, kind: "analysis", error: error.message, status: error.statusName });
  } finally {
    game?.close();
  }
}

let module = null;
try {
  module = await compiled;
} catch {
  // the engine loaded its own module (ludus-engine.js): the page loads its own too
}
self.postMessage({ ready: true, module });
