"""``ludus replay``: a saved game shown event by event."""
from __future__ import annotations

import json

from ..errors import LudusError
from ..game import replay
from .console import Console
from .play import board_text, outcome_text

__all__ = ["cmd_replay"]


def cmd_replay(console: Console, path: str, wait: bool) -> int:
    """``ludus replay``: show a saved game event by event (waiting for Enter when ``wait``);
    returns the exit status."""
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        if not isinstance(doc, dict):
            raise ValueError("it is not a saved game (a JSON object)")
        steps = replay(doc)
        _, _, game = next(steps)
    except (OSError, ValueError, LudusError) as e:
        console.say(f"Cannot replay {path}: {e}")
        return 1
    total = len(doc.get("history", []))
    console.say(f"{path}: {game.id}, {total} events. Press Enter for the next, q to stop.")
    console.say(board_text(game))
    try:
        for i in range(1, total + 1):
            if wait and console.ask(f"[{i}/{total}] ").lower() in ("q", "quit"):
                return 0
            try:
                _, event, game = next(steps)
            except (LudusError, ValueError) as e:
                console.say(f"Event {i} cannot be replayed: {e}")
                return 1
            assert event is not None
            console.say(f"{i}. player {event.get('player')}: {event.get('text')}")
            console.say(board_text(game))
        console.say(f"End of the game: {outcome_text(game)}.")
        return 0
    finally:
        steps.close()
