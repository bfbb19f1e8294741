"""The user API: :class:`Game`, :class:`Move`, :class:`MoveList` and :func:`games`."""
from __future__ import annotations

import ctypes
import enum
import json
import os
import threading
import time
import warnings
from typing import Any, Callable, Dict, Iterator, List, Mapping, NamedTuple, Optional, Sequence, Tuple, Union, overload

from . import _library
from ._library import INT32, UINT32, GameHandle, c_bytes, c_integer, c_seed, c_string, call_string, check, to_json_text
from .errors import ArgumentTypeError, GameClosedError, LudusError

__all__ = [
    "DEFAULT_MAX_PLIES",
    "Phase",
    "Result",
    "Move",
    "MoveList",
    "Outcome",
    "Playouts",
    "Game",
    "games",
    "game_ids",
    "MoveLike",
    "apply_event",
    "replay",
]


class Phase(enum.IntEnum):
    """What the game waits for (``ludus_phase``). ``str(phase)`` is ``"roll"``, ``"move"`` or
    ``"over"``, as in the saved state."""

    ROLL = 0
    MOVE = 1
    OVER = 2

    def __str__(self) -> str:
        return self.name.lower()


class Result(enum.IntEnum):
    """The outcome so far (``ludus_result``)."""

    ONGOING = 0
    PLAYER0_WON = 1
    PLAYER1_WON = 2
    DRAW = 3

    def __str__(self) -> str:
        return {0: "ongoing", 1: "player 0 won", 2: "player 1 won", 3: "draw"}[int(self)]

    @property
    def winner(self) -> Optional[int]:
        """0 or 1 for a win, else None."""
        return {1: 0, 2: 1}.get(int(self))


class EndReason(str, enum.Enum):
    """Why a game ended (:attr:`Game.end_reason`), the list of ``ludus_game_end_reason`` in
    ludus.h, as the JavaScript package's ``EndReason``. Each member is the string itself, so
    ``game.end_reason == EndReason.BORNE_OFF`` holds; later library versions may add reasons."""

    ALL_CAPTURED = "all_captured"
    ONE_PIECE_LEFT = "one_piece_left"
    DUX_IMMOBILISED = "dux_immobilised"
    NO_MOVES = "no_moves"
    QUIET_MOVES = "quiet_moves"
    PLIES_WITHOUT_CAPTURE = "plies_without_capture"
    REPETITION = "repetition"
    AGREED_DRAW = "agreed_draw"
    BORNE_OFF = "borne_off"

    def __str__(self) -> str:
        return self.value


_PHASES = tuple(Phase)  # indexing a tuple is several times faster than calling the enum
_RESULTS = tuple(Result)

#: The bound on the moves of :meth:`Game.random_playout` and :meth:`Game.playouts` when none is
#: given. Random play ends far below it in most rulesets (200 random games from the start: at
#: most 7,000 moves in Petteia, 1,100 in XII Scripta, 40,000 in Schaedler's Latrunculi), but
#: Kowalski's Latrunculi without a draw rule can go on for hundreds of thousands of moves or for
#: ever; a playout stopped at the bound reports :attr:`Result.ONGOING`.
DEFAULT_MAX_PLIES = 100_000

# Moves one C call may play on the calling thread: under half a second in every game (at most
# 4 microseconds a move, Duodecim's dice included, in a release build), so that a Ctrl-C waits
# at most that long. Calls with a higher bound run in a worker thread (see _interruptible).
_PLIES_PER_DIRECT_CALL = 100_000
# The time one call of Game.playouts aims at, for the same reason.
_SECONDS_PER_SLICE = 0.05


def _interruptible(call: "Callable[[], object]") -> None:
    """Run ``call`` (a long C call on a copy that nothing else touches) in a worker thread while
    this thread waits in short slices, so that Ctrl-C raises KeyboardInterrupt here at once. The
    C call cannot be stopped: after an interrupt it runs on to its bound on the worker (a daemon
    thread, which does not hold the program open) and its result is dropped. An exception of
    ``call`` (the library's error, read on the worker's thread) is raised here."""
    outcome: List[BaseException] = []

    def work() -> None:
        try:
            call()
        except BaseException as e:  # handed to the waiting thread
            outcome.append(e)

    worker = threading.Thread(target=work, name="ludus-playout", daemon=True)
    worker.start()
    while worker.is_alive():
        worker.join(0.05)
    if outcome:
        raise outcome[0]


class Move(Mapping[str, Any]):
    """One legal move as the library describes it: a read-only mapping of its JSON fields.

    ``move.text`` is its notation (``"b2-b5"``); every other JSON field is an attribute too. Since
    libludus 1.1 the same fields mean the same in every game: ``move.kind`` (``"move"``,
    ``"place"``, ``"remove"`` or ``"pass"``), ``move.from_name`` and ``move.to_name`` (square or
    cell names, None when the move has none), ``move.captured`` (the names of the squares or
    cells it captures on) and ``move.captured_count``, besides ``move.player`` and
    ``move.action``. The older ``from``/``to``/``captures``, whose types differ between the board
    and the race games, remain for this major version (``from`` is a Python keyword: ``move.from_``
    or ``move["from"]``). A computer player's move also has
    ``search`` (how it was found), which comparisons leave out, so ``game.ai_move() in
    game.legal_moves`` holds. A move compares equal to its text::

        >>> move == "b2-b5"
        True
    """

    __slots__ = ("_data",)

    def __init__(self, data: Union[Mapping[str, Any], str]) -> None:
        if isinstance(data, str):
            data = {"text": data}
        if not isinstance(data.get("text"), str):
            raise TypeError('a move needs a "text" string')
        self._data: Dict[str, Any] = dict(data)

    @property
    def text(self) -> str:
        """The move in the game's notation."""
        return str(self._data["text"])

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name == "_data":
            raise AttributeError(name)
        key = name[:-1] if name.endswith("_") else name
        try:
            return self._data[key]
        except KeyError:
            raise AttributeError(f"this move has no field {key!r} (fields: {', '.join(self._data)})") from None

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, str):
            return self.text == other
        if isinstance(other, Mapping):
            return _without_search(self._data) == _without_search(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.text)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        rest = ", ".join(f"{k}={v!r}" for k, v in self._data.items() if k != "text")
        return f"<Move {self.text}{' ' + rest if rest else ''}>"

    def to_dict(self) -> Dict[str, Any]:
        """A copy of the move's JSON object."""
        return json.loads(json.dumps(self._data))


MoveLike = Union[str, Move, Mapping[str, Any]]


def _without_search(fields: Mapping[str, Any]) -> Dict[str, Any]:
    # A computer player's move carries "search" (depth, nodes, value): how it was found, not
    # what it is, so it takes no part in comparing moves.
    return {k: v for k, v in fields.items() if k != "search"}


def _matches(given: MoveLike, move: Move) -> bool:
    if isinstance(given, (str, Move)):
        return move == given
    return all(k in move and move[k] == v for k, v in given.items())


class MoveList(Sequence[Move]):
    """The legal moves of a position, in the library's order.

    ``"b2-b5" in moves`` looks the text up; a :class:`Move` or a dict works too (a dict matches
    every move having all of its fields, as ``Game.play`` does).
    """

    __slots__ = ("_moves",)

    def __init__(self, moves: Sequence[Mapping[str, Any]]) -> None:
        self._moves: List[Move] = [m if isinstance(m, Move) else Move(m) for m in moves]

    @overload
    def __getitem__(self, index: int) -> Move:
        ...

    @overload
    def __getitem__(self, index: slice) -> "MoveList":
        ...

    def __getitem__(self, index: Union[int, slice]) -> Union[Move, "MoveList"]:
        if isinstance(index, slice):
            return MoveList(self._moves[index])
        return self._moves[index]

    def __len__(self) -> int:
        return len(self._moves)

    def __iter__(self) -> Iterator[Move]:
        return iter(self._moves)

    def __contains__(self, item: object) -> bool:
        if not isinstance(item, (str, Mapping)):
            return False
        return any(_matches(item, m) for m in self._moves)

    def find(self, item: MoveLike) -> Optional[Move]:
        """The first move matching a text, a Move or a partial dict, or None."""
        return next((m for m in self._moves if _matches(item, m)), None)

    @property
    def texts(self) -> List[str]:
        """The notation of every move."""
        return [m.text for m in self._moves]

    def __call__(self) -> "MoveList":
        """The list itself: ``game.legal_moves()`` is ``game.legal_moves``, so that the method
        form is the same in the Python and JavaScript packages (``game.legalMoves()``)."""
        return self

    def __repr__(self) -> str:
        return f"<MoveList [{', '.join(self.texts)}]>"


class Outcome(NamedTuple):
    """One distinct roll of the dice and its probability (see :meth:`Game.chance_outcomes`)."""

    dice: Tuple[int, ...]
    probability: float


class Playouts(NamedTuple):
    """The random playouts of :meth:`Game.playouts`: playout ``i`` ended with ``results[i]``
    (:attr:`Result.ONGOING` if stopped at ``max_plies``) after ``plies[i]`` moves."""

    results: List[Result]
    plies: List[int]

    def count(self, result: Result) -> int:  # type: ignore[override]
        """How many playouts ended with ``result``."""
        return sum(1 for r in self.results if r == result)


def games() -> List[Dict[str, Any]]:
    """The catalogue: one dict per game with its ``"id"``, ``"name"``, ``"agreed_draws"``
    (whether :meth:`Game.agree_draw` can end its games), ``"options"`` (each option with
    ``"type"``, ``"default"``, ``"description"`` and its range or values), ``"render_options"``
    (``{"svg": ..., "text": ...}``, described as the options are, for :meth:`Game.svg`
    and :meth:`Game.text`), ``"levels"`` (the computer's levels for :meth:`Game.ai_move`, weakest
    first, ``"best"`` last), ``"other_levels"`` (``["uct"]``) and ``"default_level"``."""
    return json.loads(call_string(_library.lib.ludus_games))


def game_ids() -> List[str]:
    """The ids of the games in the catalogue, in its order (``"petteia"`` is one)."""
    return [g["id"] for g in games()]


class Game:
    """A game in progress, owning one library handle.

    Create one with ``Game("petteia", rows=8, cols=8, seed=1)`` (options as keywords or as a
    dict), :meth:`from_json` or :meth:`copy`. Release the handle with :meth:`close` or a
    ``with`` block; it is also released when the object is garbage collected. Every library
    error is raised as a :mod:`ludus.errors` exception; a call on a closed game raises
    :class:`ludus.errors.GameClosedError`.
    """

    _lib = _library.lib  # kept on the class so __del__ works during interpreter shutdown

    def __init__(self, game_id: str, options: Optional[Mapping[str, Any]] = None, /, **kwargs: Any) -> None:
        name = c_string(game_id, "the game id")
        if options is not None and not isinstance(options, Mapping):
            raise ArgumentTypeError(f"options are a dict, not {type(options).__name__}")
        merged = dict(options or {})
        merged.update(kwargs)
        handle = GameHandle()
        check(self._lib.ludus_game_new(name, to_json_text(merged, "options"), ctypes.byref(handle)))
        self._init(handle, game_id)

    def _init(self, handle: GameHandle, game_id: Optional[str]) -> None:
        self._h: Optional[GameHandle] = handle
        self._id = game_id
        self._actions = (ctypes.c_int32 * 64)()
        self._changes = 0  # counts the calls that change the game: the key of the cached state
        self._cached: Optional[Tuple[int, Dict[str, Any]]] = None
        self._cached_position: Optional[Tuple[int, Dict[str, Any]]] = None
        self._fixed_part: Optional[Tuple[str, Dict[str, Any]]] = None

    @classmethod
    def _wrap(cls, handle: GameHandle, game_id: Optional[str]) -> "Game":
        game = cls.__new__(cls)
        game._init(handle, game_id)
        return game

    @classmethod
    def from_json(cls, state: Union[str, bytes, Mapping[str, Any]]) -> "Game":
        """Restore a game saved by :meth:`to_json` (a JSON text or its parsed dict). The library
        replays the history and refuses an inconsistent state (InvalidStateError) or bad JSON
        (BadJsonError)."""
        if isinstance(state, Mapping):
            text = to_json_text(dict(state), "the saved state")
        elif isinstance(state, str):
            text = c_string(state, "the saved state")
        elif isinstance(state, (bytes, bytearray, memoryview)):
            text = c_bytes(bytes(state), "the saved state")
        else:
            raise ArgumentTypeError(f"a saved state is JSON text (str or bytes) or a dict, not {type(state).__name__}")
        handle = GameHandle()
        check(cls._lib.ludus_game_from_json(text, ctypes.byref(handle)))
        return cls._wrap(handle, None)

    @classmethod
    def load(cls, path: Union[str, "os.PathLike[str]"]) -> "Game":
        """Restore a game from a file written by :meth:`save`."""
        with open(path, encoding="utf-8") as f:
            return cls.from_json(f.read())

    def save(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Write the full state to a file (JSON, readable by :meth:`load`)."""
        text = self.to_json(indent=1)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text + "\n")

    # ---- lifecycle ------------------------------------------------------------------------

    @property
    def _handle(self) -> GameHandle:
        if self._h is None:
            raise GameClosedError("this game is closed")
        return self._h

    def close(self) -> None:
        """Release the library handle now. Further calls raise GameClosedError; closing twice
        is fine."""
        handle, self._h = getattr(self, "_h", None), None
        if handle is not None:
            self._lib.ludus_game_free(handle)

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` has been called."""
        return self._h is None

    def __enter__(self) -> "Game":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

    def copy(self) -> "Game":
        """An independent copy (``ludus_game_clone``)."""
        handle = GameHandle()
        check(self._lib.ludus_game_clone(self._handle, ctypes.byref(handle)))
        return self._wrap(handle, self._id)

    __copy__ = copy

    def __deepcopy__(self, memo: Dict[int, Any]) -> "Game":
        return self.copy()

    def __reduce__(self) -> Tuple[Any, Tuple[str]]:
        """Pickling saves the full state (:meth:`to_json`: options, history, position and the
        generator, so the dice to come are the same); unpickling restores it with
        :meth:`from_json`."""
        return _restore, (self.to_json(),)

    def __eq__(self, other: object) -> bool:
        """Two games are equal when they are in the same position under the same rules: the same
        game, the same options but for the seed, and the same ``position`` but for the
        generator's state (so: the board, the pieces in hand and borne off, the player to move,
        the phase, the result, the dice and the counters of the draw rules). How they got there
        (the history) and their generators are not compared. A closed game equals only itself."""
        if not isinstance(other, Game):
            return NotImplemented
        if self is other:
            return True
        if self._h is None or other._h is None:
            return False
        return self._compared() == other._compared()

    # A game changes as it is played, so it has no hash (as a list has none) and cannot be a set
    # member or a dict key; position_key() is a hashable snapshot of what __eq__ compares.
    __hash__ = None  # type: ignore[assignment]

    def position_key(self) -> str:
        """A hashable snapshot of what ``==`` compares (the game, its rules and its position) as a
        canonical JSON text: equal games give equal keys, e.g. to count repeated positions in a
        dict."""
        return json.dumps(self._compared(), sort_keys=True, separators=(",", ":"))

    def _compared(self) -> List[Any]:
        """What ``==`` compares: the game, its options less the seed (the rules) and its
        position less the generator's state ("rng")."""
        game_id, options = self._fixed()
        return [
            game_id,
            {k: v for k, v in options.items() if k != "seed"},
            {k: v for k, v in self._position().items() if k != "rng"},
        ]

    # ---- state ----------------------------------------------------------------------------

    def to_json(self, indent: Optional[int] = None) -> str:
        """The full state as JSON text: options, start, history, position. Restoring it with
        :meth:`from_json` gives a game that behaves identically (dice included)."""
        text = call_string(self._lib.ludus_game_to_json, self._handle)
        return text if indent is None else json.dumps(json.loads(text), indent=indent)

    def to_dict(self) -> Dict[str, Any]:
        """The full state, parsed (a new dict each call)."""
        return _copy_json(self._state())

    def _state(self) -> Dict[str, Any]:
        """The parsed state, serialised again only after a change (the reads below share it:
        callers get copies)."""
        cached = self._cached
        if cached is None or cached[0] != self._changes or self._h is None:
            cached = (self._changes, json.loads(self.to_json()))
            self._cached = cached
        return cached[1]

    def position_json(self) -> str:
        """The current position alone as JSON text (the ``position`` of :meth:`to_json`), read
        from the library at each call: its cost does not grow with the history, and nothing is
        parsed or copied. For loops that read a position once after each move (analyses,
        statistics); :attr:`position` is the parsed copy."""
        function = getattr(self._lib, "ludus_game_position_json", None)  # libludus 1.1
        if function is None:
            return json.dumps(self._state()["position"])
        return call_string(function, self._handle)

    def _position(self) -> Dict[str, Any]:
        """The parsed position, read again only after a change: from the cached state if it is
        current, else through ``ludus_game_position_json`` (libludus 1.1: its cost does not grow
        with the history), else from the whole state."""
        cached = self._cached_position
        if cached is None or cached[0] != self._changes or self._h is None:
            state = self._cached
            if state is not None and state[0] == self._changes and self._h is not None:
                position = state[1]["position"]
            else:
                position = json.loads(self.position_json())
            cached = self._cached_position = (self._changes, position)
        return cached[1]

    def _fixed(self) -> Tuple[str, Dict[str, Any]]:
        """The game's id and options, which never change: read once."""
        if self._fixed_part is None:
            state = self._state()
            self._fixed_part = (str(state["game"]), state["options"])
        return self._fixed_part

    def _changed(self) -> None:
        self._changes += 1

    @property
    def id(self) -> str:
        """The game's id in the catalogue (:func:`ludus.games`, :func:`ludus.game_ids`), as
        ``"petteia"``."""
        if self._id is None:
            self._id = self._fixed()[0]
        return self._id

    @property
    def options(self) -> Dict[str, Any]:
        """Every option of the game, resolved (the seed included)."""
        return dict(self._fixed()[1])

    @property
    def ruleset(self) -> Optional[str]:
        """The rule set the game follows, for the games that have several (the catalogue's
        ``rulesets``, as ``"kowalski"`` and ``"bell"`` of Ludus Latrunculorum): its ``ruleset``
        option. None for the games with one set of rules."""
        ruleset = self._fixed()[1].get("ruleset")
        return None if ruleset is None else str(ruleset)

    @property
    def position(self) -> Dict[str, Any]:
        """The current position as the library saves it (see the game's schema); a new dict
        each read, of a position the library serialises once after a change."""
        return _copy_json(self._position())

    @property
    def history(self) -> List[Dict[str, Any]]:
        """Every event since the start: dicts with ``"player"`` and ``"text"`` (a move, ``"roll
        A B"`` with ``"dice_from"``, or ``"draw agreed"``); a new list each read."""
        return [dict(event) for event in self._state()["history"]]

    @property
    def phase(self) -> Phase:
        """What the game waits for: :attr:`Phase.ROLL`, :attr:`Phase.MOVE` or :attr:`Phase.OVER`."""
        return _PHASES[self._lib.ludus_game_phase(self._handle)]

    @property
    def to_move(self) -> Optional[int]:
        """The player to move (0 or 1), None when the game is over."""
        player = self._lib.ludus_game_to_move(self._handle)
        return None if player < 0 else int(player)

    @property
    def result(self) -> Result:
        """:attr:`Result.ONGOING`, :attr:`Result.PLAYER0_WON`, :attr:`Result.PLAYER1_WON` or
        :attr:`Result.DRAW`."""
        return _RESULTS[self._lib.ludus_game_result(self._handle)]

    @property
    def winner(self) -> Optional[int]:
        """0 or 1 once a player has won; None while ongoing or after a draw."""
        return self.result.winner

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase == Phase.OVER

    @property
    def dice(self) -> Optional[Tuple[int, ...]]:
        """The dice of the current turn, as far as the position shows them (None for a game
        without dice or before the first roll)."""
        dice = self._position().get("dice")
        return tuple(dice) if dice else None

    @property
    def end_reason(self) -> Optional[str]:
        """Why the game ended, in the rules' words, or None while it goes on: ``"all_captured"``,
        ``"one_piece_left"``, ``"dux_immobilised"``, ``"no_moves"``, ``"quiet_moves"`` (Bell's 30
        moves), ``"plies_without_capture"``, ``"repetition"``, ``"agreed_draw"``,
        ``"borne_off"`` (later library versions may add reasons). None also with a libludus
        older than 1.1, which does not say."""
        function = getattr(self._lib, "ludus_game_end_reason", None)
        if function is not None:
            reason = function(self._handle)
            return reason.decode() if reason else None
        return self._position().get("end_reason") or None

    # ---- moves ----------------------------------------------------------------------------

    @property
    def legal_moves(self) -> MoveList:
        """The legal moves in the library's order: empty when the game is over and before the
        dice are rolled (phase roll: nothing can be played until :meth:`roll` or
        :meth:`set_dice`), as ``board.legal_moves`` is empty in python-chess when no move can be
        made. The list also answers a call: ``game.legal_moves()`` is the same list, the method
        form the JavaScript package shares (``game.legalMoves()``)."""
        if self.phase == Phase.ROLL:
            return MoveList([])
        return MoveList(json.loads(call_string(self._lib.ludus_game_legal_moves, self._handle)))

    def play(self, move: MoveLike) -> None:
        """Play a move: its text (``"b2-b5"``), a :class:`Move` of :attr:`legal_moves`, or a dict
        with any part of a legal move's JSON that names exactly one legal move.

        Raises IllegalMoveError (well-formed, not legal now), InvalidMoveError (unreadable or
        ambiguous), WrongPhaseError (dice not rolled yet), GameOverError.
        """
        if isinstance(move, Move):
            text = c_string(move.text, "the move")
        elif isinstance(move, str):
            text = c_string(move, "the move")
        elif isinstance(move, Mapping):
            text = to_json_text(dict(move), "the move")
        else:
            raise ArgumentTypeError(f"a move is a str, a Move or a dict, not {type(move).__name__}")
        check(self._lib.ludus_game_play(self._handle, text))
        self._changed()

    def undo(self) -> None:
        """Take back the last move, roll or agreed draw (NothingToUndoError at the start)."""
        check(self._lib.ludus_game_undo(self._handle))
        self._changed()

    def agree_draw(self) -> None:
        """Record a draw both players agreed (WrongPhaseError in games without draws,
        GameOverError when over)."""
        check(self._lib.ludus_game_agree_draw(self._handle))
        self._changed()

    def apply_event(self, event: Union[str, Mapping[str, Any]]) -> None:
        """Do what one entry of a saved :attr:`history` says (a dict or its JSON text:
        ``{"text": "b2-b5"}``, ``{"text": "roll 3 5", "dice_from": "engine"}`` or ``"outside"``,
        ``{"text": "draw agreed"}``, each with ``"player"`` optionally), checked by the library as
        :meth:`from_json` checks a history (``ludus_game_apply_event``). A roll of the engine is
        rolled again with the game's generator, which must give the same dice. The game is
        unchanged on failure: InvalidStateError for an entry not of that form (or dice the
        generator does not roll), BadJsonError for text that is not a JSON object, otherwise the
        error of the call it stands for (IllegalMoveError, WrongPhaseError, ...)."""
        function = self._optional("ludus_game_apply_event")
        text = c_string(event, "the event") if isinstance(event, str) else to_json_text(dict(event), "the event")
        check(function(self._handle, text))
        self._changed()

    # ---- dice -----------------------------------------------------------------------------

    def roll(self) -> Tuple[int, ...]:
        """Roll the dice with the game's seeded generator (phase roll) and return them.
        WrongPhaseError in a game without dice or after the roll."""
        values = (ctypes.c_int * 8)()
        count = ctypes.c_size_t()
        check(self._lib.ludus_game_roll(self._handle, values, len(values), ctypes.byref(count)))
        self._changed()
        return tuple(values[: count.value])

    def set_dice(self, *values: Union[int, Sequence[int]]) -> None:
        """Dice from outside (physical dice, a replay, a test): ``set_dice(3, 5)`` or
        ``set_dice([3, 5])`` (as many as the game throws, with the faces it has: the catalogue's
        ``dice``).
        The library validates them (InvalidArgumentError or similar); a value that is not an
        integer is a TypeError, one beyond a C ``int`` an OverflowError (never cut short)."""
        flat: List[object] = []
        for v in values:
            flat.extend(v if isinstance(v, Sequence) and not isinstance(v, str) else [v])
        dice = [c_integer(v, "a die", INT32) for v in flat]
        array = (ctypes.c_int * max(1, len(dice)))(*dice)
        check(self._lib.ludus_game_set_dice(self._handle, array, len(dice)))
        self._changed()

    def chance_outcomes(self) -> List[Outcome]:
        """In phase roll: every distinct roll with its probability."""
        outcomes = json.loads(call_string(self._lib.ludus_game_chance_outcomes, self._handle))
        return [Outcome(tuple(o["dice"]), float(o["probability"])) for o in outcomes]

    # ---- integer actions (the fast path) --------------------------------------------------

    def actions(self) -> List[int]:
        """The legal moves as small integers (phase move; empty when over)."""
        count = ctypes.c_size_t()
        status = self._lib.ludus_game_actions(self._handle, self._actions, len(self._actions), ctypes.byref(count))
        if status == 11:  # LUDUS_E_BUFFER_TOO_SMALL: grow to the size asked for and retry
            self._actions = (ctypes.c_int32 * max(count.value, 2 * len(self._actions)))()
            status = self._lib.ludus_game_actions(self._handle, self._actions, len(self._actions), ctypes.byref(count))
        check(status)
        return self._actions[: count.value]

    def apply_action(self, action: int) -> None:
        """Play one of the integers of :meth:`actions` (IllegalMoveError for any other; TypeError
        for a value that is not an integer, ``1.0`` and ``True`` included; OverflowError beyond
        32 bits)."""
        check(self._lib.ludus_game_apply_action(self._handle, c_integer(action, "the action", INT32)))
        self._changed()

    def action_text(self, action: int) -> str:
        """The notation of a legal integer move (argument checked as for :meth:`apply_action`)."""
        return call_string(self._lib.ludus_game_action_text, self._handle, c_integer(action, "the action", INT32))

    def random_playout(self, seed: int, max_plies: int = DEFAULT_MAX_PLIES) -> Tuple[Result, int]:
        """Play uniformly random moves (and dice from a generator seeded with ``seed``) inside
        the library, to the end or until ``max_plies`` moves (:data:`DEFAULT_MAX_PLIES`, 100,000,
        unless given: some rulesets let random play go on for ever); returns the result
        (:attr:`Result.ONGOING` if stopped first) and the moves played. Every move and roll
        enters the history. GameOverError if the game is over already.

        ``seed`` is any integer (taken modulo 2**64), ``max_plies`` 0..2**32-1
        (:class:`~ludus.errors.ArgumentRangeError`, an OverflowError, outside). Ctrl-C
        stops the call within a fraction of a second (KeyboardInterrupt; the game is then
        unchanged), whatever the bound: a bound above what one call does in well under a second
        is played on a copy in a worker thread while this thread waits."""
        function = self._optional("ludus_game_random_playout")
        seed = c_seed(seed)
        max_plies = c_integer(max_plies, "max_plies", UINT32)
        result, plies = ctypes.c_int(), ctypes.c_uint32()
        if max_plies <= _PLIES_PER_DIRECT_CALL:
            check(function(self._handle, seed, max_plies, ctypes.byref(result), ctypes.byref(plies)))
        else:
            trial = self.copy()
            _interruptible(
                lambda: check(function(trial._handle, seed, max_plies, ctypes.byref(result), ctypes.byref(plies)))
            )
            self._h, trial._h = trial._h, self._h  # the game takes the played copy's handle
            trial.close()
        self._changed()
        return _RESULTS[result.value], int(plies.value)

    def playouts(self, n: int, seed: int = 0, max_plies: int = DEFAULT_MAX_PLIES) -> Playouts:
        """Run ``n`` random playouts from this position inside the library (native speed, for
        statistics and Monte Carlo evaluation); the game does not change. Playout ``i`` is the
        game :meth:`random_playout` would play on a :meth:`copy` with seed ``seed + i`` (modulo
        2**64) and the same ``max_plies`` (:data:`DEFAULT_MAX_PLIES` unless given).
        GameOverError if the game is over. ``n`` and ``max_plies`` are 0..2**32-1
        (:class:`~ludus.errors.ArgumentRangeError`, an OverflowError and a ValueError, outside),
        ``seed`` any integer. The playouts run in slices of a fraction of a second
        each, so Ctrl-C stops them (KeyboardInterrupt) as it does :meth:`random_playout`."""
        function = self._optional("ludus_game_playouts")
        n = c_integer(n, "n", UINT32)
        seed = c_seed(seed)
        max_plies = c_integer(max_plies, "max_plies", UINT32)
        results, plies = (ctypes.c_int * n)(), (ctypes.c_uint32 * n)()
        if n == 0:
            check(function(self._handle, seed, 0, max_plies, results, plies))  # GameOverError if over
        first, count = 0, 1
        # Slices of about _SECONDS_PER_SLICE: the count grows (at most fourfold) as the playouts
        # done so far show how long one takes, and never past what could run to 10 times the
        # moves of a direct call if every playout went to the bound (lengths have long tails).
        most = max(1, 10 * _PLIES_PER_DIRECT_CALL // max(max_plies, 1))
        while first < n:
            count = min(count, n - first)
            args = (
                (seed + first) % 2**64,
                count,
                max_plies,
                ctypes.cast(
                    ctypes.addressof(results) + first * ctypes.sizeof(ctypes.c_int), ctypes.POINTER(ctypes.c_int)
                ),
                ctypes.cast(
                    ctypes.addressof(plies) + first * ctypes.sizeof(ctypes.c_uint32), ctypes.POINTER(ctypes.c_uint32)
                ),
            )
            started = time.perf_counter()
            if max_plies <= _PLIES_PER_DIRECT_CALL:
                check(function(self._handle, *args))
            else:
                trial = self.copy()
                # the lambda keeps the arrays alive for the worker, which may outlive this call
                _interruptible(lambda: (results, plies, check(function(trial._handle, *args))))
                trial.close()
            seconds = time.perf_counter() - started
            first += count
            count = max(1, min(4 * count, int(count * _SECONDS_PER_SLICE / max(seconds, 1e-6)), most))
        return Playouts([_RESULTS[r] for r in results], list(plies))

    def _optional(self, name: str) -> Any:
        """A C function of a later library version (LudusError if the loaded library lacks it)."""
        function = getattr(self._lib, name, None)
        if function is None:
            raise LudusError(f"this libludus has no {name} (it needs a later version)")
        return function

    def ai_move(self, level: str = "best", **options: Any) -> Move:
        """The move a computer player of the library chooses (``ludus_ai_choose``); the game is
        not changed, in every game. ``level``: ``"random"``, ``"greedy"``, ``"easy"``,
        ``"medium"``, ``"best"`` or ``"uct"`` (Monte Carlo tree search, budget ``max_playouts``),
        and for ``ur`` ``"perfect"`` (plays from the solved game's table: option ``table``, its
        path, or ``$LUDUS_UR_TABLES``; ``ludus solve ur`` writes it);
        other options: ``depth``, ``seed`` (same seed, same move),
        ``max_nodes``, ``max_time_ms`` (``"best"`` thinks 1000 ms unless a budget is given),
        ``threads`` (1..64: each game's search shares the work its own way,
        docs/computer-players.md). The Move has
        the fields of :attr:`legal_moves` plus ``search``: level, depth, nodes, value and time_ms.
        WrongPhaseError before a roll, GameOverError at the end."""
        function = self._optional("ludus_ai_choose")
        if not isinstance(level, str):
            raise ArgumentTypeError(f'the level is a name such as "best", not {type(level).__name__}')
        given = dict(options, level=level)
        return Move(
            json.loads(call_string(function, self._handle, to_json_text(given, "the computer player's options")))
        )

    # ---- display --------------------------------------------------------------------------

    def _render(self, name: str, options: Mapping[str, Any]) -> str:
        return call_string(self._optional(name), self._handle, to_json_text(dict(options), "the picture's options"))

    def svg(self, **options: Any) -> str:
        """The library's self-contained SVG picture of the position (``ludus_game_render_svg``;
        options such as ``size=480``, ``orientation=1``, ``coordinates=False``: the game's
        ``render_options["svg"]`` in :func:`games`). Write it to a file, or let a Jupyter
        notebook show the game (it uses :meth:`_repr_svg_`). ``svg()`` in the JavaScript
        package too."""
        return self._render("ludus_game_render_svg", options)

    def text(self, **options: Any) -> str:
        """The library's monospace text diagram (``ludus_game_render_text``): the board with its
        coordinates, the pieces, the last move, whose turn it is or the result, and the dice.
        Options as for :meth:`svg` less ``size`` and ``inscription``. ``str(game)`` and
        ``print(game)`` show it with the default options. ``text()`` in the JavaScript package
        too."""
        return self._render("ludus_game_render_text", options)

    def render_svg(self, **options: Any) -> str:
        """Deprecated since 1.2.0 (it warns, DeprecationWarning): use :meth:`svg`, which it calls."""
        _deprecated("render_svg", "svg")
        return self.svg(**options)

    def render_text(self, **options: Any) -> str:
        """Deprecated since 1.2.0 (it warns, DeprecationWarning): use :meth:`text`, which it calls."""
        _deprecated("render_text", "text")
        return self.text(**options)

    def board(self, **options: Any) -> str:
        """Deprecated since 1.2.0 (it warns, DeprecationWarning): use :meth:`text`, which it calls."""
        _deprecated("board", "text")
        return self.text(**options)

    def _repr_svg_(self) -> Optional[str]:
        """IPython/Jupyter's rich display: the position as SVG (None for a closed game, so the
        notebook falls back to ``repr``)."""
        if self._h is None:
            return None
        return self.svg()

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        if self._h is None:
            return f"<ludus.Game {self._id or '?'} (closed)>"
        doc = self._state()
        self._id = doc["game"]
        to_move = self.to_move
        who = f" to_move={to_move}" if to_move is not None else f" result={str(self.result)!r}"
        return f"<ludus.Game {self._id!r} phase={self.phase}{who} events={len(doc['history'])}>"


def _deprecated(old: str, new: str) -> None:
    """Warn that ``Game.old`` is a deprecated alias of ``Game.new``, at the line that called it
    (stacklevel 3: past this function and the alias)."""
    warnings.warn(
        f"Game.{old}() is deprecated since libludus 1.2.0: use Game.{new}(), the name the "
        f"JavaScript package shares",
        DeprecationWarning,
        stacklevel=3,
    )


def _copy_json(value: Any) -> Any:
    """A deep copy of parsed JSON, through the json module's C code (several times faster than
    copy.deepcopy)."""
    return json.loads(json.dumps(value))


def _restore(state: str) -> Game:
    """Unpickling (see Game.__reduce__)."""
    return Game.from_json(state)


def apply_event(game: Game, event: Mapping[str, Any]) -> None:
    """Do what one entry of a saved history says on ``game``: :meth:`Game.apply_event`."""
    game.apply_event(event)


def replay(state: Union[str, Mapping[str, Any]]) -> Iterator[Tuple[int, Optional[Dict[str, Any]], Game]]:
    """Step through a saved game: yields ``(0, None, game)`` at its start position, then
    ``(i, event, game)`` after each event ``i`` (1-based) of its history. The same Game object
    is advanced each time (copy it to keep a position); it is closed when the iteration ends."""
    doc = json.loads(state) if isinstance(state, str) else dict(state)
    events = list(doc.get("history", []))
    start = dict(doc, history=[], position=doc.get("start"))
    with Game.from_json(start) as game:
        yield 0, None, game
        for i, event in enumerate(events, 1):
            apply_event(game, event)
            yield i, dict(event), game
