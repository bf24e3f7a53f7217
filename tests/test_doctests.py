"""The examples in every module's docstrings run: each module of the package whose source holds an
example (``>>>``) is found here, so a new module's examples are checked without being listed.

The examples are read from each module's ``.py`` file and run in the imported module's namespace, so they
run against the engine as it is imported: from source, or compiled (a compiled module's functions and
classes keep no docstrings for ``doctest.testmod`` to find, and its source is still beside it).
"""

from __future__ import annotations

import ast
import doctest
import importlib
from pathlib import Path
from types import ModuleType

import pytest

import spellforge

ROOT = Path(spellforge.__file__).parent


def modules_with_examples() -> list[str]:
    names = []
    for path in sorted(ROOT.rglob("*.py")):
        if ">>> " in path.read_text(encoding="utf-8"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            names.append(".".join(("spellforge", *parts)).removesuffix(".__init__"))
    return names


MODULES = modules_with_examples()


def source_of(module: ModuleType) -> Path:
    """The ``.py`` file of a package module (beside its extension when it is compiled)."""
    parts = module.__name__.split(".")[1:]
    path = ROOT.joinpath(*parts)
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def source_doctests(module: ModuleType) -> list[doctest.DocTest]:
    """The doctests of the docstrings in ``module``'s source, as ``doctest.DocTestFinder`` finds them on a
    module run from source (the module's, and its classes', functions' and methods' at any depth of
    classes), each with a copy of the module's globals."""
    path = source_of(module)
    parser = doctest.DocTestParser()
    tests: list[doctest.DocTest] = []

    def add(node: ast.AST, name: str, lineno: int) -> None:
        doc = ast.get_docstring(node, clean=False)  # type: ignore[arg-type]
        if doc:
            test = parser.get_doctest(doc, dict(vars(module)), name, str(path), lineno)
            if test.examples:
                tests.append(test)

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                add(node, f"{prefix}.{node.name}", node.lineno)
                if isinstance(node, ast.ClassDef):
                    visit(node.body, f"{prefix}.{node.name}")

    tree = ast.parse(path.read_text(encoding="utf-8"))
    add(tree, module.__name__, 0)
    visit(tree.body, module.__name__)
    return tests


def run_examples(module: ModuleType) -> doctest.TestResults:
    """Run the examples of ``module``'s source against the module as imported (see the module docstring)."""
    runner = doctest.DocTestRunner()
    for test in source_doctests(module):
        runner.run(test)
    return runner.summarize(verbose=False)


def test_the_examples_are_found() -> None:
    assert {"spellforge.core.actions", "spellforge.games.spellweaver.scenario"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    try:
        module = importlib.import_module(name)
    except ImportError as error:  # a research interface whose extra is not installed
        pytest.skip(f"{name} needs {error.name}")
    result = run_examples(module)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.interpreted_only("doctest.DocTestFinder reads docstrings off objects, which compiled ones lack")
@pytest.mark.parametrize("name", MODULES)
def test_the_examples_read_from_the_source_are_those_doctest_finds(name: str) -> None:
    try:
        module = importlib.import_module(name)
    except ImportError as error:
        pytest.skip(f"{name} needs {error.name}")
    found = {(t.name, len(t.examples)) for t in doctest.DocTestFinder().find(module) if t.examples}
    assert {(t.name, len(t.examples)) for t in source_doctests(module)} == found
