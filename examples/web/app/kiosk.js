//# allFunctionsCalledOnLoad
import { $, IDLE_MS, KIOSK, MUSEUM_LANGUAGE, STORAGE_CURRENT } from "./config.js";
import { currentLanguage } from "./i18n.js";
import { setLanguage } from "./language.js";
import { startGame } from "./play.js";
import { defaultSettings } from "./settings.js";

// ---- kiosk -------------------------------------------------------------------------------------

let idleTimer = 0;

// The next visitor's start: the museum's language, the default game and settings.
export async function showAttract() {
  localStorage.removeItem(STORAGE_CURRENT);
  for (const dialog of document.querySelectorAll("dialog[open]")) dialog.close();
  if (currentLanguage() !== MUSEUM_LANGUAGE) await setLanguage(MUSEUM_LANGUAGE);
  startGame(defaultSettings());
  $("#attract").hidden = false;
  document.body.dataset.attract = "true";
}

export function leaveAttract() {
  $("#attract").hidden = true;
  delete document.body.dataset.attract;
  document.documentElement.requestFullscreen?.().catch(() => {});
  activity();
}

export function activity() {
  if (!KIOSK) return;
  clearTimeout(idleTimer);
  idleTimer = setTimeout(showAttract, IDLE_MS);
}
