"""The packages some commands need beyond the library (the server, the study), checked before
the command starts, so that a missing one is one line saying what to install, not a traceback
after the work."""
import importlib.util
import sys
from typing import Mapping, Optional

#: the interpreter Debian's python3-* packages are installed for, and where they are
DEBIAN_PYTHON = "/usr/bin/python3"
DEBIAN_PACKAGES_DIR = "/usr/lib/python3/dist-packages"


def missing_packages(command: str, modules: Mapping[str, str], extra: str) -> Optional[str]:
    """None when every module of ``modules`` (module name -> Debian package) can be imported; else
    the line that says which are missing, the interpreter that could not import them, and how to
    install them (Debian, or pip's ``extra``)."""
    missing = [module for module in modules if importlib.util.find_spec(module) is None]
    if not missing:
        return None
    debian = " ".join(modules[module] for module in missing)
    message = (
        f"{command} needs {', '.join(missing)}, which this Python ({sys.executable}) cannot import. "
        f"Debian: apt install {debian}"
    )
    if DEBIAN_PACKAGES_DIR not in sys.path:
        # Debian's packages serve Debian's interpreter only: a pyenv or conda python3, a venv made
        # from one, or a venv without --system-site-packages does not see them.
        message += (
            f" (they serve {DEBIAN_PYTHON}, and this Python does not see {DEBIAN_PACKAGES_DIR}: "
            f"run ludus with {DEBIAN_PYTHON}, or in a venv made by "
            f"{DEBIAN_PYTHON} -m venv --system-site-packages)"
        )
    return message + f"; pip: pip install '.[{extra}]'"
