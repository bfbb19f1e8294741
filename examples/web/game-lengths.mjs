// How long a game of each game and ruleset takes, for the new-game dialog's cards
// (newgame.length.* in i18n/*.json): not part of the site, run by hand after a rules change.
//   node examples/web/game-lengths.mjs build-wasm/bindings/js/node/index.js
// Games of the library's "greedy" computer against itself at the app's default options (its
// draw rules on: settings.js), 12 of each (fewer when 20 s have passed), timed as a visitor plays
// against the computer: 8 s for each of the visitor's moves (look, tap, tap), 2 s for each of the
// computer's (the app's pace and its search) and 2 s for each roll of the dice.
import { pathToFileURL } from "node:url";

const { Game, games } = await import(pathToFileURL(process.argv[2]).href);
const APP_DEFAULTS = { draw_repetitions: 3, draw_plies_without_capture: 100 };
const SECONDS = { visitor: 8, computer: 2, roll: 2 };
const quantile = (values, p) => values.slice().sort((a, b) => a - b)[Math.floor(p * (values.length - 1))];

function play(id, options, seed) {
  const game = new Game(id, { ...options, seed });
  let moves = 0,
    rolls = 0;
  while (game.result === "ongoing" && moves + rolls < 5000) {
    if (game.phase === "roll") {
      game.roll();
      rolls++;
      continue;
    }
    game.play(game.aiMove({ level: "greedy", seed: seed * 7919 + moves }));
    moves++;
  }
  game.close();
  return ((moves / 2) * (SECONDS.visitor + SECONDS.computer) + rolls * SECONDS.roll) / 60;
}

for (const entry of games()) {
  for (const ruleset of entry.options.ruleset?.values ?? [undefined]) {
    const options = Object.fromEntries(Object.entries(APP_DEFAULTS).filter(([name]) => name in entry.options));
    if (ruleset) options.ruleset = ruleset;
    const minutes = [],
      started = Date.now();
    for (let seed = 1; seed <= 12 && Date.now() - started < 20000; seed++) minutes.push(play(entry.id, options, seed));
    console.log(
      `${entry.id} ${ruleset ?? ""}: ${minutes.length} games, minutes p25 ${quantile(minutes, 0.25).toFixed(1)}, median ${quantile(minutes, 0.5).toFixed(1)}, p75 ${quantile(minutes, 0.75).toFixed(1)}`,
    );
  }
}
