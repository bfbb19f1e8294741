// The analysis board: from a position of the review (or one set up by hand and checked by the
// library), the visitor tries moves for either side on the app's own board (board.js draws it,
// play.js turns taps and keys into moves, as between two people), throws or chooses the dice in
// the race games, and reads the engine's evaluation and its best line, asked again after each
// change (engine.js: askAnalysis, in the worker; review-model.js: analysePosition). Discarding
// the branch returns to the position it started from; closing returns to the review at that
// move. The game and its review are set aside meanwhile, untouched and still saved (storage.js
// saves nothing here). Loaded when the board is first opened (review-screen.js).
import { render } from "./board.js";
import { $ } from "./config.js";
import { askAnalysis, perfectTable } from "./engine.js";
import { t } from "./i18n.js";
import { afterChange, ownDiceDialog, roll } from "./play.js";
import { screens } from "./review.js";
import { EVALUATION_SHOWN, readPieces, REVIEW_NODES, unitOf } from "./review-model.js";
import { catalogueOf, gameFact, state } from "./state.js";
import { announce, say } from "./status.js";
import { describeEvent, describeMove, placeName, sideName } from "./words.js";

// A position's budget: the review's for each position, twice over (one position at a time here).
export const ANALYSIS_NODES = 2 * REVIEW_NODES;

let questions = 0;

export function openAnalysis() {
  const review = state.review;
  if (!review || state.analysis || state.online) return;
  const game = review.game.copy();
  state.analysis = {
    back: {
      game: state.game,
      settings: state.settings,
      resigned: state.resigned,
      endShown: state.endShown,
      review,
    },
    from: review.at, // the review's move (null: a position set up by hand)
    start: game.toJSONText(), // the position the branch starts from, for discarding it
    startEvents: game.history.length,
    asked: null, // the position last asked about (its JSON text)
    id: 0,
    answer: null, // {value, toMove, line, unit, exact} for the position asked about
    failed: false,
    piece: "0", // the piece a tap places while the position is set up
    lifting: false, // a race game's position being set up by moving its pieces
    lifted: null, // the piece lifted to be put elsewhere: {player, name, spot}
    editSquare: null, // while it is set up by taps: what a tap on the board does (play.js)
  };
  $("#analysis-setup").open = $("#analysis-json").open = false;
  state.review = null;
  // the review's panel is hidden meanwhile, and filled again on the way back (in the page's
  // language then): its chart's label is not left in another one
  $("#review-chart-box").replaceChildren();
  takePosition(game);
  $("#board").focus({ preventScroll: true }); // the keys move on the board at once (play.js: boardKey)
  announce(originWords());
}

// A position on the board as the analysis board's, both sides played by the visitor (the
// keyboard's cursor back at the first place, unless a position is being set up square by square).
function takePosition(game, keepCursor = false) {
  const { back } = state.analysis;
  if (state.game !== back.game) state.game.close();
  state.game = game;
  state.settings = { ...back.settings, opponent: "human" };
  state.resigned = null;
  state.endShown = true; // an end reached here is said in the panel, not in the end panel
  state.request += 1; // an answer of the worker still coming is for the game set aside
  state.thinking = false;
  if (!keepCursor) state.cursor = 0;
  afterChange();
  document.scrollingElement.scrollTop = 0;
}

export function closeAnalysis() {
  const analysis = state.analysis;
  if (!analysis) return;
  const { back } = analysis;
  if (state.game !== back.game) state.game.close();
  state.game = back.game;
  state.settings = back.settings;
  state.resigned = back.resigned;
  state.endShown = back.endShown;
  state.review = back.review;
  state.analysis = null;
  $("#message").textContent = "";
  render();
  screens.review?.goTo(state.review.at);
  $("#review-analyse").focus({ preventScroll: true });
}

// The branch discarded: the position it started from again.
function discard() {
  const analysis = state.analysis;
  if (!analysis) return;
  takePosition(state.Game.fromJSON(analysis.start));
  announce(t("analysis.discarded"));
}

// The branch's last move (or roll) taken back, not beyond the position it started from.
function takeBack() {
  if (state.game.history.length <= state.analysis.startEvents) return;
  state.game.undo();
  afterChange();
}

// The dice of the turn chosen again: the roll taken back and the dice typed in (play.js's dialog).
function changeDice() {
  if (state.game.phase !== "move" || !/^roll( \d+)+$/.test(state.game.history.at(-1)?.text ?? "")) return;
  state.game.undo();
  afterChange();
  ownDiceDialog();
}

function playBest() {
  const move = state.analysis?.answer?.line[0];
  if (!move || state.game.phase !== "move" || state.game.isOver) return;
  const chosen = state.game.legalMoves().find((legal) => legal.text === move.text);
  if (!chosen) return;
  state.game.play({ text: chosen.text });
  announce(describeMove(chosen, move.player));
  afterChange();
}

// ---- a position set up by hand -----------------------------------------------------------------

// A position set up, by taps or as text: the library checks it (Game.fromJSON) and refuses one
// that breaks the rules, with its message (English, the library's own words: marked so, after
// the page's sentence), the board as it was; a position it takes starts the branch afresh.
// Whether it was taken.
function usePosition(position) {
  const saved = JSON.parse(state.game.toJSONText());
  let game;
  try {
    game = state.Game.fromJSON({ ...saved, start: position, position, history: [] });
  } catch (problem) {
    if (!(problem instanceof state.LudusError)) throw problem;
    showRefusal(t("analysis.setup_refused"), problem.message);
    return false;
  }
  const error = $("#analysis-setup-error");
  error.replaceChildren();
  error.hidden = true;
  delete $("#analysis-setup-field").dataset.edited;
  state.analysis.from = null;
  state.analysis.start = game.toJSONText();
  state.analysis.startEvents = 0;
  takePosition(game, Boolean(state.analysis.editSquare));
  return true;
}

// The position as the library writes it (its JSON), changed by hand.
function setUp(event) {
  event.preventDefault();
  let position;
  try {
    position = JSON.parse($("#analysis-setup-field").value);
  } catch (problem) {
    showRefusal(t("analysis.setup_not_json"), problem.message);
    return;
  }
  if (usePosition(position)) announce(originWords());
}

// ---- set up by taps ----------------------------------------------------------------------------

// The games whose position is a grid of squares (the library's "ranks": ranks[0] is rank 1,
// character i of a rank file a+i, as the squares are named; "." empty) are set up by taps: a
// piece chosen, then placed on each square tapped (or the square emptied), the side to move
// chosen; every change is checked by the library (usePosition). The counts a position keeps are
// counted again from its ranks (the games' schemas: "0" and "1" men, "D" and "d" duxes, "A" and
// "B" Schädler's blocked pieces).
const COUNTED = { pieces: ["0A", "1B"], men: ["0", "1"], duxes: ["D", "d"], blocked: ["A", "B"] };
const DUXES = ["D", "d"];
const EMPTY = ".";

const grid = () => Array.isArray(state.game.position?.ranks);
const editable = () => grid() || Boolean(routeFact());

// The pieces offered: each side's men, its dux where the game has them, and the empty square.
const piecesOffered = () => ["0", "1", ...(Array.isArray(state.game.position.duxes) ? DUXES : []), EMPTY];

function pieceWords(piece) {
  if (piece === EMPTY) return t("analysis.setup_empty");
  const dux = DUXES.includes(piece);
  return t(dux ? "analysis.setup_dux" : "analysis.setup_man", {
    who: sideName(dux ? DUXES.indexOf(piece) : Number(piece)),
  });
}

// A change of the position on the board (change(position) edits a copy), its counts made right
// (a grid's) or its turn started afresh (a race game's, raceTurnAfresh).
function editPosition(change) {
  const position = JSON.parse(state.game.toJSONText()).position;
  change(position);
  if (!grid()) return usePosition(raceTurnAfresh(position));
  for (const [field, pieces] of Object.entries(COUNTED))
    if (Array.isArray(position[field]))
      position[field] = pieces.map(
        (kinds) =>
          position.ranks
            .join("")
            .split("")
            .filter((c) => kinds.includes(c)).length,
      );
  return usePosition(position);
}

// A square tapped (or chosen by the keyboard) while setting up: the piece chosen put on it (a
// side's dux moved there: it has one), or the square emptied.
function editSquare(place) {
  const square = place?.dataset.square;
  if (!square) return;
  const file = square.charCodeAt(0) - "a".charCodeAt(0);
  const rank = Number(square.slice(1)) - 1;
  const piece = state.analysis.piece;
  const placed = editPosition((position) => {
    const ranks = position.ranks.map((row) => [...row]);
    if (DUXES.includes(piece)) for (const row of ranks) row.forEach((c, i) => c === piece && (row[i] = EMPTY));
    ranks[rank][file] = piece;
    position.ranks = ranks.map((row) => row.join(""));
  });
  if (placed) announce(t("analysis.setup_placed", { place: placeName(square), piece: pieceWords(piece) }));
}

function chooseToMove() {
  const player = Number($("#analysis-to-move").value);
  if (player === state.game.toMove) return;
  if (
    editPosition((position) => {
      position.to_move = player;
    })
  )
    announce(t("analysis.setup_to_move_now", { who: sideName(player) }));
  else $("#analysis-to-move").value = String(state.game.toMove);
}

// ---- a race game set up by moving its pieces ---------------------------------------------------

// A race game's position keeps its pieces in per-player counts ("hand", "off", XII Scripta's
// "bar", each a tray of the picture: its class) and along each player's route in the fields its
// app.json fact "setup_route" names ({"fields": [...], "names": [...]}): the fields' cells one
// after the other, per player (track[player][k]) or shared by both (Senet's squares[k], the
// player standing there), named as the picture names them for the player (data-position0/1):
// the "names" listed first (Duodecim's entry cells I..VI), then 1, 2, ... So the games are set up
// by one piece of code; a tap lifts a piece (a player's, from a cell or tray holding one), the
// next tap puts it on another cell or tray of that player, and the library judges the position.
const TRAYS = ["hand", "off", "bar"];
const routeFact = () => gameFact(state.game.id, "setup_route");

// Where a place of the board holds a player's pieces in the position: {tray} or {field, index,
// shared}, with its name for the player; null where the player has no such place.
function spotOf(place, player, position) {
  const tray = place.closest("[data-tray-position]");
  if (tray) {
    const field = TRAYS.find((kind) => tray.classList.contains(kind) && Array.isArray(position[kind]));
    return tray.classList.contains(`player${player}`) && field
      ? { tray: field, name: tray.dataset.trayPosition.split(" ")[0] }
      : null;
  }
  const name = place.dataset[`position${player}`];
  const { fields, names = [] } = routeFact();
  let index = names.includes(name)
    ? names.indexOf(name)
    : /^[1-9]\d*$/.test(name ?? "")
      ? names.length + Number(name) - 1
      : -1;
  if (index < 0) return null;
  for (const field of fields) {
    const shared = !Array.isArray(position[field][0]);
    const length = (shared ? position[field] : position[field][player]).length;
    if (index < length) return { field, index, shared, name };
    index -= length;
  }
  return null;
}

const piecesAt = (position, player, spot) =>
  spot.tray
    ? position[spot.tray][player]
    : spot.shared
      ? Number(position[spot.field][spot.index] === player)
      : position[spot.field][player][spot.index];

function addPiece(position, player, spot, count) {
  if (spot.tray) position[spot.tray][player] += count;
  else if (!spot.shared) position[spot.field][player][spot.index] += count;
  else if (count > 0)
    position[spot.field][spot.index] = player; // (a piece standing there is replaced: the library counts)
  else if (position[spot.field][spot.index] === player) position[spot.field][spot.index] = null;
}

// A race position set up by hand starts its player's turn afresh: where it is not before a
// throw, the fields of a turn (the dice, what they left, the phase) are those of a new game of
// the same options, the pieces and the player to move the position's.
function raceTurnAfresh(position) {
  if (position.phase === "roll") return position;
  const fresh = new state.Game(state.game.id, state.game.options);
  const turn = JSON.parse(fresh.toJSONText()).position;
  fresh.close();
  const kept = [...TRAYS, ...routeFact().fields, "to_move", "rng"].filter((field) => field in position);
  return { ...turn, ...Object.fromEntries(kept.map((field) => [field, position[field]])) };
}

// A place in words: a cell by the name the board shows, a tray by its label on the board.
const TRAY_WORDS = { hand: "board.to_enter", off: "board.borne_off" };
const raceWords = (player, spot) => (TRAY_WORDS[spot.tray] ? t(TRAY_WORDS[spot.tray]) : placeName(spot.name, player));

// A tap while a race game is set up: a piece lifted, or the lifted one put down.
function movePiece(place) {
  if (!place) return;
  const analysis = state.analysis;
  const position = JSON.parse(state.game.toJSONText()).position;
  const lifted = analysis.lifted;
  if (!lifted) {
    const player = [state.game.toMove, 1 - state.game.toMove].find((side) => {
      const spot = spotOf(place, side, position);
      return spot && piecesAt(position, side, spot) > 0;
    });
    if (player === undefined) {
      say(t("analysis.setup_race_none"));
      return;
    }
    const spot = spotOf(place, player, position);
    analysis.lifted = { player, name: spot.name, spot };
    afterChange();
    announce(t("analysis.setup_race_lifted", { from: raceWords(player, spot), who: sideName(player) }));
    return;
  }
  analysis.lifted = null;
  const to = spotOf(place, lifted.player, position);
  if (!to) {
    afterChange();
    say(t("analysis.setup_race_off_route", { who: sideName(lifted.player) }));
    return;
  }
  if (to.name === lifted.spot.name && to.tray === lifted.spot.tray) {
    afterChange(); // put back where it was
    return;
  }
  const moved = editPosition((changed) => {
    addPiece(changed, lifted.player, lifted.spot, -1);
    addPiece(changed, lifted.player, to, 1);
  });
  if (!moved) afterChange();
  else
    announce(
      t("analysis.setup_race_moved", {
        who: sideName(lifted.player),
        from: raceWords(lifted.player, lifted.spot),
        to: raceWords(lifted.player, to),
      }),
    );
}

// The set-up opened or closed: taps on the board set the position up while it is open (play.js
// hands them to state.analysis.editSquare); the other games open the position's text at once.
function setUpToggled() {
  if (!state.analysis) return;
  const open = $("#analysis-setup").open;
  state.analysis.lifted = null;
  state.analysis.lifting = open && editable() && !grid(); // (board.js: no move marked meanwhile)
  state.analysis.editSquare = open && editable() ? (grid() ? editSquare : movePiece) : null;
  if (open && !editable()) $("#analysis-json").open = true;
  state.selected = null;
  afterChange();
  // the set-up's top in the panel's view (on a phone the panel scrolls within, under the board)
  if (open)
    requestAnimationFrame(() => {
      const panel = $("#analysis-panel");
      panel.scrollTop += $("#analysis-setup").getBoundingClientRect().top - panel.getBoundingClientRect().top;
    });
}

// The pieces' buttons and the side to move, in the page's language, for the position shown.
function fillSetUp() {
  const edit = editable();
  $("#analysis-edit").hidden = !edit;
  if (!edit) return;
  fillToMove();
  const race = !grid();
  $("#analysis-pieces").hidden = race;
  $("#analysis-setup-help").textContent = t(race ? "analysis.setup_help_race" : "analysis.setup_help");
  if (race) {
    const lifted = state.analysis.lifted;
    if (state.analysis.editSquare)
      $("#status").textContent = lifted
        ? t("analysis.setup_race_lifted", { from: raceWords(lifted.player, lifted.spot), who: sideName(lifted.player) })
        : t("analysis.setup_status_race");
    return;
  }
  const offered = piecesOffered();
  if (!offered.includes(state.analysis.piece)) state.analysis.piece = offered[0];
  const box = $("#analysis-pieces");
  let buttons = [...box.querySelectorAll("button")];
  if (buttons.map((button) => button.dataset.piece).join("") !== offered.join("")) {
    buttons.forEach((button) => button.remove());
    buttons = offered.map((piece) => {
      const button = Object.assign(document.createElement("button"), { type: "button" });
      button.dataset.piece = piece;
      button.addEventListener("click", () => {
        state.analysis.piece = piece;
        fillSetUp();
      });
      return button;
    });
    box.append(...buttons);
  }
  for (const button of buttons) {
    button.textContent = pieceWords(button.dataset.piece);
    button.setAttribute("aria-pressed", String(button.dataset.piece === state.analysis.piece));
  }
  // while taps set the position up, the status line says so (not whose move it is)
  if (state.analysis.editSquare)
    $("#status").textContent = t("analysis.setup_status", { piece: pieceWords(state.analysis.piece) });
}

function fillToMove() {
  const select = $("#analysis-to-move");
  if (select.options.length !== 2) select.replaceChildren(...[0, 1].map((player) => new Option("", String(player))));
  for (const option of select.options) option.textContent = sideName(Number(option.value));
  select.value = String(state.game.toMove);
}

function showRefusal(sentence, message) {
  const error = $("#analysis-setup-error");
  const detail = Object.assign(document.createElement("span"), { lang: "en", textContent: message });
  detail.className = "library-message";
  error.replaceChildren(`${sentence} `, detail);
  error.hidden = false;
  announce(error.textContent);
}

// ---- the panel ---------------------------------------------------------------------------------

const originWords = () =>
  state.analysis.from === null
    ? t("analysis.from_setup")
    : state.analysis.from === 0
      ? t("analysis.from_start")
      : t("analysis.from_move", { number: state.analysis.from });

// Called at each render (review.js: showPanels): the words of the panel, and the engine asked
// about a position it has not been asked about yet.
export function fillAnalysis() {
  const analysis = state.analysis;
  const position = state.game.toJSONText();
  if (analysis.asked !== position) ask(position);
  $("#analysis-panel").dataset.events = String(state.game.history.length); // for the tests to read
  $("#analysis-origin").textContent = originWords();
  const branch = state.game.history.slice(analysis.startEvents);
  $("#analysis-tried").textContent = branch.length
    ? t("analysis.tried", { moves: branch.map(describeEvent).join("; ") })
    : t("analysis.tried_none");
  $("#analysis-undo").disabled = state.game.history.length <= analysis.startEvents;
  $("#analysis-discard").disabled = state.game.toJSONText() === analysis.start;
  const rolling = !state.game.isOver && state.game.phase === "roll";
  $("#analysis-roll").hidden = $("#analysis-dice").hidden = !rolling;
  $("#analysis-change-dice").hidden = !(
    state.game.phase === "move" && /^roll( \d+)+$/.test(state.game.history.at(-1)?.text ?? "")
  );
  // the position's text: the one shown, unless the visitor is changing it
  const field = $("#analysis-setup-field");
  if (document.activeElement !== field && !field.dataset.edited) field.value = JSON.stringify(state.game.position);
  fillSetUp();
  fillAnswer();
}

function fillAnswer() {
  fillValue();
  // on a phone the evaluation is read in the narration's line above the board (style.css)
  $("#narration").textContent = $("#analysis-value").textContent;
}

function fillValue() {
  const { answer, failed } = state.analysis;
  const value = $("#analysis-value");
  const line = $("#analysis-line");
  value.classList.toggle("busy", !answer && !failed);
  if (!answer) delete value.dataset.events;
  $("#analysis-best").disabled = !answer?.line.length;
  if (failed) {
    value.textContent = t("analysis.failed");
    line.textContent = "";
    return;
  }
  if (!answer) {
    value.textContent = t("analysis.thinking");
    line.textContent = "";
    return;
  }
  value.textContent = valueWords(answer);
  value.dataset.value = String(answer.value);
  value.dataset.toMove = String(answer.toMove);
  value.dataset.events = String(answer.events); // the position's, for the tests to read
  line.textContent = answer.line.length
    ? t("analysis.line", { moves: answer.line.map((move) => describeMove(move, move.player)).join("; ") })
    : state.game.isOver
      ? ""
      : t("analysis.line_roll");
}

// The evaluation in words, for the side to move: its chance of winning; in the capture games a
// win found by the search, in moves, else the search's evaluation (a man 1, named as an
// evaluation: it counts more than men), written out within EVALUATION_SHOWN either way.
function valueWords({ value, toMove, unit, exact }) {
  if (state.game.isOver) return t("analysis.over");
  const who = sideName(toMove);
  if (unit === "chance")
    return t(exact ? "analysis.value_chance_exact" : "analysis.value_chance", {
      who,
      percent: Math.round(100 * value),
    });
  const read = readPieces(value);
  if (read.kind !== "evaluation") return t(`analysis.value_${read.kind}_in`, { who, count: read.moves });
  const signed = (number, digits) =>
    new Intl.NumberFormat(document.documentElement.lang, {
      signDisplay: "exceptZero",
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(number);
  if (read.beyond)
    return t(read.beyond > 0 ? "analysis.value_score_over" : "analysis.value_score_under", {
      who,
      limit: signed(read.beyond * EVALUATION_SHOWN, 0),
    });
  return t("analysis.value_score", { who, score: signed(value, 1) });
}

function ask(position) {
  const analysis = state.analysis;
  analysis.asked = position;
  analysis.answer = null;
  analysis.failed = false;
  questions += 1;
  const id = questions;
  analysis.id = id;
  const entry = catalogueOf(state.game.id);
  perfectTable(state.game.id, state.analysis.back.settings.options).then((table) => {
    if (state.analysis?.id !== id) return;
    const unit = unitOf(entry, table ? "perfect" : "best");
    askAnalysis(
      { id, kind: "analysis", state: position, options: { max_nodes: ANALYSIS_NODES, table, unit } },
      (data) => answered(data, unit, Boolean(table)),
    );
  });
}

function answered({ id, analysis, error, status }, unit, exact) {
  const here = state.analysis;
  if (!here || id !== here.id) return;
  if (error) {
    here.failed = true;
    console.warn(error, status);
  } else here.answer = { ...analysis, unit, exact, events: state.game.history.length };
  fillAnswer();
  announce($("#analysis-value").textContent);
}

screens.analysis = { fillAnalysis };
$("#analysis-close").addEventListener("click", closeAnalysis);
$("#analysis-discard").addEventListener("click", discard);
$("#analysis-undo").addEventListener("click", takeBack);
$("#analysis-best").addEventListener("click", playBest);
$("#analysis-roll").addEventListener("click", roll);
$("#analysis-dice").addEventListener("click", ownDiceDialog);
$("#analysis-change-dice").addEventListener("click", changeDice);
$("#analysis-setup-form").addEventListener("submit", setUp);
$("#analysis-setup").addEventListener("toggle", setUpToggled);
$("#analysis-to-move").addEventListener("change", chooseToMove);
$("#analysis-setup-field").addEventListener("input", (event) => {
  event.target.dataset.edited = "true";
});
