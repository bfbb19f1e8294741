"""Every figure, count and list of README.md and docs/ that follows from the catalogue
(``ludus_games()``) is either made from it or checked against it here, so that a game, a ruleset
or a level added to the library cannot leave the pages behind: the README's table of games (made
by tools/docs/catalogue_docs.py), the counts of games and rulesets written in words or digits,
the lists of computer levels, the tables that have a row for every game or every ruleset, the
study's index, a page of rules for every game, the README's table of pages, and the package
descriptions. Nothing here names a game: the ids come from the catalogue.

The counts of the library-only build's steps are in test_doc_build_figures.py (it configures
two builds, so it is not in the quick suite).
"""
import importlib.util
import json
import re

import pytest

import ludus
from conftest import SOURCE_ROOT

pytestmark = pytest.mark.quick  # in the quick suite (conftest.py)

CATALOGUE = ludus.games()
README = SOURCE_ROOT / "README.md"
# The pages a user reads (docs/notes/ is the dated history of the work, CHANGELOG.md a record of
# each release: what they say was true on their date).
PAGES = [
    README,
    SOURCE_ROOT / "bindings" / "python" / "README.md",
    SOURCE_ROOT / "bindings" / "js" / "README.md",
    *sorted(
        p for p in (SOURCE_ROOT / "docs").rglob("*.md") if "notes" not in p.relative_to(SOURCE_ROOT / "docs").parts
    ),
]
# The packages' words to their users: docstrings, help texts, the JavaScript API's comments.
SOURCES = [
    *sorted((SOURCE_ROOT / "bindings" / "python" / "ludus").rglob("*.py")),
    *sorted((SOURCE_ROOT / "bindings" / "js" / "src").glob("*.[jt]s")),
]
# The examples and the web app, whose comments and tests' docstrings say how many games they
# cover (their code lists levels for its own reasons: only the counts are checked there).
EXAMPLES = sorted(p for p in (SOURCE_ROOT / "examples").rglob("*") if p.suffix in (".py", ".js", ".mjs", ".c"))

NUMBER_WORDS = {
    word: n
    for n, word in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
        "seventeen eighteen nineteen twenty".split()
    )
}
WORD = "(" + "|".join(NUMBER_WORDS) + ")"
NUMBER = "(" + "|".join(NUMBER_WORDS) + r"|\d+)"


def number(text):
    return int(text) if text.isdigit() else NUMBER_WORDS[text.lower()]


def rulesets(game):
    ruleset = game["options"].get("ruleset")
    return ruleset["values"] if ruleset else []


TOTAL_GAMES = len(CATALOGUE)
TOTAL_RULESETS = sum(max(1, len(rulesets(game))) for game in CATALOGUE)
EVERY_LEVEL = {level for game in CATALOGUE for level in game["levels"] + game["other_levels"]}


def name(path):
    return str(path.relative_to(SOURCE_ROOT))


def text_of(path):
    return path.read_text(encoding="utf-8")


def where(path, text, position):
    return f"{name(path)}:{text.count(chr(10), 0, position) + 1}"


def mentions(text, game):
    """Whether a text names the game: its catalogue name, or its id as a word (an underscore read
    as a space: "xii_scripta" is "XII Scripta")."""
    text = text.lower()
    return (
        game["name"].lower() in text
        or re.search(r"\b" + re.escape(game["id"].replace("_", " ")) + r"\b", text.replace("_", " ")) is not None
    )


# --- counts written in words or digits -------------------------------------------------------

# A count of every game or every ruleset of the library. The patterns leave out counts of games
# played ("the 200 games"): a count of the library's games is written in words.
TOTAL_GAME_CLAIMS = [
    rf"\b(?:the|all|all the|its|library's)\s+{WORD}\s+games\b",
    rf"^{WORD}\s+games:",
    rf"\ball\s+{WORD}\s+of\s+the\s+library's",
]
TOTAL_RULESET_CLAIMS = [rf"\ball\s+(?:the\s+)?{NUMBER}\s+rulesets\b", rf"\b{NUMBER}\s+rulesets\s+in\s+all\b"]


def per_game_ruleset_claims(game):
    """Patterns of a count of one game's rulesets: `"id"`, ... seven rulesets (in parentheses);
    the four rulesets of `id`; NAME has seven reconstructions."""
    game_id, game_name = re.escape(game["id"]), re.escape(game["name"])
    return [
        rf"`\"?{game_id}\"?`[^()`]{{0,40}}?\b{NUMBER}\s+(?:rulesets|reconstructions)\b",
        rf"\b{NUMBER}\s+(?:rulesets|reconstructions)\s+of\s+`{game_id}`",
        rf"{game_name}\s+has\s+{NUMBER}\s+(?:rulesets|reconstructions)\b",
    ]


def claims(paths, pattern):
    """(where, the number written) of every match of pattern in the files."""
    found = []
    for path in paths:
        text = text_of(path)
        for match in re.finditer(pattern, text, re.I | re.M):
            found.append((where(path, text, match.start()), match.group(0), number(match.group(1))))
    return found


def wrong(found, expected):
    return [f'{place}: "{said}" says {n}, the catalogue {expected}' for place, said, n in found if n != expected]


def test_counts_of_the_games_and_rulesets_are_the_catalogues():
    files = PAGES + SOURCES + EXAMPLES
    games = [c for pattern in TOTAL_GAME_CLAIMS for c in claims(files, pattern)]
    every_ruleset = [c for pattern in TOTAL_RULESET_CLAIMS for c in claims(files, pattern)]
    bad = wrong(games, TOTAL_GAMES) + wrong(every_ruleset, TOTAL_RULESETS)
    per_game = 0
    for game in CATALOGUE:
        found = [c for pattern in per_game_ruleset_claims(game) for c in claims(files, pattern)]
        per_game += len(found)
        bad += wrong(found, len(rulesets(game)))
    assert not bad, "counts that differ from the catalogue:\n" + "\n".join(bad)
    # The patterns find what the pages say today (a pattern that found nothing would pass).
    assert len(games) >= 4 and len(every_ruleset) >= 1 and per_game >= 3, (games, every_ruleset, per_game)


def test_a_count_that_differs_is_found():
    """Step off the path: the patterns find a wrong count in each form the pages use."""
    one_game_more = next(word for word, n in NUMBER_WORDS.items() if n == TOTAL_GAMES + 1)
    samples = [
        (f"It plays the {one_game_more} games of the library.", TOTAL_GAME_CLAIMS, TOTAL_GAMES + 1),
        (f"the study of all {TOTAL_RULESETS - 4} rulesets", TOTAL_RULESET_CLAIMS, TOTAL_RULESETS - 4),
    ]
    for sample, patterns, said in samples:
        found = [number(m.group(1)) for p in patterns for m in re.finditer(p, sample, re.I | re.M)]
        assert found == [said], sample
    game = next(g for g in CATALOGUE if len(rulesets(g)) > 1)
    sample = f'(`"{game["id"]}"`, three dice, {len(rulesets(game)) + 1} rulesets)'
    assert [number(m.group(1)) for p in per_game_ruleset_claims(game) for m in re.finditer(p, sample)] == [
        len(rulesets(game)) + 1
    ], sample


# --- lists of the computer's levels ------------------------------------------------------------

LEVEL_TOKEN = re.compile(r"(?:`{1,2}\"?|\")(\w+)(?:\"?`{1,2}|\")")


def without_made_parts(text):
    """The text with its parts made from the catalogue blanked (their lines kept, so that line
    numbers hold): a game's row lists that game's levels, not every level."""
    generator = load_generator()
    return generator.PART.sub(lambda m: "\n" * m.group(0).count("\n"), text)


def level_lists(text):
    """(position, the level names written) of every list of the levels: a quoted `random`
    followed by `greedy` as the next quoted name, and `easy` and `medium` in the same sentence
    (a list of the levels, not two players named)."""
    found = []
    for match in LEVEL_TOKEN.finditer(text):
        if match.group(1) != "random":
            continue
        following = LEVEL_TOKEN.search(text, match.end())
        if following is None or following.group(1) != "greedy" or following.start() - match.end() > 8:
            continue
        end = re.compile(r"\.(?:\s|$)|;\n").search(text, match.end())
        sentence = text[match.start() : end.start() if end else len(text)]
        written = {m.group(1) for m in LEVEL_TOKEN.finditer(sentence)}
        if {"easy", "medium"} <= written:
            found.append((match.start(), written))
    return found


def test_every_list_of_levels_names_every_level():
    bad, lists = [], 0
    for path in PAGES + SOURCES:
        text = without_made_parts(text_of(path))
        for position, written in level_lists(text):
            lists += 1
            missing = EVERY_LEVEL - written
            if missing:
                bad.append(f"{where(path, text, position)}: a list of levels without {', '.join(sorted(missing))}")
    assert (
        not bad
    ), "lists of the computer's levels that leave some out (the catalogue's levels and other_levels):\n" + "\n".join(
        bad
    )
    assert lists >= 4, lists


def test_a_list_of_levels_without_one_is_found():
    some = sorted(EVERY_LEVEL - {"random", "greedy"})
    text = "Levels (`random`, `greedy`, " + ", ".join(f"`{level}`" for level in some[:-1]) + "). More."
    ((position, written),) = level_lists(text)
    assert EVERY_LEVEL - written == {some[-1]}


# --- tables with a row for every game or every ruleset -----------------------------------------


def table_after(path, header_start):
    """The rows of the Markdown table whose header line starts with header_start (not its
    header and rule), as lines (a table in a list item is indented)."""
    lines = [line.strip() for line in text_of(path).splitlines()]
    for number, line in enumerate(lines):
        if line.startswith(header_start):
            rows = []
            for row in lines[number + 2 :]:
                if not row.startswith("|"):
                    break
                rows.append(row)
            return rows
    pytest.fail(f"{name(path)} has no table starting {header_start!r} (update this test if it was renamed)")


# (page, the start of the table's header): tables that have a row for every game
TABLES_OF_GAMES = [
    (README, "| game | against `greedy` | against `medium` |"),
    (SOURCE_ROOT / "docs" / "javascript.md", "| random playouts, plies/s |"),
]


@pytest.mark.parametrize("page,header", TABLES_OF_GAMES, ids=[f"{name(p)}: {h}" for p, h in TABLES_OF_GAMES])
def test_a_table_of_every_game_has_a_row_for_each(page, header):
    rows = table_after(page, header)
    missing = [game["id"] for game in CATALOGUE if not any(mentions(row.split("|")[1], game) for row in rows)]
    assert not missing, f"{name(page)}, the table {header!r}, has no row for {', '.join(missing)}"


def test_the_table_of_every_ruleset_has_a_row_for_each():
    """docs/performance.md's instructions a ply: one row a ruleset, each multi-ruleset game's
    rulesets named, each one-ruleset game by its name."""
    page = SOURCE_ROOT / "docs" / "performance.md"
    rows = [row.split("|")[1] for row in table_after(page, "| ruleset | plies a game |")]
    assert len(rows) == TOTAL_RULESETS, f"{name(page)}: {len(rows)} rows, {TOTAL_RULESETS} rulesets in the catalogue"
    for game in CATALOGUE:
        for ruleset in rulesets(game):
            assert any(f"`{ruleset}`" in row for row in rows), f"{name(page)}: no row for {game['id']} {ruleset}"
        if not rulesets(game):
            assert any(mentions(row, game) for row in rows), f"{name(page)}: no row for {game['id']}"


def test_the_study_has_every_ruleset():
    """docs/analysis/index.md: a report of each ruleset (ID-RULESET, or ID for a game of one)."""
    index = text_of(SOURCE_ROOT / "docs" / "analysis" / "index.md")
    reports = set(re.findall(r"\]\(([\w-]+)/report\.md\)", index))
    expected = {f"{g['id']}-{r}" for g in CATALOGUE for r in rulesets(g)} | {
        g["id"] for g in CATALOGUE if not rulesets(g)
    }
    assert expected <= reports, f"the study has no report of {sorted(expected - reports)}"


def test_every_game_has_its_place_among_the_computer_players():
    """docs/computer-players.md describes each game's player in a bullet of its own."""
    bullets = re.findall(r"^- \*\*([^*]+)\*\*", text_of(SOURCE_ROOT / "docs" / "computer-players.md"), re.M)
    missing = [game["id"] for game in CATALOGUE if not any(mentions(bullet, game) for bullet in bullets)]
    assert not missing, f"docs/computer-players.md has no bullet for {missing}"


# --- pages -------------------------------------------------------------------------------------


def test_every_game_has_a_page_of_rules_and_every_page_a_game():
    rules = {p.stem.replace("-", "_") for p in (SOURCE_ROOT / "docs" / "rules").glob("*.md")}
    assert rules == {game["id"] for game in CATALOGUE}


def test_every_ruleset_is_in_its_games_rules():
    """A game's page of rules names each of its rulesets as the option's value."""
    for game in CATALOGUE:
        page = next(p for p in (SOURCE_ROOT / "docs" / "rules").glob("*.md") if p.stem.replace("-", "_") == game["id"])
        missing = [r for r in rulesets(game) if f"`{r}`" not in text_of(page)]
        assert not missing, f"{name(page)} does not name the rulesets {missing}"


def test_every_option_is_documented():
    """Each game's options are named on its page of rules (the seed, every game's, by the header:
    `"seed"`), and every picture option in the C API's section on pictures."""
    c_api = text_of(SOURCE_ROOT / "docs" / "c-api.md")
    header = text_of(SOURCE_ROOT / "include" / "ludus" / "ludus.h")
    for game in CATALOGUE:
        page = next(p for p in (SOURCE_ROOT / "docs" / "rules").glob("*.md") if p.stem.replace("-", "_") == game["id"])
        missing = [
            o for o in game["options"] if (f'"{o}"' not in header if o == "seed" else f"`{o}`" not in text_of(page))
        ]
        assert not missing, f"the options {missing} of {game['id']} are not named in {name(page)}"
        pictures = c_api[c_api.index("## Board pictures") :]
        missing = sorted(
            {o for kind in ("svg", "text") for o in game["render_options"][kind] if f"`{o}`" not in pictures}
        )
        assert (
            not missing
        ), f"the picture options {missing} of {game['id']} are not named in docs/c-api.md's Board pictures"


def test_the_readme_links_every_page():
    """The README's table of pages names every page of docs/ and docs/rules/, and the study's index."""
    text = text_of(README)
    table = text[text.index("## Where everything else is") :]
    linked = set(re.findall(r"\]\((docs/[^)#]+)\)", table))
    pages = {name(p) for p in (SOURCE_ROOT / "docs").glob("*.md")} | {
        name(p) for p in (SOURCE_ROOT / "docs" / "rules").glob("*.md")
    }
    pages.add("docs/analysis/index.md")
    assert not pages - linked, f"pages missing from the README's table of pages: {sorted(pages - linked)}"


def test_the_steps_of_continuous_integration_are_documented():
    """docs/testing.md's table of .ci/run's steps: one row a step, the same numbers."""
    run_steps = [int(n) for n in re.findall(r'^\s*step "(\d+)\.', text_of(SOURCE_ROOT / ".ci" / "run"), re.M)]
    rows = table_after(SOURCE_ROOT / "docs" / "testing.md", "| step | what |")
    assert [int(row.split("|")[1]) for row in rows] == run_steps


# --- made from the catalogue -------------------------------------------------------------------


def load_generator():
    spec = importlib.util.spec_from_file_location(
        "catalogue_docs", SOURCE_ROOT / "tools" / "docs" / "catalogue_docs.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_parts_made_from_the_catalogue_are_current():
    generator = load_generator()
    for page in generator.PAGES:
        text = text_of(page)
        assert generator.PART.search(text), f"{name(page)} has no part made from the catalogue"
        assert (
            generator.rewrite(text, CATALOGUE) == text
        ), f"{name(page)} differs from the catalogue: run `python3 tools/docs/catalogue_docs.py` (with LUDUS_LIBRARY)"


def test_the_table_of_games_follows_the_catalogue():
    """Step off the path: a game's ruleset removed, a level added or a game added in the
    catalogue changes the table; the words of a game's row are kept."""
    generator = load_generator()
    text = text_of(README)
    catalogue = json.loads(json.dumps(CATALOGUE))
    game = next(g for g in catalogue if rulesets(g))
    dropped = game["options"]["ruleset"]["values"].pop()
    assert (
        f"`{dropped}`"
        not in generator.rewrite(text, catalogue)
        .split("<!-- /catalogue:games -->")[0]
        .split(f"| `{game['id']}` |")[1]
        .split("\n")[0]
    )
    catalogue[0]["other_levels"].append("oracle")
    catalogue.append(dict(catalogue[0], id=catalogue[0]["id"], name="A game not yet described"))
    rewritten = generator.rewrite(text, catalogue)
    assert "`oracle`" in rewritten and "A game not yet described" not in rewritten  # same id: its words are kept
    assert rewritten.count(f"| `{catalogue[0]['id']}` |") == 2


# --- package descriptions ----------------------------------------------------------------------


def test_the_packages_name_every_game():
    pyproject = text_of(SOURCE_ROOT / "pyproject.toml")
    description = re.search(r'^description = "([^"]*)"', pyproject, re.M).group(1)
    package = json.loads(text_of(SOURCE_ROOT / "bindings" / "js" / "package.json"))
    for game in CATALOGUE:
        assert game["name"] in description, f"pyproject.toml's description does not name {game['name']}"
        assert (
            game["name"] in package["description"]
        ), f"bindings/js/package.json's description does not name {game['name']}"
        assert (
            game["id"].replace("_", "-") in package["keywords"]
        ), f"bindings/js/package.json's keywords lack {game['id']}"
    python_readme = text_of(SOURCE_ROOT / "bindings" / "python" / "README.md")
    assert all(f'`"{game["id"]}"`' in python_readme for game in CATALOGUE)


def test_the_js_readme_prints_the_catalogues_ids():
    text = text_of(SOURCE_ROOT / "bindings" / "js" / "README.md")
    printed = re.search(r"console\.log\(games\(\)\.map\(\(g\) => g\.id\)\);\s*// (\[.*\])", text).group(1)
    assert json.loads(printed) == [game["id"] for game in CATALOGUE]
