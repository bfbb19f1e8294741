//# allFunctionsCalledOnLoad
import { SVG_NS } from "./config.js";
import { t } from "./i18n.js";
import { sideName } from "./words.js";

// The trays named in the page's language (the library's picture, drawn without words, has none):
// whose they are (the side's name over the tray's words: two trays at each end of a board looked
// alike) and what they hold, the pieces still to enter or those borne off, on the board played on
// and on the empty one printed. On a race board the label fills the tray's end before its first
// disc (the discs start 1.9 cells in at the least, XII Scripta's borne-off tray). A capture game's
// tray of pieces still to place (Latrunculi's, while they are placed) has the library's count and
// its pieces from its start: the label there fills the room after the last piece, against the
// tray's far end. On a turned board the label stands upright, a word a line, across the tray.
const LABEL_CELLS = 1.85;
const TRAYS = { hand: "board.to_enter", off: "board.borne_off" };
const TRAY_CELLS = { race: 1.1, capture: 0.8 }; // a tray's height in cells (lib/render/race_board.cpp, square_board.hpp)

const trayKind = (tray) => Object.keys(TRAYS).find((kind) => tray.classList.contains(kind));
const trayPlayer = (tray) => (tray.classList.contains("player1") ? 1 : 0);

export function labelTrays(content, turned) {
  for (const tray of content.querySelectorAll(
    Object.keys(TRAYS)
      .map((kind) => `g.${kind}`)
      .join(", "),
  )) {
    const frame = tray.querySelector("rect.tray");
    if (!frame) continue;
    const box = frameBox(frame);
    const capture = !!tray.querySelector("text.count");
    const cell = box.height / TRAY_CELLS[capture ? "capture" : "race"];
    const span = capture
      ? { from: piecesEnd(tray, box) + cell * 0.15, to: box.x + box.width - cell * 0.15, end: true }
      : { from: box.x + cell * 0.15, to: box.x + LABEL_CELLS * cell, end: false };
    tray.append(trayLabel(box, cell, span, [sideName(trayPlayer(tray)), t(TRAYS[trayKind(tray)])], turned));
  }
}

// Where the last piece (or the count before the pieces) of a capture game's tray ends.
function piecesEnd(tray, box) {
  const ends = [...tray.querySelectorAll(".in-hand, text.count")].map((piece) => {
    if (piece.matches("circle")) return Number(piece.getAttribute("cx")) + Number(piece.getAttribute("r"));
    if (piece.matches("rect")) return Number(piece.getAttribute("x")) + Number(piece.getAttribute("width"));
    // the count: up to 0.68 of its font size a character (square_board.hpp's bold digits)
    const size = Number(piece.getAttribute("font-size"));
    return Number(piece.getAttribute("x")) + size * 0.68 * piece.textContent.length;
  });
  return Math.max(box.x, ...ends);
}

// A tray in words for the ear (the board's picture is hidden from screen readers; the keyboard's
// cursor on a tray says it): whose, what, how many pieces.
export const trayWords = (tray) =>
  t("board.tray_said", {
    side: sideName(trayPlayer(tray)),
    tray: t(TRAYS[trayKind(tray)]),
    count: Number(tray.dataset.count ?? 0),
  });

const frameBox = (frame) =>
  Object.fromEntries(["x", "y", "width", "height"].map((name) => [name, Number(frame.getAttribute(name))]));

// The label's lines within the tray's `span` of the picture's x (against its end where `span.end`).
function trayLabel(box, cell, span, [side, words], turned) {
  const lines = turned ? [side, ...words.split(" ")] : [side, words];
  const longest = Math.max(...lines.map((line) => line.length));
  // about 0.58 of the font size a letter in the app's sans-serif; the lines 1.15 apart, across
  // the tray (flat) or along its span (turned)
  const along = span.to - span.from;
  const room = turned ? box.height - cell * 0.12 : along;
  const depth = turned ? along : box.height - cell * 0.15;
  const size = Math.min(cell * (turned ? 0.28 : 0.3), room / (longest * 0.58), depth / (lines.length * 1.15));
  const group = document.createElementNS(SVG_NS, "g");
  group.setAttribute("class", "tray-label");
  group.setAttribute("font-size", size.toFixed(2));
  group.setAttribute("font-family", "DejaVu Sans, Verdana, sans-serif");
  group.setAttribute("fill", "#2b2118");
  const middle = box.y + box.height / 2;
  lines.forEach((line, i) => {
    const text = document.createElementNS(SVG_NS, "text");
    text.setAttribute("dominant-baseline", "central");
    text.textContent = line;
    if (turned) {
      // The picture's x runs down the screen on a turned board: a line at its own x, turned
      // back upright about its point, centred across the tray.
      const x = span.end ? span.to - size * (0.6 + (lines.length - 1 - i) * 1.15) : span.from + size * (0.6 + i * 1.15);
      Object.entries({ x, y: middle, "text-anchor": "middle", transform: `rotate(-90 ${x} ${middle})` }).forEach(
        ([name, value]) => text.setAttribute(name, value),
      );
    } else {
      text.setAttribute("x", span.end ? span.to : span.from);
      if (span.end) text.setAttribute("text-anchor", "end");
      text.setAttribute("y", middle + (i - (lines.length - 1) / 2) * size * 1.15);
    }
    group.append(text);
  });
  return group;
}
