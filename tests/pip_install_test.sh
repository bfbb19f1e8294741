#!/usr/bin/env bash
# What a Python user does: `pip install .` of this source tree into a fresh virtual environment,
# offline, then use the package from another folder with nothing pointing at a build: no
# LUDUS_LIBRARY, no PYTHONPATH. Twice, with two interpreters:
#  - debian: Debian's /usr/bin/python3, a venv with --system-site-packages and
#    `pip install --no-build-isolation --no-index .` (what docs/python.md shows);
#  - path: the first python3 on PATH when it is another interpreter (a pyenv one here), which
#    cannot import Debian's meson-python: a plain venv and `pip install --no-index .`, build
#    isolation on, as a new user types it. The build backend (bindings/python/build_backend)
#    must find meson-python itself and report progress. On a machine where the first python3 is
#    Debian's, the script says so and skips this half.
# Usage: tests/pip_install_test.sh [SOURCE_DIR]   (.ci/run step 8; prints "ok NAME" or
# "FAILED NAME" per check and "N passed, N failed" at the end; exit status 1 on a failure).
# LUDUS_PYTHON replaces Debian's interpreter; LUDUS_PIP_PYTHONS="debian" or "path" runs one half.
set -uo pipefail
source_dir=$(cd "${1:-$(dirname "$0")/..}" && pwd)
debian_python=${LUDUS_PYTHON:-/usr/bin/python3}   # Debian's interpreter: its dist-packages has meson-python
halves=${LUDUS_PIP_PYTHONS:-debian path}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ludus-pip.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0 failed=0
# check NAME COMMAND...: runs it with its output in $tmp/NAME.log, shown on failure
check() {
  local name=$1; shift
  if "$@" >"$tmp/$name.log" 2>&1; then
    echo "ok $name"; passed=$((passed + 1))
  else
    echo "FAILED $name"; sed 's/^/  | /' "$tmp/$name.log" | tail -40; failed=$((failed + 1))
  fi
}
clean_env=(env -u LUDUS_LIBRARY -u PYTHONPATH -u LD_LIBRARY_PATH -u PYTHONHOME PIP_NO_INPUT=1
           PIP_DISABLE_PIP_VERSION_CHECK=1)
elsewhere=$tmp/elsewhere
mkdir -p "$elsewhere"

# use_venv LABEL VENV: the package installed in VENV works from another folder.
use_venv() {
  local label=$1 venv=$2
  cd "$elsewhere" || exit 1
  # The import resolves to the venv, the library to the copy inside the package, and the board prints.
  check "$label-import-from-elsewhere" "${clean_env[@]}" "$venv/bin/python" -c '
import os, sys, ludus
venv = os.path.realpath(sys.argv[1])
package = os.path.dirname(os.path.realpath(ludus.__file__))
assert package.startswith(venv + os.sep), ("ludus imported from", package)
assert os.path.dirname(os.path.realpath(ludus.library_path())) == package, ("library", ludus.library_path())
board = str(ludus.Game("petteia"))
print(board)
assert board.startswith("Petteia 8x8") and "a b c d e f g h" in board, board
' "$venv"
  # The version is the Meson project version, in the package metadata and in the library.
  check "$label-version" "${clean_env[@]}" "$venv/bin/python" -c '
import re, sys, importlib.metadata, ludus
meson = re.search(r"version:\s*.([0-9.]+).", open(sys.argv[1]).read()).group(1)
assert importlib.metadata.version("ludus") == meson == ludus.library_version() == ludus.__version__, meson
' "$source_dir/meson.build"
  # A short game of each: the computer against random moves, then a random playout to the end.
  check "$label-play" "${clean_env[@]}" "$venv/bin/python" -c '
import pathlib, random, sys, ludus
# Every game the source documents a rules page for (docs/rules/<id>.md) is in the installed library.
documented = {page.stem.replace("-", "_") for page in pathlib.Path(sys.argv[1], "docs", "rules").glob("*.md")}
assert documented and documented == set(ludus.game_ids()), (documented, ludus.game_ids())
for game_id in ludus.game_ids():
    with ludus.Game(game_id, seed=5) as game:
        chooser = random.Random(5)
        for ply in range(20):
            if game.phase == ludus.Phase.ROLL:
                game.roll()
            elif game.phase == ludus.Phase.MOVE:
                game.play(game.ai_move("medium") if game.to_move == 0 else chooser.choice(game.legal_moves))
        restored = ludus.Game.from_json(game.to_json())
        result, plies = restored.random_playout(5)
        assert restored.is_over and result != ludus.Result.ONGOING, (game_id, result)
        print(game_id, result, "after", len(restored.history), "events")
' "$source_dir"
  # The console script the wheel installs.
  check "$label-console-script" "${clean_env[@]}" "$venv/bin/ludus" games
  # `ludus solve` runs the solver the wheel carries inside the package (nothing on PATH, no
  # LUDUS_UR_SOLVE): the table is written, and the solver found is the venv's.
  check "$label-solve" "${clean_env[@]}" LUDUS_UR_SOLVE= PATH=/usr/bin:/bin "$venv/bin/python" -c '
import json, os, subprocess, sys
from ludus.cli import solve
venv = os.path.realpath(sys.argv[1])
found = solve.solver_path()
assert found and os.path.realpath(found).startswith(venv + os.sep), ("solver", found)
ran = subprocess.run([os.path.join(venv, "bin", "ludus"), "solve", "ur", "--pieces", "2", "-o", "venv-2.table", "--quiet"],
                     capture_output=True, text=True)
assert ran.returncode == 0, ran.stdout + ran.stderr
assert json.loads(ran.stdout)["states"] == 12869 and os.path.getsize("venv-2.table") > 0, ran.stdout
print(found)
' "$venv"
  # and without it, `ludus solve` fails, saying where it looked (the package folder first)
  check "$label-solve-fails-without-solver" "${clean_env[@]}" LUDUS_UR_SOLVE= PATH=/usr/bin:/bin "$venv/bin/python" -c '
import os, shutil, subprocess, sys
from ludus.cli import solve
found = solve.solver_path()
shutil.move(found, found + ".away")
try:
    ran = subprocess.run([os.path.join(sys.argv[1], "bin", "ludus"), "solve", "ur", "--pieces", "2", "-o", "gone.table"],
                         capture_output=True, text=True)
finally:
    shutil.move(found + ".away", found)
assert ran.returncode == 1 and not os.path.exists("gone.table"), ran.stdout + ran.stderr
assert found + " (the ludus package" in ran.stdout, ran.stdout
' "$venv"
}

case " $halves " in *" debian "*)
  # --system-site-packages: meson-python, meson's Python parts and pyproject-metadata come from
  # Debian; the package itself must land in the venv (checked above).
  venv=$tmp/venv-debian
  check debian-venv "$debian_python" -m venv --system-site-packages "$venv"
  start=$(date +%s)
  check debian-pip-install "${clean_env[@]}" "$venv/bin/python" -m pip install --no-build-isolation --no-index "$source_dir"
  echo "  (pip install with $debian_python: $(($(date +%s) - start)) s)"
  use_venv debian "$venv"
esac

case " $halves " in *" path "*)
  # The interpreter itself, not a pyenv shim: what `python3 -m venv` would copy.
  path_python=$(env -u PYTHONPATH python3 -c 'import sys; print(sys.executable)' 2>/dev/null)
  if [ -z "$path_python" ] || [ "$(realpath "$path_python")" = "$(realpath "$debian_python")" ]; then
    echo "note: the first python3 on PATH is $debian_python itself: no other interpreter to install with (skipped)"
  else
    venv=$tmp/venv-path
    check path-venv "$path_python" -m venv "$venv"
    if "$venv/bin/python" -c 'import mesonpy' 2>/dev/null; then
      echo "note: $path_python has meson-python of its own: the backend's search of the system's packages is not exercised"
    fi
    start=$(date +%s)
    # -v: the backend's progress lines are in pip's log (on a terminal they also appear without -v)
    check path-pip-install "${clean_env[@]}" "$venv/bin/python" -m pip install -v --no-index "$source_dir"
    echo "  (pip install with $path_python: $(($(date +%s) - start)) s)"
    check path-progress grep -q "ludus: compiling libludus" "$tmp/path-pip-install.log"
    use_venv path "$venv"
  fi
esac

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
