"""The ludus package's modules import one another one way: no circle, counting the imports made
inside functions too (a deferred import hides a circle from Python, not from a reader). And the
analysis reads games through Game's public interface only."""
import ast
from pathlib import Path
from typing import Dict, List, Set

from conftest import PACKAGE_PARENT

PACKAGE = PACKAGE_PARENT / "ludus"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE_PARENT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> Dict[str, Path]:
    """Every module of the package by its name, the one Meson generates from a template
    (``_paths.py.in``, only in an installed package) included."""
    found = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}
    found.update({"ludus." + path.name[: -len(".py.in")]: path for path in PACKAGE_PARENT.glob("*.py.in")})
    return found


def imported(name: str, path: Path, known: Set[str]) -> Set[str]:
    """The package's modules that the module ``name`` (its file ``path``) imports anywhere in it.
    ``from X import y`` counts as importing ``X.y`` when that is a module, else ``X``."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]  # what "." means
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            source = (base + "." + node.module if node.module else base) if node.level else (node.module or "")
            targets = [
                source + "." + alias.name if source + "." + alias.name in known else source for alias in node.names
            ]
        else:
            continue
        found |= {t for t in targets if t in known and t != name}
    return found


def import_graph() -> Dict[str, Set[str]]:
    found = modules()
    return {name: imported(name, path, set(found)) for name, path in found.items()}


def circles(graph: Dict[str, Set[str]]) -> List[List[str]]:
    """Every circle a depth-first walk meets, as the path from a module back to itself."""
    found, state = [], {}  # state: 1 on the current path, 2 done

    def walk(node: str, path: List[str]) -> None:
        state[node] = 1
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                found.append(path[path.index(target) :] + [target])
            elif target not in state:
                walk(target, path + [target])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            walk(node, [node])
    return found


def test_the_walk_sees_the_imports():
    graph = import_graph()
    assert {"ludus", "ludus.cli", "ludus.cli.analyze", "ludus.analysis", "ludus.options", "ludus.game"} <= set(graph)
    assert "ludus.analysis" in graph["ludus.cli.analyze"] and "ludus.options" in graph["ludus.cli.analyze"]
    assert "ludus.analysis.play" in graph["ludus.analysis"]  # from .play import ...
    assert "ludus.game" in graph["ludus.analysis.play"]  # from ..game import ...
    assert graph["ludus._library"] >= {"ludus.errors", "ludus._paths"}  # from . import _paths, in a function


def test_the_walk_finds_a_circle():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_the_package_has_no_import_circle():
    assert circles(import_graph()) == []


def test_the_library_parts_do_not_import_the_command_line():
    graph = import_graph()
    for name in ("ludus.analysis", "ludus.selfplay", "ludus.options", "ludus.game", "ludus.server"):
        assert not {target for target in graph[name] if target.startswith("ludus.cli")}, name


def test_the_analysis_uses_no_private_part_of_game():
    for path in (PACKAGE / "analysis").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for private in ("._lib", "._handle", "._h)", "._h.", "_library"):
            assert private not in text, f"{path.name} reaches into {private}"
