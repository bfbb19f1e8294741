"""The user API: :class:`Game`, :class:`Move`, :class:`MoveList` and :func:`games`."""
from __future__ import annotations

import ctypes
import enum
import json
import os
from typing import Any, Dict, Iterator, List, Mapping, NamedTuple, Optional, Sequence, Tuple, Union, overload

from . import _library
from ._library import GameHandle, call_string, check
from .errors import GameClosedError, InvalidStateError, LudusError

__all__ = ["Phase", "Result", "Move", "MoveList", "Outcome", "Playouts", "Game", "games", "game_ids", "MoveLike", "apply_event",
           "replay"]


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


_PHASES = tuple(Phase)    # indexing a tuple is several times faster than calling the enum
_RESULTS = tuple(Result)


class Move(Mapping[str, Any]):
    """One legal move as the library describes it: a read-only mapping of its JSON fields.

    ``move.text`` is its notation (``"b2-b5"``); every other JSON field is an attribute too
    (``move.to``, ``move.captures``, ``move.player``, ``move.action``; ``from`` is a Python
    keyword, so it is ``move.from_`` or ``move["from"]``). A computer player's move also has
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
            raise TypeError("a move needs a \"text\" string")
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
    def __getitem__(self, index: int) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> "MoveList": ...

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
    """The catalogue: one dict per game with its ``"id"``, ``"name"`` and ``"options"`` (each
    option with ``"type"``, ``"default"``, ``"description"`` and its range or values)."""
    return json.loads(call_string(_library.lib.ludus_games))


def game_ids() -> List[str]:
    """The ids of the games in the catalogue, e.g. ``["petteia"]``."""
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
        merged = dict(options or {})
        merged.update(kwargs)
        handle = GameHandle()
        check(self._lib.ludus_game_new(game_id.encode(), json.dumps(merged).encode(), ctypes.byref(handle)))
        self._init(handle, game_id)

    def _init(self, handle: GameHandle, game_id: Optional[str]) -> None:
        self._h: Optional[GameHandle] = handle
        self._id = game_id
        self._actions = (ctypes.c_int32 * 64)()

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
            text = json.dumps(state).encode()
        elif isinstance(state, str):
            text = state.encode()
        else:
            text = bytes(state)
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

    # ---- state ----------------------------------------------------------------------------

    def to_json(self, indent: Optional[int] = None) -> str:
        """The full state as JSON text: options, start, history, position. Restoring it with
        :meth:`from_json` gives a game that behaves identically (dice included)."""
        text = call_string(self._lib.ludus_game_to_json, self._handle)
        return text if indent is None else json.dumps(json.loads(text), indent=indent)

    def to_dict(self) -> Dict[str, Any]:
        """The full state, parsed (a new dict each call)."""
        return json.loads(self.to_json())

    @property
    def id(self) -> str:
        """The game's id in the catalogue, e.g. ``"petteia"``."""
        if self._id is None:
            self._id = str(self.to_dict()["game"])
        return self._id

    @property
    def options(self) -> Dict[str, Any]:
        """Every option of the game, resolved (the seed included)."""
        return dict(self.to_dict()["options"])

    @property
    def position(self) -> Dict[str, Any]:
        """The current position as the library saves it (see the game's schema)."""
        return dict(self.to_dict()["position"])

    @property
    def history(self) -> List[Dict[str, Any]]:
        """Every event since the start: dicts with ``"player"`` and ``"text"`` (a move, ``"roll
        A B"`` with ``"dice_from"``, or ``"draw agreed"``)."""
        return list(self.to_dict()["history"])

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
        dice = self.position.get("dice")
        return tuple(dice) if dice else None

    # ---- moves ----------------------------------------------------------------------------

    @property
    def legal_moves(self) -> MoveList:
        """The legal moves (phase move; empty when over). In phase roll: WrongPhaseError."""
        return MoveList(json.loads(call_string(self._lib.ludus_game_legal_moves, self._handle)))

    def play(self, move: MoveLike) -> None:
        """Play a move: its text (``"b2-b5"``), a :class:`Move` of :attr:`legal_moves`, or a dict
        with any part of a legal move's JSON that names exactly one legal move.

        Raises IllegalMoveError (well-formed, not legal now), InvalidMoveError (unreadable or
        ambiguous), WrongPhaseError (dice not rolled yet), GameOverError.
        """
        if isinstance(move, Move):
            text = move.text
        elif isinstance(move, str):
            text = move
        elif isinstance(move, Mapping):
            text = json.dumps(dict(move))
        else:
            raise TypeError(f"a move is a str, a Move or a dict, not {type(move).__name__}")
        check(self._lib.ludus_game_play(self._handle, text.encode()))

    def undo(self) -> None:
        """Take back the last move, roll or agreed draw (NothingToUndoError at the start)."""
        check(self._lib.ludus_game_undo(self._handle))

    def agree_draw(self) -> None:
        """Record a draw both players agreed (WrongPhaseError in games without draws,
        GameOverError when over)."""
        check(self._lib.ludus_game_agree_draw(self._handle))

    # ---- dice -----------------------------------------------------------------------------

    def roll(self) -> Tuple[int, ...]:
        """Roll the dice with the game's seeded generator (phase roll) and return them.
        WrongPhaseError in a game without dice or after the roll."""
        values = (ctypes.c_int * 8)()
        count = ctypes.c_size_t()
        check(self._lib.ludus_game_roll(self._handle, values, len(values), ctypes.byref(count)))
        return tuple(values[:count.value])

    def set_dice(self, *values: Union[int, Sequence[int]]) -> None:
        """Dice from outside (physical dice, a replay, a test): ``set_dice(3, 5)`` or
        ``set_dice([3, 5])``. The library validates them (InvalidArgumentError or similar)."""
        flat: List[int] = []
        for v in values:
            flat.extend(v if isinstance(v, Sequence) else [v])
        for v in flat:
            if isinstance(v, bool) or not isinstance(v, int):
                raise TypeError(f"dice are integers, not {v!r}")
        array = (ctypes.c_int * max(1, len(flat)))(*flat)
        check(self._lib.ludus_game_set_dice(self._handle, array, len(flat)))

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
        return self._actions[:count.value]

    def apply_action(self, action: int) -> None:
        """Play one of the integers of :meth:`actions` (IllegalMoveError for any other)."""
        check(self._lib.ludus_game_apply_action(self._handle, action))

    def action_text(self, action: int) -> str:
        """The notation of a legal integer move."""
        return call_string(self._lib.ludus_game_action_text, self._handle, action)

    def random_playout(self, seed: int, max_plies: int = 2**32 - 1) -> Tuple[Result, int]:
        """Play uniformly random moves (and dice from a generator seeded with ``seed``) inside
        the library, to the end or until ``max_plies`` moves; returns the result
        (:attr:`Result.ONGOING` if stopped first) and the moves played. Every move and roll
        enters the history. GameOverError if the game is over already."""
        function = getattr(self._lib, "ludus_game_random_playout", None)
        if function is None:
            raise LudusError("this libludus has no ludus_game_random_playout (it needs a later version)")
        result, plies = ctypes.c_int(), ctypes.c_uint32()
        check(function(self._handle, seed, max_plies, ctypes.byref(result), ctypes.byref(plies)))
        return Result(result.value), int(plies.value)

    def playouts(self, n: int, seed: int = 0, max_plies: int = 2**32 - 1) -> Playouts:
        """Run ``n`` random playouts from this position inside the library, in one call (native
        speed, for statistics and Monte Carlo evaluation); the game does not change. Playout
        ``i`` is the game :meth:`random_playout` would play on a :meth:`copy` with seed
        ``seed + i``. GameOverError if the game is over."""
        function = getattr(self._lib, "ludus_game_playouts", None)
        if function is None:
            raise LudusError("this libludus has no ludus_game_playouts (it needs a later version)")
        if not 0 <= n < 2**32:
            raise ValueError(f"n must be 0..2**32-1, not {n}")
        results, plies = (ctypes.c_int * n)(), (ctypes.c_uint32 * n)()
        check(function(self._handle, seed % 2**64, n, max_plies, results, plies))
        return Playouts([Result(r) for r in results], list(plies))

    def ai_move(self, level: str = "best", **options: Any) -> Move:
        """The move a computer player of the library chooses (``ludus_ai_choose``); the game is
        not changed. ``level``: ``"random"``, ``"greedy"``, ``"easy"``, ``"medium"`` or
        ``"best"``; other options: ``depth``, ``seed`` (same seed, same move),
        ``max_nodes``, ``max_time_ms`` (``"best"`` thinks 1000 ms unless a budget is given),
        ``threads`` (1..64: Lazy SMP in petteia, shared candidates in duodecim). The Move has
        the fields of :attr:`legal_moves` plus ``search``: level, depth, nodes, value and time_ms.
        WrongPhaseError before a roll, GameOverError at the end."""
        function = getattr(self._lib, "ludus_ai_choose", None)
        if function is None:
            raise LudusError("this libludus has no ludus_ai_choose (it needs a later version)")
        given = dict(options, level=level)
        return Move(json.loads(call_string(function, self._handle, json.dumps(given).encode())))

    # ---- display --------------------------------------------------------------------------

    def _render(self, name: str, options: Mapping[str, Any]) -> str:
        function = getattr(self._lib, name, None)
        if function is None:
            raise LudusError(f"this libludus has no {name} (it needs a later version)")
        return call_string(function, self._handle, json.dumps(dict(options)).encode())

    def render_svg(self, **options: Any) -> str:
        """The library's self-contained SVG picture of the position (``ludus_game_render_svg``;
        options such as ``size=480``, ``orientation=1``, ``coordinates=False``)."""
        return self._render("ludus_game_render_svg", options)

    def render_text(self, **options: Any) -> str:
        """The library's monospace text diagram (``ludus_game_render_text``): the board with its
        coordinates, the pieces, the last move, whose turn it is or the result, and the dice.
        Options as for :meth:`render_svg` less ``size`` and ``inscription``. ``str(game)`` and
        ``print(game)`` show it with the default options."""
        return self._render("ludus_game_render_text", options)

    def svg(self, **options: Any) -> str:
        """The SVG picture of the position: the same as :meth:`render_svg`. Write it to a file,
        or let a Jupyter notebook show the game (it uses :meth:`_repr_svg_`)."""
        return self.render_svg(**options)

    def board(self, **options: Any) -> str:
        """The text diagram of the position (the same as :meth:`render_text`)."""
        return self.render_text(**options)

    def _repr_svg_(self) -> Optional[str]:
        """IPython/Jupyter's rich display: the position as SVG (None for a closed game, so the
        notebook falls back to ``repr``)."""
        if self._h is None:
            return None
        return self.render_svg()

    def __str__(self) -> str:
        return self.render_text()

    def __repr__(self) -> str:
        if self._h is None:
            return f"<ludus.Game {self._id or '?'} (closed)>"
        doc = self.to_dict()
        self._id = doc["game"]
        to_move = self.to_move
        who = f" to_move={to_move}" if to_move is not None else f" result={str(self.result)!r}"
        return f"<ludus.Game {self._id!r} phase={self.phase}{who} events={len(doc['history'])}>"


def apply_event(game: Game, event: Mapping[str, Any]) -> None:
    """Do what one entry of a saved history says (``{"text": "b2-b5"}``, ``{"text": "roll 3 5",
    "dice_from": "engine"}`` or ``"outside"``, ``{"text": "draw agreed"}``) on ``game``. A roll
    of the engine is rolled again with the game's generator, which must give the same dice
    (else InvalidStateError)."""
    text = str(event.get("text", ""))
    if text == "draw agreed":
        game.agree_draw()
    elif text.startswith("roll"):
        try:
            dice = [int(v) for v in text.split()[1:]]
        except ValueError:
            raise InvalidStateError(f"{text!r}: a roll is \"roll\" and the dice values") from None
        if event.get("dice_from") == "engine":
            rolled = game.roll()
            if list(rolled) != dice:
                game.undo()
                raise InvalidStateError(f"the game's generator rolls {rolled} here, not {text!r}")
        else:
            game.set_dice(dice)
    else:
        game.play(text)


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
