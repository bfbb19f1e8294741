//# allFunctionsCalledOnLoad
// The libludus web app: every game and ruleset of the library's catalogue, in Italian, English
// or German, on a phone, a tablet (kiosk mode for a museum) or a desktop. Nothing here knows a
// game by name: the new-game dialog is built from games() (each option's type, range and
// default), a tap is mapped to the moves of legalMoves() through the positions the library's
// picture names (data-square, data-position0/1, data-tray-position: render option
// "positions"), and the words are the app's own (render option "words": false), from
// i18n/<language>.json. The computer and the hints think in a Web Worker (ai-worker.js).
// (The first line asks Chromium to compile this file's functions as it downloads them, off the
// page's thread, rather than each at its first call on it, in the tasks of the first screen.)
import { renderMarkdown } from "./markdown.js";
import { LANGUAGES, currentLanguage, has, languageName, preferredLanguage, t, translatePage, useLanguage } from "./i18n.js";

const $ = (selector) => document.querySelector(selector);
const SVG_NS = "http://www.w3.org/2000/svg";
const STORAGE_CURRENT = "ludus.current";
const params = new URLSearchParams(location.search);
const KIOSK = params.get("kiosk") === "1" || localStorage.getItem("ludus.kiosk") === "1";
// The kiosk's language: its address's (?lang=), else Italian. In kiosk mode a visitor's choice
// is never stored: every visitor (after the idle reset or a reload) starts in this one.
const MUSEUM_LANGUAGE = LANGUAGES.includes(params.get("lang")) ? params.get("lang") : "it";
const IDLE_MS = 1000 * Number(params.get("idle") || 180);  // the kiosk's idle time (default 3 minutes)
// ms between the computer's actions (its roll, each move): each stays on screen alone at least
// this long, for a visitor to read it (?pace=MS; the tests shorten it)
const PACE = Number(params.get("pace") || 1200);
const REDUCED_MOTION = matchMedia("(prefers-reduced-motion: reduce)");
const LEVELS = ["random", "greedy", "easy", "medium", "best", "uct"];  // uct: a Monte Carlo tree search, another style
// The app's defaults where the library's would let a game go on for ever: a draw rule on
// (shown and changeable in the new-game dialog). Keyed by option name, for every game.
const APP_DEFAULTS = { draw_repetitions: 3, draw_plies_without_capture: 100 };
const DEFAULT_GAME = "duodecim";  // the game a first visit starts with (else the catalogue's first)
const MIN_TARGET = 44;  // CSS px: the smallest square or cell the board is drawn with, when it can
// The window's size, read again when it changes: reading innerWidth or innerHeight lays the page
// out, which a render should leave to the frame (this listener runs before the render's own).
let viewport = { width: innerWidth, height: innerHeight };
addEventListener("resize", () => { viewport = { width: innerWidth, height: innerHeight }; });

// The engine (a 1 MB WebAssembly module) is loaded once the page has painted its first screen
// (the picture of the first board, first-board.svg), so that its download does not hold that
// up; the words load meanwhile. It is compiled in the worker (ai-worker.js), which then plays
// the page's first calls and hands the compiled module over: the page's thread only
// instantiates it (ludus-engine.js takes it from globalThis.LUDUS_WASM_MODULE; without it, as
// when the worker fails, the page compiles its own). Game, LudusError and CATALOGUE are set
// once it is ready (see "start").
// "After the first paint" is after the frame that shows the first board's picture: a download
// that starts before it counts against the first paints in Lighthouse's model of a slow phone
// network. A page opened in the background paints nothing: no waiting for it.
const afterFirstPaint = () => new Promise((resolve) => {
  if (document.visibilityState === "hidden") { resolve(); return; }
  document.addEventListener("visibilitychange", resolve, { once: true });
  setTimeout(resolve, 3000);  // a picture that neither loads nor fails
  const picture = document.querySelector("#board .first-board");
  const shown = !picture || picture.complete ? Promise.resolve()
    : new Promise((loaded) => { picture.addEventListener("load", loaded, { once: true }); picture.addEventListener("error", loaded, { once: true }); });
  shown.then(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
});
const engine = afterFirstPaint().then(() => {
  globalThis.LUDUS_WASM_MODULE = startWorker();
  return import("./ludus-engine.js");
});
let Game = null, LudusError = null, CATALOGUE = [];
const catalogueOf = (id) => CATALOGUE.find((entry) => entry.id === id);

let game = null;          // the Game being played
let settings = null;      // {game, options, opponent, computer}
let resigned = null;      // the player who resigned (the library has no resignation: the app keeps it)
let selected = null;      // the position chosen as a move's origin
let hinted = null;        // the move the hint suggests
let thinking = false;     // what the computer is searching for: "move", "hint", "draw" (false: nothing)
let request = 0;          // the id of the worker request still wanted
let cursor = 0;           // the keyboard's place on the board (an index into places())
let rotated = false;      // the board is drawn turned a quarter (a wide board on a tall screen)
let endShown = false;     // the end-of-game dialog has been shown for this game

// The worker starts with the page (it compiles the engine, see above); until it says it is
// ready (a message sent earlier would find no handler) a request of the computer's turn or a
// hint waits. Returns a promise of the compiled module (null if the worker cannot give one).
// A worker that fails (its script, its engine, a crash) answers nothing more: the page then
// searches on its own thread, starting with the request left unanswered, so that no spinner
// waits for an answer that cannot come.
let worker = null;
let workerReady = false;
let waiting = null;   // the request made before the worker was ready
let pending = null;   // the request the worker is answering
function startWorker() {
  return new Promise((resolve) => {
    try {
      // the game the page shows first, for the worker's warm-up: the saved game's, or the default
      let first = DEFAULT_GAME;
      try { first = JSON.parse(localStorage.getItem(STORAGE_CURRENT))?.settings?.game ?? first; } catch { /* the default */ }
      worker = new Worker(new URL(`./ai-worker.js?game=${encodeURIComponent(first)}`, import.meta.url), { type: "module" });
    } catch {
      worker = null;
      resolve(null);
      return;
    }
    worker.addEventListener("error", () => { workerFailed(); resolve(null); });
    worker.onmessage = ({ data }) => {
      if (!data.ready) { pending = null; workerAnswered(data); return; }
      resolve(data.module);
      workerReady = true;
      if (waiting) ask(waiting);
      waiting = null;
    };
  });
}
function workerFailed() {
  if (worker === null) return;
  worker.terminate();
  worker = null;
  workerReady = false;
  const unanswered = pending ?? waiting;
  pending = waiting = null;
  if (unanswered && Game) thinkHere(unanswered);
}
function ask(message) {
  if (worker === null) thinkHere(message);
  else if (workerReady) { pending = message; worker.postMessage(message); }
  else waiting = message;
}
// The worker's search on the page's thread, in a task of its own (the status shows first).
function thinkHere({ id, kind, state, options }) {
  setTimeout(() => {
    let copy = null, answer;
    try {
      copy = Game.fromJSON(state);
      answer = { id, kind, move: copy.aiMove(options) };
    } catch (error) {
      if (!(error instanceof LudusError)) throw error;
      answer = { id, kind, error: error.message, status: error.statusName };
    } finally {
      copy?.free();
    }
    workerAnswered(answer);
  }, 0);
}

// ---- names -------------------------------------------------------------------------------------

const gameName = (id) => t(`game.${id}`, {}, catalogueOf(id)?.name ?? id);
const sideName = (player) => t(`side.${player}`);

function playerName(player) {
  if (settings.opponent === "human") return sideName(player);
  return t(player === settings.computer ? "player.computer" : "player.you", { side: sideName(player) });
}

// A position of a move in words: a square or cell keeps its name, a tray is named.
const placeName = (name) => t(`position.${name}`, {}, String(name));

// keys: "move" for "{who}: da 4 a 9", "said" for the words without the player ("da 4 a 9").
function describeMove(move, player, keys = "move") {
  const who = playerName(player);
  const captures = move.captured_count ?? (Array.isArray(move.captures) ? move.captures.length : move.captures ?? 0);
  const blocks = (move.blocks ?? []).length;
  const from = move.from_name ?? move.from;
  const to = move.to_name ?? move.to;
  let text;
  if (move.text === "pass" || move.kind === "pass") text = t(`${keys}.pass`, { who });
  else if (move.kind === "remove") text = t(`${keys}.remove`, { who, square: placeName(arrival(move)) });
  else if (from === undefined) text = t(`${keys}.place`, { who, to: placeName(to) });
  else {
    // a step from or to a named tray where the words have a verb for it ("entra in V")
    const key = [`${keys}.from_${from}`, `${keys}.to_${to}`].find(has) ?? `${keys}.step`;
    text = t(key, { who, from: placeName(from), to: placeName(to) });
  }
  if (move.kind !== "remove" && captures > 0) text += " " + t("move.captures", { count: captures });
  if (blocks > 0) text += " " + t("move.blocks", { count: blocks });
  return text;
}

// Who is speaking of, in words a person says: "tu", "il computer" (two people: the sides).
function speaker(player) {
  if (settings.opponent === "human") return sideName(player);
  return t(player === settings.computer ? "speaker.computer" : "speaker.you");
}

// What the computer did in its turn, written out on screen (#narration) besides the live region:
// its roll and each of its moves, kept until the person acts; at a game's start, the opening
// roll and who starts. Kept as data, so that a change of language writes it again.
let narration = { opening: false, dice: null, moves: [] };

function narrate(kind, value) {
  if (kind === "clear") narration = { opening: false, dice: null, moves: [] };
  else if (kind === "start") narration = { opening: true, dice: null, moves: [] };
  // the computer's first action replaces the opening (read alone for two paces: afterChange)
  else if (kind === "roll") narration = { opening: false, dice: value, moves: [] };
  else narration = { ...narration, opening: false, moves: [...narration.moves, value] };
}

function narrationText() {
  const parts = [];
  if (narration.opening) {
    const rounds = game.toJSON().setup?.opening_rolls ?? [];
    if (rounds.length) {
      parts.push(t("opening.roll", { rolls: rounds.map(([a, b, c, d]) => t("opening.round", {
        light: speaker(0), light_dice: `${a} + ${b}`, dark: speaker(1), dark_dice: `${c} + ${d}` })).join("; ") }));
    }
    const first = game.history[0]?.player ?? game.toMove;
    parts.push(settings.opponent === "human" ? t("starts.side", { side: sideName(first) })
      : t(first === settings.computer ? "starts.computer" : "starts.you"));
  }
  const dice = narration.dice?.join(" + ");
  const moves = narration.moves.map((move) => describeMove(move, settings.computer, "said")).join(", ");
  if (dice && moves) parts.push(t("narrate.rolled_played", { dice, moves }));
  else if (dice) parts.push(t("narrate.rolled", { dice }));
  else if (moves) parts.push(t("narrate.played", { moves }));
  return parts.join(" ");
}

function describeEvent(event) {
  const roll = /^roll ((?:\d+ ?)+)$/.exec(event.text);
  if (roll) return t("event.roll", { who: playerName(event.player), dice: roll[1].trim().split(" ").join(" + ") });
  if (event.text === "draw agreed") return t("event.draw_agreed");
  return describeMove(parseMoveText(event.text), event.player);
}

// A history event's move, from its notation: "b2-b5", "c4" (placed), "H-III", "3-7:4", "pass".
function parseMoveText(text) {
  if (text === "pass") return { text };
  const step = /^([^-\s:]+)-([^:\s]+)/.exec(text);
  if (step) return { text, from: step[1], to: step[2] };
  const removed = /^x([a-z]\d+)$/.exec(text);
  if (removed) return { text, kind: "remove", captures: [removed[1]] };
  return { text, to: text };
}

// ---- moves and places --------------------------------------------------------------------------

const origin = (move) => move.from_name ?? move.from;
// Where a move is tapped to be played: its arrival, a placing's square, a removed piece.
const arrival = (move) => move.to_name ?? move.to ?? (move.captured ?? move.captures)?.[0];
const isPass = (move) => move.text === "pass" || move.kind === "pass";

function legalMoves() {
  return game.phase === "move" && !isOver() ? game.legalMoves() : [];
}

const isOver = () => game.isOver || resigned !== null;
const isComputer = (player) => settings.opponent !== "human" && player === settings.computer;
const isComputerTurn = () => isComputer(game.toMove) && !isOver();

// The places a tap can name: squares, cells, trays, each with its position names for the player.
function places() {
  return [...document.querySelectorAll("#board .square[data-square], #board [data-position0], #board [data-tray-position] rect.tray")];
}

function namesOf(place, player) {
  if (place.dataset.square) return [place.dataset.square];
  const tray = place.closest("[data-tray-position]");
  if (tray) return tray.classList.contains(`player${player}`) ? tray.dataset.trayPosition.split(" ") : [];
  const name = place.dataset[`position${player}`];
  return name ? [name] : [];
}

function placeOf(name, player) {
  return places().find((place) => namesOf(place, player).includes(String(name))) ?? null;
}

// The place under a point of the screen (a piece drawn over a cell names the cell).
function placeAt(x, y) {
  const all = new Set(places());
  return document.elementsFromPoint(x, y).map((e) => (e.matches("g[data-tray-position] *") ? e.closest("g[data-tray-position]").querySelector("rect.tray") : e))
    .find((e) => all.has(e)) ?? null;
}

// ---- the board ---------------------------------------------------------------------------------

// The render options the app wants, where a game's pictures take them (the library refuses an
// option a game does not have): all of them at first; when a game's picture refuses them, found
// for that game by asking for each alone (no extra picture drawn in the common case).
const WANTED_PICTURE = { words: false, positions: true, coordinates: false };
const pictureOptions = new Map();

const pictureOptionsOf = (shown) => pictureOptions.get(shown.id) ?? { size: 480, ...WANTED_PICTURE };

function pictureText(shown, options) {
  try {
    return shown.svg(options);
  } catch (error) {
    if (!(error instanceof LudusError) || pictureOptions.has(shown.id)) throw error;
  }
  const accepted = { size: 480 };
  for (const [name, value] of Object.entries(WANTED_PICTURE)) {
    try {
      shown.svg({ [name]: value });
      accepted[name] = value;
    } catch (error) {
      if (!(error instanceof LudusError)) throw error;
    }
  }
  pictureOptions.set(shown.id, accepted);
  return shown.svg(Object.fromEntries(Object.entries(options).filter(([name]) => !(name in WANTED_PICTURE) || name in accepted)));
}

// The rules' and the printed pictures keep the coordinates (the text names squares).
const withCoordinates = (options) => ("coordinates" in options ? { ...options, coordinates: true } : options);

// The library's picture as an element, without its words (its title is English: the app says
// what the picture shows in its own words, in the status line and the live region).
function pictureOf(shown, options) {
  const holder = document.createElement("div");
  holder.innerHTML = pictureText(shown, options).replace(/^<\?xml[^>]*>\s*/, "");
  const svg = holder.querySelector("svg");
  svg.querySelector("title")?.remove();
  svg.removeAttribute("aria-label");
  svg.setAttribute("aria-hidden", "true");
  return svg;
}

function render() {
  const board = $("#board");
  const svg = pictureOf(game, pictureOptionsOf(game));
  board.replaceChildren(svg);
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.querySelector(".background")?.remove();
  fitBoard(svg);
  board.dataset.game = game.id;
  board.dataset.phase = isOver() ? "over" : game.phase;
  markMoves();
  showStatus();
  showControls();
  save();
}

// What the picture draws (its box, read with getBBox) is the same in every position of a game
// with the same options (checked over random games of each game): kept, so that a render after
// the first reads no layout (getBBox would lay the whole page out inside the render's task, and
// the frame after it again). Checked once the frame has laid the picture out (cheap then): a box
// that differs is kept instead and the board drawn again.
const pictureBoxes = new Map();
const sameBox = (a, b) => ["x", "y", "width", "height"].every((name) => Math.abs(a[name] - b[name]) < 0.5);

function contentBox(svg, content) {
  const key = `${game.id} ${JSON.stringify(settings?.options ?? null)} ${svg.getAttribute("viewBox")}`;
  const known = pictureBoxes.get(key);
  if (!known) {
    const { x, y, width, height } = content.getBBox();
    pictureBoxes.set(key, { x, y, width, height });
    return pictureBoxes.get(key);
  }
  requestAnimationFrame(() => setTimeout(() => {
    if (!content.isConnected) return;
    const { x, y, width, height } = content.getBBox();
    if (sameBox(known, { x, y, width, height })) return;
    pictureBoxes.set(key, { x, y, width, height });
    render();
  }, 0));
  return known;
}

// Crops the picture to what it draws and turns a wide board a quarter on a tall screen when its
// cells come out larger that way (the race boards' 12 columns on a phone).
function fitBoard(svg) {
  const content = document.createElementNS(SVG_NS, "g");
  content.id = "content";
  content.append(...svg.childNodes);
  svg.append(content);
  const box = contentBox(svg, content);
  const pad = 2;
  const measured = chooseLayout(box);
  const { flat, turned } = scales(box, measured);
  rotated = turned > flat * 1.1;  // (style.css turns the first board's picture alike: max-aspect-ratio 10/11)
  if ($("#app").dataset.layout === "side") setBoardAspect(rotated ? box.height / box.width : box.width / box.height);
  if (rotated) {
    content.setAttribute("transform", "rotate(90)");
    const cells = [...content.querySelectorAll("rect[data-cell]")].map((cell) => ["x", "y", "width", "height"].map((name) => Number(cell.getAttribute(name))));
    for (const label of content.querySelectorAll("text")) {
      let x = Number(label.getAttribute("x")), y = Number(label.getAttribute("y"));
      // A cell's inscription sits at its top left corner: turned with the board, that corner
      // is the cell's top right on screen and the upright text would run across the grid line.
      // It keeps its place from the corner the visitor sees at the top left (the picture's
      // bottom left). Centred words (counts, letters) turn about their own point.
      const cell = label.getAttribute("text-anchor") === "middle" ? null
        : cells.find(([cx, cy, w, h]) => x >= cx && x <= cx + w && y >= cy && y <= cy + h);
      if (cell) {
        const [cx, cy, , h] = cell;
        [x, y] = [cx + (y - cy), cy + h - (x - cx)];
        label.setAttribute("x", x);
        label.setAttribute("y", y);
      }
      label.setAttribute("transform", `rotate(-90 ${x} ${y})`);
    }
    svg.setAttribute("viewBox", `${-box.y - box.height - pad} ${box.x - pad} ${box.height + 2 * pad} ${box.width + 2 * pad}`);
  } else {
    svg.setAttribute("viewBox", `${box.x - pad} ${box.y - pad} ${box.width + 2 * pad} ${box.height + 2 * pad}`);
  }
  const marks = document.createElementNS(SVG_NS, "g");
  marks.setAttribute("class", "marks");
  content.append(marks);
}

// The board's area as the last frame laid it out (a ResizeObserver's), for the window size it
// was laid out for: read without laying the page out again. (Its size does not depend on the
// board in it: style.css gives it size containment.)
let areaSize = null;
new ResizeObserver((entries) => {
  const { width, height } = entries.at(-1).contentRect;
  areaSize = { width: Math.round(width), height: Math.round(height), window: `${viewport.width}x${viewport.height}` };
}).observe($("#board-area"));

// How large the board comes out in the board's area as it is laid out now: flat or turned
// (measured, laying the page out, when the layout has just been chosen or the window has changed).
function scales(box, measure = false) {
  let { width, height } = areaSize ?? {};
  if (measure || areaSize?.window !== `${viewport.width}x${viewport.height}`) {
    const area = $("#board-area");
    [width, height] = [area.clientWidth, area.clientHeight];
  }
  return { flat: Math.min(width / box.width, height / box.height), turned: Math.min(width / box.height, height / box.width) };
}

// The board's shape for the side column's width (style.css), changed only when it changes: a
// new value restyles and lays out the whole page again.
function setBoardAspect(aspect) {
  const app = $("#app"), value = aspect.toFixed(3);
  if (app.style.getPropertyValue("--board-aspect") !== value) app.style.setProperty("--board-aspect", value);
}

// On a landscape screen, the board beside the column of controls ("side") or below the title
// bar and above the actions ("stacked"), whichever draws it larger (the side layout unless the
// other is clearly larger); chosen again when the screen or the board's shape changes.
// Returns whether it chose (the area is then to be measured again).
function chooseLayout(box) {
  const app = $("#app");
  const key = `${viewport.width}x${viewport.height} ${Math.round(box.width)}x${Math.round(box.height)}`;
  if (app.dataset.layoutFor === key) return false;
  app.dataset.layoutFor = key;
  if (viewport.width <= viewport.height) { app.dataset.layout = "stacked"; return true; }
  const size = {};
  for (const layout of ["side", "stacked"]) {
    app.dataset.layout = layout;
    setBoardAspect(box.width / box.height);
    const { flat, turned } = scales(box, true);
    size[layout] = Math.max(flat, turned);
  }
  app.dataset.layout = size.stacked > size.side * 1.05 ? "stacked" : "side";
  return true;
}

// A place's box in the picture's coordinates: a rectangle's from its attributes (no layout to
// read), any other shape's from getBBox.
function boxOf(place) {
  if (!(place instanceof SVGRectElement) || place.hasAttribute("transform")) return place.getBBox();
  return { x: place.x.baseVal.value, y: place.y.baseVal.value, width: place.width.baseVal.value, height: place.height.baseVal.value };
}

// A mark over a place, drawn in the picture's coordinates: a shape for each meaning (not a
// colour alone): a dashed frame (can move), a thick frame (chosen), a ring (a target), a star
// (the hint), corners (the keyboard's cursor).
function mark(place, kind) {
  const box = boxOf(place);
  const marks = $("#board g.marks");
  const inset = Math.min(box.width, box.height) * 0.08;
  let shape;
  if (kind === "target") {
    shape = document.createElementNS(SVG_NS, "circle");
    shape.setAttribute("cx", box.x + box.width / 2);
    shape.setAttribute("cy", box.y + box.height / 2);
    shape.setAttribute("r", Math.min(box.width, box.height) * 0.22);
  } else {
    shape = document.createElementNS(SVG_NS, "rect");
    for (const [name, value] of Object.entries({ x: box.x + inset, y: box.y + inset, width: box.width - 2 * inset, height: box.height - 2 * inset })) {
      shape.setAttribute(name, value);
    }
  }
  shape.setAttribute("class", `mark ${kind}`);
  marks.append(shape);
  place.classList.add(kind);
}

function markMoves() {
  const player = game.toMove;
  if (!isOver() && !thinking && !isComputerTurn()) {
    const moves = legalMoves().filter((m) => !isPass(m));
    if (selected === null) {
      const starts = new Set(moves.map((m) => origin(m) ?? arrival(m)));
      for (const name of starts) { const place = placeOf(name, player); if (place) mark(place, "movable"); }
    } else {
      const place = placeOf(selected, player);
      if (place) mark(place, "chosen");
      for (const move of moves.filter((m) => origin(m) === selected)) { const to = placeOf(arrival(move), player); if (to) mark(to, "target"); }
    }
  }
  if (hinted) {
    for (const name of [origin(hinted), arrival(hinted)]) { const place = name === undefined ? null : placeOf(name, player); if (place) mark(place, "hint"); }
  }
  showCursor();
}

// The marks, the status line and the controls again over the same picture, when only the search
// started or ended (the position is the same): cheaper than drawing the board again, which a
// phone feels at each of the computer's moves.
const MARK_KINDS = ["movable", "chosen", "target", "hint", "cursor"];
function refresh() {
  for (const old of document.querySelectorAll("#board g.marks > *")) old.remove();
  for (const place of document.querySelectorAll(MARK_KINDS.map((kind) => `#board .${kind}`).join(", "))) place.classList.remove(...MARK_KINDS);
  markMoves();
  showStatus();
  showControls();
}

// The keyboard's place, marked while the board has the focus (drawn alone: a full render on
// focus would replace the element a pointer is pressing).
function showCursor() {
  for (const old of document.querySelectorAll("#board .cursor")) {
    if (old.classList.contains("mark")) old.remove();
    else old.classList.remove("cursor");
  }
  const all = places();
  if ($("#board").matches(":focus-visible") && all.length) mark(all[Math.min(cursor, all.length - 1)], "cursor");
}

function placeChosen(place) {
  if (!place || isOver()) return;
  if (thinking || isComputerTurn()) { say(t("illegal.wait")); return; }
  if (game.phase !== "move") { say(t("illegal.roll_first")); return; }
  const player = game.toMove;
  const names = namesOf(place, player);
  const moves = legalMoves();
  if (selected !== null) {
    const chosen = moves.filter((m) => origin(m) === selected && names.includes(String(arrival(m))));
    if (chosen.length === 1) { playMove(chosen[0]); return; }
    if (chosen.length > 1) { offerChoices(chosen); return; }
    if (names.includes(String(selected))) { selected = null; render(); return; }
  }
  const direct = moves.filter((m) => origin(m) === undefined && names.includes(String(arrival(m))));
  if (direct.length === 1) { playMove(direct[0]); return; }
  if (direct.length > 1) { offerChoices(direct); return; }
  if (moves.some((m) => names.includes(String(origin(m))))) {
    selected = names.find((name) => moves.some((m) => String(origin(m)) === name));
    $("#message").textContent = "";
    render();
    announce(t("announce.selected", { place: placeName(selected) }));
    return;
  }
  say(selected !== null ? t("illegal.target", { place: placeName(names[0] ?? "?") }) : explainNoMove(names, player, moves));
  selected = null;
  render();
}

// Why a tap on a place that starts no move does nothing, in words.
function explainNoMove(names, player, moves) {
  if (moves.length === 1 && isPass(moves[0])) return t("illegal.must_pass");
  const own = names.some((name) => document.querySelector(`#board .piece.player${player}[data-square="${name}"], #board g.unit.player${player}[data-position="${name}"]`));
  return own ? t("illegal.piece_cannot_move") : t("illegal.not_yours");
}

// Several moves join the same two places (a race game's different dice): buttons to choose.
function offerChoices(moves) {
  const box = $("#choices");
  box.replaceChildren(...moves.map((move) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = t("choice.dice", { dice: (move.dice ?? []).join(" + ") || move.text });
    button.addEventListener("click", () => playMove(move));
    return button;
  }));
  say(t("choice.which"));
}

function boardKey(event) {
  const all = places();
  if (!all.length) return;
  const centre = (e) => { const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
  const directions = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (event.key in directions) {
    event.preventDefault();
    const [dx, dy] = directions[event.key];
    const [x, y] = centre(all[Math.min(cursor, all.length - 1)]);
    let best = -1, bestScore = Infinity;
    all.forEach((place, i) => {
      const [px, py] = centre(place);
      const along = (px - x) * dx + (py - y) * dy, across = Math.abs((px - x) * dy) + Math.abs((py - y) * dx);
      if (along > 1 && along + 2 * across < bestScore) { best = i; bestScore = along + 2 * across; }
    });
    if (best >= 0) cursor = best;
    showCursor();
    const names = namesOf(all[cursor], game.toMove ?? 0);
    announce(placeName(names[0] ?? all[cursor].dataset.cell ?? ""));
  } else if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    placeChosen(all[Math.min(cursor, all.length - 1)]);
  } else if (event.key === "Escape" && selected !== null) {
    event.preventDefault();
    selected = null;
    render();
  }
}

// ---- playing -----------------------------------------------------------------------------------

function attempt(action) {
  try {
    action();
    return true;
  } catch (error) {
    if (!(error instanceof LudusError)) throw error;
    say(libraryError(error.statusName));
    return false;
  }
}

// A library error in the page's words, by its status (the library's message is English and
// written for programmers: it is never shown).
function libraryError(statusName) {
  const key = `error.${String(statusName).replace(/^LUDUS_E_/, "").toLowerCase()}`;
  return has(key) ? t(key) : t("error.other");
}

function playMove(move) {
  const player = game.toMove;
  const before = { from: origin(move), to: arrival(move), player };
  if (!attempt(() => game.play({ text: move.text }))) return;
  narrate(isComputer(player) ? "move" : "clear", move);
  $("#choices").replaceChildren();
  $("#message").textContent = "";
  announce(describeMove(move, player));
  afterChange();
  animate(before);
}

// The moved piece slides from where it stood (about 300 ms; none under reduced motion).
function animate({ from, to, player }) {
  if (REDUCED_MOTION.matches || from === undefined || to === undefined) return;
  const start = placeOf(from, player), end = placeOf(to, player);
  const piece = document.querySelector(`#board .piece[data-square="${to}"], #board g.unit.player${player}[data-position="${to}"]`);
  if (!start || !end || !piece) return;
  const a = boxOf(start), b = boxOf(end);
  const dx = a.x + a.width / 2 - (b.x + b.width / 2), dy = a.y + a.height / 2 - (b.y + b.height / 2);
  piece.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }], { duration: 300, easing: "ease-out" });
}

// The computer's next action, one at a time: a timer left from a game replaced or a move taken
// back would make it act before the pace.
let computerTimer = 0;

function afterChange() {
  selected = null;
  hinted = null;
  render();
  clearTimeout(computerTimer);
  if (isOver()) setTimeout(showEnd, REDUCED_MOTION.matches ? 0 : 350);
  else if (isComputerTurn()) computerTimer = setTimeout(computerTurn, narration.opening ? 2 * PACE : PACE);
}

function computerTurn() {
  if (!isComputerTurn() || thinking) return;
  if (game.phase === "roll") {
    roll();
    return;
  }
  thinking = "move";
  request += 1;
  const level = settings.opponent;
  const options = { level, seed: game.history.length };
  if (level === "best" || level === "uct") options.max_time_ms = 1200;
  ask({ id: request, kind: "move", state: game.toJSONText(), options });
  refresh();
}

function askHint() {
  if (isOver() || isComputerTurn() || thinking || game.phase !== "move") return;
  thinking = "hint";
  request += 1;
  ask({ id: request, kind: "hint", state: game.toJSONText(), options: { level: "best", max_time_ms: 800, seed: 1 } });
  refresh();
}

function workerAnswered({ id, kind, move, error, status }) {
  if (id !== request) return;  // an answer for a position that was undone or replaced
  thinking = false;
  if (error) {
    // what was asked for could not be answered: said in the page's words, the buttons back
    say(`${t(`error.${kind}`)} ${libraryError(status)}`);
    render();
    return;
  }
  if (kind === "hint") {
    hinted = move;
    refresh();
    say(t("hint.says", { move: describeMove(move, game.toMove) }), "hint");
  } else if (kind === "draw") {
    drawAnswered(move);
  } else {
    playMove(move);
  }
}

function roll() {
  if (game.phase !== "roll" || isOver()) return;
  const player = game.toMove;
  let dice = null;
  if (!attempt(() => { dice = game.roll(); })) return;
  narrate(isComputer(player) ? "roll" : "clear", dice);
  announce(t("event.roll", { who: playerName(player), dice: dice.join(" + ") }));
  afterChange();
}

// Dice from outside (a museum's physical dice): as many fields as the game throws dice.
function ownDiceDialog() {
  const count = game.chanceOutcomes()[0].dice.length;
  $("#dice-inputs").replaceChildren(...Array.from({ length: count }, (_, i) => {
    const label = document.createElement("label");
    label.className = "field";
    const input = Object.assign(document.createElement("input"), { type: "number", min: 1, max: 6, required: true, inputMode: "numeric" });
    input.name = `die${i}`;
    label.append(t("dice.die", { number: i + 1 }), input);
    return label;
  }));
  $("#dice-dialog").returnValue = "";
  $("#dice-dialog").showModal();
}

function ownDiceChosen() {
  if ($("#dice-dialog").returnValue !== "set") return;
  const dice = [...$("#dice-inputs").querySelectorAll("input")].map((input) => Number(input.value));
  const player = game.toMove;
  if (!attempt(() => game.setDice(dice))) return;
  narrate("clear");
  announce(t("event.roll", { who: playerName(player), dice: dice.join(" + ") }));
  afterChange();
}

// Undo takes back the last human decision: against the computer, also what the computer did
// after it, so that the person is to play again.
function undo() {
  request += 1;
  thinking = false;
  resigned = null;
  endShown = false;
  const human = settings.opponent === "human" ? null : 1 - settings.computer;
  let last;
  do {
    last = game.history.at(-1);
    if (!attempt(() => game.undo())) break;
  } while (human !== null && game.history.length > 0 && !(last.player === human && game.toMove === human));
  selected = null;
  hinted = null;
  narrate("clear");
  $("#message").textContent = "";
  render();
}

// ---- resign and draw ---------------------------------------------------------------------------

async function resign() {
  $("#more-dialog").close();
  if (isOver()) return;
  const player = settings.opponent === "human" ? game.toMove : 1 - settings.computer;
  if (!(await confirmDialog(t("resign.confirm", { who: playerName(player) }), t("dialog.yes"), t("dialog.no")))) return;
  request += 1;
  thinking = false;
  resigned = player;
  afterChange();
}

// Offered only in the games whose catalogue entry has agreed draws (the race games have none).
const hasDraws = () => catalogueOf(game.id)?.agreed_draws === true;

async function offerDraw() {
  $("#more-dialog").close();
  if (isOver() || !hasDraws()) return;
  if (settings.opponent === "human") {
    const other = 1 - game.toMove;
    if (await confirmDialog(t("draw.ask_person", { who: playerName(other) }), t("draw.accept"), t("draw.decline"))) agreeDraw();
    else say(t("draw.declined"));
    return;
  }
  if (game.phase !== "move" || isComputerTurn()) { say(t("draw.not_now")); return; }
  // The computer accepts when its strongest search finds it is not ahead.
  thinking = "draw";
  request += 1;
  ask({ id: request, kind: "draw", state: game.toJSONText(), options: { level: "best", max_time_ms: 600, seed: 2 } });
  render();
}

function drawAnswered(move) {
  if (move.search.value >= 0) agreeDraw();
  else { say(t("draw.declined_computer")); render(); }
}

function agreeDraw() {
  if (attempt(() => game.agreeDraw())) afterChange();
  else render();
}

function confirmDialog(question, yes, no) {
  $("#confirm-text").textContent = question;
  $("#confirm-yes").textContent = yes;
  $("#confirm-no").textContent = no;
  const dialog = $("#confirm-dialog");
  dialog.returnValue = "";
  dialog.showModal();
  return new Promise((resolve) => dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true }));
}

// ---- status, messages, controls ----------------------------------------------------------------

function say(text, kind = "error") {
  const message = $("#message");
  message.textContent = text;
  message.dataset.kind = kind;
}

function announce(text) {
  $("#announce").textContent = text;
}

// The end of the game in words: the reason the library gives, or the app's own (resignation).
function endReason() {
  if (resigned !== null) return t("reason.resigned", { who: playerName(resigned) });
  // The library's reason ("end_reason" of the position, libludus 1.1); before 1.1 only an
  // agreed draw can be told, from the history.
  const reason = game.position.end_reason ?? (game.history.at(-1)?.text === "draw agreed" ? "agreed_draw" : null);
  return reason && has(`reason.${reason}`) ? t(`reason.${reason}`) : "";
}

function winnerOf() {
  if (resigned !== null) return 1 - resigned;
  return game.winner;
}

function showStatus() {
  const status = $("#status");
  status.dataset.phase = isOver() ? "over" : game.phase;
  status.dataset.result = resigned !== null ? `player ${1 - resigned} won` : game.result;
  if (isOver()) {
    const winner = winnerOf();
    status.textContent = winner === null ? t("status.draw") : t("status.won", { who: playerName(winner) });
  } else if (isComputerTurn()) {
    // the computer's turn, also in the pause before its search: as a person would say it
    status.textContent = t(game.phase === "roll" ? "status.computer_rolls" : "status.thinking");
  } else if (thinking) {
    status.textContent = t(thinking === "draw" ? "status.draw_thinking" : "status.hint_thinking");
  } else {
    const moves = legalMoves();
    const placing = moves.length > 0 && moves.every((m) => origin(m) === undefined && !isPass(m));
    const key = game.phase === "roll" ? "roll" : placing ? "place" : selected === null ? "move" : "target";
    // against the computer the person is "tu"; two people are named by their sides
    status.textContent = settings.opponent === "human" ? t(`status.${key}`, { who: sideName(game.toMove) }) : t(`status.your_${key}`);
  }
  $("#narration").textContent = narrationText();
  status.classList.toggle("busy", Boolean(thinking));
  showDice();
  showInHand();
}

// The pieces still to place (Bell's and Schädler's rules): the position's fields "*in_hand".
function showInHand() {
  const counts = [0, 0];
  for (const [name, value] of Object.entries(game.position)) {
    if (name.endsWith("in_hand") && Array.isArray(value)) value.forEach((count, player) => { counts[player] += count; });
  }
  const shown = !isOver() && counts[0] + counts[1] > 0;
  $("#in-hand").hidden = !shown;
  if (shown) $("#in-hand").textContent = t("hand.count", { light: counts[0], dark: counts[1] });
}

// The dice of the turn, drawn in HTML (the picture has no words and no status line).
function showDice() {
  const box = $("#dice");
  const dice = !isOver() && game.phase === "move" ? game.dice : null;
  box.replaceChildren(...(dice ?? []).map((value) => {
    const die = document.createElement("span");
    die.className = "die";
    die.textContent = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"][value] ?? String(value);
    die.title = String(value);
    return die;
  }));
  box.hidden = !dice;
  if (dice) box.setAttribute("aria-label", t("dice.label", { dice: dice.join(" + ") }));
  else box.removeAttribute("aria-label");  // no label of dice gone (nor in a language left behind)
}

function showControls() {
  const humanTurn = !isOver() && !isComputerTurn() && !thinking;
  const moves = humanTurn ? legalMoves() : [];
  $("#roll").hidden = !(humanTurn && game.phase === "roll");
  $("#own-dice").hidden = $("#roll").hidden;
  $("#hint").hidden = !$("#roll").hidden;  // no hint before the dice: the dice's button in its place
  const pass = moves.length > 0 && moves.every(isPass);
  if (pass) {
    const button = document.createElement("button");
    button.type = "button";
    button.id = "pass";
    button.className = "primary";
    button.textContent = t("action.pass");
    button.addEventListener("click", () => playMove(moves[0]));
    $("#choices").replaceChildren(button);
  } else if ($("#pass")) {
    $("#choices").replaceChildren();
  }
  $("#hint").disabled = !(humanTurn && game.phase === "move" && !pass);
  $("#undo").disabled = game.history.length === 0 || Boolean(thinking);
  $("#offer-draw").hidden = !hasDraws();
  $("#title").textContent = gameName(game.id);
  document.title = `${gameName(game.id)} · Ludus`;
  const opponent = settings.opponent === "human" ? t("players.two_people")
    : t("players.computer", { level: t(`level.${settings.opponent}`), side: sideName(settings.computer) });
  $("#players").textContent = `${rulesetName()}${opponent}`;
  $("#history").replaceChildren(...game.history.map((event) => {
    const li = document.createElement("li");
    li.textContent = describeEvent(event);
    return li;
  }));
}

function rulesetName() {
  const ruleset = game.options.ruleset;
  return ruleset === undefined ? "" : `${t(`ruleset.${game.id}.${ruleset}`, {}, ruleset)}. `;
}

function showEnd() {
  if (!isOver() || endShown) return;
  endShown = true;
  save();
  const winner = winnerOf();
  $("#end-heading").textContent = winner === null ? t("status.draw") : t("end.winner", { who: playerName(winner) });
  $("#end-reason").textContent = endReason();
  announce(`${$("#end-heading").textContent} ${$("#end-reason").textContent}`);
  $("#end-dialog").returnValue = "";
  $("#end-dialog").showModal();
}

// ---- new game ----------------------------------------------------------------------------------

function defaultSettings() {
  const id = CATALOGUE.some((entry) => entry.id === DEFAULT_GAME) ? DEFAULT_GAME : CATALOGUE[0].id;
  return { game: id, options: defaultOptions(id), opponent: "easy", computer: 1 };
}

function defaultOptions(id) {
  const options = {};
  for (const [name, spec] of Object.entries(catalogueOf(id).options)) {
    if (spec.type === "seed") continue;
    options[name] = name in APP_DEFAULTS ? APP_DEFAULTS[name] : spec.default;
  }
  return options;
}

function startGame(next) {
  const created = createGame(next);
  if (!created) return false;
  game?.free();
  game = created;
  settings = next;
  resigned = null;
  endShown = false;
  request += 1;
  thinking = false;
  cursor = 0;
  $("#message").textContent = "";
  narrate("start");
  afterChange();
  return true;
}

function createGame(next) {
  let created = null;
  attempt(() => { created = new Game(next.game, { ...next.options, seed: Math.floor(Math.random() * 2 ** 32) }); });
  return created;
}

function newGameDialog() {
  buildGameChoice(settings.game);
  buildOptions(settings.game, settings.game === game.id ? settings.options : defaultOptions(settings.game));
  $("#opponent").value = settings.opponent;
  $("#computer").value = String(settings.computer);
  showComputerField();
  $("#new-game-dialog").returnValue = "";
  $("#new-game-dialog").showModal();
}

function buildGameChoice(chosen) {
  const fieldset = $("#game-choice");
  fieldset.querySelectorAll("label").forEach((label) => label.remove());
  for (const entry of CATALOGUE) {
    const label = document.createElement("label");
    label.className = "choice";
    const input = document.createElement("input");
    Object.assign(input, { type: "radio", name: "game", value: entry.id, checked: entry.id === chosen });
    input.addEventListener("change", () => buildOptions(entry.id, defaultOptions(entry.id)));
    label.append(input, " ", gameName(entry.id));
    fieldset.append(label);
  }
  const opponent = $("#opponent");
  opponent.replaceChildren(...["human", ...LEVELS].map((value) => new Option(value === "human" ? t("opponent.human") : t("opponent.computer", { level: t(`level.${value}`) }), value)));
  $("#computer").replaceChildren(...[1, 0].map((player) => new Option(sideName(player), String(player))));
}

// One field per option of the catalogue (the seed is drawn by the app): a number with its range
// or a list of its values, named from the message catalogue.
function buildOptions(id, values) {
  const box = $("#game-options");
  box.replaceChildren();
  for (const [name, spec] of Object.entries(catalogueOf(id).options)) {
    if (spec.type === "seed") continue;
    const label = document.createElement("label");
    label.className = "field";
    const caption = document.createElement("span");
    caption.textContent = t(`option.${name}`, {}, name);
    let input;
    if (spec.type === "integer") {
      input = document.createElement("input");
      Object.assign(input, { type: "number", min: spec.min, max: spec.max, required: true, inputMode: "numeric" });
      input.value = values[name] ?? spec.default;
    } else {
      input = document.createElement("select");
      for (const value of spec.values) input.append(new Option(valueName(id, name, value), JSON.stringify(value)));
      input.value = JSON.stringify(values[name] ?? spec.default);
    }
    input.name = `option.${name}`;
    input.dataset.option = name;
    label.append(caption, input);
    const help = has(`option.${name}.help`) ? t(`option.${name}.help`) : "";
    if (help || name === "ruleset") {
      const note = document.createElement("small");
      note.className = "help";
      const update = () => { note.textContent = name === "ruleset" ? t(`source.${id}.${JSON.parse(input.value)}`, {}, "") : help; };
      input.addEventListener("change", update);
      update();
      label.append(note);
    }
    box.append(label);
  }
}

function valueName(id, name, value) {
  if (name === "ruleset") return t(`ruleset.${id}.${value}`, {}, String(value));
  if (name === "first_player" && typeof value === "number") return sideName(value);
  return t(`value.${name}.${value}`, {}, String(value));
}

function showComputerField() {
  $("#computer-field").hidden = $("#opponent").value === "human";
}

function newGameChosen() {
  if ($("#new-game-dialog").returnValue !== "start") return;
  const form = $("#new-game-form");
  const id = form.elements.game.value;
  const options = {};
  for (const input of $("#game-options").querySelectorAll("[data-option]")) {
    options[input.dataset.option] = input.tagName === "SELECT" ? JSON.parse(input.value) : Number(input.value);
  }
  startGame({ game: id, options, opponent: $("#opponent").value, computer: Number($("#computer").value) });
}

// ---- save and restore --------------------------------------------------------------------------

function save() {
  localStorage.setItem(STORAGE_CURRENT, JSON.stringify({ settings, resigned, endShown, state: game.toJSON() }));
}

function restore() {
  const text = localStorage.getItem(STORAGE_CURRENT);
  if (text === null) return false;
  try {
    const saved = JSON.parse(text);
    const restored = Game.fromJSON(saved.state);
    game?.free();
    game = restored;
    settings = { ...defaultSettings(), ...saved.settings };
    resigned = saved.resigned ?? null;
    endShown = Boolean(saved.endShown);
    narrate("clear");
    return true;
  } catch (error) {
    localStorage.removeItem(STORAGE_CURRENT);
    return false;
  }
}

// ---- rules -------------------------------------------------------------------------------------

async function showRules(id) {
  const tabs = $("#rules-tabs");
  tabs.replaceChildren(...CATALOGUE.map((entry) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = gameName(entry.id);
    button.setAttribute("aria-pressed", String(entry.id === id));
    button.addEventListener("click", () => showRules(entry.id));
    return button;
  }));
  const response = await fetch(`rules/${currentLanguage()}/${id}.md`);
  const article = $("#rules");
  article.innerHTML = response.ok ? renderMarkdown(await response.text()) : `<p>${t("rules.missing")}</p>`;
  for (const figure of article.querySelectorAll("figure[data-board]")) drawRulesPicture(figure);
  keepLinksInside(article);
}

// The exact specification, one link away from the rules for visitors (in the same window).
async function showSpecification(path) {
  const response = await fetch(`rules/${path}`);
  const article = $("#rules");
  article.innerHTML = response.ok ? renderMarkdown(await response.text()) : `<p>${t("rules.missing")}</p>`;
  keepLinksInside(article);
  article.scrollIntoView();
}

// In kiosk mode no link leads out of the app, nor to the exact specification (pages of English
// written for programmers): its paragraph goes.
function keepLinksInside(article) {
  if (!KIOSK) return;
  article.querySelectorAll("a[href^='http']").forEach((link) => link.replaceWith(link.textContent));
  article.querySelectorAll("a[href$='.md']").forEach((link) => (link.closest("p") ?? link).remove());
}

// A rules picture: the library draws the position after the moves given in the rules file.
function drawRulesPicture(figure) {
  const { game: id, options = {}, moves = [] } = JSON.parse(figure.dataset.board);
  let example = null;
  try {
    example = new Game(id, { seed: 1, ...options });
    for (const move of moves) {
      if (Array.isArray(move)) example.setDice(move);
      else example.play(move);
    }
    figure.prepend(pictureOf(example, { ...withCoordinates(pictureOptionsOf(example)), size: 360 }));
  } catch (error) {
    figure.prepend(Object.assign(document.createElement("p"), { textContent: t("rules.picture_missing") }));
  } finally {
    example?.free();
  }
}

// ---- print -------------------------------------------------------------------------------------

function printBoard() {
  $("#more-dialog").close();
  const sheet = $("#print-sheet");
  const heading = document.createElement("h2");
  heading.textContent = `${gameName(game.id)} · ${t("print.caption")}`;
  sheet.replaceChildren(heading, pictureOf(game, { ...withCoordinates(pictureOptionsOf(game)), size: 1000 }));
  window.print();
}

// ---- kiosk -------------------------------------------------------------------------------------

let idleTimer = 0;

// The next visitor's start: the museum's language, the default game and settings.
async function showAttract() {
  localStorage.removeItem(STORAGE_CURRENT);
  for (const dialog of document.querySelectorAll("dialog[open]")) dialog.close();
  if (currentLanguage() !== MUSEUM_LANGUAGE) await setLanguage(MUSEUM_LANGUAGE);
  startGame(defaultSettings());
  $("#attract").hidden = false;
  document.body.dataset.attract = "true";
}

function leaveAttract() {
  $("#attract").hidden = true;
  delete document.body.dataset.attract;
  document.documentElement.requestFullscreen?.().catch(() => {});
  activity();
}

function activity() {
  if (!KIOSK) return;
  clearTimeout(idleTimer);
  idleTimer = setTimeout(showAttract, IDLE_MS);
}

// ---- language ----------------------------------------------------------------------------------

// The selector offers every language of i18n.js's list, each named in itself (and marked so).
$("#language").replaceChildren(...LANGUAGES.map((tag) => Object.assign(new Option(languageName(tag), tag), { lang: tag })));

async function setLanguage(tag, remember = false) {
  await useLanguage(tag, remember);
  translatePage();
  // What was said in the language left behind is not left on the page in the new one.
  say("");
  announce("");
  $("#language").value = tag;
  if (game) render();
}

// ---- start -------------------------------------------------------------------------------------

await Promise.all([setLanguage(KIOSK ? MUSEUM_LANGUAGE : preferredLanguage()), engine.then((loaded) => {
  ({ Game, LudusError } = loaded);
  CATALOGUE = loaded.games();
})]);
// The first game in a task of its own (the engine's start and the words were one already): a
// phone stays responsive between them.
await new Promise((resolve) => setTimeout(resolve, 0));
$("#board").addEventListener("click", (event) => placeChosen(placeAt(event.clientX, event.clientY)));
$("#board").addEventListener("keydown", boardKey);
$("#board").addEventListener("focus", showCursor);
$("#board").addEventListener("blur", showCursor);
$("#roll").addEventListener("click", roll);
$("#undo").addEventListener("click", undo);
$("#own-dice").addEventListener("click", ownDiceDialog);
$("#dice-dialog").addEventListener("close", ownDiceChosen);
$("#hint").addEventListener("click", askHint);
$("#more").addEventListener("click", () => $("#more-dialog").showModal());
$("#resign").addEventListener("click", resign);
$("#offer-draw").addEventListener("click", offerDraw);
$("#print").addEventListener("click", printBoard);
$("#new-game").addEventListener("click", newGameDialog);
$("#opponent").addEventListener("change", showComputerField);
$("#new-game-dialog").addEventListener("close", newGameChosen);
$("#show-rules").addEventListener("click", () => { showRules(game.id); $("#rules-dialog").showModal(); });
$("#rules").addEventListener("click", (event) => {
  const link = event.target.closest("a[href$='.md']");
  if (!link || KIOSK) return;
  event.preventDefault();
  showSpecification(link.getAttribute("href"));
});
$("#language").addEventListener("change", (event) => setLanguage(event.target.value, !KIOSK));
$("#end-dialog").addEventListener("close", () => {
  const choice = $("#end-dialog").returnValue;
  if (choice === "rematch") startGame({ ...settings });
  else if (choice === "new") newGameDialog();
});
addEventListener("resize", () => game && render());
for (const kind of ["pointerdown", "keydown"]) addEventListener(kind, activity, { capture: true });
$("#attract").addEventListener("click", leaveAttract);

if (KIOSK) {
  document.body.classList.add("kiosk");
  // No pinch zoom on the museum's tablet (style.css: touch-action; here the viewport): a
  // zoomed page would stay zoomed for the next visitor.
  document.querySelector("meta[name=viewport]").content = "width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no";
  showAttract();
} else if (restore()) {
  afterChange();
} else {
  startGame(defaultSettings());
}
document.body.dataset.ready = "true";
// The service worker (offline use) fetches every file of the app for its cache: registered once
// the page has loaded, so that it does not compete with the first screen for the network.
const registerWorker = () => navigator.serviceWorker.register("./sw.js").catch(() => {});
if ("serviceWorker" in navigator) {
  if (document.readyState === "complete") setTimeout(registerWorker, 1000);
  else addEventListener("load", () => setTimeout(registerWorker, 1000), { once: true });
}
