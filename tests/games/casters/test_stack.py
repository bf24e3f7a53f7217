"""The stack: simultaneous effects by initiative, responses, last in first out, Negate (CA-038..040, CA-064,
CA-R23, CA-R28, CA-R30, CA-K07)."""

from __future__ import annotations

import pytest

from spellforge.core.observe import log_view
from spellforge.games.casters.base import FIELD, GRAVEYARD, HAND, STAGES
from spellforge.games.casters.state import CastersState

from .casters_util import Side, act, card_id, events, legal, scenario


@pytest.mark.rules("CA-038", "CA-R21", "CA-R23", "CA-K16")
@pytest.mark.parametrize("initiative", [0, 1])
def test_simultaneous_death_triggers_resolve_initiative_player_first(initiative: int) -> None:
    # CA section 5, scenario 14 (first half).
    state = scenario(
        Side(field=["lantern-martyr:damage=5"], deck=["tide-sprite"]),
        Side(field=["lantern-martyr:tapped:damage=5"], deck=["reef-lancer"]),
        initiative=initiative,
    )
    # with P2 holding the coin, its battle turn came first and was a forced skip (its only minion is tapped)
    act(state, f"attack #{card_id(state, 'lantern-martyr', 0)} -> #{card_id(state, 'lantern-martyr', 1)}")
    assert len(events(state, "death")) == 2
    assert [e.seat for e in events(state, "draw")] == [initiative, 1 - initiative]


@pytest.mark.rules("CA-039", "CA-040", "CA-064", "CA-R23", "CA-R28", "CA-K07")
def test_a_negate_in_response_resolves_first_and_the_spell_does_nothing() -> None:
    # CA section 5, scenarios 14 (second half) and 19: the negated spell's cost stays paid.
    state = scenario(
        Side(set=["unmaking"], hand=["tide-sprite"]),
        Side(field=["hush-warden", "glacier-titan"], set=["ashen-whelp", "frostbinder"]),
        phase="reveal",
    )
    unmaking, titan, warden = (
        card_id(state, "unmaking"),
        card_id(state, "glacier-titan"),
        card_id(state, "hush-warden"),
    )
    act(state, f"play #{unmaking} -> #{titan}")  # the discard for its cost is forced
    assert state.zone_of[card_id(state, "tide-sprite")] == GRAVEYARD[0]
    assert state.decision is not None and state.decision.kind == "priority" and state.decision.seat == 1
    uid = state.stack[-1].uid
    assert legal(state) == ["pass", f"use #{warden} -> @{uid}"]
    act(state, f"use #{warden} -> @{uid}")  # nobody can answer it: the passes are automatic
    assert [e.note for e in events(state, "stack")] == ["card", "ability"]  # the response went on top
    assert state.tapped[warden] and state.stack == []
    assert state.zone_of[unmaking] == GRAVEYARD[0] and state.is_minion(titan)
    assert [e.card for e in events(state, "negate")] == [unmaking]
    resolved = [(e.card, e.note) for e in events(state, "resolve")]
    assert resolved == [(warden, "ability")]  # the spell itself never resolved
    assert state.zone_of[card_id(state, "tide-sprite")] == GRAVEYARD[0]  # the cost stays paid


@pytest.mark.rules("CA-039", "CA-R23", "CA-R28")
def test_either_player_may_respond_and_negating_an_ability_cancels_only_that_use() -> None:
    state = scenario(
        Side(set=["ebb-tide"], field=["hush-warden"], hand=["tide-sprite"]),
        Side(field=["hush-warden", "glacier-titan"], set=["ashen-whelp", "frostbinder"]),
        phase="reveal",
    )
    mine, theirs = card_id(state, "hush-warden", 0), card_id(state, "hush-warden", 1)
    titan = card_id(state, "glacier-titan")
    act(state, f"play #{card_id(state, 'ebb-tide')} -> #{titan}")
    act(state, f"use #{theirs} -> @{state.stack[-1].uid}")  # P2 answers P1's spell
    assert state.decision is not None and state.decision.seat == 0  # P1 may answer in turn
    act(state, f"use #{mine} -> @{state.stack[-1].uid}")  # P1 negates P2's negation
    assert state.stack == []
    assert [e.seat for e in events(state, "negate")] == [0]
    assert state.zone_of[titan] == HAND[1]  # Ebb Tide resolved: only the ability use was cancelled
    assert state.tapped[theirs]  # its cost stayed paid


@pytest.mark.rules("CA-R30", "CA-K14")
def test_a_tapped_card_cannot_use_a_tap_ability() -> None:
    state = scenario(
        Side(set=["searing-hex"]),
        Side(field=["hush-warden:tapped", "glacier-titan"], set=["ashen-whelp", "frostbinder"]),
        phase="reveal",
    )
    act(state, f"play #{card_id(state, 'searing-hex')} -> #{card_id(state, 'glacier-titan')}")
    assert not events(state, "negate")
    assert state.decision is not None and state.decision.kind == "reveal"  # no window was needed


@pytest.mark.rules("CA-R28", "CA-064", "CA-K07")
def test_a_negated_minion_is_still_summoned_without_its_on_play() -> None:
    state = scenario(
        Side(set=["quell"]),
        Side(set=["tome-keeper"], deck=["gravel-ghoul"]),
        phase="reveal",
    )
    act(state, f"play #{card_id(state, 'quell')}")
    keeper = card_id(state, "tome-keeper")
    act(state, f"play #{keeper}")
    assert [e.card for e in events(state, "negate")] == [keeper]
    assert state.is_minion(keeper)
    assert not events(state, "draw")  # its On Play did not happen
    assert state.negate_next == [0, 0]


@pytest.mark.rules("CA-039", "CA-040")
def test_a_when_a_card_activates_trigger_resolves_before_the_card() -> None:
    state = scenario(
        Side(field=["watchful-gargoyle"], set=["ashen-whelp", "frostbinder"]),
        Side(set=["tidal-insight"], deck=["gravel-ghoul", "reef-lancer"]),
        phase="reveal",
        initiative=1,
    )
    act(state, f"play #{card_id(state, 'tidal-insight')}")
    kinds = [e.kind for e in state.events() if e.kind in ("activate", "hero_damage", "draw")]
    assert kinds == ["activate", "hero_damage", "draw", "draw"]
    assert events(state, "hero_damage")[0].seat == 1


# A target gone before its spell resolves. The catalog has no rule for it; the engine's ruling (docs/games/
# casters.md) treats the spell as a negated one (CA-R28): it does nothing, goes to the Graveyard and its cost
# stays paid. It happens in real play when a response makes its controller lose a Stage whose cost sacrifices
# the target: P2's Watchful Gargoyle answers the spell (CA-039) and resolves first (CA-040); its 1 damage is
# P1's fifth this turn, so P1 loses a Stage (CA-R08) and the first affordable one, Blood Moon Altar, costs
# "Sacrifice a LvL1": the Tide Sprite the spell was aimed at.
def fizzle_scenario(key: str) -> tuple[CastersState, int, int]:
    state = scenario(
        Side(
            set=[key],
            hand=["quell"],  # pays "Discard a card"
            field=["tide-sprite"],  # P1's only LvL1 minion
            stage_deck=["blood-moon-altar", "misty-fen", "sunken-library"],
            stage_damage=4,
        ),
        Side(field=["watchful-gargoyle"], set=["ashen-whelp", "reef-lancer"]),
        phase="reveal",
    )
    return state, card_id(state, key), card_id(state, "tide-sprite", 0)


@pytest.mark.rules("CA-039", "CA-040", "CA-R08", "CA-R23")
def test_a_spell_whose_target_is_gone_when_it_resolves_fizzles() -> None:
    state, tide, sprite = fizzle_scenario("ebb-tide")
    act(state, f"play #{tide} -> #{sprite}")  # Ebb Tide: return a minion to its owner's hand
    assert [e.card for e in events(state, "sacrifice")] == [sprite]  # paid for Blood Moon Altar
    assert state.zone_of[card_id(state, "blood-moon-altar")] == STAGES[0]
    assert state.zone_of[sprite] == GRAVEYARD[0]  # not returned to hand from the Graveyard
    assert [e.card for e in events(state, "fizzle")] == [tide]
    assert state.zone_of[tide] == GRAVEYARD[0]
    assert state.zone_of[card_id(state, "quell")] == GRAVEYARD[0]  # the cost stays paid
    kinds = [e.kind for e in state.events() if e.kind in ("activate", "hero_damage", "sacrifice", "fizzle")]
    assert kinds == ["activate", "hero_damage", "sacrifice", "fizzle"]
    assert log_view(state, 1)[-1] == "Ebb Tide does nothing: its target is gone."  # P2 sees why
    assert state.decision is not None and (state.decision.kind, state.decision.seat) == ("reveal", 1)


@pytest.mark.rules("CA-068", "CA-040", "CA-R08")
def test_an_equip_whose_minion_is_gone_when_it_resolves_fizzles() -> None:
    state, gauntlet, sprite = fizzle_scenario("titans-gauntlet")
    act(state, f"equip #{gauntlet} -> #{sprite}")
    assert [e.card for e in events(state, "fizzle")] == [gauntlet]
    assert state.attached_to[gauntlet] == -1 and not events(state, "equip")
    assert state.zone_of[gauntlet] == GRAVEYARD[0] and state.zone_of[sprite] == GRAVEYARD[0]


@pytest.mark.rules("CA-038", "CA-069", "CA-K13")
def test_the_triggers_of_one_attack_wait_in_order_own_then_lent_then_the_field() -> None:
    # Cinder Charger's own On Attack, the On Attack its equipped Spirit Hound lends it (CA-069), then the
    # two Passive Altars of Embers that listen to their controller's attacks, in field order: one player's
    # different triggers, so that player chooses which goes on the stack first, the options in that order.
    state = scenario(
        Side(
            field=["cinder-charger", "spirit-hound:on=0", "altar-of-embers", "altar-of-embers"],
            deck=["tide-sprite", "reef-lancer"],
        ),
        Side(),
        phase="battle",
    )
    charger, hound = card_id(state, "cinder-charger"), card_id(state, "spirit-hound")
    altars = [card_id(state, "altar-of-embers", nth=n) for n in (0, 1)]
    assert state.zones[FIELD[0]] == [charger, hound, *altars]
    act(state, f"attack #{charger} -> P2")
    assert state.decision is not None and state.decision.kind == "trigger_order"
    assert [(t.card, t.source, t.event_card) for t in state.pending_triggers] == [
        (charger, charger, charger),
        (hound, charger, charger),  # lent: it works for the minion it is attached to
        (altars[0], altars[0], charger),
        (altars[1], altars[1], charger),
    ]
    assert legal(state) == ["choose 1", "choose 2", "choose 3", "choose 4"]
    act(state, "choose 3")  # the first Altar's goes on the stack first, so it resolves last
    assert [i.card for i in state.stack] == [altars[0]]
