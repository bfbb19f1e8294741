"""Replays games of the Royal Game of Ur recorded by another engine (Ludii's Royal Game of Ur.lud,
played by a harness outside this repository) and compares every position's set of legal moves
with libludus's (docs/rules/ur.md, "Checked against Ludii").

Usage: ur_ludii_compare.py RECORDS [RECORDS ...]

The records are text, one line each:

    game RULESET SEED [corrected]     a new game of that ruleset ("finkel" or "murray");
                                      "corrected": recorded with Ludii's track indices mended
                                      after each bear-off, so no difference is expected
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
the own row and the middle row twice, Ludii 1.3.13 finds a piece's place on the track from a
count of pieces at each index (OnTrackIndices), and bearing a piece off lowers the count at every
index of its square (ActionRemoveTopPiece; OnTrackIndices.remove does not check), so Ludii loses
count of some pieces. LudiiTrackIndices below keeps that count as Ludii's code does; a murray
position whose recorded moves differ from libludus's is explained when they are exactly the
moves this model of Ludii's bookkeeping predicts. A recorded move that is not legal here (a
piece Ludii placed at the other index) ends the comparison of that game.
"""
import sys

import ludus
from record_lines import record_lines

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


# Murray's route as Ludii's Track Murray runs it, for player 0 (its own row 1); player 1's is
# the same with rows 1 and 3 exchanged. Index 0 is the hand, 28 the end (borne off).
MURRAY_ROUTE0 = ("H d1 c1 b1 a1 a2 b2 c2 d2 e2 f2 g2 g1 h1 h2 h3 g3 g2 f2 e2 d2 c2 b2 a2 a1 b1 c1 d1").split()


def murray_route(player):
    swap = {"1": "3", "3": "1", "2": "2"}
    return [c if c == "H" or player == 0 else c[0] + swap[c[1]] for c in MURRAY_ROUTE0]


# Ludii's board sites (the harness's occupancy order): row by row from player 0's side, the
# outer rows without columns e and f.
SITES = [f"{'abcdefgh'[c]}{r + 1}" for r in range(3) for c in range(8) if r == 1 or c not in (4, 5)]


class LudiiTrackIndices:
    """Ludii 1.3.13's count of each player's pieces at each index of its track (OnTrackIndices),
    kept as ActionMoveTopPiece.updateOnTrackIndices and ActionRemoveTopPiece keep it, and the
    moves Ludii lists from it (TrackSiteMove.eval finds a piece at the first index of its square
    whose count is positive)."""

    def __init__(self, pieces):
        self.route = [murray_route(0), murray_route(1)]
        self.count = [[pieces] + [0] * 28, [pieces] + [0] * 28]

    def indices(self, player, cell):
        return [k for k, c in enumerate(self.route[player]) if c == cell]

    def index_of(self, player, cell):
        return next((k for k in self.indices(player, cell) if self.count[player][k] > 0), None)

    def moves(self, occupancy, hand, mover, roll):
        cells = {SITES[s]: occupancy[s] for s in range(20)}
        sources = [c for c in SITES if cells[c] == str(mover)] + (["H"] if hand > 0 else [])
        out = set()
        for source in sources if roll > 0 else []:
            k = self.index_of(mover, source)
            if k is None or k + roll > 28:
                continue
            if k + roll == 28:
                out.add(f"{source}>O")
            elif cells[self.route[mover][k + roll]] != str(mover):
                out.add(f"{source}>{self.route[mover][k + roll]}")
        return out or {"pass"}

    def played(self, occupancy, mover, move):
        if move == "pass":
            return
        source, target = move.split(">")
        if target == "O":
            for k in self.indices(mover, source):
                self.count[mover][k] -= 1
            return
        if occupancy[SITES.index(target)] == str(1 - mover):  # the captured piece back to its hand
            self.step(1 - mover, target, "H")
        self.step(mover, source, target)

    def step(self, player, source, target):
        k = self.index_of(player, source)
        if k is None:
            return
        self.count[player][k] -= 1
        after = [j for j in self.indices(player, target) if j >= k] or self.indices(player, target)
        self.count[player][after[0]] += 1


def compare(paths):
    games = positions = mismatches = explained = left = model_misses = 0
    game = None
    name = ""
    ludii = None
    for where, line, words in record_lines(paths):
        if words[0] == "game":
            game = ludus.Game("ur", ruleset=words[1], seed=0)
            ludii = (
                LudiiTrackIndices(game.position["hand"][0])
                if words[1] == "murray" and "corrected" not in words
                else None
            )
            name = f"{words[1]} seed {words[2]}"
            games += 1
        elif words[0] == "pos" and game is not None:
            head, occupancy, listed, chosen = line.split("|")
            occupancy = occupancy.strip()
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
            predicted = None
            if ludii is not None:
                roll = sum(dice)
                predicted = ludii.moves(occupancy, game.position["hand"][mover], mover, roll)
                model_misses += predicted != theirs
            if set(moves) != theirs:
                if predicted == theirs:
                    explained += 1
                else:
                    mismatches += 1
                    print(f"{where}: {name}: dice {dice}: libludus {sorted(moves)}, the record {sorted(theirs)}")
            played = chosen.strip()
            if played not in moves:
                left += 1
                game = None
                continue
            if ludii is not None:
                ludii.played(occupancy, mover, played)
            game.play(moves[played])
        elif words[0] == "end" and game is not None:
            winner = int(words[1])
            ours = {"player 0 won": 0, "player 1 won": 1}.get(str(game.result), -1)
            if winner != -1 and (not game.is_over or ours != winner):
                mismatches += 1
                print(f"{where}: {name}: the record's winner {winner}, libludus's result {game.result}")
    print(
        f"{games} games, {positions} positions compared, {explained} differences explained (Ludii's track indices), "
        f"{left} games left where the record's move is not legal here, {mismatches} mismatches not explained; "
        f"the model of Ludii's track indices missed {model_misses} recorded move sets"
    )
    return mismatches


if __name__ == "__main__":
    sys.exit(1 if compare(sys.argv[1:]) else 0)
