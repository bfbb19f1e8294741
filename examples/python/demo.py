"""The main demonstration: a full seeded random game of every game in the catalogue, played
through the ludus package, with the board shown every few moves (the library's text diagram,
which ends with an empty line) and the result at the end.

Run: python3 demo.py [--seed N] [--every N] [--quiet]
"""
import argparse
import random
import time

import ludus

# Random Petteia games are long (often 1000+ moves): show its board less often.
SHOW_EVERY = {"petteia": 200, "duodecim": 10}


def play_random_game(game_id: str, seed: int, every: int, quiet: bool) -> ludus.Game:
    """Play one game with random moves (and the game's own seeded dice) to its end."""
    chooser = random.Random(seed)                 # our choice of moves
    game = ludus.Game(game_id, seed=seed)         # the game's dice and lots
    plies = 0
    if not quiet:
        print(f"=== {game_id}, seed {seed}")
        print(game)
    while not game.is_over:
        if game.phase == ludus.Phase.ROLL:
            game.roll()
            continue
        move = chooser.choice(game.legal_moves)
        player = game.to_move
        game.play(move)
        plies += 1
        if not quiet and plies % every == 0:
            print(f"--- after {plies} moves (last: player {player} {move.text})")
            print(game)
    if not quiet:
        print(f"--- final position after {plies} moves")
        print(game)
    print(f"{game_id}: {game.result} after {plies} moves ({len(game.history)} events)")
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--every", type=int, default=0, help="show the board every N moves (default: per game)")
    parser.add_argument("--quiet", action="store_true", help="only the results")
    args = parser.parse_args()
    for game_id in ludus.game_ids():
        start = time.perf_counter()
        every = args.every or SHOW_EVERY.get(game_id, 20)
        with play_random_game(game_id, args.seed, every, args.quiet):
            pass
        print(f"({time.perf_counter() - start:.2f} s)\n")


if __name__ == "__main__":
    main()
