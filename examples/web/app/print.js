//# allFunctionsCalledOnLoad
import { pictureOf, pictureOptionsOf, withCoordinates } from "./board.js";
import { $ } from "./config.js";
import { t } from "./i18n.js";
import { state } from "./state.js";
import { gameName } from "./words.js";

// ---- print -------------------------------------------------------------------------------------

export function printBoard() {
  $("#more-dialog").close();
  const sheet = $("#print-sheet");
  const heading = document.createElement("h2");
  heading.textContent = `${gameName(state.game.id)} · ${t("print.caption")}`;
  sheet.replaceChildren(heading, pictureOf(state.game, { ...withCoordinates(pictureOptionsOf(state.game)), size: 1000 }));
  window.print();
}
