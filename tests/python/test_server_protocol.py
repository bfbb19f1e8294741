"""The client's messages checked by the schema compiled to Python (ludus.server.protocol) give
jsonschema's verdict on schemas/server/client-message.schema.json: every message type with each
field present, missing, doubled and replaced by values of every kind, and 20,000 random
messages. A keyword the compiler does not know is refused, never passed over."""
import json
import random

import pytest

jsonschema = pytest.importorskip("jsonschema")

from ludus.server import protocol  # noqa: E402

DOCUMENT = protocol.load_schema("client-message.schema.json")
TYPES = protocol.load_client_types()

# values of every JSON kind, and those next to each limit of the schema
VALUES = [
    None,
    True,
    False,
    0,
    1,
    -1,
    1.0,
    3.0,
    1.5,
    -0.0,
    100,
    101,
    4294967295,
    4294967296,
    -4294967296,
    float("inf"),
    float("nan"),
    1e300,
    "",
    "x",
    "undo",
    "draw",
    "hello",
    "move",
    "roll",
    "b2-b5",
    "x" * 80,
    "x" * 81,
    "A" * 20,
    "A" * 19,
    "A" * 100,
    "A" * 101,
    "A" * 20 + "\n",
    "A" * 19 + "!",
    "a-_Z09" * 5,
    [],
    [1],
    [0, 100],
    [101],
    [-1],
    [1.0, 2],
    [True],
    ["1"],
    [1] * 8,
    [1] * 9,
    [[1]],
    {},
    {"a": 1},
]
VALID = {
    "hello": {"type": "hello", "id": 1, "token": "A" * 43, "since": 3},
    "move": {"type": "move", "id": 2, "version": 5, "move": "b2-b5"},
    "roll": {"type": "roll", "id": 3, "version": 5, "dice": [3, 5]},
    "offer": {"type": "offer", "id": 4, "version": 5, "kind": "undo"},
    "answer": {"type": "answer", "id": 5, "version": 5, "kind": "draw", "accept": True},
    "resign": {"type": "resign", "id": 6, "version": 5},
    "ping": {"type": "ping", "id": 7},
}


def jsonschema_verdict(message):
    kind = message.get("type") if isinstance(message, dict) else None
    if not isinstance(kind, str) or kind not in TYPES:
        return False
    schema = dict(DOCUMENT["$defs"][kind], **{"$defs": DOCUMENT["$defs"]})
    return jsonschema.Draft202012Validator(schema).is_valid(message)


def compiled_verdict(message):
    kind = message.get("type")
    check = protocol.client_checks().get(kind) if isinstance(kind, str) else None
    return check is not None and check(message) is None


def variants():
    """Each valid message, then each of its fields removed and given every value, and every
    type's fields given to every other type."""
    fields = sorted({key for message in VALID.values() for key in message} | {"other"})
    for kind, valid in VALID.items():
        yield dict(valid)
        for key in valid:
            yield {k: v for k, v in valid.items() if k != key}
        for key in fields:
            for value in VALUES:
                yield dict(valid, **{key: value})


def random_message(chooser):
    kind = chooser.choice(TYPES + ["pong", 1, None])
    message = {"type": kind}
    fields = ["id", "version", "since", "token", "move", "dice", "kind", "accept", "other"]
    for key in chooser.sample(fields, chooser.randint(0, 5)):
        message[key] = chooser.choice(VALUES)
    return message


def test_every_type_has_a_valid_example():
    assert sorted(VALID) == sorted(TYPES)
    for message in VALID.values():
        assert jsonschema_verdict(message) and compiled_verdict(message), message


def test_the_compiled_schema_agrees_with_jsonschema_on_every_variant():
    checked = 0
    for message in variants():
        assert compiled_verdict(message) == jsonschema_verdict(message), message
        checked += 1
    assert checked > 2000


def test_the_compiled_schema_agrees_with_jsonschema_on_random_messages():
    chooser = random.Random(54)
    accepted = 0
    for _ in range(20000):
        message = random_message(chooser)
        verdict = jsonschema_verdict(message)
        assert compiled_verdict(message) == verdict, message
        accepted += verdict
    assert accepted > 100  # the random messages reach the valid ones too


def test_a_refused_message_is_explained_and_a_valid_one_read_with_integers():
    with pytest.raises(protocol.BadMessage) as refused:
        protocol.parse_client_message(json.dumps({"type": "move", "id": 9, "version": 1, "move": ""}))
    assert refused.value.code == "bad_message" and refused.value.ident == 9 and "move" in refused.value.message
    message = protocol.parse_client_message('{"type": "roll", "version": 4.0, "dice": [3.0, 5]}')
    assert message == {"type": "roll", "version": 4, "dice": [3, 5]}
    assert all(type(x) is int for x in [message["version"], *message["dice"]])


@pytest.mark.parametrize(
    "schema",
    [
        {"enum": [0, 1]},
        {"const": 1},
        {"const": True},
        {"enum": ["a", None]},
        {"type": ["integer", "null"]},
        {"type": "number", "minimum": 0, "maximum": 1},
    ],
)
def test_the_compiler_agrees_with_jsonschema_beyond_the_messages_keywords(schema):
    """JSON's equality and types as jsonschema has them: true is not 1, 1.0 is 1 (the messages'
    enums are all strings, so their variants alone would not show it)."""
    check = protocol.compile_schema(schema, {})
    validator = jsonschema.Draft202012Validator(schema)
    for value in VALUES:
        assert (check(value) is None) == validator.is_valid(value), (schema, value)


@pytest.mark.parametrize(
    "schema",
    [
        {"type": "string", "format": "email"},
        {"oneOf": [{"type": "string"}]},
        {"$ref": "http://example.org/x"},
        {"additionalProperties": {"type": "string"}},
    ],
)
def test_a_keyword_not_compiled_is_refused(schema):
    with pytest.raises(ValueError):
        protocol.compile_schema(schema, {})


def rulesets():
    """Every game with each of its rulesets (those with none: their default rules)."""
    import ludus

    for entry in ludus.games():
        ruleset = entry["options"].get("ruleset")
        for name in ruleset["values"] if ruleset else [None]:
            yield entry["id"], ({"ruleset": name} if name else {})


@pytest.mark.parametrize("game_id,options", list(rulesets()))
def test_the_views_move_texts_are_the_libraries_legal_moves(game_id, options):
    """The view's legal moves, read as integers with each text asked once per set of rules
    (ludus.server.room.MoveTexts), are the library's legal moves in its order, in games of three
    seeds (sharing the texts) played at random, and the server's dice are among the library's."""
    import ludus
    from ludus.server.room import MoveTexts, server_roll

    texts = MoveTexts.of_rules(game_id, dict(options, seed=1))
    assert MoveTexts.of_rules(game_id, dict(options, seed=2)) is texts  # the seed is not a rule
    for seed in (1, 2, 3):
        chooser = random.Random(seed)
        with ludus.Game(game_id, dict(options, seed=seed)) as game:
            for _ in range(120):
                if game.is_over:
                    break
                if game.phase == ludus.Phase.ROLL:
                    dice = server_roll(game)
                    assert tuple(dice) in {o.dice for o in game.chance_outcomes()}
                    game.set_dice(dice)
                    continue
                legal = game.legal_moves.texts
                assert texts.of(game) == legal
                assert texts.json_of(game) == json.dumps(legal)  # the view's text, as encoded before
                game.play(chooser.choice(legal))
    assert texts.texts  # texts were kept


@pytest.mark.parametrize("game_id,options", list(rulesets()))
def test_the_views_state_is_the_libraries_at_every_position(game_id, options):
    """The view's phase, player to move, result, winner and end reason (the library asked only
    whose turn it is while the game goes on) are the library's at every position of a random game
    played to its end, and a resignation's after it."""
    import ludus
    from ludus.server.room import Room, apply, server_roll

    record = {
        "id": "g",
        "game": game_id,
        "options": dict(options, seed=5),
        "dice": "server",
        "seat_hashes": ["a", "b"],
        "invite_hash": "i",
        "status": "playing",
        "events": [],
        "version": 0,
    }
    room = Room(record, store=None)
    game, chooser = room.game, random.Random(5)

    def check():
        room.version += 1
        view = json.loads(room.view_text())
        expected_phase = "over" if room.meta.get("resigned") is not None else str(game.phase)
        assert view["phase"] == expected_phase
        if room.meta.get("resigned") is None:
            assert (view["to_move"], view["result"], view["winner"], view["end_reason"]) == (
                game.to_move,
                str(game.result),
                game.winner,
                game.end_reason,
            )
        return view

    for _ in range(3000):
        check()
        if game.is_over:
            break
        if game.phase == ludus.Phase.ROLL:
            game.set_dice(server_roll(game))
        else:
            game.play(chooser.choice(game.legal_moves.texts))
    view = check()
    if not game.is_over:  # a ruleset that lets random play go on: ended by a resignation
        apply(game, room.meta, {"seat": 0, "kind": "resign", "data": {}})
        view = check()
        assert (view["phase"], view["to_move"], view["result"], view["winner"], view["end_reason"]) == (
            "over",
            None,
            "player 1 won",
            1,
            "resigned",
        )
    assert view["phase"] == "over" and view["result"] != "ongoing"
