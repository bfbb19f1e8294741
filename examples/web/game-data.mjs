// The games' own data merged into the app at build time (docs/adding-a-game.md, "The app"): each
// game's folder lib/<id>/app/ gives its words per language (i18n/TAG.json), its lesson
// (lesson.json) and its other facts for the app (app.json); the build lists the folders through
// the catalogue's ids (lib/meson.build: game_ids) and writes what the page loads:
//   node game-data.mjs words OUTPUT_DIR APP_I18N_DIR TAGS ID=FOLDER...  (OUTPUT_DIR/TAG.json each)
//   node game-data.mjs lessons OUTPUT_FILE ID=FOLDER...                 (lessons.json)
//   node game-data.mjs facts OUTPUT_FILE ID=FOLDER...                   (games.json)
// TAGS is the app's languages, comma-separated. A game's key must name the game (a segment of
// the key is its id: "game.ur", "print.rules.ur.setup"), so that no game's words overwrite the
// app's or another game's; a key both the app and a game define is an error.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const readJSON = (path) => {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`${path}: ${error.message}`);
  }
};
const gamesOf = (pairs) =>
  pairs.map((pair) => {
    const [id, folder] = pair.split("=");
    if (!id || !folder) throw new Error(`${pair}: expected ID=FOLDER`);
    return { id, folder };
  });

/** A language's catalogue: the app's words, then each game's (whose keys name the game). */
function mergeWords(appWords, gameWords) {
  const merged = { ...appWords };
  for (const [id, words, where] of gameWords) {
    for (const [key, value] of Object.entries(words)) {
      if (!key.split(".").includes(id)) throw new Error(`${where}: the key ${key} does not name the game ${id}`);
      if (Object.hasOwn(merged, key)) throw new Error(`${where}: the key ${key} is defined twice`);
      merged[key] = value;
    }
  }
  return merged;
}

function words(output, appI18n, tags, pairs) {
  const games = gamesOf(pairs);
  for (const tag of tags.split(",")) {
    const gameWords = games
      .map(({ id, folder }) => [id, join(folder, "i18n", `${tag}.json`)])
      .filter(([, path]) => existsSync(path))
      .map(([id, path]) => [id, readJSON(path), path]);
    const merged = mergeWords(readJSON(join(appI18n, `${tag}.json`)), gameWords);
    writeFileSync(join(output, `${tag}.json`), `${JSON.stringify(merged, null, 1)}\n`);
  }
}

function lessons(output, pairs) {
  const all = [];
  for (const { id, folder } of gamesOf(pairs)) {
    const path = join(folder, "lesson.json");
    if (!existsSync(path)) continue;
    const lesson = readJSON(path);
    if (lesson.game !== id) throw new Error(`${path}: "game" is ${JSON.stringify(lesson.game)}, not ${id}`);
    if (!Array.isArray(lesson.steps) || lesson.steps.length === 0) throw new Error(`${path}: no steps`);
    all.push(lesson);
  }
  writeFileSync(output, `${JSON.stringify({ lessons: all })}\n`);
}

function facts(output, pairs) {
  const all = {};
  for (const { id, folder } of gamesOf(pairs)) {
    const path = join(folder, "app.json");
    if (existsSync(path)) all[id] = readJSON(path);
  }
  writeFileSync(output, `${JSON.stringify(all)}\n`);
}

const [mode, ...args] = process.argv.slice(2);
if (mode === "words") words(args[0], args[1], args[2], args.slice(3));
else if (mode === "lessons") lessons(args[0], args.slice(1));
else if (mode === "facts") facts(args[0], args.slice(1));
else throw new Error(`${mode}: expected words, lessons or facts`);
