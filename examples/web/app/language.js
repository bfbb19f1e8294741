//# allFunctionsCalledOnLoad
import { render } from "./board.js";
import { $ } from "./config.js";
import { languageName, LANGUAGES, translatePage, useLanguage } from "./i18n.js";
import { state } from "./state.js";
import { announce, say } from "./status.js";

// ---- language ----------------------------------------------------------------------------------

// The selector offers every language of i18n.js's list, each named in itself (and marked so).
$("#language").replaceChildren(
  ...LANGUAGES.map((tag) => Object.assign(new Option(languageName(tag), tag), { lang: tag })),
);

export async function setLanguage(tag, remember = false) {
  await useLanguage(tag, remember);
  translatePage();
  // What was said in the language left behind is not left on the page in the new one.
  say("");
  announce("");
  $("#language").value = tag;
  $("link[rel=manifest]").href = `manifest.${tag}.webmanifest`;
  if (state.game) render();
}
