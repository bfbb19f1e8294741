"""Where the games are kept: SQLite (one process) or PostgreSQL (several processes).

Every change of a game is one row of ``events`` (its version, the seat, the kind and its data)
written together with the game's new version and status in one transaction; the server answers a
move only after that transaction has committed. A game's row is updated only from the version the
writer saw (``WHERE version = ?``), so that two processes can never both append the same version:
the loser reloads the game and checks the move again.

All database work runs on one thread per store, in batches: the writes that arrive while a
commit is under way are committed together by the next one (group commit), which keeps the fsync
per move of ``synchronous=FULL`` from limiting the number of games.

A database that fails (PostgreSQL restarted, a connection dropped, SQLite's disk full or file
locked) fails the jobs it was given with :class:`Unavailable`, which says so, and never hangs them:
the thread connects again, waiting longer after each failure (0.1 s doubling to 2 s), and the
jobs that arrive meanwhile fail at once. ``down_for()`` says for how long it has not answered.
"""
from __future__ import annotations

import asyncio
import json
import queue
import sqlite3
import threading
import logging
import time
from typing import Any, Callable, Dict, List, Optional, Tuple

__all__ = ["Store", "SqliteStore", "PostgresStore", "open_store", "Conflict", "Unavailable", "NOTIFY_CHANNEL"]

log = logging.getLogger("ludus.server")

#: the PostgreSQL channel on which a process announces a game's new version ("GAME VERSION")
NOTIFY_CHANNEL = "ludus_games"

_SCHEMA = [
    """CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        dice TEXT NOT NULL,
        seat_hashes TEXT NOT NULL,
        invite_hash TEXT NOT NULL,
        version BIGINT NOT NULL,
        status TEXT NOT NULL,
        meta TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        updated DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS events (
        game_id TEXT NOT NULL,
        version BIGINT NOT NULL,
        seat INTEGER,
        kind TEXT NOT NULL,
        data TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, version))""",
    "CREATE INDEX IF NOT EXISTS games_idle ON games (status, updated)",
    # the lobby (lobby.py): anonymous players, their seeks, the games they were paired in, ratings
    """CREATE TABLE IF NOT EXISTS players (
        id TEXT PRIMARY KEY,
        token_hash TEXT NOT NULL UNIQUE,
        created DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS seeks (
        id TEXT PRIMARY KEY,
        player TEXT NOT NULL,
        game TEXT NOT NULL,
        ruleset TEXT NOT NULL,
        pace TEXT NOT NULL,
        days INTEGER NOT NULL,
        address TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        seen DOUBLE PRECISION NOT NULL,
        game_id TEXT,
        seat INTEGER)""",
    "CREATE INDEX IF NOT EXISTS seeks_alike ON seeks (game, ruleset, pace, days, created)",
    "CREATE INDEX IF NOT EXISTS seeks_player ON seeks (player)",
    """CREATE TABLE IF NOT EXISTS lobby_games (
        game_id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        ruleset TEXT NOT NULL,
        pace TEXT NOT NULL,
        days INTEGER NOT NULL,
        move_seconds DOUBLE PRECISION NOT NULL,
        player0 TEXT NOT NULL,
        player1 TEXT NOT NULL,
        address0 TEXT NOT NULL,
        address1 TEXT NOT NULL,
        status TEXT NOT NULL,
        to_act INTEGER,
        deadline DOUBLE PRECISION,
        result TEXT,
        ratings TEXT,
        created DOUBLE PRECISION NOT NULL,
        ended DOUBLE PRECISION)""",
    "CREATE INDEX IF NOT EXISTS lobby_games_due ON lobby_games (status, deadline)",
    "CREATE INDEX IF NOT EXISTS lobby_games_player0 ON lobby_games (player0, created)",
    "CREATE INDEX IF NOT EXISTS lobby_games_player1 ON lobby_games (player1, created)",
    """CREATE TABLE IF NOT EXISTS ratings (
        player TEXT NOT NULL,
        game TEXT NOT NULL,
        ruleset TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games INTEGER NOT NULL,
        PRIMARY KEY (player, game, ruleset))""",
]


#: the data of the event that archives a game (kind "meta")
ARCHIVED_EVENT_DATA = {"status": "archived"}


class Conflict(Exception):
    """The game's version in the database is not the one the change was made from."""


class Unavailable(Exception):
    """The database did not do the job: it failed, or it is not answering. A change it was given
    was not acknowledged (if its commit reached the database before the failure, the game's
    next change finds it there and catches up)."""


#: the waits between two attempts to connect again: from the first, doubling to the last
RECONNECT_FIRST_S = 0.1
RECONNECT_MAX_S = 2.0


Job = Callable[[Any], Any]


class Store:
    """The database on its own thread; ``await store.run(job)`` runs ``job(cursor)`` in the next
    batch and returns its result once the batch has committed."""

    placeholder = "?"

    def __init__(self) -> None:
        self._jobs: "queue.Queue[Optional[Tuple[Job, asyncio.AbstractEventLoop, asyncio.Future]]]" = queue.Queue()
        self._thread: Optional[threading.Thread] = None
        self.down_since: Optional[float] = None  # time.monotonic() of the first failure not yet recovered
        self.last_error = ""
        self.reconnections = 0
        self.batches = 0
        self.jobs_done = 0
        self.busy_seconds = 0.0  # the database thread's time in batches (writing, committing)

    def stats(self) -> Dict[str, Any]:
        """What the database thread has done: batches committed, jobs in them, time spent."""
        return {"batches": self.batches, "jobs": self.jobs_done, "busy_s": round(self.busy_seconds, 3)}

    # ---- the database thread ------------------------------------------------------------------

    def _connect(self) -> Any:
        raise NotImplementedError

    #: the driver's exceptions: a job failing with one of them failed in the database
    def _driver_errors(self) -> Tuple[type, ...]:
        raise NotImplementedError

    def _open(self) -> Any:
        """A connection with the tables created."""
        connection = self._connect()
        try:
            cursor = connection.cursor()
            for statement in _SCHEMA:
                cursor.execute(statement)
            connection.commit()
        except BaseException:
            _close_quietly(connection)
            raise
        return connection

    def down_for(self) -> float:
        """How long the database has not answered (0 while it does)."""
        since = self.down_since
        return 0.0 if since is None else time.monotonic() - since

    def health(self) -> Dict[str, Any]:
        """The database's state for /health: up or down, since when, why, reconnections."""
        state: Dict[str, Any] = {
            "kind": self.describe(),
            "state": "down" if self.down_since is not None else "up",
            "reconnections": self.reconnections,
        }
        if self.down_since is not None:
            state["down_for_s"] = round(self.down_for(), 1)
            state["error"] = self.last_error
        return state

    def _went_down(self, error: BaseException) -> None:
        self.last_error = _describe(error)
        if self.down_since is None:
            self.down_since = time.monotonic()
            log.error("the database failed: %s; connecting again", self.last_error)

    def _answers_again(self) -> None:
        if self.down_since is not None:
            log.warning("the database answers again after %.1f s", self.down_for())
            self.down_since, self.last_error = None, ""

    def start(self) -> None:
        ready: "queue.Queue[Optional[BaseException]]" = queue.Queue()
        self._thread = threading.Thread(target=self._work, args=(ready,), name="ludus-store", daemon=True)
        self._thread.start()
        failure = ready.get()
        if failure is not None:
            raise failure

    def _work(self, ready: "queue.Queue[Optional[BaseException]]") -> None:
        try:
            connection: Any = self._open()
        except BaseException as e:  # handed to start(): a server that cannot reach its database does not start
            ready.put(e)
            return
        ready.put(None)
        wait = RECONNECT_FIRST_S
        while True:
            if connection is None:
                try:
                    connection = self._open()
                except Exception as e:
                    self._went_down(e)
                    if not self._refuse_jobs_for(wait):
                        break
                    wait = min(RECONNECT_MAX_S, wait * 2)
                    continue
                self.reconnections += 1
                self._answers_again()
                wait = RECONNECT_FIRST_S
            batch = self._next_batch()
            if batch is None:
                break
            if not self._run_batch(connection, batch):
                _close_quietly(connection)
                connection = None
        if connection is not None:
            _close_quietly(connection)

    def _next_batch(self) -> Optional[List[Tuple[Job, asyncio.AbstractEventLoop, asyncio.Future]]]:
        """The jobs waiting (at least one; None when the store is closed)."""
        first = self._jobs.get()
        if first is None:
            return None
        batch = [first]
        while len(batch) < 500:
            try:
                job = self._jobs.get_nowait()
            except queue.Empty:
                break
            if job is None:
                self._jobs.put(None)
                break
            batch.append(job)
        return batch

    def _refuse_jobs_for(self, seconds: float) -> bool:
        """While the database is down: fail every job that arrives for ``seconds`` (no request
        waits for a database that does not answer); False if the store was closed meanwhile."""
        deadline = time.monotonic() + seconds
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return True
            try:
                item = self._jobs.get(timeout=left)
            except queue.Empty:
                return True
            if item is None:
                return False
            _, loop, future = item
            loop.call_soon_threadsafe(_settle, future, False, self._unavailable())

    def _unavailable(self, error: Optional[BaseException] = None) -> Unavailable:
        why = _describe(error) if error is not None else self.last_error
        return Unavailable(f"the database failed ({why}): the change was not acknowledged, try again")

    def _run_batch(self, connection: Any, batch: List[Tuple[Job, asyncio.AbstractEventLoop, asyncio.Future]]) -> bool:
        """Run and commit the batch; False if the connection failed (each job then failed with
        Unavailable, and the caller connects again)."""
        started = time.perf_counter()
        outcomes: List[Tuple[bool, Any]] = []
        alive = True
        cursor: Any = None
        try:
            cursor = connection.cursor()
            for job, _, _ in batch:
                try:
                    outcomes.append((True, job(cursor)))
                except Conflict as e:  # nothing was written by this job
                    outcomes.append((False, e))
            connection.commit()
        except Exception as batch_error:
            # One job failed in a way that may have spoilt the transaction (PostgreSQL aborts it):
            # roll back and run each job alone, so that only the failing one fails. A connection
            # that cannot even roll back is gone (the rollback of a closed one raises too).
            outcomes = []
            try:
                connection.rollback()
                cursor = cursor or connection.cursor()
            except Exception:
                alive = False
                self._went_down(batch_error)  # why the batch failed, not the rollback's "already closed"
                outcomes = [(False, self._unavailable(batch_error))] * len(batch)
            for job, _, _ in batch if alive else ():
                if not alive:
                    outcomes.append((False, self._unavailable()))
                    continue
                try:
                    result = job(cursor)
                    connection.commit()
                    outcomes.append((True, result))
                except Exception as failure:
                    if isinstance(failure, self._driver_errors()):
                        self._went_down(failure)  # disk full, file locked, ...: until a job succeeds
                        outcomes.append((False, self._unavailable(failure)))
                    else:
                        outcomes.append((False, failure))
                    try:
                        connection.rollback()
                    except Exception:
                        alive = False
                        self._went_down(failure)
        if alive and any(ok for ok, _ in outcomes):
            self._answers_again()
        self.batches += 1
        self.jobs_done += len(batch)
        self.busy_seconds += time.perf_counter() - started
        # the batch's answers handed to each event loop at once: one wake-up of the loop (a write to
        # its self-pipe, a read there) a batch, not one a job
        answers: Dict[asyncio.AbstractEventLoop, List[Tuple[asyncio.Future, bool, Any]]] = {}
        for (job, loop, future), (ok, value) in zip(batch, outcomes):
            answers.setdefault(loop, []).append((future, ok, value))
        for loop, settled in answers.items():
            loop.call_soon_threadsafe(_settle_all, settled)
        return alive

    async def run(self, job: Job) -> Any:
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        self._jobs.put((job, loop, future))
        return await future

    def close(self) -> None:
        if self._thread is not None:
            self._jobs.put(None)
            self._thread.join(10)
            self._thread = None

    # ---- the operations -------------------------------------------------------------------

    def sql(self, text: str) -> str:
        return text if self.placeholder == "?" else text.replace("?", self.placeholder)

    async def create(self, record: Dict[str, Any]) -> None:
        await self.run(lambda cursor: self.insert_game(cursor, record))

    def insert_game(self, cursor: Any, record: Dict[str, Any]) -> None:
        """The game's row at version 0 (in a job)."""
        cursor.execute(
            self.sql(
                "INSERT INTO games (id, game, options, dice, seat_hashes, invite_hash, version, "
                "status, meta, created, updated) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)"
            ),
            (
                record["id"],
                record["game"],
                json.dumps(record["options"]),
                record["dice"],
                json.dumps(record["seat_hashes"]),
                record["invite_hash"],
                record["status"],
                json.dumps(record["meta"]),
                record["created"],
                record["created"],
            ),
        )

    async def load(self, game_id: str) -> Optional[Dict[str, Any]]:
        """The game's row and every event, or None."""

        def job(cursor: Any) -> Optional[Dict[str, Any]]:
            cursor.execute(
                self.sql(
                    "SELECT game, options, dice, seat_hashes, invite_hash, version, status, meta, "
                    "created, updated FROM games WHERE id = ?"
                ),
                (game_id,),
            )
            row = cursor.fetchone()
            if row is None:
                return None
            cursor.execute(
                self.sql("SELECT version, seat, kind, data FROM events WHERE game_id = ? ORDER BY version"), (game_id,)
            )
            events = [
                {"version": int(v), "seat": s, "kind": k, "data": json.loads(d)} for v, s, k, d in cursor.fetchall()
            ]
            cursor.execute(self.sql("SELECT move_seconds, deadline FROM lobby_games WHERE game_id = ?"), (game_id,))
            paired = cursor.fetchone()
            return {
                "lobby": None if paired is None else {"move_seconds": paired[0], "deadline": paired[1]},
                "id": game_id,
                "game": row[0],
                "options": json.loads(row[1]),
                "dice": row[2],
                "seat_hashes": json.loads(row[3]),
                "invite_hash": row[4],
                "version": int(row[5]),
                "status": row[6],
                "meta": json.loads(row[7]),
                "created": row[8],
                "updated": row[9],
                "events": events,
            }

        return await self.run(job)

    async def events_after(self, game_id: str, version: int) -> Tuple[Dict[str, Any], List[Dict[str, Any]]]:
        """The game's row fields that change (version, status, meta, seat hashes) and its events
        after ``version``."""

        def job(cursor: Any) -> Tuple[Dict[str, Any], List[Dict[str, Any]]]:
            cursor.execute(self.sql("SELECT version, status, meta, seat_hashes FROM games WHERE id = ?"), (game_id,))
            row = cursor.fetchone()
            cursor.execute(
                self.sql(
                    "SELECT version, seat, kind, data FROM events WHERE game_id = ? AND version > ? " "ORDER BY version"
                ),
                (game_id, version),
            )
            events = [
                {"version": int(v), "seat": s, "kind": k, "data": json.loads(d)} for v, s, k, d in cursor.fetchall()
            ]
            cursor.execute(self.sql("SELECT deadline FROM lobby_games WHERE game_id = ?"), (game_id,))
            paired = cursor.fetchone()
            return (
                {
                    "version": int(row[0]),
                    "status": row[1],
                    "meta": json.loads(row[2]),
                    "seat_hashes": json.loads(row[3]),
                    "deadline": None if paired is None else paired[0],
                },
                events,
            )

        return await self.run(job)

    async def append(
        self,
        game_id: str,
        version: int,
        event: Optional[Dict[str, Any]],
        status: str,
        meta: Dict[str, Any],
        seat_hashes: Optional[List[Optional[str]]] = None,
        also: Optional[Job] = None,
    ) -> None:
        """Move the game from ``version`` to ``version + 1``, recording ``event`` (None for a
        change of the game's row only: an offer, a seat taken), and run ``also(cursor)`` in the
        same transaction (a lobby game's clock, its ratings at its end). Raises Conflict if the
        game is no longer at ``version``."""
        now = time.time()

        def job(cursor: Any) -> None:
            if seat_hashes is None:
                cursor.execute(
                    self.sql(
                        "UPDATE games SET version = ?, status = ?, meta = ?, updated = ? "
                        "WHERE id = ? AND version = ?"
                    ),
                    (version + 1, status, json.dumps(meta), now, game_id, version),
                )
            else:
                cursor.execute(
                    self.sql(
                        "UPDATE games SET version = ?, status = ?, meta = ?, updated = ?, "
                        "seat_hashes = ? WHERE id = ? AND version = ?"
                    ),
                    (version + 1, status, json.dumps(meta), now, json.dumps(seat_hashes), game_id, version),
                )
            if cursor.rowcount != 1:
                raise Conflict(f"game {game_id} is no longer at version {version}")
            record = event or {"seat": None, "kind": "meta", "data": {}}
            cursor.execute(
                self.sql("INSERT INTO events (game_id, version, seat, kind, data, at) VALUES (?, ?, ?, ?, ?, ?)"),
                (game_id, version + 1, record["seat"], record["kind"], json.dumps(record["data"]), now),
            )
            if also is not None:
                also(cursor)
            self.notify(cursor, game_id, version + 1)

        await self.run(job)

    def notify(self, cursor: Any, game_id: str, version: int) -> None:
        """Tell the other server processes (PostgreSQL only)."""

    #: what a SELECT ends with to lock its rows until the transaction ends (SQLite has one writer)
    lock_rows = ""

    def serialize(self, cursor: Any, key: str) -> None:
        """Let one transaction at a time go on past this point for ``key`` (until it commits):
        SQLite's transactions are one at a time already."""

    async def archive_idle(self, idle_seconds: float) -> List[str]:
        """Archive the games unchanged for ``idle_seconds``; returns their ids."""
        limit = time.time() - idle_seconds

        def job(cursor: Any) -> List[str]:
            # a lobby game being played is kept: its move deadline ends it (lobby.py)
            cursor.execute(
                self.sql(
                    "SELECT id FROM games WHERE status <> 'archived' AND updated < ? AND id NOT IN "
                    "(SELECT game_id FROM lobby_games WHERE status = 'playing')"
                ),
                (limit,),
            )
            ids = [r[0] for r in cursor.fetchall()]
            now = time.time()
            archived = []
            for game_id in ids:
                # an event like every change: the game's version stays the number of its events
                cursor.execute(
                    self.sql(
                        "UPDATE games SET status = 'archived', version = version + 1, updated = ? "
                        "WHERE id = ? AND status <> 'archived' AND updated < ?"
                    ),
                    (now, game_id, limit),
                )
                if cursor.rowcount != 1:
                    continue  # changed meanwhile (by another process)
                archived.append(game_id)
                cursor.execute(
                    self.sql(
                        "INSERT INTO events (game_id, version, seat, kind, data, at) "
                        "SELECT id, version, NULL, 'meta', ?, ? FROM games WHERE id = ?"
                    ),
                    (json.dumps(ARCHIVED_EVENT_DATA), now, game_id),
                )
                self.notify(cursor, game_id, -1)
            return archived

        return await self.run(job)

    async def counts(self) -> Dict[str, int]:
        def job(cursor: Any) -> Dict[str, int]:
            cursor.execute("SELECT status, COUNT(*) FROM games GROUP BY status")
            return {status: int(n) for status, n in cursor.fetchall()}

        return await self.run(job)

    # listening to the other processes (PostgreSQL)
    def listen(
        self,
        loop: asyncio.AbstractEventLoop,
        callback: Callable[[str, int], None],
        missed: Callable[[], None] = lambda: None,
    ) -> None:
        """Call ``callback(game_id, version)`` when another process changed a game, and
        ``missed()`` when announcements may have been lost."""

    def describe(self) -> str:
        raise NotImplementedError


def _describe(error: BaseException) -> str:
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def _close_quietly(connection: Any) -> None:
    try:
        connection.close()
    except Exception:
        pass


def _settle(future: asyncio.Future, ok: bool, value: Any) -> None:
    if future.cancelled():
        return
    if ok:
        future.set_result(value)
    else:
        future.set_exception(value)


def _settle_all(answers: List[Tuple[asyncio.Future, bool, Any]]) -> None:
    for future, ok, value in answers:
        _settle(future, ok, value)


class SqliteStore(Store):
    """One SQLite file: write-ahead log, a full fsync at every commit."""

    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = path

    def _connect(self) -> Any:
        connection = sqlite3.connect(self.path, isolation_level="DEFERRED")
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=FULL")
        connection.execute("PRAGMA busy_timeout=10000")
        return connection

    def _driver_errors(self) -> Tuple[type, ...]:
        return (sqlite3.Error,)

    def describe(self) -> str:
        return "sqlite"


#: a dead server or network is found within seconds (a connection attempt, then TCP keepalives)
#: rather than after the kernel's two hours
_CONNECTION_CHECKS = {
    "connect_timeout": 5,
    "keepalives": 1,
    "keepalives_idle": 10,
    "keepalives_interval": 3,
    "keepalives_count": 3,
}


class PostgresStore(Store):
    """A PostgreSQL database shared by any number of server processes; each announces a game's new
    version with NOTIFY in the transaction that writes it (delivered when it commits)."""

    placeholder = "%s"

    def __init__(self, dsn: str) -> None:
        super().__init__()
        self.dsn = dsn
        self._listener: Any = None
        # the loop, the callback of a change and that of announcements missed (listen's arguments)
        self._listening: Optional[Tuple[asyncio.AbstractEventLoop, Any, Any]] = None
        self._listen_task: Optional[asyncio.Task] = None
        self._closed = False
        self.listener_down_since: Optional[float] = None

    def _connect(self) -> Any:
        import psycopg2

        connection = psycopg2.connect(self.dsn, **_CONNECTION_CHECKS)
        with connection.cursor() as cursor:
            # several processes may create the tables at once at their first start
            cursor.execute("SELECT pg_advisory_xact_lock(4242)")
        return connection

    def _driver_errors(self) -> Tuple[type, ...]:
        import psycopg2

        return (psycopg2.Error,)

    def down_for(self) -> float:
        listener = self.listener_down_since
        return max(super().down_for(), 0.0 if listener is None else time.monotonic() - listener)

    def health(self) -> Dict[str, Any]:
        state = super().health()
        state["listener"] = "down" if self.listener_down_since is not None else "up"
        if self.listener_down_since is not None:
            state["state"] = "down"
            state["down_for_s"] = round(self.down_for(), 1)
        return state

    def notify(self, cursor: Any, game_id: str, version: int) -> None:
        cursor.execute("SELECT pg_notify(%s, %s)", (NOTIFY_CHANNEL, f"{game_id} {version}"))

    lock_rows = " FOR UPDATE"

    def serialize(self, cursor: Any, key: str) -> None:
        cursor.execute("SELECT pg_advisory_xact_lock(4243, hashtext(%s))", (key,))

    def listen(
        self,
        loop: asyncio.AbstractEventLoop,
        callback: Callable[[str, int], None],
        missed: Callable[[], None] = lambda: None,
    ) -> None:
        """``missed()`` is called when the listener is connected again after a failure: the
        announcements made meanwhile were lost, so every game held must be read again."""
        self._listening = (loop, callback, missed)
        self._attach(self._connect_listener())

    def _connect_listener(self) -> Any:
        import psycopg2
        import psycopg2.extensions

        listener = psycopg2.connect(self.dsn, **_CONNECTION_CHECKS)
        listener.set_isolation_level(psycopg2.extensions.ISOLATION_LEVEL_AUTOCOMMIT)
        with listener.cursor() as cursor:
            cursor.execute(f"LISTEN {NOTIFY_CHANNEL}")
        return listener

    def _attach(self, listener: Any) -> None:
        assert self._listening is not None
        loop, callback, _ = self._listening
        self._listener = listener
        descriptor = listener.fileno()

        def readable() -> None:
            try:
                listener.poll()
            except Exception as e:
                loop.remove_reader(descriptor)
                _close_quietly(listener)
                self._listener = None
                if self.listener_down_since is None:
                    self.listener_down_since = time.monotonic()
                    log.error("the database's announcements stopped (%s); listening again", _describe(e))
                self._listen_task = loop.create_task(self._listen_again())
                return
            while listener.notifies:
                note = listener.notifies.pop(0)
                game_id, _, version = note.payload.partition(" ")
                try:
                    callback(game_id, int(version))
                except Exception:
                    log.exception("an announcement of game %s failed", game_id)

        loop.add_reader(descriptor, readable)

    async def _listen_again(self) -> None:
        assert self._listening is not None
        loop, _, missed = self._listening
        wait = RECONNECT_FIRST_S
        while not self._closed:
            try:
                listener = await loop.run_in_executor(None, self._connect_listener)
            except Exception:
                await asyncio.sleep(wait)
                wait = min(RECONNECT_MAX_S, wait * 2)
                continue
            if self._closed:
                _close_quietly(listener)
                return
            self._attach(listener)
            log.warning(
                "listening to the database's announcements again after %.1f s",
                time.monotonic() - (self.listener_down_since or time.monotonic()),
            )
            self.listener_down_since = None
            missed()
            return

    def close(self) -> None:
        self._closed = True
        super().close()
        if self._listen_task is not None:
            self._listen_task.cancel()
        if self._listener is not None:
            try:
                asyncio.get_event_loop().remove_reader(self._listener.fileno())
            except Exception:
                pass
            _close_quietly(self._listener)
            self._listener = None

    def describe(self) -> str:
        return "postgresql"


def open_store(database: str) -> Store:
    """``sqlite:PATH`` (or a plain path) or ``postgresql://...``."""
    if database.startswith(("postgresql://", "postgres://")):
        return PostgresStore(database)
    path = database[len("sqlite:") :] if database.startswith("sqlite:") else database
    return SqliteStore(path)
