"""A small asyncio client of ``ludus serve`` (aiohttp): create or join a game, play, watch.

::

    created = await create_game("http://127.0.0.1:8080", "petteia")
    friend = await join_game("http://127.0.0.1:8080", created["id"], created["invite"])
    async with GameClient("http://127.0.0.1:8080", created["id"], created["token"]) as me:
        await me.move(me.view["legal"][0])

A client whose connection drops connects again by itself (for up to ``reconnect_for`` seconds)
and resumes: a request sent before the drop is answered from the events the server stored, so
a move the server accepted is never played twice, and one it never received is sent again.
"""
from __future__ import annotations

import asyncio
import itertools
import json
import random
import re
from typing import Any, Callable, Dict, List, Optional

import aiohttp

__all__ = ["ServerError", "ServerBusy", "GameClient", "LobbyClient", "create_game", "invitation_qr", "join_game"]

#: the close code of a WebSocket the server had no room for (RFC 6455's "Try Again Later")
BUSY_CLOSE_CODE = 1013


class ServerError(Exception):
    """The server refused a request: ``code`` (see docs/server.md) and its ``message``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code, self.message = code, message


class ServerBusy(ServerError):
    """The server asked to be tried again in ``retry_after`` s: ``busy`` (at its connection
    limit) or ``unavailable`` (its database does not answer)."""

    def __init__(self, message: str, retry_after: float, code: str = "busy") -> None:
        super().__init__(code, message)
        self.retry_after = retry_after


def _seconds(text: Optional[str], default: float = 1.0) -> float:
    """The seconds of a Retry-After header or of a close reason's "retry after N s"."""
    found = re.search(r"(\d+(?:\.\d+)?)", text or "")
    return float(found.group(1)) if found else default


async def _post_once(session: aiohttp.ClientSession, url: str, body: Dict[str, Any]) -> Dict[str, Any]:
    async with session.post(url, json=body) as response:
        answer = await response.json(content_type=None)
        if response.status == 503:
            raise ServerBusy(
                answer.get("message", "the server is busy"),
                _seconds(response.headers.get("Retry-After")),
                answer.get("error", "busy"),
            )
        if response.status >= 400:
            raise ServerError(answer.get("error", str(response.status)), answer.get("message", ""))
        return answer


async def _post(
    base_url: str, path: str, body: Dict[str, Any], session: Optional[aiohttp.ClientSession], retry_for: float = 60.0
) -> Dict[str, Any]:
    """POST a JSON body; a busy server (503) is asked again after its Retry-After, for up to
    ``retry_for`` seconds. A 503 changed nothing, so asking again cannot make a second game or
    take a second seat."""
    own = session is None
    session = session or aiohttp.ClientSession()
    loop = asyncio.get_running_loop()
    deadline = loop.time() + retry_for
    try:
        while True:
            try:
                return await _post_once(session, base_url.rstrip("/") + path, body)
            except ServerBusy as busy:
                if loop.time() + busy.retry_after > deadline:
                    raise
                await asyncio.sleep(busy.retry_after * (1 + random.random() / 2))
    finally:
        if own:
            await session.close()


async def create_game(
    base_url: str,
    game: str,
    options: Optional[Dict[str, Any]] = None,
    seat: int = 0,
    dice: str = "server",
    session: Optional[aiohttp.ClientSession] = None,
    retry_for: float = 60.0,
    qr: bool = True,
) -> Dict[str, Any]:
    """A new game: ``id``, ``seat``, ``token`` (the creator's, in ``seat``; who moves first is
    the game's rule), ``invite`` (for the friend), ``links`` and, unless ``qr`` is False (a
    client that draws its own), ``join_qr_svg``. A busy server is asked again for up to
    ``retry_for`` seconds."""
    body: Dict[str, Any] = {"game": game, "options": options or {}, "seat": seat, "dice": dice}
    if not qr:
        body["qr"] = False
    return await _post(base_url, "/api/games", body, session, retry_for)


async def invitation_qr(
    base_url: str,
    game_id: str,
    invite: str,
    session: Optional[aiohttp.ClientSession] = None,
    retry_for: float = 60.0,
) -> str:
    """The invitation's QR code (SVG), while its seat is free: for a game created with
    ``qr=False`` whose link is to be shown (the server draws it once, when first asked)."""
    body = {"invite": invite}
    return (await _post(base_url, f"/api/games/{game_id}/qr", body, session, retry_for))["join_qr_svg"]


async def join_game(
    base_url: str,
    game_id: str,
    invite: str,
    dice: Optional[str] = None,
    session: Optional[aiohttp.ClientSession] = None,
    retry_for: float = 60.0,
) -> Dict[str, Any]:
    """Take the free seat: ``seat`` and ``token``. ``dice="real"`` agrees to real dice."""
    body: Dict[str, Any] = {"invite": invite}
    if dice is not None:
        body["dice"] = dice
    return await _post(base_url, f"/api/games/{game_id}/join", body, session, retry_for)


class LobbyClient:
    """A player of the lobby (docs/server.md, "The lobby"): ``register()`` makes a new anonymous
    player (or pass the ``token`` kept from before); then seeks, quick games, accepting a seek,
    the player's games and ratings. ``game(paired)`` is the GameClient of a paired game's seat.

    ::

        async with aiohttp.ClientSession() as session:
            me = LobbyClient(url, session=session)
            await me.register()
            answer = await me.quick("ur", pace="live")
            if answer["status"] == "open":
                answer = await me.wait(answer["id"], 30)
    """

    def __init__(
        self,
        base_url: str,
        token: Optional[str] = None,
        session: Optional[aiohttp.ClientSession] = None,
        headers: Optional[Dict[str, str]] = None,
    ):
        self.base_url = base_url.rstrip("/")
        self.token, self.player = token, None
        self.session = session
        self.headers = dict(headers or {})  # sent with every request (a proxy's X-Forwarded-For)

    async def request(self, method: str, path: str, body: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
        """The answer's JSON; ServerError (ServerBusy for a 503) for a refusal."""
        assert self.session is not None, "LobbyClient needs an aiohttp session"
        headers = dict(self.headers, Authorization=f"Bearer {self.token}") if self.token else self.headers
        async with self.session.request(method, self.base_url + path, json=body, headers=headers) as response:
            answer = await response.json(content_type=None)
            if response.status == 503:
                raise ServerBusy(
                    answer.get("message", ""), _seconds(response.headers.get("Retry-After")), answer["error"]
                )
            if response.status >= 400:
                raise ServerError(answer.get("error", str(response.status)), answer.get("message", ""))
            return answer

    async def register(self) -> Dict[str, Any]:
        answer = await self.request("POST", "/api/players")
        self.token, self.player = answer["token"], answer["player"]
        return answer

    @staticmethod
    def _seek(game: str, pace: str, days: Optional[int], ruleset: Optional[str]) -> Dict[str, Any]:
        body: Dict[str, Any] = {"game": game, "pace": pace}
        if days is not None:
            body["days"] = days
        if ruleset is not None:
            body["ruleset"] = ruleset
        return body

    async def seek(
        self, game: str, pace: str = "live", days: Optional[int] = None, ruleset: Optional[str] = None
    ) -> Dict[str, Any]:
        """Open a seek: the seek (``id``, ``status`` "open")."""
        return await self.request("POST", "/api/lobby/seeks", self._seek(game, pace, days, ruleset))

    async def quick(
        self, game: str, pace: str = "live", days: Optional[int] = None, ruleset: Optional[str] = None
    ) -> Dict[str, Any]:
        """A quick game: paired at once (``status`` "paired") or a seek opened ("open")."""
        return await self.request("POST", "/api/lobby/quick", self._seek(game, pace, days, ruleset))

    async def accept(self, seek_id: str) -> Dict[str, Any]:
        return await self.request("POST", f"/api/lobby/seeks/{seek_id}/accept")

    async def wait(self, seek_id: str, seconds: float = 30.0) -> Dict[str, Any]:
        """The own seek once paired, or as it is after ``seconds``."""
        return await self.request("GET", f"/api/lobby/seeks/{seek_id}?wait={seconds:g}")

    async def cancel(self, seek_id: str) -> Dict[str, Any]:
        return await self.request("DELETE", f"/api/lobby/seeks/{seek_id}")

    async def seeks(self) -> List[Dict[str, Any]]:
        return (await self.request("GET", "/api/lobby/seeks"))["seeks"]

    async def me(self) -> Dict[str, Any]:
        """The player's ratings, games (whose turn) and open seeks."""
        return await self.request("GET", "/api/players/me")

    async def live(self) -> List[Dict[str, Any]]:
        return (await self.request("GET", "/api/lobby/games"))["games"]

    def game(self, paired: Dict[str, Any], **options: Any) -> "GameClient":
        """The player's seat in a paired game (``paired``: the answer of quick, accept or wait)."""
        return GameClient(self.base_url, paired["game_id"], self.token, session=self.session, **options)


# the events a request may have become, to recognise it among the stored events after a drop
_BECOMES = {
    "move": ("move",),
    "roll": ("roll",),
    "resign": ("resign",),
    "offer": ("offer",),
    "answer": ("undo", "draw", "decline"),
}


class GameClient:
    """One connection to one game: as a seat (with its token) or as a spectator (no token).

    ``view`` is the latest view of the game (docs/server.md), ``seat`` 0, 1 or None, ``events``
    every event received. Requests return the version they made, or raise ServerError.
    """

    def __init__(
        self,
        base_url: str,
        game_id: str,
        token: Optional[str] = None,
        origin: Optional[str] = None,
        reconnect_for: float = 30.0,
        session: Optional[aiohttp.ClientSession] = None,
        on_update: Optional[Callable[[Dict[str, Any]], None]] = None,
        request_timeout: float = 30.0,
    ) -> None:
        ws_base = base_url.rstrip("/").replace("http", "ws", 1)
        self.url = f"{ws_base}/api/games/{game_id}/ws"
        self.game_id, self.token, self.origin = game_id, token, origin
        self.reconnect_for = reconnect_for
        self.request_timeout = request_timeout
        self._session, self._own_session = session, session is None
        self.on_update = on_update
        self.view: Dict[str, Any] = {}
        self.state: Dict[str, Any] = {}
        self.seat: Optional[int] = None
        self.events: List[Dict[str, Any]] = []
        self.reconnections = 0
        self._ws: Optional[aiohttp.ClientWebSocketResponse] = None
        self._ids = itertools.count(1)
        self._pending: Dict[int, Any] = {}  # id: (message, future)
        self._changed = asyncio.Event()
        self._reader: Optional[asyncio.Task] = None
        self._closing = False
        self._connected = asyncio.Event()
        self._failure: Optional[BaseException] = None

    async def __aenter__(self) -> "GameClient":
        await self.connect()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()

    @property
    def version(self) -> int:
        return int(self.view.get("version", -1))

    # ---- the connection ------------------------------------------------------------------------

    async def connect(self) -> None:
        """Open the connection; a busy server or one not answering yet is tried again for up to
        ``reconnect_for`` seconds (a refused token or game is not)."""
        if self._session is None:
            self._session = aiohttp.ClientSession()
        failure = await self._open_retrying(None)
        if failure is not None:
            raise failure
        self._reader = asyncio.get_running_loop().create_task(self._read())

    async def _open(self, since: Optional[int]) -> None:
        headers = {"Origin": self.origin} if self.origin else {}
        assert self._session is not None
        self._ws = await self._session.ws_connect(self.url, headers=headers, max_msg_size=0, heartbeat=20.0)
        hello: Dict[str, Any] = {"type": "hello", "id": 0}
        if self.token:
            hello["token"] = self.token
        if since is not None:
            hello["since"] = since
        await self._ws.send_str(json.dumps(hello))
        while True:
            frame = await self._ws.receive()
            if frame.type == aiohttp.WSMsgType.CLOSE and frame.data == BUSY_CLOSE_CODE:
                raise ServerBusy(frame.extra or "the server is busy", _seconds(frame.extra))
            if frame.type != aiohttp.WSMsgType.TEXT:
                raise ConnectionError(f"the server closed the connection ({frame.type.name})")
            message = json.loads(frame.data)
            if message["type"] == "welcome":
                break
            if message["type"] == "error":
                raise ServerError(message["code"], message["message"])
        self.seat, self.state = message["seat"], message["state"]
        known = {e["version"] for e in self.events}
        self.events.extend(e for e in message["events"] if e["version"] not in known)
        self.view = message["view"]
        self._connected.set()
        self._changed.set()
        await self._resume(message["events"])

    async def _resume(self, events: List[Dict[str, Any]]) -> None:
        """After a reconnection: settle or resend the requests sent before the drop."""
        for ident, (message, future) in list(self._pending.items()):
            if future.done():
                continue
            version = message.get("version")
            stored = next((e for e in events if e["version"] == (version or 0) + 1), None)
            if (
                stored is not None
                and stored["seat"] == self.seat
                and stored["kind"] in _BECOMES.get(message["type"], ())
                and (message["type"] != "move" or stored["data"].get("move") == message["move"])
            ):
                self._pending.pop(ident)
                future.set_result(stored["version"])
            elif version is not None and version == self.version:
                assert self._ws is not None
                await self._ws.send_str(json.dumps(message))
            else:
                self._pending.pop(ident)
                future.set_exception(ServerError("stale", "the game changed while the connection was down"))

    async def _read(self) -> None:
        while not self._closing:
            ws = self._ws
            assert ws is not None
            async for frame in ws:
                if frame.type == aiohttp.WSMsgType.TEXT:
                    self._receive(json.loads(frame.data))
            if self._closing:
                return
            self._connected.clear()
            await self._reconnect()

    async def _reconnect(self) -> None:
        failure = await self._open_retrying(self.version)
        if failure is not None:
            self._fail(failure)
        elif not self._closing:
            self.reconnections += 1

    async def _open_retrying(self, since: Optional[int]) -> Optional[BaseException]:
        """Open the connection, trying again for ``reconnect_for`` seconds (a busy server after
        the time it asks for); returns why it could not, or None."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.reconnect_for
        delay = 0.05
        while not self._closing:
            try:
                await self._open(since)
                return None
            except ServerBusy as busy:
                wait = busy.retry_after * (1 + random.random() / 2)
                if loop.time() + wait > deadline:
                    return busy
            except (aiohttp.ClientError, ConnectionError, OSError, asyncio.TimeoutError) as e:
                if isinstance(e, aiohttp.WSServerHandshakeError) and e.status in (403, 404):
                    return e
                wait = delay * (1 + random.random())
                if loop.time() + wait > deadline:
                    return ConnectionError(f"the server did not answer for {self.reconnect_for:g} s: {e}")
                delay = min(1.0, delay * 2)
            if self._ws is not None and not self._ws.closed:
                await self._ws.close()
            await asyncio.sleep(wait)
        return None

    def _fail(self, error: BaseException) -> None:
        self._failure = error
        self._closing = True
        for _, future in self._pending.values():
            if not future.done():
                future.set_exception(error)
        self._pending.clear()
        self._changed.set()

    def _receive(self, message: Dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "update":
            if message["event"] is not None:
                self.events.append(message["event"])
            if message["view"]["version"] >= self.version:
                self.view = message["view"]
            self._changed.set()
            if self.on_update:
                self.on_update(message)
        elif kind in ("ack", "error", "pong"):
            entry = self._pending.pop(message.get("id"), None)
            if entry is None:
                return
            future = entry[1]
            if future.done():
                return
            if kind == "error":
                future.set_exception(ServerError(message["code"], message["message"]))
            else:
                future.set_result(message.get("version"))

    async def close(self) -> None:
        self._closing = True
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            self._reader.cancel()
            try:
                await self._reader
            except (asyncio.CancelledError, Exception):
                pass
        if self._own_session and self._session is not None:
            await self._session.close()

    # ---- requests ------------------------------------------------------------------------------

    async def request(self, message: Dict[str, Any], timeout: Optional[float] = None) -> Any:
        """Send a message (an ``id`` is added) and wait for its answer (``request_timeout`` s at
        most unless ``timeout`` says); raises ServerError."""
        if self._failure is not None:
            raise self._failure
        ident = next(self._ids)
        message = dict(message, id=ident)
        future = asyncio.get_running_loop().create_future()
        self._pending[ident] = (message, future)
        if self._connected.is_set():
            assert self._ws is not None
            try:
                await self._ws.send_str(json.dumps(message))
            except (ConnectionError, RuntimeError):
                pass  # the reader reconnects and resends it
        try:
            return await asyncio.wait_for(future, timeout if timeout is not None else self.request_timeout)
        finally:
            self._pending.pop(ident, None)  # an answer that comes after the timeout is ignored

    async def move(self, move: str) -> int:
        return await self.request({"type": "move", "move": move, "version": self.version})

    async def roll(self, dice: Optional[List[int]] = None) -> int:
        message: Dict[str, Any] = {"type": "roll", "version": self.version}
        if dice is not None:
            message["dice"] = list(dice)
        return await self.request(message)

    async def offer(self, kind: str) -> int:
        """``"undo"`` (take back my last move) or ``"draw"``."""
        return await self.request({"type": "offer", "kind": kind, "version": self.version})

    async def answer(self, kind: str, accept: bool) -> int:
        return await self.request({"type": "answer", "kind": kind, "accept": accept, "version": self.version})

    async def resign(self) -> int:
        return await self.request({"type": "resign", "version": self.version})

    async def ping(self) -> None:
        await self.request({"type": "ping"})

    async def send_raw(self, text: str) -> Dict[str, Any]:
        """Send any text and return the server's next answer to it (for tests of bad messages)."""
        assert self._ws is not None
        future = asyncio.get_running_loop().create_future()
        self._pending[None] = (None, future)  # an answer without a readable id
        await self._ws.send_str(text)
        try:
            return await asyncio.wait_for(future, 10.0)
        except ServerError as e:
            return {"type": "error", "code": e.code, "message": e.message}

    async def wait_until(self, condition: Callable[[Dict[str, Any]], bool], timeout: float = 30.0) -> Dict[str, Any]:
        """Wait until ``condition(view)`` holds; returns the view."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not condition(self.view):
            if self._failure is not None:
                raise self._failure
            self._changed.clear()
            left = deadline - loop.time()
            if left <= 0:
                raise asyncio.TimeoutError(f"the game did not reach the state awaited in {timeout:g} s")
            try:
                await asyncio.wait_for(self._changed.wait(), left)
            except asyncio.TimeoutError:
                continue
        return self.view
