//# allFunctionsCalledOnLoad
import { STORAGE_CURRENT } from "./config.js";
import { state } from "./state.js";
import { narrate } from "./words.js";
import { defaultSettings } from "./settings.js";

// ---- save and restore --------------------------------------------------------------------------

export function save() {
  // a lesson's position, or the analysis board's, is not the visitor's game (kept saved as it was)
  if (state.lesson || state.analysis) return;
  localStorage.setItem(
    STORAGE_CURRENT,
    JSON.stringify({
      settings: state.settings,
      resigned: state.resigned,
      endShown: state.endShown,
      started: state.started,
      ended: state.ended,
      state: state.game.toJSON(),
    }),
  );
}

export function restore() {
  const text = localStorage.getItem(STORAGE_CURRENT);
  if (text === null) return false;
  try {
    const saved = JSON.parse(text);
    const restored = state.Game.fromJSON(saved.state);
    state.game?.close();
    state.game = restored;
    state.settings = { ...defaultSettings(), ...saved.settings };
    state.resigned = saved.resigned ?? null;
    state.endShown = Boolean(saved.endShown);
    state.started = saved.started ?? null;
    state.ended = saved.ended ?? null;
    narrate("clear");
    return true;
  } catch (error) {
    localStorage.removeItem(STORAGE_CURRENT);
    return false;
  }
}
