//# allFunctionsCalledOnLoad
import { $, SVG_NS, viewport } from "./config.js";
import { diceKind } from "./dice.js";
import { isRemoteTurn } from "./friend.js";
import { translatePage } from "./i18n.js";
import { arrival, followedPlayer, isComputerTurn, isOver, isPass, legalMoves, origin } from "./moves.js";
import { state } from "./state.js";
import { showControls, showStatus } from "./status.js";
import { save } from "./storage.js";
import { labelTrays } from "./trays.js";
import { setCellNames } from "./words.js";

// The places a tap can name: squares, cells, trays, each with its position names for the player.
export function places() {
  return [
    ...document.querySelectorAll(
      "#board .square[data-square], #board [data-position0], #board [data-tray-position] rect.tray",
    ),
  ];
}

export function namesOf(place, player) {
  if (place.dataset.square) return [place.dataset.square];
  const tray = place.closest("[data-tray-position]");
  if (tray) return tray.classList.contains(`player${player}`) ? tray.dataset.trayPosition.split(" ") : [];
  const name = place.dataset[`position${player}`];
  return name ? [name] : [];
}

export function placeOf(name, player) {
  return places().find((place) => namesOf(place, player).includes(String(name))) ?? null;
}

// The place under a point of the screen (a piece drawn over a cell names the cell).
export function placeAt(x, y) {
  const all = new Set(places());
  return (
    document
      .elementsFromPoint(x, y)
      .map((e) =>
        e.matches("g[data-tray-position] *") ? e.closest("g[data-tray-position]").querySelector("rect.tray") : e,
      )
      .find((e) => all.has(e)) ?? null
  );
}

// ---- the board ---------------------------------------------------------------------------------

// The render options the app wants, where a game's pictures take them (the library refuses an
// option a game does not have): all of them at first; when a game's picture refuses them, found
// for that game by asking for each alone (no extra picture drawn in the common case).
// Duodecim's route is drawn (the board of Ostia's letters A..E) and its cells named along one
// player's route (numbering: chosen for each picture, see boardOptions).
const WANTED_PICTURE = { words: false, positions: true, coordinates: false, route: true, numbering: "both" };
const pictureOptions = new Map();

export const pictureOptionsOf = (shown) => pictureOptions.get(shown.id) ?? { size: 480, ...WANTED_PICTURE };

function pictureText(shown, options) {
  try {
    return shown.svg(options);
  } catch (error) {
    if (!(error instanceof state.LudusError) || pictureOptions.has(shown.id)) throw error;
  }
  const accepted = { size: 480 };
  for (const [name, value] of Object.entries(WANTED_PICTURE)) {
    try {
      shown.svg({ [name]: value });
      accepted[name] = value;
    } catch (error) {
      if (!(error instanceof state.LudusError)) throw error;
    }
  }
  pictureOptions.set(shown.id, accepted);
  return shown.svg(
    Object.fromEntries(Object.entries(options).filter(([name]) => !(name in WANTED_PICTURE) || name in accepted)),
  );
}

// The rules' and the printed pictures keep the coordinates (the text names squares).
export const withCoordinates = (options) => ("coordinates" in options ? { ...options, coordinates: true } : options);

// The library's picture as an element, without its words (its title is English: the app says
// what the picture shows in its own words, in the status line and the live region).
export function pictureOf(shown, options) {
  const holder = document.createElement("div");
  holder.innerHTML = pictureText(shown, options).replace(/^<\?xml[^>]*>\s*/, "");
  const svg = holder.querySelector("svg");
  svg.querySelector("title")?.remove();
  svg.removeAttribute("aria-label");
  svg.setAttribute("aria-hidden", "true");
  return svg;
}

// The game shown: the one played, or a position of its review (review.js).
const shownGame = () => state.review?.game ?? state.game;

// The game's picture names the cells along the route of the player the board follows.
function boardOptions() {
  const options = pictureOptionsOf(state.game);
  return "numbering" in options ? { ...options, numbering: `player${followedPlayer()}` } : options;
}

export function render() {
  const mode = $("#app").dataset.mode;
  const board = $("#board");
  const svg = pictureOf(shownGame(), boardOptions());
  board.replaceChildren(svg);
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.querySelector(".background")?.remove();
  fitBoard(svg);
  zoomBoard(svg);
  if ($("#board-area").hasAttribute("data-zoomed")) requestAnimationFrame(followEdges); // laid out by then
  board.dataset.game = state.game.id;
  // the page's fixed words ("Throw the sticks") for the dice of the game shown (messages.js)
  const kind = diceKind(state.game.id) ?? "";
  if (document.body.dataset.dice !== kind) {
    document.body.dataset.dice = kind;
    translatePage();
  }
  board.dataset.phase = state.review ? "review" : isOver() ? "over" : state.game.phase;
  markMoves();
  showStatus();
  showControls();
  // the page's mode changed in this render (status.js shows its panels): the board was fitted
  // to the area the mode before left it (see the ResizeObserver below)
  modeChanged ||= $("#app").dataset.mode !== mode;
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
  const key = `${state.game.id} ${JSON.stringify(state.settings?.options ?? null)} ${svg.getAttribute("viewBox")}`;
  const known = pictureBoxes.get(key);
  if (!known) {
    const { x, y, width, height } = content.getBBox();
    pictureBoxes.set(key, { x, y, width, height });
    return pictureBoxes.get(key);
  }
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (!content.isConnected) return;
      const { x, y, width, height } = content.getBBox();
      if (sameBox(known, { x, y, width, height })) return;
      pictureBoxes.set(key, { x, y, width, height });
      render();
    }, 0),
  );
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
  const rotated = turns(box, measured);
  shownBox = box;
  const changed = rotated !== state.rotated;
  state.rotated = rotated;
  if (changed) document.dispatchEvent(new CustomEvent("boardturn")); // the rules' words and pictures follow
  // (the side column's width follows it; on a tall screen the review's board row, style.css)
  setBoardAspect(state.rotated ? box.height / box.width : box.width / box.height);
  const cellNames = nameCells(content);
  const squareNames = nameSquares(content);
  if (state.rotated) turnPicture(svg, content, box, pad);
  else svg.setAttribute("viewBox", `${box.x - pad} ${box.y - pad} ${box.width + 2 * pad} ${box.height + 2 * pad}`);
  labelTrays(content, state.rotated);
  placeNarration(svg);
  const marks = document.createElementNS(SVG_NS, "g");
  marks.setAttribute("class", "marks");
  content.append(marks);
  if (cellNames) content.append(cellNames); // over the marks, as the squares' names
  if (squareNames) content.append(squareNames); // over the marks: a frame's dashes hid a name
}

// A race board's picture names its cells along one player's route: the cells only the other
// player's route passes (Duodecim's other entry row, Ur's first and last squares of the other
// row) are named here with that player's names, in the picture's way (its corner, its type), so
// that every cell the words name can be found (in italics: the board still reads as one route, the
// visitor's); the words (words.js) say each player's positions by these names. Every name is drawn
// larger than the picture's (12 px on a phone's 44 px cells, above the piece) and in ink
// (style.css): the picture's small muted numerals were hard to read on the darker entry row, and
// Senet's (its squares' numbers, text.cell-name) 6.35 units, 9 px on a phone. The corner names are
// drawn over the pieces, ringed in their cell's colour: Senet's pieces fill their squares, and
// covered the larger numbers' lower half. Returns the names' group (fitBoard puts it over the
// marks), null for no cells.
function nameCells(content) {
  const cells = [...content.querySelectorAll("rect[data-position0]")];
  if (cells.length === 0) {
    setCellNames(null);
    return null;
  }
  const names = document.createElementNS(SVG_NS, "g");
  names.setAttribute("class", "cell-names");
  const labels = [...content.querySelectorAll("text.inscription, text.cell-name")];
  const model = labels[0];
  const shown = cells.map((cell) => {
    const [x, y, width, height] = ["x", "y", "width", "height"].map((name) => Number(cell.getAttribute(name)));
    let label = labels.find((text) => {
      const tx = Number(text.getAttribute("x")),
        ty = Number(text.getAttribute("y"));
      return tx >= x && tx <= x + width && ty >= y && ty <= y + height;
    });
    if (!label) {
      const name = cell.dataset.position0 || cell.dataset.position1;
      if (!name || !model) return null;
      label = document.createElementNS(SVG_NS, "text");
      label.setAttribute("font-family", model.getAttribute("font-family"));
      label.setAttribute("class", "other-route"); // apart from the route the board reads (its inscriptions)
      label.setAttribute("font-style", "italic");
      label.textContent = name;
      cell.after(label);
    }
    if (!label.hasAttribute("text-anchor")) {
      label.setAttribute("font-size", width * 0.27);
      label.setAttribute("x", x + width * 0.08);
      label.setAttribute("y", y + height * 0.22);
      label.setAttribute("stroke", cell.getAttribute("fill"));
      label.setAttribute("stroke-width", width * 0.27 * 0.2);
      names.append(label);
    }
    return label.textContent;
  });
  content.append(names); // (turnPicture turns them with the picture's other words)
  const count = new Map();
  for (const label of shown) count.set(label, (count.get(label) ?? 0) + 1);
  setCellNames(
    [0, 1].map((player) =>
      Object.fromEntries(
        cells.flatMap((cell, i) => {
          const position = cell.getAttribute(`data-position${player}`);
          return position && shown[i] ? [[position, { label: shown[i], twice: count.get(shown[i]) > 1 }]] : [];
        }),
      ),
    ),
  );
  return names;
}

// A squared board's squares (Petteia, Latrunculi) named as the words name them ("da d7 a d5",
// the library's names): as on lichess's board, the file letters inside the squares of the bottom
// row on screen, at their bottom right, and the rank numbers inside those of the left column, at
// their top left. On the board turned a quarter (drawn so before turnPicture, which stands the
// words upright) the bottom row on screen is the picture's last file, the left column its first
// rank. Sized once the board's zoom is known (sizeSquareNames), over the pieces and the marks,
// ringed in the square's colour so that a piece under a name leaves it readable (style.css: in
// ink, taps go through). Returns the names' group (fitBoard puts it last), null for no squares.
const SQUARE_NAME_PX = { least: 11, most: 16 };
function nameSquares(content) {
  const squares = [...content.querySelectorAll("rect.square[data-square]")];
  if (squares.length === 0) return null;
  // a square's box as the screen shows it, in the picture's units: turned a quarter clockwise,
  // the picture's (x, y) is seen at (-y, x), and a point seen at (x, y) is the picture's (y, -x)
  const seen = squares.map((square) => {
    const { x, y, width, height } = boxOf(square);
    return state.rotated ? { square, x: -(y + height), y: x, size: height } : { square, x, y, size: width };
  });
  const lowest = Math.max(...seen.map((square) => square.y));
  const leftmost = Math.min(...seen.map((square) => square.x));
  const paint = (element) => {
    const fill = element?.getAttribute("fill");
    return fill && fill !== "none" ? fill : null;
  };
  const boardColour = paint(content.querySelector("rect.board"));
  const names = document.createElementNS(SVG_NS, "g");
  names.setAttribute("class", "square-names");
  const edges = ["bottom", "left"].map((edge) => {
    const group = document.createElementNS(SVG_NS, "g");
    group.setAttribute("class", edge);
    names.append(group);
    return group;
  });
  for (const { square, x, y, size } of seen) {
    const [, file, rank] = /^([a-z])(\d+)$/.exec(square.dataset.square);
    const inset = size * 0.05;
    const labels = [];
    if (Math.abs(y - lowest) < size / 2)
      labels.push({ text: state.rotated ? rank : file, x: x + size - inset, y: y + size - inset, bottom: true });
    if (Math.abs(x - leftmost) < size / 2)
      labels.push({ text: state.rotated ? file : rank, x: x + inset, y: y + inset, bottom: false });
    for (const label of labels) {
      const text = document.createElementNS(SVG_NS, "text");
      const [px, py] = state.rotated ? [label.y, -label.x] : [label.x, label.y];
      text.setAttribute("class", `square-name ${/\d/.test(label.text) ? "rank" : "file"}`);
      text.dataset.squareOf = square.dataset.square;
      text.setAttribute("x", px);
      text.setAttribute("y", py);
      text.setAttribute("text-anchor", label.bottom ? "end" : "start");
      text.setAttribute("dominant-baseline", label.bottom ? "text-after-edge" : "text-before-edge");
      text.setAttribute("stroke", paint(square) ?? boardColour ?? "none");
      text.textContent = label.text;
      edges[label.bottom ? 0 : 1].append(text);
    }
  }
  content.append(names);
  return names;
}

// On a zoomed board, which scrolls under the finger, the square names follow the area's edges:
// the bottom row's up to the lowest row seen whole, the left column's right to the leftmost
// column seen whole (each name still on a square of its file or rank, ringed in that square's
// colour). Called on each scroll of the area and after each render of a zoomed board.
function followEdges() {
  const names = document.querySelector("#board g.square-names");
  if (!names) return;
  const area = $("#board-area");
  const squares = [...document.querySelectorAll("#board rect.square[data-square]")];
  let up = 0,
    across = 0;
  if (area.hasAttribute("data-zoomed")) {
    const seen = area.getBoundingClientRect();
    const board = squares[0].parentElement.getBoundingClientRect(); // the squares' group: two boxes read, not 676
    const size = squares[0].getBoundingClientRect().height;
    const hidden = (length) => Math.max(0, Math.ceil(length / size - 0.01));
    up = hidden(board.bottom - seen.bottom);
    across = hidden(seen.left - board.left);
  }
  // the squares moved on screen (up, across), in the picture: turned a quarter, the screen's
  // (x, y) is the picture's (y, -x), up the screen is down the files, across it up the ranks
  const cell = boxOf(squares[0]).width;
  const moves = state.rotated
    ? {
        bottom: { shift: [-up * cell, 0], files: -up, ranks: 0 },
        left: { shift: [0, -across * cell], files: 0, ranks: across },
      }
    : {
        bottom: { shift: [0, -up * cell], files: 0, ranks: up },
        left: { shift: [across * cell, 0], files: across, ranks: 0 },
      };
  for (const [edge, { shift, files, ranks }] of Object.entries(moves)) {
    const group = names.querySelector(`:scope > g.${edge}`);
    group.setAttribute("transform", `translate(${shift.join(" ")})`);
    for (const text of group.children) {
      const [, file, rank] = /^([a-z])(\d+)$/.exec(text.dataset.squareOf);
      const under = `${String.fromCharCode(file.charCodeAt(0) + files)}${Number(rank) + ranks}`;
      const fill = document.querySelector(`#board rect.square[data-square="${under}"]`)?.getAttribute("fill");
      if (fill && fill !== "none") text.setAttribute("stroke", fill); // a plain board keeps its colour
    }
  }
}
let edgesFollowed = false;
$("#board-area").addEventListener(
  "scroll",
  () => {
    if (edgesFollowed) return;
    edgesFollowed = true;
    requestAnimationFrame(() => {
      edgesFollowed = false;
      followEdges();
    });
  },
  { passive: true },
);

// The square names' size for the board as shown (`pixels`: screen pixels to the picture's unit,
// zoomed or not): a quarter of the square, 11 px at least, 16 at most (a tablet's 5 x 3 board
// had 43 px letters), never past 0.4 of a square (a whole 26 x 26 board at the end).
function sizeSquareNames(pixels) {
  const square = document.querySelector("#board rect.square[data-square]");
  if (!square) return;
  const cell = boxOf(square).width;
  const font = Math.min(
    cell * 0.4,
    Math.max(SQUARE_NAME_PX.least / pixels, Math.min(cell * 0.26, SQUARE_NAME_PX.most / pixels)),
  );
  for (const text of document.querySelectorAll("#board text.square-name")) {
    text.setAttribute("font-size", font);
    text.setAttribute("stroke-width", font * 0.2);
  }
}

// Turns a picture's content a quarter clockwise (its top row on the right, its left column on
// top), its words upright; the viewBox frames `box` (the picture's coordinates) turned.
export function turnPicture(svg, content, box, pad = 0) {
  content.setAttribute("transform", "rotate(90)");
  const cells = [...content.querySelectorAll("rect[data-cell]")].map((cell) =>
    ["x", "y", "width", "height"].map((name) => Number(cell.getAttribute(name))),
  );
  for (const label of content.querySelectorAll("text")) {
    let x = Number(label.getAttribute("x")),
      y = Number(label.getAttribute("y"));
    // A cell's name sits at its top left corner: turned with the board, that corner is the
    // cell's top right on screen, where the name ends (anchored at its end) as far from the
    // corner as it began. The picture's bottom left, the visitor's top left, is the route's
    // arrow. Centred words (counts, letters) turn about their own point.
    const cell =
      label.getAttribute("text-anchor") === "middle"
        ? null
        : cells.find(([cx, cy, w, h]) => x >= cx && x <= cx + w && y >= cy && y <= cy + h);
    if (cell) {
      const [cx, cy] = cell;
      [x, y] = [cx + (y - cy), cy + (x - cx)];
      label.setAttribute("x", x);
      label.setAttribute("y", y);
      label.setAttribute("text-anchor", "end");
    }
    label.setAttribute("transform", `rotate(-90 ${x} ${y})`);
  }
  // A square's sign (Senet's ankh, nefer, water, strokes, sun) stands upright as the words do,
  // turned back about its square's centre: lying down, the ankh read as a key and the three
  // strokes of 28 as "≡". The sign follows its square in the picture (senet_render.cpp).
  for (const sign of content.querySelectorAll("g.sign")) {
    let cell = sign.previousElementSibling;
    while (cell && !cell.matches("rect[data-cell]")) cell = cell.previousElementSibling;
    if (!cell) continue;
    const [cx, cy, w, h] = ["x", "y", "width", "height"].map((name) => Number(cell.getAttribute(name)));
    sign.setAttribute("transform", `rotate(-90 ${cx + w / 2} ${cy + h / 2})`);
  }
  svg.setAttribute(
    "viewBox",
    `${-box.y - box.height - pad} ${box.x - pad} ${box.height + 2 * pad} ${box.width + 2 * pad}`,
  );
}

// The board's area as the last frame laid it out (a ResizeObserver's), for the window size it
// was laid out for: read without laying the page out again. (Its size does not depend on the
// board in it: style.css gives it size containment.)
let areaSize = null;
let shownBox = null; // the box of the picture last drawn (fitBoard)
let modeChanged = false; // a render changed the page's mode since the area was last seen
new ResizeObserver((entries) => {
  const { width, height } = entries.at(-1).contentRect;
  const before = areaSize;
  areaSize = { width: Math.round(width), height: Math.round(height), window: `${viewport.width}x${viewport.height}` };
  // The page's mode changed (the end panel, the review and the analysis board leave the board
  // other room than the game) and with it the area, in the same window: a board drawn for the
  // area before is drawn again, turned and zoomed for this one (a race board upright in the
  // review's tall area on a phone, flat over the end panel; XII Scripta on the analysis board of
  // a landscape tablet was zoomed for the review's low area, small in a corner of its own). A
  // resized window is drawn again anyway (main.js).
  const redraw = modeChanged && before?.window === areaSize.window && shownBox && state.game;
  modeChanged = false;
  if (redraw && (before.width !== areaSize.width || before.height !== areaSize.height)) render();
}).observe($("#board-area"));

// Whether a picture of this box is drawn turned a quarter: where its cells come out at least 10%
// larger so (style.css turns the first board's picture alike: max-aspect-ratio 10/11).
function turns(box, measure = false) {
  const { flat, turned } = scales(box, measure);
  return turned > flat * 1.1;
}

// How large the board comes out in the board's area as it is laid out now: flat or turned
// (measured, laying the page out, when the layout has just been chosen or the window has changed).
function scales(box, measure = false) {
  const { width, height } = areaDimensions(measure);
  return {
    flat: Math.min(width / box.width, height / box.height),
    turned: Math.min(width / box.height, height / box.width),
  };
}

function areaDimensions(measure = false) {
  if (!measure && areaSize?.window === `${viewport.width}x${viewport.height}`) return areaSize;
  const area = $("#board-area");
  return { width: area.clientWidth, height: area.clientHeight };
}

// Where the board's smallest place comes out under 44 px in its area (a 10x11 board on a phone,
// a 26x26 one anywhere), the board is drawn larger than the area, which scrolls under the
// visitor's finger (a tap still plays: the browser sends no click after a drag); the zoom button
// shows the whole board instead, and again the zoomed one. The keyboard's cursor is scrolled into
// view (showCursor). A board that takes no taps (the end, the review) is shown whole.
const MIN_TARGET = 44;
export function zoomBoard(svg) {
  const [, , width, height] = svg.getAttribute("viewBox").split(" ").map(Number);
  const area = areaDimensions();
  const fit = Math.min(area.width / width, area.height / height);
  const smallest =
    Math.min(
      ...places().map((place) => {
        const box = boxOf(place);
        return Math.min(box.width, box.height);
      }),
    ) * fit;
  const takesTaps = !state.review && !isOver(); // the end and the review are looked at whole
  const needed = takesTaps && smallest < MIN_TARGET;
  const zoom = needed && !state.wholeBoard ? (MIN_TARGET + 2) / smallest : 1;
  sizeSquareNames(fit * zoom);
  const button = $("#zoom");
  button.hidden = !needed;
  button.setAttribute("aria-pressed", String(zoom > 1));
  button.textContent = zoom > 1 ? "⊖" : "⊕";
  const element = $("#board-area");
  const wasZoomed = element.hasAttribute("data-zoomed");
  element.toggleAttribute("data-zoomed", zoom > 1);
  if (zoom === 1) return;
  svg.style.width = `${width * fit * zoom}px`;
  svg.style.height = `${height * fit * zoom}px`;
  if (!wasZoomed)
    requestAnimationFrame(() =>
      element.scrollTo(
        (element.scrollWidth - element.clientWidth) / 2,
        (element.scrollHeight - element.clientHeight) / 2,
      ),
    );
}

export function toggleZoom() {
  state.wholeBoard = !state.wholeBoard;
  render();
}

// Beside a race board on a landscape phone the column has no room for the computer's narration:
// it goes under the board, in the room the board's shape leaves there (style.css: two lines of
// 12.8 px, 0.2rem above the screen's edge; Senet's board, its trays no longer past its ends,
// leaves 38 px at 740x360).
const NARRATION_ROOM = 37; // px
function placeNarration(svg) {
  const app = $("#app");
  const [, , width, height] = svg.getAttribute("viewBox").split(" ").map(Number);
  const area = areaDimensions();
  const room = (area.height - height * Math.min(area.width / width, area.height / height)) / 2;
  app.toggleAttribute("data-narration-under-board", app.dataset.layout === "side" && room >= NARRATION_ROOM);
}

// The board's shape for the side column's width (style.css), changed only when it changes: a
// new value restyles and lays out the whole page again.
function setBoardAspect(aspect) {
  const app = $("#app"),
    value = aspect.toFixed(3);
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
  if (viewport.width <= viewport.height) {
    app.dataset.layout = "stacked";
    return true;
  }
  setBoardLeastWidth(box);
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

// The board's width with its smallest place at 46 px (style.css: a landscape phone's column may
// take what the board leaves beyond it): Senet's board, ten squares wide, had 50 px squares beside
// a column of 163 px, whose German buttons took three rows, over the sticks.
function setBoardLeastWidth(box) {
  const smallest = Math.min(
    ...places().map((place) => {
      const { width, height } = boxOf(place);
      return Math.min(width, height);
    }),
  );
  const width = Number.isFinite(smallest) ? (box.width * (MIN_TARGET + 2)) / smallest : viewport.width;
  $("#app").style.setProperty("--board-least-width", `${Math.ceil(width)}px`);
}

// A place's box in the picture's coordinates: a rectangle's from its attributes (no layout to
// read), any other shape's from getBBox.
export function boxOf(place) {
  if (!(place instanceof SVGRectElement) || place.hasAttribute("transform")) return place.getBBox();
  return {
    x: place.x.baseVal.value,
    y: place.y.baseVal.value,
    width: place.width.baseVal.value,
    height: place.height.baseVal.value,
  };
}

// A mark over a place, drawn in the picture's coordinates: a shape for each meaning (not a
// colour alone): a dashed frame (can move), a thick frame (chosen), a ring (a target), a star
// (the hint), corners (the keyboard's cursor), a wide ring (a lesson's square to reach).
function mark(place, kind) {
  const box = boxOf(place);
  const marks = $("#board g.marks");
  const inset = Math.min(box.width, box.height) * 0.08;
  let shape;
  if (kind === "target" || kind === "goal") {
    shape = document.createElementNS(SVG_NS, "circle");
    shape.setAttribute("cx", box.x + box.width / 2);
    shape.setAttribute("cy", box.y + box.height / 2);
    shape.setAttribute("r", Math.min(box.width, box.height) * (kind === "goal" ? 0.36 : 0.22));
  } else {
    shape = document.createElementNS(SVG_NS, "rect");
    for (const [name, value] of Object.entries({
      x: box.x + inset,
      y: box.y + inset,
      width: box.width - 2 * inset,
      height: box.height - 2 * inset,
    })) {
      shape.setAttribute(name, value);
    }
  }
  shape.setAttribute("class", `mark ${kind}`);
  marks.append(shape);
  place.classList.add(kind);
}

function markMoves() {
  const player = state.game.toMove;
  if (state.analysis?.lifting) {
    // a race game being set up (analysis.js): the piece lifted, not the moves of the turn
    const lifted = state.analysis.lifted;
    const place = lifted && placeOf(lifted.name, lifted.player);
    if (place) mark(place, "chosen");
    showCursor();
    return;
  }
  if (!isOver() && !state.thinking && !isComputerTurn() && !isRemoteTurn() && !state.review) {
    const moves = legalMoves().filter((m) => !isPass(m));
    if (state.selected === null) {
      const starts = new Set(moves.map((m) => origin(m) ?? arrival(m)));
      for (const name of starts) {
        const place = placeOf(name, player);
        if (place) mark(place, "movable");
      }
    } else {
      const place = placeOf(state.selected, player);
      if (place) mark(place, "chosen");
      for (const move of moves.filter((m) => origin(m) === state.selected)) {
        const to = placeOf(arrival(move), player);
        if (to) mark(to, "target");
      }
    }
  }
  if (state.hinted && !state.review) {
    for (const name of [origin(state.hinted), arrival(state.hinted)]) {
      const place = name === undefined ? null : placeOf(name, player);
      if (place) mark(place, "hint");
    }
  }
  for (const name of state.lesson?.marks ?? []) {
    const place = placeOf(name, player);
    if (place) mark(place, "goal");
  }
  showCursor();
}

// The marks, the status line and the controls again over the same picture, when only the search
// started or ended (the position is the same): cheaper than drawing the board again, which a
// phone feels at each of the computer's moves.
const MARK_KINDS = ["movable", "chosen", "target", "hint", "cursor", "goal"];
export function refresh() {
  for (const old of document.querySelectorAll("#board g.marks > *")) old.remove();
  for (const place of document.querySelectorAll(MARK_KINDS.map((kind) => `#board .${kind}`).join(", ")))
    place.classList.remove(...MARK_KINDS);
  markMoves();
  showStatus();
  showControls();
}

// The keyboard's place, marked while the board has the focus (drawn alone: a full render on
// focus would replace the element a pointer is pressing).
export function showCursor() {
  for (const old of document.querySelectorAll("#board .cursor")) {
    if (old.classList.contains("mark")) old.remove();
    else old.classList.remove("cursor");
  }
  const all = places();
  if ($("#board").matches(":focus-visible") && all.length) {
    mark(all[Math.min(state.cursor, all.length - 1)], "cursor");
    if ($("#board-area").hasAttribute("data-zoomed"))
      $("#board .mark.cursor").scrollIntoView({ block: "nearest", inline: "nearest" });
  }
}
