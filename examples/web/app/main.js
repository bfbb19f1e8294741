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
// (the status line, messages, controls), dialogs.js (new game), review.js (the end of a game and
// its review; review-model.js its figures, without DOM), storage.js, rules.js, print.js,
// kiosk.js, language.js, learn.js (the lessons' screen, lesson.js their logic, progress.js what
// the visitor finished), friend.js (a
// game against a friend through the game server, server-client.js its protocol), lobby.js (games
// against strangers, with ratings; lobby-client.js its requests); this one starts
// the app and wires the page. state.js, messages.js, words.js, moves.js, settings.js,
// review-model.js, lesson.js and progress.js hold no DOM (tested in Node).
import { placeAt, render, showCursor, toggleZoom } from "./board.js";
import { $, CHOSEN_GAMES, KIOSK, KIOSK_LOBBY, MUSEUM_LANGUAGE, SLOW_LOAD_MS } from "./config.js";
import { newGameChosen, newGameDialog, offerPerfect, openInvalidOptions, showComputerField } from "./dialogs.js";
import { engine } from "./engine.js";
import { copyInvitation, friendChosen, offerFriendGames, showInvitation } from "./friend.js";
import { diceKind } from "./dice.js";
import { has, preferredLanguage, t } from "./i18n.js";
import { activity, leaveAttract, showAttract } from "./kiosk.js";
import { setLanguage } from "./language.js";
import { backToGame, nextStep, openLesson, showMe, startOver, stepAgain } from "./learn.js";
import { cancelWaiting, fillRulesets, offerLobby, openLobby, refresh, seekGame } from "./lobby.js";
import {
  afterChange,
  askHint,
  boardKey,
  offerDraw,
  ownDiceChosen,
  ownDiceDialog,
  placeChosen,
  resign,
  roll,
  startGame,
  undo,
} from "./play.js";
import { paceChosen, showPreferences, toggleSound } from "./preferences.js";
import { printBoard } from "./print.js";
import { closeReview, goTo, openReview, reviewKey } from "./review.js";
import { showRules, showSpecification } from "./rules.js";
import { defaultSettings } from "./settings.js";
import { setDiceKind } from "./messages.js";
import { offeredCatalogue, state } from "./state.js";
import { dismissMessage } from "./status.js";
import { restore } from "./storage.js";

// the words of the dice being thrown are the game's: Senet's throwing sticks (messages.js)
setDiceKind(() => diceKind(state.game?.id));
const words = setLanguage(KIOSK ? MUSEUM_LANGUAGE : preferredLanguage());
$("#retry").addEventListener("click", retry);
const slow = setTimeout(() => showLoadError("load.slow"), SLOW_LOAD_MS);
const loaded = await Promise.all([
  words,
  engine.then((module) => {
    ({ Game: state.Game, LudusError: state.LudusError } = module);
    state.catalogue = offeredCatalogue(module.games(), CHOSEN_GAMES);
  }),
  // the games' own facts for the app (lib/<id>/app/app.json, merged at build time)
  fetch("games.json")
    .then((response) => (response.ok ? response.json() : {}))
    .then((facts) => {
      state.games = facts;
    }),
]).then(
  () => true,
  () => false,
);
clearTimeout(slow);
// The first game in a task of its own (the engine's start and the words were one already): a
// phone stays responsive between them.
if (loaded) await new Promise((resolve) => setTimeout(resolve, 0));
else await words.catch(() => {}); // the error said in the page's words where they loaded (else index.html's Italian)
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
// the options of the game chosen: is the Royal Game of Ur's solved table there for them?
for (const box of ["#ruleset-box", "#game-options"]) $(box).addEventListener("change", offerPerfect);
$("#new-game-dialog").addEventListener("close", newGameChosen);
$("#new-game-dialog").addEventListener("close", friendChosen);
$("#show-invite").addEventListener("click", showInvitation);
$("#invite-copy").addEventListener("click", copyInvitation);
$("#start").addEventListener("click", openInvalidOptions);
$("#play-lobby").addEventListener("click", openLobby);
$("#lobby-game").addEventListener("change", () => (fillRulesets(), refresh()));
$("#lobby-quick").addEventListener("click", () => seekGame(true));
$("#lobby-seek").addEventListener("click", () => seekGame(false));
$("#lobby-cancel").addEventListener("click", cancelWaiting);
$("#show-rules").addEventListener("click", () => {
  showRules(state.game.id);
  $("#rules-dialog").showModal();
});
$("#rules").addEventListener("click", (event) => {
  const link = event.target.closest("a[href$='.md']");
  if (!link || KIOSK) return;
  event.preventDefault();
  showSpecification(link.getAttribute("href"));
});
$("#learn").addEventListener("click", () => openLesson(state.lesson?.lesson.game ?? state.game.id));
$("#new-learn").addEventListener("click", () => openLesson($("#new-game-form").elements.game.value));
$("#rules-learn").addEventListener("click", () => openLesson($("#rules-learn").dataset.game));
$("#lesson-show").addEventListener("click", showMe);
$("#lesson-again").addEventListener("click", stepAgain);
$("#lesson-next").addEventListener("click", nextStep);
$("#lesson-back").addEventListener("click", backToGame);
$("#lesson-restart").addEventListener("click", startOver);
$("#language").addEventListener("change", (event) => setLanguage(event.target.value, !KIOSK));
$("#rematch").addEventListener("click", () => startGame({ ...state.settings }));
$("#end-new").addEventListener("click", newGameDialog);
$("#end-review").addEventListener("click", openReview);
$("#end-undo").addEventListener("click", undo);
$("#review-open").addEventListener("click", openReview);
$("#review-close").addEventListener("click", closeReview);
$("#review-first").addEventListener("click", () => goTo(0));
$("#review-back").addEventListener("click", () => goTo(state.review.at - 1));
$("#review-forward").addEventListener("click", () => goTo(state.review.at + 1));
$("#review-last").addEventListener("click", () => goTo(state.review.steps.length));
addEventListener("keydown", reviewKey);
addEventListener("resize", () => state.game && render());
for (const kind of ["pointerdown", "keydown"]) addEventListener(kind, activity, { capture: true });
addEventListener("pointerdown", dismissMessage, { capture: true });
$("#attract").addEventListener("click", leaveAttract);
$("#sound").addEventListener("click", toggleSound);
$("#pace").addEventListener("change", paceChosen);
showPreferences();

if (!loaded) {
  showLoadError("load.failed");
} else if (KIOSK) {
  document.body.classList.add("kiosk");
  // No pinch zoom on the museum's tablet (style.css: touch-action; here the viewport): a
  // zoomed page would stay zoomed for the next visitor.
  document.querySelector("meta[name=viewport]").content =
    "width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no";
  showAttract();
} else if (restore()) {
  afterChange();
} else {
  startGame(defaultSettings());
}
if (loaded) {
  const slowMessage = $("#load-error"); // a slow download's, if the board has not replaced it
  if (slowMessage) slowMessage.hidden = true;
  document.body.dataset.ready = "true";
}
// A game server answering (the app's address or ?server=): "play a friend", an invitation
// opened, a game left open on this device (friend.js). Not in a museum's kiosk.
if (loaded && !KIOSK) offerFriendGames();
// The lobby, games against strangers with ratings (lobby.js): with a game server; in a kiosk only
// if its kiosk.json turns it on.
if (loaded && (!KIOSK || KIOSK_LOBBY)) offerLobby();
else document.body.dataset.lobby = "off";

// The engine (or the words) did not load (a network gone, a broken file), or is slow to: said on
// the page, with a button that loads the page again, rather than "loading..." for ever.
function showLoadError(key) {
  document.querySelector("#board .loading").textContent = "";
  const message = $("#load-error p");
  message.dataset.i18n = key;
  if (has(key)) message.textContent = t(key); // else index.html's Italian
  $("#load-error").hidden = false;
}

// Again from the network: a service worker that served this page served the broken engine from
// its cache, so it goes (the page registers it again, and it caches every file afresh).
async function retry() {
  const registrations = (await navigator.serviceWorker?.getRegistrations().catch(() => [])) ?? [];
  await Promise.all(registrations.map((registration) => registration.unregister().catch(() => false)));
  location.reload();
}
// The service worker (offline use) fetches every file of the app for its cache: registered once
// the page has loaded, so that it does not compete with the first screen for the network; not
// when the engine failed (it would cache what failed).
const registerWorker = () => navigator.serviceWorker.register("./sw.js").catch(() => {});
if ("serviceWorker" in navigator && loaded) {
  if (document.readyState === "complete") setTimeout(registerWorker, 1000);
  else addEventListener("load", () => setTimeout(registerWorker, 1000), { once: true });
}
