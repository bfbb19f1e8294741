"""ludus serve: whole games through the server, every kind of refused message, kill -9 in the
middle of 50 games, on SQLite and on a real PostgreSQL shared by two server processes.

Loopback only; every wait is bounded (the clients' timeouts, the processes' startup)."""
import asyncio
import json
import sqlite3
import time
import urllib.request

import pytest

aiohttp = pytest.importorskip("aiohttp")
pytest.importorskip("jsonschema")
pytest.importorskip("qrcode")

import ludus  # noqa: E402
from ludus.server.client import GameClient, ServerError, create_game, join_game  # noqa: E402
from ludus.server.protocol import load_schema  # noqa: E402
from ludus.server.testing import ServerProcess, play_random_game  # noqa: E402

from conftest import child_env  # noqa: E402


FAST = [
    "--messages-per-second",
    "5000",
    "--address-messages-per-second",
    "100000",
    "--connections-per-address",
    "5000",
    "--requests-per-minute",
    "100000",
]

#: one game of each, with options that end random play within a few hundred moves
GAMES = [
    ("petteia", {"rows": 5, "cols": 5, "draw_plies_without_capture": 20}),
    ("latrunculi", {"ruleset": "bell"}),
    ("duodecim", {}),
    ("xii_scripta", {"pieces": 3}),
]


def run(coroutine, timeout=120):
    return asyncio.run(asyncio.wait_for(coroutine, timeout))


class Backend:
    """One SQLite server, or two server processes sharing one PostgreSQL database."""

    def __init__(self, kind, tmp_path, postgres=None, extra=FAST):
        self.kind = kind
        if kind == "sqlite":
            self.database = f"sqlite:{tmp_path / 'games.sqlite3'}"
            count = 1
        else:
            self.database = postgres.dsn
            count = 2
        self.servers = [
            ServerProcess(self.database, extra=extra, env=child_env(), log_path=str(tmp_path / f"server{i}.log"))
            for i in range(count)
        ]

    def start(self):
        for server in self.servers:
            server.start()
        return self

    def stop(self):
        for server in self.servers:
            server.stop()

    @property
    def urls(self):
        """Where the two players connect: the same server, or one each."""
        return [self.servers[0].url, self.servers[-1].url]

    def stored_events(self, game_id):
        if self.kind == "sqlite":
            with sqlite3.connect(self.database[len("sqlite:") :]) as db:
                rows = db.execute(
                    "SELECT version, seat, kind, data FROM events WHERE game_id = ? ORDER BY version", (game_id,)
                ).fetchall()
        else:
            import psycopg2

            with psycopg2.connect(self.database) as db, db.cursor() as cursor:
                cursor.execute(
                    "SELECT version, seat, kind, data FROM events WHERE game_id = %s ORDER BY version", (game_id,)
                )
                rows = cursor.fetchall()
        return [(int(v), s, k, json.loads(d)) for v, s, k, d in rows]


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request, tmp_path):
    postgres = request.getfixturevalue("postgres") if request.param == "postgresql" else None
    started = Backend(request.param, tmp_path, postgres).start()
    yield started
    started.stop()


def replayed(game, options, events):
    """The library's game the stored events make."""
    from ludus.server.room import apply

    g = ludus.Game(game, options)
    meta = {"offer": None, "resigned": None}
    for version, seat, kind, data in events:
        apply(g, meta, {"seat": seat, "kind": kind, "data": data})
    return g


def server_message_validator():
    import jsonschema

    schema = load_schema("server-message.schema.json")
    return jsonschema.validators.validator_for(schema)(schema)


# ---- whole games ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game,options", GAMES, ids=[g for g, _ in GAMES])
def test_two_clients_play_a_whole_game(backend, game, options):
    async def main():
        acked = []
        watched = []
        async with aiohttp.ClientSession() as session:
            final = await play_random_game(
                backend.urls[0], game, options, seed=7, acked=acked, urls=backend.urls, session=session
            )
            async with GameClient(backend.urls[-1], final["id"], session=session) as spectator:
                watched.append(spectator.view)
                watched.append(spectator.state)
        return final, acked, watched

    final, acked, (spectator_view, state) = run(main())
    assert final["status"] == "over" and final["end_reason"]
    assert spectator_view["version"] == final["version"] and spectator_view["position"] == final["position"]
    events = backend.stored_events(final["id"])
    stored = {(v, s, d.get("move")) for v, s, k, d in events if k == "move"}
    assert {(v, s, m) for _, v, s, m in acked} <= stored and len(acked) == len(stored)
    with replayed(game, final["options"], events) as again:
        assert again.is_over and again.end_reason == final["end_reason"]
        assert again.position == final["position"] and str(again.result) == final["result"]
        assert again.history == state["history"]


# ---- refused messages ----------------------------------------------------------------------------


async def raw_socket(session, url, game_id, origin=None):
    headers = {"Origin": origin} if origin else {}
    return await session.ws_connect(f"{url.replace('http', 'ws', 1)}/api/games/{game_id}/ws", headers=headers)


async def answer(ws, text):
    if isinstance(text, bytes):
        await ws.send_bytes(text)
    else:
        await ws.send_str(text)
    while True:
        message = await asyncio.wait_for(ws.receive_json(), 10)
        if message["type"] != "update":
            return message


def test_bad_messages_are_refused_and_change_nothing(backend):
    validator = server_message_validator()

    async def main():
        async with aiohttp.ClientSession() as session:
            url = backend.urls[0]
            created = await create_game(url, "petteia", {"rows": 5, "cols": 5}, session=session)
            joined = await join_game(url, created["id"], created["invite"], session=session)
            me = GameClient(url, created["id"], created["token"], session=session)
            friend = GameClient(backend.urls[-1], created["id"], joined["token"], session=session)
            watcher = GameClient(url, created["id"], session=session)
            for c in (me, friend, watcher):
                await c.connect()
            await me.move(me.view["legal"][0])
            await friend.wait_until(lambda v: v["version"] == me.version)
            before = dict(me.view)
            seen = []

            async def refused(client, message, code):
                with pytest.raises(ServerError) as info:
                    await client.request(message)
                assert info.value.code == code, (message, info.value)
                assert info.value.message
                seen.append(code)

            v = me.version
            legal = friend.view["legal"]
            # a move out of turn, a spectator's move, a stale version, an illegal move, roll in a game without dice
            await refused(me, {"type": "move", "move": legal[0], "version": v}, "not_your_turn")
            await refused(watcher, {"type": "move", "move": legal[0], "version": v}, "spectator")
            await refused(watcher, {"type": "resign", "version": v}, "spectator")
            await refused(friend, {"type": "move", "move": legal[0], "version": v - 1}, "stale")
            await refused(friend, {"type": "move", "move": "a1-z9", "version": v}, "illegal")
            await refused(friend, {"type": "move", "move": "not a move", "version": v}, "illegal")
            await refused(friend, {"type": "roll", "version": v}, "no_roll")
            await refused(friend, {"type": "answer", "kind": "draw", "accept": True, "version": v}, "no_offer")
            await refused(friend, {"type": "offer", "kind": "undo", "version": v}, "nothing_to_undo")
            # malformed messages: no id can be read, so the answer has none
            ws = await raw_socket(session, url, created["id"])
            first = await answer(ws, json.dumps({"type": "move", "move": legal[0], "version": v}))
            assert first["code"] == "hello_first"
            wrong = await answer(ws, json.dumps({"type": "hello", "token": "x" * 43}))
            assert wrong["code"] == "bad_token"
            cases = [
                (b"\x00\x01", "bad_frame"),
                ("{not json", "bad_json"),
                ("[1, 2]", "bad_message"),
                ('{"type": "teleport"}', "bad_message"),
                ('{"type": "move", "version": 1}', "bad_message"),
                ('{"type": "move", "move": "a2-a3", "version": "1"}', "bad_message"),
                ('{"type": "move", "move": "a2-a3", "version": 1, "token": "x"}', "bad_message"),
                ('{"type": "move", "move": "", "version": 1}', "bad_message"),
                ('{"type": "roll", "version": 1, "dice": [1, 2, 3, 4, 5, 6, 7, 8, 9]}', "bad_message"),
                ('{"type": "hello", "token": "short"}', "bad_message"),
                ('{"type": "move", "move": "' + "a" * 3000 + '", "version": 1}', "too_large"),
            ]
            for text, code in cases:
                reply = await answer(ws, text)
                assert reply["type"] == "error" and reply["code"] == code, (text, reply)
                assert validator.is_valid(reply), reply
                assert "Traceback" not in reply["message"]
                seen.append(code)
            await ws.send_str("x" * 70000)  # beyond the frame limit: the connection is closed
            closed = await asyncio.wait_for(ws.receive(), 10)
            assert closed.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED) and ws.close_code == 1009
            # a page of another site
            with pytest.raises(aiohttp.WSServerHandshakeError) as info:
                await raw_socket(session, url, created["id"], origin="https://evil.example")
            assert info.value.status == 403
            async with session.post(
                url + "/api/games", json={"game": "petteia"}, headers={"Origin": "https://evil.example"}
            ) as response:
                assert response.status == 403 and (await response.json())["error"] == "origin"
            # the server's own origin is fine
            own = await raw_socket(session, url, created["id"], origin=url)
            await own.close()
            # bad requests
            for body, status, code in [
                (b"{", 400, "bad_json"),
                (b'{"game": "chess"}', 400, "bad_game"),
                (b'{"game": "petteia", "options": {"rows": 99}}', 400, "bad_game"),
                (b'{"game": "petteia", "options": {"colour": "red"}}', 400, "bad_game"),
                (b'{"game": "petteia", "seat": 2}', 400, "bad_message"),
                (b'{"game": "petteia", "token": "x"}', 400, "bad_message"),
            ]:
                async with session.post(url + "/api/games", data=body) as response:
                    reply = await response.json()
                    assert response.status == status and reply["error"] == code, (body, reply)
            with pytest.raises(ServerError) as info:
                await join_game(url, created["id"], "y" * 43, session=session)
            assert info.value.code == "no_game"
            with pytest.raises(ServerError) as info:
                await join_game(url, created["id"], created["invite"], session=session)
            assert info.value.code == "seat_taken"
            # nothing changed, for anyone
            await asyncio.sleep(0.2)
            after = [c.view for c in (me, friend, watcher)]
            for c in (me, friend, watcher):
                await c.close()
            return before, after, seen

    before, after, seen = run(main())
    for view in after:
        assert view["version"] == before["version"] and view["position"] == before["position"]
    assert len(seen) == 20


def test_offers_undo_draw_resign_and_real_dice(backend):
    async def main():
        async with aiohttp.ClientSession() as session:
            url, other = backend.urls
            created = await create_game(url, "petteia", {"rows": 5, "cols": 5}, session=session)
            joined = await join_game(other, created["id"], created["invite"], session=session)
            async with GameClient(url, created["id"], created["token"], session=session) as me, GameClient(
                other, created["id"], joined["token"], session=session
            ) as friend:
                start = me.view["position"]
                await me.move(me.view["legal"][0])
                await friend.wait_until(lambda v: v["version"] == me.version)
                moved = friend.view["position"]
                await me.offer("undo")
                await friend.wait_until(lambda v: v["offer"] == {"kind": "undo", "by": 0})
                with pytest.raises(ServerError) as info:
                    await me.answer("undo", True)
                assert info.value.code == "own_offer"
                with pytest.raises(ServerError) as info:
                    await friend.move(friend.view["legal"][0])
                assert info.value.code == "offer_pending"
                await friend.answer("undo", False)
                await me.wait_until(lambda v: v["offer"] is None and v["version"] == friend.version)
                assert me.view["position"] == moved and me.view["to_move"] == 1
                with pytest.raises(ServerError) as info:  # asked again only after a move
                    await me.offer("undo")
                assert info.value.code == "offer_declined"
                await friend.offer("draw")
                await me.wait_until(lambda v: v["offer"] == {"kind": "draw", "by": 1})
                await friend.move(friend.view["legal"][0])  # one's own offer lapses with one's move
                await me.wait_until(lambda v: v["version"] == friend.version)
                assert me.view["offer"] is None and me.view["to_move"] == 0
                await me.offer("undo")  # takes back the friend's move too
                await friend.wait_until(lambda v: v["offer"] is not None)
                await friend.answer("undo", True)
                await me.wait_until(lambda v: v["version"] == friend.version)
                assert me.view["position"] == start and me.view["to_move"] == 0
                await me.offer("draw")
                await friend.wait_until(lambda v: v["offer"] == {"kind": "draw", "by": 0})
                await friend.answer("draw", True)
                final = await me.wait_until(lambda v: v["status"] == "over")
                assert final["end_reason"] == "agreed_draw" and final["result"] == "draw"
                with pytest.raises(ServerError) as info:
                    await me.move("a2-a3")
                assert info.value.code == "game_over"
            # duodecim: no agreed draws (the library says so); resignation
            created = await create_game(url, "duodecim", {"first_player": 0}, session=session)
            joined = await join_game(other, created["id"], created["invite"], session=session)
            async with GameClient(url, created["id"], created["token"], session=session) as me, GameClient(
                other, created["id"], joined["token"], session=session
            ) as friend:
                with pytest.raises(ServerError) as info:
                    await me.offer("draw")
                assert info.value.code == "no_draws" and "no draws" in info.value.message
                with pytest.raises(ServerError) as info:
                    await me.roll([3, 5])
                assert info.value.code == "server_dice"
                await me.roll()
                assert me.view["phase"] == "move" and len(me.view["position"]["dice"]) == 2
                await friend.wait_until(lambda v: v["version"] == me.version)  # through the other process
                await friend.resign()
                final = await me.wait_until(lambda v: v["status"] == "over")
                assert final["winner"] == 0 and final["end_reason"] == "resigned"
            # real dice: the friend must agree; then the players type their throws
            created = await create_game(url, "duodecim", {"first_player": 0}, dice="real", session=session)
            with pytest.raises(ServerError) as info:
                await join_game(other, created["id"], created["invite"], session=session)
            assert info.value.code == "dice_agreement"
            joined = await join_game(other, created["id"], created["invite"], dice="real", session=session)
            async with GameClient(url, created["id"], created["token"], session=session) as me:
                with pytest.raises(ServerError) as info:
                    await me.roll()
                assert info.value.code == "dice_needed"
                with pytest.raises(ServerError) as info:
                    await me.roll([7, 1])
                assert info.value.code == "illegal"
                await me.roll([3, 5])
                assert me.view["position"]["dice"] == [3, 5]
            assert joined["seat"] == 1

    run(main())


def test_rate_limits(tmp_path):
    server = ServerProcess(
        f"sqlite:{tmp_path / 'g.sqlite3'}",
        env=child_env(),
        extra=["--messages-per-second", "5", "--connections-per-address", "3", "--requests-per-minute", "4"],
    ).start()

    async def main():
        async with aiohttp.ClientSession() as session:
            created = await create_game(server.url, "petteia", session=session)
            ws = await raw_socket(session, server.url, created["id"])
            await answer(ws, json.dumps({"type": "hello"}))
            codes = []
            for i in range(30):
                codes.append((await answer(ws, json.dumps({"type": "ping", "id": i})))["type"])
            statuses = []
            for _ in range(6):
                async with session.post(server.url + "/api/games", json={"game": "petteia"}) as response:
                    statuses.append(response.status)
            sockets = [await raw_socket(session, server.url, created["id"]) for _ in range(2)]
            with pytest.raises(aiohttp.WSServerHandshakeError) as info:
                await raw_socket(session, server.url, created["id"])
            for s in sockets + [ws]:
                await s.close()
            return codes, statuses, info.value.status

    try:
        codes, statuses, refused = run(main())
    finally:
        server.stop()
    assert codes.count("pong") >= 9 and codes.count("error") >= 10  # a burst of 10, then 5 a second
    assert statuses[:3] == [201, 201, 201] and 429 in statuses
    assert refused == 429


def test_idle_games_are_archived(tmp_path):
    server = ServerProcess(
        f"sqlite:{tmp_path / 'g.sqlite3'}", env=child_env(), extra=FAST + ["--archive-after", "0.5"]
    ).start()

    async def main():
        async with aiohttp.ClientSession() as session:
            created = await create_game(server.url, "petteia", session=session)
            joined = await join_game(server.url, created["id"], created["invite"], session=session)
            async with GameClient(server.url, created["id"], joined["token"], session=session) as friend, GameClient(
                server.url, created["id"], created["token"], session=session
            ) as me:
                await me.move(me.view["legal"][0])
                await friend.wait_until(lambda v: v["status"] == "archived", 10)
                with pytest.raises(ServerError) as info:
                    await friend.move(friend.view["legal"][0])
                assert info.value.code in ("archived", "stale")
            async with session.get(f"{server.url}/api/games/{created['id']}") as response:
                return await response.json()

    try:
        view = run(main())
    finally:
        server.stop()
    assert view["status"] == "archived" and view["version"] >= 2


def test_health_and_app(tmp_path):
    app = tmp_path / "app"
    app.mkdir()
    (app / "index.html").write_text('<!doctype html><meta name="ludus-server" content="none"><title>ludus</title>')
    (app / "app.js").write_text("export {};")
    server = ServerProcess(f"sqlite:{tmp_path / 'g.sqlite3'}", env=child_env(), extra=["--app", str(app)]).start()
    try:
        with urllib.request.urlopen(server.url + "/health", timeout=10) as response:
            health = json.load(response)
        with urllib.request.urlopen(server.url + "/", timeout=10) as response:
            index = response.read().decode()
        with urllib.request.urlopen(server.url + "/index.html", timeout=10) as response:
            named_index = response.read().decode()
        with urllib.request.urlopen(server.url + "/app.js", timeout=10) as response:
            script = response.read().decode()
    finally:
        server.stop()
    assert health["status"] == "ok" and health["database"] == "sqlite"
    # the page is marked as a game server's (the app asks for games only then)
    for page in (index, named_index):
        assert '<meta name="ludus-server" content="here"><title>ludus</title>' in page
    assert script == "export {};"


def test_a_new_games_seed_is_exact_in_javascript(tmp_path):
    """The seed drawn for a game (the setup, e.g. the opening rolls, follows from it) stays below
    2**53, so that a browser's JSON.parse reads the state the server plays; a seed asked for is
    kept, from 2**53 up as the string of its digits."""

    def seed_of(options):
        created = asyncio.run(create_game(server.url, "duodecim", options))
        with urllib.request.urlopen(f"{server.url}/api/games/{created['id']}", timeout=10) as response:
            return json.load(response)["options"]["seed"]

    server = ServerProcess(f"sqlite:{tmp_path / 'g.sqlite3'}", env=child_env()).start()
    try:
        seeds = [seed_of({}) for _ in range(20)]
        asked = seed_of({"seed": 2**60})
    finally:
        server.stop()
    assert all(0 <= seed < 2**53 for seed in seeds) and len(set(seeds)) > 1
    assert asked == str(2**60)


def integers_in(value):
    """Every integer in a JSON document (booleans are not)."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from integers_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from integers_in(item)


def test_every_number_the_server_sends_is_exact_in_javascript(tmp_path):
    """A whole game with the largest seed: every integer of the catalogue, the game's page, the
    health page and a spectator's welcome and updates is below 2**53 (a double holds it
    exactly), the seed is its digits, and the state a browser would save loads again."""
    updates = []

    async def main():
        async with aiohttp.ClientSession() as session:
            created = await create_game(server.url, "duodecim", {"seed": 2**64 - 1}, session=session)
            joined = await join_game(server.url, created["id"], created["invite"], session=session)
            async with GameClient(
                server.url, created["id"], session=session, on_update=updates.append
            ) as spectator, GameClient(
                server.url, created["id"], joined["token"], session=session
            ) as friend, GameClient(
                server.url, created["id"], created["token"], session=session
            ) as creator:
                for _ in range(6):
                    seat = creator if creator.view["to_move"] == creator.seat else friend
                    version = await (seat.roll() if seat.view["phase"] == "roll" else seat.move(seat.view["legal"][0]))
                    for client in (creator, friend, spectator):
                        await client.wait_until(lambda v: v["version"] >= version)
                async with GameClient(server.url, created["id"], session=session) as late:
                    documents = [late.view, late.state, spectator.events]
            for path in ("/api/catalogue", f"/api/games/{created['id']}", "/health"):
                async with session.get(server.url + path) as response:
                    documents.append(await response.json())
            return documents

    server = ServerProcess(f"sqlite:{tmp_path / 'g.sqlite3'}", env=child_env()).start()
    try:
        view, state, events, catalogue, page, health = run(main())
    finally:
        server.stop()
    assert len(updates) >= 6
    assert all(entry["options"]["seed"].pop("max") == 2**64 - 1 for entry in catalogue)  # max_text is exact
    for document in [view, state, events, catalogue, page, health] + updates:
        assert all(abs(n) < 2**53 for n in integers_in(document))
    assert view["options"]["seed"] == page["options"]["seed"] == state["options"]["seed"] == "18446744073709551615"
    assert all(entry["options"]["seed"]["max_text"] == "18446744073709551615" for entry in catalogue)
    with ludus.Game.from_json(json.loads(json.dumps(state))) as again:
        assert again.to_dict() == state and len(again.history) == 6


# ---- kill -9 -------------------------------------------------------------------------------------


def test_kill_9_in_the_middle_of_50_games(backend):
    """50 games at once; the (first) server is killed with SIGKILL once 300 moves are
    acknowledged, and restarted on its port; the clients reconnect and finish; every move they
    were told was stored is in the database."""

    async def main():
        acked = []
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
            games = [
                play_random_game(
                    backend.urls[0],
                    *GAMES[i % 2 * 2],
                    seed=i,
                    acked=acked,
                    urls=backend.urls,
                    session=session,
                    reconnect_for=60,
                )
                for i in range(50)
            ]
            tasks = [asyncio.ensure_future(g) for g in games]
            deadline = time.monotonic() + 60
            while len(acked) < 300 and time.monotonic() < deadline:
                await asyncio.sleep(0.02)
            at_kill = len(acked)
            killed = backend.servers[0]
            killed.kill()
            await asyncio.sleep(0.5)
            await asyncio.get_running_loop().run_in_executor(None, killed.start)
            finals = await asyncio.gather(*tasks)
        return acked, at_kill, finals

    acked, at_kill, finals = run(main(), timeout=170)
    assert at_kill >= 300
    assert all(f["status"] == "over" for f in finals)
    assert len(acked) > at_kill
    by_game = {}
    for game_id, version, seat, move in acked:
        by_game.setdefault(game_id, set()).add((version, seat, move))
    for final in finals:
        stored = {(v, s, d["move"]) for v, s, k, d in backend.stored_events(final["id"]) if k == "move"}
        assert by_game.get(final["id"], set()) <= stored
    assert sum(len(moves) for moves in by_game.values()) == len(acked)


def test_cli_serve_help():
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-m", "ludus", "serve", "--help"], capture_output=True, text=True, env=child_env(), timeout=60
    )
    assert out.returncode == 0 and "--database" in out.stdout and "postgresql://" in out.stdout


def test_a_bounded_random_game_stops_both_seats(tmp_path):
    """play_random_game's bound (the load benchmark's --max-plies) ends the game's play for both
    seats: the seat not to move stops too, rather than wait for its turn."""
    server = ServerProcess(f"sqlite:{tmp_path / 'g.sqlite3'}", env=child_env()).start()
    try:
        view = asyncio.run(
            asyncio.wait_for(
                play_random_game(server.url, "petteia", {"rows": 5, "cols": 5}, seed=3, acked=[], max_plies=6), 20
            )
        )
    finally:
        server.stop()
    assert view["version"] == 6 and view["status"] == "playing"


# ---- the deployment files (examples/server) ------------------------------------------------------


def test_deployment_files_agree_with_the_server():
    """The systemd unit's command is one `ludus serve` takes (behind a proxy: --trust-proxy, a
    public address for the links), on the port nginx passes to, as an unprivileged user; nginx
    passes the WebSocket's upgrade and the player's address on, over TLS."""
    import shlex
    from pathlib import Path
    from ludus.cli import _parser

    here = Path(__file__).resolve().parents[2] / "examples" / "server"
    unit = (here / "ludus-serve.service").read_text().replace("\\\n", " ")
    settings = dict(line.split("=", 1) for line in unit.splitlines() if "=" in line and not line.startswith("#"))
    command = shlex.split(settings["ExecStart"])
    assert command[:4] == ["/usr/bin/python3", "-m", "ludus", "serve"]
    args = _parser().parse_args(command[3:])
    assert args.trust_proxy and args.public_url.startswith("https://") and args.host == "127.0.0.1"
    assert settings["User"] not in ("", "root") and settings["NoNewPrivileges"] == "yes"
    assert args.database == f"sqlite:/var/lib/{settings['StateDirectory']}/games.sqlite3"
    nginx = (here / "nginx.conf").read_text()
    assert f"server 127.0.0.1:{args.port};" in nginx
    assert "listen 443 ssl" in nginx and "ssl_certificate " in nginx and "return 301 https://" in nginx
    websocket = nginx[nginx.index("location ~ ^/api/games/[^/]+/ws$") :]
    for line in (
        "proxy_set_header Upgrade $http_upgrade;",
        'proxy_set_header Connection "upgrade";',
        "proxy_set_header X-Forwarded-For $remote_addr;",
        "proxy_http_version 1.1;",
    ):
        assert line in websocket, line
