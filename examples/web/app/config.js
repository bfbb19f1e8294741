//# allFunctionsCalledOnLoad
import { LANGUAGES } from "./i18n.js";

export const $ = (selector) => document.querySelector(selector);
export const SVG_NS = "http://www.w3.org/2000/svg";
export const STORAGE_CURRENT = "ludus.current";
const params = new URLSearchParams(location.search);
export const KIOSK = params.get("kiosk") === "1" || localStorage.getItem("ludus.kiosk") === "1";
// A kiosk's settings file, kiosk.json next to the app ({"museum": "...", "lang": "it"}): the
// museum edits it once; the address (?museum=, ?lang=) wins over it. Read only in kiosk mode.
const kioskFile = KIOSK
  ? await fetch("kiosk.json")
      .then((response) => (response.ok ? response.json() : {}))
      .catch(() => ({}))
  : {};
const setting = (name) => params.get(name) ?? (typeof kioskFile?.[name] === "string" ? kioskFile[name] : null);
// The kiosk's language: its address's (?lang=), else its file's, else Italian. In kiosk mode a
// visitor's choice is never stored: every visitor (after the idle reset or a reload) starts in this one.
export const MUSEUM_LANGUAGE = LANGUAGES.includes(setting("lang")) ? setting("lang") : "it";
// The games a kiosk offers (?games=ID,ID or kiosk.json's "games", a list of ids or a string like
// the address's; none: every game of the catalogue, state.js offeredCatalogue).
const chosenGames = params.get("games") ?? kioskFile?.games ?? [];
export const CHOSEN_GAMES = (Array.isArray(chosenGames) ? chosenGames : String(chosenGames).split(",")).map((id) =>
  String(id).trim(),
);
// The lobby (app/lobby.js: strangers and ratings, through a game server) in a kiosk: off unless
// kiosk.json says "lobby": true.
export const KIOSK_LOBBY = kioskFile?.lobby === true;
// The museum's name on the attract screen ("" for none).
export const MUSEUM_NAME = (setting("museum") ?? "").trim();
// Where the Royal Game of Ur's solved tables are (ur-RULESET-PIECES-DICE.table, made by `ludus
// solve ur`): the folder tables/ next to the app, else the address's or kiosk.json's "tables"
// (e.g. ?tables=https://tables.example.org/ur/); its server must answer byte ranges (docs/web.md).
export const TABLES = new URL(setting("tables") || "tables/", location.href).href;
export const IDLE_MS = 1000 * Number(params.get("idle") || 180); // the kiosk's idle time (default 3 minutes)
// ms between the computer's actions (its roll, each move): each stays on screen alone at least
// this long, for a visitor to read it (?pace=MS; the tests shorten it); the visitor's pace
// control (preferences.js) multiplies it
export const PACE = Number(params.get("pace") || 1200);
// ms a download of the engine may take before the page says it is slow (?slow=MS; the tests
// shorten it): it goes on waiting, and offers to try again.
export const SLOW_LOAD_MS = Number(params.get("slow") || 20000);
export const REDUCED_MOTION = matchMedia("(prefers-reduced-motion: reduce)");
// The window's size, read again when it changes: reading innerWidth or innerHeight lays the page
// out, which a render should leave to the frame (this listener runs before the render's own).
export let viewport = { width: innerWidth, height: innerHeight };
addEventListener("resize", () => {
  viewport = { width: innerWidth, height: innerHeight };
});
