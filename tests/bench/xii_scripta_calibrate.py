"""Calibrates XII Scripta's node budget for a given CPU time a move: the nodes (network
evaluations) a CPU second of `best`, the median over positions of real games (5 games between
`greedy` players a ruleset, seeds 1..5, at plies 0, 20, 40, ..., 200 where there is a choice), in
process CPU time (which a loaded machine hardly changes). Run against a release build:

  LUDUS_LIBRARY=build-rel/capi/libludus.so.1 PYTHONPATH=bindings/python \\
      python3 tests/bench/xii_scripta_calibrate.py [best max_nodes]
"""
import statistics
import sys

from calibration import positions, rate

RULESETS = ["murray", "ludii", "tabletop_murray", "tabletop_schaedler"]


def main():
    nodes = int(sys.argv[1]) if len(sys.argv) > 1 else 10**7
    for ruleset in RULESETS:
        saved = list(positions("xii_scripta", {"ruleset": ruleset}, range(1, 6), 20, 200))
        best = [rate(s, "best", max_nodes=nodes) for s in saved]
        medium = [rate(s, "medium") for s in saved]
        rates = [r for r, _ in best]
        print(
            f"{ruleset}: {len(saved)} positions; best: median {statistics.median(rates) / 1e6:.3f} M nodes a CPU second "
            f"(min {min(rates) / 1e6:.3f}, max {max(rates) / 1e6:.3f}), median {1000 * statistics.median(t for _, t in best):.2f} ms a move; "
            f"medium: median {1000 * statistics.median(t for _, t in medium):.3f} ms a move"
        )


if __name__ == "__main__":
    main()
