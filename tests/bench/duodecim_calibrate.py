"""Calibrates Duodecim's budgets for equal time a move: the evaluations a CPU second of `best`
and the playouts a CPU second of `uct`, the median over positions of real games (10 games
between `greedy` players, seeds 1..10, at plies 0, 8, 16, 24 where there is a choice), in process CPU time (which a
loaded machine hardly changes). Run against a release build:

  LUDUS_LIBRARY=build-rel/capi/libludus.so PYTHONPATH=bindings/python \
      python3 tests/bench/duodecim_calibrate.py [best max_nodes] [uct max_playouts]
"""
import statistics
import sys

from calibration import positions, rate


def main():
    nodes = int(sys.argv[1]) if len(sys.argv) > 1 else 500000
    playouts = int(sys.argv[2]) if len(sys.argv) > 2 else 40000
    saved = list(positions("duodecim", {}, range(1, 11), 8, 24))
    best = [rate(s, "best", max_nodes=nodes)[0] for s in saved]
    uct = [rate(s, "uct", max_playouts=playouts)[0] for s in saved]
    print(f"{len(saved)} positions")
    print(
        f"best: median {statistics.median(best) / 1e6:.3f} M evaluations a CPU second (min {min(best) / 1e6:.3f}, max {max(best) / 1e6:.3f})"
    )
    print(f"uct: median {statistics.median(uct):.0f} playouts a CPU second (min {min(uct):.0f}, max {max(uct):.0f})")


if __name__ == "__main__":
    main()
