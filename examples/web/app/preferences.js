//# allFunctionsCalledOnLoad
import { $, KIOSK, PACE } from "./config.js";
import { PACE_FACTORS, paceOf } from "./settings.js";

// ---- the visitor's preferences: sound, pace ----------------------------------------------------

// Remembered on this device outside the kiosk; in the kiosk never stored, and back to the
// defaults for the next visitor (kiosk.js). Sound is off by default everywhere: a phone that
// makes noise unasked in a museum's rooms disturbs the other visitors (the switch is one tap).
const STORAGE_SOUND = "ludus.sound";
const STORAGE_PACE = "ludus.pace";
const storedPace = () => {
  const stored = KIOSK ? null : localStorage.getItem(STORAGE_PACE);
  return Object.hasOwn(PACE_FACTORS, stored ?? "") ? stored : "normal";
};

let sound = !KIOSK && localStorage.getItem(STORAGE_SOUND) === "on";
let pace = storedPace();

export const soundOn = () => sound;
/** ms between the computer's actions, at the visitor's pace (a factor of the address's). */
export const currentPace = () => paceOf(PACE, pace);

export function toggleSound() {
  sound = !sound;
  if (!KIOSK) localStorage.setItem(STORAGE_SOUND, sound ? "on" : "off");
  showPreferences();
}

export function paceChosen(event) {
  if (!Object.hasOwn(PACE_FACTORS, event.target.value)) return;
  pace = event.target.value;
  if (!KIOSK) localStorage.setItem(STORAGE_PACE, pace);
}

export function resetPreferences() {
  sound = false;
  pace = "normal";
  showPreferences();
}

export function showPreferences() {
  $("#sound").setAttribute("aria-pressed", String(sound));
  for (const input of document.querySelectorAll("#pace input")) input.checked = input.value === pace;
}
