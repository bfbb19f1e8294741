//# allFunctionsCalledOnLoad
import { pictureOf, pictureOptionsOf, turnPicture, withCoordinates } from "./board.js";
import { $, KIOSK, SVG_NS } from "./config.js";
import { currentLanguage, t } from "./i18n.js";
import { renderMarkdown } from "./markdown.js";
import { state } from "./state.js";
import { labelTrays } from "./trays.js";
import { gameName } from "./words.js";

// ---- rules -------------------------------------------------------------------------------------

export async function showRules(id) {
  const tabs = $("#rules-tabs");
  tabs.replaceChildren(
    ...state.catalogue.map((entry) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = gameName(entry.id);
      button.setAttribute("aria-pressed", String(entry.id === id));
      button.addEventListener("click", () => showRules(entry.id));
      return button;
    }),
  );
  // the game's lesson, one tap from its rules (app/learn.js)
  $("#rules-learn").dataset.game = id;
  $("#rules-learn").textContent = t("lesson.learn_game", { game: gameName(id) });
  const response = await fetch(`rules/${currentLanguage()}/${id}.md`);
  const article = $("#rules");
  article.innerHTML = response.ok ? renderMarkdown(await response.text()) : `<p>${t("rules.missing")}</p>`;
  article.dataset.game = id;
  followBoard(article);
  keepLinksInside(article);
}

// The rules' words and pictures as the board is drawn (turned a quarter on a tall screen):
// the paragraphs for that orientation shown, the pictures drawn as the board is.
function followBoard(article) {
  const orientation = state.rotated ? "turned" : "flat";
  article.dataset.orientation = orientation;
  for (const variant of article.querySelectorAll("[data-orientation]"))
    variant.hidden = variant.dataset.orientation !== orientation;
  for (const figure of article.querySelectorAll("figure[data-board]")) {
    figure.querySelector("svg, p.picture-missing")?.remove();
    drawRulesPicture(figure);
  }
}

document.addEventListener("boardturn", () => {
  const article = $("#rules");
  if (article.dataset.game && article.querySelector("figure[data-board]")) followBoard(article);
});

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

// A rules picture: the library draws the position after the moves given in the rules file, with
// the board's route and trays' names, both players' cells named (the rules speak of both).
function drawRulesPicture(figure) {
  const { game: id, options = {}, moves = [] } = JSON.parse(figure.dataset.board);
  let example = null;
  try {
    example = new state.Game(id, { seed: 1, ...options });
    for (const move of moves) {
      if (Array.isArray(move)) example.setDice(move);
      else example.play(move);
    }
    figure.prepend(rulesPicture(pictureOf(example, { ...withCoordinates(pictureOptionsOf(example)), size: 480 })));
  } catch (error) {
    figure.prepend(
      Object.assign(document.createElement("p"), {
        className: "picture-missing",
        textContent: t("rules.picture_missing"),
      }),
    );
  } finally {
    example?.close();
  }
}

// The picture framed as the board: turned with it, its trays named; as wide as the text (a
// turned one no taller than most of the screen).
function rulesPicture(svg) {
  const [x, y, width, height] = svg.getAttribute("viewBox").split(" ").map(Number);
  const content = document.createElementNS(SVG_NS, "g");
  content.append(...svg.childNodes);
  svg.append(content);
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.querySelector(".background")?.remove();
  if (state.rotated) {
    turnPicture(svg, content, { x, y, width, height });
    svg.style.width = `min(100%, ${((82 * height) / width).toFixed(1)}vh)`;
  }
  labelTrays(content, state.rotated);
  return svg;
}
