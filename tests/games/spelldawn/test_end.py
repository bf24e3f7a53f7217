"""Damage, curses and the end of the game (SD-007..SD-009, SD-127..SD-136, SD-R10, SD-R19, SD-K19..K22)."""

from __future__ import annotations

import pytest

from spellforge.core.actions import Resign
from spellforge.games.spelldawn.base import DISCARD, HAND, WIN_POINTS

from .util import Side, act, card_id, legal, scenario


@pytest.mark.rules("SD-007", "SD-134", "SD-R10", "SD-133")
def test_sixty_points_wins_for_either_side_at_once() -> None:
    assert WIN_POINTS == 60
    s = scenario(Side(rooms={"A": ["crown-of-cinders"]}), Side(points=50), active="champion")
    act(s, "raid room A", "pass", f"score #{card_id(s, 'crown-of-cinders')}")
    assert s.outcome is not None and s.outcome.winners == (s.ch,)
    s = scenario(Side(rooms={"A": ["tithe-of-ash:progress=2"]}, points=49, mana=1))
    act(s, "progress room A")
    assert s.outcome is None  # 59
    s = scenario(Side(rooms={"A": ["tithe-of-ash:progress=2"]}, points=50, mana=1))
    act(s, "progress room A")
    assert s.outcome is not None and s.outcome.winners == (s.ol,)


@pytest.mark.rules("SD-008", "SD-136", "SD-127", "SD-128", "SD-R10")
def test_damage_discards_at_random_and_kills_an_empty_hand() -> None:
    s = scenario(Side(), Side(hand=["windfall", "glass-bow", "starlance"]), active="champion")
    s.damage(2)
    assert len(s.zones[HAND[s.ch]]) == 1 and len(s.zones[DISCARD[s.ch]]) == 2 and s.outcome is None
    s.damage(1)
    assert s.outcome is None
    s.damage(1)
    assert s.outcome is not None and s.outcome.winners == (s.ol,)
    picks = set()
    for seed in range(8):  # random, from the game's seeded stream
        s = scenario(Side(), Side(hand=["windfall", "glass-bow", "starlance"]), active="champion", seed=seed)
        s.damage(1)
        picks.add(s.defs[s.zones[DISCARD[s.ch]][0]].key)
    assert len(picks) > 1


@pytest.mark.rules("SD-129", "SD-K22", "SD-131")
def test_abilities_give_curses() -> None:
    s = scenario(Side(rooms={"A": ["tithe-of-ash", "hexbound-crone:up"]}), Side(mana=0), active="champion")
    act(s, "raid room A")
    assert s.curses == 1
    assert s.observe(s.ol)["players"][s.ch]["curses"] == 1


@pytest.mark.rules("SD-R19")
def test_curses_are_not_cards() -> None:
    s = scenario(Side(), Side(hand=["windfall"], curses=3), active="champion")
    s.damage(1)
    assert s.outcome is None and s.curses == 3  # the curses are not discarded
    s = scenario(Side(), Side(arena=["friar-of-absolution"], curses=1, mana=1), active="champion")
    assert "remove curse" in legal(s)  # 2 - 1 with the Friar


@pytest.mark.rules("SD-009", "SD-135", "SD-R10")
def test_any_overlord_draw_from_an_empty_deck_loses() -> None:
    s = scenario(Side(hand=["foresight"], deck=["tithe-of-ash"], mana=1))
    act(s, f"play #{card_id(s, 'foresight')}")
    assert s.outcome is not None and s.outcome.winners == (s.ch,)


@pytest.mark.rules("SD-R10")
def test_resigning_gives_the_opponent_the_win() -> None:
    s = scenario(Side(), Side(), active="champion")
    s.apply(Resign(s.ch))
    assert s.outcome is not None and s.outcome.winners == (s.ol,)
