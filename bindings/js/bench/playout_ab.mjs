// Two builds of the package side by side: random playouts per CPU second of each (process
// CPU time, which a loaded machine disturbs far less than wall time), alternating, ROUNDS rounds,
// every ruleset of the catalogue; prints each build's median and their ratio. For a
// change of how the module is compiled (docs/web.md, "sizes"), where only the ratio matters.
// Usage: node bindings/js/bench/playout_ab.mjs BEFORE_WASM_BUILD AFTER_WASM_BUILD [ROUNDS]
import path from "node:path";

const [before, after, rounds = "7"] = process.argv.slice(2);
const packages = await Promise.all(
  [before, after].map((build) => import(path.resolve(build, "bindings", "js", "node", "index.js"))),
);
// Every ruleset of the catalogue at its defaults (a game without rulesets once); race games play
// shorter games, so more of them.
const rulesets = packages[0]
  .games()
  .flatMap((game) =>
    (game.options.ruleset?.values ?? [null]).map((ruleset) => [
      ruleset ? `${game.name} ${ruleset}` : game.name,
      game.id,
      ruleset ? { ruleset } : {},
      game.kind === "race" ? 3000 : 1000,
    ]),
  );

// Plies per CPU second over `games` playouts of seeds 1, 2, ... (as compare.py's, capped at 10,000 plies).
function rate(prototype, games) {
  let plies = 0;
  const start = process.cpuUsage();
  for (let seed = 1; seed <= games; seed++) {
    const game = prototype.copy();
    plies += game.randomPlayout(seed, 10000).plies;
    game.close();
  }
  const used = process.cpuUsage(start);
  return plies / ((used.user + used.system) / 1e6);
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

console.log(`random playouts, M plies per CPU second, medians of ${rounds} alternating rounds`);
console.log(`${"ruleset".padEnd(32)}${"before".padStart(8)}${"after".padStart(8)}${"after/before".padStart(14)}`);
for (const [name, id, options, games] of rulesets) {
  const prototypes = packages.map(({ Game }) => new Game(id, JSON.stringify({ ...options, seed: 1 })));
  prototypes.forEach((p) => rate(p, Math.ceil(games / 10))); // warm-up
  const rates = [[], []];
  for (let round = 0; round < Number(rounds); round++) prototypes.forEach((p, i) => rates[i].push(rate(p, games)));
  const [b, a] = rates.map(median);
  console.log(
    `${name.padEnd(32)}${(b / 1e6).toFixed(2).padStart(8)}${(a / 1e6).toFixed(2).padStart(8)}${(a / b).toFixed(3).padStart(14)}`,
  );
  prototypes.forEach((p) => p.close());
}
