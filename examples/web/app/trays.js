//# allFunctionsCalledOnLoad
import { SVG_NS } from "./config.js";
import { t } from "./i18n.js";

// The race boards' trays named in the page's language (the library's picture has no words):
// the pieces still to enter, the pieces borne off, on the board played on and on the empty one
// printed. The label fills the tray's end before its first disc (the discs start 1.9 cells in at
// the least, XII Scripta's borne-off tray); on a turned board it stands upright, a word a line,
// across the tray.
const LABEL_CELLS = 1.85;
const TRAYS = [
  ["hand", "board.to_enter"],
  ["off", "board.borne_off"],
];

export function labelTrays(content, turned) {
  for (const [kind, key] of TRAYS) {
    for (const tray of content.querySelectorAll(`g.${kind}`)) {
      const frame = tray.querySelector("rect.tray");
      if (frame) tray.append(trayLabel(frameBox(frame), t(key), turned));
    }
  }
}

const frameBox = (frame) =>
  Object.fromEntries(["x", "y", "width", "height"].map((name) => [name, Number(frame.getAttribute(name))]));

function trayLabel(box, words, turned) {
  const cell = box.height / 1.1; // a tray is 1.1 cells high (lib/render/race_board.cpp)
  const lines = turned ? words.split(" ") : [words];
  const longest = Math.max(...lines.map((line) => line.length));
  // about 0.58 of the font size a letter in the app's sans-serif
  const room = turned ? box.height - cell * 0.12 : LABEL_CELLS * cell - cell * 0.15;
  const size = Math.min(cell * (turned ? 0.28 : 0.3), room / (longest * 0.58));
  const group = document.createElementNS(SVG_NS, "g");
  group.setAttribute("class", "tray-label");
  group.setAttribute("font-size", size.toFixed(2));
  group.setAttribute("font-family", "DejaVu Sans, Verdana, sans-serif");
  group.setAttribute("fill", "#2b2118");
  const y = box.y + box.height / 2;
  lines.forEach((line, i) => {
    const text = document.createElementNS(SVG_NS, "text");
    text.setAttribute("dominant-baseline", "central");
    text.textContent = line;
    if (turned) {
      // The picture's x runs down the screen on a turned board: a line at its own x, turned
      // back upright about its point, centred across the tray.
      const x = box.x + cell * 0.15 + size * (0.6 + i * 1.15);
      Object.entries({ x, y, "text-anchor": "middle", transform: `rotate(-90 ${x} ${y})` }).forEach(([name, value]) =>
        text.setAttribute(name, value),
      );
    } else {
      text.setAttribute("x", box.x + cell * 0.15);
      text.setAttribute("y", y);
    }
    group.append(text);
  });
  return group;
}
