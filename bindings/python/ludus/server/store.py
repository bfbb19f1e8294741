"""Where the games are kept: SQLite (one process) or PostgreSQL (several processes).

Every change of a game is one row of ``events`` (its version, the seat, the kind and its data)
written together with the game's new version and status in one transaction; the server answers a
move only after that transaction has committed. A game's row is updated only from the version the
writer saw (``WHERE version = ?``), so that two processes can never both append the same version:
the loser reloads the game and checks the move again.

All database work runs on one thread per store, in batches: the writes that arrive while a
commit is under way are committed together by the next one (group commit), which keeps the fsync
per move of ``synchronous=FULL`` from limiting the number of games.
"""
from __future__ import annotations

import asyncio
import json
import queue
import sqlite3
import threading
import time
from typing import Any, Callable, Dict, List, Optional, Tuple

__all__ = ["Store", "SqliteStore", "PostgresStore", "open_store", "Conflict", "NOTIFY_CHANNEL"]

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
]


class Conflict(Exception):
    """The game's version in the database is not the one the change was made from."""


Job = Callable[[Any], Any]


class Store:
    """The database on its own thread; ``await store.run(job)`` runs ``job(cursor)`` in the next
    batch and returns its result once the batch has committed."""

    placeholder = "?"

    def __init__(self) -> None:
        self._jobs: "queue.Queue[Optional[Tuple[Job, asyncio.AbstractEventLoop, asyncio.Future]]]" = queue.Queue()
        self._thread: Optional[threading.Thread] = None
        self.batches = 0
        self.jobs_done = 0
        self.busy_seconds = 0.0     # the database thread's time in batches (writing, committing)

    def stats(self) -> Dict[str, Any]:
        """What the database thread has done: batches committed, jobs in them, time spent."""
        return {"batches": self.batches, "jobs": self.jobs_done, "busy_s": round(self.busy_seconds, 3)}

    # ---- the database thread ------------------------------------------------------------------

    def _connect(self) -> Any:
        raise NotImplementedError

    def start(self) -> None:
        ready: "queue.Queue[Optional[BaseException]]" = queue.Queue()
        self._thread = threading.Thread(target=self._work, args=(ready,), name="ludus-store", daemon=True)
        self._thread.start()
        failure = ready.get()
        if failure is not None:
            raise failure

    def _work(self, ready: "queue.Queue[Optional[BaseException]]") -> None:
        try:
            connection = self._connect()
            cursor = connection.cursor()
            for statement in _SCHEMA:
                cursor.execute(statement)
            connection.commit()
        except BaseException as e:  # handed to start()
            ready.put(e)
            return
        ready.put(None)
        while True:
            first = self._jobs.get()
            if first is None:
                break
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
            self._run_batch(connection, batch)
        connection.close()

    def _run_batch(self, connection: Any, batch: List[Tuple[Job, asyncio.AbstractEventLoop, asyncio.Future]]) -> None:
        started = time.perf_counter()
        cursor = connection.cursor()
        outcomes: List[Tuple[bool, Any]] = []
        try:
            for job, _, _ in batch:
                try:
                    outcomes.append((True, job(cursor)))
                except Conflict as e:   # nothing was written by this job
                    outcomes.append((False, e))
            connection.commit()
        except Exception:
            # One job failed in a way that may have spoilt the transaction (PostgreSQL aborts it):
            # roll back and run each job alone, so that only the failing one fails.
            connection.rollback()
            outcomes = []
            for job, _, _ in batch:
                try:
                    result = (True, job(cursor))
                    connection.commit()
                except Exception as e:
                    connection.rollback()
                    result = (False, e)
                outcomes.append(result)
        self.batches += 1
        self.jobs_done += len(batch)
        self.busy_seconds += time.perf_counter() - started
        for (job, loop, future), (ok, value) in zip(batch, outcomes):
            loop.call_soon_threadsafe(_settle, future, ok, value)

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
        def job(cursor: Any) -> None:
            cursor.execute(self.sql("INSERT INTO games (id, game, options, dice, seat_hashes, invite_hash, version, "
                                    "status, meta, created, updated) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)"),
                           (record["id"], record["game"], json.dumps(record["options"]), record["dice"],
                            json.dumps(record["seat_hashes"]), record["invite_hash"], record["status"],
                            json.dumps(record["meta"]), record["created"], record["created"]))
        await self.run(job)

    async def load(self, game_id: str) -> Optional[Dict[str, Any]]:
        """The game's row and every event, or None."""
        def job(cursor: Any) -> Optional[Dict[str, Any]]:
            cursor.execute(self.sql("SELECT game, options, dice, seat_hashes, invite_hash, version, status, meta, "
                                    "created, updated FROM games WHERE id = ?"), (game_id,))
            row = cursor.fetchone()
            if row is None:
                return None
            cursor.execute(self.sql("SELECT version, seat, kind, data FROM events WHERE game_id = ? ORDER BY version"),
                           (game_id,))
            events = [{"version": int(v), "seat": s, "kind": k, "data": json.loads(d)} for v, s, k, d in cursor.fetchall()]
            return {"id": game_id, "game": row[0], "options": json.loads(row[1]), "dice": row[2],
                    "seat_hashes": json.loads(row[3]), "invite_hash": row[4], "version": int(row[5]),
                    "status": row[6], "meta": json.loads(row[7]), "created": row[8], "updated": row[9],
                    "events": events}
        return await self.run(job)

    async def events_after(self, game_id: str, version: int) -> Tuple[Dict[str, Any], List[Dict[str, Any]]]:
        """The game's row fields that change (version, status, meta, seat hashes) and its events
        after ``version``."""
        def job(cursor: Any) -> Tuple[Dict[str, Any], List[Dict[str, Any]]]:
            cursor.execute(self.sql("SELECT version, status, meta, seat_hashes FROM games WHERE id = ?"), (game_id,))
            row = cursor.fetchone()
            cursor.execute(self.sql("SELECT version, seat, kind, data FROM events WHERE game_id = ? AND version > ? "
                                    "ORDER BY version"), (game_id, version))
            events = [{"version": int(v), "seat": s, "kind": k, "data": json.loads(d)} for v, s, k, d in cursor.fetchall()]
            return ({"version": int(row[0]), "status": row[1], "meta": json.loads(row[2]),
                     "seat_hashes": json.loads(row[3])}, events)
        return await self.run(job)

    async def append(self, game_id: str, version: int, event: Optional[Dict[str, Any]], status: str,
                     meta: Dict[str, Any], seat_hashes: Optional[List[Optional[str]]] = None) -> None:
        """Move the game from ``version`` to ``version + 1``, recording ``event`` (None for a
        change of the game's row only: an offer, a seat taken). Raises Conflict if the game is
        no longer at ``version``."""
        now = time.time()

        def job(cursor: Any) -> None:
            if seat_hashes is None:
                cursor.execute(self.sql("UPDATE games SET version = ?, status = ?, meta = ?, updated = ? "
                                        "WHERE id = ? AND version = ?"),
                               (version + 1, status, json.dumps(meta), now, game_id, version))
            else:
                cursor.execute(self.sql("UPDATE games SET version = ?, status = ?, meta = ?, updated = ?, "
                                        "seat_hashes = ? WHERE id = ? AND version = ?"),
                               (version + 1, status, json.dumps(meta), now, json.dumps(seat_hashes), game_id, version))
            if cursor.rowcount != 1:
                raise Conflict(f"game {game_id} is no longer at version {version}")
            record = event or {"seat": None, "kind": "meta", "data": {}}
            cursor.execute(self.sql("INSERT INTO events (game_id, version, seat, kind, data, at) VALUES (?, ?, ?, ?, ?, ?)"),
                           (game_id, version + 1, record["seat"], record["kind"], json.dumps(record["data"]), now))
            self.notify(cursor, game_id, version + 1)
        await self.run(job)

    def notify(self, cursor: Any, game_id: str, version: int) -> None:
        """Tell the other server processes (PostgreSQL only)."""

    async def archive_idle(self, idle_seconds: float) -> List[str]:
        """Archive the games unchanged for ``idle_seconds``; returns their ids."""
        limit = time.time() - idle_seconds

        def job(cursor: Any) -> List[str]:
            cursor.execute(self.sql("SELECT id FROM games WHERE status <> 'archived' AND updated < ?"), (limit,))
            ids = [r[0] for r in cursor.fetchall()]
            if ids:
                cursor.execute(self.sql("UPDATE games SET status = 'archived', version = version + 1 "
                                        "WHERE status <> 'archived' AND updated < ?"), (limit,))
                for game_id in ids:
                    self.notify(cursor, game_id, -1)
            return ids
        return await self.run(job)

    async def counts(self) -> Dict[str, int]:
        def job(cursor: Any) -> Dict[str, int]:
            cursor.execute("SELECT status, COUNT(*) FROM games GROUP BY status")
            return {status: int(n) for status, n in cursor.fetchall()}
        return await self.run(job)

    # listening to the other processes (PostgreSQL)
    def listen(self, loop: asyncio.AbstractEventLoop, callback: Callable[[str, int], None]) -> None:
        """Call ``callback(game_id, version)`` when another process changed a game."""

    def describe(self) -> str:
        raise NotImplementedError


def _settle(future: asyncio.Future, ok: bool, value: Any) -> None:
    if future.cancelled():
        return
    if ok:
        future.set_result(value)
    else:
        future.set_exception(value)


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

    def describe(self) -> str:
        return "sqlite"


class PostgresStore(Store):
    """A PostgreSQL database shared by any number of server processes; each announces a game's new
    version with NOTIFY in the transaction that writes it (delivered when it commits)."""

    placeholder = "%s"

    def __init__(self, dsn: str) -> None:
        super().__init__()
        self.dsn = dsn
        self._listener: Any = None

    def _connect(self) -> Any:
        import psycopg2
        connection = psycopg2.connect(self.dsn)
        with connection.cursor() as cursor:
            # several processes may create the tables at once at their first start
            cursor.execute("SELECT pg_advisory_xact_lock(4242)")
        return connection

    def notify(self, cursor: Any, game_id: str, version: int) -> None:
        cursor.execute("SELECT pg_notify(%s, %s)", (NOTIFY_CHANNEL, f"{game_id} {version}"))

    def listen(self, loop: asyncio.AbstractEventLoop, callback: Callable[[str, int], None]) -> None:
        import psycopg2
        import psycopg2.extensions
        listener = psycopg2.connect(self.dsn)
        listener.set_isolation_level(psycopg2.extensions.ISOLATION_LEVEL_AUTOCOMMIT)
        with listener.cursor() as cursor:
            cursor.execute(f"LISTEN {NOTIFY_CHANNEL}")
        self._listener = listener

        def readable() -> None:
            try:
                listener.poll()
            except Exception:
                loop.remove_reader(listener.fileno())
                return
            while listener.notifies:
                note = listener.notifies.pop(0)
                game_id, _, version = note.payload.partition(" ")
                try:
                    callback(game_id, int(version))
                except Exception:
                    pass
        loop.add_reader(listener.fileno(), readable)

    def close(self) -> None:
        super().close()
        if self._listener is not None:
            try:
                asyncio.get_event_loop().remove_reader(self._listener.fileno())
            except Exception:
                pass
            self._listener.close()
            self._listener = None

    def describe(self) -> str:
        return "postgresql"


def open_store(database: str) -> Store:
    """``sqlite:PATH`` (or a plain path) or ``postgresql://...``."""
    if database.startswith(("postgresql://", "postgres://")):
        return PostgresStore(database)
    path = database[len("sqlite:"):] if database.startswith("sqlite:") else database
    return SqliteStore(path)
