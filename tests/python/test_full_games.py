"""Whole games of every game through the package: random seeded games to the end, the integer
path, outside dice, and JSON round-trips along the way."""
import random

import pytest

import ludus
from conftest import ending_soon, every_ruleset, play_random


@pytest.mark.parametrize("game_id, options", every_ruleset())
@pytest.mark.parametrize("seed", [1, 2])
def test_random_game_to_the_end(game_id, options, seed):
    with ludus.Game(game_id, seed=seed, **ending_soon(game_id, options)) as game:
        moves = play_random(game, seed)
        assert game.is_over and moves > 0
        assert game.result != ludus.Result.ONGOING
        assert (game.winner in (0, 1)) == (game.result != ludus.Result.DRAW) and game.to_move is None
        assert len(game.legal_moves) == 0 and game.actions() == []
        last = game.history[-1]["text"]
        with pytest.raises(ludus.GameOverError):
            game.play(last)
        game.undo()
        assert not game.is_over and last in game.legal_moves
        game.play(last)
        assert game.is_over


def test_small_petteia_game_ends_by_capture_to_one_piece():
    with ludus.Game("petteia", rows=5, cols=3, seed=9) as game:
        play_random(game, 9)
        assert game.is_over and game.winner in (0, 1)
        assert min(game.position["pieces"]) <= 1 or len(game.copy().legal_moves) == 0


@pytest.mark.parametrize("game_id, options", every_ruleset())
def test_integer_path_matches_text_path(game_id, options):
    chooser_a, chooser_b = random.Random(5), random.Random(5)
    options = ending_soon(game_id, options)
    with ludus.Game(game_id, seed=5, **options) as by_int, ludus.Game(game_id, seed=5, **options) as by_text:
        while not by_int.is_over:
            if by_int.phase == ludus.Phase.ROLL:
                assert by_int.roll() == by_text.roll()
                continue
            actions = by_int.actions()
            moves = by_text.legal_moves
            assert [by_int.action_text(a) for a in actions] == moves.texts
            action = chooser_a.choice(actions)
            move = chooser_b.choice(moves)
            assert by_int.action_text(action) == move.text
            by_int.apply_action(action)
            by_text.play(move)
        assert by_int.to_json() == by_text.to_json()


def test_duodecim_with_outside_dice_every_turn():
    dice = random.Random(8)
    chooser = random.Random(8)
    with ludus.Game("duodecim", seed=8) as game:
        while not game.is_over:
            if game.phase == ludus.Phase.ROLL:
                game.set_dice(dice.randint(1, 6), dice.randint(1, 6))
            else:
                game.play(chooser.choice(game.legal_moves))
        assert all(e.get("dice_from") in (None, "outside") for e in game.history)
        assert sum(game.position["off"]) >= game.options["pieces"]


@pytest.mark.parametrize("game_id, options", every_ruleset())
def test_json_round_trips_along_a_game(game_id, options):
    chooser = random.Random(3)
    with ludus.Game(game_id, seed=3, **options) as game:
        step = 0
        while not game.is_over and step < 400:
            if step % 7 == 0:
                text = game.to_json()
                with ludus.Game.from_json(text) as restored:
                    assert restored.to_json() == text
                    assert restored.phase == game.phase and restored.to_move == game.to_move
                    if game.phase == ludus.Phase.ROLL:  # the generator state is saved too
                        assert restored.roll() == game.copy().roll()
                    else:
                        assert restored.legal_moves.texts == game.legal_moves.texts
            if game.phase == ludus.Phase.ROLL:
                game.roll()
            else:
                game.play(chooser.choice(game.legal_moves))
            step += 1


@pytest.mark.parametrize("game_id, options", every_ruleset())
def test_undo_back_to_the_start(game_id, options):
    with ludus.Game(game_id, seed=4, **options) as game:
        start = game.to_json()
        play_random(game, 4, max_moves=60)
        while game.history:
            game.undo()
        assert game.to_json() == start
