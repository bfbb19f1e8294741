// The package under test: the built one (meson test sets LUDUS_JS_PACKAGE), else the usual
// build folder next to the sources.
const path =
  process.env.LUDUS_JS_PACKAGE ?? new URL("../../../build-wasm/bindings/js/node/index.js", import.meta.url).pathname;
export const ludus = await import(path);

/** Every game of the catalogue in each of its rulesets: [id, { ruleset }], or [id, {}] for a game
 * with one set of rules; a game registered is tested the same day. */
export function everyRuleset() {
  return ludus.games().flatMap((entry) => {
    const ruleset = entry.options.ruleset;
    return ruleset ? ruleset.values.map((name) => [entry.id, { ruleset: name }]) : [[entry.id, {}]];
  });
}

/** `options` with a draw after 50 plies without a capture where the game has that rule (its
 * catalogue entry offers the option), so that random games of every ruleset end soon. */
export function endingSoon(id, options = {}) {
  const entry = ludus.games().find((game) => game.id === id);
  return "draw_plies_without_capture" in entry.options
    ? { ...options, draw_plies_without_capture: 50 }
    : { ...options };
}
