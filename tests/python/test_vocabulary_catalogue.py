"""The catalogue's computer levels and render options as the package reads them, and saved
history events applied by the library (Game.apply_event, ludus.apply_event)."""
import json
import os

import pytest

import ludus
from conftest import GAME_IDS
from ludus import Phase, selfplay

pytestmark = pytest.mark.quick  # in the quick suite (conftest.py)


def _playing(game_id):
    game = ludus.Game(game_id, seed=3)
    if game.phase == Phase.ROLL:
        game.roll()
    return game


@pytest.mark.parametrize("entry", ludus.games(), ids=lambda entry: entry["id"])
def test_every_level_of_the_catalogue_is_one_the_computer_plays(entry):
    # Ur's "perfect" plays from the solved game's table (docs/computer-players.md): without one it
    # is refused, naming where the table is looked up.
    others = ["uct", "perfect"] if entry["id"] == "ur" else ["uct"]
    assert entry["levels"][-1] == entry["default_level"] == "best" and entry["other_levels"] == others
    assert selfplay.levels_of(entry["id"]) == entry["levels"] + entry["other_levels"]
    with _playing(entry["id"]) as game:
        for level in entry["levels"] + entry["other_levels"]:
            budget = {"max_playouts": 10} if level == "uct" else {"max_nodes": 100}
            if level == "perfect" and not os.environ.get("LUDUS_UR_TABLES"):
                with pytest.raises(ludus.InvalidOptionError, match="LUDUS_UR_TABLES"):
                    game.ai_move(level, seed=1, **budget)
                continue
            assert game.ai_move(level, seed=1, **budget).search["level"] == level
        with pytest.raises(ludus.InvalidOptionError) as refused:
            game.ai_move("grandmaster")
        assert all(f'"{level}"' in str(refused.value) for level in entry["levels"] + entry["other_levels"])


def test_the_command_line_offers_the_catalogue_levels():
    every = []
    for entry in ludus.games():
        every += [level for level in entry["levels"] + entry["other_levels"] if level not in every]
    assert selfplay.LEVELS == selfplay.every_level() == every
    with pytest.raises(ludus.UnknownGameError):
        selfplay.levels_of("chess")


@pytest.mark.parametrize("entry", ludus.games(), ids=lambda entry: entry["id"])
def test_render_options_of_the_catalogue(entry):
    with _playing(entry["id"]) as game:
        assert "size" in entry["render_options"]["svg"]
        for kind, draw in (("svg", game.svg), ("text", game.text)):
            plain = draw()
            for name, spec in entry["render_options"][kind].items():
                assert draw(**{name: spec["default"]}) == plain, name
                for value in spec.get("values", []):
                    draw(**{name: value})
        with pytest.raises(ludus.UnknownOptionError):
            game.text(size=200)


def _played(game_id):
    """A saved game with moves and rolls of both kinds (race games) or a draw agreed (the others)."""
    with ludus.Game(game_id, seed=8) as game:
        rolls = 0
        for _ in range(8):
            if game.phase == Phase.ROLL:
                rolls += 1
                if rolls == 2:
                    game.set_dice(*game.chance_outcomes()[0].dice)
                else:
                    game.roll()
            elif game.phase == Phase.MOVE:
                game.play(game.legal_moves[0])
        agreed_draws = next(entry for entry in ludus.games() if entry["id"] == game_id)["agreed_draws"]
        if agreed_draws and not game.is_over:
            game.agree_draw()
        return game.to_dict()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_apply_event_replays_a_history(game_id):
    saved = _played(game_id)
    with ludus.Game.from_json(dict(saved, history=[], position=saved["start"])) as fresh:
        for event in saved["history"]:
            fresh.apply_event(event)
        assert fresh.to_dict() == saved
    with ludus.Game.from_json(dict(saved, history=[], position=saved["start"])) as fresh:
        for event in saved["history"]:
            ludus.apply_event(fresh, json.loads(json.dumps(event)))  # the old name, the same call
        assert fresh.to_dict() == saved
    texts = [event["text"] for event in saved["history"]]
    assert any(t.startswith("roll") for t in texts) or "draw agreed" in texts


@pytest.mark.parametrize(
    "event, error",
    [
        ('{"text": ', ludus.BadJsonError),
        ("[]", ludus.BadJsonError),
        ({"text": "resign"}, ludus.InvalidMoveError),
        ({"move": "a1"}, ludus.InvalidStateError),
        ({"text": "draw agreed", "player": 1}, ludus.InvalidStateError),
        ({"text": "roll 3 4", "dice_from": "outside"}, ludus.WrongPhaseError),
    ],
)
def test_bad_events_are_refused_and_change_nothing(event, error):
    with ludus.Game("petteia", seed=1) as game:
        before = game.to_json()
        with pytest.raises(error) as refused:
            game.apply_event(event)
        assert "event" in str(refused.value) and game.to_json() == before


def test_an_illegal_move_and_a_move_before_the_roll_are_refused():
    with ludus.Game("petteia", seed=1) as game:
        first, second = game.legal_moves[0].text, game.legal_moves[1].text
        game.apply_event({"text": first})
        before = game.to_json()
        with pytest.raises(ludus.IllegalMoveError):
            game.apply_event({"text": second})
        assert game.to_json() == before
    with ludus.Game("duodecim", seed=1) as game, ludus.Game("duodecim", seed=1) as rolled:
        rolled.roll()
        before = game.to_json()
        with pytest.raises(ludus.WrongPhaseError):
            game.apply_event({"text": rolled.legal_moves[0].text})
        with pytest.raises(ludus.InvalidStateError):
            game.apply_event({"text": "roll 3 4"})  # neither from the engine nor from outside
        assert game.to_json() == before
