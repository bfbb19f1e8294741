//# allFunctionsCalledOnLoad
// "Play a friend": a game held by the game server (`ludus serve`, docs/server.md) between two
// devices. The option appears in the new-game dialog only when a server answers (the app's own
// address, or ?server=URL): the app served by a static server, or offline, works as before.
// The creator gets a join link and its QR code (drawn here, qr.js); the friend opens the link and
// takes the other seat. Every move and roll goes to the server, which decides; the page plays what the server
// announces on its own copy of the game (the same library), so the board, the words and the
// sounds are those of a game on one device. A dropped connection reconnects by itself
// (server-client.js) and the server's welcome puts the game at its position again. Undo and
// draws are offers the friend answers. A spectators' link (or the lobby's list of games being
// played) shows a game without a seat: the board read-only, the moves as they are played.
import { $ } from "./config.js";
import { chosenSettings, confirmDialog } from "./dialogs.js";
import { t } from "./i18n.js";
import { isOver } from "./moves.js";
import { afterChange, playMove, showRolled, takeGame } from "./play.js";
import {
  createGame,
  findServer,
  gameView,
  joinGame,
  parseInvitation,
  parseWatchLink,
  SeatConnection,
} from "./server-client.js";
import { state } from "./state.js";
import { announce, say } from "./status.js";
import { narrate, refusalWords, sideName } from "./words.js";

const STORAGE_ONLINE = "ludus.online";
let serverBase = null;
let connection = null;
let serverFound = null;

/** The game server's address (the app's own, or ?server=URL) if one answers, else null; asked
 * once (the lobby, lobby.js, asks too). */
export function gameServer() {
  const asked = new URLSearchParams(location.search).get("server");
  const servedByServer = document.querySelector('meta[name="ludus-server"]')?.content === "here";
  serverFound ??=
    asked || servedByServer
      ? findServer(new URL(asked ? `${asked.replace(/\/*$/, "")}/` : ".", location.href).href)
      : Promise.resolve(null);
  return serverFound;
}

/** At the start: is there a server? Then the option, and an invitation in the address or a game
 * left open on this device. */
export async function offerFriendGames() {
  serverBase = await gameServer();
  document.body.dataset.server = serverBase ? "found" : "none";
  if (!serverBase) return;
  $("#play-friend").hidden = false;
  addEventListener("hashchange", invitationInAddress); // a link opened on the page already open
  if (await invitationInAddress()) return;
  const saved = savedRecord();
  if (saved && saved.base === serverBase) connect(saved);
}

// An invitation in the address is accepted, and taken out of it (it is used once); a spectators'
// link opens its game to watch.
async function invitationInAddress() {
  const invitation = parseInvitation(location.hash);
  const watched = parseWatchLink(location.hash);
  if (!invitation && !watched) return false;
  history.replaceState(null, "", location.pathname + location.search);
  if (invitation) await acceptInvitation(invitation);
  else watch(serverBase, watched.id);
  return true;
}

function savedRecord() {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_ONLINE) ?? "null");
  } catch {
    return null;
  }
}

// ---- creating and joining ------------------------------------------------------------------------

/** The new-game dialog closed with "play a friend": the game is created on the server, then
 * the invitation shown. */
export async function friendChosen() {
  if ($("#new-game-dialog").returnValue !== "friend" || !serverBase) return;
  const settings = chosenSettings();
  const dice = !$("#friend-dice").hidden && $("#friend-real-dice").checked ? "real" : "server";
  let created;
  try {
    created = await createGame(serverBase, settings.game, settings.options, 0, dice);
  } catch (error) {
    say(refusalWords(error.code, "online.create_failed"));
    return;
  }
  connect({
    base: serverBase,
    id: created.id,
    seat: created.seat,
    token: created.token,
    join: created.links.join,
  });
  showInvitation();
}

// The friend's link: the free seat taken; a game of real dice is joined once the visitor agrees.
async function acceptInvitation({ id, invite }) {
  let joined;
  try {
    const { dice } = await gameView(serverBase, id);
    if (dice === "real" && !(await confirmDialog(t("online.real_dice_agree"), t("dialog.yes"), t("dialog.no")))) {
      say(t("online.real_dice_declined"));
      return;
    }
    joined = await joinGame(serverBase, id, invite, dice);
  } catch (error) {
    say(refusalWords(error.code, "online.join_failed"));
    return;
  }
  connect({ base: serverBase, id: joined.id, seat: joined.seat, token: joined.token });
  state.online.greeting = t("online.joined", { side: sideName(joined.seat) }); // said once the game is on the board
}

/** The invitation's link and QR code, the code drawn on this device (qr.js, loaded the first time
 * an invitation is shown: the server draws none). */
export async function showInvitation() {
  const online = state.online;
  if (!online?.join) return;
  $("#invite-link").value = online.join;
  $("#invite-qr").alt = t("invite.qr");
  $("#invite-copied").textContent = "";
  $("#more-dialog").close();
  $("#invite-dialog").showModal();
  $("#invite-qr").removeAttribute("src");
  const { qrSvg } = await import("./qr.js");
  if (state.online !== online) return;
  $("#invite-qr").src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg(online.join))}`;
}

export async function copyInvitation() {
  const link = $("#invite-link").value;
  try {
    await navigator.clipboard.writeText(link);
    $("#invite-copied").textContent = t("invite.copied");
  } catch {
    $("#invite-link").select(); // no clipboard (an insecure origin): selected, for the visitor to copy
    $("#invite-copied").textContent = t("invite.select");
  }
}

// ---- the connection ------------------------------------------------------------------------------

/** Plays a seat of a game the server holds (`record`: base, id, seat, token; `lobby`: a game the
 * lobby paired, against a stranger). */
export function connect(record) {
  leaveOnlineGame();
  localStorage.setItem(STORAGE_ONLINE, JSON.stringify(record));
  state.online = {
    id: record.id,
    seat: record.seat,
    lobby: record.lobby ?? false,
    join: record.join ?? null,
    view: null,
    connection: "connecting",
    applying: false,
  };
  connection = new SeatConnection(record.base, record.id, record.token, {
    welcome,
    update,
    refused,
    connection: connectionChanged,
  });
}

/** Watches a game the server holds, without a seat (`lobby`: a game the lobby paired). */
export const watch = (base, id, lobby = false) => connect({ base, id, seat: null, token: null, lobby });

/** Whether the page watches a game it has no seat in. */
export const watching = () => state.online?.seat === null;

/** A game on this device instead: the server's game is left (it stays on the server). */
export function leaveOnlineGame() {
  connection?.close();
  connection = null;
  if (state.online) localStorage.removeItem(STORAGE_ONLINE);
  state.online = null;
  delete document.body.dataset.online;
}

/** The connection dropped as by a network failure (the browser test's way in). */
export const dropConnection = () => connection?.drop();

// The whole game from the server: at the first connection and after every reconnection.
function welcome({ view, state: saved }) {
  const online = state.online;
  if (!online) return;
  const game = state.Game.fromJSON(saved);
  const first = online.view === null;
  online.view = view;
  if (first) {
    takeGame(game, {
      game: view.game,
      options: withoutSeed(view.options),
      opponent: "human",
      computer: 1 - (online.seat ?? 0), // a spectator's settings: Light's, as a new game's
    });
    if (game.history.length > 0) narrate("clear"); // a game under way (the page reloaded): its opening was told
  } else {
    state.game.close();
    state.game = game;
    narrate("clear");
  }
  state.resigned = ["resigned", "timeout"].includes(view.end_reason) ? 1 - view.winner : null; // a lost on time too
  afterChange();
  shown(view);
  if (online.greeting) say(online.greeting, "info");
  online.greeting = null;
  if (view.offer && view.offer.by !== online.seat && !watching()) answerOffer(view.offer.kind); // made while away
}

// The version on the page (for the browser test, as data-online-version), once it is on the board.
const shown = (view) => {
  document.body.dataset.onlineVersion = String(view.version);
};

const withoutSeed = (options) => Object.fromEntries(Object.entries(options).filter(([name]) => name !== "seed"));

// A change the server stored, played on the page's copy as on one device.
function update({ event, view }) {
  const online = state.online;
  if (!online || !event) return resync(view);
  const expected = online.view ? online.view.version + 1 : null;
  online.view = view;
  if (event.version !== expected) return resync(view);
  online.applying = true;
  try {
    if (!playEvent(event)) return resync(view);
  } finally {
    online.applying = false;
  }
  if (!agrees(view)) resync(view);
  else shown(view);
}

function playEvent({ kind, seat, data }) {
  if (kind === "move") {
    const move = state.game.legalMoves().find((m) => m.text === data.move);
    if (!move) return false;
    playMove(move);
  } else if (kind === "roll") {
    try {
      state.game.setDice(data.dice);
    } catch {
      return false;
    }
    showRolled(seat, data.dice);
  } else if (kind === "resign" || kind === "timeout") {
    state.resigned = seat;
    afterChange();
  } else if (kind === "draw") {
    try {
      state.game.agreeDraw();
    } catch {
      return false;
    }
    afterChange();
  } else if (kind === "join") {
    if (seat !== state.online.seat && !watching()) say(t("online.friend_joined"), "info");
    afterChange();
  } else if (kind === "undo") {
    state.online.greeting = t("online.undone");
    return false; // the whole game again from the server
  } else if (kind === "offer") {
    if (seat === state.online.seat) say(t(`online.offer_sent.${data.kind}`), "info");
    else if (!watching()) answerOffer(data.kind);
    afterChange();
  } else if (kind === "decline") {
    if (seat !== state.online.seat && !watching()) say(t(`online.declined.${data.kind}`), "info");
    afterChange();
  } else {
    afterChange();
  }
  return true;
}

// The friend's offer (an undo of their last move, or a draw), answered in a dialog; not sent if
// the offer has gone meanwhile (the game over, the page reconnected to another state).
async function answerOffer(kind) {
  const online = state.online;
  if (online.answering) return;
  online.answering = true;
  const accept = await confirmDialog(t(`online.offer.${kind}`), t("draw.accept"), t("draw.decline"));
  online.answering = false;
  const pending = online.view?.offer;
  if (state.online === online && pending?.kind === kind && pending.by !== online.seat)
    sendOnline("answer", { kind, accept });
}

// The page's copy and the server's view say the same: the side to move and the moves legal.
function agrees(view) {
  if (view.status === "over" || view.status === "archived") return true;
  if (state.game.toMove !== view.to_move || state.game.phase !== view.phase) return false;
  const legal = state.game.phase === "move" ? state.game.legalMoves().map((m) => m.text) : [];
  return legal.length === view.legal.length && legal.every((text, i) => text === view.legal[i]);
}

function resync(view) {
  if (state.online && view) state.online.view = view;
  connection?.drop(); // the reconnection's welcome brings the whole game
}

function refused({ code }) {
  if (code === "stale") return; // the update with the position the server has is on its way
  say(refusalWords(code, "online.refused"));
}

function connectionChanged(status) {
  if (!state.online) return;
  const was = state.online.connection;
  state.online.connection = status;
  document.body.dataset.online = status;
  if (status === "lost" && was === "open") announce(t("online.lost"));
  if (state.game) afterChange();
}

// ---- the page's hooks -------------------------------------------------------------------------

/** Sends a player's action to the server (true: it is an online game, so the page does nothing
 * itself); the page plays it when the server announces it. */
export function sendOnline(type, fields) {
  const online = state.online;
  if (!online || online.applying) return false;
  if (watching()) say(refusalWords("spectator", "online.refused"));
  else if (online.connection !== "open" || !connection?.send(type, fields)) say(t("online.offline"));
  return true;
}

/** The friend's turn (or no friend yet, or no connection): the page waits. */
export const isRemoteTurn = () =>
  Boolean(state.online) &&
  !isOver() &&
  (state.online.connection !== "open" ||
    state.online.view?.status !== "playing" ||
    state.game.toMove !== state.online.seat);

/** The status line of an online game while this side waits, else null. */
export function onlineStatus() {
  const online = state.online;
  if (!online || isOver()) return null;
  if (online.connection !== "open") return t(online.view ? "online.reconnecting" : "online.connecting");
  if (watching()) return t("online.watching", { side: sideName(state.game.toMove) });
  if (online.view?.status === "waiting") return t("online.waiting");
  if (state.game.toMove !== online.seat)
    return t(online.lobby ? "lobby.opponent_turn" : "online.friend_turn", { side: sideName(state.game.toMove) });
  return null;
}

/** What the "more" dialog says of the players. */
export const onlinePlayers = () =>
  watching() ? t("players.watching") : t("players.online", { side: sideName(state.online.seat) });
