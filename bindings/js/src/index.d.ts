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
  from?: string | number;
  to?: string | number;
  captures?: unknown[];
  player?: number;
  action?: number;
  [key: string]: unknown;
}
export interface AiMove extends Move {
  search: { level: string; depth: number; nodes: number; value: number; time_ms: number };
}
export type MoveLike = string | Partial<Move>;

export interface HistoryEvent {
  player: number;
  text: string;
  dice_from?: "engine" | "outside";
}
/** A saved game (the library's "ludus-state" document). */
export interface SavedState {
  format: "ludus-state";
  version: number;
  game: string;
  options: Record<string, unknown>;
  start: Record<string, unknown>;
  history: HistoryEvent[];
  position: Record<string, unknown>;
  [key: string]: unknown;
}

export interface AiOptions {
  level?: "random" | "greedy" | "easy" | "medium" | "best";
  depth?: number;
  seed?: number;
  max_nodes?: number;
  max_time_ms?: number;
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
  readonly position: Record<string, unknown>;
  readonly history: HistoryEvent[];
  readonly phase: PhaseName;
  readonly toMove: 0 | 1 | null;
  readonly result: ResultName;
  readonly winner: 0 | 1 | null;
  readonly isOver: boolean;
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
  randomPlayout(seed?: number | bigint, maxPlies?: number): { result: ResultName; plies: number };
  playouts(n: number, seed?: number | bigint, maxPlies?: number): { results: ResultName[]; plies: number[] };
  aiMove(options?: AiOptions): AiMove;

  svg(options?: RenderOptions | string): string;
  text(options?: Omit<RenderOptions, "size" | "inscription"> | string): string;
  toString(): string;
}
