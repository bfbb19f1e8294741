"""What the calibration scripts (duodecim_calibrate.py, xii_scripta_calibrate.py) share: positions
of real games with a choice, and the rate of a computer level in process CPU time (which a
loaded machine hardly changes)."""
import time

from ludus import Game, Phase


def positions(game_id, options, seeds, every, last):
    """The saved games at plies 0, every, 2 every, ..., last of games between `greedy` players
    (one a seed), where the player to move has a choice (a forced move costs nothing)."""
    for seed in seeds:
        with Game(game_id, dict(options, seed=seed)) as game:
            plies = 0
            while game.phase != Phase.OVER and plies <= last:
                if game.phase == Phase.ROLL:
                    game.roll()
                    continue
                if plies % every == 0 and len(game.legal_moves) > 1:
                    yield game.to_json()
                game.play(game.ai_move("greedy", seed=plies).text)
                plies += 1


def rate(saved, level, **options):
    """(nodes, or uct's playouts, a CPU second; CPU seconds) of one choice from the saved game."""
    with Game.from_json(saved) as game:
        started = time.process_time()
        move = game.ai_move(level, seed=1, **options)
        spent = time.process_time() - started
    count = options["max_playouts"] if level == "uct" else move.search["nodes"]
    return count / spent, spent
