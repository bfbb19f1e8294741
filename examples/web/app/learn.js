//# allFunctionsCalledOnLoad
// "Learn to play": the lesson screen. The app's own board (board.js draws it, play.js turns taps
// into moves) shows a step of a lesson (lesson.js sets it up from lessons.json); the task is
// written above the board, and the visitor's move is judged before it is played: a move that
// misses the goal is not played, and the page says why. No computer plays. The game that was
// on the board is kept aside, untouched and still saved, for the way back.
import { refresh, render } from "./board.js";
import { $, KIOSK } from "./config.js";
import { t } from "./i18n.js";
import { judge, rightMoves, stepGame, stepKey } from "./lesson.js";
import { afterChange, startGame } from "./play.js";
import { chapterOf, finishedSteps, forgetProgress, markFinished, progressOf, resumeIndex } from "./progress.js";
import { defaultOptions, defaultSettings } from "./settings.js";
import { state } from "./state.js";
import { announce, showDice, showMessage } from "./status.js";
import { gameName, narrate } from "./words.js";

// where the finished steps are kept: nowhere in the kiosk (progress.js)
const progressStore = KIOSK ? null : localStorage;

let lessons = null; // the promise of lessons.json's lessons, fetched at the first lesson

function loadLessons() {
  lessons ??= fetch("lessons.json")
    .then((response) => {
      if (!response.ok) throw new Error(`lessons.json: ${response.status}`);
      return response.json();
    })
    .then((data) => data.lessons);
  return lessons;
}

export async function openLesson(id) {
  let all;
  try {
    all = await loadLessons();
  } catch (error) {
    lessons = null; // asked again next time
    sayUnavailable();
    return;
  }
  for (const dialog of document.querySelectorAll("dialog[open]")) dialog.close();
  const lesson = all.find((each) => each.game === id);
  if (!lesson) {
    sayNoLesson(id); // a game whose folder gives no lesson (lib/<id>/app/lesson.json)
    return;
  }
  if (!state.lesson) {
    state.lesson = {
      back: { game: state.game, settings: state.settings, resigned: state.resigned, endShown: state.endShown },
      judge: accepts,
      show: showLesson,
      say: tell,
    };
  }
  state.lesson.lesson = lesson;
  state.lesson.index = resumeIndex(lesson, finishedSteps(progressStore, lesson.game)); // where it was left
  state.request += 1; // an answer of the worker still coming is for the game left aside
  state.thinking = false;
  $("#message").textContent = "";
  document.body.dataset.screen = "lesson";
  $("#lesson").hidden = false;
  $("#lesson-actions").hidden = false;
  loadStep();
}

// Said on the game's screen (status.js's say would write in the lesson's line).
const sayUnavailable = () => showMessage(t("lesson.unavailable"));
const sayNoLesson = (id) => showMessage(t("lesson.none", { game: gameName(id) }));

const currentStep = () => state.lesson.lesson.steps[state.lesson.index];

function loadStep() {
  const { lesson, back } = state.lesson;
  const step = currentStep();
  let game;
  try {
    game = stepGame(lesson, step);
  } catch (error) {
    if (!(error instanceof state.LudusError)) throw error;
    backToGame();
    sayUnavailable();
    return;
  }
  if (state.game !== back.game) state.game.close();
  state.game = game;
  state.settings = { game: lesson.game, options: lesson.options, opponent: "human", computer: 1 };
  state.resigned = null;
  state.endShown = true; // a lesson's end (a dux shut in) is praised in the lesson, not in the end dialog
  Object.assign(state.lesson, { done: false, marks: step.marks ?? [], feedback: null });
  state.cursor = 0;
  narrate("clear");
  afterChange();
  announce(t(stepKey(lesson, step, "task")));
}

// Before a move of the visitor is played (play.js): played only when it reaches the step's goal.
function accepts(move) {
  const { lesson, index } = state.lesson;
  const step = currentStep();
  const why = judge(state.game, step.goal, move);
  if (why) {
    state.lesson.feedback = { kind: "error", parts: [[why.key, why.params], [stepKey(lesson, step, "hint")]] };
    state.selected = null;
    state.hinted = null;
    $("#choices").replaceChildren(); // the buttons of a choice between dice, if the move was one
    render();
    announce(feedbackText());
    return false;
  }
  const last = index === lesson.steps.length - 1;
  markFinished(progressStore, lesson.game, step.id);
  state.lesson.done = true;
  state.lesson.feedback = {
    kind: "praise",
    parts: [["lesson.well_done"], [stepKey(lesson, step, "done")], ...(last ? [["lesson.finished"]] : [])],
  };
  queueMicrotask(() => announce(feedbackText())); // after the move's own announcement
  return true;
}

// The app's messages (an illegal tap: status.js's say) in the lesson's line, with the step's hint.
function tell(text, kind) {
  const { feedback } = state.lesson;
  if (text === "") state.lesson.feedback = feedback && !feedback.text ? feedback : null;
  else
    state.lesson.feedback = {
      kind,
      text,
      parts: kind === "error" ? [[stepKey(state.lesson.lesson, currentStep(), "hint")]] : [],
    };
  showLesson();
}

function feedbackText() {
  const { feedback } = state.lesson;
  if (!feedback) return "";
  return [feedback.text ?? "", ...feedback.parts.map(([key, params]) => t(key, params))].filter(Boolean).join(" ");
}

// The lesson's panel, drawn again with the board (status.js: showStatus), in the page's language.
function showLesson() {
  const { lesson, index, done } = state.lesson;
  const last = index === lesson.steps.length - 1;
  $("#lesson-title").textContent = t("lesson.title", {
    game: gameName(lesson.game),
    step: index + 1,
    steps: lesson.steps.length,
  });
  showDice($("#lesson-dice"));
  showProgress();
  // one text at a time (a phone has room for no more beside the board): the task, or what the
  // move did (why it is refused, the praise), or the hint
  const line = $("#lesson-feedback");
  line.textContent = feedbackText();
  line.dataset.kind = state.lesson.feedback?.kind ?? "";
  $("#lesson-task").textContent = t(stepKey(lesson, currentStep(), "task"));
  $("#lesson-task").hidden = line.textContent !== "";
  $("#lesson-show").hidden = done;
  $("#lesson-next").hidden = !done;
  $("#lesson-next").textContent = t(last ? "lesson.play" : "lesson.next");
}

// How far the lesson is: the steps finished (a tick each in the row of steps, the current one
// marked), the step's chapter; the row is a picture of the line's words, hidden from readers.
// The kiosk keeps no progress, and shows none.
function showProgress() {
  for (const id of [".lesson-progress", "#lesson-restart"]) $(id).hidden = !progressStore;
  if (!progressStore) return;
  const { lesson, index } = state.lesson;
  const finished = finishedSteps(progressStore, lesson.game);
  const { done, steps } = progressOf(lesson, finished);
  const chapter = t(`lesson.chapter.${chapterOf(currentStep())}`);
  $("#lesson-progress").textContent = t("lesson.progress", { chapter, done, steps });
  $("#lesson-steps").replaceChildren(
    ...lesson.steps.map((step, at) => {
      const mark = document.createElement("li");
      mark.textContent = finished.has(step.id) ? "✓" : "";
      if (finished.has(step.id)) mark.dataset.done = "true";
      if (at === index) mark.dataset.current = "true";
      if (at > 0 && chapterOf(step) !== chapterOf(lesson.steps[at - 1])) mark.dataset.chapter = "true";
      return mark;
    }),
  );
  $("#lesson-restart").hidden = done === 0;
}

// Forgets the lesson's finished steps and starts it from its first step.
export function startOver() {
  if (!state.lesson) return;
  forgetProgress(progressStore, state.lesson.lesson.game);
  state.lesson.index = 0;
  loadStep();
}

export function showMe() {
  if (!state.lesson || state.lesson.done) return;
  const step = currentStep();
  state.selected = null;
  state.hinted = rightMoves(state.game, step.goal)[0] ?? null;
  state.lesson.feedback = { kind: "hint", parts: [["lesson.shown"], [stepKey(state.lesson.lesson, step, "hint")]] };
  refresh();
  announce(feedbackText());
}

export function stepAgain() {
  if (state.lesson) loadStep();
}

export function nextStep() {
  if (!state.lesson?.done) return;
  const { lesson, index } = state.lesson;
  if (index + 1 < lesson.steps.length) {
    state.lesson.index += 1;
    loadStep();
  } else {
    startGame({ ...defaultSettings(), game: lesson.game, options: defaultOptions(lesson.game) });
  }
}

// Leaves the lesson screen; returns the game kept aside (startGame frees it, the way back plays on).
export function closeLesson() {
  if (!state.lesson) return null;
  const { back } = state.lesson;
  state.lesson = null;
  delete document.body.dataset.screen;
  $("#lesson").hidden = true;
  $("#lesson-actions").hidden = true;
  return back;
}

export function backToGame() {
  if (!state.lesson) return;
  const lessonGame = state.game;
  const back = closeLesson();
  if (lessonGame !== back.game) lessonGame.close();
  Object.assign(state, {
    game: back.game,
    settings: back.settings,
    resigned: back.resigned,
    endShown: back.endShown,
    selected: null,
    hinted: null,
    cursor: 0,
  });
  narrate("clear");
  $("#message").textContent = "";
  afterChange();
}
