"""`meson install --destdir` the build into a temporary root, then import the installed
package in a Python process whose environment has only PYTHONPATH (no LUDUS_LIBRARY, no
LD_LIBRARY_PATH): it must find the library installed with it (see ludus/_library.py)."""
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


def test_installed_package_finds_its_library(tmp_path):
    root = tmp_path / "root"
    install = subprocess.run([*meson_command(), "install", "-C", BUILD_ROOT, "--no-rebuild", "--destdir", str(root)],
                             capture_output=True, text=True, timeout=300)
    assert install.returncode == 0, install.stdout + install.stderr
    packages = list(root.rglob("ludus/__init__.py"))
    assert len(packages) == 1, packages
    site = packages[0].parent.parent
    assert (site / "ludus" / "_paths.py").is_file()
    # every module of the source tree is installed (bindings/python/meson.build lists them by hand)
    source = {p.relative_to(PACKAGE_PARENT).as_posix() for p in (PACKAGE_PARENT / "ludus").rglob("*.py")}
    installed = {p.relative_to(site).as_posix() for p in (site / "ludus").rglob("*.py")}
    assert source - installed == set(), "not installed: " + ", ".join(sorted(source - installed))
    env = {"PYTHONPATH": str(site), "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    # Only the sanitizer's settings pass through (an ASan build preloads its runtime).
    env.update({key: os.environ[key] for key in ("LD_PRELOAD", "ASAN_OPTIONS", "UBSAN_OPTIONS") if key in os.environ})
    result = subprocess.run([sys.executable, "-c", GAME], env=env, cwd=tmp_path, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = dict(line.split(" ", 1) for line in result.stdout.splitlines())
    assert Path(lines["LIBRARY"]).resolve().is_relative_to(root.resolve()), lines["LIBRARY"]
    assert Path(lines["PACKAGE"]).resolve().is_relative_to(root.resolve())
    assert " won" in lines["petteia"] and " won" in lines["duodecim"]
    # and the command line of the installed package
    cli = subprocess.run([sys.executable, "-m", "ludus", "games"], env=env, cwd=tmp_path, capture_output=True,
                         text=True, timeout=60)
    assert cli.returncode == 0 and "petteia" in cli.stdout
