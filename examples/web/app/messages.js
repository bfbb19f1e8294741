//# allFunctionsCalledOnLoad
// The current message catalogue and its look-up: a message by key with {name} placeholders; a
// plural message is an object of Intl.PluralRules categories ({"one": ..., "other": ...}) chosen
// by the parameter "count". No DOM here (i18n.js loads the catalogues): it loads in Node.
let messages = {};
let plurals = new Intl.PluralRules("en");

/** Makes messages (a parsed i18n/TAG.json) the current catalogue, for language tag. */
export function setMessages(tag, catalogue) {
  messages = catalogue;
  plurals = new Intl.PluralRules(tag);
}

/** Whether the catalogue has a message for key. */
export const has = (key) => Object.hasOwn(messages, key);

/** The message of key with its {placeholders} filled; the fallback (or the key) when missing. */
export function t(key, params = {}, fallback = key) {
  let message = has(key) ? messages[key] : fallback;
  if (typeof message === "object" && message !== null)
    message = message[plurals.select(params.count ?? 0)] ?? message.other;
  return String(message).replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}
