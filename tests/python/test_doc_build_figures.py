"""The README's share of the build's steps is the build's: a fresh ``meson setup`` of the
source with ``-Dtests=false`` and one with the defaults, each counted with ``ninja -n`` (the
steps a first ``meson compile`` runs). The README gives a share in words, not the two counts,
which change with every game's sources; the share is the nearest of SHARES to the counts'. Registered on its own by tests/python/meson.build
('docs build figures'): it configures two builds, which takes longer than the quick suite may.
"""
import os
import re
import shutil
import subprocess

import pytest

from conftest import SOURCE_ROOT

STEPS = re.compile(r"`-Dtests=false` compiles\s+about\s+(.+?)\s+the\s+steps\s+of\s+the\s+default\s+build")
SHARES = {"a quarter": 1 / 4, "a third": 1 / 3, "half": 1 / 2, "two thirds": 2 / 3, "three quarters": 3 / 4}


def nearest_share(part, whole):
    return min(SHARES, key=lambda words: abs(SHARES[words] - part / whole))


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


def test_the_readme_gives_the_library_only_builds_share_of_the_steps(tmp_path):
    said = STEPS.search((SOURCE_ROOT / "README.md").read_text(encoding="utf-8"))
    assert said, "README.md no longer says what share of the steps -Dtests=false compiles: update this test"
    assert said.group(1) in SHARES, f"README.md says {said.group(1)!r}, not one of {sorted(SHARES)}"
    library_only, everything = steps_of_a_fresh_build(tmp_path / "library", "-Dtests=false"), steps_of_a_fresh_build(
        tmp_path / "all"
    )
    assert library_only < everything
    measured = nearest_share(library_only, everything)
    assert (
        said.group(1) == measured
    ), f"README.md says {said.group(1)}; the build has {library_only} of {everything} steps, nearer {measured}"


def test_a_share_is_the_nearest_in_words():
    """Step off the path: the words name the nearest share, so a README that said half of a build
    whose library is a third of it fails."""
    assert nearest_share(63, 124) == "half"
    assert nearest_share(41, 124) == "a third"
    assert nearest_share(95, 124) == "three quarters"
    assert STEPS.search("`-Dtests=false` compiles\nabout half the steps of the default build").group(1) == "half"
