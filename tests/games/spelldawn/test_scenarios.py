"""The catalog's section 5 scenarios (shared/rules/spelldawn.md), one test each."""

from __future__ import annotations

import pytest

from spellforge.core.errors import IllegalActionError
from spellforge.games.spelldawn.base import CRYPTS, DEFENDERS, DISCARD, HAND, LIMBO, OCCUPANT, SCORE

from .util import Side, act, card_id, legal, scenario, zone_keys


@pytest.mark.rules("SD-R07", "SD-K14", "SD-K15", "SD-K16", "SD-K17", "SD-055", "SD-056")
def test_1_defeat_cost_needs_a_matching_resonance() -> None:
    s = scenario(
        Side(rooms={"A": ["tithe-of-ash", "time-eater:up", "molten-hound:up"]}, mana=0),
        Side(arena=["starlance"], mana=7),
        active="champion",
    )
    lance, hound, eater = card_id(s, "starlance"), card_id(s, "molten-hound"), card_id(s, "time-eater")
    assert s.defeat_cost(lance, hound) == -1  # astral against infernal
    assert s.defeat_cost(lance, eater) == 2  # health 4 - attack 3: one boost (2), shield 1 - breach 1
    act(s, "raid room A")
    assert f"use #{lance}" not in legal(s)


@pytest.mark.rules("SD-111", "SD-112", "SD-115", "SD-116", "SD-R07", "SD-K14")
def test_1_the_scenarios_numbers() -> None:
    """Astral weapon base 3, "2 mana: +1", Breach 1 against health 5, shield 2: 2x2 + (2-1) = 5."""
    from spellforge.games.spelldawn.cards import SpelldawnCard

    s = scenario(
        Side(rooms={"A": ["tithe-of-ash", "time-eater:up", "time-eater:up"]}, mana=0),
        Side(arena=["starlance"], mana=5),
        active="champion",
    )
    eater = card_id(s, "time-eater", 1)
    big = SpelldawnCard(
        "big", "Big", "minion", side="overlord", resonance="astral", health=5, shield=2, cost=3
    )
    s.defs = (*s.defs[:eater], big, *s.defs[eater + 1 :])
    lance = card_id(s, "starlance")
    assert s.defeat_cost(lance, eater) == 5
    act(s, "raid room A", f"use #{lance}")
    assert s.mana[s.ch] == 0
    assert s.weapon_attack(lance) == 3  # the boost lasted the encounter only
    assert s.defeat_cost(lance, card_id(s, "time-eater")) == 2  # the next one needs its own boost


@pytest.mark.rules("SD-098", "SD-099", "SD-110", "SD-R06", "SD-K18")
def test_2_resonance_lock() -> None:
    s = scenario(
        Side(rooms={"A": ["tithe-of-ash", "pit-pikeman:up"]}, mana=0),
        Side(hand=["windfall", "windfall"], arena=["hellfire-brand", "prism-shard"], mana=5),
        active="champion",
    )
    brand, shard = card_id(s, "hellfire-brand"), card_id(s, "prism-shard")
    act(s, "raid room A")
    options = legal(s)
    assert f"use #{brand}" not in options  # infernal against mortal
    assert f"use #{shard}" in options  # prismatic matches every resonance
    act(s, "pass")  # no weapon: the Combat ability fires (1 damage)
    assert len(s.zones[HAND[s.ch]]) == 1


@pytest.mark.rules("SD-104", "SD-108", "SD-R14", "SD-122")
def test_3_unaffordable_defender() -> None:
    s = scenario(
        Side(rooms={"A": ["tithe-of-ash", "iron-sentinel"]}, mana=0),
        Side(mana=5),
        active="champion",
    )
    act(s, "raid room A")
    assert s.raid_step == "room"  # the Encounter phase was skipped
    act(s, "pass")  # no Roombound project to unveil
    tithe = card_id(s, "tithe-of-ash")
    act(s, f"score #{tithe}")
    assert s.points[s.ch] == 10
    assert s.face_down[card_id(s, "iron-sentinel")]


@pytest.mark.rules("SD-106", "SD-R14", "SD-108", "SD-109")
def test_4_declined_summon() -> None:
    s = scenario(
        Side(rooms={"A": ["tithe-of-ash", "iron-sentinel"]}, mana=5),
        Side(mana=5),
        active="champion",
    )
    sentinel = card_id(s, "iron-sentinel")
    act(s, "raid room A")
    assert s.decision.kind == "summon" and f"summon #{sentinel}" in legal(s)
    act(s, "pass")
    assert s.face_down[sentinel] and s.mana[s.ol] == 5
    assert s.raid_step == "room"


@pytest.mark.rules("SD-089", "SD-090", "SD-091", "SD-092", "SD-134", "SD-R24", "SD-041", "SD-K03")
def test_5_overlord_scoring() -> None:
    s = scenario(Side(rooms={"A": ["hoard-of-suns:progress=2"]}, mana=1, points=50))
    act(s, "progress room A")
    assert s.is_over and s.outcome.winners == (s.ol,)
    assert s.mana[s.ol] == 7  # the Score trigger resolved before the points were added
    assert zone_keys(s, SCORE[s.ol]) == ["hoard-of-suns"]


@pytest.mark.rules("SD-122", "SD-K03", "SD-006")
def test_6_champion_scoring() -> None:
    s = scenario(Side(rooms={"A": ["hoard-of-suns:progress=2"]}, mana=1), Side(mana=0), active="champion")
    act(s, "raid room A", "pass", f"score #{card_id(s, 'hoard-of-suns')}")
    assert s.points[s.ch] == 10
    assert s.mana[s.ol] == 1  # no Score trigger
    assert zone_keys(s, SCORE[s.ch]) == ["hoard-of-suns"]


@pytest.mark.rules("SD-119", "SD-122", "SD-022")
def test_7_vault_secrecy() -> None:
    s = scenario(Side(deck=["crown-of-cinders", "tithe-of-ash"]), Side(mana=0), active="champion")
    crown = card_id(s, "crown-of-cinders")
    act(s, "raid room vault")
    assert s.knows(s.ch, crown) and not s.knows(s.ol, crown)
    ol_view = s.observe(s.ol)["players"][s.ol]["deck"]
    assert "known" not in ol_view
    ch_view = s.observe(s.ch)["players"][s.ol]["deck"]
    assert ch_view["known"][0]["key"] == "crown-of-cinders"
    act(s, f"score #{crown}")
    assert s.points[s.ch] == 30


@pytest.mark.rules("SD-R08", "SD-R15", "SD-118")
def test_8_empty_sanctum() -> None:
    s = scenario(Side(hand=[]), Side(mana=0), active="champion")
    assert "raid room sanctum" in legal(s)
    act(s, "raid room sanctum")
    assert s.raid_accessed == () and s.decision.kind == "access"
    act(s, "done")
    assert s.raid_room < 0 and s.ap == 3


@pytest.mark.rules("SD-093", "SD-R15", "SD-R02")
def test_9_minion_only_outer_room() -> None:
    s = scenario(Side(rooms={"B": [None, "iron-sentinel"]}), Side(), active="champion")
    assert "raid room B" not in legal(s)
    with pytest.raises(IllegalActionError):
        act(s, "raid room B")


@pytest.mark.rules("SD-127", "SD-128", "SD-136", "SD-K19")
def test_10_lethal_damage() -> None:
    s = scenario(Side(), Side(hand=["windfall", "windfall"]), active="champion")
    s.damage(3)
    assert len(s.zones[DISCARD[s.ch]]) == 2
    assert s.outcome is not None and s.outcome.winners == (s.ol,)


@pytest.mark.rules("SD-075", "SD-081", "SD-135", "SD-R11", "SD-R12", "SD-009")
def test_11_decking() -> None:
    s = scenario(Side(deck=[]), Side(deck=[]), active="champion", ap=1)
    assert "draw" not in legal(s)  # the Champion at 0 cards just cannot draw
    act(s, "gain mana")
    assert s.outcome is not None and s.outcome.winners == (s.ch,)  # the Overlord's Draw phase
    assert s.turn == 4


@pytest.mark.rules("SD-130", "SD-131", "SD-132", "SD-R19", "SD-R28", "SD-061", "SD-K33")
def test_12_curses() -> None:
    s = scenario(Side(mana=2), Side(arena=["votive-candle", "hired-torchbearer"], curses=1, mana=2))
    candle, torch = card_id(s, "votive-candle"), card_id(s, "hired-torchbearer")
    assert f"dispel #{candle}" in legal(s) and f"dispel #{torch}" not in legal(s)
    act(s, f"dispel #{candle}")
    assert s.zone_of[candle] == DISCARD[s.ch] and s.curses == 1 and s.mana[s.ol] == 0
    s = scenario(Side(mana=2), Side(arena=["votive-candle"], curses=1, mana=2), active="champion")
    act(s, "remove curse")
    assert s.curses == 0 and s.mana[s.ch] == 0 and s.ap == 3
    s = scenario(Side(mana=2), Side(arena=["votive-candle"], curses=0))
    assert not any(x.startswith("dispel") for x in legal(s))


@pytest.mark.rules("SD-026", "SD-088", "SD-R20")
def test_13_fifth_minion() -> None:
    walls = ["iron-sentinel"] * 4
    s = scenario(Side(hand=["cinder-golem"], rooms={"A": ["tithe-of-ash", *walls]}))
    golem = card_id(s, "cinder-golem")
    act(s, f"play #{golem} in room A")
    assert s.decision.kind == "limit" and s.zone_of[golem] == LIMBO
    act(s, "pass")  # cancelled: back in hand, no action point spent
    assert s.zone_of[golem] == HAND[s.ol] and s.ap == 3
    first = card_id(s, "iron-sentinel")
    act(s, f"play #{golem} in room A", f"sacrifice #{first}")
    assert len(s.zones[DEFENDERS[3]]) == 4 and s.zones[DEFENDERS[3]][-1] == golem
    assert s.zone_of[first] == DISCARD[s.ol] and s.ap == 2


@pytest.mark.rules("SD-025", "SD-085", "SD-R05")
def test_14_occupied_room() -> None:
    s = scenario(Side(hand=["tithe-of-ash"], rooms={"A": ["twilight-shrine"]}))
    tithe = card_id(s, "tithe-of-ash")
    assert f"play #{tithe} in room A" not in legal(s) and f"play #{tithe} in room B" in legal(s)
    with pytest.raises(IllegalActionError):
        act(s, f"play #{tithe} in room A")


@pytest.mark.rules("SD-095", "SD-096", "SD-R17")
def test_15_discard_choice() -> None:
    s = scenario(Side(), Side(hand=["windfall"] * 3 + ["glass-bow"] * 4), active="champion", ap=1)
    act(s, "pass")
    assert s.decision.kind == "discard" and s.decision.seat == s.ch
    bow = card_id(s, "glass-bow")
    act(s, f"discard #{bow}")
    assert s.decision.kind == "discard"
    act(s, f"discard #{card_id(s, 'windfall')}")
    assert len(s.zones[HAND[s.ch]]) == 5 and s.active == s.ol


@pytest.mark.rules("SD-110", "SD-R16", "SD-R29", "SD-K20")
def test_16_end_the_raid() -> None:
    s = scenario(
        Side(rooms={"A": ["tithe-of-ash", "pit-pikeman:up", "iron-sentinel:up"]}, mana=0),
        Side(arena=["knife-fence", "forged-greatsword"], mana=0, hand=["windfall"]),
        active="champion",
    )
    act(s, "raid room A")
    assert f"use #{card_id(s, 'forged-greatsword')}" in legal(s)  # it could win, and declines
    act(s, "pass")
    assert s.raid_room < 0 and s.decision.kind == "main"
    assert s.mana[s.ch] == 0  # no Successful Raid trigger (Knife Fence)
    assert len(s.zones[HAND[s.ch]]) == 1  # Pit Pikeman was never approached
    assert s.points[s.ch] == 0


@pytest.mark.rules("SD-123", "SD-R09", "SD-K29")
def test_17_raze_with_riftcaller_tax() -> None:
    for mana, razed in ((3, False), (4, True)):
        s = scenario(
            Side(riftcaller="warden-ysolde", rooms={"A": ["twilight-shrine"]}, mana=0),
            Side(mana=mana),
            active="champion",
        )
        shrine = card_id(s, "twilight-shrine")
        s.defs = tuple(d if d.key != "twilight-shrine" else _with_raze(d, 3) for d in s.defs)
        act(s, "raid room A", "pass")
        assert (f"raze #{shrine}" in legal(s)) == razed
        if razed:
            act(s, f"raze #{shrine}")
            assert s.zone_of[shrine] == DISCARD[s.ol] and s.mana[s.ch] == 0


def _with_raze(card, raze):  # type: ignore[no-untyped-def]
    from dataclasses import replace

    return replace(card, raze=raze)


@pytest.mark.rules("SD-R23", "SD-K23")
def test_18_raid_only_mana() -> None:
    s = scenario(
        Side(rooms={"A": ["tithe-of-ash", "molten-hound:up"]}, mana=0),
        Side(hand=["charge-of-dawn"], arena=["ember-whip"], mana=3),
        active="champion",
    )
    whip = card_id(s, "ember-whip")
    act(s, f"play #{card_id(s, 'charge-of-dawn')}", "raid room A")
    assert s.raid_mana == 5 and s.mana[s.ch] == 2
    # Molten Hound health 4 shield 2: one boost (3) + 2 = 5, all from raid mana
    act(s, f"use #{whip}")
    assert s.raid_mana == 0 and s.mana[s.ch] == 2
    s2 = scenario(
        Side(rooms={"A": ["tithe-of-ash", "ember-imp:up"]}, mana=0),
        Side(hand=["charge-of-dawn"], arena=["ember-whip"], mana=3),
        active="champion",
    )
    act(s2, f"play #{card_id(s2, 'charge-of-dawn')}", "raid room A", f"use #{card_id(s2, 'ember-whip')}")
    assert s2.raid_mana == 1  # 4 of the 5 were spent
    act(s2, "pass", "done")
    assert s2.raid_mana == 0 and s2.mana[s2.ch] == 2  # the rest is gone, the pool kept


@pytest.mark.rules("SD-089", "SD-R13", "SD-K24")
def test_19_progress_legality() -> None:
    s = scenario(
        Side(rooms={"A": ["tithe-of-ash"], "B": ["twilight-shrine"], "C": ["ritual-of-patience"]}, mana=0)
    )
    assert not any(x.startswith("progress") for x in legal(s))
    s = scenario(
        Side(rooms={"A": ["tithe-of-ash"], "B": ["twilight-shrine"], "C": ["ritual-of-patience"]}, mana=1)
    )
    options = legal(s)
    assert "progress room A" in options and "progress room C" in options
    assert "progress room B" not in options


@pytest.mark.rules("SD-077", "SD-R18")
def test_20_action_spending() -> None:
    s = scenario(Side(), Side(mana=0), active="champion", ap=1)
    assert "pass" in legal(s) and "done" not in legal(s)  # no way to end the turn but spending
    act(s, "pass")
    assert s.active == s.ol
    s = scenario(Side(), Side(mana=0), active="champion", ap=2)
    act(s, "pass")
    assert s.active == s.ch and s.ap == 1 and s.decision.kind == "main"


def test_room_zones_are_what_the_scenario_says() -> None:
    s = scenario(Side(rooms={"A": ["tithe-of-ash", "iron-sentinel"]}))
    assert zone_keys(s, OCCUPANT[3]) == ["tithe-of-ash"] and zone_keys(s, DEFENDERS[3]) == ["iron-sentinel"]
    assert CRYPTS == 2
