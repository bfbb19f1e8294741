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

/** The key of a message that depends on a game's ruleset, the most specific the catalogue has:
 * PREFIX.RULESET, else PREFIX.FAMILY (the ruleset's name before "_": "kowalski" for
 * "kowalski_10x11"), else PREFIX (the game's words for every other ruleset). With a part
 * ("setup"), the key whose PREFIX...PART exists. */
export function rulesetKey(prefix, ruleset, part) {
  const found = (key) => has(part === undefined ? key : `${key}.${part}`);
  if (ruleset !== undefined && ruleset !== null) {
    if (found(`${prefix}.${ruleset}`)) return `${prefix}.${ruleset}`;
    const family = String(ruleset).split("_")[0];
    if (found(`${prefix}.${family}`)) return `${prefix}.${family}`;
  }
  return prefix;
}

// The kind of the dice being thrown, as the catalogue says ("sticks": Senet's throwing sticks;
// main.js says how to find it): a message KEY.KIND, where the catalogue has one, is said
// instead of KEY ("action.roll.sticks": "Throw the sticks").
let diceKindNow = () => null;
export function setDiceKind(kindOf) {
  diceKindNow = kindOf;
}

/** The message of key with its {placeholders} filled; the fallback (or the key) when missing. */
export function t(key, params = {}, fallback = key) {
  const kind = diceKindNow();
  const own = kind && has(`${key}.${kind}`) ? `${key}.${kind}` : key;
  let message = has(own) ? messages[own] : fallback;
  if (typeof message === "object" && message !== null)
    message = message[plurals.select(params.count ?? 0)] ?? message.other;
  return String(message).replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}
