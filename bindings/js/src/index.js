//# allFunctionsCalledOnLoad
// ludus-engine: libludus (the rules engine for the board games of ancient Rome and Greece)
// compiled to WebAssembly, with the API shape of the Python package (bindings/python/ludus):
// the same names, camelCase here and snake_case there (close, closed, copy, legalMoves(), svg,
// text, aiMove ~ ai_move, ...), but for the few pairs that differ on purpose; the table is in
// docs/javascript.md ("One vocabulary"), and tests/python/test_vocabulary_packages.py fails when
// a name of one package has no counterpart in the other.
//
//   import { Game, games } from "ludus-engine";
//   const game = new Game("petteia", { rows: 8, cols: 8, seed: 1 });
//   game.play(game.legalMoves()[0]);
//   console.log(game.text());
//   game.close();
//
// The module instantiates the wasm when it is imported (top-level await), so every call below is
// synchronous. Every string the library returns is copied and freed at once; every string given
// is copied into the wasm heap and freed after the call. A game's handle is released by
// game.close(), or, as a fallback, when the Game object is garbage collected
// (FinalizationRegistry).
//
// A page can keep the wasm's compilation off its own thread: compile ludus.wasm elsewhere (a Web
// Worker: WebAssembly.compileStreaming, then postMessage the WebAssembly.Module) and set
// globalThis.LUDUS_WASM_MODULE to that module, or a promise of it, before importing this
// package: it instantiates that module instead of fetching and compiling its own. A module it
// cannot use (a rejected promise, a module of another build) is left aside: the package then
// loads ludus.wasm as usual.
// (The first line asks Chromium to compile this file's functions as it downloads them, off the
// page's thread, rather than each at its first call on it: a page calls most of them at once.)
import createLudusModule from "./ludus.mjs";

const wasm = await instantiate(globalThis.LUDUS_WASM_MODULE);

async function instantiate(given) {
  let module = null;
  try {
    module = await given;
  } catch {
    module = null;
  }
  if (module instanceof WebAssembly.Module) {
    try {
      // emscripten's hook: the imports in, the instance out (receive() finishes the loader's start).
      return await new Promise((resolve, reject) => {
        createLudusModule({
          instantiateWasm(imports, receive) {
            WebAssembly.instantiate(module, imports)
              .then((instance) => receive(instance, module))
              .catch(reject);
            return {};
          },
        }).then(resolve, reject);
      });
    } catch {
      // another build's module (its imports differ): load our own below
    }
  }
  return createLudusModule();
}

// Largest input the library accepts (LUDUS_MAX_STATE_BYTES and LUDUS_MAX_MOVE_BYTES, 1 MiB).
// Longer strings are cut a little past it before they are copied: the library refuses them
// with its own message all the same, and the heap never has to grow for them.
const MAX_INPUT_BYTES = 1024 * 1024;
const INPUT_COPY_BYTES = MAX_INPUT_BYTES + 4;

// Scratch words for the calls' out parameters (pointers, counts), allocated once.
const scratch = wasm._malloc(16);
const encoder = new TextEncoder();

// ---- errors ----------------------------------------------------------------------------------

/** Base class of every error of the library (and of this package). */
export class LudusError extends Error {
  constructor(message, status = 0, statusName = "") {
    super(message);
    this.name = new.target.name;
    /** the numeric ludus_status (0 for errors raised by this package itself) */
    this.status = status;
    /** its constant name, e.g. "LUDUS_E_ILLEGAL_MOVE" */
    this.statusName = statusName;
  }
}
export class InvalidArgumentError extends LudusError {}
export class BadJsonError extends LudusError {}
export class UnknownGameError extends LudusError {}
export class UnknownOptionError extends LudusError {}
export class InvalidOptionError extends LudusError {}
export class InvalidMoveError extends LudusError {}
export class IllegalMoveError extends LudusError {}
export class WrongPhaseError extends LudusError {}
export class GameOverError extends LudusError {}
export class InvalidStateError extends LudusError {}
export class BufferTooSmallError extends LudusError {}
export class LudusMemoryError extends LudusError {}
export class NothingToUndoError extends LudusError {}
export class InternalError extends LudusError {}
/** A call on a game after game.close(). */
export class GameClosedError extends LudusError {}

// Indexed by ludus_status.
const errorClasses = [
  null,
  InvalidArgumentError,
  BadJsonError,
  UnknownGameError,
  UnknownOptionError,
  InvalidOptionError,
  InvalidMoveError,
  IllegalMoveError,
  WrongPhaseError,
  GameOverError,
  InvalidStateError,
  BufferTooSmallError,
  LudusMemoryError,
  NothingToUndoError,
  InternalError,
];

const STATUS_BUFFER_TOO_SMALL = 11;
// playouts(n): two 32-bit numbers per playout in one buffer of the wasm heap (under 2 GiB).
const MAX_PLAYOUTS = 2 ** 27;

/** The exception for a non-zero ludus_status, with the library's message. */
function errorFor(status) {
  const message = wasm.UTF8ToString(wasm._ludus_last_error());
  const statusName = wasm.UTF8ToString(wasm._ludus_status_name(status));
  const ErrorClass = errorClasses[status] ?? LudusError;
  return new ErrorClass(message, status, statusName);
}

function check(status) {
  if (status !== 0) throw errorFor(status);
}

// ---- strings and numbers across the boundary --------------------------------------------------

/** Copies a JS string into the wasm heap (NUL-terminated; null/undefined give NULL). The
 * caller frees the pointer with wasm._free (free(NULL) is fine). */
function copyIn(text, what) {
  if (text === undefined || text === null) return 0;
  if (typeof text !== "string") throw new TypeError(`${what} must be a string, not ${typeName(text)}`);
  // The library reads up to the first NUL: "a1\0junk" would be played as "a1".
  if (text.includes("\0")) throw new InvalidArgumentError(`${what} must not contain a NUL character`);
  const size = Math.min(wasm.lengthBytesUTF8(text), INPUT_COPY_BYTES);
  const pointer = wasm._malloc(size + 1);
  if (pointer === 0) throw new LudusMemoryError("out of memory", 12, "LUDUS_E_NO_MEMORY");
  const { written } = encoder.encodeInto(text, wasm.HEAPU8.subarray(pointer, pointer + size));
  wasm.HEAPU8[pointer + written] = 0;
  return pointer;
}

/** Calls fn(...pointers of strings, ...rest) with the strings copied in, and frees them. */
function withStrings(strings, body) {
  const pointers = [];
  try {
    for (const [text, what] of strings) pointers.push(copyIn(text, what));
    return body(...pointers);
  } finally {
    for (const pointer of pointers) wasm._free(pointer);
  }
}

/** Calls fn(...args, &out) for a function that returns a string, and returns the string (the
 * library's copy is freed). */
function callString(fn, ...args) {
  wasm.HEAPU32[scratch >> 2] = 0;
  const status = fn(...args, scratch);
  const pointer = wasm.HEAPU32[scratch >> 2];
  if (status !== 0) {
    wasm._ludus_string_free(pointer);
    throw errorFor(status);
  }
  const text = wasm.UTF8ToString(pointer);
  wasm._ludus_string_free(pointer);
  return text;
}

/** Options as the library takes them: an object (JSON), JSON text, or nothing (defaults). A
 * BigInt (a seed from 2^53 up, which a Number cannot hold exactly) is written as the string of
 * its decimal digits, which the library takes for a seed; so is a seed given as a Number from
 * 2^53 up, at its exact value (JSON.stringify would write 2 ** 60 as 1152921504606847000). */
function optionsText(options, what) {
  if (options === undefined || options === null) return null;
  if (typeof options === "string") return options;
  if (typeof options === "object" && !Array.isArray(options)) return JSON.stringify(options, bigIntsAsText);
  throw new TypeError(`${what} must be an object or JSON text, not ${typeName(options)}`);
}

function bigIntsAsText(key, value) {
  if (typeof value === "bigint") return value.toString();
  if (key === "seed" && Number.isInteger(value) && !Number.isSafeInteger(value)) return BigInt(value).toString();
  return value;
}

function typeName(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `${typeof value} ${String(value).slice(0, 40)}`;
}

// Numbers handed to the library are checked here, never cut or wrapped on the way: a value that
// is not an integer is a TypeError, an integer outside the C type's range a RangeError.
function integerIn(value, what, min, max, range) {
  if (!Number.isInteger(value)) throw new TypeError(`${what} must be an integer, not ${typeName(value)}`);
  if (value < min || value > max) throw new RangeError(`${what} must be in ${range}, not ${value}`);
  return value;
}

function int32(value, what) {
  return integerIn(value, what, -0x80000000, 0x7fffffff, "-2^31..2^31-1");
}

function uint32(value, what) {
  return integerIn(value, what, 0, 0xffffffff, "0..2^32-1");
}

/** A seed, 0..2^64-1, as a Number (an integer) or a BigInt. */
function uint64(value, what) {
  if (typeof value === "bigint") {
    if (value < 0n || value > 0xffffffffffffffffn) throw new RangeError(`${what} must be in 0..2^64-1, not ${value}`);
    return value;
  }
  if (!Number.isInteger(value)) throw new TypeError(`${what} must be an integer or a BigInt, not ${typeName(value)}`);
  const big = BigInt(value);
  if (big < 0n || big > 0xffffffffffffffffn) throw new RangeError(`${what} must be in 0..2^64-1, not ${value}`);
  return big;
}

/** The bound on moves of a random playout when the caller names none (LUDUS_DEFAULT_MAX_PLIES):
 * random play in some games can go on for ever. */
export const DEFAULT_MAX_PLIES = 100000;

// ---- the library ----------------------------------------------------------------------------

/** The library's version, "MAJOR.MINOR.PATCH". */
export function version() {
  return wasm.UTF8ToString(wasm._ludus_version());
}

/** The catalogue: for each game its id, name, options (type, default, range), render_options
 * ({svg, text}, described alike) and computer levels (levels weakest first, other_levels,
 * default_level). */
export function games() {
  return JSON.parse(callString(wasm._ludus_games));
}

/** The ids of the games in the catalogue. */
export function gameIds() {
  return games().map((game) => game.id);
}

export const Phase = Object.freeze({ ROLL: "roll", MOVE: "move", OVER: "over" });
export const Result = Object.freeze({
  ONGOING: "ongoing",
  PLAYER0_WON: "player 0 won",
  PLAYER1_WON: "player 1 won",
  DRAW: "draw",
});
/** Why a game ends (Game.endReason): the rules' own cases, as ludus_game_end_reason lists them. */
export const EndReason = Object.freeze({
  ALL_CAPTURED: "all_captured",
  ONE_PIECE_LEFT: "one_piece_left",
  DUX_IMMOBILISED: "dux_immobilised",
  NO_MOVES: "no_moves",
  QUIET_MOVES: "quiet_moves",
  PLIES_WITHOUT_CAPTURE: "plies_without_capture",
  REPETITION: "repetition",
  AGREED_DRAW: "agreed_draw",
  BORNE_OFF: "borne_off",
});
const phases = [Phase.ROLL, Phase.MOVE, Phase.OVER];
const results = [Result.ONGOING, Result.PLAYER0_WON, Result.PLAYER1_WON, Result.DRAW];

// Frees the handles of games that were collected without close().
const finalizer = new FinalizationRegistry((handle) => wasm._ludus_game_free(handle));
const fromHandle = Symbol("fromHandle");

/** A game in progress: a handle of the library. */
export class Game {
  #handle = 0;
  #id = null;
  #options = null; // a game's options never change: read once, not with every history
  #actions = { pointer: 0, capacity: 0 };

  /**
   * new Game("petteia", { rows: 8, cols: 8, seed: 1 }): a new game with options (an object or
   * JSON text; see games() for each game's options). A seed is 0..2^64-1: a Number, a BigInt or
   * the string of its decimal digits (a Number from 2^53 up is taken at its value, but most such
   * seeds are no Number's value: give those as a BigInt or a string). Without one the library
   * draws one below 2^53. UnknownGameError, UnknownOptionError, InvalidOptionError
   * with the library's message.
   */
  constructor(id, options) {
    if (id === fromHandle) {
      this.#adopt(options);
      return;
    }
    wasm.HEAPU32[scratch >> 2] = 0;
    const status = withStrings(
      [
        [id, "a game id"],
        [optionsText(options, "options"), "options"],
      ],
      (idPointer, optionsPointer) => wasm._ludus_game_new(idPointer, optionsPointer, scratch),
    );
    check(status);
    this.#adopt(wasm.HEAPU32[scratch >> 2]);
    this.#id = id;
  }

  #adopt(handle) {
    this.#handle = handle;
    finalizer.register(this, handle, this);
  }

  /** Restores a game saved with toJSON() (an object or JSON text). The history is replayed:
   * an inconsistent state is InvalidStateError, text that is not JSON BadJsonError. */
  static fromJSON(state) {
    const text = typeof state === "object" && state !== null ? JSON.stringify(state) : state;
    wasm.HEAPU32[scratch >> 2] = 0;
    check(withStrings([[text, "a saved state"]], (pointer) => wasm._ludus_game_from_json(pointer, scratch)));
    return new Game(fromHandle, wasm.HEAPU32[scratch >> 2]);
  }

  // ---- lifecycle ------------------------------------------------------------------------------

  get #h() {
    if (this.#handle === 0) throw new GameClosedError("this game has been freed");
    return this.#handle;
  }

  /** Releases the library's handle now. Further calls throw GameClosedError; closing twice is
   * fine. close() in the Python package too. */
  close() {
    const handle = this.#handle;
    if (handle === 0) return;
    this.#handle = 0;
    finalizer.unregister(this);
    wasm._ludus_game_free(handle);
    if (this.#actions.pointer) wasm._free(this.#actions.pointer);
    this.#actions = { pointer: 0, capacity: 0 };
  }

  /** Whether close() has been called. */
  get closed() {
    return this.#handle === 0;
  }

  /** An independent copy (ludus_game_clone). copy() in the Python package too. */
  copy() {
    wasm.HEAPU32[scratch >> 2] = 0;
    check(wasm._ludus_game_clone(this.#h, scratch));
    const copy = new Game(fromHandle, wasm.HEAPU32[scratch >> 2]);
    copy.#id = this.#id;
    copy.#options = this.#options;
    return copy;
  }

  /** The old name of close(), which it calls.
   * @deprecated since 1.2.0: use close(), the name the Python package shares. */
  free() {
    this.close();
  }

  /** The old name of closed, which it reads.
   * @deprecated since 1.2.0: use closed, the name the Python package shares. */
  get freed() {
    return this.closed;
  }

  /** The old name of copy(), which it calls.
   * @deprecated since 1.2.0: use copy(), the name the Python package shares. */
  clone() {
    return this.copy();
  }

  // ---- state ----------------------------------------------------------------------------------

  /** The full state (options, start, history, position) as an object: JSON.stringify(game)
   * saves the game, Game.fromJSON restores it. */
  toJSON() {
    return JSON.parse(this.toJSONText());
  }

  /** The full state as the library writes it (JSON text). */
  toJSONText() {
    return callString(wasm._ludus_game_to_json, this.#h);
  }

  /** The game's id in the catalogue, e.g. "petteia". */
  get id() {
    this.#id ??= this.toJSON().game;
    return this.#id;
  }

  /** Every option of the game, resolved (the seed included), as the library writes them: a seed
   * is a Number below 2^53 (every seed the library draws) and from 2^53 up the string of its
   * decimal digits, exact either way, and JSON.stringify keeps it so. */
  get options() {
    return structuredClone(this.#resolvedOptions());
  }

  /** The game's ruleset (the option "ruleset", e.g. "bell"), or null for a game without
   * rulesets. */
  get ruleset() {
    return this.#resolvedOptions().ruleset ?? null;
  }

  // Read from the library's saved state once: the app asks for the ruleset while describing each
  // event of the history, and writing the whole history out each time made a long game slow.
  #resolvedOptions() {
    const handle = this.#h; // a closed game answers GameClosedError, as before
    this.#options ??= JSON.parse(callString(wasm._ludus_game_to_json, handle)).options;
    return this.#options;
  }

  /** The current position as the library saves it (the pieces, phase, to_move, result,
   * end_reason, dice...), read alone: no history is written out. */
  get position() {
    return JSON.parse(callString(wasm._ludus_game_position_json, this.#h));
  }

  /** Every event since the start: {player, text} (a move, "roll A B" with dice_from, or
   * "draw agreed"). */
  get history() {
    return this.toJSON().history;
  }

  /** "roll", "move" or "over". */
  get phase() {
    return phases[wasm._ludus_game_phase(this.#h)];
  }

  /** The player to move (0 or 1), null when the game is over. */
  get toMove() {
    const player = wasm._ludus_game_to_move(this.#h);
    return player < 0 ? null : player;
  }

  /** "ongoing", "player 0 won", "player 1 won" or "draw" (see Result). */
  get result() {
    return results[wasm._ludus_game_result(this.#h)];
  }

  /** 0 or 1 once a player has won; null while ongoing or after a draw. */
  get winner() {
    const result = wasm._ludus_game_result(this.#h);
    return result === 1 ? 0 : result === 2 ? 1 : null;
  }

  get isOver() {
    return this.phase === Phase.OVER;
  }

  /** Why the game ended, one of EndReason (e.g. "all_captured", "borne_off",
   * "agreed_draw"); null while it goes on. */
  get endReason() {
    const reason = wasm.UTF8ToString(wasm._ludus_game_end_reason(this.#h));
    return reason === "" ? null : reason;
  }

  /** The dice of the current turn as the position shows them (null without dice). */
  get dice() {
    const dice = this.position.dice;
    return dice && dice.length ? dice : null;
  }

  // ---- moves ----------------------------------------------------------------------------------

  /** The legal moves, objects with at least "text": [] when the game is over and before the dice
   * are rolled (nothing can be played until roll() or setDice()), as in the Python package. */
  legalMoves() {
    if (this.phase === "roll") return [];
    return JSON.parse(callString(wasm._ludus_game_legal_moves, this.#h));
  }

  /** Plays a move: its text ("b2-b5"), a move object of legalMoves(), or any part of one that
   * names exactly one legal move (an aiMove() result too: its "search" is not part of the
   * move). IllegalMoveError, InvalidMoveError, WrongPhaseError, GameOverError. */
  play(move) {
    let text = move;
    if (typeof move === "object" && move !== null) {
      const { search, ...fields } = move;
      text = JSON.stringify(fields);
    }
    const handle = this.#h;
    check(withStrings([[text, "a move"]], (pointer) => wasm._ludus_game_play(handle, pointer)));
  }

  /** Takes back the last move, roll or agreed draw (NothingToUndoError at the start). */
  undo() {
    check(wasm._ludus_game_undo(this.#h));
  }

  /** Records a draw both players agreed. */
  agreeDraw() {
    check(wasm._ludus_game_agree_draw(this.#h));
  }

  /** Does what one event of a saved history says ({text, player, dice_from}, or its JSON text),
   * checked by the library as fromJSON() checks a history (ludus_game_apply_event); the game is
   * unchanged on failure (InvalidStateError, BadJsonError, IllegalMoveError, WrongPhaseError...). */
  applyEvent(event) {
    const text = typeof event === "object" && event !== null ? JSON.stringify(event) : event;
    const handle = this.#h;
    check(withStrings([[text, "an event"]], (pointer) => wasm._ludus_game_apply_event(handle, pointer)));
  }

  // ---- dice -----------------------------------------------------------------------------------

  /** Rolls the dice with the game's seeded generator (phase roll) and returns them. */
  roll() {
    const handle = this.#h;
    const values = wasm._malloc(8 * 4);
    try {
      check(wasm._ludus_game_roll(handle, values, 8, scratch));
      const count = wasm.HEAPU32[scratch >> 2];
      return Array.from(wasm.HEAP32.subarray(values >> 2, (values >> 2) + count));
    } finally {
      wasm._free(values);
    }
  }

  /** Dice from outside (physical dice, a replay): setDice(3, 5) or setDice([3, 5]). */
  setDice(...values) {
    const handle = this.#h;
    const flat = values.flat().map((value) => int32(value, "a die"));
    const pointer = wasm._malloc(Math.max(1, flat.length) * 4);
    try {
      wasm.HEAP32.set(flat, pointer >> 2);
      check(wasm._ludus_game_set_dice(handle, pointer, flat.length));
    } finally {
      wasm._free(pointer);
    }
  }

  /** In phase roll: every distinct roll with its probability: [{dice, probability}]. */
  chanceOutcomes() {
    return JSON.parse(callString(wasm._ludus_game_chance_outcomes, this.#h));
  }

  // ---- integer actions (the fast path) -------------------------------------------------------

  /** The legal moves as small integers (phase move; [] when over). */
  actions() {
    const handle = this.#h;
    let status = wasm._ludus_game_actions(handle, this.#actions.pointer, this.#actions.capacity, scratch);
    if (status === STATUS_BUFFER_TOO_SMALL) {
      this.#growActions(wasm.HEAPU32[scratch >> 2]);
      status = wasm._ludus_game_actions(handle, this.#actions.pointer, this.#actions.capacity, scratch);
    }
    check(status);
    const start = this.#actions.pointer >> 2;
    return Array.from(wasm.HEAP32.subarray(start, start + wasm.HEAPU32[scratch >> 2]));
  }

  #growActions(needed) {
    const capacity = Math.max(needed, 2 * this.#actions.capacity, 64);
    const pointer = wasm._malloc(capacity * 4);
    if (pointer === 0) throw new LudusMemoryError("out of memory", 12, "LUDUS_E_NO_MEMORY");
    wasm._free(this.#actions.pointer);
    this.#actions = { pointer, capacity };
  }

  /** Plays one of the integers of actions() (IllegalMoveError for any other). */
  applyAction(action) {
    check(wasm._ludus_game_apply_action(this.#h, int32(action, "an action")));
  }

  /** The notation of a legal integer move. */
  actionText(action) {
    return callString(wasm._ludus_game_action_text, this.#h, int32(action, "an action"));
  }

  /** Plays uniformly random moves (dice from a generator seeded with seed, a Number or BigInt
   * 0..2^64-1) inside the library, to the end or until maxPlies moves (0..2^32-1; by default
   * DEFAULT_MAX_PLIES, 100000: the call cannot be interrupted, so it has a bound). Returns
   * {result, plies}: result "ongoing" if the bound came first. Every move and roll enters the
   * history. GameOverError if the game is over already. */
  randomPlayout(seed = 0, maxPlies = DEFAULT_MAX_PLIES) {
    const handle = this.#h;
    const seed64 = uint64(seed, "the seed");
    uint32(maxPlies, "maxPlies");
    check(wasm._ludus_game_random_playout(handle, seed64, maxPlies, scratch, scratch + 4));
    return { result: results[wasm.HEAP32[scratch >> 2]], plies: wasm.HEAPU32[(scratch + 4) >> 2] };
  }

  /** Runs n random playouts from this position inside the library, in one call; the game does
   * not change. Playout i is the one randomPlayout(seed + i, maxPlies) plays on a copy().
   * maxPlies bounds each playout (by default DEFAULT_MAX_PLIES). Returns {results: [...],
   * plies: [...]}. GameOverError if the game is over. */
  playouts(n, seed = 0, maxPlies = DEFAULT_MAX_PLIES) {
    const handle = this.#h;
    integerIn(n, "n", 0, MAX_PLAYOUTS, `0..${MAX_PLAYOUTS}`);
    const seed64 = uint64(seed, "the seed");
    uint32(maxPlies, "maxPlies");
    const buffer = wasm._malloc(Math.max(1, n) * 8);
    if (buffer === 0) throw new LudusMemoryError("out of memory", 12, "LUDUS_E_NO_MEMORY");
    try {
      check(wasm._ludus_game_playouts(handle, seed64, n, maxPlies, buffer, buffer + 4 * n));
      const start = buffer >> 2;
      return {
        results: Array.from(wasm.HEAP32.subarray(start, start + n), (r) => results[r]),
        plies: Array.from(wasm.HEAPU32.subarray(start + n, start + 2 * n)),
      };
    } finally {
      wasm._free(buffer);
    }
  }

  /** The move the library's computer player chooses (the game is not changed): a move object
   * of legalMoves() plus "search" {level, depth, nodes, value, time_ms, ...}. Options: an
   * object (or its JSON text) with level ("random", "greedy", "easy", "medium", "best": the
   * default, "uct", and for "ur" "perfect", reading its table through setFileReader), table, depth, seed, max_nodes, max_time_ms, max_playouts, exploration, threads
   * (only 1 here: the WebAssembly build has no threads, see lib/meson.build); or a level's
   * name alone: aiMove("easy"). WrongPhaseError before a roll, GameOverError at the end. */
  aiMove(options = {}) {
    const levelName = typeof options === "string" && !options.trimStart().startsWith("{");
    const given = levelName
      ? { level: options }
      : typeof options === "object" && options !== null && !Array.isArray(options)
        ? { level: "best", ...options }
        : options;
    if (Number.isInteger(given?.threads) && given.threads > 1 && given.threads <= 64) {
      throw new InvalidOptionError(
        "threads: the WebAssembly build searches on one thread (threads 1)",
        5,
        "LUDUS_E_INVALID_OPTION",
      );
    }
    const handle = this.#h;
    return JSON.parse(
      withStrings([[optionsText(given, "aiMove options"), "aiMove options"]], (pointer) =>
        callString(wasm._ludus_ai_choose, handle, pointer),
      ),
    );
  }

  // ---- pictures -------------------------------------------------------------------------------

  #render(fn, options) {
    const handle = this.#h;
    return withStrings([[optionsText(options, "render options"), "render options"]], (pointer) =>
      callString(fn, handle, pointer),
    );
  }

  /** The library's self-contained SVG of the position. Options: those games() lists for the game
   * as render_options.svg (size, words and pieces for every game; the board games' orientation
   * and coordinates; the race games' positions; Duodecim's inscription, route and numbering). */
  svg(options) {
    return this.#render(wasm._ludus_game_render_svg, options);
  }

  /** The library's monospace text diagram of the position. Options: those games() lists for the
   * game as render_options.text. */
  text(options) {
    return this.#render(wasm._ludus_game_render_text, options);
  }

  toString() {
    return this.#handle === 0 ? `<ludus Game ${this.#id ?? "?"} (freed)>` : this.text();
  }
}

/** Gives the library a way to read files, which the WebAssembly build has none of: Ur's
 * `perfect` level reads its solved table (aiMove's option `table`, a path the reader
 * understands: a URL in a Web Worker, a file name in Node). `reader.size(path)` returns the
 * file's size in bytes and `reader.read(path, offset, length)` exactly that many bytes from
 * there, both synchronously; the library reads the table's header when it opens it and then 4
 * bytes per position it looks up, never the whole file (so it does not check the file's
 * checksum: the native library does, as it maps the file). A reader that throws or returns
 * a wrong length makes the call fail with an error naming the path. `null` removes it. */
export function setFileReader(reader) {
  if (reader !== null && (typeof reader?.size !== "function" || typeof reader?.read !== "function"))
    throw new TypeError("setFileReader takes null or an object with size(path) and read(path, offset, length)");
  wasm.ludusFileReader = reader;
}

/** For tests: the top of the wasm heap (sbrk(0)) and the size of the wasm memory, in bytes. */
export function heapStats() {
  return { top: wasm._sbrk(0) >>> 0, memory: wasm.HEAPU8.length };
}
