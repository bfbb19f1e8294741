"""Replays games of Senet recorded by another engine (Ludii 1.3.13's Senet.lud, played by a
harness outside this repository) and compares every position with libludus's: the player to
move, the pieces on the board and in hand, the set of legal moves, and at the end the winner
(docs/rules/senet.md, "Checked against Ludii").

Usage: senet_ludii_compare.py RECORDS [RECORDS ...]

The records are text, one line each:

    game LABEL SEED         a new game; LABEL names the ruleset and Kendall's options:
                            "kendall", "bell", "piccione", "jequier", or "kendall-" followed by
                            any of "five-pieces", "starting-throw", "trap", "home-row" joined
                            with "-" (Ludii's "Kendall Five Pieces Trap (Scholarly)" is
                            "kendall-five-pieces-trap")
    pos SIDE THROWN D.. | BOARD HAND0 HAND1 VALUE | MOVE MOVE ... | CHOSEN
    end WINNER [SCORE0 SCORE1]

SIDE is the side to move, 0 for the recording engine's first side (Ludii's P1, its pieces
SenetPiece1), 1 for the second: sides, not seats, since the opening throws decide which seat
plays which side. THROWN is 1 when the sticks (Bell: the die) were thrown for this position and
0 when the mover goes on with the rest of an earlier throw (Piccione's split throws); D are the
sticks as they lie (1 a blank side up) or Bell's die. BOARD is one character per square 1..30
along the path: "." empty, "0" or "1" the side whose piece stands there; HAND0 and HAND1 the
pieces in hand; VALUE the recording engine's stored throw (not compared). Each MOVE is
"FROM>TO", FROM "H" (the hand) or a square, TO a square, "O" (borne off) or "H" (back to hand),
or "pass"; CHOSEN the move the recording engine played. WINNER is a side, "draw", or -1 when
the recorded game was cut short; the scores (pieces borne off, Bell; Jequier's points) are not
compared.

libludus plays the same game with the same throws (first_player 0: its player 0 throws first,
as Ludii's P1 does); its moves are named the same way ("14-15" is "14>15") and compared as sets,
and the recorded move is played. The opening's throw of 1 is a move of its own in libludus (the
piece in front steps forward) where Ludii lists a pass and moves that piece as the pass's
consequence: such a position's pass is compared as that move. libludus plays each ruleset as
Ludii's code does, also where that code does not do what its rules text says (docs/rules/senet.md
has a DECISION for each); the one exception, explained below, is the end of Jequier's game.
Prints the counts of each ruleset and every mismatch; exits 1 if there is any that is not
explained.
"""
import sys
from collections import defaultdict

import ludus
from record_lines import record_lines

KENDALL_OPTIONS = {
    "five-pieces": "five_pieces",
    "starting-throw": "starting_throw",
    "trap": "trap",
    "home-row": "home_row",
}


def game_options(label):
    """ "kendall-five-pieces-trap" -> {"ruleset": "kendall", "five_pieces": True, "trap": True}."""
    ruleset, _, rest = label.partition("-")
    options = {"ruleset": ruleset, "first_player": 0}
    for word, option in KENDALL_OPTIONS.items():
        if word in rest:
            options[option] = True
            rest = rest.replace(word, "")
    if rest.strip("-"):
        raise ValueError(f"unknown ruleset label {label!r}")
    return options


def move_name(text):
    return text.replace("-", ">")


class Replay:
    """One recorded game replayed through libludus, with the seat that plays each side."""

    def __init__(self, label, seed):
        self.options = game_options(label)
        self.name = f"{label} seed {seed}"
        self.game = ludus.Game("senet", self.options, seed=0)
        self.seat_of_side = [0, 1]  # until the opening's throw of 1 gives out the sides
        self.front = 2 * len([k for k in self.game.position["squares"] if k == 0])

    def board(self, position):
        side_of_seat = {seat: str(side) for side, seat in enumerate(self.seat_of_side)}
        squares = "".join("." if k is None else side_of_seat[k] for k in position["squares"])
        hand = position.get("hand") or [0, 0]
        return f"{squares} {hand[self.seat_of_side[0]]} {hand[self.seat_of_side[1]]}"

    def in_opening(self):
        return bool(self.game.position.get("opening"))

    def expected(self, listed, pips, opening):
        """Ludii's moves in libludus's terms: the opening's pass with a throw of 1 is the move of
        the piece in front (Kendall, Jequier)."""
        if self.options["ruleset"] != "bell" and opening and pips == 1 and listed == {"pass"}:
            return {f"{self.front}>{self.front + 1}"}
        return listed

    def after_opening_throw(self, side):
        """The first throw of 1 gives its thrower Kendall's first side (the piece in front) or
        Jequier's second; libludus exchanges the seats' pieces accordingly."""
        takes = 0 if self.options["ruleset"] == "kendall" else 1
        if side != takes:
            self.seat_of_side.reverse()


def jequier_draw(replay, side, pips, words):
    """DECISION (docs/rules/senet.md, Jequier's end): the first to bear off every piece wins;
    Ludii's code records a draw, both scores 0, when that last piece went off with a throw that
    throws again (1, 4, 6). True when the record ends so after such a throw by `side`."""
    return replay.options["ruleset"] == "jequier" and words[1:] == ["draw", "0", "0"] and (pips or 6) in (1, 4, 6)


def compare(paths):
    counts = defaultdict(lambda: defaultdict(int))
    mismatches = 0
    replay = None
    for where, line, words in record_lines(paths):

        def mismatch(what):
            nonlocal mismatches, replay
            mismatches += 1
            counts[label]["mismatches"] += 1
            print(f"{where}: {replay.name}: {what}")
            replay = None  # the rest of this game cannot be compared

        if words[0] == "game":
            label = words[1]
            replay = Replay(label, words[2])
            counts[label]["games"] += 1
        elif words[0] == "pos" and replay is not None:
            head, position, listed, chosen = line.split("|")
            head = head.split()
            side, thrown, dice = int(head[1]), head[2] == "1", [int(d) for d in head[3:]]
            game = replay.game
            counts[label]["positions"] += 1
            if game.to_move != replay.seat_of_side[side]:
                mismatch(f"player {game.to_move} to move, the record's side {side} is seat {replay.seat_of_side[side]}")
                continue
            ours = game.position
            board = " ".join(position.split()[:3])
            if replay.board(ours) != board:
                mismatch(f"the board {replay.board(ours)}, the record's {board}")
                continue
            if thrown != (game.phase == ludus.Phase.ROLL):
                mismatch(
                    "the record throws, libludus is still playing the last throw"
                    if thrown
                    else "libludus waits for a throw, the record does not throw"
                )
                continue
            if thrown:
                game.set_dice(dice)
            opening = bool(ours.get("opening"))
            pips = sum(dice)
            moves = {move_name(m.text): m for m in game.legal_moves}
            theirs = replay.expected(set(listed.split()), pips, opening)
            counts[label]["move sets"] += 1
            if set(moves) != theirs:
                mismatch(f"dice {dice}: libludus {sorted(moves)}, the record {sorted(theirs)}")
                continue
            played = replay.expected({chosen.strip()}, pips, opening).pop()
            game.play(moves[played])
            last_side, last_pips = side, pips
            if opening and not replay.in_opening() and replay.options["ruleset"] != "bell":
                replay.after_opening_throw(side)
        elif words[0] == "end" and replay is not None:
            if words[1] == "-1":
                counts[label]["cut"] += 1
                replay = None
                continue
            counts[label]["ended"] += 1
            wins = (ludus.Result.PLAYER0_WON, ludus.Result.PLAYER1_WON)
            expected = ludus.Result.DRAW if words[1] == "draw" else wins[replay.seat_of_side[int(words[1])]]
            if replay.game.result == expected:
                pass
            elif (
                jequier_draw(replay, last_side, last_pips, words)
                and replay.game.result == wins[replay.seat_of_side[last_side]]
            ):
                counts[label]["jequier_draw"] += 1
            else:
                mismatch(f"libludus's result {replay.game.result}, the record's winner {words[1]}")
            replay = None
    for label, c in counts.items():
        print(
            f"{label}: {c['games']} games ({c['ended']} compared to their end, {c['cut']} to where the recording "
            f"stopped), {c['positions']} positions, {c['move sets']} legal-move sets compared; winners explained "
            f"(Jequier's last throw): {c['jequier_draw']}; {c['mismatches']} mismatches"
        )
    print(f"{mismatches} mismatches not explained")
    return mismatches


if __name__ == "__main__":
    sys.exit(1 if compare(sys.argv[1:]) else 0)
