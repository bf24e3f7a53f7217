"""The Battle Phase (CA-041..CA-054, CA-071, CA-R18..CA-R22, CA-R26, CA-K11, CA-K13..CA-K15)."""

from __future__ import annotations

import pytest

from spellforge.core.errors import IllegalActionError
from spellforge.core.modifiers import TURN
from spellforge.core.targets import CardRef
from spellforge.games.casters.actions import Attack
from spellforge.games.casters.base import GRAVEYARD, HAND, STAGE_DECK

from .casters_util import Side, act, card_id, events, legal, scenario, turn_events


@pytest.mark.rules("CA-041", "CA-042", "CA-043", "CA-046", "CA-K14")
def test_a_battle_turn_is_one_attack_with_an_untapped_minion_or_a_skip() -> None:
    state = scenario(
        Side(field=["dusk-ravager", "gravel-ghoul:tapped"]),
        Side(field=["reef-lancer:tapped", "ashen-whelp"]),
    )
    ravager, ghoul = card_id(state, "dusk-ravager"), card_id(state, "gravel-ghoul")
    lancer = card_id(state, "reef-lancer")
    assert legal(state) == ["skip", f"attack #{ravager} -> P2", f"attack #{ravager} -> #{lancer}"]
    act(state, f"attack #{ravager} -> P2")
    assert state.tapped[ravager]  # declaring taps it (CA-042)
    assert ghoul not in [a.card for a in state.legal_actions() if isinstance(a, Attack)]


@pytest.mark.rules("CA-044", "CA-045", "CA-053", "CA-R19", "CA-R21", "CA-K15", "CA-065", "CA-005")
def test_ordered_blockers_absorb_damage_and_the_rest_reaches_the_hero() -> None:
    # CA section 5, scenario 6: 8 Attack into blockers with 3 then 2 Health left.
    state = scenario(
        Side(field=["cataclysm-drake"], hand=["tide-sprite"]),
        Side(field=["lantern-martyr:damage=3", "hex-wraith:damage=5"], deck=["reef-lancer"]),
    )
    drake = card_id(state, "cataclysm-drake")
    martyr, wraith = card_id(state, "lantern-martyr"), card_id(state, "hex-wraith")
    act(state, f"attack #{drake} -> P2")
    assert state.decision is not None and state.decision.kind == "block" and state.decision.seat == 1
    assert legal(state) == ["done", f"block #{martyr}", f"block #{wraith}"]
    act(state, f"block #{martyr}", f"block #{wraith}")  # nothing left to block with: done is automatic
    assert state.decision is not None and state.decision.kind == "trigger_order"  # two Death triggers of P2
    act(state, "choose 1")
    hits = {(e.card, e.amount) for e in events(state, "damage")}
    assert (martyr, 3) in hits and (wraith, 2) in hits
    assert (drake, 1) in hits and (drake, 3) in hits  # both blockers hit back at the same time
    assert [e.amount for e in events(state, "hero_damage")] == [3]  # below 5: no Stage is lost
    assert len(state.zones[STAGE_DECK[1]]) == 4
    assert [e.card for e in events(state, "death")] == [martyr, wraith]
    assert state.zone_of[martyr] == GRAVEYARD[1] and state.zone_of[wraith] == GRAVEYARD[1]
    # both Death triggers resolved: P2 drew (Martyr), P1 discarded (Wraith)
    assert [state.defs[e.card].key for e in events(state, "draw")] == ["reef-lancer"]
    assert [e.seat for e in events(state, "discard")] == [0] and state.zones[HAND[0]] == []


@pytest.mark.rules("CA-053", "CA-045")
def test_every_point_beyond_the_blockers_reaches_the_hero_and_none_when_they_absorb_it_all() -> None:
    for left, to_hero in ((4, [1]), (5, [])):  # a 5-Attack Ravager into a blocker with 4, then 5 Health left
        state = scenario(
            Side(field=["dusk-ravager"]),
            Side(field=[f"gravel-ghoul:damage={8 - left}"], deck=["reef-lancer"]),
        )
        ghoul = card_id(state, "gravel-ghoul")
        act(state, f"attack #{card_id(state, 'dusk-ravager')} -> P2", f"block #{ghoul}")
        assert [e.amount for e in events(state, "hero_damage")] == to_hero
        assert (ghoul, left) in {(e.card, e.amount) for e in events(state, "damage")}


@pytest.mark.rules("CA-045", "CA-R19")
def test_the_defenders_order_decides_who_takes_the_damage() -> None:
    results = []
    for order in (("reef-lancer", "ashen-whelp"), ("ashen-whelp", "reef-lancer")):
        state = scenario(Side(field=["dusk-ravager"]), Side(field=["reef-lancer", "ashen-whelp"]))
        act(state, f"attack #{card_id(state, 'dusk-ravager')} -> P2")
        act(state, *(f"block #{card_id(state, k)}" for k in order))
        results.append({state.defs[e.card].key: e.amount for e in events(state, "damage") if e.seat == 1})
    assert results == [{"reef-lancer": 5}, {"ashen-whelp": 5}]


@pytest.mark.rules("CA-046", "CA-054", "CA-R20")
def test_attacking_a_tapped_minion_trades_blows_and_excess_is_lost() -> None:
    # CA section 5, scenario 7.
    state = scenario(
        Side(field=["stormglass-knight"]),
        Side(field=["restless-revenant:tapped:damage=3", "gravel-ghoul"]),
    )
    knight, revenant = card_id(state, "stormglass-knight"), card_id(state, "restless-revenant")
    ghoul = card_id(state, "gravel-ghoul")
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        state.apply(Attack(knight, CardRef(ghoul)))  # untapped minions cannot be attacked
    assert state.to_json() == before
    act(state, f"attack #{knight} -> #{revenant}")
    assert state.zone_of[revenant] == GRAVEYARD[1]
    assert not events(state, "hero_damage") and state.stage_damage == [0, 0]
    assert state.damage[knight] == 3  # the Revenant hit back
    assert not events(state, "block")  # no blocking an attack on a minion


@pytest.mark.rules("CA-R22", "CA-044", "CA-046")
def test_a_blocker_stays_tapped_and_can_be_attacked_later_in_the_phase() -> None:
    # CA section 5, scenario 8.
    state = scenario(
        Side(field=["tide-sprite", "dusk-ravager"]),
        Side(field=["glacier-titan"]),
    )
    sprite, ravager, titan = (card_id(state, k) for k in ("tide-sprite", "dusk-ravager", "glacier-titan"))
    act(state, f"attack #{sprite} -> P2", f"block #{titan}")
    assert state.tapped[titan] and state.is_minion(titan)
    # P2's only minion is tapped, so P2's battle turn was a forced skip; P1 attacks the blocker
    assert state.decision is not None and state.decision.seat == 0
    assert f"attack #{ravager} -> #{titan}" in legal(state)
    act(state, f"attack #{ravager} -> #{titan}")
    assert (titan, 5) in {(e.card, e.amount) for e in events(state, "damage")}


@pytest.mark.rules("CA-047", "CA-048", "CA-051", "CA-052", "CA-R18")
def test_battle_turns_alternate_and_the_phase_ends_after_two_skips_in_a_row() -> None:
    # CA section 5, scenario 9: P1 skips, P2 attacks, P1 then attacks with a minion summoned this turn.
    state = scenario(
        Side(set=["gravel-ghoul"]),
        Side(set=["dusk-ravager", "tide-sprite"], field=["reef-lancer"]),
        phase="reveal",
    )
    ghoul = card_id(state, "gravel-ghoul")
    act(state, f"play #{ghoul}")
    while state.phase == "reveal":
        act(state, legal(state)[-1] if legal(state)[0].startswith("recycle") else legal(state)[0])
    lancer = card_id(state, "reef-lancer")
    assert state.phase == "battle" and state.decision is not None and state.decision.seat == 0
    act(state, "skip")
    assert state.decision is not None and state.decision.seat == 1
    act(state, f"attack #{lancer} -> P1")
    if state.decision is not None and state.decision.kind == "block":
        act(state, "done")
    assert state.decision is not None and state.decision.seat == 0 and state.decision.kind == "battle"
    act(state, f"attack #{ghoul} -> P2")  # summoned this turn, attacking after skipping
    if state.decision is not None and state.decision.kind == "block":
        act(state, "done")
    while state.turn == 3:
        act(state, "skip")
    skips = [e.seat for e in turn_events(state, 3, "skip")]
    assert skips[0] == 0 and skips[-2:] in ([0, 1], [1, 0])  # it ended on a skip following a skip
    assert [e.kind for e in turn_events(state, 3)][-3:] == ["skip", "skip", "coin"]


@pytest.mark.rules("CA-R18", "CA-048")
def test_a_player_without_an_untapped_minion_skips_without_a_choice() -> None:
    state = scenario(Side(field=["gravel-ghoul"]), Side(field=["reef-lancer:tapped"]))
    ghoul = card_id(state, "gravel-ghoul")
    act(state, f"attack #{ghoul} -> P2")
    # P2 could not block (its minion is tapped) nor attack; P1 has nothing untapped: the phase is over
    assert state.turn == 4
    kinds = [(e.kind, e.note) for e in turn_events(state, 3) if e.kind in ("attack", "block", "skip", "coin")]
    assert kinds == [("attack", ""), ("skip", "forced"), ("skip", "forced"), ("coin", "pass")]
    assert [e.amount for e in turn_events(state, 3, "hero_damage")] == [3]


@pytest.mark.rules("CA-071", "CA-R26", "CA-K11")
def test_double_strike_attacks_twice_and_never_three_times() -> None:
    # CA section 5, scenario 16.
    state = scenario(Side(field=["twinblade-duelist"]), Side(field=["reef-lancer:tapped"]))
    duelist = card_id(state, "twinblade-duelist")
    act(state, f"attack #{duelist} -> P2")
    assert not state.tapped[duelist]  # it untapped after its first attack resolved
    assert state.decision is not None and state.decision.seat == 0  # P2 had to skip; P1 again
    act(state, f"attack #{duelist} -> P2")
    assert state.turn == 4  # no third attack: the Battle Phase and the turn ended
    assert [e.card for e in turn_events(state, 3, "attack")] == [duelist, duelist]
    assert sum(e.amount for e in turn_events(state, 3, "hero_damage")) == 6
    assert len(state.zones[STAGE_DECK[1]]) == 3  # 6 damage in one turn took a Stage


@pytest.mark.rules("CA-K13")
def test_on_attack_triggers_after_the_minion_taps() -> None:
    state = scenario(Side(field=["cinder-charger"]), Side(field=["reef-lancer:tapped"]))
    charger = card_id(state, "cinder-charger")
    act(state, f"attack #{charger} -> P2")
    kinds = [
        e.kind for e in state.events() if e.kind in ("attack", "stack", "resolve", "modify", "hero_damage")
    ]
    assert kinds == ["attack", "stack", "resolve", "modify", "hero_damage"]
    assert [e.amount for e in events(state, "hero_damage")] == [4]  # 2 printed + 2 from On Attack


@pytest.mark.rules("CA-R20", "CA-K13")
def test_an_attack_on_a_minion_that_dies_before_damage_hits_nobody() -> None:
    state = scenario(Side(field=["barbed-imp"]), Side(field=["reef-lancer:tapped:damage=7"]))
    imp, lancer = card_id(state, "barbed-imp"), card_id(state, "reef-lancer")
    act(
        state, f"attack #{imp} -> #{lancer}"
    )  # its On Attack ping (the only target) finishes the Lancer first
    assert state.zone_of[lancer] == GRAVEYARD[1]
    assert not turn_events(state, 3, "hero_damage")
    assert all(e.card != imp for e in turn_events(state, 3, "damage"))


@pytest.mark.rules("CA-R21")
def test_an_undamaged_minion_whose_health_is_lowered_to_0_dies_at_the_check() -> None:
    state = scenario(Side(field=["dusk-ravager", "gravel-ghoul"]), Side(field=["ashen-whelp"]))
    ravager, ghoul = card_id(state, "dusk-ravager"), card_id(state, "gravel-ghoul")
    assert not any(state.damage)
    state.op_check()
    assert state.zone_of[ravager] != GRAVEYARD[0]  # nothing damaged, nothing lowered: no one dies
    state.modify_card(ravager, "health", -state.health_of(ravager), TURN, -1)  # lowered to 0, no damage
    state.op_check()
    assert state.zone_of[ravager] == GRAVEYARD[0]
    assert state.zone_of[ghoul] != GRAVEYARD[0]
