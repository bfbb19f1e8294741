"""The terminal of the command line: the stream pair it reads and writes, and the help texts."""
from __future__ import annotations

from typing import TextIO

from ..game import games

__all__ = ["Console", "EndOfInput", "HELP", "game_list"]

HELP = """\
  NUMBER or TEXT   play a listed move (e.g. 3 or b2-b5)
  roll or Enter    roll the dice (games with dice)
  dice A B ...     set the dice to your own throw, a number a die: dice 3 5 with
                   two six-sided dice, dice 1 0 1 1 with four binary ones
  undo             take back the last step (move, roll or draw)
  draw             offer a draw; the other player is asked to agree
  save FILE        save the whole game (JSON)
  load FILE        continue a saved game
  board            show the board again
  moves            list the legal moves again
  help             this text
  quit             leave the program"""


def game_list() -> str:
    """The catalogue's games for the help texts: each id with its name, its dice and its
    rulesets ("ur (Royal Game of Ur, dice: 4 tetrahedral, --ruleset finkel, masters, ...)")."""
    described = []
    for entry in games():
        facts = [entry["name"]]
        if entry["dice"]:
            facts.append(f"dice: {entry['dice']['count']} {entry['dice']['kind']}")
        if entry["rulesets"]:
            facts.append("--ruleset " + ", ".join(ruleset["id"] for ruleset in entry["rulesets"]))
        described.append(f"{entry['id']} ({', '.join(facts)})")
    return ", ".join(described)


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
