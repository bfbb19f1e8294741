//# allFunctionsCalledOnLoad
import { catalogueOf, state } from "./state.js";

// The computer's levels as the library's catalogue names them, weakest first; then the players
// of another style, offered apart ("other_levels": uct, a Monte Carlo tree search that knows only
// the rules). The app offers the ones every game has; Ur's "perfect" needs the solved game's
// table, and the new-game dialog offers it where that is found (dialogs.js: offerPerfect).
const everyGames = (field) =>
  state.catalogue[0][field].filter((level) => state.catalogue.every((entry) => entry[field].includes(level)));
export const levels = () => everyGames("levels");
export const otherLevels = () => everyGames("other_levels");
// The app's defaults where the library's would let a game go on for ever: a draw rule on
// (shown and changeable in the new-game dialog). Keyed by option name, for every game.
const APP_DEFAULTS = { draw_repetitions: 3, draw_plies_without_capture: 100 };
export const DEFAULT_GAME = "duodecim"; // the game a first visit starts with (else the catalogue's first)

export function defaultSettings() {
  const id = state.catalogue.some((entry) => entry.id === DEFAULT_GAME) ? DEFAULT_GAME : state.catalogue[0].id;
  return { game: id, options: defaultOptions(id), opponent: "easy", computer: 1 };
}

// The new-game dialog shows a game's ruleset beside its card; its other options (who starts, the
// pieces, the board's size, the draw counters) are folded away under "Altre opzioni". The seed is
// drawn by the app, never asked.
// Rulesets of the library the app does not offer: the game's app.json says which and why
// ("rulesets_not_offered": Latrunculi's Kowalski 10x11, won by the first move).
export const rulesetsNotOffered = (id) => state.games[id]?.rulesets_not_offered ?? [];

export function optionFields(id) {
  const hidden = rulesetsNotOffered(id);
  const fields = Object.entries(catalogueOf(id).options)
    .filter(([, spec]) => spec.type !== "seed")
    .map(([name, spec]) => [
      name,
      name === "ruleset" ? { ...spec, values: spec.values.filter((value) => !hidden.includes(value)) } : spec,
    ]);
  return {
    ruleset: fields.find(([name]) => name === "ruleset") ?? null,
    more: fields.filter(([name]) => name !== "ruleset"),
  };
}

export function defaultOptions(id) {
  const options = {};
  for (const [name, spec] of Object.entries(catalogueOf(id).options)) {
    if (spec.type === "seed") continue;
    options[name] = name in APP_DEFAULTS ? APP_DEFAULTS[name] : spec.default;
  }
  return options;
}

// The visitor's pace of the computer's moves: a factor of the address's pace (config.js PACE,
// 1.2 s by default), so that ?pace= in the tests keeps every choice short.
export const PACE_FACTORS = { slow: 2, normal: 1, fast: 0.5 };
export const paceOf = (base, choice) => Math.round(base * (PACE_FACTORS[choice] ?? 1));
