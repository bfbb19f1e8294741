"""``ludus render``: the picture (SVG or text) of the position a saved game reaches."""
from __future__ import annotations

import json
import sys
from typing import Any, Dict, Optional, Sequence, TextIO, Tuple

from ..errors import LudusError
from ..game import Game
from .console import Console

__all__ = ["cmd_render", "parse_render_args", "UsageError"]


class UsageError(ValueError):
    """Arguments that cannot be read (exit status 2)."""


def _render_value(text: str) -> Any:
    """``"240"`` to 240, ``"false"`` to False, ``"virtus"`` stays a string: the library checks."""
    try:
        value = json.loads(text)
    except ValueError:
        return text
    return value if isinstance(value, (bool, int, float)) else text


def parse_render_args(args: Sequence[str]) -> Tuple[Optional[str], Optional[str], bool, Dict[str, Any]]:
    """The arguments after ``render``, in any order: ``(file, output, text, options)``; output
    None or ``"-"`` means standard output. Raises UsageError with a message for a person."""
    path: Optional[str] = None
    output: Optional[str] = None
    text = False
    options: Dict[str, Any] = {}
    items = list(args)
    while items:
        item = items.pop(0)
        if item in ("-o", "--output"):
            if not items:
                raise UsageError(f"{item} needs a file name (or - for standard output)")
            output = items.pop(0)
        elif item.startswith("--output="):
            output = item[len("--output=") :]
        elif item.startswith("-o") and len(item) > 2 and not item.startswith("--"):
            output = item[2:]
        elif item == "--text":
            text = True
        elif item.startswith("--") and len(item) > 2:
            name, has_value, value = item[2:].partition("=")
            if not has_value:
                if not items:
                    raise UsageError(f"--{name} needs a value, e.g. --size 240")
                value = items.pop(0)
            options[name.replace("-", "_")] = _render_value(value)
        elif item == "-" or not item.startswith("-"):
            if path is not None:
                raise UsageError(f"one saved state at a time: {path!r} and {item!r}")
            path = item
        else:
            raise UsageError(f"options are written --NAME VALUE, not {item!r}")
    return path, output, text, options


def cmd_render(console: Console, args: Sequence[str], err: Optional[TextIO] = None) -> int:
    """``render STATE.json [-o OUT] [--text] [--OPTION VALUE ...]``; problems go to ``err``
    (standard error), so that standard output carries only the picture."""
    err = err or sys.stderr

    def fail(message: str, status: int = 1) -> int:
        err.write(f"ludus render: {message}\n")
        err.flush()
        return status

    try:
        path, output, text, options = parse_render_args(args)
    except UsageError as e:
        return fail(str(e), 2)
    if path is None:
        return fail("say which saved game to draw: render STATE.json [-o OUT] [--text] [--OPTION VALUE ...]", 2)
    try:
        if path == "-":
            state = console.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                state = f.read()
    except OSError as e:
        return fail(f"cannot read {path}: {e.strerror or e}")
    except ValueError as e:  # not UTF-8
        return fail(f"cannot read {path}: {e}")
    try:
        game = Game.from_json(state)
    except LudusError as e:
        return fail(f"{path} is not a saved game the library accepts: {e}")
    try:
        with game:
            picture = game.text(**options) if text else game.svg(**options)
    except LudusError as e:
        return fail(f"cannot draw {'the text diagram' if text else 'the picture'}: {e}")
    if not picture.endswith("\n"):
        picture += "\n"
    if output in (None, "-"):
        console.stdout.write(picture)
        console.stdout.flush()
        return 0
    try:
        with open(output, "w", encoding="utf-8") as f:
            f.write(picture)
    except OSError as e:
        return fail(f"cannot write {output}: {e.strerror or e}")
    console.say(f"Wrote {output}.")
    return 0
