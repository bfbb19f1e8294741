// The web app's modules that hold no DOM (app/state.js, messages.js, words.js, moves.js,
// settings.js, dice.js, demo.js), in Node on the built package; and the page's module list, checked against
// app/main.js's imports (index.html's modulepreloads, meson.build's list).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const here = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const ludus = await import(process.env.LUDUS_JS_PACKAGE);
const { offeredCatalogue, state } = await import("../app/state.js");
const { has, rulesetKey, setDiceKind, setMessages, t } = await import("../app/messages.js");
const words = await import("../app/words.js");
const moves = await import("../app/moves.js");
const settings = await import("../app/settings.js");
const review = await import("../app/review-model.js");
const { renderMarkdown } = await import("../app/markdown.js");
const dice = await import("../app/dice.js");
const demo = await import("../app/demo.js");
const tableReader = await import("../app/table-reader.js");

// The site as built (the catalogues with every game's words merged in, lessons.json, games.json,
// the rules pages: examples/web/meson.build, game-data.mjs).
const site = (path) => `${process.env.LUDUS_WEB_SITE}/${path}`;
const catalogue = (tag) => JSON.parse(readFileSync(site(`i18n/${tag}.json`), "utf8"));
state.Game = ludus.Game;
state.catalogue = offeredCatalogue(ludus.games());
state.games = JSON.parse(readFileSync(site("games.json"), "utf8"));

test("state: the app offers every game of the library's catalogue, in its order; a kiosk chooses some", () => {
  const ids = ludus.games().map((entry) => entry.id);
  assert.deepEqual(
    state.catalogue.map((entry) => entry.id),
    ids,
  );
  const [first, second] = ids;
  const offered = (chosen) => offeredCatalogue(ludus.games(), chosen).map((entry) => entry.id);
  assert.deepEqual(offered([second, first]), [first, second], "the library's order");
  assert.deepEqual(offered([second, "no_such_game"]), [second], "an id the catalogue lacks is left out");
  assert.deepEqual(offered(["no_such_game"]), ids, "none left: every game");
  assert.deepEqual(offered([]), ids);
});

test("state: the one state object declares every field the app keeps", () => {
  const declared = new Set(Object.keys(state));
  for (const file of readdirSync(here("app")).filter((name) => name.endsWith(".js"))) {
    const source = readFileSync(here(`app/${file}`), "utf8");
    // state.X read or written (not the module's file name, state.js)
    for (const [, field] of source.matchAll(/\bstate\.(?!js\b)([A-Za-z_]\w*)/g))
      assert.ok(declared.has(field), `app/${file}: state.${field} is not declared in app/state.js`);
    for (const [, fields] of source.matchAll(/Object\.assign\(state, \{([^}]*)\}/g))
      for (const [, field] of fields.matchAll(/(\w+):/g))
        assert.ok(declared.has(field), `app/${file}: state.${field} is not declared in app/state.js`);
  }
});

test("settings: the computer's levels are the catalogue's, weakest first, the other styles apart", () => {
  for (const entry of state.catalogue) {
    assert.deepEqual(settings.levels(), entry.levels, entry.id);
    assert.deepEqual(
      settings.otherLevels(),
      entry.other_levels.filter((level) => level !== "perfect"),
      entry.id,
    );
  }
  assert.ok(
    !settings.otherLevels().includes("perfect"),
    "perfect (Ur's solved table) is offered only where its table is found (dialogs.js)",
  );
  assert.equal(settings.levels().at(-1), "best");
  assert.ok(settings.levels().includes(settings.defaultSettings().opponent));
});

test("messages: placeholders and plurals by the language's rules", () => {
  setMessages("it", { x: "da {from} a {to}", n: { one: "{count} pedina", other: "{count} pedine" } });
  assert.equal(t("x", { from: 4, to: 9 }), "da 4 a 9");
  assert.equal(t("n", { count: 1 }), "1 pedina");
  assert.equal(t("n", { count: 3 }), "3 pedine");
  assert.equal(t("missing", {}, "fallback"), "fallback");
});

test("words: a step from and to a cell the board shows twice names the side whose cell it is, both ends", () => {
  setMessages("de", catalogue("de"));
  state.settings = { game: "duodecim", options: {}, opponent: "easy", computer: 1 };
  // Duodecim's entry rows: "I".."VI" on both sides of the board (board.js: nameCells)
  const names = (side) => ({
    I: { label: "I", twice: true },
    IV: { label: "IV", twice: true },
    7: { label: "7", twice: false },
  });
  words.setCellNames([names(0), names(1)]);
  try {
    const side = (cell) => t("position.cell_of", { cell, side: t("side.1") });
    const said = words.describeMove({ text: "I-IV", from: "I", to: "IV" }, 1, "said");
    assert.equal(said, t("said.step", { from: side("I"), to: side("IV") }));
    // a cell shown once keeps its name alone
    assert.equal(
      words.describeMove({ text: "IV-7", from: "IV", to: "7" }, 1, "said"),
      t("said.step", { from: side("IV"), to: "7" }),
    );
  } finally {
    words.setCellNames(null);
  }
});

test("words: a move, a roll and the computer's turn in Italian, as a person says them", () => {
  setMessages("it", catalogue("it"));
  const game = new ludus.Game("petteia", { seed: 1 });
  state.game = game;
  state.settings = { game: "petteia", options: {}, opponent: "easy", computer: 1 };
  assert.equal(
    words.describeMove({ text: "a2-a3", from: "a2", to: "a3" }, 0),
    t("move.step", { who: t("player.you", { side: t("side.0") }), from: "a2", to: "a3" }),
  );
  assert.deepEqual(words.parseMoveText("b2-b5"), { text: "b2-b5", from: "b2", to: "b5" });
  assert.deepEqual(words.parseMoveText("c4"), { text: "c4", to: "c4" });
  assert.deepEqual(words.parseMoveText("xd5"), { text: "xd5", kind: "remove", captures: ["d5"] });
  assert.match(words.describeEvent({ player: 1, text: "roll 3 5" }), /3 \+ 5/);
  words.narrate("roll", [3, 5]);
  words.narrate("move", { text: "a7-a6", from: "a7", to: "a6" });
  assert.equal(
    words.narrationText(),
    t("narrate.rolled_played", { dice: "3 + 5", moves: t("said.step", { from: "a7", to: "a6" }) }),
  );
  words.narrate("clear");
  assert.equal(words.narrationText(), "");
  game.close();
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
  game.close();
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
  game.close();
});

test("moves: the board names the person's route against the computer, the mover's between two people", () => {
  const game = new ludus.Game("duodecim", { seed: 1, first_player: 1 });
  state.game = game;
  state.settings = { game: "duodecim", options: {}, opponent: "easy", computer: 1 };
  assert.equal(moves.followedPlayer(), 0);
  state.settings.computer = 0;
  assert.equal(moves.followedPlayer(), 1);
  state.settings.opponent = "human";
  assert.equal(moves.followedPlayer(), game.toMove);
  assert.equal(game.toMove, 1);
  game.close();
});

test("markdown: a paragraph's words for the flat or the turned board", () => {
  const html = renderMarkdown("[[flat]]\nLight on the left.\n\n[[turned]]\nLight at the top.\n\nBoth.");
  assert.equal(
    html,
    '<p data-orientation="flat">Light on the left.</p>\n<p data-orientation="turned">Light at the top.</p>\n<p>Both.</p>',
  );
});

// ---- the Royal Game of Ur's solved table over HTTP (app/table-reader.js) ---------------------

// A file of `size` bytes whose byte i is i % 251, served by a fake server: requests(url, first,
// last) as the reader asks them, and XMLHttpRequest and fetch over it that answer byte ranges
// (206) or, with ranges false, ignore them (200 and the whole file).
function fakeServer(size, { ranges = true, magic = true } = {}) {
  const file = Uint8Array.from({ length: size }, (_, i) => i % 251);
  if (magic)
    file.set(
      [..."LUDUSURT"].map((c) => c.charCodeAt(0)),
      0,
    );
  const asked = [];
  const answer = (range) => {
    const match = /^bytes=(\d+)-(\d+)$/.exec(range ?? "");
    if (!ranges || !match) return { status: 200, headers: {}, body: file.slice() };
    const first = Number(match[1]),
      last = Math.min(Number(match[2]), size - 1);
    asked.push([first, last]);
    return {
      status: 206,
      headers: { "Content-Range": `bytes ${first}-${last}/${size}` },
      body: file.slice(first, last + 1),
    };
  };
  class XHR {
    open(method, url, async) {
      Object.assign(this, { method, url, async, headers: {} });
    }
    setRequestHeader(name, value) {
      this.headers[name] = value;
    }
    send() {
      assert.equal(this.async, false);
      assert.equal(this.responseType, "arraybuffer");
      const { status, headers, body } = answer(this.headers.Range);
      Object.assign(this, { status, response: body.buffer, answerHeaders: headers });
    }
    getResponseHeader(name) {
      return this.answerHeaders[name] ?? null;
    }
  }
  const fetches = [];
  const fakeFetch = async (url, { headers, signal }) => {
    const { status, headers: sent, body } = answer(headers.Range);
    const request = { url, aborted: false, read: false };
    signal.addEventListener("abort", () => {
      request.aborted = true;
    });
    fetches.push(request);
    return {
      status,
      headers: new Headers(sent),
      arrayBuffer: async () => {
        request.read = true;
        return body.buffer;
      },
    };
  };
  return { file, asked, XHR, fetch: fakeFetch, fetches };
}

test("table reader: the library's name of a game's table, its pieces and dice as the options resolve them", () => {
  assert.equal(tableReader.tableName(ludus.Game, "ur", {}), "ur-finkel-7-4.table");
  assert.equal(
    tableReader.tableName(ludus.Game, "ur", { ruleset: "finkel", pieces: 3, dice: 0, first_player: 1 }),
    "ur-finkel-3-4.table",
  );
  assert.equal(tableReader.tableName(ludus.Game, "ur", { ruleset: "masters" }), "ur-masters-7-3.table");
  assert.equal(tableReader.tableName(ludus.Game, "ur", { ruleset: "blitz", dice: 3 }), "ur-blitz-5-3.table");
  assert.throws(() => tableReader.tableName(ludus.Game, "ur", { pieces: 9 }), ludus.LudusError);
});

test("table reader: aligned blocks, one request per run of missing blocks, the cache bounded", () => {
  const server = fakeServer(10000);
  const reader = tableReader.blockReader(tableReader.xhrRange(server.XHR), { block: 1000, maxBlocks: 3 });
  const url = "https://example.org/tables/t.table";
  assert.throws(() => reader.size(url), /t\.table/, "a table not probed is not read");
  assert.throws(() => reader.read(url, 0, 4), /t\.table/);
  reader.known(url, 10000);
  assert.equal(reader.size(url), 10000);
  const expect = (offset, length) => server.file.slice(offset, offset + length);
  assert.deepEqual(reader.read(url, 16, 40), expect(16, 40));
  assert.deepEqual(server.asked, [[0, 999]]);
  assert.deepEqual(reader.read(url, 500, 4), expect(500, 4), "from the cache");
  assert.equal(server.asked.length, 1);
  assert.deepEqual(reader.read(url, 1998, 4), expect(1998, 4), "across two blocks: one request");
  assert.deepEqual(server.asked.at(-1), [1000, 2999]);
  assert.deepEqual(reader.read(url, 9998, 2), expect(9998, 2), "the last block is short");
  assert.deepEqual(server.asked.at(-1), [9000, 9999]);
  assert.equal(reader.cached(), 3, "at most maxBlocks kept");
  assert.deepEqual(reader.read(url, 10, 1), expect(10, 1), "the least recently used block was dropped");
  assert.deepEqual(server.asked.at(-1), [0, 999]);
  assert.deepEqual(reader.read(url, 2500, 5000), expect(2500, 5000), "a run longer than the cache");
  assert.deepEqual(server.asked.at(-1), [3000, 7999], "the cached block 2 not asked again");
  assert.deepEqual(reader.read(url, 0, 0), new Uint8Array(0));
  assert.throws(() => reader.read(url, 9999, 2), /outside/);
  assert.equal(reader.stats.requests, server.asked.length);
});

test("table reader: a server that ignores byte ranges, or sends the wrong bytes, fails the read", () => {
  const server = fakeServer(5000, { ranges: false });
  const reader = tableReader.blockReader(tableReader.xhrRange(server.XHR), { block: 1000 });
  reader.known("t.table", 5000);
  assert.throws(() => reader.read("t.table", 0, 4), /t\.table.*HTTP 200/);
  class Short extends fakeServer(5000).XHR {
    send() {
      super.send();
      this.response = this.response.slice(1);
    }
  }
  const short = tableReader.blockReader(tableReader.xhrRange(Short), { block: 1000 });
  short.known("t.table", 5000);
  assert.throws(() => short.read("t.table", 0, 4), /t\.table/);
});

test("table reader: the probe finds a table whose server answers ranges, and never downloads a whole one", async () => {
  const good = fakeServer(5000);
  assert.equal(await tableReader.probeTable("t.table", good.fetch), 5000);
  assert.deepEqual(good.asked, [[0, 15]]);
  const whole = fakeServer(5000, { ranges: false });
  assert.equal(await tableReader.probeTable("t.table", whole.fetch), null);
  assert.deepEqual(
    whole.fetches.map(({ aborted, read }) => [aborted, read]),
    [[true, false]],
    "a 200 is aborted at its headers, its body not read",
  );
  assert.equal(await tableReader.probeTable("t.table", fakeServer(5000, { magic: false }).fetch), null, "not a table");
  assert.equal(await tableReader.probeTable("t.table", async () => ({ status: 404, headers: new Headers() })), null);
  assert.equal(
    await tableReader.probeTable("t.table", async () => {
      throw new TypeError("network");
    }),
    null,
  );
});

// The import graph of app/main.js, read from the files' import statements; with `later`, also
// the modules imported when they are first needed (import("./name.js")).
function importsOf(name, later = false, seen = new Set()) {
  if (seen.has(name)) return seen;
  seen.add(name);
  const text = readFileSync(here(`app/${name}`), "utf8");
  for (const [, path] of text.matchAll(/^import\s[^;]*?\sfrom "\.\/([\w-]+\.js)";/gm)) importsOf(path, later, seen);
  if (later) for (const [, path] of text.matchAll(/import\("\.\/([\w-]+\.js)"\)/g)) importsOf(path, later, seen);
  return seen;
}

test("the page preloads every module app/main.js imports at once, and meson.build lists them all with those it loads later", () => {
  const graph = [...importsOf("main.js")].sort();
  const whole = [...importsOf("main.js", true)].sort();
  const html = readFileSync(here("index.html"), "utf8");
  const preloaded = [...html.matchAll(/<link rel="modulepreload" href="app\/([\w-]+\.js)">/g)].map((m) => m[1]).sort();
  assert.deepEqual(preloaded, graph);
  // the review's screen and the analysis board: loaded when a review is first opened; the QR
  // encoder when an invitation is first shown
  for (const later of ["review-screen.js", "analysis.js", "qr.js"]) {
    assert.ok(whole.includes(later) && !graph.includes(later), `${later} is loaded later, not with the first screen`);
  }
  const files = readdirSync(here("app"))
    .filter((name) => name.endsWith(".js"))
    .sort();
  assert.deepEqual(files, whole, "a module in app/ that main.js does not import");
  const listed = /web_modules = \[([^\]]*)\]/
    .exec(readFileSync(here("meson.build"), "utf8"))[1]
    .match(/'[\w-]+\.js'/g)
    .map((s) => s.slice(1, -1))
    .sort();
  assert.deepEqual(listed, whole);
});

test("words: the end's reason names the sides, true for the winner and the loser alike", () => {
  for (const tag of ["it", "en", "de"]) {
    setMessages(tag, catalogue(tag));
    state.settings = { game: "latrunculi", options: {}, opponent: "easy", computer: 1 };
    state.resigned = null;
    for (const [reason, winner] of [
      ["dux_immobilised", 0],
      ["all_captured", 1],
      ["one_piece_left", 0],
      ["borne_off", 1],
      ["quiet_moves", 0],
    ]) {
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

// A game of the library from a position (the rest of a new game's saved state kept).
function gameFrom(id, options, position) {
  const saved = new ludus.Game(id, options).toJSON();
  const start = { ...saved.position, ...position };
  return ludus.Game.fromJSON({ ...saved, start, position: start, history: [] });
}

test("words: a game ended with no move left names the side that had none, the loser or, in Kowalski's rulesets, not", () => {
  // Petteia on 5 x 3: Dark's two pieces in a corner, shut in by Light's move (or Light's two by
  // Dark's); Kowalski's 8 x 12: Dark's dux and five men in the corner a8, shut in by Light's dux,
  // Light with 3 men (Dark captured more: Dark wins), 5 (as many: a draw) or 6 (Light wins).
  const petteia = (stuck) =>
    stuck === 1
      ? gameFrom("petteia", { rows: 5, cols: 3 }, { ranks: ["..0", "...", "...", "00.", "11."], pieces: [3, 2] })
      : gameFrom(
          "petteia",
          { rows: 5, cols: 3, first_player: 1 },
          { ranks: ["00.", "11.", "...", "...", "..1"], pieces: [2, 3], to_move: 1 },
        );
  const kowalski = (lightMen) =>
    gameFrom(
      "latrunculi",
      { ruleset: "kowalski" },
      {
        ranks: [
          "D".padEnd(lightMen - 2, "0").padEnd(12, "."),
          ...Array(4).fill("".padEnd(12, ".")),
          "10".padEnd(12, "."),
          "110".padEnd(12, "."),
          "d110".padEnd(12, "."),
        ],
        men: [lightMen, 5],
        duxes: [1, 1],
      },
    );
  const ended = [
    { game: petteia(1), move: "c1-c5", stuck: 1, winner: 0 },
    { game: petteia(0), move: "c5-c1", stuck: 0, winner: 1 },
    { game: kowalski(3), move: "a1-a5", stuck: 1, winner: 1 },
    { game: kowalski(5), move: "a1-a5", stuck: 1, winner: null },
    { game: kowalski(6), move: "a1-a5", stuck: 1, winner: 0 },
  ];
  for (const { game, move, stuck, winner } of ended) {
    game.play(move);
    assert.equal(game.endReason, "no_moves", `${game.id} ${move}`);
    assert.equal(game.winner, winner, `${game.id} ${move}`);
  }
  for (const tag of ["it", "en", "de"]) {
    setMessages(tag, catalogue(tag));
    state.resigned = null;
    for (const computer of [0, 1]) {
      for (const { game, stuck, winner } of ended) {
        state.settings = { game: game.id, options: {}, opponent: "easy", computer };
        state.game = game;
        const said = words.endReason();
        const tag_ = `${tag} ${game.id} ${game.ruleset ?? ""} (stuck ${stuck}, winner ${winner}, computer ${computer})`;
        assert.ok(said.includes(words.playerName(stuck)), `${tag_}: ${said}`);
        assert.ok(!said.includes("{"), `${tag_}: ${said}`);
        if (game.id === "petteia") {
          // the side without a move lost: the other is not named
          assert.ok(!said.includes(words.playerName(1 - stuck)), `${tag_}: ${said}`);
        } else {
          // Kowalski's: decided on captures, said so (the winner named), a draw told apart
          assert.notEqual(said, t("reason.no_moves", { stuck: words.playerName(stuck) }), `${tag_}: ${said}`);
          if (winner !== null) assert.ok(said.includes(words.playerName(winner)), `${tag_}: ${said}`);
          else assert.ok(!said.includes(words.playerName(1 - stuck)), `${tag_}: ${said}`);
        }
      }
    }
  }
});

test("sheet: the printed board's paper and cells, at least 20 mm, on A4 landscape where they fit", async () => {
  const sheet = await import("../app/sheet.js");
  // A race board's picture without words: 13.6 cells wide, 6.25 high (lib/render/race_board.cpp).
  const race = sheet.sheetLayout({ width: 1360, height: 625, cell: 100 });
  assert.equal(race.paper, "A4");
  assert.equal(race.legend, "below");
  assert.ok(race.cell >= 20 && race.width <= 277 + 1e-9, JSON.stringify(race));
  // An 8 x 8 board with coordinates (margins of 6 % each side) fits A4 with the legend beside it.
  const petteia = sheet.sheetLayout({ width: 1000, height: 1000, cell: 110 });
  assert.deepEqual([petteia.paper, petteia.legend], ["A4", "beside"]);
  assert.ok(petteia.cell >= 20 && petteia.height <= sheet.pageArea("A4").height);
  // Kowalski's 8 x 12 board: 20 mm cells need A3.
  const kowalski = sheet.sheetLayout({ width: 1000, height: 706.7, cell: 73.3 });
  assert.equal(kowalski.paper, "A3");
  assert.ok(kowalski.cell >= 20 && kowalski.width <= sheet.pageArea("A3").width);
  assert.ok(sheet.boardFit({ width: 1000, height: 706.7, cell: 73.3 }, "A4").cell < 20);
  // The same board cropped to its frame and coordinates (print.js): alone on an A4 page, its
  // legend overleaf, 20 mm cells; a legend on its page would still need A3.
  const cropped = { width: 926, height: 641, cell: 73.3 };
  assert.ok(sheet.boardFit(cropped, "A4").cell < 20);
  const alone = sheet.sheetLayout(cropped);
  assert.deepEqual([alone.paper, alone.legend], ["A4", "overleaf"]);
  assert.ok(
    alone.cell >= 20 && alone.width <= sheet.pageArea("A4").width && alone.height <= sheet.pageArea("A4").height,
    JSON.stringify(alone),
  );
  // Counters: each side on rows of its own, a dux first.
  const { slots, height } = sheet.counterSlots(
    [
      { men: 12, duxes: 1 },
      { men: 12, duxes: 1 },
    ],
    20,
    150,
  );
  assert.equal(slots.length, 26);
  assert.equal(height, 4 * 20); // 7 a row: 2 rows a side
  assert.deepEqual(slots[0], { player: 0, dux: true, x: 0, y: 0 });
  assert.deepEqual(slots[13], { player: 1, dux: true, x: 0, y: 40 });
  setMessages("en", catalogue("en"));
  assert.equal(sheet.rulesKey("latrunculi", "kowalski_10x11"), "print.rules.latrunculi.kowalski");
  assert.equal(sheet.rulesKey("latrunculi", "schaedler_2001"), "print.rules.latrunculi.schaedler");
  assert.equal(sheet.rulesKey("latrunculi", "bell"), "print.rules.latrunculi.bell");
  assert.equal(sheet.rulesKey("duodecim", undefined), "print.rules.duodecim");
  assert.equal(sheet.rulesKey("duodecim", "no_such_ruleset"), "print.rules.duodecim");
});

test("sheet: every game and ruleset has its rules in brief in every language", async () => {
  const sheet = await import("../app/sheet.js");
  for (const tag of ["it", "en", "de"]) {
    const messages = catalogue(tag);
    setMessages(tag, messages);
    for (const entry of state.catalogue) {
      for (const ruleset of entry.options.ruleset?.values ?? [undefined]) {
        for (const part of sheet.RULES_PARTS) {
          const key = `${sheet.rulesKey(entry.id, ruleset)}.${part}`;
          assert.ok(typeof messages[key] === "string" && messages[key].length > 20, `${tag}: ${key}`);
        }
      }
    }
  }
});

// A game played by a fixed script to its end (or `plies` actions): the greedy level against a
// legal move picked by its number, the dice rolled by the game's generator.
function scripted(id, options, plies = 400) {
  const game = new ludus.Game(id, options);
  for (let n = 0; n < plies && !game.isOver; n += 1) {
    if (game.phase === "roll") game.roll();
    else {
      const moves = game.legalMoves();
      game.play({ text: (n % 2 ? game.aiMove({ level: "greedy", seed: n }) : moves[(n * 7) % moves.length]).text });
    }
  }
  const saved = game.toJSON();
  game.close();
  return saved;
}

test("review: the scale, 0..1 for a chance of winning, men clamped to four either way", () => {
  assert.equal(review.unitValue("chance", 0.3), 0.3);
  assert.equal(review.unitValue("chance", 1.2), 1);
  assert.equal(review.unitValue("men", 0), 0.5);
  assert.equal(review.unitValue("men", -2), 0.25);
  assert.equal(review.unitValue("men", 4), 1);
  assert.equal(review.unitValue("men", 1e6), 1); // a win found by the search
  assert.equal(review.unitValue("men", -1e6), 0);
  // the unit is the catalogue's search_values of the level: a chance in the race games, pieces in the others
  const entry = (id) => ludus.games().find((game) => game.id === id);
  assert.equal(review.unitOf(entry("duodecim"), "best"), "chance");
  assert.equal(review.unitOf(entry("xii_scripta"), "best"), "chance");
  assert.equal(review.unitOf(entry("ur"), "perfect"), "chance");
  assert.equal(review.unitOf(entry("petteia"), "best"), "pieces");
  assert.equal(review.unitOf(entry("latrunculi"), "best"), "pieces");
  assert.throws(() => review.unitOf(entry("xii_scripta"), "easy"), /counts steps/); // steps of the race: not judged
  assert.throws(() => review.unitOf(entry("petteia"), "random"), /counts null/);
  assert.equal(review.scaleOf("chance"), "chance");
  assert.equal(review.scaleOf("pieces"), "men");
});

test("review: the curve for one side, a position not searched filled, the end by its result", () => {
  const evaluation = {
    steps: [
      { value: 0.6, toMove: 0 },
      { value: null, toMove: 1 },
      { value: 0.7, toMove: 1 },
    ],
    last: { value: null, toMove: 0 },
  };
  assert.deepEqual(
    review.curveOf("chance", evaluation, 0, 1).points.map((p) => +p.toFixed(2)),
    [0.6, 0.3, 0.3, 0],
  );
  assert.deepEqual(
    review.curveOf("chance", evaluation, 1, 1).points.map((p) => +p.toFixed(2)),
    [0.4, 0.7, 0.7, 1],
  );
  assert.deepEqual(review.curveOf("chance", evaluation, 0, 1).known, [true, false, true, true]);
  assert.equal(review.curveOf("chance", evaluation, 0, null).points[3], 0.5); // a draw
  // a game that goes on: its last position as evaluated, or the one before when it was not
  assert.equal(review.curveOf("chance", evaluation, 0, undefined).points[3].toFixed(2), "0.30");
  const men = {
    steps: [
      { value: 2, toMove: 0 },
      { value: 2, toMove: 1 },
    ],
    last: { value: -8, toMove: 0 },
  };
  assert.deepEqual(review.curveOf("men", men, 0, undefined).points, [0.75, 0.25, 0]);
});

test("review: a move's label from what it lost, by each unit's thresholds, the edges included", () => {
  const cases = {
    chance: [
      [0, "best"],
      [0.0009, "best"],
      [0.001, "good"],
      [0.0499, "good"],
      [0.05, "inaccuracy"],
      [0.0999, "inaccuracy"],
      [0.1, "mistake"],
      [0.1499, "mistake"],
      [0.15, "blunder"],
      [1, "blunder"],
    ],
    pieces: [
      [0, "best"],
      [0.005, "best"],
      [0.01, "good"],
      [0.49, "good"],
      [0.5, "inaccuracy"],
      [0.99, "inaccuracy"],
      [1, "mistake"],
      [1.99, "mistake"],
      [2, "blunder"],
      [2000, "blunder"],
    ],
  };
  for (const [unit, losses] of Object.entries(cases))
    for (const [loss, label] of losses) assert.equal(review.labelOf(unit, loss), label, `${unit} ${loss}`);
  assert.throws(() => review.labelOf("steps", 1), /no labels for values in steps/);
});

test("review: a move's accuracy and a side's, lichess's formula", () => {
  assert.ok(Math.abs(review.moveAccuracy(0) - 100) < 1e-3); // nothing lost
  // 103.1668 e^(-0.04354 x) - 3.1669: 10 points lost 63.6, 20 points 40.0, 50 points 8.5
  assert.equal(review.moveAccuracy(10).toFixed(1), "63.6");
  assert.equal(review.moveAccuracy(20).toFixed(1), "40.0");
  assert.equal(review.moveAccuracy(50).toFixed(1), "8.5");
  assert.equal(review.moveAccuracy(100), 0); // clamped at 0 (the formula gives -1.84)
  assert.ok(Math.abs(review.moveAccuracy(-5) - 100) < 1e-3); // a gain counts as nothing lost
  // a side: the mean of the arithmetic and harmonic means, each move at least 1
  assert.equal(review.sideAccuracy([]), null);
  assert.equal(review.sideAccuracy([80]), 80);
  assert.equal(review.sideAccuracy([100, 50]).toFixed(3), ((75 + 200 / 3) / 2).toFixed(3));
  assert.equal(review.sideAccuracy([100, 0]).toFixed(3), ((50.5 + 2 / 1.01) / 2).toFixed(3));
  // pieces to a chance: even at 0, one man ahead 59%, symmetric
  assert.equal(review.chanceOf("pieces", 0), 0.5);
  assert.equal(review.chanceOf("pieces", 1).toFixed(3), "0.591");
  assert.equal((review.chanceOf("pieces", 2) + review.chanceOf("pieces", -2)).toFixed(9), "1.000000000");
  assert.equal(review.chanceOf("chance", 0.3), 0.3);
});

test("review: a game judged from given values, each move labelled and each side's accuracy", () => {
  const move = (text) => ({ text });
  const steps = [
    { toMove: 0, value: 0.5, played: move("a"), best: move("a") }, // the strongest move: best, 100
    { toMove: 1, value: 0.5, played: move("b"), best: move("c"), bestValue: 0.6, playedValue: 0.58 }, // 0.02: good
    { toMove: 0, value: 0.5, played: move("d"), best: move("e"), bestValue: 0.5, playedValue: 0.43 }, // 0.07: inaccuracy
    { toMove: 1, value: 0.5, played: move("f"), best: move("g"), bestValue: 0.4, playedValue: 0.28 }, // 0.12: mistake
    { toMove: 0, value: 0.5, played: move("h"), best: move("i"), bestValue: 0.7, playedValue: 0.3 }, // 0.4: blunder
    { toMove: 1, value: null, played: move("pass"), best: null, forced: true }, // no choice: not judged
    { toMove: 0, value: 0.5, played: move("j"), best: move("k"), bestValue: 0.5, playedValue: 0.55 }, // better than best: best
    { toMove: 1, value: null, played: null, best: null }, // a draw agreed
  ];
  const judged = review.judgeGame({ steps, unit: "chance" });
  assert.deepEqual(
    judged.steps.map((j) => j.label),
    ["best", "good", "inaccuracy", "mistake", "blunder", null, "best", null],
  );
  assert.equal(judged.steps[4].loss.toFixed(2), "0.40");
  assert.equal(judged.steps[5].accuracy, null);
  assert.equal(judged.steps[2].accuracy.toFixed(2), review.moveAccuracy(7).toFixed(2));
  const light = [0, 2, 4, 6].map((i) => judged.steps[i].accuracy);
  const dark = [1, 3].map((i) => judged.steps[i].accuracy);
  assert.equal(judged.accuracy[0], review.sideAccuracy(light));
  assert.equal(judged.accuracy[1], review.sideAccuracy(dark));
  assert.ok(judged.accuracy[1] > judged.accuracy[0], "Dark lost less than Light");
  // in pieces: the loss in pieces labels, the chance on lichess's logistic makes the accuracy
  const pieces = review.judgeGame({
    unit: "pieces",
    steps: [{ toMove: 0, value: 1, played: move("a"), best: move("b"), bestValue: 1, playedValue: -0.5 }],
  });
  assert.equal(pieces.steps[0].label, "mistake");
  const lost = 100 * (review.chanceOf("pieces", 1) - review.chanceOf("pieces", -0.5));
  assert.equal(pieces.steps[0].accuracy, review.moveAccuracy(lost));
  assert.deepEqual(pieces.accuracy[1], null); // Dark made no move
});

test("review: a move's outlook goes through the dice to be thrown and single moves, as the library lists them", () => {
  // a searcher that says 0.25 for the player to move wherever it is asked, and counts its calls
  let calls = 0;
  const search = () => {
    calls += 1;
    return { search: { value: 0.25 } };
  };
  const game = new ludus.Game("ur", { seed: 5 });
  try {
    while (game.phase !== "move" || game.legalMoves().length < 2) {
      if (game.phase === "roll") game.roll();
      else game.play({ text: game.legalMoves()[0].text });
    }
    const player = game.toMove;
    const move = game.legalMoves().find((m) => !m.roll_again) ?? game.legalMoves()[0];
    const after = game.copy();
    after.play({ text: move.text });
    const outcomes = after.phase === "roll" ? after.chanceOutcomes() : null;
    after.close();
    const value = review.outlookAfter(game, move.text, { unit: "chance", search });
    if (outcomes) {
      assert.ok(Math.abs(outcomes.reduce((sum, o) => sum + o.probability, 0) - 1) < 1e-12);
      assert.ok(calls >= outcomes.length - 1, `each throw searched (${calls} searches, ${outcomes.length} throws)`);
    }
    // whoever the searcher spoke for, 0.25 for them: 0.25 or 0.75 for the mover, never outside
    assert.ok(value >= 0.25 - 1e-9 && value <= 0.75 + 1e-9, `the outlook ${value}`);
    assert.equal(game.toMove, player, "the game is not changed");
    assert.equal(review.otherSide("chance", 0.25), 0.75);
    assert.equal(review.otherSide("pieces", 2), -2);
    // the analysis board: the value for the player to move and the line up to the next throw
    const analysed = review.analysePosition(game, {
      unit: "chance",
      search: (position) => ({ ...position.aiMove({ level: "greedy", seed: 1 }) }),
    });
    assert.equal(analysed.toMove, player);
    assert.ok(analysed.value >= 0 && analysed.value <= 1);
    assert.ok(analysed.line.length >= 1 && analysed.line[0].player === player);
    assert.ok(game.legalMoves().some((m) => m.text === analysed.line[0].text));
  } finally {
    game.close();
  }
  // a game over: its result, for each side
  const over = scripted("petteia", { seed: 2 }, 400);
  const ended = ludus.Game.fromJSON(over);
  try {
    assert.ok(ended.isOver, "the scripted game of Petteia ended");
    const winner = ended.winner ?? null;
    const analysed = review.analysePosition(ended, { unit: "pieces", search });
    const expected = winner === null ? 0 : winner === ended.toMove ? review.WIN_PIECES : -review.WIN_PIECES;
    assert.equal(analysed.value, expected);
    assert.deepEqual(analysed.line, []);
  } finally {
    ended.close();
  }
});

// A position of Petteia 6x6 (its ranks, "0" light, "1" dark, "." empty) with `toMove` to move.
function petteiaAt(ranks, toMove) {
  const saved = JSON.parse(new ludus.Game("petteia", { rows: 6, cols: 6 }).toJSONText());
  const count = (piece) => ranks.join("").split(piece).length - 1;
  const position = { ...saved.position, ranks, pieces: [count("0"), count("1")], to_move: toMove };
  return ludus.Game.fromJSON({ ...saved, start: position, position, history: [] });
}

test("review: a capture game's values read as the library's searches give them: wins found, in moves, apart from the evaluation", () => {
  const search = (position) => position.aiMove({ level: "best", max_nodes: 1000 });
  // light to move takes dark's last man but one (f2-d2 flanks c2): a win at once
  const winning = petteiaAt(["......", ".01..0", "......", "...0..", "......", ".....1"], 0);
  // dark to move: whatever it plays, light wins on its next move
  const losing = petteiaAt(["1.....", "0.....", "......", ".0....", "......", "01.0.."], 1);
  // dark to move with one legal move, lost two moves later: the single move is a ply of its own
  const forced = petteiaAt(["10....", "0.....", "......", "......", ".0....", ".10..."], 1);
  // ten men against two: no win found yet, an evaluation far over ten men's worth
  const ahead = petteiaAt(["000000", "000000", "......", "......", "......", "11...."], 0);
  try {
    assert.deepEqual(review.readPieces(search(winning).search.value), { kind: "win", moves: 1 });
    assert.deepEqual(review.readPieces(search(losing).search.value), { kind: "loss", moves: 1 });
    assert.equal(forced.legalMoves().length, 1);
    const through = review.analysePosition(forced, { unit: "pieces", search });
    assert.deepEqual(review.readPieces(through.value), { kind: "loss", moves: 2 });
    const lead = search(ahead).search.value;
    assert.ok(lead > review.EVALUATION_SHOWN && lead < 200, `ten men against two: ${lead}`);
    assert.deepEqual(review.readPieces(lead), { kind: "evaluation", value: lead, beyond: 1 });
    assert.deepEqual(review.readPieces(-2.5), { kind: "evaluation", value: -2.5, beyond: 0 });
    assert.deepEqual(review.readPieces(-review.WIN_PIECES), { kind: "loss", moves: 1 });
    // what a move lost, in words: a win missed, a loss walked into, else the evaluation
    assert.equal(review.lossKind("pieces", 299.99, 3), "win");
    assert.equal(review.lossKind("pieces", 2, -299.98), "loss");
    assert.equal(review.lossKind("pieces", 299.99, 299.95), "evaluation");
    assert.equal(review.lossKind("pieces", 5, 1), "evaluation");
    assert.equal(review.lossKind("chance", 1, 0), "evaluation");
  } finally {
    for (const game of [winning, losing, forced, ahead]) game.close();
  }
});

test("review: a game evaluated judges the moves that were not the strongest level's by both outlooks", () => {
  const saved = scripted("petteia", { seed: 3 }, 30);
  const unit = review.unitOf(
    ludus.games().find((game) => game.id === "petteia"),
    "best",
  );
  const evaluation = review.evaluateGame(ludus.Game, saved, { maxNodes: 200, unit });
  assert.equal(evaluation.unit, "pieces");
  const other = evaluation.steps.filter((here) => here.best && here.played && here.best.text !== here.played.text);
  assert.ok(other.length > 0, "the scripted game played other moves than the strongest level's");
  for (const here of other) assert.ok(Number.isFinite(here.bestValue) && Number.isFinite(here.playedValue));
  const judged = review.judgeGame(evaluation);
  assert.equal(judged.steps.length, evaluation.steps.length);
  assert.ok(judged.steps.every((j) => j.label === null || review.LABELS.includes(j.label)));
  assert.ok(judged.accuracy.every((a) => a === null || (a >= 0 && a <= 100)));
});

test("review: a race game's positions rebuilt and evaluated as played (the dice of each turn), with progress", () => {
  const saved = scripted("duodecim", { seed: 4, pieces: 2 });
  const steps = review.stepsOf(saved.history);
  assert.ok(steps.length > 10 && steps.every((step) => !step.text.startsWith("roll")));
  const said = [];
  const evaluation = review.evaluateGame(ludus.Game, saved, {
    maxNodes: 200,
    progress: (done, total) => said.push([done, total]),
  });
  assert.equal(evaluation.steps.length, steps.length);
  assert.deepEqual(said.at(-1), [steps.length + 1, steps.length + 1]);
  assert.equal(said.length, steps.length + 1);
  evaluation.steps.forEach((here, i) => {
    assert.equal(here.toMove, steps[i].player, `step ${i}: evaluated for the side that moved`);
    assert.equal(here.played.text, steps[i].text);
    assert.ok(here.value === null || (here.value >= 0 && here.value <= 1), `a chance of winning: ${here.value}`);
  });
  assert.ok(evaluation.steps.filter((here) => here.value !== null).length > steps.length / 2);
  // the game after every event rebuilt from the start by the library is the saved one, its
  // generator too (the engine's rolls rolled again)
  const game = review.startOf(ludus.Game, saved);
  saved.history.forEach((event) => review.applyEvent(game, event));
  assert.deepEqual(game.position, saved.position);
  assert.deepEqual(game.history, saved.history);
  assert.equal(review.eventsBefore(steps, 0), 0);
  assert.equal(review.eventsBefore(steps, steps.length), steps.at(-1).index + 1);
  game.close();
});

test("review: the end's figures, moves per side, captures or pieces borne off, the length", () => {
  const race = scripted("duodecim", { seed: 4, pieces: 2 });
  const figures = review.summaryOf(race, 1000, 61000);
  const moved = [0, 1].map(
    (player) => race.history.filter((e) => e.player === player && !e.text.startsWith("roll")).length,
  );
  assert.deepEqual(figures.moves, moved);
  assert.deepEqual(figures.off, race.position.off);
  assert.equal(figures.duration, 60000);
  assert.equal(review.summaryOf(race).duration, null);
  const board = scripted("petteia", { seed: 2 }, 120);
  const captured = review.summaryOf(board).captures;
  assert.deepEqual(captured, [
    board.start.pieces[1] - board.position.pieces[1],
    board.start.pieces[0] - board.position.pieces[0],
  ]);
  assert.ok(captured[0] + captured[1] > 0, "the scripted game captured something");
  assert.equal(review.summaryOf(board).off, null);
  // Latrunculi's men and duxes, on the board and still to place, count alike
  const latrunculi = {
    history: [],
    start: { men: [12, 12], duxes: [1, 1], men_in_hand: [0, 0], dux_in_hand: [0, 0] },
    position: { men: [10, 7], duxes: [1, 0], men_in_hand: [0, 0], dux_in_hand: [0, 0] },
  };
  assert.deepEqual(review.summaryOf(latrunculi).captures, [6, 2]);
  const evaluation = review.evaluateGame(ludus.Game, board, { maxNodes: 200 });
  const curve = review.curveOf("men", evaluation, 0, undefined);
  assert.equal(curve.points.length, review.stepsOf(board.history).length + 1);
  assert.ok(curve.points.every((p) => p >= 0 && p <= 1));
});
test("dice: a throw tumbles through other faces, each unlike the one before, and lands on the values", () => {
  const { FRAME_MS, PIPS, throwDuration, throwFrames } = dice;
  for (const value of [1, 2, 3, 4, 5, 6]) assert.equal(PIPS[value].length, value);
  assert.equal(throwDuration(1200), 500);
  assert.equal(throwDuration(30), 15);
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let i = 0; i < 50; i++) {
    const frames = throwFrames([3, 3], 500, random);
    assert.equal(frames.length, Math.floor(500 / FRAME_MS));
    assert.deepEqual(frames.at(-1), [3, 3]);
    frames.forEach((frame, f) =>
      frame.forEach((face, die) => {
        assert.ok(face >= 1 && face <= 6);
        if (f > 0) assert.notEqual(face, frames[f - 1][die], "a face that stays looks stuck");
      }),
    );
  }
  assert.deepEqual(throwFrames([6], 15), [[6]], "at a test's pace no tumbling: the value at once");
});

test("dice: a binary die (the Royal Game of Ur) flips between its two faces and lands on the value", () => {
  const { binaryDice, throwFrames, FRAME_MS } = dice;
  // binary: the catalogue's dice have the faces 0 and 1
  for (const entry of state.catalogue) assert.equal(binaryDice(entry.id), entry.dice?.faces.join() === "0,1", entry.id);
  assert.ok(binaryDice("ur") && !binaryDice("duodecim") && !binaryDice("petteia"));
  const frames = throwFrames([1, 0, 0, 1], 500, Math.random, true);
  assert.equal(frames.length, Math.floor(500 / FRAME_MS));
  assert.deepEqual(frames.at(-1), [1, 0, 0, 1]);
  frames.forEach((frame, f) =>
    frame.forEach((face, die) => {
      assert.ok(face === 0 || face === 1);
      if (f > 0) assert.notEqual(face, frames[f - 1][die], "a face that stays looks stuck");
    }),
  );
  assert.deepEqual(throwFrames([1, 0, 1, 1], 15, Math.random, true), [[1, 0, 1, 1]]);
});

test("words: the Royal Game of Ur's throws and moves in each language (enters, captures, a rosette's throw, bears off)", () => {
  for (const tag of ["it", "en", "de"]) {
    setMessages(tag, catalogue(tag));
    const game = new ludus.Game("ur", { seed: 1, first_player: 0 });
    state.game = game;
    state.settings = { game: "ur", options: {}, opponent: "easy", computer: 1 };
    // a throw: what it moves and how many marked tips are up (Masters' three blank dice move 4)
    assert.equal(words.diceWords([1, 0, 1, 1]), "3");
    assert.equal(words.binaryWords([1, 0, 1, 1]), t("dice.binary", { total: 3, count: 3 }));
    assert.ok(
      words.binaryWords([0, 1, 0, 0]).startsWith("1 ") && words.binaryWords([0, 0, 0]).startsWith("4 "),
      words.binaryWords([0, 1, 0, 0]),
    );
    assert.equal(words.binaryTotal([0, 0, 0]), 4);
    assert.equal(words.binaryTotal([0, 0, 0, 0]), 0);
    assert.equal(
      words.describeEvent({ player: 1, text: "roll 1 1 0 1" }),
      t("event.roll", { who: words.playerName(1), dice: "3" }),
    );
    // the library's moves: entering on the rosette at 4 throws again
    game.setDice([1, 1, 1, 1]);
    const enter = game.legalMoves().find((move) => move.text === "H-4");
    assert.ok(enter.rosette && enter.roll_again, JSON.stringify(enter));
    words.narrate("roll", [1, 1, 1, 1]);
    words.narrate("move", enter);
    const said = words.narrationText();
    assert.ok(said.includes(t("said.from_H", { to: "4" })) && said.includes(t("move.rosette_again")), said);
    assert.ok(said.startsWith(t("narrate.rolled_played", { dice: "4", moves: "" }).split(":")[0]), said);
    const capture = words.describeMove(
      { text: "5-7", from_name: "5", to_name: "7", captured_count: 1, rosette: false, roll_again: false },
      1,
      "said",
    );
    assert.equal(capture, `${t("said.step", { from: "5", to: "7" })} ${t("move.captures", { count: 1 })}`);
    assert.equal(
      words.describeMove({ text: "13-O", from_name: "13", to_name: "O" }, 1, "said"),
      t("said.to_O", { from: "13" }),
    );
    // Blitz: a capture throws again, off a rosette
    assert.ok(
      words
        .describeMove(
          { text: "5-7", from_name: "5", to_name: "7", captured_count: 1, rosette: false, roll_again: true },
          1,
          "said",
        )
        .endsWith(t("move.roll_again")),
    );
    for (const key of ["move.rosette_again", "move.roll_again", "dice.binary", "game.ur"])
      assert.ok(has(key), `${tag}: ${key}`);
    words.narrate("clear");
    game.close();
  }
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
  assert.equal(
    game.history
      .filter((event) => !event.text.startsWith("roll"))
      .map((event) => event.player)
      .includes(1),
    true,
    "both sides played",
  );
  game.close();
  assert.equal(demo.demoStepMs(1200), 1500);
  assert.equal(demo.demoStepMs(30), 100, "never a step so short that the tablet runs hot");
  assert.equal(demo.secondLanguage("it", ["it", "en", "de"]), "en");
  assert.equal(demo.secondLanguage("de", ["it", "en", "de"]), "en");
  assert.equal(demo.secondLanguage("en", ["it", "en", "de"]), "it");
  assert.equal(demo.secondLanguage("it", ["it"]), null);
});

test("games.json: a ruleset's own facts name a ruleset of the game in the catalogue", () => {
  for (const [id, facts] of Object.entries(state.games)) {
    const rulesets = ludus.games().find((entry) => entry.id === id)?.options.ruleset?.values ?? [];
    for (const ruleset of Object.keys(facts.rulesets ?? {})) assert.ok(rulesets.includes(ruleset), `${id}: ${ruleset}`);
  }
});

test("words: a ruleset's own fact of app.json (a throw of no marked dice) before the game's, for the game played", () => {
  const [saved, savedGame] = [state.games, state.game];
  state.games = {
    made_up: { binary_throw_of_none: { 4: 5 }, rulesets: { second: { binary_throw_of_none: { 4: 6 } } } },
  };
  try {
    state.game = { id: "made_up", ruleset: "first" };
    assert.equal(words.binaryTotal([0, 0, 0, 0]), 5, "a ruleset without its own: the game's");
    assert.equal(words.binaryTotal([0, 1, 1, 0]), 2);
    state.game = { id: "made_up", ruleset: "second" };
    assert.equal(words.binaryTotal([0, 0, 0, 0]), 6, "the ruleset's own");
    assert.equal(words.binaryTotal([0, 0, 0]), 0, "another count of dice: none said");
    state.game = { id: "another_game", ruleset: "second" };
    assert.equal(words.binaryTotal([0, 0, 0, 0], "made_up"), 5, "a game not being played: the game's");
  } finally {
    [state.games, state.game] = [saved, savedGame];
  }
});

test("dice: the game played throws its ruleset's dice, and the page says them in their own words", () => {
  // a game whose rulesets throw dice of different kinds (the catalogue's)
  const entry = ludus.games().find((each) => each.rulesets.some((ruleset) => ruleset.dice?.kind !== each.dice?.kind));
  assert.ok(entry, "a game whose rulesets throw different dice");
  const other = entry.rulesets.find((ruleset) => ruleset.dice.kind !== entry.dice.kind);
  const saved = state.game;
  try {
    state.game = null; // the page's start: no game yet, no game id asked for
    assert.equal(dice.diceKind(undefined), null);
    assert.equal(words.binaryTotal([0, 0, 0, 0]), 0);
    state.game = new ludus.Game(entry.id, { ruleset: other.id, seed: 1 });
    assert.equal(dice.diceKind(entry.id), other.dice.kind);
    assert.equal(dice.binaryDice(entry.id), other.dice.faces.join() === "0,1");
    assert.deepEqual(dice.faceRange(entry.id), [Math.min(...other.dice.faces), Math.max(...other.dice.faces)]);
    state.game.close();
    state.game = new ludus.Game(entry.id, { seed: 1 });
    assert.equal(dice.diceKind(entry.id), entry.dice.kind, "the default ruleset: the game's dice");
    assert.equal(dice.diceKind("no_such_game"), null);
    // KEY.KIND said for KEY while that kind is thrown, in every language that has it; KEY else
    setDiceKind(() => dice.diceKind(state.game?.id));
    let variants = 0;
    for (const tag of JSON.parse(readFileSync(here("i18n/languages.json"), "utf8"))) {
      const words = catalogue(tag);
      setMessages(tag, words);
      for (const [key, said] of Object.entries(words).filter(([key]) => key.endsWith(`.${entry.dice.kind}`))) {
        const plain = key.slice(0, -entry.dice.kind.length - 1);
        if (!(plain in words) || typeof said !== "string" || said.includes("{")) continue;
        assert.equal(t(plain), said, `${tag}: ${plain}`);
        variants += 1;
      }
    }
    if (entry.dice.kind === "sticks") assert.ok(variants > 0, "the throwing sticks' own words");
    setDiceKind(() => null);
    assert.equal(
      t("action.roll"),
      catalogue(JSON.parse(readFileSync(here("i18n/languages.json"), "utf8")).at(-1))["action.roll"],
    );
  } finally {
    setDiceKind(() => null);
    state.game?.close();
    state.game = saved;
  }
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
  let capture = null,
    quiet = null;
  for (let ply = 0; ply < 400 && !game.isOver && !capture; ply++) {
    const legal = game.legalMoves();
    capture = legal.find(moves.isCapture) ?? null;
    quiet ??= legal.find((move) => !moves.isCapture(move)) ?? null;
    game.play({ text: game.aiMove({ level: "random", seed: ply }).text });
  }
  assert.ok(capture && capture.captured_count > 0, "no capture found in a game of Petteia");
  assert.ok(quiet && quiet.captured_count === 0);
  game.close();
});

test("new-game dialog: each game's ruleset apart, its other options folded, every card and source in words", () => {
  for (const entry of state.catalogue) {
    const { ruleset, more } = settings.optionFields(entry.id);
    const names = more.map(([name]) => name);
    assert.equal(ruleset?.[0] ?? null, "ruleset" in entry.options ? "ruleset" : null, entry.id);
    assert.deepEqual(
      [...names, ...(ruleset ? ["ruleset"] : [])].sort(),
      Object.keys(entry.options)
        .filter((name) => entry.options[name].type !== "seed")
        .sort(),
    );
    for (const tag of ["it", "en", "de"]) {
      const words = catalogue(tag);
      for (const key of [`newgame.about.${entry.id}`, `newgame.length.${entry.id}`])
        assert.ok(words[key], `${tag}: ${key}`);
      const sources = ruleset
        ? ruleset[1].values.map((value) => `newgame.source.${entry.id}.${value}`)
        : [`newgame.source.${entry.id}`];
      for (const key of sources) assert.ok(words[key], `${tag}: ${key}`);
    }
  }
});

test("a game in the catalogue with no data of the app's (no lib/<id>/app/): a card, its words from the catalogue, no raw key", async () => {
  const sheet = await import("../app/sheet.js");
  // made up from a game with binary dice and rulesets, under an id no folder has
  const model = ludus.games().find((entry) => entry.dice?.faces.join() === "0,1" && entry.rulesets.length > 0);
  assert.ok(model, "a game with binary dice and rulesets to copy");
  const madeUp = { ...structuredClone(model), id: "made_up", name: "A Made-up Game" };
  const saved = state.catalogue;
  state.catalogue = offeredCatalogue([...ludus.games(), madeUp]);
  try {
    assert.ok(
      state.catalogue.some((entry) => entry.id === "made_up"),
      "offered: a card in the new-game dialog",
    );
    for (const tag of JSON.parse(readFileSync(here("i18n/languages.json"), "utf8"))) {
      setMessages(tag, catalogue(tag));
      const card = words.cardWords("made_up");
      assert.deepEqual(card, { name: "A Made-up Game", about: "", length: "" }, tag);
      const said = [
        ...Object.values(card),
        ...madeUp.rulesets.map((ruleset) => words.rulesetName("made_up", ruleset.id)),
        words.binaryWords([1, 0, 1, 0], "made_up"),
        words.diceWords([1, 0, 1, 0], "made_up"),
        t(rulesetKey("print.route.made_up", madeUp.rulesets[0].id), {}, ""),
        t("lesson.none", { game: words.gameName("made_up") }), // learn.js: no lesson in its folder
      ];
      for (const text of said) assert.ok(!/made_up|\{|\b[a-z]+\.[a-z_.]+\b/.test(text), `${tag}: ${text}`);
      assert.equal(
        words.rulesetName("made_up", madeUp.rulesets[0].id),
        madeUp.rulesets[0].name ?? madeUp.rulesets[0].id,
      );
      assert.equal(words.diceWords([1, 0, 1, 0], "made_up"), "2");
      assert.ok(dice.binaryDice("made_up"));
      // every ruleset offered (no app.json), the library's defaults
      const { ruleset } = settings.optionFields("made_up");
      assert.deepEqual(ruleset[1].values, madeUp.options.ruleset.values);
      assert.equal(settings.defaultOptions("made_up").ruleset, madeUp.options.ruleset.default);
      // no summary nor route for the printed sheet: print.js shows the parts the game has
      assert.ok(!has(`${sheet.rulesKey("made_up", undefined)}.setup`));
    }
  } finally {
    state.catalogue = saved;
  }
});

test("game-data.mjs: a game's words merged into the app's; a key not naming the game, or defined twice, refused", () => {
  const root = mkdtempSync(join(tmpdir(), "game-data-"));
  const write = (path, value) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), JSON.stringify(value));
  };
  write("app/en.json", { "menu.new": "New" });
  write("alpha/i18n/en.json", { "game.alpha": "Alpha", "newgame.about.alpha": "A game" });
  write("beta/i18n/en.json", { "game.beta": "Beta" });
  const merge = (...games) =>
    execFileSync(
      process.execPath,
      [here("game-data.mjs"), "words", join(root, "out"), join(root, "app"), "en", ...games],
      {
        stdio: "pipe",
      },
    );
  mkdirSync(join(root, "out"));
  merge(`alpha=${join(root, "alpha")}`, `beta=${join(root, "beta")}`);
  assert.deepEqual(JSON.parse(readFileSync(join(root, "out/en.json"), "utf8")), {
    "menu.new": "New",
    "game.alpha": "Alpha",
    "newgame.about.alpha": "A game",
    "game.beta": "Beta",
  });
  write("beta/i18n/en.json", { "game.beta": "Beta", "game.alpha": "Alpha again" });
  assert.throws(() => merge(`beta=${join(root, "beta")}`), /the key game.alpha does not name the game beta/);
  write("beta/i18n/en.json", { "menu.new.beta": "Beta" });
  write("app/en.json", { "menu.new.beta": "New" });
  assert.throws(() => merge(`beta=${join(root, "beta")}`), /the key menu.new.beta is defined twice/);
  write("beta/lesson.json", { game: "alpha", steps: [{}] });
  assert.throws(
    () =>
      execFileSync(
        process.execPath,
        [here("game-data.mjs"), "lessons", join(root, "l.json"), `beta=${join(root, "beta")}`],
        { stdio: "pipe" },
      ),
    /"game" is "alpha", not beta/,
  );
});

test("new-game dialog: every option of every game of the library's catalogue (games(), not only the app's) named in every language; a 0 explained", () => {
  const languages = JSON.parse(readFileSync(here("i18n/languages.json"), "utf8"));
  for (const entry of ludus.games()) {
    for (const [name, spec] of Object.entries(entry.options)) {
      if (spec.type === "seed") continue;
      // first_player's 0 and 1 are named by the sides (dialogs.js: valueName)
      const zero = spec.type === "integer" ? spec.min <= 0 : name !== "first_player" && (spec.values ?? []).includes(0);
      for (const tag of languages) {
        const words = catalogue(tag);
        // the game's own label (option.ID.NAME, in lib/<id>/app/i18n) or the app's
        const label = words[`option.${entry.id}.${name}`] ?? words[`option.${name}`];
        assert.ok(typeof label === "string" && label !== name, `${tag}: no label option.${name} (${entry.id})`);
        if (zero)
          assert.ok(
            words[`value.${name}.0`] || /(^|\W)0 =/.test(label),
            `${tag}: nothing says what 0 means for ${entry.id}'s ${name}`,
          );
      }
    }
  }
});

test("new-game dialog: Kowalski's 10x11 is not offered (its first move wins), every other ruleset is", () => {
  const fields = settings.optionFields("latrunculi");
  const library = ludus.games().find((entry) => entry.id === "latrunculi").options.ruleset.values;
  assert.deepEqual(
    fields.ruleset[1].values,
    library.filter((value) => value !== "kowalski_10x11"),
  );
  assert.ok(library.includes("kowalski_10x11"), "the library still has it (a saved game plays on)");
  assert.ok(fields.ruleset[1].values.includes(settings.defaultOptions("latrunculi").ruleset));
});

test("rules: Duodecim's route as the board draws it, the pieces out after cell 24 (the letter E marks cell 19, where its stretch begins)", () => {
  const languages = JSON.parse(readFileSync(here("i18n/languages.json"), "utf8"));
  for (const tag of languages) {
    const route = readFileSync(site(`rules/${tag}/duodecim.md`), "utf8")
      .split("\n")
      .find((line) => /\bA\b.*\bB\b.*\bC\b.*\bD\b.*\bE\b/.test(line));
    assert.ok(route, `${tag}: the route's letters`);
    assert.doesNotMatch(route, /\b(da|from|aus) E\b/, `${tag}: the pieces leave "from E": ${route}`);
    assert.match(route, /\b24\b/, `${tag}: where the pieces leave: ${route}`);
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
    assert.deepEqual(
      [manifest.name, manifest.short_name, manifest.description],
      [words["manifest.name"], words["manifest.short_name"], words["manifest.description"]],
    );
    const sizes = manifest.icons
      .filter((icon) => icon.type === "image/png")
      .map((icon) => {
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
  for (const name of [touch[1], "icon-192.png", "icon-512.png"])
    assert.ok(files.includes(`'${name}'`), `${name} not in web_files`);
});

test("server-client: an invitation's link read; a seat's connection says hello, resends since after a drop, and sends the version it saw", async () => {
  const { parseInvitation, SeatConnection } = await import("../app/server-client.js");
  assert.deepEqual(parseInvitation("#join=abc_-1.XYZ-_9"), { id: "abc_-1", invite: "XYZ-_9" });
  for (const bad of ["", "#join=abc", "#watch=abc", "#join=a.b.c", "#join=a b.c"])
    assert.equal(parseInvitation(bad), null, bad);
  const sockets = [];
  class FakeSocket {
    constructor(url) {
      Object.assign(this, { url, sent: [], readyState: 0 });
      sockets.push(this);
      queueMicrotask(() => {
        this.readyState = 1;
        this.onopen();
      });
    }
    send(text) {
      this.sent.push(JSON.parse(text));
    }
    close() {
      this.readyState = 3;
      queueMicrotask(() => this.onclose());
    }
    answer(message) {
      this.onmessage({ data: JSON.stringify(message) });
    }
  }
  const seen = [];
  const connection = new SeatConnection(
    "https://example.org/ludus/",
    "G1",
    "T0K",
    {
      welcome: (m) => seen.push(`welcome ${m.view.version}`),
      update: (m) => seen.push(`update ${m.view.version}`),
      refused: (m) => seen.push(`refused ${m.code}`),
      connection: (status) => seen.push(status),
    },
    { WebSocketClass: FakeSocket },
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(sockets[0].url, "wss://example.org/ludus/api/games/G1/ws");
  assert.deepEqual(sockets[0].sent, [{ type: "hello", token: "T0K" }]);
  assert.equal(connection.send("roll"), false, "nothing is sent before the welcome");
  sockets[0].answer({ type: "welcome", view: { version: 3 } });
  assert.equal(connection.send("move", { move: "1-4" }), true);
  assert.deepEqual(sockets[0].sent.at(-1), { type: "move", id: 1, version: 3, move: "1-4" });
  sockets[0].answer({ type: "update", event: {}, view: { version: 4 } });
  sockets[0].answer({ type: "error", code: "stale" });
  connection.drop();
  await new Promise((resolve) => setTimeout(resolve, 400)); // the first wait before reconnecting: 250 ms
  assert.equal(sockets.length, 2);
  assert.deepEqual(sockets[1].sent, [{ type: "hello", token: "T0K", since: 4 }]);
  sockets[1].answer({ type: "welcome", view: { version: 4 } });
  connection.close();
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.equal(sockets.length, 2, "closed for good: no reconnection");
  assert.deepEqual(seen, ["open", "welcome 3", "update 4", "refused stale", "lost", "connecting", "open", "welcome 4"]);
});

test("server-client: a spectators' link read; a spectator's connection says hello with no token, and since after a drop", async () => {
  const { parseWatchLink, SeatConnection } = await import("../app/server-client.js");
  assert.deepEqual(parseWatchLink("#watch=abc_-1"), { id: "abc_-1" });
  for (const bad of ["", "#watch=", "#join=abc.d", "#watch=a.b", "#watch=a b", "#watch=abc&x"])
    assert.equal(parseWatchLink(bad), null, bad);
  const sockets = [];
  class FakeSocket {
    constructor(url) {
      Object.assign(this, { url, sent: [] });
      sockets.push(this);
      queueMicrotask(() => this.onopen());
    }
    send(text) {
      this.sent.push(JSON.parse(text));
    }
    close() {
      queueMicrotask(() => this.onclose());
    }
  }
  const seen = [];
  const handlers = { welcome: () => seen.push("welcome"), update: (m) => seen.push(`update ${m.event.kind}`) };
  handlers.refused = handlers.connection = () => {};
  const connection = new SeatConnection("http://example.org/", "G2", null, handlers, { WebSocketClass: FakeSocket });
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(sockets[0].url, "ws://example.org/api/games/G2/ws");
  assert.deepEqual(sockets[0].sent, [{ type: "hello" }]); // the schema has no null token: none at all
  sockets[0].onmessage({ data: JSON.stringify({ type: "welcome", seat: null, view: { version: 7 } }) });
  sockets[0].onmessage({ data: JSON.stringify({ type: "update", event: { kind: "move" }, view: { version: 8 } }) });
  connection.drop();
  await new Promise((resolve) => setTimeout(resolve, 400));
  assert.deepEqual(sockets[1].sent, [{ type: "hello", since: 8 }]);
  connection.close();
  assert.deepEqual(seen, ["welcome", "update move"]);
});

test("server-client: a new game asks for no QR code (the app draws its own, app/qr.js)", async () => {
  const { createGame } = await import("../app/server-client.js");
  const asked = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (url, init) => {
    asked.push({ url: String(url), method: init.method, body: JSON.parse(init.body) });
    return { status: 200, ok: true, headers: new Headers(), json: async () => ({ id: "G/1", invite: "K" }) };
  };
  try {
    await createGame("https://example.org/app/", "ur", { ruleset: "finkel" });
  } finally {
    globalThis.fetch = realFetch;
  }
  assert.deepEqual(asked, [
    {
      url: "https://example.org/app/api/games",
      method: "POST",
      body: { game: "ur", options: { ruleset: "finkel" }, seat: 0, dice: "server", qr: false },
    },
  ]);
  const appSources = readdirSync(here("app")).map((name) => readFileSync(here(`app/${name}`), "utf8"));
  assert.ok(!appSources.some((source) => source.includes("/qr`")), "no request for the server's QR code");
});

test("server-client: a full server is asked again after the wait it names (a 503's Retry-After, a WebSocket closed with 1013)", async () => {
  const { createGame, SeatConnection } = await import("../app/server-client.js");
  const answers = [
    {
      status: 503,
      ok: false,
      headers: new Headers({ "Retry-After": "1" }),
      json: async () => ({ error: "busy", message: "server busy" }),
    },
    { status: 200, ok: true, headers: new Headers(), json: async () => ({ id: "G", seat: 0, token: "T" }) },
  ];
  const asked = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (url) => {
    asked.push(Date.now());
    return answers.shift();
  };
  try {
    assert.deepEqual(await createGame("https://example.org/", "duodecim", {}), { id: "G", seat: 0, token: "T" });
  } finally {
    globalThis.fetch = realFetch;
  }
  assert.equal(asked.length, 2);
  assert.ok(asked[1] - asked[0] >= 1900, `asked again after ${asked[1] - asked[0]} ms`);
  const sockets = [];
  class BusySocket {
    constructor(url) {
      Object.assign(this, { url, sent: [], readyState: 0 });
      sockets.push(this);
      queueMicrotask(() =>
        sockets.length === 1 ? this.onclose({ code: 1013, reason: "server busy: retry after 2 s" }) : this.onopen(),
      );
    }
    send(text) {
      this.sent.push(JSON.parse(text));
    }
    close() {}
  }
  const connection = new SeatConnection("https://example.org/", "G", "T", {}, { WebSocketClass: BusySocket });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  assert.equal(sockets.length, 1, "a busy server asked again before the wait it named");
  await new Promise((resolve) => setTimeout(resolve, 1400));
  assert.equal(sockets.length, 2, "not asked again after the wait");
  connection.close();
});

test("lobby-client: each lobby request's method, address, token and body; a refusal's code", async () => {
  const lobby = await import("../app/lobby-client.js");
  const { ServerError } = await import("../app/server-client.js");
  const asked = [];
  const realFetch = globalThis.fetch;
  const answer = (body, status = 200) => ({ status, ok: status < 400, headers: new Headers(), json: async () => body });
  globalThis.fetch = async (url, init) => {
    asked.push({
      url: String(url),
      method: init.method ?? "GET",
      token: init.headers?.Authorization ?? null,
      body: init.body ? JSON.parse(init.body) : null,
    });
    if (String(url).endsWith("/accept")) return answer({ error: "own_seek", message: "yours" }, 409);
    return answer({ seeks: ["S"], games: ["G"], status: "open" });
  };
  const wanted = { game: "ur", pace: "correspondence", days: 3 };
  const base = "https://example.org/app/";
  try {
    await lobby.newPlayer(base);
    await lobby.myLobby(base, "T");
    assert.deepEqual(await lobby.openSeeks(base), ["S"]);
    assert.deepEqual(await lobby.liveGames(base), ["G"]);
    await lobby.openSeek(base, "T", wanted);
    await lobby.quickGame(base, "T", wanted);
    await lobby.waitForSeek(base, "T", "a/b", 25);
    await lobby.cancelSeek(base, "T", "K");
    await assert.rejects(lobby.acceptSeek(base, "T", "K"), (e) => e instanceof ServerError && e.code === "own_seek");
  } finally {
    globalThis.fetch = realFetch;
  }
  const at = "https://example.org/app/api/";
  assert.deepEqual(asked, [
    { url: `${at}players`, method: "POST", token: null, body: null },
    { url: `${at}players/me`, method: "GET", token: "Bearer T", body: null },
    { url: `${at}lobby/seeks`, method: "GET", token: null, body: null },
    { url: `${at}lobby/games`, method: "GET", token: null, body: null },
    { url: `${at}lobby/seeks`, method: "POST", token: "Bearer T", body: wanted },
    { url: `${at}lobby/quick`, method: "POST", token: "Bearer T", body: wanted },
    { url: `${at}lobby/seeks/a%2Fb?wait=25`, method: "GET", token: "Bearer T", body: null },
    { url: `${at}lobby/seeks/K`, method: "DELETE", token: "Bearer T", body: null },
    { url: `${at}lobby/seeks/K/accept`, method: "POST", token: "Bearer T", body: null },
  ]);
});

test("words: every error code of the game server (schemas/server: the WebSocket's and HTTP's) said in every language", () => {
  const schema = (name) => JSON.parse(readFileSync(here(`../../schemas/server/${name}`), "utf8")).$defs.error;
  const codes = new Set([
    ...schema("server-message.schema.json").properties.code.enum,
    ...schema("http.schema.json").properties.error.enum,
  ]);
  assert.ok(codes.has("unavailable") && codes.has("busy") && codes.has("offer_declined"), [...codes].join());
  // the server's words are the app's own (i18n/TAG.json), not a game's
  const source = (tag) => JSON.parse(readFileSync(here(`i18n/${tag}.json`), "utf8"));
  const english = source("en");
  for (const tag of JSON.parse(readFileSync(here("i18n/languages.json"), "utf8"))) {
    const messages = source(tag);
    setMessages(tag, messages);
    for (const code of codes) {
      const key = `server.error.${code}`;
      assert.ok(typeof messages[key] === "string" && messages[key].trim() !== "", `${tag}: no ${key}`);
      if (tag !== "en") assert.notEqual(messages[key], english[key], `${tag}: ${key} is in English`);
      for (const fallback of ["online.refused", "online.join_failed", "lobby.failed"])
        assert.equal(words.refusalWords(code, fallback), messages[key], `${tag}: ${code}`);
    }
    const named = Object.keys(messages).filter((key) => key.startsWith("server.error."));
    assert.deepEqual(named.sort(), [...codes].map((code) => `server.error.${code}`).sort(), `${tag}: no other codes`);
    // a code the schemas do not have (a newer server's), none, no answer at all
    assert.equal(words.refusalWords("not_a_code", "online.refused"), messages["online.refused"]);
    assert.equal(words.refusalWords(undefined, "lobby.failed"), messages["lobby.failed"]);
    assert.equal(words.refusalWords("network", "lobby.failed"), messages["online.offline"]);
  }
});
