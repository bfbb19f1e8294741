"""The Python package at its edges: nothing a caller gives is cut short or wrapped on its way to
the C ABI; playouts are bounded and Ctrl-C stops them; legal_moves, ruleset, cached reads,
pickling and equality as python-chess users expect; the command line's corner cases."""
import ctypes
import io
import json
import pickle
import signal
import subprocess
import sys
import time

import pytest

import ludus
from conftest import GAME_IDS, child_env, ending_soon, every_ruleset, play_random
from ludus import ArgumentRangeError, ArgumentTypeError, InvalidArgumentError, cli


def refused(cls, action, game=None):
    """``action()`` raises ``cls`` (never ctypes.ArgumentError) and leaves the game as it was."""
    before = game.to_json() if game is not None else None
    with pytest.raises(cls) as info:
        action()
    assert not isinstance(info.value, ctypes.ArgumentError)
    assert isinstance(info.value, ludus.LudusError), "every refusal is also the package's error"
    if game is not None:
        assert game.to_json() == before, "a refused call leaves the game unchanged"
    return info.value


# ---- arguments: checked, never wrapped ---------------------------------------------------------


def test_an_action_beyond_32_bits_is_refused_not_wrapped(petteia):
    action = petteia.actions()[0]
    for wrapped in (action + 2**32, action - 2**32, 2**31, -(2**31) - 1, 2**64 + action, 10**400):
        error = refused(ArgumentRangeError, lambda: petteia.apply_action(wrapped), petteia)
        assert isinstance(error, OverflowError) and isinstance(error, ValueError)
        refused(OverflowError, lambda: petteia.action_text(wrapped), petteia)
    assert "digits" in str(refused(OverflowError, lambda: petteia.apply_action(10**400)))  # not 400 digits
    petteia.apply_action(action)  # the real one still plays
    assert len(petteia.history) == 1


@pytest.mark.parametrize("bad", [1.0, True, False, "3", None, [1]])
def test_an_action_of_the_wrong_type_is_a_type_error(petteia, bad):
    error = refused(TypeError, lambda: petteia.apply_action(bad), petteia)
    assert isinstance(error, ArgumentTypeError)
    refused(TypeError, lambda: petteia.action_text(bad), petteia)


def test_integers_of_other_kinds_are_taken(petteia):
    class Index:  # numpy's integers are such objects
        def __init__(self, value):
            self.value = value

        def __index__(self):
            return self.value

    petteia.apply_action(Index(petteia.actions()[0]))
    assert len(petteia.history) == 1


def test_dice_beyond_a_c_int_are_refused_in_the_three_dice_game():
    with ludus.Game("xii_scripta", seed=1) as game:
        refused(OverflowError, lambda: game.set_dice(2**32 + 3, 1, 1), game)
        refused(OverflowError, lambda: game.set_dice([1, 1, -(2**31) - 1]), game)
        refused(TypeError, lambda: game.set_dice(3.0, 1, 1), game)
        refused(TypeError, lambda: game.set_dice("311"), game)
        game.set_dice(3, 1, 1)
        assert game.dice == (3, 1, 1)


def test_playout_bounds_and_counts_are_checked(petteia):
    refused(OverflowError, lambda: petteia.random_playout(1, max_plies=2**32), petteia)
    refused(OverflowError, lambda: petteia.random_playout(1, max_plies=-1), petteia)
    refused(TypeError, lambda: petteia.random_playout(1.5), petteia)
    refused(ValueError, lambda: petteia.playouts(-1), petteia)
    refused(OverflowError, lambda: petteia.playouts(2**32), petteia)
    refused(OverflowError, lambda: petteia.playouts(2, max_plies=2**32 + 5), petteia)
    refused(TypeError, lambda: petteia.playouts(2.0), petteia)
    # a seed is any integer, taken modulo 2**64 (documented since the first version)
    assert petteia.playouts(2, seed=-1) == petteia.playouts(2, seed=2**64 - 1)


def test_strings_with_a_nul_are_refused_not_cut():
    error = refused(InvalidArgumentError, lambda: ludus.Game("latrunculi\x00junk"))
    assert isinstance(error, ValueError) and "NUL" in str(error) and "position 10" in str(error)
    with ludus.Game("latrunculi", seed=1) as game:
        move = game.legal_moves[0].text
        refused(ValueError, lambda: game.play(move + "\x00junk"), game)
        refused(ValueError, lambda: game.play("\x00"), game)
        state = game.to_json()
        refused(ValueError, lambda: ludus.Game.from_json(state + "\x00junk"))
        refused(ValueError, lambda: ludus.Game.from_json(state.encode() + b"\x00junk"))
        refused(ValueError, lambda: game.play("a1\udc80"), game)  # a lone surrogate: not UTF-8
        game.play(move)


def test_a_long_bad_input_is_quoted_short():
    error = refused(InvalidArgumentError, lambda: ludus.Game("x" * 100000 + "\x00"))
    assert len(str(error)) < 300


def test_wrong_types_are_type_errors(petteia):
    refused(TypeError, lambda: ludus.Game(5))
    refused(TypeError, lambda: ludus.Game(b"petteia"))
    refused(TypeError, lambda: ludus.Game("petteia", [("rows", 5)]))
    refused(TypeError, lambda: ludus.Game("petteia", rows=object()))
    refused(ValueError, lambda: ludus.Game("petteia", rows=float("nan")))
    refused(TypeError, lambda: ludus.Game.from_json(42))
    refused(TypeError, lambda: petteia.play(3), petteia)
    refused(TypeError, lambda: petteia.ai_move(3), petteia)
    refused(ValueError, lambda: petteia.svg(size=float("inf")), petteia)


# ---- playouts: a finite bound, and Ctrl-C ----------------------------------------------------


def long_game():
    """A Kowalski 10x11 opening from which random play with seed LONG_SEED ends only after
    756,959 moves."""
    return ludus.Game("latrunculi", ruleset="kowalski_10x11", seed=1)


LONG_SEED = 38


def test_the_default_bound_stops_a_playout_that_would_run_for_hours():
    assert ludus.DEFAULT_MAX_PLIES == 100_000
    with long_game() as game:
        with game.copy() as trial:
            assert trial.random_playout(LONG_SEED) == (ludus.Result.ONGOING, ludus.DEFAULT_MAX_PLIES)
        assert game.playouts(1, seed=LONG_SEED) == ([ludus.Result.ONGOING], [ludus.DEFAULT_MAX_PLIES])
        # above the bound a call runs in a worker thread: the same playout, the same game after it
        assert game.playouts(1, seed=LONG_SEED, max_plies=ludus.DEFAULT_MAX_PLIES + 1) == (
            [ludus.Result.ONGOING],
            [ludus.DEFAULT_MAX_PLIES + 1],
        )
        with game.copy() as direct, game.copy() as threaded:
            direct.random_playout(LONG_SEED, max_plies=ludus.DEFAULT_MAX_PLIES)
            threaded.random_playout(LONG_SEED, max_plies=ludus.DEFAULT_MAX_PLIES + 1)
            threaded.undo()
            assert threaded.to_json() == direct.to_json()


def test_playouts_in_slices_are_the_single_calls():
    with ludus.Game("duodecim", seed=4) as game:
        batch = game.playouts(300, seed=9)
        for i in (0, 1, 150, 299):
            with game.copy() as trial:
                assert trial.random_playout(9 + i) == (batch.results[i], batch.plies[i])


INTERRUPTED = """
import signal, time, ludus
signal.signal(signal.SIGINT, signal.default_int_handler)  # Ctrl-C as at a terminal, even if started with it ignored
game = ludus.Game({game})
before = game.to_json()
print("go", flush=True)
try:
    {call}
    print("not interrupted", flush=True)
except KeyboardInterrupt:
    stopped = time.time()
    print("interrupted", game.to_json() == before, stopped, flush=True)
"""


@pytest.mark.parametrize(
    "game, call",
    [
        # A bound above 100,000 moves runs the C call on a copy in a worker thread (the same playout:
        # test_the_default_bound_...). Random play ends within a second on any machine in every
        # position a game can reach, so the long C call here is the library's UCT player thinking
        # for a minute, through the same worker.
        ('"petteia", seed=1', "ludus.game._interruptible(lambda: game.copy().ai_move('uct', max_time_ms=60000))"),
        # a million playouts (a minute: in slices of 50 ms)
        ('"petteia", seed=1', "game.playouts(10**6, seed=1)"),
    ],
)
def test_ctrl_c_stops_a_long_playout_within_a_second(game, call):
    child = subprocess.Popen(
        [sys.executable, "-c", INTERRUPTED.format(game=game, call=call)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=child_env(),
    )
    try:
        assert child.stdout.readline() == "go\n"
        time.sleep(0.5)  # into the C call
        sent = time.time()
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
    finally:
        child.kill()
    assert out.startswith("interrupted True "), out + err  # stopped, and the game as it was
    waited = float(out.split()[2]) - sent  # to the KeyboardInterrupt, not counting the program's exit
    assert waited < 2.0, f"stopped {waited:.2f} s after Ctrl-C"


# ---- python-chess feel ------------------------------------------------------------------------


def test_legal_moves_before_the_roll_are_empty():
    throwers = 0
    for game_id, options in every_ruleset():
        with ludus.Game(game_id, seed=2, **options) as game:
            while not game.is_over and game.phase != ludus.Phase.ROLL and len(game.history) < 6:
                game.play(game.legal_moves[0])
            if game.phase != ludus.Phase.ROLL:
                continue  # a game without dice
            throwers += 1
            assert len(game.legal_moves) == 0 and list(game.legal_moves) == []
            game.roll()
            assert len(game.legal_moves) > 0
    assert throwers > 0


def test_ruleset():
    for game_id in GAME_IDS:
        with ludus.Game(game_id, seed=1) as game:
            assert game.ruleset == game.options.get("ruleset")
    for game_id, options in every_ruleset():
        with ludus.Game(game_id, seed=1, **options) as game:
            assert game.ruleset == options.get("ruleset")
            assert ludus.Game.from_json(game.to_json()).ruleset == game.ruleset
    with ludus.Game("latrunculi", ruleset="bell", seed=1) as game:
        assert game.ruleset == "bell"
    with ludus.Game("xii_scripta", seed=1) as game:
        assert game.ruleset == "murray"
    with ludus.Game("petteia", seed=1) as game:
        assert game.ruleset is None


class CountingLibrary:
    """The library, counting the calls of ludus_game_to_json."""

    def __init__(self, lib):
        self.lib, self.serialised = lib, 0

    def __getattr__(self, name):
        if name == "ludus_game_to_json":
            self.serialised += 1
        return getattr(self.lib, name)


def test_reads_do_not_serialise_the_game_again_until_it_changes():
    with ludus.Game("duodecim", seed=5) as game:
        play_random(game, 1, max_moves=30)
        counting = game._lib = CountingLibrary(game._lib)
        for _ in range(10):
            position, history = game.position, game.history
            _ = game.dice, game.options, game.ruleset, game.id, repr(game)
        assert counting.serialised <= 1
        position["mutated"] = True  # the caller's copy: the game's own stays as it was
        history.append({"text": "mine"})
        assert "mutated" not in game.position and game.history[-1] != {"text": "mine"}
        before = game.position
        if game.phase == ludus.Phase.ROLL:
            game.roll()
        else:
            game.play(game.legal_moves[0])
        assert game.position != before and len(game.history) == len(history)  # read afresh after the change
        assert counting.serialised == 2


@pytest.mark.parametrize("game_id, options", every_ruleset())
def test_pickle_keeps_everything_the_generator_included(game_id, options):
    with ludus.Game(game_id, seed=11, **options) as game:
        play_random(game, 3, max_moves=12)
        copy = pickle.loads(pickle.dumps(game))
        assert copy.to_json() == game.to_json() and copy == game
        # the dice to come are the same: the generator's state travelled too
        for _ in range(8):
            if game.is_over:
                break
            if game.phase == ludus.Phase.ROLL:
                assert game.roll() == copy.roll()
            else:
                move = game.legal_moves[-1]
                game.play(move)
                copy.play(move)
        assert copy.to_json() == game.to_json()
        copy.close()
    with pytest.raises(ludus.GameClosedError):
        pickle.dumps(game)


def test_games_in_the_same_position_are_equal():
    one = ludus.Game("petteia", seed=1)
    other = ludus.Game("petteia", seed=99)  # another generator: the position is what counts
    for move in ("a2-a3", "h7-h6", "b2-b3"):
        one.play(move)
    for move in ("b2-b3", "h7-h6", "a2-a3"):
        other.play(move)
    assert one == other and not (one != other) and one.history != other.history
    assert one.position_key() == other.position_key()
    assert {one.position_key(): 1}[other.position_key()] == 1
    with pytest.raises(TypeError):
        hash(one)  # a game changes as it is played: no hash, as a list has none
    other.undo()
    assert one != other and one.position_key() != other.position_key()
    assert ludus.Game("petteia", seed=1) != ludus.Game("petteia", rows=6, seed=1)  # other rules
    assert ludus.Game("petteia", seed=1) != ludus.Game("latrunculi", seed=1)
    assert one != "petteia" and one == one
    one.close()
    assert one != other and one == one


# ---- the command line ---------------------------------------------------------------------------


def test_the_dice_command_asks_for_as_many_dice_as_the_game_has():
    out = io.StringIO()
    script = "dice 1 2\ndice 3 5 6\nquit\n"
    assert cli.main(["play", "xii_scripta", "--seed", "1"], io.StringIO(script), out) == 0
    text = out.getvalue()
    assert "or dice A B C)" in text and "or dice A B)" not in text
    assert "Dice set: 3 5 6." in text
    out = io.StringIO()
    assert cli.main(["play", "duodecim", "--seed", "1", "--first-player", "0"], io.StringIO("quit\n"), out) == 0
    assert "or dice A B)" in out.getvalue()


def test_help_texts_print_percent_signs_once_and_name_every_game():
    parser = cli._parser()
    for command in ("selfplay", "play"):
        text = next(a for a in parser._actions if a.dest == "command").choices[command].format_help()
        assert "%%" not in text
        for game_id in GAME_IDS:
            assert game_id in text, (command, game_id)
    assert "95%" in next(a for a in parser._actions if a.dest == "command").choices["selfplay"].format_help()


def test_replay_into_a_closed_pipe_ends_without_a_traceback(tmp_path):
    saved = tmp_path / "game.json"
    with ludus.Game("petteia", seed=3) as game:
        game.random_playout(3, max_plies=600)  # some 200 KB of boards: more than a pipe holds
        game.save(saved)
    # `ludus replay FILE --no-wait | head -1`: the reader stops after one line
    child = subprocess.Popen(
        [sys.executable, "-m", "ludus", "replay", str(saved), "--no-wait"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=child_env(),
    )
    first = child.stdout.readline()
    child.stdout.close()
    err = child.stderr.read().decode()
    child.wait(timeout=60)
    assert first and "Traceback" not in err and "BrokenPipeError" not in err, err
    assert child.returncode == 141


# ---- the end-of-game reason and the position alone (libludus 1.1) -------------------------------

REASONS = {
    "all_captured",
    "one_piece_left",
    "dux_immobilised",
    "no_moves",
    "quiet_moves",
    "plies_without_capture",
    "repetition",
    "agreed_draw",
    "borne_off",
}
needs_1_1 = pytest.mark.skipif(
    not hasattr(ludus._library.lib, "ludus_game_end_reason"),
    reason="this libludus (before 1.1) has no end reason nor position call",
)


@needs_1_1
@pytest.mark.parametrize("game_id, options", every_ruleset())
def test_the_end_reason_is_in_the_game(game_id, options):
    with ludus.Game(game_id, seed=4, **ending_soon(game_id, options)) as game:
        assert game.end_reason is None
        game.random_playout(4)
        assert game.is_over and game.end_reason in REASONS, game.end_reason
        assert game.position.get("end_reason") == game.end_reason
    with ludus.Game("petteia", seed=4) as game:
        game.agree_draw()
        assert game.end_reason == "agreed_draw"
        game.undo()
        assert game.end_reason is None


@needs_1_1
def test_replay_says_why_the_game_ended(tmp_path):
    saved = tmp_path / "game.json"
    with ludus.Game("petteia", rows=5, cols=3, seed=3) as game:
        game.random_playout(3)
        game.save(saved)
        reason = game.end_reason.replace("_", " ")
    out = io.StringIO()
    assert cli.main(["replay", str(saved), "--no-wait"], io.StringIO(""), out) == 0
    assert f"({reason})." in out.getvalue().splitlines()[-1]


@needs_1_1
def test_position_reads_do_not_serialise_the_history():
    with ludus.Game("duodecim", seed=5) as game:
        play_random(game, 2, max_moves=40)
        counting = game._lib = CountingLibrary(game._lib)
        for _ in range(5):
            game.roll() if game.phase == ludus.Phase.ROLL else game.play(game.legal_moves[0])
            _ = game.position, game.dice, game.end_reason, game == game.copy()
        assert counting.serialised == 1  # the options, once (five positions read whole: five times)


@needs_1_1
@pytest.mark.parametrize("game_id, options", every_ruleset())
def test_position_json_is_the_saved_position_read_alone(game_id, options):
    with ludus.Game(game_id, seed=6, **options) as game:
        play_random(game, 6, max_moves=30)
        counting = game._lib = CountingLibrary(game._lib)
        text = game.position_json()
        assert counting.serialised == 0  # the position alone: not the whole state with its history
        assert json.loads(text) == game.position == json.loads(game.to_json())["position"]
        assert game.position_json() == text  # a read changes nothing
    with pytest.raises(ludus.GameClosedError):
        game.position_json()


def test_the_move_list_reads_the_one_move_format_and_the_old_one():
    label = cli.play._move_label
    assert label(ludus.Move({"text": "d4-d6", "captured": ["d5"], "captured_count": 1})) == "d4-d6 (takes d5)"
    assert label(ludus.Move({"text": "III-V", "captured": ["V"], "captured_count": 2})) == "III-V (takes 2 at V)"
    assert label(ludus.Move({"text": "a1-a2", "captured": [], "captured_count": 0, "captures": []})) == "a1-a2"
    assert label(ludus.Move({"text": "d4-d6", "captures": ["d5"]})) == "d4-d6 (takes d5)"  # before libludus 1.1
    assert label(ludus.Move({"text": "III-V", "captures": 2})) == "III-V (takes 2)"


def test_seeds_are_exact_in_every_json_parser_and_every_save_restores():
    """A seed is given as an int or the string of its digits; the library writes it as an int
    below 2**53 and as its digits from there up (game.options shows it so), draws one below 2**53
    for a game without one, and json.dumps(game.to_dict()) restores every game."""
    for entry in ludus.games():
        assert entry["options"]["seed"]["max"] == 2**64 - 1  # the integer of earlier versions, kept
        assert entry["options"]["seed"]["max_text"] == "18446744073709551615"
        for ruleset in entry["options"].get("ruleset", {}).get("values", [None]):
            options = {} if ruleset is None else {"ruleset": ruleset}
            for seed in (None, 0, 2**53 - 1, 2**53, str(2**53 + 1), 2**64 - 1, str(2**64 - 1)):
                with ludus.Game(entry["id"], options if seed is None else dict(options, seed=seed)) as game:
                    shown = game.options["seed"]
                    if seed is None:
                        assert isinstance(shown, int) and 0 <= shown < 2**53
                    else:
                        assert shown == (int(seed) if int(seed) < 2**53 else str(seed))
                    play_random(game, 1, max_moves=4)
                    for saved in (json.dumps(game.to_dict()), game.to_json(indent=1)):
                        again = ludus.Game.from_json(json.loads(saved))
                        assert again.to_json() == game.to_json()
    for bad in (-1, "-1", "+1", "07", " 1", "1.5", 1.5, 2**64, "18446744073709551616", "", True):
        refused(ludus.InvalidOptionError, lambda: ludus.Game("duodecim", seed=bad))
    game = ludus.Game("petteia", seed=3)
    assert game.ai_move("easy", seed=2**64 - 1).text == game.ai_move("easy", seed=str(2**64 - 1)).text
