"""Tests the pictures: ludus_game_render_svg and ludus_game_render_text of every game and
ruleset of the catalogue (ludus_games).

Usage: test_render.py LIBRARY [EXAMPLES_DIR]

Plays seeded random games through the C ABI (ctypes, no binding, no third-party package),
parses the SVG of many positions as XML (xml.etree) and checks what it must show against the
saved position (ludus_game_to_json): a piece element for every piece, the height of every
column, the pieces in hand and borne off, the dice and which are used, the last move, the
captured pieces, the coordinates on and off, the orientation, the inscriptions, the title; every
render option, good and bad; and the text diagrams. With EXAMPLES_DIR it also writes a few
example pictures there (the README's Board pictures). Ends with the line "N passed, M failed".
"""
import ctypes
import json
import os
import pathlib
import random
import re
import sys
import traceback
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
OK, BAD_JSON, UNKNOWN_OPTION, INVALID_OPTION, INVALID_ARGUMENT = 0, 2, 4, 5, 1
PHASE_ROLL, PHASE_MOVE, PHASE_OVER = 0, 1, 2
MOTTOS = {
    "levate": "LEVATE DALOCU LUDERE NESCIS IDIOTA RECEDE",
    "virtus": "VIRTUS IMPERI HOSTES VINCTI LUDANT ROMANI",
    "vincer": "VINCER EFATUS SENSUS DOCUIT TABULA LUDERE",
}
ROMAN = ["I", "II", "III", "IV", "V", "VI"]


# ---- the library ---------------------------------------------------------------------------


def load_library(path):
    lib = ctypes.CDLL(path)
    lib.ludus_last_error.restype = ctypes.c_char_p
    lib.ludus_string_free.argtypes = [ctypes.c_void_p]
    lib.ludus_game_new.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
    for name in ("ludus_game_to_json", "ludus_game_legal_moves"):
        getattr(lib, name).argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p)]
    for name in ("ludus_game_render_svg", "ludus_game_render_text"):
        getattr(lib, name).argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
    lib.ludus_game_play.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    lib.ludus_game_agree_draw.argtypes = [ctypes.c_void_p]
    lib.ludus_game_set_dice.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int), ctypes.c_size_t]
    lib.ludus_game_roll.argtypes = [
        ctypes.c_void_p,
        ctypes.POINTER(ctypes.c_int),
        ctypes.c_size_t,
        ctypes.POINTER(ctypes.c_size_t),
    ]
    lib.ludus_game_phase.argtypes = [ctypes.c_void_p]
    lib.ludus_game_random_playout.argtypes = [
        ctypes.c_void_p,
        ctypes.c_uint64,
        ctypes.c_uint32,
        ctypes.c_void_p,
        ctypes.c_void_p,
    ]
    lib.ludus_game_free.argtypes = [ctypes.c_void_p]
    return lib


class Game:
    def __init__(self, lib, game_id, options):
        self.lib = lib
        self.handle = ctypes.c_void_p()
        status = lib.ludus_game_new(game_id.encode(), json.dumps(options).encode(), ctypes.byref(self.handle))
        assert status == OK, lib.ludus_last_error().decode()

    def __del__(self):
        self.lib.ludus_game_free(self.handle)

    def call_out(self, function, *args):
        """(status, text or None)."""
        out = ctypes.c_void_p()
        status = function(self.handle, *args, ctypes.byref(out))
        if status != OK:
            assert out.value is None, "a failed call must leave *out NULL"
            return status, None
        text = ctypes.string_at(out.value).decode()
        self.lib.ludus_string_free(out)
        return status, text

    def state(self):
        return json.loads(self.call_out(self.lib.ludus_game_to_json)[1])

    def moves(self):
        return json.loads(self.call_out(self.lib.ludus_game_legal_moves)[1])

    def phase(self):
        return self.lib.ludus_game_phase(self.handle)

    def play(self, move):
        text = move if isinstance(move, str) else json.dumps(move)
        assert self.lib.ludus_game_play(self.handle, text.encode()) == OK, self.lib.ludus_last_error()

    def roll(self):
        count = ctypes.c_size_t()
        dice = (ctypes.c_int * 4)()
        assert self.lib.ludus_game_roll(self.handle, dice, 4, ctypes.byref(count)) == OK

    def svg(self, options=None):
        text = None if options is None else (options if isinstance(options, str) else json.dumps(options))
        status, out = self.call_out(self.lib.ludus_game_render_svg, None if text is None else text.encode())
        assert status == OK, f"render_svg({text}): status {status}: {self.lib.ludus_last_error().decode()}"
        return out

    def text(self, options=None):
        text = None if options is None else json.dumps(options)
        status, out = self.call_out(self.lib.ludus_game_render_text, None if text is None else text.encode())
        assert status == OK, f"render_text({text}): status {status}: {self.lib.ludus_last_error().decode()}"
        return out

    def render_status(self, which, options_text):
        function = self.lib.ludus_game_render_svg if which == "svg" else self.lib.ludus_game_render_text
        status, _ = self.call_out(function, None if options_text is None else options_text.encode())
        return status, self.lib.ludus_last_error().decode()


def parse_svg(text):
    assert text.startswith("<?xml"), "an SVG document starts with the XML declaration"
    root = ET.fromstring(text.encode())
    assert root.tag == SVG + "svg", root.tag
    children = list(root)
    assert children and children[0].tag == SVG + "title", "the first child is the <title>"
    assert children[0].text and root.get("aria-label") == children[0].text
    for element in root.iter():  # self-contained: no links to anything outside
        for name, value in element.attrib.items():
            assert "href" not in name and "url(" not in value, f"external reference {name}={value}"
        assert element.tag not in (
            SVG + "image",
            SVG + "use",
            SVG + "style",
            SVG + "script",
            SVG + "foreignObject",
        ), element.tag
    return root


def classes(element):
    return (element.get("class") or "").split()


def with_class(root, *wanted):
    return [e for e in root.iter() if all(w in classes(e) for w in wanted)]


def title_of(root):
    return root.find(SVG + "title").text


# ---- Petteia ---------------------------------------------------------------------------------


def square_name(rank, file):
    return f"{chr(ord('a') + file)}{rank + 1}"


def occupied(position):
    """{square: owner} from a Petteia position JSON (ranks[0] is rank 1)."""
    out = {}
    for rank, line in enumerate(position["ranks"]):
        for file, c in enumerate(line):
            if c != ".":
                out[square_name(rank, file)] = int(c)
    return out


def last_move_text(state):
    for entry in reversed(state["history"]):
        if entry["text"] != "draw agreed" and not entry["text"].startswith("roll"):
            return entry["text"]
    return None


def phrase_of(position):
    """The status phrase of a Petteia position, word for word: whose turn, or the result and why."""
    if position["result"] == "ongoing":
        return f"player {position['to_move']} to move"
    if position["result"] == "draw":
        return {
            "plies_without_capture": "drawn by the move limit",
            "repetition": "drawn by repetition",
            "agreed_draw": "drawn by agreement",
        }[position["end_reason"]]
    winner = int(position["result"][7])
    why = {
        "one_piece_left": f"player {1 - winner} has one piece left",
        "no_moves": f"player {position['to_move']} cannot move",
    }
    return f"player {winner} won: {why[position['end_reason']]}"


# What a finished game's picture says of each end reason (ludus_game_end_reason), in its title
# and in the status line.
REASON_WORDS = {
    "all_captured": "all enemy pieces captured",
    "one_piece_left": "has one piece left",
    "dux_immobilised": "'s dux immobilised",
    "no_moves": "cannot move",
    "quiet_moves": "pieces at the move limit",
    "plies_without_capture": "drawn by the move limit",
    "repetition": "drawn by repetition",
    "agreed_draw": "drawn by agreement",
    "borne_off": "every piece borne off",
}


def check_end_reason_named(root, position):
    """A finished game's picture says who won and why: its title and its status line."""
    if position["result"] == "ongoing":
        return
    words = REASON_WORDS[position["end_reason"]]
    assert words in title_of(root), (position["end_reason"], title_of(root))
    result = with_class(root, "result")
    assert len(result) == 1 and words in result[0].text.lower(), (position["end_reason"], [e.text for e in result])
    winner = "Drawn" if position["result"] == "draw" else position["result"].capitalize()
    assert result[0].text.startswith(winner), result[0].text


def check_petteia_svg(game, state, captured, options):
    o = state["options"]
    rows, cols = o["rows"], o["cols"]
    position = state["position"]
    root = parse_svg(game.svg(options))
    size = options.get("size", 480)
    assert root.get("width") == str(size), (root.get("width"), size)

    pieces = {e.get("data-square"): e for e in with_class(root, "piece")}
    assert len(with_class(root, "piece")) == len(pieces), "one piece element per square"
    expected = occupied(position)
    assert set(pieces) == set(expected), f"pieces drawn {sorted(pieces)} != on the board {sorted(expected)}"
    for square, owner in expected.items():
        assert f"player{owner}" in classes(pieces[square]), (square, owner, classes(pieces[square]))
    shapes = {(p, pieces[s].tag) for s, p in expected.items()}
    assert len({tag for _, tag in shapes}) == len({p for p, _ in shapes}), "the two armies have different shapes"
    assert len(position["pieces"]) == 2 and sum(1 for p in expected.values() if p == 0) == position["pieces"][0]

    squares = {e.get("data-square"): e for e in with_class(root, "square")}
    assert len(squares) == rows * cols
    assert "dark" in classes(squares["a1"])

    coords = with_class(root, "coord")
    if options.get("coordinates", True):
        files = sorted(e.text for e in with_class(root, "coord", "file"))
        ranks = sorted(int(e.text) for e in with_class(root, "coord", "rank"))
        assert files == sorted(chr(ord("a") + f) for f in range(cols)) and ranks == list(range(1, rows + 1))
    else:
        assert coords == [], "coordinates off: no coordinate elements"

    # Orientation: player 0's side (rank 1) at the bottom with 0, at the top with 1.
    a1, top_right = squares["a1"], squares[square_name(rows - 1, cols - 1)]
    x = lambda e: float(e.get("x"))
    y = lambda e: float(e.get("y"))
    if options.get("orientation", 0) == 0:
        assert y(a1) > y(top_right) and x(a1) < x(top_right)
    else:
        assert y(a1) < y(top_right) and x(a1) > x(top_right)

    title = title_of(root)
    assert title.startswith(f"Petteia {rows}x{cols}, {phrase_of(position)}, "), title
    assert f"{position['pieces'][0]} against {position['pieces'][1]} pieces" in title, title
    status = with_class(root, "status")[0]
    assert status.get("data-result") == position["result"]
    assert status.get("data-to-move") == (str(position["to_move"]) if position["result"] == "ongoing" else "-1")

    last = last_move_text(state)
    if last is None:
        assert with_class(root, "last-move") == [] and "no move yet" in title
    else:
        source, target = last.split("-")
        assert [e.get("data-square") for e in with_class(root, "last-move", "from")] == [source]
        assert [e.get("data-square") for e in with_class(root, "last-move", "to")] == [target]
        assert f"last move {last}" in title, title
    ghosts = sorted(e.get("data-square") for e in with_class(root, "captured"))
    assert ghosts == sorted(captured), f"captured drawn {ghosts}, captured {sorted(captured)}"
    for square in captured:
        assert square in title, (square, title)


def check_petteia_text(game, state, captured, options):
    o = state["options"]
    rows, cols = o["rows"], o["cols"]
    position = state["position"]
    text = game.text(options)
    lines = text.splitlines()
    assert text.endswith("\n") and all(ord(c) < 128 for c in text), "ASCII lines"
    assert lines[0] == f"Petteia {rows}x{cols}: {phrase_of(position)}", lines[0]
    flipped = options.get("orientation", 0) == 1
    coordinates = options.get("coordinates", True)
    board = lines[2 : 2 + rows] if coordinates else lines[1 : 1 + rows]
    order = list(range(rows)) if flipped else list(range(rows - 1, -1, -1))
    files = list(range(cols - 1, -1, -1)) if flipped else list(range(cols))
    if coordinates:
        assert lines[1].split() == [chr(ord("a") + f) for f in files], lines[1]
    expected = occupied(position)
    for line, rank in zip(board, order):
        tokens = line.split()
        if coordinates:
            assert tokens[0] == str(rank + 1) and tokens[-1] == str(rank + 1), line
            tokens = tokens[1:-1]
        assert len(tokens) == cols, line
        for token, file in zip(tokens, files):
            square = square_name(rank, file)
            want = str(expected[square]) if square in expected else ("x" if square in captured else ".")
            assert token == want, f"{square}: {token} != {want} in {line!r}"
    last = last_move_text(state)
    if last is not None:
        assert any(l.startswith(f"last move: {last}") for l in lines), text


def petteia_positions(lib, seeds, rng):
    """Yields (game, state, captured squares of the last move) along random games on random boards."""
    for seed in range(seeds):
        rows, cols = rng.choice(
            [(8, 8), (5, 3), (rng.randint(5, 26), rng.randint(3, 26)), (rng.randint(5, 12), rng.randint(3, 12))]
        )
        game = Game(lib, "petteia", {"seed": seed, "rows": rows, "cols": cols})
        captured = []
        yield game, game.state(), captured
        for ply in range(400):
            if game.phase() == PHASE_OVER:
                break
            before = occupied(game.state()["position"])
            moves = game.moves()
            capturing = [m for m in moves if m["captures"]]
            game.play(rng.choice(capturing) if capturing and rng.random() < 0.7 else rng.choice(moves))
            state = game.state()
            after = occupied(state["position"])
            mover = state["history"][-1]["player"]
            captured = [s for s, p in before.items() if p != mover and s not in after]
            if ply % 7 == 0 or game.phase() == PHASE_OVER or captured:
                yield game, state, captured
        if seed % 5 == 0 and game.phase() != PHASE_OVER:
            lib.ludus_game_agree_draw(game.handle)
            yield game, game.state(), captured


# ---- Duodecim --------------------------------------------------------------------------------


def position_name(p):
    if p == 0:
        return "H"
    if p <= 6:
        return ROMAN[p - 1]
    if p <= 30:
        return str(p - 6)
    return "O"


def units(position):
    """{(player, progress): count} of the pieces on the board (1..30)."""
    out = {}
    for player in (0, 1):
        for i, n in enumerate(position["entry"][player]):
            if n:
                out[(player, i + 1)] = n
        for i, n in enumerate(position["track"][player]):
            if n:
                out[(player, i + 7)] = n
    return out


def cell_name(player, p):
    """The data-cell of the rect where a unit stands, as docs/rules/duodecim.md draws it."""
    return f"player{player} {ROMAN[p - 1]}" if p <= 6 else f"track {p - 6}"


def grid_cell(player, p):
    """(row, column) as docs/rules/duodecim.md draws it: middle row entry, top row track 1..12
    right to left, bottom 13..24."""
    if p <= 6:
        return 1, (0 if player == 0 else 6) + p - 1
    k = p - 6
    return (0, 12 - k) if k <= 12 else (2, k - 13)


def check_duodecim_svg(game, state, options):
    position = state["position"]
    root = parse_svg(game.svg(options))
    assert root.get("width") == str(options.get("size", 480))
    expected = units(position)

    cells = {e.get("data-cell"): e for e in with_class(root, "cell")}
    assert len(cells) == 36, len(cells)
    # The layout of docs/rules/duodecim.md: track 1 top right, 12 top left, 13 bottom left, 24
    # bottom right, player 0's entry cells on the left of the middle row, player 1's on the right.
    x = lambda name: float(cells[name].get("x"))
    y = lambda name: float(cells[name].get("y"))
    assert y("track 1") == y("track 12") < y("player0 I") == y("player1 VI") < y("track 13") == y("track 24")
    assert (
        x("track 12") < x("track 1")
        and x("track 13") < x("track 24")
        and x("track 12") == x("track 13") == x("player0 I")
    )
    assert x("player0 VI") < x("player1 I") and x("track 1") == x("track 24") == x("player1 VI")

    drawn = {}
    for group in with_class(root, "unit"):
        player = 0 if "player0" in classes(group) else 1
        assert f"player{1 - player}" not in classes(group)
        key = (
            player,
            ROMAN.index(group.get("data-position")) + 1
            if group.get("data-position") in ROMAN
            else int(group.get("data-position")) + 6,
        )
        assert key not in drawn, f"two units at {key}"
        count = int(group.get("data-count"))
        drawn[key] = count
        discs = [e for e in group.iter(SVG + "circle") if "disc" in classes(e)]
        assert 1 <= len(discs) <= count
        numbers = [e.text for e in group.iter(SVG + "text") if "count" in classes(e)]
        assert numbers == ([str(count)] if count >= 2 else []), (numbers, count)
        cell = cells[cell_name(*key)]
        cx, cy = float(discs[0].get("cx")), float(discs[0].get("cy"))
        assert float(cell.get("x")) <= cx <= float(cell.get("x")) + float(cell.get("width")), (key, cx)
        assert float(cell.get("y")) <= cy <= float(cell.get("y")) + float(cell.get("height")), (key, cy)
    assert drawn == expected, f"units drawn {drawn} != on the board {expected}"

    for tray, numbers in (("hand", position["hand"]), ("off", position["off"])):
        for player in (0, 1):
            groups = with_class(root, tray, f"player{player}")
            assert len(groups) == 1 and int(groups[0].get("data-count")) == numbers[player], (tray, player)
            assert len([e for e in groups[0].iter(SVG + "circle") if "disc" in classes(e)]) == numbers[player]

    dice = with_class(root, "die")
    if position["phase"] == "move":
        assert [int(d.get("data-value")) for d in dice] == position["dice"], (dice, position["dice"])
        assert ["used" in classes(d) for d in dice] == position["dice_used"]
    else:
        assert dice == []

    inscription = options.get("inscription", "ostia")
    texts = [e.text for e in with_class(root, "inscription")]
    if inscription == "ostia":
        assert sorted(texts) == sorted(ROMAN * 2 + [str(k) for k in range(1, 25)]), texts
    else:
        assert "".join(texts) == MOTTOS[inscription].replace(" ", ""), "one letter a cell, row by row"
        rows = ["".join(texts[r * 12 : (r + 1) * 12]) for r in range(3)]
        words = MOTTOS[inscription].split()
        assert rows == [words[0] + words[1], words[2] + words[3], words[4] + words[5]]

    status = with_class(root, "status")[0]
    assert status.get("data-phase") == position["phase"] and status.get("data-result") == position["result"]
    title = title_of(root)
    assert title.startswith("Ludus Duodecim Scriptorum, "), title
    if position["result"] == "ongoing":
        verb = "to roll" if position["phase"] == "roll" else "to move"
        assert f"player {position['to_move']} {verb}" in title, title
    else:
        assert position["result"] in title, title
    for player in (0, 1):
        assert (
            f"player {player} {position['hand'][player]} in hand" in title
            and f"{position['off'][player]} borne off" in title
        )

    last = last_move_text(state)
    marks = {tuple(classes(e)): e.get("data-position") for e in with_class(root, "last-move") if e.tag == SVG + "rect"}
    if last is None or last == "pass":
        assert marks == {}
    else:
        source, target = last.split("-")
        assert marks == {("last-move", "from"): source, ("last-move", "to"): target}, (marks, last)
        assert f"last step {last}" in title, title


def check_duodecim_text(game, state):
    position = state["position"]
    text = game.text()
    assert text.endswith("\n") and all(ord(c) < 128 for c in text)
    lines = text.splitlines()
    assert lines[0].startswith("Ludus Duodecim Scriptorum: "), lines[0]
    grid = {}
    for name, row in (("top", 0), ("middle", 1), ("bottom", 2)):
        line = next(l for l in lines if l.startswith(name))
        tokens = [t for t in line[len(name) :].split() if t != "|"]
        assert len(tokens) == 12, line
        grid[row] = tokens
    expected = [["."] * 12 for _ in range(3)]
    for (player, p), n in units(position).items():
        row, col = grid_cell(player, p)
        expected[row][col] = "ab"[player] + str(n)
    assert [grid[r] for r in range(3)] == expected, (grid, expected)
    for player in (0, 1):
        assert (
            f"player {player} ({'ab'[player]}): {position['hand'][player]} in hand, {position['off'][player]} borne off"
            in lines
        )
    if position["phase"] == "move":
        assert f"dice {position['dice'][0]} and {position['dice'][1]}" in text
    last = last_move_text(state)
    if last is not None:
        assert any(l.startswith(f"last step: {last} by player") for l in lines), text


def random_game(game, choose, steps):
    """Plays `game` for at most `steps` steps, each a roll of the dice when they are to be rolled,
    else the move choose(legal moves) picks, and yields (step, move) after each (move None for a
    roll), until the game is over."""
    for step in range(steps):
        phase = game.phase()
        if phase == PHASE_OVER:
            return
        if phase == PHASE_ROLL:
            game.roll()
            yield step, None
        else:
            move = choose(game.moves())
            game.play(move)
            yield step, move


def duodecim_positions(lib, seeds, rng):
    def choose(moves):
        capturing = [m for m in moves if m.get("captures")]
        return rng.choice(capturing) if capturing and rng.random() < 0.5 else rng.choice(moves)

    for seed in range(seeds):
        pieces = rng.choice([6, 6, 1, 3, 15])
        game = Game(lib, "duodecim", {"seed": seed, "pieces": pieces})
        yield game, game.state()
        for step, _ in random_game(game, choose, 3000):
            if step % 11 == 0 or game.phase() == PHASE_OVER:
                yield game, game.state()


# ---- every game and ruleset of the catalogue -------------------------------------------------


def catalogue(lib):
    """The games of ludus_games, by id."""
    out = ctypes.c_void_p()
    lib.ludus_games.argtypes = [ctypes.POINTER(ctypes.c_void_p)]
    assert lib.ludus_games(ctypes.byref(out)) == OK
    entries = json.loads(ctypes.string_at(out.value).decode())
    lib.ludus_string_free(out)
    return {entry["id"]: entry for entry in entries}


def catalogue_variants(lib):
    """(game id, options) for every game of ludus_games, once for each value of its "ruleset"
    option (if it has one): the pictures of every game and ruleset are drawn and checked."""
    variants = []
    for entry in catalogue(lib).values():
        rulesets = entry["options"].get("ruleset", {}).get("values", [None])
        for ruleset in rulesets:
            options = {} if ruleset is None else {"ruleset": ruleset}
            if entry["id"] == "xii_scripta":
                options["pieces"] = 4  # shorter games
            variants.append((entry["id"], options))
    return variants


LATRUNCULI_GLYPHS = {
    "0": (0, "man", False),
    "1": (1, "man", False),
    "D": (0, "dux", False),
    "d": (1, "dux", False),
    "A": (0, "man", True),
    "B": (1, "man", True),
}


def check_latrunculi_svg(game, state, options):
    """Every piece drawn on its square with its owner, kind (man or dux) and, in Schaedler's
    rulesets, blocked pieces drawn distinctly (class "blocked", with a cross)."""
    position = state["position"]
    root = parse_svg(game.svg(options))
    pieces = {e.get("data-square"): e for e in with_class(root, "piece")}
    expected = {}
    for rank, line in enumerate(position["ranks"]):
        for file, c in enumerate(line):
            if c != ".":
                expected[square_name(rank, file)] = LATRUNCULI_GLYPHS[c]
    assert set(pieces) == set(expected), f"pieces drawn {sorted(pieces)} != on the board {sorted(expected)}"
    for square, (owner, kind, blocked) in expected.items():
        got = classes(pieces[square])
        assert f"player{owner}" in got and kind in got and ("blocked" in got) == blocked, (square, got)
    removed = with_class(root, "removed")  # the piece the last move removed, drawn faintly (blocked, so crossed too)
    assert len(with_class(root, "chain")) == sum(1 for v in expected.values() if v[2]) + len(
        removed
    ), "a cross over each blocked piece"
    rows, cols = len(position["ranks"]), len(position["ranks"][0])
    assert len(with_class(root, "square")) == rows * cols
    assert title_of(root).startswith(
        "Ludus Latrunculorum ("
        + {
            "kowalski": "Kowalski 8x12",
            "kowalski_10x11": "Kowalski 10x11",
            "bell": "Bell 8x8",
            "bell_8x7": "Bell 8x7",
            "quintana": "Museum Quintana",
            "schaedler": "Schaedler 1994",
            "schaedler_2001": "Schaedler 2001",
        }[state["options"]["ruleset"]]
        + "), "
    )
    last = last_move_text(state)
    if last is not None and "-" in last:
        source, target = last.split("-")
        assert [e.get("data-square") for e in with_class(root, "last-move", "from")] == [source]
        assert [e.get("data-square") for e in with_class(root, "last-move", "to")] == [target]
    if last is not None and last.startswith("x"):
        assert [e.get("data-square") for e in with_class(root, "removed")] == [
            last[1:]
        ], "the removed piece drawn faintly"


def check_latrunculi_text(game, state):
    position = state["position"]
    lines = game.text({"coordinates": False}).splitlines()
    rows = len(position["ranks"])
    board = [["." if c == "x" else c for c in l.split()] for l in lines[1 : 1 + rows]]  # x: what the last move took
    assert board == [list(line) for line in reversed(position["ranks"])], (board, position["ranks"])


def check_xii_scripta_svg(game, state, options):
    """The pieces of each player on the board, in hand, captured and borne off add up to what
    the position holds, and the dice are those thrown."""
    position = state["position"]
    root = parse_svg(game.svg(options))
    for player in (0, 1):
        on_board = sum(int(e.get("data-count")) for e in with_class(root, "unit", f"player{player}"))
        assert on_board == sum(position["track"][player]), (player, on_board, position["track"][player])
        for tray, numbers in (("hand", position["hand"]), ("bar", position["bar"]), ("off", position["off"])):
            groups = with_class(root, tray, f"player{player}")
            assert len(groups) <= 1 and sum(int(g.get("data-count")) for g in groups) == numbers[player], (tray, player)
    assert sorted(int(d.get("data-value")) for d in with_class(root, "die")) == sorted(position["dice"])
    status = with_class(root, "status")[0]
    assert status.get("data-result") == position["result"] and status.get("data-ruleset") == state["options"]["ruleset"]


def check_any_picture(game, state, options):
    """What every game's pictures show: a well-formed SVG of the size asked for whose status
    tells the result and the player to move, and an ASCII text diagram."""
    position = state["position"]
    root = parse_svg(game.svg(options))
    assert root.get("width") == str(options.get("size", 480))
    assert title_of(root)
    status = with_class(root, "status")[0]
    assert status.get("data-result") == position["result"], (status.get("data-result"), position["result"])
    if position["result"] == "ongoing":
        assert status.get("data-to-move") == str(position["to_move"])
    text = game.text()
    assert text.endswith("\n") and all(ord(c) < 128 for c in text) and len(text.splitlines()) >= 3
    check_end_reason_named(root, position)
    check_wordless_picture(game, root, options)
    check_positions_marked(game, state, options)


# What a picture without words may still write: cell names and counts, coordinates, the letter
# of a motto, the numerals I..VI of the entry cells.
WORDLESS_TEXT = re.compile(r"^(\d+|[A-Za-z]|I|II|III|IV|V|VI)$")


def check_wordless_picture(game, root, options):
    """Option "words" false: the same picture, shorter, without the status line's words and the
    trays' labels (the web app writes them in Italian), its status group kept empty with the
    same data attributes."""
    bare = parse_svg(game.svg(dict(options, words=False)))
    assert bare.get("width") == root.get("width") and float(bare.get("height")) < float(root.get("height"))
    for element in bare.iter(SVG + "text"):
        assert WORDLESS_TEXT.match(element.text or ""), f"a word in a picture without words: {element.text!r}"
    status, bare_status = with_class(root, "status")[0], with_class(bare, "status")[0]
    assert len(bare_status) == 0 and all(
        bare_status.get(k) == v for k, v in status.attrib.items() if k.startswith("data-")
    )
    assert len(with_class(bare, "square")) == len(with_class(root, "square")) and len(with_class(bare, "cell")) == len(
        with_class(root, "cell")
    )


def check_positions_marked(game, state, options):
    """Option "positions" on a race board: every legal move's from_name and to_name is a cell's
    data-position of the mover, or a token of one of the mover's trays' data-tray-position."""
    position = state["position"]
    if position["phase"] != "move":
        return
    moves = [m for m in game.moves() if m.get("to_name") and m.get("from_name") and m["text"] != "pass"]
    plain = parse_svg(game.svg(options))
    if not moves or not with_class(plain, "cell"):  # the race boards' cells (square boards name their squares)
        return
    player = position["to_move"]
    root = parse_svg(game.svg(dict(options, positions=True)))
    names = set()  # a cell the route passes twice (Ur, Murray's) names both positions
    for cell in with_class(root, "cell"):
        names.update((cell.get(f"data-position{player}") or "").split())
    for tray in with_class(root, f"player{player}"):
        names.update((tray.get("data-tray-position") or "").split())
    for move in moves:
        assert (
            move["from_name"] in names and move["to_name"] in names
        ), f"{move['text']}: {move['from_name']}/{move['to_name']} not marked"
    assert not with_class(plain, "cell")[0].get("data-position0"), "the positions only when asked for"


GAME_CHECKS = {
    "latrunculi": (check_latrunculi_svg, check_latrunculi_text),
    "xii_scripta": (check_xii_scripta_svg, None),
}


def catalogue_positions(lib, game_id, options, games, rng):
    """(game, state) along seeded random games of one game and ruleset, preferring moves that
    capture or block, so that the pictures show them."""
    eager = []  # the moves that capture or block among the last position's

    def choose(moves):
        eager[:] = [m for m in moves if m.get("captures") or m.get("blocks")]
        return rng.choice(eager) if eager and rng.random() < 0.8 else rng.choice(moves)

    for seed in range(games):
        game = Game(lib, game_id, dict(options, seed=seed))
        yield game, game.state()
        for ply, move in random_game(game, choose, 600):
            if move is not None and (ply % 9 == 0 or game.phase() == PHASE_OVER or eager):
                yield game, game.state()


# ---- options -------------------------------------------------------------------------------

BAD_OPTIONS = [
    # (game, which, options text, status)
    ("petteia", "svg", '{"size": 119}', INVALID_OPTION),
    ("petteia", "svg", '{"size": 4097}', INVALID_OPTION),
    ("petteia", "svg", '{"size": "big"}', INVALID_OPTION),
    ("petteia", "svg", '{"size": 480.5}', INVALID_OPTION),
    ("petteia", "svg", '{"orientation": 2}', INVALID_OPTION),
    ("petteia", "svg", '{"orientation": -1}', INVALID_OPTION),
    ("petteia", "svg", '{"orientation": true}', INVALID_OPTION),
    ("petteia", "svg", '{"coordinates": 1}', INVALID_OPTION),
    ("petteia", "svg", '{"coordinates": "yes"}', INVALID_OPTION),
    ("petteia", "svg", '{"inscription": "ostia"}', UNKNOWN_OPTION),
    ("petteia", "svg", '{"colour": "red"}', UNKNOWN_OPTION),
    ("petteia", "svg", '{"size": 480,', BAD_JSON),
    ("petteia", "svg", "[480]", BAD_JSON),
    ("petteia", "svg", "480", BAD_JSON),
    ("petteia", "svg", "", BAD_JSON),
    ("petteia", "svg", '{"size": 480} x', BAD_JSON),
    ("petteia", "svg", "[" * 100 + "]" * 100, BAD_JSON),
    ("petteia", "text", '{"size": 480}', UNKNOWN_OPTION),
    ("petteia", "text", '{"orientation": 3}', INVALID_OPTION),
    ("petteia", "text", '{"coordinates": null}', INVALID_OPTION),
    ("petteia", "text", "{", BAD_JSON),
    ("duodecim", "svg", '{"inscription": "LEVATE"}', INVALID_OPTION),
    ("duodecim", "svg", '{"inscription": "romani"}', INVALID_OPTION),
    ("duodecim", "svg", '{"inscription": 1}', INVALID_OPTION),
    ("duodecim", "svg", '{"size": 0}', INVALID_OPTION),
    ("duodecim", "svg", '{"orientation": 0}', UNKNOWN_OPTION),
    ("duodecim", "svg", '{"coordinates": true}', UNKNOWN_OPTION),
    ("duodecim", "svg", '"ostia"', BAD_JSON),
    ("duodecim", "svg", '{"route": 1}', INVALID_OPTION),
    ("duodecim", "svg", '{"numbering": "player2"}', INVALID_OPTION),
    ("duodecim", "text", '{"route": true}', UNKNOWN_OPTION),
    ("duodecim", "text", '{"inscription": "ostia"}', UNKNOWN_OPTION),
    ("duodecim", "text", '{"size": 480}', UNKNOWN_OPTION),
    ("duodecim", "text", "null", BAD_JSON),
]


def test_bad_options(lib):
    for game_id, which, text, status in BAD_OPTIONS:
        game = Game(lib, game_id, {"seed": 1})
        got, message = game.render_status(which, text)
        assert got == status, f"{game_id} {which} {text!r}: status {got} ({message}), expected {status}"
        assert message, "an error has a message"
        if status in (UNKNOWN_OPTION, INVALID_OPTION):
            name = json.loads(text) and next(iter(json.loads(text)))
            assert name in message, f"the message names the option: {message}"


def test_null_arguments(lib):
    game = Game(lib, "petteia", {"seed": 1})
    out = ctypes.c_void_p(1)
    for function in (lib.ludus_game_render_svg, lib.ludus_game_render_text):
        assert function(None, None, ctypes.byref(out)) == INVALID_ARGUMENT and out.value is None
        assert function(game.handle, None, None) == INVALID_ARGUMENT


def test_defaults(lib):
    for game_id in catalogue(lib):
        game = Game(lib, game_id, {"seed": 2})
        assert game.svg(None) == game.svg("{}"), "NULL options are the defaults"
        assert game.text(None) == game.text({})
        assert parse_svg(game.svg()).get("width") == "480"


def test_sizes(lib):
    for game_id in catalogue(lib):
        game = Game(lib, game_id, {"seed": 3})
        for size in (120, 333, 480, 1000, 4096):
            root = parse_svg(game.svg({"size": size}))
            assert root.get("width") == str(size) and root.get("viewBox").split()[2] == str(size)
            assert float(root.get("height")) > 0


def test_petteia_options_change_the_picture(lib):
    game = Game(lib, "petteia", {"seed": 4})
    game.play("b2-b5")
    pictures = {
        json.dumps(o): game.svg(o)
        for o in (
            {},
            {"orientation": 1},
            {"coordinates": False},
            {"size": 600},
            {"orientation": 1, "coordinates": False, "size": 200},
        )
    }
    assert len(set(pictures.values())) == len(pictures), "every option changes the picture"
    assert game.text({"orientation": 1}) != game.text({})
    assert "a b c d e f g h" not in game.text({"coordinates": False})


def test_petteia_example_title(lib):
    """The title of a known position, word for word."""
    game = Game(lib, "petteia", {"seed": 5})
    for move in ("b2-b4", "c7-c5", "d2-d5", "h7-h6", "b4-b5"):  # b5 and d5 flank c5: captured
        game.play(move)
    root = parse_svg(game.svg())
    assert title_of(root) == (
        "Petteia 8x8, player 1 to move, 16 against 15 pieces (player 0 against player 1), "
        "last move b4-b5 captured c5"
    ), title_of(root)
    assert [e.get("data-square") for e in with_class(root, "captured", "player1")] == ["c5"]
    text = game.text()
    assert text.splitlines()[5] == " 5  . 0 x 0 . . . .  5", text


def test_duodecim_known_position(lib):
    """Dice from outside, one die used: the dice, the last step and the text, exactly."""
    game = Game(lib, "duodecim", {"seed": 6, "first_player": 0})
    dice = (ctypes.c_int * 2)(3, 5)
    assert lib.ludus_game_set_dice(game.handle, dice, 2) == OK
    game.play("H-III")
    root = parse_svg(game.svg({"inscription": "levate"}))
    dice = with_class(root, "die")
    assert [(d.get("data-value"), "used" in classes(d)) for d in dice] == [("3", True), ("5", False)]
    assert "player 0 to move with 3 and 5 (3 used)" in title_of(root) and "last step H-III by player 0" in title_of(
        root
    )
    assert [e.get("data-position") for e in with_class(root, "unit", "player0")] == ["III"]
    assert [e.get("data-position") for e in with_class(root, "last-move", "from")] == ["H"]
    text = game.text()
    assert "middle     .   .  a1   .   .   .  |   .   .   .   .   .   ." in text, text
    assert "player 0 (a): 5 in hand, 0 borne off" in text and "phase: move, dice 3 and 5 (3 used)" in text


def test_every_inscription(lib):
    game = Game(lib, "duodecim", {"seed": 7})
    for inscription in ("ostia", "levate", "virtus", "vincer"):
        check_duodecim_svg(game, game.state(), {"inscription": inscription})


def rich_duodecim_position(lib):
    """A Duodecim position worth a picture: pieces in hand, on the board and borne off, a column,
    a capture as the last step, and dice on the table with one of them used (seeded, so always
    the same)."""
    for seed in range(200):
        rng = random.Random(seed)
        game = Game(lib, "duodecim", {"seed": seed})
        for _, move in random_game(
            game, lambda moves: rng.choice([m for m in moves if m.get("captures")] or moves), 400
        ):
            if move is None:
                continue
            p = game.state()["position"]
            if (
                move.get("captures")
                and p["phase"] == "move"
                and any(p["dice_used"])
                and any(p["off"])
                and any(p["hand"])
                and any(n >= 2 for n in units(p).values())
                and len(units(p)) >= 5
            ):
                return game
    raise AssertionError("no rich position found")


def latrunculi_blocked_position(lib):
    """A position of Schaedler's Latrunculi with a blocked piece of each player (seeded)."""
    for seed in range(200):
        rng = random.Random(seed)
        game = Game(lib, "latrunculi", {"seed": seed, "ruleset": "schaedler"})

        def choose(moves):
            blocking = [m for m in moves if m["blocks"]]
            return (
                rng.choice(blocking)
                if blocking and rng.random() < 0.9
                else rng.choice([m for m in moves if m["kind"] != "remove"])
            )

        for _ in random_game(game, choose, 300):
            if all(n >= 1 for n in game.state()["position"]["blocked"]):
                return game
    raise AssertionError("no position with blocked pieces of both players found")


# ---- placement phases and finished games ----------------------------------------------------


def check_hands(root, men, duxes, words=True):
    """The trays of a placement phase: for each player a group "hand playerN" with as many
    pieces in hand (men, then the dux) as the position's, and their number; below the board,
    inside the picture, not over the board."""
    board = with_class(root, "board")[0]
    board_bottom = float(board.get("y")) + float(board.get("height"))
    for player in (0, 1):
        groups = with_class(root, "hand", f"player{player}")
        count = men[player] + duxes[player]
        assert len(groups) == 1 and groups[0].get("data-count") == str(count), (player, [g.attrib for g in groups])
        pieces = with_class(groups[0], "in-hand", f"player{player}")
        assert len(pieces) == count and sum("dux" in classes(p) for p in pieces) == duxes[player], (player, len(pieces))
        assert not with_class(groups[0], "piece"), "a piece in hand is not a piece on the board"
        number = with_class(groups[0], "count")[0].text
        assert number == (f"{count} in hand" if words else str(count)), number
        tray = with_class(groups[0], "tray")[0]
        top, bottom = float(tray.get("y")), float(tray.get("y")) + float(tray.get("height"))
        assert board_bottom < top and bottom <= float(root.get("height")), (
            board_bottom,
            top,
            bottom,
            root.get("height"),
        )
        for piece in pieces:
            x = float(piece.get("cx") or float(piece.get("x")) + float(piece.get("width")) / 2)
            assert 0 <= x <= float(root.get("width")), x


def hands_of(position):
    """(men, duxes) in hand of each player, from a Latrunculi position JSON."""
    if "in_hand" in position:  # Schaedler's rulesets: one kind of piece
        return position["in_hand"], [0, 0]
    return position["men_in_hand"], position["dux_in_hand"]


def test_placement_trays(lib):
    """Bell's and Schaedler's placement phases: the pieces still in hand drawn in a tray for each
    player, one fewer after each placement, gone once every piece is placed; without words the
    trays' only text is their number."""
    for ruleset, options, start in (
        ("bell", {}, 17),
        ("bell_8x7", {}, 17),
        ("schaedler", {}, 16),
        ("schaedler_2001", {"pieces": 24}, 24),
    ):
        game = Game(lib, "latrunculi", dict(options, seed=1, ruleset=ruleset))
        position = game.state()["position"]
        men, duxes = hands_of(position)
        assert [m + d for m, d in zip(men, duxes)] == [start, start], (ruleset, men, duxes)
        check_hands(parse_svg(game.svg()), men, duxes)
        check_hands(parse_svg(game.svg({"words": False})), men, duxes, words=False)
        check_hands(parse_svg(game.svg({"orientation": 1, "coordinates": False, "size": 200})), men, duxes)
        assert f"in hand: player 0 {men[0]}" in title_of(parse_svg(game.svg())), title_of(parse_svg(game.svg()))
        placed = 0
        while any(m + d for m, d in zip(*hands_of(position))):
            mover = position["to_move"]
            before = int(with_class(parse_svg(game.svg()), "hand", f"player{mover}")[0].get("data-count"))
            game.play(game.moves()[0])
            placed += 1
            position = game.state()["position"]
            root = parse_svg(game.svg())
            if any(m + d for m, d in zip(*hands_of(position))):
                check_hands(root, *hands_of(position))
                after = int(with_class(root, "hand", f"player{mover}")[0].get("data-count"))
                assert after == before - 1, (ruleset, placed, before, after)
            else:
                assert not with_class(root, "hand") and not with_class(
                    root, "in-hand"
                ), "no trays once every piece is placed"
                assert "in hand" not in title_of(root)
        assert placed == 2 * start, (ruleset, placed)
    game = Game(lib, "latrunculi", {"seed": 1, "ruleset": "kowalski"})
    assert not with_class(parse_svg(game.svg()), "hand"), "no trays in a ruleset without placement"


def finished_games(lib):
    """(name, game) of finished games of every game, for several end reasons."""
    game = Game(lib, "latrunculi", {"seed": 1, "ruleset": "kowalski_10x11"})
    game.play("f1-f9")  # the dux runs up the f-file and shuts in the enemy dux (docs/rules/latrunculi.md)
    yield "latrunculi dux immobilised", game
    game = Game(lib, "latrunculi", {"seed": 1, "ruleset": "kowalski", "draw_plies_without_capture": 1})
    game.play("a1-a5")
    yield "latrunculi move limit", game
    game = Game(lib, "latrunculi", {"seed": 1, "ruleset": "schaedler"})
    lib.ludus_game_agree_draw(game.handle)
    yield "schaedler agreed draw", game
    game = Game(lib, "petteia", {"seed": 1, "draw_plies_without_capture": 1})
    game.play("b2-b4")
    yield "petteia move limit", game
    for game_id in ("duodecim", "xii_scripta", "latrunculi", "petteia", "ur"):
        for seed in range(3):
            game = Game(lib, game_id, {"seed": seed, "ruleset": "bell"} if game_id == "latrunculi" else {"seed": seed})
            assert lib.ludus_game_random_playout(game.handle, seed, 100000, None, None) == OK
            if game.phase() == PHASE_OVER:
                yield f"{game_id} random playout {seed}", game


def test_finished_games_say_why(lib):
    """A finished game's picture names its end reason, in its title and status line, in every
    game; without words its status line stays empty and no word is written."""
    reasons = {}
    for name, game in finished_games(lib):
        position = game.state()["position"]
        assert position["result"] != "ongoing", name
        reasons.setdefault(position["end_reason"], name)
        root = parse_svg(game.svg())
        check_end_reason_named(root, position)
        bare = parse_svg(game.svg({"words": False}))
        assert not list(with_class(bare, "status")[0]) and not with_class(bare, "result")
        for element in bare.iter(SVG + "text"):
            assert WORDLESS_TEXT.match(
                element.text or ""
            ), f"{name}: a word in a picture without words: {element.text!r}"
        assert REASON_WORDS[position["end_reason"]] in game.text().splitlines()[0], (name, game.text().splitlines()[0])
    assert {"dux_immobilised", "plies_without_capture", "agreed_draw", "borne_off"} <= set(reasons), reasons
    root = parse_svg(next(finished_games(lib))[1].svg())  # Kowalski 10x11 after f1-f9
    assert with_class(root, "result")[0].text == "Player 0 won: player 1's dux immobilised"
    assert title_of(root).startswith(
        "Ludus Latrunculorum (Kowalski 10x11), player 0 won: player 1's dux immobilised, "
    ), title_of(root)


def write_examples(lib, directory):
    """A few pictures for people to look at (README: Board pictures)."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []

    def save(name, text):
        (directory / name).write_text(text)
        written.append(name)

    game = Game(lib, "petteia", {"seed": 1})
    save("petteia-start.svg", game.svg())
    for move in ("b2-b4", "c7-c5", "d2-d5", "h7-h6", "e2-e4", "a7-a5", "b4-b5"):
        game.play(move)
    save("petteia-capture.svg", game.svg())
    save("petteia-capture-flipped.svg", game.svg({"orientation": 1, "coordinates": False}))
    (directory / "petteia-capture.txt").write_text(game.text())

    game = rich_duodecim_position(lib)
    save("duodecim-ostia.svg", game.svg())
    for motto in ("levate", "virtus", "vincer"):
        save(f"duodecim-{motto}.svg", game.svg({"inscription": motto}))
    (directory / "duodecim.txt").write_text(game.text())

    game = Game(lib, "latrunculi", {"seed": 1, "ruleset": "kowalski"})
    game.play("a1-a5")
    save("latrunculi-kowalski.svg", game.svg())
    game = latrunculi_blocked_position(lib)
    save("latrunculi-schaedler.svg", game.svg())
    (directory / "latrunculi-schaedler.txt").write_text(game.text())
    return written


# ---- the run -------------------------------------------------------------------------------


def main():
    lib = load_library(sys.argv[1])
    examples = pathlib.Path(sys.argv[2]) if len(sys.argv) > 2 else None
    rng = random.Random(20260)
    passed = failed = 0

    def run(name, function, *args):
        nonlocal passed, failed
        try:
            function(*args)
            passed += 1
        except Exception:  # noqa: BLE001 - a failing check is reported, the others still run
            failed += 1
            print(f"FAIL {name}")
            traceback.print_exc()

    for name, function in sorted((n, f) for n, f in globals().items() if n.startswith("test_")):
        run(name, function, lib)

    # LUDUS_RENDER_SAMPLE (0..1, default 1): the share of the random games below, for the ASan
    # build, where the interpreter runs under the sanitizer's allocator (.ci/run step 5).
    sample = float(os.environ.get("LUDUS_RENDER_SAMPLE", "1"))

    def games(count):
        return max(1, round(count * sample))

    count = 0
    for game, state, captured in petteia_positions(lib, games(40), rng):
        count += 1
        options = rng.choice(
            [
                {},
                {"orientation": 1},
                {"coordinates": False},
                {"size": rng.randint(120, 1200)},
                {
                    "orientation": rng.randint(0, 1),
                    "coordinates": rng.choice([True, False]),
                    "size": rng.randint(120, 4096),
                },
            ]
        )
        run(f"petteia svg #{count} {options}", check_petteia_svg, game, state, captured, options)
        text_options = {k: v for k, v in options.items() if k != "size"}
        run(f"petteia text #{count} {text_options}", check_petteia_text, game, state, captured, text_options)

    count = 0
    for game, state in duodecim_positions(lib, games(30), rng):
        count += 1
        options = rng.choice(
            [{}, {"inscription": rng.choice(["ostia", "levate", "virtus", "vincer"])}, {"size": rng.randint(120, 2000)}]
        )
        run(f"duodecim svg #{count} {options}", check_duodecim_svg, game, state, options)
        run(f"duodecim text #{count}", check_duodecim_text, game, state)

    drawn = set()
    entries = catalogue(lib)
    for game_id, variant in catalogue_variants(lib):
        count = 0
        svg_check, text_check = GAME_CHECKS.get(game_id, (None, None))
        svg_options = entries[game_id]["render_options"]["svg"]
        turned = [{}] + [
            {name: value} for name, value in (("orientation", 1), ("coordinates", False)) if name in svg_options
        ]
        for game, state in catalogue_positions(lib, game_id, variant, games(4), rng):
            count += 1
            options = dict(rng.choice([{}, {"size": rng.randint(120, 1200)}]), **rng.choice(turned))
            name = f"{game_id} {variant} #{count} {options}"
            run(f"{name} (any game)", check_any_picture, game, state, options)
            if svg_check is not None and count % 2 == 0:
                run(f"{name} svg", svg_check, game, state, options)
            if text_check is not None and count % 2 == 0:
                run(f"{name} text", text_check, game, state)
        drawn.add((game_id, variant.get("ruleset")))
    run(
        "every game and ruleset of the catalogue drawn",
        lambda: print("drawn:", ", ".join(f"{g}/{r}" if r else g for g, r in sorted(drawn, key=str))),
    )

    if examples is not None:
        run("examples", lambda: print("examples written to", examples, ":", ", ".join(write_examples(lib, examples))))

    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
