"""Cards that everyone saw go into a hand stay known there (DESIGN.md section 2b), so a search bot's
determinization never trades them for an unseen card of the same owner; and a realm in a formation that
is not its owner's is found where it stands."""

from __future__ import annotations

import pytest

from spellforge.core.rng import Rng
from spellforge.games.spellfire.scenario import Side, act, card, legal, scenario

FILL = ["village-militia"] * 2


def pass_counters(state) -> None:
    while state.decision is not None and state.decision.kind in ("pause", "counter"):
        act(state, "pass")


def stays_put(state, cid: int, seats=(1, None)) -> None:
    """Every determinization, for each of ``seats``, leaves ``cid`` where it is."""
    zone = state.zone_of[cid]
    for seat in seats:
        for i in range(30):
            det = state.determinize(seat, Rng(i))
            assert det.zone_of[cid] == zone and cid in det.zones[zone], (seat, i)


@pytest.mark.rules("SF-K12")
def test_a_stolen_item_is_known_to_everyone_in_its_new_hand():
    s = scenario(
        Side(hand=["pickpocket", *FILL], pool=["fennick-shade"], deck=["tollgate-downs"] * 6),
        Side(pool=["mara-swiftblade+steel-longsword"], deck=["oldcastle-moor"] * 6),
        phase="pool",
    )
    sword = card(s, "steel-longsword")
    act(s, f"play #{card(s, 'pickpocket')} -> #{sword}")
    pass_counters(s)
    assert s.zone_name(sword) == "hand" and s.controller[sword] == 0
    assert s.can_see(1, sword) and s.can_see(None, sword)
    stays_put(s, sword)


@pytest.mark.rules("SF-169")
def test_a_card_recovered_from_the_abyss_is_known_to_everyone():
    s = scenario(
        Side(
            hand=FILL,
            pool=["keeper-ansel-of-the-deep-gate"],
            abyss=["windfall", "scouting-report"],
            deck=["tollgate-downs"] * 6,
        ),
        Side(),
        phase="pool",
    )
    windfall = card(s, "windfall")
    act(s, f"use #{card(s, 'keeper-ansel-of-the-deep-gate')} -> #{windfall}")
    assert s.zone_name(windfall) == "hand"
    assert s.can_see(1, windfall)
    stays_put(s, windfall)


@pytest.mark.rules("SF-012")
def test_a_champion_sent_from_hand_and_taken_back_is_known_in_hand():
    s = scenario(
        Side(hand=["hollis-greymantle", *FILL], deck=["tollgate-downs"] * 6),
        Side(
            hand=FILL,
            pool=["the-gorgon-of-greyfen"],
            formation=["greymarch-fields", "oldcastle-moor", "pinecrest-hollow"],
        ),
        phase="attack",
    )
    hollis = card(s, "hollis-greymantle")
    act(s, "attack slot P2.A")
    act(s, f"send #{hollis}")
    act(s, f"send #{card(s, 'the-gorgon-of-greyfen')}")
    assert s.decision.kind == "escape" and "choose withdraw" in legal(s)
    act(s, "choose withdraw")
    assert s.zone_name(hollis) == "hand"
    assert s.can_see(1, hollis)
    stays_put(s, hollis)


@pytest.mark.rules("SF-139", "SF-140")
def test_a_realm_in_a_formation_not_its_owners_is_protected_where_it_stands():
    s = scenario(
        Side(hand=FILL, formation=["greymarch-fields"], deck=["tollgate-downs"] * 6),
        Side(deck=["oldcastle-moor", "pinecrest-hollow"]),
        phase="realm",
    )
    foreign = card(s, "oldcastle-moor")  # owned by the second player
    s.move(foreign, s.layout.hand[0])  # as if it had come to the first player's hand
    s.reveal_to_everyone(foreign)
    s.forget_legal()
    act(s, f"play #{foreign} -> slot P1.B")
    assert s.owner[foreign] == 1 and s.controller[foreign] == 0
    assert s.position_of(foreign) == 1
    assert s.protected(foreign)  # the first player's realm A stands in front of it
    assert not s.protected(card(s, "greymarch-fields"))
