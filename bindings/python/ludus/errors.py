"""Exceptions raised by the ludus package.

Every non-zero ``ludus_status`` returned by the C library becomes an instance of one of the
classes below, carrying the library's own message (``ludus_last_error``), the numeric status and
its constant name. All of them derive from :class:`LudusError`; the ones that mean "the value you
gave is wrong" also derive from :class:`ValueError`, so ``except ValueError`` works as it would
for any Python parsing function.

=========================  ==============================  ==============================
C status                   exception                       also a
=========================  ==============================  ==============================
LUDUS_E_INVALID_ARGUMENT   :class:`InvalidArgumentError`   :class:`ValueError`
LUDUS_E_BAD_JSON           :class:`BadJsonError`           :class:`ValueError`
LUDUS_E_UNKNOWN_GAME       :class:`UnknownGameError`       :class:`ValueError`
LUDUS_E_UNKNOWN_OPTION     :class:`UnknownOptionError`     :class:`ValueError`
LUDUS_E_INVALID_OPTION     :class:`InvalidOptionError`     :class:`ValueError`
LUDUS_E_INVALID_MOVE       :class:`InvalidMoveError`       :class:`ValueError`
LUDUS_E_ILLEGAL_MOVE       :class:`IllegalMoveError`       :class:`ValueError`
LUDUS_E_WRONG_PHASE        :class:`WrongPhaseError`
LUDUS_E_GAME_OVER          :class:`GameOverError`
LUDUS_E_INVALID_STATE      :class:`InvalidStateError`      :class:`ValueError`
LUDUS_E_BUFFER_TOO_SMALL   :class:`BufferTooSmallError`
LUDUS_E_NO_MEMORY          :class:`LudusMemoryError`       :class:`MemoryError`
LUDUS_E_NOTHING_TO_UNDO    :class:`NothingToUndoError`
LUDUS_E_INTERNAL           :class:`InternalError`
=========================  ==============================  ==============================

The package checks every value before it reaches the library, so that nothing is cut short or
wrapped on the way (ctypes would): an integer beyond what the C call takes is an
:class:`ArgumentRangeError` (also an :class:`OverflowError` and a :class:`ValueError`), a value
of the wrong type an :class:`ArgumentTypeError` (also a :class:`TypeError`), a string with a NUL
character an :class:`InvalidArgumentError`.
"""
from __future__ import annotations

from typing import Dict, Optional, Type

__all__ = [
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
    "error_for_status",
]


class LudusError(Exception):
    """Base class of every error of the library (and of this package).

    Attributes:
        status: the numeric ``ludus_status`` (0 for errors raised by the package itself).
        status_name: its constant name, e.g. ``"LUDUS_E_ILLEGAL_MOVE"``.
        message: the library's message (what ``str(error)`` shows).
    """

    status: int = 0
    status_name: str = ""

    def __init__(self, message: str, status: Optional[int] = None, status_name: Optional[str] = None) -> None:
        super().__init__(message)
        self.message = message
        if status is not None:
            self.status = status
        if status_name is not None:
            self.status_name = status_name

    def __str__(self) -> str:
        return self.message


# One class per status of the C library, in the order of ludus_status: (class name, status name,
# the built-in exception it also is, or None, docstring). The classes are made from this table.
_STATUS_TABLE = (
    (
        "InvalidArgumentError",
        "LUDUS_E_INVALID_ARGUMENT",
        ValueError,
        "A NULL pointer or a number out of range reached the library.",
    ),
    (
        "BadJsonError",
        "LUDUS_E_BAD_JSON",
        ValueError,
        "Text that is not well-formed JSON (or not the JSON type asked for).",
    ),
    ("UnknownGameError", "LUDUS_E_UNKNOWN_GAME", ValueError, "No game with that id in the catalogue."),
    ("UnknownOptionError", "LUDUS_E_UNKNOWN_OPTION", ValueError, "An option the game does not have."),
    ("InvalidOptionError", "LUDUS_E_INVALID_OPTION", ValueError, "An option of the wrong type or out of its range."),
    (
        "InvalidMoveError",
        "LUDUS_E_INVALID_MOVE",
        ValueError,
        "A move (text or object) that cannot be read, or that names more than one legal move.",
    ),
    (
        "IllegalMoveError",
        "LUDUS_E_ILLEGAL_MOVE",
        ValueError,
        "A well-formed move that is not legal in the current position.",
    ),
    (
        "WrongPhaseError",
        "LUDUS_E_WRONG_PHASE",
        None,
        "The call does not fit the phase: a move before the roll, a roll after it, dice in a game\n"
        "    without dice, a draw in a game without draws.",
    ),
    ("GameOverError", "LUDUS_E_GAME_OVER", None, "The game has ended: no more moves, rolls or draws."),
    (
        "InvalidStateError",
        "LUDUS_E_INVALID_STATE",
        ValueError,
        "A saved state that is well-formed JSON but inconsistent (e.g. its history does not lead\n"
        "    to its position).",
    ),
    (
        "BufferTooSmallError",
        "LUDUS_E_BUFFER_TOO_SMALL",
        None,
        "A caller's buffer was too small (the package sizes its buffers itself, so a user only\n"
        "    sees this when calling the raw library).",
    ),
    ("LudusMemoryError", "LUDUS_E_NO_MEMORY", MemoryError, "The library ran out of memory."),
    ("NothingToUndoError", "LUDUS_E_NOTHING_TO_UNDO", None, "Undo at the start of the history."),
    ("InternalError", "LUDUS_E_INTERNAL", None, "A bug in the library: please report it with the message."),
)


def _status_class(status: int, name: str, status_name: str, also: Optional[type], doc: str) -> Type[LudusError]:
    bases = (LudusError,) if also is None else (LudusError, also)
    return type(name, bases, {"status": status, "status_name": status_name, "__doc__": doc, "__module__": __name__})


_BY_STATUS: Dict[int, Type[LudusError]] = {
    status: _status_class(status, *row) for status, row in enumerate(_STATUS_TABLE, start=1)
}
(
    InvalidArgumentError,
    BadJsonError,
    UnknownGameError,
    UnknownOptionError,
    InvalidOptionError,
    InvalidMoveError,
    IllegalMoveError,
    WrongPhaseError,
    GameOverError,
    InvalidStateError,
    BufferTooSmallError,
    LudusMemoryError,
    NothingToUndoError,
    InternalError,
) = _BY_STATUS.values()


class ArgumentRangeError(InvalidArgumentError, OverflowError):
    """An integer beyond the range the C call takes (``apply_action(2**32)``, a die of
    ``2**32 + 3``): refused by the package before the call, which would have wrapped it."""


class ArgumentTypeError(LudusError, TypeError):
    """A value of the wrong type for a call (``apply_action(1.0)``, ``Game(5)``): refused by the
    package before it reaches the library."""

    status, status_name = 1, "LUDUS_E_INVALID_ARGUMENT"


class GameClosedError(LudusError, ValueError):
    """A game used after :meth:`ludus.Game.close` (raised by the package, not the library)."""


class LibraryNotFoundError(LudusError, ImportError):
    """The shared library libludus could not be found or loaded; the message lists every place
    that was tried."""


def error_for_status(status: int, message: str, status_name: Optional[str] = None) -> LudusError:
    """The exception for a non-zero status (a plain :class:`LudusError` for a status this
    package does not know, e.g. one added by a newer library)."""
    cls = _BY_STATUS.get(status, LudusError)
    if cls is LudusError:
        return LudusError(message, status, status_name or f"LUDUS_E_{status}")
    return cls(message)
