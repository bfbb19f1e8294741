// The web app's modules that hold no DOM (app/state.js, messages.js, words.js, moves.js,
// settings.js), in Node on the built package; and the page's module list, checked against
// app/main.js's imports (index.html's modulepreloads, meson.build's list).
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const here = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const ludus = await import(process.env.LUDUS_JS_PACKAGE);
const { state } = await import("../app/state.js");
const { setMessages, t } = await import("../app/messages.js");
const words = await import("../app/words.js");
const moves = await import("../app/moves.js");
const settings = await import("../app/settings.js");

const catalogue = (tag) => JSON.parse(readFileSync(here(`i18n/${tag}.json`), "utf8"));
state.Game = ludus.Game;
state.catalogue = ludus.games();

test("messages: placeholders and plurals by the language's rules", () => {
  setMessages("it", { "x": "da {from} a {to}", "n": { one: "{count} pedina", other: "{count} pedine" } });
  assert.equal(t("x", { from: 4, to: 9 }), "da 4 a 9");
  assert.equal(t("n", { count: 1 }), "1 pedina");
  assert.equal(t("n", { count: 3 }), "3 pedine");
  assert.equal(t("missing", {}, "fallback"), "fallback");
});

test("words: a move, a roll and the computer's turn in Italian, as a person says them", () => {
  setMessages("it", catalogue("it"));
  const game = new ludus.Game("petteia", { seed: 1 });
  state.game = game;
  state.settings = { game: "petteia", options: {}, opponent: "easy", computer: 1 };
  assert.equal(words.describeMove({ text: "a2-a3", from: "a2", to: "a3" }, 0), t("move.step", { who: t("player.you", { side: t("side.0") }), from: "a2", to: "a3" }));
  assert.deepEqual(words.parseMoveText("b2-b5"), { text: "b2-b5", from: "b2", to: "b5" });
  assert.deepEqual(words.parseMoveText("c4"), { text: "c4", to: "c4" });
  assert.deepEqual(words.parseMoveText("xd5"), { text: "xd5", kind: "remove", captures: ["d5"] });
  assert.match(words.describeEvent({ player: 1, text: "roll 3 5" }), /3 \+ 5/);
  words.narrate("roll", [3, 5]);
  words.narrate("move", { text: "a7-a6", from: "a7", to: "a6" });
  assert.equal(words.narrationText(), t("narrate.rolled_played", { dice: "3 + 5", moves: t("said.step", { from: "a7", to: "a6" }) }));
  words.narrate("clear");
  assert.equal(words.narrationText(), "");
  game.free();
});

test("words: the opening roll and who starts, at a race game's start", () => {
  setMessages("en", catalogue("en"));
  const game = new ludus.Game("duodecim", { seed: 1 });
  state.game = game;
  state.settings = { game: "duodecim", options: {}, opponent: "easy", computer: 1 };
  words.narrate("start");
  const said = words.narrationText();
  const [a, b, c, d] = game.toJSON().setup.opening_rolls[0];
  assert.ok(said.includes(`${a} + ${b}`) && said.includes(`${c} + ${d}`), said);
  assert.ok(said.includes(t(game.toJSON().setup.first_player === 1 ? "starts.computer" : "starts.you")), said);
  game.free();
});

test("moves and settings: whose turn, the app's draw defaults", () => {
  const game = new ludus.Game("latrunculi", { seed: 1 });
  state.game = game;
  state.resigned = null;
  state.settings = { ...settings.defaultSettings(), game: "latrunculi", computer: game.toMove };
  assert.equal(moves.isComputerTurn(), true);
  state.settings.opponent = "human";
  assert.equal(moves.isComputerTurn(), false);
  assert.ok(moves.legalMoves().length > 0);
  state.resigned = 0;
  assert.deepEqual(moves.legalMoves(), []);
  state.resigned = null;
  const options = settings.defaultOptions("latrunculi");
  assert.equal(options.draw_repetitions, 3);
  assert.equal(options.draw_plies_without_capture, 100);
  assert.ok(!("seed" in options));
  assert.equal(settings.defaultSettings().game, "duodecim");
  game.free();
});

// The import graph of app/main.js, read from the files' import lines.
function importsOf(name, seen = new Set()) {
  if (seen.has(name)) return seen;
  seen.add(name);
  const text = readFileSync(here(`app/${name}`), "utf8");
  for (const [, path] of text.matchAll(/^import .* from "\.\/([\w-]+\.js)";$/gm)) importsOf(path, seen);
  return seen;
}

test("the page preloads every module app/main.js imports, and meson.build lists them all", () => {
  const graph = [...importsOf("main.js")].sort();
  const html = readFileSync(here("index.html"), "utf8");
  const preloaded = [...html.matchAll(/<link rel="modulepreload" href="app\/([\w-]+\.js)">/g)].map((m) => m[1]).sort();
  assert.deepEqual(preloaded, graph);
  const files = readdirSync(here("app")).filter((name) => name.endsWith(".js")).sort();
  assert.deepEqual(files, graph, "a module in app/ that main.js does not import");
  const listed = /web_modules = \[([^\]]*)\]/.exec(readFileSync(here("meson.build"), "utf8"))[1].match(/'[\w-]+\.js'/g).map((s) => s.slice(1, -1)).sort();
  assert.deepEqual(listed, graph);
});

test("words: the end's reason names the sides, true for the winner and the loser alike", () => {
  for (const tag of ["it", "en", "de"]) {
    setMessages(tag, catalogue(tag));
    state.settings = { game: "latrunculi", options: {}, opponent: "easy", computer: 1 };
    state.resigned = null;
    for (const [reason, winner] of [["dux_immobilised", 0], ["all_captured", 1], ["one_piece_left", 0], ["borne_off", 1], ["quiet_moves", 0]]) {
      state.game = { position: { end_reason: reason }, history: [], winner };
      const said = words.endReason();
      const named = reason === "borne_off" || reason === "quiet_moves" ? winner : 1 - winner;
      assert.ok(said.includes(words.playerName(named)), `${tag} ${reason}: ${said}`);
      assert.ok(!said.includes("{"), said);
    }
    state.game = { position: { end_reason: "repetition" }, history: [], winner: null };
    assert.ok(words.endReason().length > 0 && !words.endReason().includes("{"));
  }
});

test("new-game dialog: each game's ruleset apart, its other options folded, every card and source in words", () => {
  for (const entry of state.catalogue) {
    const { ruleset, more } = settings.optionFields(entry.id);
    const names = more.map(([name]) => name);
    assert.equal(ruleset?.[0] ?? null, "ruleset" in entry.options ? "ruleset" : null, entry.id);
    assert.deepEqual([...names, ...(ruleset ? ["ruleset"] : [])].sort(), Object.keys(entry.options).filter((name) => entry.options[name].type !== "seed").sort());
    for (const tag of ["it", "en", "de"]) {
      const words = catalogue(tag);
      for (const key of [`newgame.about.${entry.id}`, `newgame.length.${entry.id}`]) assert.ok(words[key], `${tag}: ${key}`);
      const sources = ruleset ? ruleset[1].values.map((value) => `newgame.source.${entry.id}.${value}`) : [`newgame.source.${entry.id}`];
      for (const key of sources) assert.ok(words[key], `${tag}: ${key}`);
    }
  }
});

// A PNG's width and height, from its IHDR chunk.
function pngSize(path) {
  const bytes = readFileSync(path);
  assert.equal(bytes.toString("latin1", 1, 4), "PNG", `${path} is no PNG`);
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test("manifests: one per language, in that language, naming icons that exist at their sizes; the page links its own and the apple-touch-icon", () => {
  const site = process.env.LUDUS_WEB_SITE;
  const languages = JSON.parse(readFileSync(here("i18n/languages.json"), "utf8"));
  for (const tag of languages) {
    const manifest = JSON.parse(readFileSync(`${site}/manifest.${tag}.webmanifest`, "utf8"));
    const words = catalogue(tag);
    assert.equal(manifest.lang, tag);
    assert.deepEqual([manifest.name, manifest.short_name, manifest.description], [words["manifest.name"], words["manifest.short_name"], words["manifest.description"]]);
    const sizes = manifest.icons.filter((icon) => icon.type === "image/png").map((icon) => {
      assert.equal(pngSize(`${site}/${icon.src}`), icon.sizes, icon.src);
      return icon.sizes;
    });
    assert.deepEqual(sizes.sort(), ["192x192", "512x512"]);
    for (const icon of manifest.icons) assert.ok(readFileSync(`${site}/${icon.src}`).length > 0, icon.src);
  }
  const html = readFileSync(here("index.html"), "utf8");
  const pageLanguage = /<html lang="(\w+)">/.exec(html)[1];
  assert.equal(/<link rel="manifest" href="([^"]+)">/.exec(html)[1], `manifest.${pageLanguage}.webmanifest`);
  const touch = /<link rel="apple-touch-icon" href="([^"]+)" sizes="(\d+x\d+)">/.exec(html);
  assert.ok(touch, "index.html links no apple-touch-icon");
  assert.equal(pngSize(`${site}/${touch[1]}`), "180x180");
  assert.equal(touch[2], "180x180");
  const files = /web_files = \[([^\]]*)\]/.exec(readFileSync(here("meson.build"), "utf8"))[1];
  for (const name of [touch[1], "icon-192.png", "icon-512.png"]) assert.ok(files.includes(`'${name}'`), `${name} not in web_files`);
});
