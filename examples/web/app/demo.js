//# allFunctionsCalledOnLoad
// The kiosk's attract screen plays a game by itself: what it does next, one action per step, and
// the languages its invitation is written in. No DOM here (tested in Node).

export const DEMO_GAME = "duodecim";
export const DEMO_LEVEL = "easy"; // a fast search: the tablet stays cool
export const DEMO_REST_STEPS = 3; // steps the last position stays on screen before a new game

/** The next action of a game playing itself: "restart" once over, "roll" before a move's
 * dice, else "think" (the computer chooses the move of the side to play). */
export function nextDemoAction(game) {
  if (game.isOver) return "restart";
  return game.phase === "roll" ? "roll" : "think";
}

/** The search options of the demo's move: the same level for both sides, seeded by the ply so
 * that the two sides do not play alike. */
export const demoSearch = (game) => ({ level: DEMO_LEVEL, seed: game.history.length });

/** The language of the invitation's second line: English under the museum's language, Italian
 * under English; none where the app has not that language. */
export function secondLanguage(museum, languages) {
  const other = museum === "en" ? "it" : "en";
  return languages.includes(other) ? other : null;
}

/** The time between two of the demo's actions: a fifth longer than the computer's pace in a
 * game (1.5 s by default; ?pace= shortens it for the tests), never so short that it runs hot. */
export const demoStepMs = (pace) => Math.max(100, Math.round(pace * 1.25));
