"""Replays games of the Royal Game of Ur recorded by another engine (Ludii's Royal Game of Ur.lud,
played by a harness outside this repository) and compares every position's set of legal moves
with libludus's (docs/rules/ur.md, "Checked against Ludii").

Usage: ur_ludii_compare.py RECORDS [RECORDS ...]

The records are text, one line each:

    game RULESET SEED                 a new game of that ruleset ("finkel" or "murray")
    pos MOVER D D D D | OCCUPANCY | MOVE MOVE ... | CHOSEN
    end WINNER                        0 or 1, -1 if the recorded game was cut short

MOVER is 0 or 1 (player 0 the one whose own row is row 1), the D the binary dice thrown,
OCCUPANCY one character per square of the board in the recording engine's order (not compared),
each MOVE "FROM>TO" with FROM "H" (in hand) or a square, TO a square or "O" (borne off), or
"pass"; squares are named by column a..h (left to right) and row 1..3 (from player 0's side).
CHOSEN is the move the recording engine played. The game here is given the same dice, its legal
moves are named the same way and compared as sets, and the chosen move is played; the mover of
the next line and the winner must agree too. Prints the counts and every mismatch; exits 1 if
there is any.
"""
import sys

import ludus

ROWS = {"bottom": "1", "middle": "2", "top": "3"}


def square(cell_name):
    """ "bottom 4" -> "d1"."""
    row, column = cell_name.split()
    return "abcdefgh"[int(column) - 1] + ROWS[row]


def move_name(move):
    if move.get("kind") == "pass":
        return "pass"
    source = "H" if move["from_cell"] is None else square(move["from_cell"])
    target = "O" if move["to_cell"] is None else square(move["to_cell"])
    return f"{source}>{target}"


def compare(paths):
    games = positions = mismatches = 0
    game = None
    name = ""
    for path in paths:
        with open(path, encoding="utf-8") as records:
            for number, line in enumerate(records, 1):
                words = line.split()
                if not words:
                    continue
                where = f"{path}:{number}"
                if words[0] == "game":
                    game = ludus.Game("ur", ruleset=words[1], seed=0)
                    name = f"{words[1]} seed {words[2]}"
                    games += 1
                elif words[0] == "pos" and game is not None:
                    head, _occupancy, listed, chosen = line.split("|")
                    head = head.split()
                    mover, dice = int(head[1]), [int(d) for d in head[2:]]
                    positions += 1
                    if game.to_move != mover:
                        mismatches += 1
                        print(f"{where}: {name}: player {game.to_move} to move here, the record says {mover}")
                        game = None
                        continue
                    game.set_dice(dice)
                    moves = {move_name(m.to_dict()): m for m in game.legal_moves}
                    theirs = set(listed.split())
                    if set(moves) != theirs:
                        mismatches += 1
                        print(f"{where}: {name}: dice {dice}: libludus {sorted(moves)}, the record {sorted(theirs)}")
                    played = chosen.strip()
                    if played not in moves:
                        print(f"{where}: {name}: the record's move {played} is not legal here; the game is left")
                        game = None
                        continue
                    game.play(moves[played])
                elif words[0] == "end" and game is not None:
                    winner = int(words[1])
                    ours = {"player 0 won": 0, "player 1 won": 1}.get(str(game.result), -1)
                    if winner != -1 and (not game.is_over or ours != winner):
                        mismatches += 1
                        print(f"{where}: {name}: the record's winner {winner}, libludus's result {game.result}")
    print(f"{games} games, {positions} positions, {mismatches} mismatches")
    return mismatches


if __name__ == "__main__":
    sys.exit(1 if compare(sys.argv[1:]) else 0)
