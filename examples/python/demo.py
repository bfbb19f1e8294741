"""The main demonstration: the library's computer players against each other in every game, then
what fast random playouts say about each game, and SVG pictures of the positions.

1. A match of the strongest level, "best", against "medium" for each game of the catalogue. The
   board is shown every few moves with the last move of each player and the computer's own
   estimate of its position (the ``search`` object of ``Game.ai_move``: depth reached, positions
   evaluated, value for the player who moved). "best" gets a budget of positions (``max_nodes``)
   rather than of time, so the same seed plays the same game on any machine.
2. A short match of "best" against "medium" in each game (``--match-games`` games, both
   colours, seeds from ``--seed``), scored as it is played: wins, draws, losses, the score with
   its 95% interval. Its figures are measured by this run on this build, not quoted; a handful of
   games says little, and the interval shows how little.
3. 100 random playouts of each game, played inside the library (``Game.random_playout``): who
   won, how long the games were.
4. The start and final positions of each match as SVG files (the library draws them).

Run: python3 demo.py [--seed N] [--every N] [--nodes N] [--match-games N] [--match-nodes N]
                     [--playouts N] [--svg-dir DIR] [--quiet]
"""
import argparse
import collections
import os
import statistics
import time
from typing import Any, Dict, List, Optional

import ludus
from ludus.selfplay import wilson

#: A board game without a draw rule lets two cautious players shuffle forever: where a game of
#: the catalogue has the options, the match ends in a draw after 100 plies without a capture or
#: a third repetition (the options for programs of docs/rules/petteia.md).
DRAW_RULES = {"draw_plies_without_capture": 100, "draw_repetitions": 3}
MATCH_OPTIONS: Dict[str, Dict[str, Any]] = {
    entry["id"]: {name: value for name, value in DRAW_RULES.items() if name in entry["options"]}
    for entry in ludus.games()
}
#: Show the board every this many moves (a dice game's moves are single steps, two or more a turn).
SHOW_EVERY = {entry["id"]: 8 if entry["dice"] else 12 for entry in ludus.games()}


def describe(move: ludus.Move, name: str) -> str:
    """One line about a computer's move: the move, and what its search thought of it."""
    s = move.search
    return (
        f"player {move.player} ({name}) {move.text}: value {s['value']:+.2f} for the mover, "
        f"depth {s['depth']}, {s['nodes']} positions, {s['time_ms']:g} ms"
    )


def play_match(game_id: str, seed: int, levels: List[Dict[str, Any]], every: int, quiet: bool) -> ludus.Game:
    """Play one game between two computer players (levels[0] is player 0) to its end."""
    game = ludus.Game(game_id, MATCH_OPTIONS.get(game_id, {}), seed=seed)
    names = [player["level"] for player in levels]
    last: Dict[int, str] = {}
    moves = 0
    if not quiet:
        print(f"=== {game_id}, seed {seed}: player 0 is {names[0]}, player 1 is {names[1]}")
        print(game)
    while not game.is_over:
        if game.phase == ludus.Phase.ROLL:
            game.roll()
            continue
        player = game.to_move
        move = game.ai_move(**levels[player], seed=seed + moves)
        game.play(move)
        moves += 1
        last[player] = describe(move, names[player])
        if not quiet and moves % every == 0:
            print(f"--- after {moves} moves")
            print("\n".join(last[p] for p in sorted(last)))
            print(game)
    if not quiet:
        print(f"--- final position after {moves} moves")
        print(game)
    winner = game.winner
    verdict = "a draw" if winner is None else f"player {winner} ({names[winner]}) won"
    print(f"{game_id}: {verdict} after {moves} moves")
    return game


def play_quietly(game_id: str, seed: int, levels: List[Dict[str, Any]]) -> Optional[int]:
    """One game between two computer players (levels[0] is player 0); the winner or None."""
    with ludus.Game(game_id, MATCH_OPTIONS.get(game_id, {}), seed=seed) as game:
        moves = 0
        while not game.is_over:
            if game.phase == ludus.Phase.ROLL:
                game.roll()
                continue
            player = game.to_move
            game.play(game.ai_move(**levels[player], seed=seed * 1000 + moves))
            moves += 1
        return game.winner


def match_summary(game_id: str, games: int, seed: int, nodes: int) -> str:
    """``games`` games of best (``nodes`` positions a move) against medium, best taking player 0
    in the even games; one line: best's wins, draws, losses and score with its 95% interval."""
    best, medium = {"level": "best", "max_nodes": nodes}, {"level": "medium"}
    wins = draws = 0
    start = time.perf_counter()
    for i in range(games):
        best_player = i % 2
        winner = play_quietly(game_id, seed + i, [best, medium] if best_player == 0 else [medium, best])
        wins += winner == best_player
        draws += winner is None
    losses = games - wins - draws
    score = wins + 0.5 * draws
    low, high = wilson(score, games)
    return (
        f"{game_id}: best {wins} wins, {draws} draws, {losses} losses against medium in {games} games "
        f"({nodes} positions a move): score {100 * score / games:.0f}% "
        f"(95% interval {100 * low:.0f}..{100 * high:.0f}%), {time.perf_counter() - start:.1f} s"
    )


def playout_statistics(game_id: str, count: int, seed: int) -> Dict[str, Any]:
    """``count`` random games from the start (default options), each seeded differently."""
    results: collections.Counter = collections.Counter()
    lengths: List[int] = []
    start = time.perf_counter()
    for i in range(count):
        with ludus.Game(game_id, seed=seed + i) as game:
            result, plies = game.random_playout(seed + i)
        results[str(result)] += 1
        lengths.append(plies)
    return {"results": results, "lengths": lengths, "seconds": time.perf_counter() - start}


def print_statistics(game_id: str, stats: Dict[str, Any]) -> None:
    """The playout statistics of one game in three lines."""
    lengths, n = stats["lengths"], len(stats["lengths"])
    shares = ", ".join(f"{name} {k} ({100 * k / n:.0f}%)" for name, k in sorted(stats["results"].items()))
    print(f"{game_id}: {n} random playouts in {stats['seconds']:.2f} s")
    print(f"  results: {shares}")
    print(
        f"  length in moves: average {statistics.mean(lengths):.1f}, median {statistics.median(lengths):g}, "
        f"shortest {min(lengths)}, longest {max(lengths)}"
    )


def write_svg(game: ludus.Game, path: str) -> str:
    """Write the position's SVG picture to ``path``; returns the path."""
    with open(path, "w", encoding="utf-8") as f:
        f.write(game.svg(size=360))
    return path


def main(argv: Optional[List[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--every", type=int, default=0, help="show the board every N moves (default: per game)")
    parser.add_argument(
        "--nodes", type=int, default=200000, help="positions the level best may evaluate for a move (default 200000)"
    )
    parser.add_argument(
        "--match-games",
        type=int,
        default=4,
        help="games of the short match of best against medium in each game (default 4; 0: none)",
    )
    parser.add_argument(
        "--match-nodes",
        type=int,
        default=20000,
        help="best's positions a move in that match (default 20000; at most --nodes)",
    )
    parser.add_argument("--playouts", type=int, default=100, help="random playouts per game (default 100; 0: none)")
    parser.add_argument("--svg-dir", default="ludus-demo", help="where the pictures go (default ./ludus-demo)")
    parser.add_argument("--game", action="append", choices=ludus.game_ids(), help="only this game (repeatable)")
    parser.add_argument("--quiet", action="store_true", help="no boards, only the results")
    args = parser.parse_args(argv)
    for name, least in (("nodes", 1), ("match_nodes", 1), ("match_games", 0), ("playouts", 0), ("every", 0)):
        if getattr(args, name) < least:
            parser.error(f"--{name.replace('_', '-')} must be at least {least}")
    levels = [{"level": "best", "max_nodes": args.nodes}, {"level": "medium"}]
    os.makedirs(args.svg_dir, exist_ok=True)
    pictures: List[str] = []
    game_ids = args.game or ludus.game_ids()

    print("# 1. The computer: best against medium\n")
    for game_id in game_ids:
        start = time.perf_counter()
        with play_match(game_id, args.seed, levels, args.every or SHOW_EVERY[game_id], args.quiet) as game:
            pictures.append(write_svg(game, os.path.join(args.svg_dir, f"{game_id}-final.svg")))
        with ludus.Game(game_id, MATCH_OPTIONS.get(game_id, {}), seed=args.seed) as game:
            pictures.append(write_svg(game, os.path.join(args.svg_dir, f"{game_id}-start.svg")))
        print(f"({time.perf_counter() - start:.1f} s)\n")

    if args.match_games > 0:
        match_nodes = min(args.match_nodes, args.nodes)
        print(
            f"# 2. A short match in each game: best ({match_nodes} positions a move) against medium, "
            f"{args.match_games} games, both colours (measured now)\n"
        )
        for game_id in game_ids:
            print(match_summary(game_id, args.match_games, args.seed, match_nodes), flush=True)
        print()

    if args.playouts > 0:
        print(f"# 3. {args.playouts} random playouts of each game (played inside the library)\n")
        for game_id in game_ids:
            print_statistics(game_id, playout_statistics(game_id, args.playouts, args.seed))
        print()

    print("# 4. Pictures (SVG, drawn by the library)\n")
    for path in pictures:
        print(f"  {os.path.abspath(path)}")


if __name__ == "__main__":
    main()
