"""Every figure, count and list of README.md and docs/ that follows from the catalogue
(``ludus_games()``) is either made from it or checked against it here, so that a game, a ruleset
or a level added to the library cannot leave the pages behind: the README's table of games (made
by tools/docs/catalogue_docs.py), the counts written in words or digits (a count of every game is
not written at all: it would go stale with the next game), the lists of computer levels, each
game's measured figures on its own page of rules (section "Measured", a table a kind of figure),
the study's index, a page of rules for every game, the README's table of pages, and the package
descriptions (which name no game). Nothing here names a game: the ids come from the catalogue.
A game added touches no general page: its figures are on its own page.

The README's words on the library-only build's steps are in test_doc_build_figures.py (it
configures two builds, so it is not in the quick suite).
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
    # The per-game patterns find what the pages say today (a pattern that found nothing would
    # pass); the counts of every game are found by test_a_count_that_differs_is_found.
    assert per_game >= 2, per_game


def test_no_page_counts_every_game():
    """A count of all the library's games or rulesets goes stale with the next game: the pages
    and the packages' words say "every game" (and "every ruleset"), so that a game added touches
    none of them. (A count of one game's rulesets stays true and is checked above.)"""
    files = PAGES + SOURCES
    found = [c for pattern in TOTAL_GAME_CLAIMS + TOTAL_RULESET_CLAIMS for c in claims(files, pattern)]
    assert not found, "counts of every game or ruleset, to be written without the number:\n" + "\n".join(
        f'{place}: "{said}"' for place, said, _ in found
    )


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


# Each game's measured figures are on its own page of rules, in one section of this name, so that
# a game added writes them there and touches no general page (README.md, docs/javascript.md,
# docs/performance.md and docs/computer-players.md give the method and point to these sections).
MEASURED = "## Measured"
# Its tables, each under a heading of its own: (heading, whether every ruleset must be accounted
# for). A table's first column is the ruleset: each of the game's rulesets named there as
# `ruleset` (a ruleset not measured in a row that says so) or a row for "every ruleset"; a game
# of one ruleset has at least one row. The study's rows are instead those of docs/analysis/
# index.md for the game's reports (no ruleset must have a report). A table not yet made is a
# paragraph NOT_YET under its heading.
MEASURED_TABLES = [
    ("### Computer levels", True),
    ("### Playout speed", True),
    ("### Instructions a ply", True),
    ("### The study", False),
]
NOT_YET = "Not yet measured."
STUDY = SOURCE_ROOT / "docs" / "analysis"


def rules_page(game):
    return SOURCE_ROOT / "docs" / "rules" / (game["id"].replace("_", "-") + ".md")


def section(text, heading):
    """The lines under a Markdown heading, to the next heading of its level or above (None
    without the heading)."""
    lines = text.splitlines()
    level = heading.split()[0]
    for number, line in enumerate(lines):
        if line.strip() == heading:
            rest = lines[number + 1 :]
            end = next(
                (i for i, row in enumerate(rest) if row.startswith("#") and len(row.split()[0]) <= len(level)),
                len(rest),
            )
            return rest[:end]
    return None


def first_table(lines):
    """(header cells, rows as lists of cells) of the first Markdown table in lines, or None."""
    for number, line in enumerate(lines):
        if line.startswith("|"):
            header = [cell.strip() for cell in line.strip().strip("|").split("|")]
            rows = []
            for row in lines[number + 2 :]:
                if not row.startswith("|"):
                    break
                rows.append(row)
            return header, rows
    return None


def study_rows_of(game, index_text):
    """The rows of the study's index that are the game's reports (folder ID or ID-RULESET)."""
    report = re.compile(r"^\| \[[^]]*\]\(" + re.escape(game["id"]) + r"(?:-\w+)?/report\.md\)")
    return [line for line in index_text.splitlines() if report.match(line)]


def measured_problems(text, game, index_text):
    """What is wrong with the section Measured of a game's page (its text), or []."""
    measured = section(text, MEASURED)
    if measured is None:
        return [f"no section {MEASURED!r}"]
    problems = []
    for heading, every_ruleset in MEASURED_TABLES:
        lines = section("\n".join(measured), heading)
        if lines is None:
            problems.append(f"no {heading!r} in {MEASURED!r}")
            continue
        table = first_table(lines)
        not_yet = any(line.strip() == NOT_YET for line in lines)
        if table is None:
            if not not_yet:
                problems.append(f"{heading}: neither a table nor {NOT_YET!r}")
            elif not every_ruleset and study_rows_of(game, index_text):
                problems.append(f"{heading}: {NOT_YET!r}, but docs/analysis/index.md has the game's reports")
            continue
        if not_yet:
            problems.append(f"{heading}: a table and {NOT_YET!r} both")
        header, rows = table
        if header[0] != "ruleset":
            problems.append(f"{heading}: the first column is {header[0]!r}, not 'ruleset'")
        if not rows:
            problems.append(f"{heading}: a table without rows")
        elif every_ruleset:
            first = [row.split("|")[1] for row in rows]
            if not any("every ruleset" in cell for cell in first):
                missing = [r for r in rulesets(game) if not any(f"`{r}`" in cell for cell in first)]
                if missing:
                    problems.append(f"{heading}: no row for the rulesets {missing}")
        else:  # the study: the index's rows of the game's reports, links from docs/rules/
            on_page = [row.replace("](../analysis/", "](") for row in rows]
            expected = study_rows_of(game, index_text)
            if on_page != expected:
                differ = sorted(set(on_page) ^ set(expected)) or ["(the order)"]
                problems.append(f"{heading}: the rows are not docs/analysis/index.md's for the game: {differ}")
    return problems


def test_every_game_s_page_has_its_measured_figures():
    index = text_of(STUDY / "index.md")
    bad = [
        f"{name(rules_page(game))}: {problem}"
        for game in CATALOGUE
        for problem in measured_problems(text_of(rules_page(game)), game, index)
    ]
    assert not bad, "\n".join(bad)


def test_a_game_s_figures_missing_or_wrong_are_found():
    """Step off the path: each rule of the section Measured fails on a page that breaks it, and
    a game whose tables are not yet made passes by saying so."""
    game = next(g for g in CATALOGUE if len(rulesets(g)) > 1)
    page = text_of(rules_page(game))
    index = text_of(STUDY / "index.md")
    assert measured_problems(page, game, index) == []
    assert measured_problems(page.replace(MEASURED, "## Figures"), game, index) == [f"no section {MEASURED!r}"]
    # a ruleset's row taken out of the table that names each (the other tables name it in a
    # row of several, or say "every ruleset")
    last = rulesets(game)[-1]
    without = "\n".join(line for line in page.splitlines() if not line.startswith(f"| `{last}` |"))
    assert measured_problems(without, game, index) == [
        f"{MEASURED_TABLES[2][0]}: no row for the rulesets ['{last}']"
    ], last
    # a table that also says it is not yet made; a table whose first column is not the ruleset
    levels = MEASURED_TABLES[0][0]
    both = page.replace(levels + "\n", f"{levels}\n\n{NOT_YET}\n", 1)
    assert measured_problems(both, game, index) == [f"{levels}: a table and {NOT_YET!r} both"]
    renamed = page.replace("| ruleset | plies a game |", "| game | plies a game |", 1)
    assert measured_problems(renamed, game, index) == [
        f"{MEASURED_TABLES[2][0]}: the first column is 'game', not 'ruleset'"
    ]
    # a figure of the study changed on the game's page
    row = study_rows_of(game, index)[0].replace("](", "](../analysis/", 1)
    changed = page.replace(row, row[: row.rindex("|", 0, -1)] + "| 99.9 |")
    assert changed != page
    assert [p.split(":")[0] for p in measured_problems(changed, game, index)] == [MEASURED_TABLES[3][0]]
    # a game of no figures yet: each heading says so; a heading with neither fails
    empty = "\n\n".join([MEASURED] + [f"{heading}\n\n{NOT_YET}" for heading, _ in MEASURED_TABLES])
    unstudied = {**game, "id": game["id"] + "_not_studied"}
    assert measured_problems(empty, unstudied, index) == []
    assert measured_problems(empty.replace(NOT_YET, "Soon.", 1), unstudied, index) == [
        f"{MEASURED_TABLES[0][0]}: neither a table nor {NOT_YET!r}"
    ]
    # a study published but not on the game's page
    assert measured_problems(empty, game, index) == [
        f"{MEASURED_TABLES[3][0]}: {NOT_YET!r}, but docs/analysis/index.md has the game's reports"
    ]


def test_the_study_index_links_every_report():
    """docs/analysis/index.md (written by ``python3 -m ludus.analysis.study --index`` from the
    reports there) links every report of the study, and every link is a file; no game or ruleset
    must have one."""
    index = text_of(STUDY / "index.md")
    linked = set(re.findall(r"\]\(([\w/.-]+\.md)\)", index))
    reports = {str(p.relative_to(STUDY)) for p in STUDY.glob("*/report.md")}
    assert reports and reports <= linked, f"reports not in docs/analysis/index.md: {sorted(reports - linked)}"
    missing = [link for link in linked if not link.startswith("..") and not (STUDY / link).is_file()]
    assert not missing, f"docs/analysis/index.md links files that are not there: {missing}"


def test_the_links_of_each_game_s_figures_are_files():
    for game in CATALOGUE:
        page = rules_page(game)
        measured = "\n".join(section(text_of(page), MEASURED) or [])
        for link in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", measured):
            assert (page.parent / link).is_file(), f"{name(page)}, section Measured: {link} is not a file"


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


def test_the_packages_describe_the_library_not_a_list_of_games():
    """The packages' descriptions and keywords speak of the library, not of its games one by one
    (a list the next game would leave behind): the two descriptions say the same, and neither
    they, the keywords nor the Python package's README name a game of the catalogue by hand (that
    README points to ``ludus.games()``)."""
    pyproject = text_of(SOURCE_ROOT / "pyproject.toml")
    description = re.search(r'^description = "([^"]*)"', pyproject, re.M).group(1)
    package = json.loads(text_of(SOURCE_ROOT / "bindings" / "js" / "package.json"))
    assert package["description"] == "libludus in WebAssembly: " + description[0].lower() + description[1:]
    python_readme = text_of(SOURCE_ROOT / "bindings" / "python" / "README.md")
    assert "`ludus.games()`" in python_readme
    for game in CATALOGUE:
        assert not mentions(description, game), f"pyproject.toml's description names {game['name']}"
        assert not {game["id"], game["id"].replace("_", "-")} & set(package["keywords"]), game["id"]
        assert f'`"{game["id"]}"`' not in python_readme, f"bindings/python/README.md lists {game['id']}"


def test_a_description_that_names_a_game_is_found():
    game = CATALOGUE[-1]
    assert mentions(f"Rules engine for the ancient board games: {game['name']} and more", game)
    assert mentions(f"rules engine: {game['id']}", game)


def test_the_js_readme_prints_what_the_catalogue_gives():
    """The JavaScript README's example prints a game's rulesets, as the catalogue gives them."""
    text = text_of(SOURCE_ROOT / "bindings" / "js" / "README.md")
    found = re.search(
        r'const (\w+) = games\(\)\.find\(\(g\) => g\.id === "(\w+)"\);\s*'
        r"console\.log\(\1\.options\.ruleset\.values\);\s*// (\[.*\])",
        text,
    )
    assert found, "bindings/js/README.md's first example changed: update this test"
    game = next(g for g in CATALOGUE if g["id"] == found.group(2))
    assert json.loads(found.group(3)) == rulesets(game)
