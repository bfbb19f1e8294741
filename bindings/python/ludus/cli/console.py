"""The terminal of the command line: the stream pair it reads and writes, and the help texts."""
from __future__ import annotations

from typing import TextIO

__all__ = ["Console", "EndOfInput", "HELP", "GAME_LIST"]

HELP = """\
  NUMBER or TEXT   play a listed move (e.g. 3 or b2-b5)
  roll or Enter    roll the dice (games with dice)
  dice A B [C]     set the dice to your own throw: two in duodecim (dice 3 5),
                   three in xii_scripta (dice 3 5 6), four binary ones in ur (dice 1 0 1 1)
  undo             take back the last step (move, roll or draw)
  draw             offer a draw; the other player is asked to agree
  save FILE        save the whole game (JSON)
  load FILE        continue a saved game
  board            show the board again
  moves            list the legal moves again
  help             this text
  quit             leave the program"""


#: the five games, for the help texts
GAME_LIST = (
    "petteia (Greek draughts), duodecim (Ludus Duodecim Scriptorum, two dice), latrunculi (Ludus "
    "Latrunculorum, --ruleset kowalski, bell, quintana, schaedler, ...), xii_scripta (three dice, --ruleset "
    "murray, ...), ur (the Royal Game of Ur, binary dice, --ruleset finkel, masters, blitz, murray)"
)


class EndOfInput(Exception):
    """Standard input has ended."""


class Console:
    """Reads answers and writes text (the terminal, or the streams a test gives)."""

    def __init__(self, stdin: TextIO, stdout: TextIO) -> None:
        self.stdin, self.stdout = stdin, stdout

    def say(self, text: str = "") -> None:
        """Write one line (an empty one by default)."""
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def ask(self, prompt: str) -> str:
        """Write the prompt and return the next line of input, stripped (EndOfInput at its end)."""
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            raise EndOfInput()
        return line.strip()
