"""Playing the games of ``ludus analyze`` and recording what the metrics need.

A game between two random players without per-ply metrics is one ``random_playout`` call (the
library's speed). Every other game is a ply loop in Python over the integer actions
(``actions``/``apply_action``), which also reads the position after each move for the material or
race count, the board's occupied sites and the pieces on the board.
"""
from __future__ import annotations

import hashlib
import json
import math
import random
from typing import Any, Dict, List, Mapping, Optional, Sequence, Set, Tuple

from ..game import Game, Phase, Result
from . import metrics
from .records import RecordTable

__all__ = ["derive_seed", "mix_seed", "Features", "features", "play_game", "play_chunk"]

SEED_MASK = 2**64 - 1
# The race count's unit for the evaluation tanh(lead / unit): the expected steps of one turn
# (two dice in Duodecim, three in XII Scripta, one throw of Ur's binary dice: 2 with four dice
# and with Masters' three), as one piece is Ludii's unit of material.
RACE_UNIT = {"duodecim": 7.0, "xii_scripta": 10.5, "ur": 2.0}
# The games whose searches report a chance of winning (uct's do in every game).
CHANCE_VALUES = {"duodecim", "ur"}


def derive_seed(*parts: Any) -> int:
    """A 64-bit seed from the parts (the run's seed, the configuration, the chunk): the same parts
    give the same seed on every machine, whatever the number of workers."""
    digest = hashlib.blake2b(json.dumps(parts, sort_keys=True).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little")


def mix_seed(seed: int, index: int) -> int:
    """The ``index``-th seed after ``seed`` (SplitMix64's output function): cheap enough for every
    game and every move, and as well spread as the derived seeds."""
    x = (seed + (index + 1) * 0x9E3779B97F4A7C15) & SEED_MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & SEED_MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & SEED_MASK
    return x ^ (x >> 31)


class Features:
    """What the metrics read from one position: the occupied sites, the board's number of sites,
    the pieces on the board, each player's material (pieces not lost; for the race games, pieces
    not borne off) and player 0's evaluation e_0 in [-1, 1]."""

    __slots__ = ("sites", "total_sites", "on_board", "material", "evaluation")

    def __init__(
        self, sites: Set[Any], total_sites: int, on_board: int, material: Tuple[int, int], evaluation: float
    ) -> None:
        self.sites, self.total_sites, self.on_board = sites, total_sites, on_board
        self.material, self.evaluation = material, evaluation


def _board_features(position: Mapping[str, Any], material: Tuple[int, int]) -> Features:
    ranks = position["ranks"]
    sites = {(r, c) for r, rank in enumerate(ranks) for c, ch in enumerate(rank) if ch != "."}
    total = sum(len(rank) for rank in ranks)
    # Ludii's default heuristic: material difference (every piece weighs 1), squashed by tanh.
    return Features(sites, total, len(sites), material, math.tanh(material[0] - material[1]))


def features(game_id: str, ruleset: Optional[str], position: Mapping[str, Any]) -> Features:
    """The metrics' view of a position of ``game_id`` (its saved JSON, see schemas/)."""
    if game_id == "petteia":
        return _board_features(position, (position["pieces"][0], position["pieces"][1]))
    if game_id == "latrunculi":
        if "men" in position:
            m = [
                position["men"][p] + position["duxes"][p] + position["men_in_hand"][p] + position["dux_in_hand"][p]
                for p in (0, 1)
            ]
        else:  # Schaedler's rulesets
            m = [position["pieces"][p] + position["in_hand"][p] for p in (0, 1)]
        return _board_features(position, (m[0], m[1]))
    if game_id == "duodecim":
        return _race_features(game_id, position, _duodecim_cells)
    if game_id == "xii_scripta":
        shared = ruleset in (None, "murray", "ludii")
        return _race_features(game_id, position, _xii_cells_shared if shared else _xii_cells_tabletop)
    if game_id == "ur":
        route = UR_ROUTES[ruleset or "finkel"]
        return _race_features(game_id, position, lambda pos: _ur_cells(pos, route), total_sites=20)
    raise ValueError(f"ludus.analysis has no reading of {game_id} positions")


def _duodecim_cells(position: Mapping[str, Any]) -> Tuple[Set[Any], List[int]]:
    sites: Set[Any] = set()
    remaining = [0, 0]
    for p in (0, 1):
        remaining[p] += 31 * position["hand"][p]
        for i, count in enumerate(position["entry"][p]):
            if count:
                sites.add(("entry", p, i))
                remaining[p] += count * (31 - (i + 1))
        for k, count in enumerate(position["track"][p]):
            if count:
                sites.add(("track", k))
                remaining[p] += count * (31 - (k + 7))
    return sites, remaining


def _track_cells(position: Mapping[str, Any], cell: Any, full: int) -> Tuple[Set[Any], List[int]]:
    """The sites ``cell(player, progress)`` of the pieces on the tracks, and each player's race
    left: ``full`` a piece in hand or on the bar, ``full - progress`` one on the track."""
    sites: Set[Any] = set()
    remaining = [0, 0]
    for p in (0, 1):
        remaining[p] += full * (position["hand"][p] + position.get("bar", [0, 0])[p])
        for k, count in enumerate(position["track"][p]):
            if count:
                sites.add(cell(p, k + 1))
                remaining[p] += count * (full - (k + 1))
    return sites, remaining


def _xii_cells(position: Mapping[str, Any], cell: Any) -> Tuple[Set[Any], List[int]]:
    return _track_cells(position, cell, 37)


def _xii_cells_shared(position: Mapping[str, Any]) -> Tuple[Set[Any], List[int]]:
    # murray, ludii: progress 1..12 is the shared middle row; k >= 13 of player 1 is player 0's 49 - k.
    return _xii_cells(position, lambda p, k: k if p == 0 or k <= 12 else 49 - k)


def _xii_cells_tabletop(position: Mapping[str, Any]) -> Tuple[Set[Any], List[int]]:
    return _xii_cells(position, lambda p, k: k)


def _ur_route(*legs: Any) -> List[Tuple[str, int]]:
    """A route of Ur from player 0's side, square by square: ("own" or "other" row, or "middle",
    column 1..8). Player 1's is the same with the outer rows exchanged (docs/rules/ur.md)."""
    return [(row, column) for row, columns in legs for column in columns]


# Each ruleset's route (docs/rules/ur.md, "Board and routes"): progress k is entry k - 1.
UR_ROUTES = {
    "finkel": _ur_route(("own", (4, 3, 2, 1)), ("middle", range(1, 9)), ("own", (8, 7))),
    "masters": _ur_route(
        ("own", (4, 3, 2, 1)), ("middle", range(1, 8)), ("other", (7, 8)), ("middle", (8,)), ("own", (8, 7))
    ),
    "murray": _ur_route(
        ("own", (4, 3, 2, 1)),
        ("middle", range(1, 8)),
        ("own", (7, 8)),
        ("middle", (8,)),
        ("other", (8, 7)),
        ("middle", range(7, 0, -1)),
        ("own", (1, 2, 3, 4)),
    ),
}
UR_ROUTES["blitz"] = UR_ROUTES["masters"]


def ur_cell(route: Sequence[Tuple[str, int]], player: int, progress: int) -> str:
    """The square (as the moves' ``to_cell`` names it, e.g. "bottom 4") of ``player``'s piece at
    ``progress`` (1..L) on ``route``."""
    row, column = route[progress - 1]
    if row != "middle":
        row = "bottom" if (row == "own") == (player == 0) else "top"
    return f"{row} {column}"


def _ur_cells(position: Mapping[str, Any], route: Sequence[Tuple[str, int]]) -> Tuple[Set[Any], List[int]]:
    # A piece in hand has the whole route and one more square (off) to go.
    return _track_cells(position, lambda p, k: ur_cell(route, p, k), len(route) + 1)


def _race_features(game_id: str, position: Mapping[str, Any], cells: Any, total_sites: int = 36) -> Features:
    sites, remaining = cells(position)
    on_board = sum(sum(row) for row in position["track"]) + sum(sum(row) for row in position.get("entry", []))
    # 36 cells in both: Duodecim's 2 x 6 private entry cells and 24 shared track cells; XII Scripta's 3 rows of 12.
    # Ur's board has 20 squares.
    return Features(
        sites,
        total_sites,
        on_board,
        _race_material(position),
        math.tanh((remaining[1] - remaining[0]) / RACE_UNIT[game_id]),
    )


def _race_material(position: Mapping[str, Any]) -> Tuple[int, int]:
    """The pieces each player has not borne off yet."""

    def left(p: int) -> int:
        return (
            position["hand"][p]
            + position.get("bar", [0, 0])[p]
            + sum(position["track"][p])
            + sum(position.get("entry", [[], []])[p])
        )

    return left(0), left(1)


def _evaluation_of(game_id: str, search: Mapping[str, Any], mover: int) -> Optional[float]:
    """Player 0's evaluation from a computer player's search (its value is the mover's view), or
    None when nothing was searched (a forced move). A chance of winning v (uct's, and the
    searches of CHANCE_VALUES: Duodecim's, lib/duodecim/duodecim_eval.hpp, and Ur's, lib/ur/ur_ai.cpp)
    maps to 2v - 1; otherwise tanh of the value, in pieces for the board games and in turns of
    the race (RACE_UNIT steps) for XII Scripta."""
    value = search.get("value")
    if value is None or not search.get("nodes"):
        return None
    if search.get("level") == "uct" or game_id in CHANCE_VALUES:
        e = max(-1.0, min(1.0, 2.0 * value - 1.0))
    else:
        e = math.tanh(value / RACE_UNIT.get(game_id, 1.0))
    return e if mover == 0 else -e


def _position(game: Game) -> Mapping[str, Any]:
    """The position alone (:meth:`Game.position_json`: its cost does not grow with the game's
    history, as ``to_json``'s does), parsed once and not copied: the metrics only read it."""
    return json.loads(game.position_json())


def play_game(
    game_id: str,
    options: Mapping[str, Any],
    levels: Sequence[str],
    seed: int,
    budget: Optional[int] = None,
    max_plies: int = 2000,
    detailed: bool = True,
) -> Dict[str, Any]:
    """One game: player 0 is ``levels[0]``, player 1 ``levels[1]``; ``seed`` seeds the game (dice),
    the random players' choices and the computer players. Returns its record (see
    docs/analysis.md for the fields). ``detailed`` adds the per-ply metrics (always on when a
    computer level other than random plays)."""
    game_options = dict(options, seed=seed)
    game = Game(game_id, game_options)
    record: Dict[str, Any] = {"seed": seed, "levels": tuple(levels), "first": game.to_move}
    if not detailed and levels[0] == "random" and levels[1] == "random":
        with game:
            result, plies = game.random_playout(seed, max_plies)
        return _finish(record, result.winner, result == Result.DRAW, plies)
    return _ply_loop(game, game_id, game_options.get("ruleset"), record, levels, seed, budget, max_plies)


def _finish(record: Dict[str, Any], winner: Optional[int], drawn: bool, plies: int) -> Dict[str, Any]:
    record["winner"] = winner
    record["end"] = "win" if winner is not None else ("draw" if drawn else "timeout")
    record["plies"] = plies
    return record


def _ply_loop(
    game: Game,
    game_id: str,
    ruleset: Optional[str],
    record: Dict[str, Any],
    levels: Sequence[str],
    seed: int,
    budget: Optional[int],
    max_plies: int,
) -> Dict[str, Any]:
    """Plays ``game`` to its end (or max_plies) and closes it; fills ``record`` with the per-ply metrics."""
    chooser = random.Random(seed)
    branching: List[int] = []
    movers: List[int] = []
    material_e: List[float] = []
    eval_e: List[float] = []
    on_board: List[int] = []
    occupied: Set[Any] = set()
    forced_passes = 0
    f = features(game_id, ruleset, _position(game))
    total_sites = f.total_sites
    plies = 0
    while True:
        occupied |= f.sites
        on_board.append(f.on_board)
        if game.phase == Phase.ROLL:
            game.roll()
            f = features(game_id, ruleset, _position(game))
            on_board.pop()
            continue
        if game.phase == Phase.OVER or plies >= max_plies:
            break
        mover = game.to_move or 0
        actions = game.actions()
        branching.append(len(actions))
        movers.append(mover)
        material_e.append(f.evaluation)
        level = levels[mover]
        if level == "random":
            action = actions[chooser.randrange(len(actions))]
        else:
            ai: Dict[str, Any] = {"seed": mix_seed(seed, plies) & 0xFFFFFFFF}
            if budget is not None:
                ai["max_playouts" if level == "uct" else "max_nodes"] = budget
            move = game.ai_move(level, **ai)
            action = int(move["action"])
            e = _evaluation_of(game_id, move["search"], mover)
            if e is not None:
                eval_e.append(e)
        if len(actions) == 1 and game.action_text(action) == "pass":
            forced_passes += 1
        game.apply_action(action)
        plies += 1
        f = features(game_id, ruleset, _position(game))
    result = game.result
    _finish(record, result.winner, result == Result.DRAW, plies)
    final = features(game_id, ruleset, _position(game))
    game.close()
    record.update(
        {
            "turns": metrics.turns_of(movers),
            "branching_factor": metrics.branching_mean(branching),
            "decision_moves": metrics.decision_share(branching),
            "forced_passes": forced_passes,
            "board_coverage": metrics.coverage(occupied, total_sites),
            "piece_number": sum(on_board) / len(on_board),
            "pieces_left": final.material[0] + final.material[1],
            "pieces_left_0": final.material[0],
            "pieces_left_1": final.material[1],
            "lead_change": metrics.lead_change(material_e, plies),
            "lead_changes": metrics.lead_changes(material_e),
            "stability": metrics.stability(material_e),
            "drama": metrics.drama(material_e, record["winner"]),
            "eval_lead_change": metrics.lead_change(eval_e, len(eval_e)) if eval_e else None,
            "eval_stability": metrics.stability(eval_e) if eval_e else None,
            "eval_drama": metrics.drama(eval_e, record["winner"]) if eval_e else None,
            "branching": branching,
        }
    )
    return record


def play_chunk(task: Mapping[str, Any]) -> RecordTable:
    """Play one chunk of games (a task of :func:`ludus.analysis.run.tasks`) and return their
    records, in order, as a :class:`RecordTable`. Pure: the same task gives the same records on any
    machine. Game ``i``'s seed is ``mix_seed(derive_seed(seed, config, chunk), i)``; the levels
    swap sides every game."""
    chunk_seed = derive_seed(task["seed"], task["config"], task["chunk"])
    levels, swapped = list(task["levels"]), list(reversed(task["levels"]))
    if levels == ["random", "random"]:
        return _random_chunk(task, chunk_seed, levels, swapped)
    out = RecordTable()
    every = task["detail_every"]
    for index in range(task["start"], task["stop"]):
        _add_game(
            out,
            task,
            levels if index % 2 == 0 else swapped,
            mix_seed(chunk_seed, index),
            index,
            detailed=every > 0 and index % every == 0,
        )
    return out


def _add_game(
    out: RecordTable, task: Mapping[str, Any], levels: Sequence[str], seed: int, index: int, detailed: bool
) -> None:
    """Play game ``index`` of the chunk with :func:`play_game` and add its record to ``out``."""
    record = play_game(task["game"], task["options"], levels, seed, task.get("budget"), task["max_plies"], detailed)
    record["index"] = index
    record["config"] = task["config"]
    out.append(record)


# A playout's ludus_result (ongoing, player 0 won, player 1 won, draw) to the record's winner and end.
_WINNER = (None, 0, 1, None)
_END = ("timeout", "win", "win", "draw")


def _random_chunk(task: Mapping[str, Any], chunk_seed: int, levels: List[str], swapped: List[str]) -> RecordTable:
    """:func:`play_chunk` for random against random: the games without per-ply metrics are one
    ``random_playout`` each, as in :func:`play_game`, and go straight into the table's columns.
    The detailed games go through :func:`play_game`."""
    out = RecordTable()
    game_id, options, max_plies, every, config = (
        task["game"],
        task["options"],
        task["max_plies"],
        task["detail_every"],
        task["config"],
    )
    pair = (out.level_id(levels), out.level_id(swapped))
    config_id = out.config_id(config)
    append = out.append_game
    for index in range(task["start"], task["stop"]):
        seed = mix_seed(chunk_seed, index)
        if every > 0 and index % every == 0:
            _add_game(out, task, levels if index % 2 == 0 else swapped, seed, index, detailed=True)
            continue
        with Game(game_id, dict(options, seed=seed)) as game:
            first = game.to_move
            result, plies = game.random_playout(seed, max_plies)
        append(seed, pair[index % 2], first, _WINNER[result], _END[result], plies, index, config_id)
    return out
