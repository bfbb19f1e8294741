"""The HTTP and WebSocket server (aiohttp): endpoints, limits, the games held in memory."""
from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import resource
import signal
import time
import weakref
from collections import OrderedDict
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web

from .. import __version__
from ..errors import LudusError
from ..game import Game, games
from .protocol import MAX_BODY_BYTES, BadMessage, _error, check_body, parse_client_message
from .lobby import Lobby
from .outbox import Outbox
from .room import Refused, Room, new_secret, token_hash
from .store import Store, Unavailable

__all__ = [
    "Limits",
    "Server",
    "make_app",
    "raise_file_limit",
    "connection_capacity",
    "RETRY_AFTER_S",
    "BUSY_CLOSE_CODE",
]

log = logging.getLogger("ludus.server")

#: a WebSocket frame above this closes the connection (1009); up to it a long message gets an error
FRAME_LIMIT = 65536
#: permessage-deflate, which browsers offer, is declined: the frames are small JSON (an update 1 KB,
#: 9 us of zlib a frame), and aiohttp keeps a compressor of 88 KiB resident for each connection that
#: accepts it (close to 1 GB for 10,000 players), with no way to compress only the large frames
COMPRESS_FRAMES = False
# The web app's page says whether a game server serves it (examples/web/index.html).
SERVER_MARK_STATIC = '<meta name="ludus-server" content="none">'
SERVER_MARK_HERE = '<meta name="ludus-server" content="here">'

# What an invitation or spectators' link opens on a server started without --app: how to take the
# seat with the Python client (the fragment, read by the page's script, fills in the call), and
# how to have the links open the web app. The fragment never reaches the server.
NO_APP_PAGE = """<!doctype html>
<html lang="en">
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>libludus game server</title>
<h1>libludus game server</h1>
<p>This server runs without the web app (it was started with <code>ludus serve</code>, without
<code>--app</code>), so its links cannot be played in this browser.</p>
<p id="what">The server's API is described in docs/server.md of libludus.</p>
<pre id="how"></pre>
<p>To play the links in a browser, the server's operator starts it with <code>ludus serve --app DIR</code>,
DIR the web app built by <code>bash .ci/web --build-only DIR</code>; this same link then opens the game.</p>
<script>
const base = new URL(".", location.href).href.replace(/\\/$/, "");
const join = /^#join=([A-Za-z0-9_-]+)\\.([A-Za-z0-9_-]+)$/.exec(location.hash);
const watch = /^#watch=([A-Za-z0-9_-]+)$/.exec(location.hash);
if (join) {
  document.getElementById("what").textContent = "This is an invitation to game " + join[1] +
    ". To take its seat with the Python client (ludus.server.client), then play it with GameClient:";
  document.getElementById("how").textContent = "python3 -c \\\"import asyncio; from ludus.server.client import join_game; " +
    "print(asyncio.run(join_game('" + base + "', '" + join[1] + "', '" + join[2] + "')))\\\"";
} else if (watch) {
  document.getElementById("what").textContent = "This is the spectators' link of game " + watch[1] + ". The game as everyone sees it:";
  document.getElementById("how").textContent = "GET " + base + "/api/games/" + watch[1];
}
</script>
</html>
"""

#: how long a client refused for the server's connection limit waits before it tries again
RETRY_AFTER_S = 2
#: the WebSocket close code of a connection refused for the server's connection limit (RFC 6455's
#: "Try Again Later"); its reason says when
BUSY_CLOSE_CODE = 1013
#: how long a process goes on without its database before it exits (with EXIT_DATABASE_DOWN) so
#: that its supervisor starts it again
DATABASE_GRACE_S = 60.0
#: the exit status of a process that could not reach its database for DATABASE_GRACE_S
EXIT_DATABASE_DOWN = 3
#: the file descriptors kept free of WebSockets at the file limit: the database, the listening
#: socket, HTTP requests and the connections accepted only to be refused
SPARE_FILES = 256


def raise_file_limit() -> int:
    """Raise this process's open-file limit to its hard limit (each connection is a file); returns
    the limit now in force."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError):
            pass
    return soft


def connection_capacity(file_limit: int) -> int:
    """The WebSockets a process with ``file_limit`` open files can hold and still accept (and
    refuse in words) the connections beyond them."""
    return max(16, file_limit - max(SPARE_FILES, file_limit // 10))


@dataclasses.dataclass
class Limits:
    """What one client may do (a client is an address: the peer's, or the proxy's
    X-Forwarded-For with ``trust_proxy``)."""

    messages_per_second: float = 20.0  # one connection, sustained (bursts of twice as many)
    address_messages_per_second: float = 400.0  # all connections of one address
    connections_per_address: int = 256
    requests_per_minute: int = 120  # HTTP requests of one address (game creation, joining)
    violations_before_close: int = 50  # refused messages before a connection is closed
    max_connections: int = 0  # WebSockets of the whole server (0: from the file limit)
    # the lobby (lobby.py)
    players_per_hour: int = 10  # new players of one address
    seeks_per_player: int = 3  # a player's open seeks
    games_per_address: int = 20  # lobby games being played and seeks open, of one address
    live_move_seconds: float = 300.0  # a live lobby game's time for a move


class Bucket:
    """A token bucket: ``rate`` a second, up to ``burst``."""

    __slots__ = ("rate", "burst", "tokens", "at")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.tokens, self.at = rate, burst, burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def full(self) -> bool:
        """As it would be for a newcomer: forgetting it changes nothing."""
        return self.tokens + (time.monotonic() - self.at) * self.rate >= self.burst


class Address:
    """One address's connections and rates. It is kept, whatever its connections do, until its
    buckets are full again (the end of their window): forgotten earlier, an address that closes
    its last connection would start again with full buckets."""

    def __init__(self, limits: Limits) -> None:
        self.connections = 0
        self.messages = Bucket(limits.address_messages_per_second, 2 * limits.address_messages_per_second)
        self.requests = Bucket(limits.requests_per_minute / 60.0, limits.requests_per_minute)
        self.players = Bucket(limits.players_per_hour / 3600.0, limits.players_per_hour)

    def forgettable(self) -> bool:
        return self.connections == 0 and self.messages.full() and self.requests.full() and self.players.full()


#: how often the addresses at rest are forgotten
FORGET_ADDRESSES_S = 30.0


def _unavailable(message: str) -> web.Response:
    response = _error(503, "unavailable", message)
    response.headers["Retry-After"] = str(RETRY_AFTER_S)
    return response


class Server:
    """The games of one server process."""

    def __init__(
        self,
        store: Store,
        limits: Optional[Limits] = None,
        allowed_origins: Optional[List[str]] = None,
        public_url: Optional[str] = None,
        trust_proxy: bool = False,
        archive_after: float = 30 * 86400.0,
        app_dir: Optional[str] = None,
        database_grace: float = DATABASE_GRACE_S,
    ) -> None:
        self.store = store
        self.database_grace = database_grace
        self.exit_status = 0
        self.limits = limits or Limits()
        self.allowed_origins = {o.rstrip("/") for o in (allowed_origins or [])}
        self.public_url = public_url.rstrip("/") if public_url else None
        self.trust_proxy = trust_proxy
        self.archive_after = archive_after
        self.app_dir = app_dir
        self.rooms: "weakref.WeakValueDictionary[str, Room]" = weakref.WeakValueDictionary()
        self._held: Dict[str, Room] = {}  # rooms with connections stay in memory
        self._loading: Dict[str, asyncio.Future] = {}
        self.addresses: Dict[str, Address] = {}
        self.started = time.time()
        self._tasks: List[asyncio.Task] = []
        self.sockets = 0  # WebSockets open (those counted against max_connections)
        self.refused_busy = 0
        self.qr_codes = InvitationCodes()
        if not self.limits.max_connections:
            self.limits.max_connections = connection_capacity(resource.getrlimit(resource.RLIMIT_NOFILE)[0])
        self.lobby = Lobby(self)

    @property
    def full(self) -> bool:
        return self.sockets >= self.limits.max_connections

    # ---- the pieces around a request ----------------------------------------------------------

    def address_of(self, request: web.Request) -> str:
        if self.trust_proxy:
            forwarded = request.headers.get("X-Forwarded-For")
            if forwarded:
                return forwarded.split(",")[-1].strip()
        return request.remote or "?"

    def address(self, name: str) -> Address:
        entry = self.addresses.get(name)
        if entry is None:
            entry = self.addresses[name] = Address(self.limits)
        return entry

    def origin_allowed(self, request: web.Request) -> bool:
        """No Origin (not a browser), the server's own origin, or one of ``--allow-origin``."""
        origin = request.headers.get("Origin")
        if origin is None:
            return True
        if origin.rstrip("/") in self.allowed_origins:
            return True
        host = request.headers.get("Host", "")
        parts = urlsplit(origin)
        return bool(parts.netloc) and parts.netloc == host and parts.scheme in ("http", "https")

    def base_url(self, request: web.Request) -> str:
        if self.public_url:
            return self.public_url
        scheme = request.headers.get("X-Forwarded-Proto", request.scheme) if self.trust_proxy else request.scheme
        return f"{scheme}://{request.host}"

    async def room(self, game_id: str) -> Optional[Room]:
        """The game, from memory or loaded from the database (once, however many ask at once)."""
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        pending = self._loading.get(game_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future = asyncio.get_running_loop().create_future()
        self._loading[game_id] = future
        try:
            record = await self.store.load(game_id)
            room = Room(record, self.store) if record is not None else None
            if room is not None:
                if room.lobby is not None:
                    room.lobby_store = self.lobby.records
                self.rooms[game_id] = room
            future.set_result(room)
            return room
        except BaseException as e:
            future.set_exception(e)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            del self._loading[game_id]

    # ---- HTTP ---------------------------------------------------------------------------------

    @web.middleware
    async def guard(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """Origin, the address's request rate, and no stack trace to any client."""
        if request.path.startswith("/api/"):
            if not self.origin_allowed(request):
                return _error(403, "origin", f"requests from {request.headers.get('Origin')} are not allowed")
            counted = request.method != "GET" or request.path.startswith(("/api/lobby/", "/api/players"))
            if counted and not self.address(self.address_of(request)).requests.take():
                return _error(429, "rate_limited", "too many requests: try again in a minute")
            if request.method == "POST" and self.full and not request.path.endswith("/qr"):
                # a new game or a join brings connections there is no room for
                self.refused_busy += 1
                response = _error(503, "busy", f"the server is at its connection limit: try again in {RETRY_AFTER_S} s")
                response.headers["Retry-After"] = str(RETRY_AFTER_S)
                return response
        try:
            return await handler(request)
        except web.HTTPException:
            raise
        except Unavailable as e:
            return _unavailable(str(e))
        except Exception:
            log.exception("%s %s failed", request.method, request.path)
            return _error(500, "internal", "the server failed: the request changed nothing")

    async def health(self, request: web.Request) -> web.Response:
        """200 while the database answers, 503 (with the database's state) while it does not."""
        status = "ok"
        try:
            await self.store.counts()  # the database answers
        except Unavailable:
            status = "unavailable"
        database = self.store.health()
        if database["state"] != "up":
            status = "unavailable"
        return web.json_response(
            {
                "status": status,
                "version": __version__,
                "database": self.store.describe(),
                "database_state": database,
                "games_in_memory": len(self.rooms),
                "connections": self.sockets,
                "max_connections": self.limits.max_connections,
                "refused_busy": self.refused_busy,
                "qr_codes_drawn": self.qr_codes.drawn,
                "store": self.store.stats(),
                "uptime_s": round(time.time() - self.started, 1),
                # which process answered, among several listening on one port (--reuse-port)
                "pid": os.getpid(),
            },
            status=200 if status == "ok" else 503,
        )

    async def catalogue(self, request: web.Request) -> web.Response:
        return web.json_response(games())

    async def _body(self, request: web.Request, definition: str) -> Dict[str, Any]:
        raw = await request.content.read(MAX_BODY_BYTES + 1)
        return check_body(definition, raw)

    async def create(self, request: web.Request) -> web.Response:
        try:
            body = await self._body(request, "create")
        except BadMessage as e:
            return _error(400, e.code, e.message)
        # without a seed the library draws one; any seed is written so that a browser's
        # JSON.parse reads it exactly (below 2^53 a number, from there up its digits)
        asked = dict(body.get("options") or {})
        try:
            with Game(body["game"], asked) as game:  # the library checks both
                options = game.options
        except LudusError as e:
            return _error(400, "bad_game", str(e))
        seat = int(body.get("seat", 0))
        token, invite = new_secret(), new_secret()
        hashes: List[Optional[str]] = [None, None]
        hashes[seat] = token_hash(token)
        game_id = new_secret()[:22]  # 131 bits: the spectators' link
        await self.store.create(
            {
                "id": game_id,
                "game": body["game"],
                "options": options,
                "dice": body.get("dice", "server"),
                "seat_hashes": hashes,
                "invite_hash": token_hash(invite),
                "status": "waiting",
                "meta": {"offer": None, "resigned": None},
                "created": time.time(),
            }
        )
        base = self.base_url(request)
        join_link = f"{base}/#join={game_id}.{invite}"
        created = {
            "id": game_id,
            "seat": seat,
            "token": token,
            "invite": invite,
            "dice": body.get("dice", "server"),
            "links": {
                "join": join_link,
                "watch": f"{base}/#watch={game_id}",
                "websocket": f"{base.replace('http', 'ws', 1)}/api/games/{game_id}/ws",
            },
        }
        if body.get("qr", True):
            # a quarter of the server's work at human pace: a client that draws its own says "qr": false
            created["join_qr_svg"] = self.qr_codes.of(game_id, join_link)
        return web.json_response(created, status=201)

    async def _invited(self, request: web.Request, definition: str) -> Tuple[Any, Dict[str, Any]]:
        """The game of an invitation (the body's ``invite``) and the body; a refusal's answer in
        place of the game if the body or the invitation is not one."""
        import hmac

        try:
            body = await self._body(request, definition)
        except BadMessage as e:
            return _error(400, e.code, e.message), {}
        room = await self.room(request.match_info["game"])
        if room is None or not hmac.compare_digest(room.invite_hash, token_hash(body["invite"])):
            return _error(404, "no_game", "no game with this invitation"), body
        return room, body

    async def invitation_qr(self, request: web.Request) -> web.Response:
        """The invitation's QR code, for a client that shows it: drawn once a game, when first
        asked (a client that only copies the link never costs one)."""
        room, body = await self._invited(request, "invitation")
        if isinstance(room, web.Response):
            return room
        if all(room.seat_hashes):
            return _error(409, "seat_taken", "this invitation has been used: the seat is taken")
        join_link = f"{self.base_url(request)}/#join={room.id}.{body['invite']}"
        return web.json_response({"join_qr_svg": self.qr_codes.of(room.id, join_link)})

    async def join(self, request: web.Request) -> web.Response:
        room, body = await self._invited(request, "join")
        if isinstance(room, web.Response):
            return room
        if room.dice == "real" and body.get("dice") != "real":
            return _error(
                409,
                "dice_agreement",
                "this game is played with real dice typed by the players: " 'join with "dice": "real" to agree',
            )
        free = [i for i, h in enumerate(room.seat_hashes) if h is None]
        if not free:
            return _error(409, "seat_taken", "this invitation has been used: the seat is taken")
        token = new_secret()
        try:
            await room.take_seat(free[0], token_hash(token))
        except Refused as e:
            return _error(409, e.code, e.message)
        return web.json_response({"id": room.id, "seat": free[0], "token": token, "dice": room.dice})

    async def show(self, request: web.Request) -> web.Response:
        room = await self.room(request.match_info["game"])
        if room is None:
            return _error(404, "no_game", "no such game")
        return web.Response(text=room.view_text(), content_type="application/json")

    async def no_app_index(self, request: web.Request) -> web.Response:
        """The page the links open on a server without the web app (not a 404)."""
        return web.Response(text=NO_APP_PAGE, content_type="text/html")

    async def index(self, request: web.Request) -> web.StreamResponse:
        """The app's page, marked as served by a game server: the page asks for games only then
        (on a static host it asks nothing, and logs no failed request)."""
        assert self.app_dir is not None
        page = (Path(self.app_dir) / "index.html").read_text(encoding="utf-8")
        return web.Response(text=page.replace(SERVER_MARK_STATIC, SERVER_MARK_HERE, 1), content_type="text/html")

    # ---- the WebSocket ------------------------------------------------------------------------

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        address_name = self.address_of(request)
        address = self.address(address_name)
        if address.connections >= self.limits.connections_per_address:
            return _error(429, "too_many_connections", "too many connections from this address")
        room = await self.room(request.match_info["game"])
        if room is None:
            return _error(404, "no_game", "no such game")
        transport = request.transport
        ws = web.WebSocketResponse(max_msg_size=FRAME_LIMIT, heartbeat=30.0, compress=COMPRESS_FRAMES)
        await ws.prepare(request)
        if self.full:
            # Upgraded only to be closed in words: a browser sees a close code and its reason, never
            # a refused handshake's status.
            self.refused_busy += 1
            await ws.close(code=BUSY_CLOSE_CODE, message=f"server busy: retry after {RETRY_AFTER_S} s".encode())
            return ws
        self.sockets += 1
        address.connections += 1
        outbox = Outbox(ws, transport)
        self._held[room.id] = room
        bucket = Bucket(self.limits.messages_per_second, 2 * self.limits.messages_per_second)
        seat: Optional[int] = None
        greeted = False
        violations = 0
        try:
            async for frame in ws:
                if frame.type != WSMsgType.TEXT:
                    if frame.type == WSMsgType.BINARY:
                        _send_error(outbox, None, "bad_frame", "messages are JSON text frames")
                        violations += 1
                    continue
                ident = None
                try:
                    message = parse_client_message(frame.data)
                    ident = message.get("id")
                    if not bucket.take() or not address.messages.take():
                        raise BadMessage("rate_limited", "too many messages: slow down")
                    kind = message["type"]
                    if kind == "ping":
                        outbox.send_json({"type": "pong", "id": ident})
                    elif kind == "hello":
                        if "token" in message:
                            found = room.seat_of(message["token"])
                            if found is None:
                                raise Refused("bad_token", "this token is not a seat's of this game")
                            seat = found
                        else:
                            seat = None
                        greeted = True
                        room.connections.add(outbox)
                        outbox.send(room.welcome(seat, message.get("since"), ident))
                    elif not greeted:
                        raise Refused("hello_first", "send hello (with a seat's token, or none to watch) first")
                    else:
                        version = await room.change(seat, message)
                        outbox.send_json({"type": "ack", "id": ident, "version": version})
                except Unavailable as e:
                    _send_error(outbox, ident, "unavailable", str(e), room.version)
                except (BadMessage, Refused) as e:
                    violations += 1
                    if ident is None and isinstance(e, BadMessage):
                        ident = e.ident  # a valid id in a message refused by its schema
                    _send_error(outbox, ident, e.code, e.message, room.version)
                    if violations >= self.limits.violations_before_close:
                        await outbox.close(1008, b"too many refused messages")
                        break
                except (ConnectionResetError, asyncio.CancelledError):
                    raise
                except Exception:
                    log.exception("game %s: a message failed", room.id)
                    _send_error(
                        outbox, ident, "internal", "the server failed: the message changed nothing", room.version
                    )
        finally:
            self.sockets -= 1
            outbox.stop()
            forget_traceback(ws.exception())
            room.connections.discard(outbox)
            address.connections -= 1
            if not room.connections:
                self._held.pop(room.id, None)
        return ws

    # ---- changes from elsewhere ------------------------------------------------------------------

    def changed_elsewhere(self, game_id: str, version: int) -> None:
        """Another process wrote ``version`` of a game (PostgreSQL's NOTIFY), or paired a seek
        (its id, version 0)."""
        self.lobby.wake(game_id)
        room = self.rooms.get(game_id)
        if room is not None and (version < 0 or version > room.version):
            asyncio.get_running_loop().create_task(self._catch_up(room))

    def announcements_missed(self) -> None:
        """The listener was down: every game in memory may have changed elsewhere meanwhile."""
        for room in list(self.rooms.values()):
            asyncio.get_running_loop().create_task(self._catch_up(room))

    async def _catch_up(self, room: Room) -> None:
        """Read the game's new events; while the database is down, again and again (the player
        waiting for the opponent's move sends nothing that would find it)."""
        wait = 0.1
        while True:
            try:
                await room.catch_up()
                return
            except Unavailable:
                await asyncio.sleep(wait)
                wait = min(2.0, wait * 2)
            except Exception:
                log.exception("game %s: catching up failed", room.id)
                return

    async def database_watch(self) -> None:
        """Exit (EXIT_DATABASE_DOWN) once the database has not answered for ``database_grace``
        seconds: the process is of no use until it answers, and its supervisor (systemd's
        Restart=) starts it again."""
        while True:
            await asyncio.sleep(min(1.0, self.database_grace / 4))
            down = self.store.down_for()
            if down > self.database_grace:
                log.critical(
                    "the database has not answered for %.0f s (%s): exiting with status %d",
                    down,
                    self.store.health().get("error", ""),
                    EXIT_DATABASE_DOWN,
                )
                self.exit_status = EXIT_DATABASE_DOWN
                os.kill(os.getpid(), signal.SIGTERM)  # aiohttp's graceful exit: the sockets closed in words
                return

    def forget_addresses(self) -> None:
        """Drop the records of the addresses with no connection whose limits are at rest."""
        for name in [name for name, entry in self.addresses.items() if entry.forgettable()]:
            del self.addresses[name]

    async def forget_loop(self) -> None:
        while True:
            await asyncio.sleep(FORGET_ADDRESSES_S)
            self.forget_addresses()

    async def archive_loop(self) -> None:
        period = max(0.2, min(60.0, self.archive_after / 4))
        while True:
            await asyncio.sleep(period)
            try:
                for game_id in await self.store.archive_idle(self.archive_after):
                    room = self.rooms.get(game_id)
                    if room is not None:
                        await room.catch_up()
            except Exception:
                log.exception("archiving failed")

    async def on_startup(self, app: web.Application) -> None:
        self.store.start()
        self.store.listen(asyncio.get_running_loop(), self.changed_elsewhere, self.announcements_missed)
        self._tasks.append(asyncio.get_running_loop().create_task(self.archive_loop()))
        self._tasks.append(asyncio.get_running_loop().create_task(self.database_watch()))
        self._tasks.append(asyncio.get_running_loop().create_task(self.forget_loop()))
        self._tasks.append(asyncio.get_running_loop().create_task(self.lobby.loop()))

    async def on_shutdown(self, app: web.Application) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(
            *(
                outbox.close(1001, b"server shutting down")
                for room in list(self._held.values())
                for outbox in list(room.connections)
            )
        )

    async def on_cleanup(self, app: web.Application) -> None:
        self.store.close()


def _send_error(outbox: Outbox, ident: Any, code: str, message: str, version: Optional[int] = None) -> None:
    reply: Dict[str, Any] = {"type": "error", "id": ident, "code": code, "message": message}
    if version is not None:
        reply["version"] = version
    outbox.send_json(reply)


#: a QR code's module, in the SVG's millimetres
QR_MODULE_MM = 0.8


class InvitationCodes:
    """The invitations' QR codes drawn, by game: each drawn once, when first asked for (at the
    game's creation, or by POST /api/games/{id}/qr), the last ``limit`` games' kept."""

    def __init__(self, limit: int = 2048) -> None:
        self.limit, self.drawn = limit, 0
        self._codes: "OrderedDict[str, Tuple[str, str]]" = OrderedDict()

    def of(self, game_id: str, link: str) -> str:
        """The SVG of ``link``, the join link of ``game_id``."""
        kept = self._codes.get(game_id)
        if kept is not None and kept[0] == link:
            self._codes.move_to_end(game_id)
            return kept[1]
        svg = _qr_svg(link)
        self.drawn += 1
        self._codes[game_id] = (link, svg)
        self._codes.move_to_end(game_id)
        while len(self._codes) > self.limit:
            self._codes.popitem(last=False)
        return svg


def _qr_svg(text: str) -> str:
    """The link as a QR code (SVG), for a phone's camera: one path of the dark modules, a row's
    run of them a rectangle (qrcode's own SVG images take half as long again as the code itself,
    drawing each module alone, and a game's creation is the server's dearest request)."""
    import qrcode

    code = qrcode.QRCode(border=4)
    code.add_data(text)
    code.make(fit=True)  # with the mask that reads best
    matrix = code.get_matrix()
    size = len(matrix)
    runs = []
    for y, row in enumerate(matrix):
        x = 0
        while x < size:
            if not row[x]:
                x += 1
                continue
            start = x
            while x < size and row[x]:
                x += 1
            runs.append(f"M{start} {y}h{x - start}v1h-{x - start}z")
    side = f"{size * QR_MODULE_MM:g}mm"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{side}" height="{side}" '
        f'viewBox="0 0 {size} {size}" shape-rendering="crispEdges">'
        f'<path d="{"".join(runs)}" fill="#000000"/></svg>'
    )


def forget_traceback(error: Optional[BaseException]) -> None:
    """Drop the frames an error (and the errors it arose from) holds. aiohttp keeps the error of
    a connection reset under a WebSocket in the WebSocket, and the error's traceback holds the
    WebSocket's frames: a cycle per lost connection that only the garbage collector's rare passes
    over a busy server would free (`tune_garbage_collector`)."""
    while error is not None:
        error.__traceback__ = None
        error = error.__context__


def make_app(server: Server) -> web.Application:
    app = web.Application(middlewares=[server.guard], client_max_size=MAX_BODY_BYTES)
    app.router.add_get("/health", server.health)
    app.router.add_get("/api/catalogue", server.catalogue)
    app.router.add_post("/api/games", server.create)
    app.router.add_get("/api/games/{game}", server.show)
    app.router.add_post("/api/games/{game}/join", server.join)
    app.router.add_post("/api/games/{game}/qr", server.invitation_qr)
    app.router.add_get("/api/games/{game}/ws", server.websocket)
    server.lobby.routes(app)
    if server.app_dir:
        app.router.add_get("/", server.index)
        app.router.add_get("/index.html", server.index)
        app.router.add_static("/", server.app_dir)
    else:
        app.router.add_get("/", server.no_app_index)
    app.on_startup.append(server.on_startup)
    app.on_shutdown.append(server.on_shutdown)
    app.on_cleanup.append(server.on_cleanup)
    return app
