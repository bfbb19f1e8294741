"""The lobby's records in the server's database (the tables of store.py): anonymous players,
their open seeks, the games the lobby paired and the players' Glicko-2 ratings.

Each operation is one job of the store's thread, so one transaction: a seek is taken by one
accepter only (``UPDATE ... WHERE game_id IS NULL``, whichever process wins), a quick game
looks for an alike seek and opens its own under a lock of that kind of game (two players asking
at once on two processes are paired, not left waiting side by side), and a rated game's end
updates both ratings in the transaction that stores its last event (once, whichever process
stores it).
"""
from __future__ import annotations

import json
import time
from typing import Any, Dict, List, Optional, Sequence, Tuple

from .glicko2 import NEWCOMER, Rating, update
from .store import Store

__all__ = ["LobbyStore", "Pairing", "score_of_seat0"]

#: a live seek's owner asks for it at least this often (the app waits on it); one not asked for
#: this long is dropped: its player has gone
LIVE_SEEK_IDLE_S = 60.0
#: a correspondence seek waits this long for someone to accept it
CORRESPONDENCE_SEEK_S = 7 * 86400.0


class Pairing(dict):
    """A game the lobby made: ``game_id``, ``seats`` (player ids by seat) and the seek's kind."""


def score_of_seat0(winner: Optional[int]) -> float:
    """Seat 0's score in a game that ``winner`` won (None: a draw)."""
    return 0.5 if winner is None else 1.0 if winner == 0 else 0.0


def _rating_row(row: Optional[Sequence[Any]]) -> Rating:
    return NEWCOMER if row is None else Rating(float(row[0]), float(row[1]), float(row[2]))


class LobbyStore:
    """The lobby's operations on ``store`` (each one job, one transaction)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def sql(self, text: str) -> str:
        return self.store.sql(text)

    # ---- players -----------------------------------------------------------------------------

    async def add_player(self, player_id: str, digest: str) -> None:
        now = time.time()
        await self.store.run(
            lambda cursor: cursor.execute(
                self.sql("INSERT INTO players (id, token_hash, created) VALUES (?, ?, ?)"), (player_id, digest, now)
            )
        )

    async def player_of(self, digest: str) -> Optional[str]:
        def job(cursor: Any) -> Optional[str]:
            cursor.execute(self.sql("SELECT id FROM players WHERE token_hash = ?"), (digest,))
            row = cursor.fetchone()
            return None if row is None else row[0]

        return await self.store.run(job)

    # ---- seeks -------------------------------------------------------------------------------

    @staticmethod
    def _open_seeks_where(table: str = "") -> str:
        """The condition of an open seek still wanted (its player still waiting on a live one);
        its arguments are _open_since's."""
        t = table
        return (
            f"{t}game_id IS NULL AND (({t}pace = 'live' AND {t}seen >= ?) OR ({t}pace <> 'live' AND {t}created >= ?))"
        )

    @staticmethod
    def _open_since(now: float) -> Tuple[float, float]:
        return (now - LIVE_SEEK_IDLE_S, now - CORRESPONDENCE_SEEK_S)

    def _busy_address(self, cursor: Any, address: str, now: float) -> int:
        """The lobby games being played and the seeks open from ``address``."""
        cursor.execute(
            self.sql("SELECT COUNT(*) FROM lobby_games WHERE status = 'playing' AND (address0 = ? OR address1 = ?)"),
            (address, address),
        )
        games = int(cursor.fetchone()[0])
        cursor.execute(
            self.sql(f"SELECT COUNT(*) FROM seeks WHERE address = ? AND {self._open_seeks_where()}"),
            (address,) + self._open_since(now),
        )
        return games + int(cursor.fetchone()[0])

    def _insert_seek(self, cursor: Any, seek: Dict[str, Any], seeks_per_player: int, games_per_address: int) -> Any:
        """The seek stored, or the code of the limit it would pass."""
        now = seek["created"]
        cursor.execute(
            self.sql(f"SELECT COUNT(*) FROM seeks WHERE player = ? AND {self._open_seeks_where()}"),
            (seek["player"],) + self._open_since(now),
        )
        if int(cursor.fetchone()[0]) >= seeks_per_player:
            return "too_many_seeks"
        if self._busy_address(cursor, seek["address"], now) >= games_per_address:
            return "too_many_games"
        cursor.execute(
            self.sql(
                "INSERT INTO seeks (id, player, game, ruleset, pace, days, address, created, seen) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ),
            (
                seek["id"],
                seek["player"],
                seek["game"],
                seek["ruleset"],
                seek["pace"],
                seek["days"],
                seek["address"],
                now,
                now,
            ),
        )
        return dict(seek, status="open")

    async def open_seek(self, seek: Dict[str, Any], seeks_per_player: int, games_per_address: int) -> Any:
        """Store a new seek: the seek, or the code of the limit it would pass."""
        return await self.store.run(lambda cursor: self._insert_seek(cursor, seek, seeks_per_player, games_per_address))

    async def seek(self, seek_id: str, touch: bool = False) -> Optional[Dict[str, Any]]:
        """The seek (open or paired), or None if it is gone; ``touch``: its owner is still there."""
        now = time.time()

        def job(cursor: Any) -> Optional[Dict[str, Any]]:
            if touch:
                cursor.execute(self.sql("UPDATE seeks SET seen = ? WHERE id = ?"), (now, seek_id))
            cursor.execute(
                self.sql(
                    "SELECT id, player, game, ruleset, pace, days, created, game_id, seat, seen FROM seeks "
                    "WHERE id = ?"
                ),
                (seek_id,),
            )
            row = cursor.fetchone()
            if row is None:
                return None
            found = _seek(row)
            if row[7] is None and not touch and not self._still_open(row[4], row[6], row[9], now):
                return None
            return found

        return await self.store.run(job)

    @staticmethod
    def _still_open(pace: str, created: float, seen: float, now: float) -> bool:
        live_since, correspondence_since = LobbyStore._open_since(now)
        return seen >= live_since if pace == "live" else created >= correspondence_since

    async def cancel_seek(self, seek_id: str, player: str) -> bool:
        def job(cursor: Any) -> bool:
            cursor.execute(
                self.sql("DELETE FROM seeks WHERE id = ? AND player = ? AND game_id IS NULL"), (seek_id, player)
            )
            return cursor.rowcount == 1

        return await self.store.run(job)

    async def seeks(self, game: Optional[str] = None, limit: int = 100) -> List[Dict[str, Any]]:
        """The open seeks, oldest first, each with its player's rating in its kind of game."""
        now = time.time()

        def job(cursor: Any) -> List[Dict[str, Any]]:
            where = self._open_seeks_where("s.")
            arguments: Tuple[Any, ...] = self._open_since(now)
            if game is not None:
                where += " AND s.game = ?"
                arguments += (game,)
            cursor.execute(
                self.sql(
                    "SELECT s.id, s.player, s.game, s.ruleset, s.pace, s.days, s.created, s.game_id, s.seat, "
                    "r.rating, r.deviation FROM seeks s LEFT JOIN ratings r ON r.player = s.player "
                    f"AND r.game = s.game AND r.ruleset = s.ruleset WHERE {where} ORDER BY s.created LIMIT {int(limit)}"
                ),
                arguments,
            )
            return [dict(_seek(row), rating=_shown(row[9], row[10])) for row in cursor.fetchall()]

        return await self.store.run(job)

    async def forget_seeks(self) -> int:
        """Drop the open seeks no longer wanted; how many."""
        now = time.time()

        def job(cursor: Any) -> int:
            cursor.execute(
                self.sql(
                    "DELETE FROM seeks WHERE game_id IS NULL AND ((pace = 'live' AND seen < ?) OR "
                    "(pace <> 'live' AND created < ?))"
                ),
                self._open_since(now),
            )
            return cursor.rowcount

        return await self.store.run(job)

    # ---- pairing -----------------------------------------------------------------------------

    def _pair(self, cursor: Any, seek_row: Sequence[Any], accepter: str, address: str, game: Dict[str, Any]) -> Any:
        """Make the game of an open seek (``seek_row``: id, player, game, ruleset, pace, days,
        address) with ``accepter``: the Pairing, or the code of why not. ``game``: the new game's
        id, options, the seeker's seat, the seconds a move and the created record's other fields."""
        seek_id, seeker, kind, ruleset, pace, days, seeker_address = seek_row[:7]
        if seeker == accepter:
            return "own_seek"
        if address != seeker_address and self._busy_address(cursor, address, game["created"]) >= game["per_address"]:
            return "too_many_games"
        cursor.execute(
            self.sql("UPDATE seeks SET game_id = ?, seat = ? WHERE id = ? AND game_id IS NULL"),
            (game["id"], game["seeker_seat"], seek_id),
        )
        if cursor.rowcount != 1:
            return "no_seek"  # taken meanwhile (by another process)
        seats = [seeker, accepter] if game["seeker_seat"] == 0 else [accepter, seeker]
        addresses = [seeker_address, address] if game["seeker_seat"] == 0 else [address, seeker_address]
        cursor.execute(self.sql("SELECT id, token_hash FROM players WHERE id IN (?, ?)"), tuple(seats))
        hashes = dict(cursor.fetchall())
        now = game["created"]
        self.store.insert_game(
            cursor,
            {
                "id": game["id"],
                "game": kind,
                "options": game["options"],
                "dice": "server",
                # a lobby game's seats are its players' own tokens: their identity plays it
                "seat_hashes": [hashes[seats[0]], hashes[seats[1]]],
                "invite_hash": game["invite_hash"],
                "status": "playing",
                "meta": {"offer": None, "resigned": None},
                "created": now,
            },
        )
        cursor.execute(
            self.sql(
                "INSERT INTO lobby_games (game_id, game, ruleset, pace, days, move_seconds, player0, player1, "
                "address0, address1, status, to_act, deadline, created) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'playing', ?, ?, ?)"
            ),
            (
                game["id"],
                kind,
                ruleset,
                pace,
                days,
                game["move_seconds"](pace, days),
                seats[0],
                seats[1],
                addresses[0],
                addresses[1],
                game["first_to_act"],
                now + game["move_seconds"](pace, days),
                now,
            ),
        )
        for player in seats:  # the rows locked by a game's end (record_change)
            cursor.execute(
                self.sql(
                    "INSERT INTO ratings (player, game, ruleset, rating, deviation, volatility, games) "
                    "VALUES (?, ?, ?, ?, ?, ?, 0) ON CONFLICT DO NOTHING"
                ),
                (player, kind, ruleset) + tuple(NEWCOMER),
            )
        self.store.notify(cursor, seek_id, 0)  # the seeker waiting on another process
        return Pairing(game_id=game["id"], seek=seek_id, seats=seats, game=kind, ruleset=ruleset, pace=pace, days=days)

    _SEEK_COLUMNS = "id, player, game, ruleset, pace, days, address"

    async def accept(self, seek_id: str, accepter: str, address: str, game: Dict[str, Any]) -> Any:
        """Pair ``accepter`` with the open seek: the Pairing, or the code of why not."""

        def job(cursor: Any) -> Any:
            cursor.execute(
                self.sql(f"SELECT {self._SEEK_COLUMNS}, created, seen FROM seeks WHERE id = ? AND game_id IS NULL"),
                (seek_id,),
            )
            row = cursor.fetchone()
            if row is None or not self._still_open(row[4], row[7], row[8], game["created"]):
                return "no_seek"
            return self._pair(cursor, row, accepter, address, game)

        return await self.store.run(job)

    async def kind_of(self, seek_id: str) -> Optional[Tuple[str, str]]:
        """An open seek's game and ruleset (for the new game's options), or None."""

        def job(cursor: Any) -> Optional[Tuple[str, str]]:
            cursor.execute(self.sql("SELECT game, ruleset FROM seeks WHERE id = ? AND game_id IS NULL"), (seek_id,))
            row = cursor.fetchone()
            return None if row is None else (row[0], row[1])

        return await self.store.run(job)

    async def quick(
        self, seek: Dict[str, Any], game: Dict[str, Any], seeks_per_player: int, games_per_address: int
    ) -> Any:
        """Pair the player with the oldest open seek alike (game, ruleset, pace, days) of another
        player, else open ``seek`` (or give back the player's own alike seek): a Pairing, the
        open seek, or the code of a limit."""

        def job(cursor: Any) -> Any:
            key = f"{seek['game']} {seek['ruleset']} {seek['pace']} {seek['days']}"
            self.store.serialize(cursor, key)
            now = seek["created"]
            cursor.execute(
                self.sql(
                    f"SELECT {self._SEEK_COLUMNS}, created FROM seeks WHERE game = ? AND ruleset = ? AND pace = ? "
                    "AND days = ? "
                    f"AND {self._open_seeks_where()} ORDER BY created LIMIT 20{self.store.lock_rows}"
                ),
                (seek["game"], seek["ruleset"], seek["pace"], seek["days"]) + self._open_since(now),
            )
            rows = cursor.fetchall()
            for row in rows:
                if row[1] == seek["player"]:
                    continue
                paired = self._pair(cursor, row, seek["player"], seek["address"], game)
                if paired != "no_seek":
                    return paired
            own = [row for row in rows if row[1] == seek["player"]]
            if own:
                return dict(seek, id=own[0][0], created=own[0][7], status="open")
            return self._insert_seek(cursor, seek, seeks_per_player, games_per_address)

        return await self.store.run(job)

    # ---- a lobby game's changes --------------------------------------------------------------

    def record_change(
        self, cursor: Any, game_id: str, deadline: Optional[float], to_act: Optional[int], winner: Any
    ) -> None:
        """In the transaction of a lobby game's change: whose turn it is and until when; at its
        end (``winner``: 0, 1, or None for a draw; ``...`` while it goes on) both players'
        ratings in that game and ruleset, the game their only rating period (Glicko-2)."""
        if winner is ...:
            cursor.execute(
                self.sql("UPDATE lobby_games SET to_act = ?, deadline = ? WHERE game_id = ?"),
                (to_act, deadline, game_id),
            )
            return
        cursor.execute(
            self.sql("SELECT player0, player1, game, ruleset FROM lobby_games WHERE game_id = ?"), (game_id,)
        )
        player0, player1, kind, ruleset = cursor.fetchone()
        before = []
        for player in (player0, player1):
            cursor.execute(
                self.sql(
                    "SELECT rating, deviation, volatility FROM ratings WHERE player = ? AND game = ? AND ruleset = ?"
                    + self.store.lock_rows
                ),
                (player, kind, ruleset),
            )
            before.append(_rating_row(cursor.fetchone()))
        score = score_of_seat0(winner)
        after = [update(before[0], [(before[1], score)]), update(before[1], [(before[0], 1.0 - score)])]
        for player, rating in zip((player0, player1), after):
            cursor.execute(
                self.sql(
                    "UPDATE ratings SET rating = ?, deviation = ?, volatility = ?, games = games + 1 "
                    "WHERE player = ? AND game = ? AND ruleset = ?"
                ),
                (rating.rating, rating.deviation, rating.volatility, player, kind, ruleset),
            )
        changes = [
            {"before": [b.rating, b.deviation, b.volatility], "after": [a.rating, a.deviation, a.volatility]}
            for b, a in zip(before, after)
        ]
        cursor.execute(
            self.sql(
                "UPDATE lobby_games SET status = 'over', to_act = NULL, deadline = NULL, result = ?, ratings = ?, "
                "ended = ? WHERE game_id = ?"
            ),
            ("draw" if winner is None else str(winner), json.dumps(changes), time.time(), game_id),
        )

    async def overdue(self, now: float) -> List[Tuple[str, int]]:
        """The lobby games whose player to act has let the deadline pass, with their versions."""

        def job(cursor: Any) -> List[Tuple[str, int]]:
            cursor.execute(
                self.sql(
                    "SELECT l.game_id, g.version FROM lobby_games l JOIN games g ON g.id = l.game_id "
                    "WHERE l.status = 'playing' AND l.deadline < ? ORDER BY l.deadline LIMIT 200"
                ),
                (now,),
            )
            return [(row[0], int(row[1])) for row in cursor.fetchall()]

        return await self.store.run(job)

    # ---- what players see --------------------------------------------------------------------

    async def player(self, player: str, limit: int = 100) -> Dict[str, Any]:
        """A player's ratings, games (newest first; whose turn, the result, the rating's change)
        and open seeks."""
        now = time.time()

        def job(cursor: Any) -> Dict[str, Any]:
            cursor.execute(
                self.sql(
                    "SELECT game, ruleset, rating, deviation, volatility, games FROM ratings WHERE player = ? "
                    "ORDER BY game, ruleset"
                ),
                (player,),
            )
            ratings = [
                {
                    "game": g,
                    "ruleset": r,
                    "rating": _shown(rating, deviation)["rating"],
                    "deviation": _shown(rating, deviation)["deviation"],
                    "volatility": round(float(volatility), 6),
                    "games": int(n),
                }
                for g, r, rating, deviation, volatility, n in cursor.fetchall()
            ]
            cursor.execute(
                self.sql(
                    "SELECT l.game_id, l.game, l.ruleset, l.pace, l.days, l.player0, l.player1, l.status, l.to_act, "
                    "l.deadline, l.result, l.ratings, l.created, g.status FROM lobby_games l "
                    "JOIN games g ON g.id = l.game_id WHERE l.player0 = ? OR l.player1 = ? "
                    f"ORDER BY l.created DESC LIMIT {int(limit)}"
                ),
                (player, player),
            )
            games = []
            for row in cursor.fetchall():
                (game_id, kind, ruleset, pace, days, p0, p1, status, to_act, deadline, result, changes, created) = row[
                    :13
                ]
                seat = 0 if p0 == player else 1
                entry: Dict[str, Any] = {
                    "id": game_id,
                    "game": kind,
                    "ruleset": ruleset,
                    "pace": pace,
                    "days": int(days),
                    "seat": seat,
                    "opponent": p1 if seat == 0 else p0,
                    "status": status,
                    "your_turn": status == "playing" and to_act == seat,
                    "deadline": deadline,
                    "result": None
                    if result is None
                    else "draw"
                    if result == "draw"
                    else ("win" if int(result) == seat else "loss"),
                    "created": created,
                }
                if changes:
                    change = json.loads(changes)[seat]
                    entry["rating"] = {
                        "before": round(change["before"][0]),
                        "after": round(change["after"][0]),
                        "deviation": round(change["after"][1]),
                    }
                games.append(entry)
            cursor.execute(
                self.sql(
                    "SELECT id, player, game, ruleset, pace, days, created, game_id, seat FROM seeks "
                    f"WHERE player = ? AND {self._open_seeks_where()} ORDER BY created"
                ),
                (player,) + self._open_since(now),
            )
            seeks = [_seek(row) for row in cursor.fetchall()]
            return {
                "player": player,
                "ratings": ratings,
                "games": games,
                "your_turn": sum(1 for g in games if g["your_turn"]),
                "seeks": seeks,
            }

        return await self.store.run(job)

    async def live(self, limit: int = 50) -> List[Dict[str, Any]]:
        """The lobby games being played, the last changed first, with their players' ratings."""

        def job(cursor: Any) -> List[Dict[str, Any]]:
            cursor.execute(
                self.sql(
                    "SELECT l.game_id, l.game, l.ruleset, l.pace, l.days, g.version, r0.rating, r0.deviation, "
                    "r1.rating, r1.deviation, l.player0, l.player1 FROM lobby_games l "
                    "JOIN games g ON g.id = l.game_id "
                    "LEFT JOIN ratings r0 ON r0.player = l.player0 AND r0.game = l.game AND r0.ruleset = l.ruleset "
                    "LEFT JOIN ratings r1 ON r1.player = l.player1 AND r1.game = l.game AND r1.ruleset = l.ruleset "
                    f"WHERE l.status = 'playing' AND g.status = 'playing' ORDER BY g.updated DESC LIMIT {int(limit)}"
                )
            )
            return [
                {
                    "id": row[0],
                    "game": row[1],
                    "ruleset": row[2],
                    "pace": row[3],
                    "days": int(row[4]),
                    "version": int(row[5]),
                    "players": [
                        dict(_shown(row[6], row[7]), player=row[10]),
                        dict(_shown(row[8], row[9]), player=row[11]),
                    ],
                }
                for row in cursor.fetchall()
            ]

        return await self.store.run(job)


def _seek(row: Sequence[Any]) -> Dict[str, Any]:
    """A seek as the API shows it (row: id, player, game, ruleset, pace, days, created, game_id,
    seat)."""
    seek: Dict[str, Any] = {
        "id": row[0],
        "player": row[1],
        "game": row[2],
        "ruleset": row[3],
        "pace": row[4],
        "days": int(row[5]),
        "created": row[6],
        "status": "open" if row[7] is None else "paired",
    }
    if row[7] is not None:
        seek["game_id"] = row[7]
        seek["seat"] = int(row[8])
    return seek


def _shown(rating: Optional[float], deviation: Optional[float]) -> Dict[str, int]:
    """A rating as players see it: rounded, a newcomer's if none yet."""
    if rating is None or deviation is None:
        rating, deviation = NEWCOMER.rating, NEWCOMER.deviation
    return {"rating": round(float(rating)), "deviation": round(float(deviation))}
