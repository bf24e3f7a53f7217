"""The layers (DESIGN.md §1): games depend on core only; core on nothing of ours; bots and the terminal reach a
game only through the registry and what the game declares in core terms (``core.hints``)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import spellforge

SRC = Path(spellforge.__file__).parent
CLIENTS = ("bots", "ui", "web", "envs", "sim", "cli")  # what a game or the core never imports
GAME_NAMES = sorted(p.name for p in (SRC / "games").iterdir() if (p / "__init__.py").exists())


def module_of(path: Path) -> str:
    parts = ["spellforge", *path.relative_to(SRC).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> list[tuple[int, str]]:
    """Every module ``path`` imports, anywhere in it (in a function too), as (line, absolute name)."""
    package = module_of(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            # ``from . import hints`` names the module spellforge.games.x.hints
            found.extend((node.lineno, f"{module}.{alias.name}") for alias in node.names)
            found.append((node.lineno, module))
    return found


def offenders(folder: str, banned: tuple[str, ...], allowed: tuple[str, ...] = ()) -> list[str]:
    bad = []
    for path in sorted((SRC / folder).rglob("*.py")):
        for line, name in imports(path):
            if name.startswith(banned) and name not in allowed:
                bad.append(f"{path.relative_to(SRC)}:{line} imports {name}")
    return bad


def names(*layers: str) -> tuple[str, ...]:
    return tuple(f"spellforge.{layer}" for layer in layers)


def test_the_import_reader_sees_relative_and_late_imports() -> None:
    hints = {name for _, name in imports(SRC / "games" / "spellfire" / "rules.py")}
    assert "spellforge.games.spellfire.hints.HINTS" in hints and "spellforge.core.ruleset" in hints
    late = {name for _, name in imports(SRC / "ui" / "presentation.py")}
    assert "spellforge.games.GAMES" in late  # an import inside a function counts


def test_games_import_nothing_but_core_and_themselves() -> None:
    assert offenders("games", names(*CLIENTS)) == []
    for game in GAME_NAMES:  # nor one another
        others = tuple(f"spellforge.games.{g}" for g in GAME_NAMES if g != game)
        assert offenders(f"games/{game}", others) == []


def test_core_imports_no_game_and_no_client() -> None:
    assert offenders("core", names("games", *CLIENTS)) == []


@pytest.mark.parametrize("client", ["bots", "ui"])
def test_bots_and_the_terminal_reach_games_only_through_the_registry(client: str) -> None:
    registry = ("spellforge.games", "spellforge.games.GAMES", "spellforge.games.find_game")
    assert offenders(client, ("spellforge.games",), allowed=registry) == []


@pytest.mark.parametrize("game", GAME_NAMES)
def test_importing_a_game_loads_no_client(game: str) -> None:
    code = (
        f"import sys, spellforge.games.{game}\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[:2] in {[['spellforge', c] for c in CLIENTS]!r}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_hidden_cards_are_resampled_one_way_for_every_game() -> None:
    """Knowledge and ``determinize`` have one path: a game declares core's hooks (``hidden_group``,
    ``position_needs``, ``fits_position``, ``EXCHANGE_NEEDS``, ``exchange_zones``), never a pass of its own."""
    from spellforge.core.state import State

    for name, game in spellforge.GAMES.items():
        cls = game.state_class
        for method in ("determinize", "exchange_unfit", "swap_hidden", "can_see"):
            assert getattr(cls, method) is getattr(State, method), f"{name} overrides {method}"
