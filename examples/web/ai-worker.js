// The computer player thinks here, off the page's thread: the page sends the saved state and
// the search options, the worker answers with the move the library chooses.
import { Game } from "./ludus-engine.js";

self.onmessage = ({ data: { id, state, options } }) => {
  let game = null;
  try {
    game = Game.fromJSON(state);
    self.postMessage({ id, move: game.aiMove(options) });
  } catch (error) {
    self.postMessage({ id, error: error.message });
  } finally {
    game?.free();
  }
};
