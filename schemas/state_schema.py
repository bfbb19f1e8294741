"""Writes the folder of schemas the build installs: every schema given, copied, and the saved
game's schema (state.schema.json) from its template with a branch for each game's schema, so
that no list of games is kept by hand (each game's folder adds its schema to ``game_schemas``,
lib/meson.build).

Usage: state_schema.py OUT_DIR TEMPLATE SCHEMA...

A game's schema is one whose ``$id`` is ``urn:ludus:schema:<game id>`` and whose file is named
``<game id>.schema.json``; the branch checks a saved game's ``start`` and ``position`` against it
where ``game`` is that id. The shared schemas (catalogue, common) are copied only.
"""
import json
import pathlib
import shutil
import sys

PREFIX = "urn:ludus:schema:"
SHARED = {"catalogue", "common"}


def game_id(path: pathlib.Path, schema: dict) -> str:
    """The game id of a game's schema, or "" for a shared one; exits on a schema misnamed."""
    named = path.name.removesuffix(".schema.json")
    if schema.get("$id") != PREFIX + named:
        sys.exit(f"{path}: $id {schema.get('$id')!r}, expected {PREFIX + named!r} (the file's name)")
    return "" if named in SHARED else named


def branch(game: str) -> dict:
    position = {"$ref": PREFIX + game}
    return {
        "if": {"properties": {"game": {"const": game}}},
        "then": {"properties": {"start": position, "position": position}},
    }


def main() -> None:
    out_dir, template = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    games = []
    for name in sys.argv[3:]:
        path = pathlib.Path(name)
        game = game_id(path, json.loads(path.read_text(encoding="utf-8")))
        if game:
            games.append(game)
        shutil.copyfile(path, out_dir / path.name)
    if not games:
        sys.exit("no game's schema given")
    state = {}
    for key, value in json.loads(template.read_text(encoding="utf-8")).items():
        if key == "$defs":  # the branches before the definitions, as a reader expects them
            state["allOf"] = [branch(game) for game in games]
        state[key] = value
    text = json.dumps(state, indent=2, ensure_ascii=False) + "\n"
    (out_dir / "state.schema.json").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
