//# allFunctionsCalledOnLoad
import { startAttract, stopAttract } from "./attract.js";
import { $, IDLE_MS, KIOSK, MUSEUM_LANGUAGE, STORAGE_CURRENT } from "./config.js";
import { currentLanguage } from "./i18n.js";
import { setLanguage } from "./language.js";
import { startGame } from "./play.js";
import { resetPreferences } from "./preferences.js";
import { defaultSettings } from "./settings.js";

// ---- kiosk -------------------------------------------------------------------------------------

let idleTimer = 0;

// The next visitor's start: the museum's language, the default game, settings and preferences
// (sound off, the normal pace); the attract screen plays meanwhile.
export async function showAttract() {
  localStorage.removeItem(STORAGE_CURRENT);
  for (const dialog of document.querySelectorAll("dialog[open]")) dialog.close();
  if (currentLanguage() !== MUSEUM_LANGUAGE) await setLanguage(MUSEUM_LANGUAGE);
  resetPreferences();
  startGame(defaultSettings());
  $("#attract").hidden = false;
  document.body.dataset.attract = "true";
  await startAttract();
}

export function leaveAttract() {
  stopAttract();
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
