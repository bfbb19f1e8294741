// Type declarations of ludus-engine (src/index.js).

export type Status = number;

export class LudusError extends Error {
  constructor(message: string, status?: number, statusName?: string);
  /** the numeric ludus_status (0 for errors raised by this package itself) */
  readonly status: Status;
  /** its constant name, e.g. "LUDUS_E_ILLEGAL_MOVE" ("" for errors of this package) */
  readonly statusName: string;
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
/** A call on a game after game.free(). */
export class GameClosedError extends LudusError {}

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
export type ResultName = "ongoing" | "player 0 won" | "player 1 won" | "draw";
export const Phase: { readonly ROLL: "roll"; readonly MOVE: "move"; readonly OVER: "over" };
export const Result: {
  readonly ONGOING: "ongoing";
  readonly PLAYER0_WON: "player 0 won";
  readonly PLAYER1_WON: "player 1 won";
  readonly DRAW: "draw";
};

export interface OptionSpec {
  type: string;
  default: unknown;
  [key: string]: unknown;
}
export interface GameInfo {
  id: string;
  name: string;
  options: Record<string, OptionSpec>;
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
export interface AiMove extends Move {
  search: { level: AiLevel; depth: number; nodes: number; value: number; time_ms: number; [key: string]: unknown };
}
/** A move's text, or any part of a move object that names one legal move. */
export type MoveLike = string | Partial<Move>;

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

/** The computer player's levels ("best" always names the strongest; "uct" is Monte Carlo
 * tree search). */
export type AiLevel = "random" | "greedy" | "easy" | "medium" | "best" | "uct";
export interface AiOptions {
  level?: AiLevel;
  /** plies (petteia, latrunculi) or the depth of a turn (race games); not for "uct" */
  depth?: number;
  seed?: number;
  /** a budget of positions; not for "uct" */
  max_nodes?: number;
  max_time_ms?: number;
  /** "uct" only: a budget of playouts */
  max_playouts?: number;
  /** "uct" only: the exploration constant, above 0 and at most 100 */
  exploration?: number;
  threads?: 1;
}
export interface RenderOptions {
  size?: number;
  orientation?: 0 | 1;
  coordinates?: boolean;
  inscription?: "ostia" | "levate" | "virtus" | "vincer";
}

/** The library's version, "MAJOR.MINOR.PATCH". */
export function version(): string;
/** The catalogue: each game's id, name and options. */
export function games(): GameInfo[];
export function gameIds(): string[];
/** For tests: the top of the wasm heap (sbrk(0)) and the wasm memory's size, in bytes. */
export function heapStats(): { top: number; memory: number };

export class Game {
  /** A new game; options as an object or JSON text (see games()). */
  constructor(id: string, options?: Record<string, unknown> | string | null);
  /** Restores a game saved with toJSON() (object or JSON text); the history is replayed. */
  static fromJSON(state: SavedState | string): Game;

  /** Releases the handle now; later calls throw GameClosedError. Freeing twice is fine. */
  free(): void;
  readonly freed: boolean;
  clone(): Game;

  /** The full state (JSON.stringify(game) saves the game). */
  toJSON(): SavedState;
  toJSONText(): string;
  readonly id: string;
  readonly options: Record<string, unknown>;
  /** The option "ruleset" (e.g. "bell"), null for a game without rulesets. */
  readonly ruleset: string | null;
  /** The current position alone (no history is written out). */
  readonly position: Position;
  readonly history: HistoryEvent[];
  readonly phase: PhaseName;
  readonly toMove: 0 | 1 | null;
  readonly result: ResultName;
  readonly winner: 0 | 1 | null;
  readonly isOver: boolean;
  /** Why the game ended; null while it goes on. */
  readonly endReason: EndReasonName | null;
  readonly dice: number[] | null;

  legalMoves(): Move[];
  play(move: MoveLike): void;
  undo(): void;
  agreeDraw(): void;

  roll(): number[];
  setDice(...values: Array<number | number[]>): void;
  chanceOutcomes(): Array<{ dice: number[]; probability: number }>;

  actions(): number[];
  applyAction(action: number): void;
  actionText(action: number): string;
  /** maxPlies: 0..2^32-1, DEFAULT_MAX_PLIES when not given. */
  randomPlayout(seed?: number | bigint, maxPlies?: number): { result: ResultName; plies: number };
  playouts(n: number, seed?: number | bigint, maxPlies?: number): { results: ResultName[]; plies: number[] };
  /** Options as an object, its JSON text, or a level's name alone: aiMove("easy"). */
  aiMove(options?: AiOptions | AiLevel | string): AiMove;

  svg(options?: RenderOptions | string): string;
  text(options?: Omit<RenderOptions, "size" | "inscription"> | string): string;
  toString(): string;
}
