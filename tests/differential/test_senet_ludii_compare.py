"""The Senet differential's own logic (senet_ludii_compare.py), on a few games recorded from Ludii
(data/senet_ludii_sample.txt: a short recorded game of each ruleset, with a return from the
water in Kendall's, a piece sent back to hand in Piccione's, Jequier's ending with a throw again): the
sample agrees with libludus, and each kind of difference the script looks for is caught when
put into it."""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
import senet_ludii_compare  # noqa: E402

SAMPLE = os.path.join(os.path.dirname(__file__), "data", "senet_ludii_sample.txt")


def lines():
    with open(SAMPLE, encoding="utf-8") as f:
        return f.read().splitlines()


def run(tmp_path, text_lines, capsys):
    path = tmp_path / "records.txt"
    path.write_text("\n".join(text_lines) + "\n", encoding="utf-8")
    failures = senet_ludii_compare.compare([str(path)])
    return failures, capsys.readouterr().out


def test_the_sample_agrees(tmp_path, capsys):
    failures, out = run(tmp_path, lines(), capsys)
    assert failures == 0, out
    labels = {line.split()[1] for line in lines() if line.startswith("game ")}
    assert {"kendall", "bell", "piccione", "jequier"} <= labels
    for label in labels:  # every game to its end, Jequier's by Jequier's rule (Ludii: a draw)
        assert f"{label}: 1 games (1 compared to their end" in out
    assert "(Jequier's last throw): 1;" in out


def first_line(text_lines, predicate):
    return next(i for i, line in enumerate(text_lines) if predicate(line))


def with_line(text_lines, index, new):
    return text_lines[:index] + [new] + text_lines[index + 1 :]


def test_a_missing_legal_move_is_a_mismatch(tmp_path, capsys):
    text = lines()
    i = first_line(text, lambda l: l.startswith("pos") and len(l.split("|")[2].split()) >= 2)
    head, board, listed, chosen = text[i].split("|")
    kept = [m for m in listed.split() if m != chosen.strip()][1:] + [chosen.strip()]
    failures, out = run(
        tmp_path, with_line(text, i, "|".join([head, board, " " + " ".join(kept) + " ", chosen])), capsys
    )
    assert failures == 1 and "libludus [" in out


def test_an_extra_legal_move_is_a_mismatch(tmp_path, capsys):
    text = lines()
    i = first_line(text, lambda l: l.startswith("pos") and "pass" not in l.split("|")[2])
    head, board, listed, chosen = text[i].split("|")
    failures, out = run(tmp_path, with_line(text, i, "|".join([head, board, listed + "29>O ", chosen])), capsys)
    assert failures == 1 and "29>O" in out


def test_the_wrong_side_to_move_is_a_mismatch(tmp_path, capsys):
    text = lines()
    i = first_line(text, lambda l: l.startswith("pos"))
    words = text[i].split(" ")
    words[1] = str(1 - int(words[1]))
    failures, out = run(tmp_path, with_line(text, i, " ".join(words)), capsys)
    assert failures == 1 and "to move" in out


def test_a_different_board_is_a_mismatch(tmp_path, capsys):
    text = lines()
    i = first_line(text, lambda l: l.startswith("pos") and ".0" in l.split("|")[1])
    head, board, listed, chosen = text[i].split("|")
    failures, out = run(
        tmp_path, with_line(text, i, "|".join([head, board.replace(".0", "0.", 1), listed, chosen])), capsys
    )
    assert failures == 1 and "the board" in out


def test_a_throw_where_none_is_due_is_a_mismatch(tmp_path, capsys):
    text = lines()
    i = first_line(text, lambda l: l.startswith("pos") and l.split()[2] == "0")  # Piccione's rest of a throw
    words = text[i].split(" ")
    words[2] = "1"
    failures, out = run(tmp_path, with_line(text, i, " ".join(words)), capsys)
    assert failures == 1 and "the record throws, libludus is still playing the last throw" in out


def end_line(text, label):
    start = first_line(text, lambda l: l.split()[:2] == ["game", label])
    return first_line(text[start:], lambda l: l.startswith("end")) + start


def test_the_wrong_winner_is_a_mismatch(tmp_path, capsys):
    text = lines()
    i = end_line(text, "kendall")
    words = text[i].split()
    words[1] = str(1 - int(words[1]))
    failures, out = run(tmp_path, with_line(text, i, " ".join(words)), capsys)
    assert failures == 1 and "the record's winner" in out


def test_only_ludiis_scoreless_draw_after_a_throw_again_is_explained(tmp_path, capsys):
    text = lines()
    i = end_line(text, "jequier")
    assert text[i] == "end draw 0 0"  # the sample's Jequier game ends with a 6, as Ludii records it
    failures, out = run(tmp_path, with_line(text, i, "end draw 3 0"), capsys)
    assert failures == 1 and "the record's winner draw" in out


def test_an_unknown_ruleset_label_is_refused():
    with pytest.raises(ValueError, match="unknown ruleset label"):
        senet_ludii_compare.game_options("kendall-six-pieces")


def test_labels_name_kendalls_options():
    assert senet_ludii_compare.game_options("kendall-five-pieces-starting-throw-trap-home-row") == {
        "ruleset": "kendall",
        "first_player": 0,
        "five_pieces": True,
        "starting_throw": True,
        "trap": True,
        "home_row": True,
    }
    assert senet_ludii_compare.game_options("jequier") == {"ruleset": "jequier", "first_player": 0}
