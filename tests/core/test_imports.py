"""Core has no import cycle: its modules form layers, each importing only modules below it.

Imports made only for the type checker (under ``if TYPE_CHECKING:``) are not run and so are left out; every
other import counts, module-level or inside a function (a deferred import is still a cycle, just a hidden
one)."""

from __future__ import annotations

import ast
from pathlib import Path

import spellforge.core

CORE = Path(spellforge.core.__file__).parent


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> set[str]:
    """The core modules a module imports when it runs (relative ``from .x`` or ``spellforge.core.x``)."""
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom):
            if node.level == 1:
                if node.module:
                    out.add(node.module.split(".")[0])
                else:
                    out.update(alias.name for alias in node.names)
            elif node.level == 0 and node.module and node.module.startswith("spellforge.core."):
                out.add(node.module.split(".")[2])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("spellforge.core."):
                    out.add(alias.name.split(".")[2])
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return out


def core_import_graph() -> dict[str, set[str]]:
    graph = {}
    for path in sorted(CORE.glob("*.py")):
        if path.stem == "__init__":
            continue
        graph[path.stem] = _imports(ast.parse(path.read_text(), str(path))) - {path.stem}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle of ``graph`` as the list of modules along it (empty when there is none)."""
    done: set[str] = set()
    path: list[str] = []

    def walk(module: str) -> list[str]:
        if module in path:
            return [*path[path.index(module) :], module]
        if module in done or module not in graph:
            return []
        path.append(module)
        for other in sorted(graph[module]):
            cycle = walk(other)
            if cycle:
                return cycle
        path.pop()
        done.add(module)
        return []

    for module in sorted(graph):
        cycle = walk(module)
        if cycle:
            return cycle
    return []


def test_core_has_no_import_cycle() -> None:
    graph = core_import_graph()
    assert {"state", "ruleset", "replay", "seating"} <= set(graph)
    assert find_cycle(graph) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) == []
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .state import State\n"
    assert _imports(ast.parse(source + "def f():\n    from .replay import x\n")) == {"replay"}
