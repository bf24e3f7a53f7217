"""The formation: positions, holes, protection, movement, razing, rebuilding and replacing."""

from __future__ import annotations

import pytest

from spellforge import IllegalActionError
from spellforge.games.spellfire.base import COVERERS
from spellforge.games.spellfire.scenario import Side, act, card, legal, scenario

SIX = [
    "mistwood-dale",
    "copperhill-town",
    "lantern-vale",
    "frostpeak-hold",
    "saltmarsh-harbor",
    "gullcliff-port",
]


def attack_targets(state) -> list[str]:
    return sorted(a for a in legal(state) if a.startswith("attack"))


@pytest.mark.rules("SF-139", "SF-140", "SF-141", "SF-271", "SF-R09", "SF-177", "SF-178", "SF-136")
def test_protection_map_scenario_1():
    """Scenario 1: with A and B razed, C and D are exposed, E (behind unrazed C) and F are not; a flyer
    may attack E."""
    form = [
        "greymarch-fields:razed",
        "oldcastle-moor:razed",
        "wizard-s-crossing",
        "ironbridge-shire",
        "pinecrest-hollow",
        "ravenrock-tor",
    ]
    walker = scenario(Side(pool=["sir-aldric-the-bold"]), Side(formation=form), phase="attack")
    assert attack_targets(walker) == ["attack slot P2.C", "attack slot P2.D"]
    with pytest.raises(IllegalActionError):
        act(walker, "attack slot P2.E")
    flyer = scenario(Side(pool=["cinderwing-drake"]), Side(formation=form), phase="attack")
    assert "attack slot P2.E" in attack_targets(flyer) and "attack slot P2.F" in attack_targets(flyer)
    # a razed realm is never a target, and a player never attacks his own realms
    assert not any("P1" in a for a in attack_targets(flyer)) and "attack slot P2.A" not in attack_targets(
        flyer
    )


@pytest.mark.rules("SF-R09")
def test_coverage_table():
    assert COVERERS[:6] == ((), (0,), (0,), (1,), (1, 2), (2,))


@pytest.mark.rules("SF-R10", "SF-096")
def test_ten_realm_formation_has_a_fourth_row():
    s = scenario(Side(hand=["amberfield-march"], formation=SIX), Side(), phase="realm", deck_size=110)
    assert len(s.slots[0]) == 10
    assert sorted(a for a in legal(s) if "slot" in a) == [
        f"play #{card(s, 'amberfield-march')} -> slot P1.{p}" for p in "GHIJ"
    ]
    assert COVERERS[6:] == ((3,), (3, 4), (4, 5), (5,))


@pytest.mark.rules("SF-137", "SF-138", "SF-134", "SF-135", "SF-130", "SF-133", "SF-R01")
def test_filling_holes_scenario_2():
    """Scenario 2: A and B discarded from A-E: the next realm must go to A; D and E keep their places."""
    s = scenario(
        Side(hand=["earthquake-rift", "tollgate-downs"], formation=SIX[:5]),
        Side(hand=["earthquake-rift"]),
        phase="realm",
    )
    a, b = s.slots[0][0], s.slots[0][1]
    d, e = s.slots[0][3], s.slots[0][4]
    s.discard_card_from_play(a)
    s.discard_card_from_play(b)
    s.forget_legal()
    new = card(s, "tollgate-downs")
    plays = [x for x in legal(s) if x.startswith(f"play #{new}")]
    assert plays == [f"play #{new} -> slot P1.A"]
    assert s.slots[0][3] == d and s.slots[0][4] == e
    act(s, f"play #{new} -> slot P1.A")
    assert s.slots[0][0] == new


@pytest.mark.rules("SF-133", "SF-134", "SF-135", "SF-136")
def test_rows_fill_in_order():
    s = scenario(Side(hand=["tollgate-downs"]), Side(), phase="realm")
    c = card(s, "tollgate-downs")
    assert [x for x in legal(s) if "slot" in x] == [f"play #{c} -> slot P1.A"]
    s = scenario(Side(hand=["tollgate-downs"], formation=SIX[:1]), Side(), phase="realm")
    assert [x for x in legal(s) if "slot" in x] == [f"play #{c} -> slot P1.{p}" for p in "BC"]
    s = scenario(Side(hand=["tollgate-downs"], formation=SIX[:2]), Side(), phase="realm")
    assert [x for x in legal(s) if "slot" in x] == [f"play #{c} -> slot P1.C"]
    s = scenario(Side(hand=["tollgate-downs"], formation=SIX[:3]), Side(), phase="realm")
    assert [x for x in legal(s) if "slot" in x] == [f"play #{c} -> slot P1.{p}" for p in "DEF"]


@pytest.mark.rules("SF-102", "SF-104", "SF-105", "SF-150", "SF-R03", "SF-103", "SF-026", "SF-106")
def test_one_realm_action_per_turn_scenario_3():
    """Scenario 3: after a new realm, no rebuild; the holding may go to any unrazed same-world realm."""
    s = scenario(
        Side(
            hand=[
                "oldcastle-moor",
                "ironbridge-shire",
                "circle-tower",
                "traveler-s-cloak",
                "steel-longsword",
            ],
            formation=["greymarch-fields:razed"],
        ),
        Side(),
        phase="realm",
    )
    assert "rebuild slot P1.A" in legal(s)
    act(s, f"play #{card(s, 'oldcastle-moor')} -> slot P1.B")
    assert "rebuild slot P1.A" not in legal(s)
    assert not any(a.startswith(f"play #{card(s, 'ironbridge-shire')}") for a in legal(s))
    with pytest.raises(IllegalActionError):
        act(s, "rebuild slot P1.A")
    tower = card(s, "circle-tower")
    act(s, f"play #{tower} -> #{card(s, 'oldcastle-moor')}")
    assert s.attached_to[tower] == card(s, "oldcastle-moor")
    assert not any(a.startswith("play") and "#" in a and "slot" not in a for a in legal(s) if "circle" in a)


@pytest.mark.rules("SF-R03", "SF-147", "SF-026")
def test_holding_needs_an_unrazed_realm_of_its_world():
    s = scenario(
        Side(
            hand=["circle-tower", "harpers-safehouse"], formation=["greymarch-fields:razed", "mistwood-dale"]
        ),
        Side(),
        phase="realm",
    )
    ct, hs, md = card(s, "circle-tower"), card(s, "harpers-safehouse"), card(s, "mistwood-dale")
    assert not any(a.startswith(f"play #{ct}") for a in legal(s))
    assert f"play #{hs} -> #{md}" in legal(s)


@pytest.mark.rules("SF-102")
def test_a_second_realm_action_is_refused_and_changes_nothing():
    s = scenario(Side(hand=["tollgate-downs", "hollowmere-vale"]), Side(), phase="realm")
    act(s, f"play #{card(s, 'tollgate-downs')} -> slot P1.A")
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        act(s, f"play #{card(s, 'hollowmere-vale')} -> slot P1.B")
    assert s.to_json() == before


@pytest.mark.rules("SF-149", "SF-150", "SF-151", "SF-K22", "SF-147")
def test_rebuild_discards_three_and_flips_the_realm():
    s = scenario(
        Side(
            hand=["tollgate-downs", "windfall", "traveler-s-cloak", "steel-longsword"],
            formation=["library-of-echoes:razed"],
        ),
        Side(),
        phase="realm",
    )
    lib = card(s, "library-of-echoes")
    assert s.hand_limit(0) == 8  # a razed realm has no power
    act(s, "rebuild slot P1.A")
    for _ in range(3):
        assert s.decision.kind == "rebuild_discard"
        act(s, legal(s)[0])
    assert not s.razed[lib]
    assert len(s.hand_of(0)) == 1
    assert s.hand_limit(0) == 10  # its power is back
    assert not any(a.startswith(f"play #{card(s, 'tollgate-downs')}") for a in legal(s))  # SF-150


@pytest.mark.rules("SF-131", "SF-132", "SF-146", "SF-130")
def test_replace_a_razed_realm_never_an_unrazed_one():
    s = scenario(
        Side(
            hand=["tollgate-downs"],
            formation=["greymarch-fields:razed", "oldcastle-moor", "wizard-s-crossing"],
        ),
        Side(),
        phase="realm",
    )
    new, old = card(s, "tollgate-downs"), card(s, "greymarch-fields")
    plays = [a for a in legal(s) if a.startswith(f"play #{new}")]
    assert f"play #{new} -> slot P1.A" in plays
    assert f"play #{new} -> slot P1.B" not in plays
    act(s, f"play #{new} -> slot P1.A")
    assert s.zone_name(old) == "discard"


@pytest.mark.rules("SF-144", "SF-145", "SF-182", "SF-203")
def test_razing_turns_the_realm_over_and_discards_its_holding():
    s = scenario(
        Side(pool=["sir-aldric-the-bold"]), Side(formation=["greymarch-fields+circle-tower"]), phase="attack"
    )
    realm, holding = card(s, "greymarch-fields"), card(s, "circle-tower")
    act(s, "attack slot P2.A")  # the only champion goes; nobody can defend (public: no hand, no pool)
    assert s.razed[realm] and s.slots[1][0] == realm
    assert s.zone_name(holding) == "discard"


@pytest.mark.rules(
    "SF-279",
    "SF-278",
    "SF-275",
    "SF-274",
    "SF-277",
    "SF-K13",
    "SF-K14",
    "SF-K15",
    "SF-K20",
    "SF-K16",
    "SF-276",
)
def test_movement_edge_cases_scenario_20():
    """Scenario 20: a flyer cannot attack an exposed realm barring flyers; a swimmer cannot reach a
    protected inland realm but can a protected coastal one; an earthwalker cannot attack a cleric-only realm."""
    flyer = scenario(Side(pool=["cinderwing-drake"]), Side(formation=["cloudveil-sanctum"]), phase="attack")
    assert attack_targets(flyer) == []
    form = ["greymarch-fields", "oldcastle-moor", "kraken-point", "temple-of-the-still-flame"]
    swim = scenario(Side(pool=["deepmaw-leviathan"]), Side(formation=form), phase="attack")
    assert attack_targets(swim) == ["attack slot P2.A", "attack slot P2.C"]
    walk = scenario(Side(pool=["tunneling-umberbeast"]), Side(formation=form), phase="attack")
    assert "attack slot P2.D" not in attack_targets(walk)  # cleric-only realm
    assert "attack slot P2.C" in attack_targets(walk)  # an unrestricted protected realm
    cleric = scenario(
        Side(pool=["sister-aveline"]),
        Side(formation=[*form[:1], "oldcastle-moor:razed", "kraken-point", "temple-of-the-still-flame"]),
        phase="attack",
    )
    assert "attack slot P2.D" in attack_targets(cleric)


@pytest.mark.rules("SF-K20", "SF-274")
def test_realm_attackable_only_by_flyers_and_swimmers():
    form = ["isle-of-storms"]
    hero = scenario(Side(pool=["sir-aldric-the-bold"]), Side(formation=form), phase="attack")
    assert attack_targets(hero) == []
    swim = scenario(Side(pool=["reefcoil-serpent"]), Side(formation=form), phase="attack")
    assert attack_targets(swim) == ["attack slot P2.A"]


@pytest.mark.rules("SF-030", "SF-K19", "SF-271")
def test_blueline_flyer_attacks_behind_the_lines():
    form = ["greymarch-fields", "oldcastle-moor", "wizard-s-crossing"]
    s = scenario(Side(pool=["pale-wraith-of-duskmoor"]), Side(formation=form), phase="attack")
    assert "attack slot P2.B" in attack_targets(s)
    assert "flyer" in s.traits(card(s, "pale-wraith-of-duskmoor"))


@pytest.mark.rules("SF-142", "SF-143", "SF-R23")
def test_a_player_without_realms_loses_his_pool_at_the_end_of_the_turn_but_plays_on():
    s = scenario(Side(hand=[], formation=["greymarch-fields"]), Side(pool=["mara-swiftblade"]), phase="end")
    assert s.zone_name(card(s, "mara-swiftblade")) == "discard"
    assert s.alive == [True, True]
