// The WebAssembly side of compare.py: randomPlayout plies per second for one game, measured as
// playout_probe.c measures ludus_game_random_playout natively (clone a prototype, play it out
// with seeds 1, 2, ..., capped at 10,000 plies, free it; a warm-up, then a timed run).
// Usage: node playout.mjs PACKAGE_NODE_INDEX_JS GAME OPTIONS_JSON SECONDS   Prints: plies_per_second games
const [packagePath, id, options, seconds] = process.argv.slice(2);
const { Game } = await import(packagePath);

function playouts(prototype, duration) {
  let plies = 0,
    games = 0,
    seed = 1;
  const start = performance.now();
  do {
    for (let i = 0; i < 16; i++, games++) {
      const game = prototype.copy();
      plies += game.randomPlayout(seed++, 10000).plies;
      game.close();
    }
  } while (performance.now() - start < duration * 1000);
  return { rate: plies / ((performance.now() - start) / 1000), games };
}

const prototype = new Game(id, options);
playouts(prototype, 0.2);
const { rate, games } = playouts(prototype, Number(seconds));
console.log(`${rate.toFixed(0)} ${games}`);
prototype.close();
