//# allFunctionsCalledOnLoad
// "Learn to play": the lessons' logic, without DOM (tested in Node). A lesson (lessons.json) is
// a game, its options and steps; a step is a position in the library's own JSON (the position
// of a saved state, schemas/<game>.schema.json), the dice it is played with, and a goal: what
// the visitor's one move is to do, as data. The library sets the position up and plays the move
// on a copy; the goal is checked on the move and the position after it. Every step's words are
// in the message catalogues: lesson.<game>.<step>.task, .hint and .done; why a move misses a goal,
// lesson.why.<goal type> (an end's goal: lesson.why.<end reason>).
import { state } from "./state.js";

// The step's game, from a new game's saved state with the step's position as its start.
export function stepGame(lesson, step) {
  const fresh = new state.Game(lesson.game, lesson.options);
  const saved = fresh.toJSON();
  fresh.close();
  const game = state.Game.fromJSON({ ...saved, start: step.position, position: step.position, history: [] });
  if (step.dice) game.setDice(...step.dice);
  return game;
}

export const stepKey = (lesson, step, part) => `lesson.${lesson.game}.${step.id}.${part}`;

// Why a move does not do what the goal asks, as a message key and its parameters; null when it does.
export function judge(game, goal, move) {
  const after = game.copy();
  try {
    after.play({ text: move.text });
    return GOALS[goal.type](move, after, goal)
      ? null
      : { key: `lesson.why.${goal.reason ?? goal.type}`, params: { count: goal.count ?? 1, height: goal.height } };
  } finally {
    after.close();
  }
}

// The legal moves that reach the goal (the "show me" of the page).
export const rightMoves = (game, goal) => game.legalMoves().filter((move) => judge(game, goal, move) === null);

const ROMAN = ["I", "II", "III", "IV", "V", "VI"];

// A race game's pieces of a player on a cell: an entry cell (I..VI) or a cell of the track (1..).
function piecesAt(position, player, name) {
  const entry = ROMAN.indexOf(name);
  if (entry >= 0) return position.entry?.[player]?.[entry] ?? 0;
  return /^\d+$/.test(name) ? (position.track?.[player]?.[Number(name) - 1] ?? 0) : 0;
}

// A board game's square ("c4") in its ranks (rank 1 first): the piece's letter, or "" off the board.
function pieceOn(ranks, file, rank) {
  return ranks[rank - 1]?.[file] ?? "";
}

// Men and dux of a player in the ranks' letters (Petteia has men only).
const OWN = ["0D", "1d"];

function betweenEnemies(position, player, square) {
  const file = square.charCodeAt(0) - 97,
    rank = Number(square.slice(1));
  const isEnemy = (df, dr) => OWN[1 - player].includes(pieceOn(position.ranks, file + df, rank + dr) || "-");
  const standing = OWN[player].includes(pieceOn(position.ranks, file, rank) || "-");
  return standing && ((isEnemy(-1, 0) && isEnemy(1, 0)) || (isEnemy(0, -1) && isEnemy(0, 1)));
}

const GOALS = {
  enters: (move) => move.from_name === "H" || move.from_name === "B",
  bears_off: (move) => move.to_name === "O",
  captures: (move, after, goal) => move.captured_count >= (goal.count ?? 1),
  arrives: (move, after, goal) => move.to_name === goal.at,
  column: (move, after, goal) => piecesAt(after.position, move.player, move.to_name) >= goal.height,
  // the piece stands between two enemies on a line, and is still there after the move
  between_enemies: (move, after) => betweenEnemies(after.position, move.player, move.to_name),
  end_reason: (move, after, goal) => after.endReason === goal.reason && after.winner === move.player,
  // the same player throws again (the Royal Game of Ur's rosettes)
  rolls_again: (move, after) => !after.isOver && after.toMove === move.player,
  // a piece of the player is still on the cell after the move (the Royal Game of Ur's central
  // rosette kept while another piece moves)
  holds: (move, after, goal) => piecesAt(after.position, move.player, goal.at) > 0,
  // the move takes at least goal.count pieces (none asked: 0) and leaves the opponent no capture
  // in reply (a board game: the opponent moves at once, no dice)
  safe: (move, after, goal) =>
    move.captured_count >= (goal.count ?? 0) &&
    (after.isOver || after.toMove === move.player || !after.legalMoves().some((reply) => reply.captured_count > 0)),
};

export const GOAL_TYPES = Object.keys(GOALS);
