"""libludus for Python: the rules of four board games of ancient Greece and Rome, and the Royal Game of Ur.

The games (their ids in the catalogue, :func:`games`): Petteia (``"petteia"``), Ludus Duodecim
Scriptorum (``"duodecim"``, two dice), Ludus Latrunculorum (``"latrunculi"``, rulesets
``"kowalski"`` (the default), ``"kowalski_10x11"``, ``"bell"``, ``"bell_8x7"``, ``"quintana"``,
``"schaedler"``, ``"schaedler_2001"``) and XII Scripta (``"xii_scripta"``, three dice, rulesets
``"murray"`` (the default), ``"ludii"``, ``"tabletop_murray"``, ``"tabletop_schaedler"``) and the
Royal Game of Ur (``"ur"``, binary dice, rulesets ``"finkel"`` (the default), ``"masters"``,
``"blitz"``, ``"murray"``); a
ruleset is chosen with the option ``ruleset`` and read back as :attr:`Game.ruleset`.

A pure-Python package over ctypes; the rules live in the shared library libludus (see
:mod:`ludus._library` for how it is found). Quick start::

    import ludus

    print([g["id"] for g in ludus.games()])
    with ludus.Game("petteia", rows=8, cols=8, seed=1) as game:
        print(game)                      # a text diagram
        print(game.legal_moves.texts)    # ['a2-a3', 'a2-a4', ...]
        game.play("b2-b5")
        saved = game.to_json()
    restored = ludus.Game.from_json(saved)

    bell = ludus.Game("latrunculi", ruleset="bell", seed=1)   # men placed first, then moved

Games with dice wait in :attr:`Phase.ROLL` (``legal_moves`` empty) until :meth:`Game.roll` or
:meth:`Game.set_dice`. Every library error is an exception of :mod:`ludus.errors`, all derived
from :class:`LudusError`; arguments are checked before they reach the library (nothing is cut
short or wrapped). Random playouts stop at :data:`DEFAULT_MAX_PLIES` moves unless told otherwise,
and Ctrl-C stops them. A :class:`Game` pickles, and two games in the same position are equal.
"""
from __future__ import annotations

from . import _library
from .errors import (
    ArgumentRangeError,
    ArgumentTypeError,
    BadJsonError,
    BufferTooSmallError,
    GameClosedError,
    GameOverError,
    IllegalMoveError,
    InternalError,
    InvalidArgumentError,
    InvalidMoveError,
    InvalidOptionError,
    InvalidStateError,
    LibraryNotFoundError,
    LudusError,
    LudusMemoryError,
    NothingToUndoError,
    UnknownGameError,
    UnknownOptionError,
    WrongPhaseError,
)
from .game import (
    DEFAULT_MAX_PLIES,
    EndReason,
    Game,
    Move,
    MoveList,
    Outcome,
    Phase,
    Playouts,
    Result,
    apply_event,
    game_ids,
    games,
    replay,
)

__version__ = "1.2.0"


def library_version() -> str:
    """The version of the loaded libludus ("MAJOR.MINOR.PATCH")."""
    return _library.version


def library_path() -> str:
    """The path (or soname) libludus was loaded from."""
    return _library.library_path


__all__ = [
    "EndReason",
    "Game",
    "Move",
    "MoveList",
    "Outcome",
    "Phase",
    "Playouts",
    "Result",
    "games",
    "game_ids",
    "replay",
    "apply_event",
    "library_version",
    "library_path",
    "LudusError",
    "InvalidArgumentError",
    "BadJsonError",
    "UnknownGameError",
    "UnknownOptionError",
    "InvalidOptionError",
    "InvalidMoveError",
    "IllegalMoveError",
    "WrongPhaseError",
    "GameOverError",
    "InvalidStateError",
    "BufferTooSmallError",
    "LudusMemoryError",
    "NothingToUndoError",
    "InternalError",
    "GameClosedError",
    "LibraryNotFoundError",
    "ArgumentRangeError",
    "ArgumentTypeError",
    "DEFAULT_MAX_PLIES",
]
