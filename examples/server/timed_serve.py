"""`ludus serve` with timers around the phases of a change (the benchmark's --profile):

    python3 examples/server/timed_serve.py OUT.json -m ludus serve [options]

The event loop's CPU time (its thread's own, so that other programs on a loaded machine and the
database thread do not count) is split between the library (playing an event, the view's
position and legal moves, the server's dice), JSON encoding, reading a message (JSON decoding and its schema), the
QR code of a new game, and the rest (aiohttp, asyncio, the sockets, the server's checks). The
wall time a change waits for its commit is timed apart. OUT.json is written when the server
stops (SIGTERM or SIGINT)."""
import collections
import json
import sys
import threading
import time

import ludus.server.app as app
import ludus.server.protocol as protocol
import ludus.server.room as room
import ludus.server.store as store
from ludus.cli import main

MAIN = threading.get_ident()
cpu = collections.Counter()
calls = collections.Counter()
nested = []  # the time of the timed calls inside each open timed call


def timed(part, function):
    """``function`` with its own main-thread CPU time (less that of timed calls inside it) added to ``part``."""

    def wrapper(*args, **kwargs):
        if threading.get_ident() != MAIN:
            return function(*args, **kwargs)
        started = time.thread_time()
        nested.append(0.0)
        try:
            return function(*args, **kwargs)
        finally:
            spent = time.thread_time() - started
            cpu[part] += spent - nested.pop()
            calls[part] += 1
            if nested:
                nested[-1] += spent

    return wrapper


def timed_append(function):
    async def wrapper(*args, **kwargs):
        started = time.perf_counter()
        try:
            return await function(*args, **kwargs)
        finally:
            cpu["commit wait (wall)"] += time.perf_counter() - started
            calls["commit wait (wall)"] += 1

    return wrapper


def timed_startup(function):
    async def wrapper(*args, **kwargs):
        cpu["event loop at start"] = time.thread_time()
        return await function(*args, **kwargs)

    return wrapper


room.apply = timed("library", room.apply)
room.Room.view_text = timed("library", room.Room.view_text)
room.server_roll = timed("library", room.server_roll)
json.dumps = timed("JSON encoding", json.dumps)
app.parse_client_message = timed("message reading (JSON, schema)", protocol.parse_client_message)
app.check_body = timed("message reading (JSON, schema)", protocol.check_body)
app._qr_svg = timed("QR codes", app._qr_svg)
store.Store.append = timed_append(store.Store.append)
app.Server.on_startup = timed_startup(app.Server.on_startup)

if __name__ == "__main__":
    out, module, package, *argv = sys.argv[1:]
    assert (module, package) == ("-m", "ludus"), "usage: timed_serve.py OUT.json -m ludus serve [options]"
    try:
        main(argv)
    finally:
        cpu["event loop"] = time.thread_time() - cpu.pop("event loop at start", 0.0)
        with open(out, "w") as f:
            json.dump({"seconds": cpu, "calls": calls}, f)
