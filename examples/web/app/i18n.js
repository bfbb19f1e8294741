//# allFunctionsCalledOnLoad
// The app's words: every visible string comes from a message catalogue (i18n/it.json,
// i18n/en.json, ...), looked up by key (messages.js).
// The languages are those of i18n/languages.json, the one list (the service worker and the build
// read it too): a language is its catalogue i18n/TAG.json, its rules/TAG/ folder and its tag there.
import { setMessages, t } from "./messages.js";

export { has, t } from "./messages.js";

export const LANGUAGES = await fetch("i18n/languages.json").then((response) => response.json());
const STORAGE_LANGUAGE = "ludus.language";

let language = "en";

/** The language to start in: the page address's (?lang=it, ?lang=de, e.g. for a kiosk), else the
 * one chosen before on this device, else the first of the browser's preferred that the app has,
 * else English. */
export function preferredLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (LANGUAGES.includes(asked)) return asked;
  const chosen = localStorage.getItem(STORAGE_LANGUAGE);
  if (LANGUAGES.includes(chosen)) return chosen;
  const browser = (navigator.languages || [navigator.language]).map((tag) => String(tag).slice(0, 2).toLowerCase());
  return browser.find((tag) => LANGUAGES.includes(tag)) ?? "en";
}

/** Loads a catalogue and makes it the current language (remembered on this device when the
 * visitor chose it). */
export async function useLanguage(tag, remember) {
  const response = await fetch(`i18n/${tag}.json`);
  setMessages(tag, await response.json());
  language = tag;
  if (remember) localStorage.setItem(STORAGE_LANGUAGE, tag);
  document.documentElement.lang = tag;
}

export const currentLanguage = () => language;

/** A language's name in that language ("Deutsch", "Italiano"), as the language selector offers
 * it: from the browser's Intl data, so that a new language needs no entry in the other
 * catalogues. */
export function languageName(tag) {
  const name = new Intl.DisplayNames([tag], { type: "language" }).of(tag);
  return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
}

/** Fills every element with data-i18n (its text), data-i18n-label (aria-label) and
 * data-i18n-title (title) from the catalogue. */
export function translatePage(root = document) {
  for (const element of root.querySelectorAll("[data-i18n]")) element.textContent = t(element.dataset.i18n);
  for (const element of root.querySelectorAll("[data-i18n-label]"))
    element.setAttribute("aria-label", t(element.dataset.i18nLabel));
  for (const element of root.querySelectorAll("[data-i18n-title]")) element.title = t(element.dataset.i18nTitle);
}
