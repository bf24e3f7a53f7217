"""Spells and powers: notation, casters, targets, immunity, dispel, turning, reflection, Limbo, copying."""

from __future__ import annotations

import pytest

from spellforge import IllegalActionError
from spellforge.games.spellfire.scenario import Side, act, card, legal, scenario

FILL = ["village-militia"] * 2


def pass_counters(state) -> None:
    while state.decision is not None and state.decision.kind in ("pause", "counter"):
        act(state, "pass")


def in_round(attacker_side: Side, defender_side: Side, attacker: str, defender: str):
    s = scenario(attacker_side, defender_side, phase="attack")
    act(s, "attack slot P2.A")
    act(s, f"send #{card(s, attacker)}")
    act(s, f"send #{card(s, defender)}")
    return s


@pytest.mark.rules("SF-114", "SF-226", "SF-K01", "SF-K12", "SF-019", "SF-116", "SF-107")
def test_a_phase_3_spell_needs_a_champion_able_to_cast_it():
    no = scenario(
        Side(hand=["morning-prayers", "village-militia"], pool=["hollis-greymantle"]), Side(), phase="pool"
    )
    assert not any(a.startswith(f"play #{card(no, 'morning-prayers')}") for a in legal(no))
    yes = scenario(
        Side(
            hand=["morning-prayers", "village-militia"], pool=["sister-aveline"], deck=["tollgate-downs"] * 3
        ),
        Side(),
        phase="pool",
    )
    act(yes, f"play #{card(yes, 'morning-prayers')}")
    pass_counters(yes)
    assert len(yes.hand_of(0)) == 3
    wiz = scenario(
        Side(hand=["morning-prayers", "village-militia"], pool=["ilvara-the-keen"]), Side(), phase="pool"
    )
    assert not any(
        a.startswith(f"play #{card(wiz, 'morning-prayers')}") for a in legal(wiz)
    )  # a wizard casts no cleric spell


@pytest.mark.rules("SF-121", "SF-122", "SF-230")
def test_a_phase_5_card_only_on_its_owners_turn_with_a_caster():
    s = scenario(
        Side(hand=["evening-study", "village-militia"], pool=["ilvara-the-keen"]),
        Side(hand=["evening-study"], pool=["master-quillon"]),
        phase="cards",
    )
    assert f"play #{card(s, 'evening-study', 0)}" in legal(s)
    assert s.decision.seat == 0  # nobody else acts in phase 5
    s2 = scenario(
        Side(hand=["evening-study", "village-militia"], pool=["ilvara-the-keen"]), Side(), phase="pool"
    )
    assert not any(a.startswith(f"play #{card(s2, 'evening-study')}") for a in legal(s2))


@pytest.mark.rules("SF-010", "SF-249", "SF-231", "SF-254", "SF-252", "SF-K28")
def test_offensive_spells_cannot_target_an_immune_champion():
    s = scenario(
        Side(hand=["unmaking", "village-militia"], pool=["ilvara-the-keen"]),
        Side(pool=["spellproof-golem", "mara-swiftblade"]),
        phase="pool",
    )
    u = card(s, "unmaking")
    assert f"play #{u} -> #{card(s, 'mara-swiftblade')}" in legal(s)
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        act(s, f"play #{u} -> #{card(s, 'spellproof-golem')}")
    assert s.to_json() == before and s.zone_name(u) == "hand"  # returned for a new target


@pytest.mark.rules("SF-251", "SF-K28")
def test_an_artifact_grants_immunity_to_its_bearer():
    s = scenario(
        Side(hand=["unmaking", "village-militia"], pool=["ilvara-the-keen"]),
        Side(pool=["hollis-greymantle+amulet-of-nullmagic"]),
        phase="pool",
    )
    assert not any(a.startswith(f"play #{card(s, 'unmaking')}") for a in legal(s))


@pytest.mark.rules("SF-231", "SF-229", "SF-K11")
def test_a_spell_needs_a_target():
    s = scenario(Side(hand=["unmaking", "unweave"], pool=["ilvara-the-keen"]), Side(), phase="pool")
    assert not any("play" in a for a in legal(s))


@pytest.mark.rules("SF-238", "SF-K36", "SF-315")
def test_turning_sends_an_offensive_spell_back():
    s = scenario(
        Side(hand=["unmaking", "village-militia"], pool=["ilvara-the-keen"]),
        Side(hand=["rebound-ward", "unweave"], pool=["master-quillon"]),
        phase="pool",
    )
    act(s, f"play #{card(s, 'unmaking')} -> #{card(s, 'master-quillon')}")
    assert s.decision.kind == "counter"
    act(s, f"play #{card(s, 'rebound-ward')} -> #{card(s, 'unmaking')}")
    pass_counters(s)
    assert s.zone_name(card(s, "ilvara-the-keen")) == "discard"
    assert s.zone_name(card(s, "master-quillon")) == "pool"


@pytest.mark.rules("SF-238", "SF-237")
def test_turning_only_offensive_spells_dispel_any():
    s = scenario(
        Side(hand=["morning-prayers", "village-militia"], pool=["sister-aveline"]),
        Side(hand=["rebound-ward", "unweave"], pool=["master-quillon"]),
        phase="pool",
    )
    act(s, f"play #{card(s, 'morning-prayers')}")
    options = legal(s)
    assert f"play #{card(s, 'unweave')} -> #{card(s, 'morning-prayers')}" in options
    assert not any(o.startswith(f"play #{card(s, 'rebound-ward')}") for o in options)


@pytest.mark.rules("SF-239")
def test_reflection_in_phase_4_turns_every_later_offensive_spell():
    s = in_round(
        Side(hand=["arc-lightning", "searing-orb"], pool=["ilvara-the-keen"]),
        Side(
            hand=["shimmering-reflection", "village-militia"],
            pool=["master-quillon"],
            formation=["tollgate-downs"],
        ),
        "ilvara-the-keen",
        "master-quillon",
    )
    act(s, f"play #{card(s, 'arc-lightning')}")
    act(s, f"play #{card(s, 'shimmering-reflection')} -> #{card(s, 'arc-lightning')}")
    pass_counters(s)
    assert s.reflecting == 1
    assert s.controller[card(s, "arc-lightning")] == 1  # the bonus went to the other side
    act(s, f"play #{card(s, 'searing-orb')}")
    pass_counters(s)
    assert s.controller[card(s, "searing-orb")] == 1


@pytest.mark.rules("SF-243", "SF-242")
def test_a_turned_wish_can_be_saved_only_by_another_spellcaster():
    s = scenario(
        # a card left in hand keeps the turn at phase 3 (an empty hand would end it, and the realm-less
        # pools with it) once the plays and the response rounds after them are over
        Side(
            hand=["grand-desire", "unweave", "village-militia"], pool=["orvath-the-grey", "ilvara-the-keen"]
        ),
        Side(hand=["rebound-ward", "village-militia"], pool=["master-quillon"]),
        phase="pool",
    )
    act(s, f"play #{card(s, 'grand-desire')} -> #{card(s, 'master-quillon')}")
    act(s, f"play #{card(s, 'rebound-ward')} -> #{card(s, 'grand-desire')}")
    assert s.decision.seat == 0
    act(s, f"play #{card(s, 'unweave')} -> #{card(s, 'rebound-ward')}")  # Ilvara dispels the turning
    pass_counters(s)
    assert s.zone_name(card(s, "orvath-the-grey")) == "pool"
    assert s.zone_name(card(s, "master-quillon")) == "discard"
    orvath = card(s, "orvath-the-grey")
    assert s.spent == {orvath} and s.fought[orvath] == -1  # the caster can do nothing more
    pool = {e["champion"]["key"]: e for e in s.observe(1)["players"][0]["pool"]}
    assert pool["orvath-the-grey"].get("spent") and not pool["ilvara-the-keen"].get("spent")
    assert s.available_champions(0, from_hand=False) == [card(s, "ilvara-the-keen")]


@pytest.mark.rules("SF-242", "SF-K37")
def test_a_dispelled_wish_still_spends_its_caster():
    """Casting is what uses the caster up (SF-242: "once cast, the spellcaster is incapable of being used in
    any way"), so a Wish that is dispelled leaves its caster spent all the same (and one cancelled by a
    holding: the next test)."""
    s = scenario(
        Side(hand=["grand-desire", "village-militia"], pool=["orvath-the-grey"]),
        Side(hand=["unweave", "village-militia"], pool=["master-quillon", "ilvara-the-keen"]),
        phase="pool",
    )
    orvath = card(s, "orvath-the-grey")
    act(s, f"play #{card(s, 'grand-desire')} -> #{card(s, 'master-quillon')}")
    assert s.spent == {orvath}  # spent as it is cast: it cannot answer what comes against its own Wish
    act(s, f"play #{card(s, 'unweave')} -> #{card(s, 'grand-desire')}")  # Ilvara dispels the Wish
    pass_counters(s)
    assert s.zone_name(card(s, "master-quillon")) == "pool"  # the Wish did nothing
    assert s.spent == {orvath} and s.fought[orvath] == -1
    assert orvath not in s.available_champions(0, from_hand=False)


@pytest.mark.rules("SF-312", "SF-315", "SF-K33", "SF-242")
def test_a_holding_discarded_cancels_a_wish():
    s = scenario(
        Side(hand=["grand-desire", "village-militia"], pool=["orvath-the-grey"]),
        Side(hand=FILL, pool=["master-quillon"], formation=["greymarch-fields+warded-vault"]),
        phase="pool",
    )
    act(s, f"play #{card(s, 'grand-desire')} -> #{card(s, 'master-quillon')}")
    act(s, f"use #{card(s, 'warded-vault')} -> #{card(s, 'grand-desire')}")
    pass_counters(s)
    assert (
        s.zone_name(card(s, "master-quillon")) == "pool" and s.zone_name(card(s, "warded-vault")) == "discard"
    )
    assert s.spent == {card(s, "orvath-the-grey")}  # cancelled, yet cast: its caster is spent (SF-242)


@pytest.mark.rules("SF-160", "SF-161", "SF-162", "SF-165", "SF-R16", "SF-K23")
def test_limbo_outside_combat_keeps_attachments_and_returns():
    s = scenario(
        Side(hand=["banish-beyond", "village-militia"], pool=["sister-aveline"]),
        Side(hand=FILL, pool=["mara-swiftblade+steel-longsword"]),
        phase="pool",
    )
    mara, sword = card(s, "mara-swiftblade"), card(s, "steel-longsword")
    act(s, f"play #{card(s, 'banish-beyond')} -> #{mara}")
    pass_counters(s)
    assert s.zone_name(mara) == "limbo" and s.zone_name(sword) == "limbo" and not s.in_play(mara)
    assert s.limbo_until[mara] == s.turns_taken[1] + 1
    s.turns_taken[1] += 1
    s.active = 1
    s.op_limbo_returns()
    assert s.zone_name(mara) == "pool" and s.attached_to[sword] == mara


@pytest.mark.rules("SF-160", "SF-155")
def test_limbo_from_combat_discards_the_attachments():
    s = in_round(
        Side(hand=["banish-beyond", "village-militia"], pool=["sister-aveline"]),
        Side(hand=FILL, pool=["mara-swiftblade+steel-longsword"], formation=["greymarch-fields"]),
        "sister-aveline",
        "mara-swiftblade",
    )
    act(s, f"play #{card(s, 'banish-beyond')} -> #{card(s, 'mara-swiftblade')}")
    pass_counters(s)
    assert s.zone_name(card(s, "mara-swiftblade")) == "limbo"
    assert s.zone_name(card(s, "steel-longsword")) == "discard"


@pytest.mark.rules("SF-163", "SF-164", "SF-128", "SF-127", "SF-R16", "SF-125", "SF-126")
def test_rule_of_the_cosmos_and_limbo_scenario_15():
    s = scenario(
        Side(hand=FILL, limbo=["mara-swiftblade"], formation=["greymarch-fields:razed"]),
        Side(hand=["mara-swiftblade", "greymarch-fields"]),
        phase="pool",
        active=1,
    )
    mine, theirs = card(s, "mara-swiftblade", 0), card(s, "mara-swiftblade", 1)
    s.limbo_until[mine] = s.turns_taken[0]
    assert f"play #{theirs}" in legal(s)  # Limbo is not in play
    act(s, f"play #{theirs}")
    s.active = 0
    s.op_limbo_returns()
    assert s.zone_name(mine) == "discard"
    s.active = 1
    s.realm_done[1] = False
    assert not s.realm_plays(1, [card(s, "greymarch-fields", 1)])  # a razed realm blocks its twin


@pytest.mark.rules("SF-257", "SF-258", "SF-260", "SF-261", "SF-262", "SF-320", "SF-K39")
def test_a_copier_takes_a_power_each_phase_3():
    s = scenario(
        Side(hand=FILL, pool=["the-mimic-sage"]),
        Side(pool=["sir-bertram-wyrmbane", "avatar-of-the-storm-lord", "mara-swiftblade"]),
        phase="pool",
    )
    mimic = card(s, "the-mimic-sage")
    options = legal(s)
    assert f"use #{mimic} -> #{card(s, 'sir-bertram-wyrmbane')}" in options
    assert not any(o == f"use #{mimic} -> #{card(s, 'avatar-of-the-storm-lord')}" for o in options)
    act(s, f"use #{mimic} -> #{card(s, 'sir-bertram-wyrmbane')}")
    assert s.defeating(mimic, "classes") is not None  # at once
    assert not any(o.startswith(f"use #{mimic}") for o in legal(s))
    s.op_phase_pool()  # the next phase 3: a new choice
    assert mimic not in s.copied


@pytest.mark.rules("SF-263", "SF-K40")
def test_a_champion_that_may_cast_any_spell():
    s = scenario(
        Side(hand=["morning-prayers", "evening-study"], pool=["elira-spellsword"]), Side(), phase="pool"
    )
    assert f"play #{card(s, 'morning-prayers')}" in legal(s)


@pytest.mark.rules("SF-227", "SF-228", "SF-K01")
def test_a_class_changing_item_replaces_the_icon_ability():
    s = scenario(
        Side(hand=["morning-prayers", "village-militia"], pool=["sister-aveline+mask-of-the-paladin"]),
        Side(),
        phase="pool",
    )
    assert s.classes(card(s, "sister-aveline")) == ("hero",)
    assert not any(a.startswith(f"play #{card(s, 'morning-prayers')}") for a in legal(s))


@pytest.mark.rules("SF-035", "SF-K12", "SF-226")
def test_a_two_number_icon_gives_both_classes():
    s = scenario(
        Side(hand=["pickpocket", "village-militia"], pool=["rolan-twinpath"]),
        Side(pool=["mara-swiftblade+steel-longsword"]),
        phase="pool",
    )
    rolan = card(s, "rolan-twinpath")
    assert s.classes(rolan) == ("wizard", "thief") and s.level(rolan) == 6
    act(s, f"play #{card(s, 'pickpocket')} -> #{card(s, 'steel-longsword')}")
    pass_counters(s)
    assert s.zone_name(card(s, "steel-longsword")) == "hand"


@pytest.mark.rules("SF-022", "SF-R12", "SF-020")
def test_a_question_mark_champion_takes_its_level_from_its_condition():
    s = scenario(
        Side(
            pool=["vessel-of-the-realm"],
            formation=["crownhold-marches", "sable-barony", "thornwall-duchy:razed"],
        ),
        Side(),
        phase="pool",
    )
    assert s.level(card(s, "vessel-of-the-realm")) == 2
    assert s.defs[card(s, "vessel-of-the-realm")].deck_level == 0


@pytest.mark.rules("SF-027", "SF-028", "SF-029", "SF-K17")
def test_traits_are_data_and_not_powers():
    s = scenario(Side(pool=["cinderwing-drake", "pale-wraith-of-duskmoor"]), Side(), phase="pool")
    drake = s.defs[card(s, "cinderwing-drake")]
    assert "dragon" in drake.traits and "flyer" in drake.traits
    assert not ({"dragon", "flyer"} & drake.powers)
    wraith = s.defs[card(s, "pale-wraith-of-duskmoor")]
    assert "undead" in wraith.all_traits and "flyer" in wraith.blueline


@pytest.mark.rules("SF-K11", "SF-R18", "SF-230")
def test_phase_4_cards_work_for_either_side_of_a_round():
    s = in_round(
        Side(hand=FILL, pool=["garrick-stormcloak"]),
        Side(hand=["stone-skin", "haymaker"], pool=["ilvara-the-keen"], formation=["tollgate-downs"]),
        "garrick-stormcloak",
        "ilvara-the-keen",
    )
    act(s, "pass")  # the attacker, winning
    assert s.decision.seat == 1 and s.decision.kind == "fight"
    assert f"play #{card(s, 'stone-skin')}" in legal(s)
    assert f"play #{card(s, 'haymaker')}" not in legal(s)  # unarmed combat is a hero's
    act(s, f"play #{card(s, 'stone-skin')}")
    pass_counters(s)
    assert s.side_total(1) == 7


@pytest.mark.rules("SF-K12", "SF-185")
def test_drains_take_from_the_opposing_side():
    s = in_round(
        Side(hand=FILL, pool=["ilvara-the-keen"]),
        Side(hand=["haymaker", "village-militia"], pool=["hollis-greymantle"], formation=["tollgate-downs"]),
        "ilvara-the-keen",
        "hollis-greymantle",
    )
    # 4 against 3: the defender (a hero) is losing
    act(s, "pass")
    act(s, f"play #{card(s, 'haymaker')}")
    pass_counters(s)
    assert (s.side_total(0), s.side_total(1)) == (2, 3)


@pytest.mark.rules("SF-237", "SF-305")
def test_a_dispel_that_is_itself_dispelled_leaves_its_player_asked_again():
    s = scenario(
        Side(
            hand=["morning-prayers", "unweave", "village-militia"],
            pool=["sister-aveline", "ilvara-the-keen"],
            deck=["tollgate-downs"] * 3,
        ),
        Side(hand=["unweave", "unweave", "village-militia"], pool=["master-quillon"]),
        phase="pool",
    )
    prayers = card(s, "morning-prayers")
    mine, first, second = (card(s, "unweave", n) for n in range(3))
    assert s.owner[mine] == 0 and s.owner[first] == s.owner[second] == 1
    act(s, f"play #{prayers}")
    act(s, f"play #{first} -> #{prayers}")
    act(s, f"play #{mine} -> #{first}")  # his dispel is dispelled in turn
    act(s, "pass")
    # the stopped attempt used nothing up: he is asked again about Morning Prayers, still on the table
    assert s.decision.kind == "counter" and s.decision.seat == 1
    assert s.zone_name(prayers) == "table"
    assert f"play #{second} -> #{prayers}" in legal(s)


@pytest.mark.rules("SF-257", "SF-263", "SF-K40")
def test_a_copier_of_a_champion_that_may_cast_any_spell_casts_any_spell():
    s = scenario(
        Side(hand=["morning-prayers", "village-militia"], pool=["the-mimic-sage"]),
        Side(pool=["elira-spellsword"]),
        phase="pool",
    )
    prayers = f"play #{card(s, 'morning-prayers')}"
    assert prayers not in legal(s)  # a wizard's icon: no cleric spells
    act(s, f"use #{card(s, 'the-mimic-sage')} -> #{card(s, 'elira-spellsword')}")
    assert prayers in legal(s)
