"""``python3 -m ludus``: play and replay games in a terminal.

Every game of the library's catalogue; ``games`` lists them with every option (``--ruleset``
where a game has several).

Commands::

    python3 -m ludus games                          the catalogue with every option
    python3 -m ludus play GAME [--OPTION VALUE ...] two people play at one terminal
    python3 -m ludus replay FILE [--no-wait]        step through a saved game
    python3 -m ludus play GAME --vs LEVEL [--human 1]  play against a computer player
    python3 -m ludus selfplay GAME --a LEVEL --b LEVEL -n N [--seed S] [--jobs J]
                                                    computer players against each other
    python3 -m ludus render FILE [-o OUT] [--text] [--OPTION VALUE ...]
                                                    a saved game's position as SVG (or text)
    python3 -m ludus solve ur [--ruleset R] [--pieces N] [-o FILE]
                                                    the Royal Game of Ur solved: the table of
                                                    the computer player's level "perfect"

While playing, type the number of a listed move or its text, and::

    roll (or just Enter)  roll the dice          dice A B (C)  your own dice (as many as the game has)
    undo                  take back one step     draw       offer a draw (the other must agree)
    save FILE / load FILE the whole game         board / moves / help / quit

Wrong input is explained and asked again; end of input (Ctrl-D) ends the program cleanly.

``render`` writes the library's picture of the position a saved state reaches: SVG, or with
``--text`` the text diagram; to OUT, or to standard output for ``-o -`` or no ``-o``. Render
options follow as ``--size 240``, ``--orientation 1``, ``--coordinates false``,
``--inscription virtus`` (see ``ludus_game_render_svg``). A problem is explained on standard
error with exit status 1 (2 for unreadable arguments).
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import List, Optional, TextIO

from .. import selfplay
from .. import server as game_server
from ..options import parse_game_options
from . import analyze, matches, solve
from .console import Console, EndOfInput, game_list
from .play import cmd_games, cmd_play
from .render import cmd_render, parse_render_args
from .replay import cmd_replay

__all__ = ["main", "parse_game_options", "parse_render_args", "Console", "EndOfInput"]


def _program_name() -> str:
    """How the user started us: the ``ludus`` command a pip install makes, or ``python3 -m ludus``."""
    return "python3 -m ludus" if os.path.basename(sys.argv[0]) == "__main__.py" else "ludus"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=_program_name(),
        description=f"Play the ancient board games of libludus: {game_list()}. "
        "The games command lists every game's options, their rulesets among them.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("games", help="list the games and their options")
    play = sub.add_parser(
        "play",
        help="play a game at this terminal (two players)",
        description="Options of the game are given as --NAME VALUE (see: games).",
    )
    play.add_argument("game", help=f"the game: {game_list()}")
    play.add_argument(
        "--vs",
        metavar="LEVEL",
        help="play against the library's computer player of this level " f"({', '.join(selfplay.LEVELS)})",
    )
    play.add_argument("--human", type=int, choices=(0, 1), default=0, help="with --vs: the player you are (default 0)")
    matches.add_parser(sub)
    analyze.add_parser(sub)
    solve.add_parser(sub)
    game_server.add_parser(sub)
    rep = sub.add_parser("replay", help="step through a saved game")
    rep.add_argument("file")
    rep.add_argument("--no-wait", action="store_true", help="show every position without pausing")
    ren = sub.add_parser(
        "render",
        help="draw the position of a saved game (SVG or text)",
        usage="%(prog)s STATE.json [-o OUT] [--text] [--OPTION VALUE ...]",
        description="Writes the library's picture of the position a saved game reaches: SVG, or "
        "the text diagram with --text; to OUT, or to standard output for -o - or no -o. "
        "Render options: --size 120..4096 (SVG), --orientation 0|1 and "
        "--coordinates true|false (petteia, latrunculi), --inscription ostia|levate|virtus|vincer "
        "(duodecim, SVG).",
    )
    ren.add_argument("arguments", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    return parser


def main(argv: Optional[List[str]] = None, stdin: Optional[TextIO] = None, stdout: Optional[TextIO] = None) -> int:
    """Run the command line; returns the exit status (141, as for a program stopped by SIGPIPE,
    when the reader of the output has gone, e.g. ``ludus replay FILE --no-wait | head``)."""
    console = Console(stdin or sys.stdin, stdout or sys.stdout)
    try:
        return _command(console, sys.argv[1:] if argv is None else list(argv))
    except BrokenPipeError:
        _discard_output(console.stdout)
        return 141


def _discard_output(stream: TextIO) -> None:
    """After the reader of ``stream`` has gone: send what is left to /dev/null, so that the
    interpreter's last flush at exit does not fail again with a second traceback."""
    try:
        descriptor = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return  # not a file (a test's StringIO)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, descriptor)
    os.close(null)


def _command(console: Console, argv: List[str]) -> int:
    """Parse ``argv`` and run the command it names; returns the exit status."""
    parser = _parser()
    args, extra = parser.parse_known_args(argv)
    if args.command == "render":  # its arguments in their order (argparse would regroup them)
        rest = argv[argv.index("render") + 1 :]
        if "-h" in rest or "--help" in rest:
            parser.parse_args(["render", "--help"])
        return cmd_render(console, rest)
    if extra and args.command not in ("play", "selfplay"):
        parser.error("unrecognized arguments: " + " ".join(extra))
    try:
        if args.command == "games":
            return cmd_games(console)
        if args.command == "play":
            return cmd_play(console, args.game, extra, args.vs, args.human)
        if args.command == "selfplay":
            return matches.cmd_selfplay(args, extra, console.stdout)
        if args.command == "analyze":
            return analyze.cmd_analyze(args, console.stdout)
        if args.command == "solve":
            return solve.cmd_solve(args, console.stdout)
        if args.command == "serve":
            return game_server.cmd_serve(args)
        if args.command == "replay":
            return cmd_replay(console, args.file, not args.no_wait)
        parser.print_help(console.stdout)
        return 2
    except EndOfInput:
        console.say("\nEnd of input: goodbye.")
        return 0
    except KeyboardInterrupt:
        console.say("\nInterrupted: goodbye.")
        return 130
