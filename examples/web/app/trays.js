//# allFunctionsCalledOnLoad
import { SVG_NS } from "./config.js";
import { t } from "./i18n.js";
import { sideName } from "./words.js";

// The race boards' trays named in the page's language (the library's picture has no words):
// whose they are (the side's name over the tray's words: two trays at each end of a board looked
// alike) and what they hold, the pieces still to enter or those borne off, on the board played on
// and on the empty one printed. The label fills the tray's end before its first disc (the discs
// start 1.9 cells in at the least, XII Scripta's borne-off tray); on a turned board it stands
// upright, a word a line, across the tray.
const LABEL_CELLS = 1.85;
const TRAYS = { hand: "board.to_enter", off: "board.borne_off" };

const trayKind = (tray) => Object.keys(TRAYS).find((kind) => tray.classList.contains(kind));
const trayPlayer = (tray) => (tray.classList.contains("player1") ? 1 : 0);

export function labelTrays(content, turned) {
  for (const tray of content.querySelectorAll(
    Object.keys(TRAYS)
      .map((kind) => `g.${kind}`)
      .join(", "),
  )) {
    const frame = tray.querySelector("rect.tray");
    if (frame) tray.append(trayLabel(frameBox(frame), [sideName(trayPlayer(tray)), t(TRAYS[trayKind(tray)])], turned));
  }
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

function trayLabel(box, [side, words], turned) {
  const cell = box.height / 1.1; // a tray is 1.1 cells high (lib/render/race_board.cpp)
  const lines = turned ? [side, ...words.split(" ")] : [side, words];
  const longest = Math.max(...lines.map((line) => line.length));
  // about 0.58 of the font size a letter in the app's sans-serif; the lines 1.15 apart, across
  // the tray (flat) or along its end before the first disc (turned)
  const room = turned ? box.height - cell * 0.12 : LABEL_CELLS * cell - cell * 0.15;
  const depth = turned ? LABEL_CELLS * cell - cell * 0.15 : box.height - cell * 0.15;
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
      const x = box.x + cell * 0.15 + size * (0.6 + i * 1.15);
      Object.entries({ x, y: middle, "text-anchor": "middle", transform: `rotate(-90 ${x} ${middle})` }).forEach(
        ([name, value]) => text.setAttribute(name, value),
      );
    } else {
      text.setAttribute("x", box.x + cell * 0.15);
      text.setAttribute("y", middle + (i - (lines.length - 1) / 2) * size * 1.15);
    }
    group.append(text);
  });
  return group;
}
