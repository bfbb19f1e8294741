"""Strangers and ratings: anonymous players, the lobby's seeks, quick games, Glicko-2 ratings,
each player's games, the games being played, and the move deadline of every lobby game.

A player is a token the server issues (``POST /api/players``; kept by the device, stored only
as its hash, no e-mail) and sends as ``Authorization: Bearer TOKEN``. A seek asks for a game
(game, ruleset, pace); anyone else accepts it, or asks for a quick game, which takes the oldest
seek alike or opens one. The lobby's game is then an ordinary game of the server whose two
seats are the players' own tokens: each plays it over the game's WebSocket with ``hello`` and
that token. Every change starts the clock of the one the game waits for (``live``: minutes, a
correspondence game: days); a player who lets it run out loses (end reason ``timeout``); the
end of a game rates both players in its game and ruleset. docs/server.md, "The lobby".
"""
from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import Any, Dict, Optional, Tuple

from aiohttp import web

from ..errors import LudusError
from ..game import Game, games
from .lobby_store import LobbyStore, Pairing
from .protocol import BadMessage, _error
from .room import new_secret, token_hash
from .store import Unavailable

__all__ = ["Lobby", "LOBBY_TICK_S", "DEFAULT_RULESET", "MAX_WAIT_S"]

log = logging.getLogger("ludus.server")

#: how often a process looks for the games whose deadline passed
LOBBY_TICK_S = 1.0
#: how often the seeks no longer wanted are dropped
FORGET_SEEKS_S = 60.0
#: the ruleset of a game that has a single one (no "ruleset" option)
DEFAULT_RULESET = "standard"
#: the longest a seek's owner may wait for it in one request (GET ...?wait=)
MAX_WAIT_S = 30.0
#: the token → player cache's size (a player's requests ask the database nothing more)
MAX_KNOWN_TOKENS = 100000


def _address_key(address: str) -> str:
    """An address as the lobby stores it (for its limits): hashed, never the address."""
    return token_hash("address " + address)[:32]


class Lobby:
    """The lobby of one server process (its records are the database's, shared by processes)."""

    def __init__(self, server: Any) -> None:
        """``server``: app.py's Server (its store, limits, addresses, rooms)."""
        self.server = server
        self.records = LobbyStore(server.store)
        self._players: Dict[str, str] = {}  # token hash → player id
        self._waiting: Dict[str, asyncio.Event] = {}  # seek id → set when it is paired
        self._rulesets: Optional[Dict[str, Tuple[str, Tuple[str, ...]]]] = None
        self.timeouts = 0

    # ---- who asks ----------------------------------------------------------------------------

    async def player(self, request: web.Request) -> Optional[str]:
        """The player whose token the request bears, or None."""
        header = request.headers.get("Authorization", "")
        scheme, _, token = header.partition(" ")
        token = token.strip()
        if scheme.lower() != "bearer" or not (20 <= len(token) <= 100):
            return None
        digest = token_hash(token)
        known = self._players.get(digest)
        if known is None:
            known = await self.records.player_of(digest)
            if known is not None:
                if len(self._players) >= MAX_KNOWN_TOKENS:
                    self._players.clear()
                self._players[digest] = known
        return known

    def rulesets(self) -> Dict[str, Tuple[str, Tuple[str, ...]]]:
        """Each game's default ruleset and its rulesets (the library's catalogue)."""
        if self._rulesets is None:
            found = {}
            for entry in games():
                option = entry.get("options", {}).get("ruleset")
                if option is None:
                    found[entry["id"]] = (DEFAULT_RULESET, (DEFAULT_RULESET,))
                else:
                    found[entry["id"]] = (str(option["default"]), tuple(str(v) for v in option["values"]))
            self._rulesets = found
        return self._rulesets

    def move_seconds(self, pace: str, days: int) -> float:
        """The time a player has for a move at ``pace``."""
        return self.server.limits.live_move_seconds if pace == "live" else days * 86400.0

    # ---- the requests ------------------------------------------------------------------------

    async def new_player(self, request: web.Request) -> web.Response:
        if not self.server.address(self.server.address_of(request)).players.take():
            return _error(429, "too_many_players", "too many new players from this address: try again later")
        token, player_id = new_secret(), new_secret()[:16]
        await self.records.add_player(player_id, token_hash(token))
        return web.json_response({"player": player_id, "token": token}, status=201)

    async def me(self, request: web.Request) -> web.Response:
        player = await self.player(request)
        if player is None:
            return _no_player()
        return web.json_response(await self.records.player(player))

    async def _seek_asked(self, request: web.Request) -> Any:
        """The seek a player's request asks for (not stored yet), or the refusal's response."""
        player = await self.player(request)
        if player is None:
            return _no_player()
        try:
            body = await self.server._body(request, "seek")
        except BadMessage as e:
            return _error(400, e.code, e.message)
        known = self.rulesets().get(body["game"])
        if known is None:
            return _error(400, "bad_game", f"no game {body['game']!r} (GET /api/catalogue)")
        ruleset = body.get("ruleset", known[0])
        if ruleset not in known[1]:
            return _error(400, "bad_game", f"{body['game']} has no ruleset {ruleset!r}: one of {', '.join(known[1])}")
        return {
            "id": new_secret()[:22],
            "player": player,
            "game": body["game"],
            "ruleset": ruleset,
            "pace": body["pace"],
            "days": int(body.get("days", 0)),
            "address": _address_key(self.server.address_of(request)),
            "created": time.time(),
        }

    def _new_game(self, game: str, ruleset: str, first_to_act: Any = None) -> Dict[str, Any]:
        """What a paired game is made of: its id, its options (the seed drawn), the seeker's
        seat (drawn), its clock's length and who acts first."""
        with Game(game, {} if ruleset == DEFAULT_RULESET else {"ruleset": ruleset}) as made:
            options, to_move = made.options, made.to_move
        return {
            "id": new_secret()[:22],
            "options": options,
            "seeker_seat": secrets.randbelow(2),
            "invite_hash": token_hash(new_secret()),  # nobody is invited: the lobby seats both
            "move_seconds": self.move_seconds,
            "first_to_act": to_move,
            "created": time.time(),
            "per_address": self.server.limits.games_per_address,
        }

    def _paired(self, request: web.Request, pairing: Pairing, player: str) -> Dict[str, Any]:
        seat = pairing["seats"].index(player)
        base = self.server.base_url(request)
        self.wake(pairing["seek"])
        return {
            "status": "paired",
            "seek": pairing["seek"],
            "game_id": pairing["game_id"],
            "seat": seat,
            "opponent": pairing["seats"][1 - seat],
            "game": pairing["game"],
            "ruleset": pairing["ruleset"],
            "pace": pairing["pace"],
            "days": pairing["days"],
            "links": _links(base, pairing["game_id"]),
        }

    async def open_seek(self, request: web.Request) -> web.Response:
        seek = await self._seek_asked(request)
        if isinstance(seek, web.Response):
            return seek
        limits = self.server.limits
        stored = await self.records.open_seek(seek, limits.seeks_per_player, limits.games_per_address)
        if isinstance(stored, str):
            return _refusal(stored)
        return web.json_response(_public_seek(stored), status=201)

    async def quick(self, request: web.Request) -> web.Response:
        seek = await self._seek_asked(request)
        if isinstance(seek, web.Response):
            return seek
        limits = self.server.limits
        try:
            game = self._new_game(seek["game"], seek["ruleset"])
        except LudusError as e:
            return _error(400, "bad_game", str(e))
        found = await self.records.quick(seek, game, limits.seeks_per_player, limits.games_per_address)
        if isinstance(found, str):
            return _refusal(found)
        if isinstance(found, Pairing):
            return web.json_response(self._paired(request, found, seek["player"]), status=201)
        return web.json_response(_public_seek(found), status=202)

    async def accept(self, request: web.Request) -> web.Response:
        player = await self.player(request)
        if player is None:
            return _no_player()
        seek_id = request.match_info["seek"]
        kind = await self.records.kind_of(seek_id)
        if kind is None:
            return _refusal("no_seek")
        pairing = await self.records.accept(
            seek_id, player, _address_key(self.server.address_of(request)), self._new_game(*kind)
        )
        if isinstance(pairing, str):
            return _refusal(pairing)
        return web.json_response(self._paired(request, pairing, player), status=201)

    async def seeks(self, request: web.Request) -> web.Response:
        game = request.query.get("game")
        return web.json_response({"seeks": [_public_seek(s) for s in await self.records.seeks(game)]})

    async def seek(self, request: web.Request) -> web.Response:
        """A seek's owner asks whether it was paired, waiting up to ``wait`` seconds for it."""
        player = await self.player(request)
        if player is None:
            return _no_player()
        try:
            wait = min(MAX_WAIT_S, max(0.0, float(request.query.get("wait", "0"))))
        except ValueError:
            return _error(400, "bad_message", "wait: a number of seconds")
        seek_id = request.match_info["seek"]
        deadline = time.monotonic() + wait
        event = self._waiting.setdefault(seek_id, asyncio.Event())
        try:
            while True:
                event.clear()
                found = await self.records.seek(seek_id, touch=True)
                if found is None or found["player"] != player:
                    return _refusal("no_seek")
                left = deadline - time.monotonic()
                if found["status"] == "paired" or left <= 0:
                    break
                try:
                    # woken by a pairing here or another process's announcement; asked again
                    # every few seconds in case an announcement was lost
                    await asyncio.wait_for(event.wait(), min(left, 5.0))
                except asyncio.TimeoutError:
                    pass
        finally:
            self._waiting.pop(seek_id, None)
        answer = _public_seek(found)
        if found["status"] == "paired":
            answer["links"] = _links(self.server.base_url(request), found["game_id"])
        return web.json_response(answer)

    async def cancel(self, request: web.Request) -> web.Response:
        player = await self.player(request)
        if player is None:
            return _no_player()
        if not await self.records.cancel_seek(request.match_info["seek"], player):
            return _refusal("no_seek")
        return web.json_response({"status": "cancelled"})

    async def live(self, request: web.Request) -> web.Response:
        base = self.server.base_url(request)
        found = await self.records.live()
        for game in found:
            game["links"] = {"watch": f"{base}/#watch={game['id']}"}
        return web.json_response({"games": found})

    # ---- pairings and deadlines ---------------------------------------------------------------

    def wake(self, seek_id: str) -> None:
        """The seek was paired (here, or by another process): its owner's request answers."""
        event = self._waiting.get(seek_id)
        if event is not None:
            event.set()

    async def expire_overdue(self) -> int:
        """End the games whose player to act let the deadline pass; how many."""
        ended = 0
        for game_id, version in await self.records.overdue(time.time()):
            room = await self.server.room(game_id)
            if room is not None and await room.expire(version):
                ended += 1
        self.timeouts += ended
        return ended

    async def loop(self) -> None:
        forgotten_at = time.monotonic()
        while True:
            await asyncio.sleep(LOBBY_TICK_S)
            try:
                await self.expire_overdue()
                if time.monotonic() - forgotten_at > FORGET_SEEKS_S:
                    forgotten_at = time.monotonic()
                    await self.records.forget_seeks()
            except Unavailable:
                pass  # the database is down: the deadlines are enforced once it is back
            except Exception:
                log.exception("the lobby's deadlines failed")

    def routes(self, app: web.Application) -> None:
        app.router.add_post("/api/players", self.new_player)
        app.router.add_get("/api/players/me", self.me)
        app.router.add_get("/api/lobby/seeks", self.seeks)
        app.router.add_post("/api/lobby/seeks", self.open_seek)
        app.router.add_get("/api/lobby/seeks/{seek}", self.seek)
        app.router.add_delete("/api/lobby/seeks/{seek}", self.cancel)
        app.router.add_post("/api/lobby/seeks/{seek}/accept", self.accept)
        app.router.add_post("/api/lobby/quick", self.quick)
        app.router.add_get("/api/lobby/games", self.live)


def _links(base: str, game_id: str) -> Dict[str, str]:
    return {
        "watch": f"{base}/#watch={game_id}",
        "websocket": f"{base.replace('http', 'ws', 1)}/api/games/{game_id}/ws",
    }


def _public_seek(seek: Dict[str, Any]) -> Dict[str, Any]:
    """A seek as the API shows it: never its address."""
    return {k: v for k, v in seek.items() if k != "address"}


def _no_player() -> web.Response:
    return _error(401, "no_player", "no player with this token: send Authorization: Bearer TOKEN of POST /api/players")


def _refusal(code: str) -> web.Response:
    """The answer to what the lobby's records refused (each code's words)."""
    if code == "too_many_seeks":
        return _error(429, "too_many_seeks", "too many open seeks: cancel one or wait for it to be accepted")
    if code == "too_many_games":
        return _error(429, "too_many_games", "too many lobby games and seeks from this address: finish some first")
    if code == "own_seek":
        return _error(409, "own_seek", "this is your own seek: another player accepts it")
    return _error(404, "no_seek", "no such open seek (accepted, cancelled or expired)")
