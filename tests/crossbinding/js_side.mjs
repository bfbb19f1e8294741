// The JavaScript side of tests/crossbinding/run.py: makes and saves games as a JavaScript user
// does, and loads the games the other bindings saved as a JavaScript user does.
//
//   node js_side.mjs PACKAGE REQUEST.json ANSWER.json
//
// PACKAGE is the package's entry (a wasm build's bindings/js/node/index.js). REQUEST is
// {"make": [case...]} or {"load": [text...]}, as run.py's docstring describes; the answer is
// {"catalogue": ..., "made": [...]} or {"loaded": [...]}.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [packagePath, requestPath, answerPath] = process.argv.slice(2);
const { Game, games } = await import(pathToFileURL(packagePath).href);
const request = JSON.parse(readFileSync(requestPath, "utf8"));

// Plays `picks.length` steps: a roll with the game's own generator, or the legal move
// picks[i] % (the number of legal moves).
function play(game, picks) {
  for (const pick of picks) {
    if (game.isOver) break;
    if (game.phase === "roll") game.roll();
    else {
      const actions = game.actions();
      game.applyAction(actions[pick % actions.length]);
    }
  }
}

// What run.py compares (its fingerprint() does the same): the library's text of the game, its
// legal moves, and the game after FUTURE_STEPS more steps on a copy (the dice to come).
const FUTURE_STEPS = 12;
function fingerprint(game) {
  const future = game.copy();
  play(future, Array(FUTURE_STEPS).fill(0));
  const print = {
    text: game.toJSONText(),
    phase: game.phase,
    legal: game.legalMoves().map((m) => m.text),
    future: future.toJSONText(),
  };
  future.close();
  return print;
}

// A seed as a JavaScript user gives one: a Number when it is one exactly, else a BigInt or the
// string of its digits (run.py says which).
function jsOptions(c) {
  const options = { ...c.options };
  if (c.seed !== null) {
    const seed = BigInt(c.seed);
    options.seed = seed < 2n ** 53n ? Number(seed) : c.js_seed_as === "bigint" ? seed : c.seed;
  }
  return options;
}

function attempt(body) {
  try {
    return body();
  } catch (error) {
    return { error: `${error.name}: ${error.message}` };
  }
}

let answer;
if (request.make) {
  answer = {
    catalogue: JSON.stringify(games()),
    made: request.make.map((c) =>
      attempt(() => {
        const game = new Game(c.game, jsOptions(c));
        play(game, c.picks);
        const made = {
          fingerprint: fingerprint(game),
          options_seed: String(game.options.seed),
          saved: { "js JSON.stringify(game)": JSON.stringify(game), "js game.toJSONText()": game.toJSONText() },
        };
        game.close();
        return made;
      }),
    ),
  };
} else {
  const loaders = {
    "js Game.fromJSON(JSON.parse(text))": (text) => Game.fromJSON(JSON.parse(text)),
    "js Game.fromJSON(text)": (text) => Game.fromJSON(text),
  };
  answer = {
    loaded: request.load.map((text) =>
      Object.fromEntries(
        Object.entries(loaders).map(([way, load]) => [
          way,
          attempt(() => {
            const game = load(text);
            const print = fingerprint(game);
            game.close();
            return print;
          }),
        ]),
      ),
    ),
  };
}
writeFileSync(answerPath, JSON.stringify(answer));
