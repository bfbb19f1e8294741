"""`meson install --destdir` the build into a temporary root, then import the installed
package in a Python process whose environment has only PYTHONPATH (no LUDUS_LIBRARY, no
LD_LIBRARY_PATH): it must find the library installed with it (see ludus/_library.py)."""
import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import PACKAGE_PARENT

BUILD_ROOT = os.environ.get("LUDUS_BUILD_ROOT")

pytestmark = pytest.mark.skipif(not BUILD_ROOT, reason="LUDUS_BUILD_ROOT is not set (run through meson test)")


def meson_command():
    if os.environ.get("LUDUS_MESON"):
        return shlex.split(os.environ["LUDUS_MESON"])
    found = shutil.which("meson")
    if not found:
        pytest.skip("meson is not on PATH")
    return [found]


GAME = """
import ludus, random
print("LIBRARY", ludus.library_path())
print("PACKAGE", ludus.__file__)
chooser = random.Random(1)
for game_id in ludus.game_ids():
    with ludus.Game(game_id, seed=1) as game:
        while not game.is_over:
            if game.phase == ludus.Phase.ROLL:
                game.roll()
            else:
                game.play(chooser.choice(game.legal_moves))
        print(game_id, game.result)
"""


def installed_into(tmp_path):
    """`meson install --destdir` of the build into tmp_path/root; returns the root."""
    root = tmp_path / "root"
    install = subprocess.run(
        [*meson_command(), "install", "-C", BUILD_ROOT, "--no-rebuild", "--destdir", str(root)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert install.returncode == 0, install.stdout + install.stderr
    return root


def sanitizer_env():
    """Only the sanitizer's settings pass through (an ASan build preloads its runtime)."""
    return {key: os.environ[key] for key in ("LD_PRELOAD", "ASAN_OPTIONS", "UBSAN_OPTIONS") if key in os.environ}


def test_installed_package_finds_its_library(tmp_path):
    root = installed_into(tmp_path)
    packages = list(root.rglob("ludus/__init__.py"))
    assert len(packages) == 1, packages
    site = packages[0].parent.parent
    assert (site / "ludus" / "_paths.py").is_file()
    # every module of the source tree is installed (bindings/python/meson.build lists them by hand)
    source = {p.relative_to(PACKAGE_PARENT).as_posix() for p in (PACKAGE_PARENT / "ludus").rglob("*.py")}
    installed = {p.relative_to(site).as_posix() for p in (site / "ludus").rglob("*.py")}
    assert source - installed == set(), "not installed: " + ", ".join(sorted(source - installed))
    env = {"PYTHONPATH": str(site), "PATH": os.environ.get("PATH", "/usr/bin:/bin"), **sanitizer_env()}
    result = subprocess.run(
        [sys.executable, "-c", GAME], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stdout + result.stderr
    lines = dict(line.split(" ", 1) for line in result.stdout.splitlines())
    assert Path(lines["LIBRARY"]).resolve().is_relative_to(root.resolve()), lines["LIBRARY"]
    assert Path(lines["PACKAGE"]).resolve().is_relative_to(root.resolve())
    assert " won" in lines["petteia"] and " won" in lines["duodecim"]
    # and the command line of the installed package
    cli = subprocess.run(
        [sys.executable, "-m", "ludus", "games"], env=env, cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert cli.returncode == 0 and "petteia" in cli.stdout


def test_installed_commands_run_with_any_python_first_on_path(tmp_path):
    """bindir gets `ludus` (the launcher), `ludus-ur-solve` and `ludus-ur-levels`. The launcher runs
    the package installed with it, moved with the whole installation (--destdir), with nothing in
    the environment but a PATH whose first python3 cannot see the package; `ludus solve` runs the
    solver of that bindir, and says where it looked when the solver is gone."""
    root = installed_into(tmp_path)
    launchers = list(root.rglob("bin/ludus"))
    assert len(launchers) == 1, launchers
    bindir = launchers[0].parent
    for name in ("ludus", "ludus-ur-solve", "ludus-ur-levels"):
        assert os.access(bindir / name, os.X_OK), name
    # A python3 first on PATH that is not the one Meson found: it would fail if it were used.
    decoy = tmp_path / "decoy"
    decoy.mkdir()
    (decoy / "python3").write_text("#!/bin/sh\necho the wrong python3 >&2\nexit 3\n")
    (decoy / "python3").chmod(0o755)
    env = {"PATH": f"{decoy}:/usr/bin:/bin", "HOME": str(tmp_path), **sanitizer_env()}
    work = tmp_path / "work"
    work.mkdir()

    def ludus_command(*args):
        return subprocess.run(
            [str(bindir / "ludus"), *args], env=env, cwd=work, capture_output=True, text=True, timeout=120
        )

    games = ludus_command("games")
    assert games.returncode == 0 and "petteia" in games.stdout, games.stdout + games.stderr
    helped = ludus_command("--help")
    assert helped.returncode == 0 and "solve" in helped.stdout and "serve" in helped.stdout
    solved = ludus_command("solve", "ur", "--pieces", "1", "--quiet")
    assert solved.returncode == 0, solved.stdout + solved.stderr
    assert json.loads(solved.stdout)["states"] == 217 and (work / "ur-finkel-1-4.table").is_file()
    (bindir / "ludus-ur-solve").unlink()
    missing = ludus_command("solve", "ur", "--pieces", "1", "--quiet")
    assert missing.returncode == 1
    assert f"{bindir / 'ludus-ur-solve'} (the bindir of meson install): no such file" in missing.stdout, missing.stdout
    # the launcher with its package gone fails in words (it must not pick up another one)
    package = next(root.rglob("ludus/__init__.py")).parent
    shutil.move(str(package), str(tmp_path / "moved-away"))
    gone = ludus_command("games")
    assert gone.returncode == 1 and f"the ludus package is not in {package.parent}" in gone.stderr, gone.stderr
