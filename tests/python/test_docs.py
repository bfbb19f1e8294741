"""The Python code blocks of docs/python.md run, in order, in one namespace (in a temporary
folder, for the files they write): the tour cannot drift away from the package."""
import os
import re

from conftest import SOURCE_ROOT

DOC = SOURCE_ROOT / "docs" / "python.md"


def python_blocks(text):
    return re.findall(r"^```python\n(.*?)^```$", text, re.M | re.S)


def test_the_tour_has_its_sections_and_code():
    text = DOC.read_text(encoding="utf-8")
    for section in ("Create a game", "Moves", "Dice from outside", "Save and load", "Pictures, in a notebook",
                    "Computer players", "Playouts for statistics", "The four games and their rulesets",
                    "Arguments are checked"):
        assert f"## {section}" in text, section
    for game_id in ("petteia", "duodecim", "latrunculi", "xii_scripta"):  # all four games, not two
        assert f'ludus.Game("{game_id}"' in text, game_id
    assert len(python_blocks(text)) >= 10


def test_every_python_block_runs(tmp_path, capsys):
    namespace = {"__name__": "__docs__"}
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        for number, block in enumerate(python_blocks(DOC.read_text(encoding="utf-8")), 1):
            try:
                exec(compile(block, f"{DOC.name}, block {number}", "exec"), namespace)
            except Exception as e:
                raise AssertionError(f"block {number} of {DOC.name} fails: {e!r}\n{block}") from e
    finally:
        os.chdir(here)
    out = capsys.readouterr().out
    assert "Petteia 8x8" in out and (tmp_path / "race.json").is_file() and (tmp_path / "petteia.svg").is_file()
