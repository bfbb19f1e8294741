//# allFunctionsCalledOnLoad
// The libludus web app: every game and ruleset of the library's catalogue, in Italian, English
// or German, on a phone, a tablet (kiosk mode for a museum) or a desktop. Nothing here knows a
// game by name: the new-game dialog is built from games() (each option's type, range and
// default), a tap is mapped to the moves of legalMoves() through the positions the library's
// picture names (data-square, data-position0/1, data-tray-position: render option
// "positions"), and the words are the app's own (render option "words": false), from
// i18n/<language>.json. The computer and the hints think in a Web Worker (ai-worker.js).
//
// The modules, around one state object (state.js): config.js (the address's settings),
// engine.js (the engine and the worker), words.js (moves and turns in words), moves.js and
// settings.js (what is legal, the defaults), board.js (the picture, its layout, marks, hit
// testing), play.js (taps, moves, dice, the computer's turn, undo, resign, draws), status.js
// (the status line, messages, controls), dialogs.js (new game, end of game), storage.js,
// rules.js, print.js, kiosk.js, language.js; this one starts the app and wires the page.
// state.js, messages.js, words.js, moves.js and settings.js hold no DOM (tested in Node).
import { placeAt, render, showCursor, toggleZoom } from "./board.js";
import { $, KIOSK, MUSEUM_LANGUAGE } from "./config.js";
import { newGameChosen, newGameDialog, openInvalidOptions, showComputerField } from "./dialogs.js";
import { engine } from "./engine.js";
import { preferredLanguage } from "./i18n.js";
import { activity, leaveAttract, showAttract } from "./kiosk.js";
import { setLanguage } from "./language.js";
import { afterChange, askHint, boardKey, offerDraw, ownDiceChosen, ownDiceDialog, placeChosen, resign, roll, startGame, undo } from "./play.js";
import { printBoard } from "./print.js";
import { showRules, showSpecification } from "./rules.js";
import { defaultSettings } from "./settings.js";
import { state } from "./state.js";
import { dismissMessage } from "./status.js";
import { restore } from "./storage.js";

await Promise.all([setLanguage(KIOSK ? MUSEUM_LANGUAGE : preferredLanguage()), engine.then((loaded) => {
  ({ Game: state.Game, LudusError: state.LudusError } = loaded);
  state.catalogue = loaded.games();
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
$("#zoom").addEventListener("click", toggleZoom);
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
$("#start").addEventListener("click", openInvalidOptions);
$("#show-rules").addEventListener("click", () => { showRules(state.game.id); $("#rules-dialog").showModal(); });
$("#rules").addEventListener("click", (event) => {
  const link = event.target.closest("a[href$='.md']");
  if (!link || KIOSK) return;
  event.preventDefault();
  showSpecification(link.getAttribute("href"));
});
$("#language").addEventListener("change", (event) => setLanguage(event.target.value, !KIOSK));
$("#end-dialog").addEventListener("close", () => {
  const choice = $("#end-dialog").returnValue;
  if (choice === "rematch") startGame({ ...state.settings });
  else if (choice === "new") newGameDialog();
});
addEventListener("resize", () => state.game && render());
for (const kind of ["pointerdown", "keydown"]) addEventListener(kind, activity, { capture: true });
addEventListener("pointerdown", dismissMessage, { capture: true });
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
