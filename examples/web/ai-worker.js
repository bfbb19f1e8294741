// The computer thinks here, off the page's thread: the page sends the saved state, what it
// asks for (kind: its move, a hint, an answer to a draw offer; the page tells them apart) and
// the search options; the worker answers with the move the library chooses and its search.
// It says {ready: true} first, once its engine is loaded: a message sent before would be lost.
import { Game } from "./ludus-engine.js";

self.onmessage = ({ data: { id, kind, state, options } }) => {
  let game = null;
  try {
    game = Game.fromJSON(state);
    self.postMessage({ id, kind, move: game.aiMove(options) });
  } catch (error) {
    self.postMessage({ id, kind, error: error.message });
  } finally {
    game?.free();
  }
};
self.postMessage({ ready: true });
