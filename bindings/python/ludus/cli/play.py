"""``ludus games`` and ``ludus play``: the catalogue, and a game at the terminal for two people or
one against a computer level."""
from __future__ import annotations

from typing import Any, Optional, Sequence

from ..errors import LudusError
from ..game import Game, Move, Phase, games
from ..options import parse_game_options
from .console import HELP, Console

__all__ = ["cmd_games", "cmd_play", "PlaySession", "Engine", "board_text", "outcome_text"]


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


def board_text(game: Game) -> str:
    """The library's text diagram of the position, without its final newline."""
    return str(game).rstrip("\n")


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
    return "\n".join(
        "".join(label.ljust(width) for label in labels[i : i + per_line]).rstrip()
        for i in range(0, len(labels), per_line)
    )


def outcome_text(game: Game) -> str:
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
                self.console.say(board_text(self.game))
                self.show_board = False
                self.show_moves = True
            phase = self.game.phase
            if phase == Phase.OVER:
                self.console.say(
                    f"The game is over: {outcome_text(self.game)}. " "Type undo, save FILE, load FILE or quit."
                )
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


def cmd_play(
    console: Console, game_id: str, option_args: Sequence[str], vs: Optional[str] = None, human: int = 0
) -> int:
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
        console.say(
            f"{game_id}: you are player {human}, the computer ({vs}) is player {1 - human}. Type help for the commands."
        )
    session = PlaySession(console, game, engine)
    try:
        return session.run()
    finally:
        session.game.close()


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
