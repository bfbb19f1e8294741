// The game server's protocol (docs/server.md): creating and joining a game over HTTP, then one
// seat's WebSocket, which reconnects by itself and asks for what it missed. No DOM and no
// engine: fetch and WebSocket only (a browser's, or Node's), so that it loads in Node too.

const HEALTH_TIMEOUT_MS = 2500;
// Reconnection waits: doubled after each failure, up to the last.
const RETRY_MS = [250, 500, 1000, 2000, 4000];
// A quiet connection is tested with a ping; no answer within PONG_MS and it is given up (a
// phone's network that went away closes nothing: the socket would wait for ever).
const PING_MS = 15000;
const PONG_MS = 8000;
// A full server (503 with Retry-After, or a WebSocket closed with 1013 "Try Again Later") is
// asked again after the wait it names (at least BUSY_MS), a request at most BUSY_TRIES times.
const BUSY_CLOSE_CODE = 1013;
const BUSY_MS = 2000;
const BUSY_TRIES = 3;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const retryAfterMs = (seconds) => Math.max(BUSY_MS, 1000 * (Number.parseFloat(seconds) || 0));

/** The server's base address (ending in "/") if a game server answers there, else null: an app
 * served by a static server or opened offline has none. */
export async function findServer(base) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), HEALTH_TIMEOUT_MS);
  try {
    const response = await fetch(new URL("health", base), { signal: controller.signal, cache: "no-store" });
    if (!response.ok) return null;
    const health = await response.json();
    return health?.status === "ok" ? base : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** A refused request: `code` is the server's (or "network"), for the page to say in its words. */
export class ServerError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

async function post(base, path, body) {
  return request(base, path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** A request to the server: its JSON answer, or ServerError with the server's code. */
export async function request(base, path, init = {}) {
  let response;
  for (let tries = 1; ; tries += 1) {
    try {
      response = await fetch(new URL(path, base), { ...init, cache: "no-store" });
    } catch (error) {
      throw new ServerError("network", String(error));
    }
    if (response.status !== 503 || tries === BUSY_TRIES) break;
    await sleep(retryAfterMs(response.headers.get("Retry-After"))); // the server is full for now
  }
  const answer = await response.json().catch(() => ({}));
  if (!response.ok)
    throw new ServerError(answer.error ?? `http_${response.status}`, answer.message ?? response.statusText);
  return answer;
}

/** A new game on the server, the creator in `seat`: {id, seat, token, invite, links: {join, watch}}.
 * `dice`: "server" (the server rolls) or "real" (the players type in the dice they threw). No QR
 * code: the app draws its own (qr.js), sparing the server its dearest work. */
export const createGame = (base, game, options, seat = 0, dice = "server") =>
  post(base, "api/games", { game, options, seat, dice, qr: false });

/** The game as everyone sees it (docs/server.md): its game, options, dice, seats, position. */
export const gameView = (base, id) => request(base, `api/games/${encodeURIComponent(id)}`);

/** The free seat of an invitation ("#join=ID.INVITE"'s two parts): {id, seat, token}. `dice`
 * agrees to the game's dice: a game of real dice refuses "server" with the code "dice_agreement". */
export const joinGame = (base, id, invite, dice = "server") =>
  post(base, `api/games/${encodeURIComponent(id)}/join`, { invite, dice });

/** "ID.INVITE" of a join link's fragment ("#join=ID.INVITE"), or null. */
export function parseInvitation(hash) {
  const found = /^#join=([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(hash ?? "");
  return found ? { id: found[1], invite: found[2] } : null;
}

/** The game of a spectators' link ("#watch=ID", the server's `links.watch`): {id}, else null. */
export function parseWatchLink(hash) {
  const found = /^#watch=([A-Za-z0-9_-]+)$/.exec(hash ?? "");
  return found ? { id: found[1] } : null;
}

/** One seat's connection to a game, or a spectator's (`token` null: the moves shown as they are
 * played, none sent). `handlers`: welcome(message) with the whole game (at the
 * first connection and after each reconnection), update(message) for each stored change,
 * refused(error) for a message the server refused, connection(status) with "connecting",
 * "open" or "lost". send() names the version the last view showed. */
export class SeatConnection {
  constructor(base, id, token, handlers, { WebSocketClass = globalThis.WebSocket } = {}) {
    const url = new URL(`api/games/${encodeURIComponent(id)}/ws`, base);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    Object.assign(this, { url: url.href, token, handlers, WebSocketClass });
    this.version = null; // the last version the server showed: `since` when reconnecting
    this.status = "connecting";
    this.failures = 0;
    this.nextId = 1;
    this.socket = null;
    this.closed = false;
    this.timers = { retry: 0, ping: 0, pong: 0 };
    this.open();
  }

  open() {
    if (this.closed) return;
    this.setStatus("connecting");
    const socket = new this.WebSocketClass(this.url);
    this.socket = socket;
    socket.onopen = () => {
      const hello = { type: "hello" };
      if (this.token) hello.token = this.token; // none: a spectator
      if (this.version !== null) hello.since = this.version;
      socket.send(JSON.stringify(hello));
    };
    socket.onmessage = (event) => this.received(socket, event.data);
    socket.onclose = (event) => this.lost(socket, event);
    socket.onerror = () => {}; // a close follows, which reconnects
  }

  received(socket, text) {
    if (socket !== this.socket) return;
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    this.quietAgain();
    if (message.view?.version !== undefined) this.version = message.view.version;
    if (message.type === "welcome") {
      this.failures = 0;
      this.setStatus("open");
      this.handlers.welcome?.(message);
    } else if (message.type === "update") {
      this.handlers.update?.(message);
    } else if (message.type === "error") {
      this.handlers.refused?.(message);
    }
  }

  // Nothing heard for PING_MS: a ping; no answer for PONG_MS after it: the connection is dead.
  quietAgain() {
    clearTimeout(this.timers.ping);
    clearTimeout(this.timers.pong);
    this.timers.ping = setTimeout(() => {
      this.sendRaw({ type: "ping" });
      this.timers.pong = setTimeout(() => this.drop(), PONG_MS);
    }, PING_MS);
  }

  lost(socket, event = {}) {
    if (socket !== this.socket) return;
    clearTimeout(this.timers.ping);
    clearTimeout(this.timers.pong);
    this.socket = null;
    if (this.closed) return;
    this.setStatus("lost");
    // a full server says when to come back ("server busy: retry after 2 s")
    const busy =
      event.code === BUSY_CLOSE_CODE ? retryAfterMs(/retry after ([\d.]+)/.exec(event.reason ?? "")?.[1]) : 0;
    const wait = busy || RETRY_MS[Math.min(this.failures, RETRY_MS.length - 1)];
    this.failures += 1;
    this.timers.retry = setTimeout(() => this.open(), wait);
  }

  /** Closes the socket as a network failure would: the connection comes back by itself. */
  drop() {
    this.socket?.close();
  }

  setStatus(status) {
    if (status === this.status) return;
    this.status = status;
    this.handlers.connection?.(status);
  }

  sendRaw(message) {
    if (this.socket?.readyState !== 1) return false; // OPEN
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** A change (move, roll, offer, answer, resign) about the version last shown; false when the
   * connection is down (nothing is queued: the position may have changed meanwhile). */
  send(type, fields = {}) {
    if (this.status !== "open") return false;
    return this.sendRaw({ type, id: this.nextId++, version: this.version, ...fields });
  }

  /** For good: no reconnection. */
  close() {
    this.closed = true;
    for (const timer of Object.values(this.timers)) clearTimeout(timer);
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }
}
