"""Every legal action is a distinct choice: a target that two of a card's alternatives both name
("counter target card or ability in limbo": an ability in limbo is matched by both) is offered once."""

from __future__ import annotations

import pytest

from spellforge.games.spellbattle.scenario import Seat, card, do, legal, scenario


@pytest.mark.rules("SB-133")
def test_a_counter_offers_an_ability_in_limbo_once() -> None:
    s = scenario(
        Seat(play=["watchtower", "hedge-knight"], farms=2, hand=["field-hand"]),
        Seat(hand=["null-sigil"], farms=2),
    )
    do(s, f"use #{card(s, 'watchtower')} -> #{card(s, 'hedge-knight')}")
    ability = f"@{s.stack[-1].uid}"
    options = legal(s)
    sigil = card(s, "null-sigil")
    assert options.count(f"play #{sigil} -> {ability}") == 1, options
    assert len(set(options)) == len(options)
