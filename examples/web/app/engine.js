//# allFunctionsCalledOnLoad
import { STORAGE_CURRENT, TABLES } from "./config.js";
import { workerAnswered } from "./play.js";
import { DEFAULT_GAME } from "./settings.js";
import { catalogueOf, state } from "./state.js";
import { tableName, withoutTable } from "./table-reader.js";

// The engine (a 1 MB WebAssembly module) is loaded once the page has painted its first screen
// (the picture of the first board, first-board.svg), so that its download does not hold that
// up; the words load meanwhile. It is compiled in the worker (ai-worker.js), which then plays
// the page's first calls and hands the compiled module over: the page's thread only
// instantiates it (ludus-engine.js takes it from globalThis.LUDUS_WASM_MODULE; without it, as
// when the worker fails, the page compiles its own). Game, LudusError and CATALOGUE are set
// once it is ready (see "start").
// "After the first paint" is after the frame that shows the first board's picture: a download
// that starts before it counts against the first paints in Lighthouse's model of a slow phone
// network. A page opened in the background paints nothing: no waiting for it.
const afterFirstPaint = () =>
  new Promise((resolve) => {
    if (document.visibilityState === "hidden") {
      resolve();
      return;
    }
    document.addEventListener("visibilitychange", resolve, { once: true });
    setTimeout(resolve, 3000); // a picture that neither loads nor fails
    const picture = document.querySelector("#board .first-board");
    const shown =
      !picture || picture.complete
        ? Promise.resolve()
        : new Promise((loaded) => {
            picture.addEventListener("load", loaded, { once: true });
            picture.addEventListener("error", loaded, { once: true });
          });
    shown.then(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
  });
export const engine = afterFirstPaint().then(() => {
  globalThis.LUDUS_WASM_MODULE = startWorker();
  return import("../ludus-engine.js");
});

// The worker starts with the page (it compiles the engine, see above); until it says it is
// ready (a message sent earlier would find no handler) the requests (the computer's turn, a
// hint, the attract screen's game) wait. Returns a promise of the compiled module (null if the
// worker cannot give one). A worker that fails (its script, its engine, a crash) answers
// nothing more: the page then searches on its own thread, starting with the requests left
// unanswered, so that no spinner waits for an answer that cannot come.
// An answer goes to the handler of its request's kind (answerWith), else to the game's (play.js).
let worker = null;
let workerReady = false;
let waiting = []; // the requests made before the worker was ready
let pending = []; // the requests the worker is answering
const handlers = new Map();
export const answerWith = (kind, handler) => handlers.set(kind, handler);
function answered(data) {
  pending = pending.filter((request) => request.id !== data.id || request.kind !== data.kind);
  (handlers.get(data.kind) ?? workerAnswered)(data);
}
function startWorker() {
  return new Promise((resolve) => {
    try {
      // the game the page shows first, for the worker's warm-up: the saved game's, or the default
      let first = DEFAULT_GAME;
      try {
        first = JSON.parse(localStorage.getItem(STORAGE_CURRENT))?.settings?.game ?? first;
      } catch {
        /* the default */
      }
      worker = new Worker(new URL(`../ai-worker.js?game=${encodeURIComponent(first)}`, import.meta.url), {
        type: "module",
      });
    } catch {
      worker = null;
      resolve(null);
      return;
    }
    worker.addEventListener("error", () => {
      workerFailed();
      resolve(null);
    });
    worker.onmessage = ({ data }) => {
      if (data.kind === "review") {
        reviewAnswered(data);
        return;
      }
      if (data.kind === "analysis") {
        analysisAnswered(data);
        return;
      }
      if (data.kind === "table") {
        tableAnswered(data);
        return;
      }
      if (!data.ready) {
        answered(data);
        return;
      }
      resolve(data.module);
      workerReady = true;
      const early = waiting;
      waiting = [];
      early.forEach(ask);
      for (const url of tableAsks.keys()) worker.postMessage({ kind: "table", url });
      if (reviewWaiting) askReview(reviewWaiting, reviewListener);
      reviewWaiting = null;
      if (analysisWaiting) askAnalysis(analysisWaiting, analysisListener);
      analysisWaiting = null;
    };
  });
}
function workerFailed() {
  if (worker === null) return;
  worker.terminate();
  worker = null;
  workerReady = false;
  const unanswered = [...pending, ...waiting];
  pending = [];
  waiting = [];
  if (state.Game) unanswered.forEach(thinkHere);
  const review = reviewPending ?? reviewWaiting;
  reviewPending = reviewWaiting = null;
  if (review && state.Game) reviewHere(review);
  const analysis = analysisPending ?? analysisWaiting;
  analysisPending = analysisWaiting = null;
  if (analysis && state.Game) analysisHere(analysis);
  for (const url of tableAsks.keys()) tableAnswered({ url, there: false });
}

// The Royal Game of Ur's solved table (level "perfect", the review's exact chance): its address
// for a game's options (config.js TABLES and the library's file name), if the worker found it
// there, its server answering byte ranges; else null. Asked of the worker once per table, when
// a dialog or a review first needs it (not while the page loads); the page's own thread reads no
// table (without a worker: null).
const tables = new Map(); // url -> promise of whether the worker reads it
const tableAsks = new Map(); // url -> the resolve of a question not answered yet
export function perfectTable(id, options) {
  if (!catalogueOf(id)?.other_levels.includes("perfect") || !state.Game) return Promise.resolve(null);
  let url;
  try {
    url = new URL(tableName(state.Game, id, options), TABLES).href;
  } catch (error) {
    if (!(error instanceof state.LudusError)) throw error;
    return Promise.resolve(null); // options the library refuses (a number out of range)
  }
  if (!tables.has(url)) {
    tables.set(
      url,
      new Promise((resolve) => {
        if (worker === null) {
          resolve(false);
          return;
        }
        tableAsks.set(url, resolve);
        if (workerReady) worker.postMessage({ kind: "table", url });
      }),
    );
  }
  return tables.get(url).then((there) => (there && worker !== null ? url : null));
}
function tableAnswered({ url, there }) {
  tableAsks.get(url)?.(there);
  tableAsks.delete(url);
}

// A game's review (review-model.js: evaluateGame) is asked for apart from the moves: the worker
// answers with its progress, then the evaluation ({id, kind: "review", progress: [done, total]}
// and {id, kind: "review", evaluation}); the listener takes both. Without a worker it is
// evaluated on the page's thread.
let reviewListener = null;
let reviewWaiting = null;
let reviewPending = null;
export function askReview(message, listener) {
  reviewListener = listener;
  if (worker === null) reviewHere(message);
  else if (workerReady) {
    reviewPending = message;
    worker.postMessage(message);
  } else reviewWaiting = message;
}
function reviewAnswered(data) {
  if (!data.progress) reviewPending = null;
  reviewListener?.(data);
}
function reviewHere({ id, state: saved, options }) {
  import("./review-model.js").then(({ evaluateGame }) => {
    let answer;
    try {
      const evaluation = evaluateGame(state.Game, JSON.parse(saved), {
        maxNodes: options.max_nodes,
        unit: options.unit,
        outlook: options.outlook,
      });
      answer = { id, kind: "review", evaluation };
    } catch (error) {
      if (!(error instanceof state.LudusError)) throw error;
      answer = { id, kind: "review", error: error.message, status: error.statusName };
    }
    reviewAnswered(answer);
  });
}

// The analysis board's position (review-model.js: analysePosition), asked for as a review is:
// {id, kind: "analysis", analysis} or {id, kind: "analysis", error, status} to the listener; a
// question asked again replaces the one before (only the last position shown is wanted).
let analysisListener = null;
let analysisWaiting = null;
let analysisPending = null;
export function askAnalysis(message, listener) {
  analysisListener = listener;
  if (worker === null) analysisHere(message);
  else if (workerReady) {
    analysisPending = message;
    worker.postMessage(message);
  } else analysisWaiting = message;
}
function analysisAnswered(data) {
  if (data.id === analysisPending?.id) analysisPending = null;
  analysisListener?.(data);
}
function analysisHere({ id, state: saved, options }) {
  import("./review-model.js").then(({ analysePosition }) => {
    let game = null,
      answer;
    try {
      game = state.Game.fromJSON(saved);
      const search = (position) => position.aiMove({ level: "best", max_nodes: options.max_nodes, seed: 1 });
      answer = { id, kind: "analysis", analysis: analysePosition(game, { unit: options.unit, search }) };
    } catch (error) {
      if (!(error instanceof state.LudusError)) throw error;
      answer = { id, kind: "analysis", error: error.message, status: error.statusName };
    } finally {
      game?.close();
    }
    analysisAnswered(answer);
  });
}
export function ask(message) {
  if (worker === null) thinkHere(message);
  else if (workerReady) {
    pending.push(message);
    worker.postMessage(message);
  } else waiting.push(message);
}
// The worker's search on the page's thread, in a task of its own (the status shows first).
function thinkHere({ id, kind, state: saved, options }) {
  setTimeout(() => {
    let copy = null,
      answer;
    try {
      copy = state.Game.fromJSON(saved);
      answer = { id, kind, move: copy.aiMove(options.level === "perfect" ? withoutTable(options) : options) };
    } catch (error) {
      if (!(error instanceof state.LudusError)) throw error;
      answer = { id, kind, error: error.message, status: error.statusName };
    } finally {
      copy?.close();
    }
    answered(answer);
  }, 0);
}
