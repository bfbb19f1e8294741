"""How often the computer's "best" converts the won positions of every game's folder
(lib/GAME/won_positions.json, for each game of the catalogue that has them) against "medium"'s
defence within 200 plies: a measurement (it prints figures), not a test.

Each position (a saved game) is played on ``--games`` times (seeds 1.. for the players and the
dice of the dice games), the winning side by "best" with
``--nodes`` positions a move (the demo's 200000 by default), the other by "medium"; a game not
won by the winning side within ``--plies`` plies (a draw, a loss or still going) is not a
conversion. Prints a line per position and a total per game and ruleset with a 95% (Wilson)
interval.

Run: LUDUS_LIBRARY=build/capi/libludus.so.1 PYTHONPATH=bindings/python \\
    python3 tests/bench/won_positions.py [--nodes N] [--games G] [--plies P] [--only NAME-PREFIX] [--file F]
"""
import argparse
import collections
import json
import os
import random
import sys
import time

import ludus
from ludus.selfplay import wilson

HERE = os.path.dirname(os.path.abspath(__file__))
GAMES_DIR = os.path.join(HERE, "..", "..", "lib")


def won_files():
    """The won positions' files of the catalogue's games that have them (lib/GAME/won_positions.json)."""
    paths = (os.path.join(GAMES_DIR, game_id, "won_positions.json") for game_id in ludus.game_ids())
    return [path for path in paths if os.path.exists(path)]


def game_at(entry):
    """The entry's saved game (its history replayed from the ruleset's start)."""
    return ludus.Game.from_json(json.dumps(entry["saved"]))


def convert(entry, seed, nodes, plies):
    """One game from the entry's position; True when its winner wins within ``plies`` plies."""
    winner = entry["winner"]
    dice = random.Random(seed)  # the saved game's own generator would throw the same dice in every game
    with game_at(entry) as game:
        played = 0
        while not game.is_over and played < plies:
            if game.phase == ludus.Phase.ROLL:
                game.set_dice([dice.randint(1, 6) for _ in game.chance_outcomes()[0].dice])
                continue
            options = {"max_nodes": nodes} if game.to_move == winner else {}
            move = game.ai_move("best" if game.to_move == winner else "medium", seed=seed * 1000 + played, **options)
            game.play(move.text)
            played += 1
        return game.is_over and game.winner == winner, played


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", action="append", help="a file of won positions (default: every game's)")
    parser.add_argument(
        "--nodes", type=int, default=200000, help="best's positions a move (default 200000, the demo's)"
    )
    parser.add_argument("--games", type=int, default=4, help="games a position (seeds 1..; default 4)")
    parser.add_argument("--plies", type=int, default=200, help="plies the winner has (default 200)")
    parser.add_argument("--only", default="", help="only the positions whose name starts with this")
    args = parser.parse_args(argv)
    entries = []
    for path in args.file or won_files():
        with open(path, encoding="utf-8") as f:
            entries += [e for e in json.load(f)["positions"] if e["name"].startswith(args.only)]
    totals = collections.defaultdict(lambda: [0, 0])
    for entry in entries:
        start = time.perf_counter()
        results = [convert(entry, seed, args.nodes, args.plies) for seed in range(1, args.games + 1)]
        won = sum(1 for ok, _ in results if ok)
        saved = entry["saved"]
        group = saved["game"] + ("/" + saved["options"]["ruleset"] if "ruleset" in saved["options"] else "")
        totals[group][0] += won
        totals[group][1] += len(results)
        lengths = ", ".join(str(n) for _, n in results)
        print(
            f"{entry['name']}: {won}/{len(results)} won (plies {lengths}; {time.perf_counter() - start:.0f} s)",
            flush=True,
        )
    print(f"\nbest (max_nodes {args.nodes}) against medium, within {args.plies} plies:")
    for group, (won, n) in totals.items():
        lo, hi = wilson(won, n)
        print(f"  {group}: {won}/{n} = {100 * won / n:.0f}% (95% CI {100 * lo:.0f}..{100 * hi:.0f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
