"""Finding and declaring the library: the search order and its messages, and argtypes/restype
for every function of include/ludus/ludus.h."""
import re
import shutil

import ludus
from conftest import PACKAGE_PARENT, SOURCE_ROOT, child_env, run_python
from ludus import _library

HEADER = SOURCE_ROOT / "include" / "ludus" / "ludus.h"


def header_functions():
    return re.findall(r"LUDUS_API\s+[^;(]*?\b(ludus_\w+)\s*\(", HEADER.read_text())


def test_every_function_of_the_header_is_declared():
    names = header_functions()
    assert "ludus_game_new" in names and "ludus_last_error" in names
    known = set(_library._DECLARED) | set(_library._OPTIONAL)
    assert set(names) <= known, f"functions of the header the package does not declare: {set(names) - known}"
    assert set(_library._DECLARED) <= set(names)
    for name in names:
        if name in _library._OPTIONAL and not hasattr(_library.lib, name):
            continue  # a later function this library does not have yet
        function = getattr(_library.lib, name)
        assert function.argtypes is not None, name
        if name not in ("ludus_string_free", "ludus_game_free"):
            assert function.restype is not None, name


def test_ludus_library_variable_is_used_first():
    result = run_python(["-c", "import ludus; print(ludus.library_path())"])
    assert result.stdout.strip() == ludus.library_path()


def test_wrong_ludus_library_is_an_import_error():
    result = run_python(["-c", "import ludus"], env=child_env({"LUDUS_LIBRARY": "/nonexistent/libludus.so.1"}))
    assert result.returncode != 0
    assert "LibraryNotFoundError" in result.stderr and "LUDUS_LIBRARY='/nonexistent/libludus.so.1'" in result.stderr


def copied_package(tmp_path):
    shutil.copytree(PACKAGE_PARENT / "ludus", tmp_path / "ludus", ignore=shutil.ignore_patterns("__pycache__"))
    env = child_env({"PYTHONPATH": str(tmp_path), "LD_LIBRARY_PATH": ""})
    env.pop("LUDUS_LIBRARY")
    return env


def test_library_next_to_the_package(tmp_path):
    env = copied_package(tmp_path)
    shutil.copy(ludus.library_path(), tmp_path / "ludus" / "libludus.so.1")
    result = run_python(["-c", "import ludus; print(ludus.library_path())"], env=env, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(tmp_path / "ludus" / "libludus.so.1")


def test_message_lists_what_was_tried(tmp_path):
    env = copied_package(tmp_path)
    result = run_python(["-c", "import ludus; print(ludus.library_path())"], env=env, cwd=tmp_path)
    if result.returncode == 0:  # a libludus is installed system-wide: found by its soname
        assert result.stdout.strip() == "libludus.so.1"
        return
    message = result.stderr
    assert "cannot find the shared library libludus. Tried:" in message
    assert "LUDUS_LIBRARY: not set" in message
    assert str(tmp_path / "ludus" / "libludus.so.1") + ": no such file" in message
    assert "libludus.so.1: " in message and "set LUDUS_LIBRARY" in message
