"""``ludus solve ur``: the exact solution of the Royal Game of Ur, the table file the computer
player's ``perfect`` level plays from (docs/computer-players.md, "The solved game").

It runs the library's solver tool ``ludus-ur-solve`` (built by meson as
``build/tools/solve/ludus-ur-solve``): found through the environment variable
``LUDUS_UR_SOLVE``, else beside the build of the library this package loaded, else on ``PATH``.
The table is written to ``--output``, else to ``$LUDUS_UR_TABLES/ur-RULESET-PIECES-DICE.table``
(the place the ``perfect`` level looks), else to that name in the current directory.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
from typing import Any, List, Optional, TextIO

__all__ = ["add_parser", "cmd_solve", "solver_path"]

_DEFAULT_PIECES = {"finkel": 7, "masters": 7, "blitz": 5}
_DEFAULT_DICE = {"finkel": 4, "masters": 3, "blitz": 4}


def add_parser(sub: Any) -> None:
    """The ``solve`` subcommand of ``python3 -m ludus``."""
    p = sub.add_parser("solve", help="solve the Royal Game of Ur exactly (the perfect level's table)",
                       description="Computes every position's chance of winning under perfect play by value iteration "
                                   "and writes the table the computer player's level \"perfect\" plays from. "
                                   "The whole Finkel game takes hours on a small machine (docs/performance.md); "
                                   "--pieces 3 or 4 takes seconds to minutes.")
    p.add_argument("game", choices=["ur"], help="the game: ur")
    p.add_argument("--ruleset", default="finkel", choices=sorted(_DEFAULT_PIECES), help="the ruleset (default finkel; "
                   "murray's route passes squares twice and is not supported)")
    p.add_argument("--pieces", type=int, default=0, help="pieces a side (0: the ruleset's)")
    p.add_argument("--dice", type=int, default=0, choices=(0, 3, 4), help="binary dice (0: the ruleset's)")
    p.add_argument("--tolerance", type=float, default=1e-9, help="stop a group's sweeps when no value changes by more (default 1e-9)")
    p.add_argument("--min-off", type=int, default=0, help="solve only the positions where both sides have borne off at least this many pieces")
    p.add_argument("-o", "--output", help="the table file (default: $LUDUS_UR_TABLES/ur-RULESET-PIECES-DICE.table or ./that name)")
    p.add_argument("--quiet", action="store_true", help="no progress on standard error")


def solver_path() -> Optional[str]:
    """The ``ludus-ur-solve`` executable, or None."""
    given = os.environ.get("LUDUS_UR_SOLVE")
    if given:
        return given
    try:
        from .._library import library_path
        build = os.path.dirname(os.path.dirname(os.path.abspath(library_path)))
        beside = os.path.join(build, "tools", "solve", "ludus-ur-solve")
        if os.access(beside, os.X_OK):
            return beside
    except Exception:  # the library may not load; PATH may still have the tool
        pass
    return shutil.which("ludus-ur-solve")


def cmd_solve(args: argparse.Namespace, out: TextIO) -> int:
    """Runs the solver with the arguments of ``ludus solve ur``; its JSON summary goes to ``out``.
    Returns its exit status (1 when the tool is not found)."""
    tool = solver_path()
    if tool is None:
        out.write("ludus solve: the solver ludus-ur-solve was not found: build it with meson "
                  "(build/tools/solve/ludus-ur-solve) or name it in LUDUS_UR_SOLVE\n")
        return 1
    pieces = args.pieces or _DEFAULT_PIECES[args.ruleset]
    dice = args.dice or _DEFAULT_DICE[args.ruleset]
    output = args.output
    if not output:
        name = f"ur-{args.ruleset}-{pieces}-{dice}.table"
        output = os.path.join(os.environ.get("LUDUS_UR_TABLES") or ".", name)
    command: List[str] = [tool, "--ruleset", args.ruleset, "--pieces", str(pieces), "--dice", str(dice),
                          "--tolerance", repr(args.tolerance), "--min-off", str(args.min_off), "--output", output]
    if args.quiet:
        command.append("--quiet")
    result = subprocess.run(command, stdout=subprocess.PIPE, text=True)
    out.write(result.stdout)
    return result.returncode
