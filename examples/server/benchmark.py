"""Load benchmark of ludus serve (not a test): N concurrent games of random moves on loopback.

    LUDUS_LIBRARY=build/capi/libludus.so.1 PYTHONPATH=bindings/python \
        python3 examples/server/benchmark.py --games 100 [--postgresql]

Prints games/s, move latency (median, p99) and the load average. Bounded: each game stops at
--max-plies versions."""
import argparse
import asyncio
import os
import sys
import tempfile
import time

import aiohttp

from ludus.server.testing import PostgresCluster, ServerProcess, play_random_game

FAST = ["--messages-per-second", "100000", "--address-messages-per-second", "10000000",
        "--connections-per-address", "20000", "--requests-per-minute", "10000000"]


async def load(urls, games, max_plies):
    acked, latencies = [], []
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        started = time.monotonic()
        await asyncio.gather(*(play_random_game(urls[0], "petteia", {"rows": 5, "cols": 5, "draw_plies_without_capture": 20},
                                                seed=i, acked=acked, urls=urls, session=session, max_plies=max_plies,
                                                latencies=latencies)
                               for i in range(games)))
        return time.monotonic() - started, acked, latencies


def percentile(values, p):
    """The p-th percentile (nearest rank) of the values; 0 for none."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))] if ordered else 0.0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--max-plies", type=int, default=40)
    parser.add_argument("--postgresql", action="store_true", help="two server processes over PostgreSQL")
    args = parser.parse_args()
    cluster = None
    folder = tempfile.mkdtemp()
    if args.postgresql:
        cluster = PostgresCluster().start()
        database, count = cluster.dsn, 2
    else:
        database, count = f"sqlite:{os.path.join(folder, 'bench.sqlite3')}", 1
    servers = [ServerProcess(database, extra=FAST).start() for _ in range(count)]
    try:
        seconds, acked, latencies = asyncio.run(load([servers[0].url, servers[-1].url], args.games, args.max_plies))
    finally:
        for s in servers:
            s.stop()
        if cluster:
            cluster.stop()
    print(f"{args.games} games, {'2 processes, PostgreSQL' if cluster else '1 process, SQLite'}: "
          f"{args.games / seconds:.1f} games/s, {len(acked) / seconds:.0f} moves/s, {seconds:.1f} s; "
          f"move latency median {percentile(latencies, 50) * 1000:.1f} ms, p99 {percentile(latencies, 99) * 1000:.1f} ms; "
          f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    sys.exit(main())
