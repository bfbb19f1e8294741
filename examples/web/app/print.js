//# allFunctionsCalledOnLoad
import { pictureOf, pictureOptionsOf, withCoordinates } from "./board.js";
import { $, SVG_NS } from "./config.js";
import { has, t } from "./i18n.js";
import { rulesetKey } from "./messages.js";
import { counterSlots, MIN_CELL_MM, pageArea, RULES_PARTS, rulesKey, sheetLayout } from "./sheet.js";
import { state } from "./state.js";
import { labelTrays } from "./trays.js";
import { gameName, sideName } from "./words.js";

// ---- print: a board to play on at home -----------------------------------------------------------
// Page 1: the empty board as large as the paper allows (cells of MIN_CELL_MM at least), with a
// legend (whose pieces are which, the route of a race game, the starting position). Page 2: the
// rules in brief and the counters to cut out, at the cells' size.

const RULES_COLUMN_MM = 112; // page 2: the rules on the left, the counters beside them

export function printBoard() {
  $("#more-dialog").close();
  buildSheet();
  window.print();
}

export function buildSheet() {
  const board = emptyBoard();
  const layout = sheetLayout(pictureSize(board));
  const start = startingPosition();
  try {
    const counts = [0, 1].map((player) => countPieces(start.picture, player));
    const shapes = [0, 1].map((player) => pieceShape(start.picture, player));
    const legendBox = legend(counts, shapes, start);
    const sheet = $("#print-sheet");
    sheet.dataset.paper = layout.paper;
    sheet.dataset.cellMm = layout.cell.toFixed(1);
    sheet.replaceChildren(
      boardPage(board, layout, legendBox),
      rulesPage(layout, counts, shapes, layout.legend === "overleaf" ? legendBox : null),
    );
  } finally {
    start.game.close();
  }
}

// The current game's board without its position, drawn in millimetres by the caller.
function emptyBoard() {
  const svg = pictureOf(state.game, { ...withCoordinates(pictureOptionsOf(state.game)), size: 1000, pieces: false });
  svg.querySelector(".background")?.remove();
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.classList.add("sheet-board");
  labelTrays(svg, false);
  cropToFrame(svg);
  return svg;
}

// A squared board's picture cropped to its frame and its coordinates: the library's picture
// keeps a margin on every side, which on paper costs a millimetre a cell (Kowalski's 12 x 8
// board fits A4 with 20 mm cells only without it). Read from the attributes: the sheet is not
// laid out before it is printed.
function cropToFrame(svg) {
  const frame = svg.querySelector("rect.board");
  if (!frame) return;
  const number = (element, name) => Number(element.getAttribute(name));
  const half = number(frame, "stroke-width") / 2 || 0;
  const boxes = [
    [
      number(frame, "x") - half,
      number(frame, "y") - half,
      number(frame, "x") + number(frame, "width") + half,
      number(frame, "y") + number(frame, "height") + half,
    ],
  ];
  for (const text of svg.querySelectorAll("text.coord")) {
    // centred on its point (text-anchor middle, dominant-baseline central); a letter about 0.6 of the font size wide
    const size = number(text, "font-size"),
      x = number(text, "x"),
      y = number(text, "y"),
      halfWidth = 0.35 * size * text.textContent.length;
    boxes.push([x - halfWidth, y - 0.6 * size, x + halfWidth, y + 0.6 * size]);
  }
  const [left, top] = [0, 1].map((i) => Math.min(...boxes.map((box) => box[i])));
  const [right, bottom] = [2, 3].map((i) => Math.max(...boxes.map((box) => box[i])));
  svg.setAttribute("viewBox", `${left} ${top} ${right - left} ${bottom - top}`);
}

// The picture's size and its cells' side, in its own units.
function pictureSize(svg) {
  const [, , width, height] = svg.getAttribute("viewBox").split(/\s+/).map(Number);
  const cell = Number(svg.querySelector(".square[data-square], rect[data-cell]").getAttribute("width"));
  return { width, height, cell };
}

// A new game with the current options: its pieces and, on a squared board, where they start.
function startingPosition() {
  const game = new state.Game(state.game.id, { ...state.game.options, seed: 1 });
  const picture = pictureOf(game, { ...withCoordinates(pictureOptionsOf(game)), size: 480 });
  picture.querySelector(".background")?.remove();
  return { game, picture, race: !!picture.querySelector("rect[data-cell]") };
}

// A side's pieces in a picture: units, trays and hands say their number; pieces on a square one each.
function countPieces(picture, player) {
  const side = `.player${player}`;
  const grouped = [...picture.querySelectorAll(`g${side}[data-count]`)].reduce(
    (sum, group) => sum + Number(group.dataset.count),
    0,
  );
  const duxes = picture.querySelectorAll(`.piece${side}.dux, .in-hand${side}.dux`).length;
  return { men: grouped + picture.querySelectorAll(`.piece${side}`).length - duxes, duxes };
}

// Player 1's pieces on a squared board are squares; every other piece a disc.
const pieceShape = (picture, player) =>
  picture.querySelector(`rect.piece.player${player}, rect.in-hand.player${player}`) ? "square" : "disc";

function piecesPhrase({ men, duxes }, shape, player) {
  const pieces = t(`print.pieces.${shape}.${player}`, { count: men });
  return duxes > 0 ? t("print.pieces.dux", { pieces }) : pieces;
}

function element(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

function legend(counts, shapes, start) {
  const box = element("div", "sheet-legend");
  box.append(element("h3", "", t("print.legend")));
  // The race boards put player 1 above; the squared boards are drawn with player 0 at the bottom.
  box.append(
    element("p", "", t("print.side.bottom", { side: sideName(0), pieces: piecesPhrase(counts[0], shapes[0], 0) })),
  );
  box.append(
    element("p", "", t("print.side.top", { side: sideName(1), pieces: piecesPhrase(counts[1], shapes[1], 1) })),
  );
  if (start.race) {
    if (has(routeKey())) box.append(element("p", "", t(routeKey()))); // a game without its words: none
    // the trays the picture draws: no "in hand" where the ruleset never has a piece there (Senet's but Piccione's)
    box.append(element("p", "", t(start.picture.querySelector("g.hand") ? "print.trays" : "print.trays_off")));
  } else if (!start.picture.querySelector("g.hand")) {
    // placed pieces start in hand: no array to show
    const figure = element("figure", "sheet-start");
    start.picture.removeAttribute("width");
    start.picture.removeAttribute("height");
    figure.append(element("figcaption", "", t("print.setup")), start.picture);
    box.append(figure);
  }
  return box;
}

// A race game's route in words: the game's, or its ruleset's where the game's words have one
// (XII Scripta's rulesets run the far rows in the same or in mirrored order; the Royal Game of
// Ur's have three routes).
const routeKey = () => rulesetKey(`print.route.${state.game.id}`, state.game.ruleset);

function pageBox(layout, className) {
  const area = pageArea(layout.paper);
  const page = element("section", `sheet-page ${className}`);
  page.style.width = `${area.width}mm`;
  page.style.height = `${area.height}mm`;
  return page;
}

function boardPage(board, layout, legendBox) {
  const page = pageBox(layout, `sheet-board-page legend-${layout.legend}`);
  const head = element("header", "sheet-head");
  const paper = element("p", "sheet-paper", t("print.paper", { paper: layout.paper, cell: Math.floor(layout.cell) }));
  head.append(element("h2", "", `${gameName(state.game.id)} · ${t("print.caption")}`));
  // a board alone on its page: its heading one line, how to print it with the legend overleaf
  if (layout.legend === "overleaf") legendBox.prepend(paper);
  else head.append(paper);
  board.style.width = `${layout.width}mm`;
  board.style.height = `${layout.height}mm`;
  if (layout.legend === "beside") {
    legendBox.prepend(head);
    page.append(board, legendBox);
  } else if (layout.legend === "below") {
    page.append(head, board, legendBox);
  } else {
    page.append(head, board);
  }
  return page;
}

function rulesPage(layout, counts, shapes, legendBox) {
  const page = pageBox(layout, "sheet-rules-page");
  const rules = element("div", "sheet-rules");
  rules.style.width = `${RULES_COLUMN_MM}mm`;
  rules.append(element("h3", "", t("print.rules.title")));
  const key = rulesKey(state.game.id, state.game.ruleset);
  const list = element("dl");
  // a game without its words (lib/<id>/app/i18n) has no summary: the parts it has
  for (const part of RULES_PARTS.filter((name) => has(`${key}.${name}`))) {
    list.append(
      element("dt", "", t(`print.rules.part.${part}`)),
      element("dd", `rule-${part}`, t(`${key}.${part}`, { count: counts[0].men })),
    );
  }
  rules.append(list);
  const counters = element("div", "sheet-counters");
  counters.append(element("h3", "", t("print.counters.title")), element("p", "", t("print.counters.help")));
  counters.append(counterSheet(counts, shapes, layout.cell, pageArea(layout.paper).width - RULES_COLUMN_MM - 8));
  if (legendBox) counters.append(legendBox); // a board alone on its page: the legend overleaf
  page.append(rules, counters);
  return page;
}

// The counters at the board's cell size, in an SVG measured in millimetres.
function counterSheet(counts, shapes, cell, width) {
  const { slots, width: w, height: h } = counterSlots(counts, Math.max(cell, MIN_CELL_MM), width);
  const side = Math.max(cell, MIN_CELL_MM);
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("aria-hidden", "true");
  svg.classList.add("sheet-counter-sheet");
  svg.style.width = `${w}mm`;
  svg.style.height = `${h}mm`;
  for (const slot of slots) svg.append(counter(slot, shapes[slot.player], side));
  return svg;
}

const LOOK = [
  { fill: "#fbf8ef", stroke: "#2b2118", mark: "#8d7a5a" },
  { fill: "#23262e", stroke: "#0b0c0f", mark: "#c9ced8" },
];

function svgElement(tag, attributes) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attributes)) e.setAttribute(name, String(value));
  return e;
}

// One counter: the library's look (a disc, or player 1's rounded square on a squared board), with
// an inner ring, or for a dux a gold ring and a "D"; its outline is where to cut.
function counter({ player, dux, x, y }, shape, cell) {
  const look = LOOK[player],
    cx = x + cell / 2,
    cy = y + cell / 2,
    size = cell * (dux ? 0.9 : 0.82),
    stroke = cell * 0.03;
  const g = svgElement("g", { class: `counter player${player}${dux ? " dux" : ""}` });
  const body =
    shape === "square"
      ? svgElement("rect", { x: cx - size / 2, y: cy - size / 2, width: size, height: size, rx: cell * 0.08 })
      : svgElement("circle", { cx, cy, r: size / 2 });
  for (const [name, value] of Object.entries({ fill: look.fill, stroke: look.stroke, "stroke-width": stroke }))
    body.setAttribute(name, value);
  g.append(
    body,
    svgElement("circle", {
      cx,
      cy,
      r: cell * (dux ? 0.3 : 0.2),
      fill: "none",
      stroke: dux ? "#c8a23c" : look.mark,
      "stroke-width": stroke * (dux ? 2 : 1),
    }),
  );
  if (dux) {
    const letter = svgElement("text", {
      x: cx,
      y: cy,
      "font-size": cell * 0.32,
      "text-anchor": "middle",
      "dominant-baseline": "central",
      fill: "#c8a23c",
      "font-weight": "bold",
      "font-family": "DejaVu Sans, sans-serif",
    });
    letter.textContent = "D";
    g.append(letter);
  }
  return g;
}
