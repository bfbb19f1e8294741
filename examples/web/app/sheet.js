//# allFunctionsCalledOnLoad
// The printed sheet's geometry, in millimetres, without DOM (tested in Node): which paper, where
// the legend goes, how large the board is drawn, how the counters are laid out.
import { rulesetKey } from "./messages.js";

// Landscape sheets; the page's margins are style.css's @page margins.
export const PAPERS = { A4: { width: 297, height: 210 }, A3: { width: 420, height: 297 } };
export const MARGIN_MM = 10;
export const MIN_CELL_MM = 20; // a counter must be easy to pick up and to cut out
const LEGEND_BELOW_MM = 52; // the heading and the legend under a wide board
const LEGEND_BESIDE_MM = 78; // the column of the heading and the legend beside a tall board
const SAFETY_MM = 2; // rounding in the printer's layout must not spill onto a new page

// The printable area of a paper.
export function pageArea(paper) {
  const { width, height } = PAPERS[paper];
  return { width: width - 2 * MARGIN_MM, height: height - 2 * MARGIN_MM - SAFETY_MM };
}

// The board drawn as large as the area allows, with the legend below it or beside it (whichever
// gives the larger cells). `picture` is the board's picture in its own units: {width, height, cell}.
export function boardFit(picture, paper) {
  const area = pageArea(paper);
  const fits = [
    { legend: "below", width: area.width, height: area.height - LEGEND_BELOW_MM },
    { legend: "beside", width: area.width - LEGEND_BESIDE_MM, height: area.height },
  ].map(({ legend, width, height }) => {
    const scale = Math.min(width / picture.width, height / picture.height);
    return { legend, scale, cell: picture.cell * scale, width: picture.width * scale, height: picture.height * scale };
  });
  return fits.reduce((best, fit) => (fit.cell > best.cell ? fit : best));
}

// The board alone on its page under a one-line heading, its legend overleaf with the counters.
const HEADING_MM = 10;
function boardAlone(picture, paper) {
  const area = pageArea(paper);
  const scale = Math.min(area.width / picture.width, (area.height - HEADING_MM) / picture.height);
  return {
    legend: "overleaf",
    scale,
    cell: picture.cell * scale,
    width: picture.width * scale,
    height: picture.height * scale,
  };
}

// A4 when its cells come out at MIN_CELL_MM or more, the legend beside or below the board, or
// else overleaf (Kowalski's 12 x 8 board: 20 mm cells on A4 that way, where a legend on its
// page would need A3); else A3.
export function sheetLayout(picture) {
  const a4 = boardFit(picture, "A4");
  if (a4.cell >= MIN_CELL_MM) return { paper: "A4", ...a4 };
  const alone = boardAlone(picture, "A4");
  if (alone.cell >= MIN_CELL_MM) return { paper: "A4", ...alone };
  return { paper: "A3", ...boardFit(picture, "A3") };
}

// The counters to cut out, each in a square slot of the board's cell: every side starts a new
// row, `columns` to a row. Returns the slots ({player, dux, x, y} at their top left) and the size.
export function counterSlots(counts, cell, width) {
  const columns = Math.max(1, Math.floor(width / cell));
  const slots = [];
  let row = 0;
  counts.forEach(({ men, duxes }, player) => {
    const pieces = [...Array(duxes).fill(true), ...Array(men).fill(false)];
    pieces.forEach((dux, i) =>
      slots.push({ player, dux, x: (i % columns) * cell, y: (row + Math.floor(i / columns)) * cell }),
    );
    row += Math.ceil(pieces.length / columns);
  });
  return {
    slots,
    width: Math.min(columns, Math.max(...counts.map((c) => c.men + c.duxes))) * cell,
    height: row * cell,
  };
}

// The rules summary's messages: a game's, or its ruleset's, or its family of rulesets' where the
// game's words have them (Latrunculi: Kowalski's two boards, Bell's two, Schädler's two versions
// share their rules), with the parts RULES_PARTS.
export const rulesKey = (game, ruleset) => rulesetKey(`print.rules.${game}`, ruleset, RULES_PARTS[0]);
export const RULES_PARTS = ["setup", "move", "capture", "win"];
