"""Events, the event pause, negation, Calm, duplication, the Void and the Abyss."""

from __future__ import annotations

import pytest

from spellforge import IllegalActionError
from spellforge.core import frames as core_frames
from spellforge.core.actions import Resign
from spellforge.games.spellfire.scenario import Side, act, card, legal, scenario

FILL = ["village-militia"] * 2


def pass_pauses(state) -> None:
    while state.decision is not None and state.decision.kind in ("pause", "counter"):
        act(state, "pass")


def scenario_11():
    """Scenario 11's table: A holds an Earthquake against B's realm; B a negation and a Wish-type card;
    C a dispel; D a duplicating champion."""
    return scenario(
        Side(hand=["earthquake-rift", "village-militia"], formation=["tollgate-downs"]),
        Side(
            hand=["word-of-undoing", "divine-refusal"],
            pool=["ilvara-the-keen", "sister-aveline"],
            formation=["mistwood-dale"],
        ),
        Side(hand=["unweave", "village-militia"], pool=["master-quillon"]),
        Side(hand=FILL, pool=["echoing-bard-tolliver"]),
        phase="realm",
    )


def windfall_played():
    """Four players; P1 has just played a Windfall, and its pause asks P2 first."""
    s = scenario(
        Side(hand=["windfall", "village-militia"], deck=["tollgate-downs"] * 4),
        Side(hand=FILL),
        Side(hand=FILL),
        Side(hand=FILL),
        phase="realm",
    )
    act(s, f"play #{card(s, 'windfall')}")
    return s


@pytest.mark.rules(
    "SF-297",
    "SF-298",
    "SF-304",
    "SF-305",
    "SF-300",
    "SF-R05",
    "SF-287",
    "SF-237",
    "SF-172",
    "SF-292",
    "SF-K31",
    "SF-170",
    "SF-171",
)
def test_event_pause_with_failed_negation_scenario_11():
    s = scenario_11()
    rift, realm = card(s, "earthquake-rift"), card(s, "mistwood-dale")
    act(s, f"play #{rift} -> #{realm}")
    assert (s.decision.kind, s.decision.seat) == ("pause", 1)  # clockwise from the event player
    act(s, f"play #{card(s, 'word-of-undoing')} -> #{rift}")
    assert (s.decision.kind, s.decision.seat) == ("counter", 2)
    act(s, f"play #{card(s, 'unweave')} -> #{card(s, 'word-of-undoing')}")
    pass_pauses_until = [("counter", 3), ("counter", 0), ("counter", 1)]
    for kind, seat in pass_pauses_until:
        assert (s.decision.kind, s.decision.seat) == (kind, seat)
        act(s, "pass")
    # the Word was dispelled: B's action is not used up, B is asked again
    assert (s.decision.kind, s.decision.seat) == ("pause", 1)
    assert s.zone_name(card(s, "word-of-undoing")) == "discard"
    act(s, f"play #{card(s, 'divine-refusal')} -> #{rift}")
    while s.decision.kind == "counter":
        act(s, "pass")
    assert s.zone_name(rift) == "void" and s.zone_name(realm) == "formation"
    # the pause closed: the duplicating player was never asked (a negated event cannot be duplicated)
    assert s.decision.kind == "realm" and s.decision.seat == 0
    assert not any(e.kind == "duplicate" for e in s.events())


@pytest.mark.rules(
    "SF-302",
    "SF-299",
    "SF-306",
    "SF-321",
    "SF-322",
    "SF-286",
    "SF-285",
    "SF-K30",
    "SF-K32",
    "SF-301",
    "SF-318",
    "SF-303",
)
def test_one_action_per_player_in_the_pause_scenario_12():
    s = scenario(
        Side(hand=["wave-of-forgetting", "village-militia"]),
        Side(
            hand=["stillness-of-mind", "village-militia", "hired-swords"],
            pool=["hollis-greymantle+bell-of-echoes"],
        ),
        Side(hand=["stillness-of-mind", "village-militia"]),
        phase="realm",
    )
    wave, bell = card(s, "wave-of-forgetting"), card(s, "bell-of-echoes")
    act(s, f"play #{wave}")
    assert s.decision.seat == 1
    calm_b = card(s, "stillness-of-mind", 0)
    assert f"use #{bell}" in legal(s) and f"play #{calm_b} -> #{wave}" in legal(s)
    act(s, f"use #{bell}")  # B duplicates it
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        act(s, f"play #{calm_b} -> #{wave}")  # a second action in one pause
    assert s.to_json() == before
    assert s.decision.seat == 2
    act(s, "pass")  # C passes on the original; it cannot come back to it
    hand_b = len(s.hand_of(1))
    # the original resolves: B and C each discard a card at random; then the duplicate's own pause opens
    assert len(s.hand_of(1)) == hand_b - 1 or s.decision.kind == "pause"
    assert (s.decision.kind, s.decision.seat) == ("pause", 2)  # clockwise from B, the duplicator
    calm_c = card(s, "stillness-of-mind", 1)
    if f"play #{calm_c} -> #{wave}" in legal(s):
        act(s, f"play #{calm_c} -> #{wave}")
    else:  # C lost its Calm to the original's random discard
        act(s, "pass")
    pass_pauses(s)
    assert s.zone_name(wave) == "void"


@pytest.mark.rules("SF-289", "SF-290", "SF-291", "SF-284")
def test_helpful_events_are_negated_never_calmed():
    s = scenario(
        Side(hand=["windfall", "village-militia"], deck=["tollgate-downs"] * 4),
        Side(hand=["stillness-of-mind"], pool=["warden-of-the-silent-helm", "serene-oracle-miriel"]),
        phase="realm",
    )
    act(s, f"play #{card(s, 'windfall')}")
    options = legal(s)
    assert f"use #{card(s, 'warden-of-the-silent-helm')} -> #{card(s, 'windfall')}" in options
    assert not any("stillness" in o or str(card(s, "serene-oracle-miriel")) in o for o in options)
    assert not any(o.startswith(f"play #{card(s, 'stillness-of-mind')}") for o in options)
    hand = len(s.hand_of(0))
    act(s, "pass")
    assert len(s.hand_of(0)) == hand + 2  # it affects only its player


@pytest.mark.rules("SF-287", "SF-R05")
def test_a_helm_type_champion_negates_by_discarding_itself():
    s = scenario(
        Side(hand=["earthquake-rift", "village-militia"]),
        Side(hand=FILL, pool=["warden-of-the-silent-helm"], formation=["mistwood-dale"]),
        phase="realm",
    )
    act(s, f"play #{card(s, 'earthquake-rift')} -> #{card(s, 'mistwood-dale')}")
    act(s, f"use #{card(s, 'warden-of-the-silent-helm')} -> #{card(s, 'earthquake-rift')}")
    assert s.zone_name(card(s, "warden-of-the-silent-helm")) == "discard"
    assert s.zone_name(card(s, "mistwood-dale")) == "formation"


@pytest.mark.rules("SF-285", "SF-286")
def test_a_calm_type_champion_ignores_the_event_for_its_player_only():
    s = scenario(
        Side(hand=["wave-of-forgetting", "village-militia"]),
        Side(hand=FILL, pool=["serene-oracle-miriel"]),
        Side(hand=FILL),
        phase="realm",
    )
    act(s, f"play #{card(s, 'wave-of-forgetting')}")
    act(s, f"use #{card(s, 'serene-oracle-miriel')} -> #{card(s, 'wave-of-forgetting')}")
    act(s, "pass")
    assert len(s.hand_of(1)) == 2 and len(s.hand_of(2)) == 1


@pytest.mark.rules("SF-285", "SF-R17")
@pytest.mark.parametrize("aimed", [1, 2])
def test_an_event_aimed_at_a_player_is_calmed_by_that_player_only_and_binds_him(aimed: int):
    s = scenario(
        Side(hand=["truce-of-the-gods", "village-militia"]),
        Side(hand=["stillness-of-mind", "village-militia"]),
        Side(hand=["stillness-of-mind", "village-militia"]),
        phase="realm",
    )
    truce = card(s, "truce-of-the-gods")
    act(s, f"play #{truce} -> P{aimed + 1}")
    for seat in (1, 2):
        assert s.decision.kind == "pause" and s.decision.seat == seat
        calm = f"play #{card(s, 'stillness-of-mind', seat - 1)} -> #{truce}"
        assert (calm in legal(s)) == (seat == aimed)  # only the player it touches may ignore it
        act(s, "pass")
    assert s.zone_name(truce) == "lasting" and s.lasting_until[truce] == aimed
    assert s.observe(0)["lasting"][0]["aimed_at"] == aimed


@pytest.mark.rules("SF-288", "SF-307", "SF-R17", "SF-157", "SF-K37")
def test_a_wish_negates_only_an_event_with_a_duration():
    s = scenario(
        Side(hand=["truce-of-the-gods", "earthquake-rift"], formation=["tollgate-downs"]),
        Side(hand=["grand-desire", "village-militia"], pool=["orvath-the-grey"], formation=["mistwood-dale"]),
        phase="realm",
    )
    act(s, f"play #{card(s, 'earthquake-rift')} -> #{card(s, 'mistwood-dale')}")
    assert not any("grand" in o or o.startswith(f"play #{card(s, 'grand-desire')}") for o in legal(s))
    act(s, "pass")
    act(s, f"play #{card(s, 'truce-of-the-gods')} -> P2")
    assert f"play #{card(s, 'grand-desire')} -> #{card(s, 'truce-of-the-gods')}" in legal(s)
    act(s, "pass")
    assert s.zone_name(card(s, "truce-of-the-gods")) == "lasting"  # in play while it lasts
    assert s.in_play(card(s, "truce-of-the-gods"))


@pytest.mark.rules("SF-242", "SF-288", "SF-K37")
def test_a_wish_that_negates_an_event_spends_its_caster():
    s = scenario(
        Side(hand=["truce-of-the-gods", "village-militia"], formation=["tollgate-downs"]),
        Side(hand=["grand-desire", "village-militia"], pool=["orvath-the-grey", "ilvara-the-keen"]),
        phase="realm",
    )
    truce, orvath = card(s, "truce-of-the-gods"), card(s, "orvath-the-grey")
    act(s, f"play #{truce} -> P2")
    act(s, f"play #{card(s, 'grand-desire')} -> #{truce}")
    pass_pauses(s)
    assert s.zone_name(truce) == "void"  # negated
    assert s.spent == {orvath}  # the caster can never be used again, whatever the Wish was aimed at
    assert s.available_champions(1, from_hand=False) == [card(s, "ilvara-the-keen")]


@pytest.mark.rules("SF-R17", "SF-K10")
def test_a_lasting_event_blocks_attacks_then_goes_to_the_void():
    s = scenario(
        Side(hand=FILL, pool=["garrick-stormcloak"]),
        Side(hand=["truce-of-the-gods", "village-militia"], formation=["mistwood-dale"]),
        phase="attack",
    )
    truce = card(s, "truce-of-the-gods")
    s.move(truce, s.layout.lasting)
    s.lasting_until[truce] = 0
    s.forget_legal()
    assert not any(a.startswith("attack") for a in legal(s))
    act(s, "done")
    while (
        s.decision is not None
        and s.decision.seat == 0
        and s.decision.kind in ("cards", "discard", "mulligan")
    ):
        act(s, legal(s)[0])
    assert s.zone_name(truce) == "void"


@pytest.mark.rules("SF-082", "SF-293", "SF-167", "SF-R26")
def test_events_discarded_from_hand_go_to_the_abyss():
    s = scenario(Side(hand=["windfall"] + ["village-militia"] * 8), Side(), phase="end")
    assert s.decision.kind == "discard"
    act(s, f"discard #{card(s, 'windfall')}")
    assert s.zone_name(card(s, "windfall")) == "abyss"


@pytest.mark.rules("SF-294", "SF-267", "SF-R02")
def test_the_reshuffle_never_brings_events_back():
    s = scenario(
        Side(hand=FILL, deck=[], discard=["tollgate-downs", "hired-swords"], abyss=["windfall"]),
        Side(),
        phase="end",
    )
    assert sorted(s.defs[c].key for c in s.zones[s.layout.deck[0]]) == ["hired-swords", "tollgate-downs"]
    assert s.zone_name(card(s, "windfall")) == "abyss"


@pytest.mark.rules("SF-295", "SF-296", "SF-319", "SF-R20", "SF-K42", "SF-K41", "SF-R02")
def test_turn_cycle_lock_on_extra_turns_scenario_19():
    s = scenario(
        Side(hand=FILL),
        Side(hand=["hour-of-triumph", "village-militia"]),
        Side(hand=FILL, formation=["hourglass-citadel"], pool=["echoing-bard-tolliver"]),
        phase="cards",
        active=1,
        turns=1,
        run=False,
    )
    s.begin_turns(0)  # P1 began the game: the first cycle ends with P3
    s.active = 1
    s.run_on(core_frames.EnterPhase("cards"))
    assert not any(a.startswith(f"play #{card(s, 'hour-of-triumph')}") for a in legal(s))  # P2 refused
    act(s, "done")
    while s.active != 2 or s.phase != "cards":
        act(s, "done" if "done" in legal(s) else legal(s)[0])
    realm = card(s, "hourglass-citadel")
    window = s.pool_phases[2]
    act(s, f"use #{realm}")  # P3 may: his first turn has started
    assert s.razed[realm] and s.extra_turns == [2]
    act(s, "done")
    while s.phase != "pool" or s.active != 2:
        act(s, "done" if "done" in legal(s) else legal(s)[0])
    assert s.extra_turn and s.pool_phases[2] == window  # no new once-per-turn window


@pytest.mark.rules("SF-173", "SF-174", "SF-K24", "SF-K25")
def test_cards_move_from_the_abyss_to_the_void_and_never_come_back():
    s = scenario(
        Side(hand=["gravekeepers", "village-militia"], pool=["hollis-greymantle"], abyss=["windfall"]),
        Side(hand=FILL, pool=["garrick-stormcloak"], formation=["mistwood-dale"]),
        phase="attack",
    )
    act(s, "attack slot P2.A")
    act(s, f"send #{card(s, 'hollis-greymantle')}")
    act(s, f"send #{card(s, 'garrick-stormcloak')}")
    act(s, f"play #{card(s, 'gravekeepers')}")
    assert s.zone_name(card(s, "windfall")) == "void"
    assert not any(str(card(s, "windfall")) in a for a in legal(s))


@pytest.mark.rules("SF-169", "SF-168", "SF-K24", "SF-317")
def test_a_cleric_recovers_a_card_from_the_abyss_once_per_turn():
    s = scenario(
        Side(hand=FILL, pool=["keeper-ansel-of-the-deep-gate"], abyss=["windfall", "scouting-report"]),
        Side(),
        phase="pool",
    )
    keeper = card(s, "keeper-ansel-of-the-deep-gate")
    act(s, f"use #{keeper} -> #{card(s, 'windfall')}")
    assert s.zone_name(card(s, "windfall")) == "hand"
    assert not any(a.startswith(f"use #{keeper}") for a in legal(s))


@pytest.mark.rules("SF-055", "SF-053", "SF-065", "SF-168")
def test_a_champion_sends_a_card_to_the_abyss_and_a_dungeon_to_the_void():
    s = scenario(
        Side(hand=FILL, pool=["the-hungering-eye"]),
        Side(pool=["mara-swiftblade"], dungeon=["labyrinth-of-shadows"]),
        phase="pool",
    )
    eye = card(s, "the-hungering-eye")
    act(s, f"use #{eye} -> #{card(s, 'labyrinth-of-shadows')}")
    assert s.zone_name(card(s, "labyrinth-of-shadows")) == "void" and s.zone_name(eye) == "abyss"


@pytest.mark.rules("SF-054", "SF-K37", "SF-241", "SF-240")
def test_a_wish_removes_a_dungeon_with_its_caster():
    s = scenario(
        Side(hand=["grand-desire", "village-militia"], pool=["orvath-the-grey"]),
        Side(dungeon=["dungeon-of-the-endless-stair"], pool=["spellproof-golem"]),
        phase="pool",
    )
    wish = card(s, "grand-desire")
    assert f"play #{wish} -> #{card(s, 'spellproof-golem')}" in legal(s)  # immunity ignored
    act(s, f"play #{wish} -> #{card(s, 'dungeon-of-the-endless-stair')}")
    pass_pauses(s)
    for key in ("dungeon-of-the-endless-stair", "grand-desire", "orvath-the-grey"):
        assert s.zone_name(card(s, key)) == "void"


@pytest.mark.rules("SF-R23", "SF-302")
def test_a_player_who_leaves_after_his_action_in_a_pause_leaves_the_others_theirs():
    s = windfall_played()
    act(s, "pass")  # P2 passes: his one action
    assert (s.decision.kind, s.decision.seat) == ("pause", 2)
    s.apply(Resign(1))  # ...and leaves while P3 is asked
    act(s, "pass")
    assert (s.decision.kind, s.decision.seat) == ("pause", 3)  # P4 still gets his action


@pytest.mark.rules("SF-R23", "SF-304", "SF-305")
def test_a_player_who_leaves_inside_a_counter_pause_is_not_asked_back_in_the_event_pause():
    """Scenario 11's opening with a departure: B's negation is dispelled, so B would act again in the event
    pause (SF-304); B leaves during the pause about the dispel, and the event pause goes on with C."""
    s = scenario_11()
    rift = card(s, "earthquake-rift")
    act(s, f"play #{rift} -> #{card(s, 'mistwood-dale')}")
    act(s, f"play #{card(s, 'word-of-undoing')} -> #{rift}")
    act(s, f"play #{card(s, 'unweave')} -> #{card(s, 'word-of-undoing')}")
    assert (s.decision.kind, s.decision.seat) == ("counter", 3)
    s.apply(Resign(1))
    asked = []
    while s.decision.kind in ("counter", "pause"):
        asked.append((s.decision.kind, s.decision.seat))
        act(s, "pass")
    assert asked == [("counter", 3), ("counter", 0), ("pause", 2), ("pause", 3)]


@pytest.mark.rules("SF-R23", "SF-302")
def test_a_player_who_leaves_during_a_pause_hands_it_on_and_nobody_acts_twice():
    s = windfall_played()
    act(s, "pass")  # P2 passes
    assert (s.decision.kind, s.decision.seat) == ("pause", 2)
    s.apply(Resign(2))
    assert (s.decision.kind, s.decision.seat) == ("pause", 3)  # P4 next; P2 is not asked again
    act(s, "pass")
    assert s.decision.kind == "realm" and s.decision.seat == 0 and s.outcome is None
