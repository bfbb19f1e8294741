"""The outputs of ``ludus analyze``: per-game records (CSV and JSON), the summary (JSON) and a
Markdown report with matplotlib plots (Agg backend, PNG files beside it)."""
from __future__ import annotations

import csv
import json
import math
import os
from typing import Any, Dict, List, Mapping, Optional, Sequence

from .metrics import OUTCOME_METRICS, PER_GAME_METRICS
from .records import by_config, column

__all__ = ["write_records", "write_summary", "write_report", "CSV_FIELDS"]

# A game's record, then its values as the summary averages them (pieces left also per player).
CSV_FIELDS = ["config", "index", "seed", "level_0", "level_1", "first", "winner", "end"] + [
    field
    for metric in PER_GAME_METRICS
    for field in ((metric, f"{metric}_0", f"{metric}_1") if metric == "pieces_left" else (metric,))
]


def _csv_value(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, float):
        return repr(value)
    return value


def write_records(records: Sequence[Mapping[str, Any]], out_dir: str, json_records: bool = True) -> None:
    """``records.csv`` (one row a game, the per-game values) and ``records.json`` (the same with the
    legal-move counts of every decision state, ``branching``)."""
    with open(os.path.join(out_dir, "records.csv"), "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(CSV_FIELDS)
        for r in records:
            row = dict(r, level_0=r["levels"][0], level_1=r["levels"][1])
            writer.writerow([_csv_value(row.get(k)) for k in CSV_FIELDS])
    if json_records:
        # A record at a time (the same text as one json.dump of the list), so that a large run's
        # records are not all built as dicts at once.
        with open(os.path.join(out_dir, "records.json"), "w", encoding="utf-8") as f:
            f.write("[")
            for number, r in enumerate(records):
                if number:
                    f.write(",")
                f.write(json.dumps(r, separators=(",", ":")))
            f.write("]\n")


def _clean(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_clean(v) for v in value]
    return value


def write_summary(summary: Mapping[str, Any], out_dir: str) -> None:
    """``summary.json``: the run's settings and each configuration's summary."""
    with open(os.path.join(out_dir, "summary.json"), "w", encoding="utf-8") as f:
        json.dump(_clean(summary), f, indent=1, sort_keys=True)
        f.write("\n")


def _fmt(entry: Optional[Mapping[str, Any]], percent: bool = False) -> str:
    if not entry:
        return "–"
    value = entry.get("value", entry.get("mean"))
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    scale, unit, digits = (100.0, "%", 1) if percent else (1.0, "", 3 if abs(value) < 10 else 1)
    return f"{scale * value:.{digits}f}{unit} ({scale * entry['low']:.{digits}f}..{scale * entry['high']:.{digits}f})"


LABELS = {
    "completion": "completion (a winner)",
    "draws": "draws (by a rule)",
    "timeouts": "timeouts (move limit)",
    "drawishness": "drawishness (Ludii: draws + timeouts)",
    "advantage_first": "first player's score (AdvantageP1)",
    "balance": "balance",
    "plies": "duration, moves (DurationMoves)",
    "turns": "duration, turns (DurationTurns)",
    "branching_factor": "branching factor",
    "decision_moves": "decision moves",
    "forced_passes": "forced passes a game",
    "board_coverage": "board coverage",
    "piece_number": "pieces on the board (PieceNumber)",
    "pieces_left": "pieces left at the end",
    "lead_change": "lead change (Ludii)",
    "lead_changes": "lead changes a game",
    "stability": "stability (material)",
    "drama": "drama (material)",
    "eval_lead_change": "lead change (search value)",
    "eval_stability": "stability (search value)",
    "eval_drama": "drama (search value)",
}
PERCENT = {
    "completion",
    "draws",
    "timeouts",
    "drawishness",
    "advantage_first",
    "balance",
    "decision_moves",
    "board_coverage",
}


def _plots(run: Mapping[str, Any], records: Sequence[Mapping[str, Any]], out_dir: str, prefix: str) -> List[str]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    configs = list(run["configs"])
    by_name = by_config(records)
    names: List[str] = []

    def save(fig: Any, name: str) -> None:
        fig.tight_layout()
        fig.savefig(os.path.join(out_dir, prefix + name), dpi=80, bbox_inches="tight")  # no label cut off
        plt.close(fig)
        names.append(prefix + name)

    # Win rates with intervals per configuration: player 0, draws/timeouts, player 1 and the first player's score.
    fig, ax = plt.subplots(figsize=(7, 1.3 + 0.45 * len(configs)))
    for y, c in enumerate(configs):
        s = run["configs"][c]
        a = s["advantage_first"]
        ax.errorbar(
            [a["value"]],
            [y],
            xerr=[[a["value"] - a["low"]], [a["high"] - a["value"]]],
            fmt="o",
            color="C0",
            label="the first player" if y == 0 else None,
        )
        if "pairing" in s:
            w = s["pairing"]["a_score"]
            ax.errorbar(
                [w["value"]],
                [y + 0.2],
                xerr=[[w["value"] - w["low"]], [w["high"] - w["value"]]],
                fmt="s",
                color="C1",
                label="the pairing's first level" if y == 0 else None,
            )
    ax.axvline(0.5, color="grey", lw=0.8)
    ax.set_yticks(range(len(configs)), configs)
    ax.set_xlim(0, 1)
    ax.set_xlabel("score (a win 1, a draw 0.5), with its 95% interval")
    ax.set_ylim(-0.5, len(configs) - 0.2)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False)  # beside the plot, over no point
    save(fig, "scores.png")
    # Length histograms.
    fig, ax = plt.subplots(figsize=(7, 3.5))
    for c in configs:
        plies = column(by_name.get(c, []), "plies")
        ax.hist(plies, bins=40, histtype="step", label=c)
    ax.set_xlabel("moves in the game")
    ax.set_ylabel("games")
    if len(configs) <= 12:
        ax.legend(fontsize=7)
    save(fig, "lengths.png")
    # Branching factor over the game: the mean legal moves at each move number (games still going).
    fig, ax = plt.subplots(figsize=(7, 3.5))
    drawn = False
    for c in configs:
        sums: List[float] = []
        counts: List[int] = []
        for branching in column(by_name.get(c, []), "branching"):
            if not branching:
                continue
            for i, b in enumerate(branching):
                if i >= len(sums):
                    sums.append(0.0)
                    counts.append(0)
                sums[i] += b
                counts[i] += 1
        games = counts[0] if counts else 0
        keep = [i for i, n in enumerate(counts) if n >= min(5, games)]
        if keep:
            ax.plot(keep, [sums[i] / counts[i] for i in keep], lw=0.8, label=c)
            drawn = True
    ax.set_xlabel("move number")
    ax.set_ylabel("mean legal moves (5+ games still going)")
    if drawn and len(configs) <= 12:
        ax.legend(fontsize=7)
    if drawn:
        save(fig, "branching.png")
    else:
        plt.close(fig)
    # Metrics against a swept option.
    sweep = run.get("sweep") or {}
    if sweep:
        key = list(sweep)[0]
        fig, axes = plt.subplots(1, 3, figsize=(10, 3.2))
        for ax, metric in zip(axes, ["draws", "completion", "plies"]):
            by_pairing: Dict[str, List[Any]] = {}
            for c, s in run["configs"].items():
                pairing = c.split("@")[0]
                x = run["config_swept"][c][key]
                entry = s[metric]
                value = entry.get("value", entry.get("mean"))
                by_pairing.setdefault(pairing, []).append((x, value, entry["low"], entry["high"]))
            for pairing, points in by_pairing.items():
                points.sort(key=lambda p: p[0])
                xs = [p[0] for p in points]
                ax.errorbar(
                    xs,
                    [p[1] for p in points],
                    yerr=[[p[1] - p[2] for p in points], [p[3] - p[1] for p in points]],
                    fmt="o-",
                    ms=3,
                    label=pairing,
                )
            ax.set_xlabel(key)
            ax.set_title(LABELS.get(metric, metric), fontsize=8)
        axes[0].legend(fontsize=7)
        save(fig, "sweep.png")
    return names


def write_report(
    run: Mapping[str, Any],
    records: Sequence[Mapping[str, Any]],
    out_dir: str,
    prefix: str = "",
    title: Optional[str] = None,
) -> str:
    """``{prefix}report.md``: the settings, a table of every metric per configuration (value and 95%
    interval) and the plots. Returns the report's file name."""
    plots = _plots(run, records, out_dir, prefix)
    configs = list(run["configs"])
    lines = [f"# {title or run['game'] + ' analysis'}", ""]
    lines.append(
        f"Game `{run['game']}`, options `{json.dumps(run['options'], sort_keys=True)}`, "
        f"{run['games']} games a configuration, seed {run['seed']}, "
        f"budget {run['budget'] if run['budget'] is not None else 'the level default'}, "
        f"at most {run['max_plies']} moves a game. Per-ply metrics on "
        f"{'every game' if run['detail'] is None else str(run['detail']) + ' games a configuration'} "
        "(random players); intervals are 95%. Metrics: docs/analysis.md."
    )
    lines.append("")
    lines.append("| metric | " + " | ".join(configs) + " |")
    lines.append("|---|" + "---|" * len(configs))
    for metric in OUTCOME_METRICS + PER_GAME_METRICS:
        cells = [_fmt(run["configs"][c].get(metric), metric in PERCENT) for c in configs]
        if all(cell == "–" for cell in cells):
            continue
        lines.append(f"| {LABELS.get(metric, metric)} | " + " | ".join(cells) + " |")
    pairings = [c for c in configs if "pairing" in run["configs"][c]]
    if pairings:
        lines.append("")
        lines.append("| pairing | A wins | B wins | A's win rate | A's score |")
        lines.append("|---|---|---|---|---|")
        for c in pairings:
            p = run["configs"][c]["pairing"]
            lines.append(
                f"| {c}: A = {p['a']}, B = {p['b']} | {p['a_wins']} | {p['b_wins']} | "
                f"{_fmt(p['a_win_rate'], True)} | {_fmt(p['a_score'], True)} |"
            )
    lines.append("")
    for name in plots:
        lines.append(f"![{name}]({name})")
        lines.append("")
    name = prefix + "report.md"
    with open(os.path.join(out_dir, name), "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    return name
