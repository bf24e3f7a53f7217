"""Card powers over rules, order of activation, combat-only powers, counter-effects, priority."""

from __future__ import annotations

import dataclasses

import pytest

from spellforge import GAMES, IllegalActionError
from spellforge.games.spellfire.scenario import Side, act, card, legal, scenario

GAME = GAMES["spellfire"]
FILL = ["village-militia"] * 2


def pass_counters(state) -> None:
    while state.decision is not None and state.decision.kind in ("pause", "counter"):
        act(state, "pass")


@pytest.mark.rules("SF-001", "SF-110")
def test_a_card_power_overrides_a_rule():
    """Items never move once attached (SF-110), but a borrowing champion's power moves one (SF-001)."""
    s = scenario(
        Side(hand=FILL, pool=["pilfering-pell"]),
        Side(hand=FILL, pool=["sir-aldric-the-bold+steel-longsword"], formation=["tollgate-downs"]),
        phase="attack",
    )
    act(s, "attack slot P2.A")
    act(s, f"send #{card(s, 'pilfering-pell')}")
    act(s, f"send #{card(s, 'sir-aldric-the-bold')}")
    assert s.attached_to[card(s, "steel-longsword")] == card(s, "pilfering-pell")


@pytest.mark.rules("SF-219", "SF-220", "SF-221", "SF-222", "SF-223", "SF-R08", "SF-183")
def test_order_of_activation():
    s = scenario(
        Side(
            hand=FILL,
            pool=[
                "sir-aldric-the-bold+steel-longsword+rod-of-the-circle+gauntlets-of-might+shield-of-warding"
            ],
        ),
        Side(hand=FILL, pool=["mara-swiftblade+traveler-s-cloak"], formation=["tollgate-downs"]),
        phase="attack",
    )
    act(s, "attack slot P2.A")
    act(s, f"send #{card(s, 'sir-aldric-the-bold')}")
    act(s, f"send #{card(s, 'mara-swiftblade')}")
    order = [s.defs[e.card].name for e in s.events() if e.kind == "activates"]
    assert order == [
        "Sir Aldric the Bold",
        "Rod of the Circle",  # artifacts first
        "Gauntlets of Might",  # then items, highest bonus first
        "Shield of Warding",  # equal bonus: by name
        "Steel Longsword",
        "Mara Swiftblade",  # then the defender's
        "Traveler's Cloak",
    ]
    assert s.side_total(0) == 5 + 3 + 4 + 2 + 2  # everything counts as it enters (SF-223)


@pytest.mark.rules("SF-308", "SF-309", "SF-K07", "SF-R03")
def test_holding_and_realm_powers_work_when_their_realm_is_attacked():
    s = scenario(
        Side(hand=FILL, pool=["hollis-greymantle"]),
        Side(
            hand=FILL,
            pool=["mara-swiftblade"],
            formation=["mistwood-dale+harpers-safehouse", "copperhill-town"],
        ),
        phase="attack",
    )
    act(s, "attack slot P2.A")
    act(s, f"send #{card(s, 'hollis-greymantle')}")
    act(s, f"send #{card(s, 'mara-swiftblade')}")
    assert s.side_total(1) == 4 + 3 + 2  # world bonus and the holding's +2
    t = scenario(
        Side(hand=FILL, pool=["cinderwing-drake"]),
        Side(
            hand=FILL,
            pool=["mara-swiftblade"],
            formation=["mistwood-dale+harpers-safehouse", "copperhill-town"],
        ),
        phase="attack",
    )
    act(t, "attack slot P2.B")
    act(t, f"send #{card(t, 'cinderwing-drake')}")
    act(t, f"send #{card(t, 'mara-swiftblade')}")
    assert t.side_total(1) == 4 + 3  # the holding is on another realm


@pytest.mark.rules("SF-310", "SF-311")
def test_the_attacker_uses_his_power_first():
    s = scenario(
        Side(hand=FILL, pool=["the-gorgon-of-greyfen"]),
        Side(hand=FILL, pool=["sir-bertram-wyrmbane"], formation=["tollgate-downs"]),
        phase="attack",
    )
    act(s, "attack slot P2.A")
    act(s, f"send #{card(s, 'the-gorgon-of-greyfen')}")
    act(s, f"send #{card(s, 'sir-bertram-wyrmbane')}")
    assert s.decision.kind == "escape" and s.decision.seat == 1  # the gorgon's power is checked first
    act(s, "pass")
    assert s.zone_name(card(s, "sir-bertram-wyrmbane")) == "discard"
    assert s.zone_name(card(s, "the-gorgon-of-greyfen")) in ("battle", "pool")


@pytest.mark.rules("SF-316", "SF-315", "SF-K33", "SF-115")
def test_a_counter_effect_must_come_at_once():
    s = scenario(
        Side(
            hand=["morning-prayers", "village-militia"], pool=["sister-aveline"], deck=["tollgate-downs"] * 3
        ),
        Side(hand=["unweave", "village-militia"], pool=["master-quillon"]),
        phase="pool",
    )
    prayers = card(s, "morning-prayers")
    act(s, f"play #{prayers}")
    assert s.decision.kind == "counter" and s.decision.seat == 1  # others answer a phase-3 play
    act(s, "pass")
    assert s.zone_name(prayers) == "discard"  # resolved: too late to dispel it
    assert not any(str(prayers) in a for a in legal(s) if "unweave" in a)
    assert s.decision.seat == 0


@pytest.mark.rules("SF-265", "SF-266", "SF-264")
def test_the_acting_player_continues_after_the_window():
    s = scenario(
        Side(hand=["windfall", "scouting-report"], deck=["tollgate-downs"] * 4), Side(hand=FILL), phase="pool"
    )
    act(s, f"play #{card(s, 'windfall')}")
    act(s, "pass")
    assert s.decision.seat == 0 and s.decision.kind == "pool"


@pytest.mark.rules("SF-R28", "SF-001")
def test_effects_come_from_card_data_not_names():
    s = scenario(
        Side(hand=FILL, pool=["hollis-greymantle"]),
        Side(hand=FILL, formation=["greymarch-fields"]),
        phase="pool",
    )
    renamed = dataclasses.replace(
        GAME.cards["warden-of-the-silent-helm"], name="Someone Else Entirely", key="someone-else"
    )
    assert renamed.powers == frozenset({"negate_discard"})
    assert s.defs[0].powers == GAME.cards["village-militia"].powers


@pytest.mark.rules("SF-064", "SF-K27")
def test_a_dungeon_spoils_that_is_not_a_realm_is_a_normal_spoils():
    s = scenario(
        Side(hand=FILL, pool=["hollis-greymantle"], deck=["hired-swords"]),
        Side(hand=FILL, formation=["greymarch-fields"], dungeon=["labyrinth-of-shadows"]),
        phase="attack",
    )
    act(s, "attack dungeon P2.D")
    act(s, f"send #{card(s, 'hollis-greymantle')}")
    act(s, "pass")
    assert s.decision.kind == "spoils" and s.decision.seat == 0
    assert set(legal(s)) == {"keep", "put back"}
    act(s, "keep")
    assert card(s, "hired-swords") in s.hand_of(0)


@pytest.mark.rules("SF-129", "SF-216", "SF-143")
def test_a_spoils_realm_is_a_second_realm_that_turn():
    s = scenario(
        Side(hand=FILL, pool=["hollis-greymantle"], formation=["mistwood-dale"], deck=["copperhill-town"]),
        Side(hand=FILL, formation=["greymarch-fields"]),
        phase="attack",
    )
    s.realm_done[0] = True  # a realm was played this turn already
    act(s, "attack slot P2.A")
    act(s, f"send #{card(s, 'hollis-greymantle')}")
    act(s, "pass")
    realm = card(s, "copperhill-town")
    act(s, f"play #{realm} -> slot P1.B")
    assert s.slots[0][1] == realm


@pytest.mark.rules("SF-016", "SF-030")
def test_blueline_clarifications_are_card_data():
    wraith = GAME.cards["pale-wraith-of-duskmoor"]
    assert wraith.blueline == frozenset({"flyer"}) and "flyer" in wraith.all_traits


@pytest.mark.rules("SF-002", "SF-R13")
def test_these_rules_supersede_the_older_tables():
    from spellforge.games.spellfire.rules import FORMATS

    assert FORMATS[75].max_levels == 115 and FORMATS[75].ranges["champion"][0] == 3


def test_an_attack_on_a_protected_realm_is_refused_and_changes_nothing():
    s = scenario(
        Side(hand=FILL, pool=["hollis-greymantle"]),
        Side(formation=["greymarch-fields", "oldcastle-moor"]),
        phase="attack",
    )
    before = s.to_json()
    with pytest.raises(IllegalActionError) as err:
        act(s, "attack slot P2.B")
    assert "not legal" in str(err.value) and s.to_json() == before
