"""The metrics of ``ludus analyze``: per-game values computed from one game's observations, and
their summary over many games with 95% intervals.

Where Ludii defines a metric (Ludii 1.3.13, ``Evaluation/src/metrics``) the per-game value and the
mean over games follow its definition, so that the figures can be compared; docs/analysis.md says
which class each one follows and where this module differs (and why).
"""
from __future__ import annotations

import math
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence

from ..selfplay import wilson  # the Wilson score interval of a proportion, shared with selfplay
from .records import column

__all__ = [
    "wilson",
    "mean_interval",
    "leaders",
    "lead_change",
    "lead_changes",
    "stability",
    "drama",
    "decision_share",
    "branching_mean",
    "turns_of",
    "coverage",
    "summarize",
    "OUTCOME_METRICS",
    "PER_GAME_METRICS",
]

Z95 = 1.96

# Per-game values averaged over games (the key in a record, and what the summary calls it).
PER_GAME_METRICS = [
    "plies",
    "turns",
    "branching_factor",
    "decision_moves",
    "forced_passes",
    "board_coverage",
    "piece_number",
    "pieces_left",
    "lead_change",
    "lead_changes",
    "stability",
    "drama",
    "eval_lead_change",
    "eval_stability",
    "eval_drama",
]
OUTCOME_METRICS = ["completion", "draws", "timeouts", "drawishness", "advantage_first", "balance"]


def mean_interval(values: Sequence[float], z: float = Z95) -> Dict[str, float]:
    """Mean, population standard deviation (Ludii's DurationTurnsStdDev divides by N) and the
    normal 95% interval of the mean (from the sample standard deviation) of ``values``."""
    n = len(values)
    if n == 0:
        return {"n": 0, "mean": math.nan, "sd": math.nan, "low": math.nan, "high": math.nan}
    mean = math.fsum(values) / n
    squares = math.fsum((v - mean) ** 2 for v in values)
    sd = math.sqrt(squares / n)
    half = z * math.sqrt(squares / (n - 1) / n) if n > 1 else 0.0
    return {"n": n, "mean": mean, "sd": sd, "low": mean - half, "high": mean + half}


# ---- one game --------------------------------------------------------------------------------


def leaders(evaluations: Sequence[float]) -> List[int]:
    """The leader at each state from player 0's evaluation e_0 (two players, so e_1 = -e_0):
    0 or 1, or -1 when both are level (Ludii's leader set is then both players)."""
    return [0 if e > 0 else 1 if e < 0 else -1 for e in evaluations]


def lead_change(evaluations: Sequence[float], moves: int) -> Optional[float]:
    """Ludii's LeadChange (``stateEvaluation/LeadChange.java``): the decision states whose leader
    set differs from the previous state's, the first state counting as a change, divided by the
    number of moves L. None for a game without moves."""
    if moves <= 0 or not evaluations:
        return None
    return (lead_changes(evaluations) + 1) / moves


def lead_changes(evaluations: Sequence[float]) -> int:
    """How many times the leader set changes between consecutive decision states (Ludii's count
    without its artificial first change)."""
    order = leaders(evaluations)
    return sum(1 for a, b in zip(order, order[1:]) if a != b)


def stability(evaluations: Sequence[float]) -> Optional[float]:
    """Ludii's Stability (``stateEvaluation/Stability.java``): the sum over players of the
    population variance of e_p over the decision states; with e_1 = -e_0 that is 2 Var(e_0).
    Higher means less stable."""
    n = len(evaluations)
    if n == 0:
        return None
    mean = math.fsum(evaluations) / n
    return 2.0 * math.fsum((e - mean) ** 2 for e in evaluations) / n


def drama(evaluations: Sequence[float], winner: Optional[int]) -> Optional[float]:
    """Ludii's Drama as its description defines it (``metrics/Drama.java``, mode Average): at each
    decision state, the mean over the winners w of max_p e_p - e_w, averaged over the states; the
    winners of a draw are both players. So it is how far behind the eventual winner was, on
    average (0 for a winner who always led). Ludii's code takes every player as a winner (a bug,
    see docs/analysis.md), which gives |e_0| whoever wins."""
    if not evaluations:
        return None
    if winner == 0:
        values = [abs(e) - e for e in evaluations]
    elif winner == 1:
        values = [abs(e) + e for e in evaluations]
    else:
        values = [abs(e) for e in evaluations]
    return math.fsum(values) / len(values)


def decision_share(branching: Sequence[int]) -> Optional[float]:
    """Ludii's DecisionMoves (``complexity/DecisionMoves.java``): the share of decision states
    with more than one legal move (forced moves and forced passes are not decisions)."""
    if not branching:
        return None
    return sum(1 for b in branching if b > 1) / len(branching)


def branching_mean(branching: Sequence[int]) -> Optional[float]:
    """Ludii's BranchingFactor in mode Average: the mean number of legal moves over the decision
    states of one game."""
    if not branching:
        return None
    return sum(branching) / len(branching)


def turns_of(movers: Sequence[int]) -> int:
    """Ludii's turn count (``Trial.numTurns``): a turn is a maximal run of moves by one player, so
    a dice game's two or three steps, or a capture's extra move, make one turn."""
    return sum(1 for i, m in enumerate(movers) if i == 0 or m != movers[i - 1])


def coverage(occupied: Iterable[Any], sites: int) -> Optional[float]:
    """Ludii's BoardCoverageDefault: the share of the board's sites that held a piece in any
    state of the game (setup included)."""
    if sites <= 0:
        return None
    return len(set(occupied)) / sites


# ---- many games ------------------------------------------------------------------------------


def _score(winner: Optional[int], player: int) -> float:
    """Ludii's (u_p + 1) / 2 for ``player`` in a game won by ``winner``: 1 for a win, 0 for a
    loss, 0.5 for a draw or a timeout (no winner)."""
    if winner is None:
        return 0.5
    return 1.0 if winner == player else 0.0


def summarize(records: Sequence[Mapping[str, Any]]) -> Dict[str, Any]:
    """The summary of one configuration's games: each outcome metric with its 95% interval, the
    mean (with spread and interval) of every per-game metric over the games that have it, the
    win rates of each level, and the histogram of lengths. ``records``: a RecordTable or dicts."""
    n = len(records)
    out: Dict[str, Any] = {"games": n}
    winners, ends = column(records, "winner"), column(records, "end")
    wins = n - winners.count(None)
    draws = ends.count("draw")
    timeouts = ends.count("timeout")

    def proportion(count: float) -> Dict[str, float]:
        low, high = wilson(count, n)
        return {"value": count / n if n else math.nan, "low": low, "high": high}

    out["completion"] = proportion(wins)
    out["draws"] = proportion(draws)
    out["timeouts"] = proportion(timeouts)
    out["drawishness"] = proportion(draws + timeouts)  # Ludii as coded: a timeout is a draw
    first_scores = [_score(w, first) for w, first in zip(winners, column(records, "first")) if first is not None]
    advantage = mean_interval(first_scores)
    out["advantage_first"] = {"value": advantage["mean"], "low": advantage["low"], "high": advantage["high"]}
    zero_scores = [_score(w, 0) for w in winners]
    seat = [
        math.fsum(zero_scores) / n if n else math.nan,
        math.fsum(_score(w, 1) for w in winners) / n if n else math.nan,
    ]
    balance = 1.0 - abs(seat[0] - seat[1])
    zero = mean_interval(zero_scores)
    # With two players r_1 = 1 - r_0, so Balance = 1 - |2 r_0 - 1|: its interval maps from r_0's.
    balance_ends = [1.0 - abs(2 * zero["low"] - 1), 1.0 - abs(2 * zero["high"] - 1)] if n else [math.nan, math.nan]
    high = 1.0 if n and zero["low"] <= 0.5 <= zero["high"] else max(balance_ends)
    out["balance"] = {"value": balance, "low": min(balance_ends), "high": high}
    out["score_player"] = seat
    for name in PER_GAME_METRICS:
        values = [float(v) for v in column(records, name) if v is not None]
        if values:
            out[name] = mean_interval(values)
    pairs = column(records, "levels")
    levels = sorted({pair[0] for pair in pairs} | {pair[1] for pair in pairs})
    if len(levels) == 2:
        a = levels[0]
        a_scores = [_score(w, pair.index(a)) for w, pair in zip(winners, pairs)]
        a_wins = sum(1 for w, pair in zip(winners, pairs) if w is not None and pair[w] == a)
        low, high = wilson(a_wins, n)
        out["pairing"] = {
            "a": a,
            "b": levels[1],
            "a_wins": a_wins,
            "b_wins": wins - a_wins,
            "a_win_rate": {"value": a_wins / n, "low": low, "high": high},
            "a_score": {"value": math.fsum(a_scores) / n, **_bounds(mean_interval(a_scores))},
        }
    out["plies_histogram"] = histogram(column(records, "plies"))
    return out


def _bounds(summary: Mapping[str, float]) -> Dict[str, float]:
    return {"low": summary["low"], "high": summary["high"]}


def histogram(values: Sequence[int], bins: int = 20) -> Dict[str, List[float]]:
    """Counts of ``values`` in ``bins`` equal bins from the least to the greatest value."""
    if not values:
        return {"edges": [], "counts": []}
    low, high = min(values), max(values)
    width = max((high - low) / bins, 1e-9) if high > low else 1.0
    counts = [0] * bins
    for v in values:
        counts[min(int((v - low) / width), bins - 1)] += 1
    return {"edges": [low + i * width for i in range(bins + 1)], "counts": counts}
