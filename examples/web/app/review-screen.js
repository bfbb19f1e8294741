// The review of a game, as lichess's: the game's positions one by one on the board (buttons,
// arrow keys, Home and End, a swipe across the board), each move labelled by what it lost against
// the strongest level's choice (best, good, inaccuracy, mistake, blunder), each side's accuracy,
// the line of the game with its labels, and the evaluation of each position drawn as a line; the
// analysis board (analysis.js) from the position shown. The positions are evaluated in the
// engine's worker (engine.js: askReview); the figures are review-model.js's. Loaded when a
// review is first opened (review.js).
import { render } from "./board.js";
import { $, SVG_NS } from "./config.js";
import { askReview, perfectTable } from "./engine.js";
import { t } from "./i18n.js";
import { isOver } from "./moves.js";
import { afterChange } from "./play.js";
import {
  applyEvent,
  curveOf,
  EVALUATION_SHOWN,
  eventsBefore,
  judgeGame,
  lossKind,
  outlookSearchOf,
  REVIEW_NODES,
  scaleOf,
  startOf,
  stepsOf,
  unitOf,
} from "./review-model.js";
import { catalogueOf, state } from "./state.js";
import { announce } from "./status.js";
import { describeEvent, describeMove, playerName, winnerOf } from "./words.js";

let reviews = 0;

// The side the chart is drawn for: the person's against the computer, Light's between two people.
const viewpoint = () => (state.settings.opponent === "human" ? 0 : 1 - state.settings.computer);

export function openReview() {
  if (state.review || state.analysis) return;
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
    judged: null,
    progress: [0, steps.length + 1],
    failed: false,
  };
  goTo(steps.length);
  // the Royal Game of Ur with its solved table found: each position's exact chance (else the search's)
  const id = reviews;
  const entry = catalogueOf(state.game.id);
  perfectTable(state.game.id, state.settings.options).then((table) => {
    if (state.review?.id !== id) return;
    const level = table ? "perfect" : "best";
    const options = {
      max_nodes: REVIEW_NODES,
      table,
      unit: unitOf(entry, level),
      outlook: outlookSearchOf(entry, "best"),
    };
    askReview({ id, kind: "review", state: JSON.stringify(saved), options }, reviewAnswered);
  });
  $("#review-back").focus({ preventScroll: true });
}

export function closeReview() {
  if (!state.review) return;
  state.review.game?.close();
  state.review = null;
  // nothing of this review left in the hidden panel for the next (the chart's label is in words)
  $("#review-chart-box").replaceChildren();
  $("#review-chart").hidden = $("#review-line-box").hidden = $("#review-accuracy").hidden = true;
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

// A swipe across the board steps through the game as a page is turned: to the left the next
// move, to the right the one before (the review's board takes no taps; style.css leaves the
// vertical pan to the page, which scrolls in the review).
const SWIPE_PX = 40;
let swipe = null;
$("#board").addEventListener("pointerdown", (event) => {
  swipe = state.review ? { x: event.clientX, y: event.clientY } : null;
});
$("#board").addEventListener("pointercancel", () => {
  swipe = null;
});
$("#board").addEventListener("pointerup", (event) => {
  if (!swipe || !state.review) return;
  const dx = event.clientX - swipe.x,
    dy = event.clientY - swipe.y;
  swipe = null;
  if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > 1.5 * Math.abs(dy)) goTo(state.review.at + (dx < 0 ? 1 : -1));
});

function reviewAnswered({ id, progress, evaluation, error }) {
  const review = state.review;
  if (!review || id !== review.id) return;
  if (progress) review.progress = progress;
  else if (error) review.failed = true;
  else {
    review.evaluation = evaluation;
    review.judged = judgeGame(evaluation);
  }
  fillReview();
}

// What the review's figures are, once the worker has evaluated the game.
function figures() {
  const review = state.review;
  if (!review.evaluation) return null;
  const scale = scaleOf(review.evaluation.unit);
  const curve = curveOf(scale, review.evaluation, viewpoint(), isOver() ? winnerOf() : undefined);
  // the solved table's chances are exact: the caption and the better moves say so
  return {
    scale,
    curve,
    judged: review.judged,
    caption: `review.scale_${scale}${review.evaluation.exact ? "_exact" : ""}`,
    better: review.evaluation.exact ? "review.better_exact" : "review.better",
  };
}

// What a move lost, in words: percentage points of the chance of winning; in the capture games
// a win missed or a lost position walked into, else points of the evaluation (a man 1), written
// out up to EVALUATION_SHOWN; with a decimal where it is small (in the page's way of writing numbers).
function lostWords(unit, loss, { bestValue, playedValue }) {
  const number = (value) =>
    new Intl.NumberFormat(document.documentElement.lang, { maximumFractionDigits: value < 10 ? 1 : 0 }).format(value);
  if (unit === "chance") return t("review.lost_chance", { points: number(100 * loss) });
  const kind = lossKind(unit, bestValue, playedValue);
  if (kind !== "evaluation") return t(`review.lost_${kind}`);
  return loss > EVALUATION_SHOWN
    ? t("review.lost_points_over", { points: number(EVALUATION_SHOWN) })
    : t("review.lost_points", { points: number(loss) });
}

// The shown move's judgement: its label, what it lost and the strongest level's choice.
function judgement(shown, step) {
  const here = state.review.evaluation.steps[step - 1];
  const judged = shown.judged.steps[step - 1];
  if (!judged?.label) return "";
  if (judged.label === "best") return t("review.judged_best");
  let said = t(`review.judged_${judged.label}`, { lost: lostWords(state.review.evaluation.unit, judged.loss, here) });
  if (here.best) said += ` ${t(shown.better, { move: describeMove(here.best, here.toMove, "said") })}`;
  return said;
}

export function fillReview() {
  const review = state.review;
  const shown = figures();
  const count = review.steps.length;
  const step = review.steps[review.at - 1];
  let said =
    review.at === 0
      ? t("review.start_position")
      : t("review.position", { number: review.at, count, move: describeEvent(review.saved.history[step.index]) });
  if (shown && review.at > 0) said = `${said} ${judgement(shown, review.at)}`.trim();
  $("#review-move").textContent = said;
  $("#status").textContent = t("review.status", { number: review.at, count });
  $("#review-first").disabled = $("#review-back").disabled = review.at === 0;
  $("#review-forward").disabled = $("#review-last").disabled = review.at === count;
  // the analysis board from the position shown (not in a game with a friend, whose server holds it)
  $("#review-analyse").hidden = Boolean(state.online);
  const [done, total] = review.progress;
  $("#review-progress").hidden = Boolean(shown) || review.failed;
  $("#review-progress-bar").max = total;
  $("#review-progress-bar").value = done;
  $("#review-progress-text").textContent = t("review.progress", { done, count: total });
  $("#review-failed").hidden = !review.failed;
  $("#review-failed").textContent = review.failed ? t("review.failed") : "";
  $("#review-chart").hidden = !shown;
  $("#review-line-box").hidden = !shown;
  $("#review-accuracy").hidden = !shown;
  if (!shown) return;
  const who = playerName(viewpoint());
  $("#review-scale").textContent = t(shown.caption, { who });
  drawChart(shown);
  fillAccuracy(shown.judged.accuracy);
  fillLine(shown.judged);
}

// Each side's accuracy, a whole percentage (review-model.js: sideAccuracy).
function fillAccuracy(accuracy) {
  const items = [0, 1].map((player) => {
    const item = document.createElement("li");
    item.dataset.player = player;
    item.textContent =
      accuracy[player] === null
        ? t("review.accuracy_none", { who: playerName(player) })
        : t("review.accuracy_side", { who: playerName(player), accuracy: Math.round(accuracy[player]) });
    if (accuracy[player] !== null) item.dataset.accuracy = accuracy[player].toFixed(3);
    return item;
  });
  $("#review-accuracy-list").replaceChildren(...items);
}

// The line of the game: every move, its label beside it (a word and a sign, not a colour alone);
// a tap shows its position.
function fillLine(judged) {
  const review = state.review;
  $("#review-line").replaceChildren(
    ...review.steps.map((step, i) => {
      const button = Object.assign(document.createElement("button"), { type: "button" });
      button.dataset.step = i + 1;
      const label = judged.steps[i]?.label ?? null;
      if (label) button.dataset.label = label;
      const words = Object.assign(document.createElement("span"), {
        className: "move",
        textContent: t("review.line_move", { number: i + 1, move: describeEvent(review.saved.history[step.index]) }),
      });
      button.append(words);
      if (label) {
        const badge = Object.assign(document.createElement("span"), {
          className: `label ${label}`,
          textContent: t(`review.label_${label}`),
        });
        button.append(" ", badge);
      }
      if (i + 1 === review.at) button.setAttribute("aria-current", "step");
      button.addEventListener("click", () => goTo(i + 1));
      const item = document.createElement("li");
      item.append(button);
      return item;
    }),
  );
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

// The mistakes and blunders marked on the line.
const MARKED = ["mistake", "blunder"];

function drawChart({ curve, judged, caption }) {
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
  judged.steps.forEach(({ label }, i) => {
    if (!MARKED.includes(label)) return;
    const x = xOf(i + 1, count),
      y = yOf(curve.points[i + 1]);
    // a short thick bar above the point after the move (the current position: a thin line
    // across the chart): a shape, not a colour alone
    svg.append(
      svgElement("line", {
        class: `drop ${label}`,
        "data-step": i + 1,
        x1: x,
        x2: x,
        y1: Math.max(0, y - 14),
        y2: y,
      }),
    );
  });
  svg.addEventListener("click", (event) => {
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
    goTo(Math.round(((point.x - CHART.pad) / (CHART.width - 2 * CHART.pad)) * count));
  });
  $("#review-chart-box").replaceChildren(svg);
}

// ---- the analysis board ------------------------------------------------------------------------

$("#review-analyse").addEventListener("click", () =>
  import("./analysis.js").then((analysis) => analysis.openAnalysis()),
);
