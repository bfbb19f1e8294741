"""Compare rulesets by simulated play (``ludus analyze``): metrics over many games between
computer levels, on one machine or a Dask cluster, with records, a summary and a report.

    from ludus import analysis
    run = analysis.analyze("duodecim", levels=["random"], games=200, seed=1, workers=1)
    print(run["configs"]["random-random"]["advantage_first"])

The metrics and their Ludii definitions: docs/analysis.md.
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import Any, Dict, List, Mapping, Optional, Sequence, TextIO, Tuple

from .._optional import missing_packages
from . import metrics
from .metrics import summarize
from .play import derive_seed, play_chunk, play_game
from .records import RecordTable
from .report import write_records, write_report, write_summary
from .run import CHUNK_GAMES, SchedulerError, configurations, default_progress, run_chunks, tasks

__all__ = ["analyze", "write_outputs", "add_parser", "cmd_analyze", "parse_assignment", "summarize", "play_game",
           "play_chunk", "derive_seed", "run_chunks", "tasks", "configurations", "metrics", "SchedulerError",
           "CHUNK_GAMES", "UNATTENDED_DRAW_PLIES", "RecordTable"]

# Petteia and Latrunculi need a draw rule for games between programs to end (as in selfplay).
UNATTENDED_DRAW_PLIES = 200


def _levels_known() -> List[str]:
    from ..selfplay import LEVELS
    return list(LEVELS)


def analyze(game_id: str, options: Optional[Mapping[str, Any]] = None, sweep: Optional[Mapping[str, Sequence[Any]]] = None,
            levels: Sequence[str] = ("random",), games: int = 100, seed: int = 1, budget: Optional[int] = None,
            workers: Optional[int] = None, scheduler: Optional[str] = None, max_plies: int = 2000,
            detail: Optional[int] = None, progress: Optional[TextIO] = None) -> Dict[str, Any]:
    """Play ``games`` games of every configuration (each point of ``sweep`` with each pairing of
    ``levels``; colours alternate) and summarize them. Returns ``{"game", "options", "sweep",
    "configs": {name: summary}, "config_swept", "records", ...}``; the records (a
    :class:`RecordTable`: a sequence of dicts, kept compactly) depend only on the arguments, not on ``workers`` or ``scheduler``. ``budget``: nodes a move for the
    searching levels (playouts for uct). ``detail``: games a configuration between random players
    with the per-ply metrics (None: all)."""
    options = dict(options or {})
    sweep = {k: list(v) for k, v in (sweep or {}).items()}
    if game_id in ("petteia", "latrunculi") and "draw_plies_without_capture" not in options \
            and "draw_plies_without_capture" not in sweep:
        options["draw_plies_without_capture"] = UNATTENDED_DRAW_PLIES
    configs = configurations(options, sweep, list(levels))
    chunk_tasks = tasks(game_id, configs, games, seed, budget, max_plies, detail)
    results = run_chunks(chunk_tasks, workers, scheduler, progress)
    records = RecordTable.concat(results)
    by_name = records.by_config()
    return {
        "game": game_id, "options": options, "sweep": sweep, "levels": list(levels), "games": games, "seed": seed,
        "budget": budget, "max_plies": max_plies, "detail": detail,
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


# ---- command line ----------------------------------------------------------------------------

def parse_assignment(game_id: str, text: str, many: bool) -> Tuple[str, List[Any]]:
    """``"rows=5"`` (or, with ``many``, ``"rows=5,6,7"``) to the option's name and its values,
    typed and checked against the catalogue. Raises ValueError with one line for a person."""
    from ..cli import parse_game_options
    name, has_value, value = text.partition("=")
    if not has_value or not name:
        raise ValueError(f"write options as NAME=VALUE{',VALUE...' if many else ''}, not {text!r}")
    parts = value.split(",") if many else [value]
    if any(p == "" for p in parts):
        raise ValueError(f"--sweep {name} has an empty value in {text!r}; give values such as {name}=5,6,7")
    return name, [parse_game_options(game_id, [f"--{name}", p])[name] for p in parts]


def add_parser(sub: Any) -> None:
    """The ``analyze`` subcommand of ``python3 -m ludus``."""
    p = sub.add_parser("analyze", help="metrics over many games between computer players (Dask for scale)",
                       description="Plays GAMES games of every configuration (each point of the sweep with each pairing "
                                   "of the levels, colours alternating) and writes records.csv, records.json, "
                                   "summary.json and report.md with plots to --out. See docs/analysis.md.")
    p.add_argument("game", help="the game's id, e.g. petteia")
    p.add_argument("--ruleset", help="the game's ruleset (the same as --option ruleset=R)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option (repeatable)")
    p.add_argument("--sweep", action="append", default=[], metavar="NAME=V1,V2,...",
                   help="an option to sweep (one or two)")
    p.add_argument("--players", default="random", metavar="LEVEL[,LEVEL...]",
                   help="one level (plays itself) or several (every pair plays); default random")
    p.add_argument("--budget", type=int, metavar="N", help="nodes a move of the searching levels (playouts for uct)")
    p.add_argument("--games", type=int, default=100, metavar="N", help="games a configuration (default 100)")
    p.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    p.add_argument("--max-plies", type=int, default=2000, help="a game stops (a timeout) after this many moves")
    p.add_argument("--detail", type=int, metavar="N",
                   help="only N games a configuration between random players get the per-ply metrics (default all)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, metavar="N", help="1: in this process, no Dask; N: a local Dask cluster "
                       "of N processes (default: one per core)")
    where.add_argument("--scheduler", metavar="ADDRESS", help="an existing Dask scheduler, e.g. tcp://host:8786")
    p.add_argument("--out", required=True, metavar="DIR", help="where to write the records and the report")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")


def cmd_analyze(args: argparse.Namespace, out: TextIO, err: Optional[TextIO] = None) -> int:
    """``python3 -m ludus analyze``; returns the exit status (2 with one line on standard error for
    bad arguments, 1 when the scheduler cannot be reached)."""
    err = err or sys.stderr
    from ..errors import LudusError
    try:
        options: Dict[str, Any] = {}
        if args.ruleset is not None:
            name, values = parse_assignment(args.game, f"ruleset={args.ruleset}", False)
            options[name] = values[0]
        for item in args.option:
            name, values = parse_assignment(args.game, item, False)
            options[name] = values[0]
        sweep: Dict[str, List[Any]] = {}
        for item in args.sweep:
            name, values = parse_assignment(args.game, item, True)
            sweep[name] = values
        if len(sweep) > 2:
            raise ValueError(f"sweep one or two options, not {len(sweep)}")
        levels = [level for level in args.players.split(",")]
        known = _levels_known()
        for level in levels:
            if level not in known:
                raise ValueError(f"there is no level {level!r}; the levels are {', '.join(known)}")
        if args.games < 1:
            raise ValueError(f"--games needs at least 1 game, not {args.games}")
        if args.workers is not None and args.workers < 1:
            raise ValueError(f"--workers needs at least 1, not {args.workers}")
        if args.max_plies < 1:
            raise ValueError(f"--max-plies needs at least 1, not {args.max_plies}")
        _check_start(args.game, options, sweep)
    except (ValueError, LudusError) as e:
        err.write(f"ludus analyze: {e}\n")
        return 2
    # The report's plots need matplotlib; more than one worker needs Dask's distributed.
    needed = {"matplotlib": "python3-matplotlib"}
    if args.workers != 1 or args.scheduler:
        needed["distributed"] = "python3-distributed"
    missing = missing_packages("ludus analyze", needed, "analysis")
    if missing:
        err.write(missing + (" (or --workers 1 to play in this process)\n" if "distributed" in missing else "\n"))
        return 1
    total = args.games * len(configurations(options, sweep, levels))
    progress = None if args.no_progress else default_progress(total)
    try:
        run = analyze(args.game, options, sweep, levels, args.games, args.seed, args.budget, args.workers,
                      args.scheduler, args.max_plies, args.detail, progress)
    except SchedulerError as e:
        err.write(f"ludus analyze: {e}\n")
        return 1
    report = write_outputs(run, args.out)
    out.write(f"{total} games; wrote {report} and the records beside it.\n")
    return 0


def _check_start(game_id: str, options: Mapping[str, Any], sweep: Mapping[str, Sequence[Any]]) -> None:
    """Creates the game at every point of the sweep, so that a bad combination is told before the games."""
    from ..game import Game
    for config in configurations(options, sweep, ["random"]):
        Game(game_id, dict(config.options, seed=0)).close()
