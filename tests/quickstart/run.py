#!/usr/bin/env python3
"""The README's quick starts on a fresh clone, typed as a new user types them.

For each part (c: "The library alone" with the C quick start; python; js) the commands of the
part's console block run one after the other in one bash, from the top of a fresh `git clone`
of the source (its committed state), with HOME a new empty folder and nothing of this machine's
builds in the environment; the part's code block is saved first under the name the README gives
(app.c, app.py, app.mjs). The last command runs the program: it must succeed and print what the
README says it prints. Then the same command runs a copy whose game id is broken, and must fail:
a quick start that ignores an error cannot pass.

Usage: /usr/bin/python3 tests/quickstart/run.py [--source DIR] [--parts c,python,js] [--keep]
Prints "ok NAME" or "FAILED NAME" per check, each with its time; exit status 1 on a failure.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))
from doc_blocks import blocks, blocks_in, output_pattern, promised_outputs  # noqa: E402

# part: (the README section of its commands, the section and tag of its code, the file it is saved as)
PARTS = {
    "c": ("### The library alone", ("## Quick start in C", "c"), "app.c"),
    "python": ("## Quick start in Python", ("## Quick start in Python", "python"), "app.py"),
    "js": ("## Quick start in JavaScript", ("## Quick start in JavaScript", "js"), "app.mjs"),
}
# What a user's shell has not: this machine's builds and caches pointed at by the environment.
UNSET = ("LUDUS_LIBRARY", "LUDUS_JS_PACKAGE", "PYTHONPATH", "PYTHONHOME", "LD_LIBRARY_PATH", "PKG_CONFIG_PATH",
         "VIRTUAL_ENV", "MESON_BUILD_ROOT", "MESON_SOURCE_ROOT")


def section(readme_text, heading):
    """The text of the section under `heading`, up to the next heading of the same or a higher level."""
    level = len(heading) - len(heading.lstrip("#"))
    start = readme_text.index(heading + "\n")
    rest = readme_text[start + len(heading) + 1:]
    end = re.search(rf"^#{{1,{level}}} ", rest, re.M)
    return readme_text[start:start + len(heading) + 1 + (end.start() if end else len(rest))]


def line_of(readme_text, heading):
    return readme_text.count("\n", 0, readme_text.index(heading + "\n")) + 1


def part_blocks(readme, heading_commands, code_where):
    """(the commands, the code, the code's promised output) of a part."""
    text = readme.read_text(encoding="utf-8")
    commands_section = section(text, heading_commands)
    commands = [block for tag, block, _ in blocks_in(commands_section) if tag == "console"]
    if len(commands) != 1:
        raise AssertionError(f"{heading_commands}: {len(commands)} console blocks, not one")
    lines = [line[2:] for line in commands[0].splitlines() if line.startswith("$ ")]
    code_heading, tag = code_where
    first, last = line_of(text, code_heading), line_of(text, code_heading) + section(text, code_heading).count("\n")
    code = [(block, line) for t, block, line in blocks(readme) if t == tag and first <= line < last]
    if len(code) != 1:
        raise AssertionError(f"{code_heading}: {len(code)} {tag} blocks, not one")
    block, line = code[0]
    promised = promised_outputs(readme).get(line)
    if promised is None:
        raise AssertionError(f"README.md:{line}: the {tag} block does not say what it prints")
    return lines, block, promised


def user_env(home):
    env = {k: v for k, v in os.environ.items() if k not in UNSET}
    env["HOME"] = str(home)
    env.setdefault("CCACHE_DIR", os.path.expanduser("~/.ccache"))  # a cache only: the same compiler output
    return env


def check_part(name, readme, clone, home, logs):
    heading, code_where, filename = PARTS[name]
    commands, code, promised = part_blocks(readme, heading, code_where)
    broken = re.sub(r'"(petteia|duodecim|latrunculi|xii_scripta)"', '"no_such_game"', code, count=1)
    assert broken != code, f"{name}: no game id to break"
    (clone / filename).write_text(code, encoding="utf-8")
    (logs / f"broken-{filename}").write_text(broken, encoding="utf-8")
    setup, program = "\n".join(commands[:-1]), commands[-1]
    status = {kind: logs / f"{name}-{kind}.status" for kind in ("as-written", "broken")}
    # One shell, as a user types: an export or a cd carries over. The set-up's output goes to the
    # log; the program's to be compared. Then the program again, on a copy with its game id
    # broken (written where the program reads it), which must fail.
    script = f"""exec 3>&1 >&2
{setup}
set +e
{program} >&3; echo $? >{status["as-written"]}
cp {logs / f"broken-{filename}"} {filename}
{program} >/dev/null; echo $? >{status["broken"]}
"""
    t0 = time.time()
    log = logs / f"{name}.log"
    with open(log, "w", encoding="utf-8") as err:
        ran = subprocess.run(["bash", "-c", "set -eo pipefail\n" + script], cwd=clone, env=user_env(home),
                             stdout=subprocess.PIPE, stderr=err, text=True)
    took = time.time() - t0
    printed = ran.stdout.rstrip() + "\n"
    if not status["as-written"].exists():
        report(name, [f"a set-up command failed (exit status {ran.returncode}):\n" + tail(log)], took)
        return
    failures = []
    code_status = int(status["as-written"].read_text())
    if code_status != 0:
        failures.append(f"the program's exit status is {code_status}:\n" + tail(log))
    elif not re.fullmatch(output_pattern(promised), printed):
        failures.append(f"it prints:\n{printed}\nthe README says:\n{promised}")
    report(name, failures, took)
    broken_status = int(status["broken"].read_text())
    report(f"{name}-fails-when-broken", [] if broken_status != 0 else ["a broken quick start still exits 0"], 0)


def tail(path, lines=30):
    text = Path(path).read_text(encoding="utf-8", errors="replace").splitlines()
    return "\n".join("  | " + line for line in text[-lines:])


failed = 0


def report(name, failures, took):
    global failed
    if failures:
        failed += 1
        print(f"FAILED {name} ({took:.0f} s)\n" + "\n".join(failures), flush=True)
    else:
        print(f"ok {name} ({took:.0f} s)", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--source", default=str(Path(__file__).resolve().parents[2]), help="the repository to clone")
    parser.add_argument("--parts", default="c,python,js", help="comma-separated: c, python, js")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args()
    parts = args.parts.split(",")
    unknown = set(parts) - set(PARTS)
    if unknown:
        parser.error(f"unknown parts {', '.join(sorted(unknown))} (known: {', '.join(PARTS)})")
    tmp = Path(tempfile.mkdtemp(prefix="ludus-quickstart."))
    home, logs = tmp / "home", tmp / "logs"
    home.mkdir()
    logs.mkdir()
    clone = home / "libludus"
    try:
        subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", args.source, str(clone)], check=True)
        readme = clone / "README.md"
        for name in parts:
            check_part(name, readme, clone, home, logs)
    finally:
        if args.keep:
            print(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
