//# allFunctionsCalledOnLoad
import { $ } from "./config.js";
import { has, t } from "./i18n.js";
import { startGame } from "./play.js";
import { defaultOptions, LEVELS, OTHER_LEVELS } from "./settings.js";
import { catalogueOf, state } from "./state.js";
import { gameName, sideName } from "./words.js";

export function confirmDialog(question, yes, no) {
  $("#confirm-text").textContent = question;
  $("#confirm-yes").textContent = yes;
  $("#confirm-no").textContent = no;
  const dialog = $("#confirm-dialog");
  dialog.returnValue = "";
  dialog.showModal();
  return new Promise((resolve) => dialog.addEventListener("close", () => resolve(dialog.returnValue === "yes"), { once: true }));
}

export function newGameDialog() {
  buildGameChoice(state.settings.game);
  buildOptions(state.settings.game, state.settings.game === state.game.id ? state.settings.options : defaultOptions(state.settings.game));
  $("#opponent").value = state.settings.opponent;
  $("#computer").value = String(state.settings.computer);
  showComputerField();
  $("#new-game-dialog").returnValue = "";
  $("#new-game-dialog").showModal();
}

function buildGameChoice(chosen) {
  const fieldset = $("#game-choice");
  fieldset.querySelectorAll("label").forEach((label) => label.remove());
  for (const entry of state.catalogue) {
    const label = document.createElement("label");
    label.className = "choice";
    const input = document.createElement("input");
    Object.assign(input, { type: "radio", name: "game", value: entry.id, checked: entry.id === chosen });
    input.addEventListener("change", () => buildOptions(entry.id, defaultOptions(entry.id)));
    label.append(input, " ", gameName(entry.id));
    fieldset.append(label);
  }
  const opponent = $("#opponent");
  const computer = (level) => new Option(t("opponent.computer", { level: t(`level.${level}`) }), level);
  const other = Object.assign(document.createElement("optgroup"), { label: t("opponent.other") });
  other.append(...OTHER_LEVELS.map(computer));
  opponent.replaceChildren(new Option(t("opponent.human"), "human"), ...LEVELS.map(computer), other);
  $("#computer").replaceChildren(...[1, 0].map((player) => new Option(sideName(player), String(player))));
}

// One field per option of the catalogue (the seed is drawn by the app): a number with its range
// or a list of its values, named from the message catalogue.
function buildOptions(id, values) {
  const box = $("#game-options");
  box.replaceChildren();
  for (const [name, spec] of Object.entries(catalogueOf(id).options)) {
    if (spec.type === "seed") continue;
    const label = document.createElement("label");
    label.className = "field";
    const caption = document.createElement("span");
    caption.textContent = t(`option.${name}`, {}, name);
    let input;
    if (spec.type === "integer") {
      input = document.createElement("input");
      Object.assign(input, { type: "number", min: spec.min, max: spec.max, required: true, inputMode: "numeric" });
      input.value = values[name] ?? spec.default;
    } else {
      input = document.createElement("select");
      for (const value of spec.values) input.append(new Option(valueName(id, name, value), JSON.stringify(value)));
      input.value = JSON.stringify(values[name] ?? spec.default);
    }
    input.name = `option.${name}`;
    input.dataset.option = name;
    label.append(caption, input);
    const help = has(`option.${name}.help`) ? t(`option.${name}.help`) : "";
    if (help || name === "ruleset") {
      const note = document.createElement("small");
      note.className = "help";
      const update = () => { note.textContent = name === "ruleset" ? t(`source.${id}.${JSON.parse(input.value)}`, {}, "") : help; };
      input.addEventListener("change", update);
      update();
      label.append(note);
    }
    box.append(label);
  }
}

function valueName(id, name, value) {
  if (name === "ruleset") return t(`ruleset.${id}.${value}`, {}, String(value));
  if (name === "first_player" && typeof value === "number") return sideName(value);
  return t(`value.${name}.${value}`, {}, String(value));
}

export function showComputerField() {
  $("#computer-field").hidden = $("#opponent").value === "human";
}

export function newGameChosen() {
  if ($("#new-game-dialog").returnValue !== "start") return;
  const form = $("#new-game-form");
  const id = form.elements.game.value;
  const options = {};
  for (const input of $("#game-options").querySelectorAll("[data-option]")) {
    options[input.dataset.option] = input.tagName === "SELECT" ? JSON.parse(input.value) : Number(input.value);
  }
  startGame({ game: id, options, opponent: $("#opponent").value, computer: Number($("#computer").value) });
}
