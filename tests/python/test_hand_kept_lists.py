"""No list of games kept by hand: what is true of every game is taken from the catalogue
(``ludus.games()``, ``ludus_games()``, JavaScript's ``games()``), so that a game registered is
built, tested, fuzzed and shown the day it is registered, and no list forgets it.

The rule, checked over every tracked text file:

* The game ids are the catalogue's (``ludus.game_ids()``), never a list in this file.
* An id *occurs* on a line where it stands as a whole word: the id, case and all, not next to a
  letter, a digit or ``_`` (so ``ur`` occurs in ``"ur"``, ``ur/ur.cpp`` and ``ur-finkel``, not in
  ``ur_ai``, ``royalur`` or ``Ur``).
* A *list* is two or more distinct ids occurring within three consecutive lines. A file's
  *places* are its lists, those whose lines are at most two apart counted as one place.
* Not scanned: Markdown (prose: the documentation pages, with their own checks) and a game's own
  files, those whose path names exactly one game (``lib/ur/...``, ``tests/core/test_ur.cpp``,
  ``examples/web/rules/en/ur.md``, ``lib/ur/saved/ur-v1.json``).

A file with places fails unless it is in ``ALLOWED`` with exactly that many places and the reason
it cannot do without them; an allowed file with fewer places than its entry fails too, so the list
stays exact and can only shrink. Fix a place by looping over the catalogue (a test over every game
or ruleset, data the game gives through the catalogue or its own JSON), or move the file into the
game's folder; allow it only for what is a list by design.
"""
import os
import re
from typing import Dict, List, Set, Tuple

import pytest

import ludus
from conftest import tracked_texts

pytestmark = pytest.mark.quick  # in the quick suite (conftest.py)

WINDOW = 3  # lines

DOCS = "documentation in the code (docstrings, help, comments) that names games as examples of a rule"
EXAMPLES = "tests of one rule that name the games they are about, as examples, not as the set of all games"
GAME_TYPES = "C++ tests and benchmarks of the rules' types, which include each game's header (a compile-time list)"
BENCH = "benchmarks with a row for each game and ruleset measured, named as docs/performance.md reports them"

# Path: (places, why). Shrinks as places are fixed; never grows without a reason a list is right.
ALLOWED: Dict[str, Tuple[int, str]] = {
    "bindings/js/src/index.d.ts": (1, DOCS),
    "bindings/js/tests/api.test.js": (2, EXAMPLES + " (Petteia's and Duodecim's pictures)"),
    "bindings/js/tests/edges.test.js": (
        1,
        EXAMPLES + " (an agreed draw, a race borne off, seeds of a race and a capture game)",
    ),
    "bindings/js/tests/leaks.test.js": (4, EXAMPLES + " (one board game and one race game, played over and over)"),
    "bindings/python/ludus/__init__.py": (1, DOCS),
    "bindings/python/ludus/analysis/study.py": (
        1,
        "the study's report links Petteia's board-size page, a study of that game",
    ),
    "bindings/python/ludus/cli/__init__.py": (1, DOCS),
    "examples/python/pictures.py": (2, "an example program that draws two games"),
    "examples/web/browser_test.py": (
        12,
        EXAMPLES + " (whole games by taps with each game's options, its printed sheets, its lessons in"
        " other languages and sizes, its screenshots, the review and the lessons' progress walked"
        " through on chosen games)",
    ),
    "examples/web/tests/modules.test.mjs": (
        3,
        EXAMPLES + " (the printed sheet's geometry, the review's scales, binary and cubic dice)",
    ),
    "lib/meson.build": (1, "one subdir line a game binds its folder's sources: the one list there is, by design"),
    "lib/registry_games.hpp": (
        1,
        "the registry's list of games binds each game's folder with one line and includes its header: by design",
    ),
    "tests/bench/bench.cpp": (5, BENCH),
    "tests/bench/callgrind.sh": (1, BENCH),
    "tests/capi/test_capi_json.cpp": (2, EXAMPLES),
    "tests/capi/test_capi_vocabulary.cpp": (1, EXAMPLES),
    "tests/core/core_test_support.hpp": (2, EXAMPLES + " (a board game and a race game in play)"),
    "tests/core/test_ai.cpp": (2, GAME_TYPES + " (hand-made positions of the games whose players they test)"),
    "tests/core/test_framework.cpp": (1, GAME_TYPES),
    "tests/python/test_analysis.py": (3, EXAMPLES),
    "tests/python/test_edges.py": (3, EXAMPLES),
    "tests/python/test_end_reasons.py": (
        1,
        "the docstring names the rules pages of the games whose end reasons it tests",
    ),
    "tests/python/test_errors.py": (1, EXAMPLES + " (fixtures of a board game and a race game)"),
    "tests/python/test_game.py": (2, EXAMPLES + " (fixtures of a board game and a race game)"),
    "tests/python/test_install.py": (1, EXAMPLES + " (a game of each kind from the installed package)"),
    "tests/python/test_render_py.py": (2, EXAMPLES),
    "tests/python/test_self_contained.py": (1, "a sanity check that the tracked files are read names two rules pages"),
    "tests/python/test_selfplay.py": (1, EXAMPLES),
    "tests/python/test_server.py": (1, "the server's games, left to the change that makes the server robust"),
    "tests/python/test_server_faults.py": (
        1,
        EXAMPLES + " (two games short enough to finish 50 under a database restart)",
    ),
    "tests/quickstart/run.py": (1, "the README quick starts' game ids broken on purpose, to see that the check fails"),
    "tests/render/test_render.py": (4, EXAMPLES + "; each game's own picture checks, keyed by id"),
}


def id_pattern(ids: List[str]) -> "re.Pattern[str]":
    """An id as a whole word: not next to a letter, a digit or an underscore."""
    return re.compile(
        "|".join(rf"(?<![A-Za-z0-9_]){re.escape(i)}(?![A-Za-z0-9_])" for i in sorted(ids, key=len, reverse=True))
    )


def own_game(path: str, ids: List[str]) -> bool:
    """Whether the path names exactly one game (a game's own folder or file), ids delimited by
    anything but a letter or a digit (``test_xii_scripta_net.cpp``, ``lib/ur/ur.cpp``)."""
    named = {i for i in ids if re.search(rf"(?<![a-z0-9]){re.escape(i)}(?![a-z0-9])", path)}
    return len(named) == 1


def places(text: str, pattern: "re.Pattern[str]") -> List[Tuple[int, Set[str]]]:
    """The lists of ids in a text: for each place, its first line (from 1) and the ids in it."""
    lines = text.splitlines()
    found = [set(pattern.findall(line)) for line in lines]
    listed: Set[int] = set()
    for start in range(len(lines)):
        window = range(start, min(start + WINDOW, len(lines)))
        if len(set().union(*(found[i] for i in window))) >= 2:
            listed.update(i for i in window if found[i])
    out: List[Tuple[int, Set[str]]] = []
    last = -WINDOW
    for i in sorted(listed):
        if i - last >= WINDOW:
            out.append((i + 1, set()))
        out[-1][1].update(found[i])
        last = i
    return out


def scanned(path: str, ids: List[str]) -> bool:
    return not path.endswith(".md") and not own_game(path, ids)


def offences(texts: Dict[str, str], ids: List[str]) -> Dict[str, List[Tuple[int, Set[str]]]]:
    """The places of every scanned file that has any, by path."""
    pattern = id_pattern(ids)
    out = {}
    for path, text in texts.items():
        if scanned(path, ids):
            found = places(text, pattern)
            if found:
                out[path] = found
    return out


def describe(path: str, found: List[Tuple[int, Set[str]]]) -> str:
    return f"{path}: {len(found)} places: " + ", ".join(f"line {line} ({' '.join(sorted(ids))})" for line, ids in found)


def problems(found: Dict[str, List[Tuple[int, Set[str]]]]) -> List[str]:
    """What is wrong with the places found, against ALLOWED."""
    new = [
        f"{describe(path, f)}: games listed by hand (loop over the catalogue instead)"
        for path, f in sorted(found.items())
        if path not in ALLOWED
    ]
    changed = [
        f"{describe(path, found[path])}; ALLOWED says {ALLOWED[path][0]} (fewer: lower the count; "
        "more: loop over the catalogue instead)"
        for path in sorted(ALLOWED)
        if path in found and len(found[path]) != ALLOWED[path][0]
    ]
    gone = [f"{path}: no place any more (take it out of ALLOWED)" for path in sorted(ALLOWED) if path not in found]
    return new + changed + gone


def test_no_list_of_games_is_kept_by_hand():
    ids = ludus.game_ids()
    assert len(ids) >= 2
    wrong = problems(offences(tracked_texts(), ids))
    assert not wrong, "\n".join(wrong)


def test_the_build_s_games_are_the_catalogue_s():
    """Each folder's meson.build adds its id to the build's game_ids (the list the build reads for
    each game's tests and schema); the registry binds the same games."""
    built = os.environ.get("LUDUS_GAME_IDS")
    if built is None:
        pytest.skip("no LUDUS_GAME_IDS: the meson test run gives the build's game_ids")
    assert sorted(built.split()) == sorted(ludus.game_ids())


def test_every_allowed_place_says_why():
    for path, (count, why) in ALLOWED.items():
        assert count > 0 and len(why) > 20, path


# ---- the rule itself ------------------------------------------------------------------------

IDS = ["alpha", "beta_x", "ga"]  # made-up ids: the rule, not the catalogue


def test_two_ids_within_three_lines_are_a_list():
    pattern = id_pattern(IDS)
    assert places('games = ["alpha", "beta_x"]\n', pattern) == [(1, {"alpha", "beta_x"})]
    assert places('{"alpha",\n 1,\n "ga"}\n', pattern) == [(1, {"alpha", "ga"})]
    assert places("x\nalpha\ny\nz\nga\n", pattern) == []  # four lines apart: each on its own
    assert places('play("alpha")\nplay("alpha")\n', pattern) == []  # one game, twice
    # one list over many lines, one place; two lists far apart, two places
    assert places("alpha\nbeta_x\nga\nalpha\n", pattern) == [(1, {"alpha", "beta_x", "ga"})]
    assert len(places("alpha ga\n\n\n\n\nalpha beta_x\n", pattern)) == 2


def test_an_id_counts_as_a_whole_word_only():
    pattern = id_pattern(IDS)
    assert places("alphabet beta_xy ga_ai Ga xga\n", pattern) == []
    assert places("lib/ga/ga.cpp alpha-v1.json\n", pattern) == [(1, {"alpha", "ga"})]


def test_a_game_s_own_files_and_prose_are_not_scanned():
    assert not scanned("lib/ga/ga.cpp", IDS) and not scanned("tests/core/test_beta_x_net.cpp", IDS)
    assert not scanned("README.md", IDS)
    assert scanned("tests/core/test_alpha_ga.cpp", IDS) and scanned("lib/registry_games.hpp", IDS)


def test_a_list_put_back_where_one_was_taken_out_fails():
    """Today's fixed places (tests that once skipped a game) fail again with a list of two
    catalogue ids put back into them."""
    ids = ludus.game_ids()
    texts = tracked_texts()
    for path in FIXED:
        listed = dict(texts)
        listed[path] = texts[path] + "\nGAMES = [" + ", ".join(f'"{i}"' for i in ids[:2]) + "]\n"
        wrong = problems(offences(listed, ids))
        assert len(wrong) == 1 and wrong[0].startswith(path + ":"), (path, wrong)


FIXED = [
    "tests/python/test_ai.py",
    "tests/python/test_edges.py",
    "tests/capi/test_capi_json.cpp",
    "bindings/js/tests/edges.test.js",
    # the web app's lists of games, now each game's lib/<id>/app/ and the catalogue
    "examples/web/app/state.js",
    "examples/web/app/print.js",
    "examples/web/sw.js",
    "examples/web/i18n/en.json",
    "examples/web/rules/meson.build",
    # the packages' descriptions and keywords, which describe the library, not its games one by one
    "bindings/js/package.json",
    "pyproject.toml",
    # the readers of each game's saved files and won positions, which loop over the catalogue
    "tests/capi/test_saved_files.c",
    "tests/fuzz/make_corpus.cpp",
    "tests/bench/won_positions.py",
    # the benchmarks of every ruleset, whose rows are the catalogue's rulesets (bench labels)
    "tests/bench/rulesets.sh",
    "tests/bench/setup.sh",
]
