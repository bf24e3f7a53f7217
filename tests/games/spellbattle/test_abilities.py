"""Abilities: activated, triggered, replacement and static (SB-100..111, SB-K14..K19, SB-R16, SB-R18, SB-R30)."""

from __future__ import annotations

import pytest

from spellforge import find_game
from spellforge.games.spellbattle.scenario import Seat, card, do, in_play, legal, pass_all, scenario
from spellforge.games.spellbattle.state import SpellBattleState


def hand_size(s: SpellBattleState, seat: int) -> int:
    return len(s.zones[s.layout.hand[seat]])


def kinds_in_limbo(s: SpellBattleState) -> list[str]:
    return [item.kind for item in s.stack]


def resolve(s: SpellBattleState) -> None:
    """Pass priority until limbo is empty (and no further)."""
    while s.stack and s.decision is not None and s.decision.kind == "priority":
        do(s, "pass")


def until(s: SpellBattleState, kind: str) -> None:
    """Pass priority until the next decision of ``kind``."""
    while s.decision is not None and s.decision.kind == "priority" and kind != "priority":
        do(s, "pass")
    assert s.decision is not None and s.decision.kind == kind


def to_attackers(s: SpellBattleState) -> None:
    until(s, "attackers")


def next_turn(s: SpellBattleState) -> None:
    """Pass until the next turn begins (declaring no attackers or blockers)."""
    turn = s.turn
    while s.turn == turn and s.decision is not None:
        do(s, "done" if s.decision.kind in ("attackers", "blockers") else "pass")


def limbo_entries(s: SpellBattleState) -> list[tuple[str, int, int]]:
    """(kind, controller, card) of everything that went into limbo by a trigger or a copy, in order."""
    return [(e.note, e.seat, e.card) for e in s.events() if e.kind == "limbo"]


# ---------------------------------------------------------------------- the four kinds (SB-100)


@pytest.mark.rules("SB-100")
def test_card_text_sorts_into_the_four_kinds_of_ability() -> None:
    cards = find_game("spellbattle").cards
    assert [e.kind for e in cards["hedge-archer"].effects] == ["activated"]
    assert [e.kind for e in cards["grave-caller"].effects] == ["triggered"]
    assert [e.kind for e in cards["phoenix-ward"].effects] == ["replacement"]
    assert [e.kind for e in cards["banner-lord"].effects] == ["static"]
    assert [e.kind for e in cards["fire-lance"].effects] == ["effect"]  # a spell's effect is no ability
    every = {e.kind for d in cards.values() for e in d.effects}
    assert every == {"activated", "triggered", "replacement", "static", "effect"}


# ---------------------------------------------------------------------- activated (SB-101..106, SB-K14)


@pytest.mark.rules("SB-101", "SB-103", "SB-104", "SB-K14")
def test_turning_the_card_sideways_is_paid_at_once_and_the_effect_waits_in_limbo() -> None:
    s = scenario(Seat(play=["hedge-archer"]), Seat(play=["hedge-knight"], hand=["battle-fury"], farms=1))
    archer, knight = card(s, "hedge-archer"), card(s, "hedge-knight")
    assert f"use #{archer} -> #{knight}" in legal(s)
    do(s, f"use #{archer} -> #{knight}")
    assert s.tapped[archer]  # the cost is already paid
    assert kinds_in_limbo(s) == ["ability"] and s.damage[knight] == 0  # the effect has not happened yet
    do(s, "pass")  # P2 declines to respond
    assert not s.stack and s.damage[knight] == 1 and s.tapped[archer]


@pytest.mark.rules("SB-101", "SB-K07", "SB-K14", "SB-R27")
def test_a_pay_x_ability_also_turns_farms_sideways() -> None:
    s = scenario(Seat(play=["watchtower", "hedge-knight"], farms=2, hand=["field-hand"]), Seat())
    tower, knight = card(s, "watchtower"), card(s, "hedge-knight")
    do(s, f"use #{tower} -> #{knight}")
    assert s.tapped[tower] and len(s.untapped_farms(0)) == 1  # Pay 1 and turn Watchtower sideways
    resolve(s)
    assert s.speed(knight) == 3


@pytest.mark.rules("SB-101", "SB-K14")
def test_a_pay_x_ability_cannot_be_used_without_the_farms() -> None:
    s = scenario(Seat(play=["watchtower", "hedge-knight"], tapped_farms=2, hand=["quicken"]), Seat())
    assert not any(a.startswith("use") for a in legal(s))


@pytest.mark.rules("SB-102", "SB-K14")
def test_an_activated_ability_works_whenever_its_controller_has_priority() -> None:
    # in the opponent's draw step, in response to a spell
    s = scenario(
        Seat(hand=["battle-fury", "quicken"], farms=2, play=["hedge-knight"]),  # a Quicken keeps P1 deciding
        Seat(play=["hedge-archer"]),
        step="draw",
        active=0,
    )
    knight, archer = card(s, "hedge-knight"), card(s, "hedge-archer")
    do(s, f"play #{card(s, 'battle-fury')} -> #{knight}", "pass")
    assert s.decision is not None and s.decision.seat == 1 and s.stack
    assert f"use #{archer} -> #{knight}" in legal(s)
    do(s, f"use #{archer} -> #{knight}")
    assert kinds_in_limbo(s) == ["card", "ability"]


@pytest.mark.rules("SB-102", "SB-113", "SB-K06", "SB-K14")
def test_a_sideways_card_cannot_use_its_ability() -> None:
    s = scenario(
        Seat(play=[("hedge-archer", {"tapped": True}), "hedge-knight"], hand=["quicken"], farms=1), Seat()
    )
    archer = card(s, "hedge-archer")
    assert not any(a.startswith(f"use #{archer}") for a in legal(s))


@pytest.mark.rules("SB-104", "SB-105", "SB-106", "SB-K08")
def test_an_ability_in_limbo_can_be_answered_and_countered_but_its_cost_stays_paid() -> None:
    s = scenario(Seat(play=["hedge-archer"]), Seat(play=["field-hand"], hand=["dispel-echo"], farms=1))
    archer, hand_ = card(s, "hedge-archer"), card(s, "field-hand", seat=1)
    do(s, f"use #{archer} -> #{hand_}")
    uid = s.stack[-1].uid
    assert f"play #{card(s, 'dispel-echo')} -> @{uid}" in legal(s)  # targetable like a card (SB-106)
    do(s, f"play #{card(s, 'dispel-echo')} -> @{uid}")
    resolve(s)
    assert not s.stack and s.in_play(hand_) and s.damage[hand_] == 0  # countered: no effect
    assert s.tapped[archer]  # nothing gives the cost back (SB-104)


@pytest.mark.rules("SB-105")
def test_players_respond_to_an_ability_before_it_resolves() -> None:
    s = scenario(
        Seat(play=["hedge-archer"], hand=["ash-squire"]),
        Seat(play=["field-hand"], hand=["battle-fury"], farms=1),
    )
    archer, victim = card(s, "hedge-archer"), card(s, "field-hand", seat=1)
    do(s, f"use #{archer} -> #{victim}")
    do(s, f"play #{card(s, 'battle-fury')} -> #{victim}")  # the response resolves first: 3 strength
    resolve(s)
    assert s.in_play(victim) and s.damage[victim] == 1 and s.strength(victim) == 3


@pytest.mark.rules("SB-106", "SB-K09")
def test_an_ability_in_limbo_can_be_copied_with_new_choices() -> None:
    s = scenario(
        Seat(play=["hedge-archer", "field-hand"]),
        Seat(play=["field-hand"], hand=["mirror-echo"], farms=2),
    )
    archer, mine, theirs = (
        card(s, "hedge-archer"),
        card(s, "field-hand", seat=0),
        card(s, "field-hand", seat=1),
    )
    do(s, f"use #{archer} -> #{theirs}")
    do(s, f"play #{card(s, 'mirror-echo')} -> @{s.stack[-1].uid}")
    pass_all(s)
    assert s.decision is not None and s.decision.kind == "copy_target" and s.decision.seat == 1
    do(s, f"target #{mine}")
    assert limbo_entries(s) == [
        ("ability copy", 1, archer)
    ]  # the copy is P2's, made from the archer's ability
    resolve(s)
    assert not s.in_play(mine) and not s.in_play(theirs)  # the copy and the original each dealt 1


# ---------------------------------------------------------------------- triggered (SB-107/108, SB-K15, SB-R16)


@pytest.mark.rules("SB-107", "SB-108", "SB-K15")
def test_a_trigger_goes_into_limbo_as_its_event_happens_and_can_be_answered() -> None:
    s = scenario(Seat(hand=["dawn-priest"], farms=2), Seat(hand=["dispel-echo"], farms=1))
    priest = card(s, "dawn-priest")
    do(s, f"play #{priest}")
    assert s.decision is not None and s.decision.seat == 1  # no answer to the priest itself, yet asked
    do(s, "pass")  # (its hand is hidden: it might have had one)
    assert s.in_play(priest) and kinds_in_limbo(s) == ["trigger"]  # no one had priority in between
    assert hand_size(s, 0) == 0
    assert s.decision is not None and s.decision.seat == 1
    do(s, f"play #{card(s, 'dispel-echo')} -> @{s.stack[0].uid}")
    resolve(s)
    assert hand_size(s, 0) == 0 and not s.stack  # countered: Dawn Priest's controller drew nothing


@pytest.mark.rules("SB-107", "SB-108", "SB-K15")
def test_an_unanswered_trigger_resolves() -> None:
    s = scenario(Seat(hand=["dawn-priest"], farms=2), Seat(hand=["dispel-echo"], farms=1))
    do(s, f"play #{card(s, 'dawn-priest')}", "pass", "pass")  # P2 passes on the priest, then its trigger
    assert hand_size(s, 0) == 1 and not s.stack


@pytest.mark.rules("SB-R16", "SB-K15")
def test_simultaneous_triggers_enter_limbo_in_turn_order_so_the_last_player_resolves_first() -> None:
    s = scenario(
        Seat(hand=["earthquake"], farms=4, play=["grave-caller"]),
        Seat(play=["grave-caller"]),
        Seat(play=["grave-caller"]),
        active=1,
    )
    assert s.decision is not None and s.decision.seat == 0  # P2 and P3 had nothing to do
    draws = len([e for e in s.events() if e.kind == "draw"])
    do(s, f"play #{card(s, 'earthquake')}")  # P1 plays it in P2's turn; no one can respond
    assert [(kind, seat) for kind, seat, _ in limbo_entries(s)] == [
        ("trigger", 1),
        ("trigger", 2),
        ("trigger", 0),
    ]
    after = [e.seat for e in s.events() if e.kind == "draw"][draws:]
    assert after == [0, 2, 1]  # P1's (last in turn order from P2) first, the active player's last


@pytest.mark.rules("SB-R16", "SB-K15")
def test_a_player_orders_their_own_simultaneous_triggers() -> None:
    s = scenario(Seat(hand=["earthquake"], farms=4, play=["grave-caller", "grim-harvest"]), Seat())
    caller, harvest = card(s, "grave-caller"), card(s, "grim-harvest")
    do(s, f"play #{card(s, 'earthquake')}")
    assert s.decision is not None and s.decision.kind == "trigger_order" and s.decision.seat == 0
    order = [t.card for t in s.pending_triggers]
    assert sorted(order) == sorted([caller, harvest])
    do(s, "choose 2")  # the second waiting trigger goes in first, so it resolves last
    assert [c for _, _, c in limbo_entries(s)] == [order[1], order[0]]


# ---------------------------------------------------------------------- replacement (SB-109/110, SB-K16)


@pytest.mark.rules("SB-109", "SB-110", "SB-K16", "SB-K12")
def test_a_replacement_changes_the_event_without_limbo() -> None:
    s = scenario(Seat(hand=["final-verdict"], farms=3), Seat(play=["phoenix-ward"]))
    ward = card(s, "phoenix-ward")
    do(s, f"play #{card(s, 'final-verdict')} -> #{ward}")
    limbo_before = sum(1 for e in s.events() if e.kind == "limbo")
    do(s, "pass")
    assert s.zone_of[ward] == s.layout.aside  # set aside instead of destroyed
    assert s.zone_of[ward] != s.layout.discard[1]
    assert sum(1 for e in s.events() if e.kind == "limbo") == limbo_before and not s.stack
    assert not any(e.kind == "destroyed" and e.card == ward for e in s.events())
    assert any(e.kind == "replaced" and e.card == ward for e in s.events())


@pytest.mark.rules("SB-109", "SB-K16")
def test_a_replacement_applies_to_combat_destruction_too() -> None:
    s = scenario(Seat(play=["stone-giant"]), Seat(play=["phoenix-ward"]), step="attack")
    giant, ward = card(s, "stone-giant"), card(s, "phoenix-ward")
    do(s, f"attack #{giant} -> P2", f"block #{ward} -> #{giant}")
    assert s.zone_of[ward] == s.layout.aside and s.in_play(giant)


# ---------------------------------------------------------------------- static (SB-111, SB-K17)


@pytest.mark.rules("SB-111", "SB-K17")
def test_a_static_ability_applies_with_no_cost_and_stops_when_its_card_leaves() -> None:
    s = scenario(
        Seat(play=["banner-lord", "hedge-knight"]),
        Seat(play=["quick-scout"], hand=["final-verdict"], farms=3),
        active=1,
    )
    lord, knight, scout = card(s, "banner-lord"), card(s, "hedge-knight"), card(s, "quick-scout")
    assert s.speed(knight) == 3 and s.speed(lord) == 2 and s.speed(scout) == 3  # others you control
    assert in_play(s.observe(None))[1]["speed"] == 3  # the View reads the current value too
    do(s, f"play #{card(s, 'final-verdict')} -> #{lord}")  # no one can respond: it resolves
    assert not s.in_play(lord) and s.speed(knight) == 2


@pytest.mark.rules("SB-111")
def test_flying_is_a_static_ability_that_needs_no_cost() -> None:
    s = scenario(Seat(play=["gale-kite"]), Seat(play=["hedge-knight"]), step="attack")
    kite = card(s, "gale-kite")
    do(s, f"attack #{kite} -> P2")
    assert s.life(1) == 19  # no legal blocker: the only blocker decision was "done", taken at once


# ---------------------------------------------------------------------- in-play spells (SB-K18)


@pytest.mark.rules("SB-K18", "SB-K10")
def test_an_in_play_spell_resolves_into_play_works_there_and_can_be_destroyed() -> None:
    s = scenario(Seat(hand=["war-banner"], farms=3, play=["hedge-knight"]), Seat())
    banner, knight = card(s, "war-banner"), card(s, "hedge-knight")
    do(s, f"play #{banner}")
    assert s.in_play(banner) and not s.face_down[banner] and s.strength(knight) == 3
    # No card of the pool destroys an in-play spell yet; the destroy mechanism treats it like a character.
    s.destroy_card(banner, -1)
    assert s.zone_of[banner] == s.layout.discard[0] and s.strength(knight) == 2


# ---------------------------------------------------------------------- until end of turn (SB-K19, SB-R18)


@pytest.mark.rules("SB-K19")
def test_changes_until_end_of_turn_expire_with_the_turn() -> None:
    s = scenario(
        Seat(hand=["battle-fury", "quicken", "field-hand"], farms=2, play=["hedge-knight"]),
        Seat(hand=["field-hand"]),
    )
    knight = card(s, "hedge-knight")
    do(s, f"play #{card(s, 'battle-fury')} -> #{knight}")
    resolve(s)
    do(s, f"play #{card(s, 'quicken')} -> #{knight}")
    resolve(s)
    assert s.strength(knight) == 4 and s.speed(knight) == 4
    next_turn(s)
    assert s.turn == 4 and s.strength(knight) == 2 and s.speed(knight) == 2


@pytest.mark.rules("SB-K19")
def test_a_strength_reduction_destroys_a_character_whose_damage_now_reaches_it() -> None:
    s = scenario(Seat(hand=["sudden-strike", "wither"], farms=3), Seat(play=["tower-guard"]))
    guard = card(s, "tower-guard")
    do(s, f"play #{card(s, 'sudden-strike')} -> #{guard}")
    resolve(s)
    assert s.in_play(guard) and s.damage[guard] == 1
    do(s, f"play #{card(s, 'wither')} -> #{guard}")
    resolve(s)
    assert s.zone_of[guard] == s.layout.discard[1]  # strength 3 - 2 = 1, and 1 damage is marked


@pytest.mark.rules("SB-K19")
def test_a_strength_reduced_to_zero_destroys_even_an_undamaged_character() -> None:
    s = scenario(Seat(hand=["wither"], farms=2), Seat(play=["ash-squire"]))
    squire = card(s, "ash-squire")
    do(s, f"play #{card(s, 'wither')} -> #{squire}")
    resolve(s)
    assert s.zone_of[squire] == s.layout.discard[1]  # it needs 0 damage to be destroyed (SB-085)


@pytest.mark.rules("SB-R18")
def test_damage_outside_combat_lasts_until_the_end_of_the_turn() -> None:
    s = scenario(
        Seat(hand=["sudden-strike", "field-hand"], farms=1), Seat(play=["tower-guard"], hand=["field-hand"])
    )
    guard = card(s, "tower-guard")
    do(s, f"play #{card(s, 'sudden-strike')} -> #{guard}")
    resolve(s)
    assert s.damage[guard] == 1 and s.step == "main"
    next_turn(s)
    assert s.turn == 4 and s.damage[guard] == 0


@pytest.mark.rules("SB-R18")
def test_damage_outside_combat_is_removed_at_the_end_of_a_combat_that_ends_sooner() -> None:
    s = scenario(
        Seat(hand=["sudden-strike"], farms=1, play=["field-hand"]),
        Seat(play=["tower-guard"]),
        step="draw",
    )
    guard, attacker = card(s, "tower-guard"), card(s, "field-hand", seat=0)
    do(s, f"play #{card(s, 'sudden-strike')} -> #{guard}")
    resolve(s)
    assert s.damage[guard] == 1
    to_attackers(s)
    do(s, f"attack #{attacker} -> P2")
    assert s.decision is not None and s.decision.kind == "blockers"
    do(s, "done")
    assert s.step == "main" and s.damage[guard] == 0  # cleared by the end of combat, before end of turn


# ---------------------------------------------------------------------- tap abilities and combat (SB-R30)


@pytest.mark.rules("SB-R30", "SB-115")
def test_a_character_that_used_its_tap_ability_cannot_attack() -> None:
    s = scenario(Seat(play=["hedge-archer", "hedge-knight"]), Seat(play=["field-hand"]), step="attack")
    archer, victim = card(s, "hedge-archer"), card(s, "field-hand", seat=1)
    do(s, f"use #{archer} -> #{victim}")
    to_attackers(s)
    assert not any(f"#{archer} " in a for a in legal(s))
    assert f"attack #{card(s, 'hedge-knight')} -> P2" in legal(s)


@pytest.mark.rules("SB-R30", "SB-115")
def test_a_character_that_used_its_tap_ability_cannot_block() -> None:
    s = scenario(Seat(play=["hedge-knight"]), Seat(play=["hedge-archer", "field-hand"]), step="attack")
    knight, archer = card(s, "hedge-knight"), card(s, "hedge-archer")
    assert s.decision is not None and s.decision.seat == 1  # P1 could only pass; P2 uses the archer
    do(s, f"use #{archer} -> #{knight}")
    to_attackers(s)
    do(s, f"attack #{knight} -> P2")
    assert s.decision is not None and s.decision.kind == "blockers"
    assert not any(f"block #{archer}" in a for a in legal(s))


@pytest.mark.rules("SB-R30")
def test_a_declared_blocker_that_uses_its_tap_ability_stays_in_combat() -> None:
    s = scenario(
        Seat(play=["ash-squire"], hand=["quicken"], farms=1),  # P1 keeps a choice, so limbo waits
        Seat(play=["hedge-archer", "field-hand"]),
        step="attack",
    )
    squire, archer = card(s, "ash-squire"), card(s, "hedge-archer")
    to_attackers(s)
    do(s, f"attack #{squire} -> P2")
    until(s, "blockers")
    do(s, f"block #{archer} -> #{squire}", "done")
    assert s.decision is not None and s.decision.kind == "priority"
    while s.decision.seat != 1:
        do(s, "pass")
    do(s, f"use #{archer} -> #{squire}")  # a blocker is right-side-up, so it may use the ability
    assert s.stack and s.tapped[archer] and s.block_group.get(archer) == s.attack_group[squire]
    pass_all(s)  # the ping resolves (1 damage), then the speed-2 archer deals 1 more: 2 = its strength
    assert s.zone_of[squire] == s.layout.discard[0]


@pytest.mark.rules("SB-R30")
def test_an_attacking_character_cannot_use_its_tap_ability() -> None:
    s = scenario(
        Seat(play=["hedge-archer"], hand=["quicken"], farms=1), Seat(play=["field-hand"]), step="attack"
    )
    archer = card(s, "hedge-archer")
    to_attackers(s)
    do(s, f"attack #{archer} -> P2")
    assert s.decision is not None
    while s.decision.kind != "priority" or s.decision.seat != 0:
        do(s, "done" if s.decision.kind == "blockers" else "pass")
    assert s.tapped[archer] and not any(a.startswith(f"use #{archer}") for a in legal(s))


@pytest.mark.rules("SB-K09", "SB-033")
def test_a_copy_never_targets_the_item_it_copies() -> None:
    """A copy of Mirror Echo aimed back at the Mirror Echo it copies would make a new copy of it on every
    resolution, forever; the copy's new target is chosen among the other spells and abilities in limbo."""
    s = scenario(
        Seat(hand=["fire-lance", "mirror-echo"], farms=4),
        Seat(play=["hedge-knight"], hand=["mirror-echo"], farms=2),
    )
    knight = card(s, "hedge-knight")
    lance, echo1, echo2 = (
        card(s, "fire-lance"),
        card(s, "mirror-echo", seat=0),
        card(s, "mirror-echo", seat=1),
    )
    do(s, f"play #{lance} -> #{knight}")
    lance_uid = s.stack[-1].uid
    do(s, f"play #{echo1} -> @{lance_uid}")  # P1 has no farm left: its pass is taken at once
    echo1_uid = s.stack[-1].uid
    assert s.decision is not None and s.decision.seat == 1
    do(s, f"play #{echo2} -> @{echo1_uid}")
    # P2's Mirror Echo resolved and copied P1's Mirror Echo. The copy's only legal new target is Fire
    # Lance (never P1's Mirror Echo itself), so it was aimed there without a choice, resolved, and made a
    # copy of Fire Lance, for which P2 now chooses a target.
    assert s.decision is not None and (s.decision.kind, s.decision.seat) == ("copy_target", 1)
    assert sorted(legal(s)) == sorted([f"target #{knight}", "target P1", "target P2"])
    assert [i.uid for i in s.stack] == [lance_uid, echo1_uid]
