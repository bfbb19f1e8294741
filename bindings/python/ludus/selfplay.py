"""Games between two computer players of the library (``python3 -m ludus selfplay``).

Player A and player B play ``n`` games; A takes player 0 in the even-numbered games and player 1
in the odd ones, so both sides of the board (and, where the options fix it, the first move) are
shared evenly. Game ``i`` uses the seed ``seed + i`` for the game (dice) and for both players, so
a run with a node budget (``max_nodes``, ``max_playouts``) repeats exactly. The games run in
``jobs`` processes. The command line (``selfplay`` in :mod:`ludus.cli`) is built on this module,
which knows nothing of it.

``table`` plays the round robin of several levels and writes a Markdown table with an Elo
rating of each (a Bradley-Terry fit of all the games, draws counting half) and its 95% interval.
"""
from __future__ import annotations

import math
import multiprocessing
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, TextIO, Tuple

from .errors import UnknownGameError
from .game import Game, Phase, games

__all__ = [
    "GameRecord",
    "Summary",
    "play_game",
    "run",
    "wilson",
    "elo_from_score",
    "score_from_elo",
    "fit_elo",
    "RoundRobin",
    "round_robin",
    "levels_of",
    "every_level",
    "table_markdown",
]


def every_level() -> List[str]:
    """Every game's computer levels as the catalogue lists them (``levels``, weakest first, then
    ``other_levels``), each once, in the catalogue's order."""
    names: List[str] = []
    for entry in games():
        names += [level for level in entry["levels"] + entry["other_levels"] if level not in names]
    return names


LEVELS = every_level()  # the catalogue's, for the command line's help and checks
ELO_PER_NATURAL = 400.0 / math.log(10.0)  # Elo points per unit of the logistic's natural scale


@dataclass
class GameRecord:
    """How one game of a match went, from player A's point of view."""

    index: int
    a_player: int  # the player number A had
    first: int  # the player who moved first
    winner: Optional[int]  # None for a draw (or a game stopped at max_plies)
    plies: int
    cpu_seconds: Tuple[float, float] = (
        0.0,
        0.0,
    )  # CPU time of A's and B's choices (the process's, summed over its threads)
    moves: Tuple[int, int] = (0, 0)  # moves A and B chose


@dataclass
class Summary:
    """The totals of a match for player A, with every game's record."""

    n: int = 0
    a_wins: int = 0
    draws: int = 0
    a_losses: int = 0
    plies: int = 0
    cpu_seconds: List[float] = field(default_factory=lambda: [0.0, 0.0])  # A's, B's
    moves: List[int] = field(default_factory=lambda: [0, 0])
    first_wins: int = 0
    first_losses: int = 0
    records: List[GameRecord] = field(default_factory=list)

    def add(self, r: GameRecord) -> None:
        """Count one more game."""
        self.records.append(r)
        self.n += 1
        self.plies += r.plies
        for side in (0, 1):
            self.cpu_seconds[side] += r.cpu_seconds[side]
            self.moves[side] += r.moves[side]
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


def play_game(
    game_id: str,
    game_options: Mapping[str, Any],
    index: int,
    seed: int,
    a: Mapping[str, Any],
    b: Mapping[str, Any],
    max_plies: int = 2000,
) -> GameRecord:
    """One game: A (options of ai_move, with "level") is player 0 when ``index`` is even."""
    a_player = index % 2
    options = dict(game_options)
    options["seed"] = seed + index
    with Game(game_id, options) as game:
        first = game.to_move if game.to_move is not None else 0
        plies = 0
        cpu, moves = [0.0, 0.0], [0, 0]
        while game.phase != Phase.OVER and plies < max_plies:
            if game.phase == Phase.ROLL:
                game.roll()
                continue
            side = 0 if game.to_move == a_player else 1
            ai = dict(a if side == 0 else b)
            level = ai.pop("level", "best")
            started = time.process_time()
            move = game.ai_move(level, seed=(seed + index) * 100003 + plies, **ai)
            cpu[side] += time.process_time() - started
            moves[side] += 1
            game.play(move.text)
            plies += 1
        return GameRecord(index, a_player, first, game.winner, plies, (cpu[0], cpu[1]), (moves[0], moves[1]))


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


def run(
    game_id: str,
    game_options: Mapping[str, Any],
    a: Mapping[str, Any],
    b: Mapping[str, Any],
    n: int,
    seed: int = 1,
    jobs: int = 2,
    progress: Optional[TextIO] = sys.stderr,
    max_plies: int = 2000,
) -> Summary:
    """Play ``n`` games in ``jobs`` processes and sum them up."""
    tasks = [(game_id, dict(game_options), i, seed, dict(a), dict(b), max_plies) for i in range(n)]
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
    lines = [
        f"{game_id}: A = {_describe(a)} against B = {_describe(b)}, {n} games "
        f"(seeds {seed}..{seed + n - 1}, A is player 0 in the even games)"
    ]
    if n == 0:
        return lines[0]
    pct = lambda x: f"{100.0 * x:.1f}%"  # noqa: E731
    lo, hi = wilson(summary.a_wins, n)
    lines.append(
        f"A wins {summary.a_wins} ({pct(summary.a_wins / n)}, 95% CI {pct(lo)}..{pct(hi)}), "
        f"draws {summary.draws} ({pct(summary.draws / n)}), losses {summary.a_losses} ({pct(summary.a_losses / n)})"
    )
    score = (summary.a_wins + 0.5 * summary.draws) / n
    slo, shi = wilson(summary.a_wins + 0.5 * summary.draws, n)
    lines.append(f"A's score {pct(score)} (95% CI {pct(slo)}..{pct(shi)})")
    lines.append(f"average length {summary.plies / n:.1f} moves")
    per_move = [1000.0 * summary.cpu_seconds[side] / max(summary.moves[side], 1) for side in (0, 1)]
    lines.append(f"CPU time a move: A {per_move[0]:.2f} ms, B {per_move[1]:.2f} ms")
    first_score = (summary.first_wins + 0.5 * summary.draws) / n
    lines.append(
        f"the first player won {summary.first_wins}, lost {summary.first_losses}: "
        f"score {pct(first_score)}, edge {100.0 * (first_score - 0.5):+.1f} points"
    )
    return "\n".join(lines)


# ---- Elo ------------------------------------------------------------------------------------


def score_from_elo(difference: float) -> float:
    """The expected score (win 1, draw 0.5) of a player rated ``difference`` Elo above the other."""
    return 1.0 / (1.0 + 10.0 ** (-difference / 400.0))


def elo_from_score(score: float) -> float:
    """The Elo difference that gives the expected score ``score`` (0.75 gives +190.8); +-inf at 1 and 0."""
    if score >= 1.0:
        return math.inf
    if score <= 0.0:
        return -math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def _solve(matrix: List[List[float]], vector: List[float]) -> List[float]:
    """x with matrix x = vector (Gauss-Jordan with partial pivoting; small, well-conditioned systems)."""
    n = len(vector)
    a = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[r][col] != 0.0:
                factor = a[r][col] / a[col][col]
                a[r] = [x - factor * y for x, y in zip(a[r], a[col])]
    return [a[i][n] / a[i][i] for i in range(n)]


def fit_elo(
    names: List[str],
    results: Mapping[Tuple[str, str], Tuple[int, int, int]],
    anchor: Optional[str] = None,
    prior_draws: float = 1.0,
    z: float = 1.96,
) -> Dict[str, Tuple[float, float, float]]:
    """Elo ratings of ``names`` from pairwise ``results`` {(a, b): (a's wins, draws, a's losses)}: the
    maximum-likelihood Bradley-Terry fit with draws counting half a win, ``anchor`` (default the first
    name) rated 0. ``prior_draws`` virtual draws are added to every pair that played, so that a perfect
    score still has a finite rating (0 for the plain fit). Returns {name: (rating, low, high)}, the
    interval from the fit's Fisher information (normal, ``z`` = 1.96 for 95%), relative to the anchor."""
    k = len(names)
    index = {name: i for i, name in enumerate(names)}
    games = [[0.0] * k for _ in range(k)]
    score = [[0.0] * k for _ in range(k)]  # score[i][j]: i's points against j
    for (a, b), (wins, draws, losses) in results.items():
        i, j = index[a], index[b]
        n = wins + draws + losses
        if n == 0:
            continue
        games[i][j] += n + prior_draws
        games[j][i] += n + prior_draws
        score[i][j] += wins + 0.5 * draws + 0.5 * prior_draws
        score[j][i] += losses + 0.5 * draws + 0.5 * prior_draws
    total = [sum(row) for row in score]
    gamma = [1.0] * k
    for _ in range(10000):  # minorization-maximization (Hunter 2004); converges for a connected schedule
        new = []
        for i in range(k):
            denominator = sum(games[i][j] / (gamma[i] + gamma[j]) for j in range(k) if j != i and games[i][j] > 0)
            new.append(max(total[i], 1e-300) / denominator if denominator > 0 else gamma[i])
        geometric = math.exp(sum(math.log(g) for g in new) / k)
        new = [g / geometric for g in new]
        change = max(abs(math.log(x / y)) for x, y in zip(new, gamma))
        gamma = new
        if change < 1e-12:
            break
    natural = [math.log(g) for g in gamma]
    a = index[anchor] if anchor is not None else 0
    # Fisher information of the natural ratings, the anchor's row and column left out (it is fixed).
    free = [i for i in range(k) if i != a]
    info = [[0.0] * len(free) for _ in free]
    for x, i in enumerate(free):
        for j in range(k):
            if j == i or games[i][j] == 0:
                continue
            p = 1.0 / (1.0 + math.exp(natural[j] - natural[i]))
            w = games[i][j] * p * (1.0 - p)
            info[x][x] += w
            if j != a:
                info[x][free.index(j)] -= w
    variance = [0.0] * k
    for x, i in enumerate(free):
        unit = [1.0 if y == x else 0.0 for y in range(len(free))]
        variance[i] = _solve(info, unit)[x]
    out = {}
    for i, name in enumerate(names):
        rating = (natural[i] - natural[a]) * ELO_PER_NATURAL
        half = z * math.sqrt(max(variance[i], 0.0)) * ELO_PER_NATURAL
        out[name] = (rating, rating - half, rating + half)
    return out


# ---- round robin ----------------------------------------------------------------------------


@dataclass
class RoundRobin:
    """A round robin between computer levels: the levels, each one's ai_move options, the
    number of games a pair and the results of every pairing (filled by `round_robin`)."""

    game_id: str
    levels: List[str]
    players: Dict[str, Dict[str, Any]]  # level -> options of ai_move
    n: int  # games a pair
    seed: int
    results: Dict[Tuple[str, str], Tuple[int, int, int]] = field(default_factory=dict)
    plies: int = 0
    games: int = 0


def levels_of(game_id: str) -> List[str]:
    """The game's computer levels as the catalogue lists them: its own, weakest first, then the
    others (``"uct"``). UnknownGameError for a game not in the catalogue."""
    for entry in games():
        if entry["id"] == game_id:
            return entry["levels"] + entry["other_levels"]
    raise UnknownGameError(f"unknown game {game_id!r} (games: {', '.join(e['id'] for e in games())})")


def round_robin(
    game_id: str,
    game_options: Mapping[str, Any],
    players: Mapping[str, Mapping[str, Any]],
    n: int,
    seed: int = 1,
    jobs: int = 1,
    progress: Optional[TextIO] = sys.stderr,
    max_plies: int = 2000,
) -> RoundRobin:
    """Every pair of ``players`` ({level: options}) plays ``n`` games (colours alternating, the same
    seeds for every pair)."""
    levels = list(players)
    rr = RoundRobin(game_id, levels, {k: dict(v) for k, v in players.items()}, n, seed)
    for x, a in enumerate(levels):
        for b in levels[x + 1 :]:
            if progress is not None:
                progress.write(f"{a} against {b}\n")
            summary = run(
                game_id,
                game_options,
                dict(players[a], level=a),
                dict(players[b], level=b),
                n,
                seed=seed,
                jobs=jobs,
                progress=progress,
                max_plies=max_plies,
            )
            rr.results[(a, b)] = (summary.a_wins, summary.draws, summary.a_losses)
            rr.plies += summary.plies
            rr.games += summary.n
    return rr


def _budget_text(players: Mapping[str, Mapping[str, Any]]) -> str:
    budgets: Dict[str, List[str]] = {}
    for level, ai in players.items():
        text = ", ".join(f"{k} {v}" for k, v in sorted(ai.items()) if k != "level") or "the level's default"
        budgets.setdefault(text, []).append(level)
    return "; ".join(f"{', '.join(levels)}: {text}" for text, levels in budgets.items())


def table_markdown(rr: RoundRobin, game_options: Optional[Mapping[str, Any]] = None) -> str:
    """The round robin as Markdown: one row a level, strongest first, with its Elo (the first
    level, e.g. random, 0) and 95% interval, its score and its results (wins-draws-losses) against
    each other level."""
    ratings = fit_elo(rr.levels, rr.results)
    points = {level: 0.0 for level in rr.levels}
    played = {level: 0 for level in rr.levels}
    cell: Dict[Tuple[str, str], str] = {}
    for (a, b), (w, d, l) in rr.results.items():
        n = w + d + l
        points[a] += w + 0.5 * d
        points[b] += l + 0.5 * d
        played[a] += n
        played[b] += n
        cell[(a, b)] = f"{w}-{d}-{l}"
        cell[(b, a)] = f"{l}-{d}-{w}"
    order = sorted(rr.levels, key=lambda level: -ratings[level][0])
    options = ", ".join(f"{k} {v}" for k, v in sorted((game_options or {}).items()))
    lines = [
        f"{rr.game_id}{' (' + options + ')' if options else ''}: round robin of {len(rr.levels)} levels, "
        f"{rr.n} games a pair (seeds {rr.seed}..{rr.seed + rr.n - 1}, colours alternating), "
        f"{rr.plies / max(rr.games, 1):.1f} moves a game. Budget a move: {_budget_text(rr.players)}. "
        f"Elo: Bradley-Terry fit of all games (draws half; one virtual draw a pair), {rr.levels[0]} = 0, "
        f"95% interval. Cells: the row's wins-draws-losses against the column.",
        "",
        "| level | Elo (95% CI) | score | " + " | ".join(order) + " |",
        "|---|---:|---:|" + "---:|" * len(order),
    ]
    for level in order:
        rating, low, high = ratings[level]
        share = points[level] / played[level] if played[level] else 0.0
        interval = "" if level == rr.levels[0] else f" ({low:+.0f}..{high:+.0f})"
        row = [level, f"{rating:+.0f}{interval}", f"{100 * share:.1f}%"]
        row += ["" if other == level else cell.get((level, other), "") for other in order]
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)
