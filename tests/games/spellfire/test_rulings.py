"""Rules about copies, immunities, avatars' pairing limits, several spoils, blueline data sets."""

from __future__ import annotations

import pytest

from spellforge import GAMES, IllegalActionError
from spellforge.games.spellfire.scenario import Side, act, card, legal, scenario

GAME = GAMES["spellfire"]
FILL = ["village-militia"] * 2


def pass_counters(state) -> None:
    while state.decision is not None and state.decision.kind in ("pause", "counter"):
        act(state, "pass")


def pass_round(state) -> None:
    while state.decision is not None and state.decision.kind in ("fight", "events"):
        act(state, "pass")


@pytest.mark.rules("SF-259", "SF-K39")
def test_a_copy_gains_the_racial_and_blueline_traits_of_its_model():
    s = scenario(
        Side(hand=FILL, pool=["the-mimic-sage"]),
        Side(pool=["the-barrow-king"]),
        phase="pool",
    )
    mimic, king = card(s, "the-mimic-sage"), card(s, "the-barrow-king")
    assert "undead" not in s.traits(mimic)
    act(s, f"use #{mimic} -> #{king}")
    assert s.immune(mimic, "spells")  # the power (SF-257)
    assert {"undead", "flyer"} <= s.traits(mimic)  # and its race and blueline (SF-259)
    assert s.immune_to_spells(mimic)


@pytest.mark.rules("SF-257", "SF-261", "SF-287")
def test_a_copy_answers_events_as_its_model_does():
    s = scenario(
        Side(hand=FILL, pool=["the-mimic-sage"]),
        Side(pool=["warden-of-the-silent-helm"]),
        phase="pool",
    )
    mimic, warden = card(s, "the-mimic-sage"), card(s, "warden-of-the-silent-helm")
    assert s.event_answer(mimic) == "" and s.event_answer(warden) == "negate"
    act(s, f"use #{mimic} -> #{warden}")
    assert s.event_answer(mimic) == "negate"  # it may discard itself to negate an event (SF-287)


@pytest.mark.rules("SF-247", "SF-257", "SF-K29")
def test_what_defeats_a_champion_outright():
    s = scenario(
        Side(hand=FILL, pool=["the-mimic-sage", "sir-aldric-the-bold+dragonslayer-lance"]),
        Side(pool=["sir-bertram-wyrmbane", "azure-skyrender", "cinderwing-drake", "garrick-stormcloak"]),
        phase="pool",
    )
    mimic, bertram, aldric = (
        card(s, "the-mimic-sage"),
        card(s, "sir-bertram-wyrmbane"),
        card(s, "sir-aldric-the-bold"),
    )
    eight, seven, hero = (
        card(s, "azure-skyrender"),
        card(s, "cinderwing-drake"),
        card(s, "garrick-stormcloak"),
    )
    assert (
        s.defeat_source(bertram, seven, 0) == bertram and s.defeat_source(bertram, hero, 0) == -1
    )  # monsters
    assert s.defeat_source(mimic, seven, 0) == -1
    act(s, f"use #{mimic} -> #{bertram}")
    assert s.defeat_source(mimic, seven, 0) == mimic  # the power it copies (SF-257)
    lance = card(s, "dragonslayer-lance")
    assert s.defeat_source(aldric, eight, 1) == lance and s.defeat_source(aldric, seven, 1) == -1  # level 8+


@pytest.mark.rules("SF-017", "SF-K19")
def test_the_online_blueline_data_set_is_the_one_in_force():
    king = GAME.cards["the-barrow-king"]
    assert king.printed_blueline != king.blueline  # the data records where the two sets differ
    s = scenario(Side(pool=["the-barrow-king"]), Side(), phase="pool")
    traits = s.traits(card(s, "the-barrow-king"))
    assert "flyer" in traits and "earthwalker" not in traits


@pytest.mark.rules("SF-253")
def test_an_immunity_does_not_guard_a_champion_in_limbo():
    s = scenario(
        Side(hand=["soul-snare", "unmaking", *FILL], pool=["master-quillon"]),
        Side(pool=["the-barrow-king"], limbo=["the-barrow-king"]),
        phase="pool",
    )
    in_pool, in_limbo = card(s, "the-barrow-king", 0), card(s, "the-barrow-king", 1)
    assert s.zone_name(in_limbo) == "limbo" and s.zone_name(in_pool) == "pool"
    assert s.immune_to_spells(in_pool) and not s.immune_to_spells(in_limbo)
    options = legal(s)
    assert f"play #{card(s, 'unmaking')} -> #{in_pool}" not in options  # immune in play (SF-249)
    act(s, f"play #{card(s, 'soul-snare')} -> #{in_limbo}")
    pass_counters(s)
    assert s.zone_name(in_limbo) == "abyss"


@pytest.mark.rules("SF-250", "SF-251", "SF-K28")
def test_an_item_loses_its_bonus_against_an_immunity_but_keeps_its_flight():
    def battle(defender: str):
        s = scenario(
            Side(hand=FILL, pool=["hollis-greymantle+winged-boots"]),
            Side(hand=FILL, pool=[defender], formation=["tollgate-downs", "copperhill-town"]),
            phase="attack",
        )
        act(s, "attack slot P2.B")  # a protected realm: only a flyer reaches it
        act(s, f"send #{card(s, 'hollis-greymantle')}")
        act(s, f"send #{card(s, defender)}")
        return s

    plain = battle("garrick-stormcloak")
    immune = battle("thornhide-behemoth")
    hollis = card(immune, "hollis-greymantle")
    assert plain.side_total(0) == immune.side_total(0) + 1  # the boots' +1 is lost against the immunity
    assert "flyer" in immune.traits(hollis)  # the flight stays
    assert immune.may_attack(hollis, immune.fight.target)


@pytest.mark.rules("SF-047", "SF-046", "SF-K18")
def test_an_avatar_that_forbids_another_cannot_join_one_in_play():
    s = scenario(
        Side(
            hand=["avatar-of-the-pale-queen", *FILL, *FILL],
            pool=["avatar-of-the-storm-lord"],
            formation=["tollgate-downs"],
        ),
        Side(),
        phase="pool",
    )
    queen = card(s, "avatar-of-the-pale-queen")
    assert f"play #{queen}" not in legal(s)
    with pytest.raises(IllegalActionError):
        act(s, f"play #{queen}")
    assert s.zone_name(queen) == "hand"
    t = scenario(
        Side(hand=["avatar-of-the-pale-queen", *FILL, *FILL], formation=["tollgate-downs"]),
        Side(),
        phase="pool",
    )
    assert f"play #{card(t, 'avatar-of-the-pale-queen')}" in legal(t)  # alone, it may come in
    u = scenario(
        Side(
            hand=["avatar-of-the-burning-king", *FILL, *FILL],
            pool=["avatar-of-the-pale-queen"],
            formation=["tollgate-downs"],
        ),
        Side(),
        phase="pool",
    )
    assert f"play #{card(u, 'avatar-of-the-burning-king')}" not in legal(u)  # her limit binds the other too


@pytest.mark.rules("SF-218", "SF-K26")
def test_with_several_spoils_only_the_first_may_be_played_at_once():
    s = scenario(
        Side(hand=FILL, pool=["hollis-greymantle"]),
        Side(
            hand=FILL,
            pool=["garrick-stormcloak"],
            formation=["mistwood-dale"],
            deck=["copperhill-town", "wyrmspire-pass", "village-militia"],
            rules=["law-of-plunder"],
        ),
        phase="attack",
    )
    act(s, "attack slot P2.A")
    act(s, f"send #{card(s, 'hollis-greymantle')}")
    act(s, f"send #{card(s, 'garrick-stormcloak')}")
    pass_round(s)
    first, second = card(s, "copperhill-town"), card(s, "wyrmspire-pass")
    assert s.zone_name(first) == "hand" and s.zone_name(second) == "hand"  # both drawn at once
    assert s.decision.kind == "spoils" and s.decision.data[0] == first
    assert f"play #{first} -> slot P2.B" in legal(s)
    act(s, "keep")
    assert s.decision.kind == "spoils" and s.decision.data[0] == second
    assert legal(s) == ["keep", "put back"]  # the second may not be played at once
    with pytest.raises(IllegalActionError):
        act(s, f"play #{second} -> slot P2.B")
    act(s, "put back")
    assert s.zones[s.layout.deck[1]][-1] == second


@pytest.mark.rules("SF-224", "SF-K03")
def test_a_power_bringing_a_champion_into_the_battle_waits_for_a_moment_to_play_a_card():
    s = scenario(
        Side(hand=FILL, pool=["kaedric-the-binder", "mara-swiftblade"]),
        Side(hand=["village-militia"], pool=["hollis-greymantle"], formation=["tollgate-downs"]),
        phase="attack",
    )
    kaedric, mara = card(s, "kaedric-the-binder"), card(s, "mara-swiftblade")
    act(s, "attack slot P2.A")
    act(s, f"send #{kaedric}")
    act(s, f"send #{card(s, 'hollis-greymantle')}")
    assert (s.side_total(0), s.side_total(1)) == (4, 3)
    assert s.decision.kind == "events" and s.decision.seat == 0  # winning: no card into the battle
    assert f"use #{kaedric} -> #{mara}" not in legal(s)
    act(s, "pass")
    assert s.decision.kind == "fight" and s.decision.seat == 1
    militia = next(c for c in s.hand_of(1) if s.defs[c].key == "village-militia")
    act(s, f"play #{militia}")  # 4 against 4: the defender wins ties
    assert s.decision.kind == "fight" and s.decision.seat == 0
    assert f"use #{kaedric} -> #{mara}" in legal(s)  # losing: it may bring one in
    act(s, f"use #{kaedric} -> #{mara}")
    assert s.zone_name(mara) == "battle" and s.side_total(0) == 8
    pass_round(s)
    assert s.zone_name(kaedric) == "pool"  # the winner goes home
    assert s.zone_name(mara) == "discard"  # the champion used as an ally is discarded with the allies


@pytest.mark.rules("SF-225")
def test_a_power_used_at_once_overrides_the_order_of_activation():
    s = scenario(
        Side(hand=FILL, pool=["ysmera-horn-caller", "brannoc-ironhand"]),
        Side(hand=FILL, pool=["hollis-greymantle"], formation=["crownhold-marches"]),
        phase="attack",
    )
    ysmera, brannoc = card(s, "ysmera-horn-caller"), card(s, "brannoc-ironhand")
    act(s, "attack slot P2.A")
    act(s, f"send #{ysmera}")
    act(s, f"send #{card(s, 'hollis-greymantle')}")
    assert s.side_total(0) > s.side_total(1)  # winning, yet asked as she enters combat
    assert s.decision.kind == "summon" and s.decision.seat == 0
    assert legal(s) == ["pass", f"use #{ysmera} -> #{brannoc}"]
    act(s, f"use #{ysmera} -> #{brannoc}")
    assert s.side_total(0) == 3 + 3 + 6
    pass_round(s)
    assert s.zone_name(brannoc) == "discard"


@pytest.mark.rules("SF-313")
def test_a_champion_taken_back_and_replayed_loses_its_voluntary_power_for_the_turn():
    s = scenario(
        Side(
            hand=["call-to-the-keep", *FILL, *FILL],
            pool=["the-mimic-sage", "the-barrow-king"],
            formation=["tollgate-downs"],
        ),
        Side(pool=["sir-bertram-wyrmbane"]),
        phase="pool",
    )
    mimic, king, bertram = (
        card(s, "the-mimic-sage"),
        card(s, "the-barrow-king"),
        card(s, "sir-bertram-wyrmbane"),
    )
    keep = card(s, "call-to-the-keep")
    assert f"use #{mimic} -> #{bertram}" in legal(s)
    act(s, f"play #{keep} -> #{mimic}")  # of its owner's accord
    pass_counters(s)
    assert s.zone_name(mimic) == "hand" and s.can_see(1, mimic)  # everyone saw it go
    act(s, f"play #{mimic}")  # back into play the same turn
    assert s.zone_name(mimic) == "pool"
    assert not any(a.startswith(f"use #{mimic}") for a in legal(s))  # its chosen power is off
    keep2 = s.add_card(GAME.cards["call-to-the-keep"], 0, s.layout.hand[0])
    s.forget_legal()
    act(s, f"play #{keep2} -> #{king}")
    pass_counters(s)
    act(s, f"play #{king}")
    assert s.immune_to_spells(king) and "undead" in s.traits(king)  # immunities and race stay
    s.op_turn_end()  # until the end of the turn only
    assert s.voluntary(mimic)
