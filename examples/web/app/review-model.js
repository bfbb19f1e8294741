//# allFunctionsCalledOnLoad
// A finished (or current) game looked back on, without DOM: it loads in the engine's worker,
// which evaluates the positions, and in Node for the tests. The game is its saved state
// (Game.toJSON()); the Game class is passed in (the page's, the worker's or Node's).
//
// A game's steps are its history's events but the rolls (moves, passes, a draw agreed); the
// positions reviewed are the start and the position after each step (steps + 1 of them). Each
// position is evaluated by the strongest level with a small budget of nodes, in the position
// where the next step was chosen (for a race game after its roll, as it was played); or, for the
// Royal Game of Ur with its solved table, by the level "perfect": the exact chance of winning.

// A position's budget: 60 moves of Duodecim in 0.8 s in Node on the development machine (1000 nodes: 5 s).
export const REVIEW_NODES = 500;
// Men (Petteia, Latrunculi) are drawn from -MEN_SHOWN to +MEN_SHOWN: a larger lead is all but won.
export const MEN_SHOWN = 4;
// A drop smaller than this (on the 0..1 scale) is not worth naming.
const SMALLEST_DROP = 0.02;

export const isRoll = (text) => /^roll( \d+)+$/.test(text);
const DRAW_AGREED = "draw agreed";

export function stepsOf(history) {
  return history.flatMap((event, index) =>
    isRoll(event.text) ? [] : [{ index, player: event.player, text: event.text }],
  );
}

// How many of the history's events the position after `count` steps has (the start: none; a
// roll that follows a step belongs to the next position's choice).
export function eventsBefore(steps, count) {
  return count === 0 ? 0 : steps[count - 1].index + 1;
}

// The game at its start, from the saved state's start position and setup.
export function startOf(Game, saved) {
  return Game.fromJSON({ ...saved, history: [], position: saved.start });
}

// One event of the history, done by the library as it replays a saved game.
export function applyEvent(game, event) {
  game.applyEvent(event);
}

// The figures a move needs to be written out again (words.js: describeMove).
const moveFigures = (move) =>
  move &&
  Object.fromEntries(
    ["text", "kind", "from", "to", "from_name", "to_name", "captured_count", "captures", "dice", "blocks"]
      .filter((name) => name in move)
      .map((name) => [name, move[name]]),
  );

// Each step's position evaluated: {value (the library's, for the player to move; null where
// it did not search: a single legal move, a draw agreed), toMove, best (the strongest level's
// move there), played (the move as listed)}; and the last position: {value, toMove} when the
// game goes on in phase move; exact: whether the values are the solved table's (`table`, its
// path for level "perfect"; else the search's). progress(done, total) after each.
export function evaluateGame(Game, saved, { maxNodes = REVIEW_NODES, progress = () => {}, table = null } = {}) {
  const steps = stepsOf(saved.history);
  const game = startOf(Game, saved);
  const evaluated = [];
  const evaluate = (seed) => {
    if (game.isOver || game.phase !== "move") return { value: null, toMove: game.toMove, best: null };
    const choice = game.aiMove(
      table ? { level: "perfect", table, seed } : { level: "best", max_nodes: maxNodes, seed },
    );
    return {
      value: choice.search.nodes > 0 ? choice.search.value : null,
      toMove: game.toMove,
      best: moveFigures(choice),
    };
  };
  try {
    let next = 0;
    for (const step of steps) {
      for (; next < step.index; next += 1) applyEvent(game, saved.history[next]);
      const here = step.text === DRAW_AGREED ? { value: null, toMove: game.toMove, best: null } : evaluate(step.index);
      here.played =
        step.text === DRAW_AGREED ? null : moveFigures(game.legalMoves().find((move) => move.text === step.text));
      evaluated.push(here);
      applyEvent(game, saved.history[next]);
      next += 1;
      progress(evaluated.length, steps.length + 1);
    }
    const last = game.isOver ? { value: null, toMove: game.toMove, best: null } : evaluate(steps.length);
    progress(steps.length + 1, steps.length + 1);
    return { steps: evaluated, last, exact: Boolean(table) };
  } finally {
    game.close();
  }
}

// ---- the scale -----------------------------------------------------------------------------

// The race games (their positions have dice) are evaluated as a chance of winning, 0..1; the
// others in men, clamped to MEN_SHOWN either way and drawn as 0..1.
export const scaleOf = (saved) => (Array.isArray(saved.start?.dice) ? "chance" : "men");

export function unitValue(scale, value) {
  if (scale === "chance") return Math.min(1, Math.max(0, value));
  return (Math.min(MEN_SHOWN, Math.max(-MEN_SHOWN, value)) + MEN_SHOWN) / (2 * MEN_SHOWN);
}

// The figure of each position (steps + 1) for `viewpoint`'s side, 0..1: the evaluation turned
// to that side; the end by its result (winner: the side that won, null a draw; undefined: not
// over). A position the library did not search takes the figure of the next one that was (a
// single move changes nothing), the last of all the one before it.
export function curveOf(scale, evaluation, viewpoint, winner) {
  const figure = ({ value, toMove }) => {
    if (value === null) return null;
    const unit = unitValue(scale, value);
    return toMove === viewpoint ? unit : 1 - unit;
  };
  const points = evaluation.steps.map(figure);
  points.push(winner === undefined ? figure(evaluation.last) : winner === null ? 0.5 : winner === viewpoint ? 1 : 0);
  const known = points.map((point) => point !== null);
  for (let i = points.length - 2; i >= 0; i -= 1) if (points[i] === null) points[i] = points[i + 1];
  for (let i = 1; i < points.length; i += 1) if (points[i] === null) points[i] = points[i - 1];
  return { points: points.map((point) => point ?? 0.5), known };
}

// The moves after which the figure fell most for the side that moved, and where the strongest
// level would have played another move (a fall with the best move played is the dice's or the
// opponent's doing, not a mistake): at most `count`, the largest first. Each {step (1-based),
// player, played, best, drop}.
export function worstDrops(evaluation, curve, viewpoint, count = 3) {
  const forSide = (point, player) => (player === viewpoint ? point : 1 - point);
  return evaluation.steps
    .map((here, i) => ({ i, here, player: here.toMove }))
    .filter(({ i, here }) => here.played && here.best && curve.known[i] && here.best.text !== here.played.text)
    .map(({ i, here, player }) => ({
      step: i + 1,
      player,
      played: here.played,
      best: here.best,
      drop: forSide(curve.points[i], player) - forSide(curve.points[i + 1], player),
    }))
    .filter(({ drop }) => drop >= SMALLEST_DROP)
    .sort((a, b) => b.drop - a.drop)
    .slice(0, count);
}

// ---- the summary ---------------------------------------------------------------------------

// A side's pieces in a position: on the board and still to place (the fields the games have).
const MATERIAL = ["pieces", "men", "duxes", "men_in_hand", "dux_in_hand"];
function material(position, player) {
  const fields = MATERIAL.filter((name) => Array.isArray(position?.[name]));
  return fields.length ? fields.reduce((sum, name) => sum + position[name][player], 0) : null;
}

// The end's figures: the moves each side played (a draw agreed is none), the men each side
// captured (the other's pieces lost since the start) or the pieces each has borne off (race
// games), the game's length in ms (null where its start or end time is not known).
export function summaryOf(saved, started = null, ended = null) {
  const moves = [0, 0];
  for (const step of stepsOf(saved.history)) if (step.text !== DRAW_AGREED) moves[step.player] += 1;
  const lost = [0, 1].map((player) => material(saved.start, player) - material(saved.position, player));
  const captures = material(saved.start, 0) === null ? null : [lost[1], lost[0]];
  const off = Array.isArray(saved.position?.off) ? [...saved.position.off] : null;
  const duration = started !== null && ended !== null && ended >= started ? ended - started : null;
  return { moves, captures, off, duration };
}
