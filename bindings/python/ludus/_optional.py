"""The packages some commands need beyond the library (the server, the study), checked before
the command starts, so that a missing one is one line saying what to install, not a traceback
after the work."""
import importlib.util
from typing import Mapping, Optional


def missing_packages(command: str, modules: Mapping[str, str], extra: str) -> Optional[str]:
    """None when every module of ``modules`` (module name -> Debian package) can be imported; else
    the line that says which are missing and how to install them (Debian, or pip's ``extra``)."""
    missing = [module for module in modules if importlib.util.find_spec(module) is None]
    if not missing:
        return None
    debian = " ".join(modules[module] for module in missing)
    return f"{command} needs {', '.join(missing)} (Debian: apt install {debian}; pip: pip install '.[{extra}]')"
