"""``ludus serve``: the authoritative game server (HTTP and WebSocket, aiohttp).

Two people play one game from two devices: one creates it (``POST /api/games``) and sends the
friend the invitation link; each seat has its own secret token; anyone with the game's id may
watch. The server holds the only true game: every move is checked by the library, the dice are
rolled by the server (or typed by the players, if both agreed), and every accepted change is in
the database before it is acknowledged. Strangers meet in the lobby (lobby.py): anonymous
players, seeks and quick games, Glicko-2 ratings, move deadlines. The protocol is in
docs/server.md and schemas/server.

Needs aiohttp, jsonschema and qrcode (``pip install ludus[server]``; Debian: python3-aiohttp,
python3-jsonschema, python3-qrcode) and, for PostgreSQL, psycopg2 (python3-psycopg2). Runs on
uvloop's event loop when it is installed (python3-uvloop), else on asyncio's.
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import os
import sys
from typing import Any, List, Optional, Sequence
from urllib.parse import urlsplit

from .._optional import missing_packages

__all__ = [
    "add_parser",
    "cmd_serve",
    "serve",
    "start_lines",
    "new_event_loop",
    "DEFAULT_BACKLOG",
    "DEBIAN_PACKAGES",
    "EVENT_LOOPS",
]

#: the modules the server imports beyond the library, and the Debian package of each
DEBIAN_PACKAGES = {"aiohttp": "python3-aiohttp", "jsonschema": "python3-jsonschema", "qrcode": "python3-qrcode"}

#: the listening socket's queue. A burst of connections beyond it (thousands of players arriving at
#: once) has the kernel drop their handshakes, and those it gives up on are reset.
DEFAULT_BACKLOG = 4096

#: ``--event-loop``: uvloop's when it can be imported (the default), uvloop's or nothing, asyncio's
EVENT_LOOPS = ("auto", "uvloop", "asyncio")


def new_event_loop(kind: str = "auto") -> asyncio.AbstractEventLoop:
    """A new event loop of the ``kind`` asked for (EVENT_LOOPS): uvloop's (libuv's, compiled) takes
    less CPU a message than asyncio's, and is optional: ``auto`` falls back to asyncio's without
    it; ``uvloop`` raises ImportError without it."""
    if kind not in EVENT_LOOPS:
        raise ValueError(f"the event loop is one of {', '.join(EVENT_LOOPS)}, not {kind!r}")
    if kind != "asyncio":
        try:
            import uvloop
        except ImportError:
            if kind == "uvloop":
                raise
        else:
            return uvloop.new_event_loop()
    return asyncio.new_event_loop()


def event_loop_line(kind: str) -> str:
    """What the server prints of the event loop it runs on (asked for as ``kind``)."""
    loop = asyncio.get_running_loop()
    if type(loop).__module__.startswith("uvloop"):
        import uvloop

        return f"ludus serve: event loop uvloop {uvloop.__version__}"
    return "ludus serve: event loop asyncio" + (" (uvloop is not installed: python3-uvloop)" if kind == "auto" else "")


def add_parser(sub: Any) -> None:
    """The ``serve`` subcommand's options."""
    p = sub.add_parser(
        "serve",
        help="run the game server (play a friend over the network)",
        description="The authoritative game server: games by invitation link, moves over a "
        "WebSocket, every move checked by the library and stored before it is "
        "acknowledged (see docs/server.md).",
    )
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8080, help="the port (default 8080)")
    p.add_argument(
        "--database",
        default="sqlite:ludus-games.sqlite3",
        help="sqlite:PATH (default: ludus-games.sqlite3 in the working folder) or postgresql://... "
        "(several processes may share one PostgreSQL database)",
    )
    p.add_argument("--app", metavar="DIR", help="also serve the built web app's files from DIR at /")
    p.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="a web origin besides the server's own that may use the API (repeatable)",
    )
    p.add_argument(
        "--public-url",
        help="the address players reach the server at, for the links " "(default: the scheme and Host of each request)",
    )
    p.add_argument(
        "--trust-proxy",
        action="store_true",
        help="behind a reverse proxy: the client's address from X-Forwarded-For, the scheme from " "X-Forwarded-Proto",
    )
    p.add_argument(
        "--archive-after",
        type=float,
        default=30 * 86400.0,
        metavar="SECONDS",
        help="archive a game unchanged for this long (default 30 days)",
    )
    p.add_argument(
        "--messages-per-second",
        type=float,
        default=20.0,
        help="one connection's sustained message rate (bursts of twice as many; default 20)",
    )
    p.add_argument(
        "--address-messages-per-second", type=float, default=400.0, help="all connections of one address (default 400)"
    )
    p.add_argument("--connections-per-address", type=int, default=256, help="default 256")
    p.add_argument(
        "--requests-per-minute", type=int, default=120, help="HTTP requests (create, join) of one address (default 120)"
    )
    p.add_argument(
        "--players-per-hour", type=int, default=10, help="new lobby players of one address an hour (default 10)"
    )
    p.add_argument("--seeks-per-player", type=int, default=3, help="a player's open seeks in the lobby (default 3)")
    p.add_argument(
        "--games-per-address",
        type=int,
        default=20,
        help="lobby games being played and seeks open of one address (default 20)",
    )
    p.add_argument(
        "--live-move-seconds",
        type=float,
        default=300.0,
        help="a live lobby game's time for a move; correspondence games have days (default 300)",
    )
    p.add_argument(
        "--reuse-port", action="store_true", help="let several processes listen on the same port (with PostgreSQL)"
    )
    p.add_argument(
        "--max-connections",
        type=int,
        default=0,
        metavar="N",
        help="WebSockets the process holds; beyond them a new game or join is answered 503 with "
        "Retry-After and a WebSocket is closed with code 1013 (default: from the open-file "
        "limit, which the server raises to its hard limit)",
    )
    p.add_argument(
        "--database-grace",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="exit with status 3 once the database has not answered for this long, so that a "
        "supervisor (systemd) starts the server again (default 60); meanwhile requests are "
        "answered 'unavailable' and /health 503",
    )
    p.add_argument(
        "--backlog",
        type=int,
        default=DEFAULT_BACKLOG,
        metavar="N",
        help=f"connections the kernel holds until the server accepts them (default {DEFAULT_BACKLOG}, "
        "at most net.core.somaxconn)",
    )
    p.add_argument(
        "--event-loop",
        choices=EVENT_LOOPS,
        default="auto",
        help="uvloop's event loop if it is installed (python3-uvloop), else asyncio's (auto, the default); "
        "uvloop's or an error; asyncio's",
    )


def serve(
    host: str = "127.0.0.1",
    port: int = 8080,
    database: str = "sqlite:ludus-games.sqlite3",
    app_dir: Optional[str] = None,
    allowed_origins: Sequence[str] = (),
    public_url: Optional[str] = None,
    trust_proxy: bool = False,
    archive_after: float = 30 * 86400.0,
    limits: Any = None,
    reuse_port: bool = False,
    backlog: int = DEFAULT_BACKLOG,
    database_grace: float = 60.0,
    event_loop: str = "auto",
) -> int:
    """Run the server until interrupted (SIGINT or SIGTERM) on the ``event_loop`` asked for
    (EVENT_LOOPS); returns the exit status (3: the database did not answer for ``database_grace``
    seconds)."""
    from aiohttp import web
    from .app import Limits, Server, make_app, raise_file_limit
    from .store import open_store

    raise_file_limit()
    server = Server(
        open_store(database),
        limits=limits or Limits(),
        allowed_origins=list(allowed_origins),
        public_url=public_url,
        trust_proxy=trust_proxy,
        archive_after=archive_after,
        app_dir=app_dir,
        database_grace=database_grace,
    )
    lines = start_lines(host, port, database, app_dir, public_url)
    tune_garbage_collector()
    web.run_app(
        make_app(server),
        loop=new_event_loop(event_loop),
        host=host,
        port=port,
        reuse_port=reuse_port or None,
        access_log=None,
        backlog=backlog,
        # called in the running loop: the line says which loop serves
        print=lambda text: print("\n".join(lines + [event_loop_line(event_loop)]), flush=True),
    )
    return server.exit_status


# The collector's thresholds for a server: a first pass every 50,000 allocations, not 700, and
# a full pass after 5,000 first passes, not 100 (CPython's defaults 700, 10, 10).
GC_THRESHOLDS = (50_000, 50, 100)


def tune_garbage_collector() -> None:
    """A server holding thousands of games keeps a large heap of long-lived objects, and each
    of the collector's full passes over it stopped the event loop: 2,000 games at a human pace
    had a p99 of 521 ms and a max of 921 ms with the default thresholds (examples/server/
    benchmark.py, docs/server.md). The objects made at start-up are frozen out of its passes,
    and the passes come less often; cyclic garbage is still collected."""
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def start_lines(host: str, port: int, database: str, app_dir: Optional[str], public_url: Optional[str]) -> List[str]:
    """What the server prints once it listens: its address, its database, and what an invitation
    link opens (the web app, or without --app the page that says how to join)."""
    shown_host = f"[{host}]" if ":" in host else host
    url = f"http://{shown_host}:{port}/"
    where = url + (" (every address of this machine)" if host in ("0.0.0.0", "::", "") else "")
    lines = [f"ludus serve: listening at {where}"]
    if public_url:
        lines.append(f"ludus serve: links name {public_url.rstrip('/')}/ (--public-url)")
    lines.append(f"ludus serve: database {describe_database(database)}")
    base = (public_url.rstrip("/") + "/") if public_url else url
    if app_dir:
        lines.append(f"ludus serve: the web app from {os.path.abspath(app_dir)} at {base}; invitation links open it")
    else:
        lines.append(
            f"ludus serve: no web app (no --app): invitation links ({base}#join=...) open a page that "
            "says how to take the seat with the Python client (ludus.server.client); to play them in a "
            "browser, start with --app DIR, the app built by bash .ci/web --build-only DIR"
        )
    return lines


def describe_database(database: str) -> str:
    """The database as the operator should see it: SQLite's file as an absolute path, PostgreSQL's
    address without its password."""
    if database.startswith(("postgresql://", "postgres://")):
        parts = urlsplit(database)
        if parts.password is None:
            return database
        return parts._replace(netloc=parts.netloc.replace(":" + parts.password + "@", ":***@", 1)).geturl()
    path = database[len("sqlite:") :] if database.startswith("sqlite:") else database
    return f"sqlite:{os.path.abspath(path)}"


def cmd_serve(args: argparse.Namespace) -> int:
    """`ludus serve`: checks the server's packages are there, then serves until stopped."""
    missing = missing_packages("ludus serve", DEBIAN_PACKAGES, "server")
    if missing:
        print(missing)
        return 1
    from .app import Limits

    if args.app and not os.path.isfile(os.path.join(args.app, "index.html")):
        print(f"--app {args.app}: no index.html there")
        return 1
    if args.event_loop == "uvloop":
        try:
            new_event_loop("uvloop").close()
        except ImportError as e:
            print(
                f"--event-loop uvloop: this Python ({sys.executable}) cannot import uvloop ({e}); Debian: apt install python3-uvloop"
            )
            return 1
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    limits = Limits(
        messages_per_second=args.messages_per_second,
        address_messages_per_second=args.address_messages_per_second,
        connections_per_address=args.connections_per_address,
        requests_per_minute=args.requests_per_minute,
        max_connections=args.max_connections,
        players_per_hour=args.players_per_hour,
        seeks_per_player=args.seeks_per_player,
        games_per_address=args.games_per_address,
        live_move_seconds=args.live_move_seconds,
    )
    return serve(
        args.host,
        args.port,
        args.database,
        args.app,
        args.allow_origin,
        args.public_url,
        args.trust_proxy,
        args.archive_after,
        limits,
        args.reuse_port,
        args.backlog,
        args.database_grace,
        args.event_loop,
    )
