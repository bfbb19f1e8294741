//# allFunctionsCalledOnLoad
// A lesson's progress: the steps of each game's lesson the visitor has finished, kept on this
// device (localStorage, "ludus.lesson.<game>": the finished steps' ids) so that the lesson goes on
// where it was left after a reload. In the kiosk nothing is kept (the next visitor starts afresh):
// the store is then null and every step starts unfinished. No DOM here: tested in Node.

const storageKey = (game) => `ludus.lesson.${game}`;

// The finished steps' ids of a game's lesson (a Set); a stored value that is not a list of names
// (written by hand, or by another version) counts as nothing finished.
export function finishedSteps(store, game) {
  if (!store) return new Set();
  try {
    const ids = JSON.parse(store.getItem(storageKey(game)) ?? "[]");
    return new Set(Array.isArray(ids) ? ids.filter((id) => typeof id === "string") : []);
  } catch (error) {
    return new Set();
  }
}

export function markFinished(store, game, stepId) {
  if (!store) return;
  const ids = finishedSteps(store, game);
  ids.add(stepId);
  store.setItem(storageKey(game), JSON.stringify([...ids]));
}

export function forgetProgress(store, game) {
  store?.removeItem(storageKey(game));
}

// A step's chapter: "rules" unless the lesson's file names another ("strategy").
export const chapterOf = (step) => step.chapter ?? "rules";

// How far the lesson is: the steps finished of all (ids of steps no longer in the lesson do not
// count), and the same per chapter in the lesson's order.
export function progressOf(lesson, finished) {
  const chapters = [];
  for (const step of lesson.steps) {
    const name = chapterOf(step);
    let chapter = chapters.find((each) => each.chapter === name);
    if (!chapter) chapters.push((chapter = { chapter: name, done: 0, steps: 0 }));
    chapter.steps += 1;
    if (finished.has(step.id)) chapter.done += 1;
  }
  const done = chapters.reduce((sum, chapter) => sum + chapter.done, 0);
  return { done, steps: lesson.steps.length, chapters };
}

// Where the lesson starts again: its first step not finished (the first step when all are).
export function resumeIndex(lesson, finished) {
  const index = lesson.steps.findIndex((step) => !finished.has(step.id));
  return index < 0 ? 0 : index;
}
