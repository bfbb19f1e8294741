"""Every public method of ludus.Game, Move, MoveList and the module functions."""
import copy
import json

import pytest

import ludus
from conftest import GAME_IDS, ending_soon
from ludus import Move, MoveList, Phase, Result

pytestmark = pytest.mark.quick  # in the quick suite (conftest.py)


def test_catalogue():
    catalogue = ludus.games()
    ids = [g["id"] for g in catalogue]
    assert ids and len(set(ids)) == len(ids)
    assert ludus.game_ids() == ids
    for game_id in ids:  # every id names a game one can play
        with ludus.Game(game_id, seed=1) as game:
            assert game.id == game_id and (game.legal_moves or game.phase == Phase.ROLL)
    petteia = next(g for g in catalogue if g["id"] == "petteia")
    assert petteia["options"]["rows"]["default"] == 8
    assert ludus.library_version().count(".") == 2
    assert "libludus" in ludus.library_path()


def test_new_with_keywords_and_dict():
    with ludus.Game("petteia", rows=5, cols=3) as a, ludus.Game("petteia", {"rows": 5}, cols=3) as b:
        assert len(a.legal_moves) == 3 == len(b.legal_moves)
        assert a.options["rows"] == 5 and b.options["cols"] == 3
        assert a.id == "petteia"


def test_start_numbers(petteia):
    assert petteia.phase == Phase.MOVE and str(petteia.phase) == "move"
    assert petteia.to_move == 0
    assert petteia.result == Result.ONGOING and str(petteia.result) == "ongoing"
    assert petteia.winner is None and not petteia.is_over
    assert len(petteia.legal_moves) == 32
    assert petteia.history == []
    assert petteia.dice is None
    assert petteia.position["to_move"] == 0


def test_move_objects(petteia):
    moves = petteia.legal_moves
    assert isinstance(moves, MoveList)
    move = moves.find("b2-b5")
    assert move is not None
    assert move.text == "b2-b5" and str(move) == "b2-b5"
    assert move.from_ == "b2" and move["from"] == "b2" and move.to == "b5"
    assert move.captures == [] and move.player == 0 and isinstance(move.action, int)
    assert move == "b2-b5" and move != "b2-b6"
    assert move == move.to_dict() and move.to_dict() is not move.to_dict()
    assert set(move) >= {"text", "from", "to", "captures"} and len(move) == len(move.to_dict())
    assert hash(move) == hash("b2-b5")
    assert "b2-b5" in repr(move)
    with pytest.raises(AttributeError):
        move.nonexistent
    assert Move("a2-a3").text == "a2-a3"
    with pytest.raises(TypeError):
        Move({"from": "a2"})


def test_move_list(petteia):
    moves = petteia.legal_moves
    assert "b2-b5" in moves and "b2-c3" not in moves
    assert moves[0] in moves
    assert {"from": "b2", "to": "b5"} in moves and {"from": "b2", "to": "c5"} not in moves
    assert 42 not in moves
    assert moves.find({"to": "z9"}) is None
    assert moves.texts[:2] == ["a2-a3", "a2-a4"]
    assert [m.text for m in moves] == moves.texts
    assert isinstance(moves[1:3], MoveList) and len(moves[1:3]) == 2
    assert moves[-1].text == "h2-h6"
    assert "a2-a3" in repr(moves)


def test_play_every_form(petteia):
    petteia.play("b2-b5")
    petteia.play(petteia.legal_moves[0])
    petteia.play({"from": "c2", "to": "c3"})
    assert [e["text"] for e in petteia.history] == ["b2-b5", "a7-a6", "c2-c3"]
    assert [e["player"] for e in petteia.history] == [0, 1, 0]
    assert petteia.to_move == 1
    with pytest.raises(TypeError):
        petteia.play(5)


def test_undo(petteia):
    petteia.play("b2-b5")
    petteia.undo()
    assert petteia.history == [] and petteia.to_move == 0
    with pytest.raises(ludus.NothingToUndoError):
        petteia.undo()


def test_agree_draw(petteia):
    petteia.agree_draw()
    assert petteia.is_over and petteia.result == Result.DRAW and petteia.winner is None
    assert petteia.to_move is None and petteia.phase == Phase.OVER and str(petteia.phase) == "over"
    assert petteia.history[-1]["text"] == "draw agreed"
    assert len(petteia.legal_moves) == 0 and petteia.actions() == []
    petteia.undo()
    assert not petteia.is_over


def test_copy_is_independent(petteia):
    for other in (petteia.copy(), copy.copy(petteia), copy.deepcopy(petteia)):
        other.play("b2-b5")
        assert len(other.history) == 1 and petteia.history == []
        assert other.id == "petteia"
        other.close()


def test_json_round_trip(petteia):
    petteia.play("b2-b5")
    text = petteia.to_json()
    assert json.loads(text) == petteia.to_dict()
    assert json.loads(petteia.to_json(indent=2)) == petteia.to_dict()
    for state in (text, text.encode(), json.loads(text)):
        with ludus.Game.from_json(state) as restored:
            assert restored.to_json() == text
            assert restored.id == "petteia"


def test_save_and_load(petteia, tmp_path):
    petteia.play("b2-b5")
    path = tmp_path / "game.json"
    petteia.save(path)
    with ludus.Game.load(path) as loaded:
        assert loaded.to_dict() == petteia.to_dict()


def test_actions(petteia):
    actions = petteia.actions()
    texts = petteia.legal_moves.texts
    assert len(actions) == 32
    assert [petteia.action_text(a) for a in actions] == texts
    assert [m.action for m in petteia.legal_moves] == actions
    petteia.apply_action(actions[5])
    assert petteia.history[0]["text"] == texts[5]
    with pytest.raises(ludus.IllegalMoveError):
        petteia.apply_action(-1)


def test_actions_grow_the_buffer():
    with ludus.Game("petteia", rows=26, cols=26) as big:
        actions = big.actions()
        assert len(actions) == len(big.legal_moves) > 64
        assert len(big.actions()) == len(actions)


def test_dice(duodecim):
    assert duodecim.phase == Phase.ROLL and str(duodecim.phase) == "roll"
    outcomes = duodecim.chance_outcomes()
    assert len(outcomes) == 21
    assert abs(sum(o.probability for o in outcomes) - 1) < 1e-9
    assert outcomes[0].dice == (1, 1) and abs(outcomes[0].probability - 1 / 36) < 1e-9
    dice = duodecim.roll()
    assert len(dice) == 2 and all(1 <= d <= 6 for d in dice)
    assert duodecim.dice == dice and duodecim.phase == Phase.MOVE
    assert duodecim.history[-1] == {"player": 0, "text": f"roll {dice[0]} {dice[1]}", "dice_from": "engine"}
    duodecim.undo()
    duodecim.set_dice(3, 5)
    assert duodecim.legal_moves.texts == ["H-III", "H-V"]
    assert duodecim.history[-1]["dice_from"] == "outside"
    duodecim.undo()
    duodecim.set_dice([3, 5])
    assert duodecim.dice == (3, 5)
    duodecim.undo()
    with pytest.raises(TypeError):
        duodecim.set_dice(3.5, 2)
    with pytest.raises(TypeError):
        duodecim.set_dice(True, 2)


def test_seeded_dice_repeat():
    with ludus.Game("duodecim", seed=42) as a, ludus.Game("duodecim", seed=42) as b:
        assert a.roll() == b.roll()


def test_board_text(petteia, duodecim):
    # str(game), print(game) and text() are the library's text diagram (ludus_game_render_text)
    text = str(petteia)
    assert text == petteia.text()
    lines = text.splitlines()
    assert lines[0] == "Petteia 8x8: player 0 to move"
    assert lines[1].split() == list("abcdefgh")
    assert lines[2].split() == ["8"] + ["1"] * 8 + ["8"]
    assert lines[9].split() == ["1"] + ["0"] * 8 + ["1"]
    assert petteia.text(orientation=1) != text
    duodecim.set_dice(3, 5)
    duodecim.play("H-III")
    board = str(duodecim)
    assert board == duodecim.text()
    middle = next(line for line in board.splitlines() if line.startswith("middle"))
    assert middle.split()[3] == "a1"  # entry cell III of player 0
    assert "player 0 (a): 5 in hand" in board and "player 1 (b): 6 in hand" in board
    assert "dice 3 and 5 (3 used)" in board and "last step: H-III by player 0" in board


def test_board_of_the_track():
    # A hand-made Duodecim position: pieces of both players on the track, a column of 2.
    with ludus.Game("duodecim", seed=3, pieces=3) as game:
        state = game.to_dict()
    position = state["start"]
    position["hand"] = [0, 0]
    position["track"][0][0] = 2  # player 0: a column of 2 on track 1 (top row, rightmost)
    position["track"][0][12] = 1  # player 0: one piece on track 13 (bottom row, leftmost)
    position["track"][1][23] = 2  # player 1: track 24 (bottom row, rightmost)
    position["off"] = [0, 1]
    state["start"] = state["position"] = position
    with ludus.Game.from_json(state) as game:
        rows = {line.split()[0]: line.split() for line in str(game).splitlines() if line.split()}
        assert rows["top"][-1] == "a2"
        assert rows["bottom"][1] == "a1" and rows["bottom"][-1] == "b2"
        assert "player 1 (b): 0 in hand, 1 borne off" in str(game)


def test_repr_and_close(petteia):
    assert repr(petteia).startswith("<ludus.Game 'petteia' phase=move to_move=0")
    game = ludus.Game("petteia")
    game.close()
    assert game.closed and "closed" in repr(game)
    game.close()  # twice is fine
    with pytest.raises(ludus.GameClosedError):
        game.legal_moves
    with pytest.raises(ValueError):
        game.play("a2-a3")


def test_with_releases():
    with ludus.Game("petteia") as game:
        assert not game.closed
    assert game.closed


def test_result_enum():
    assert Result.PLAYER0_WON.winner == 0 and Result.PLAYER1_WON.winner == 1
    assert Result.DRAW.winner is None and str(Result.PLAYER1_WON) == "player 1 won"


def test_replay_and_apply_event():
    with ludus.Game("duodecim", seed=5) as game:
        game.roll()
        while game.phase == Phase.MOVE:
            game.play(game.legal_moves[0])
        game.set_dice(2, 2)
        game.play(game.legal_moves[-1])
        saved = game.to_dict()
    steps = list((i, event and event["text"], g.to_dict()) for i, event, g in ludus.replay(saved))
    assert [s[0] for s in steps] == list(range(len(saved["history"]) + 1))
    assert [s[1] for s in steps[1:]] == [e["text"] for e in saved["history"]]
    assert steps[0][1] is None and steps[-1][2] == saved
    with ludus.Game.from_json(dict(saved, history=[], position=saved["start"])) as fresh:
        for event in saved["history"]:
            ludus.apply_event(fresh, event)
        assert fresh.to_dict() == saved
        fresh.undo()
        fresh.undo()
        assert fresh.phase == Phase.ROLL
        rolled = fresh.copy().roll()
        wrong = [d % 6 + 1 for d in rolled]
        with pytest.raises(ludus.InvalidStateError):
            ludus.apply_event(fresh, {"text": f"roll {wrong[0]} {wrong[1]}", "dice_from": "engine"})
        assert fresh.phase == Phase.ROLL  # the wrong roll was taken back
        with pytest.raises(ludus.InvalidStateError):
            ludus.apply_event(fresh, {"text": "roll three"})


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_playout(game_id):
    options = ending_soon(game_id, {})
    with ludus.Game(game_id, seed=2, **options) as a, ludus.Game(game_id, seed=2, **options) as b:
        result, plies = a.random_playout(seed=11)
        assert a.is_over and result == a.result and result != Result.ONGOING and plies > 0
        assert b.random_playout(seed=11) == (result, plies) and a.to_json() == b.to_json()
        with pytest.raises(ludus.GameOverError):
            a.random_playout(seed=1)
    with ludus.Game(game_id, seed=2, **options) as c:
        assert c.random_playout(seed=11, max_plies=3) == (Result.ONGOING, 3)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_playouts(game_id):
    with ludus.Game(game_id, seed=2, **ending_soon(game_id, {})) as game:
        game.random_playout(seed=3, max_plies=6)
        before = game.to_json()
        batch = game.playouts(5, seed=40)
        assert isinstance(batch, ludus.Playouts) and len(batch.results) == len(batch.plies) == 5
        assert game.to_json() == before  # the game does not change
        for i in range(5):
            with game.copy() as c:
                assert c.random_playout(seed=40 + i) == (batch.results[i], batch.plies[i])
        assert all(isinstance(r, Result) and r != Result.ONGOING for r in batch.results)
        assert sum(batch.count(r) for r in Result) == 5
        assert game.playouts(3, seed=1, max_plies=2) == ([Result.ONGOING] * 3, [2, 2, 2])
        assert game.playouts(0) == ([], [])
        assert game.playouts(2, seed=2**64 - 1) == game.playouts(2, seed=-1)  # seeds are taken modulo 2**64
        with pytest.raises(ValueError):
            game.playouts(-1)
        game.random_playout(seed=1)
        with pytest.raises(ludus.GameOverError):
            game.playouts(2)


def test_library_pictures(petteia):
    svg = petteia.svg(size=240)
    assert svg.lstrip().startswith(("<svg", "<?xml")) and "</svg>" in svg
    text = petteia.text()
    assert text and text.endswith("\n")
    with pytest.raises(ludus.UnknownOptionError):
        petteia.svg(colour="red")
    with pytest.raises(ludus.InvalidOptionError):
        petteia.svg(size=1)
