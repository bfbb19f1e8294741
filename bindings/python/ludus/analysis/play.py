"""Playing the games of ``ludus analyze`` and recording what the metrics need.

A game between two random players without per-ply metrics is one ``random_playout`` call (the
library's speed). Every other game is a ply loop in Python over the integer actions
(``actions``/``apply_action``), which also reads the position after each move for the material or
race count, the board's occupied sites and the pieces on the board.
"""
from __future__ import annotations

import functools
import hashlib
import json
import math
import random
from typing import Any, Dict, List, Mapping, Optional, Sequence, Set, Tuple

from ..game import Game, Phase, Result
from ..options import find_game
from . import metrics
from .records import RecordTable

__all__ = ["derive_seed", "mix_seed", "Features", "Reading", "reading", "features", "play_game", "play_chunk"]

SEED_MASK = 2**64 - 1


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


class Reading:
    """How the metrics read the positions of one game and ruleset, from its catalogue entry
    (``ludus.games()``): its kind, its board (the race games' routes where the board names them)
    and its dice, so that every game of the catalogue is read, none by its id.

    * A board game's position has ``ranks`` (``.`` an empty square, any other character a piece)
      and per-player counts of the pieces not lost: on the board (``pieces``, or ``men`` and
      ``duxes``) and in hand (keys ending in ``in_hand``).
    * A race game's position has per-player counts ``track`` (progress 1, 2, ... a cell), and
      may have ``entry`` cells before the track (each player's own); or ``squares``, a board both
      players run in the same order, each square its piece's owner or null. It may have per-player
      counts ``hand`` and ``bar``: a piece there has the whole way and one more step (off) to go.
    """

    __slots__ = ("kind", "routes", "total_sites", "race_unit", "search_values")

    def __init__(self, entry: Mapping[str, Any], ruleset: Optional[str]) -> None:
        facts = next((r for r in entry["rulesets"] if r["id"] == ruleset), entry)
        board, dice = facts["board"], facts["dice"]
        self.kind: str = entry["kind"]
        self.routes: Optional[List[List[str]]] = board.get("routes")
        self.total_sites: int = board["cells"]
        # The race count's unit for the evaluation tanh(lead / unit): the pips of one throw on
        # average (count x mean face: 7 in Duodecim, 10.5 in XII Scripta, 2 in Ur), as one piece
        # is Ludii's unit of material.
        self.race_unit = dice["count"] * sum(dice["faces"]) / len(dice["faces"]) if dice else 1.0
        self.search_values: Mapping[str, Optional[str]] = entry["search_values"]


@functools.lru_cache(maxsize=None)
def reading(game_id: str, ruleset: Optional[str]) -> Reading:
    """The :class:`Reading` of ``game_id`` in ``ruleset`` (None: its default), from the catalogue."""
    return Reading(find_game(game_id), ruleset)


def features(game_id: str, ruleset: Optional[str], position: Mapping[str, Any]) -> Features:
    """The metrics' view of a position of ``game_id`` (its saved JSON, the game's schema)."""
    read = reading(game_id, ruleset)
    if "ranks" in position:
        return _board_features(position)
    return _race_features(read, position)


#: a board game's per-player counts of its pieces on the board (with those ending in "in_hand")
BOARD_COUNTS = ("pieces", "men", "duxes")


def _board_features(position: Mapping[str, Any]) -> Features:
    ranks = position["ranks"]
    sites = {(r, c) for r, rank in enumerate(ranks) for c, ch in enumerate(rank) if ch != "."}
    material = [0, 0]
    for key, counts in position.items():
        if key in BOARD_COUNTS or key.endswith("in_hand"):
            material[0], material[1] = material[0] + counts[0], material[1] + counts[1]
    total = sum(len(rank) for rank in ranks)
    # Ludii's default heuristic: material difference (every piece weighs 1), squashed by tanh.
    return Features(sites, total, len(sites), (material[0], material[1]), math.tanh(material[0] - material[1]))


def _way(position: Mapping[str, Any], p: int) -> Tuple[List[int], int]:
    """Player ``p``'s pieces on the board, a count for each progress 1, 2, ... (its ``entry``
    cells, then its ``track``; or, on a board of ``squares`` both players run in the same order,
    the squares holding its pieces), and how many of them are entry cells of its own."""
    if "squares" in position:
        return [1 if owner == p else 0 for owner in position["squares"]], 0
    entry = list(position.get("entry", [[], []])[p])
    return entry + list(position["track"][p]), len(entry)


def _race_cells(read: Reading, position: Mapping[str, Any]) -> Tuple[Set[Any], List[int]]:
    """The sites of the pieces on the board and each player's race left. A site is the cell the
    board's route names for the player's progress; without routes, an entry cell is the player's
    own and a track cell is shared by the cell's place on the track."""
    sites: Set[Any] = set()
    remaining = [0, 0]
    for p in (0, 1):
        way, private = _way(position, p)
        full = len(way) + 1
        remaining[p] += full * (position.get("hand", [0, 0])[p] + position.get("bar", [0, 0])[p])
        for k, count in enumerate(way):
            if count:
                remaining[p] += count * (full - (k + 1))
                if read.routes is not None:
                    sites.add(read.routes[p][k])
                else:
                    sites.add(("entry", p, k) if k < private else ("track", k - private))
    return sites, remaining


def _race_features(read: Reading, position: Mapping[str, Any]) -> Features:
    sites, remaining = _race_cells(read, position)
    on_board = [sum(_way(position, p)[0]) for p in (0, 1)]
    # The pieces each player has not borne off yet: in hand, on the bar and on the board.
    material = tuple(position.get("hand", [0, 0])[p] + position.get("bar", [0, 0])[p] + on_board[p] for p in (0, 1))
    return Features(
        sites,
        read.total_sites,
        on_board[0] + on_board[1],
        (material[0], material[1]),
        math.tanh((remaining[1] - remaining[0]) / read.race_unit),
    )


def _evaluation_of(read: Reading, search: Mapping[str, Any], mover: int) -> Optional[float]:
    """Player 0's evaluation from a computer player's search (its value is the mover's view), or
    None when nothing was searched (a forced move). A chance of winning v (a level whose
    ``search_values`` in the catalogue say "chance") maps to 2v - 1; otherwise tanh of the value,
    in pieces for the board games and in throws of the race (``race_unit`` steps) for the race
    games."""
    value = search.get("value")
    if value is None or not search.get("nodes"):
        return None
    if read.search_values.get(search.get("level", "")) == "chance":
        e = max(-1.0, min(1.0, 2.0 * value - 1.0))
    else:
        e = math.tanh(value / (read.race_unit if read.kind == "race" else 1.0))
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
            e = _evaluation_of(reading(game_id, ruleset), move["search"], mover)
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
