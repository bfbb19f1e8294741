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
// Each move is judged (judgeGame) by what it lost against the strongest level's choice, as
// lichess judges a move: a label (best, good, inaccuracy, mistake, blunder) and an accuracy, and
// each side's accuracy over its moves. The analysis board's figures (analysePosition) too.

// A position's budget: 60 moves of Duodecim in 0.8 s in Node on the development machine (1000 nodes: 5 s).
export const REVIEW_NODES = 500;
// The budget of a move's outlook's searches (outlookAfter: one for each throw of the dice after
// the move, 56 in XII Scripta): the least the searches take (their first depth) in the race games.
export const OUTLOOK_NODES = 50;
// Men (Petteia, Latrunculi) are drawn from -MEN_SHOWN to +MEN_SHOWN: a larger lead is all but won.
export const MEN_SHOWN = 4;

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
// move there), played (the move as listed), forced (no choice: a single legal move), and where
// the played move was not the strongest level's choice bestValue and playedValue (what each
// leads to for the side that moved: outlookAfter)}; and the last position: {value, toMove}
// when the game goes on in phase move; exact: whether the values are the solved table's
// (`table`, its path for level "perfect"; else the search's); unit: what they count ("chance"
// or "pieces", the catalogue's search_values of the level). progress(done, total) after each.
export function evaluateGame(
  Game,
  saved,
  { maxNodes = REVIEW_NODES, progress = () => {}, table = null, unit = "chance", outlook = null } = {},
) {
  const steps = stepsOf(saved.history);
  const game = startOf(Game, saved);
  const evaluated = [];
  const search =
    (seed, { level, max_nodes } = { level: "best", max_nodes: maxNodes }) =>
    (position) =>
      position.aiMove(table ? { level: "perfect", table, seed } : { level, max_nodes, seed });
  const evaluate = (seed) => {
    if (game.isOver || game.phase !== "move") return { value: null, toMove: game.toMove, best: null };
    const choice = search(seed)(game);
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
      const agreed = step.text === DRAW_AGREED;
      const here = agreed ? { value: null, toMove: game.toMove, best: null } : evaluate(step.index);
      if (!agreed) {
        const moves = game.legalMoves();
        here.played = moveFigures(moves.find((move) => move.text === step.text));
        here.forced = moves.length === 1;
        if (here.best && here.played && here.best.text !== here.played.text) {
          const measure = search(step.index, outlook ?? undefined);
          here.bestValue = outlookAfter(game, here.best.text, { unit, search: measure });
          here.playedValue = outlookAfter(game, here.played.text, { unit, search: measure });
        }
      }
      evaluated.push(here);
      applyEvent(game, saved.history[next]);
      next += 1;
      progress(evaluated.length, steps.length + 1);
    }
    const last = game.isOver ? { value: null, toMove: game.toMove, best: null } : evaluate(steps.length);
    progress(steps.length + 1, steps.length + 1);
    return { steps: evaluated, last, exact: Boolean(table), unit };
  } finally {
    game.close();
  }
}

// ---- a move's outlook ----------------------------------------------------------------------

// The end of a game in a unit, for `player`: a chance is 1, 0 or a draw's 1/2; in pieces a win
// counts as WIN_PIECES, as a win the searches find at once (readPieces).
function ended(unit, winner, player) {
  if (winner === null) return unit === "chance" ? 0.5 : 0;
  const won = winner === player;
  if (unit === "chance") return won ? 1 : 0;
  return won ? WIN_PIECES : -WIN_PIECES;
}
// A value for the other player: a chance's complement, pieces negated.
export const otherSide = (unit, value) => (unit === "chance" ? 1 - value : -value);
// Rolls looked through before a position is taken as even (a throw of nothing and a rosette in
// the Royal Game of Ur follow one another; three in a row are rare enough to leave out).
const ROLLS_LOOKED_THROUGH = 3;

// What a move leads to for `player` (the side that plays it), in `unit`: the position after it
// searched by `search` (position -> the library's aiMove answer) where it has a choice, for
// whoever is to move then; through a single legal move (a pass) to the next choice; and where
// the dice are to be thrown next, every throw the library lists (chanceOutcomes) weighted by its
// probability. The same measure for the strongest level's move and the move played: the
// difference is the move's own, not the dice's that followed it.
export function outlookAfter(game, text, { unit, search }) {
  const copy = game.copy();
  try {
    const player = game.toMove;
    copy.play({ text });
    return outlook(copy, player, unit, search, 0);
  } finally {
    copy.close();
  }
}

function outlook(game, player, unit, search, rolls) {
  if (game.isOver) return ended(unit, game.winner ?? null, player);
  if (game.phase === "roll") {
    if (rolls >= ROLLS_LOOKED_THROUGH) return unit === "chance" ? 0.5 : 0;
    let sum = 0;
    for (const { dice, probability } of game.chanceOutcomes()) {
      const thrown = game.copy();
      try {
        thrown.setDice(dice);
        sum += probability * outlook(thrown, player, unit, search, rolls + 1);
      } finally {
        thrown.close();
      }
    }
    return sum;
  }
  const moves = game.legalMoves();
  if (moves.length === 1) {
    const next = game.copy();
    try {
      next.play({ text: moves[0].text });
      const after = outlook(next, player, unit, search, rolls);
      return unit === "pieces" ? aPlyFurther(after) : after;
    } finally {
      next.close();
    }
  }
  const value = search(game).search.value;
  return game.toMove === player ? value : otherSide(unit, value);
}

// The analysis board's figures for a position: its value for the player to move (its outlook:
// through the dice to be thrown and a single legal move, as a move's; at the end, its result) and
// the strongest level's line from it: its move, then its move in the position that follows, up
// to `length` moves, stopping where the dice are to be thrown (the line cannot know them).
// {value, toMove, line: [move figures with the player who plays it]}.
export function analysePosition(game, { unit, search, length = 4 }) {
  const toMove = game.toMove;
  const value = outlook(game, toMove, unit, search, 0);
  const line = [];
  const ahead = game.copy();
  try {
    while (line.length < length && !ahead.isOver && ahead.phase === "move") {
      const player = ahead.toMove;
      const choice = search(ahead);
      line.push({ ...moveFigures(choice), player });
      ahead.play({ text: choice.text });
    }
  } finally {
    ahead.close();
  }
  return { value, toMove, line };
}

// ---- a capture game's values -----------------------------------------------------------------

// The capture games' searches count in men (unit "pieces": a man is 1), but their evaluation is
// not a count of men: it weighs mobility and safety too (Petteia's also trades when ahead), so
// that a lead of two men late in a game may score 26; it stays under 200 either way. A win the
// search has found is scored apart, far above: at ply p from the position searched (p moves of
// either side) WIN_PIECES - p/100 (the searches' "wins large", ludus.h: their score of a win,
// 30000 hundredths of a man less the ply); a game over is a win at ply 0.
export const WIN_PIECES = 300;
// Over any evaluation, under any win found (the searches' plies stay far under 5000).
const FOUND_WIN = 250;
// An evaluation is written out within this either way; beyond it, as more than it.
export const EVALUATION_SHOWN = 10;

// A value in pieces read for words: {kind: "win" or "loss", moves: those of the side that wins
// (the plies halved, rounded up: as if the sides alternate)}, or {kind: "evaluation", value,
// beyond: 1 or -1 where it is more than EVALUATION_SHOWN either way, else 0}.
export function readPieces(value) {
  if (Math.abs(value) >= FOUND_WIN) {
    const plies = Math.max(0, Math.round(100 * (WIN_PIECES - Math.abs(value))));
    return { kind: value > 0 ? "win" : "loss", moves: Math.max(1, Math.ceil(plies / 2)) };
  }
  return { kind: "evaluation", value, beyond: Math.abs(value) > EVALUATION_SHOWN ? Math.sign(value) : 0 };
}
// A win found, seen from a position a move before the one searched: a ply further.
const aPlyFurther = (value) => (Math.abs(value) >= FOUND_WIN ? value - Math.sign(value) / 100 : value);

// What a move lost, for words: "win" where the strongest level's move wins and the move played
// does not, "loss" where the move played lets the other side win and the strongest level's
// does not, else "evaluation" (the loss in the unit).
export function lossKind(unit, bestValue, playedValue) {
  if (unit !== "pieces" || bestValue === undefined) return "evaluation";
  if (readPieces(bestValue).kind === "win" && readPieces(playedValue).kind !== "win") return "win";
  if (readPieces(playedValue).kind === "loss" && readPieces(bestValue).kind !== "loss") return "loss";
  return "evaluation";
}

// ---- labels and accuracy -------------------------------------------------------------------

// A move's label by what it lost against the strongest level's choice (bestValue - playedValue,
// for the side that moved): the race games in chance of winning (0..1), the capture games in
// pieces. The first threshold the loss is under names it (docs/web.md); "best": the strongest
// level's own move, or one as good.
export const LABELS = ["best", "good", "inaccuracy", "mistake", "blunder"];
export const THRESHOLDS = {
  chance: { best: 0.001, good: 0.05, inaccuracy: 0.1, mistake: 0.15 },
  pieces: { best: 0.01, good: 0.5, inaccuracy: 1, mistake: 2 },
};

export function labelOf(unit, loss) {
  const limits = THRESHOLDS[unit];
  if (!limits) throw new RangeError(`no labels for values in ${unit}`);
  return LABELS.find((label) => label === "blunder" || loss < limits[label]);
}

// A lead in pieces as a chance of winning (for the accuracy): a logistic curve on which a man
// counts as a pawn in lichess's (its 0.00368208 a centipawn): one man ahead 59%, four 81%.
export const PIECE_LOGISTIC = 0.368208;
export const chanceOf = (unit, value) => (unit === "chance" ? value : 1 / (1 + Math.exp(-PIECE_LOGISTIC * value)));

// A move's accuracy, 0..100, from the chance of winning it lost (in points of 0..100), as
// lichess computes it: 103.1668 e^(-0.04354 loss) - 3.1669.
export function moveAccuracy(lostPoints) {
  return Math.min(100, Math.max(0, 103.1668 * Math.exp(-0.04354 * Math.max(0, lostPoints)) - 3.1669));
}

// A side's accuracy, 0..100: the mean of its moves' arithmetic and harmonic means (lichess
// weighs the first by the position's volatility; here every move alike), each move at least 1
// (a harmonic mean with a zero in it is zero); null without a move of its own judged.
export function sideAccuracy(accuracies) {
  if (accuracies.length === 0) return null;
  const floored = accuracies.map((a) => Math.max(1, a));
  const mean = floored.reduce((sum, a) => sum + a, 0) / floored.length;
  const harmonic = floored.length / floored.reduce((sum, a) => sum + 1 / a, 0);
  return (mean + harmonic) / 2;
}

// Every step judged: {label (null: no choice, or a draw agreed), loss (in the unit), accuracy
// (0..100, null where not judged)}, and each side's accuracy. A step judged: a move with a choice
// and an evaluation (the strongest level's move, or both outlooks where it played another).
export function judgeGame(evaluation) {
  const unit = evaluation.unit;
  const judged = evaluation.steps.map((here) => {
    if (!here.played || here.forced || !here.best) return { label: null, loss: null, accuracy: null };
    const same = here.best.text === here.played.text || here.bestValue === undefined;
    const loss = same ? 0 : Math.max(0, here.bestValue - here.playedValue);
    const lost = same ? 0 : Math.max(0, chanceOf(unit, here.bestValue) - chanceOf(unit, here.playedValue));
    return { label: labelOf(unit, loss), loss, accuracy: moveAccuracy(100 * lost) };
  });
  const accuracy = [0, 1].map((player) =>
    sideAccuracy(
      judged.filter((j, i) => j.accuracy !== null && evaluation.steps[i].toMove === player).map((j) => j.accuracy),
    ),
  );
  return { steps: judged, accuracy };
}

// ---- the scale -----------------------------------------------------------------------------

// What the values count: the catalogue's search_values for the level ("chance" of winning,
// 0..1, in the race games; "pieces" in the capture games). The chart draws a chance as it is and
// a lead in men (pieces) clamped to MEN_SHOWN either way, both as 0..1.
export function unitOf(entry, level) {
  const unit = entry?.search_values?.[level];
  if (unit !== "chance" && unit !== "pieces")
    throw new RangeError(`${entry?.id}: level ${level} counts ${unit}, which the review does not judge`);
  return unit;
}
// The search that measures a move's outlook (outlookAfter; evaluateGame's option `outlook`): in a
// game with dice, where it searches once for each throw after the move, the weakest of the
// catalogue's levels that counts the same unit as `level` (Duodecim's and Ur's "greedy"; XII
// Scripta's weaker levels count steps, so its "best") with OUTLOOK_NODES; in a game without
// dice, `level` itself with `maxNodes`.
export function outlookSearchOf(entry, level, maxNodes = REVIEW_NODES) {
  if (!entry?.dice) return { level, max_nodes: maxNodes };
  const unit = unitOf(entry, level);
  return {
    level: entry.levels.find((name) => entry.search_values[name] === unit) ?? level,
    max_nodes: OUTLOOK_NODES,
  };
}
export const scaleOf = (unit) => (unit === "chance" ? "chance" : "men");

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
