// The game server's lobby (docs/server.md, "The lobby"): an anonymous player, the token kept by
// the device; seeks, quick games, the player's games and ratings, the games being played. No
// DOM: fetch only (server-client.js's requests), so that it loads in Node too.
import { request } from "./server-client.js";

const bearer = (token) => ({ Authorization: `Bearer ${token}` });
const sent = (method, token, body) => ({
  method,
  headers: { ...bearer(token), "Content-Type": "application/json" },
  body: JSON.stringify(body),
});
const seekPath = (id) => `api/lobby/seeks/${encodeURIComponent(id)}`;

/** A new anonymous player: {player, token}. */
export const newPlayer = (base) => request(base, "api/players", { method: "POST" });

/** The player's ratings, games (whose turn, results) and open seeks; your_turn counts the games
 * waiting for the player. */
export const myLobby = (base, token) => request(base, "api/players/me", { headers: bearer(token) });

/** The open seeks, oldest first, each with its player's rating. */
export const openSeeks = async (base) => (await request(base, "api/lobby/seeks")).seeks;

/** The lobby's games being played, the last changed first. */
export const liveGames = async (base) => (await request(base, "api/lobby/games")).games;

/** `wanted`: {game, ruleset, pace, days}. A seek: the open seek. */
export const openSeek = (base, token, wanted) => request(base, "api/lobby/seeks", sent("POST", token, wanted));

/** A quick game: paired at once ({status: "paired", game_id, seat}) or a seek opened ("open"). */
export const quickGame = (base, token, wanted) => request(base, "api/lobby/quick", sent("POST", token, wanted));

/** Plays the seek's player: {status: "paired", game_id, seat}. */
export const acceptSeek = (base, token, id) =>
  request(base, `${seekPath(id)}/accept`, { method: "POST", headers: bearer(token) });

/** The player's own seek once paired, or as it is after `seconds`. */
export const waitForSeek = (base, token, id, seconds) =>
  request(base, `${seekPath(id)}?wait=${seconds}`, { headers: bearer(token) });

export const cancelSeek = (base, token, id) =>
  request(base, seekPath(id), { method: "DELETE", headers: bearer(token) });
