//# allFunctionsCalledOnLoad
import { REDUCED_MOTION, SVG_NS } from "./config.js";
import { binaryDice, FRAME_MS, PIPS, STICK, TETRAHEDRON, tetrahedralDice, throwDuration, throwFrames } from "./dice.js";
import { currentPace } from "./preferences.js";
import { state } from "./state.js";

// ---- the dice on screen ------------------------------------------------------------------------

/** A die showing value: its pips drawn large (a numeral for a value no die face has), or a binary
 * die (the Royal Game of Ur) as a tetrahedron with its top tip marked or not; the value in its
 * title, the dice's box says them all in words (status.js). */
export function drawDie(value) {
  const die = document.createElement("span");
  die.className = binaryDice(state.game?.id) ? "die binary" : "die";
  die.dataset.value = String(value);
  die.title = String(value);
  showFace(die, value);
  return die;
}

const svgElement = (tag, attributes) => {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [name, v] of Object.entries(attributes)) e.setAttribute(name, v);
  return e;
};

function showTetrahedron(die, value) {
  const svg = svgElement("svg", { viewBox: "0 0 30 30", "aria-hidden": "true" });
  const { corners, tip } = TETRAHEDRON;
  svg.append(
    svgElement("polygon", {
      points: corners.map((corner) => corner.join(",")).join(" "),
      class: "face",
      "stroke-linejoin": "round",
    }),
    ...corners.map(([x, y]) => svgElement("line", { x1: x, y1: y, x2: tip[0], y2: tip[1], class: "edge" })),
  );
  if (value === 1) svg.append(svgElement("circle", { cx: tip[0], cy: tip[1], r: 4, class: "tip" }));
  die.classList.toggle("marked", value === 1);
  die.replaceChildren(svg);
}

// A throwing stick: its marked side up (1) or not (0).
function showStick(die, value) {
  const svg = svgElement("svg", { viewBox: "0 0 30 30", "aria-hidden": "true" });
  const [x, y, width, height] = STICK.body;
  svg.append(svgElement("rect", { x, y, width, height, rx: 3, class: "face" }));
  if (value === 1) {
    const [markX, markY, markWidth, markHeight] = STICK.mark;
    svg.append(svgElement("rect", { x: markX, y: markY, width: markWidth, height: markHeight, class: "tip" }));
  }
  die.classList.toggle("marked", value === 1);
  die.replaceChildren(svg);
}

function showFace(die, value) {
  if (die.classList.contains("binary") && (value === 0 || value === 1)) {
    if (tetrahedralDice(state.game?.id)) showTetrahedron(die, value);
    else showStick(die, value);
    return;
  }
  if (!PIPS[value]) {
    die.textContent = String(value);
    return;
  }
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 30 30");
  svg.setAttribute("aria-hidden", "true");
  const face = document.createElementNS(SVG_NS, "rect");
  for (const [name, v] of Object.entries({ x: 1, y: 1, width: 28, height: 28, rx: 5, class: "face" }))
    face.setAttribute(name, v);
  svg.append(
    face,
    ...PIPS[value].map(([column, row]) => {
      const pip = document.createElementNS(SVG_NS, "circle");
      for (const [name, v] of Object.entries({ cx: 7.5 + 7.5 * column, cy: 7.5 + 7.5 * row, r: 3.1, class: "pip" }))
        pip.setAttribute(name, v);
      return pip;
    }),
  );
  die.replaceChildren(svg);
}

// A throw: the dice tumble through other faces for about half a second (throwFrames), then land
// on the values; none under reduced motion. A render during the throw draws the dice afresh:
// the next frame tumbles those.
let throwing = 0;

export function throwDice() {
  clearInterval(throwing);
  const values = [...document.querySelectorAll("#dice .die")].map((die) => Number(die.dataset.value));
  if (REDUCED_MOTION.matches || values.length === 0) return;
  const frames = throwFrames(values, throwDuration(currentPace()), Math.random, binaryDice(state.game?.id));
  if (frames.length < 2) return;
  const box = document.querySelector("#dice");
  box.dataset.rolling = "true";
  let frame = 0;
  const next = () => {
    const shown = [...box.querySelectorAll(".die")];
    const landed = frame >= frames.length - 1 || shown.length !== values.length;
    shown.forEach((die, i) => {
      showFace(die, landed ? Number(die.dataset.value) : frames[frame][i]);
      die.classList.toggle("tumbling", !landed);
      die.style.transform = landed
        ? ""
        : `rotate(${(frame * 77 + i * 140) % 360}deg) translateY(${frame % 2 ? -3 : 2}px)`;
    });
    frame += 1;
    if (landed) {
      clearInterval(throwing);
      delete box.dataset.rolling;
    }
  };
  next();
  throwing = setInterval(next, FRAME_MS);
}
