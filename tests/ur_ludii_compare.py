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
there is any not explained.

Explained (docs/rules/ur.md, DECISION "Ludii's track indices"): on Murray's route, which passes
the own row twice, Ludii 1.3.13 loses count of the pieces on the own row's first four squares
once a piece of that player has been borne off (ActionRemoveTopPiece lowers the count at every
index of the square on the track, OnTrackIndices.remove with no check). A mismatch of a murray
game is counted as explained when the mover has borne off a piece earlier in the game and every
move that one side lists and the other does not starts from the mover's own row, columns a..d;
a recorded move that is not legal here ends the comparison of that game, explained on the same
condition.
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


def own_row_start(move, mover):
    """Whether a move starts on the mover's own row, columns a..d (Murray's route passes them twice)."""
    source = move.split(">")[0]
    return source != "pass" and len(source) == 2 and source[0] in "abcd" and source[1] == ("1" if mover == 0 else "3")


def compare(paths):
    games = positions = mismatches = explained = left = 0
    game = None
    name = ""
    ruleset = ""
    borne_off = [False, False]
    for path in paths:
        with open(path, encoding="utf-8") as records:
            for number, line in enumerate(records, 1):
                words = line.split()
                if not words:
                    continue
                where = f"{path}:{number}"
                if words[0] == "game":
                    game = ludus.Game("ur", ruleset=words[1], seed=0)
                    ruleset = words[1]
                    borne_off = [False, False]
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
                    lost_count = ruleset == "murray" and borne_off[mover]
                    if set(moves) != theirs:
                        if lost_count and all(own_row_start(m, mover) for m in (set(moves) ^ theirs) - {"pass"}):
                            explained += 1
                        else:
                            mismatches += 1
                            print(f"{where}: {name}: dice {dice}: libludus {sorted(moves)}, the record {sorted(theirs)}")
                    played = chosen.strip()
                    if played not in moves:
                        left += 1
                        if not (lost_count and own_row_start(played, mover)) and played != "pass":
                            mismatches += 1
                            print(f"{where}: {name}: the record's move {played} is not legal here; the game is left")
                        elif played == "pass" and not lost_count:
                            mismatches += 1
                            print(f"{where}: {name}: the record passes, libludus has moves; the game is left")
                        game = None
                        continue
                    borne_off[mover] = borne_off[mover] or played.endswith(">O")
                    game.play(moves[played])
                elif words[0] == "end" and game is not None:
                    winner = int(words[1])
                    ours = {"player 0 won": 0, "player 1 won": 1}.get(str(game.result), -1)
                    if winner != -1 and (not game.is_over or ours != winner):
                        mismatches += 1
                        print(f"{where}: {name}: the record's winner {winner}, libludus's result {game.result}")
    print(f"{games} games, {positions} positions compared, {explained} differences explained (Ludii's track indices), "
          f"{left} games left where the record's move is not legal here, {mismatches} mismatches not explained")
    return mismatches


if __name__ == "__main__":
    sys.exit(1 if compare(sys.argv[1:]) else 0)
