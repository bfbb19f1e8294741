"""Game options from the command line: ``--NAME VALUE`` words to the typed options of the
catalogue (``ludus.games()``), for the command line (:mod:`ludus.cli`) and any program that reads
game options from words; it imports only :mod:`ludus.game`."""
from __future__ import annotations

import json
from typing import Any, Dict, Mapping, Sequence

from .game import games

__all__ = ["find_game", "parse_game_options", "ending_unattended"]


def find_game(game_id: str) -> Dict[str, Any]:
    """The catalogue's entry of ``game_id``; ValueError naming the games for an unknown id."""
    catalogue = games()
    for entry in catalogue:
        if entry["id"] == game_id:
            return entry
    known = ", ".join(g["id"] for g in catalogue)
    raise ValueError(f"there is no game {game_id!r}; the games are: {known}")


def ending_unattended(
    game_id: str, options: Mapping[str, Any], plies: int, sweep: Sequence[str] = ()
) -> Dict[str, Any]:
    """``options`` with a draw after ``plies`` plies without a capture where the game has that
    option (its catalogue entry offers it) and neither ``options`` nor the names in ``sweep`` set
    it: games nobody watches must end."""
    name = "draw_plies_without_capture"
    if name in find_game(game_id)["options"] and name not in options and name not in sweep:
        return {**options, name: plies}
    return dict(options)


def _convert(name: str, spec: Mapping[str, Any], text: str) -> Any:
    kind = spec.get("type")
    if kind in ("integer", "seed"):
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"--{name} needs a whole number, not {text!r}") from None
    if kind == "boolean":
        if text.lower() in ("1", "true", "yes", "on"):
            return True
        if text.lower() in ("0", "false", "no", "off"):
            return False
        raise ValueError(f"--{name} needs true or false, not {text!r}")
    if kind == "choice":
        for value in spec.get("values", []):
            if str(value) == text:
                return value
        allowed = ", ".join(str(v) for v in spec.get("values", []))
        raise ValueError(f"--{name} is one of {allowed}, not {text!r}")
    try:
        return json.loads(text)
    except ValueError:
        return text


def parse_game_options(game_id: str, args: Sequence[str]) -> Dict[str, Any]:
    """``["--rows", "5", "--first-player=random"]`` to ``{"rows": 5, "first_player": "random"}``
    using the types of the catalogue. Raises ValueError with a message for a person."""
    spec = find_game(game_id)["options"]
    options: Dict[str, Any] = {}
    items = list(args)
    while items:
        item = items.pop(0)
        if not item.startswith("--") or len(item) < 3:
            raise ValueError(f"options are written --NAME VALUE, not {item!r}")
        name, has_value, value = item[2:].partition("=")
        name = name.replace("-", "_")
        if name not in spec:
            known = ", ".join("--" + n.replace("_", "-") for n in spec)
            raise ValueError(f"{game_id} has no option --{name.replace('_', '-')}; its options: {known}")
        if not has_value:
            if not items:
                raise ValueError(f"--{name.replace('_', '-')} needs a value")
            value = items.pop(0)
        options[name] = _convert(name.replace("_", "-"), spec[name], value)
    return options
