"""The Reveal Phase: alternating reveals and the two options (CA-034..037, CA-R05, CA-R14, CA-R15, CA-K18)."""

from __future__ import annotations

import pytest

from spellforge.games.casters.base import GRAVEYARD, HAND, SET

from .casters_util import Side, act, card_id, events, legal, scenario


def two_sets(initiative: int = 0):  # type: ignore[no-untyped-def]
    return scenario(
        Side(set=["tide-sprite", "reef-lancer"], deck=["gravel-ghoul", "dusk-ravager", "frostbinder"]),
        Side(set=["ashen-whelp", "glacier-titan"], deck=["mistcaller-adept", "tome-keeper", "quell"]),
        phase="reveal",
        initiative=initiative,
    )


@pytest.mark.rules("CA-034", "CA-035", "CA-K16", "CA-R14")
@pytest.mark.parametrize("initiative", [0, 1])
def test_reveals_alternate_from_the_initiative_holder(initiative: int) -> None:
    state = two_sets(initiative)
    order = []
    while state.phase == "reveal":
        assert state.decision is not None
        if state.decision.kind == "reveal":
            order.append(state.decision.seat)
        act(state, legal(state)[0])
    first, second = initiative, 1 - initiative
    assert [e.seat for e in events(state, "reveal")] == [first, second, first, second]
    assert order == [first, second, first, second][: len(order)]
    assert not state.zones[SET[0]] and not state.zones[SET[1]]


@pytest.mark.rules("CA-R14")
def test_the_revealer_chooses_which_card_and_the_other_goes_on_when_one_runs_out() -> None:
    state = scenario(
        Side(set=["tide-sprite", "reef-lancer", "gravel-ghoul"]),
        Side(set=["ashen-whelp"]),
        phase="reveal",
    )
    ghoul = card_id(state, "gravel-ghoul")
    assert sorted(legal(state)) == sorted(f"reveal #{c}" for c in state.zones[SET[0]])
    act(state, f"reveal #{ghoul}", f"play #{ghoul}")
    whelp = card_id(state, "ashen-whelp")
    assert state.decision is not None and state.decision.data == (whelp,)  # P2's only card: revealed for them
    act(state, f"play #{whelp}")
    assert state.decision is not None and state.decision.kind == "reveal" and state.decision.seat == 0
    act(state, legal(state)[0])
    act(state, legal(state)[-1])
    assert state.decision is not None and state.decision.seat == 0  # P2 has none left: P1 goes on


@pytest.mark.rules("CA-036", "CA-037", "CA-K18", "CA-R15")
def test_option_2_sends_the_card_to_the_graveyard_and_draws_exactly_two() -> None:
    # CA section 5, scenario 3.
    state = two_sets()
    sprite = card_id(state, "tide-sprite")
    act(state, f"reveal #{sprite}")
    assert legal(state) == [f"recycle #{sprite}", f"play #{sprite}"]  # Option 2 even when Option 1 is free
    act(state, f"recycle #{sprite}")
    assert state.zone_of[sprite] == GRAVEYARD[0]
    drawn = [state.defs[e.card].key for e in events(state, "draw")]
    assert drawn == ["gravel-ghoul", "dusk-ravager"] and len(state.zones[HAND[0]]) == 2
    assert state.decision is not None and state.decision.seat == 1 and state.decision.kind == "reveal"


@pytest.mark.rules("CA-036", "CA-008", "CA-R05", "CA-K12")
def test_option_1_pays_summons_untapped_then_on_play() -> None:
    # CA section 5, scenario 5: a "Discard 3 cards" minion with exactly 3 cards in hand.
    state = scenario(
        Side(set=["abyssal-maw"], hand=["tide-sprite", "reef-lancer", "quell"], deck=["gravel-ghoul"]),
        Side(set=["ashen-whelp", "frostbinder"]),
        phase="reveal",
    )
    maw = card_id(state, "abyssal-maw")
    act(state, f"play #{maw}")
    assert state.decision is not None and state.decision.kind == "pay"
    act(state, legal(state)[0])
    act(state, legal(state)[0])  # the third discard is forced
    kinds = [e.kind for e in state.events() if e.kind in ("discard", "activate", "summon", "draw")]
    assert kinds == ["discard", "discard", "discard", "activate", "summon", "draw"]
    assert state.is_minion(maw) and not state.tapped[maw]
    assert (state.attack_of(maw), state.health_of(maw)) == (7, 12)  # printed stats
    assert [state.defs[c].key for c in state.zones[HAND[0]]] == ["gravel-ghoul"]


@pytest.mark.rules("CA-009", "CA-010", "CA-R05", "CA-004")
def test_a_spell_resolves_once_then_goes_to_the_graveyard() -> None:
    state = scenario(
        Side(set=["tidal-insight"], deck=["gravel-ghoul", "dusk-ravager", "frostbinder"]),
        Side(set=["ashen-whelp", "frostbinder"]),
        phase="reveal",
    )
    insight = card_id(state, "tidal-insight")
    act(state, f"play #{insight}")
    kinds = [e.kind for e in state.events() if e.kind in ("activate", "resolve", "draw")]
    assert kinds == ["activate", "resolve", "draw", "draw"]
    assert state.zone_of[insight] == GRAVEYARD[0]


@pytest.mark.rules("CA-R14")
def test_a_card_resolves_completely_before_the_next_reveal() -> None:
    state = scenario(
        Side(set=["crypt-seeker"], deck=["gravel-ghoul", "tide-sprite", "mistcaller-adept"]),
        Side(set=["ashen-whelp", "frostbinder"]),
        phase="reveal",
    )
    act(state, f"play #{card_id(state, 'crypt-seeker')}")
    assert state.decision is not None and state.decision.kind == "search" and state.decision.seat == 0
    act(state, f"take #{card_id(state, 'mistcaller-adept')}")
    assert state.decision is not None and state.decision.kind == "reveal" and state.decision.seat == 1
