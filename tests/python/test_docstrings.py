"""Every public name of the ludus package has a docstring: its modules, their functions and
classes, and the classes' public methods and properties (``help(ludus.Game)`` is the reference)."""
import enum
import importlib
import inspect
import pkgutil

import pytest

import ludus

pytestmark = pytest.mark.quick  # in the quick suite (conftest.py)

MODULES = ["ludus"] + [f"ludus.{m.name}" for m in pkgutil.iter_modules(ludus.__path__) if not m.name.startswith("_")]


def public_names(module):
    """``__all__`` and every name without an underscore that the module defines itself."""
    own = [
        n
        for n, v in vars(module).items()
        if not n.startswith("_") and getattr(v, "__module__", None) == module.__name__
    ]
    return sorted(set(getattr(module, "__all__", [])) | set(own))


def documented(value):
    """Whether a docstring was written (a dataclass's generated ``Name(field, ...)`` is not one)."""
    doc = (value.__doc__ or "").strip()
    return bool(doc) and not (inspect.isclass(value) and doc.startswith(value.__name__ + "("))


def own_members(cls):
    """The public methods and properties a class defines itself (not enum values, not data)."""
    for name, value in vars(cls).items():
        if name.startswith("_") or (isinstance(cls, enum.EnumMeta) and name in cls.__members__):
            continue
        if isinstance(value, (staticmethod, classmethod)):
            value = value.__func__
        if inspect.isfunction(value) or isinstance(value, property):
            yield name, value


def missing_docstrings():
    missing = []
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        if not inspect.getdoc(module):
            missing.append(module_name)
        for name in public_names(module):
            value = getattr(module, name)
            if (
                not (inspect.isclass(value) or inspect.isfunction(value))
                or getattr(value, "__module__", "").split(".")[0] != "ludus"
            ):
                continue  # type aliases, constants
            if not documented(value):
                missing.append(f"{module_name}.{name}")
            if inspect.isclass(value):
                missing += [
                    f"{module_name}.{name}.{member}"
                    for member, attribute in own_members(value)
                    if not documented(attribute)
                ]
    return sorted(set(missing))


def test_the_walk_sees_the_api():
    assert {"ludus", "ludus.game", "ludus.errors", "ludus.selfplay", "ludus.cli"} <= set(MODULES)


def test_every_public_name_has_a_docstring():
    assert missing_docstrings() == []
