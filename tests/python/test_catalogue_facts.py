"""The catalogue's facts about each game (ludus_games: "kind", "board", "dice", "rulesets") agree
with what a game of it does: the dice a roll throws, the board its position shows, draws only in
the capture games. Every game and ruleset of the catalogue, none named here."""
import json

import pytest

import ludus

pytestmark = pytest.mark.quick

CASES = [(entry, ruleset) for entry in ludus.games() for ruleset in entry["rulesets"] or [None]]


def case_id(case):
    entry, ruleset = case
    return entry["id"] + ("" if ruleset is None else "-" + ruleset["id"])


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_facts_match_a_game(case):
    entry, ruleset = case
    facts = ruleset or entry
    options = {"seed": 7} if ruleset is None else {"seed": 7, "ruleset": ruleset["id"]}
    game = ludus.Game(entry["id"], options)
    assert (entry["kind"] == "race") == (entry["dice"] is not None) == (not entry["agreed_draws"])
    if facts["dice"] is None:
        return check_grid(game.position, facts["board"])
    rolls = 0
    while rolls < 20 and not game.is_over:  # every die shows one of the faces, as many dice as said
        if game.phase == ludus.Phase.ROLL:
            dice = game.roll()
            rolls += 1
            assert len(dice) == facts["dice"]["count"]
            assert set(dice) <= set(facts["dice"]["faces"])
        else:
            game.play(game.legal_moves()[0]["text"])
    assert rolls > 0
    routes = facts["board"].get("routes")
    if routes is not None:  # each player's route, over the board's cells (Murray's passes some twice)
        assert len(routes) == 2 and len(set(routes[0]) | set(routes[1])) <= facts["board"]["cells"]
        assert routes[0] != routes[1]


def check_grid(position, board):
    assert board["kind"] == "grid"
    ranks = position["ranks"]
    assert len(ranks) == board["rows"] and all(len(rank) == board["cols"] for rank in ranks)
    assert board["cells"] == board["rows"] * board["cols"]


def test_rulesets_are_the_options_values():
    for entry in ludus.games():
        option = entry["options"].get("ruleset")
        ids = [r["id"] for r in entry["rulesets"]]
        assert ids == (option["values"] if option else []), entry["id"]
        assert all(r["source"] for r in entry["rulesets"])


def test_search_values_name_every_level():
    for entry in ludus.games():
        levels = entry["levels"] + entry["other_levels"]
        assert sorted(entry["search_values"]) == sorted(levels), json.dumps(entry["search_values"])
