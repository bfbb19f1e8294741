#!/usr/bin/env python3
"""Random playouts in WebAssembly (Node, the V8 of Chromium) side by side with the native library.

    python3 bindings/js/bench/compare.py [NATIVE_BUILD] [WASM_BUILD] [--seconds S] [--runs N] [--game ID ...]

For each game, N runs alternate native (playout_probe.c, linked with NATIVE_BUILD's
libludus.so) and wasm (playout.mjs on WASM_BUILD's package), each S seconds of
ludus_game_random_playout / Game.randomPlayout on the same seeds; prints the medians and the
wasm share of native. Exits non-zero if a share is under --target (default 0.40).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
# Every ruleset of the catalogue (a game without rulesets once), read from the wasm package's games(), as
# playout_ab.mjs reads it: a game registered is measured the day it is registered.
CATALOGUE_SCRIPT = """
const { games } = await import(process.argv[1]);
console.log(JSON.stringify(games().flatMap((game) =>
  (game.options.ruleset?.values ?? [null]).map((ruleset) => [game.id, ruleset, game.name]))));
"""


def catalogue_rulesets(package):
    """(game id, options, row name) for every ruleset of the catalogue, each from seed 1."""
    listed = subprocess.run(
        ["node", "--input-type=module", "-e", CATALOGUE_SCRIPT, package], check=True, capture_output=True, text=True
    ).stdout
    rows = []
    for game, ruleset, name in json.loads(listed):
        options = {"ruleset": ruleset, "seed": 1} if ruleset else {"seed": 1}
        rows.append((game, json.dumps(options), f"{name} {ruleset}" if ruleset else name))
    return rows


def build_probe(native_build, folder):
    probe = os.path.join(folder, "playout_probe")
    library_dir = os.path.join(native_build, "capi")
    subprocess.run(
        [
            "cc",
            "-O2",
            "-o",
            probe,
            os.path.join(HERE, "playout_probe.c"),
            "-I",
            os.path.join(ROOT, "include"),
            "-L",
            library_dir,
            "-Wl,-rpath," + library_dir,
            "-lludus",
        ],
        check=True,
    )
    return probe


def run(command):
    rate, games = subprocess.run(command, check=True, capture_output=True, text=True).stdout.split()
    return float(rate), int(games)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("native_build", nargs="?", default=os.path.join(ROOT, "build"))
    parser.add_argument("wasm_build", nargs="?", default=os.path.join(ROOT, "build-wasm"))
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--target", type=float, default=0.40)
    parser.add_argument("--game", action="append", help="only this game's rulesets (repeatable; default every game)")
    args = parser.parse_args()
    package = os.path.abspath(os.path.join(args.wasm_build, "bindings", "js", "node", "index.js"))  # the Node entry
    ok = True
    with tempfile.TemporaryDirectory() as folder:
        probe = build_probe(os.path.abspath(args.native_build), folder)
        print(f"random playouts, medians of {args.runs} alternating runs of {args.seconds:g} s (plies/s)")
        print(
            f"{'ruleset':36} {'native':>12} {'wasm (Node)':>12} {'wasm/native':>12}  (range of the run-by-run shares)"
        )
        for game, options, name in catalogue_rulesets(package):
            if args.game and game not in args.game:
                continue
            native, wasm = [], []
            for _ in range(args.runs):
                native.append(run([probe, game, options, str(args.seconds)])[0])
                wasm.append(
                    run(["node", os.path.join(HERE, "playout.mjs"), package, game, options, str(args.seconds)])[0]
                )
            share = statistics.median(wasm) / statistics.median(native)
            shares = sorted(w / n for w, n in zip(wasm, native))
            print(
                f"{name:36} {statistics.median(native) / 1e6:>10.2f} M {statistics.median(wasm) / 1e6:>10.2f} M "
                f"{share:>11.0%}  ({shares[0]:.0%} to {shares[-1]:.0%})"
            )
            ok = ok and share >= args.target
    if not ok:
        print(f"wasm below {args.target:.0%} of native", file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
