//# allFunctionsCalledOnLoad
// The end of a game and its review. The end is a panel in the actions' place (app/status.js
// shows it): the board stays in view with the deciding move marked (the library's picture
// marks the last move), and the panel says who won and why, with the game's figures. The review
// steps through the game's positions on the board (buttons, arrow keys, Home and End) and draws
// the evaluation of each as a line, computed in the engine's worker (engine.js: askReview); the
// moves after which it fell most for the side that moved are named with the strongest level's
// choice. The figures are review-model.js's.
import { render } from "./board.js";
import { $, SVG_NS } from "./config.js";
import { askReview, perfectTable } from "./engine.js";
import { t } from "./i18n.js";
import { isOver } from "./moves.js";
import { afterChange } from "./play.js";
import {
  applyEvent,
  curveOf,
  eventsBefore,
  REVIEW_NODES,
  scaleOf,
  startOf,
  stepsOf,
  summaryOf,
  worstDrops,
} from "./review-model.js";
import { state } from "./state.js";
import { announce } from "./status.js";
import { save } from "./storage.js";
import { describeEvent, describeMove, endReason, playerName, winnerOf } from "./words.js";

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
  const ending = !lesson && isOver() && state.endShown && !state.review;
  $("#actions").hidden = !lesson && (isOver() || Boolean(state.review));
  $("#end-panel").hidden = !ending;
  $("#review-panel").hidden = !state.review;
  $("#app").dataset.mode = state.review ? "review" : ending ? "end" : "play";
  if (ending) fillEnd();
  if (state.review) fillReview();
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

// ---- the review --------------------------------------------------------------------------------

let reviews = 0;

// The side the chart is drawn for: the person's against the computer, Light's between two people.
const viewpoint = () => (state.settings.opponent === "human" ? 0 : 1 - state.settings.computer);

export function openReview() {
  if (state.review) return;
  if ($("#more-dialog").open) $("#more-dialog").close();
  // The game waits while it is looked back on: no search of the computer's is wanted meanwhile.
  state.request += 1;
  state.thinking = false;
  const saved = state.game.toJSON();
  const steps = stepsOf(saved.history);
  reviews += 1;
  state.review = {
    id: reviews,
    saved,
    steps,
    at: steps.length,
    game: null,
    events: 0,
    evaluation: null,
    progress: [0, steps.length + 1],
    failed: false,
  };
  goTo(steps.length);
  // the Royal Game of Ur with its solved table found: each position's exact chance (else the search's)
  const id = reviews;
  perfectTable(state.game.id, state.settings.options).then((table) => {
    if (state.review?.id === id)
      askReview(
        { id, kind: "review", state: JSON.stringify(saved), options: { max_nodes: REVIEW_NODES, table } },
        reviewAnswered,
      );
  });
  $("#review-back").focus({ preventScroll: true });
}

export function closeReview() {
  if (!state.review) return;
  state.review.game?.close();
  state.review = null;
  afterChange();
  document.scrollingElement.scrollTop = 0; // the review's page scrolls on a tall screen (style.css); the game's does not
  (isOver() ? $("#end-review") : $("#more")).focus();
}

// The position after `count` steps on the board: replayed forward from the shown one, or from
// the start (a step or a few back: taken back with undo, which the library replays itself).
export function goTo(count) {
  const review = state.review;
  if (!review) return;
  const at = Math.max(0, Math.min(review.steps.length, count));
  const wanted = eventsBefore(review.steps, at);
  if (review.game && wanted < review.events && review.events - wanted <= 4) {
    for (; review.events > wanted; review.events -= 1) review.game.undo();
  } else if (!review.game || wanted < review.events) {
    review.game?.close();
    review.game = startOf(state.Game, review.saved);
    review.events = 0;
  }
  for (; review.events < wanted; review.events += 1) applyEvent(review.game, review.saved.history[review.events]);
  review.at = at;
  render();
  // on a tall screen the review's page scrolls (style.css): the position shown is the board's, at the top
  if (document.scrollingElement.scrollTop > 0) document.scrollingElement.scrollTop = 0;
  announce($("#review-move").textContent);
}

export function reviewKey(event) {
  if (!state.review || document.querySelector("dialog[open]") || event.target.closest?.("input, select, textarea"))
    return;
  const to = {
    ArrowLeft: state.review.at - 1,
    ArrowRight: state.review.at + 1,
    Home: 0,
    End: state.review.steps.length,
  }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  goTo(to);
}

function reviewAnswered({ id, progress, evaluation, error }) {
  const review = state.review;
  if (!review || id !== review.id) return;
  if (progress) review.progress = progress;
  else if (error) review.failed = true;
  else review.evaluation = evaluation;
  fillReview();
}

// What the review's figures are, once the worker has evaluated the game.
function figures() {
  const review = state.review;
  if (!review.evaluation) return null;
  const scale = scaleOf(review.saved);
  const curve = curveOf(scale, review.evaluation, viewpoint(), isOver() ? winnerOf() : undefined);
  // the solved table's chances are exact: the caption and the better moves say so
  return {
    scale,
    curve,
    drops: worstDrops(review.evaluation, curve, viewpoint()),
    caption: `review.scale_${scale}${review.evaluation.exact ? "_exact" : ""}`,
    better: review.evaluation.exact ? "review.better_exact" : "review.better",
  };
}

function fillReview() {
  const review = state.review;
  const shown = figures();
  const count = review.steps.length;
  const step = review.steps[review.at - 1];
  let said =
    review.at === 0
      ? t("review.start_position")
      : t("review.position", { number: review.at, count, move: describeEvent(review.saved.history[step.index]) });
  const drop = shown?.drops.find((d) => d.step === review.at);
  if (drop) said += ` ${t(shown.better, { move: describeMove(drop.best, drop.player, "said") })}`;
  $("#review-move").textContent = said;
  $("#status").textContent = t("review.status", { number: review.at, count });
  $("#review-first").disabled = $("#review-back").disabled = review.at === 0;
  $("#review-forward").disabled = $("#review-last").disabled = review.at === count;
  const [done, total] = review.progress;
  $("#review-progress").hidden = Boolean(shown) || review.failed;
  $("#review-progress-bar").max = total;
  $("#review-progress-bar").value = done;
  $("#review-progress-text").textContent = t("review.progress", { done, count: total });
  $("#review-failed").hidden = !review.failed;
  $("#review-failed").textContent = review.failed ? t("review.failed") : "";
  $("#review-chart").hidden = !shown;
  $("#review-drops-box").hidden = !shown;
  if (!shown) return;
  const who = playerName(viewpoint());
  $("#review-scale").textContent = t(shown.caption, { who });
  drawChart(shown);
  $("#review-drops").replaceChildren(
    ...shown.drops.map((d) => {
      const button = Object.assign(document.createElement("button"), { type: "button" });
      button.textContent = t("review.drop", {
        number: d.step,
        move: describeMove(d.played, d.player),
        better: describeMove(d.best, d.player, "said"),
      });
      button.dataset.step = d.step;
      button.setAttribute("aria-pressed", String(d.step === review.at));
      button.addEventListener("click", () => goTo(d.step));
      const item = document.createElement("li");
      item.append(button);
      return item;
    }),
  );
  $("#review-no-drops").hidden = shown.drops.length > 0;
  $("#review-no-drops").textContent = t("review.no_drops");
}

// ---- the chart ---------------------------------------------------------------------------------

const CHART = { width: 300, height: 80, pad: 4 };
const xOf = (i, count) => CHART.pad + (count === 0 ? 0 : (i / count) * (CHART.width - 2 * CHART.pad));
const yOf = (value) => CHART.pad + (1 - value) * (CHART.height - 2 * CHART.pad);

function svgElement(name, attributes) {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  return element;
}

function drawChart({ curve, drops, caption }) {
  const review = state.review;
  const count = curve.points.length - 1;
  // stretched to the panel's width (its lines keep their width: non-scaling strokes)
  // data-points: each position's figure (0..1), for the tests to read
  const svg = svgElement("svg", {
    viewBox: `0 0 ${CHART.width} ${CHART.height}`,
    preserveAspectRatio: "none",
    role: "img",
    "data-positions": curve.points.length,
    "data-points": curve.points.map((value) => value.toFixed(7)).join(" "),
  });
  svg.setAttribute(
    "aria-label",
    `${t(caption, { who: playerName(viewpoint()) })} ${t("review.status", { number: review.at, count })}`,
  );
  svg.append(
    svgElement("rect", { class: "frame", x: 0, y: 0, width: CHART.width, height: CHART.height }),
    svgElement("line", { class: "middle", x1: 0, x2: CHART.width, y1: yOf(0.5), y2: yOf(0.5) }),
    svgElement("line", {
      class: "current",
      x1: xOf(review.at, count),
      x2: xOf(review.at, count),
      y1: 0,
      y2: CHART.height,
    }),
    svgElement("polyline", {
      class: "curve",
      points: curve.points.map((value, i) => `${xOf(i, count).toFixed(1)},${yOf(value).toFixed(1)}`).join(" "),
    }),
  );
  for (const d of drops) {
    const x = xOf(d.step, count),
      y = yOf(curve.points[d.step]);
    // a short thick bar above the point where the fall ends (the current position: a thin line
    // across the chart): a shape, not a colour alone
    svg.append(
      svgElement("line", { class: "drop", "data-step": d.step, x1: x, x2: x, y1: Math.max(0, y - 14), y2: y }),
    );
  }
  svg.addEventListener("click", (event) => {
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
    goTo(Math.round(((point.x - CHART.pad) / (CHART.width - 2 * CHART.pad)) * count));
  });
  $("#review-chart-box").replaceChildren(svg);
}
