//# allFunctionsCalledOnLoad
// The end of a game, and the way into its review. The end is a panel in the actions' place
// (app/status.js shows it): the board stays in view with the deciding move marked (the library's
// picture marks the last move), and the panel says who won and why, with the game's figures.
// The review itself (review-screen.js) and its analysis board (analysis.js) are loaded when a
// review is first opened: the first screen does not need them.
import { render } from "./board.js";
import { $ } from "./config.js";
import { t } from "./i18n.js";
import { isOver } from "./moves.js";
import { summaryOf } from "./review-model.js";
import { state } from "./state.js";
import { announce } from "./status.js";
import { save } from "./storage.js";
import { endReason, playerName, winnerOf } from "./words.js";

// ---- the end -----------------------------------------------------------------------------------

export function showEnd() {
  if (!isOver() || state.endShown) return;
  state.endShown = true;
  state.ended ??= Date.now();
  save();
  render();
  announce(`${$("#end-heading").textContent} ${$("#end-reason").textContent}`);
}

// The panels in the actions' place, filled in the page's language (called at each render).
export function showPanels() {
  const lesson = Boolean(state.lesson); // a lesson's end is praised in the lesson (learn.js), its buttons kept
  const analysing = Boolean(state.analysis);
  const ending = !lesson && !analysing && isOver() && state.endShown && !state.review;
  $("#actions").hidden = !lesson && (isOver() || Boolean(state.review) || analysing);
  $("#end-panel").hidden = !ending;
  $("#review-panel").hidden = !state.review;
  $("#analysis-panel").hidden = !analysing;
  // the game's actions are hidden on the analysis board: a choice between the dice (or Pass) is
  // offered among its buttons (play.js and status.js fill #choices wherever it is)
  const choices = $("#choices");
  if (analysing && choices.parentElement.id === "actions") $("#analysis-panel .analysis-actions").prepend(choices);
  else if (!analysing && choices.parentElement.id !== "actions") $("#roll").after(choices);
  $("#app").dataset.mode = state.review ? "review" : analysing ? "analysis" : ending ? "end" : "play";
  if (ending) fillEnd();
  if (state.review) screens.review?.fillReview();
  if (analysing) screens.analysis?.fillAnalysis();
}

function fillEnd() {
  const winner = winnerOf();
  $("#end-heading").textContent = winner === null ? t("status.draw") : t("end.winner", { who: playerName(winner) });
  $("#end-reason").textContent = endReason();
  const figures = summaryOf(state.game.toJSON(), state.started, state.ended);
  const perSide = (key, counts) =>
    t(key, { light: playerName(0), light_count: counts[0], dark: playerName(1), dark_count: counts[1] });
  const lines = [
    t("end.moves", {
      count: figures.moves[0] + figures.moves[1],
      light: playerName(0),
      light_count: figures.moves[0],
      dark: playerName(1),
      dark_count: figures.moves[1],
    }),
  ];
  if (figures.off) lines.push(perSide("end.borne_off", figures.off));
  else if (figures.captures) lines.push(perSide("end.captures", figures.captures));
  if (figures.duration !== null) lines.push(t("end.duration", { duration: durationText(figures.duration) }));
  $("#end-summary").replaceChildren(
    ...lines.map((line) => Object.assign(document.createElement("li"), { textContent: line })),
  );
}

function durationText(ms) {
  const seconds = Math.round(ms / 1000);
  return seconds < 60
    ? t("end.seconds", { seconds })
    : t("end.minutes", { minutes: Math.floor(seconds / 60), seconds: seconds % 60 });
}

// ---- the review, loaded when it is first opened -------------------------------------------------

// The review's and the analysis board's modules once loaded (analysis.js registers itself here).
export const screens = { review: null, analysis: null };
const reviewScreen = () =>
  import("./review-screen.js").then((module) => {
    screens.review = module;
    return module;
  });

export const openReview = () => reviewScreen().then((screen) => screen.openReview());
export const closeReview = () => screens.review?.closeReview();
export const goTo = (count) => screens.review?.goTo(count);
export const reviewKey = (event) => screens.review?.reviewKey(event);
