"""``ludus selfplay``: computer players against each other, one match or a round robin
(built on :mod:`ludus.selfplay`)."""
from __future__ import annotations

import json
import os
from typing import Any, Dict, List, Mapping, Optional, TextIO

from .. import selfplay
from ..errors import LudusError
from ..game import Game, Phase
from ..options import ending_unattended, parse_game_options
from .console import game_list

__all__ = ["add_parser", "cmd_selfplay", "player_options"]


def _ai_options(text: Optional[str]) -> Dict[str, Any]:
    if not text:
        return {}
    value = json.loads(text)
    if not isinstance(value, dict):
        raise ValueError(f"player options are a JSON object, such as '{{\"max_nodes\": 20000}}', not {text!r}")
    return value


def add_parser(sub: Any) -> None:
    """The ``selfplay`` subcommand of ``python3 -m ludus``."""
    p = sub.add_parser(
        "selfplay",
        help="computer players play each other many times",
        description="Plays N games between two computer players of the library, A taking player 0 in "
        "the even games; prints A's wins, draws and losses with a 95% interval, the average "
        "length and the first player's edge. With --table, plays the round robin of the "
        "levels instead and writes a Markdown table with Elo ratings. Game options follow "
        "as --NAME VALUE.",
    )
    p.add_argument("game", help=f"the game: {game_list()}")
    p.add_argument("--a", default="best", metavar="LEVEL", help="player A's level (default best)")
    p.add_argument("--b", default="random", metavar="LEVEL", help="player B's level (default random)")
    p.add_argument("-n", type=int, default=100, help="games (default 100; with --table, games a pair)")
    p.add_argument("--seed", type=int, default=1, help="game i uses seed SEED+i (default 1)")
    p.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    p.add_argument(
        "--time-ms",
        "--max-time-ms",
        dest="max_time_ms",
        type=int,
        help="time budget a move, the same for every player (max_time_ms)",
    )
    p.add_argument("--max-nodes", type=int, help="node budget a move of the searching levels (not uct; deterministic)")
    p.add_argument("--max-playouts", type=int, help="playouts a move of level uct (deterministic)")
    p.add_argument("--a-options", metavar="JSON", help="more options of A's player, e.g. '{\"depth\": 3}'")
    p.add_argument("--b-options", metavar="JSON", help="more options of B's player")
    p.add_argument("--max-plies", type=int, default=2000, help="stop a game (counted a draw) after this many moves")
    p.add_argument(
        "--table",
        nargs="*",
        metavar="LEVEL",
        help="play the round robin of these levels (all of the game's if none are named) and write a "
        "Markdown table with Elo ratings and 95%% intervals",
    )
    p.add_argument("-o", "--output", metavar="FILE", help="with --table: write the table to FILE too")


def player_options(level: str, args: Any, extra: Optional[str] = None) -> Dict[str, Any]:
    """The options of ai_move for ``level`` from the command line's budgets: the time for every
    level, the node budget for the searching levels, the playout budget for uct."""
    ai: Dict[str, Any] = {"level": level}
    if args.max_time_ms is not None:
        ai["max_time_ms"] = args.max_time_ms
    if args.max_nodes is not None and level != "uct":
        ai["max_nodes"] = args.max_nodes
    if args.max_playouts is not None and level == "uct":
        ai["max_playouts"] = args.max_playouts
    ai.update(_ai_options(extra))
    return ai


def _check_players(game_id: str, game_options: Mapping[str, Any], players: List[Dict[str, Any]]) -> None:
    """Asks each player for one quick move, so that a wrong level or option is told before the games."""
    with Game(game_id, dict(game_options, seed=0)) as probe:
        if probe.phase == Phase.ROLL:
            probe.roll()
        for ai in players:
            rest = dict(ai)
            level = rest.pop("level")
            if not any(k in rest for k in ("max_nodes", "max_playouts", "max_time_ms")):
                rest["max_playouts" if level == "uct" else "max_nodes"] = 100
            probe.ai_move(level, **rest)


def cmd_selfplay(args: Any, game_args: List[str], out: TextIO) -> int:
    """`python3 -m ludus selfplay`: one match between two levels, or with --table the round
    robin of the levels as a Markdown table; returns the exit status."""
    try:
        game_options = parse_game_options(args.game, game_args)
        game_options = ending_unattended(args.game, game_options, 200)
        if args.table is not None:
            levels = list(args.table) or [
                level
                for level in selfplay.levels_of(args.game)
                if level != "perfect" or os.environ.get("LUDUS_UR_TABLES")
            ]  # it needs its table
            if len(levels) < 2 or len(set(levels)) != len(levels):
                raise ValueError(f"--table needs two or more different levels, not {' '.join(levels) or 'none'}")
            players = [player_options(level, args) for level in levels]
        else:
            players = [player_options(args.a, args, args.a_options), player_options(args.b, args, args.b_options)]
        _check_players(args.game, game_options, players)
    except (ValueError, LudusError) as e:
        out.write(f"Cannot play {args.game}: {e}\n")
        return 2
    if args.table is not None:
        rr = selfplay.round_robin(
            args.game,
            game_options,
            {ai["level"]: ai for ai in players},
            args.n,
            seed=args.seed,
            jobs=args.jobs,
            max_plies=args.max_plies,
        )
        text = selfplay.table_markdown(rr, game_options) + "\n"
        out.write(text)
        if args.output:
            with open(args.output, "w", encoding="utf-8") as f:
                f.write(text)
        out.flush()
        return 0
    a, b = players
    summary = selfplay.run(
        args.game, game_options, a, b, args.n, seed=args.seed, jobs=args.jobs, max_plies=args.max_plies
    )
    out.write(selfplay.report(summary, args.game, a, b, args.seed) + "\n")
    out.flush()
    return 0
