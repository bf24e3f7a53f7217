"""The battle: rounds, totals, the losing side plays, ending, spoils, instant defeats, walls, dungeons."""

from __future__ import annotations

import pytest

from spellforge import IllegalActionError
from spellforge.games.spellfire.scenario import Side, act, card, legal, scenario

FILL = ["village-militia"] * 2  # a card in hand keeps a player's decisions from being taken for him


def to_round(state, attacker: str, defender: str | None, realm: str = "slot P2.A"):
    act(state, f"attack {realm}")
    act(state, f"send #{card(state, attacker)}")
    if defender is None:
        act(state, "pass")
    else:
        act(state, f"send #{card(state, defender)}")


def until(state, seat: int, kind: str) -> None:
    """Pass until ``seat`` is asked a ``kind`` decision."""
    while not (state.decision.seat == seat and state.decision.kind == kind):
        act(state, "pass")


def pass_round(state) -> None:
    """Every player passes until the round window closes."""
    while state.decision is not None and state.decision.kind in ("fight", "events"):
        act(state, "pass")


@pytest.mark.rules(
    "SF-199",
    "SF-186",
    "SF-191",
    "SF-193",
    "SF-201",
    "SF-210",
    "SF-185",
    "SF-K02",
    "SF-R06",
    "SF-200",
    "SF-175",
    "SF-176",
)
def test_world_bonus_and_ties_scenario_4():
    """Scenario 4: a level-6 DRAGONLANCE hero against a level-3 FORGOTTEN REALMS hero defending a
    FORGOTTEN REALMS realm: 6 against 3+3, the defender is winning; both pass: the defender wins."""
    s = scenario(
        Side(hand=FILL, pool=["renna-starfall"]),
        Side(hand=FILL, pool=["sael-the-silent"], formation=["mistwood-dale"], deck=["tollgate-downs"]),
        phase="attack",
    )
    renna, sael = card(s, "renna-starfall"), card(s, "sael-the-silent")
    to_round(s, "renna-starfall", "sael-the-silent")
    assert (s.side_total(0), s.side_total(1)) == (6, 6)
    assert s.decision.kind == "fight" and s.decision.seat == 0  # the attacker is losing: he must play or lose
    pass_round(s)
    assert s.zone_name(renna) == "discard" and s.zone_name(sael) == "pool"
    assert s.decision.kind == "spoils" and s.decision.seat == 1  # the defender draws spoils


@pytest.mark.rules(
    "SF-187", "SF-188", "SF-189", "SF-190", "SF-192", "SF-193", "SF-K03", "SF-K04", "SF-R18", "SF-K34"
)
def test_step_f_card_flow_scenario_5():
    """Scenario 5: the attacker losing by 2 plays a +3 ally, the defender a +1 item (tie: defender
    winning); the attacker passes; the round is over and the late card is refused."""
    s = scenario(
        Side(hand=["elven-archers", "village-militia"], pool=["hollis-greymantle"]),
        Side(
            hand=["traveler-s-cloak", "stone-skin"], pool=["kessa-of-the-dunes"], formation=["tollgate-downs"]
        ),
        phase="attack",
    )
    to_round(s, "hollis-greymantle", "kessa-of-the-dunes")
    assert (s.side_total(0), s.side_total(1)) == (3, 5)
    ally, cloak = card(s, "elven-archers"), card(s, "traveler-s-cloak")
    assert s.decision.kind == "fight" and s.decision.seat == 0
    assert not any(a.startswith(f"play #{cloak}") for a in s.legal_actions() if s.decision.seat == 1)
    act(s, f"play #{ally}")
    assert s.side_total(0) == 6
    # the attacker is winning now: he may only play events (SF-188)
    assert s.decision.kind == "events" and legal(s) == ["pass"]
    act(s, "pass")
    assert s.decision.kind == "fight" and s.decision.seat == 1
    act(s, f"play #{cloak} -> #{card(s, 'kessa-of-the-dunes')}")
    assert s.side_total(1) == 6 and s.decision.seat == 1 and s.decision.kind == "events"
    act(s, "pass")
    assert s.decision.kind == "fight" and s.decision.seat == 0
    act(s, "pass")  # the attacker will not play another card: the round ends
    with pytest.raises(IllegalActionError):
        act(s, f"play #{card(s, 'stone-skin')}")
    assert s.zone_name(cloak) == "pool" and s.attached_to[cloak] == card(s, "kessa-of-the-dunes")  # SF-192
    assert s.zone_name(ally) == "discard" and s.zone_name(card(s, "hollis-greymantle")) == "discard"


@pytest.mark.rules(
    "SF-202", "SF-195", "SF-203", "SF-182", "SF-R07", "SF-194", "SF-196", "SF-197", "SF-180", "SF-211"
)
def test_winning_a_round_does_not_raze_scenario_6():
    s = scenario(
        Side(hand=FILL, pool=["garrick-stormcloak", "hollis-greymantle"]),
        Side(hand=FILL, pool=["pellam-inkfinger"], formation=["greymarch-fields"]),
        phase="attack",
    )
    realm = card(s, "greymarch-fields")
    garrick = card(s, "garrick-stormcloak")
    to_round(s, "garrick-stormcloak", "pellam-inkfinger")
    pass_round(s)
    assert not s.razed[realm]  # winning a round does not raze (SF-R07)
    assert s.zone_name(garrick) == "pool"
    assert s.decision.kind == "champion"
    assert f"send #{garrick}" not in legal(s)  # the same champion may not attack twice
    act(s, f"send #{card(s, 'hollis-greymantle')}")
    assert s.decision.kind == "defend" and f"send #{card(s, 'pellam-inkfinger')}" not in legal(
        s
    )  # used already
    act(s, "pass")
    assert s.razed[realm]
    assert s.decision.kind == "spoils" and s.decision.seat == 0


@pytest.mark.rules("SF-204")
def test_the_attacker_may_stop_after_a_won_round_without_spoils():
    s = scenario(
        Side(hand=FILL, pool=["garrick-stormcloak", "hollis-greymantle"]),
        Side(hand=FILL, pool=["pellam-inkfinger"], formation=["greymarch-fields"]),
        phase="attack",
    )
    to_round(s, "garrick-stormcloak", "pellam-inkfinger")
    pass_round(s)
    act(s, "done")
    assert s.fight.over == 2 and s.decision.kind == "attack"
    assert not any(a.startswith("attack") for a in legal(s))  # one battle a turn (SF-198)


@pytest.mark.rules("SF-232", "SF-233", "SF-234", "SF-235", "SF-K35")
def test_wall_spell_scenario_7():
    base = dict(phase="attack")
    s = scenario(
        Side(hand=["winged-boots", "village-militia"], pool=["garrick-stormcloak"]),
        Side(
            hand=["wall-of-winds", "village-militia"], pool=["ilvara-the-keen"], formation=["tollgate-downs"]
        ),
        **base,
    )
    to_round(s, "garrick-stormcloak", "ilvara-the-keen")
    # 7 against 4+3: the defender is losing and casts the wall against the attacker
    until(s, 1, "fight")
    act(s, f"play #{card(s, 'wall-of-winds')}")
    while s.decision.kind == "counter":
        act(s, "pass")
    assert s.decision.kind == "wall" and s.decision.seat == 0
    boots = card(s, "winged-boots")
    act(s, f"play #{boots} -> #{card(s, 'garrick-stormcloak')}")  # one card lets him go on
    assert s.fight.over == 0
    # without the answer: back to the pool, battle over, no spoils
    t = scenario(
        Side(hand=["village-militia"], pool=["garrick-stormcloak"]),
        Side(
            hand=["wall-of-winds", "village-militia"], pool=["ilvara-the-keen"], formation=["tollgate-downs"]
        ),
        **base,
    )
    to_round(t, "garrick-stormcloak", "ilvara-the-keen")
    until(t, 1, "fight")
    act(t, f"play #{card(t, 'wall-of-winds')}")
    while t.decision.kind == "counter":
        act(t, "pass")
    act(t, "pass")
    assert t.zone_name(card(t, "garrick-stormcloak")) == "pool"
    assert t.fight.over == 2 and t.decision.kind == "attack"
    # a flyer is stopped by a wall it cannot cross (SF-234)
    u = scenario(
        Side(hand=["village-militia"], pool=["cinderwing-drake"]),
        Side(
            hand=["wall-of-cinders", "village-militia"],
            pool=["ilvara-the-keen"],
            formation=["tollgate-downs"],
        ),
        **base,
    )
    to_round(u, "cinderwing-drake", "ilvara-the-keen")
    until(u, 1, "fight")
    act(u, f"play #{card(u, 'wall-of-cinders')}")
    while u.decision.kind == "counter":
        act(u, "pass")
    assert u.decision.kind == "wall"


@pytest.mark.rules("SF-236")
def test_a_walled_defender_goes_home_and_the_attacker_may_go_on():
    s = scenario(
        Side(hand=["wall-of-winds", "village-militia"], pool=["pellam-inkfinger", "garrick-stormcloak"]),
        Side(hand=FILL, pool=["hollis-greymantle"], formation=["greymarch-fields"]),
        phase="attack",
    )
    to_round(s, "pellam-inkfinger", "hollis-greymantle")
    act(s, f"play #{card(s, 'wall-of-winds')}")
    while s.decision.kind == "counter":
        act(s, "pass")
    assert s.zone_name(card(s, "hollis-greymantle")) == "pool"
    assert s.decision.kind == "champion"


@pytest.mark.rules("SF-205", "SF-206", "SF-212", "SF-281", "SF-211")
def test_realm_razed_by_an_event_mid_combat_scenario_8():
    s = scenario(
        Side(hand=FILL, pool=["garrick-stormcloak"]),
        Side(hand=FILL, pool=["mara-swiftblade"], formation=["greymarch-fields"]),
        Side(hand=["earthquake-rift", "village-militia"]),
        phase="attack",
    )
    to_round(s, "garrick-stormcloak", "mara-swiftblade")
    # the round window reaches the third player, who may play events only
    while s.decision.seat != 2:
        act(s, "pass")
    assert s.decision.kind == "events"
    act(s, f"play #{card(s, 'earthquake-rift')} -> #{card(s, 'greymarch-fields')}")
    while s.decision.kind == "pause":
        act(s, "pass")
    assert s.zone_name(card(s, "greymarch-fields")) == "discard"
    assert (
        s.zone_name(card(s, "garrick-stormcloak")) == "pool"
        and s.zone_name(card(s, "mara-swiftblade")) == "pool"
    )
    assert s.decision.kind == "spoils" and s.decision.seat == 0


@pytest.mark.rules("SF-207", "SF-208", "SF-213", "SF-214")
def test_cardplay_discarding_champions_ends_the_battle():
    def setup(defender: str):
        s = scenario(
            Side(hand=FILL, pool=["cinderwing-drake"]),
            Side(hand=FILL, pool=[defender], formation=["greymarch-fields"], deck=["tollgate-downs"]),
            Side(hand=["plague-of-ash", "village-militia"]),
            phase="attack",
        )
        to_round(s, "cinderwing-drake", defender)
        while s.decision.seat != 2:
            act(s, "pass")
        act(s, f"play #{card(s, 'plague-of-ash')}")
        while s.decision.kind == "pause":
            act(s, "pass")
        return s

    both = setup("grimclaw-wyvern")
    assert both.decision.kind == "attack"  # no winner, no spoils
    one = setup("mara-swiftblade")
    assert one.decision.kind == "spoils" and one.decision.seat == 1


@pytest.mark.rules(
    "SF-311", "SF-184", "SF-244", "SF-245", "SF-246", "SF-K29", "SF-183", "SF-219", "SF-R08", "SF-228"
)
def test_instant_defeat_duel_scenario_9():
    s = scenario(
        Side(hand=FILL, pool=["sir-bertram-wyrmbane"]),
        Side(
            hand=["mask-of-the-paladin", "earthquake-rift"],
            pool=["the-gorgon-of-greyfen"],
            formation=["greymarch-fields"],
        ),
        phase="attack",
    )
    to_round(s, "sir-bertram-wyrmbane", "the-gorgon-of-greyfen")
    # the attacker's power first: the threatened defender may play one card that changes its class
    assert s.decision.kind == "escape" and s.decision.seat == 1
    mask = card(s, "mask-of-the-paladin")
    gorgon = card(s, "the-gorgon-of-greyfen")
    assert legal(s) == ["pass", f"play #{mask} -> #{gorgon}"]  # not a card aimed at the attacker
    act(s, f"play #{mask} -> #{gorgon}")
    assert s.classes(gorgon) == ("hero",)
    # the gorgon, now a hero, lost its monster power's class condition but keeps its own power
    assert s.decision.kind == "escape" and s.decision.seat == 0  # now the attacker is threatened
    act(s, "pass")
    assert s.zone_name(card(s, "sir-bertram-wyrmbane")) == "discard"
    t = scenario(
        Side(hand=FILL, pool=["sir-bertram-wyrmbane"]),
        Side(hand=FILL, pool=["grimclaw-wyvern"], formation=["greymarch-fields"]),
        phase="attack",
    )
    to_round(t, "sir-bertram-wyrmbane", "grimclaw-wyvern")
    act(t, "pass")  # no escape
    assert t.zone_name(card(t, "grimclaw-wyvern")) == "discard"
    assert t.decision.kind == "champion" or t.decision.kind == "attack"


@pytest.mark.rules("SF-247", "SF-248")
def test_item_based_instant_defeat_scenario_10():
    s = scenario(
        Side(hand=FILL, pool=["sir-aldric-the-bold+dragonslayer-lance"]),
        Side(
            hand=["mask-of-the-paladin", "sudden-betrayal"],
            pool=["old-emberscale"],
            formation=["greymarch-fields"],
        ),
        phase="attack",
    )
    to_round(s, "sir-aldric-the-bold", "old-emberscale")
    assert s.decision.kind == "escape"
    lance = card(s, "dragonslayer-lance")
    assert legal(s) == ["pass", f"play #{card(s, 'sudden-betrayal')} -> #{lance}"]
    act(s, f"play #{card(s, 'sudden-betrayal')} -> #{lance}")
    while s.decision.kind == "pause":
        act(s, "pass")
    assert s.zone_name(lance) == "discard"
    assert s.zone_name(card(s, "old-emberscale")) == "battle"


@pytest.mark.rules("SF-213", "SF-215", "SF-216", "SF-K26", "SF-143")
def test_spoils_timing_scenario_13():
    s = scenario(
        Side(hand=FILL, pool=["hollis-greymantle"]),
        Side(hand=FILL, pool=["garrick-stormcloak"], formation=["mistwood-dale"], deck=["copperhill-town"]),
        phase="attack",
    )
    to_round(s, "hollis-greymantle", "garrick-stormcloak")
    pass_round(s)
    assert s.decision.kind == "spoils" and s.decision.seat == 1
    realm = card(s, "copperhill-town")
    assert set(legal(s)) >= {"keep", "put back", f"play #{realm} -> slot P2.B"}
    act(s, f"play #{realm} -> slot P2.B")  # out of phase, during the attacker's phase 4
    assert s.slots[1][1] == realm
    t = scenario(
        Side(hand=FILL, pool=["hollis-greymantle"]),
        Side(hand=FILL, pool=["garrick-stormcloak"], formation=["mistwood-dale"], deck=["copperhill-town"]),
        phase="attack",
    )
    to_round(t, "hollis-greymantle", "garrick-stormcloak")
    pass_round(t)
    act(t, "put back")
    assert t.zones[t.layout.deck[1]][-1] == card(t, "copperhill-town")


@pytest.mark.rules("SF-268", "SF-R19")
def test_spoils_earned_with_an_empty_pile_are_lost():
    s = scenario(
        Side(hand=FILL, pool=["hollis-greymantle"]),
        Side(hand=FILL, pool=["garrick-stormcloak"], formation=["mistwood-dale"], deck=[]),
        phase="attack",
    )
    to_round(s, "hollis-greymantle", "garrick-stormcloak")
    pass_round(s)
    assert s.decision.kind == "attack"
    assert any(e.kind == "spoils_lost" for e in s.events())


@pytest.mark.rules(
    "SF-056",
    "SF-057",
    "SF-058",
    "SF-059",
    "SF-060",
    "SF-062",
    "SF-063",
    "SF-R15",
    "SF-K27",
    "SF-053",
    "SF-065",
)
def test_dungeon_attack_scenario_18():
    s = scenario(
        Side(
            hand=FILL,
            pool=["hollis-greymantle+steel-longsword"],
            deck=["tollgate-downs"],
            discard=["windfall"],
        ),
        Side(hand=FILL, formation=["greymarch-fields:razed"], dungeon=["labyrinth-of-shadows"]),
        phase="attack",
    )
    dungeon = card(s, "labyrinth-of-shadows")
    assert "attack dungeon P2.D" in legal(s)
    act(s, "attack dungeon P2.D")
    act(s, f"send #{card(s, 'hollis-greymantle')}")
    act(s, "pass")
    assert s.zone_name(dungeon) == "void"
    assert (
        s.zone_name(card(s, "hollis-greymantle")) == "void"
        and s.zone_name(card(s, "steel-longsword")) == "discard"
    )
    assert s.zone_name(card(s, "tollgate-downs")) == "abyss"  # a realm drawn as dungeon spoils
    assert s.decision.kind == "dungeon_shuffle"
    assert s.knows(1, card(s, "tollgate-downs"))  # shown to all
    act(s, "choose shuffle")
    assert not any(a.startswith("attack") for a in legal(s))  # no realm attack that turn
    t = scenario(
        Side(hand=FILL, pool=["hollis-greymantle"]), Side(dungeon=["labyrinth-of-shadows"]), phase="attack"
    )
    assert not any("dungeon" in a for a in legal(t))  # no formation: the dungeon cannot be attacked


@pytest.mark.rules("SF-061")
def test_a_defended_dungeon_gives_the_defender_dungeon_spoils():
    s = scenario(
        Side(hand=FILL, pool=["hollis-greymantle"]),
        Side(
            hand=FILL,
            pool=["garrick-stormcloak"],
            formation=["greymarch-fields"],
            dungeon=["labyrinth-of-shadows"],
            deck=["windfall"],
        ),
        phase="attack",
    )
    act(s, "attack dungeon P2.D")
    act(s, f"send #{card(s, 'hollis-greymantle')}")
    act(s, f"send #{card(s, 'garrick-stormcloak')}")
    pass_round(s)
    assert s.decision.kind == "spoils" and s.decision.seat == 1
    assert s.knows(0, card(s, "windfall"))  # a dungeon spoils is revealed


@pytest.mark.rules("SF-119", "SF-179", "SF-181", "SF-280")
def test_champions_from_hand_or_pool_attack_and_defend():
    s = scenario(
        Side(hand=["hollis-greymantle", "village-militia"], pool=["mara-swiftblade"]),
        Side(hand=["garrick-stormcloak", "village-militia"], formation=["greymarch-fields"]),
        phase="attack",
    )
    act(s, "attack slot P2.A")
    assert {f"send #{card(s, 'hollis-greymantle')}", f"send #{card(s, 'mara-swiftblade')}"} <= set(legal(s))
    act(s, f"send #{card(s, 'hollis-greymantle')}")
    assert f"send #{card(s, 'garrick-stormcloak')}" in legal(s)
    assert not any(a.startswith("play") for a in legal(s))  # nothing attached at that moment


@pytest.mark.rules("SF-120", "SF-109")
def test_nothing_enters_the_pool_from_phase_4():
    s = scenario(
        Side(hand=["hollis-greymantle", "steel-longsword"], pool=["mara-swiftblade"]),
        Side(formation=["greymarch-fields"]),
        phase="attack",
    )
    assert not any(a == f"play #{card(s, 'hollis-greymantle')}" for a in legal(s))
    assert not any(a.startswith(f"play #{card(s, 'steel-longsword')}") for a in legal(s))


@pytest.mark.rules("SF-R27", "SF-K21")
def test_a_realm_defends_itself():
    s = scenario(
        Side(hand=FILL, pool=["hollis-greymantle"]),
        Side(hand=FILL, formation=["stonewatch-citadel"]),
        phase="attack",
    )
    realm = card(s, "stonewatch-citadel")
    to_round(s, "hollis-greymantle", None) if False else None
    act(s, "attack slot P2.A")
    act(s, f"send #{card(s, 'hollis-greymantle')}")
    assert f"use #{realm}" in legal(s)
    act(s, f"use #{realm}")
    assert s.side_total(1) == 7  # level 4, with its own world's bonus
    pass_round(s)
    assert s.zone_name(card(s, "hollis-greymantle")) == "discard" and not s.razed[realm]


@pytest.mark.rules("SF-148", "SF-209")
def test_a_razed_trigger_discards_the_attacker_but_spoils_stand():
    s = scenario(
        Side(hand=FILL, pool=["hollis-greymantle"]),
        Side(hand=FILL, formation=["gravewatch-ruins"]),
        phase="attack",
    )
    act(s, "attack slot P2.A")
    act(s, f"send #{card(s, 'hollis-greymantle')}")
    act(s, "pass")
    assert s.razed[card(s, "gravewatch-ruins")]
    assert s.zone_name(card(s, "hollis-greymantle")) == "discard"
    assert s.decision.kind == "spoils" and s.decision.seat == 0


@pytest.mark.rules("SF-255", "SF-256", "SF-K38")
def test_a_borrowed_item_goes_home_after_the_round():
    s = scenario(
        Side(hand=FILL, pool=["pilfering-pell", "garrick-stormcloak"]),
        Side(hand=FILL, pool=["sir-aldric-the-bold+gauntlets-of-might"], formation=["mistwood-dale"]),
        Side(hand=["earthquake-rift", "village-militia"]),
        phase="attack",
    )
    to_round(s, "pilfering-pell", "sir-aldric-the-bold")
    g = card(s, "gauntlets-of-might")
    assert s.attached_to[g] == card(s, "pilfering-pell")
    assert s.side_total(0) == 10  # 3, +3 for its world, +4 borrowed
    until(s, 2, "events")
    act(s, f"play #{card(s, 'earthquake-rift')} -> #{card(s, 'mistwood-dale')}")
    while s.decision.kind == "pause":
        act(s, "pass")
    assert s.attached_to[g] == card(s, "sir-aldric-the-bold") and s.zone_name(g) == "pool"


@pytest.mark.rules("SF-256")
def test_a_borrowed_item_discarded_in_combat_does_not_return():
    s = scenario(
        Side(hand=FILL, pool=["pilfering-pell"]),
        Side(hand=FILL, pool=["sir-aldric-the-bold+gauntlets-of-might"], formation=["greymarch-fields"]),
        phase="attack",
    )
    to_round(s, "pilfering-pell", "sir-aldric-the-bold")
    pass_round(s)  # 7 against 8: the borrower loses with everything it used
    assert s.zone_name(card(s, "gauntlets-of-might")) == "discard"


@pytest.mark.rules("SF-272", "SF-273", "SF-R21", "SF-K03")
def test_allies_of_a_flyer_attacking_a_protected_realm():
    s = scenario(
        Side(hand=["stubborn-mule-train", "hired-swords"], pool=["grimclaw-wyvern"]),
        Side(hand=FILL, pool=["garrick-stormcloak"], formation=["mistwood-dale", "copperhill-town"]),
        phase="attack",
    )
    to_round(s, "grimclaw-wyvern", "garrick-stormcloak", realm="slot P2.B")
    assert f"play #{card(s, 'hired-swords')}" in legal(s)  # inherits the flight
    assert f"play #{card(s, 'stubborn-mule-train')}" not in legal(s)


@pytest.mark.rules("SF-312", "SF-K04")
def test_an_item_discarded_to_use_its_power():
    s = scenario(
        Side(hand=FILL, pool=["hollis-greymantle+potion-of-giant-strength"]),
        Side(hand=FILL, pool=["garrick-stormcloak"], formation=["mistwood-dale"]),
        phase="attack",
    )
    to_round(s, "hollis-greymantle", "garrick-stormcloak")
    potion = card(s, "potion-of-giant-strength")
    act(s, f"use #{potion}")
    assert s.zone_name(potion) == "discard" and s.side_total(0) == 7


@pytest.mark.rules("SF-247", "SF-K03")
def test_an_ally_that_defeats_low_level_champions():
    s = scenario(
        Side(hand=["basilisk-handler", "village-militia"], pool=["hollis-greymantle"]),
        Side(
            hand=FILL,
            pool=["pellam-inkfinger+ring-of-vigor+gauntlets-of-might"],
            formation=["greymarch-fields"],
        ),
        phase="attack",
    )
    to_round(s, "hollis-greymantle", "pellam-inkfinger")
    act(s, f"play #{card(s, 'basilisk-handler')}")
    assert s.zone_name(card(s, "pellam-inkfinger")) == "discard"


@pytest.mark.rules("SF-209")
def test_discard_after_combat_leaves_the_result():
    s = scenario(
        Side(hand=FILL, pool=["curse-bearer-malgrim"]),
        Side(hand=FILL, pool=["garrick-stormcloak"], formation=["mistwood-dale"], deck=["windfall"]),
        phase="attack",
    )
    to_round(s, "curse-bearer-malgrim", "garrick-stormcloak")
    pass_round(s)
    assert s.zone_name(card(s, "garrick-stormcloak")) == "discard"  # discarded after combat
    assert s.decision.kind == "spoils" and s.decision.seat == 1  # the defender still won


@pytest.mark.rules("SF-R23", "SF-117", "SF-118")
def test_one_realm_of_any_opponent_and_only_its_owner_defends():
    s = scenario(
        Side(hand=FILL, pool=["hollis-greymantle"]),
        Side(hand=FILL, formation=["mistwood-dale"]),
        Side(hand=FILL, pool=["garrick-stormcloak"], formation=["greymarch-fields"]),
        phase="attack",
    )
    assert {"attack slot P2.A", "attack slot P3.A"} <= set(legal(s))
    act(s, "attack slot P2.A")
    act(s, f"send #{card(s, 'hollis-greymantle')}")
    assert s.decision.kind == "defend" and s.decision.seat == 1
    assert s.fight.att_champion == card(s, "hollis-greymantle") and s.fight.def_champion == -1


@pytest.mark.rules("SF-012", "SF-244")
def test_an_attack_into_a_visible_instant_defeat_may_be_taken_back():
    s = scenario(
        Side(hand=FILL, pool=["hollis-greymantle"]),
        Side(
            hand=FILL,
            pool=["the-gorgon-of-greyfen"],
            formation=["greymarch-fields", "oldcastle-moor", "pinecrest-hollow"],
        ),
        phase="attack",
    )
    to_round(s, "hollis-greymantle", "the-gorgon-of-greyfen")
    assert s.decision.kind == "escape" and s.decision.seat == 0
    assert "choose withdraw" in legal(s)
    act(s, "choose withdraw")
    hollis, gorgon = card(s, "hollis-greymantle"), card(s, "the-gorgon-of-greyfen")
    assert s.zone_name(hollis) == "pool" and s.zone_name(gorgon) == "pool"
    assert s.decision.kind == "attack" and "attack slot P2.A" in legal(s)  # as if never declared
    act(s, "attack slot P2.A")
    assert f"send #{hollis}" in legal(s) or s.decision.kind == "defend"


@pytest.mark.rules("SF-242", "SF-012", "SF-K37")
@pytest.mark.parametrize("from_hand", [False, True])
def test_a_champion_that_cast_a_wish_stays_spent_when_its_attack_is_taken_back(from_hand: bool):
    """Elira (a hero who casts wizard spells) attacks; P2 answers with a lasting event and she negates it
    with a Wish; the Gorgon then threatens her with an instant defeat and P1 takes the attack back. The
    take-back undoes the attack only: the Wish was cast and stands, so she goes back to the pool spent,
    even when she was sent from the hand."""
    here, there = (["elira-spellsword"], []) if from_hand else ([], ["elira-spellsword"])
    s = scenario(
        Side(hand=["grand-desire", *FILL, *here], pool=[*there, "hollis-greymantle"]),
        Side(
            hand=["truce-of-the-gods", *FILL],
            pool=["the-gorgon-of-greyfen"],
            formation=["greymarch-fields", "oldcastle-moor", "pinecrest-hollow"],
        ),
        phase="attack",
    )
    elira, wish, truce = card(s, "elira-spellsword"), card(s, "grand-desire"), card(s, "truce-of-the-gods")
    act(s, "attack slot P2.A")
    act(s, f"send #{elira}", settle=False)
    assert s.decision.kind == "respond" and s.decision.seat == 1
    act(s, f"play #{truce} -> P1", settle=False)
    assert s.decision.kind == "pause" and s.decision.seat == 0
    act(s, f"play #{wish} -> #{truce}")  # Elira, in the round, casts it (SF-288)
    while s.decision.kind != "defend":
        act(s, "pass")
    assert s.spent == {elira} and s.zone_name(truce) == "void"
    act(s, f"send #{card(s, 'the-gorgon-of-greyfen')}")
    assert s.decision.kind == "escape" and s.decision.seat == 0
    act(s, "choose withdraw")
    assert s.zone_name(elira) == "pool" and s.zone_name(wish) != "hand"  # the Wish is not taken back
    assert s.spent == {elira}  # never used again (SF-242)
    assert s.available_champions(0, from_hand=False) == [card(s, "hollis-greymantle")]
    act(s, "attack slot P2.A")
    assert f"send #{elira}" not in legal(s) and f"send #{card(s, 'hollis-greymantle')}" in legal(s)


@pytest.mark.rules("SF-235")
def test_a_spell_grants_its_caster_a_trait_for_the_round_only():
    s = scenario(
        Side(hand=["village-militia"], pool=["master-quillon"]),
        Side(hand=["levitation", "village-militia"], pool=["ilvara-the-keen"], formation=["tollgate-downs"]),
        phase="attack",
    )
    to_round(s, "master-quillon", "ilvara-the-keen")
    until(s, 1, "fight")  # 5 against 4: the defender casts Levitation
    wizard = card(s, "ilvara-the-keen")
    assert "flyer" not in s.traits(wizard)
    act(s, f"play #{card(s, 'levitation')}")
    while s.decision.kind == "counter":
        act(s, "pass")
    assert "flyer" in s.traits(wizard) and s.has_keyword(wizard, "flyer")  # a keyword grant for the round
    act(s, legal(s)[1])  # his Village Militia: 5 all, and the defender wins the tie
    pass_round(s)
    assert s.zone_name(wizard) == "pool" and s.decision.kind == "spoils"  # the round is over, won
    assert "flyer" not in s.traits(wizard) and not s.has_keyword(wizard, "flyer")


@pytest.mark.rules("SF-232", "SF-249")
def test_a_wall_is_not_cast_against_a_champion_immune_to_it():
    def fight(attacker: str):
        s = scenario(
            Side(hand=FILL, pool=[attacker]),
            Side(
                hand=["wall-of-winds", "village-militia"],
                pool=["ilvara-the-keen"],
                formation=["tollgate-downs"],
            ),
            phase="attack",
        )
        to_round(s, attacker, "ilvara-the-keen")
        until(s, 1, "fight")
        return s, f"play #{card(s, 'wall-of-winds')}"

    s, wall = fight("garrick-stormcloak")
    assert wall in legal(s)
    s, wall = fight("spellproof-golem")  # immune to offensive spells
    assert wall not in legal(s)


@pytest.mark.rules("SF-187", "SF-K11")
def test_a_thief_steals_the_opposing_champions_item_in_a_round():
    s = scenario(
        Side(hand=["pickpocket", "village-militia"], pool=["fennick-shade"]),
        Side(hand=FILL, pool=["mara-swiftblade+steel-longsword"], formation=["tollgate-downs"]),
        phase="attack",
    )
    to_round(s, "fennick-shade", "mara-swiftblade")
    assert s.decision.kind == "fight" and s.decision.seat == 0  # 4 against 4 and the sword: losing
    sword = card(s, "steel-longsword")
    act(s, f"play #{card(s, 'pickpocket')} -> #{sword}")
    while s.decision.kind == "counter":
        act(s, "pass")
    assert s.zone_name(sword) == "hand" and s.owner[sword] == 1 and s.controller[sword] == 0
