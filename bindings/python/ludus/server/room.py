"""One game on the server: the library's game, its seats, its pending offer and its events.

The game is the sum of its events (``events`` in the database): a move, a roll of the dice, an
agreed undo or draw, an offer or its refusal, a resignation, the friend taking a seat. The same
:func:`apply` plays an event on a fresh game when a game is loaded and on the live game when a
player's message is accepted, so a loaded game is the game the players saw.
"""
from __future__ import annotations

import asyncio
import bisect
import hashlib
import hmac
import json
import secrets
import time
from typing import Any, Dict, List, Optional, Set, Tuple

from .._library import call_string
from ..errors import LudusError, WrongPhaseError
from ..game import Game, Phase, Result
from .store import Conflict, Store

__all__ = ["Room", "Refused", "apply", "token_hash", "new_secret"]

#: the server's own end reasons (the library's reasons are the rules' words): a resignation, and
#: a lobby game's move deadline passed
RESIGNED = "resigned"
TIMEOUT = "timeout"

#: the events that move the game on: each one lets a declined offer be made again, and a move or
#: an agreed undo starts the lobby's clock again (so does any change that passes the turn)
PROGRESS = ("move", "roll", "undo")
CLOCK_STARTERS = ("move", "undo")


class Refused(Exception):
    """A message that cannot be done now: ``code`` for programs, ``message`` for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


def new_secret() -> str:
    """An unguessable URL-safe text (256 bits)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


#: each distinct table of chances the library gave (its JSON text): the rolls and their
#: cumulative probabilities, read once (a game's table is the same at every roll)
_chances: Dict[str, Tuple[List[List[int]], List[float]]] = {}


def server_roll(game: Game) -> List[int]:
    """Dice drawn with the operating system's generator, by the library's probabilities of each
    distinct roll (the game's own seeded generator would be predictable from its saved state)."""
    text = call_string(game._lib.ludus_game_chance_outcomes, game._handle)  # Game.chance_outcomes, unparsed
    table = _chances.get(text)
    if table is None:
        outcomes = json.loads(text)
        cumulative, total = [], 0.0
        for outcome in outcomes:
            total += float(outcome["probability"])
            cumulative.append(total)
        table = ([list(o["dice"]) for o in outcomes], cumulative)
        if len(_chances) >= 256:  # options make more tables than games: kept bounded
            _chances.clear()
        _chances[text] = table
    rolls, cumulative = table
    draw = secrets.randbelow(1 << 53) / float(1 << 53)
    index = bisect.bisect_right(cumulative, draw)
    return list(rolls[min(index, len(rolls) - 1)])


class MoveTexts:
    """The legal moves' texts of one set of rules, read from the library as integers: a move's
    text depends only on the rules' options and its integer (each game's ``action_text(options,
    action)`` in the library), so each text is asked for once, not parsed from the legal moves'
    JSON at every position (18.6 KB for Latrunculi's first). Each is kept as JSON, so that a
    view's list of them is joined, not encoded again."""

    _known: Dict[str, "MoveTexts"] = {}
    #: the sets of rules kept (options make more of them than there are games)
    MAX_RULES = 256

    def __init__(self) -> None:
        self.texts = _TextsOf()

    @classmethod
    def of_rules(cls, game_id: str, options: Dict[str, Any]) -> "MoveTexts":
        key = json.dumps([game_id, {k: v for k, v in options.items() if k != "seed"}], sort_keys=True)
        known = cls._known.get(key)
        if known is None:
            if len(cls._known) >= cls.MAX_RULES:
                cls._known.clear()
            known = cls._known[key] = cls()
        return known

    def json_of(self, game: Game) -> str:
        """The JSON array of ``game``'s legal moves' texts, in the library's order (as
        ``json.dumps`` writes it)."""
        texts = self.texts
        texts.game = game  # for the texts not known yet (the event loop's one thread)
        try:
            return "[" + ", ".join(map(texts.__getitem__, game.actions())) + "]"
        finally:
            texts.game = None

    def of(self, game: Game) -> List[str]:
        """The texts of ``game``'s legal moves, in the library's order."""
        return json.loads(self.json_of(game))


class _TextsOf(dict):
    """A move's integer: its text as JSON, asked of ``game`` the first time."""

    game: Optional[Game] = None

    def __missing__(self, action: int) -> str:
        assert self.game is not None
        text = self[action] = json.dumps(self.game.action_text(action))
        return text


def undo_steps(game: Game, seat: int) -> int:
    """How many steps of the library's history take back ``seat``'s last move (with anything
    after it; a roll of the dice just before it stays). 0 if ``seat`` has not moved."""
    history = game.history
    for steps, event in enumerate(reversed(history), 1):
        if (
            event.get("player") == seat
            and not str(event.get("text", "")).startswith("roll")
            and event.get("text") != "draw agreed"
        ):
            return steps
    return 0


def apply(game: Game, meta: Dict[str, Any], event: Dict[str, Any]) -> None:
    """Play one event on ``game`` and ``meta`` (the pending offer, a resignation). Raises the
    library's error if the game refuses it (then nothing has changed but for a partial undo,
    which the caller repairs by reloading)."""
    kind, data, seat = event["kind"], event["data"], event["seat"]
    if kind == "move":
        game.play(data["move"])
    elif kind == "roll":
        game.set_dice(data["dice"])
    elif kind == "undo":
        for _ in range(int(data["steps"])):
            game.undo()
    elif kind == "draw":
        game.agree_draw()
    elif kind == "resign":
        meta["resigned"] = seat
    elif kind == "timeout":
        meta["resigned"], meta["end_reason"] = seat, TIMEOUT
    elif kind == "offer":
        meta["offer"] = {"kind": data["kind"], "by": seat}
        return
    elif kind == "decline":
        meta["declined"] = meta.get("declined", []) + [[1 - int(seat), data["kind"]]]
    elif kind in ("join", "meta"):
        pass
    else:
        raise ValueError(f"unknown event {kind!r}")
    if kind in PROGRESS:
        meta["declined"] = []
    meta["offer"] = None


class Room:
    """A game the server holds in memory while someone is connected to it."""

    def __init__(self, record: Dict[str, Any], store: Store) -> None:
        self.id: str = record["id"]
        self.store = store
        self.game_id: str = record["game"]
        self.options: Dict[str, Any] = record["options"]
        self.dice: str = record["dice"]
        self.seat_hashes: List[Optional[str]] = list(record["seat_hashes"])
        self.invite_hash: str = record["invite_hash"]
        self.status: str = record["status"]
        self.connections: Set[Any] = set()  # the Outbox of each connection
        # a game the lobby paired: its seconds a move and the deadline of the player to act
        self.lobby: Optional[Dict[str, Any]] = record.get("lobby")
        self.lobby_store: Any = None  # LobbyStore, given by the server to a lobby game's room
        self.lock = asyncio.Lock()
        self._rebuild(record["events"], record["version"])
        self._view_cache: Optional[Tuple[int, str]] = None
        options = self.game.options  # resolved, the seed included: they never change
        self.move_texts = MoveTexts.of_rules(self.game_id, options)
        self._view_prefix = json.dumps({"id": self.id, "game": self.game_id, "options": options, "dice": self.dice})[
            :-1
        ]

    def _rebuild(self, events: List[Dict[str, Any]], version: int) -> None:
        self.game = Game(self.game_id, self.options)
        self.meta: Dict[str, Any] = {"offer": None, "resigned": None}
        for event in events:
            apply(self.game, self.meta, event)
        self.events = list(events)
        self.version = version
        self._view_cache = None

    # ---- who is who --------------------------------------------------------------------------

    def seat_of(self, token: str) -> Optional[int]:
        digest = token_hash(token)
        seat = None
        for i, known in enumerate(self.seat_hashes):
            if known is not None and hmac.compare_digest(known, digest):
                seat = i
        return seat

    @property
    def over(self) -> bool:
        return self.meta.get("resigned") is not None or self.game.is_over

    def _status(self) -> str:
        if self.status == "archived":
            return "archived"
        if self.over:
            return "over"
        return "playing" if all(self.seat_hashes) else "waiting"

    # ---- what everyone sees --------------------------------------------------------------------

    def view_text(self) -> str:
        """The game as every client sees it (nothing secret), as JSON text made once per version:
        the library's position spliced in as it wrote it and the legal moves' texts read as
        integers (neither parsed nor encoded again)."""
        cached = self._view_cache
        if cached is not None and cached[0] == self.version:
            return cached[1]
        game, resigned = self.game, self.meta.get("resigned")
        phase = "over" if resigned is not None else str(game.phase)  # the library asked once
        if resigned is not None:
            winner: Optional[int] = 1 - int(resigned)
            result, end_reason, to_move = f"player {winner} won", self.meta.get("end_reason", RESIGNED), None
        elif phase == "over":
            game_result = game.result
            winner, result, end_reason, to_move = game_result.winner, str(game_result), game.end_reason, None
        else:  # a game going on has no result yet: the library is asked only whose turn it is
            winner, result, end_reason, to_move = None, str(Result.ONGOING), None, game.to_move
        if self.status == "archived":
            status = "archived"
        else:
            status = "over" if phase == "over" else "playing" if all(self.seat_hashes) else "waiting"
        head = json.dumps(
            {
                "status": status,
                "version": self.version,
                "seats": [h is not None for h in self.seat_hashes],
                "phase": phase,
                "to_move": to_move,
                "result": result,
                "winner": winner,
                "end_reason": end_reason,
                "offer": self.meta.get("offer"),
            }
        )
        if self.lobby is not None:  # the lobby's pace: whose turn it is until when (epoch seconds)
            head = head[:-1] + ', "deadline": %s}' % json.dumps(self.lobby["deadline"] if status == "playing" else None)
        legal = self.move_texts.json_of(game) if phase == "move" else "[]"
        text = f'{self._view_prefix},{head[1:-1]},"position":{game.position_json()},"legal":{legal}}}'
        self._view_cache = (self.version, text)
        return text

    def welcome(self, seat: Optional[int], since: Optional[int], ident: Optional[int]) -> str:
        """The welcome's JSON text: the view and the saved state spliced in as they are."""
        events = [e for e in self.events if since is not None and e["version"] > since]
        return '{"type":"welcome","id":%s,"seat":%s,"view":%s,"state":%s,"events":%s}' % (
            json.dumps(ident),
            json.dumps(seat),
            self.view_text(),
            self.game.to_json(),
            json.dumps(events),
        )

    def broadcast(self, event: Optional[Dict[str, Any]]) -> None:
        """Hand the update to every connection's outbox: the game waits for none of them."""
        text = '{"type":"update","event":%s,"view":%s}' % (json.dumps(event), self.view_text())
        for outbox in list(self.connections):
            outbox.send(text)
            if outbox.dropped:
                self.connections.discard(outbox)

    # ---- changes -------------------------------------------------------------------------------

    def check(self, seat: Optional[int], version: int) -> None:
        """What every change needs: a seat, the version the client saw, a game going on."""
        if seat is None:
            raise Refused("spectator", "spectators cannot play: connect with a seat's token")
        if version != self.version:
            raise Refused(
                "stale",
                f"the game is at version {self.version}, not {version}: "
                "the update with the new position has been sent",
            )
        if self.status == "archived":
            raise Refused("archived", "this game has been archived: it can be watched, not played")
        if self.over:
            raise Refused("game_over", "the game is over")
        if not all(self.seat_hashes):
            raise Refused("waiting", "the friend has not joined yet")

    def event_for(self, seat: Optional[int], message: Dict[str, Any]) -> Dict[str, Any]:
        """The event a player's message asks for, after every check but the library's."""
        kind = message["type"]
        self.check(seat, message["version"])
        assert seat is not None
        game = self.game
        if kind in ("move", "roll"):
            if game.to_move != seat:
                raise Refused("not_your_turn", f"it is player {game.to_move}'s turn")
            offer = self.meta.get("offer")
            if offer and offer["by"] != seat:  # one's own offer lapses with one's move
                raise Refused("offer_pending", "answer the pending offer first")
            if kind == "move":
                if game.phase == Phase.ROLL:
                    raise Refused("roll_first", "roll the dice first")
                return {"seat": seat, "kind": "move", "data": {"move": message["move"]}}
            if game.phase != Phase.ROLL:
                raise Refused(
                    "no_roll",
                    "the dice are not to be rolled now"
                    if game.dice is not None or game.phase == Phase.MOVE
                    else "this game has no dice",
                )
            if self.dice == "real":
                if "dice" not in message:
                    raise Refused("dice_needed", "this game uses the players' real dice: send the dice you threw")
                return {"seat": seat, "kind": "roll", "data": {"dice": message["dice"], "by": "player"}}
            if "dice" in message:
                raise Refused("server_dice", "in this game the server rolls the dice: send roll without dice")
            return {"seat": seat, "kind": "roll", "data": {"dice": server_roll(game), "by": "server"}}
        if kind == "resign":
            return {"seat": seat, "kind": "resign", "data": {}}
        if kind == "offer":
            if self.meta.get("offer"):
                raise Refused("offer_pending", "an offer is waiting for its answer")
            if [seat, message["kind"]] in self.meta.get("declined", []):
                raise Refused(
                    "offer_declined", f"your {message['kind']} offer was declined: make it again after the next move"
                )
            if message["kind"] == "undo":
                if undo_steps(game, seat) == 0:
                    raise Refused("nothing_to_undo", "you have no move to take back")
            else:
                trial = game.copy()
                try:
                    trial.agree_draw()
                except WrongPhaseError as e:
                    raise Refused("no_draws", f"this game has no agreed draws ({e})") from None
                finally:
                    trial.close()
            return {"seat": seat, "kind": "offer", "data": {"kind": message["kind"]}}
        if kind == "answer":
            offer = self.meta.get("offer")
            if not offer or offer["kind"] != message["kind"]:
                raise Refused("no_offer", f"there is no {message['kind']} offer to answer")
            if offer["by"] == seat:
                raise Refused("own_offer", "the opponent answers an offer, not the one who made it")
            if not message["accept"]:
                return {"seat": seat, "kind": "decline", "data": {"kind": offer["kind"]}}
            if offer["kind"] == "draw":
                return {"seat": seat, "kind": "draw", "data": {}}
            return {"seat": seat, "kind": "undo", "data": {"steps": undo_steps(game, offer["by"]), "for": offer["by"]}}
        raise Refused("bad_message", f"{kind} changes nothing")

    async def change(self, seat: Optional[int], message: Dict[str, Any]) -> int:
        """Check, play, store, then announce a player's message; returns the new version.
        Refused (and nothing changed) if it cannot be done."""
        async with self.lock:
            event = self.event_for(seat, message)
            return await self._commit(event)

    async def take_seat(self, seat: int, token_digest: str) -> int:
        async with self.lock:
            if self.seat_hashes[seat] is not None:
                raise Refused("seat_taken", "this invitation has been used: the seat is taken")
            hashes = list(self.seat_hashes)
            hashes[seat] = token_digest
            return await self._commit({"seat": seat, "kind": "join", "data": {}}, hashes)

    async def _commit(self, event: Dict[str, Any], seat_hashes: Optional[List[Optional[str]]] = None) -> int:
        before = self.version
        turn_before = self.game.to_move
        try:
            apply(self.game, self.meta, event)
        except LudusError as e:
            self._rebuild(self.events, self.version)  # a partial undo leaves nothing behind
            raise Refused("illegal", str(e)) from None
        event = dict(event, version=before + 1)
        old_hashes = self.seat_hashes
        if seat_hashes is not None:
            self.seat_hashes = seat_hashes
        status = self._status()
        also, deadline = self._lobby_change(status, event["kind"], turn_before)
        try:
            await self.store.append(self.id, before, event, status, self.meta, seat_hashes, also)
        except BaseException as e:
            self.seat_hashes = old_hashes
            self._rebuild(self.events, before)
            if isinstance(e, Conflict):
                await self._catch_up_locked()
                raise Refused(
                    "stale", "another server changed the game first: the new position has been sent"
                ) from None
            raise
        self.events.append(event)
        self.version = before + 1
        self.status = status
        if deadline is not None:
            self.lobby = dict(self.lobby or {}, deadline=deadline)
        self._view_cache = None
        self.broadcast(event)
        return self.version

    # ---- a game of the lobby: its clock, its end --------------------------------------------

    def to_act(self) -> Optional[int]:
        """Who the game waits for: the one to answer a pending offer, else the one to move."""
        offer = self.meta.get("offer")
        return 1 - int(offer["by"]) if offer else self.game.to_move

    def _winner(self) -> Optional[int]:
        resigned = self.meta.get("resigned")
        return 1 - int(resigned) if resigned is not None else self.game.winner

    def _lobby_change(self, status: str, kind: str, turn_before: Optional[int]) -> Tuple[Any, Optional[float]]:
        """For a lobby game's change (already played on the game): the job that records it in
        the same transaction (whom the game waits for and the deadline; the last change rates
        the players) and the deadline. The clock is the player to move's: it starts again with
        a move, an agreed undo or a change that passes the turn, never with what costs nothing
        (an offer, a refusal), which would keep a lost game alive for ever."""
        if self.lobby is None or self.lobby_store is None:
            return None, None
        if status == "over":
            winner = self._winner()
            return (lambda cursor: self.lobby_store.record_change(cursor, self.id, None, None, winner)), None
        deadline = self.lobby.get("deadline")
        if kind in CLOCK_STARTERS or self.game.to_move != turn_before or deadline is None:
            deadline = time.time() + float(self.lobby["move_seconds"])
        to_act = self.to_act()
        return (lambda cursor: self.lobby_store.record_change(cursor, self.id, deadline, to_act, ...)), deadline

    async def expire(self, version: int) -> bool:
        """The move deadline passed at ``version`` (the database says so): the player to move
        loses (an offer pending does not stop their clock). False if the game changed since or
        is over."""
        async with self.lock:
            if self.version < version:
                await self._catch_up_locked()
            if self.version != version or self.over or self.lobby is None:
                return False
            loser = self.game.to_move
            if loser is None:
                return False
            try:
                await self._commit({"seat": loser, "kind": "timeout", "data": {}})
            except Refused:
                return False  # another process stored a change first
            return True

    # ---- changes made by other processes -------------------------------------------------------

    async def catch_up(self) -> None:
        async with self.lock:
            await self._catch_up_locked()

    async def _catch_up_locked(self) -> None:
        row, events = await self.store.events_after(self.id, self.version)
        self.seat_hashes = list(row["seat_hashes"])
        for event in events:
            apply(self.game, self.meta, event)
            self.events.append(event)
            self.version = event["version"]
            if event is events[-1]:
                self.status = row["status"]  # the view sent with the last event is the game's now
                if self.lobby is not None:
                    self.lobby = dict(self.lobby, deadline=row.get("deadline"))
            self._view_cache = None
            self.broadcast(event)
        if row["version"] > self.version:
            # archived by an older server, which stored no event for it
            self.status = row["status"]
            self.version = row["version"]
            self._view_cache = None
            self.broadcast(None)
