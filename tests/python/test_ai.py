"""The computer players from Python: Game.ai_move, play --vs, selfplay (fast, fixed seeds)."""
import io
import json

import pytest

import ludus
from conftest import GAME_IDS, every_ruleset
from ludus import Phase, cli, selfplay

pytestmark = pytest.mark.quick  # in the quick suite (conftest.py)


def levels_of(game_id):
    """The levels the catalogue gives the game, its own and the others, but for those that need
    a file (Ur's "perfect" needs the solved game's table)."""
    entry = next(entry for entry in ludus.games() if entry["id"] == game_id)
    return [level for level in entry["levels"] + entry["other_levels"] if level != "perfect"]


def quick(level):
    return {"max_nodes": 3000} if level == "best" else {"max_playouts": 200} if level == "uct" else {}


def test_ai_move_is_legal_and_leaves_the_game_alone():
    for game_id in GAME_IDS:
        levels = levels_of(game_id)
        assert "best" in levels and "uct" in levels
        for seed in range(4):
            with ludus.Game(game_id, seed=seed) as game:
                game.random_playout(seed, 5 + 3 * seed)
                if game.is_over:
                    continue
                if game.phase == Phase.ROLL:
                    game.roll()
                before = game.to_json()
                for level in levels:
                    move = game.ai_move(level, seed=seed, **quick(level))
                    assert move.text in game.legal_moves.texts
                    assert move in game.legal_moves  # its "search" field takes no part
                    assert game.legal_moves.find(move) == move
                    assert move.search["level"] == level
                    assert {"depth", "nodes", "value", "time_ms"} <= set(move.search)
                assert game.to_json() == before
                game.play(move)


def test_same_seed_same_move():
    with ludus.Game("petteia", seed=2) as game:
        game.random_playout(1, 9)
        a = game.ai_move("best", seed=5, max_nodes=20000)
        b = game.ai_move("best", seed=5, max_nodes=20000)
        assert a.text == b.text and a.search["nodes"] == b.search["nodes"]


def test_takes_a_free_piece():
    with ludus.Game("petteia", seed=1) as game:
        state = game.to_dict()
        ranks = ["0.......", "........", "........", "0.......", "...1....", "...0....", "........", "......11"]
        state["start"] = state["position"] = dict(state["position"], ranks=ranks, pieces=[3, 3])
        with ludus.Game.from_json(state) as position:
            for level in ("greedy", "easy", "medium", "best"):
                move = position.ai_move(level, **quick(level))
                assert move.text == "a4-d4" and move.captures == ["d5"]


@pytest.mark.parametrize(
    "options, error",
    [
        ({"colour": 1}, ludus.UnknownOptionError),
        ({"level": "grandmaster"}, ludus.InvalidOptionError),
        ({"depth": 0}, ludus.InvalidOptionError),
        ({"threads": 0}, ludus.InvalidOptionError),
        ({"threads": 65}, ludus.InvalidOptionError),
        ({"level": "uct", "max_playouts": 0}, ludus.InvalidOptionError),
        ({"level": "uct", "exploration": -1}, ludus.InvalidOptionError),
        ({"level": "uct", "max_nodes": 100}, ludus.InvalidOptionError),
        ({"level": "best", "max_playouts": 100}, ludus.InvalidOptionError),
    ],
)
def test_bad_options(options, error):
    options = dict(options)
    level = options.pop("level", "best")
    with ludus.Game("petteia", seed=1) as game, pytest.raises(error) as refused:
        game.ai_move(level, **options)
    named = next((key for key in options if key != "level"), "level")
    assert named in str(refused.value)  # the message names the option


def test_uct_is_deterministic_with_a_playout_budget():
    for game_id in GAME_IDS:
        with ludus.Game(game_id, seed=6) as game:
            game.random_playout(2, 6)
            if game.phase == Phase.ROLL:
                game.roll()
            a = game.ai_move("uct", seed=3, max_playouts=400)
            b = game.ai_move("uct", seed=3, max_playouts=400)
            assert (a.text, a.search["nodes"], a.search["value"]) == (b.text, b.search["nodes"], b.search["value"])
            assert a.search["playouts"] in (0, 400)
    with ludus.Game("petteia", seed=1) as start:  # many equal moves: the seed picks one
        assert len({start.ai_move("uct", seed=s, max_playouts=60).text for s in range(8)}) > 1


def test_phase_errors():
    with ludus.Game("duodecim", seed=1) as game:
        with pytest.raises(ludus.WrongPhaseError):
            game.ai_move()
    with ludus.Game("petteia", seed=1) as game:
        game.agree_draw()
        with pytest.raises(ludus.GameOverError):
            game.ai_move()


def test_play_against_the_computer():
    out = io.StringIO()
    # The person (player 0) plays two moves by number; the computer answers each.
    status = cli.main(
        ["play", "petteia", "--vs", "greedy", "--rows", "5", "--cols", "3"], io.StringIO("1\n1\nquit\n"), out
    )
    assert status == 0
    text = out.getvalue()
    assert "the computer (greedy) is player 1" in text
    assert text.count("(computer, greedy) played") >= 1


def test_play_against_the_computer_with_dice():
    out = io.StringIO()
    status = cli.main(
        ["play", "duodecim", "--vs", "easy", "--human", "1", "--seed", "4"], io.StringIO("\n1\n1\n1\nquit\n"), out
    )
    assert status == 0
    assert "(computer) rolled" in out.getvalue()


def test_play_vs_unknown_level():
    out = io.StringIO()
    assert cli.main(["play", "petteia", "--vs", "grandmaster"], io.StringIO(""), out) == 2
    assert "grandmaster" in out.getvalue()


def test_selfplay_summary():
    summary = selfplay.run(
        "petteia",
        {"rows": 5, "cols": 3, "draw_plies_without_capture": 40},
        {"level": "easy"},
        {"level": "random"},
        4,
        seed=3,
        jobs=1,
        progress=None,
    )
    assert summary.n == 4 == summary.a_wins + summary.draws + summary.a_losses
    assert [r.a_player for r in summary.records] == [0, 1, 0, 1]
    again = selfplay.run(
        "petteia",
        {"rows": 5, "cols": 3, "draw_plies_without_capture": 40},
        {"level": "easy"},
        {"level": "random"},
        4,
        seed=3,
        jobs=1,
        progress=None,
    )
    assert [(r.winner, r.plies) for r in again.records] == [(r.winner, r.plies) for r in summary.records]
    text = selfplay.report(summary, "petteia", {"level": "easy"}, {"level": "random"}, 3)
    assert "95% CI" in text and "first player" in text
    # Each side's moves and the CPU time of its choices, so that budgets of equal time can be checked.
    assert sum(summary.moves) == summary.plies and all(m > 0 for m in summary.moves)
    assert all(sum(r.moves) == r.plies for r in summary.records)
    assert all(t >= 0 for t in summary.cpu_seconds)
    assert "CPU time a move: A " in text
    lo, hi = selfplay.wilson(50, 100)
    assert lo < 0.5 < hi


def test_selfplay_command():
    out = io.StringIO()
    status = cli.main(
        ["selfplay", "duodecim", "--a", "greedy", "--b", "random", "-n", "2", "--jobs", "1", "--pieces", "2"],
        io.StringIO(""),
        out,
    )
    assert status == 0
    assert "2 games" in out.getvalue()
    out = io.StringIO()
    assert cli.main(["selfplay", "petteia", "--a", "nobody", "-n", "1"], io.StringIO(""), out) == 2
    json.dumps(out.getvalue())


def test_the_computer_s_move_as_a_dict_is_played_with_its_search_field():
    for game_id, options in every_ruleset():
        with ludus.Game(game_id, seed=1, **options) as game:
            if game.phase == Phase.ROLL:
                game.roll()
            answer = dict(game.ai_move("greedy"))
            assert "search" in answer
            before = game.position
            game.play(json.loads(json.dumps(answer)))  # as it comes back from a file or the network
            assert game.position != before
    with ludus.Game("petteia") as game:
        with pytest.raises(ludus.InvalidMoveError, match="names no move"):
            game.play({"search": {"nodes": 1}})
