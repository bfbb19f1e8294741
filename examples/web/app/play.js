//# allFunctionsCalledOnLoad
import { boxOf, namesOf, placeOf, places, refresh, render, showCursor } from "./board.js";
import { $, REDUCED_MOTION } from "./config.js";
import { faceRange } from "./dice.js";
import { throwDice } from "./dice-throw.js";
import { confirmDialog } from "./dialogs.js";
import { isRemoteTurn, leaveOnlineGame, onlineStatus, sendOnline } from "./friend.js";
import { ask, perfectTable } from "./engine.js";
import { closeLesson } from "./learn.js";
import { has, t } from "./i18n.js";
import { arrival, isCapture, isComputer, isComputerTurn, isOver, isPass, legalMoves, origin } from "./moves.js";
import { currentPace } from "./preferences.js";
import { playSound } from "./sound.js";
import { catalogueOf, state } from "./state.js";
import { showEnd } from "./review.js";
import { announce, say } from "./status.js";
import { trayWords } from "./trays.js";
import { describeMove, diceWords, inOpening, narrate, openingThrows, placeName, playerName } from "./words.js";

export function placeChosen(place) {
  if (state.analysis?.editSquare) {
    state.analysis.editSquare(place); // the analysis board's position being set up by taps (analysis.js)
    return;
  }
  if (!place || isOver() || state.review || state.lesson?.done) return;
  if (isRemoteTurn()) {
    say(onlineStatus() ?? t("online.wait"));
    return;
  }
  if (state.thinking || isComputerTurn()) {
    say(t("illegal.wait"));
    return;
  }
  if (state.game.phase !== "move") {
    say(t("illegal.roll_first"));
    return;
  }
  const player = state.game.toMove;
  const names = namesOf(place, player);
  const moves = legalMoves();
  if (state.selected !== null) {
    const chosen = moves.filter((m) => origin(m) === state.selected && names.includes(String(arrival(m))));
    if (chosen.length === 1) {
      playMove(chosen[0]);
      return;
    }
    if (chosen.length > 1) {
      offerChoices(chosen);
      return;
    }
    if (names.includes(String(state.selected))) {
      state.selected = null;
      render();
      return;
    }
  }
  const direct = moves.filter((m) => origin(m) === undefined && names.includes(String(arrival(m))));
  if (direct.length === 1) {
    playMove(direct[0]);
    return;
  }
  if (direct.length > 1) {
    offerChoices(direct);
    return;
  }
  if (moves.some((m) => names.includes(String(origin(m))))) {
    state.selected = names.find((name) => moves.some((m) => String(origin(m)) === name));
    $("#message").textContent = "";
    render();
    announce(t("announce.selected", { place: placeName(state.selected) }));
    return;
  }
  say(
    state.selected !== null
      ? t("illegal.target", { place: placeName(names[0] ?? "?") })
      : explainNoMove(names, player, moves),
  );
  state.selected = null;
  render();
}

// Why a tap on a place that starts no move does nothing, in words.
function explainNoMove(names, player, moves) {
  if (moves.length === 1 && isPass(moves[0])) return t(inOpening() ? "illegal.opening_pass" : "illegal.must_pass");
  const own = names.some((name) =>
    document.querySelector(
      `#board .piece.player${player}[data-square="${name}"], #board g.unit.player${player}[data-position="${name}"]`,
    ),
  );
  return own ? t("illegal.piece_cannot_move") : t("illegal.not_yours");
}

// Several moves join the same two places (a race game's different dice): buttons to choose.
function offerChoices(moves) {
  const box = $("#choices");
  box.replaceChildren(
    ...moves.map((move) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = t("choice.dice", { dice: (move.dice ?? []).join(" + ") || move.text });
      button.addEventListener("click", () => playMove(move));
      return button;
    }),
  );
  say(t("choice.which"));
}

export function boardKey(event) {
  const all = places();
  if (!all.length || state.review) return; // the review's keys are its own (review.js)
  const centre = (e) => {
    const r = e.getBoundingClientRect();
    return [r.x + r.width / 2, r.y + r.height / 2];
  };
  const directions = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (event.key in directions) {
    event.preventDefault();
    const [dx, dy] = directions[event.key];
    const [x, y] = centre(all[Math.min(state.cursor, all.length - 1)]);
    let best = -1,
      bestScore = Infinity;
    all.forEach((place, i) => {
      const [px, py] = centre(place);
      const along = (px - x) * dx + (py - y) * dy,
        across = Math.abs((px - x) * dy) + Math.abs((py - y) * dx);
      if (along > 1 && along + 2 * across < bestScore) {
        best = i;
        bestScore = along + 2 * across;
      }
    });
    if (best >= 0) state.cursor = best;
    showCursor();
    announce(placeSaid(all[state.cursor]));
  } else if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    placeChosen(all[Math.min(state.cursor, all.length - 1)]);
  } else if (event.key === "Escape" && state.selected !== null) {
    event.preventDefault();
    state.selected = null;
    render();
  }
}

// A place as the keyboard's cursor says it: a tray whose it is and what it holds (trays.js); a
// cell by the name the board shows, the other player's where only their route passes (the
// library's own cell names, "top 1", are English and name no cell the visitor sees).
function placeSaid(place) {
  const tray = place.closest("[data-tray-position]");
  if (tray) return trayWords(tray);
  const player = state.game.toMove ?? 0;
  const owner = [player, 1 - player].find((p) => namesOf(place, p).length > 0);
  return owner === undefined ? "" : placeName(namesOf(place, owner)[0], owner);
}

// ---- playing -----------------------------------------------------------------------------------

function attempt(action) {
  try {
    action();
    return true;
  } catch (error) {
    if (!(error instanceof state.LudusError)) throw error;
    say(libraryError(error.statusName));
    return false;
  }
}

// A library error in the page's words, by its status (the library's message is English and
// written for programmers: it is never shown).
function libraryError(statusName) {
  const key = `error.${String(statusName)
    .replace(/^LUDUS_E_/, "")
    .toLowerCase()}`;
  return has(key) ? t(key) : t("error.other");
}

// Whose rolls and moves are written out on screen: the computer's, and a friend's, who plays on
// another device (a spectator's page announces every move, as between two people).
const narrated = (player) =>
  isComputer(player) || (Boolean(state.online) && state.online.seat !== null && player !== state.online.seat);

export function playMove(move) {
  if (state.lesson && !state.lesson.judge(move)) return; // a lesson's step: only a move that reaches its goal
  if (sendOnline("move", { move: move.text })) return; // played when the server announces it
  const player = state.game.toMove;
  const before = { from: origin(move), to: arrival(move), player };
  const throws = inOpening() && openingThrows();
  if (!attempt(() => state.game.play({ text: move.text }))) return;
  narrate(narrated(player) ? "move" : "clear", move);
  // the move that ended the opening: its throws and who starts (who throws next) told
  if (throws && !inOpening()) narrate("decided", { throws, starter: state.game.toMove });
  if (isCapture(move)) playSound("capture");
  $("#choices").replaceChildren();
  // a message answers the visitor's last action: their own move makes it stale, the computer's
  // or a friend's does not (it would wipe what was said a moment ago)
  if (!narrated(player)) $("#message").textContent = "";
  announce(describeMove(move, player));
  afterChange();
  animate(before);
}

// The moved piece slides from where it stood (about 300 ms; none under reduced motion).
function animate({ from, to, player }) {
  if (REDUCED_MOTION.matches || from === undefined || to === undefined) return;
  const start = placeOf(from, player),
    end = placeOf(to, player);
  const piece = document.querySelector(
    `#board .piece[data-square="${to}"], #board g.unit.player${player}[data-position="${to}"]`,
  );
  if (!start || !end || !piece) return;
  const a = boxOf(start),
    b = boxOf(end);
  const dx = a.x + a.width / 2 - (b.x + b.width / 2),
    dy = a.y + a.height / 2 - (b.y + b.height / 2);
  piece.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "translate(0, 0)" }], {
    duration: 300,
    easing: "ease-out",
  });
}

// The computer's next action, one at a time: a timer left from a game replaced or a move taken
// back would make it act before the pace.
let computerTimer = 0;

export function afterChange() {
  state.selected = null;
  state.hinted = null;
  render();
  clearTimeout(computerTimer);
  if (isOver()) setTimeout(showEnd, REDUCED_MOTION.matches ? 0 : 350);
  else if (isComputerTurn())
    computerTimer = setTimeout(computerTurn, (state.narration.opening ? 2 : 1) * currentPace());
}

function computerTurn() {
  if (!isComputerTurn() || state.thinking || state.review) return;
  if (state.game.phase === "roll") {
    roll();
    return;
  }
  state.thinking = "move";
  state.request += 1;
  const level = state.settings.opponent;
  const options = { level, seed: state.game.history.length };
  if (level === "best" || level === "uct") options.max_time_ms = 1200;
  const request = { id: state.request, kind: "move", state: state.game.toJSONText(), options };
  // the Royal Game of Ur's perfect player: the solved table's address (without it the worker searches)
  if (level === "perfect")
    perfectTable(state.game.id, state.settings.options).then((table) =>
      ask({ ...request, options: { ...options, table } }),
    );
  else ask(request);
  refresh();
}

export function askHint() {
  if (isOver() || isComputerTurn() || state.thinking || state.game.phase !== "move") return;
  state.thinking = "hint";
  state.request += 1;
  ask({
    id: state.request,
    kind: "hint",
    state: state.game.toJSONText(),
    options: { level: "best", max_time_ms: 800, seed: 1 },
  });
  refresh();
}

export function workerAnswered({ id, kind, move, error, status }) {
  if (id !== state.request) return; // an answer for a position that was undone or replaced
  state.thinking = false;
  if (error) {
    // what was asked for could not be answered: said in the page's words, the buttons back
    say(`${t(`error.${kind}`)} ${libraryError(status)}`);
    render();
    return;
  }
  if (kind === "hint") {
    state.hinted = move;
    refresh();
    say(t("hint.says", { move: describeMove(move, state.game.toMove) }), "hint");
  } else if (kind === "draw") {
    drawAnswered(move);
  } else {
    playMove(move);
  }
}

export function roll() {
  if (state.game.phase !== "roll" || isOver()) return;
  if (state.online?.view?.dice === "real") {
    ownDiceDialog();
    return;
  } // against a friend with real dice: typed in
  if (sendOnline("roll")) return; // the server rolls
  const player = state.game.toMove;
  let dice = null;
  if (
    !attempt(() => {
      dice = state.game.roll();
    })
  )
    return;
  showRolled(player, dice);
}

/** The dice of `player`'s roll, in words, sound and a throw on screen. */
export function showRolled(player, dice) {
  narrate(narrated(player) ? "roll" : "clear", dice);
  announce(t("event.roll", { who: playerName(player), dice: diceWords(dice) }));
  playSound("dice");
  afterChange();
  throwDice();
}

// Dice from outside (a museum's physical dice): as many fields as the game throws dice.
export function ownDiceDialog() {
  const count = state.game.chanceOutcomes()[0].dice.length;
  const [min, max] = faceRange(state.game.id); // a binary die: 1 a marked tip up, 0 none
  $("#dice-inputs").replaceChildren(
    ...Array.from({ length: count }, (_, i) => {
      const label = document.createElement("label");
      label.className = "field";
      const input = Object.assign(document.createElement("input"), {
        type: "number",
        min,
        max,
        required: true,
        inputMode: "numeric",
      });
      input.name = `die${i}`;
      label.append(t("dice.die", { number: i + 1 }), input);
      return label;
    }),
  );
  $("#dice-dialog").returnValue = "";
  $("#dice-dialog").showModal();
}

export function ownDiceChosen() {
  if ($("#dice-dialog").returnValue !== "set") return;
  const dice = [...$("#dice-inputs").querySelectorAll("input")].map((input) => Number(input.value));
  if (sendOnline("roll", { dice })) return; // played when the server announces it
  const player = state.game.toMove;
  if (!attempt(() => state.game.setDice(dice))) return;
  narrate("clear");
  announce(t("event.roll", { who: playerName(player), dice: diceWords(dice) }));
  afterChange();
}

// Undo takes back the last human decision: against the computer, also what the computer did
// after it, so that the person is to play again.
export function undo() {
  if (sendOnline("offer", { kind: "undo" })) return; // against a friend, only if the friend agrees
  state.request += 1;
  state.thinking = false;
  state.resigned = null;
  state.endShown = false;
  state.ended = null;
  const human = state.settings.opponent === "human" ? null : 1 - state.settings.computer;
  let last;
  do {
    last = state.game.history.at(-1);
    if (!attempt(() => state.game.undo())) break;
  } while (human !== null && state.game.history.length > 0 && !(last.player === human && state.game.toMove === human));
  narrate("clear");
  $("#message").textContent = "";
  // (taken back to the computer's turn, a game it started: its turn is played again, else the
  // game stood still, "the computer throws…" for ever)
  afterChange();
}

// ---- resign and draw ---------------------------------------------------------------------------

export async function resign() {
  $("#more-dialog").close();
  if (isOver()) return;
  const player = state.online
    ? state.online.seat
    : state.settings.opponent === "human"
      ? state.game.toMove
      : 1 - state.settings.computer;
  if (!(await confirmDialog(t("resign.confirm", { who: playerName(player) }), t("dialog.yes"), t("dialog.no")))) return;
  if (sendOnline("resign")) return;
  state.request += 1;
  state.thinking = false;
  state.resigned = player;
  afterChange();
}

// Offered only in the games whose catalogue entry has agreed draws (the race games have none).
export const hasDraws = () => catalogueOf(state.game.id)?.agreed_draws === true;

export async function offerDraw() {
  $("#more-dialog").close();
  if (isOver() || !hasDraws()) return;
  if (sendOnline("offer", { kind: "draw" })) return; // the friend answers
  if (state.settings.opponent === "human") {
    const other = 1 - state.game.toMove;
    if (await confirmDialog(t("draw.ask_person", { who: playerName(other) }), t("draw.accept"), t("draw.decline")))
      agreeDraw();
    else say(t("draw.declined"));
    return;
  }
  if (state.game.phase !== "move" || isComputerTurn()) {
    say(t("draw.not_now"));
    return;
  }
  // The computer accepts when its strongest search finds it is not ahead.
  state.thinking = "draw";
  state.request += 1;
  ask({
    id: state.request,
    kind: "draw",
    state: state.game.toJSONText(),
    options: { level: "best", max_time_ms: 600, seed: 2 },
  });
  render();
}

function drawAnswered(move) {
  if (move.search.value >= 0) agreeDraw();
  else {
    say(t("draw.declined_computer"));
    render();
  }
}

function agreeDraw() {
  if (attempt(() => state.game.agreeDraw())) afterChange();
  else render();
}

export function startGame(next) {
  const created = createGame(next);
  if (!created) return false;
  leaveOnlineGame();
  takeGame(created, next);
  return true;
}

/** `created` on the board from where it is: a new game on this device, or the game a server
 * holds (friend.js). */
export function takeGame(created, next) {
  closeLesson()?.game.close();
  if (state.analysis) {
    // the analysis board's game and review, set aside, go with the game they were of
    state.analysis.back.game.close();
    state.analysis.back.review.game?.close();
    state.game.close();
    state.game = null;
    state.analysis = null;
  }
  state.game?.close();
  state.review?.game?.close();
  state.review = null;
  state.game = created;
  state.settings = next;
  state.resigned = null;
  state.endShown = false;
  state.started = Date.now();
  state.ended = null;
  state.request += 1;
  state.thinking = false;
  state.cursor = 0;
  $("#message").textContent = "";
  narrate("start");
  afterChange();
}

function createGame(next) {
  let created = null;
  attempt(() => {
    created = new state.Game(next.game, { ...next.options, seed: Math.floor(Math.random() * 2 ** 32) });
  });
  return created;
}
