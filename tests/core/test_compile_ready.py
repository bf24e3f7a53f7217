"""Core makes no code and attaches no methods at run time, so a compiler of typed Python can take it
(DESIGN.md section 5): every State class's clone() is written in its file (core/gen_clone.py), and the
ruleset loads its card pool without cached_property."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import spellforge.core
from spellforge import find_game

CORE = Path(spellforge.core.__file__).parent
FORBIDDEN = re.compile(r"\bexec\(|cached_property|object\.__new__|\w\.__new__\(")


@pytest.mark.parametrize("path", sorted(CORE.glob("*.py")), ids=lambda p: p.name)
def test_core_makes_no_code_at_run_time(path: Path) -> None:
    hits = [
        f"{path.name}:{n}: {line.strip()}"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if FORBIDDEN.search(line) and not line.lstrip().startswith("#")
    ]
    assert hits == []


def test_with_cards_changes_a_copy_of_the_ruleset() -> None:
    game = find_game("casters")
    pool = game.cards
    key = next(iter(pool))
    fewer = {k: v for k, v in pool.items() if k != key}
    changed = game.with_cards(fewer)
    assert key not in changed.cards and len(changed.cards) == len(pool) - 1
    assert game.cards is pool and key in game.cards  # the registered game is left alone
    assert changed.decks == game.decks


def test_the_card_pool_loads_once() -> None:
    game = find_game("spellweaver")
    assert game.cards is game.cards
    assert game.decks is game.decks
