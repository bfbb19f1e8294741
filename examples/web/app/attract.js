//# allFunctionsCalledOnLoad
import { pictureOf, pictureOptionsOf } from "./board.js";
import { $, MUSEUM_LANGUAGE, MUSEUM_NAME, PACE, REDUCED_MOTION } from "./config.js";
import { DEMO_GAME, DEMO_REST_STEPS, demoSearch, demoStepMs, nextDemoAction, secondLanguage } from "./demo.js";
import { answerWith, ask } from "./engine.js";
import { LANGUAGES } from "./i18n.js";
import { defaultOptions } from "./settings.js";
import { catalogueOf, state } from "./state.js";

// ---- the kiosk's attract screen ----------------------------------------------------------------

// Behind the invitation the computer plays a game against itself, an action every 1.5 s (a
// fast level, searched in the worker: the page's thread only draws), a new game once one is
// over; under reduced motion a still board. The invitation in the museum's language and, on a
// second line, in another (marked with its language).
let demo = null;
let running = false;
let timer = 0;
let request = 0;
let resting = 0;

export async function startAttract() {
  stopAttract();
  running = true;
  $("#attract-museum").textContent = MUSEUM_NAME;
  $("#attract-museum").hidden = !MUSEUM_NAME;
  newDemo();
  schedule();
  await showSecondLine();
}

export function stopAttract() {
  running = false;
  clearTimeout(timer);
  request += 1;
}

REDUCED_MOTION.addEventListener("change", () => {
  clearTimeout(timer);
  schedule();
});

function schedule() {
  if (running && !REDUCED_MOTION.matches) timer = setTimeout(step, demoStepMs(PACE));
}

function newDemo() {
  demo?.close();
  const id = catalogueOf(DEMO_GAME) ? DEMO_GAME : state.catalogue[0].id;
  demo = new state.Game(id, { ...defaultOptions(id), seed: Math.floor(Math.random() * 2 ** 32) });
  resting = 0;
  draw();
}

function step() {
  if (!running) return;
  const action = nextDemoAction(demo);
  if (action === "think") {
    request += 1;
    ask({ id: `attract ${request}`, kind: "attract", state: demo.toJSONText(), options: demoSearch(demo) });
    return; // the answer draws and schedules the next step
  }
  if (action === "roll") {
    demo.roll();
    draw();
  } else if (++resting > DEMO_REST_STEPS) {
    newDemo();
  }
  schedule();
}

answerWith("attract", ({ id, move, error }) => {
  if (!running || id !== `attract ${request}`) return;
  // the attract screen says nothing of an error: it starts another game
  if (error) newDemo();
  else playDemoMove(move);
  draw();
  schedule();
});

function playDemoMove(move) {
  try {
    demo.play({ text: move.text });
  } catch (failure) {
    if (!(failure instanceof state.LudusError)) throw failure;
    newDemo();
  }
}

function draw() {
  const svg = pictureOf(demo, pictureOptionsOf(demo));
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  $("#attract-board").replaceChildren(svg);
  $("#attract-board").dataset.plies = String(demo.history.length);
}

// The second line's words, from the other language's catalogue (kept: it does not change).
const secondLines = new Map();
async function showSecondLine() {
  const line = $("#attract-second");
  const tag = secondLanguage(MUSEUM_LANGUAGE, LANGUAGES);
  line.hidden = true;
  if (!tag) return;
  if (!secondLines.has(tag)) {
    const words = await fetch(`i18n/${tag}.json`)
      .then((response) => response.json())
      .catch(() => null);
    if (!words?.["kiosk.tap"]) return;
    secondLines.set(tag, words["kiosk.tap"]);
  }
  line.lang = tag;
  line.textContent = secondLines.get(tag);
  line.hidden = false;
}
