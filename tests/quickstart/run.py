#!/usr/bin/env python3
"""The README's quick starts, and the install recipes of docs/, on a fresh clone, typed as a new
user types them.

For each part (c: "The library alone" with the C quick start; python; js) the commands of the
part's console block run one after the other in one bash, from the top of a fresh `git clone`
of the source (its committed state), with HOME a new empty folder and nothing of this machine's
builds in the environment; the part's code block is saved first under the name the README gives
(app.c, app.py, app.mjs). The last command runs the program: it must succeed and print what the
README says it prints. Then the same command runs a copy whose game id is broken, and must fail:
a quick start that ignores an error cannot pass.

Two more parts follow a console block of docs/ each, on a fresh clone and an empty HOME of their
own, with the PATH of this machine (whose first python3 may be a pyenv one without Debian's
packages): install (docs/building.md: `meson install` into $HOME/ludus, then `ludus --help`,
`ludus solve ur --pieces 2` and `ludus serve`) and server (docs/server.md, "Installing the
server": the offline venv made from Debian's interpreter, then `ludus serve`). A block's `sudo
apt install` line is not run: each package it names must be installed. Its last command, `ludus
serve`, runs on a free port (`--port` added) until it has answered /health, the invitation link
of a new game, and printed its address, database and what the links open; then it is stopped.
Each has its failing twin: `ludus solve` with the installed solver removed must fail and say
where it looked; the venv's package run by the first python3 on PATH (when that is not Debian's)
must refuse to serve and name that interpreter.

Usage: /usr/bin/python3 tests/quickstart/run.py [--source DIR] [--parts c,python,js,install,server] [--keep]
Prints "ok NAME" or "FAILED NAME" per check, each with its time; exit status 1 on a failure.
"""
import argparse
import ast
import json
import os
import signal
import socket
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))
from doc_blocks import blocks, blocks_in, output_pattern, promised_outputs  # noqa: E402

# part: (the README section of its commands, the section and tag of its code, the file it is saved as)
PARTS = {
    "c": ("### The library alone", ("## Quick start in C", "c"), "app.c"),
    "python": ("## Quick start in Python", ("## Quick start in Python", "python"), "app.py"),
    "js": ("## Quick start in JavaScript", ("## Quick start in JavaScript", "js"), "app.mjs"),
}
# part: (the page, a command of its console block that picks the block)
DOC_PARTS = {
    "install": ("docs/building.md", "meson install -C build-lib"),
    "server": ("docs/server.md", "venv --system-site-packages"),
}
DEBIAN_PYTHON = "/usr/bin/python3"
# What a user's shell has not: this machine's builds and caches pointed at by the environment.
UNSET = (
    "LUDUS_LIBRARY",
    "LUDUS_JS_PACKAGE",
    "PYTHONPATH",
    "PYTHONHOME",
    "LD_LIBRARY_PATH",
    "PKG_CONFIG_PATH",
    "VIRTUAL_ENV",
    "MESON_BUILD_ROOT",
    "MESON_SOURCE_ROOT",
)


def section(readme_text, heading):
    """The text of the section under `heading`, up to the next heading of the same or a higher level."""
    level = len(heading) - len(heading.lstrip("#"))
    start = readme_text.index(heading + "\n")
    rest = readme_text[start + len(heading) + 1 :]
    end = re.search(rf"^#{{1,{level}}} ", rest, re.M)
    return readme_text[start : start + len(heading) + 1 + (end.start() if end else len(rest))]


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
        ran = subprocess.run(
            ["bash", "-c", "set -eo pipefail\n" + script],
            cwd=clone,
            env=user_env(home),
            stdout=subprocess.PIPE,
            stderr=err,
            text=True,
        )
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


def doc_commands(page, marker):
    """The `$ ` lines of the console block of ``page`` that has a line containing ``marker``."""
    found = [block for tag, block, _ in blocks(page) if tag == "console" and marker in block]
    if len(found) != 1:
        raise AssertionError(f"{page}: {len(found)} console blocks with {marker!r}, not one")
    return [line[2:] for line in found[0].splitlines() if line.startswith("$ ")]


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def installed(package):
    ran = subprocess.run(["dpkg-query", "-W", "-f=${Status}", package], capture_output=True, text=True)
    return ran.returncode == 0 and ran.stdout.endswith(" installed")


def server_debian_packages(clone):
    """The Debian packages `ludus serve` checks for (ludus.server.DEBIAN_PACKAGES, read from the source)."""
    tree = ast.parse((clone / "bindings/python/ludus/server/__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "DEBIAN_PACKAGES":
            return set(ast.literal_eval(node.value).values())
    raise AssertionError("ludus/server/__init__.py: no DEBIAN_PACKAGES")


def http(url, body=None, timeout=5):
    """(status, text) of a GET, or of a POST of ``body`` as JSON."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def check_serving(name, port, out, pid):
    """The server started by the block's last command: /health, a game's invitation link, its
    start lines; then stopped."""
    base = f"http://127.0.0.1:{port}"
    failures = []
    t0 = time.time()
    health = None
    while time.time() - t0 < 60:
        try:
            health = http(base + "/health")
            break
        except OSError:
            if not process_alive(pid):
                break
            time.sleep(0.2)
    if health is None or health[0] != 200 or json.loads(health[1]).get("status") != "ok":
        failures.append(f"/health did not answer 200 ok within 60 s: {health}\n" + tail(out))
    else:
        status, text = http(base + "/api/games", {"game": "petteia"})
        join = json.loads(text)["links"]["join"] if status == 201 else ""
        if status != 201 or not join.startswith(base + "/#join="):
            failures.append(f"POST /api/games: {status} {text[:200]}")
        else:
            page_status, page = http(join)
            if page_status != 200 or "join_game" not in page:
                failures.append(f"the invitation link {join} answers {page_status}, not the page that says how to join")
    stop(pid)
    printed = Path(out).read_text(encoding="utf-8", errors="replace")
    for promised in (f"listening at {base}/", "database sqlite:", "no web app (no --app): invitation links"):
        if promised not in printed:
            failures.append(f"the start does not print {promised!r}:\n" + tail(out))
    report(f"{name}-serve", failures, time.time() - t0)


def process_alive(pid):
    try:
        os.kill(pid, 0)
        return True
    except OSError:
        return False


def stop(pid):
    if not process_alive(pid):
        return
    os.kill(pid, signal.SIGTERM)
    for _ in range(100):
        if not process_alive(pid):
            return
        time.sleep(0.1)
    os.kill(pid, signal.SIGKILL)


def check_doc_part(name, source, tmp):
    """A docs/ console block on a fresh clone and an empty HOME of its own (see the docstring)."""
    home, logs = tmp / name / "home", tmp / name / "logs"
    home.mkdir(parents=True)
    logs.mkdir()
    clone = home / "libludus"
    subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", source, str(clone)], check=True)
    page, marker = DOC_PARTS[name]
    commands = doc_commands(clone / page, marker)
    apt = [c for c in commands if c.startswith(("sudo apt install ", "apt install "))]
    commands = [c for c in commands if c not in apt]
    named = {word for line in apt for word in line.split()[2:] if not word.startswith("-")} - {"install"}
    missing = sorted(p for p in named if not installed(p))
    wanted = server_debian_packages(clone) - named if name == "server" else set()
    if apt or wanted:  # the install block needs no package beyond the build's: it has no apt line
        report(
            f"{name}-packages",
            [f"the block names packages not installed here: {missing}"] * bool(missing)
            + [f"the block's apt line lacks {sorted(wanted)}, which ludus serve needs"] * bool(wanted),
            0,
        )
    if not commands[-1].endswith("ludus serve"):
        report(name, [f"{page}: the block's last command is not `ludus serve`: {commands[-1]!r}"], 0)
        return
    port = free_port()
    # One bash, as a user types (an export carries over); each command's output in its own log,
    # the number of the last command that succeeded in done; the server left running, its pid kept.
    lines = ["set -eo pipefail"]
    for i, command in enumerate(commands[:-1]):
        lines.append(f"{command} >{logs}/{i}.out 2>{logs}/{i}.err; echo {i} >{logs}/done")
    lines.append(f"{commands[-1]} --port {port} >{logs}/serve.out 2>&1 & echo $! >{logs}/serve.pid")
    t0 = time.time()
    ran = subprocess.run(
        ["bash", "-c", "\n".join(lines)], cwd=clone, env=user_env(home), capture_output=True, text=True, timeout=1800
    )
    done = int((logs / "done").read_text()) if (logs / "done").exists() else -1
    if ran.returncode != 0 or done != len(commands) - 2:
        failed_at = done + 1
        report(
            name,
            [
                f"`{commands[failed_at]}` failed (exit status {ran.returncode}):\n"
                + tail(logs / f"{failed_at}.err")
                + "\n"
                + tail(logs / f"{failed_at}.out")
            ],
            time.time() - t0,
        )
        return
    failures = []
    for i, command in enumerate(commands[:-1]):
        out = (logs / f"{i}.out").read_text(encoding="utf-8", errors="replace")
        if command.endswith("ludus --help") and not ("solve" in out and "serve" in out):
            failures.append(f"`{command}` does not list solve and serve:\n{out}")
        if "ludus solve ur --pieces 2" in command:
            summary = json.loads(out) if out.strip().startswith("{") else {}
            if summary.get("states") != 12869 or not (clone / "ur-finkel-2-4.table").is_file():
                failures.append(
                    f"`{command}` printed {out!r}; the table ur-finkel-2-4.table "
                    f"{'is' if (clone / 'ur-finkel-2-4.table').is_file() else 'is not'} written"
                )
    report(name, failures, time.time() - t0)
    check_serving(name, port, logs / "serve.out", int((logs / "serve.pid").read_text()))
    if name == "install":
        check_install_fails_without_solver(home, clone)
    else:
        check_server_refused_by_other_python(home, clone, logs)


def check_install_fails_without_solver(home, clone):
    """The installed solver removed, `ludus solve` must fail, naming where it looked."""
    solver = home / "ludus" / "bin" / "ludus-ur-solve"
    if not solver.is_file():
        report("install-solver-installed", [f"no {solver}"], 0)
        return
    solver.unlink()
    ran = subprocess.run(
        [str(home / "ludus" / "bin" / "ludus"), "solve", "ur", "--pieces", "2", "-o", "again.table"],
        cwd=clone,
        env=user_env(home),
        capture_output=True,
        text=True,
        timeout=120,
    )
    failures = []
    if ran.returncode == 0 or (clone / "again.table").exists():
        failures.append("`ludus solve` succeeded without its solver")
    if str(solver) not in ran.stdout:
        failures.append(f"the message does not name {solver}:\n{ran.stdout}{ran.stderr}")
    report("install-fails-without-solver", failures, 0)


def check_server_refused_by_other_python(home, clone, logs):
    """The venv's package run by the first python3 on PATH, when that is not Debian's: `ludus serve`
    must refuse in one line naming that interpreter (it cannot see Debian's packages)."""
    env = user_env(home)
    first = subprocess.run(
        ["python3", "-c", "import sys; print(sys.executable)"], env=env, capture_output=True, text=True
    ).stdout.strip()
    if not first or os.path.realpath(first) == os.path.realpath(DEBIAN_PYTHON):
        print(f"note: the first python3 on PATH is {DEBIAN_PYTHON}: server-fails-with-other-python skipped")
        return
    sites = list((home / "ludus-env" / "lib").glob("python3*/site-packages"))
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); from ludus.cli import main; "
        "sys.exit(main(['serve', '--port', str(sys.argv[2])]))"
    )
    ran = subprocess.run(
        [first, "-c", code, str(sites[0]) if sites else "", str(free_port())],
        cwd=clone,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    failures = []
    if ran.returncode == 0:
        failures.append(f"{first} served without Debian's packages")
    elif f"which this Python ({first}) cannot import" not in ran.stdout:
        failures.append(f"the refusal does not name {first}:\n{ran.stdout}{ran.stderr}")
    report("server-fails-with-other-python", failures, 0)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--source", default=str(Path(__file__).resolve().parents[2]), help="the repository to clone")
    parser.add_argument(
        "--parts", default="c,python,js,install,server", help="comma-separated: c, python, js, install, server"
    )
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = parser.parse_args()
    parts = args.parts.split(",")
    unknown = set(parts) - set(PARTS) - set(DOC_PARTS)
    if unknown:
        parser.error(f"unknown parts {', '.join(sorted(unknown))} (known: {', '.join([*PARTS, *DOC_PARTS])})")
    tmp = Path(tempfile.mkdtemp(prefix="ludus-quickstart."))
    home, logs = tmp / "home", tmp / "logs"
    home.mkdir()
    logs.mkdir()
    clone = home / "libludus"
    try:
        subprocess.run(["git", "clone", "--quiet", "--no-hardlinks", args.source, str(clone)], check=True)
        readme = clone / "README.md"
        for name in parts:
            if name in PARTS:
                check_part(name, readme, clone, home, logs)
        for name in parts:
            if name in DOC_PARTS:
                check_doc_part(name, args.source, tmp)
    finally:
        if args.keep:
            print(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
