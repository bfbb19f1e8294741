"""A reading of the Royal Game of Ur's exact solution (docs/analysis/ur/solution.md): the first
player's chance at the start, what the first throw and the first moves are worth, and how much
the rosettes decide, from the solved table that ``ludus solve ur`` writes. Regenerate it with

    nice -n 10 python3 -m ludus.analysis.ur_solution --table ur-finkel-7-4.table --out docs/analysis/ur

Every value is read through the library: the level ``perfect`` (option ``table``) answers a
position after a throw with the best move and the mover's chance after it (its ``search``
value, the table's float32). The chance of a position before a throw is the sum over the
throws of their chance times that answer; a move's value is the chance of the position it
reaches (1 when it wins, the mover's own chance after a rosette, else one less the opponent's).
No figure here needs more of the library than ``ai_move``, ``set_dice`` and ``chance_outcomes``.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from typing import Any, Dict, Iterator, List, Mapping, Optional, Sequence, Tuple

from ..game import Game, Phase
from .play import mix_seed
from .metrics import mean_interval

__all__ = ["Solution", "start_reading", "rosette_reading", "write_reading", "main", "SEED", "GAMES"]

SEED = 2026
GAMES = 200  # games of perfect play whose positions the rosettes' figures average over
CENTRAL = "middle 4"  # the central rosette, on the middle row that both routes share


def _board(game: Game) -> Tuple[Any, ...]:
    """What the chance of a position before a throw depends on: the mover and the pieces."""
    p = json.loads(game.position_json())
    return p["to_move"], tuple(p["hand"]), tuple(p["off"]), tuple(tuple(row) for row in p["track"])


class Solution:
    """The solved game's chances, read through the level ``perfect`` and its table file."""

    def __init__(self, table: str) -> None:
        self.table = table
        self._before: Dict[Tuple[Any, ...], float] = {}
        self.calls = 0

    def best(self, game: Game) -> float:
        """``game`` thrown (phase move): the mover's chance after its best move."""
        self.calls += 1
        return float(game.ai_move("perfect", table=self.table)["search"]["value"])

    def before_throw(self, game: Game) -> float:
        """``game`` before a throw (phase roll): the chance of the player about to throw."""
        key = _board(game)
        value = self._before.get(key)
        if value is None:
            value = 0.0
            for outcome in game.chance_outcomes():
                with game.copy() as thrown:
                    thrown.set_dice(outcome.dice)
                    value += outcome.probability * self.best(thrown)
            self._before[key] = value
        return value

    def after(self, game: Game, action: int) -> float:
        """``game`` thrown: the mover's chance after the move ``action``."""
        mover = game.to_move
        with game.copy() as moved:
            moved.apply_action(action)
            if moved.is_over:
                return 1.0
            value = self.before_throw(moved)
            return value if moved.to_move == mover else 1.0 - value

    def handed_over(self, game: Game) -> float:
        """``game`` before a throw: its mover's chance if the throw went to the opponent instead
        (a throw of 0 passes the same board over: four binary dice; Masters' three have no 0)."""
        with game.copy() as thrown:
            thrown.set_dice([0] * len(thrown.chance_outcomes()[0].dice))
            if [m["text"] for m in thrown.legal_moves] != ["pass"]:
                raise ValueError("the extra throw's worth needs a throw of 0 (four binary dice)")
            return self.best(thrown)


def _throw_of(dice: Sequence[int]) -> int:
    return sum(dice)


def start_reading(solution: Solution, options: Mapping[str, Any]) -> Dict[str, Any]:
    """The start: the first player's chance, and for each first throw its chance and the value
    of every move it allows; then the first position with a choice on the first player's side
    (a first throw of 4 lands on a rosette and throws again)."""
    with Game("ur", dict(options, seed=0)) as game:
        first = solution.before_throw(game)
        throws = []
        for outcome in game.chance_outcomes():
            with game.copy() as thrown:
                thrown.set_dice(outcome.dice)
                moves = [(m["text"], solution.after(thrown, int(m["action"]))) for m in thrown.legal_moves]
            values = [v for _, v in moves]
            throws.append(
                {
                    "throw": _throw_of(outcome.dice),
                    "chance": outcome.probability,
                    "moves": moves,
                    "best": max(values),
                    "worst": min(values),
                }
            )
        choices = []
        rosette = next(o for o in game.chance_outcomes() if _throw_of(o.dice) == 4)
        with game.copy() as again:
            again.set_dice(rosette.dice)
            again.apply_action(int(again.legal_moves[0]["action"]))  # H-4: the rosette, another throw
            for outcome in again.chance_outcomes():
                with again.copy() as thrown:
                    thrown.set_dice(outcome.dice)
                    moves = [(m["text"], solution.after(thrown, int(m["action"]))) for m in thrown.legal_moves]
                choices.append({"throw": _throw_of(outcome.dice), "chance": outcome.probability, "moves": moves})
    return {
        "first_player": first,
        "second_player": 1.0 - first,
        "edge": 2.0 * first - 1.0,
        "throws": throws,
        "after_4": choices,
    }


def _perfect_games(solution: Solution, options: Mapping[str, Any], games: int, seed: int) -> Iterator[Game]:
    """The positions after a throw of ``games`` games of perfect play (game i: seed
    mix_seed(seed, i) for the dice, and its moves' seeds after it for the ties)."""
    for i in range(games):
        game_seed = mix_seed(seed, i)
        with Game("ur", dict(options, seed=game_seed)) as game:
            ply = 0
            while not game.is_over:
                if game.phase == Phase.ROLL:
                    game.roll()
                    continue
                move_seed = mix_seed(game_seed, ply) & 0xFFFFFFFF
                yield game
                move = game.ai_move("perfect", table=solution.table, seed=move_seed)
                game.apply_action(int(move["action"]))
                ply += 1


# The kinds of move whose worth rosette_reading measures, by the move's JSON (docs/rules/ur.md).
_KINDS = {
    "central": lambda m: m.get("to_cell") == CENTRAL,
    "rosette": lambda m: bool(m.get("rosette")),
    "capture": lambda m: bool(m.get("captured_count")),
}


def rosette_reading(
    solution: Solution, options: Mapping[str, Any], games: int = GAMES, seed: int = SEED, log: Optional[Any] = None
) -> Dict[str, Any]:
    """Over the positions of ``games`` games of perfect play with a choice (two moves or more):
    what landing on the central rosette, on any rosette and capturing are worth against the best
    move that does not (the move not taken), how often the best move is one; and what the extra
    throw of each rosette the players landed on was worth (the chance with the throw again, less
    the chance had the opponent thrown instead)."""
    kinds = {"central": [], "rosette": [], "capture": []}  # value of the kind's best move less the others' best
    chosen = {"central": 0, "rosette": 0, "capture": 0}
    extra: List[float] = []
    extra_central: List[float] = []
    decisions = plies = 0
    started = time.monotonic()
    for game in _perfect_games(solution, options, games, seed):
        plies += 1
        moves = list(game.legal_moves)
        if len(moves) < 2:
            continue
        decisions += 1
        values = [solution.after(game, int(m["action"])) for m in moves]
        for kind, test in _KINDS.items():
            mine = [v for m, v in zip(moves, values) if test(m)]
            others = [v for m, v in zip(moves, values) if not test(m)]
            if mine and others:
                kinds[kind].append(max(mine) - max(others))
                chosen[kind] += max(mine) >= max(others)
        # The extra throw: every rosette move of the position (taken or not) that leaves the game on.
        for m in moves:
            if m.get("rosette"):
                with game.copy() as landed:
                    landed.apply_action(int(m["action"]))
                    if landed.is_over:
                        continue
                    worth = solution.before_throw(landed) - solution.handed_over(landed)
                extra.append(worth)
                if m.get("to_cell") == CENTRAL:
                    extra_central.append(worth)
        if log is not None and decisions % 500 == 0:
            log.write(f"{decisions} decisions, {time.monotonic() - started:.0f} s, {solution.calls} look-ups\n")
            log.flush()

    def summary(values: Sequence[float], taken: Optional[int] = None) -> Dict[str, Any]:
        out: Dict[str, Any] = dict(mean_interval(values))
        if values:
            ordered = sorted(values)
            out["median"] = ordered[len(ordered) // 2]
            out["share_over_0_05"] = sum(1 for v in values if v > 0.05) / len(values)
        if taken is not None:
            out["best_share"] = taken / len(values) if values else math.nan
        return out

    return {
        "games": games,
        "seed": seed,
        "moves": plies,
        "decisions": decisions,
        "values": {
            "central": kinds["central"],
            "rosette": kinds["rosette"],
            "capture": kinds["capture"],
            "extra_throw": extra,
        },
        "central": summary(kinds["central"], chosen["central"]),
        "rosette": summary(kinds["rosette"], chosen["rosette"]),
        "capture": summary(kinds["capture"], chosen["capture"]),
        "extra_throw": summary(extra),
        "extra_throw_central": summary(extra_central),
    }


def _pct(x: float) -> str:
    return f"{100 * x:.2f}%"


def _points(x: float) -> str:
    return f"{100 * x:+.2f}"


def _interval(s: Mapping[str, float]) -> str:
    return f"{_points(s['mean'])} ({_points(s['low'])}..{_points(s['high'])})"


def write_reading(
    out: str,
    table_header: Mapping[str, Any],
    start: Mapping[str, Any],
    rosettes: Mapping[str, Any],
    seconds: float,
    cpu: float,
) -> str:
    """solution.md and solution.json in ``out``; returns the page's path."""
    os.makedirs(out, exist_ok=True)
    summaries = {k: v for k, v in rosettes.items() if k != "values"}
    with open(os.path.join(out, "solution.json"), "w", encoding="utf-8") as f:
        json.dump({"table": dict(table_header), "start": start, "rosettes": summaries}, f, indent=1, sort_keys=True)
        f.write("\n")
    _plot(rosettes["values"], os.path.join(out, "solution.png"))
    lines = _page(table_header, start, rosettes, seconds, cpu)
    path = os.path.join(out, "solution.md")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    return path


def _page(
    h: Mapping[str, Any], start: Mapping[str, Any], r: Mapping[str, Any], seconds: float, cpu: float
) -> List[str]:
    first = start["first_player"]
    name = str(h["ruleset"]).capitalize()
    lines = [
        f"# The Royal Game of Ur solved: a reading ({name}'s rules)",
        "",
        f"Every figure is a chance of winning under perfect play by both sides, from the solved table of "
        f"`{h['ruleset']}` with {h['pieces']} pieces and {h['dice']} binary dice ({h['states']:,} positions, "
        f"solved to a tolerance of {h['tolerance']:g}, kept as float32), read through the library: the level "
        "`perfect` with the option `table` gives the mover's chance after its best move once the dice are "
        "thrown, and a position before a throw is worth the sum over the throws of their chance times that. "
        "Chances are the mover's; a difference of chances is given in points (hundredths).",
        "",
        "Regenerate (the table is not in the repository, for its size: the solver is described in "
        'docs/computer-players.md, "The solved game", and its time and memory in docs/performance.md):',
        "",
        "```console",
        f"$ nice -n 19 python3 -m ludus solve ur --ruleset {h['ruleset']} -o ur-{h['ruleset']}-{h['pieces']}-{h['dice']}.table",
        f"$ nice -n 10 python3 -m ludus.analysis.ur_solution --table ur-{h['ruleset']}-{h['pieces']}-{h['dice']}.table "
        "--out docs/analysis/ur",
        "```",
        "",
        f"This run: {seconds / 60:.1f} minutes, {cpu / 60:.1f} minutes of CPU in this process (the library's look-ups "
        "included). The figures are also in [solution.json](solution.json).",
        "",
        "## The start",
        "",
        f"- **The player who throws first wins {_pct(first)}** of games under perfect play, the other "
        f"{_pct(1 - first)}: an edge of {100 * start['edge']:.2f} points.",
        "- With every piece in hand, each first throw allows one move only (enter a piece on that square), so "
        "the first move has nothing to choose: its worth is the throw's. A throw of 0 passes, and the board "
        "goes to the other player, who is then the one to throw first.",
        "",
        "| first throw | its chance | the move | the first player's chance after it | against the start |",
        "|---:|---:|---|---:|---:|",
    ]
    for t in start["throws"]:
        texts = ", ".join(text for text, _ in t["moves"])
        lines.append(
            f"| {t['throw']} | {t['chance']:.4f} | {texts} | {_pct(t['best'])} | {_points(t['best'] - first)} |"
        )
    lines += [
        "",
        "The first choice the first player can meet comes after a first throw of 4, which lands on the rosette "
        "of its own row (square 4) and throws again: enter a second piece, or move the first on.",
        "",
        "| second throw | its chance | each move: the first player's chance after it | best less worst |",
        "|---:|---:|---|---:|",
    ]
    for t in start["after_4"]:
        values = [v for _, v in t["moves"]]
        cells = ", ".join(f"{text} {_pct(v)}" for text, v in t["moves"])
        lines.append(f"| {t['throw']} | {t['chance']:.4f} | {cells} | {_points(max(values) - min(values))} |")
    lines += [
        "",
        "## The rosettes",
        "",
        f"Over {r['games']} games of perfect play against itself (seed {r['seed']}; ties broken by the seed), "
        f"{r['moves']:,} moves, of which {r['decisions']:,} had more than one legal move. At each of these, every "
        "legal move's value was read. For a kind of move (landing on the central rosette, middle 4; landing on "
        "any rosette; capturing), wherever the position had one and also a move not of that kind: the best "
        "move of the kind less the best move not of it (the move not taken), in points of the mover's chance.",
        "",
        "| move | positions | mean (95% interval) | median | more than 5 points | the kind's move is the best (or as good) |",
        "|---|---:|---|---:|---:|---:|",
    ]
    for kind, label in (
        ("central", "landing on the central rosette"),
        ("rosette", "landing on any rosette"),
        ("capture", "a capture"),
    ):
        s = r[kind]
        if not s["n"]:
            lines.append(f"| {label} | 0 | – | – | – | – |")
            continue
        lines.append(
            f"| {label} | {s['n']:,} | {_interval(s)} | {_points(s['median'])} | "
            f"{100 * s['share_over_0_05']:.1f}% | {100 * s['best_share']:.1f}% |"
        )
    e, ec = r["extra_throw"], r["extra_throw_central"]
    lines += [
        "",
        "**The extra throw.** For every move onto a rosette in those positions (taken or not) that did not "
        "end the game: the mover's chance with the throw again, less its chance had the opponent thrown "
        "instead on the same board.",
        "",
        "| rosette | moves | mean (95% interval) | median |",
        "|---|---:|---|---:|",
        f"| any | {e['n']:,} | {_interval(e)} | {_points(e['median'])} |" if e["n"] else "| any | 0 | – | – |",
        f"| the central one | {ec['n']:,} | {_interval(ec)} | {_points(ec['median'])} |"
        if ec["n"]
        else "| the central one | 0 | – | – |",
        "",
        "These are averages over the positions that perfect play reaches, each counted as often as these "
        "games met it, not over every position of the game; a move onto a rosette is worth its square and the "
        "extra throw together, and the second table parts the throw out. The intervals take the positions as "
        "independent draws, which positions of one game are not, so they are somewhat narrower than they "
        "should be.",
        "",
        "![solution.png](solution.png)",
        "",
        "The distribution of each worth over those positions, drawn from -20 to +30 points in bins of half "
        "a point. At 0 the kind's best move is worth as much as the best move not of its kind, or the extra "
        "throw as much as handing the throw over.",
        "",
    ]
    return lines


def _plot(values: Mapping[str, Sequence[float]], path: str) -> None:
    """solution.png: the distribution of each kind's worth over the positions of the games."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 3.5))
    labels = {
        "central": "the central rosette against the move not taken",
        "rosette": "any rosette against the move not taken",
        "capture": "a capture against the move not taken",
        "extra_throw": "a rosette's extra throw",
    }
    for kind, label in labels.items():
        points = [100 * v for v in values.get(kind, [])]
        if points:
            weights = [100 / len(points)] * len(points)
            ax.hist(points, bins=[x / 2 for x in range(-40, 61)], weights=weights, histtype="step", label=label)
    ax.set_xlabel("points of the mover's chance of winning")
    ax.set_ylabel("share of the positions, %")
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False)
    fig.tight_layout()
    fig.savefig(path, dpi=80, bbox_inches="tight")
    plt.close(fig)


def table_header(path: str) -> Dict[str, Any]:
    """The JSON header of a table file (docs/computer-players.md, "The table file")."""
    with open(path, "rb") as f:
        magic = f.read(8)
        if magic != b"LUDUSURT":
            raise ValueError(f"{path} is not a table of ludus solve ur")
        f.read(4)
        length = int.from_bytes(f.read(4), "little")
        return json.loads(f.read(length).decode("utf-8"))


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python3 -m ludus.analysis.ur_solution --table FILE --out DIR [--games N]``."""
    parser = argparse.ArgumentParser(prog="python3 -m ludus.analysis.ur_solution", description=__doc__.split("\n\n")[0])
    parser.add_argument("--table", required=True, help="the solved table (ludus solve ur --ruleset finkel)")
    parser.add_argument("--out", default="docs/analysis/ur")
    parser.add_argument("--games", type=int, default=GAMES, help=f"games of perfect play (default {GAMES})")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    header = table_header(args.table)
    options = {"ruleset": header["ruleset"], "pieces": header["pieces"], "dice": header["dice"]}
    solution = Solution(args.table)
    started, cpu = time.monotonic(), time.process_time()
    start = start_reading(solution, options)
    rosettes = rosette_reading(solution, options, args.games, args.seed, log=sys.stderr)
    path = write_reading(args.out, header, start, rosettes, time.monotonic() - started, time.process_time() - cpu)
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
