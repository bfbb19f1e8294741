//# allFunctionsCalledOnLoad
import { catalogueOf, state } from "./state.js";

// The dice as drawn on screen: each face's pips on a 3x3 grid, and the faces a throw tumbles
// through before it lands on the values. No DOM here (tested in Node).

// [column, row] of each pip, 0..2
export const PIPS = {
  1: [[1, 1]],
  2: [
    [0, 0],
    [2, 2],
  ],
  3: [
    [0, 0],
    [1, 1],
    [2, 2],
  ],
  4: [
    [0, 0],
    [2, 0],
    [0, 2],
    [2, 2],
  ],
  5: [
    [0, 0],
    [2, 0],
    [1, 1],
    [0, 2],
    [2, 2],
  ],
  6: [
    [0, 0],
    [0, 1],
    [0, 2],
    [2, 0],
    [2, 1],
    [2, 2],
  ],
};

// Binary dice, as the catalogue's "dice" says (faces 0 and 1: the Royal Game of Ur's tetrahedra
// with two of their four tips marked, a die counting 1 when a marked tip is up; throwing
// sticks): each die is drawn with its two faces (a tetrahedron seen from above, its top tip
// marked or not; a stick, its marked side up or not), and the dice's total beside them. For the
// game being played, its ruleset's dice (Senet's Bell throws one four-sided die, not sticks).
const diceOf = (gameId) => {
  const entry = catalogueOf(gameId);
  const ruleset = state.game && gameId === state.game.id ? state.game.ruleset : undefined;
  return entry?.rulesets?.find((each) => each.id === ruleset)?.dice ?? entry?.dice ?? null;
};
export const binaryDice = (gameId) => diceOf(gameId)?.faces?.join() === "0,1";
export const tetrahedralDice = (gameId) => diceOf(gameId)?.kind === "tetrahedral";
// What the dice are, as the catalogue says: "cubic", "tetrahedral", "sticks" (null: no dice).
export const diceKind = (gameId) => diceOf(gameId)?.kind ?? null;
// The lowest and the highest face a die shows.
export function faceRange(gameId) {
  const faces = diceOf(gameId)?.faces ?? [1, 6];
  return [Math.min(...faces), Math.max(...faces)];
}

// A stick lying on the table, on a 30x30 grid: its body, and the mark of its marked side.
export const STICK = { body: [11, 1, 8, 28], mark: [13, 7, 4, 16] };

// A tetrahedron seen from above on a 30x30 grid: its outline, its three edges up to the top tip
// (the middle), and the tip's mark.
export const TETRAHEDRON = {
  corners: [
    [15, 2],
    [28.5, 26.5],
    [1.5, 26.5],
  ],
  tip: [15, 18.3],
};

export const FRAME_MS = 70; // a face shown while the die tumbles
// A throw lasts half a second, less at a fast pace: the dice have landed before the computer
// acts on them (a tenth of a second or less is no throw: the values at once).
export const throwDuration = (pace) => Math.min(500, pace / 2);

/** The faces of each die frame after frame: tumbling faces, each differing from the one before
 * it (a face that stays looks stuck), the last frame the values thrown. */
export function throwFrames(values, duration, random = Math.random, binary = false) {
  const tumbling = Math.floor(duration / FRAME_MS) - 1;
  // a binary die has two faces: it flips frame after frame, the last tumbling one the other face
  if (binary)
    return [
      ...Array.from({ length: Math.max(0, tumbling) }, (_, i) => values.map((value) => value ^ ((tumbling - i) % 2))),
      [...values],
    ];
  const frames = [];
  let previous = values.map(() => 0);
  for (let i = 0; i < tumbling; i++) {
    const next = i === tumbling - 1 ? values : null;
    previous = previous.map((face, die) => {
      let drawn;
      do drawn = 1 + Math.floor(random() * 6);
      while (drawn === face || drawn === next?.[die]);
      return drawn;
    });
    frames.push(previous);
  }
  frames.push([...values]);
  return frames;
}
