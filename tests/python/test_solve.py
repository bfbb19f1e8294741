"""``ludus solve ur``: the solver tool writes a table, and the level "perfect" plays from it."""
import json
import os
import shutil
import subprocess

import pytest

import ludus
from conftest import child_env, run_python
from ludus.cli import solve


def test_solve_ur_writes_the_table_the_perfect_level_plays_from(tmp_path):
    if solve.solver_path() is None:
        pytest.skip("ludus-ur-solve is not built")
    table = tmp_path / "ur-finkel-2-4.table"
    result = run_python(["-m", "ludus", "solve", "ur", "--pieces", "2", "-o", str(table), "--quiet"])
    assert result.returncode == 0, result.stdout + result.stderr
    summary = json.loads(result.stdout)
    assert summary["states"] == 12869 and 0.5 < summary["first_player_wins"] < 0.55
    game = ludus.Game("ur", {"pieces": 2, "seed": 4})
    game.roll()
    move = game.ai_move("perfect", table=str(table))
    assert move.search["level"] == "perfect" and 0 <= move.search["value"] <= 1
    with pytest.raises(ludus.InvalidOptionError, match="table"):
        _three_pieces(table)


def _three_pieces(table):
    game = ludus.Game("ur", {"pieces": 3, "seed": 4})
    game.roll()
    game.ai_move("perfect", table=str(table))


def test_solve_refuses_murray():
    result = run_python(["-m", "ludus", "solve", "ur", "--ruleset", "murray"])
    assert result.returncode == 2 and "murray" in result.stderr


def test_levels_measured_against_the_table(tmp_path):
    """ludus-ur-levels: the table's own level loses nothing against itself, and random loses more than best."""
    solver = solve.solver_path()
    if solver is None:
        pytest.skip("ludus-ur-solve is not built")
    levels_tool = os.path.join(os.path.dirname(solver), "ludus-ur-levels")
    if not os.access(levels_tool, os.X_OK):
        pytest.skip("ludus-ur-levels is not built beside ludus-ur-solve")
    table = tmp_path / "ur-finkel-2-4.table"
    subprocess.run([solver, "--pieces", "2", "--output", str(table), "--quiet"], check=True, capture_output=True)
    result = subprocess.run(
        [
            levels_tool,
            "--table",
            str(table),
            "--pieces",
            "2",
            "--games",
            "20",
            "--level",
            "perfect",
            "--level",
            "random",
            "--level",
            'best:{"max_nodes": 2000}',
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    rows = {row["level"]: row for row in map(json.loads, result.stdout.splitlines())}
    assert rows["perfect"]["games"] == 20 and rows["perfect"]["moves_with_a_choice"] > 0
    assert rows["perfect"]["mean_loss_per_move"] == 0 and rows["perfect"]["largest_loss"] == 0
    assert rows["random"]["mean_loss_per_move"] > rows["best"]["mean_loss_per_move"] > 0


def _solve_with_library_at(library, tmp_path):
    """`ludus solve ur` with the library loaded from ``library``, no LUDUS_UR_SOLVE, no solver on PATH."""
    env = child_env({"LUDUS_LIBRARY": str(library), "PATH": "/usr/bin:/bin"})
    env.pop("LUDUS_UR_SOLVE", None)
    return run_python(
        ["-m", "ludus", "solve", "ur", "--pieces", "1", "-o", str(tmp_path / "t.table")], env=env, cwd=tmp_path
    )


def test_no_solver_beside_a_build_names_that_build(tmp_path):
    """The library of a build folder of any name (build-lib here) without its solver: the message
    lists where it looked and says how to build it in that folder."""
    build = tmp_path / "build-lib"
    (build / "capi").mkdir(parents=True)
    (build / "build.ninja").write_text("")
    library = build / "capi" / "libludus.so.1"
    shutil.copy(ludus.library_path(), library)
    result = _solve_with_library_at(library, tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "LUDUS_UR_SOLVE: not set" in result.stdout
    assert f"{build / 'lib' / 'ur' / 'tools' / 'ludus-ur-solve'} (the build {build} of the library" in result.stdout
    assert "PATH: no ludus-ur-solve" in result.stdout
    assert f"meson compile -C {build} ludus-ur-solve" in result.stdout
    assert "build/lib/ur/tools" not in result.stdout.replace(str(build), "")
    assert not (tmp_path / "t.table").exists()


def test_no_solver_beside_a_library_outside_a_build_says_how_to_install(tmp_path):
    (tmp_path / "lib").mkdir()
    library = tmp_path / "lib" / "libludus.so.1"
    shutil.copy(ludus.library_path(), library)
    result = _solve_with_library_at(library, tmp_path)
    assert result.returncode == 1 and "meson install" in result.stdout and "pip install ." in result.stdout
    assert "meson compile" not in result.stdout


def test_the_solver_beside_the_build_is_found(tmp_path):
    """The found case next to the ones above: a build's library finds the solver beside it."""
    solver = solve.solver_path()
    if solver is None or os.environ.get("LUDUS_UR_SOLVE"):
        pytest.skip("ludus-ur-solve is not built, or named by LUDUS_UR_SOLVE")
    build = os.path.dirname(os.path.dirname(os.path.abspath(ludus.library_path())))
    if not os.path.isfile(os.path.join(build, "build.ninja")):
        pytest.skip("the library is not loaded from a build folder")
    assert solver == os.path.join(build, "lib", "ur", "tools", "ludus-ur-solve")
