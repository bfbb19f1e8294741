// The picture the page shows before the engine is ready (first-board.svg): the app's first game
// (app/settings.js DEFAULT_GAME, else the catalogue's first) at its start, drawn at build time by the same library
// with the render options the app asks for. The page paints it at once, so a visitor (and
// Lighthouse's largest contentful paint) need not wait for the WebAssembly module; the app
// replaces it with the live board.
//   node first-board.mjs PACKAGE_INDEX_JS OUTPUT_SVG
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { DEFAULT_GAME } from "./app/settings.js";

const [packageIndex, output] = process.argv.slice(2);
const { Game, LudusError, games } = await import(pathToFileURL(packageIndex).href);

const catalogue = games();
const id = catalogue.some((entry) => entry.id === DEFAULT_GAME) ? DEFAULT_GAME : catalogue[0].id;
const game = new Game(id, { seed: 1 });
// As app.js's pictureOptionsOf: each wanted option where the game's pictures take it.
const options = { size: 480 };
for (const [name, value] of Object.entries({ words: false, positions: true, coordinates: false })) {
  try {
    game.svg({ [name]: value });
    options[name] = value;
  } catch (error) {
    if (!(error instanceof LudusError)) throw error;
  }
}
const svg = game
  .svg(options)
  .replace(/^<\?xml[^>]*>\s*/, "")
  .replace(/<title>[^<]*<\/title>\s*/, "") // the library's English words: the page says
  .replace(/ (role|aria-label)="[^"]*"/g, "") // what it shows in its own (the image is decorative)
  .replace(/<rect [^>]*class="background"[^>]*\/>\s*/, "");
game.close();
writeFileSync(output, svg);
