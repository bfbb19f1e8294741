// Type declarations of ludus-engine (src/index.js). Every export and every public member of an
// exported class has a JSDoc comment: the reference site's JavaScript page is made from them,
// and fails on a missing one (docs/reference/js_api.mjs).

/** A ludus_status of the C API (0 is LUDUS_OK). */
export type Status = number;

/** Base class of every error of the library (and of this package): the library's message, its status
 * and the status's name. */
export class LudusError extends Error {
  /** An error with the library's message and its status (0 and "" for this package's own). */
  constructor(message: string, status?: number, statusName?: string);
  /** the numeric ludus_status (0 for errors raised by this package itself) */
  readonly status: Status;
  /** its constant name, e.g. "LUDUS_E_ILLEGAL_MOVE" ("" for errors of this package) */
  readonly statusName: string;
}
/** LUDUS_E_INVALID_ARGUMENT: a missing value (undefined or null) or a number out of range. */
export class InvalidArgumentError extends LudusError {}
/** LUDUS_E_BAD_JSON: text that is not well-formed JSON (or not the JSON type asked for). */
export class BadJsonError extends LudusError {}
/** LUDUS_E_UNKNOWN_GAME: no game with that id. */
export class UnknownGameError extends LudusError {}
/** LUDUS_E_UNKNOWN_OPTION: an option the game does not have. */
export class UnknownOptionError extends LudusError {}
/** LUDUS_E_INVALID_OPTION: an option of the wrong type or out of its range. */
export class InvalidOptionError extends LudusError {}
/** LUDUS_E_INVALID_MOVE: a move (text or object) that cannot be read. */
export class InvalidMoveError extends LudusError {}
/** LUDUS_E_ILLEGAL_MOVE: a well-formed move that is not legal now. */
export class IllegalMoveError extends LudusError {}
/** LUDUS_E_WRONG_PHASE: the call does not fit the phase (e.g. a move before the roll). */
export class WrongPhaseError extends LudusError {}
/** LUDUS_E_GAME_OVER: the game has ended. */
export class GameOverError extends LudusError {}
/** LUDUS_E_INVALID_STATE: a saved state that is well-formed but inconsistent. */
export class InvalidStateError extends LudusError {}
/** LUDUS_E_BUFFER_TOO_SMALL (the package sizes its buffers: not expected). */
export class BufferTooSmallError extends LudusError {}
/** LUDUS_E_NO_MEMORY: an allocation failed. */
export class LudusMemoryError extends LudusError {}
/** LUDUS_E_NOTHING_TO_UNDO: undo at the start of the history. */
export class NothingToUndoError extends LudusError {}
/** LUDUS_E_INTERNAL: a bug in the library (please report it). */
export class InternalError extends LudusError {}
/** A call on a game after game.close(). */
export class GameClosedError extends LudusError {}

/** What the game waits for: a roll of the dice, a move, or nothing (over). */
export type PhaseName = "roll" | "move" | "over";
/** Why a game ended (Game.endReason); the list of ludus_game_end_reason in ludus.h. */
export type EndReasonName =
  | "all_captured"
  | "one_piece_left"
  | "dux_immobilised"
  | "no_moves"
  | "quiet_moves"
  | "plies_without_capture"
  | "repetition"
  | "agreed_draw"
  | "borne_off";
/** The end reasons as constants: EndReason.ALL_CAPTURED, EndReason.BORNE_OFF, ... */
export const EndReason: {
  readonly ALL_CAPTURED: "all_captured";
  readonly ONE_PIECE_LEFT: "one_piece_left";
  readonly DUX_IMMOBILISED: "dux_immobilised";
  readonly NO_MOVES: "no_moves";
  readonly QUIET_MOVES: "quiet_moves";
  readonly PLIES_WITHOUT_CAPTURE: "plies_without_capture";
  readonly REPETITION: "repetition";
  readonly AGREED_DRAW: "agreed_draw";
  readonly BORNE_OFF: "borne_off";
};
/** The bound on moves of a playout when the caller names none (100000). */
export const DEFAULT_MAX_PLIES: number;
/** How the game stands. */
export type ResultName = "ongoing" | "player 0 won" | "player 1 won" | "draw";
/** The phase names as constants: Phase.ROLL, Phase.MOVE, Phase.OVER. */
export const Phase: { readonly ROLL: "roll"; readonly MOVE: "move"; readonly OVER: "over" };
/** The result names as constants: Result.ONGOING, Result.PLAYER0_WON, Result.PLAYER1_WON,
 * Result.DRAW. */
export const Result: {
  readonly ONGOING: "ongoing";
  readonly PLAYER0_WON: "player 0 won";
  readonly PLAYER1_WON: "player 1 won";
  readonly DRAW: "draw";
};

/** One option of a game in the catalogue: its type, default and allowed range or values. */
export interface OptionSpec {
  type: string;
  default: unknown;
  [key: string]: unknown;
}
/** One game of the catalogue (games()): its id, name, whether agreeDraw() can end its games, its
 * options, its render options and its computer's levels. */
export interface GameInfo {
  id: string;
  name: string;
  agreed_draws: boolean;
  options: Record<string, OptionSpec>;
  /** the options of svg() and text(), described as the game's options are */
  render_options: { svg: Record<string, OptionSpec>; text: Record<string, OptionSpec> };
  /** the levels of aiMove() that the game's own searches answer, weakest first ("best" last) */
  levels: AiLevel[];
  /** the levels aiMove() takes besides them, not ranked with them ("uct") */
  other_levels: AiLevel[];
  /** the level of aiMove() without one ("best") */
  default_level: AiLevel;
  [key: string]: unknown;
}

/** A legal move as the library lists it: at least its text; from, to, captures, player,
 * action and the game's own fields. */
export interface Move {
  text: string;
  /** "move", "place" (a piece from hand), "remove" (Schaedler) or "pass" */
  kind: "move" | "place" | "remove" | "pass";
  /** where the piece leaves, by the name of the game's notation; null for none (placing, passing) */
  from_name: string | null;
  /** where the piece arrives; null for none (passing, removing) */
  to_name: string | null;
  /** the squares or cells whose pieces the move captures */
  captured: string[];
  /** how many pieces the move captures */
  captured_count: number;
  player: number;
  action: number;
  /** @deprecated a name in the board games, a number in the race games: read from_name */
  from?: string | number;
  /** @deprecated a name in the board games, a number in the race games: read to_name */
  to?: string | number;
  /** @deprecated a list in the board games, a number in the race games: read captured and captured_count */
  captures?: string[] | number;
  [key: string]: unknown;
}
/** The move a computer player chose (aiMove()): a legal move plus what the search did. */
export interface AiMove extends Move {
  /** nodes (and "uct"'s playouts) are exact Numbers: a count from 2^53 up would be written as a
   * string, and no search runs long enough to reach it (it would take over 100 days) */
  search: { level: AiLevel; depth: number; nodes: number; value: number; time_ms: number; [key: string]: unknown };
}
/** What play() takes: a move's text, a move object, or any part of one that names exactly one legal
 * move. */
export type MoveLike = string | Partial<Move>;

/** One event of the history: a move, a roll ("roll A B", with dice_from) or an agreed draw, with the
 * player who made it. */
export interface HistoryEvent {
  player: number;
  text: string;
  dice_from?: "engine" | "outside";
}
/** A position as the library writes it (the "position" of a saved game): the game's own
 * fields (ranks or cells, counts, dice...) and these. */
export interface Position {
  phase: PhaseName;
  to_move: number;
  result: ResultName;
  /** why the game ended; null while it goes on (absent in states saved before 1.1) */
  end_reason?: EndReasonName | null;
  [key: string]: unknown;
}
/** A saved game (the library's "ludus-state" document). */
export interface SavedState {
  format: "ludus-state";
  version: number;
  game: string;
  options: Record<string, unknown>;
  start: Position;
  history: HistoryEvent[];
  position: Position;
  [key: string]: unknown;
}

/** The computer player's levels ("best" always names the strongest that every game has; "uct" is
 * Monte Carlo tree search; "perfect", the Royal Game of Ur's only, plays from the solved game's
 * table, read through setFileReader). */
export type AiLevel = "random" | "greedy" | "easy" | "medium" | "best" | "uct" | "perfect";
/** Options of aiMove() (the C API's ludus_ai_choose); the WebAssembly build has no threads. */
export interface AiOptions {
  level?: AiLevel;
  /** plies (petteia, latrunculi) or the depth of a turn (race games); not for "uct" */
  depth?: number;
  /** 0..2^64-1: a Number, a BigInt or the string of its decimal digits */
  seed?: number | bigint | string;
  /** a budget of positions; not for "uct" */
  max_nodes?: number;
  max_time_ms?: number;
  /** "uct" only: a budget of playouts */
  max_playouts?: number;
  /** "uct" only: the exploration constant, above 0 and at most 100 */
  exploration?: number;
  /** "perfect" only: the path of the solved game's table, as the file reader knows it */
  table?: string;
  threads?: 1;
}
/** Options of svg(): size, words and pieces (false: the empty board) for every game; orientation and coordinates for Petteia and Latrunculi; positions for the race games; Duodecim's inscription, route and numbering. text() takes orientation and coordinates only. */
export interface RenderOptions {
  size?: number;
  orientation?: 0 | 1;
  coordinates?: boolean;
  inscription?: "ostia" | "levate" | "virtus" | "vincer";
  /** false: no words in the picture (no status line, no tray labels), for a front end that writes them in its own language */
  words?: boolean;
  /** race games: each cell and tray carries its position names in the players' moves (data-position0/1, data-tray-position) */
  positions?: boolean;
  /** duodecim: the route as the board of Ostia's letters A..E, each stretch with an arrow (<g class="stretch" data-stretch="A">) */
  route?: boolean;
  /** duodecim: whose route the cell names follow: both players' (default) or one player's only */
  numbering?: "both" | "player0" | "player1";
  /** false: the empty board, to print (no pieces, no last move, no status line, trays without counts) */
  pieces?: boolean;
}

/** The library's version, "MAJOR.MINOR.PATCH". */
export function version(): string;
/** The catalogue: each game's id, name and options. */
export function games(): GameInfo[];
/** The ids of the games in the catalogue. */
export function gameIds(): string[];
/** How the library reads a file in the WebAssembly build (setFileReader): synchronously. */
export interface SyncFileReader {
  /** The file's size in bytes. */
  size(path: string): number;
  /** Exactly `length` bytes of the file from `offset`. */
  read(path: string, offset: number, length: number): Uint8Array;
}
/** Gives the library a way to read files, which the WebAssembly build has none of: Ur's
 * `perfect` level reads its solved table (aiMove's option `table`, a path the reader
 * understands). It reads the table's header, then 4 bytes per position it looks up, never the
 * whole file (so it does not check the file's checksum). A reader that throws or returns a wrong
 * length makes the call fail with an error naming the path. `null` removes it. */
export function setFileReader(reader: SyncFileReader | null): void;
/** For tests: the top of the wasm heap (sbrk(0)) and the wasm memory's size, in bytes. */
export function heapStats(): { top: number; memory: number };

/** A game in progress: a handle of the library (released by close() or by the garbage collector). */
export class Game {
  /** A new game; options as an object or JSON text (see games()). A seed is a Number, a BigInt
   * or the string of its decimal digits, 0..2^64-1. */
  constructor(id: string, options?: Record<string, unknown> | string | null);
  /** Restores a game saved with toJSON() (object or JSON text); the history is replayed. */
  static fromJSON(state: SavedState | string): Game;

  /** Releases the handle now; later calls throw GameClosedError. Closing twice is fine. */
  close(): void;
  /** Whether close() has been called. */
  readonly closed: boolean;
  /** An independent copy. */
  copy(): Game;
  /** The old name of close(), which it calls.
   * @deprecated since 1.2.0: use close(), the name the Python package shares. */
  free(): void;
  /** The old name of closed, which it reads.
   * @deprecated since 1.2.0: use closed, the name the Python package shares. */
  readonly freed: boolean;
  /** The old name of copy(), which it calls.
   * @deprecated since 1.2.0: use copy(), the name the Python package shares. */
  clone(): Game;

  /** The full state (JSON.stringify(game) saves the game). */
  toJSON(): SavedState;
  /** The full state as the library writes it (JSON text). */
  toJSONText(): string;
  /** The game's id in the catalogue, e.g. "petteia". */
  readonly id: string;
  /** Every option of the game, resolved (the seed included): a seed is a Number below 2^53 (every
   * seed the library draws) and the string of its decimal digits from there up. */
  readonly options: Record<string, unknown>;
  /** The option "ruleset" (e.g. "bell"), null for a game without rulesets. */
  readonly ruleset: string | null;
  /** The current position alone (no history is written out). */
  readonly position: Position;
  /** Every event since the start: a move, "roll A B" with dice_from, or "draw agreed". */
  readonly history: HistoryEvent[];
  /** "roll", "move" or "over". */
  readonly phase: PhaseName;
  /** The player to move (0 or 1), null when the game is over. */
  readonly toMove: 0 | 1 | null;
  /** "ongoing", "player 0 won", "player 1 won" or "draw" (see Result). */
  readonly result: ResultName;
  /** 0 or 1 once a player has won; null while ongoing or after a draw. */
  readonly winner: 0 | 1 | null;
  /** Whether the game has ended. */
  readonly isOver: boolean;
  /** Why the game ended; null while it goes on. */
  readonly endReason: EndReasonName | null;
  /** The dice of the current turn as the position shows them (null without dice). */
  readonly dice: number[] | null;

  /** The legal moves, objects with at least "text": [] when the game is over and before the dice
   * are rolled (nothing can be played until roll() or setDice()), as in the Python package. */
  legalMoves(): Move[];
  /** Plays a move: its text ("b2-b5"), a move object of legalMoves(), or any part of one that names
   * exactly one legal move. IllegalMoveError, InvalidMoveError, WrongPhaseError, GameOverError; the
   * game is unchanged then. */
  play(move: MoveLike): void;
  /** Takes back the last move, roll or agreed draw (NothingToUndoError at the start). */
  undo(): void;
  /** Records a draw both players agreed. */
  agreeDraw(): void;
  /** Does what one event of a saved history says (an object of history, or its JSON text),
   * checked as fromJSON() checks a history: a move played, dice set ("outside") or rolled again
   * by the game's generator ("engine", which must give the same dice), a draw agreed. The game is
   * unchanged on failure: InvalidStateError for an entry not of that form, BadJsonError for text
   * that is not a JSON object, else the error of the call it stands for (IllegalMoveError, ...). */
  applyEvent(event: HistoryEvent | Partial<HistoryEvent> | string): void;

  /** Rolls the dice with the game's seeded generator (phase roll) and returns them. */
  roll(): number[];
  /** Dice from outside (physical dice, a replay): setDice(3, 5) or setDice([3, 5]). */
  setDice(...values: Array<number | number[]>): void;
  /** In phase roll: every distinct roll with its probability. */
  chanceOutcomes(): Array<{ dice: number[]; probability: number }>;

  /** The legal moves as small integers (phase move; [] when over): the fast path for programs that
   * search. */
  actions(): number[];
  /** Plays one of the integers of actions() (IllegalMoveError for any other). */
  applyAction(action: number): void;
  /** The notation of a legal integer move. */
  actionText(action: number): string;
  /** Plays uniformly random moves inside the library (dice from a generator seeded with seed) to the
   * end or until maxPlies moves (0..2^32-1; DEFAULT_MAX_PLIES when not given: some games can go on
   * for ever); every move and roll enters the history. GameOverError if the game is over already. */
  randomPlayout(seed?: number | bigint, maxPlies?: number): { result: ResultName; plies: number };
  /** Runs n random playouts from this position inside the library, in one call; the game does not
   * change. Playout i is the one randomPlayout(seed + i, maxPlies) plays on a copy(). */
  playouts(n: number, seed?: number | bigint, maxPlies?: number): { results: ResultName[]; plies: number[] };
  /** The move the library's computer player chooses for the side to move (the game is not changed);
   * play it with play(). Options as an object, its JSON text, or a level's name alone:
   * aiMove("easy"). */
  aiMove(options?: AiOptions | AiLevel | string): AiMove;

  /** The library's self-contained SVG picture of the position. */
  svg(options?: RenderOptions | string): string;
  /** The library's monospace text diagram of the position. */
  text(options?: Pick<RenderOptions, "orientation" | "coordinates"> | string): string;
  /** The text diagram (text()). */
  toString(): string;
}
