"""One vocabulary for the two packages: the Python ``Game`` and the JavaScript package's ``Game``
name the same things the same way (snake_case <-> camelCase), and the pairs that differ on purpose
and the deprecated old names are listed once, in the tables of docs/javascript.md ("One
vocabulary with the Python package"). A public name of one package without its counterpart in
the other fails here, as does a pair that is not one name in the two spellings, a name of a
table that neither package has, and a deprecated name not marked deprecated in its code (a
``DeprecationWarning`` at the caller's line in Python, ``@deprecated`` in index.d.ts and index.js)
and in CHANGELOG.md's 1.2.0 section."""
import re
import warnings
from pathlib import Path

import pytest

import ludus

pytestmark = pytest.mark.quick  # in the quick suite (conftest.py)

ROOT = Path(__file__).resolve().parents[2]


def read(path):
    return (ROOT / path).read_text(encoding="utf-8")


# ---- the tables -------------------------------------------------------------------------------


def name_in(cell):
    """The name a cell of the tables gives: its first `code` up to "(", or None for "—"."""
    cell = cell.strip()
    if cell in ("—", "-", ""):
        return None
    code = re.search(r"`([^`]+)`", cell)
    assert code, f"a cell of the vocabulary tables names no `name`: {cell!r}"
    return code.group(1).split("(")[0].strip()


def tables():
    """{title: [[cell, ...], ...]} of the tables under the ### titles of the section."""
    page = read("docs/javascript.md")
    section = re.search(r"^## One vocabulary with the Python package\n(.*?)^## ", page, re.S | re.M)
    assert section, 'docs/javascript.md has the section "One vocabulary with the Python package"'
    found = {}
    for part in re.split(r"^### ", section.group(1), flags=re.M)[1:]:
        title, _, body = part.partition("\n")
        rows = [line.strip().strip("|").split("|") for line in body.splitlines() if line.startswith("|")]
        found[title.strip()] = [[c.strip() for c in row] for row in rows[2:]]  # past the header and |---|
    return found


TABLES = tables()
SAME = [(name_in(py), name_in(js)) for py, js, _ in TABLES["The same names"]]
DIFFERENT = [(name_in(py), name_in(js)) for py, js, _ in TABLES["Different on purpose"]]
DEPRECATED = [(package, name_in(old), name_in(new)) for package, old, new in TABLES["Deprecated names"]]


def camel(snake):
    """agree_draw -> agreeDraw; "json" is written JSON (from_json -> fromJSON)."""
    first, *rest = snake.split("_")
    return first + "".join("JSON" if word == "json" else word.capitalize() for word in rest)


# ---- the two packages' names ------------------------------------------------------------------


def python_members():
    """The public names of ludus.Game (methods, properties, class methods)."""
    return {name for name in dir(ludus.Game) if not name.startswith("_")}


def class_body(source, opening):
    start = source.index(opening)
    end = source.index("\n}\n", start)
    return source[start + len(opening) : end]


def without_comments(code):
    return re.sub(r"/\*.*?\*/", "", code, flags=re.S)


def declared_members():
    """The members of `export class Game` in index.d.ts, the constructor left out."""
    body = without_comments(class_body(read("bindings/js/src/index.d.ts"), "export class Game {"))
    names = re.findall(r"^  (?:static )?(?:readonly )?(\w+)\s*[(:?<]", body, re.M)
    return {n for n in names if n != "constructor"}


def implemented_members():
    """The public members of `export class Game` in index.js (not #private, not the constructor)."""
    body = without_comments(class_body(read("bindings/js/src/index.js"), "export class Game {"))
    names = re.findall(r"^  (?:static )?(?:get |set )?(\w+)\(", body, re.M)
    return {n for n in names if n != "constructor"}


def jsdoc_before(source, member):
    """The JSDoc comment right before a member's declaration at the class's indentation."""
    pattern = r"(/\*\*(?:(?!\*/).)*\*/)\s*\n  (?:static )?(?:readonly )?(?:get )?" + member + r"\s*[(:]"
    found = re.search(pattern, class_body(source, "export class Game {"), re.S)
    return found.group(1) if found else ""


def changelog_deprecated():
    """The bullets of the "### Deprecated" list of CHANGELOG.md's 1.2.0 section, one string each."""
    log = read("CHANGELOG.md")
    release = re.search(r"^## 1\.2\.0 .*?(?=^## )", log, re.S | re.M).group(0)
    listed = re.search(r"^### Deprecated\n(.*?)(?=^### |\Z)", release, re.S | re.M)
    assert listed, 'CHANGELOG.md\'s 1.2.0 section has a "### Deprecated" list'
    return [" ".join(b.split()) for b in re.split(r"^- ", listed.group(1), flags=re.M)[1:]]


# ---- the checks -------------------------------------------------------------------------------


def test_the_tables_are_read():
    assert ("close", "close") in SAME and ("legal_moves", "legalMoves") in SAME
    assert ("to_json", "toJSONText") in DIFFERENT and ("to_dict", "toJSON") in DIFFERENT
    assert ("Python", "render_svg", "svg") in DEPRECATED and ("JavaScript", "free", "close") in DEPRECATED


def test_index_d_ts_declares_what_index_js_implements():
    assert declared_members() == implemented_members()


def test_a_shared_name_is_one_name_in_two_spellings():
    for py, js in SAME:
        assert (
            py and js and camel(py) == js
        ), f'{py} and {js}: not one name (list a deliberate difference under "Different on purpose")'


def listed_names(language):
    """The names of one package's Game in the three tables, in the order they are listed."""
    column = 0 if language == "Python" else 1
    return [pair[column] for pair in SAME + DIFFERENT if pair[column]] + [
        old for package, old, _ in DEPRECATED if package == language
    ]


@pytest.mark.parametrize("language,other", [("Python", "JavaScript"), ("JavaScript", "Python")])
def test_every_name_has_its_counterpart(language, other):
    members = python_members() if language == "Python" else declared_members()
    where = "ludus.Game" if language == "Python" else "Game (index.d.ts)"
    listed = listed_names(language)
    assert len(listed) == len(set(listed)), f"a {language} name is listed twice"
    missing = sorted(members - set(listed))
    assert not missing, (
        f"{where}: {', '.join(missing)} without a {other} counterpart in docs/javascript.md's "
        f"vocabulary (add it to the {other} package, or list why not)"
    )
    hooks = {name for name in listed if language == "Python" and name.startswith("__") and name in vars(ludus.Game)}
    unknown = sorted(set(listed) - members - hooks)  # a hook such as __str__ is the Game's own
    assert not unknown, f"docs/javascript.md's vocabulary names {where}: {', '.join(unknown)}, which it lacks"


def test_a_deprecated_name_points_at_a_shared_one():
    shared = {"Python": {py for py, _ in SAME}, "JavaScript": {js for _, js in SAME}}
    for package, old, new in DEPRECATED:
        assert new in shared[package], f"{package}'s {old} is replaced by {new}, which is not a shared name"


@pytest.mark.parametrize("old,new", [(old, new) for package, old, new in DEPRECATED if package == "Python"])
def test_python_deprecated_names_warn_at_the_caller_and_do_the_same(old, new):
    assert ludus.Game.__dict__[old].__doc__.startswith("Deprecated"), f"Game.{old}'s docstring says it is deprecated"
    with ludus.Game("petteia", seed=1) as game:
        game.play("a2-a4")
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            given = getattr(game, old)(orientation=1)
        assert given == getattr(game, new)(orientation=1)
    assert len(caught) == 1 and caught[0].category is DeprecationWarning
    assert caught[0].filename == __file__, "the warning points at the line that called the old name"
    assert f"{old}()" in str(caught[0].message) and f"{new}()" in str(caught[0].message)


def test_no_other_python_name_is_deprecated():
    marked = {
        name
        for name in python_members()
        if (getattr(ludus.Game.__dict__.get(name), "__doc__", None) or "").startswith("Deprecated")
    }
    assert marked == {old for package, old, _ in DEPRECATED if package == "Python"}


@pytest.mark.parametrize("old,new", [(old, new) for package, old, new in DEPRECATED if package == "JavaScript"])
def test_javascript_deprecated_names_are_marked_in_index_d_ts_and_index_js(old, new):
    for path in ("bindings/js/src/index.d.ts", "bindings/js/src/index.js"):
        doc = jsdoc_before(read(path), old)
        assert re.search(r"@deprecated\b.*\b" + new + r"\b", doc, re.S), f'{path}: {old} has no "@deprecated ... {new}"'


def test_no_other_javascript_name_is_deprecated():
    for path in ("bindings/js/src/index.d.ts", "bindings/js/src/index.js"):
        marked = {name for name in declared_members() if "@deprecated" in jsdoc_before(read(path), name)}
        assert marked == {old for package, old, _ in DEPRECATED if package == "JavaScript"}, path


@pytest.mark.parametrize("package,old,new", DEPRECATED)
def test_the_changelog_lists_each_deprecated_name_with_its_replacement(package, old, new):
    bullets = changelog_deprecated()
    named = [b for b in bullets if package in b and re.search(r"`[^`]*\b" + old + r"\b[^`]*`", b)]
    assert named, f"CHANGELOG.md 1.2.0, Deprecated: no entry for {package}'s {old}"
    assert any(re.search(r"`[^`]*\b" + new + r"\b[^`]*`", b) for b in named), f"the entry of {old} names {new}"


def test_legal_moves_answers_a_call_as_in_javascript():
    with ludus.Game("petteia", seed=1) as game:
        assert isinstance(game.legal_moves(), ludus.MoveList)
        assert list(game.legal_moves()) == list(game.legal_moves) and len(game.legal_moves()) > 0
        assert "b2-b5" in game.legal_moves()
    with ludus.Game("duodecim", seed=1) as race:
        assert len(race.legal_moves()) == 0  # phase roll, as legalMoves()
