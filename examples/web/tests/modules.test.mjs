// The web app's modules that hold no DOM (app/state.js, messages.js, words.js, moves.js,
// settings.js, dice.js, demo.js), in Node on the built package; and the page's module list, checked against
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
const dice = await import("../app/dice.js");
const demo = await import("../app/demo.js");

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

test("dice: a throw tumbles through other faces, each unlike the one before, and lands on the values", () => {
  const { FRAME_MS, PIPS, throwDuration, throwFrames } = dice;
  for (const value of [1, 2, 3, 4, 5, 6]) assert.equal(PIPS[value].length, value);
  assert.equal(throwDuration(1200), 500);
  assert.equal(throwDuration(30), 15);
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  for (let i = 0; i < 50; i++) {
    const frames = throwFrames([3, 3], 500, random);
    assert.equal(frames.length, Math.floor(500 / FRAME_MS));
    assert.deepEqual(frames.at(-1), [3, 3]);
    frames.forEach((frame, f) => frame.forEach((face, die) => {
      assert.ok(face >= 1 && face <= 6);
      if (f > 0) assert.notEqual(face, frames[f - 1][die], "a face that stays looks stuck");
    }));
  }
  assert.deepEqual(throwFrames([6], 15), [[6]], "at a test's pace no tumbling: the value at once");
});

test("demo: the attract screen's game plays itself to the end through the library, then starts again", () => {
  const game = new ludus.Game(demo.DEMO_GAME, { ...settings.defaultOptions(demo.DEMO_GAME), seed: 3 });
  const seen = new Set();
  let actions = 0;
  for (let action = demo.nextDemoAction(game); action !== "restart"; action = demo.nextDemoAction(game)) {
    seen.add(action);
    if (action === "roll") game.roll();
    else {
      const move = game.aiMove(demo.demoSearch(game));
      assert.equal(move.search.level, demo.DEMO_LEVEL);
      assert.ok(game.legalMoves().some((legal) => legal.text === move.text));
      game.play({ text: move.text });
    }
    assert.ok(++actions < 2000, "the demo game does not end");
  }
  assert.deepEqual([...seen].sort(), ["roll", "think"]);
  assert.ok(game.isOver);
  assert.equal(game.history.filter((event) => !event.text.startsWith("roll")).map((event) => event.player).includes(1), true, "both sides played");
  game.free();
  assert.equal(demo.demoStepMs(1200), 1500);
  assert.equal(demo.demoStepMs(30), 100, "never a step so short that the tablet runs hot");
  assert.equal(demo.secondLanguage("it", ["it", "en", "de"]), "en");
  assert.equal(demo.secondLanguage("de", ["it", "en", "de"]), "en");
  assert.equal(demo.secondLanguage("en", ["it", "en", "de"]), "it");
  assert.equal(demo.secondLanguage("it", ["it"]), null);
});

test("settings: the visitor's pace, a factor of the address's", () => {
  assert.equal(settings.paceOf(1200, "normal"), 1200);
  assert.equal(settings.paceOf(1200, "slow"), 2400);
  assert.equal(settings.paceOf(1200, "fast"), 600);
  assert.equal(settings.paceOf(30, "fast"), 15);
  assert.equal(settings.paceOf(1200, "unknown"), 1200);
});

test("moves: a capture (its sound) told from a move that takes nothing, in the library's moves", () => {
  const game = new ludus.Game("petteia", { rows: 6, cols: 6, seed: 4 });
  let capture = null, quiet = null;
  for (let ply = 0; ply < 400 && !game.isOver && !capture; ply++) {
    const legal = game.legalMoves();
    capture = legal.find(moves.isCapture) ?? null;
    quiet ??= legal.find((move) => !moves.isCapture(move)) ?? null;
    game.play({ text: game.aiMove({ level: "random", seed: ply }).text });
  }
  assert.ok(capture && capture.captured_count > 0, "no capture found in a game of Petteia");
  assert.ok(quiet && quiet.captured_count === 0);
  game.free();
});
