//# allFunctionsCalledOnLoad
import { $ } from "./config.js";
import { binaryDice } from "./dice.js";
import { drawDie } from "./dice-throw.js";
import { isRemoteTurn, onlinePlayers, onlineStatus, watching } from "./friend.js";
import { t } from "./i18n.js";
import { isComputerTurn, isOver, isPass, legalMoves, origin } from "./moves.js";
import { hasDraws, playMove } from "./play.js";
import { showPanels } from "./review.js";
import { state } from "./state.js";
import {
  binaryTotal,
  binaryWords,
  describeEvent,
  diceWords,
  gameName,
  inOpening,
  narrationText,
  playerName,
  rulesetName,
  sideName,
  winnerOf,
} from "./words.js";

// ---- status, messages, controls ----------------------------------------------------------------

// A message lies over the title bar and the status line (style.css) for a few seconds, longer
// for more words, and goes at the next tap.
let messageTimer = 0;
const messageSeconds = (text) => Math.min(12, 4 + text.length / 20);

export function say(text, kind = "error") {
  if (state.lesson) {
    state.lesson.say(text, kind);
    return;
  } // in the lesson's line, above the board
  showMessage(text, kind);
}

/** A message on the game's screen, wherever a lesson would say it. */
export function showMessage(text, kind = "error") {
  const message = $("#message");
  message.textContent = text;
  message.dataset.kind = kind;
  clearTimeout(messageTimer);
  if (text) messageTimer = setTimeout(() => say(""), messageSeconds(text) * 1000);
}

export function dismissMessage() {
  if ($("#message").textContent) say("");
}

export function announce(text) {
  $("#announce").textContent = text;
}

export function showStatus() {
  const status = $("#status");
  status.dataset.phase = state.review ? "review" : isOver() ? "over" : state.game.phase;
  status.dataset.result = state.resigned !== null ? `player ${1 - state.resigned} won` : state.game.result;
  if (state.review) {
    status.textContent = ""; // the review's position (review.js: fillReview)
  } else if (isOver()) {
    const winner = winnerOf();
    status.textContent = winner === null ? t("status.draw") : t("status.won", { who: playerName(winner) });
  } else if (onlineStatus()) {
    status.textContent = onlineStatus(); // the friend's turn, no friend yet, no connection
  } else if (isComputerTurn()) {
    // the computer's turn, also in the pause before its search: as a person would say it
    status.textContent = t(state.game.phase === "roll" ? "status.computer_rolls" : "status.thinking");
  } else if (state.thinking) {
    status.textContent = t(state.thinking === "draw" ? "status.draw_thinking" : "status.hint_thinking");
  } else {
    const moves = legalMoves();
    const placing = moves.length > 0 && moves.every((m) => origin(m) === undefined && !isPass(m));
    const passing = moves.length > 0 && moves.every(isPass); // the dice left no move: the status says why
    // throwing to see who starts (Senet), where a throw that decides nothing is passed
    const opening = inOpening() ? "opening_" : "";
    const key =
      state.game.phase === "roll"
        ? `${opening}roll`
        : passing
          ? `${opening}pass`
          : placing
            ? "place"
            : state.selected === null
              ? "move"
              : "target";
    // against the computer the person is "tu"; two people are named by their sides
    status.textContent =
      state.settings.opponent === "human" && !state.online
        ? t(`status.${key}`, { who: sideName(state.game.toMove) })
        : t(`status.your_${key}`);
  }
  $("#narration").textContent = narrationText();
  status.classList.toggle("busy", Boolean(state.thinking));
  showDice($("#dice"));
  showInHand();
  state.lesson?.show();
}

// The pieces still to place (Bell's and Schädler's rules): the position's fields "*in_hand".
function showInHand() {
  const counts = [0, 0];
  for (const [name, value] of Object.entries(state.game.position)) {
    if (name.endsWith("in_hand") && Array.isArray(value))
      value.forEach((count, player) => {
        counts[player] += count;
      });
  }
  const shown = !isOver() && !state.review && counts[0] + counts[1] > 0;
  $("#in-hand").hidden = !shown;
  if (shown) $("#in-hand").textContent = t("hand.count", { light: counts[0], dark: counts[1] });
}

// The dice of the turn, drawn in HTML (the picture has no words and no status line): in the
// status line, or in a lesson's panel.
export function showDice(box) {
  const dice = !isOver() && !state.review && state.game.phase === "move" ? state.game.dice : null;
  box.replaceChildren(...(dice ?? []).map(drawDie));
  // binary dice (the Royal Game of Ur): what they move beside them
  if (dice && binaryDice(state.game.id))
    box.append(
      Object.assign(document.createElement("span"), { className: "dice-total", textContent: `= ${binaryTotal(dice)}` }),
    );
  box.hidden = !dice;
  if (dice)
    box.setAttribute(
      "aria-label",
      t("dice.label", { dice: binaryDice(state.game.id) ? binaryWords(dice) : diceWords(dice) }),
    );
  else box.removeAttribute("aria-label"); // no label of dice gone (nor in a language left behind)
}

export function showControls() {
  const humanTurn = !isOver() && !isComputerTurn() && !isRemoteTurn() && !state.thinking;
  const moves = humanTurn ? legalMoves() : [];
  $("#roll").hidden = !(humanTurn && state.game.phase === "roll");
  // against a friend the server rolls, and nobody takes hints or moves back alone
  $("#own-dice").hidden = $("#roll").hidden || Boolean(state.online);
  $("#hint").hidden = !$("#roll").hidden || Boolean(state.online); // no hint before the dice: the dice's button in its place
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
  $("#hint").disabled = !(humanTurn && state.game.phase === "move" && !pass);
  const offerPending = Boolean(state.online?.view?.offer); // against a friend: one offer at a time
  const spectator = watching(); // a spectator changes nothing
  $("#undo").disabled = state.game.history.length === 0 || Boolean(state.thinking) || offerPending || spectator;
  for (const id of ["#end-undo", "#rematch"]) $(id).hidden = Boolean(state.online);
  $("#offer-draw").hidden = !hasDraws();
  $("#offer-draw").disabled = offerPending || spectator;
  $("#resign").disabled = spectator;
  $("#show-invite").hidden = !state.online?.join || state.online.view?.status !== "waiting";
  $("#title").textContent = gameName(state.game.id);
  fitTitle($("#title"));
  document.title = `${gameName(state.game.id)} · Ludus`;
  const opponent = state.online
    ? onlinePlayers()
    : state.settings.opponent === "human"
      ? t("players.two_people")
      : t("players.computer", {
          level: t(`level.${state.settings.opponent}`),
          side: sideName(state.settings.computer),
        });
  $("#players").textContent = `${rulesetLine()}${opponent}`;
  showPanels();
  $("#history").replaceChildren(
    ...state.game.history.map((event) => {
      const li = document.createElement("li");
      li.textContent = describeEvent(event);
      return li;
    }),
  );
}

function rulesetLine() {
  const ruleset = state.game.options.ruleset;
  return ruleset === undefined ? "" : `${rulesetName(state.game.id, ruleset)}. `;
}

// A word of a game's name wider than the title's column ("Scriptorum" on a 360 px phone) is set
// in smaller type, half a pixel at a time down to 9 px, rather than cut off. Beside the board on
// a landscape phone, where the title is one line (style.css), the whole name is fitted so down to
// 12 px, and wraps below that (it was cut to "Ludus Duode…").
const SMALLEST_ONE_LINE = 12;
function fitTitle(title) {
  title.style.fontSize = title.style.whiteSpace = "";
  const oneLine = getComputedStyle(title).whiteSpace === "nowrap";
  const smallest = oneLine ? SMALLEST_ONE_LINE : 9;
  for (
    let size = parseFloat(getComputedStyle(title).fontSize);
    title.scrollWidth > title.clientWidth && size - 0.5 >= smallest;
    size -= 0.5
  ) {
    title.style.fontSize = `${size - 0.5}px`;
  }
  if (oneLine && title.scrollWidth > title.clientWidth) title.style.whiteSpace = "normal";
}
