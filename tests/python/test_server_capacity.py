"""ludus serve at its limits: a full server refuses in words (HTTP 503 with Retry-After, a
WebSocket closed with 1013 and its reason) and the Python client comes back by itself; the file
limit and the listening queue; the creator's choice of seat; the QR code, drawn when asked; the load benchmark's
report.

Loopback only; every wait is bounded."""
import asyncio
import json
import re
import resource
import subprocess
import sys
import urllib.request

import pytest

aiohttp = pytest.importorskip("aiohttp")
jsonschema = pytest.importorskip("jsonschema")
pytest.importorskip("qrcode")

from ludus.server.app import connection_capacity  # noqa: E402
from ludus.server.client import GameClient, ServerBusy, ServerError, create_game, join_game  # noqa: E402
from ludus.server.testing import PostgresCluster, ServerProcess  # noqa: E402

from conftest import child_env  # noqa: E402

PETTEIA = {"rows": 5, "cols": 5}


def run(coroutine, timeout=60):
    return asyncio.run(asyncio.wait_for(coroutine, timeout))


def health(server):
    with urllib.request.urlopen(server.url + "/health", timeout=10) as response:
        return json.load(response)


@pytest.fixture
def full_server(tmp_path):
    """A server with room for two WebSockets."""
    server = ServerProcess(
        f"sqlite:{tmp_path / 'g.sqlite3'}", env=child_env(), extra=["--max-connections", "2"]
    ).start()
    yield server
    server.stop()


def test_a_full_server_refuses_in_words(full_server):
    url = full_server.url

    async def main():
        async with aiohttp.ClientSession() as session:
            created = await create_game(url, "petteia", PETTEIA, session=session)
            joined = await join_game(url, created["id"], created["invite"], session=session)
            async with GameClient(url, created["id"], created["token"], session=session), GameClient(
                url, created["id"], joined["token"], session=session
            ):
                async with session.post(url + "/api/games", json={"game": "petteia"}) as response:
                    refused = response.status, response.headers.get("Retry-After"), await response.json()
                ws = await session.ws_connect(f"{url.replace('http', 'ws', 1)}/api/games/{created['id']}/ws")
                closing = await asyncio.wait_for(ws.receive(), 10)
                await ws.close()
                with pytest.raises(ServerBusy) as busy:
                    await create_game(url, "petteia", PETTEIA, session=session, retry_for=0)
                with pytest.raises(ServerBusy):
                    await GameClient(url, created["id"], session=session, reconnect_for=0).connect()
                return refused, closing, busy.value

    (status, retry_after, body), closing, busy = run(main())
    assert status == 503 and retry_after == "2" and body["error"] == "busy" and "try again" in body["message"]
    assert closing.type == aiohttp.WSMsgType.CLOSE and closing.data == 1013 and "retry after 2 s" in closing.extra
    assert busy.code == "busy" and busy.retry_after == 2
    counted = health(full_server)
    assert counted["max_connections"] == 2 and counted["refused_busy"] >= 4 and counted["connections"] == 0


def test_the_client_comes_back_when_there_is_room(full_server):
    """A game created and a spectator connected while the server is full: both wait as asked and
    get in once the players leave."""
    url = full_server.url

    async def main():
        async with aiohttp.ClientSession() as session:
            created = await create_game(url, "petteia", PETTEIA, session=session)
            joined = await join_game(url, created["id"], created["invite"], session=session)
            me = GameClient(url, created["id"], created["token"], session=session)
            friend = GameClient(url, created["id"], joined["token"], session=session)
            await me.connect()
            await friend.connect()
            version = await me.move(me.view["legal"][0])
            watcher = GameClient(url, created["id"], session=session, reconnect_for=30)
            waiting = [
                asyncio.ensure_future(watcher.connect()),
                asyncio.ensure_future(create_game(url, "petteia", PETTEIA, session=session)),
            ]
            await asyncio.sleep(1.0)
            assert not any(task.done() for task in waiting)
            await me.close()
            await friend.close()
            _, second = await asyncio.gather(*waiting)
            seen = watcher.view
            await watcher.close()
            return version, seen, second

    version, seen, second = run(main())
    assert seen["version"] == version and second["id"] and second["token"]


def test_the_file_limit_is_raised_and_the_queue_is_long(tmp_path):
    """Each connection is a file: the server lifts its open-file limit to the hard one (started
    here under a low one) and sizes its connections by it; the listening queue is --backlog."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(1024, hard), hard))
    try:
        server = ServerProcess(f"sqlite:{tmp_path / 'g.sqlite3'}", env=child_env(), extra=["--backlog", "1000"]).start()
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    try:
        limits = open(f"/proc/{server.process.pid}/limits").read()
        listening = subprocess.run(
            ["ss", "-ltnH", f"sport = :{server.port}"], capture_output=True, text=True, timeout=10
        ).stdout.split()
        counted = health(server)
    finally:
        server.stop()
    files = next(line for line in limits.splitlines() if line.startswith("Max open files")).split()
    assert int(files[3]) == hard == int(files[4])
    assert counted["max_connections"] == connection_capacity(hard)
    with open("/proc/sys/net/core/somaxconn") as f:
        assert int(listening[2]) == min(1000, int(f.read()))  # ss: a listening socket's Send-Q is its backlog


def test_the_creator_chooses_a_seat(tmp_path):
    """The creator may take seat 1: the friend then has seat 0 and moves first."""
    server = ServerProcess(f"sqlite:{tmp_path / 'g.sqlite3'}", env=child_env()).start()

    async def main():
        async with aiohttp.ClientSession() as session:
            created = await create_game(server.url, "petteia", PETTEIA, seat=1, session=session)
            joined = await join_game(server.url, created["id"], created["invite"], session=session)
            async with GameClient(server.url, created["id"], created["token"], session=session) as me, GameClient(
                server.url, created["id"], joined["token"], session=session
            ) as friend:
                with pytest.raises(ServerError) as out_of_turn:
                    await me.move(me.view["legal"][0])
                version = await friend.move(friend.view["legal"][0])
                await me.wait_until(lambda v: v["version"] == version)
                return created, joined, me.seat, friend.seat, out_of_turn.value.code, me.view

    try:
        created, joined, my_seat, friends_seat, refusal, view = run(main())
    finally:
        server.stop()
    assert created["seat"] == 1 and my_seat == 1 and joined["seat"] == 0 and friends_seat == 0
    assert refusal == "not_your_turn" and view["to_move"] == 1


def test_the_invitations_qr_code_is_the_links():
    """The QR code's SVG draws exactly qrcode's modules of the join link (quiet zone included),
    at 0.8 mm a module."""
    import re
    import qrcode
    from ludus.server.app import _qr_svg

    link = "https://ludus.example.org/#join=" + "g" * 22 + "." + "x" * 43
    svg = _qr_svg(link)
    code = qrcode.QRCode(border=4)
    code.add_data(link)
    code.make(fit=True)
    expected = {(x, y) for y, row in enumerate(code.get_matrix()) for x, dark in enumerate(row) if dark}
    drawn = set()
    for x, y, width in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\3z", svg):
        drawn |= {(int(x) + i, int(y)) for i in range(int(width))}
    size = len(code.get_matrix())
    assert drawn == expected
    assert f'viewBox="0 0 {size} {size}"' in svg and f'width="{size * 0.8:g}mm"' in svg
    assert re.fullmatch(r'<svg [^>]*><path d="(M\d+ \d+h\d+v1h-\d+z)+" fill="#000000"/></svg>', svg)


def test_the_qr_code_is_drawn_only_for_a_client_that_asks(tmp_path):
    """A new game's answer carries the invitation's QR code by default (the clients of before
    read it), none with "qr": false (a client that draws its own); a "qr" that is not a boolean
    is refused."""
    server = ServerProcess(f"sqlite:{tmp_path / 'g.sqlite3'}", env=child_env()).start()

    async def main():
        async with aiohttp.ClientSession() as session:
            drawn = await create_game(server.url, "petteia", PETTEIA, session=session)
            bare = await create_game(server.url, "petteia", PETTEIA, session=session, qr=False)
            async with session.post(server.url + "/api/games", json={"game": "petteia", "qr": "no"}) as response:
                refused = (response.status, await response.json())
            return drawn, bare, refused

    try:
        drawn, bare, refused = run(main())
    finally:
        server.stop()
    assert drawn["join_qr_svg"].startswith("<svg ") and "join_qr_svg" not in bare
    assert bare["links"]["join"].endswith(f"#join={bare['id']}.{bare['invite']}")
    assert refused[0] == 400 and refused[1]["error"] == "bad_message" and "qr" in refused[1]["message"]


def test_the_invitations_qr_code_is_drawn_once_when_asked(tmp_path):
    """POST /api/games/{id}/qr: a game created with "qr": false costs no QR code until one is asked
    for with the invitation's code; asked again (the app reloaded), it is not drawn again; one
    drawn at the creation is not drawn again either. A wrong code is no game, a used invitation
    has no QR code, a body that is not the schema's is refused."""
    from ludus.server.app import _qr_svg
    from ludus.server.client import invitation_qr
    from ludus.server.protocol import load_schema

    server = ServerProcess(f"sqlite:{tmp_path / 'g.sqlite3'}", env=child_env()).start()

    async def drawn(session):
        async with session.get(server.url + "/health") as response:
            return (await response.json())["qr_codes_drawn"]

    async def refusal(session, game_id, body):
        async with session.post(f"{server.url}/api/games/{game_id}/qr", json=body) as response:
            return response.status, (await response.json())["error"]

    async def main():
        async with aiohttp.ClientSession() as session:
            bare = await create_game(server.url, "petteia", PETTEIA, session=session, qr=False)
            counts = [await drawn(session)]
            shown = [await invitation_qr(server.url, bare["id"], bare["invite"], session=session) for _ in range(2)]
            counts.append(await drawn(session))
            with_code = await create_game(server.url, "petteia", PETTEIA, session=session)
            again = await invitation_qr(server.url, with_code["id"], with_code["invite"], session=session)
            counts.append(await drawn(session))
            refused = [
                await refusal(session, bare["id"], {"invite": with_code["invite"]}),
                await refusal(session, "x" * 22, {"invite": bare["invite"]}),
                await refusal(session, bare["id"], {"invite": bare["invite"], "seat": 1}),
                await refusal(session, bare["id"], {}),
            ]
            await join_game(server.url, bare["id"], bare["invite"], session=session)
            refused.append(await refusal(session, bare["id"], {"invite": bare["invite"]}))
            counts.append(await drawn(session))
            return bare, shown, with_code, again, counts, refused

    try:
        bare, shown, with_code, again, counts, refused = run(main())
    finally:
        server.stop()
    assert counts == [0, 1, 2, 2]
    assert shown == [_qr_svg(bare["links"]["join"])] * 2
    assert again == with_code["join_qr_svg"] == _qr_svg(with_code["links"]["join"])
    assert refused == [
        (404, "no_game"),
        (404, "no_game"),
        (400, "bad_message"),
        (400, "bad_message"),
        (409, "seat_taken"),
    ]
    schema = load_schema("http.schema.json")
    jsonschema.Draft202012Validator(dict(schema["$defs"]["invitation_qr"], **{"$defs": schema["$defs"]})).validate(
        {"join_qr_svg": shown[0]}
    )


def test_the_qr_codes_kept_are_the_last_games_asked_for():
    """The server keeps the QR codes of the last games asked for (a bounded cache): a game's code
    is drawn again only once it has left it, or for another link (another public address)."""
    from ludus.server.app import InvitationCodes

    codes = InvitationCodes(limit=2)
    for game in ("a", "b", "a", "c", "a", "b"):  # "b" left when "c" came
        codes.of(game, f"https://x.example/#join={game}.k")
    assert codes.drawn == 4
    codes.of("b", "https://y.example/#join=b.k")
    assert codes.drawn == 5


def test_a_request_waits_request_timeout_for_its_answer(tmp_path):
    """A request unanswered for ``request_timeout`` seconds raises TimeoutError and is forgotten
    (its late answer is ignored); a request's own ``timeout`` overrides it. The server is frozen
    (SIGSTOP) while the request waits, so no answer can beat the timeout."""
    import signal

    server = ServerProcess(f"sqlite:{tmp_path / 'g.sqlite3'}", env=child_env()).start()

    async def main():
        async with aiohttp.ClientSession() as session:
            created = await create_game(server.url, "petteia", PETTEIA, session=session)
            async with GameClient(
                server.url, created["id"], created["token"], session=session, request_timeout=0.2
            ) as impatient:
                server.process.send_signal(signal.SIGSTOP)
                try:
                    started = asyncio.get_running_loop().time()
                    with pytest.raises(asyncio.TimeoutError):
                        await impatient.ping()
                    assert asyncio.get_running_loop().time() - started >= 0.2
                    assert impatient._pending == {}
                    waiting = asyncio.ensure_future(impatient.request({"type": "ping"}, timeout=30))
                    await asyncio.sleep(0.5)  # past request_timeout: its own timeout holds
                    assert not waiting.done()
                finally:
                    server.process.send_signal(signal.SIGCONT)
                await waiting
                await impatient.ping()  # the late answer to the first ping confused nothing

    try:
        run(main())
    finally:
        server.stop()


@pytest.mark.parametrize("loop", ["asyncio", "uvloop"])
def test_a_closed_connection_is_freed_without_the_garbage_collector(tmp_path, loop):
    """A connection's objects (its outbox, its WebSocket, its request's handler) are freed when it
    ends, by reference counting: a server holding thousands of games runs the collector's passes
    rarely (`tune_garbage_collector`), and cycles left by each ended connection grew a server of
    2,000 games by 36 MB a minute. Ended each way: closed by the client, the client's socket cut
    without a close, a player's and a watcher's, on both event loops the server runs on."""
    import gc

    from aiohttp import web

    from ludus.server.app import Server, make_app
    from ludus.server.outbox import Outbox
    from ludus.server.store import open_store

    if loop == "uvloop":
        uvloop = pytest.importorskip("uvloop")

    def alive(kind):
        return sum(1 for o in gc.get_objects() if isinstance(o, kind))

    async def main():
        server = Server(open_store(str(tmp_path / "games.sqlite3")))
        runner = web.AppRunner(make_app(server))
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        url = "http://127.0.0.1:%d" % site._server.sockets[0].getsockname()[1]
        created = await create_game(url, "petteia", PETTEIA)
        socket_url = created["links"]["websocket"].replace("ws://", "http://", 1)
        kinds = (Outbox, web.WebSocketResponse, web.RequestHandler)
        gc.collect()
        gc.disable()
        try:
            before = [alive(kind) for kind in kinds]
            async with aiohttp.ClientSession() as session:
                for i in range(8):
                    ws = await session.ws_connect(socket_url)
                    hello = {"type": "hello", "id": 1}
                    if i % 4 < 2:
                        hello["token"] = created["token"]
                    await ws.send_json(hello)
                    assert json.loads((await ws.receive(timeout=10)).data)["type"] == "welcome"
                    if i % 2:
                        await ws.close()
                    else:
                        ws._response.connection.transport.abort()  # no close: the network lost
                for _ in range(100):  # the server's handlers end
                    await asyncio.sleep(0.05)
                    if server.sockets == 0:
                        break
                assert server.sockets == 0
                await asyncio.sleep(0.2)
                left = [max(0, alive(kind) - n) for kind, n in zip(kinds, before)]
            assert left == [0, 0, 0], f"outboxes, WebSockets and handlers left to the collector: {left}"
        finally:
            gc.enable()
            await runner.cleanup()

    if loop == "uvloop":
        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    try:
        run(main())
    finally:
        asyncio.set_event_loop_policy(None)


def test_the_load_benchmark_reports_its_games_and_where_the_time_goes():
    """examples/server/benchmark.py: the games finished and failed, every acknowledged move found
    in the database, the CPU times, and with --profile the parts of a change's time; with
    --human, every game at a person's pace, the server drawing no QR code with --client-qr."""
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "examples" / "server" / "benchmark.py"
    out = subprocess.run(
        [sys.executable, str(script), "--games", "3", "--max-plies", "8", "--profile"],
        capture_output=True,
        text=True,
        env=child_env(),
        timeout=120,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    report = out.stdout
    assert "3 games, Petteia 5x5, no pause, 1 process, SQLite" in report and "3 finished, 0 failed" in report
    assert "move latency median" in report and ", p95 " in report and ", max " in report and "load average" in report
    assert "acknowledged moves: 21, all in the database" in report  # 7 moves a game, the 8th version ends it
    assert "ms of server CPU a change (24 changes stored)" in report  # and the friend's joining each game
    assert re.search(r"event loops: the server (uvloop [\d.]+|asyncio[^;]*); the clients \(this process\) ", report)
    for part in (
        "the rest (aiohttp",
        "QR codes",
        "library",
        "message reading (JSON, schema)",
        "JSON encoding",
        "ms (mean, wall) for its commit",
    ):
        assert part in report, part
    out = subprocess.run(
        [
            sys.executable,
            str(script),
            "--games",
            "5",
            "--max-plies",
            "4",
            "--human",
            "--ramp",
            "0",
            "--client-qr",
            "--profile",
        ],
        capture_output=True,
        text=True,
        env=child_env(),
        timeout=120,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    report = out.stdout
    assert "5 games, human pace (1-3 s), every game, 1 process, SQLite" in report and "5 finished, 0 failed" in report
    assert "ms of server CPU a change (20 changes stored)" in report  # versions 1 to 4 of each game
    assert "QR codes" not in report  # none was drawn


@pytest.mark.skipif(not PostgresCluster.available(), reason="PostgreSQL is not installed")
def test_the_load_benchmark_matrix_measures_a_window_on_one_and_two_processes():
    """--matrix: each size on one process over SQLite, then on two over PostgreSQL listening on one
    address; the figures of a window with every table playing, one Markdown table and the ratio of
    the two set-ups; the players resign after the window and every acknowledged move is stored."""
    from pathlib import Path

    script = Path(__file__).resolve().parents[2] / "examples" / "server" / "benchmark.py"
    command = [sys.executable, str(script), "--matrix", "3", "--window", "6", "--settle", "1", "--ramp", "0.5"]
    out = subprocess.run(command + ["--max-plies", "3"], capture_output=True, text=True, env=child_env(), timeout=240)
    assert out.returncode == 0, out.stdout + out.stderr
    report = out.stdout
    rows = [line for line in report.splitlines() if line.startswith("| 3 |")]
    assert len(rows) == 2, report
    assert "| 3 | 1 process, SQLite |" in rows[0] and "| 3 | 2 processes, PostgreSQL, one address |" in rows[1]
    for row, database in zip(rows, ("", r" \+ \d+\.\d\d")):
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        assert len(cells) == 12 and cells[7] == "0" and cells[11].startswith("all of "), row
        assert int(cells[2]) > 0, row  # changes/s
        # the server's CPU a change and the cores (PostgreSQL's processes beside the servers')
        assert re.fullmatch(r"\d+\.\d\d ms" + database, cells[5]), row
        assert re.fullmatch(r"\d+\.\d\d" + database + r" / \d+\.\d\d", cells[6]), row
        # each server's resident memory at the window's start and end and at its peak, in MB
        memories = re.fullmatch(r"([\d + ]+) / ([\d + ]+) / ([\d + ]+) MB", cells[10])
        assert memories, row
        for start, end, peak in zip(*(part.split(" + ") for part in memories.groups())):
            assert 10 < int(start) and int(end) <= int(peak) and int(start) <= int(peak), row
        assert len(memories.group(1).split(" + ")) == (1 if "SQLite" in row else 2), row
    # 3 versions a game (the friend's joining, two moves or rolls): each table went on to other
    # games (more finished than tables), and the players left after the window
    finished = [int(n) for n in re.findall(r"3 games, human pace \(1-3 s\), every game, [^:]*: (\d+) finished", report)]
    assert len(finished) == 2 and min(finished) > 3, report
    assert report.count("the window (6 s, every table playing") == 2
    assert "changes/s, two processes over PostgreSQL / one over SQLite: 3 games " in report
    assert "MISSING" not in report
