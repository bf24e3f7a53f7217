"""The compiled-build tool (``tools/compile.py``): what it compiles, how it mirrors the sources, and how it
names the first difference between compiled and interpreted play. (Compiling itself is CI's
``python3 dev.py compile-check``; it takes minutes, so no test here runs mypyc.)"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from tests.tool_loader import load_tool


def load() -> ModuleType:
    return load_tool("compile")


def test_compiles_core_bots_and_games_but_the_action_modules() -> None:
    tool = load()
    modules = tool.compiled_modules(tool.SRC)
    assert {"spellforge.core.state", "spellforge.core", "spellforge.bots.ismcts", "spellforge.games"} <= set(
        modules
    )
    assert "spellforge.games.casters.state" in modules
    left = [
        m
        for m in modules
        if m.endswith((".actions", ".clock", ".cardfiles"))
        or (m.startswith("spellforge.games.") and m.endswith(".cards"))
    ]
    assert "spellforge.core.cards" in modules and "spellforge.games.spelldawn.raid" in modules
    assert left == []


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
