"""Every way each game can end, one test a (game, ruleset, reason): a hand-made position one move
before the end, the deciding move played by its text, then the EXACT end reason, the winner (or
the draw) and the position JSON's "end_reason". Each position is built so that no other reason
and no other winner could be right: swapping two reasons, or a rule giving the wrong reason or
the wrong winner, fails a test.

The rules: docs/rules/petteia.md, duodecim.md, latrunculi.md and xii-scripta.md. Boards are
drawn as the text diagram draws them, the highest rank first; a drawing gives the lowest ranks
of the board from file a, and the rest is empty.
Petteia and Latrunculi: '0' and '1' are men, 'D' and 'd' the duxes of player 0 and 1, 'A' and
'B' (Schaedler) blocked pieces of player 0 and 1.

Reasons no rule can produce, so no test:
- Petteia: "all_captured" (the game ends at one piece, before none), "dux_immobilised" (no dux),
  "quiet_moves" (Bell's rule only), "borne_off" (a race games' reason).
- Latrunculi, Kowalski (both boards): "all_captured" ("the dux is never captured", so a player
  always keeps a piece), "one_piece_left" (not a rule of Kowalski: a lone dux plays on),
  "quiet_moves" ("the 30 moves without a capture of [K2] is Bell's rule ... not part of this
  ruleset").
- Latrunculi, Bell and Quintana: "one_piece_left" (Quintana: "one piece left plays on", tested
  below; Bell: only losing all pieces loses), "dux_immobilised" (Kowalski only).
- Latrunculi, Quintana: "quiet_moves" (Bell only).
- Latrunculi, Schaedler (both): "all_captured" (the game ends when one piece is left, before
  none), "dux_immobilised" (no dux), "quiet_moves" (Bell only).
- Duodecim and XII Scripta: every reason but "borne_off": "There are no draws" (Duodecim) and
  "there are no draws" (XII Scripta, every ruleset), so no agreed draw, and neither game has the
  draw options; nothing is captured for good (a hit piece re-enters).
"""
import json

import pytest

import ludus
from ludus import Result

SIZES = {  # (ranks, files) of each Latrunculi ruleset
    "kowalski": (8, 12),
    "kowalski_10x11": (10, 11),
    "bell": (8, 8),
    "bell_8x7": (8, 7),
    "quintana": (8, 8),
    "schaedler": (8, 8),
    "schaedler_2001": (8, 8),
}
LATRUNCULI_RULESETS = list(SIZES)
KOWALSKI = ["kowalski", "kowalski_10x11"]
SCHAEDLER = ["schaedler", "schaedler_2001"]
BELL = ["bell", "bell_8x7"]


# ---- building hand-made positions --------------------------------------------------------


def ranks_of(drawing, height, width):
    """The "ranks" of a saved position (rank 1 first) from a drawing of the lowest ranks (the
    highest drawn first, each from file a), padded with empty squares to the board's size."""
    assert len(drawing) <= height and all(len(row) <= width for row in drawing)
    ranks = [row.ljust(width, ".") for row in reversed(drawing)]
    return ranks + ["." * width] * (height - len(ranks))


def handmade(game_id, position, **options):
    """A game from a hand-made position: the ruleset's own saved state with `position` changed,
    an empty history, and the start equal to the position."""
    with ludus.Game(game_id, seed=1, **options) as fresh:
        state = fresh.to_dict()
    state["position"].update(position)
    state["start"] = json.loads(json.dumps(state["position"]))
    state["history"] = []
    return ludus.Game.from_json(state)


def petteia(drawing, to_move=0, plies_without_capture=0, **options):
    ranks = ranks_of(drawing, options.get("rows", 8), options.get("cols", 8))
    text = "".join(ranks)
    return handmade(
        "petteia",
        {
            "ranks": ranks,
            "pieces": [text.count("0"), text.count("1")],
            "to_move": to_move,
            "plies_without_capture": plies_without_capture,
        },
        **options,
    )


def latrunculi(ruleset, drawing, to_move=0, plies_without_capture=0, **options):
    ranks = ranks_of(drawing, *SIZES[ruleset])
    text = "".join(ranks)
    count = text.count
    if ruleset in SCHAEDLER:
        position = {
            "pieces": [count("0") + count("A"), count("1") + count("B")],
            "blocked": [count("A"), count("B")],
            "in_hand": [0, 0],
        }
    else:
        position = {
            "men": [count("0"), count("1")],
            "duxes": [count("D"), count("d")],
            "men_in_hand": [0, 0],
            "dux_in_hand": [0, 0],
            "again": None,
            "placed_this_turn": 0,
        }
    position.update(ranks=ranks, to_move=to_move, plies_without_capture=plies_without_capture)
    return handmade("latrunculi", position, ruleset=ruleset, **options)


def with_duxes(ruleset, drawing):
    """Kowalski's rulesets need a dux each: there the first '0' and the first '1' of the drawing
    (from its top) are duxes; the other rulesets play the drawing with men only."""
    if ruleset not in KOWALSKI:
        return drawing
    rows = list(drawing)
    for man, dux in (("0", "D"), ("1", "d")):
        i = next(i for i, row in enumerate(rows) if man in row)
        rows[i] = rows[i].replace(man, dux, 1)
    return rows


# ---- the check ------------------------------------------------------------------------------

RESULTS = {0: Result.PLAYER0_WON, 1: Result.PLAYER1_WON, None: Result.DRAW}


def assert_ongoing(game):
    assert not game.is_over and game.result == Result.ONGOING
    assert game.end_reason is None and game.position["end_reason"] is None


def ends(game, move, reason, winner):
    """`move` (its text) is legal in the ongoing `game` and ends it for `reason`; `winner` 0, 1
    or None for a draw. The position JSON says the same, and so does the game loaded from the
    saved state (but in Latrunculi, which replays a history from the ruleset's setup only)."""
    assert_ongoing(game)
    assert move in game.legal_moves, (move, game.legal_moves.texts, str(game))
    game.play(move)
    assert game.end_reason == reason, str(game)
    assert game.result == RESULTS[winner] and game.winner == winner
    assert game.is_over and game.to_move is None and len(game.legal_moves) == 0
    assert game.position["end_reason"] == reason
    state = json.loads(game.to_json())
    assert state["position"]["end_reason"] == reason and state["history"][-1]["text"] == move
    if game.id != "latrunculi":  # (Latrunculi replays a history from its setup only)
        with ludus.Game.from_json(game.to_json()) as again:  # the history replayed gives the same
            assert again.end_reason == reason and again.result == RESULTS[winner]


def agreed(game):
    """An agreed draw ends the ongoing `game`, whatever the position."""
    assert_ongoing(game)
    game.agree_draw()
    assert game.end_reason == "agreed_draw" and game.position["end_reason"] == "agreed_draw"
    assert game.result == Result.DRAW and game.winner is None and game.is_over
    assert game.history[-1]["text"] == "draw agreed"
    if game.id != "latrunculi":
        with ludus.Game.from_json(game.to_json()) as again:
            assert again.end_reason == "agreed_draw" and again.result == Result.DRAW


def play_all(game, moves):
    for move in moves:
        assert_ongoing(game)
        game.play(move)


# ---- Petteia ----------------------------------------------------------------------------------


@pytest.mark.parametrize("last_piece_blocked", [False, True])
def test_petteia_one_piece_left(last_piece_blocked):
    # a4-d4 takes d5 (flanked by d4 and d6): player 1 keeps one piece, h1, and loses. Blocked
    # there by g1 and h2 too, one piece left still comes first: "(a) ... one piece or none ...
    # (b) ... no legal move".
    game = petteia(
        [
            "........",  # 8
            "........",  # 7
            "...0....",  # 6
            "...1....",  # 5
            "0.......",  # 4
            "........",  # 3
            "......." + ("0" if last_piece_blocked else "."),  # 2
            "......" + ("01" if last_piece_blocked else ".1"),  # 1
        ]
    )
    ends(game, "a4-d4", "one_piece_left", 0)


def test_petteia_one_piece_left_also_means_none():
    # d1-d4 takes all three of player 1's pieces at once (c4 with b4, e4 with f4, d5 with d6):
    # "The player reduced to one piece (or none) loses", so the reason is one piece left, never
    # all captured.
    game = petteia(
        [
            "........",  # 8
            "........",  # 7
            "...0....",  # 6
            "...1....",  # 5
            ".01.10..",  # 4
            "........",  # 3
            "........",  # 2
            "...0....",  # 1
        ]
    )
    ends(game, "d1-d4", "one_piece_left", 0)
    assert game.position["pieces"] == [4, 0]


def test_petteia_no_moves_the_blocked_player_loses():
    # h8-c8 shuts in player 1's a8 and b8 (a7, b7, c8 around them, no capture): player 1, to
    # move with two pieces, has no legal move and loses.
    game = petteia(
        [
            "11.....0",  # 8
            "00......",  # 7
            "........",  # 6
            "........",  # 5
            "........",  # 4
            "........",  # 3
            "........",  # 2
            "........",  # 1
        ]
    )
    ends(game, "h8-c8", "no_moves", 0)


def test_petteia_no_moves_comes_before_the_plies_draw():
    # the same blocking move is also the 5th ply without a capture: "A win on a ply beats a
    # draw on it".
    game = petteia(["11.....0", "00......"] + ["........"] * 6, plies_without_capture=4, draw_plies_without_capture=5)
    ends(game, "h8-c8", "no_moves", 0)


def test_petteia_plies_without_capture():
    # the 10th ply without a capture, with draw_plies_without_capture 10: a draw.
    game = petteia(
        ["1.1.....", "........", "........", "........", "........", "........", "........", "0.0....."],
        plies_without_capture=9,
        draw_plies_without_capture=10,
    )
    ends(game, "a1-a2", "plies_without_capture", None)


def test_petteia_a_capture_starts_the_plies_count_again():
    # the counter returns to 0 on a capturing ply: the 10th ply, a4-a5, takes b5 (a5 and c5
    # flank it), so the game goes on, and ends only 10 quiet plies later.
    game = petteia(
        ["1...1...", "........", "........", ".10.....", "0.......", "........", "........", "0.0....."],
        plies_without_capture=9,
        draw_plies_without_capture=10,
    )
    game.play("a4-a5")
    assert_ongoing(game)
    assert game.position["plies_without_capture"] == 0 and game.position["pieces"] == [4, 2]
    play_all(game, ["a8-a7", "a5-a4", "a7-a8", "a4-a5", "a8-a7", "a5-a4", "a7-a8", "a4-a5", "a8-a7"])
    ends(game, "a5-a4", "plies_without_capture", None)


def test_petteia_repetition():
    # the 4th ply brings back the starting position: its 2nd occurrence, with draw_repetitions 2.
    game = petteia(
        ["1.1.....", "........", "........", "........", "........", "........", "........", "0.0....."],
        draw_repetitions=2,
    )
    play_all(game, ["a1-a2", "a8-a7", "a2-a1"])
    ends(game, "a7-a8", "repetition", None)


def test_petteia_plies_without_capture_comes_before_repetition():
    # the 4th ply both repeats the start and is the 4th without a capture: "plies without
    # capture before repetition".
    game = petteia(
        ["1.1.....", "........", "........", "........", "........", "........", "........", "0.0....."],
        draw_repetitions=2,
        draw_plies_without_capture=4,
    )
    play_all(game, ["a1-a2", "a8-a7", "a2-a1"])
    ends(game, "a7-a8", "plies_without_capture", None)


def test_petteia_agreed_draw():
    # the players agree on a draw in the middle of a game.
    with ludus.Game("petteia", seed=1) as game:
        game.play("b2-b5")
        agreed(game)


# ---- Latrunculi: a position, the move that ends the game ----------------------------------


def ending(name, rulesets, drawing, move, reason, winner):
    """The cases of one rule, a ruleset each: `move` ends the game drawn as `drawing`."""
    return [pytest.param(ruleset, drawing, move, reason, winner, id=f"{name}-{ruleset}") for ruleset in rulesets]


LATRUNCULI_ENDINGS = [
    # f1-b1 shuts player 1's dux in on a1: its own man on a2 and the enemy man on b1 (it is
    # never captured): "a player who immobilises the enemy dux wins". Player 1 still has moves.
    *ending(
        "kowalski_dux_immobilised_enemy",
        KOWALSKI,
        ["...D..", "......", "1.....", "d....0"],
        "f1-b1",
        "dux_immobilised",
        0,
    ),
    # f2-a2 shuts player 0's own dux in on a1, beside player 1's man on b1: "a player who leaves
    # its own dux immobilised beside an enemy loses".
    *ending(
        "kowalski_dux_immobilised_own",
        KOWALSKI,
        ["...d..", "......", ".....0", "D1...."],
        "f2-a2",
        "dux_immobilised",
        1,
    ),
    # f2-a2 shuts in both duxes: player 1's on a1 (a2 and its own b1) and player 0's own on a3
    # (a2, a4 and the enemy man on b3): "If one move immobilises both duxes, the mover wins".
    *ending(
        "kowalski_dux_immobilised_both_the_mover_wins",
        KOWALSKI,
        ["0.....", "D1....", ".....0", "d1...."],
        "f2-a2",
        "dux_immobilised",
        0,
    ),
    # d5-d3 shuts in player 1's nine men on a1..c3 (behind a4, b4, c4, d1, d2, d3): player 1
    # cannot move and loses, although it has taken more men than player 0 (Kowalski's rule is
    # not Quintana's: "a player who cannot move loses").
    *ending(
        "quintana_no_moves_the_blocked_player_loses",
        ["quintana"],
        ["...0....", "000.....", "111.....", "1110....", "1110...."],
        "d5-d3",
        "no_moves",
        0,
    ),
    # c3-d3 takes player 1's last piece, its dux on d4, between d3 and d5 ("the dux is captured
    # like any other piece"; "a player who loses all pieces loses").
    *ending(
        "bell_all_captured_the_dux_too",
        BELL,
        ["...0...", "...d...", "..0....", ".......", "......."],
        "c3-d3",
        "all_captured",
        0,
    ),
    # d4-d3 shuts in player 1's nine men on a1..c3 (behind a4, b4, c4, d1, d2, d3; a1 is not an
    # empty corner, so nothing is taken): player 1 cannot move and loses, though it has more
    # pieces ("a player who cannot move loses").
    *ending(
        "bell_no_moves_the_blocked_player_loses",
        BELL,
        ["0000...", "111....", "1110...", "1110..."],
        "d4-d3",
        "no_moves",
        0,
    ),
    # xd5 removes player 1's blocked piece on d5 (c5 and e5 enclose it): player 1 is left with
    # one piece, h8, which can still move: "a player reduced to one piece loses".
    *ending(
        "schaedler_one_piece_left",
        SCHAEDLER,
        [".......1", "........", "........", "..0B0...", "........", "........", "........", "........"],
        "xd5",
        "one_piece_left",
        0,
    ),
    # g6-h6 blocks player 1's h5 (h6 and h4 enclose it); d5 is blocked already, and player 0 has
    # no blocked piece to remove: player 1, with two pieces, cannot move and loses.
    *ending(
        "schaedler_no_moves",
        SCHAEDLER,
        ["......0.", "..0B0..1", ".......0", "........", "........", "........"],
        "g6-h6",
        "no_moves",
        0,
    ),
]


@pytest.mark.parametrize("ruleset, drawing, move, reason, winner", LATRUNCULI_ENDINGS)
def test_latrunculi_the_move_ends_the_game(ruleset, drawing, move, reason, winner):
    ends(latrunculi(ruleset, drawing), move, reason, winner)


# ---- Latrunculi: Kowalski's rulesets ------------------------------------------------------


@pytest.mark.parametrize("ruleset", KOWALSKI)
def test_kowalski_a_dux_shut_in_by_its_own_men_is_not_immobilised(ruleset):
    # the same, but b1 is player 0's own man: no enemy stone blocks the dux, the game goes on.
    game = latrunculi(
        ruleset,
        [
            "...d..",  # 4
            "......",  # 3
            ".....0",  # 2
            "D0....",  # 1
        ],
    )
    game.play("f2-a2")
    assert_ongoing(game)


# d5-d3 shuts player 1 in: its dux (a1, among its own men: not immobilised) and eight men in
# a1..c3, behind player 0's six men on a4, b4, c4, d1, d2, d3. Player 1, to move, cannot move:
# "the player who has captured more men wins" (a tie: a draw). Both began with as many men
# (12, or 10 on 10x11); player 1 keeps 8, player 0 6 + extra, so player 1 has captured 2 - extra
# more: with 0 extra men player 1 (the blocked player) wins, with 2 it is a draw, with 3 player
# 0 wins.
@pytest.mark.parametrize("ruleset", KOWALSKI)
@pytest.mark.parametrize("extra_men, winner", [(0, 1), (2, None), (3, 0)])
def test_kowalski_no_moves_more_captures_wins(ruleset, extra_men, winner):
    extra = ["0" if rank < extra_men else "." for rank in range(3)]  # men on g1, g2, g3, away from the fight
    game = latrunculi(
        ruleset,
        [
            "...0...",  # 5
            "000..D.",  # 4
            "111..." + extra[2],  # 3
            "1110.." + extra[1],  # 2
            "d110.." + extra[0],  # 1
        ],
    )
    men = game.position["men"]
    assert men == [6 + extra_men, 8]
    ends(game, "d5-d3", "no_moves", winner)


# ---- Latrunculi: Quintana ---------------------------------------------------------------


def test_quintana_all_captured_and_one_piece_left_plays_on():
    # a3-d3 takes d4 (d3 and d5 flank it): player 1 keeps one man and plays on ("one piece
    # left plays on"); after h8-g8, h6-h8 takes g8 (h8 and f8 flank it): all captured.
    game = latrunculi(
        "quintana",
        [
            ".....0.1",  # 8
            "........",  # 7
            ".......0",  # 6
            "...0....",  # 5
            "...1....",  # 4
            "0.......",  # 3
            "........",  # 2
            "........",  # 1
        ],
    )
    game.play("a3-d3")
    assert_ongoing(game)
    assert game.position["men"] == [4, 1]
    game.play("h8-g8")
    ends(game, "h6-h8", "all_captured", 0)


# ---- Latrunculi: Bell -----------------------------------------------------------------------


# b1-b2 is the 30th move without a capture: the game ends, "the player with more pieces on
# the board wins" (player 1 with 3 to 1, a draw with 3 to 3, player 0 with 3 to 2), whoever
# made the 30th move.
@pytest.mark.parametrize("ruleset", BELL)
@pytest.mark.parametrize("player1, winner", [("1.1.1", 1), ("1.1.1", None), ("1.1..", 0)])
def test_bell_quiet_moves(ruleset, player1, winner):
    player0 = ".0" if winner == 1 else ".0.0.0"
    game = latrunculi(ruleset, [player1, ".....", ".....", ".....", player0], plies_without_capture=29)
    assert game.position["plies_without_capture"] == 29
    ends(game, "b1-b2", "quiet_moves", winner)


def test_bell_quiet_moves_comes_before_the_plies_draw():
    # with draw_plies_without_capture 30 too, the 30th quiet move ends by Bell's rule: "In Bell
    # the 30-move rule comes first".
    game = latrunculi(
        "bell", ["1.1.1", ".....", ".....", ".....", ".0"], plies_without_capture=29, draw_plies_without_capture=30
    )
    ends(game, "b1-b2", "quiet_moves", 1)


# ---- Latrunculi: the draws of every ruleset ---------------------------------------------------

QUIET = ["1..1", "....", "....", "....", "0..0"]  # men on a1, d1, a5, d5 (duxes in Kowalski's rulesets)


@pytest.mark.parametrize("ruleset", LATRUNCULI_RULESETS)
def test_latrunculi_plies_without_capture(ruleset):
    # the 10th move without a capture, with draw_plies_without_capture 10: a draw (in Bell
    # before its own 30 moves).
    game = latrunculi(ruleset, with_duxes(ruleset, QUIET), plies_without_capture=9, draw_plies_without_capture=10)
    ends(game, "a1-a2", "plies_without_capture", None)


@pytest.mark.parametrize("ruleset", LATRUNCULI_RULESETS)
def test_latrunculi_repetition(ruleset):
    # the 4th move brings back the starting position: its 2nd occurrence, with draw_repetitions 2.
    game = latrunculi(ruleset, with_duxes(ruleset, QUIET), draw_repetitions=2)
    play_all(game, ["a1-a2", "a5-a4", "a2-a1"])
    ends(game, "a4-a5", "repetition", None)


@pytest.mark.parametrize("ruleset", LATRUNCULI_RULESETS)
def test_latrunculi_agreed_draw(ruleset):
    game = latrunculi(ruleset, with_duxes(ruleset, QUIET))
    game.play("a1-a2")
    agreed(game)


# ---- the race games -------------------------------------------------------------------------


def test_duodecim_borne_off():
    # player 1, with 4 pieces off, bears off from 23 with the 2 (not the end: one piece is left
    # on 22) and from 22 with the 3: all 6 borne off, player 1 wins.
    track = [[0] * 24, [0] * 24]
    track[1][21] = track[1][22] = 1
    track[0][0] = 1
    game = handmade("duodecim", {"track": track, "hand": [5, 0], "off": [0, 4], "to_move": 1}, first_player=0)
    assert game.phase == ludus.Phase.ROLL
    game.set_dice(2, 3)
    game.play("23-O")
    assert_ongoing(game)
    assert game.position["off"] == [0, 5]
    ends(game, "22-O", "borne_off", 1)


@pytest.mark.parametrize("ruleset", ["murray", "ludii", "tabletop_murray", "tabletop_schaedler"])
def test_xii_scripta_borne_off(ruleset):
    # player 1 (3 pieces), one off and two in the near row (35, 36), dice 1 2 4: 35-O with the 2
    # leaves one on 36; 36-O with the 1 bears off the last: player 1 wins.
    track = [[0] * 36, [0] * 36]
    track[1][34] = track[1][35] = 1
    track[0][0] = 1
    game = handmade(
        "xii_scripta", {"track": track, "hand": [2, 0], "off": [0, 1], "to_move": 1}, ruleset=ruleset, pieces=3
    )
    game.set_dice(1, 2, 4)
    game.play("35-O:2")
    assert_ongoing(game)
    ends(game, "36-O:1", "borne_off", 1)
