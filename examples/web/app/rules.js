//# allFunctionsCalledOnLoad
import { pictureOf, pictureOptionsOf, withCoordinates } from "./board.js";
import { $, KIOSK } from "./config.js";
import { currentLanguage, t } from "./i18n.js";
import { renderMarkdown } from "./markdown.js";
import { state } from "./state.js";
import { gameName } from "./words.js";

// ---- rules -------------------------------------------------------------------------------------

export async function showRules(id) {
  const tabs = $("#rules-tabs");
  tabs.replaceChildren(...state.catalogue.map((entry) => {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = gameName(entry.id);
    button.setAttribute("aria-pressed", String(entry.id === id));
    button.addEventListener("click", () => showRules(entry.id));
    return button;
  }));
  // the game's lesson, one tap from its rules (app/learn.js)
  $("#rules-learn").dataset.game = id;
  $("#rules-learn").textContent = t("lesson.learn_game", { game: gameName(id) });
  const response = await fetch(`rules/${currentLanguage()}/${id}.md`);
  const article = $("#rules");
  article.innerHTML = response.ok ? renderMarkdown(await response.text()) : `<p>${t("rules.missing")}</p>`;
  for (const figure of article.querySelectorAll("figure[data-board]")) drawRulesPicture(figure);
  keepLinksInside(article);
}

// The exact specification, one link away from the rules for visitors (in the same window).
export async function showSpecification(path) {
  const response = await fetch(`rules/${path}`);
  const article = $("#rules");
  article.innerHTML = response.ok ? renderMarkdown(await response.text()) : `<p>${t("rules.missing")}</p>`;
  keepLinksInside(article);
  article.scrollIntoView();
}

// In kiosk mode no link leads out of the app, nor to the exact specification (pages of English
// written for programmers): its paragraph goes.
function keepLinksInside(article) {
  if (!KIOSK) return;
  article.querySelectorAll("a[href^='http']").forEach((link) => link.replaceWith(link.textContent));
  article.querySelectorAll("a[href$='.md']").forEach((link) => (link.closest("p") ?? link).remove());
}

// A rules picture: the library draws the position after the moves given in the rules file.
function drawRulesPicture(figure) {
  const { game: id, options = {}, moves = [] } = JSON.parse(figure.dataset.board);
  let example = null;
  try {
    example = new state.Game(id, { seed: 1, ...options });
    for (const move of moves) {
      if (Array.isArray(move)) example.setDice(move);
      else example.play(move);
    }
    figure.prepend(pictureOf(example, { ...withCoordinates(pictureOptionsOf(example)), size: 360 }));
  } catch (error) {
    figure.prepend(Object.assign(document.createElement("p"), { textContent: t("rules.picture_missing") }));
  } finally {
    example?.free();
  }
}
