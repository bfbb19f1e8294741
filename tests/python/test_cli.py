"""python3 -m ludus driven with scripted standard input: wrong input is explained and asked
again, never a traceback; end of input ends cleanly."""
import io
import json
import sys

import pytest

import ludus
from conftest import run_python
from ludus import cli, selfplay


def ludus_cli(*args, stdin=""):
    result = run_python(["-m", "ludus", *args], stdin=stdin)
    assert "Traceback" not in result.stdout + result.stderr, result.stdout + result.stderr
    return result


def test_games():
    result = ludus_cli("games")
    assert result.returncode == 0
    for entry in ludus.games():  # every game of the catalogue, by id and name
        assert f"{entry['id']}: {entry['name']}" in result.stdout, entry["id"]
    assert "--rows 5..26 (default 8)" in result.stdout
    assert "--first-player one of 0, 1, random" in result.stdout


def test_no_command_prints_help():
    result = ludus_cli()
    assert result.returncode == 2 and "play" in result.stdout


def test_play_petteia_with_wrong_input_then_moves_and_save(tmp_path):
    saved = tmp_path / "game.json"
    script = (
        "\n".join(
            [
                "",  # nothing typed
                "hello",  # not a move
                "0",
                "99",  # numbers out of range
                "a1-a5",  # well-formed, illegal
                "roll",  # no dice in Petteia
                "dice 3 5",
                "save",  # no file named
                "load " + str(tmp_path / "missing.json"),
                "help",
                "2",  # b2-b3 (the second listed move)
                "c4-c3",  # by text
                "undo",
                "moves",
                "board",
                "a4-a3",
                f"save {saved}",
                "quit",
            ]
        )
        + "\n"
    )
    result = ludus_cli("play", "petteia", "--rows", "5", "--cols=3", stdin=script)
    out = result.stdout
    assert result.returncode == 0, out
    assert "Type a move's number or its text" in out
    assert '"hello" is not a move' in out
    assert "there is no move 0: choose 1..3" in out and "there is no move 99" in out
    assert '"a1-a5" is not a legal move' in out
    assert "Petteia is played without dice" in out
    assert "say where: save FILE" in out and "missing.json" in out
    assert "play a listed move" in out
    assert "Player 0 played b2-b3." in out and "Player 1 played c4-c3." in out and "Taken back." in out
    assert "Player 1 played a4-a3." in out and f"Saved to {saved}." in out and "Goodbye." in out
    with ludus.Game.load(saved) as game:
        assert [e["text"] for e in game.history] == ["b2-b3", "a4-a3"]
        assert game.options["rows"] == 5 and game.options["cols"] == 3


def test_play_petteia_to_the_end():
    # 5 x 3 with a repetition draw: always the first move ends the game quickly.
    result = ludus_cli(
        "play", "petteia", "--rows", "5", "--cols", "3", "--draw-repetitions", "3", stdin="1\n" * 200 + "quit\n"
    )
    assert result.returncode == 0
    assert "The game is over:" in result.stdout
    assert "'1' is not a command here" in result.stdout


def test_play_duodecim_dice_and_draw_refused(tmp_path):
    script = (
        "\n".join(
            [
                "1",  # a number before the roll
                "dice 9 9",  # not dice
                "dice x y",
                "dice 3 5",  # physical dice
                "3",  # not listed: 2 moves
                "1",  # H-III
                "draw",  # Duodecim has no draws: not even asked
                "pass",  # not legal here
                "1",  # second die
                "",  # Enter rolls for player 1
                "undo",
                "undo",
                "roll",
            ]
        )
        + "\n"
    )  # then end of input
    result = ludus_cli("play", "duodecim", "--seed", "3", stdin=script)
    out = result.stdout
    assert result.returncode == 0, out
    assert "'1' is not a command here" in out
    assert "9 is not a die value" in out
    assert "dice are numbers" in out
    assert "Dice set: 3 5." in out and "there is no move 3: choose 1..2" in out
    assert "Player 0 played H-III." in out and "has no draws" in out and "agree to a draw" not in out
    assert out.count("Rolled:") == 1 and out.count("Taken back.") == 2
    assert "the dice have been rolled already" in out  # "roll" after undoing only the roll
    assert "End of input: goodbye." in out


def test_agreed_draw_and_load(tmp_path):
    with ludus.Game("petteia", rows=6, cols=4, seed=2) as game:
        game.play("a2-a4")
        game.save(tmp_path / "g.json")
    script = f"draw\nno\ndraw\nyes\nhello\nload {tmp_path / 'g.json'}\nb5-b4\nquit\n"
    result = ludus_cli("play", "petteia", stdin=script)
    out = result.stdout
    assert "No draw: play on." in out and "Draw agreed." in out
    assert "The game is over: draw (agreed draw)." in out and "'hello' is not a command here" in out
    assert "Loaded" in out and "Player 1 played b5-b4." in out


@pytest.mark.parametrize(
    "args, message",
    [
        (["chess"], "there is no game 'chess'"),
        (["petteia", "--rows", "99"], "99 is outside 5..26"),
        (["petteia", "--rows", "eight"], "--rows needs a whole number"),
        (["petteia", "--colour", "red"], "petteia has no option --colour"),
        (["petteia", "--rows"], "--rows needs a value"),
        (["petteia", "rows"], "options are written --NAME VALUE"),
        (["petteia", "--first-player", "2"], "--first-player is one of 0, 1, random"),
    ],
)
def test_play_bad_options(args, message):
    result = ludus_cli("play", *args)
    assert result.returncode == 2 and message in result.stdout, result.stdout


@pytest.mark.parametrize("stdin", ["", "2\n", "2\nundo\n"])
def test_end_of_input_at_any_point(stdin):
    result = ludus_cli("play", "petteia", stdin=stdin)
    assert result.returncode == 0 and "End of input: goodbye." in result.stdout


def test_replay(tmp_path):
    with ludus.Game("duodecim", seed=6) as game:
        for _ in range(6):
            if game.phase == ludus.Phase.ROLL:
                game.roll()
            else:
                game.play(game.legal_moves[0])
        game.set_dice(4, 4)
        game.save(tmp_path / "d.json")
        events = len(game.history)
    result = ludus_cli("replay", str(tmp_path / "d.json"), "--no-wait")
    assert result.returncode == 0
    assert f"{events} events" in result.stdout and "End of the game: ongoing." in result.stdout
    assert result.stdout.count("Ludus Duodecim Scriptorum: ") == events + 1
    assert f"{events}. player" in result.stdout and "roll 4 4" in result.stdout
    # stepping: Enter twice then q
    stepped = ludus_cli("replay", str(tmp_path / "d.json"), stdin="\n\nq\n")
    assert stepped.returncode == 0 and stepped.stdout.count("Ludus Duodecim Scriptorum: ") == 3
    # end of input while stepping
    ended = ludus_cli("replay", str(tmp_path / "d.json"), stdin="\n")
    assert ended.returncode == 0 and "End of input" in ended.stdout


def test_replay_bad_files(tmp_path):
    assert "Cannot replay" in ludus_cli("replay", str(tmp_path / "none.json")).stdout
    (tmp_path / "bad.json").write_text("{not json")
    assert "Cannot replay" in ludus_cli("replay", str(tmp_path / "bad.json")).stdout
    (tmp_path / "list.json").write_text("[1]")
    assert "not a saved game" in ludus_cli("replay", str(tmp_path / "list.json")).stdout
    with ludus.Game("petteia") as game:
        game.play("a2-a3")
        state = game.to_dict()
    state["history"].append({"player": 1, "text": "a1-a2"})
    (tmp_path / "wrong.json").write_text(json.dumps(state))
    result = ludus_cli("replay", str(tmp_path / "wrong.json"), "--no-wait")
    assert result.returncode == 1 and "Event 2 cannot be replayed" in result.stdout


def test_main_in_process():
    out = io.StringIO()
    assert cli.main(["play", "petteia", "--rows", "5", "--cols", "3"], io.StringIO("1\nquit\n"), out) == 0
    assert "Player 0 played a2-a3." in out.getvalue()
    assert cli.parse_game_options("petteia", ["--first-player=random", "--seed", "7"]) == {
        "first_player": "random",
        "seed": 7,
    }


def test_move_labels_show_captures():
    assert cli.play._move_label(ludus.Move({"text": "b2-b5", "captures": ["b6", "c5"]})) == "b2-b5 (takes b6,c5)"
    assert cli.play._move_label(ludus.Move({"text": "4-10", "captures": 3})) == "4-10 (takes 3)"
    assert cli.play._move_label(ludus.Move({"text": "4-6", "captures": 0})) == "4-6"
    assert cli.play._move_label(ludus.Move({"text": "x", "captures": {"odd": 1}})) == "x (captures)"


def test_play_duodecim_to_the_end_and_replay_it(tmp_path):
    saved = tmp_path / "full.json"
    script = "\n1\n" * 400 + f"save {saved}\nquit\n"  # Enter rolls, 1 plays the first move
    result = ludus_cli("play", "duodecim", "--pieces", "2", "--seed", "4", stdin=script)
    assert result.returncode == 0
    assert "The game is over: player" in result.stdout and f"Saved to {saved}." in result.stdout
    replayed = ludus_cli("replay", str(saved), "--no-wait")
    assert replayed.returncode == 0 and "End of the game: player" in replayed.stdout


def test_help_names_the_command_as_it_was_started_and_every_level(capsys, monkeypatch):
    for argv0, name in (
        ("/home/me/ludus-env/bin/ludus", "usage: ludus"),
        ("/x/ludus/__main__.py", "usage: python3 -m ludus"),
    ):
        monkeypatch.setattr(sys, "argv", [argv0])
        with pytest.raises(SystemExit):
            cli.main(["play", "--help"])
        shown = capsys.readouterr().out
        assert shown.startswith(name + " play"), shown
        for level in selfplay.LEVELS:
            assert level in shown.split("--vs LEVEL", 1)[1], level
    assert "uct" in selfplay.LEVELS
