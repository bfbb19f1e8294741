// The lessons of "Learn to play" (lessons.json, app/lesson.js), in Node on the built package:
// every step's position is accepted by the library as it is written; in every step the right
// move passes and a wrong one is refused with the goal's reason; every step has its words in
// each language.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const here = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));
// The site as built: lessons.json and the catalogues hold every game's lesson and words
// (lib/<id>/app/lesson.json and i18n/, merged by game-data.mjs).
const site = (path) => `${process.env.LUDUS_WEB_SITE}/${path}`;
const ludus = await import(process.env.LUDUS_JS_PACKAGE);
const { state } = await import("../app/state.js");
const { setMessages, t, has } = await import("../app/messages.js");
const { GOAL_TYPES, judge, rightMoves, stepGame, stepKey } = await import("../app/lesson.js");
const { chapterOf, finishedSteps, forgetProgress, markFinished, progressOf, resumeIndex } =
  await import("../app/progress.js");

state.Game = ludus.Game;
const { lessons } = JSON.parse(readFileSync(site("lessons.json"), "utf8"));
const catalogue = (tag) => JSON.parse(readFileSync(site(`i18n/${tag}.json`), "utf8"));
const LANGUAGES = JSON.parse(readFileSync(here("i18n/languages.json"), "utf8"));

const reasonKey = (goal) => `lesson.why.${goal.reason ?? goal.type}`;
const moveOf = (game, text) => game.legalMoves().find((move) => move.text === text);
// a game's lesson and one of its steps
const pick = (id, stepId) => {
  const lesson = lessons.find((l) => l.game === id);
  return [lesson, lesson.steps.find((s) => s.id === stepId)];
};

test("a lesson for each game of the catalogue that has one, its steps named and each with its right move and a mistake", () => {
  const ids = ludus.games().map((entry) => entry.id);
  assert.ok(lessons.length >= 2, "the games' lessons are in lessons.json");
  const games = lessons.map((lesson) => lesson.game);
  assert.equal(new Set(games).size, games.length, "a game's lesson twice");
  for (const id of games) assert.ok(ids.includes(id), `${id}: a lesson of a game the catalogue lacks`);
  for (const lesson of lessons) {
    const names = lesson.steps.map((step) => step.id);
    assert.equal(new Set(names).size, names.length, `${lesson.game}: two steps of one name`);
    for (const step of lesson.steps)
      assert.ok(
        typeof step.right === "string" && typeof step.mistake === "string",
        `${lesson.game} ${step.id}: the step's right move and a mistake, for this test`,
      );
  }
});

test("every step's position is accepted by the library as written, the visitor (Light) to move", () => {
  for (const lesson of lessons) {
    for (const step of lesson.steps) {
      assert.ok(GOAL_TYPES.includes(step.goal.type), `${lesson.game} ${step.id}: goal ${step.goal.type}`);
      const game = stepGame(lesson, step);
      const saved = game.toJSON();
      assert.deepEqual(saved.start, step.position, `${lesson.game} ${step.id}: the library changed the position`);
      assert.equal(
        ludus.Game.fromJSON(saved).toJSONText(),
        game.toJSONText(),
        `${lesson.game} ${step.id}: no round trip`,
      );
      assert.equal(game.phase, "move");
      assert.equal(game.toMove, 0);
      assert.deepEqual(game.dice ?? [], step.dice ?? [], `${lesson.game} ${step.id}: the step's dice`);
      game.close();
    }
  }
});

test("in every step the right move passes and the mistake is refused with the goal's reason", () => {
  for (const lesson of lessons) {
    lesson.steps.forEach((step) => {
      const { right, mistake: wrong } = step;
      const game = stepGame(lesson, step);
      const where = `${lesson.game} ${step.id}`;
      assert.ok(moveOf(game, right) && moveOf(game, wrong), `${where}: ${right} and ${wrong} are legal`);
      assert.equal(judge(game, step.goal, moveOf(game, right)), null, `${where}: ${right} refused`);
      const why = judge(game, step.goal, moveOf(game, wrong));
      assert.equal(why?.key, reasonKey(step.goal), `${where}: ${wrong}`);
      // every legal move is either right or refused with the same reason; the right ones are few
      const passing = rightMoves(game, step.goal).map((move) => move.text);
      assert.ok(passing.includes(right) && !passing.includes(wrong), where);
      for (const move of game.legalMoves().filter((m) => !passing.includes(m.text)))
        assert.equal(judge(game, step.goal, move).key, reasonKey(step.goal));
      assert.ok(passing.length < game.legalMoves().length, `${where}: no move can miss the goal`);
      assert.equal(game.toJSONText(), stepGame(lesson, step).toJSONText(), `${where}: judging changed the game`);
      game.close();
    });
  }
});

test("the goals read the library's position after the move", () => {
  // a column: two pieces on cell 5 after 3-5
  let [lesson, step] = pick("duodecim", "column");
  let game = stepGame(lesson, step);
  game.play("3-5");
  assert.equal(game.position.track[0][4], 2);
  game.close();
  // the dux shut in ends the game, won by the visitor
  [lesson, step] = pick("latrunculi", "dux");
  game = stepGame(lesson, step);
  game.play("l3-l7");
  assert.equal(game.endReason, "dux_immobilised");
  assert.equal(game.winner, 0);
  game.close();
  // a lone piece cannot take a column of two (the duodecim rules): 5-9 is not even legal
  [lesson, step] = pick("duodecim", "capture_column");
  game = stepGame(lesson, step);
  assert.equal(moveOf(game, "5-9"), undefined);
  assert.equal(moveOf(game, "6-9").captured_count, 2);
  game.close();
  // the Royal Game of Ur: the rosette's throw is the library's (the same player to throw again);
  // the central rosette shelters a piece (a dark piece there cannot be captured: no move onto it)
  [lesson, step] = pick("ur", "rosette");
  game = stepGame(lesson, step);
  game.play("2-4");
  assert.deepEqual([game.toMove, game.phase], [0, "roll"]);
  game.close();
  [lesson, step] = pick("ur", "safe");
  game = stepGame(lesson, step);
  game.play("7-8");
  assert.deepEqual([game.toMove, game.phase], [0, "roll"]);
  game.setDice([1, 1, 1, 0]);
  game.play("H-3");
  // Dark throws 3: its piece on 5 would reach 8, the rosette Light holds (the same square)
  assert.equal(game.toMove, 1);
  game.setDice([1, 1, 1, 0]);
  assert.ok(game.legalMoves().some((move) => move.text === "H-3"));
  assert.ok(
    !game.legalMoves().some((move) => move.text === "5-8"),
    "a dark piece moved onto Light's piece on the central rosette",
  );
  game.close();
  // between two enemies: still standing after the move, and taken by nothing
  [lesson, step] = pick("petteia", "between");
  game = stepGame(lesson, step);
  game.play("c1-c4");
  assert.equal(game.position.ranks[3], ".101..");
  game.close();
});

test("every step's words and every reason in each language, with no placeholder left", () => {
  for (const tag of LANGUAGES) {
    setMessages(tag, catalogue(tag));
    for (const lesson of lessons) {
      for (const step of lesson.steps) {
        for (const part of ["task", "hint", "done"]) {
          const key = stepKey(lesson, step, part);
          assert.ok(has(key), `${tag}: ${key}`);
          assert.ok(!t(key).includes("{"), `${tag}: ${key}`);
        }
        const key = reasonKey(step.goal);
        assert.ok(has(key), `${tag}: ${key}`);
        const said = t(key, { count: step.goal.count ?? 1, height: step.goal.height });
        assert.ok(said.length > 0 && !said.includes("{"), `${tag}: ${key}: ${said}`);
      }
    }
  }
});

// The strategy chapter (steps marked "chapter": "strategy", after the rules): its right move is
// the engine's own choice, so a step whose "right" move the engine judges worse fails here. The
// search is the strongest level on a fixed node budget (deterministic, whatever the machine).
const ENGINE = { level: "best", max_nodes: 20000 };

test("every lesson ends with a strategy chapter of 2 to 4 steps, after all the rules steps", () => {
  for (const lesson of lessons) {
    const chapters = lesson.steps.map(chapterOf);
    const first = chapters.indexOf("strategy");
    assert.ok(first > 0, `${lesson.game}: no strategy chapter after the rules`);
    assert.ok(
      chapters.slice(first).every((name) => name === "strategy"),
      `${lesson.game}: a rules step after the strategy`,
    );
    assert.ok(
      chapters.slice(0, first).every((name) => name === "rules"),
      `${lesson.game}: ${chapters}`,
    );
    const count = chapters.length - first;
    assert.ok(count >= 2 && count <= 4, `${lesson.game}: ${count} strategy steps`);
  }
});

test("in every strategy step the engine's choice reaches the goal: the right move is at least as good as the mistake", () => {
  for (const lesson of lessons) {
    for (const step of lesson.steps.filter((each) => chapterOf(each) === "strategy")) {
      const game = stepGame(lesson, step);
      const where = `${lesson.game} ${step.id}`;
      const chosen = game.aiMove(ENGINE);
      assert.equal(
        judge(game, step.goal, moveOf(game, chosen.text)),
        null,
        `${where}: the engine plays ${chosen.text}, which misses the goal (right ${step.right}, mistake ${step.mistake})`,
      );
      game.close();
    }
  }
});

test("the strategy goals: the central rosette held, no capture left to the opponent", () => {
  // Ur: the piece on 8 stays (8-9 gives the rosette up; H-1 and 5-6 keep it)
  let [lesson, step] = pick("ur", "hold_rosette");
  let game = stepGame(lesson, step);
  assert.deepEqual(
    rightMoves(game, step.goal)
      .map((move) => move.text)
      .sort(),
    ["5-6", "H-1"],
  );
  game.close();
  // Petteia: after e6-f6 Dark takes d4 with d1-d3; after e6-d6 (d5 taken) Dark has no capture
  [lesson, step] = pick("petteia", "safe_capture");
  game = stepGame(lesson, step);
  const after = game.copy();
  after.play("e6-f6");
  assert.ok(after.legalMoves().some((move) => move.text === "d1-d3" && move.captured_count === 1));
  after.close();
  // a quiet move that leaves no capture to Dark still misses a goal asking for a capture
  const quiet = game.legalMoves().find((move) => move.captured_count === 0 && !judge(game, { type: "safe" }, move));
  assert.ok(quiet, "a quiet safe move exists here");
  assert.equal(judge(game, step.goal, quiet).key, "lesson.why.safe_capture");
  game.close();
});

// The progress kept on the device (app/progress.js), with a store like localStorage.
function memoryStore() {
  const items = new Map();
  return {
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => items.set(key, String(value)),
    removeItem: (key) => items.delete(key),
    items,
  };
}

test("a lesson's finished steps are kept per game, counted per chapter, and forgotten on request", () => {
  const lesson = lessons.find((l) => l.game === "ur");
  const store = memoryStore();
  assert.deepEqual(progressOf(lesson, finishedSteps(store, "ur")).done, 0);
  assert.equal(resumeIndex(lesson, finishedSteps(store, "ur")), 0);
  markFinished(store, "ur", lesson.steps[0].id);
  markFinished(store, "ur", lesson.steps[1].id);
  markFinished(store, "ur", lesson.steps[1].id); // twice: counted once
  const finished = finishedSteps(store, "ur");
  const progress = progressOf(lesson, finished);
  assert.equal(progress.done, 2);
  assert.equal(progress.steps, lesson.steps.length);
  const strategy = lesson.steps.filter((step) => chapterOf(step) === "strategy").length;
  assert.deepEqual(progress.chapters, [
    { chapter: "rules", done: 2, steps: lesson.steps.length - strategy },
    { chapter: "strategy", done: 0, steps: strategy },
  ]);
  assert.equal(resumeIndex(lesson, finished), 2, "the lesson goes on at the first step not finished");
  assert.equal(finishedSteps(store, "another_game").size, 0, "another game's lesson untouched");
  // every step finished: the lesson starts again at its first
  for (const step of lesson.steps) markFinished(store, "ur", step.id);
  assert.equal(resumeIndex(lesson, finishedSteps(store, "ur")), 0);
  forgetProgress(store, "ur");
  assert.equal(finishedSteps(store, "ur").size, 0);
  assert.equal(store.items.size, 0);
});

test("a stored progress that is not a list of step names counts as nothing; the kiosk keeps nothing", () => {
  const lesson = lessons.find((l) => l.game === "ur");
  const store = memoryStore();
  for (const text of ["{", '{"enter": true}', "[1, 2]", "null"]) {
    store.setItem("ludus.lesson.ur", text);
    assert.equal(progressOf(lesson, finishedSteps(store, "ur")).done, 0, text);
  }
  store.setItem("ludus.lesson.ur", JSON.stringify(["enter", "no such step"]));
  assert.equal(progressOf(lesson, finishedSteps(store, "ur")).done, 1, "a step no longer in the lesson is not counted");
  // the kiosk's store is null: nothing is written, nothing read
  markFinished(null, "ur", "enter");
  forgetProgress(null, "ur");
  assert.equal(finishedSteps(null, "ur").size, 0);
});
