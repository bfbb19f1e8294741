// Compiled by tsc --noEmit (meson test "index.d.ts type-checks"): typical uses of the package
// must type-check against index.d.ts, and the lines marked @ts-expect-error must not.
import {
  DEFAULT_MAX_PLIES,
  EndReason,
  Game,
  GameOverError,
  LudusError,
  Phase,
  games,
  type AiMove,
  type EndReasonName,
  type Move,
  type Position,
  type SavedState,
} from "../src/index.js";

const ids: string[] = games().map((info) => info.id);
const game = new Game("latrunculi", { ruleset: "bell", seed: 1 });
const ruleset: string | null = game.ruleset;
const moves: Move[] = game.legalMoves();
const first: Move = moves[0];
const from: string | null = first.from_name;
const captured: string[] = first.captured;
const count: number = first.captured_count;
game.play(first);
game.play({ kind: "place", to_name: "c4" });
const easy: AiMove = game.aiMove("easy");
const uct: AiMove = game.aiMove({ level: "uct", max_playouts: 100, exploration: 1.4, seed: 2 });
const seeded: AiMove = game.aiMove({ level: "easy", seed: 2n ** 64n - 1n });
const seededByDigits: AiMove = game.aiMove({ level: "easy", seed: "18446744073709551615" });
const level: string = uct.search.level;
const playout = game.randomPlayout(1n, DEFAULT_MAX_PLIES);
const many = game.playouts(10, 1, 500);
const reason: EndReasonName | null = game.endReason;
const agreed: EndReasonName = EndReason.AGREED_DRAW;
const position: Position = game.position;
const why: EndReasonName | null | undefined = position.end_reason;
const saved: SavedState = game.toJSON();
const restored = Game.fromJSON(saved);
const replayed = Game.fromJSON({ ...saved, history: [], position: saved.start });
for (const event of saved.history) replayed.applyEvent(event);
replayed.applyEvent('{"text": "draw agreed"}');
const levels: string[] = games()[0].levels.concat(games()[0].other_levels);
const size: unknown = games()[0].render_options.svg.size?.default;
if (restored.phase === Phase.OVER) console.log(restored.result, restored.winner);
try {
  restored.play("a1");
} catch (error) {
  if (error instanceof GameOverError || error instanceof LudusError) console.log(error.statusName);
}
const twin: Game = game.copy();
const twinClosed: boolean = twin.closed;
twin.close();
console.log(twinClosed);
restored.close();
game.close();

// @ts-expect-error: not a level
game.aiMove({ level: "genius" });
// @ts-expect-error: not an end reason
const wrong: EndReasonName = "resigned";
// @ts-expect-error: the seed is a number or a bigint
game.randomPlayout("1");

console.log(
  ids,
  ruleset,
  from,
  captured,
  count,
  easy,
  level,
  playout,
  many,
  reason,
  agreed,
  why,
  wrong,
  seeded,
  seededByDigits,
);
