"""The scripts of examples/python run to the end without an error."""
import pytest

from conftest import EXAMPLES, run_python

SCRIPTS = sorted(p.name for p in EXAMPLES.glob("*.py"))


def test_there_are_examples():
    assert {"create_and_list.py", "play_moves.py", "dice.py", "save_restore.py", "errors.py", "demo.py"} <= set(SCRIPTS)


@pytest.mark.parametrize("script", SCRIPTS)
def test_example_runs(script, tmp_path):
    result = run_python([str(EXAMPLES / script)], cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout and not result.stderr


def test_demo_plays_every_game_to_the_end(tmp_path):
    import ludus
    result = run_python([str(EXAMPLES / "demo.py"), "--seed", "7"], cwd=tmp_path)
    assert result.returncode == 0
    for game_id in ludus.game_ids():
        assert f"=== {game_id}, seed 7" in result.stdout
        assert f"{game_id}: player " in result.stdout and " won after " in result.stdout
    assert "--- after 10 moves" in result.stdout and "--- final position" in result.stdout


def test_errors_example_shows_every_class():
    result = run_python([str(EXAMPLES / "errors.py")])
    for name in ("UnknownGameError", "UnknownOptionError", "InvalidOptionError", "BadJsonError", "InvalidStateError",
                 "InvalidMoveError", "IllegalMoveError", "WrongPhaseError", "NothingToUndoError", "GameOverError",
                 "InvalidArgumentError", "GameClosedError"):
        assert name in result.stdout, name
