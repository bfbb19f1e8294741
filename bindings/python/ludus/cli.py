"""``python3 -m ludus``: play and replay games in a terminal.

The four games of the library: ``petteia``, ``duodecim`` (two dice), ``latrunculi`` (``--ruleset
kowalski``, ``kowalski_10x11``, ``bell``, ``bell_8x7``, ``quintana``, ``schaedler``,
``schaedler_2001``) and ``xii_scripta`` (three dice; ``--ruleset murray``, ``ludii``,
``tabletop_murray``, ``tabletop_schaedler``); ``games`` lists every option.

Commands::

    python3 -m ludus games                          the catalogue with every option
    python3 -m ludus play GAME [--OPTION VALUE ...] two people play at one terminal
    python3 -m ludus replay FILE [--no-wait]        step through a saved game
    python3 -m ludus play GAME --vs LEVEL [--human 1]  play against a computer player
    python3 -m ludus selfplay GAME --a LEVEL --b LEVEL -n N [--seed S] [--jobs J]
                                                    computer players against each other
    python3 -m ludus render FILE [-o OUT] [--text] [--OPTION VALUE ...]
                                                    a saved game's position as SVG (or text)

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
import json
import os
import sys
from typing import Any, Dict, List, Mapping, Optional, Sequence, TextIO, Tuple

from .errors import LudusError
from .game import Game, Move, Phase, games, replay
from . import analysis, selfplay
from . import server as game_server

__all__ = ["main", "parse_game_options", "Console", "EndOfInput"]

HELP = """\
  NUMBER or TEXT   play a listed move (e.g. 3 or b2-b5)
  roll or Enter    roll the dice (games with dice)
  dice A B [C]     set the dice to your own throw: two in duodecim (dice 3 5),
                   three in xii_scripta (dice 3 5 6)
  undo             take back the last step (move, roll or draw)
  draw             offer a draw; the other player is asked to agree
  save FILE        save the whole game (JSON)
  load FILE        continue a saved game
  board            show the board again
  moves            list the legal moves again
  help             this text
  quit             leave the program"""


#: the four games, for the help texts
GAME_LIST = ("petteia (Greek draughts), duodecim (Ludus Duodecim Scriptorum, two dice), latrunculi (Ludus "
             "Latrunculorum, --ruleset kowalski, bell, quintana, schaedler, ...), xii_scripta (three dice, --ruleset "
             "murray, ...)")


class EndOfInput(Exception):
    """Standard input has ended."""


class Console:
    """Reads answers and writes text (the terminal, or the streams a test gives)."""

    def __init__(self, stdin: TextIO, stdout: TextIO) -> None:
        self.stdin, self.stdout = stdin, stdout

    def say(self, text: str = "") -> None:
        """Write one line (an empty one by default)."""
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def ask(self, prompt: str) -> str:
        """Write the prompt and return the next line of input, stripped (EndOfInput at its end)."""
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            raise EndOfInput()
        return line.strip()


# ---- options ---------------------------------------------------------------------------------

def _find_game(game_id: str) -> Dict[str, Any]:
    catalogue = games()
    for entry in catalogue:
        if entry["id"] == game_id:
            return entry
    known = ", ".join(g["id"] for g in catalogue)
    raise ValueError(f"there is no game {game_id!r}; the games are: {known}")


def _convert(name: str, spec: Mapping[str, Any], text: str) -> Any:
    kind = spec.get("type")
    if kind in ("integer", "seed"):
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"--{name} needs a whole number, not {text!r}") from None
    if kind == "boolean":
        if text.lower() in ("1", "true", "yes", "on"):
            return True
        if text.lower() in ("0", "false", "no", "off"):
            return False
        raise ValueError(f"--{name} needs true or false, not {text!r}")
    if kind == "choice":
        for value in spec.get("values", []):
            if str(value) == text:
                return value
        allowed = ", ".join(str(v) for v in spec.get("values", []))
        raise ValueError(f"--{name} is one of {allowed}, not {text!r}")
    try:
        return json.loads(text)
    except ValueError:
        return text


def parse_game_options(game_id: str, args: Sequence[str]) -> Dict[str, Any]:
    """``["--rows", "5", "--first-player=random"]`` to ``{"rows": 5, "first_player": "random"}``
    using the types of the catalogue. Raises ValueError with a message for a person."""
    spec = _find_game(game_id)["options"]
    options: Dict[str, Any] = {}
    items = list(args)
    while items:
        item = items.pop(0)
        if not item.startswith("--") or len(item) < 3:
            raise ValueError(f"options are written --NAME VALUE, not {item!r}")
        name, has_value, value = item[2:].partition("=")
        name = name.replace("-", "_")
        if name not in spec:
            known = ", ".join("--" + n.replace("_", "-") for n in spec)
            raise ValueError(f"{game_id} has no option --{name.replace('_', '-')}; its options: {known}")
        if not has_value:
            if not items:
                raise ValueError(f"--{name.replace('_', '-')} needs a value")
            value = items.pop(0)
        options[name] = _convert(name.replace("_", "-"), spec[name], value)
    return options


# ---- games -----------------------------------------------------------------------------------

def cmd_games(console: Console) -> int:
    """``ludus games``: list the catalogue, each game with its options; returns the exit status."""
    for entry in games():
        console.say(f"{entry['id']}: {entry['name']}")
        for name, spec in sorted(entry["options"].items()):
            if "values" in spec:
                allowed = "one of " + ", ".join(str(v) for v in spec["values"])
            elif "min" in spec:
                allowed = f"{spec['min']}..{spec['max']}"
            else:
                allowed = str(spec.get("type"))
            default = "" if spec.get("default") is None else f" (default {spec['default']})"
            console.say(f"  --{name.replace('_', '-')} {allowed}{default}: {spec.get('description', '')}")
    return 0


def _board(game: Game) -> str:
    """The library's text diagram of the position, without its final newline."""
    return str(game).rstrip("\n")


# ---- play ------------------------------------------------------------------------------------

def _move_label(move: Move) -> str:
    captured = move.get("captured")
    if isinstance(captured, list):  # libludus 1.1: the same fields in every game
        if not captured:
            return move.text
        count = move.get("captured_count", len(captured))
        where = ",".join(str(c) for c in captured)
        return f"{move.text} (takes {where})" if count == len(captured) else f"{move.text} (takes {count} at {where})"
    captures = move.get("captures")  # before 1.1: a list of squares, or a number in the race games
    if not captures:
        return move.text
    if isinstance(captures, list) and all(isinstance(c, (str, int)) for c in captures):
        return f"{move.text} (takes {','.join(str(c) for c in captures)})"
    if isinstance(captures, int) and not isinstance(captures, bool):
        return f"{move.text} (takes {captures})"
    return f"{move.text} (captures)"


def _format_moves(moves: Sequence[Move]) -> str:
    labels = [f"{i:>3}. {_move_label(m)}" for i, m in enumerate(moves, 1)]
    width = max((len(label) for label in labels), default=0) + 2
    per_line = max(1, 78 // width)
    return "\n".join("".join(label.ljust(width) for label in labels[i:i + per_line]).rstrip()
                     for i in range(0, len(labels), per_line))


def _outcome(game: Game) -> str:
    """The result and, when the library says, why: "player 0 won (dux immobilised)"."""
    reason = game.end_reason
    return f"{game.result} ({reason.replace('_', ' ')})" if reason else str(game.result)


def _dice_command(game: Game) -> str:
    """The dice command with one letter a die of this game: "dice A B", or "dice A B C" in the
    three-dice game."""
    try:
        count = len(game.chance_outcomes()[0].dice)
    except (LudusError, IndexError):  # not waiting for a roll: the game's last dice tell
        count = len(game.dice or (0, 0))
    return "dice " + " ".join("ABCDEFGH"[:count])


class PlaySession:
    """The loop of ``play``: one game, two people at one terminal."""

    def __init__(self, console: Console, game: Game, engine: Optional[Engine] = None) -> None:
        self.console = console
        self.game = game
        self.engine = engine  # the computer's side (play --vs LEVEL)
        self.show_board = True
        self.show_moves = True

    def run(self) -> int:
        """Read and carry out commands until the game ends or the player quits; returns the exit status."""
        while True:
            if self.engine is not None and self.engine.act(self.game, self.console.say):
                self.show_board = True
                continue
            if self.show_board:
                self.console.say()
                self.console.say(_board(self.game))
                self.show_board = False
                self.show_moves = True
            phase = self.game.phase
            if phase == Phase.OVER:
                self.console.say(f"The game is over: {_outcome(self.game)}. "
                                 "Type undo, save FILE, load FILE or quit.")
                prompt = "> "
            elif phase == Phase.ROLL:
                prompt = f"Player {self.game.to_move}: press Enter to roll (or {_dice_command(self.game)}): "
            else:
                if self.show_moves:
                    self.console.say(_format_moves(self.game.legal_moves))
                    self.show_moves = False
                prompt = f"Player {self.game.to_move}, your move (number or text): "
            line = self.console.ask(prompt)
            try:
                if self.handle(line, phase) == "quit":
                    return 0
            except LudusError as e:
                self.console.say(f"Not possible: {e}. Type help for the commands.")
            except (OSError, ValueError) as e:
                self.console.say(f"Not possible: {e}")

    def handle(self, line: str, phase: Phase) -> Optional[str]:
        """Carry out one command line; "quit" when the session should end, else None."""
        word, _, rest = line.partition(" ")
        word, rest = word.lower(), rest.strip()
        say = self.console.say
        if word in ("quit", "exit", "q"):
            say("Goodbye.")
            return "quit"
        if word in ("help", "?", "h"):
            say(HELP)
        elif word == "board":
            self.show_board = True
        elif word == "moves":
            self.show_moves = True
        elif word == "undo":
            self.game.undo()
            if self.engine is not None:
                self.engine.undo(self.game)
            say("Taken back.")
            self.show_board = True
        elif word == "save":
            if not rest:
                raise ValueError("say where: save FILE")
            self.game.save(rest)
            say(f"Saved to {rest}.")
        elif word == "load":
            if not rest:
                raise ValueError("say which file: load FILE")
            loaded = Game.load(rest)
            self.game.close()
            self.game = loaded
            say(f"Loaded {rest} ({self.game.id}).")
            self.show_board = True
        elif word == "draw":
            self.offer_draw()
        elif word == "dice":
            try:
                values = [int(v) for v in rest.split()]
            except ValueError:
                raise ValueError(f"dice are numbers, e.g. {_dice_command(self.game)}; not {rest!r}") from None
            self.game.set_dice(values)
            say("Dice set: " + " ".join(map(str, values)) + ".")
            self.show_board = True
        elif word == "roll" or (line == "" and phase == Phase.ROLL):
            dice = self.game.roll()
            say("Rolled: " + " ".join(map(str, dice)) + ".")
            self.show_board = True
        elif line == "":
            if phase == Phase.MOVE:
                say("Type a move's number or its text (help lists the commands).")
        elif phase == Phase.MOVE and line.isdigit():
            moves = self.game.legal_moves
            number = int(line)
            if not 1 <= number <= len(moves):
                raise ValueError(f"there is no move {number}: choose 1..{len(moves)}")
            self.play(moves[number - 1].text)
        elif phase == Phase.MOVE:
            self.play(line)
        else:
            raise ValueError(f"{line!r} is not a command here (help lists the commands)")
        return None

    def play(self, text: str) -> None:
        """Play a move given by its text and say so."""
        player = self.game.to_move
        self.game.play(text)
        self.console.say(f"Player {player} played {text}.")
        self.show_board = True

    def offer_draw(self) -> None:
        """Ask the other player whether they agree to a draw, and record it if they do."""
        with self.game.copy() as trial:
            trial.agree_draw()  # raises if this game has no draws or is over: no need to ask
        other = 1 - (self.game.to_move or 0)
        answer = self.console.ask(f"Player {other}, do you agree to a draw? (yes/no): ").lower()
        if answer in ("y", "yes"):
            self.game.agree_draw()
            self.console.say("Draw agreed.")
            self.show_board = True
        else:
            self.console.say("No draw: play on.")


def cmd_play(console: Console, game_id: str, option_args: Sequence[str], vs: Optional[str] = None, human: int = 0) -> int:
    """``ludus play``: a game at the terminal for two people, or one against the computer level ``vs``
    (the person is player ``human``); returns the exit status."""
    engine = Engine(1 - human, vs) if vs else None
    try:
        options = parse_game_options(game_id, option_args)
        game = Game(game_id, options)
        if engine is not None:
            with game.copy() as probe:  # the level is checked before the game starts
                if probe.phase == Phase.ROLL:
                    probe.roll()
                probe.ai_move(vs, max_nodes=100)
    except (ValueError, LudusError) as e:
        console.say(f"Cannot start {game_id}: {e}")
        return 2
    if engine is None:
        console.say(f"{game_id}: two players at one terminal. Type help for the commands.")
    else:
        console.say(f"{game_id}: you are player {human}, the computer ({vs}) is player {1 - human}. Type help for the commands.")
    session = PlaySession(console, game, engine)
    try:
        return session.run()
    finally:
        session.game.close()


# ---- selfplay --------------------------------------------------------------------------------

def _ai_options(text: Optional[str]) -> Dict[str, Any]:
    if not text:
        return {}
    value = json.loads(text)
    if not isinstance(value, dict):
        raise ValueError(f"player options are a JSON object, such as '{{\"max_nodes\": 20000}}', not {text!r}")
    return value


def _add_selfplay_parser(sub: Any) -> None:
    """The ``selfplay`` subcommand of ``python3 -m ludus``."""
    p = sub.add_parser("selfplay", help="computer players play each other many times",
                       description="Plays N games between two computer players of the library, A taking player 0 in "
                                   "the even games; prints A's wins, draws and losses with a 95% interval, the average "
                                   "length and the first player's edge. With --table, plays the round robin of the "
                                   "levels instead and writes a Markdown table with Elo ratings. Game options follow "
                                   "as --NAME VALUE.")
    p.add_argument("game", help=f"the game: {GAME_LIST}")
    p.add_argument("--a", default="best", metavar="LEVEL", help="player A's level (default best)")
    p.add_argument("--b", default="random", metavar="LEVEL", help="player B's level (default random)")
    p.add_argument("-n", type=int, default=100, help="games (default 100; with --table, games a pair)")
    p.add_argument("--seed", type=int, default=1, help="game i uses seed SEED+i (default 1)")
    p.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    p.add_argument("--time-ms", "--max-time-ms", dest="max_time_ms", type=int,
                   help="time budget a move, the same for every player (max_time_ms)")
    p.add_argument("--max-nodes", type=int, help="node budget a move of the searching levels (not uct; deterministic)")
    p.add_argument("--max-playouts", type=int, help="playouts a move of level uct (deterministic)")
    p.add_argument("--a-options", metavar="JSON", help="more options of A's player, e.g. '{\"depth\": 3}'")
    p.add_argument("--b-options", metavar="JSON", help="more options of B's player")
    p.add_argument("--max-plies", type=int, default=2000, help="stop a game (counted a draw) after this many moves")
    p.add_argument("--table", nargs="*", metavar="LEVEL",
                   help="play the round robin of these levels (all of the game's if none are named) and write a "
                        "Markdown table with Elo ratings and 95%% intervals")
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
        if args.game in ("petteia", "latrunculi") and "draw_plies_without_capture" not in game_options:
            game_options["draw_plies_without_capture"] = 200  # unattended games must end
        if args.table is not None:
            levels = list(args.table) or selfplay.levels_of(args.game)
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
        rr = selfplay.round_robin(args.game, game_options, {ai["level"]: ai for ai in players}, args.n, seed=args.seed, jobs=args.jobs,
                         max_plies=args.max_plies)
        text = selfplay.table_markdown(rr, game_options) + "\n"
        out.write(text)
        if args.output:
            with open(args.output, "w", encoding="utf-8") as f:
                f.write(text)
        out.flush()
        return 0
    a, b = players
    summary = selfplay.run(args.game, game_options, a, b, args.n, seed=args.seed, jobs=args.jobs, max_plies=args.max_plies)
    out.write(selfplay.report(summary, args.game, a, b, args.seed) + "\n")
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


# ---- replay ----------------------------------------------------------------------------------

def cmd_replay(console: Console, path: str, wait: bool) -> int:
    """``ludus replay``: show a saved game event by event (waiting for Enter when ``wait``);
    returns the exit status."""
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        if not isinstance(doc, dict):
            raise ValueError("it is not a saved game (a JSON object)")
        steps = replay(doc)
        _, _, game = next(steps)
    except (OSError, ValueError, LudusError) as e:
        console.say(f"Cannot replay {path}: {e}")
        return 1
    total = len(doc.get("history", []))
    console.say(f"{path}: {game.id}, {total} events. Press Enter for the next, q to stop.")
    console.say(_board(game))
    try:
        for i in range(1, total + 1):
            if wait and console.ask(f"[{i}/{total}] ").lower() in ("q", "quit"):
                return 0
            try:
                _, event, game = next(steps)
            except (LudusError, ValueError) as e:
                console.say(f"Event {i} cannot be replayed: {e}")
                return 1
            assert event is not None
            console.say(f"{i}. player {event.get('player')}: {event.get('text')}")
            console.say(_board(game))
        console.say(f"End of the game: {_outcome(game)}.")
        return 0
    finally:
        steps.close()


# ---- render ----------------------------------------------------------------------------------

class UsageError(ValueError):
    """Arguments that cannot be read (exit status 2)."""


def _render_value(text: str) -> Any:
    """``"240"`` to 240, ``"false"`` to False, ``"virtus"`` stays a string: the library checks."""
    try:
        value = json.loads(text)
    except ValueError:
        return text
    return value if isinstance(value, (bool, int, float)) else text


def parse_render_args(args: Sequence[str]) -> Tuple[Optional[str], Optional[str], bool, Dict[str, Any]]:
    """The arguments after ``render``, in any order: ``(file, output, text, options)``; output
    None or ``"-"`` means standard output. Raises UsageError with a message for a person."""
    path: Optional[str] = None
    output: Optional[str] = None
    text = False
    options: Dict[str, Any] = {}
    items = list(args)
    while items:
        item = items.pop(0)
        if item in ("-o", "--output"):
            if not items:
                raise UsageError(f"{item} needs a file name (or - for standard output)")
            output = items.pop(0)
        elif item.startswith("--output="):
            output = item[len("--output="):]
        elif item.startswith("-o") and len(item) > 2 and not item.startswith("--"):
            output = item[2:]
        elif item == "--text":
            text = True
        elif item.startswith("--") and len(item) > 2:
            name, has_value, value = item[2:].partition("=")
            if not has_value:
                if not items:
                    raise UsageError(f"--{name} needs a value, e.g. --size 240")
                value = items.pop(0)
            options[name.replace("-", "_")] = _render_value(value)
        elif item == "-" or not item.startswith("-"):
            if path is not None:
                raise UsageError(f"one saved state at a time: {path!r} and {item!r}")
            path = item
        else:
            raise UsageError(f"options are written --NAME VALUE, not {item!r}")
    return path, output, text, options


def cmd_render(console: Console, args: Sequence[str], err: Optional[TextIO] = None) -> int:
    """``render STATE.json [-o OUT] [--text] [--OPTION VALUE ...]``; problems go to ``err``
    (standard error), so that standard output carries only the picture."""
    err = err or sys.stderr

    def fail(message: str, status: int = 1) -> int:
        err.write(f"ludus render: {message}\n")
        err.flush()
        return status

    try:
        path, output, text, options = parse_render_args(args)
    except UsageError as e:
        return fail(str(e), 2)
    if path is None:
        return fail("say which saved game to draw: render STATE.json [-o OUT] [--text] [--OPTION VALUE ...]", 2)
    try:
        if path == "-":
            state = console.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                state = f.read()
    except OSError as e:
        return fail(f"cannot read {path}: {e.strerror or e}")
    except ValueError as e:  # not UTF-8
        return fail(f"cannot read {path}: {e}")
    try:
        game = Game.from_json(state)
    except LudusError as e:
        return fail(f"{path} is not a saved game the library accepts: {e}")
    try:
        with game:
            picture = game.render_text(**options) if text else game.render_svg(**options)
    except LudusError as e:
        return fail(f"cannot draw {'the text diagram' if text else 'the picture'}: {e}")
    if not picture.endswith("\n"):
        picture += "\n"
    if output in (None, "-"):
        console.stdout.write(picture)
        console.stdout.flush()
        return 0
    try:
        with open(output, "w", encoding="utf-8") as f:
            f.write(picture)
    except OSError as e:
        return fail(f"cannot write {output}: {e.strerror or e}")
    console.say(f"Wrote {output}.")
    return 0


# ---- main ------------------------------------------------------------------------------------

def _program_name() -> str:
    """How the user started us: the ``ludus`` command a pip install makes, or ``python3 -m ludus``."""
    return "python3 -m ludus" if os.path.basename(sys.argv[0]) == "__main__.py" else "ludus"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=_program_name(), description=f"Play the ancient board games of libludus: {GAME_LIST}. "
                                     "The games command lists every game's options, their rulesets among them.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("games", help="list the games and their options")
    play = sub.add_parser("play", help="play a game at this terminal (two players)",
                          description="Options of the game are given as --NAME VALUE (see: games).")
    play.add_argument("game", help=f"the game: {GAME_LIST}")
    play.add_argument("--vs", metavar="LEVEL", help="play against the library's computer player of this level "
                      f"({', '.join(selfplay.LEVELS)})")
    play.add_argument("--human", type=int, choices=(0, 1), default=0, help="with --vs: the player you are (default 0)")
    _add_selfplay_parser(sub)
    analysis.add_parser(sub)
    game_server.add_parser(sub)
    rep = sub.add_parser("replay", help="step through a saved game")
    rep.add_argument("file")
    rep.add_argument("--no-wait", action="store_true", help="show every position without pausing")
    ren = sub.add_parser("render", help="draw the position of a saved game (SVG or text)",
                         usage="%(prog)s STATE.json [-o OUT] [--text] [--OPTION VALUE ...]",
                         description="Writes the library's picture of the position a saved game reaches: SVG, or "
                                     "the text diagram with --text; to OUT, or to standard output for -o - or no -o. "
                                     "Render options: --size 120..4096 (SVG), --orientation 0|1 and "
                                     "--coordinates true|false (petteia, latrunculi), --inscription ostia|levate|virtus|vincer "
                                     "(duodecim, SVG).")
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
        rest = argv[argv.index("render") + 1:]
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
            return cmd_selfplay(args, extra, console.stdout)
        if args.command == "analyze":
            return analysis.cmd_analyze(args, console.stdout)
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
