"""``ludus solve ur``: the exact solution of the Royal Game of Ur, the table file the computer
player's ``perfect`` level plays from (docs/computer-players.md, "The solved game").

It runs the library's solver tool ``ludus-ur-solve``, found in this order (:func:`find_solver`):
the environment variable ``LUDUS_UR_SOLVE``; the ``ludus`` package's own folder (where
``pip install .`` puts it); beside the build of the library this package loaded
(``BUILD/lib/ur/tools/``, for a build used without installing); the bindir ``meson install``
put it in (relative to the package's location, then as recorded); ``PATH``.
The table is written to ``--output``, else to ``$LUDUS_UR_TABLES/ur-RULESET-PIECES-DICE.table``
(the place the ``perfect`` level looks), else to that name in the current directory.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
from typing import Any, List, Optional, TextIO, Tuple

__all__ = ["add_parser", "cmd_solve", "find_solver", "solver_path"]

SOLVER = "ludus-ur-solve"

_DEFAULT_PIECES = {"finkel": 7, "masters": 7, "blitz": 5}
_DEFAULT_DICE = {"finkel": 4, "masters": 3, "blitz": 4}


def add_parser(sub: Any) -> None:
    """The ``solve`` subcommand of ``python3 -m ludus``."""
    p = sub.add_parser(
        "solve",
        help="solve the Royal Game of Ur exactly (the perfect level's table)",
        description="Computes every position's chance of winning under perfect play by value iteration "
        'and writes the table the computer player\'s level "perfect" plays from. '
        "The whole Finkel game (7 pieces) takes about 13 CPU-minutes and 3.2 GB of "
        "memory, Blitz's (5 pieces) about 4 CPU-minutes and 1.4 GB; Masters' 7 pieces "
        "(500,929,993 positions) keep float32 values and spill moves beyond 2.5 GiB to a "
        "temporary file beside the output: under 6 GB of memory and about 8 GB of disk. "
        "--pieces 3 takes under a CPU-second and 30 MB, --pieces 4 "
        "about 8 CPU-seconds and 130 MB "
        '(docs/performance.md, "Solving the Royal Game of Ur").',
    )
    p.add_argument("game", choices=["ur"], help="the game: ur")
    p.add_argument(
        "--ruleset",
        default="finkel",
        choices=sorted(_DEFAULT_PIECES),
        help="the ruleset (default finkel; " "murray's route passes squares twice and is not supported)",
    )
    p.add_argument("--pieces", type=int, default=0, help="pieces a side (0: the ruleset's)")
    p.add_argument("--dice", type=int, default=0, choices=(0, 3, 4), help="binary dice (0: the ruleset's)")
    p.add_argument(
        "--tolerance",
        type=float,
        default=1e-9,
        help="stop a group's sweeps when no value changes by more (default 1e-9)",
    )
    p.add_argument(
        "--min-off",
        type=int,
        default=0,
        help="solve only the positions where both sides have borne off at least this many pieces",
    )
    p.add_argument(
        "-o", "--output", help="the table file (default: $LUDUS_UR_TABLES/ur-RULESET-PIECES-DICE.table or ./that name)"
    )
    p.add_argument("--quiet", action="store_true", help="no progress on standard error")


def find_solver() -> Tuple[Optional[str], List[str]]:
    """The ``ludus-ur-solve`` executable (or None) and every place looked at, in the order of the
    module's docstring, each with what was found there."""
    tried: List[str] = []
    given = os.environ.get("LUDUS_UR_SOLVE")
    if given:
        return given, tried
    tried.append("LUDUS_UR_SOLVE: not set")
    from .. import _library

    package_dir = os.path.dirname(os.path.abspath(_library.__file__))
    places = [(os.path.join(package_dir, SOLVER), "the ludus package's folder (pip install .)")]
    build = _build_of(_library.library_path)
    if build:
        places.append(
            (os.path.join(build, "lib", "ur", "tools", SOLVER), f"the build {build} of the library this package loaded")
        )
    for directory in _installed_bindirs(package_dir):
        places.append((os.path.join(directory, SOLVER), "the bindir of meson install"))
    for path, what in places:
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path, tried
        tried.append(f"{path} ({what}): {'not executable' if os.path.exists(path) else 'no such file'}")
    on_path = shutil.which(SOLVER)
    if on_path:
        return on_path, tried
    tried.append(f"PATH: no {SOLVER}")
    return None, tried


def solver_path() -> Optional[str]:
    """The ``ludus-ur-solve`` executable, or None."""
    return find_solver()[0]


def _build_of(library_path: str) -> Optional[str]:
    """The Meson build folder the library was loaded from (BUILD/capi/libludus.so.1), or None."""
    build = os.path.dirname(os.path.dirname(os.path.abspath(library_path)))
    return build if os.path.isfile(os.path.join(build, "build.ninja")) else None


def _installed_bindirs(package_dir: str) -> List[str]:
    """Where ``meson install`` put the commands: relative to the package's real location (a moved
    installation), then as recorded; none for a package not installed by Meson."""
    try:
        from .. import _paths  # type: ignore[attr-defined]  # generated by meson install
    except ImportError:
        return []
    relative = os.path.relpath(_paths.BINDIR, os.path.join(_paths.PYTHON_DIR, "ludus"))
    moved = os.path.normpath(os.path.join(package_dir, relative))
    return [moved] if moved == _paths.BINDIR else [moved, _paths.BINDIR]


def not_found_message(tried: List[str]) -> str:
    """What ``ludus solve`` says when it finds no solver: where it looked and how to get one."""
    from .. import _library

    build = _build_of(_library.library_path)
    how = (
        f"build it with: meson compile -C {build} {SOLVER}"
        if build
        else "install it with meson install (into the bindir) or pip install . (into the package)"
    )
    return (
        f"ludus solve: the solver {SOLVER} was not found. Looked at:\n  "
        + "\n  ".join(tried)
        + f"\n{how}; or name it in LUDUS_UR_SOLVE\n"
    )


def cmd_solve(args: argparse.Namespace, out: TextIO) -> int:
    """Runs the solver with the arguments of ``ludus solve ur``; its JSON summary goes to ``out``.
    Returns its exit status (1 when the tool is not found)."""
    tool, tried = find_solver()
    if tool is None:
        out.write(not_found_message(tried))
        return 1
    pieces = args.pieces or _DEFAULT_PIECES[args.ruleset]
    dice = args.dice or _DEFAULT_DICE[args.ruleset]
    output = args.output
    if not output:
        name = f"ur-{args.ruleset}-{pieces}-{dice}.table"
        output = os.path.join(os.environ.get("LUDUS_UR_TABLES") or ".", name)
    command: List[str] = [
        tool,
        "--ruleset",
        args.ruleset,
        "--pieces",
        str(pieces),
        "--dice",
        str(dice),
        "--tolerance",
        repr(args.tolerance),
        "--min-off",
        str(args.min_off),
        "--output",
        output,
    ]
    if args.quiet:
        command.append("--quiet")
    result = subprocess.run(command, stdout=subprocess.PIPE, text=True)
    out.write(result.stdout)
    return result.returncode
