"""Load benchmark of ludus serve (not a test): N concurrent games of random moves on loopback.

    LUDUS_LIBRARY=build/capi/libludus.so.1 PYTHONPATH=bindings/python \\
        python3 examples/server/benchmark.py --games 100 [--postgresql] [--profile]
    ... --games 500 --human [--client-qr | --asked-qr]   # players answering after 1-3 s, every game mixed

Prints the games finished and those that failed (by why), games/s, moves/s, the move latency
(median, p95, p99, max), the servers' CPU time per stored change, what the servers refused as
busy, the database's batches, whether every acknowledged move is in the database, and the load
average. ``--profile`` runs the (first) server
with timers around the phases of a change (timed_serve.py) and prints where its time went. Bounded: each game stops at
--max-plies versions, a seat waits --turn-timeout s at most for its turn."""
import argparse
import asyncio
import collections
import json
import os
import re
import sqlite3
import sys
import tempfile
import time
import urllib.request

import aiohttp

import ludus
from ludus.server.app import raise_file_limit
from ludus.server.testing import PostgresCluster, ServerProcess, play_random_game

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


async def play_counted(seed, urls, session, args, acked, latencies, finished, failures):
    game = EVERY_GAME[seed % len(EVERY_GAME)] if args.human else GAME
    think = (1.0, 3.0) if args.human else (0.0, 0.0)
    try:
        # --human: the games arrive over --ramp seconds, not all in the same instant
        await asyncio.sleep(args.ramp * seed / max(1, args.games) if args.human else 0.0)
        await play_random_game(
            urls[0],
            *game,
            seed=seed,
            acked=acked,
            urls=urls,
            session=session,
            max_plies=args.max_plies,
            latencies=latencies,
            turn_timeout=args.turn_timeout,
            think=think,
            qr="asked" if args.asked_qr else not args.client_qr,
        )
        finished.append(seed)
    except Exception as e:  # counted and reported: one game's failure does not stop the others
        failures[why(e)] += 1


async def load(urls, args):
    acked, latencies, finished, failures = [], [], [], collections.Counter()
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        started = time.monotonic()
        await asyncio.gather(
            *(play_counted(i, urls, session, args, acked, latencies, finished, failures) for i in range(args.games))
        )
        return time.monotonic() - started, acked, latencies, finished, failures


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


def health(server):
    with urllib.request.urlopen(server.url + "/health", timeout=30) as response:
        return json.load(response)


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


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--max-plies", type=int, default=40)
    parser.add_argument("--turn-timeout", type=float, default=120.0)
    parser.add_argument("--postgresql", action="store_true", help="two server processes over PostgreSQL")
    parser.add_argument(
        "--human", action="store_true", help="players answering after 1-3 s, every game mixed, arriving over --ramp s"
    )
    parser.add_argument("--ramp", type=float, default=20.0, help="--human: the seconds over which the games start")
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
        "--profile", action="store_true", help="time the phases of the (first) server's changes (timed_serve.py)"
    )
    parser.add_argument(
        "--cprofile",
        metavar="FILE",
        help="run the (first) server under cProfile (its main thread's CPU time), its statistics "
        "written to FILE when it stops",
    )
    args = parser.parse_args()
    files = raise_file_limit()  # the clients' two connections a game are files of this process too
    cluster = None
    folder = tempfile.mkdtemp()
    if args.postgresql:
        cluster = PostgresCluster().start()
        database, count = cluster.dsn, 2
    else:
        database, count = f"sqlite:{os.path.join(folder, 'bench.sqlite3')}", 1
    timings = os.path.join(folder, "timings.json")
    servers = [
        ServerProcess(
            database,
            extra=FAST,
            log_path=os.path.join(folder, f"server{i}.log"),
            python_args=(
                [TIMED, timings] if args.profile else ["-c", CPROFILED, args.cprofile] if args.cprofile else []
            )
            if i == 0
            else [],
        ).start(timeout=60)
        for i in range(count)
    ]
    started_cpu = [cpu_seconds(s.process.pid) for s in servers]  # its start (imports) not counted
    try:
        client_cpu = time.process_time()
        seconds, acked, latencies, finished, failures = asyncio.run(load([servers[0].url, servers[-1].url], args))
        client_cpu = time.process_time() - client_cpu
        load_average = os.getloadavg()
        healths = [health(s) for s in servers]
        server_cpu = [cpu_seconds(s.process.pid) for s in servers]
        if None not in server_cpu + started_cpu:
            server_cpu = [t - t0 for t, t0 in zip(server_cpu, started_cpu)]
    finally:
        for s in servers:
            s.stop()
    try:
        told = {(g, v, s, m) for g, v, s, m in acked}
        lost = told - stored_moves(database)
        changes = stored_changes(database)
    finally:
        if cluster:
            cluster.stop()
    store = [h["store"] for h in healths]
    batches, jobs = sum(s["batches"] for s in store), sum(s["jobs"] for s in store)
    busy_s = sum(s["busy_s"] for s in store)
    kind = "human pace (1-3 s), every game" if args.human else "Petteia 5x5, no pause"
    print(
        f"{args.games} games, {kind}, {'2 processes, PostgreSQL' if cluster else '1 process, SQLite'} "
        f"(open-file limit {files}): {len(finished)} finished, {sum(failures.values())} failed; "
        f"{len(finished) / seconds:.1f} games/s, {len(acked) / seconds:.0f} moves/s, "
        f"{changes / seconds:.0f} changes/s, {seconds:.1f} s; "
        f"move latency median {percentile(latencies, 50) * 1000:.1f} ms, p95 {percentile(latencies, 95) * 1000:.1f} ms, "
        f"p99 {percentile(latencies, 99) * 1000:.1f} ms, max {max(latencies, default=0) * 1000:.1f} ms; "
        f"load average {load_average[0]:.2f} {load_average[1]:.2f} {load_average[2]:.2f}"
    )
    for reason, n in failures.most_common():
        print(f"  failed: {n} x {reason}")
    print(
        f"server: refused as busy {sum(h['refused_busy'] for h in healths)}, at most "
        f"{min(h['max_connections'] for h in healths)} connections a process; database: {jobs} reads and writes in "
        f"{batches} batches ({jobs / max(1, batches):.1f} a batch), {busy_s:.1f} s busy "
        f"({1000 * busy_s / max(1, batches):.1f} ms a batch)"
    )
    if None not in server_cpu:
        print(
            f"CPU in the {seconds:.0f} s: the server{'s' if count > 1 else ''} "
            f"{' + '.join(f'{t:.1f}' for t in server_cpu)} s (all threads, since it answered), "
            f"the clients (this process) {client_cpu:.1f} s; "
            f"{1000 * sum(server_cpu) / max(1, changes):.2f} ms of server CPU a change ({changes} changes stored)"
        )
    print(f"acknowledged moves: {len(told)}, " + ("all in the database" if not lost else f"{len(lost)} MISSING"))
    if args.profile:
        print(breakdown(timings))
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main())
