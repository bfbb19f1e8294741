#!/usr/bin/env python3
"""Every saved game loads again, in every binding: games made in C, Python and JavaScript, saved
the ways each binding's users save them, are loaded the ways each binding's users load them, and
each loaded game must be the game saved (the same text from the library, the same legal moves,
the same dice to come).

    python3 tests/crossbinding/run.py --library BUILD/capi/libludus.so.1 \\
        --js-package BUILD-wasm/bindings/js/node/index.js

It needs both builds, the native one (C and Python) and the WebAssembly one (JavaScript), and node;
a missing one is a failure, never a skip (.ci/run runs it in step 2, which has both).

The games: for every game of the catalogue (ludus_games()) and every value of its option
"ruleset" (if it has one), the default options and ``--random-options`` draws of valid options
from the catalogue's types and ranges; each without a seed and with one drawn from 0..2^64-1 (half
of them from 2^53 up, which a double cannot hold); each after 0, a few and a few dozen steps (a
roll with the game's generator, or a legal move chosen by the case's numbers). Every binding makes
every game (a game without a seed is a different game in each), and saves it:

  C           ludus_game_to_json's text (called through ctypes, no Python in between)
  Python      json.dumps(game.to_dict()), and the file game.save() writes
  JavaScript  JSON.stringify(game), and game.toJSONText()

Every saved text is loaded by:

  C           ludus_game_from_json(text)
  Python      Game.from_json(json.loads(text)), and Game.load(path of the text)
  JavaScript  Game.fromJSON(JSON.parse(text)), and Game.fromJSON(text)

and the loaded game's fingerprint (its ludus_game_to_json text, phase, legal moves, and the text
of a copy after 12 more steps: the dice to come) must equal the saved game's. Besides: a game made
with a seed is the same game in every binding, the seed the options show is the seed saved, and
the catalogue reads the same in JavaScript as in C.

Prints one line per ruleset (and one for the catalogue), "ok ..." or "FAILED ..." naming the
checks that failed (a binding making the game, a way of saving and a way of loading), then the
first failures in full and a count; exits 1 on any failure (.ci/run counts the lines).
"""
from __future__ import annotations

import argparse
import ctypes
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional

ROOT = Path(__file__).resolve().parents[2]
FUTURE_STEPS = 12  # as js_side.mjs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--library", required=True, help="the native build's capi/libludus.so.1")
    parser.add_argument("--js-package", required=True, help="the wasm build's bindings/js/node/index.js")
    parser.add_argument("--node", default=shutil.which("node"), help="node (default: the one on PATH)")
    parser.add_argument("--random-options", type=int, default=3, help="draws of random options per ruleset (3)")
    parser.add_argument("--seed", type=int, default=52, help="seed of the cases' random choices (52)")
    args = parser.parse_args()
    for path, what in ((args.library, "--library"), (args.js_package, "--js-package"), (args.node, "--node")):
        if not path or not Path(path).is_file():
            print(f"FAILED set-up: {what} {path!r} is not a file (this test needs the native and the wasm build)")
            return 1

    os.environ["LUDUS_LIBRARY"] = str(Path(args.library).resolve())
    sys.path.insert(0, str(ROOT / "bindings" / "python"))
    import ludus
    from ludus import _library

    catalogue_text = _library.call_string(_library.lib.ludus_games)
    cases = make_cases(json.loads(catalogue_text), ludus, random.Random(args.seed), args.random_options)
    bindings = Bindings(ludus, _library, args.node, args.js_package)

    failures: List[str] = []
    checks: Dict[str, List[str]] = {}  # a line's name -> its failures

    def note(check: str, failure: Optional[str]) -> None:
        checks.setdefault(check, [])
        if failure:
            checks[check].append(failure)

    made_js = bindings.js({"make": cases})
    c_catalogue, js_catalogue = json.loads(catalogue_text), json.loads(made_js["catalogue"])
    for catalogue in (c_catalogue, js_catalogue):
        for game in catalogue:  # the seed's integer max, 2^64-1, is rounded by JSON.parse: max_text is exact
            game["options"]["seed"].pop("max")
    note(
        "the catalogue: JavaScript's games() equals C's ludus_games()",
        None if js_catalogue == c_catalogue else first_difference(c_catalogue, js_catalogue),
    )
    made = {
        "c": [bindings.c_make(c) for c in cases],
        "python": [bindings.python_make(c) for c in cases],
        "js": made_js["made"],
    }

    # Every saved text, with who saved it and the fingerprint of the game saved.
    saved: List[Dict[str, Any]] = []
    for binding, answers in made.items():
        for case, answer in zip(cases, answers):
            label = case_label(case)
            if "error" in answer:
                note(f"{ruleset_of(case)}: {binding} makes the game", f"{label}: {answer['error']}")
                continue
            note(f"{ruleset_of(case)}: {binding} makes the game", None)
            seed_written = json.loads(answer["fingerprint"]["text"])["options"]["seed"]
            shown = str(answer["options_seed"])
            note(
                f"{ruleset_of(case)}: {binding}'s game.options shows the seed saved",
                None
                if shown == str(seed_written) and (case["seed"] is None or shown == case["seed"])
                else f"{label}: options show {shown}, the game saved {seed_written!r}, the case gave {case['seed']}",
            )
            for way, text in answer["saved"].items():
                saved.append({"case": case, "label": label, "way": way, "text": text, "print": answer["fingerprint"]})
    # a seeded game is the same game in every binding
    for index, case in enumerate(cases):
        if case["seed"] is None:
            continue
        texts = {b: made[b][index].get("fingerprint", {}).get("text") for b in made}
        note(
            f"{ruleset_of(case)}: a seed makes the same game in C, Python and JavaScript",
            None if len(set(texts.values())) == 1 else f"{case_label(case)}: {first_difference_of_texts(texts)}",
        )

    loaded_js = bindings.js({"load": [s["text"] for s in saved]})["loaded"]
    for entry, js_answers in zip(saved, loaded_js):
        answers = {**bindings.c_load(entry["text"]), **bindings.python_load(entry["text"]), **js_answers}
        for loader, answer in answers.items():
            check = f"{ruleset_of(entry['case'])}: saved by {entry['way']}, loaded by {loader}"
            if "error" in answer:
                note(check, f"{entry['label']}: {answer['error']}")
            elif answer != entry["print"]:
                note(check, f"{entry['label']}: {first_difference(entry['print'], answer)}")
            else:
                note(check, None)

    # One line per ruleset (and one for the catalogue), naming the checks that failed in it.
    by_line: Dict[str, Dict[str, List[str]]] = {}
    for check, found in checks.items():
        line, _, what = check.partition(": ")
        by_line.setdefault(line, {})[what] = found
    for line, found in by_line.items():
        failed = {what: f for what, f in found.items() if f}
        failures += [f"{line}: {what}: {f}" for what, fs in failed.items() for f in fs]
        if failed:
            print(f"FAILED {line}: " + "; ".join(f"{what} ({len(f)} games)" for what, f in failed.items()))
        else:
            print(f"ok {line}: {len(found)} checks")
    print(
        f"{len(cases)} games made in each binding, {len(saved)} saved texts, {len(saved) * 5} loads; "
        f"{sum(1 for f in checks.values() if f)} of {len(checks)} checks failed, {len(failures)} failures in all"
    )
    for failure in failures[:20]:
        print("  " + failure[:600])
    shutil.rmtree(bindings.folder, ignore_errors=True)
    return 1 if failures else 0


# ---- the cases --------------------------------------------------------------------------------


def make_cases(catalogue: List[Dict[str, Any]], ludus: Any, rng: random.Random, draws: int) -> List[Dict[str, Any]]:
    """Every game and ruleset, default and random valid options, with and without a seed, after
    0, a few and a few dozen steps."""
    cases = []
    for entry in catalogue:
        specs = entry["options"]
        rulesets = specs["ruleset"]["values"] if "ruleset" in specs else [None]
        for ruleset in rulesets:
            fixed = {} if ruleset is None else {"ruleset": ruleset}
            option_sets = [fixed] + [random_options(entry["id"], specs, fixed, ludus, rng) for _ in range(draws)]
            for options in option_sets:
                for seeded in (False, True):
                    for steps in (0, rng.randint(1, 6), rng.randint(20, 60)):
                        seed = None
                        if seeded:
                            seed = str(
                                rng.randrange(2**53) if rng.random() < 0.5 else rng.randrange(2**53, 2**64)
                            )
                        cases.append(
                            {
                                "game": entry["id"],
                                "ruleset": ruleset,
                                "options": options,
                                "seed": seed,
                                "js_seed_as": rng.choice(["bigint", "string"]),
                                "picks": [rng.randrange(1 << 30) for _ in range(steps)],
                            }
                        )
    return cases


def random_options(
    game_id: str, specs: Dict[str, Any], fixed: Dict[str, Any], ludus: Any, rng: random.Random
) -> Dict[str, Any]:
    """Options drawn from the catalogue's types and ranges (each option given or left to its
    default by a coin) that the library takes: drawn again while it refuses them."""
    for _ in range(200):
        options = dict(fixed)
        for name, spec in specs.items():
            if name in fixed or spec["type"] == "seed" or rng.random() < 0.5:
                continue
            if spec["type"] == "integer":
                options[name] = rng.randint(int(spec["min"]), int(spec["max"]))
            elif spec["type"] == "choice":
                options[name] = rng.choice(spec["values"])
            else:
                raise ValueError(f"{game_id}: option {name} of a type this test does not know: {spec['type']}")
        try:
            ludus.Game(game_id, options).close()
            return options
        except ludus.LudusError:
            continue
    return dict(fixed)


def ruleset_of(case: Dict[str, Any]) -> str:
    return case["game"] + ("" if case["ruleset"] is None else "/" + case["ruleset"])


def case_label(case: Dict[str, Any]) -> str:
    return (
        f"{ruleset_of(case)} options {json.dumps(case['options'])} seed {case['seed']} after {len(case['picks'])} steps"
    )


def first_difference(a: Any, b: Any, where: str = "") -> str:
    if type(a) is not type(b) or not isinstance(a, (dict, list)):
        if isinstance(a, str) and isinstance(b, str) and a.startswith("{") and b.startswith("{"):
            try:
                return first_difference(json.loads(a), json.loads(b), where)
            except ValueError:
                pass
        return f"{where or 'the value'}: {json.dumps(a)[:200]} saved, {json.dumps(b)[:200]} loaded"
    if isinstance(a, dict):
        for key in list(a) + [k for k in b if k not in a]:
            if a.get(key, "<absent>") != b.get(key, "<absent>"):
                return first_difference(a.get(key, "<absent>"), b.get(key, "<absent>"), f"{where}.{key}")
    else:
        for i in range(max(len(a), len(b))):
            x, y = (a[i] if i < len(a) else "<absent>"), (b[i] if i < len(b) else "<absent>")
            if x != y:
                return first_difference(x, y, f"{where}[{i}]")
    return f"{where}: equal"


def first_difference_of_texts(texts: Dict[str, Optional[str]]) -> str:
    names = list(texts)
    for other in names[1:]:
        if texts[other] != texts[names[0]]:
            if texts[other] is None or texts[names[0]] is None:
                return f"{names[0]} and {other}: one of them made no game"
            return f"{names[0]} and {other}: " + first_difference(texts[names[0]], texts[other])
    return "equal"


# ---- the bindings -----------------------------------------------------------------------------


class Bindings:
    """Making, saving and loading games in C (the C functions through ctypes), Python (the
    package) and JavaScript (js_side.mjs under node)."""

    def __init__(self, ludus: Any, library: Any, node: str, js_package: str) -> None:
        self.ludus, self.library, self.lib = ludus, library, library.lib
        self.node, self.js_package = node, js_package
        self.folder = Path(tempfile.mkdtemp(prefix="ludus-crossbinding-"))

    # C

    def _c_text(self, function: Callable[..., int], *args: Any) -> str:
        return self.library.call_string(function, *args)

    def _c_print(self, handle: Any) -> Dict[str, Any]:
        future = self.library.GameHandle()
        self.library.check(self.lib.ludus_game_clone(handle, ctypes.byref(future)))
        try:
            self._c_play(future, [0] * FUTURE_STEPS)
            phase = ["roll", "move", "over"][self.lib.ludus_game_phase(handle)]
            legal = (
                []
                if phase == "roll"
                else [m["text"] for m in json.loads(self._c_text(self.lib.ludus_game_legal_moves, handle))]
            )
            return {
                "text": self._c_text(self.lib.ludus_game_to_json, handle),
                "phase": phase,
                "legal": legal,
                "future": self._c_text(self.lib.ludus_game_to_json, future),
            }
        finally:
            self.lib.ludus_game_free(future)

    def _c_play(self, handle: Any, picks: List[int]) -> None:
        actions = (ctypes.c_int32 * 4096)()
        dice = (ctypes.c_int * 8)()
        count = ctypes.c_size_t()
        for pick in picks:
            phase = self.lib.ludus_game_phase(handle)
            if phase == 2:
                break
            if phase == 0:
                self.library.check(self.lib.ludus_game_roll(handle, dice, 8, ctypes.byref(count)))
            else:
                self.library.check(self.lib.ludus_game_actions(handle, actions, 4096, ctypes.byref(count)))
                self.library.check(self.lib.ludus_game_apply_action(handle, actions[pick % count.value]))

    def c_make(self, case: Dict[str, Any]) -> Dict[str, Any]:
        options = dict(case["options"])
        if case["seed"] is not None:
            options["seed"] = int(case["seed"])  # a JSON integer, as a C program writes it
        handle = self.library.GameHandle()
        try:
            self.library.check(
                self.lib.ludus_game_new(case["game"].encode(), json.dumps(options).encode(), ctypes.byref(handle))
            )
            self._c_play(handle, case["picks"])
            text = self._c_text(self.lib.ludus_game_to_json, handle)
            return {
                "fingerprint": self._c_print(handle),
                "options_seed": json.loads(text)["options"]["seed"],
                "saved": {"c ludus_game_to_json": text},
            }
        except self.ludus.LudusError as e:
            return {"error": f"{type(e).__name__}: {e}"}
        finally:
            self.lib.ludus_game_free(handle)

    def c_load(self, text: str) -> Dict[str, Any]:
        handle = self.library.GameHandle()
        try:
            self.library.check(self.lib.ludus_game_from_json(text.encode(), ctypes.byref(handle)))
            return {"c ludus_game_from_json(text)": self._c_print(handle)}
        except self.ludus.LudusError as e:
            return {"c ludus_game_from_json(text)": {"error": f"{type(e).__name__}: {e}"}}
        finally:
            self.lib.ludus_game_free(handle)

    # Python

    @staticmethod
    def _python_play(game: Any, picks: List[int]) -> None:
        for pick in picks:
            if game.is_over:
                break
            if str(game.phase) == "roll":
                game.roll()
            else:
                actions = game.actions()
                game.apply_action(actions[pick % len(actions)])

    def _python_print(self, game: Any) -> Dict[str, Any]:
        with game.copy() as future:
            self._python_play(future, [0] * FUTURE_STEPS)
            return {
                "text": game.to_json(),
                "phase": str(game.phase),
                "legal": game.legal_moves.texts,
                "future": future.to_json(),
            }

    def python_make(self, case: Dict[str, Any]) -> Dict[str, Any]:
        options = dict(case["options"])
        if case["seed"] is not None:
            options["seed"] = int(case["seed"])  # Python's ints are exact
        try:
            with self.ludus.Game(case["game"], options) as game:
                self._python_play(game, case["picks"])
                path = self.folder / "saved.json"
                game.save(path)
                return {
                    "fingerprint": self._python_print(game),
                    "options_seed": game.options["seed"],
                    "saved": {
                        "python json.dumps(game.to_dict())": json.dumps(game.to_dict()),
                        "python game.save(path)": path.read_text(encoding="utf-8"),
                    },
                }
        except self.ludus.LudusError as e:
            return {"error": f"{type(e).__name__}: {e}"}

    def python_load(self, text: str) -> Dict[str, Any]:
        path = self.folder / "loaded.json"
        path.write_text(text, encoding="utf-8")
        answers = {}
        for way, load in (
            ("python Game.from_json(json.loads(text))", lambda: self.ludus.Game.from_json(json.loads(text))),
            ("python Game.load(path)", lambda: self.ludus.Game.load(path)),
        ):
            try:
                with load() as game:
                    answers[way] = self._python_print(game)
            except self.ludus.LudusError as e:
                answers[way] = {"error": f"{type(e).__name__}: {e}"}
        return answers

    # JavaScript

    def js(self, request: Dict[str, Any]) -> Dict[str, Any]:
        asked, answered = self.folder / "request.json", self.folder / "answer.json"
        asked.write_text(json.dumps(request), encoding="utf-8")
        subprocess.run(
            [self.node, str(Path(__file__).with_name("js_side.mjs")), self.js_package, str(asked), str(answered)],
            check=True,
        )
        return json.loads(answered.read_text(encoding="utf-8"))


if __name__ == "__main__":
    sys.exit(main())
