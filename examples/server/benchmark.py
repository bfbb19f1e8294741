"""Load benchmark of ludus serve (not a test): N concurrent games of random moves on loopback.

    LUDUS_LIBRARY=build/capi/libludus.so.1 PYTHONPATH=bindings/python \\
        python3 examples/server/benchmark.py --games 100 [--postgresql] [--profile]
    ... --games 500 --human [--client-qr | --asked-qr]   # players answering after 1-3 s, every game mixed
    ... --matrix 500,2000,5000                           # docs/server.md's load table, unattended (about 20 minutes)

Prints the games finished and those that failed (by why), games/s, moves/s, the move latency
(median, p95, p99, max), the servers' CPU time per stored change, what the servers refused as
busy, the database's batches, whether every acknowledged move is in the database, and the load
average. ``--postgresql``: two processes over PostgreSQL on one address (both listen on the same
port with ``--reuse-port``; the kernel gives each connection to one of them). ``--window S``
measures S seconds with every table playing (a table starts another game once one ends), after
the ramp; ``--matrix`` runs each size on one process over SQLite and on two over PostgreSQL
(human pace, the clients drawing the QR codes, a window of 120 s) and prints one Markdown
table. ``--profile`` runs the (first) server with timers around the phases of a change
(timed_serve.py) and prints where its time went. Bounded: each game stops at --max-plies
versions, a seat waits --turn-timeout s at most for its turn, and a windowed run's players
resign at their next turn after the window (--drain s at most). The clients are one process (this
one) on uvloop's event loop when it is installed, each player a raw WebSocket read by its own
coroutine: their CPU, on the same cores as the servers', is reported apart; ``--event-loop`` is
the servers'."""
import argparse
import asyncio
import base64
import collections
import json
import os
import random
import re
import sqlite3
import sys
import tempfile
import time
import urllib.request

import aiohttp

import ludus
from ludus.server import EVENT_LOOPS, new_event_loop
from ludus.server.app import raise_file_limit
from ludus.server.client import BUSY_CLOSE_CODE, ServerError, create_game, invitation_qr, join_game
from ludus.server.testing import PostgresCluster, ServerProcess, free_port

FAST = [
    "--messages-per-second",
    "100000",
    "--address-messages-per-second",
    "10000000",
    "--connections-per-address",
    "20000",
    "--requests-per-minute",
    "10000000",
]
TIMED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "timed_serve.py")
# --cprofile: the server under cProfile, timed by its main thread's CPU clock (a wall clock on a
# loaded machine would count the time it waited for a core, or for the GIL after each library call)
CPROFILED = (
    "import cProfile, sys, time\nfrom ludus.cli import main\n"
    "profile = cProfile.Profile(time.thread_time)\n"
    "try:\n    profile.runcall(main, sys.argv[4:])\nfinally:\n    profile.dump_stats(sys.argv[1])\n"
)
GAME = ("petteia", {"rows": 5, "cols": 5, "draw_plies_without_capture": 20})
#: --human's games: every game of the catalogue, each with its default rules, in turn
EVERY_GAME = [(game_id, {}) for game_id in ludus.game_ids()]


def why(error):
    """An exception as a kind of failure: its type and message, numbers left out."""
    return re.sub(r"\d+", "N", f"{type(error).__name__}: {error}")[:120]


class Run:
    """One run's shared state: what the players were told, and the measured window (--window):
    from ``--settle`` s after the last table's first game has its two players connected, for
    ``--window`` s; the figures of a windowed run are those of the window, every table playing."""

    def __init__(self, args, cluster):
        self.args, self.cluster = args, cluster
        self.acked, self.finished, self.failures = [], [], collections.Counter()
        self.measured = []  # the latencies answered in the window (or all, without one)
        self.open = args.window is None
        self.leaving = False  # the window is over (or without one, never): the players resign at their next turn
        self.tables_seated = set()  # the tables whose first game's players are connected
        self.all_seated = asyncio.Event()
        self.seated_at_open = 0
        self.client_loop = loop_name(asyncio.get_running_loop())

    def append(self, latency):
        if self.open:
            self.measured.append(latency)

    def seated(self, table):
        self.tables_seated.add(table)
        if len(self.tables_seated) == self.args.games:
            self.all_seated.set()


def game_of(table, round_, args):
    """The game a table plays in its round: --human's tables go through every game in turn."""
    return EVERY_GAME[(table + round_) % len(EVERY_GAME)] if args.human else GAME


class RawWebSocket(asyncio.Protocol):
    """The client's end of a WebSocket reduced to what the load needs, on the event loop's own
    transport: text frames sent, text frames read whole (the server sends no fragments), pings
    answered. Its frames' masking key is zero (masking protects a proxy's cache from a browser's
    scripts; here there is no proxy and no browser), so a frame is sent as it is."""

    def __init__(self):
        self.buffer = bytearray()
        self.messages = collections.deque()
        self.upgraded = asyncio.get_running_loop().create_future()
        self.waiter = None
        self.transport = None
        self.closed = None  # why the connection ended

    def connection_made(self, transport):
        self.transport = transport

    def data_received(self, data):
        self.buffer += data
        if not self.upgraded.done():
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            status = bytes(self.buffer[: self.buffer.find(b"\r\n")]).decode("latin-1")
            del self.buffer[: end + 4]
            if status.split()[1:2] != ["101"]:
                self.upgraded.set_exception(ConnectionError(f"the handshake was answered {status}"))
                return
            self.upgraded.set_result(None)
        buffer = self.buffer
        while len(buffer) >= 2:
            opcode, length, start = buffer[0] & 0x0F, buffer[1] & 0x7F, 2
            if length == 126:
                length, start = int.from_bytes(buffer[2:4], "big"), 4
            elif length == 127:
                length, start = int.from_bytes(buffer[2:10], "big"), 10
            if len(buffer) < start + length:
                break
            payload = bytes(buffer[start : start + length])
            del buffer[: start + length]
            if opcode == 0x1:
                self.messages.append(payload)
            elif opcode == 0x9:
                self.send(0xA, payload)  # pong
            elif opcode == 0x8:
                code = int.from_bytes(payload[:2], "big") if len(payload) >= 2 else None
                self.end(f"closed by the server ({code}{', busy' if code == BUSY_CLOSE_CODE else ''})")
        self.wake()

    def connection_lost(self, exc):
        self.end(f"the connection was lost ({exc})" if exc else "the connection was closed")
        if not self.upgraded.done():
            self.upgraded.set_exception(ConnectionError(self.closed))

    def end(self, why):
        if self.closed is None:
            self.closed = why
        self.wake()

    def wake(self):
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

    def send(self, opcode, payload):
        n = len(payload)
        if n < 126:
            head = bytes((0x80 | opcode, 0x80 | n))
        else:
            head = bytes((0x80 | opcode, 0x80 | 126)) + n.to_bytes(2, "big")
        self.transport.write(head + b"\0\0\0\0" + payload)  # the zero masking key

    async def receive(self, timeout):
        """The next text message (bytes); ConnectionError once the connection ended, TimeoutError
        after ``timeout`` s without one."""
        loop = asyncio.get_running_loop()
        while not self.messages:
            if self.closed is not None:
                raise ConnectionError(self.closed)
            self.waiter = loop.create_future()
            timer = loop.call_later(timeout, self.waiter.cancel)
            try:
                await self.waiter
            except asyncio.CancelledError:
                if not timer.cancelled() and self.waiter.cancelled():
                    raise asyncio.TimeoutError(f"no message from the server in {timeout:g} s") from None
                raise
            finally:
                timer.cancel()
        return self.messages.popleft()

    def close(self):
        if self.transport is not None and not self.transport.is_closing():
            self.send(0x8, (1000).to_bytes(2, "big"))
            self.transport.close()


async def open_websocket(url, path):
    """A RawWebSocket to ``url`` (http://host:port) at ``path``, upgraded."""
    host, port = url.split("//", 1)[1].rsplit(":", 1)
    loop = asyncio.get_running_loop()
    _, socket = await loop.create_connection(RawWebSocket, host, int(port))
    key = base64.b64encode(os.urandom(16)).decode()
    socket.transport.write(
        f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: {key}\r\n\r\n".encode()
    )
    try:
        await socket.upgraded
    except BaseException:
        socket.close()
        raise
    return socket


class Player:
    """One seat of the load, as cheap as a client can be, so that the clients' CPU (on the same
    cores as the servers') is small beside the servers': raw frames (RawWebSocket) read by the
    seat's own coroutine (no reader task, no events), each parsed once by ``json.loads``, no
    schema checks, no reconnection (a dropped connection fails its game)."""

    def __init__(self, game_id, seat_token):
        self.game_id, self.token = game_id, seat_token
        self.socket, self.seat, self.view, self.ident = None, None, None, 0

    async def connect(self, url, timeout, retry_for=30.0):
        """Open the WebSocket and read the welcome; a refused handshake or a busy server (1013)
        is tried again for ``retry_for`` s (thousands of players arriving at once)."""
        loop = asyncio.get_running_loop()
        deadline, wait = loop.time() + retry_for, 0.05
        while True:
            try:
                self.socket = await open_websocket(url, f"/api/games/{self.game_id}/ws")
                self.socket.send(0x1, json.dumps({"type": "hello", "id": 0, "token": self.token}).encode())
                welcome = json.loads(await self.socket.receive(timeout))
                if welcome["type"] != "welcome":
                    raise ServerError(welcome.get("code", welcome["type"]), welcome.get("message", ""))
                self.seat, self.view = welcome["seat"], welcome["view"]
                return
            except (ConnectionError, OSError):
                self.close()
                if loop.time() + wait > deadline:
                    raise
                await asyncio.sleep(wait * (1 + random.random()))
                wait = min(1.0, wait * 2)

    async def read(self, timeout):
        """The next message; an update's view becomes the seat's."""
        message = json.loads(await self.socket.receive(timeout))
        if message["type"] == "update" and message["view"]["version"] >= self.view["version"]:
            self.view = message["view"]
        return message

    async def request(self, message, timeout):
        """Send a message and read up to its answer (the updates before it included); the ack's
        version, or ServerError."""
        self.ident += 1
        message["id"] = self.ident
        self.socket.send(0x1, json.dumps(message).encode())
        while True:
            answer = await self.read(timeout)
            if answer.get("id") == self.ident and answer["type"] in ("ack", "error"):
                if answer["type"] == "error":
                    raise ServerError(answer["code"], answer["message"])
                return answer["version"]

    def close(self):
        if self.socket is not None:
            self.socket.close()


def my_turn(view, seat, max_plies):
    """Whether the game is over for the player (over, archived, or the bound reached) or it is to play."""
    return (
        view["status"] != "playing" or view["version"] >= max_plies or (view["to_move"] == seat and not view["offer"])
    )


async def play_seat(player, chooser, run, think):
    """Play the seat with random moves (and the server's dice) until the game is over or
    --max-plies versions have passed, thinking ``think`` s (a range) before each; once the run's
    window is over, resign at the next turn. Every acknowledged move goes to ``run.acked``, each
    answer's latency to ``run``."""
    args = run.args
    while True:
        while not my_turn(player.view, player.seat, args.max_plies):
            await player.read(args.turn_timeout)
        view = player.view
        if view["status"] != "playing" or view["version"] >= args.max_plies:
            return
        if think[1] > 0:
            await asyncio.sleep(chooser.uniform(*think))
        started = time.perf_counter()  # uvloop's loop.time() counts whole milliseconds
        move = None
        if run.leaving:
            message = {"type": "resign"}
        elif view["phase"] == "roll":
            message = {"type": "roll"}
        else:
            move = chooser.choice(view["legal"])
            message = {"type": "move", "move": move}
        message["version"] = view["version"]
        try:
            version = await player.request(message, args.turn_timeout)
        except ServerError as e:
            if e.code in ("rate_limited", "unavailable"):
                await asyncio.sleep(0.2)
            elif e.code not in ("stale", "game_over"):  # the game changed while the player thought
                raise
            continue
        if message["type"] == "resign":
            return
        if move is not None:
            run.acked.append((player.game_id, version, player.seat, move))
        run.append(time.perf_counter() - started)


async def play_game(url, game, options, seed, session, run, seated):
    """Create a game, join it as the friend and play it out with two random players; ``seated()``
    once both are connected."""
    args = run.args
    think = (1.0, 3.0) if args.human else (0.0, 0.0)
    created = await create_game(url, game, options, session=session, qr=not (args.client_qr or args.asked_qr))
    if args.asked_qr:  # shown twice, as the web app does after a reload: drawn once
        for _ in range(2):
            await invitation_qr(url, created["id"], created["invite"], session=session)
    joined = await join_game(url, created["id"], created["invite"], session=session)
    players = [Player(created["id"], created["token"]), Player(created["id"], joined["token"])]
    try:
        for player in players:
            await player.connect(url, args.turn_timeout)
        seated()
        await asyncio.gather(
            *(play_seat(player, random.Random(seed + i), run, think) for i, player in enumerate(players))
        )
    finally:
        for player in players:
            player.close()


async def play_table(table, url, session, run):
    """One table: a game (with --window, one game after another until the window is over, as
    players who start another game once one ends), each counted finished or failed."""
    args = run.args
    # --human: the games arrive over --ramp seconds, not all in the same instant
    await asyncio.sleep(args.ramp * table / max(1, args.games) if args.human else 0.0)
    round_ = 0
    while not run.leaving:
        try:
            await play_game(
                url,
                *game_of(table, round_, args),
                seed=2 * (table + round_ * args.games),
                session=session,
                run=run,
                seated=lambda: run.seated(table),
            )
            run.finished.append(table)
        except Exception as e:  # counted and reported: one game's failure does not stop the others
            run.failures[why(e)] += 1
        if args.window is None:
            return
        round_ += 1


class Sample:
    """The machine and the servers at one instant: what the window's figures are differences of."""

    def __init__(self, run, servers, database):
        # first what may wait for a busy server (read at an end, not a difference); then the
        # counters, as close to the instant as can be
        self.sockets = sum(h["connections"] for h in healths(servers))
        self.at = time.monotonic()
        self.server_cpu = [cpu_seconds(s.process.pid) for s in servers]
        self.server_memory = [memory_mb(s.process.pid) for s in servers]
        self.client_cpu = time.process_time()
        self.changes = stored_changes(database)
        self.moves = len(run.acked)
        self.load = os.getloadavg()
        self.database_cpu = {pid: cpu_seconds(pid) for pid in database_pids(run.cluster)}


def database_pids(cluster):
    """PostgreSQL's processes (its postmaster, the first line of postmaster.pid, and the
    postmaster's children: a backend a connection, its writers); none for SQLite, which works in
    the server's own thread."""
    if cluster is None:
        return []
    with open(os.path.join(cluster.folder, "data", "postmaster.pid")) as f:
        root = int(f.readline())
    pids = [root]
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    parent = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            if parent == root:
                pids.append(int(entry))
    return pids


async def measure(run, servers, database):
    """Open the window --settle s after every table's first game has both its players connected
    (or --ramp + --seat-wait s after the start, whichever comes first), close it --window s later;
    the samples at its two ends."""
    args = run.args
    try:
        await asyncio.wait_for(run.all_seated.wait(), args.ramp + args.seat_wait)
    except asyncio.TimeoutError:
        pass
    await asyncio.sleep(args.settle)
    run.seated_at_open = len(run.tables_seated)
    first = await asyncio.to_thread(Sample, run, servers, database)
    run.open = True
    await asyncio.sleep(args.window)
    run.open = False
    last = await asyncio.to_thread(Sample, run, servers, database)
    run.leaving = True
    return first, last


async def load(url, servers, database, args, cluster):
    run = Run(args, cluster)
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        started = time.monotonic()
        tables = [asyncio.ensure_future(play_table(i, url, session, run)) for i in range(args.games)]
        window = None
        if args.window is not None:
            window = await measure(run, servers, database)
            # the players leave at their next turn; a table still waiting after --drain s is cut
            done, cut = await asyncio.wait(tables, timeout=args.drain)
            for task in cut:
                task.cancel()
            if cut:
                run.failures["cut at the end of the run (--drain)"] += len(cut)
        await asyncio.gather(*tables, return_exceptions=True)
        return time.monotonic() - started, run, window


def run_on_own_loop(coroutine):
    """``asyncio.run`` on the loop the server would choose (uvloop's when it is installed): the
    clients' CPU is taken from the same cores as the servers'."""
    loop = new_event_loop()
    try:
        asyncio.set_event_loop(loop)
        return loop.run_until_complete(coroutine)
    finally:
        loop.run_until_complete(loop.shutdown_asyncgens())
        loop.run_until_complete(loop.shutdown_default_executor())
        asyncio.set_event_loop(None)
        loop.close()


def loop_name(loop):
    return "uvloop" if type(loop).__module__.startswith("uvloop") else "asyncio"


def percentile(values, p):
    """The p-th percentile (nearest rank) of the values; 0 for none."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))] if ordered else 0.0


def query(database, sql):
    if database.startswith("sqlite:"):
        with sqlite3.connect(database[len("sqlite:") :]) as db:
            return db.execute(sql).fetchall()
    import psycopg2

    with psycopg2.connect(database) as db, db.cursor() as cursor:
        cursor.execute(sql)
        return cursor.fetchall()


def stored_moves(database):
    """Every move in the database: (game id, version, seat, move)."""
    rows = query(database, "SELECT game_id, version, seat, data FROM events WHERE kind = 'move'")
    return {(g, int(v), s, json.loads(d)["move"]) for g, v, s, d in rows}


def stored_changes(database):
    """The changes stored: every event (a join, a move, a roll, ...)."""
    return int(query(database, "SELECT count(*) FROM events")[0][0])


def cpu_seconds(pid):
    """A process's CPU time so far (user and system, all its threads; Linux's /proc), or None."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def memory_mb(pid, field="VmRSS"):
    """A process's resident memory now (VmRSS) or at its peak (VmHWM), in MB (Linux's /proc), or None."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def memory_text(values):
    """The servers' memories, MB each, joined by +."""
    return " + ".join("?" if m is None else f"{m:.0f}" for m in values)


def health(server):
    with urllib.request.urlopen(server.url + "/health", timeout=30) as response:
        return json.load(response)


def healths(servers):
    """Each server's /health, in the order of ``servers``: processes sharing one port are told
    apart by the pid in the answer (each request is a new connection, which the kernel gives to
    one of them)."""
    wanted = {s.process.pid for s in servers}
    answers = {}
    for _ in range(100 * len(servers)):
        answer = health(servers[0])
        answers[answer.get("pid")] = answer
        if wanted <= answers.keys():
            return [answers[s.process.pid] for s in servers]
    raise RuntimeError(f"/health answered for the processes {sorted(answers)}, not all of {sorted(wanted)}")


def breakdown(timings_path):
    """The (first) server's event loop: its CPU time by part, and the commit's wait (timed_serve.py)."""
    with open(timings_path) as f:
        timed = json.load(f)
    seconds, calls = timed["seconds"], timed["calls"]
    total = seconds.pop("event loop")
    wait, changes = seconds.pop("commit wait (wall)", 0.0), calls.get("commit wait (wall)", 0)
    seconds["the rest (aiohttp, asyncio, sockets, the server's checks)"] = total - sum(seconds.values())
    lines = [
        f"the first server's event loop: {total:.1f} s of CPU for {changes} changes stored "
        f"({1000 * total / max(1, changes):.2f} ms a change)"
    ]
    for part, t in sorted(seconds.items(), key=lambda item: -item[1]):
        lines.append(f"  {part:58s} {t:6.1f} s {100 * t / total:5.1f}%  {1000 * t / max(1, changes):.3f} ms a change")
    lines.append(f"a change waited {1000 * wait / max(1, changes):.1f} ms (mean, wall) for its commit")
    return "\n".join(lines)


def server_event_loop(server):
    """The event loop the server says it runs on (its start's line)."""
    with open(server.log_path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("ludus serve: event loop "):
                return line[len("ludus serve: event loop ") :].strip()
    return "not said"


def listening(server, timeout=60.0):
    """Wait until the server process itself listens (it prints so): with --reuse-port another
    process on the same port answers /health before it does."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with open(server.log_path, "rb") as f:
            if b"ludus serve: listening at" in f.read():
                return server
        time.sleep(0.05)
    raise RuntimeError(f"the server did not listen within {timeout:g} s (its log: {server.log_path})")


def start_servers(database, count, folder, args):
    """``count`` processes of ``ludus serve`` on ONE address: with two, both listen on the same
    port (``--reuse-port``, as deployed behind nginx's one upstream), the kernel handing each new
    connection to one of them, so a game's two players may be on two processes."""
    port = free_port()
    timings = os.path.join(folder, "timings.json")
    servers = []
    for i in range(count):
        python_args = []
        if i == 0 and args.profile:
            python_args = [TIMED, timings]
        elif i == 0 and args.cprofile:
            python_args = ["-c", CPROFILED, args.cprofile]
        server = ServerProcess(
            database,
            port=port,
            extra=FAST + ["--event-loop", args.event_loop] + (["--reuse-port"] if count > 1 else []),
            log_path=os.path.join(folder, f"server{i}.log"),
            python_args=python_args,
        )
        servers.append(listening(server.start(timeout=60)))
    return servers, timings


def new_database(cluster, folder, name):
    """A fresh database for a run: a file of SQLite, or a database of the PostgreSQL cluster."""
    if cluster is None:
        return f"sqlite:{os.path.join(folder, name + '.sqlite3')}"
    import psycopg2

    admin = psycopg2.connect(cluster.dsn)
    admin.autocommit = True
    with admin.cursor() as cursor:
        cursor.execute(f"CREATE DATABASE {name}")
    admin.close()
    return cluster.dsn.rsplit("/", 1)[0] + "/" + name


def run_once(args, games, cluster, folder, name):
    """One run of ``games`` games against one process over SQLite (no cluster) or two over the
    cluster's PostgreSQL; its figures."""
    args = argparse.Namespace(**vars(args))
    args.games = games
    if args.ramp is None:
        args.ramp = max(20.0, games / 80.0)  # at most 80 new games a second
    count = 1 if cluster is None else 2
    database = new_database(cluster, folder, name)
    load_before = os.getloadavg()
    servers, timings = start_servers(database, count, folder, args)
    event_loops = [server_event_loop(s) for s in servers]
    started_cpu = [cpu_seconds(s.process.pid) for s in servers]  # its start (imports) not counted
    try:
        client_cpu = time.process_time()
        seconds, run, window = run_on_own_loop(load(servers[0].url, servers, database, args, cluster))
        client_cpu = time.process_time() - client_cpu
        load_average = os.getloadavg()
        answers = healths(servers)
        server_cpu = [cpu_seconds(s.process.pid) for s in servers]
        server_peak_memory = [memory_mb(s.process.pid, "VmHWM") for s in servers]
        if None not in server_cpu + started_cpu:
            server_cpu = [t - t0 for t, t0 in zip(server_cpu, started_cpu)]
    finally:
        for s in servers:
            s.stop()
    told = {(g, v, s, m) for g, v, s, m in run.acked}
    lost = told - stored_moves(database)
    changes = stored_changes(database)
    store = [h["store"] for h in answers]
    figures = dict(
        games=games,
        setup="1 process, SQLite" if count == 1 else "2 processes, PostgreSQL, one address",
        count=count,
        seconds=seconds,
        finished=len(run.finished),
        failures=run.failures,
        failed=sum(run.failures.values()),
        acked=len(told),
        lost=len(lost),
        changes=changes,
        moves=len(run.acked),
        latencies=run.measured,
        load_before=load_before,
        load_after=load_average,
        files=raise_file_limit(),
        server_cpu=server_cpu,
        server_peak_memory=server_peak_memory,
        client_cpu=client_cpu,
        healths=answers,
        batches=sum(s["batches"] for s in store),
        jobs=sum(s["jobs"] for s in store),
        busy_s=sum(s["busy_s"] for s in store),
        timings=timings if args.profile else None,
        ramp=args.ramp,
        event_loops=event_loops,
        client_loop=run.client_loop,
    )
    if window is not None:
        first, last = window
        span = last.at - first.at
        figures.update(
            window=span,
            window_changes=last.changes - first.changes,
            window_moves=last.moves - first.moves,
            window_server_cpu=sum(b - a for a, b in zip(first.server_cpu, last.server_cpu))
            if None not in first.server_cpu + last.server_cpu
            else None,
            window_client_cpu=last.client_cpu - first.client_cpu,
            # a backend begun in the window counts from 0; one ended in it is not seen (the servers'
            # connections last the run)
            window_database_cpu=sum(
                (t or 0.0) - (first.database_cpu.get(pid) or 0.0) for pid, t in last.database_cpu.items()
            )
            if cluster is not None
            else None,
            window_load=(first.load, last.load),
            window_sockets=(first.sockets, last.sockets),
            window_memory=(first.server_memory, last.server_memory),
            seated_at_open=run.seated_at_open,
        )
    return figures


def ms(seconds):
    """A duration in ms below 10 s (1 decimal below 100 ms), else in s."""
    if seconds >= 10:
        return f"{seconds:.1f} s"
    return f"{1000 * seconds:.1f} ms" if seconds < 0.1 else f"{1000 * seconds:.0f} ms"


def latency_text(values):
    return " / ".join(
        ms(x) for x in (percentile(values, 50), percentile(values, 95), percentile(values, 99), max(values, default=0))
    )


def report(f, args):
    """The whole run's lines (as before --window), then the window's."""
    kind = "human pace (1-3 s), every game" if args.human else "Petteia 5x5, no pause"
    seconds, lat = f["seconds"], f["latencies"]
    lines = [
        f"{f['games']} games, {kind}, {f['setup']} (open-file limit {f['files']}): "
        f"{f['finished']} finished, {f['failed']} failed; "
        f"{f['finished'] / seconds:.1f} games/s, {f['moves'] / seconds:.0f} moves/s, "
        f"{f['changes'] / seconds:.0f} changes/s, {seconds:.1f} s; "
        f"move latency{' (the window)' if 'window' in f else ''} median {percentile(lat, 50) * 1000:.1f} ms, "
        f"p95 {percentile(lat, 95) * 1000:.1f} ms, p99 {percentile(lat, 99) * 1000:.1f} ms, "
        f"max {max(lat, default=0) * 1000:.1f} ms; "
        f"load average {f['load_after'][0]:.2f} {f['load_after'][1]:.2f} {f['load_after'][2]:.2f}"
    ]
    for reason, n in f["failures"].most_common():
        lines.append(f"  failed: {n} x {reason}")
    healths = f["healths"]
    lines.append(
        f"server: refused as busy {sum(h['refused_busy'] for h in healths)}, at most "
        f"{min(h['max_connections'] for h in healths)} connections a process; database: {f['jobs']} reads and "
        f"writes in {f['batches']} batches ({f['jobs'] / max(1, f['batches']):.1f} a batch), {f['busy_s']:.1f} s busy "
        f"({1000 * f['busy_s'] / max(1, f['batches']):.1f} ms a batch)"
    )
    lines.append(
        f"event loops: the server{'s' if f['count'] > 1 else ''} {', '.join(f['event_loops'])}; "
        f"the clients (this process) {f['client_loop']}"
    )
    if None not in f["server_cpu"]:
        lines.append(
            f"CPU in the {seconds:.0f} s: the server{'s' if f['count'] > 1 else ''} "
            f"{' + '.join(f'{t:.1f}' for t in f['server_cpu'])} s (all threads, since it answered), "
            f"the clients (this process) {f['client_cpu']:.1f} s; "
            f"{1000 * sum(f['server_cpu']) / max(1, f['changes']):.2f} ms of server CPU a change "
            f"({f['changes']} changes stored)"
        )
    if "window" in f:
        span = f["window"]
        cpu = f["window_server_cpu"]
        lines.append(
            f"the window ({span:.0f} s, "
            + (
                "every table playing"
                if f["seated_at_open"] == f["games"]
                else f"ONLY {f['seated_at_open']} of {f['games']} tables seated at its start"
            )
            + f"; {f['window_sockets'][0]} and "
            f"{f['window_sockets'][1]} WebSockets open at its start and end): "
            f"{f['window_changes'] / span:.0f} changes/s, {f['window_moves'] / span:.0f} moves/s, "
            f"latency median / p95 / p99 / max {latency_text(lat)}, "
            + (
                f"{1000 * cpu / max(1, f['window_changes']):.2f} ms of server CPU a change, the servers "
                f"{cpu / span:.2f} cores, "
                if cpu is not None
                else ""
            )
            + (
                f"PostgreSQL {1000 * f['window_database_cpu'] / max(1, f['window_changes']):.2f} ms a change "
                f"({f['window_database_cpu'] / span:.2f} cores), "
                if f["window_database_cpu"] is not None
                else ""
            )
            + f"the clients {f['window_client_cpu'] / span:.2f} cores "
            f"({1000 * f['window_client_cpu'] / max(1, f['window_changes']):.2f} ms a change); "
            f"load average {f['window_load'][0][0]:.2f} at its start, {f['window_load'][1][0]:.2f} at its end "
            f"({f['load_before'][0]:.2f} before the run); "
            f"the servers' memory (resident) {memory_text(f['window_memory'][0])} MB at its start, "
            f"{memory_text(f['window_memory'][1])} MB at its end, {memory_text(f['server_peak_memory'])} MB at most"
        )
    lines.append(
        f"acknowledged moves: {f['acked']}, " + ("all in the database" if not f["lost"] else f"{f['lost']} MISSING")
    )
    if f["timings"]:
        lines.append(breakdown(f["timings"]))
    return "\n".join(lines)


MATRIX_HEAD = (
    "| games | server | changes/s | moves/s | latency median / p95 / p99 / max | server CPU a change (+ PostgreSQL's) "
    "| cores: servers (+ PostgreSQL) / clients | failed games | WebSockets open | load average: before / window's end "
    "| server memory: window's start / end / peak | acknowledged moves stored |\n"
    "|---|---|---|---|---|---|---|---|---|---|---|---|"
)


def matrix_row(f):
    span, cpu = f["window"], f["window_server_cpu"]
    per_change = "-" if cpu is None else f"{1000 * cpu / max(1, f['window_changes']):.2f} ms"
    cores = "-" if cpu is None else f"{cpu / span:.2f}"
    database = f["window_database_cpu"]
    if database is not None:  # PostgreSQL's own processes, beside the servers'
        per_change += f" + {1000 * database / max(1, f['window_changes']):.2f}"
        cores += f" + {database / span:.2f}"
    stored = "all" if not f["lost"] else f"{f['lost']} MISSING"
    games = f"{f['games']:,}"
    if f["seated_at_open"] != f["games"]:
        games += f" (only {f['seated_at_open']:,} seated as the window opened)"
    return (
        f"| {games} | {f['setup']} | {f['window_changes'] / span:.0f} | {f['window_moves'] / span:.0f} "
        f"| {latency_text(f['latencies'])} | {per_change} | {cores} / {f['window_client_cpu'] / span:.2f} "
        f"| {f['failed']} | {f['window_sockets'][1]:,} | {f['load_before'][0]:.2f} / {f['window_load'][1][0]:.2f} "
        f"| {memory_text(f['window_memory'][0])} / {memory_text(f['window_memory'][1])} / "
        f"{memory_text(f['server_peak_memory'])} MB | {stored} of {f['acked']:,} |"
    )


def matrix(args, folder):
    """Every --matrix size on one process over SQLite, then two over PostgreSQL, one after the
    other at each size (the pair run close in time, under the same load); the table and the
    ratios two processes / one."""
    sizes = [int(n) for n in args.matrix.split(",")]
    began = time.monotonic()
    cluster = PostgresCluster().start() if PostgresCluster.available() else None
    if cluster is None:
        print("PostgreSQL is not installed (Debian's postgresql): one process over SQLite only")
    results = []
    try:
        for games in sizes:
            for on_postgresql in (False, True) if cluster else (False,):
                name = f"bench{games}{'pg' if on_postgresql else 'sqlite'}"
                figures = run_once(args, games, cluster if on_postgresql else None, folder, name)
                results.append(figures)
                print(report(figures, args), flush=True)
                print(flush=True)
    finally:
        if cluster:
            cluster.stop()
    print(MATRIX_HEAD)
    for f in results:
        print(matrix_row(f))
    by = {(f["games"], f["count"]): f for f in results}
    ratios = [
        f"{games:,} games {by[games, 2]['window_changes'] / by[games, 2]['window'] / max(1e-9, by[games, 1]['window_changes'] / by[games, 1]['window']):.2f}"
        for games in sizes
        if (games, 1) in by and (games, 2) in by
    ]
    if ratios:
        print("\nchanges/s, two processes over PostgreSQL / one over SQLite: " + ", ".join(ratios))
    print(f"{len(results)} runs in {(time.monotonic() - began) / 60:.1f} minutes")
    return 1 if any(f["lost"] for f in results) else 0


#: the options that are a number of seconds: (option, default, help)
SECONDS_OPTIONS = [
    ("--ramp", None, "--human: the seconds over which the games start (default: N/80, at least 20)"),
    (
        "--window",
        None,
        "measure a window of this many seconds with every table playing (each table starting another game "
        "once one ends), from --settle s after the last table's first game began; then the players resign",
    ),
    (
        "--settle",
        15.0,
        "--window: seconds from the moment every table's first game has its two players connected to it",
    ),
    (
        "--seat-wait",
        120.0,
        "--window: seconds after the ramp the window waits at most for every table's players to connect",
    ),
    ("--drain", 60.0, "--window: seconds the players have to leave after it"),
]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--max-plies", type=int, default=40)
    parser.add_argument("--turn-timeout", type=float, default=120.0)
    parser.add_argument(
        "--postgresql", action="store_true", help="two server processes over PostgreSQL, on one address"
    )
    parser.add_argument(
        "--human", action="store_true", help="players answering after 1-3 s, every game mixed, arriving over --ramp s"
    )
    for option, default, text in SECONDS_OPTIONS:
        parser.add_argument(option, type=float, default=default, metavar="S", help=text)
    parser.add_argument(
        "--matrix",
        metavar="N,N,...",
        help="--human --client-qr --window runs of each number of games, one process over SQLite then two over "
        "PostgreSQL, and their table (the documented load: 500,2000,5000)",
    )
    parser.add_argument(
        "--client-qr",
        action="store_true",
        help="the clients draw the invitation's QR code (they ask the server for none), as the web app does",
    )
    parser.add_argument(
        "--asked-qr",
        action="store_true",
        help="the creators ask for the invitation's QR code after the creation, twice, as a client that cannot "
        "draw one would to show it (POST /api/games/{id}/qr: drawn once a game)",
    )
    parser.add_argument(
        "--event-loop",
        choices=EVENT_LOOPS,
        default="auto",
        help="the servers' (ludus serve --event-loop; the clients run on uvloop's when it is installed)",
    )
    parser.add_argument(
        "--profile", action="store_true", help="time the phases of the (first) server's changes (timed_serve.py)"
    )
    parser.add_argument(
        "--cprofile",
        metavar="FILE",
        help="run the (first) server under cProfile (its main thread's CPU time), its statistics "
        "written to FILE when it stops",
    )
    args = parser.parse_args()
    raise_file_limit()  # the clients' two connections a game are files of this process too
    folder = tempfile.mkdtemp()
    if args.matrix:
        args.human, args.client_qr = True, True
        if args.window is None:
            args.window = 120.0
        return matrix(args, folder)
    cluster = PostgresCluster().start() if args.postgresql else None
    try:
        figures = run_once(args, args.games, cluster, folder, "bench")
    finally:
        if cluster:
            cluster.stop()
    print(report(figures, args))
    return 1 if figures["lost"] else 0


if __name__ == "__main__":
    sys.exit(main())
