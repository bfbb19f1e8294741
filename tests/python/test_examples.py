"""The scripts of examples/python run to the end without an error."""
import re

import pytest

from conftest import EXAMPLES, run_python

SCRIPTS = sorted(p.name for p in EXAMPLES.glob("*.py"))
#: demo.py with its default budgets is `bash .ci/demo`: here it runs small (below)
QUICK = [name for name in SCRIPTS if name != "demo.py"]


def test_there_are_examples():
    assert {"create_and_list.py", "play_moves.py", "dice.py", "save_restore.py", "errors.py", "demo.py"} <= set(SCRIPTS)


@pytest.mark.parametrize("script", QUICK)
def test_example_runs(script, tmp_path):
    result = run_python([str(EXAMPLES / script)], cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout and not result.stderr


def test_demo_plays_the_computer_levels_and_the_playouts(tmp_path):
    """A small version of `bash .ci/demo` (few positions for best, a draw rule, 10 playouts)."""
    import ludus

    result = run_python(
        [
            str(EXAMPLES / "demo.py"),
            "--seed",
            "7",
            "--nodes",
            "3000",
            "--playouts",
            "10",
            "--every",
            "10",
            "--svg-dir",
            "pictures",
        ],
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for game_id in ludus.game_ids():
        assert f"=== {game_id}, seed 7: player 0 is best, player 1 is medium" in out
        assert re.search(rf"^{game_id}: (a draw|player [01] \((best|medium)\) won) after \d+ moves$", out, re.M)
        assert re.search(rf"^{game_id}: 10 random playouts in ", out, re.M)
        for picture in ("start", "final"):
            svg = tmp_path / "pictures" / f"{game_id}-{picture}.svg"
            assert "<svg" in svg.read_text() and str(svg) in out
    assert "--- after 10 moves" in out and "--- final position" in out
    assert re.search(r"^player 0 \(best\) \S+: value [+-]\d+\.\d\d for the mover, depth \d+, \d+ positions", out, re.M)
    assert re.search(r"results: .*player 0 won \d+ \(\d+%\)", out)
    assert re.search(r"length in moves: average \d+\.\d, median", out)


def test_demo_without_playouts_and_with_bad_numbers(tmp_path):
    """--playouts 0 leaves the playouts out (it failed on their empty statistics); a budget below
    its least is one line of usage error."""
    result = run_python(
        [
            str(EXAMPLES / "demo.py"),
            "--game",
            "duodecim",
            "--nodes",
            "500",
            "--match-games",
            "0",
            "--playouts",
            "0",
            "--quiet",
            "--svg-dir",
            "pictures",
        ],
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert "random playouts" not in result.stdout and "# 4. Pictures" in result.stdout
    result = run_python([str(EXAMPLES / "demo.py"), "--nodes", "0"], cwd=tmp_path)
    assert result.returncode == 2 and "--nodes must be at least 1" in result.stderr


def test_errors_example_shows_every_class():
    result = run_python([str(EXAMPLES / "errors.py")])
    for name in (
        "UnknownGameError",
        "UnknownOptionError",
        "InvalidOptionError",
        "BadJsonError",
        "InvalidStateError",
        "InvalidMoveError",
        "IllegalMoveError",
        "WrongPhaseError",
        "NothingToUndoError",
        "GameOverError",
        "InvalidArgumentError",
        "GameClosedError",
        "ArgumentRangeError",
        "ArgumentTypeError",
    ):
        assert name in result.stdout, name
