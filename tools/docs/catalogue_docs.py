"""The parts of README.md made from the library's catalogue (``ludus_games()``), so that they
cannot fall behind it: the table of games (ids, rulesets and the default one, the other options,
the computer's levels, the rules page). Each part sits between two markers,
``<!-- catalogue:NAME -->`` and ``<!-- /catalogue:NAME -->``; this script rewrites what is
between them and ``tests/python/test_doc_figures.py`` fails when the file differs from what it
would write. The words describing each game (the table's second column) are the page's own:
they are kept, row by row by game id; a game without a row yet gets its catalogue name.

    LUDUS_LIBRARY=build/capi/libludus.so.1 PYTHONPATH=bindings/python \\
        python3 tools/docs/catalogue_docs.py [--check]

``--check`` changes nothing and exits 1 when a part is out of date.
"""
import argparse
import re
import sys
from pathlib import Path

SOURCE_ROOT = Path(__file__).resolve().parents[2]
PAGES = [SOURCE_ROOT / "README.md"]
PART = re.compile(r"(<!-- catalogue:(?P<name>[a-z_]+) -->\n)(?P<body>.*?)(<!-- /catalogue:(?P=name) -->)", re.S)


def rules_page(game_id):
    """The page of a game's rules in docs/rules/, named by its id (an underscore may be a hyphen)."""
    for stem in (game_id, game_id.replace("_", "-")):
        if (SOURCE_ROOT / "docs" / "rules" / f"{stem}.md").is_file():
            return f"docs/rules/{stem}.md"
    raise SystemExit(f"no page of the rules of {game_id!r}: write docs/rules/{game_id.replace('_', '-')}.md")


def names(values, default=None):
    return ", ".join(f"`{v}`" + (" (default)" if v == default else "") for v in values)


def table_cells(line):
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def games_table(catalogue, old_body):
    """The table of games: the described column kept from old_body, the rest from the catalogue."""
    described = {}
    for line in old_body.splitlines():
        cells = table_cells(line)
        if len(cells) > 2 and re.fullmatch(r"`\w+`", cells[0]):
            described[cells[0].strip("`")] = cells[1]
    lines = [
        "| game id | game | rulesets (option `ruleset`) | other options | computer levels, weakest first; others | rules |",
        "|---|---|---|---|---|---|",
    ]
    for game in catalogue:
        options = game["options"]
        ruleset = options.get("ruleset")
        rulesets = names(ruleset["values"], ruleset["default"]) if ruleset else "one"
        others = names(name for name in options if name != "ruleset")
        levels = names(game["levels"], game["default_level"])
        if game["other_levels"]:
            levels += "; " + names(game["other_levels"])
        page = rules_page(game["id"])
        lines.append(
            f"| `{game['id']}` | {described.get(game['id'], game['name'])} | {rulesets} | {others} | {levels} "
            f"| [{page}]({page}) |"
        )
    return "\n".join(lines) + "\n"


PARTS = {"games": games_table}


def rewrite(text, catalogue):
    """text with every catalogue part rewritten."""

    def part(match):
        name = match.group("name")
        if name not in PARTS:
            raise SystemExit(f"unknown part {name!r}: the parts are {', '.join(PARTS)}")
        return match.group(1) + PARTS[name](catalogue, match.group("body")) + match.group(4)

    return PART.sub(part, text)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a part is out of date")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(SOURCE_ROOT / "bindings" / "python"))
    import ludus

    catalogue = ludus.games()
    stale = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        new = rewrite(text, catalogue)
        if new != text:
            stale.append(page.relative_to(SOURCE_ROOT))
            if not args.check:
                page.write_text(new, encoding="utf-8")
    for page in stale:
        print(f"{page}: {'out of date' if args.check else 'rewritten'}")
    return 1 if stale and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
