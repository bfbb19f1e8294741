"""selfplay's round robin (--table) and its Elo arithmetic, on tiny budgets."""
import io
import math

import pytest

from ludus import cli, selfplay


def test_elo_from_score_known_values():
    assert selfplay.elo_from_score(0.5) == 0.0
    assert selfplay.elo_from_score(0.75) == pytest.approx(190.849, abs=1e-3)  # 400 log10(3)
    assert selfplay.elo_from_score(0.25) == pytest.approx(-190.849, abs=1e-3)
    assert selfplay.elo_from_score(0.9) == pytest.approx(381.697, abs=1e-3)  # 400 log10(9)
    assert selfplay.elo_from_score(10 / 11) == pytest.approx(400.0)
    assert selfplay.elo_from_score(1.0) == math.inf and selfplay.elo_from_score(0.0) == -math.inf
    assert selfplay.score_from_elo(400.0) == pytest.approx(10 / 11)
    for score in (0.1, 0.37, 0.5, 0.8, 0.99):
        assert selfplay.score_from_elo(selfplay.elo_from_score(score)) == pytest.approx(score)


def test_fit_of_two_players_is_the_score_and_its_interval():
    # 60 wins, 30 draws, 10 losses: a score of 75% (draws half), +190.8 Elo.
    ratings = selfplay.fit_elo(["weak", "strong"], {("strong", "weak"): (60, 30, 10)}, prior_draws=0)
    rating, low, high = ratings["strong"]
    assert rating == pytest.approx(190.849, abs=1e-3)
    # Standard error 400/ln 10 / sqrt(n p (1 - p)) = 173.72 / sqrt(18.75) = 40.12 Elo.
    assert high - rating == pytest.approx(1.96 * 173.7178 / math.sqrt(18.75), abs=1e-2)
    assert rating - low == pytest.approx(high - rating)
    assert ratings["weak"] == (0.0, 0.0, 0.0)


def test_fit_reproduces_consistent_scores_and_keeps_perfect_ones_finite():
    # A-B 75%, B-C 75%, A-C 90%: exactly the Elo ladder 0, +190.8, +381.7.
    results = {("A", "B"): (300, 0, 100), ("B", "C"): (300, 0, 100), ("A", "C"): (360, 0, 40)}
    ratings = selfplay.fit_elo(["C", "B", "A"], results, prior_draws=0)
    assert ratings["B"][0] == pytest.approx(190.849, abs=1e-3)
    assert ratings["A"][0] == pytest.approx(381.697, abs=1e-3)
    assert ratings["A"][1] < ratings["A"][0] < ratings["A"][2]
    # 10 wins of 10 with one virtual draw: the score 10.5 / 11.
    perfect = selfplay.fit_elo(["x", "y"], {("y", "x"): (10, 0, 0)})
    assert perfect["y"][0] == pytest.approx(selfplay.elo_from_score(10.5 / 11), abs=1e-6)


def test_levels_of_a_game():
    assert selfplay.levels_of("petteia") == ["random", "greedy", "easy", "medium", "best", "uct"]
    assert "uct" in selfplay.levels_of("duodecim")


def test_table_of_a_round_robin(tmp_path):
    out = io.StringIO()
    path = tmp_path / "table.md"
    status = cli.main(
        [
            "selfplay",
            "petteia",
            "--table",
            "random",
            "greedy",
            "uct",
            "-n",
            "2",
            "--jobs",
            "1",
            "--max-playouts",
            "20",
            "--rows",
            "5",
            "--cols",
            "3",
            "--draw-plies-without-capture",
            "30",
            "-o",
            str(path),
        ],
        io.StringIO(""),
        out,
    )
    assert status == 0
    text = out.getvalue()
    assert path.read_text() == text
    lines = text.splitlines()
    assert "round robin of 3 levels, 2 games a pair" in lines[0] and "uct: max_playouts 20" in lines[0]
    assert lines[2].startswith("| level | Elo (95% CI) | score |")
    rows = [line for line in lines[4:] if line.startswith("| ")]
    assert sorted(row.split(" | ")[0][2:] for row in rows) == ["greedy", "random", "uct"]
    random_row = next(row for row in rows if row.startswith("| random |"))
    assert "| +0 |" in random_row  # the first level is the anchor
    for row in rows:  # every level played 2 games against each of the 2 others
        results = [cell for cell in row.strip("| ").split(" | ")[3:] if cell]
        assert len(results) == 2 and all(sum(map(int, cell.split("-"))) == 2 for cell in results)


def test_table_refuses_bad_levels_and_two_levels_with_equal_time():
    out = io.StringIO()
    assert cli.main(["selfplay", "petteia", "--table", "random", "random", "-n", "1"], io.StringIO(""), out) == 2
    assert "two or more different levels" in out.getvalue()
    out = io.StringIO()
    assert cli.main(["selfplay", "petteia", "--table", "random", "wizard", "-n", "1"], io.StringIO(""), out) == 2
    assert "wizard" in out.getvalue()
    out = io.StringIO()
    status = cli.main(
        [
            "selfplay",
            "duodecim",
            "--a",
            "uct",
            "--b",
            "greedy",
            "-n",
            "2",
            "--jobs",
            "1",
            "--time-ms",
            "5",
            "--pieces",
            "2",
        ],
        io.StringIO(""),
        out,
    )
    assert status == 0 and "max_time_ms=5" in out.getvalue()
