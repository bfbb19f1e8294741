"""The README's counts of the build's steps are the build's: a fresh ``meson setup`` of the
source with ``-Dtests=false`` and one with the defaults, each counted with ``ninja -n`` (the
steps a first ``meson compile`` runs). Registered on its own by tests/python/meson.build
('docs build figures'): it configures two builds, which takes longer than the quick suite may.
"""
import os
import re
import shutil
import subprocess

import pytest

from conftest import SOURCE_ROOT

STEPS = re.compile(r"`-Dtests=false` compiles (\d+)\s+steps instead of (\d+)")


def steps_of_a_fresh_build(folder, *options):
    meson = os.environ.get("LUDUS_MESON") or shutil.which("meson")
    ninja = shutil.which("ninja")
    if meson is None or ninja is None:
        pytest.skip("no meson or ninja")
    # A plain set-up: without the sanitizer runtime the tests may preload for the library.
    env = {name: value for name, value in os.environ.items() if name != "LD_PRELOAD"}
    subprocess.run(
        [meson, "setup", str(folder), str(SOURCE_ROOT), *options], check=True, capture_output=True, timeout=600, env=env
    )
    planned = subprocess.run(
        [ninja, "-C", str(folder), "-n"], check=True, capture_output=True, text=True, timeout=600
    ).stdout
    counts = re.findall(r"^\[\d+/(\d+)\]", planned, re.M)
    assert counts, planned[-2000:]
    return int(counts[-1])


def test_the_readme_counts_the_library_only_builds_steps(tmp_path):
    said = STEPS.search((SOURCE_ROOT / "README.md").read_text(encoding="utf-8"))
    assert said, "README.md no longer says how many steps -Dtests=false compiles: update this test"
    library_only, everything = steps_of_a_fresh_build(tmp_path / "library", "-Dtests=false"), steps_of_a_fresh_build(
        tmp_path / "all"
    )
    assert (int(said.group(1)), int(said.group(2))) == (
        library_only,
        everything,
    ), f"README.md says {said.group(1)} and {said.group(2)} steps; the build has {library_only} and {everything}"
