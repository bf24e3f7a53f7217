"""The compiled-build tool (``tools/compile.py``): what it compiles, how it mirrors the sources, and how it
names the first difference between compiled and interpreted play. (Compiling itself is CI's
``python3 dev.py compile-check``; it takes minutes, so no test here runs mypyc.)"""

from __future__ import annotations

import ast
from pathlib import Path
from types import ModuleType

from tests.tool_loader import load_tool


def load() -> ModuleType:
    return load_tool("compile")


def test_compiles_core_bots_games_and_envs_but_the_action_modules() -> None:
    tool = load()
    modules = tool.compiled_modules(tool.SRC)
    assert {"spellforge.core.state", "spellforge.core", "spellforge.bots.ismcts", "spellforge.games"} <= set(
        modules
    )
    assert "spellforge.games.casters.state" in modules
    left = [
        m
        for m in modules
        if (
            m.endswith((".actions", ".cardfiles", ".clock", ".errors", ".ruleset"))
            and m != "spellforge.envs.actions"
        )  # the slot codec, not a module of action classes
        or (m.startswith("spellforge.games.") and m.endswith(".cards"))
    ]
    assert "spellforge.core.cards" in modules and "spellforge.games.spelldawn.raid" in modules
    assert left == []
    # the research interfaces' tables, codec and observations; not the classes of the libraries' own
    envs = {"spellforge.envs.table", "spellforge.envs.observation", "spellforge.envs.actions"}
    assert envs <= set(modules)
    assert not {"spellforge.envs.gym", "spellforge.envs.openspiel", "spellforge.envs.pettingzoo"} & set(
        modules
    )


def test_mirror_copies_changes_and_drops_removed_modules(tmp_path: Path, monkeypatch) -> None:
    tool = load()
    src = tmp_path / "src"
    (src / "spellforge" / "core").mkdir(parents=True)
    (src / "spellforge" / "core" / "a.py").write_text("A = 1\n")
    (src / "spellforge" / "core" / "b.py").write_text("B = 1\n")
    monkeypatch.setattr(tool, "SRC", src)
    out = tmp_path / "out"
    tool.copy_sources(out)
    assert (out / "spellforge" / "core" / "b.py").read_text() == "B = 1\n"
    (out / "spellforge" / "core" / "b.cpython-311-x86_64-linux-gnu.so").write_text("")
    (src / "spellforge" / "core" / "b.py").unlink()
    (src / "spellforge" / "core" / "a.py").write_text("A = 2\n")
    tool.copy_sources(out)
    assert (out / "spellforge" / "core" / "a.py").read_text() == "A = 2\n"
    assert sorted(p.name for p in (out / "spellforge" / "core").iterdir()) == ["a.py"]


def test_names_the_first_action_that_differs() -> None:
    tool = load()
    same = ["casters", {}, 0, ["pass", "draw"], [0], "life"]
    compiled = [same, ["casters", {}, 1, ["pass", "draw", "pass"], [1], "life"]]
    source = [same, ["casters", {}, 1, ["pass", "play #3", "pass"], [0], "life"]]
    assert tool.first_difference(compiled, compiled) is None
    assert tool.first_difference(compiled, source) == (
        "casters seed 1: action 1 is 'draw' compiled, 'play #3' from source"
    )


def runtime_annotation_names(tree: ast.Module) -> list[tuple[str, str, str]]:
    """(class, field, name) of each dataclass field whose annotation a compiled module evaluates at import:
    a bare name or a subscripted one (``Ruleset``, ``Mapping[str, int]``), not a union."""
    out = []
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        decorators = [d.func if isinstance(d, ast.Call) else d for d in node.decorator_list]
        if not any(isinstance(d, ast.Name) and d.id == "dataclass" for d in decorators):
            continue
        for item in node.body:
            if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                head = (
                    item.annotation.value if isinstance(item.annotation, ast.Subscript) else item.annotation
                )
                if isinstance(head, ast.Name) and head.id != "ClassVar":
                    out.append((node.name, item.target.id, head.id))
    return out


def type_checking_names(tree: ast.Module) -> set[str]:
    """The names a module imports only under ``if TYPE_CHECKING:``."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for item in ast.walk(node):
                if isinstance(item, ast.ImportFrom | ast.Import):
                    names |= {a.asname or a.name for a in item.names}
    return names


def absolute(package: str, node: ast.ImportFrom) -> str:
    """The module ``from <module> import ...`` names, relative imports resolved against ``package``."""
    if not node.level:
        return node.module or ""
    base = package.split(".")[: len(package.split(".")) - node.level + 1]
    return ".".join([*base, *([node.module] if node.module else [])])


def test_compiled_dataclasses_find_their_fields_types_at_run_time() -> None:
    """Compiled, a dataclass looks the type of each field up among its module's globals when the module is
    imported (unless the type is a builtin or a compiled class): a type imported only for the type checker
    is missing there, and the import fails (KeyError: 'Ruleset')."""
    tool = load()
    compiled = set(tool.compiled_modules(tool.SRC))
    missing = []
    for file in tool.compiled_files(tool.SRC):
        tree = ast.parse((tool.SRC / file).read_text(encoding="utf-8"))
        hidden = type_checking_names(tree)
        package = ".".join(Path(file).parts[:-1])
        imported_from = {
            a.asname or a.name: absolute(package, node)
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom)
            for a in node.names
        }
        for klass, name, type_name in runtime_annotation_names(tree):
            module = imported_from.get(type_name, "")
            if type_name in hidden and not (module.startswith("spellforge") and module in compiled):
                missing.append(f"{file}: {klass}.{name}: {type_name}")
    assert missing == []
