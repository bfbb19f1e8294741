"""How long a random game takes through the Python package, and how much of it is the cost of
crossing into C with ctypes. Not a test (pytest does not collect it): a benchmark of
`meson test -C build --benchmark -v`, or run by hand:

    LUDUS_LIBRARY=build/capi/libludus.so.1 PYTHONPATH=bindings/python python3 tests/python/benchmark.py
"""
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bindings" / "python"))

import ludus  # noqa: E402
from ludus import _library  # noqa: E402

GAMES = 20


def per_call(function, n=200000):
    start = time.perf_counter()
    for _ in range(n):
        function()
    return (time.perf_counter() - start) / n


def random_games(game_id, integer_path):
    """Average seconds per game and per move, and C calls per game, over GAMES seeded games."""
    total_time = total_moves = total_calls = 0
    for seed in range(GAMES):
        chooser = random.Random(seed)
        game = ludus.Game(game_id, seed=seed)
        start = time.perf_counter()
        moves = calls = 0
        while True:
            phase = game.phase
            calls += 1
            if phase == ludus.Phase.OVER:
                break
            if phase == ludus.Phase.ROLL:
                game.roll()
                calls += 1
            elif integer_path:
                game.apply_action(chooser.choice(game.actions()))
                calls += 2
                moves += 1
            else:
                game.play(chooser.choice(game.legal_moves))
                calls += 3  # legal_moves, string_free, play
                moves += 1
        total_time += time.perf_counter() - start
        total_moves += moves
        total_calls += calls
        game.close()
    return total_time / GAMES, total_time / total_moves, total_moves / GAMES, total_calls / GAMES


def main():
    print(f"libludus {ludus.library_version()} from {ludus.library_path()}; Python {sys.version.split()[0]}")
    game = ludus.Game("petteia", seed=1)
    handle = game._handle
    raw = _library.lib.ludus_game_phase
    c_call = per_call(lambda: raw(handle))
    wrapped = per_call(lambda: game.phase)
    empty = per_call(lambda: None)
    print(
        f"ludus_game_phase through ctypes: {c_call * 1e9:.0f} ns a call "
        f"(an empty Python lambda: {empty * 1e9:.0f} ns); the game.phase property: {wrapped * 1e9:.0f} ns"
    )
    overhead = c_call - empty
    for game_id in ludus.game_ids():
        for integer_path in (False, True):
            per_game, per_move, moves, calls = random_games(game_id, integer_path)
            path = "actions/apply_action" if integer_path else "legal_moves/play (JSON)"
            share = calls * overhead / per_game
            print(
                f"{game_id:9} {path:24}: {per_game * 1e3:8.2f} ms a game, {moves:7.1f} moves, "
                f"{per_move * 1e6:6.1f} us a move; ~{calls:.0f} C calls a game, ctypes cost ~{share:.0%}"
            )
        start = time.perf_counter()
        n = 0
        for seed in range(GAMES):
            with ludus.Game(game_id, seed=seed) as in_c:
                n += in_c.random_playout(seed)[1]
        elapsed = (time.perf_counter() - start) / GAMES
        print(f"{game_id:9} {'random_playout (in C)':24}: {elapsed * 1e3:8.2f} ms a game, {n / GAMES:7.1f} moves")
        with ludus.Game(game_id, seed=0) as start_position:
            begin = time.perf_counter()
            batch = start_position.playouts(10 * GAMES, seed=0)
            elapsed = (time.perf_counter() - begin) / (10 * GAMES)
        print(
            f"{game_id:9} {'playouts (C, 50 ms slices)':24}: {elapsed * 1e3:8.3f} ms a game, "
            f"{sum(batch.plies) / len(batch.plies):7.1f} moves"
        )
    state_reads()


def state_reads(events=1000, n=200):
    """The reads of the state (dice, position, history) of a game of 1,000 events: served from the
    state serialised once after the last change; then a change before every read."""
    with ludus.Game("latrunculi", ruleset="schaedler", seed=1) as game:
        game.random_playout(1, max_plies=events)
        figures = []
        for name in ("dice", "position", "history"):
            figures.append(f"{name} {per_call(lambda: getattr(game, name), n) * 1e3:.3f} ms")
        move = game.legal_moves[0]

        def change_then_read():
            game.play(move)
            game.undo()
            return game.position

        figures.append(f"play+undo+position {per_call(change_then_read, n // 4) * 1e3:.2f} ms")
        print(f"reads at {len(game.history)} events: " + ", ".join(figures))


if __name__ == "__main__":
    main()
