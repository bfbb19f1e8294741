"""The package's pictures: print(game) / text() are the library's text diagram, svg() and
_repr_svg_ its SVG (render_text, board and render_svg, the old names, still draw them and
warn), and ``python3 -m ludus render`` draws a saved game."""
import importlib
import io
import json
import xml.etree.ElementTree as ET

import pytest

import ludus
from conftest import run_python
from ludus import cli

SVG = "{http://www.w3.org/2000/svg}"


def parse_svg(text):
    root = ET.fromstring(text.encode())
    assert root.tag == SVG + "svg"
    return root


def title_of(text):
    title = parse_svg(text).find(SVG + "title")
    assert title is not None and title.text
    return title.text


@pytest.fixture
def positions():
    """Games in different phases: start, after moves, dice, a capture, the end."""
    games = []
    petteia = ludus.Game("petteia", rows=6, cols=6, seed=1)
    for move in ("b2-b4", "c5-c4", "d2-d4"):
        petteia.play(move)
    games.append(petteia)
    games.append(ludus.Game("petteia", seed=1))
    duodecim = ludus.Game("duodecim", seed=3)
    games.append(duodecim.copy())  # phase roll
    duodecim.set_dice(3, 5)
    duodecim.play("H-III")
    games.append(duodecim)
    over = ludus.Game("duodecim", seed=4, pieces=2)
    over.random_playout(seed=1)
    games.append(over)
    yield games
    for game in games:
        game.close()


def test_print_is_the_library_diagram(positions, capsys):
    for game in positions:
        text = game.text()
        assert str(game) == text
        print(game)
        assert capsys.readouterr().out == text + "\n"


def test_text_passes_options():
    with ludus.Game("petteia", seed=1) as game:
        game.play("b2-b5")
        turned = game.text(orientation=1, coordinates=False)
        assert turned != str(game)
        assert "a b c" not in turned
        with pytest.raises(ludus.UnknownOptionError):
            game.text(size=240)  # SVG only


def test_the_old_names_draw_the_same_and_warn():
    # deprecated in 1.2.0 (docs/javascript.md's vocabulary), kept for this major version
    with ludus.Game("petteia", seed=1) as game:
        game.play("b2-b5")
        with pytest.deprecated_call():
            assert game.board() == game.text() == str(game)
        with pytest.deprecated_call():
            assert game.board(orientation=1, coordinates=False) == game.text(orientation=1, coordinates=False)
        with pytest.deprecated_call():
            assert game.render_text(orientation=1) == game.text(orientation=1)
        with pytest.deprecated_call():
            assert game.render_svg(size=240) == game.svg(size=240)
        for old in (game.board, game.render_text, game.render_svg):
            with pytest.deprecated_call(), pytest.raises(ludus.UnknownOptionError):
                old(colour="red")


def test_repr_svg_for_notebooks(positions):
    for game in positions:
        svg = game._repr_svg_()
        assert svg == game.svg()
        assert game.id.split()[0].lower()[:4] in title_of(svg).lower()
    closed = ludus.Game("petteia")
    closed.close()
    assert closed._repr_svg_() is None  # IPython then shows repr(): "(closed)"
    with pytest.raises(ludus.GameClosedError):
        str(closed)
    with pytest.raises(ludus.GameClosedError):
        closed.svg()


def test_svg_options_pass_through():
    with ludus.Game("petteia", seed=1) as game:
        assert parse_svg(game.svg()).get("width") == "480"
        for size in (120, 240, 4096):
            svg = game.svg(size=size)
            assert parse_svg(svg).get("width") == str(size)
        assert game.svg(orientation=1) != game.svg(orientation=0) == game.svg()
        assert game.svg(coordinates=False) != game.svg()
    with ludus.Game("duodecim", seed=3) as game:
        virtus = game.svg(inscription="virtus")
        assert 'data-inscription="virtus"' in virtus and virtus != game.svg()


@pytest.mark.parametrize(
    "options, error",
    [
        ({"colour": "red"}, ludus.UnknownOptionError),
        ({"inscription": "virtus"}, ludus.UnknownOptionError),  # a Duodecim option
        ({"size": 1}, ludus.InvalidOptionError),
        ({"size": 5000}, ludus.InvalidOptionError),
        ({"size": "big"}, ludus.InvalidOptionError),
        ({"size": 240.5}, ludus.InvalidOptionError),
        ({"orientation": 2}, ludus.InvalidOptionError),
        ({"coordinates": "yes"}, ludus.InvalidOptionError),
    ],
)
def test_bad_svg_options_raise_the_library_errors(options, error):
    with ludus.Game("petteia", seed=1) as game:
        with pytest.raises(error) as info:
            game.svg(**options)
        assert isinstance(info.value, ludus.LudusError) and str(info.value)
        with pytest.deprecated_call(), pytest.raises(ludus.LudusError):
            game.render_svg(**options)  # the old name, deprecated, refuses the same


def test_the_python_diagrams_are_gone():
    with pytest.raises(ImportError):
        importlib.import_module("ludus.render")


# ---- python3 -m ludus render -----------------------------------------------------------------


@pytest.fixture
def saved(tmp_path):
    with ludus.Game("petteia", rows=6, cols=6, seed=1) as game:
        for move in ("b2-b4", "c5-c4", "d2-d4"):
            game.play(move)
        game.save(tmp_path / "petteia.json")
        expected = {
            "svg": game.svg(),
            "text": game.text(),
            "svg240": game.svg(size=240, orientation=1),
            "text_turned": game.text(orientation=1, coordinates=False),
        }
    return tmp_path / "petteia.json", expected


def ludus_render(*args, stdin=""):
    result = run_python(["-m", "ludus", "render", *map(str, args)], stdin=stdin)
    assert "Traceback" not in result.stdout + result.stderr, result.stdout + result.stderr
    return result


def test_render_writes_an_svg_file(saved, tmp_path):
    state, expected = saved
    out = tmp_path / "board.svg"
    result = ludus_render(state, "-o", out)
    assert result.returncode == 0, result.stderr
    assert out.read_text(encoding="utf-8").rstrip("\n") == expected["svg"].rstrip("\n")
    assert "Petteia" in title_of(out.read_text(encoding="utf-8"))
    assert f"Wrote {out}." in result.stdout and not result.stderr


def test_render_options_in_any_order(saved, tmp_path):
    state, expected = saved
    out = tmp_path / "small.svg"
    result = ludus_render("--size", "240", state, "--orientation=1", "-o", out)
    assert result.returncode == 0, result.stderr
    text = out.read_text(encoding="utf-8")
    assert text.rstrip("\n") == expected["svg240"].rstrip("\n") and parse_svg(text).get("width") == "240"


def test_render_to_standard_output(saved):
    state, expected = saved
    for args in ([state], [state, "-o", "-"]):
        result = ludus_render(*args)
        assert result.returncode == 0 and not result.stderr
        assert result.stdout.rstrip("\n") == expected["svg"].rstrip("\n")
        parse_svg(result.stdout)
    piped = ludus_render("-", stdin=state.read_text())  # the state from standard input
    assert piped.returncode == 0 and piped.stdout.rstrip("\n") == expected["svg"].rstrip("\n")


def test_render_text(saved, tmp_path):
    state, expected = saved
    result = ludus_render(state, "--text")
    assert result.returncode == 0 and result.stdout == expected["text"]
    out = tmp_path / "board.txt"
    result = ludus_render(state, "--text", "--orientation", "1", "--coordinates", "false", "-o", out)
    assert result.returncode == 0
    assert out.read_text(encoding="utf-8") == expected["text_turned"]


def test_render_a_duodecim_game(tmp_path):
    with ludus.Game("duodecim", seed=3) as game:
        game.set_dice(3, 5)
        game.play("H-III")
        game.save(tmp_path / "d.json")
        expected = game.svg(inscription="levate", size=300)
    result = ludus_render(tmp_path / "d.json", "--inscription", "levate", "--size", "300", "-o", tmp_path / "d.svg")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "d.svg").read_text(encoding="utf-8").rstrip("\n") == expected.rstrip("\n")


def test_render_fails_cleanly(saved, tmp_path):
    state, _ = saved
    (tmp_path / "bad.json").write_text("{not json")
    (tmp_path / "list.json").write_text("[1, 2]")
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00")
    wrong = json.loads(state.read_text())
    wrong["history"].append({"player": 1, "text": "a1-a2"})
    (tmp_path / "wrong.json").write_text(json.dumps(wrong))
    cases = [
        ([tmp_path / "missing.json"], 1, "cannot read"),
        ([tmp_path], 1, "cannot read"),
        ([tmp_path / "bad.json"], 1, "not valid JSON"),
        ([tmp_path / "list.json"], 1, "not a saved game"),
        ([tmp_path / "binary.json"], 1, "cannot read"),
        ([tmp_path / "wrong.json"], 1, "not a saved game"),
        ([state, "--colour", "red"], 1, 'unknown option "colour"'),
        ([state, "--size", "10"], 1, "outside 120..4096"),
        ([state, "--size", "big"], 1, "must be an integer"),
        ([state, "--text", "--size", "240"], 1, 'unknown option "size"'),
        ([state, "-o", tmp_path / "no" / "such" / "dir.svg"], 1, "cannot write"),
        ([state, "--size"], 2, "--size needs a value"),
        ([state, "-o"], 2, "-o needs a file name"),
        ([state, "-x"], 2, "options are written --NAME VALUE"),
        ([state, state], 2, "one saved state at a time"),
        ([], 2, "say which saved game"),
    ]
    for args, status, message in cases:
        out = tmp_path / "out.svg"
        result = ludus_render(*args, "-o", out) if status == 1 and "-o" not in args else ludus_render(*args)
        assert result.returncode == status, (args, result.stdout, result.stderr)
        assert message in result.stderr and result.stderr.startswith("ludus render: "), (args, result.stderr)
        assert not out.exists(), args  # nothing written when the picture cannot be made


def test_render_in_process(saved, capsys):
    state, expected = saved
    out = io.StringIO()
    assert cli.main(["render", str(state), "--text"], io.StringIO(), out) == 0
    assert out.getvalue() == expected["text"]
    assert cli.main(["render", str(state), "--orientation", "7"], io.StringIO(), io.StringIO()) == 1
    assert "outside 0..1" in capsys.readouterr().err
    assert cli.parse_render_args(["s.json", "--size=240", "--coordinates", "false", "-oout.svg", "--text"]) == (
        "s.json",
        "out.svg",
        True,
        {"size": 240, "coordinates": False},
    )
    assert cli.parse_render_args(["--inscription", "virtus", "-", "--first-try", "1.5"]) == (
        "-",
        None,
        False,
        {"inscription": "virtus", "first_try": 1.5},
    )


def test_render_help():
    result = ludus_render("--help")
    assert result.returncode == 0 and "STATE.json" in result.stdout and "--text" in result.stdout
    assert "render" in run_python(["-m", "ludus", "--help"]).stdout


def test_pictures_example_writes_svg_files(tmp_path):
    from conftest import EXAMPLES

    result = run_python([str(EXAMPLES / "pictures.py")], cwd=tmp_path)
    assert result.returncode == 0 and not result.stderr, result.stderr
    for name in ("petteia.svg", "duodecim.svg"):
        title_of((tmp_path / name).read_text(encoding="utf-8"))
    assert "Petteia 6x6: player 1 to move" in result.stdout and "no picture:" in result.stdout
