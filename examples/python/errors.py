"""Every error a front end meets, and how to handle it.

All errors derive from ludus.LudusError and carry the library's message. Wrong input (a bad
move, option or saved game) is also a ValueError.

Run: python3 errors.py
"""
import ludus


def attempt(what, action):
    try:
        action()
        print(f"{what}: fine")
    except ludus.LudusError as e:
        print(f"{what}: {type(e).__name__}: {e}")


attempt("unknown game", lambda: ludus.Game("chess"))  # UnknownGameError
attempt("unknown option", lambda: ludus.Game("petteia", colour="red"))  # UnknownOptionError
attempt("option out of range", lambda: ludus.Game("petteia", rows=99))  # InvalidOptionError
attempt("not JSON", lambda: ludus.Game.from_json("{not json"))  # BadJsonError
attempt(
    "inconsistent save",
    lambda: ludus.Game.from_json(dict(ludus.Game("petteia").to_dict(), history=[{"player": 0, "text": "a1-a8"}])),
)  # InvalidStateError

game = ludus.Game("petteia", seed=1)
attempt("unreadable move", lambda: game.play("hello"))  # InvalidMoveError
attempt("illegal move", lambda: game.play("a1-a5"))  # IllegalMoveError
attempt("dice in a game without dice", game.roll)  # WrongPhaseError
attempt("undo at the start", game.undo)  # NothingToUndoError
game.agree_draw()
attempt("a move after the end", lambda: game.play("a2-a3"))  # GameOverError

dice_game = ludus.Game("duodecim", seed=1)
attempt("a move before the roll", lambda: dice_game.play("H-III"))  # WrongPhaseError
attempt("a die of seven", lambda: dice_game.set_dice(7, 1))  # InvalidArgumentError
attempt("a die beyond a C int", lambda: dice_game.set_dice(2**32 + 3, 1))  # ArgumentRangeError (not a 3)
attempt("an action of 1.0", lambda: dice_game.apply_action(1.0))  # ArgumentTypeError (a TypeError)
attempt("a move with NUL", lambda: game.play("a2-a3\x00junk"))  # InvalidArgumentError (not a2-a3)

game.close()
attempt("a closed game", lambda: game.legal_moves)  # GameClosedError

# Catching by meaning: bad input is a ValueError, whatever its exact class.
try:
    dice_game.roll()
    dice_game.play("H-XX")
except ValueError as e:
    print("bad input:", e)
