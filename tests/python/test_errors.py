"""Every exception class, raised by a real error of the library, with its message."""
import ctypes

import pytest

import ludus
from ludus import _library, errors

pytestmark = pytest.mark.quick  # in the quick suite (conftest.py)

VALUE_ERRORS = (
    ludus.InvalidArgumentError,
    ludus.BadJsonError,
    ludus.UnknownGameError,
    ludus.UnknownOptionError,
    ludus.InvalidOptionError,
    ludus.InvalidMoveError,
    ludus.IllegalMoveError,
    ludus.InvalidStateError,
)


def raises(cls, action, game=None):
    """``action()`` raises exactly ``cls`` with the library's message; the game is unchanged."""
    before = game.to_json() if game is not None else None
    with pytest.raises(ludus.LudusError) as info:
        action()
    error = info.value
    assert type(error) is cls
    assert error.message and str(error) == error.message
    assert error.status == cls.status
    assert error.status_name == _library.lib.ludus_status_name(cls.status).decode()
    assert isinstance(error, ValueError) == (cls in VALUE_ERRORS)
    if game is not None:
        assert game.to_json() == before, "a failed call must leave the game unchanged"
    return error


def test_unknown_game():
    error = raises(ludus.UnknownGameError, lambda: ludus.Game("chess"))
    assert "chess" in str(error)


def test_options():
    raises(ludus.UnknownOptionError, lambda: ludus.Game("petteia", colour="red"))
    raises(ludus.InvalidOptionError, lambda: ludus.Game("petteia", rows=99))
    raises(ludus.InvalidOptionError, lambda: ludus.Game("petteia", rows="eight"))


def test_bad_json_and_invalid_state(petteia):
    raises(ludus.BadJsonError, lambda: ludus.Game.from_json("{not json"))
    state = petteia.to_dict()
    state["history"] = [{"player": 0, "text": "a1-a8"}]
    error = raises(ludus.InvalidStateError, lambda: ludus.Game.from_json(state))
    assert "history[0]" in str(error)


def test_moves(petteia):
    raises(ludus.InvalidMoveError, lambda: petteia.play("hello"), petteia)
    raises(ludus.InvalidMoveError, lambda: petteia.play({"player": 0}), petteia)  # names 32 moves
    raises(ludus.IllegalMoveError, lambda: petteia.play("a1-a5"), petteia)
    raises(ludus.IllegalMoveError, lambda: petteia.play({"from": "a1", "to": "a5"}), petteia)
    raises(ludus.IllegalMoveError, lambda: petteia.apply_action(123456), petteia)
    raises(ludus.IllegalMoveError, lambda: petteia.action_text(123456), petteia)


def test_wrong_phase(petteia, duodecim):
    raises(ludus.WrongPhaseError, petteia.roll, petteia)
    raises(ludus.WrongPhaseError, lambda: petteia.set_dice(3, 5), petteia)
    raises(ludus.WrongPhaseError, petteia.chance_outcomes, petteia)
    raises(ludus.WrongPhaseError, lambda: duodecim.play("H-III"), duodecim)
    assert len(duodecim.legal_moves) == 0  # before the roll: no moves (as in python-chess), not an error
    raises(ludus.WrongPhaseError, duodecim.actions, duodecim)
    raises(ludus.WrongPhaseError, duodecim.agree_draw, duodecim)  # no draws in Duodecim
    duodecim.roll()
    raises(ludus.WrongPhaseError, duodecim.roll, duodecim)
    raises(ludus.WrongPhaseError, lambda: duodecim.set_dice(1, 2), duodecim)


def test_invalid_argument(duodecim):
    raises(ludus.InvalidArgumentError, lambda: duodecim.set_dice(7, 1), duodecim)
    raises(ludus.InvalidArgumentError, lambda: duodecim.set_dice(3), duodecim)
    raises(ludus.InvalidArgumentError, lambda: _library.check(_library.lib.ludus_game_play(None, b"a2-a3")))


def test_game_over(petteia):
    petteia.agree_draw()
    raises(ludus.GameOverError, lambda: petteia.play("a2-a3"), petteia)
    raises(ludus.GameOverError, petteia.agree_draw, petteia)
    raises(ludus.GameOverError, lambda: petteia.apply_action(0), petteia)


def test_nothing_to_undo(petteia):
    raises(ludus.NothingToUndoError, petteia.undo, petteia)


def test_buffer_too_small(petteia):
    count = ctypes.c_size_t()
    status = _library.lib.ludus_game_actions(petteia._handle, None, 0, ctypes.byref(count))
    assert count.value == 32
    raises(ludus.BufferTooSmallError, lambda: _library.check(status))


@pytest.mark.parametrize("status, cls", [(12, ludus.LudusMemoryError), (14, ludus.InternalError)])
def test_statuses_the_library_cannot_be_made_to_return(status, cls):
    # No input makes the library run out of memory or fail internally; the mapping is checked.
    error = errors.error_for_status(status, "message")
    assert type(error) is cls and error.status == status and isinstance(error, ludus.LudusError)
    assert error.status_name == _library.lib.ludus_status_name(status).decode()
    assert isinstance(ludus.LudusMemoryError("x"), MemoryError)


def test_unknown_status():
    error = errors.error_for_status(99, "from a newer library")
    assert type(error) is ludus.LudusError and error.status == 99 and str(error) == "from a newer library"


def test_every_status_has_a_class():
    for status in range(1, 15):
        name = _library.lib.ludus_status_name(status).decode()
        cls = type(errors.error_for_status(status, "m"))
        assert cls is not ludus.LudusError and cls.status_name == name


def test_hierarchy():
    assert issubclass(ludus.IllegalMoveError, ValueError) and issubclass(ludus.InvalidMoveError, ValueError)
    assert not issubclass(ludus.WrongPhaseError, ValueError) and not issubclass(ludus.GameOverError, ValueError)
    assert issubclass(ludus.LibraryNotFoundError, ImportError)
    for name in errors.__all__:
        obj = getattr(errors, name)
        if isinstance(obj, type):
            assert issubclass(obj, ludus.LudusError) and getattr(ludus, name) is obj
            assert name in ludus.__all__, f"ludus.__all__ lacks {name}"
