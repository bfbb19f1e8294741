//# allFunctionsCalledOnLoad
// The app's one state object: every module reads and changes the game through it (as
// chessground's modules share one state). No DOM here: it loads in Node for the tests.
export const state = {
  Game: null, // the engine's Game class, LudusError and the catalogue: set once it loads
  LudusError: null,
  catalogue: [],
  games: {}, // each game's facts for the app by id (games.json, from lib/<id>/app/app.json)
  game: null, // the Game being played
  settings: null, // {game, options, opponent, computer}
  resigned: null, // the player who resigned (the library has no resignation: the app keeps it)
  selected: null, // the position chosen as a move's origin
  hinted: null, // the move the hint suggests
  thinking: false, // what the computer is searching for: "move", "hint", "draw" (false: nothing)
  request: 0, // the id of the worker request still wanted
  cursor: 0, // the keyboard's place on the board (an index into places())
  rotated: false, // the board is drawn turned a quarter (a wide board on a tall screen)
  wholeBoard: false, // the visitor asked to see a zoomed board whole (board.js: zoomBoard)
  endShown: false, // the end of the game has been shown (the end panel: review.js)
  started: null, // when the game started and ended (ms since 1970; null: not known), for its length
  ended: null,
  review: null, // the game looked back on (review.js): its saved state, steps, shown position, evaluation
  // the analysis board (analysis.js; null: none): the game and review set aside (back), the
  // position the branch started from, and the engine's answer for the position shown
  analysis: null,
  // what the computer did in its turn, written out on screen (words.js: narrate)
  narration: { opening: false, dice: null, moves: [] },
  // the lesson being taken (learn.js; null: none): the game left aside to come back to (back),
  // the lesson and its step (lesson, index), its judge, display and voice (judge, show, say) and
  // the step's state (done, marks, feedback)
  lesson: null,
  // the game played with a friend through a server (friend.js; null: a game on this device): its
  // id and seat, the join link, the server's view of it, the connection's state
  // ("connecting", ...), whether a server update is being applied, and the greeting to say once
  // the game is on the board
  online: null,
};

export const catalogueOf = (id) => state.catalogue.find((entry) => entry.id === id);

// A fact of a game's app.json (state.games): for the game being played, its ruleset's own
// ("rulesets": {"RULESET": {...}}: Senet's Jéquier counts a throw of no sticks 6) before the game's.
export function gameFact(id, name) {
  const facts = state.games[id];
  const ruleset = state.game && id === state.game.id ? state.game.ruleset : undefined;
  return facts?.rulesets?.[ruleset]?.[name] ?? facts?.[name];
}

// The games the app offers: every game of the library's catalogue (games()), in its order; the
// app's own data of each (words, lesson, rules pages, app.json's facts) comes from the game's
// folder (lib/<id>/app/, merged at build time), and a game without it is offered with the
// catalogue's facts and English name. A kiosk may choose some of them (config.js CHOSEN_GAMES:
// ?games=ID,ID or kiosk.json's "games"); ids the catalogue lacks are left out, and if none is
// left every game is offered.
export function offeredCatalogue(games, chosen = []) {
  const offered = games.filter((entry) => chosen.includes(entry.id));
  return offered.length > 0 ? offered : games;
}
