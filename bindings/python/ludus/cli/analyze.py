"""``ludus analyze``: the command line of :mod:`ludus.analysis` (its arguments read and checked,
the run started, the outputs written)."""
from __future__ import annotations

import argparse
import sys
from typing import Any, Dict, List, Mapping, Optional, Sequence, TextIO, Tuple

from .._optional import missing_packages
from ..analysis import analyze, write_outputs
from ..analysis.run import SchedulerError, configurations, default_progress
from ..errors import LudusError
from ..game import Game
from ..options import parse_game_options
from ..selfplay import LEVELS

__all__ = ["add_parser", "cmd_analyze", "parse_assignment"]


def parse_assignment(game_id: str, text: str, many: bool) -> Tuple[str, List[Any]]:
    """``"rows=5"`` (or, with ``many``, ``"rows=5,6,7"``) to the option's name and its values,
    typed and checked against the catalogue. Raises ValueError with one line for a person."""
    name, has_value, value = text.partition("=")
    if not has_value or not name:
        raise ValueError(f"write options as NAME=VALUE{',VALUE...' if many else ''}, not {text!r}")
    parts = value.split(",") if many else [value]
    if any(p == "" for p in parts):
        raise ValueError(f"--sweep {name} has an empty value in {text!r}; give values such as {name}=5,6,7")
    return name, [parse_game_options(game_id, [f"--{name}", p])[name] for p in parts]


def add_parser(sub: Any) -> None:
    """The ``analyze`` subcommand of ``python3 -m ludus``."""
    p = sub.add_parser(
        "analyze",
        help="metrics over many games between computer players (Dask for scale)",
        description="Plays GAMES games of every configuration (each point of the sweep with each pairing "
        "of the levels, colours alternating) and writes records.csv, records.json, "
        "summary.json and report.md with plots to --out. See docs/analysis.md.",
    )
    p.add_argument("game", help="the game's id, e.g. petteia")
    p.add_argument("--ruleset", help="the game's ruleset (the same as --option ruleset=R)")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option (repeatable)")
    p.add_argument(
        "--sweep", action="append", default=[], metavar="NAME=V1,V2,...", help="an option to sweep (one or two)"
    )
    p.add_argument(
        "--players",
        default="random",
        metavar="LEVEL[,LEVEL...]",
        help="one level (plays itself) or several (every pair plays); default random",
    )
    p.add_argument("--budget", type=int, metavar="N", help="nodes a move of the searching levels (playouts for uct)")
    p.add_argument("--games", type=int, default=100, metavar="N", help="games a configuration (default 100)")
    p.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    p.add_argument("--max-plies", type=int, default=2000, help="a game stops (a timeout) after this many moves")
    p.add_argument(
        "--detail",
        type=int,
        metavar="N",
        help="only N games a configuration between random players get the per-ply metrics (default all)",
    )
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help="1: in this process, no Dask; N: a local Dask cluster " "of N processes (default: one per core)",
    )
    where.add_argument("--scheduler", metavar="ADDRESS", help="an existing Dask scheduler, e.g. tcp://host:8786")
    p.add_argument("--out", required=True, metavar="DIR", help="where to write the records and the report")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")


def cmd_analyze(args: argparse.Namespace, out: TextIO, err: Optional[TextIO] = None) -> int:
    """``python3 -m ludus analyze``; returns the exit status (2 with one line on standard error for
    bad arguments, 1 when the scheduler cannot be reached)."""
    err = err or sys.stderr
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
        known = list(LEVELS)
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
        run = analyze(
            args.game,
            options,
            sweep,
            levels,
            args.games,
            args.seed,
            args.budget,
            args.workers,
            args.scheduler,
            args.max_plies,
            args.detail,
            progress,
        )
    except SchedulerError as e:
        err.write(f"ludus analyze: {e}\n")
        return 1
    report = write_outputs(run, args.out)
    out.write(f"{total} games; wrote {report} and the records beside it.\n")
    return 0


def _check_start(game_id: str, options: Mapping[str, Any], sweep: Mapping[str, Sequence[Any]]) -> None:
    """Creates the game at every point of the sweep, so that a bad combination is told before the games."""
    for config in configurations(options, sweep, ["random"]):
        Game(game_id, dict(config.options, seed=0)).close()
