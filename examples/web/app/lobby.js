// The lobby: games against strangers through the game server (docs/server.md, "The lobby"),
// with ratings. Offered when a game server answers (friend.js's gameServer), but not in a kiosk
// unless its kiosk.json says "lobby": true. The device keeps an anonymous player (the server's
// token, in localStorage: no name, no e-mail). The lobby screen (a dialog) seeks a game (game,
// ruleset, pace) or asks for a quick game, lists the open seeks to accept, the games being
// played (to watch), the player's games and ratings; a paired game is played as a friend's is (friend.js's
// connect, the player's token its seat). At its end the new rating is shown; a player coming
// back is told which games wait for their move.
import { $ } from "./config.js";
import { connect, gameServer, watch } from "./friend.js";
import { t } from "./i18n.js";
import * as lobbyServer from "./lobby-client.js";
import { catalogueOf, state } from "./state.js";
import { say } from "./status.js";
import { gameName, refusalWords } from "./words.js";

const STORAGE_PLAYER = "ludus.player";
// A seek's owner waits for its pairing in requests of this many seconds (the server's longest).
const WAIT_S = 25;
// The paces offered: live, or days a move.
const PACES = [{ pace: "live" }, { pace: "correspondence", days: 1 }, { pace: "correspondence", days: 3 }];
const DEFAULT_RULESET = "standard";

let base = null;
let waiting = null; // the seek this page waits on: {id, cancelled}
let rated = null; // the lobby game whose end's rating is still to show

/** At the start: a game server answering, the lobby offered; a returning player told of the
 * games waiting for their move. */
export async function offerLobby() {
  base = await gameServer();
  $("#play-lobby").hidden = !base;
  document.body.dataset.lobby = base ? "on" : "none";
  if (!base) return;
  const player = savedPlayer();
  if (!player) return;
  try {
    const mine = await lobbyServer.myLobby(base, player.token);
    if (mine.your_turn > 0) say(t("lobby.your_turn", { count: mine.your_turn }), "info");
  } catch {
    // a server that lost this player (another database): a new one is made when the lobby opens
  }
}

function savedPlayer() {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_PLAYER) ?? "null");
    return saved?.base === base ? saved : null;
  } catch {
    return null;
  }
}

async function player() {
  const saved = savedPlayer();
  if (saved) return saved;
  const made = await lobbyServer.newPlayer(base);
  const record = { base, player: made.player, token: made.token };
  localStorage.setItem(STORAGE_PLAYER, JSON.stringify(record));
  return record;
}

// ---- the screen ----------------------------------------------------------------------------------

/** The lobby's dialog, from the new-game dialog. */
export async function openLobby() {
  $("#new-game-dialog").close();
  $("#lobby-me").textContent = ""; // until the server's answer is shown
  fillChoices();
  $("#lobby-dialog").showModal();
  await refresh();
}

function fillChoices() {
  const games = $("#lobby-game");
  const chosen = games.value || state.game?.id || state.catalogue[0]?.id;
  games.replaceChildren(...state.catalogue.map((entry) => option(entry.id, gameName(entry.id))));
  games.value = chosen;
  fillRulesets();
  const paces = $("#lobby-pace");
  const pace = paces.value || "0";
  paces.replaceChildren(...PACES.map((p, i) => option(String(i), paceName(p))));
  paces.value = pace;
}

export function fillRulesets() {
  const game = $("#lobby-game").value;
  const values = catalogueOf(game)?.options?.ruleset?.values ?? [];
  $("#lobby-ruleset-field").hidden = values.length === 0;
  $("#lobby-ruleset").replaceChildren(...values.map((v) => option(v, rulesetName(game, v))));
}

const option = (value, text) => Object.assign(document.createElement("option"), { value, textContent: text });
const rulesetName = (game, ruleset) =>
  ruleset === DEFAULT_RULESET ? "" : t(`ruleset.${game}.${ruleset}`, {}, ruleset);
const paceName = ({ pace, days }) =>
  pace === "live" ? t("lobby.pace_live") : t("lobby.pace_days", { days, count: days });
const kindName = (entry) =>
  [gameName(entry.game), rulesetName(entry.game, entry.ruleset), paceName(entry)].filter(Boolean).join(", ");

function wanted() {
  const game = $("#lobby-game").value;
  const asked = { game, ...PACES[Number($("#lobby-pace").value)] };
  if (!$("#lobby-ruleset-field").hidden) asked.ruleset = $("#lobby-ruleset").value;
  return asked;
}

/** The player's ratings and games, the open seeks and the games being played, read again. */
export async function refresh() {
  let mine, seeks, live;
  try {
    const me = await player();
    [mine, seeks, live] = await Promise.all([
      lobbyServer.myLobby(base, me.token),
      lobbyServer.openSeeks(base),
      lobbyServer.liveGames(base),
    ]);
  } catch (error) {
    $("#lobby-me").textContent = refusalWords(error.code, "lobby.failed");
    return;
  }
  showMine(mine);
  list(
    "#lobby-seeks",
    seeks.filter((seek) => seek.player !== mine.player),
    (seek) =>
      item(
        t("lobby.seek_entry", { kind: kindName(seek), rating: seek.rating.rating }),
        t("lobby.accept"),
        () => accept(seek.id),
        "seek",
      ),
    "lobby.no_seeks",
  );
  list(
    "#lobby-live",
    live,
    (game) =>
      item(
        t("lobby.live_entry", {
          kind: kindName(game),
          first: game.players[0].rating,
          second: game.players[1].rating,
        }),
        t("lobby.watch"),
        () => watchGame(game.id),
        "watch",
      ),
    "lobby.no_live",
  );
}

function showMine(mine) {
  const game = $("#lobby-game").value;
  const rating = mine.ratings.find((r) => r.game === game) ?? null;
  $("#lobby-me").textContent = rating
    ? t("lobby.rating", {
        game: gameName(game),
        rating: rating.rating,
        deviation: rating.deviation,
        games: rating.games,
      })
    : t("lobby.no_rating", { game: gameName(game) });
  document.body.dataset.lobbyRating = rating ? String(rating.rating) : "";
  list(
    "#lobby-games",
    mine.games,
    (game) => {
      const result =
        game.status === "over"
          ? t(`lobby.result_${game.result}`)
          : t(game.your_turn ? "lobby.your_move" : "lobby.their_move");
      const change = game.rating ? t("lobby.change", { before: game.rating.before, after: game.rating.after }) : "";
      const text = [kindName(game), result, change].filter(Boolean).join(" · ");
      return game.status === "playing"
        ? item(text, t("lobby.play"), () => play(game.id, game.seat), "game")
        : item(text);
    },
    "lobby.no_games",
  );
}

function list(selector, entries, render, emptyKey) {
  const box = $(selector);
  box.replaceChildren(...(entries.length ? entries.map(render) : [item(t(emptyKey))]));
}

function item(text, action, onClick, kind) {
  const li = document.createElement("li");
  const span = document.createElement("span");
  span.textContent = text;
  li.append(span);
  if (action) {
    const button = Object.assign(document.createElement("button"), { type: "button", textContent: action });
    button.dataset.lobby = kind;
    button.addEventListener("click", onClick);
    li.append(button);
  }
  return li;
}

// ---- seeking and playing -------------------------------------------------------------------------

/** "Quick game" or "Seek": paired at once, or a seek this page waits on. */
export async function seekGame(quick) {
  if (waiting) return;
  let answer;
  try {
    const me = await player();
    answer = await (quick ? lobbyServer.quickGame : lobbyServer.openSeek)(base, me.token, wanted());
  } catch (error) {
    $("#lobby-waiting").textContent = refusalWords(error.code, "lobby.failed");
    return;
  }
  if (answer.status === "paired") return play(answer.game_id, answer.seat);
  await waitFor(answer);
}

async function waitFor(seek) {
  const me = await player();
  const wait = { id: seek.id, cancelled: false };
  waiting = wait;
  $("#lobby-waiting").textContent = t("lobby.waiting", { kind: kindName(seek) });
  $("#lobby-cancel").hidden = false;
  try {
    while (!wait.cancelled) {
      let found;
      try {
        found = await lobbyServer.waitForSeek(base, me.token, seek.id, WAIT_S);
      } catch (error) {
        if (error.code === "network") continue; // the server is back soon: the seek waits 60 s
        $("#lobby-waiting").textContent = t("lobby.seek_gone");
        return;
      }
      if (found.status === "paired" && !wait.cancelled) return play(found.game_id, found.seat);
    }
  } finally {
    if (waiting === wait) waiting = null;
    $("#lobby-cancel").hidden = true;
  }
}

export async function cancelWaiting() {
  const wait = waiting;
  if (!wait) return;
  wait.cancelled = true;
  $("#lobby-waiting").textContent = "";
  try {
    await lobbyServer.cancelSeek(base, (await player()).token, wait.id);
  } catch {
    // paired meanwhile (the game is in the player's games) or gone already
  }
  await refresh();
}

async function accept(id) {
  try {
    const paired = await lobbyServer.acceptSeek(base, (await player()).token, id);
    play(paired.game_id, paired.seat);
  } catch (error) {
    $("#lobby-waiting").textContent = refusalWords(error.code, "lobby.failed");
    await refresh();
  }
}

async function play(id, seat) {
  const me = await player();
  $("#lobby-waiting").textContent = "";
  $("#lobby-dialog").close();
  connect({ base, id, seat, token: me.token, lobby: true });
  rated = id;
  watchTheEnd();
}

// A game being played, watched: the board read-only, its moves shown as they are played.
function watchGame(id) {
  $("#lobby-dialog").close();
  watch(base, id, true);
}

// The lobby game's end: the player's new rating, in the end panel and said.
function watchTheEnd() {
  const timer = setInterval(async () => {
    if (state.online?.id !== rated) return clearInterval(timer);
    if (state.online.view?.status !== "over") return;
    clearInterval(timer);
    rated = null;
    let mine;
    try {
      mine = await lobbyServer.myLobby(base, (await player()).token);
    } catch {
      return;
    }
    const game = mine.games.find((g) => g.id === state.online?.id);
    if (!game?.rating) return;
    const text = t("lobby.rated", { before: game.rating.before, after: game.rating.after });
    $("#end-rating").textContent = text;
    $("#end-rating").hidden = false;
    document.body.dataset.lobbyRating = String(game.rating.after);
    say(text, "info");
    const shown = setInterval(() => {
      if (state.online?.id === game.id) return;
      $("#end-rating").hidden = true; // another game now: its end is not this one's
      clearInterval(shown);
    }, 500);
  }, 500);
}
