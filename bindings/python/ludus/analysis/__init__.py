"""Compare rulesets by simulated play (``ludus analyze``): metrics over many games between
computer levels, on one machine or a Dask cluster, with records, a summary and a report.

    from ludus import analysis
    run = analysis.analyze("duodecim", levels=["random"], games=200, seed=1, workers=1)
    print(run["configs"]["random-random"]["advantage_first"])

The metrics and their Ludii definitions: docs/analysis.md.
"""
from __future__ import annotations

import os
from typing import Any, Dict, Mapping, Optional, Sequence, TextIO

from . import metrics
from ..options import ending_unattended
from .metrics import summarize
from .play import derive_seed, play_chunk, play_game
from .records import RecordTable
from .report import write_records, write_report, write_summary
from .run import CHUNK_GAMES, SchedulerError, configurations, run_chunks, tasks

__all__ = [
    "analyze",
    "write_outputs",
    "summarize",
    "play_game",
    "play_chunk",
    "derive_seed",
    "run_chunks",
    "tasks",
    "configurations",
    "metrics",
    "SchedulerError",
    "CHUNK_GAMES",
    "UNATTENDED_DRAW_PLIES",
    "RecordTable",
]

# Petteia and Latrunculi need a draw rule for games between programs to end (as in selfplay).
UNATTENDED_DRAW_PLIES = 200


def analyze(
    game_id: str,
    options: Optional[Mapping[str, Any]] = None,
    sweep: Optional[Mapping[str, Sequence[Any]]] = None,
    levels: Sequence[str] = ("random",),
    games: int = 100,
    seed: int = 1,
    budget: Optional[int] = None,
    workers: Optional[int] = None,
    scheduler: Optional[str] = None,
    max_plies: int = 2000,
    detail: Optional[int] = None,
    progress: Optional[TextIO] = None,
) -> Dict[str, Any]:
    """Play ``games`` games of every configuration (each point of ``sweep`` with each pairing of
    ``levels``; colours alternate) and summarize them. Returns ``{"game", "options", "sweep",
    "configs": {name: summary}, "config_swept", "records", ...}``; the records (a
    :class:`RecordTable`: a sequence of dicts, kept compactly) depend only on the arguments, not on ``workers`` or ``scheduler``. ``budget``: nodes a move for the
    searching levels (playouts for uct). ``detail``: games a configuration between random players
    with the per-ply metrics (None: all)."""
    options = dict(options or {})
    sweep = {k: list(v) for k, v in (sweep or {}).items()}
    options = ending_unattended(game_id, options, UNATTENDED_DRAW_PLIES, list(sweep))
    configs = configurations(options, sweep, list(levels))
    chunk_tasks = tasks(game_id, configs, games, seed, budget, max_plies, detail)
    results = run_chunks(chunk_tasks, workers, scheduler, progress)
    records = RecordTable.concat(results)
    by_name = records.by_config()
    return {
        "game": game_id,
        "options": options,
        "sweep": sweep,
        "levels": list(levels),
        "games": games,
        "seed": seed,
        "budget": budget,
        "max_plies": max_plies,
        "detail": detail,
        "configs": {c.name: summarize(by_name.get(c.name, RecordTable())) for c in configs},
        "config_swept": {c.name: c.swept for c in configs},
        "records": records,
    }


def write_outputs(run: Mapping[str, Any], out_dir: str, title: Optional[str] = None, json_records: bool = True) -> str:
    """Write records.csv, records.json, summary.json and report.md (with its plots) to ``out_dir``;
    returns the report's path."""
    os.makedirs(out_dir, exist_ok=True)
    write_records(run["records"], out_dir, json_records)
    write_summary({k: v for k, v in run.items() if k != "records"}, out_dir)
    return os.path.join(out_dir, write_report(run, run["records"], out_dir, title=title))
