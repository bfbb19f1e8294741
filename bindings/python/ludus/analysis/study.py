"""The published study (docs/analysis/): every ruleset of the catalogue's games at committed
seeds, and Petteia's draw rate against the board's size. Regenerate it with

    nice -n 10 python3 -m ludus.analysis.study --out docs/analysis

(about half an hour on two shared cores). Each ruleset gets a folder with its report, summary and
compressed records; index.md gathers the headline figures.
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import sys
import time
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from ..game import games as catalogue
from ..selfplay import LEVELS
from . import analyze, write_outputs
from .records import RecordTable
from .run import local_cluster

__all__ = ["rulesets", "study_runs", "main", "SEED", "RANDOM_GAMES", "SEARCH_GAMES", "BEST_BUDGET", "SIZES"]

SEED = 2026
RANDOM_GAMES = 10000  # random against random, each ruleset
RANDOM_DETAIL = 200  # of which these get the per-ply metrics (the Python ply loop)
SEARCH_GAMES = 200  # greedy against greedy, best against best
BEST_BUDGET = 100  # nodes a move for best: a small budget, so the study stays well under an hour
SIZES = list(range(5, 13))  # Petteia's square boards
SIZE_GAMES = 2000


def rulesets() -> List[Tuple[str, Optional[str]]]:
    """(game, ruleset) for every ruleset of the catalogue (None for a game without the option)."""
    out: List[Tuple[str, Optional[str]]] = []
    for game in catalogue():
        spec = game["options"].get("ruleset")
        if spec is None:
            out.append((game["id"], None))
        else:
            out.extend((game["id"], str(v)) for v in spec["values"])
    return out


def _merge(runs: Sequence[Mapping[str, Any]], games: str, budget: str) -> Dict[str, Any]:
    merged = dict(runs[0])
    merged["configs"] = {k: v for run in runs for k, v in run["configs"].items()}
    merged["config_swept"] = {k: v for run in runs for k, v in run["config_swept"].items()}
    merged["records"] = RecordTable.concat(run["records"] for run in runs)
    merged["games"], merged["budget"], merged["detail"] = games, budget, f"{RANDOM_DETAIL} (random), all (others)"
    return merged


def _compress_records(out_dir: str) -> None:
    path = os.path.join(out_dir, "records.csv")
    with open(path, "rb") as f, gzip.GzipFile(path + ".gz", "wb", mtime=0) as g:
        shutil.copyfileobj(f, g)
    os.remove(path)


def study_runs(
    out: str, where: Mapping[str, Any], only: Optional[str] = None, log: Any = sys.stderr
) -> List[Dict[str, Any]]:
    """Run the study into ``out`` (``where``: the ``workers`` or ``scheduler`` argument of analyze);
    returns one headline dict a ruleset for the index."""
    heads = []
    for game_id, ruleset in rulesets():
        name = game_id + (f"-{ruleset}" if ruleset else "")
        if only and only not in name:
            continue
        options = {"ruleset": ruleset} if ruleset else {}
        started = time.monotonic()
        runs = [
            analyze(game_id, options, levels=["random"], games=RANDOM_GAMES, seed=SEED, detail=RANDOM_DETAIL, **where),
            analyze(game_id, options, levels=["greedy"], games=SEARCH_GAMES, seed=SEED, **where),
            analyze(game_id, options, levels=["best"], games=SEARCH_GAMES, seed=SEED, budget=BEST_BUDGET, **where),
        ]
        run = _merge(runs, f"{RANDOM_GAMES} (random), {SEARCH_GAMES} (greedy, best)", f"{BEST_BUDGET} nodes (best)")
        folder = os.path.join(out, name)
        write_outputs(run, folder, title=f"{name}: random, greedy and best against themselves", json_records=False)
        _compress_records(folder)
        heads.append({"name": name, "configs": run["configs"]})
        if only is None:
            write_index(out, heads)  # after every ruleset, so that a partial study has its index
        log.write(f"{name}: {time.monotonic() - started:.0f} s\n")
        log.flush()
    return heads


def size_run(out: str, where: Mapping[str, Any]) -> Dict[str, Any]:
    """Petteia on square boards of every size in SIZES, random against random."""
    runs = [
        analyze("petteia", {"rows": n, "cols": n}, levels=["random"], games=SIZE_GAMES, seed=SEED, detail=50, **where)
        for n in SIZES
    ]
    for n, run in zip(SIZES, runs):
        name = f"random-random@size={n}"
        run["configs"] = {name: run["configs"]["random-random"]}
        run["config_swept"] = {name: {"size": n}}
        run["records"].rename_config("random-random", name)
    run = _merge(runs, f"{SIZE_GAMES}", "–")
    run["sweep"] = {"size": SIZES}
    run["options"] = {"rows = cols": "size", "draw_plies_without_capture": 200}
    run["detail"] = "50"
    write_outputs(
        run,
        os.path.join(out, "petteia-size"),
        title="Petteia: the board's size, random against random",
        json_records=False,
    )
    _compress_records(os.path.join(out, "petteia-size"))
    return run


def read_heads(out: str) -> List[Dict[str, Any]]:
    """The headline dicts of the rulesets already in ``out`` (from their summary.json), in the
    catalogue's order."""
    heads = []
    for game_id, ruleset in rulesets():
        name = game_id + (f"-{ruleset}" if ruleset else "")
        path = os.path.join(out, name, "summary.json")
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                heads.append({"name": name, "configs": json.load(f)["configs"]})
    return heads


def _cell(entry: Optional[Mapping[str, Any]], percent: bool = True) -> str:
    if not entry:
        return "–"
    value = entry.get("value", entry.get("mean"))
    return f"{100 * value:.1f}%" if percent else f"{value:.0f}"


def write_index(out: str, heads: Sequence[Mapping[str, Any]]) -> None:
    """index.md: the headline figures of every ruleset (the reading is in docs/analysis.md)."""
    lines = [
        "# The study: every ruleset by simulated play",
        "",
        f"Seed {SEED}. Random against random: {RANDOM_GAMES} games a ruleset; greedy against greedy and best "
        f"(a budget of {BEST_BUDGET} nodes a move) against best: {SEARCH_GAMES} each. Petteia and Latrunculi "
        "draw after 200 moves without a capture. Regenerate with `nice -n 10 python3 -m ludus.analysis.study "
        "--out docs/analysis`; the reading is in [../analysis.md](../analysis.md).",
        "",
        "| ruleset | players | completion | draws | first player's score | balance | moves (mean) | "
        "decision moves | lead changes a game |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for head in heads:
        # random, greedy, best (summary.json keeps its keys sorted by name)
        for config, s in sorted(head["configs"].items(), key=lambda item: LEVELS.index(item[0].split("-")[0])):
            leads = f"{s['lead_changes']['mean']:.1f}" if "lead_changes" in s else "–"
            lines.append(
                f"| [{head['name']}]({head['name']}/report.md) | {config} | {_cell(s['completion'])} | "
                f"{_cell(s['draws'])} | {_cell(s['advantage_first'])} | {_cell(s['balance'])} | "
                f"{_cell(s.get('plies'), False)} | {_cell(s.get('decision_moves'))} | {leads} |"
            )
    lines += [
        "",
        "Petteia's board size: [petteia-size/report.md](petteia-size/report.md).",
        "",
        "The Royal Game of Ur: its levels against each other in every ruleset, [ur/index.md](ur/index.md), "
        "and a reading of its exact solution (Finkel's rules), [ur/solution.md](ur/solution.md).",
        "",
    ]
    with open(os.path.join(out, "index.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python3 -m ludus.analysis.study --out DIR [--workers N] [--only NAME]``."""
    parser = argparse.ArgumentParser(prog="python3 -m ludus.analysis.study", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default="docs/analysis")
    parser.add_argument("--workers", type=int, default=2, help="Dask worker processes (1: in this process)")
    parser.add_argument("--scheduler", help="an existing Dask scheduler instead, e.g. tcp://host:8786")
    parser.add_argument("--only", help="only the rulesets whose folder name contains this (no index)")
    parser.add_argument(
        "--index",
        action="store_true",
        help="play nothing: write index.md from the rulesets' summary.json files in --out",
    )
    args = parser.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    if args.index:
        write_index(args.out, read_heads(args.out))
        return 0
    cluster = None
    if args.scheduler is not None:
        where: Dict[str, Any] = {"scheduler": args.scheduler}
    elif args.workers == 1:
        where = {"workers": 1}
    else:  # one local cluster for every run of the study
        cluster = local_cluster(args.workers)
        where = {"scheduler": cluster.scheduler_address}
    try:
        study_runs(args.out, where, args.only)
        if args.only is None or "size" in args.only:
            size_run(args.out, where)
    finally:
        if cluster is not None:
            cluster.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
