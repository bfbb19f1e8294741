//# allFunctionsCalledOnLoad
import { pictureOf, pictureOptionsOf } from "./board.js";
import { $ } from "./config.js";
import { perfectTable } from "./engine.js";
import { has, t } from "./i18n.js";
import { startGame } from "./play.js";
import { defaultOptions, levels, optionFields, otherLevels } from "./settings.js";
import { catalogueOf, state } from "./state.js";
import { cardWords, rulesetName, sideName } from "./words.js";

export function confirmDialog(question, yes, no) {
  $("#confirm-text").textContent = question;
  $("#confirm-yes").textContent = yes;
  $("#confirm-no").textContent = no;
  const dialog = $("#confirm-dialog");
  dialog.returnValue = "";
  dialog.showModal();
  return new Promise((resolve) =>
    dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true }),
  );
}

export function newGameDialog() {
  const chosen = state.settings.game;
  buildGameCards(chosen);
  buildOptions(chosen, chosen === state.game.id ? state.settings.options : defaultOptions(chosen));
  // the perfect player is offered once its table is found (offerPerfect): meanwhile the strongest
  wantPerfect = state.settings.opponent === "perfect";
  $("#opponent").value = wantPerfect ? "best" : state.settings.opponent;
  $("#computer").value = String(state.settings.computer);
  showComputerField();
  $("#more-options").open = false;
  $("#new-game-dialog").returnValue = "";
  $("#new-game-dialog").showModal();
}

// A card for each game of the catalogue: the library's picture of its start (small, no words),
// its name, what kind of game it is and how long a game takes (measured: examples/web/game-lengths.mjs).
function buildGameCards(chosen) {
  const cards = $("#game-cards");
  cards.replaceChildren(
    ...state.catalogue.map((entry) => {
      const label = document.createElement("label");
      label.className = "game-card";
      label.dataset.kind = entry.kind; // "race" or "capture", as the catalogue says (for the tests)
      const input = document.createElement("input");
      Object.assign(input, { type: "radio", name: "game", value: entry.id, checked: entry.id === chosen });
      input.addEventListener("change", () => buildOptions(entry.id, defaultOptions(entry.id)));
      const words = cardWords(entry.id);
      label.append(
        input,
        startPicture(entry.id),
        textElement("strong", "card-name", words.name),
        textElement("span", "card-about", words.about),
        textElement("span", "card-length", words.length),
      );
      return label;
    }),
  );
  const opponent = $("#opponent");
  const computer = (level) => new Option(t("opponent.computer", { level: t(`level.${level}`) }), level);
  const other = Object.assign(document.createElement("optgroup"), { label: t("opponent.other") });
  other.append(...otherLevels().map(computer));
  opponent.replaceChildren(new Option(t("opponent.human"), "human"), ...levels().map(computer), other);
  $("#computer").replaceChildren(...[1, 0].map((player) => new Option(sideName(player), String(player))));
}

// The game's start as the library draws it at its default options (drawn once per game: the
// catalogue does not change while the page is open).
const startPictures = new Map();
function startPicture(id) {
  if (!startPictures.has(id)) {
    const game = new state.Game(id, { seed: 1 });
    try {
      const svg = pictureOf(game, { ...pictureOptionsOf(game), size: 160 });
      svg.querySelector(".background")?.remove();
      // a race board (12 columns of 3 rows) across the card, above its words: beside them it
      // came out 68x25 px on a phone
      const [, , width, height] = svg.getAttribute("viewBox").split(" ").map(Number);
      svg.setAttribute("class", width > 1.6 * height ? "card-picture wide" : "card-picture");
      startPictures.set(id, svg);
    } finally {
      game.close();
    }
  }
  return startPictures.get(id).cloneNode(true);
}

// Whether a game throws dice (its start waits for a roll), asked of the library once per game.
const withDice = new Map();
function throwsDice(id) {
  if (!withDice.has(id)) {
    const game = new state.Game(id, { seed: 1 });
    try {
      withDice.set(id, game.phase === "roll");
    } finally {
      game.close();
    }
  }
  return withDice.get(id);
}

// The ruleset (with its source) in view; every other option of the catalogue under "Altre
// opzioni": a number with its range or a list of its values, named from the message catalogue.
function buildOptions(id, values) {
  $("#friend-dice").hidden = document.body.dataset.server !== "found" || !throwsDice(id);
  const { ruleset, more } = optionFields(id);
  const box = $("#ruleset-box");
  if (ruleset) box.replaceChildren(optionField(id, ...ruleset, values));
  else box.replaceChildren(textElement("span", "caption", t("newgame.rules")), sourceNote(`newgame.source.${id}`));
  $("#game-options").replaceChildren(...more.map(([name, spec]) => optionField(id, name, spec, values)));
  disableRefusedSwitches(id);
  offerPerfect();
}

// An option of two values, false and true (Senet's Kendall's optional rules), is a switch.
const isSwitch = (spec) =>
  spec.type === "choice" && spec.values.length === 2 && spec.values.every((value) => typeof value === "boolean");

// A switch the chosen ruleset refuses (Senet's Kendall's rules under Bell's) is shown off and
// disabled: the library says which, by refusing a game with it on.
function disableRefusedSwitches(id) {
  const ruleset = $("#ruleset-box [data-option=ruleset]");
  for (const input of $("#game-options").querySelectorAll("input[type=checkbox][data-option]")) {
    let refused = false;
    try {
      const options = { [input.dataset.option]: true, ...(ruleset ? { ruleset: JSON.parse(ruleset.value) } : {}) };
      new state.Game(id, options).close();
    } catch (error) {
      if (!(error instanceof state.LudusError)) throw error;
      refused = true;
    }
    input.disabled = refused;
    if (refused) input.checked = false;
  }
}

// The Royal Game of Ur's level "perfect", offered (after the strongest, with a line on what it
// is) where the solved table of the options chosen is found (engine.js: perfectTable; asked
// once per table, so the answer comes at once after the first time); the options changed to
// ones without a table, it goes, and the strongest is chosen in its place.
let wantPerfect = false; // the last game's level was "perfect": chosen again once offered
let perfectAsked = 0;
export function offerPerfect() {
  const asked = ++perfectAsked;
  const { game, options } = chosenSettings();
  perfectTable(game, options).then((table) => {
    if (asked !== perfectAsked) return;
    const select = $("#opponent");
    const offered = select.querySelector("option[value=perfect]");
    if (table && !offered) {
      select
        .querySelector("option[value=best]")
        .after(new Option(t("opponent.computer", { level: t("level.perfect") }), "perfect"));
      if (wantPerfect) select.value = "perfect";
    } else if (!table && offered) {
      if (select.value === "perfect") select.value = "best";
      offered.remove();
    }
    wantPerfect = false;
    select.dataset.table = table ? "found" : "none"; // for the tests: the answer has come
    $("#perfect-help").hidden = !table;
    if (table) select.setAttribute("aria-describedby", "perfect-help");
    else select.removeAttribute("aria-describedby");
    showComputerField();
  });
}

const textElement = (tag, className, text) =>
  Object.assign(document.createElement(tag), { className, textContent: text });
const sourceNote = (key) => textElement("p", "help source", t(key, {}, ""));

function optionField(id, name, spec, values) {
  const label = document.createElement("label");
  label.className = "field";
  const caption = document.createElement("span");
  caption.textContent = optionName(id, name);
  let input;
  if (spec.type === "integer") {
    input = document.createElement("input");
    Object.assign(input, { type: "number", min: spec.min, max: spec.max, required: true, inputMode: "numeric" });
    input.value = values[name] ?? spec.default;
  } else if (isSwitch(spec)) {
    input = Object.assign(document.createElement("input"), { type: "checkbox" });
    input.checked = values[name] ?? spec.default;
    label.classList.add("switch");
  } else {
    input = document.createElement("select");
    for (const value of spec.values) input.append(new Option(valueName(id, name, value), JSON.stringify(value)));
    input.value = JSON.stringify(values[name] ?? spec.default);
  }
  input.name = `option.${name}`;
  input.dataset.option = name;
  label.append(...(input.type === "checkbox" ? [input, caption] : [caption, input]));
  if (name === "ruleset") {
    const note = sourceNote("");
    const update = () => {
      // the game's words, else the library's source (in English)
      const ruleset = JSON.parse(input.value);
      const source = catalogueOf(id)?.rulesets.find((entry) => entry.id === ruleset)?.source ?? "";
      note.textContent = t(`newgame.source.${id}.${ruleset}`, {}, source);
    };
    input.addEventListener("change", update);
    input.addEventListener("change", () => disableRefusedSwitches(id));
    update();
    label.append(note);
  } else if (has(`option.${name}.help`)) {
    label.append(sourceNote(`option.${name}.help`));
  }
  return label;
}

// An option's name: the game's own words for it (option.ID.NAME, e.g. the Royal Game of Ur's
// tetrahedral dice), else the app's (option.NAME), else the library's name of the option.
const optionName = (id, name) => t(has(`option.${id}.${name}`) ? `option.${id}.${name}` : `option.${name}`, {}, name);

function valueName(id, name, value) {
  if (name === "ruleset") return rulesetName(id, value);
  if (name === "first_player" && typeof value === "number") return sideName(value);
  return t(`value.${name}.${value}`, {}, String(value));
}

export function showComputerField() {
  $("#computer-field").hidden = $("#opponent").value === "human";
}

export function newGameChosen() {
  if ($("#new-game-dialog").returnValue === "start") startGame(chosenSettings());
}

/** The game, its options and the opponent the new-game dialog shows. */
export function chosenSettings() {
  const form = $("#new-game-form");
  const options = {};
  for (const input of form.querySelectorAll("[data-option]")) {
    options[input.dataset.option] =
      input.type === "checkbox"
        ? input.checked
        : input.tagName === "SELECT"
          ? JSON.parse(input.value)
          : Number(input.value);
  }
  return {
    game: form.elements.game.value,
    options,
    opponent: $("#opponent").value,
    computer: Number($("#computer").value),
  };
}

// A value out of range in a folded option: its fold opens, so that the browser can point at it.
export function openInvalidOptions() {
  if (!$("#new-game-form").checkValidity()) $("#more-options").open = true;
}
