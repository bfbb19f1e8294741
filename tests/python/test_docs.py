"""Every fenced code block of README.md and docs/ runs, so the documentation cannot drift away
from the library.

Convention: ```python blocks are exec'd in one namespace per page (in a folder where the clone's
folders are linked, as at its top), ```c blocks are compiled
against the built library and run (a block without ``main`` is wrapped in one, with
<ludus/ludus.h>, <stdio.h> and <stdlib.h> included), ```js blocks are ES modules run with Node,
which finds ``ludus-engine`` as the WebAssembly build's package and ``./examples`` as the clone's, ```rust
blocks are compiled with rustc alone (LUDUS_RUSTC, which meson sets when it finds one, else the
rustc on PATH) against the built library and run, ```sh / ```bash blocks run in one
bash per page, with ``set -e``, as if at the top of a clone whose build folder is ``build``. ```text and ```console blocks are shown, not run; any other tag
(or none) fails, so that a block is never silently left out. Each page's blocks of one language
run in order, in a temporary folder. A run block followed by a ```text block whose introducing
sentence ends with "prints:" must print that text (a "..." in a line stands for any text, a line
of "..." alone for any lines), so that what a page says a block prints is what it prints.

The native build runs this module with LUDUS_LIBRARY (python, c and sh blocks; js blocks are
skipped there with the reason); the WebAssembly build runs it with LUDUS_JS_PACKAGE and
``--noconftest`` (js blocks only; the others are skipped, the native build runs them).
"""
import contextlib
import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest


from doc_blocks import blocks, output_pattern, promised_outputs  # shared with tests/quickstart/run.py

pytestmark = pytest.mark.quick  # in the quick suite (conftest.py)

SOURCE_ROOT = Path(__file__).resolve().parents[2]
PAGES = [SOURCE_ROOT / "README.md", *sorted((SOURCE_ROOT / "docs").rglob("*.md"))]
RUN = {"python": "python", "c": "c", "js": "js", "javascript": "js", "rust": "rust", "sh": "sh", "bash": "sh"}
SHOWN = {"text", "console"}
C_PRELUDE = "#include <ludus/ludus.h>\n#include <stdio.h>\n#include <stdlib.h>\n"


def name(page):
    return str(page.relative_to(SOURCE_ROOT))


CASES = [
    (page, language)
    for page in PAGES
    for language in ("python", "c", "js", "rust", "sh")
    if any(RUN.get(tag) == language for tag, _, _ in blocks(page))
]


def library():
    path = os.environ.get("LUDUS_LIBRARY")
    if not path:
        pytest.skip("no LUDUS_LIBRARY: the native build runs these blocks")
    return Path(path).resolve()


def failure(page, line, code, detail):
    return f"the block at {name(page)}:{line} fails:\n{detail}\n--- the block ---\n{code}"


def check_output(page, line, code, printed):
    expected = promised_outputs(page).get(line)
    if expected is None:
        return
    printed = printed.rstrip() + "\n"  # trailing blank lines are not shown
    assert re.fullmatch(output_pattern(expected), printed), failure(
        page, line, code, f"it prints:\n{printed}\nbut the page says it prints:\n{expected}"
    )


def run_python(page, found, folder):
    library()
    link_clone_folders(folder)
    namespace = {"__name__": "__docs__"}
    here = os.getcwd()
    os.chdir(folder)
    try:
        for code, line in found:
            printed = io.StringIO()
            try:
                with contextlib.redirect_stdout(printed):
                    exec(compile(code, f"{name(page)}:{line}", "exec"), namespace)
            except Exception as e:  # the page and line of the failing block, with the block
                raise AssertionError(failure(page, line, code, repr(e))) from e
            check_output(page, line, code, printed.getvalue())
    finally:
        os.chdir(here)


def library_env(lib):
    env = dict(os.environ)
    env["LUDUS_LIBRARY"] = str(lib)
    env["PYTHONPATH"] = str(SOURCE_ROOT / "bindings" / "python") + os.pathsep + env.get("PYTHONPATH", "")
    env["LD_LIBRARY_PATH"] = str(lib.parent) + os.pathsep + env.get("LD_LIBRARY_PATH", "")
    return env


def build_and_run(page, found, folder, suffix, source_of, compile_command):
    """Each block written to blockN.SUFFIX (source_of(code) its text), compiled by
    compile_command(source, program), run against the library, its promised output checked."""
    lib = library()
    for number, (code, line) in enumerate(found, 1):
        path = folder / f"block{number}.{suffix}"
        path.write_text(source_of(code), encoding="utf-8")
        program = folder / f"block{number}"
        built = subprocess.run(
            compile_command(path, program, lib), capture_output=True, text=True, cwd=folder, timeout=300
        )
        assert built.returncode == 0, failure(page, line, code, built.stderr)
        ran = subprocess.run(
            [str(program)], capture_output=True, text=True, cwd=folder, env=library_env(lib), timeout=120
        )
        assert ran.returncode == 0, failure(page, line, code, ran.stdout + ran.stderr)
        check_output(page, line, code, ran.stdout)


def run_c(page, found, folder):
    library()
    compiler = shutil.which(os.environ.get("CC", "cc"))
    if compiler is None:
        pytest.skip("no C compiler")
    build_and_run(
        page,
        found,
        folder,
        "c",
        lambda code: code
        if re.search(r"\bmain\s*\(", code)
        else C_PRELUDE + "int main(void) {\n" + code + "return 0;\n}\n",
        lambda path, program, lib: [
            compiler,
            "-std=c11",
            "-Wall",
            "-Werror",
            "-I",
            str(SOURCE_ROOT / "include"),
            str(path),
            "-o",
            str(program),
            str(lib),
            f"-Wl,-rpath,{lib.parent}",
        ],
    )


def rust_compiler():
    """Meson's rustc (LUDUS_RUSTC) when meson runs the test; by hand, the rustc on PATH."""
    if os.environ.get("LUDUS_RUSTC"):
        return os.environ["LUDUS_RUSTC"]
    if os.environ.get("LUDUS_BUILD_ROOT"):
        pytest.skip("meson found no rustc when this build was set up (Debian's rustc; .ci/setup installs it)")
    compiler = shutil.which("rustc")
    if compiler is None:
        pytest.skip("no rustc")
    return compiler


def run_rust(page, found, folder):
    library()
    if os.environ.get("LD_PRELOAD"):
        # A sanitized library (.ci/run's ASan step) would need Rust's own sanitizer support; the
        # plain build runs these blocks.
        pytest.skip("the library is sanitized (LD_PRELOAD): the Rust blocks run in the plain build")
    rustc = rust_compiler()
    build_and_run(
        page,
        found,
        folder,
        "rs",
        lambda code: code,
        lambda path, program, lib: [
            rustc,
            "--edition",
            "2021",
            str(path),
            "-o",
            str(program),
            "-L",
            str(lib.parent),
            "-C",
            f"link-args=-Wl,-rpath,{lib.parent}",
        ],
    )


def run_js(page, found, folder):
    package = os.environ.get("LUDUS_JS_PACKAGE")
    if not package:
        pytest.skip(
            "no LUDUS_JS_PACKAGE: the WebAssembly build runs these blocks (meson test -C build-wasm 'docs js blocks')"
        )
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node")
    modules = folder / "node_modules"
    modules.mkdir()
    (modules / "ludus-engine").symlink_to(Path(package).resolve().parent, target_is_directory=True)
    (folder / "examples").symlink_to(SOURCE_ROOT / "examples", target_is_directory=True)  # the web app's modules
    for number, (code, line) in enumerate(found, 1):
        path = folder / f"block{number}.mjs"
        path.write_text(code, encoding="utf-8")
        ran = subprocess.run([node, str(path)], capture_output=True, text=True, cwd=folder, timeout=120)
        assert ran.returncode == 0, failure(page, line, code, ran.stdout + ran.stderr)
        check_output(page, line, code, ran.stdout)


# What a shell block sees of the clone it is written for (the commands run from its top).
CLONE_FOLDERS = ("bindings", "examples", "include", "schemas", "docs")


def link_clone_folders(folder):
    """The folders of the clone linked into the temporary folder, as if it were the clone's top,
    and its build as ``build`` (BUILD/capi/libludus.so.1, BUILD/schemas/)."""
    for entry in CLONE_FOLDERS:
        (folder / entry).symlink_to(SOURCE_ROOT / entry, target_is_directory=True)
    (folder / "build").symlink_to(library().parent.parent, target_is_directory=True)


def run_sh(page, found, folder):
    """The page's shell blocks, in one bash, as if at the top of a clone whose build is ``build``
    (the folders of the clone linked into the temporary folder)."""
    lib = library()
    link_clone_folders(folder)
    script = "set -euo pipefail\n" + "".join(f"# {name(page)}:{line}\n{code}" for code, line in found)
    env = library_env(lib)
    ran = subprocess.run(["bash", "-c", script], capture_output=True, text=True, cwd=folder, env=env, timeout=300)
    assert ran.returncode == 0, failure(page, found[0][1], script, ran.stdout + ran.stderr)


RUNNERS = {"python": run_python, "c": run_c, "js": run_js, "rust": run_rust, "sh": run_sh}


@pytest.mark.parametrize("page,language", CASES, ids=[f"{name(p)}-{language}" for p, language in CASES])
def test_the_blocks_run(page, language, tmp_path):
    found = [(code, line) for tag, code, line in blocks(page) if RUN.get(tag) == language]
    RUNNERS[language](page, found, tmp_path)


@pytest.mark.parametrize("page", PAGES, ids=name)
def test_every_block_says_whether_it_runs(page):
    unknown = [f"{name(page)}:{line}: ```{tag}" for tag, _, line in blocks(page) if tag not in RUN and tag not in SHOWN]
    assert not unknown, "tag these blocks python, c, js, rust, sh (run) or text, console (shown only):\n" + "\n".join(
        unknown
    )


def test_a_promised_output_is_checked():
    """The output check finds a difference, accepts its wildcards, and finds the README's promises."""
    pattern = output_pattern("32 legal moves, the first a2-a3 ...\n...\nlast move: ...\n")
    assert re.fullmatch(pattern, "32 legal moves, the first a2-a3 a2-a4\nboard\nrows\nlast move: c7-c3\n")
    assert not re.fullmatch(pattern, "31 legal moves, the first a2-a3 a2-a4\nlast move: c7-c3\n")
    assert not re.fullmatch(pattern, "32 legal moves, the first a2-a3\nlast move: c7-c3\nmore\n")
    assert len(promised_outputs(SOURCE_ROOT / "README.md")) >= 2


def test_the_readme_has_its_quick_starts():
    """The quick starts are found as code (a fence pattern that found nothing would pass the rest)."""
    assert {"python", "c", "js"} <= {RUN.get(tag) for tag, _, _ in blocks(SOURCE_ROOT / "README.md")}


def test_the_python_tour_covers_every_game():
    """The Python tour has its sections and code, and plays every game of the catalogue."""
    tour = (SOURCE_ROOT / "docs" / "python.md").read_text(encoding="utf-8")
    for section in (
        "Create a game",
        "Moves",
        "Dice from outside",
        "Save and load",
        "Pictures, in a notebook",
        "Computer players",
        "Playouts for statistics",
        "The games and their rulesets",
        "Arguments are checked",
    ):
        assert f"## {section}" in tour, section
    # Every game of the catalogue, by a loop over it (the block runs in test_the_blocks_run): a
    # new game is in the tour the day it is registered, with no line of its own here.
    assert re.search(r'^for (\w+) in ludus\.games\(\):.*\n\s+with ludus\.Game\(\1\["id"\]', tour, re.M)
    assert sum(tag == "python" for tag, _, _ in blocks(SOURCE_ROOT / "docs" / "python.md")) >= 10


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
