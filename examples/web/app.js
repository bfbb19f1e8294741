// The reference web app of libludus: either game against the computer or another person on one
// device. The board is the library's own SVG; a tap on a piece shows its legal targets (from
// legalMoves()), a tap on a target plays the move. The computer thinks in a Web Worker
// (ai-worker.js); the game is saved in localStorage after every change.
import { Game, LudusError } from "./ludus-engine.js";
import { renderMarkdown } from "./markdown.js";

const $ = (selector) => document.querySelector(selector);
const STORAGE_CURRENT = "ludus.current";
const STORAGE_SAVED = "ludus.saved";
const SIDE_NAMES = ["player 0 (light)", "player 1 (dark)"];
const LEVEL_NAMES = { random: "beginner", greedy: "easy", easy: "fair", medium: "good", best: "strongest", uct: "Monte Carlo" };
const DEFAULT_SETTINGS = { game: "duodecim", opponent: "easy", computer: 1, inscription: "ostia" };

let game = null;          // the Game being played
let settings = { ...DEFAULT_SETTINGS };
let selected = null;      // the position a tap chose as a move's origin
let thinking = false;     // the computer is searching in the worker
let aiRequest = 0;        // the id of the worker request that is still wanted

const worker = new Worker(new URL("./ai-worker.js", import.meta.url), { type: "module" });
worker.onmessage = ({ data }) => computerAnswered(data);

// ---- moves and positions -----------------------------------------------------------------------

// Where a move leaves from and arrives, as the board names them ("b2"; "H", "III", "12", "O").
const origin = (move) => (game.id === "duodecim" ? move.from_name : move.from);
const target = (move) => (game.id === "duodecim" ? move.to_name : move.to);

function legalMoves() {
  return game.phase === "move" ? game.legalMoves() : [];
}

function isComputerTurn() {
  return settings.opponent !== "human" && game.toMove === settings.computer && !game.isOver;
}

// ---- the board ---------------------------------------------------------------------------------

function render() {
  const board = $("#board");
  board.innerHTML = game.svg({ size: 480, ...(game.id === "duodecim" ? { inscription: settings.inscription } : {}) })
    .replace(/^<\?xml[^>]*>\s*/, "");
  board.dataset.game = game.id;
  board.dataset.phase = game.phase;
  markMoves();
  showStatus();
  showHistory();
  showControls();
  save(STORAGE_CURRENT);
}

// The SVG element that shows a position: a square, a cell, a tray of pieces in hand or off.
function elementOf(name, player) {
  const svg = $("#board svg");
  if (game.id === "petteia") return svg.querySelector(`rect.square[data-square="${name}"]`);
  if (name === "H") return svg.querySelector(`g.hand.player${player} rect.tray`);
  if (name === "O") return svg.querySelector(`g.off.player${player} rect.tray`);
  const cell = /^\d+$/.test(name) ? `track ${name}` : `player${player} ${name}`;
  return svg.querySelector(`rect.cell[data-cell="${cell}"]`);
}

// The position a tap on the board names, or null.
function positionAt(element) {
  if (game.id === "petteia") return element.closest("[data-square]")?.dataset.square || null;
  const unit = element.closest("g.unit, [data-position]");
  if (unit) return unit.dataset.position;
  const tray = element.closest("g.hand, g.off");
  if (tray) return tray.classList.contains("hand") ? "H" : "O";
  const cell = element.closest("[data-cell]")?.dataset.cell;
  if (!cell) return null;
  const [where, name] = cell.split(" ");
  return where === "track" || where === `player${game.toMove}` ? name : null;
}

// Highlights what can move (nothing chosen yet) or where the chosen piece can go.
function markMoves() {
  if (thinking || isComputerTurn()) return;
  const moves = legalMoves().filter((m) => m.text !== "pass");
  const player = game.toMove;
  const mark = (name, className) => elementOf(name, player)?.classList.add(className);
  if (selected === null) {
    for (const name of new Set(moves.map(origin))) mark(name, "movable");
  } else {
    mark(selected, "chosen");
    for (const move of moves.filter((m) => origin(m) === selected)) mark(target(move), "target");
  }
}

function boardTapped(event) {
  if (thinking || isComputerTurn() || game.phase !== "move") return;
  const name = positionAt(event.target);
  if (name === null) return;
  const moves = legalMoves();
  const chosen = moves.filter((m) => origin(m) === selected && target(m) === name);
  if (selected !== null && chosen.length > 0) {
    selected = null;
    playMove(chosen[0]);
  } else {
    selected = moves.some((m) => origin(m) === name) && name !== selected ? name : null;
    render();
  }
}

// ---- playing -----------------------------------------------------------------------------------

function attempt(action) {
  $("#message").textContent = "";
  try {
    action();
    return true;
  } catch (error) {
    if (!(error instanceof LudusError)) throw error;
    $("#message").textContent = error.message;
    return false;
  }
}

function playMove(move) {
  if (attempt(() => game.play(move))) afterChange();
}

function afterChange() {
  selected = null;
  render();
  if (isComputerTurn()) setTimeout(computerTurn, 350);
}

function computerTurn() {
  if (!isComputerTurn() || thinking) return;
  if (game.phase === "roll") {
    game.roll();  // the computer rolls its own dice with the game's generator
    afterChange();
    return;
  }
  thinking = true;
  aiRequest += 1;
  const options = { level: settings.opponent, seed: game.history.length };
  if (settings.opponent === "best") options.max_time_ms = 1500;
  if (settings.opponent === "uct") options.max_time_ms = 1000;  // a tree search of random games: a different style
  worker.postMessage({ id: aiRequest, state: game.toJSONText(), options });
  render();
}

function computerAnswered({ id, move, error }) {
  if (id !== aiRequest) return;  // an answer for a position that was undone or replaced
  thinking = false;
  if (error) {
    $("#message").textContent = `The computer could not move: ${error}`;
    render();
    return;
  }
  playMove({ text: move.text });
}

function roll() {
  if (attempt(() => game.roll())) afterChange();
}

function setDice(event) {
  event.preventDefault();
  const dice = [Number($("#die0").value), Number($("#die1").value)];
  if (attempt(() => game.setDice(dice))) {
    $("#dice-form").reset();
    afterChange();
  }
}

// Undo takes back the last human decision: against the computer, also everything the
// computer did after it (its moves and rolls), so that the person is to play again.
function undo() {
  aiRequest += 1;
  thinking = false;
  const human = settings.opponent === "human" ? null : 1 - settings.computer;
  let last;
  do {
    last = game.history.at(-1);
    if (!attempt(() => game.undo())) break;
  } while (human !== null && game.history.length > 0 && !(last.player === human && game.toMove === human));
  selected = null;
  render();
}

// ---- status, history, controls -----------------------------------------------------------------

function sideName(player) {
  const who = settings.opponent === "human" ? "" : player === settings.computer ? " (computer)" : " (you)";
  return `${SIDE_NAMES[player]}${who}`;
}

function showStatus() {
  const status = $("#status");
  status.dataset.result = game.result;
  status.dataset.phase = game.phase;
  if (game.isOver) {
    const winner = game.winner;
    status.textContent = winner === null ? "The game is drawn." : `Game over: ${sideName(winner)} won.`;
  } else if (thinking) {
    status.textContent = `The computer (${LEVEL_NAMES[settings.opponent]}) is thinking…`;
  } else if (game.phase === "roll") {
    status.textContent = `${capitalise(sideName(game.toMove))}: roll the dice.`;
  } else {
    const dice = game.id === "duodecim" ? ` with ${game.dice.join(" and ")}` : "";
    status.textContent = `${capitalise(sideName(game.toMove))} to move${dice}. ${selected === null ? "Tap a piece." : "Tap a highlighted target."}`;
  }
  const pass = legalMoves().length === 1 && legalMoves()[0].text === "pass" && !isComputerTurn();
  $("#choices").replaceChildren();
  if (pass) {
    const button = document.createElement("button");
    button.id = "pass";
    button.className = "primary";
    button.textContent = "No step possible: pass";
    button.onclick = () => playMove("pass");
    $("#choices").append(button);
  }
}

function showHistory() {
  const items = game.history.map((event) => {
    const li = document.createElement("li");
    li.textContent = `${SIDE_NAMES[event.player]}: ${event.text}${event.dice_from === "outside" ? " (dice entered)" : ""}`;
    return li;
  });
  $("#history").replaceChildren(...items);
  $("#history-box summary").textContent = `Moves (${items.length})`;
}

function showControls() {
  const humanRolls = game.phase === "roll" && !isComputerTurn();
  $("#dice").hidden = game.id !== "duodecim";
  for (const control of $("#dice").querySelectorAll("button, input")) control.disabled = !humanRolls;
  $("#inscription-field").hidden = game.id !== "duodecim";
  $("#inscription").value = settings.inscription;
  $("#undo").disabled = game.history.length === 0;
  $("#load").disabled = localStorage.getItem(STORAGE_SAVED) === null;
  $("#title").textContent = game.id === "duodecim" ? "Ludus Duodecim Scriptorum" : "Petteia";
  const opponent = settings.opponent === "human" ? "two people on this device" : `against the computer (${LEVEL_NAMES[settings.opponent]}), which plays ${SIDE_NAMES[settings.computer]}`;
  $("#players").textContent = `Light against dark, ${opponent}.`;
}

const capitalise = (text) => text[0].toUpperCase() + text.slice(1);

// ---- new game, save and load -------------------------------------------------------------------

function startGame(newSettings, options) {
  const next = attemptNew(() => new Game(newSettings.game, options));
  if (!next) return;
  game?.free();
  game = next;
  settings = newSettings;
  aiRequest += 1;
  thinking = false;
  afterChange();
}

function attemptNew(create) {
  let created = null;
  attempt(() => { created = create(); });
  return created;
}

function newGameDialog() {
  const form = $("#new-game-form");
  form.elements.game.value = settings.game;
  form.elements.opponent.value = settings.opponent;
  form.elements.computer.value = String(settings.computer);
  $("#new-game-dialog").returnValue = "";
  showGameFields();
  $("#new-game-dialog").showModal();
}

function showGameFields() {
  const form = $("#new-game-form");
  const id = form.elements.game.value;
  for (const element of form.querySelectorAll("[data-game]")) {
    element.hidden = element.dataset.game !== id;
    element.disabled = element.dataset.game !== id;
  }
  const first = form.elements.first_player;
  if (first.selectedOptions[0]?.disabled) first.value = "0";
  form.elements.computer.disabled = form.elements.opponent.value === "human";
}

function newGameChosen() {
  if ($("#new-game-dialog").returnValue !== "start") return;
  const form = $("#new-game-form").elements;
  const id = form.game.value;
  const first = form.first_player.value;
  const options = { first_player: /^\d$/.test(first) ? Number(first) : first, seed: Math.floor(Math.random() * 2 ** 32) };
  if (id === "duodecim") options.pieces = Number(form.pieces.value);
  else Object.assign(options, { rows: Number(form.rows.value), cols: Number(form.cols.value) });
  startGame({ ...settings, game: id, opponent: form.opponent.value, computer: Number(form.computer.value) }, options);
}

function save(key) {
  localStorage.setItem(key, JSON.stringify({ settings, state: game.toJSON() }));
  if (key === STORAGE_SAVED) $("#message").textContent = "Game saved on this device.";
}

function restore(key) {
  const text = localStorage.getItem(key);
  if (text === null) return false;
  try {
    const saved = JSON.parse(text);
    const restored = Game.fromJSON(saved.state);
    game?.free();
    game = restored;
    settings = { ...DEFAULT_SETTINGS, ...saved.settings };
    aiRequest += 1;
    thinking = false;
    return true;
  } catch (error) {
    $("#message").textContent = `The saved game could not be read: ${error.message}`;
    return false;
  }
}

// ---- rules -------------------------------------------------------------------------------------

async function showRules(id) {
  const response = await fetch(`rules/${id}.md`);
  $("#rules").innerHTML = renderMarkdown(await response.text());
  for (const button of document.querySelectorAll("[data-rules]")) button.classList.toggle("active", button.dataset.rules === id);
}

// ---- start -------------------------------------------------------------------------------------

$("#board").addEventListener("click", boardTapped);
$("#roll").addEventListener("click", roll);
$("#dice-form").addEventListener("submit", setDice);
$("#undo").addEventListener("click", undo);
$("#save").addEventListener("click", () => save(STORAGE_SAVED));
$("#load").addEventListener("click", () => restore(STORAGE_SAVED) && afterChange());
$("#inscription").addEventListener("change", (event) => { settings.inscription = event.target.value; render(); });
$("#new-game").addEventListener("click", newGameDialog);
$("#new-game-form").addEventListener("change", showGameFields);
$("#new-game-dialog").addEventListener("close", newGameChosen);
$("#show-rules").addEventListener("click", () => { showRules(game.id); $("#rules-dialog").showModal(); });
for (const button of document.querySelectorAll("[data-rules]")) button.addEventListener("click", () => showRules(button.dataset.rules));

if (restore(STORAGE_CURRENT)) afterChange();
else startGame(DEFAULT_SETTINGS, { first_player: 0, seed: Math.floor(Math.random() * 2 ** 32) });

if ("serviceWorker" in navigator) navigator.serviceWorker.register("./sw.js").catch(() => {});
document.body.dataset.ready = "true";
