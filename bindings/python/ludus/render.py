"""Text diagrams of positions, drawn in Python from the saved state's JSON.

(A later version of the library renders positions itself; until then front ends use this.)
Player 0's pieces are drawn ``o``, player 1's ``x``.
"""
from __future__ import annotations

import json
from typing import Any, Callable, Dict, List, Mapping

__all__ = ["render_state", "SYMBOLS"]

#: the symbol of each player's pieces in the diagrams
SYMBOLS = ("o", "x")

ROMAN = ("I", "II", "III", "IV", "V", "VI")


def _status_line(state: Mapping[str, Any]) -> str:
    position = state["position"]
    result = position.get("result", "ongoing")
    if position.get("phase") == "over" or result != "ongoing":
        words = {"player0_won": "player 0 won", "player1_won": "player 1 won", "draw": "draw"}
        return "Game over: " + words.get(str(result), str(result).replace("_", " "))
    player = position.get("to_move")
    doing = "to roll" if position.get("phase") == "roll" else "to move"
    return f"Player {player} ({SYMBOLS[player] if player in (0, 1) else '?'}) {doing}"


def render_petteia(state: Mapping[str, Any]) -> str:
    """Ranks top-down (the last rank first), file letters below and above, rank numbers on both
    sides, then the piece counts and who is to move."""
    position = state["position"]
    ranks: List[str] = position["ranks"]  # rank 1 first, one character per file
    cols = len(ranks[0]) if ranks else 0
    width = len(str(len(ranks)))
    letters = " " * (width + 1) + " ".join(chr(ord("a") + c) for c in range(cols))
    lines = [letters]
    for number in range(len(ranks), 0, -1):
        row = " ".join(SYMBOLS[int(ch)] if ch in "01" else "." for ch in ranks[number - 1])
        lines.append(f"{number:>{width}} {row} {number}")
    lines.append(letters)
    pieces = position.get("pieces", [None, None])
    lines.append(f"pieces: {SYMBOLS[0]} player 0: {pieces[0]}   {SYMBOLS[1]} player 1: {pieces[1]}")
    lines.append(_status_line(state))
    return "\n".join(lines)


def render_duodecim(state: Mapping[str, Any]) -> str:
    """The 3 x 12 board of Ostia (spec "Drawing"): track 12..1 along the top row from left to
    right, the entry cells I..VI of player 0 then of player 1 in the middle row, track 13..24
    along the bottom row. A unit is its owner's symbol with its height (``o2``: a column of
    two). Then the pieces in hand and borne off, the dice (a used die in brackets) and who is to
    move."""
    position = state["position"]
    track: List[List[int]] = position["track"]  # per player: pieces on track cells 1..24
    entry: List[List[int]] = position["entry"]  # per player: pieces on entry cells I..VI

    def cell(k: int) -> str:  # track cell k (1..24): at most one player's pieces
        for player in (0, 1):
            if track[player][k - 1]:
                return f"{SYMBOLS[player]}{track[player][k - 1]}"
        return "."

    def row(items: List[str]) -> str:
        return "  ".join(f"{item:^4}" for item in items).rstrip()

    middle = [f"{SYMBOLS[p]}{n}" if n else "." for p in (0, 1) for n in entry[p]]
    lines = [
        row([str(k) for k in range(12, 0, -1)]),
        row([cell(k) for k in range(12, 0, -1)]),
        row(middle),
        row([cell(k) for k in range(13, 25)]),
        row([str(k) for k in range(13, 25)]),
        row(list(ROMAN) * 2) + "   (entry cells: o | x)",
    ]
    hand, off = position["hand"], position["off"]
    lines.append(f"in hand: {SYMBOLS[0]} {hand[0]}, {SYMBOLS[1]} {hand[1]}   "
                 f"borne off: {SYMBOLS[0]} {off[0]}, {SYMBOLS[1]} {off[1]}")
    dice = position.get("dice") or []
    if dice:
        used = list(position.get("dice_used") or []) + [False] * len(dice)
        lines.append("dice: " + " ".join(f"[{d}]" if used[i] else str(d) for i, d in enumerate(dice))
                     + ("   ([n]: used)" if any(used[:len(dice)]) else ""))
    lines.append(_status_line(state))
    return "\n".join(lines)


def render_generic(state: Mapping[str, Any]) -> str:
    """For a game this module does not know yet: the position's JSON and who is to move."""
    return json.dumps(state["position"], indent=1, sort_keys=True) + "\n" + _status_line(state)


_RENDERERS: Dict[str, Callable[[Mapping[str, Any]], str]] = {
    "petteia": render_petteia,
    "duodecim": render_duodecim,
}


def render_state(state: Mapping[str, Any]) -> str:
    """A text diagram of a saved state's current position (the dict of ``Game.to_dict()``)."""
    renderer = _RENDERERS.get(str(state.get("game")), render_generic)
    try:
        return renderer(state)
    except (KeyError, IndexError, TypeError, ValueError):
        return render_generic(state)  # a position format newer than this module
