"""ludus serve against the faults a public server meets: its database restarted or failing, a
client that never reads, the per-address limits, hostile messages; and the error codes the
server can send against docs/server.md and schemas/server.

Loopback only; every wait is bounded (the clients' timeouts, the processes' startup)."""
import asyncio
import json
import os
import resource
import shutil
import sqlite3
import time
import urllib.error
import urllib.request

import pytest

aiohttp = pytest.importorskip("aiohttp")
pytest.importorskip("jsonschema")
pytest.importorskip("qrcode")

from ludus.server.client import GameClient, ServerError, create_game, join_game  # noqa: E402
from ludus.server.testing import ServerProcess, play_random_game  # noqa: E402

from conftest import child_env  # noqa: E402
from test_server import FAST, answer, raw_socket, run  # noqa: E402


def health(url):
    """/health's status and body (503 while the database does not answer)."""
    try:
        with urllib.request.urlopen(url + "/health", timeout=10) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as e:
        return e.code, json.load(e)


def wait_for_health(url, status, seconds=30.0):
    deadline = time.monotonic() + seconds
    while True:
        answer = health(url)
        if answer[0] == status:
            return answer[1]
        assert time.monotonic() < deadline, f"/health still answers {answer} after {seconds:g} s"
        time.sleep(0.1)


def stored_moves(dsn, game_id):
    import psycopg2

    with psycopg2.connect(dsn) as db, db.cursor() as cursor:
        cursor.execute("SELECT version, seat, data FROM events WHERE game_id = %s AND kind = 'move'", (game_id,))
        return {(int(v), s, json.loads(d)["move"]) for v, s, d in cursor.fetchall()}


# ---- the database --------------------------------------------------------------------------------


def test_a_postgresql_restart_in_the_middle_of_50_games(postgres, tmp_path):
    """Two server processes share the database; 50 games are played across them (each player on
    its own process, so the opponent's moves come through NOTIFY). PostgreSQL is stopped once 150
    moves are acknowledged: /health says so, requests are answered "unavailable" (not left
    waiting); it starts again and every game finishes, with every acknowledged move stored."""
    servers = [
        ServerProcess(postgres.dsn, extra=FAST, env=child_env(), log_path=str(tmp_path / f"server{i}.log")).start()
        for i in range(2)
    ]
    urls = [s.url for s in servers]

    async def main():
        acked = []
        loop = asyncio.get_running_loop()
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
            games = [
                play_random_game(
                    urls[0],
                    *(
                        ("petteia", {"rows": 5, "cols": 5, "draw_plies_without_capture": 20})
                        if i % 2
                        else ("duodecim", {})
                    ),
                    seed=i,
                    acked=acked,
                    urls=urls,
                    session=session,
                    reconnect_for=60,
                    turn_timeout=90,
                )
                for i in range(50)
            ]
            tasks = [asyncio.ensure_future(g) for g in games]
            deadline = time.monotonic() + 90
            while len(acked) < 150 and time.monotonic() < deadline:
                await asyncio.sleep(0.02)
            me, friend = await seated_pair(urls[0], session)
            at_stop = len(acked)
            await loop.run_in_executor(None, postgres.stop_server)
            try:
                started = loop.time()
                with pytest.raises(ServerError) as info:  # a move over the WebSocket: answered, not left waiting
                    await me.move(me.view["legal"][0])
                moved = (info.value.code, loop.time() - started, me.version)
                down = [await loop.run_in_executor(None, wait_for_health, url, 503, 20) for url in urls]
                started = loop.time()
                async with session.post(urls[0] + "/api/games", json={"game": "petteia"}) as response:
                    refused = (response.status, await response.json(), loop.time() - started)
                with pytest.raises(ServerError) as info:  # the client asks again for 1 s, then says why
                    await create_game(urls[1], "petteia", session=session, retry_for=1)
                refused += (info.value.code,)
                await asyncio.sleep(1.0)
            finally:
                await loop.run_in_executor(None, postgres.start_server)
            up = [await loop.run_in_executor(None, wait_for_health, url, 200, 30) for url in urls]
            moved += (await me.move(me.view["legal"][0]),)  # the same move, once the database is back
            await me.close()
            await friend.close()
            finals = await asyncio.gather(*tasks)
        return acked, at_stop, down, refused, moved, up, finals

    try:
        acked, at_stop, down, refused, moved, up, finals = run(main(), timeout=280)
    finally:
        for server in servers:
            server.stop()
    assert at_stop >= 150
    for state in down:
        assert state["status"] == "unavailable" and state["database_state"]["state"] == "down"
        assert state["database_state"]["error"]
    status, body, waited, client_code = refused
    assert status == 503 and body["error"] == "unavailable" and waited < 10 and client_code == "unavailable"
    code, waited, version, stored = moved
    assert code == "unavailable" and waited < 15 and stored == version + 1
    for state in up:
        assert state["status"] == "ok" and state["database_state"] == {
            "kind": "postgresql",
            "state": "up",
            "listener": "up",
            "reconnections": 1,
        }
    assert all(f["status"] == "over" for f in finals)
    assert len(acked) > at_stop + 100
    by_game = {}
    for game_id, version, seat, move in acked:
        by_game.setdefault(game_id, set()).add((version, seat, move))
    for final in finals:
        assert by_game.get(final["id"], set()) <= stored_moves(postgres.dsn, final["id"])
    assert sum(len(moves) for moves in by_game.values()) == len(acked)


def test_dropped_database_connections_are_made_again(postgres, tmp_path):
    """Every connection of two server processes to the database ended by the database
    (pg_terminate_backend, as a network or a pooler would drop them) in the middle of a game whose
    players are on the two processes: both connect again, store and listener, and the game goes
    on to its bound with every acknowledged move stored."""
    import psycopg2

    servers = [
        ServerProcess(postgres.dsn, extra=FAST, env=child_env(), log_path=str(tmp_path / f"server{i}.log")).start()
        for i in range(2)
    ]
    urls = [s.url for s in servers]

    def drop_every_connection():
        with psycopg2.connect(postgres.dsn) as db, db.cursor() as cursor:
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = 'ludus' AND pid <> pg_backend_pid()"
            )
            return len(cursor.fetchall())

    async def main():
        acked = []
        loop = asyncio.get_running_loop()
        game = asyncio.ensure_future(
            play_random_game(
                urls[0],
                "petteia",
                {"rows": 5, "cols": 5},
                seed=5,
                acked=acked,
                urls=urls,
                max_plies=60,
                turn_timeout=30,
            )
        )
        deadline = time.monotonic() + 30
        while len(acked) < 10 and time.monotonic() < deadline and not game.done():
            await asyncio.sleep(0.01)
        at_drop = len(acked)
        dropped = await loop.run_in_executor(None, drop_every_connection)
        final = await game
        states = [await loop.run_in_executor(None, wait_for_health, url, 200, 30) for url in urls]
        return acked, at_drop, dropped, final, states

    try:
        acked, at_drop, dropped, final, states = run(main(), timeout=120)
    finally:
        for server in servers:
            server.stop()
    assert dropped == 4  # each process's store and listener
    assert at_drop >= 10 and len(acked) > at_drop and (final["version"] == 60 or final["status"] == "over")
    for state in states:
        assert state["database_state"]["reconnections"] == 1 and state["database_state"]["listener"] == "up"
    assert {(v, s, m) for _, v, s, m in acked} <= stored_moves(postgres.dsn, final["id"])


def test_a_server_without_its_database_exits_after_its_grace(postgres, tmp_path):
    """A process whose database stays away says so and exits with status 3 (systemd's Restart=
    starts it again); until then it answers, in words."""
    log = tmp_path / "server.log"
    server = ServerProcess(postgres.dsn, extra=["--database-grace", "3"], env=child_env(), log_path=str(log)).start()
    try:
        postgres.stop_server()
        try:
            state = wait_for_health(server.url, 503, 10)
            status = server.process.wait(30)
        finally:
            postgres.start_server()
    finally:
        server.stop()
    assert state["database_state"]["state"] == "down"
    assert status == 3
    assert "the database has not answered for" in log.read_text()


def test_the_systemd_unit_starts_a_server_again_whatever_the_count():
    """The example unit restarts a server that exited for its database (status 3), with no limit
    on the number of starts (systemd gives up after 5 in 10 s by default)."""
    from pathlib import Path

    unit = (Path(__file__).resolve().parents[2] / "examples" / "server" / "ludus-serve.service").read_text()
    settings = dict(line.split("=", 1) for line in unit.splitlines() if "=" in line and not line.startswith("#"))
    assert settings["Restart"] in ("on-failure", "always") and settings["StartLimitIntervalSec"] == "0"


@pytest.fixture
def sqlite_server(tmp_path):
    path = tmp_path / "games.sqlite3"
    server = ServerProcess(f"sqlite:{path}", extra=FAST, env=child_env()).start()
    yield server, path
    server.stop()


async def seated_pair(url, session, game="petteia", options=None):
    created = await create_game(url, game, options or {"rows": 5, "cols": 5}, session=session)
    joined = await join_game(url, created["id"], created["invite"], session=session)
    me = GameClient(url, created["id"], created["token"], session=session)
    friend = GameClient(url, created["id"], joined["token"], session=session)
    await me.connect()
    await friend.connect()
    return me, friend


def test_sqlite_locked_and_full_are_answered_and_recovered(sqlite_server):
    """The SQLite file locked by another program (past the server's 10 s wait), then the disk
    full (the server's files may not grow): each move is answered "unavailable" with the
    database's reason, and the next move after the fault is stored."""
    server, path = sqlite_server

    async def main():
        loop = asyncio.get_running_loop()
        async with aiohttp.ClientSession() as session:
            me, friend = await seated_pair(server.url, session)
            outcomes = []
            # locked
            blocker = sqlite3.connect(str(path), isolation_level=None, timeout=1)
            blocker.execute("BEGIN EXCLUSIVE")
            try:
                with pytest.raises(ServerError) as info:
                    await me.move(me.view["legal"][0])
                outcomes.append((info.value.code, info.value.message))
            finally:
                blocker.execute("ROLLBACK")
                blocker.close()
            await me.move(me.view["legal"][0])
            outcomes.append(await loop.run_in_executor(None, health, server.url))
            # full: no file of the server's may grow past a page
            resource.prlimit(server.process.pid, resource.RLIMIT_FSIZE, (4096, resource.RLIM_INFINITY))
            try:
                await friend.wait_until(lambda v: v["version"] == me.version)
                with pytest.raises(ServerError) as info:
                    await friend.move(friend.view["legal"][0])
                outcomes.append((info.value.code, info.value.message))
            finally:
                resource.prlimit(
                    server.process.pid, resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY)
                )
            version = await friend.move(friend.view["legal"][0])
            await me.close()
            await friend.close()
            return outcomes, version

    outcomes, version = run(main(), timeout=90)
    (locked_code, locked_message), (after_status, _), (full_code, full_message) = outcomes
    assert locked_code == "unavailable" and "locked" in locked_message
    assert after_status == 200
    assert full_code == "unavailable" and ("full" in full_message or "I/O" in full_message)
    with sqlite3.connect(str(path)) as db:
        kinds = [k for (k,) in db.execute("SELECT kind FROM events ORDER BY version")]
    assert version == 3 and kinds == ["join", "move", "move"]


# ---- the per-address limits ----------------------------------------------------------------------


def test_the_per_address_limits_outlive_the_addresses_connections(tmp_path):
    """Closing an address's last WebSocket after each new game does not start its limits again:
    4 games a minute are 4 games, then 429."""
    server = ServerProcess(
        f"sqlite:{tmp_path / 'g.sqlite3'}",
        env=child_env(),
        extra=["--requests-per-minute", "4", "--messages-per-second", "100"],
    ).start()

    async def main():
        statuses = []
        async with aiohttp.ClientSession() as session:
            for _ in range(8):
                async with session.post(server.url + "/api/games", json={"game": "petteia"}) as response:
                    statuses.append(response.status)
                    created = await response.json()
                if response.status != 201:
                    continue
                ws = await raw_socket(session, server.url, created["id"])
                assert (await answer(ws, json.dumps({"type": "hello"})))["type"] == "welcome"
                await ws.close()
                await asyncio.sleep(0.2)  # the server has seen the close
        return statuses

    try:
        statuses = run(main(), timeout=60)
    finally:
        server.stop()
    # a token comes back every 15 s: on a loaded machine one more game may pass, not four
    assert statuses[:4] == [201] * 4 and statuses[4:].count(429) >= 3, statuses


def test_an_address_at_rest_is_forgotten():
    """The record of an address is dropped only once it has no connection and its buckets are
    full again (the end of their window), so that the records do not grow without bound."""
    from ludus.server.app import Limits, Server

    server = Server(store=None, limits=Limits(requests_per_minute=4, max_connections=16))
    busy = server.address("192.0.2.1")
    for _ in range(4):
        assert busy.requests.take()
    assert not busy.requests.take()
    server.address("192.0.2.2").connections = 1
    server.address("192.0.2.3")
    server.forget_addresses()
    assert set(server.addresses) == {"192.0.2.1", "192.0.2.2"}
    busy.requests.at -= 30  # half the window: not yet
    server.forget_addresses()
    assert "192.0.2.1" in server.addresses
    busy.requests.at -= 31
    server.forget_addresses()
    assert set(server.addresses) == {"192.0.2.2"}


# ---- hostile messages ----------------------------------------------------------------------------


def test_deep_and_huge_messages_are_refused_before_parsing_and_ids_echoed(tmp_path):
    """1,000 nested brackets in 2 KiB and numbers of 1,500 or 5,000 digits are refused in the
    server's words (not "internal", not Python's); an error echoes the message's id whenever it
    is a valid one, even if the message fails its schema."""
    import jsonschema
    from ludus.server.protocol import load_schema

    schema = load_schema("server-message.schema.json")
    validator = jsonschema.validators.validator_for(schema)(schema)
    log = tmp_path / "server.log"
    server = ServerProcess(f"sqlite:{tmp_path / 'g.sqlite3'}", extra=FAST, env=child_env(), log_path=str(log)).start()
    cases = [
        ("[" * 1000 + "]" * 1000, "bad_message", None, "nested"),
        ('{"type": "ping", "id": 5, "x": [[[[{"y": 1}]]]]}', "bad_message", None, "nested"),
        ('{"type": "ping", "id": ' + "9" * 1500 + "}", "bad_message", None, "number"),
        ('{"type": "move", "id": 41, "version": "x", "move": "a"}', "bad_message", 41, "version"),
        ('{"type": "teleport", "id": 42}', "bad_message", 42, "type"),
        ('{"type": "hello", "id": 43, "token": "short"}', "bad_message", 43, "token"),
        ('{"type": "move", "id": 4294967295, "version": 0}', "bad_message", 4294967295, "move"),
        ('{"type": "move", "id": -1, "version": 0, "move": "a"}', "bad_message", None, "id"),
        ('{"type": "move", "id": true, "version": 0, "move": "a"}', "bad_message", None, "id"),
        ('{"type": "move", "id": 44, "move": "a1-a2", "version": 0}', "hello_first", 44, "hello"),
        # brackets and digits inside a string are the string's: the message is read
        ('{"type": "move", "id": 45, "move": "[[[[{{{{' + "1" * 40 + '", "version": 0}', "hello_first", 45, "hello"),
    ]

    async def main():
        replies = []
        async with aiohttp.ClientSession() as session:
            created = await create_game(server.url, "petteia", session=session)
            ws = await raw_socket(session, server.url, created["id"])
            for text, *_ in cases:
                replies.append(await answer(ws, text))
            await ws.close()
            bodies = []
            for body in (
                b'{"game": "petteia", "options": {"seed": ' + b"7" * 5000 + b"}}",
                b'{"game": "petteia", "options": {"seed": [[[[[[[1]]]]]]]}}',
                b"[" * 4000 + b"]" * 4000,
            ):
                async with session.post(server.url + "/api/games", data=body) as response:
                    bodies.append((response.status, await response.json()))
        return replies, bodies

    try:
        replies, bodies = run(main(), timeout=60)
    finally:
        server.stop()
    for (text, code, ident, word), reply in zip(cases, replies):
        assert reply["type"] == "error" and reply["code"] == code and reply["id"] == ident, (text[:60], reply)
        assert word in reply["message"], (text[:60], reply)
        assert validator.is_valid(reply), reply
    for status, reply in bodies:
        assert status == 400 and reply["error"] == "bad_message", reply
        assert "nested" in reply["message"] or "number" in reply["message"]
        assert "Exceeds" not in reply["message"]
    text = log.read_text()
    assert "Traceback" not in text and "RecursionError" not in text


# ---- a client that never reads -------------------------------------------------------------------


class SilentWatcher:
    """A WebSocket client that says hello and pings, and never reads a byte after the handshake
    (its receive buffer as small as the kernel allows)."""

    def __init__(self, port, game_id):
        import base64
        import socket

        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.sock.settimeout(10)
        self.sock.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            (
                f"GET /api/games/{game_id}/ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(1)  # the handshake's answer only, byte by byte
        assert head.startswith(b"HTTP/1.1 101"), head
        self.sock.settimeout(0)

    def send(self, message):
        payload = json.dumps(message).encode()
        assert len(payload) < 126
        mask = os.urandom(4)
        frame = bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        try:
            self.sock.send(frame)
        except OSError:
            pass  # dropped by the server: what is tested

    def close(self):
        self.sock.close()


def test_a_client_that_never_reads_is_dropped_and_the_game_goes_on(tmp_path):
    """A watcher that pings but never reads, while the players make changes as fast as the server
    answers (an update each: a move, then an undo asked for and agreed, the game back where it
    was, as long as needed): the watcher is dropped once its buffers and its outbox are full; the
    players' changes never wait for it, and a new spectator is welcomed."""
    import tempfile

    folder = tempfile.mkdtemp(dir="/dev/shm") if os.path.isdir("/dev/shm") else str(tmp_path)  # no fsync to wait for
    server = ServerProcess(f"sqlite:{folder}/g.sqlite3", extra=FAST, env=child_env()).start()

    async def main():
        loop = asyncio.get_running_loop()
        async with aiohttp.ClientSession() as session:
            created = await create_game(server.url, "latrunculi", session=session)
            joined = await join_game(server.url, created["id"], created["invite"], session=session)
            me = GameClient(server.url, created["id"], created["token"], session=session, request_timeout=15)
            friend = GameClient(server.url, created["id"], joined["token"], session=session, request_timeout=15)
            await me.connect()
            await friend.connect()
            watcher = SilentWatcher(server.port, created["id"])
            watcher.send({"type": "hello"})
            connections = []
            changes, checked = 0, 0
            dropped_at = None
            try:
                while changes < 20000 and (dropped_at is None or changes < dropped_at + 40):
                    watcher.send({"type": "ping"})
                    await me.move(me.view["legal"][0])  # seat 0 moves first in Latrunculi
                    await me.offer("undo")
                    await friend.wait_until(lambda v: v["offer"] is not None, 15)
                    await friend.answer("undo", True)
                    await me.wait_until(lambda v: v["version"] == friend.version, 15)
                    changes += 3
                    if dropped_at is None and changes >= checked + 50:
                        checked = changes
                        _, state = await loop.run_in_executor(None, health, server.url)
                        connections.append(state["connections"])
                        if state["connections"] == 2:
                            dropped_at = changes
                async with GameClient(server.url, created["id"], session=session) as newcomer:
                    seen = newcomer.view["version"]
                final = friend.view["version"]
            finally:
                watcher.close()
                await me.close()
                await friend.close()
        return connections, dropped_at, seen, final

    try:
        connections, dropped_at, seen, final = run(main(), timeout=240)
    finally:
        server.stop()
        if folder.startswith("/dev/shm"):
            shutil.rmtree(folder, ignore_errors=True)
    assert connections[0] == 3 and dropped_at is not None, connections
    assert final >= dropped_at + 40 and seen == final
    print(f"the silent watcher was dropped after {dropped_at} changes")


# ---- every error code: the server, the docs, the schemas -----------------------------------------

#: where the refusals raised in each function of the server are answered: over the WebSocket, or
#: as an HTTP status (a function missing here fails the test: say where its refusals go)
REFUSED_IN = {
    "parse_client_message": {"WebSocket"},
    "websocket": {"WebSocket"},  # protocol.py, app.py
    "check": {"WebSocket"},
    "event_for": {"WebSocket"},
    "_commit": {"WebSocket"},  # room.py: Room.change
    "check_body": {"400"},
    "_check": {"WebSocket", "400"},
    "_check_shape": {"WebSocket", "400"},
    "_parse": {"WebSocket", "400"},
    "take_seat": {"409"},  # join answers its Refused 409
}


def server_error_codes():
    """{code: {"WebSocket" and/or HTTP statuses}} read from the server's source: every literal code
    of a Refused or BadMessage raised, of _send_error (WebSocket) and _error(status, code)."""
    import ast
    from pathlib import Path
    import ludus.server

    codes = {}
    for path in sorted(Path(ludus.server.__file__).parent.glob("*.py")):
        tree = ast.parse(path.read_text())
        for function in ast.walk(tree):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for call in ast.walk(function):
                if not isinstance(call, ast.Call):
                    continue
                name = getattr(call.func, "id", getattr(call.func, "attr", None))
                literal = [a.value if isinstance(a, ast.Constant) else None for a in call.args]
                if name == "_error" and len(literal) > 1 and isinstance(literal[1], str):
                    where = {str(literal[0])}
                    code = literal[1]
                elif name == "_send_error" and len(literal) > 2 and isinstance(literal[2], str):
                    where, code = {"WebSocket"}, literal[2]
                elif name in ("Refused", "BadMessage") and literal and isinstance(literal[0], str):
                    assert function.name in REFUSED_IN, f"{path.name}: say where {function.name}'s refusals go"
                    where, code = REFUSED_IN[function.name], literal[0]
                else:
                    continue
                codes.setdefault(code, set()).update(where)
    return codes


def documented_error_codes():
    """docs/server.md's table of error codes: {code: {"WebSocket" and/or statuses}}."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "server.md").read_text()
    table = text[text.index("### Error codes") :]
    codes = {}
    for line in table.splitlines()[4:]:
        if not line.startswith("| `"):
            break
        code, answered, _ = [cell.strip() for cell in line.strip("|").split("|")]
        codes[code.strip("`")] = {part.strip() for part in answered.split(",")}
    return codes, text


def test_every_error_code_is_in_the_docs_and_the_schemas():
    from ludus.server.app import BUSY_CLOSE_CODE, FRAME_LIMIT
    from ludus.server.protocol import load_schema

    sent = server_error_codes()
    documented, docs = documented_error_codes()
    assert sent == documented
    websocket = {code for code, where in sent.items() if "WebSocket" in where}
    http = {code for code, where in sent.items() if where - {"WebSocket"}}
    message_schema = load_schema("server-message.schema.json")["$defs"]["error"]["properties"]["code"]["enum"]
    http_schema = load_schema("http.schema.json")["$defs"]["error"]["properties"]["error"]["enum"]
    assert sorted(message_schema) == sorted(websocket) and len(set(message_schema)) == len(message_schema)
    assert sorted(http_schema) == sorted(http) and len(set(http_schema)) == len(http_schema)
    # the close codes
    closing = docs[docs.index("A WebSocket is closed by the server") :]
    closing = closing[: closing.index("\n\n")]
    for code in (1008, 1001, BUSY_CLOSE_CODE):
        assert str(code) in closing, code
    assert f"1009 for a frame\nabove {FRAME_LIMIT // 1024} KiB" in closing


def test_the_docs_and_schemas_say_who_moves_first_as_the_games_do():
    """Seat 0 does not always move first (Duodecim's opening roll): nothing says it does."""
    import ludus
    from pathlib import Path
    from ludus.server.protocol import load_schema

    openings = set()
    for seed in range(40):
        with ludus.Game("duodecim", {"seed": seed}) as game:
            openings.add(game.to_move)
    assert openings == {0, 1}, openings  # the opening roll decides
    docs = (Path(__file__).resolve().parents[2] / "docs" / "server.md").read_text()
    create = load_schema("http.schema.json")["$defs"]["create"]["description"]
    for text in (docs, create):
        assert "0 moves first" not in text and "seat 0 moves first" not in text
        assert "opening roll" in text


# ---- archiving ----------------------------------------------------------------------------------


def test_an_archived_games_version_is_the_number_of_its_events(tmp_path):
    path = tmp_path / "g.sqlite3"
    server = ServerProcess(f"sqlite:{path}", env=child_env(), extra=FAST + ["--archive-after", "0.5"]).start()

    async def main():
        async with aiohttp.ClientSession() as session:
            me, friend = await seated_pair(server.url, session)
            await me.move(me.view["legal"][0])
            await friend.wait_until(lambda v: v["status"] == "archived", 10)
            archived = friend.view["version"]
            last = friend.events[-1]
            await me.close()
            await friend.close()
            return archived, last

    try:
        archived, last = run(main(), timeout=60)
    finally:
        server.stop()
    with sqlite3.connect(str(path)) as db:
        versions = [v for (v,) in db.execute("SELECT version FROM events ORDER BY version")]
        (stored,) = db.execute("SELECT version FROM games").fetchone()
    assert stored == archived == len(versions) == 3 and versions == [1, 2, 3]
    assert last["kind"] == "meta" and last["data"] == {"status": "archived"} and last["version"] == 3
