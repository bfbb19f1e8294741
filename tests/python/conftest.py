"""Shared set-up of the Python package tests.

Meson runs them with LUDUS_LIBRARY (the built libludus), PYTHONPATH (the package's source) and
LUDUS_BUILD_ROOT (for the install test). Run by hand, they find the package in the source tree
and the library through LUDUS_LIBRARY or the package's own search.
"""
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import pytest

SOURCE_ROOT = Path(__file__).resolve().parents[2]
PACKAGE_PARENT = SOURCE_ROOT / "bindings" / "python"
EXAMPLES = SOURCE_ROOT / "examples" / "python"

if str(PACKAGE_PARENT) not in sys.path:
    sys.path.insert(0, str(PACKAGE_PARENT))

import ludus  # noqa: E402


def pytest_configure(config) -> None:
    """The markers these tests use, so that a misspelt one is an error and `pytest --markers`
    lists them."""
    config.addinivalue_line(
        "markers",
        "quick: in the quick suite (meson test --suite quick): the "
        "package's basic path, its docstrings, the versions, the docs' code "
        "blocks and the repository standing alone",
    )


GAME_IDS = ludus.game_ids()  # every game of the catalogue: a game registered is tested the same day


def every_ruleset() -> List[Tuple[str, Dict[str, str]]]:
    """Every game of the catalogue in each of its rulesets: ``(id, {"ruleset": name})``, or
    ``(id, {})`` for a game with one set of rules."""
    out: List[Tuple[str, Dict[str, str]]] = []
    for entry in ludus.games():
        ruleset = entry["options"].get("ruleset")
        out += [(entry["id"], {"ruleset": name}) for name in ruleset["values"]] if ruleset else [(entry["id"], {})]
    return out


def ending_soon(game_id: str, options: Dict[str, Any]) -> Dict[str, Any]:
    """``options`` with a draw after 50 plies without a capture where the game has that rule (its
    catalogue entry offers the option), so that random games of every ruleset end soon."""
    entry = next(entry for entry in ludus.games() if entry["id"] == game_id)
    return (
        {**options, "draw_plies_without_capture": 50}
        if "draw_plies_without_capture" in entry["options"]
        else dict(options)
    )


def child_env(extra: Optional[Dict[str, str]] = None) -> Dict[str, str]:
    """The environment for a Python subprocess that imports the package from the source."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(PACKAGE_PARENT) + os.pathsep + env.get("PYTHONPATH", "")
    env["LUDUS_LIBRARY"] = ludus.library_path()
    env.pop("PYTHONSTARTUP", None)
    env.update(extra or {})
    return env


def run_python(
    args: List[str],
    stdin: str = "",
    cwd: Optional[Path] = None,
    env: Optional[Dict[str, str]] = None,
    timeout: float = 120,
) -> subprocess.CompletedProcess:
    """Run ``sys.executable ARGS`` with the given standard input; capture text output."""
    return subprocess.run(
        [sys.executable, *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env or child_env(),
        timeout=timeout,
    )


def tracked_texts() -> Dict[str, str]:
    """Every tracked text file (binary files, with a NUL byte, left out), by its path; outside a
    git checkout, every file of the source tree but the build directories'."""
    try:
        listed = (
            subprocess.run(["git", "ls-files", "-z"], cwd=SOURCE_ROOT, capture_output=True, check=True, timeout=60)
            .stdout.decode()
            .split("\0")
        )
        paths = [p for p in listed if p]
    except (OSError, subprocess.CalledProcessError):
        paths = [
            str(p.relative_to(SOURCE_ROOT))
            for p in SOURCE_ROOT.rglob("*")
            if p.is_file() and not p.relative_to(SOURCE_ROOT).parts[0].startswith(("build", ".git", "node_modules"))
        ]
    texts = {}
    for path in paths:
        file = SOURCE_ROOT / path
        if not file.is_file():  # deleted in the working tree, or a symbolic link to a folder
            continue
        data = file.read_bytes()
        if b"\0" not in data:
            texts[path] = data.decode("utf-8", errors="replace")
    return texts


def play_random(game: "ludus.Game", seed: int, max_moves: int = 100000) -> int:
    """Play random moves (rolling the game's dice) until the game ends; returns the moves."""
    chooser = random.Random(seed)
    moves = 0
    while not game.is_over and moves < max_moves:
        if game.phase == ludus.Phase.ROLL:
            game.roll()
        else:
            game.play(chooser.choice(game.legal_moves))
            moves += 1
    return moves


@pytest.fixture
def petteia():
    with ludus.Game("petteia", seed=1) as game:
        yield game


@pytest.fixture
def duodecim():
    with ludus.Game("duodecim", seed=3) as game:
        yield game


@pytest.fixture(scope="module")
def postgres():
    """A PostgreSQL cluster on a loopback port, one for each test module that asks (the server's
    tests; some stop and restart it)."""
    pytest.importorskip("aiohttp")
    from ludus.server.testing import PostgresCluster

    if not PostgresCluster.available():
        pytest.skip("PostgreSQL is not installed (Debian's postgresql, see .ci/setup)")
    pytest.importorskip("psycopg2")
    cluster = PostgresCluster().start()
    yield cluster
    cluster.stop()
