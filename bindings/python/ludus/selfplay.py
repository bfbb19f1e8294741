"""Games between two computer players of the library (``python3 -m ludus selfplay``).

Player A and player B play ``n`` games; A takes player 0 in the even-numbered games and player 1
in the odd ones, so both sides of the board (and, where the options fix it, the first move) are
shared evenly. Game ``i`` uses the seed ``seed + i`` for the game (dice) and for both players, so
a run with a node budget (``max_nodes``) repeats exactly. The games run in ``jobs`` processes.
"""
from __future__ import annotations

import math
import multiprocessing
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, TextIO, Tuple

from .game import Game, Phase

__all__ = ["GameRecord", "Summary", "play_game", "run", "wilson"]


@dataclass
class GameRecord:
    """How one game of a match went, from player A's point of view."""
    index: int
    a_player: int            # the player number A had
    first: int               # the player who moved first
    winner: Optional[int]    # None for a draw (or a game stopped at max_plies)
    plies: int


@dataclass
class Summary:
    """The totals of a match for player A, with every game's record."""
    n: int = 0
    a_wins: int = 0
    draws: int = 0
    a_losses: int = 0
    plies: int = 0
    first_wins: int = 0
    first_losses: int = 0
    records: List[GameRecord] = field(default_factory=list)

    def add(self, r: GameRecord) -> None:
        """Count one more game."""
        self.records.append(r)
        self.n += 1
        self.plies += r.plies
        if r.winner is None:
            self.draws += 1
        else:
            if r.winner == r.a_player:
                self.a_wins += 1
            else:
                self.a_losses += 1
            if r.winner == r.first:
                self.first_wins += 1
            else:
                self.first_losses += 1


def wilson(successes: float, n: int, z: float = 1.96) -> Tuple[float, float]:
    """The Wilson score interval (95% by default) of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play_game(game_id: str, game_options: Mapping[str, Any], index: int, seed: int,
              a: Mapping[str, Any], b: Mapping[str, Any], max_plies: int = 2000) -> GameRecord:
    """One game: A (options of ai_move, with "level") is player 0 when ``index`` is even."""
    a_player = index % 2
    options = dict(game_options)
    options["seed"] = seed + index
    with Game(game_id, options) as game:
        first = game.to_move if game.to_move is not None else 0
        plies = 0
        while game.phase != Phase.OVER and plies < max_plies:
            if game.phase == Phase.ROLL:
                game.roll()
                continue
            ai = dict(a if game.to_move == a_player else b)
            level = ai.pop("level", "best")
            move = game.ai_move(level, seed=(seed + index) * 100003 + plies, **ai)
            game.play(move.text)
            plies += 1
        return GameRecord(index, a_player, first, game.winner, plies)


def _play(args: Tuple[Any, ...]) -> GameRecord:
    return play_game(*args)


def _bar(done: int, total: int, started: float, out: TextIO) -> None:
    width = 30
    filled = width * done // max(total, 1)
    elapsed = time.monotonic() - started
    eta = elapsed / done * (total - done) if done else 0.0
    out.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {elapsed:5.0f}s (eta {eta:4.0f}s) ")
    if done == total:
        out.write("\n")
    out.flush()


def run(game_id: str, game_options: Mapping[str, Any], a: Mapping[str, Any], b: Mapping[str, Any], n: int,
        seed: int = 1, jobs: int = 2, progress: Optional[TextIO] = sys.stderr) -> Summary:
    """Play ``n`` games in ``jobs`` processes and sum them up."""
    tasks = [(game_id, dict(game_options), i, seed, dict(a), dict(b)) for i in range(n)]
    summary = Summary()
    started = time.monotonic()
    if progress is not None:
        _bar(0, n, started, progress)
    if jobs <= 1:
        results = map(_play, tasks)
        for record in results:
            summary.add(record)
            if progress is not None:
                _bar(summary.n, n, started, progress)
    else:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            for record in pool.imap_unordered(_play, tasks):
                summary.add(record)
                if progress is not None:
                    _bar(summary.n, n, started, progress)
    summary.records.sort(key=lambda r: r.index)
    return summary


def _describe(ai: Mapping[str, Any]) -> str:
    rest = ", ".join(f"{k}={v}" for k, v in ai.items() if k != "level")
    return f"{ai.get('level', 'best')}{' (' + rest + ')' if rest else ''}"


def report(summary: Summary, game_id: str, a: Mapping[str, Any], b: Mapping[str, Any], seed: int) -> str:
    """The result for a person: win/draw/loss of A with a 95% interval, length, first move's edge."""
    n = summary.n
    lines = [f"{game_id}: A = {_describe(a)} against B = {_describe(b)}, {n} games "
             f"(seeds {seed}..{seed + n - 1}, A is player 0 in the even games)"]
    if n == 0:
        return lines[0]
    pct = lambda x: f"{100.0 * x:.1f}%"  # noqa: E731
    lo, hi = wilson(summary.a_wins, n)
    lines.append(f"A wins {summary.a_wins} ({pct(summary.a_wins / n)}, 95% CI {pct(lo)}..{pct(hi)}), "
                 f"draws {summary.draws} ({pct(summary.draws / n)}), losses {summary.a_losses} ({pct(summary.a_losses / n)})")
    score = (summary.a_wins + 0.5 * summary.draws) / n
    slo, shi = wilson(summary.a_wins + 0.5 * summary.draws, n)
    lines.append(f"A's score {pct(score)} (95% CI {pct(slo)}..{pct(shi)})")
    lines.append(f"average length {summary.plies / n:.1f} moves")
    first_score = (summary.first_wins + 0.5 * summary.draws) / n
    lines.append(f"the first player won {summary.first_wins}, lost {summary.first_losses}: "
                 f"score {pct(first_score)}, edge {100.0 * (first_score - 0.5):+.1f} points")
    return "\n".join(lines)


# ---- command line (python3 -m ludus selfplay) -----------------------------------------------

def _ai_options(text: Optional[str]) -> Dict[str, Any]:
    import json
    if not text:
        return {}
    value = json.loads(text)
    if not isinstance(value, dict):
        raise ValueError(f"player options are a JSON object, such as '{{\"max_nodes\": 20000}}', not {text!r}")
    return value


def add_parser(sub: Any) -> None:
    """The ``selfplay`` subcommand of ``python3 -m ludus``."""
    p = sub.add_parser("selfplay", help="computer players play each other many times",
                       description="Plays N games between two computer players of the library, A taking player 0 in "
                                   "the even games; prints A's wins, draws and losses with a 95%% interval, the average "
                                   "length and the first player's edge. Game options follow as --NAME VALUE.")
    p.add_argument("game", help="the game's id, e.g. petteia")
    p.add_argument("--a", default="best", metavar="LEVEL", help="player A's level (default best)")
    p.add_argument("--b", default="random", metavar="LEVEL", help="player B's level (default random)")
    p.add_argument("-n", type=int, default=100, help="games (default 100)")
    p.add_argument("--seed", type=int, default=1, help="game i uses seed SEED+i (default 1)")
    p.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    p.add_argument("--max-nodes", type=int, help="node budget of both players a move (deterministic)")
    p.add_argument("--max-time-ms", type=int, help="time budget of both players a move")
    p.add_argument("--a-options", metavar="JSON", help="more options of A's player, e.g. '{\"depth\": 3}'")
    p.add_argument("--b-options", metavar="JSON", help="more options of B's player")
    p.add_argument("--max-plies", type=int, default=2000, help="stop a game (counted a draw) after this many moves")


def cmd_selfplay(args: Any, game_args: List[str], out: TextIO) -> int:
    """``ludus selfplay``: play the games the parsed arguments ask for and write the report to
    ``out``; returns the exit status."""
    from .cli import parse_game_options
    from .errors import LudusError
    try:
        game_options = parse_game_options(args.game, game_args)
        if args.game == "petteia" and "draw_plies_without_capture" not in game_options:
            game_options["draw_plies_without_capture"] = 200  # unattended games must end
        players = []
        for level, extra in ((args.a, args.a_options), (args.b, args.b_options)):
            ai = {"level": level}
            if args.max_nodes is not None:
                ai["max_nodes"] = args.max_nodes
            if args.max_time_ms is not None:
                ai["max_time_ms"] = args.max_time_ms
            ai.update(_ai_options(extra))
            players.append(ai)
        with Game(args.game, dict(game_options, seed=0)) as probe:  # options and levels checked once, here
            if probe.phase == Phase.ROLL:
                probe.roll()
            for ai in players:
                rest = dict(ai)
                probe.ai_move(rest.pop("level"), **dict(rest, max_nodes=rest.get("max_nodes", 1000)))
    except (ValueError, LudusError) as e:
        out.write(f"Cannot play {args.game}: {e}\n")
        return 2
    a, b = players
    summary = run(args.game, game_options, a, b, args.n, seed=args.seed, jobs=args.jobs)
    out.write(report(summary, args.game, a, b, args.seed) + "\n")
    out.flush()
    return 0


class Engine:
    """The computer side of ``play --vs LEVEL``: rolls for itself and plays the level's move."""

    def __init__(self, player: int, level: str) -> None:
        self.player, self.level, self.moves = player, level, 0

    def act(self, game: Game, say: Any) -> bool:
        """Plays one roll or move if it is the engine's turn; False when it is the person's."""
        if game.phase == Phase.OVER or game.to_move != self.player:
            return False
        if game.phase == Phase.ROLL:
            dice = game.roll()
            say(f"Player {self.player} (computer) rolled: {' '.join(map(str, dice))}.")
            return True
        move = game.ai_move(self.level, seed=self.moves)
        self.moves += 1
        game.play(move.text)
        say(f"Player {self.player} (computer, {self.level}) played {move.text}.")
        return True

    def undo(self, game: Game) -> None:
        """Takes back the engine's steps after the person's undo, back to the person's turn."""
        while game.phase != Phase.OVER and game.to_move == self.player and game.history:
            game.undo()
