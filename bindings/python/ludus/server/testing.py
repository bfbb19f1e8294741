"""What the server's tests and its benchmark share: a server in a child process, a throwaway
PostgreSQL cluster, and two clients playing random moves against each other. Loopback only;
every wait is bounded."""
from __future__ import annotations

import asyncio
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from .client import GameClient, ServerError, create_game, invitation_qr, join_game

__all__ = ["free_port", "ServerProcess", "PostgresCluster", "play_random_game", "ACKED"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``python -m ludus serve`` on a loopback port, started and stopped by the caller."""

    def __init__(
        self,
        database: str,
        port: Optional[int] = None,
        extra: Sequence[str] = (),
        env: Optional[Dict[str, str]] = None,
        log_path: Optional[str] = None,
        python_args: Sequence[str] = (),
    ) -> None:
        """``python_args`` go to the interpreter before ``-m ludus`` (a profiler's, for one)."""
        self.database, self.port, self.extra = database, port or free_port(), list(extra)
        self.python_args = list(python_args)
        self.env = env or dict(os.environ)
        self.log_path = log_path
        self.process: Optional[subprocess.Popen] = None
        self._log: Any = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 20.0) -> "ServerProcess":
        self._log = open(self.log_path, "ab") if self.log_path else subprocess.DEVNULL
        self.process = subprocess.Popen(
            [
                sys.executable,
                *self.python_args,
                "-m",
                "ludus",
                "serve",
                "--port",
                str(self.port),
                "--database",
                self.database,
                *self.extra,
            ],
            env=self.env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + timeout
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped at its start (status {self.process.returncode})")
            try:
                with urllib.request.urlopen(self.url + "/health", timeout=2) as response:
                    if response.status == 200:
                        return self
            except OSError:
                pass
            if time.monotonic() > deadline:
                self.kill()
                raise RuntimeError(f"the server did not answer /health within {timeout:g} s")
            time.sleep(0.05)

    def kill(self) -> None:
        """``kill -9``."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        if self._log not in (None, subprocess.DEVNULL):
            self._log.close()
            self._log = None


def _postgres_bin() -> Optional[Path]:
    root = Path("/usr/lib/postgresql")
    versions = sorted(root.glob("*/bin/initdb"), key=lambda p: int(p.parts[-3]) if p.parts[-3].isdigit() else 0)
    return versions[-1].parent if versions else None


class PostgresCluster:
    """A PostgreSQL cluster in a temporary folder on a loopback port, for tests. PostgreSQL
    refuses to run as root: as root the cluster belongs to the ``postgres`` user."""

    def __init__(self) -> None:
        self.bin = _postgres_bin()
        self.port = free_port()
        self.folder = ""
        self.as_user: List[str] = []

    @staticmethod
    def available() -> bool:
        return _postgres_bin() is not None

    @property
    def dsn(self) -> str:
        return f"postgresql://ludus@127.0.0.1:{self.port}/ludus"

    def _run(self, *args: str, timeout: float = 60.0) -> None:
        subprocess.run(
            [*self.as_user, *args], check=True, timeout=timeout, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )

    def start(self) -> "PostgresCluster":
        assert self.bin is not None, "PostgreSQL is not installed (Debian's postgresql)"
        self.folder = tempfile.mkdtemp(prefix="ludus-pg-")
        if os.getuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
            self.as_user = ["runuser", "-u", "postgres", "--"]
        data = os.path.join(self.folder, "data")
        self._run(str(self.bin / "initdb"), "-D", data, "-U", "ludus", "--auth=trust", "-E", "UTF8", "--no-sync")
        self.start_server()
        self._run(str(self.bin / "createdb"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "ludus", "ludus")
        return self

    def start_server(self) -> None:
        """Start the cluster's server (again)."""
        self._run(
            str(self.bin / "pg_ctl"),
            "-D",
            os.path.join(self.folder, "data"),
            "-w",
            "-t",
            "30",
            "-l",
            os.path.join(self.folder, "log"),
            "-o",
            f"-c listen_addresses=127.0.0.1 -p {self.port} -c unix_socket_directories={self.folder} "
            "-c max_connections=50 -c fsync=on",
            "start",
        )

    def stop_server(self, mode: str = "fast") -> None:
        """Stop the cluster's server (``fast``: its connections are ended, as by a restart),
        keeping its data."""
        self._run(
            str(self.bin / "pg_ctl"), "-D", os.path.join(self.folder, "data"), "-m", mode, "-w", "-t", "30", "stop"
        )

    def stop(self) -> None:
        if self.folder:
            try:
                self._run(
                    str(self.bin / "pg_ctl"),
                    "-D",
                    os.path.join(self.folder, "data"),
                    "-m",
                    "immediate",
                    "-w",
                    "-t",
                    "30",
                    "stop",
                )
            finally:
                shutil.rmtree(self.folder, ignore_errors=True)
                self.folder = ""


#: what a random player was told the server stored: (game id, version, seat, move text)
ACKED = List[tuple]


async def play_seat(
    client: GameClient,
    chooser: random.Random,
    acked: ACKED,
    max_plies: int,
    latencies: Optional[List[float]] = None,
    timeout: float = 60.0,
    think: Tuple[float, float] = (0.0, 0.0),
    leave: Optional[Callable[[], bool]] = None,
) -> None:
    """Play ``client``'s seat with random moves (and server dice) until the game is over or
    ``max_plies`` versions have passed; every acknowledged move goes to ``acked``. Before each
    move or roll the player thinks for a time drawn between ``think``'s two bounds (seconds), as
    a person would. Once ``leave()`` is true, the player resigns at its next turn instead of
    playing (the game over, the opponent waiting for its turn stops too)."""
    loop = asyncio.get_running_loop()
    while True:
        # the bound reached stops both seats (the one not to move would wait for a turn for ever)
        view = await client.wait_until(
            lambda v: v["status"] in ("over", "archived")
            or v["version"] >= max_plies
            or (v["status"] == "playing" and v["to_move"] == client.seat and not v["offer"]),
            timeout,
        )
        if view["status"] != "playing" or view["version"] >= max_plies:
            return
        if think[1] > 0:
            await asyncio.sleep(chooser.uniform(*think))
            if client.view["version"] != view["version"]:
                continue  # the game changed meanwhile (the opponent's offer, a resignation)
        started = loop.time()
        try:
            if leave is not None and leave():
                await client.resign()
                return
            if view["phase"] == "roll":
                await client.roll()
            else:
                move = chooser.choice(view["legal"])
                version = await client.move(move)
                acked.append((client.game_id, version, client.seat, move))
        except ServerError as e:
            if e.code in ("rate_limited", "unavailable"):  # unavailable: the database is down for a while
                await asyncio.sleep(0.2)
            elif e.code != "stale":
                raise
            continue
        if latencies is not None:
            latencies.append(loop.time() - started)


async def play_random_game(
    base_url: str,
    game: str,
    options: Dict[str, Any],
    seed: int,
    acked: ACKED,
    max_plies: int = 100000,
    latencies: Optional[List[float]] = None,
    urls: Optional[Sequence[str]] = None,
    session: Any = None,
    reconnect_for: float = 30.0,
    turn_timeout: float = 60.0,
    think: Tuple[float, float] = (0.0, 0.0),
    qr: Any = True,
    leave: Optional[Callable[[], bool]] = None,
    seated: Optional[Callable[[], None]] = None,
) -> Dict[str, Any]:
    """Create a game, join it as the friend and play it out with two random players (on two
    servers if ``urls`` gives two); returns the final view. A seat waits ``turn_timeout`` s at
    most for its turn, and as long for the answer to its move; it thinks ``think`` s (the range)
    before each. ``qr``: the server draws the invitation's QR code at the creation (True), never (a
    client that draws its own: False), or when asked ("asked": shown twice, as the web app does
    after a reload, drawn once). ``leave``: see play_seat. ``seated()`` is called once both
    players are connected (welcomed), before the first move."""
    urls = list(urls or [base_url, base_url])
    created = await create_game(urls[0], game, options, session=session, qr=qr is True)
    if qr == "asked":
        for _ in range(2):
            await invitation_qr(urls[0], created["id"], created["invite"], session=session)
    joined = await join_game(urls[1], created["id"], created["invite"], session=session)
    chooser = random.Random(seed)
    first, second = (
        GameClient(
            url, created["id"], token, session=session, reconnect_for=reconnect_for, request_timeout=turn_timeout
        )
        for url, token in ((urls[0], created["token"]), (urls[1], joined["token"]))
    )
    await first.connect()
    await second.connect()
    if seated is not None:
        seated()
    try:
        await asyncio.gather(
            play_seat(first, chooser, acked, max_plies, latencies, turn_timeout, think, leave),
            play_seat(second, random.Random(seed + 1), acked, max_plies, latencies, turn_timeout, think, leave),
        )
        await first.wait_until(lambda v: v["version"] >= second.version, 30)
        return first.view
    finally:
        await first.close()
        await second.close()
