"""Validates the library's own JSON output against the published schemas.

Usage: validate_schemas.py LIBRARY SCHEMA_DIR

SCHEMA_DIR is the build's folder of schemas, as installed (schemas/meson.build): the shared ones
of schemas/, each game's own from its folder, and the saved game's with a branch for each game.

Plays seeded random games of every game in the catalogue through the C ABI (ctypes, no
binding needed) and checks the catalogue, saved states in every phase, and the legal moves.
"""
import ctypes
import json
import pathlib
import random
import sys

from jsonschema import Draft202012Validator, RefResolver


def load_library(path):
    lib = ctypes.CDLL(path)
    lib.ludus_last_error.restype = ctypes.c_char_p
    lib.ludus_string_free.argtypes = [ctypes.c_void_p]
    for name in ("ludus_games",):
        getattr(lib, name).argtypes = [ctypes.POINTER(ctypes.c_void_p)]
    lib.ludus_game_new.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
    for name in ("ludus_game_to_json", "ludus_game_legal_moves", "ludus_game_chance_outcomes"):
        getattr(lib, name).argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p)]
    lib.ludus_game_play.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    lib.ludus_game_roll.argtypes = [
        ctypes.c_void_p,
        ctypes.POINTER(ctypes.c_int),
        ctypes.c_size_t,
        ctypes.POINTER(ctypes.c_size_t),
    ]
    lib.ludus_game_phase.argtypes = [ctypes.c_void_p]
    lib.ludus_game_free.argtypes = [ctypes.c_void_p]
    return lib


def string_out(lib, function, *args):
    out = ctypes.c_void_p()
    status = function(*args, ctypes.byref(out))
    if status != 0:
        raise RuntimeError(f"{function.__name__}: status {status}: {lib.ludus_last_error().decode()}")
    text = ctypes.string_at(out.value).decode()
    lib.ludus_string_free(out)
    return json.loads(text)


PHASE_ROLL, PHASE_MOVE, PHASE_OVER = 0, 1, 2


def documents_of_random_games(lib, game_id, options, games, rng):
    """Yields (kind, document) for states in every phase and for legal move lists. A state's
    history grows with the game: each is yielded with only its newest history entry (every entry
    is then checked once, not once a later ply) but the first, every 50th and the last, whole."""
    for seed in range(games):
        handle = ctypes.c_void_p()
        opts = json.dumps({**options, "seed": seed}).encode()
        if lib.ludus_game_new(game_id.encode(), opts, ctypes.byref(handle)) != 0:
            raise RuntimeError(lib.ludus_last_error().decode())
        try:
            for ply in range(5000):
                state = string_out(lib, lib.ludus_game_to_json, handle)
                phase = lib.ludus_game_phase(handle)
                whole = ply % 50 == 0 or phase == PHASE_OVER
                yield "state", state if whole else dict(state, history=state["history"][-1:])
                if phase == PHASE_OVER:
                    break
                if phase == PHASE_ROLL:
                    yield "outcomes", string_out(lib, lib.ludus_game_chance_outcomes, handle)
                    count = ctypes.c_size_t()
                    dice = (ctypes.c_int * 8)()
                    assert lib.ludus_game_roll(handle, dice, 8, ctypes.byref(count)) == 0
                    continue
                moves = string_out(lib, lib.ludus_game_legal_moves, handle)
                yield "moves", moves
                assert lib.ludus_game_play(handle, json.dumps(rng.choice(moves)).encode()) == 0, lib.ludus_last_error()
        finally:
            lib.ludus_game_free(handle)


def short_game_options(lib, entry, options):
    """``options`` for short random games, from the game's catalogue entry: a draw after 40
    plies without a capture where the game has that rule, and 3 pieces a side where the game
    takes that number."""
    options = dict(options)
    if "draw_plies_without_capture" in entry["options"]:
        options["draw_plies_without_capture"] = 40
    handle = ctypes.c_void_p()
    fewer = {**options, "pieces": 3}
    if (
        "pieces" in entry["options"]
        and lib.ludus_game_new(entry["id"].encode(), json.dumps(fewer).encode(), ctypes.byref(handle)) == 0
    ):
        lib.ludus_game_free(handle)
        options = fewer
    return options


OUTCOMES_SCHEMA = {
    "type": "array",
    "items": {
        "type": "object",
        "required": ["dice", "probability"],
        "properties": {
            "dice": {"type": "array", "items": {"type": "integer", "minimum": 0}},
            "probability": {"type": "number"},
        },
    },
}


def main():
    library, schema_dir = sys.argv[1], pathlib.Path(sys.argv[2])
    schemas = {p.stem.replace(".schema", ""): json.loads(p.read_text()) for p in schema_dir.glob("*.schema.json")}
    store = {s["$id"]: s for s in schemas.values()}
    for s in schemas.values():
        Draft202012Validator.check_schema(s)

    def validator(schema):
        return Draft202012Validator(schema, resolver=RefResolver.from_schema(schema, store=store))

    lib = load_library(library)
    checked = failed = 0

    def check(schema, document, what):
        nonlocal checked, failed
        errors = list(validator(schema).iter_errors(document))
        checked += 1
        if errors:
            failed += 1
            print(f"FAIL {what}: {errors[0].message} at {list(errors[0].absolute_path)}")

    catalogue = string_out(lib, lib.ludus_games)
    check(schemas["catalogue"], catalogue, "catalogue")
    # Every game has its schema, and the saved game's schema checks its positions against it.
    branches = {branch["if"]["properties"]["game"]["const"] for branch in schemas["state"].get("allOf", [])}
    for entry in catalogue:
        checked += 1
        if entry["id"] not in schemas or entry["id"] not in branches:
            failed += 1
            print(f"FAIL {entry['id']}: no {entry['id']}.schema.json or no branch of state.schema.json for it")
    rng = random.Random(7)
    # Every game of the catalogue in every ruleset: six games of its default ruleset, two of each other.
    runs = []
    for entry in catalogue:
        rulesets = entry["options"].get("ruleset", {"values": [None], "default": None})
        for ruleset in rulesets["values"]:
            options = short_game_options(lib, entry, {} if ruleset is None else {"ruleset": ruleset})
            runs.append((entry["id"], options, 6 if ruleset == rulesets["default"] else 2))
    for game, options, games in runs:
        move_schema = {"type": "array", "items": {"$ref": f"urn:ludus:schema:{game}#/$defs/move"}}
        for kind, document in documents_of_random_games(lib, game, options, games, rng):
            if kind == "state":
                check(schemas["state"], document, f"{game} state")
            elif kind == "moves":
                check(move_schema, document, f"{game} legal moves")
            else:
                check(OUTCOMES_SCHEMA, document, f"{game} chance outcomes")
    # The seed as the library writes it (an integer below 2^53, the string of its digits from
    # there up), drawn or given, and as files of earlier versions have it (any integer); the
    # schema must refuse what the library refuses.
    for entry in catalogue:
        for given in (None, 2**53 - 1, 2**53, "9007199254740993", 2**64 - 1):
            handle = ctypes.c_void_p()
            options = {} if given is None else {"seed": given}
            assert (
                lib.ludus_game_new(entry["id"].encode(), json.dumps(options).encode(), ctypes.byref(handle)) == 0
            ), lib.ludus_last_error()
            state = string_out(lib, lib.ludus_game_to_json, handle)
            lib.ludus_game_free(handle)
            check(schemas["state"], state, f"{entry['id']} state with seed {given}")
            check(
                schemas["state"],
                dict(state, options=dict(state["options"], seed=int(state["options"]["seed"]))),
                f"{entry['id']} state with seed {given} as an earlier version wrote it",
            )
            for bad in ("07", "-1", "+1", " 1", "", "1e3", -1, 2**64, 1.5):
                checked += 1
                if validator(schemas["state"]).is_valid(dict(state, options=dict(state["options"], seed=bad))):
                    failed += 1
                    print(f"FAIL the state schema takes the seed {bad!r}")
    print(f"{checked - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
