"""Projects, their unveil windows, stored mana and Level Up (SD-047, SD-048, SD-R21, SD-R33, SD-K10..K12,
SD-K24..K26)."""

from __future__ import annotations

import pytest

from spellforge.games.spelldawn.base import DISCARD, HAND

from .util import Side, act, card_id, legal, scenario


@pytest.mark.rules("SD-047", "SD-048", "SD-R21", "SD-K10", "SD-K26", "SD-K11")
def test_nightbound_unveils_in_the_overlords_turn_only_paying_its_cost() -> None:
    s = scenario(Side(rooms={"A": ["iron-toll"]}, mana=1))
    toll = card_id(s, "iron-toll")
    assert f"unveil #{toll}" in legal(s)
    act(s, f"unveil #{toll}")
    assert not s.face_down[toll] and s.mana[s.ol] == 0 and s.stored[toll] == 6 and s.ap == 3
    s = scenario(Side(rooms={"A": ["iron-toll"]}, mana=1), Side(), active="champion")
    assert all(not x.startswith("unveil") for x in legal(s))


@pytest.mark.rules("SD-K12", "SD-K31")
def test_take_moves_stored_mana_and_an_empty_card_is_sacrificed() -> None:
    s = scenario(Side(rooms={"A": ["iron-toll:up:stored=3"]}, mana=0))
    toll = card_id(s, "iron-toll")
    act(s, f"activate #{toll}")
    assert s.mana[s.ol] == 2 and s.stored[toll] == 1 and s.ap == 2
    act(s, f"activate #{toll}")
    assert s.mana[s.ol] == 3 and s.zone_of[toll] == DISCARD[s.ol]


@pytest.mark.rules("SD-R33")
def test_unveil_when_activated() -> None:
    s = scenario(Side(rooms={"A": ["gloomwell-treasury"]}, mana=2))
    vault = card_id(s, "gloomwell-treasury")
    act(s, f"activate #{vault}")  # pays its cost 2, unveils, stores 12, then takes 3
    assert not s.face_down[vault] and s.stored[vault] == 9 and s.mana[s.ol] == 3
    s = scenario(Side(rooms={"A": ["gloomwell-treasury"]}, mana=1))
    assert f"activate #{vault}" not in legal(s)


@pytest.mark.rules("SD-R21", "SD-077", "SD-K26", "SD-K10")
def test_nightbound_played_with_the_last_action_point_unveils_before_the_turn_moves_on() -> None:
    s = scenario(Side(hand=["iron-toll"], mana=1), Side(), ap=1)
    toll = card_id(s, "iron-toll")
    act(s, f"play #{toll} in room A")
    # no action point left: the Main phase's actions are over (SD-077), the turn is still the Overlord's
    assert s.ap == 0 and s.decision.kind == "night" and s.decision.seat == s.ol
    assert legal(s) == ["pass", f"unveil #{toll}"]
    act(s, f"unveil #{toll}")
    assert not s.face_down[toll] and s.stored[toll] == 6 and s.mana[s.ol] == 0
    assert s.active == s.ch and s.decision.kind == "main"  # then the turn moved on


@pytest.mark.rules("SD-R21", "SD-077")
def test_the_night_window_opens_on_public_facts_only() -> None:
    """The Overlord is asked at 0 action points whenever a room holds a face-down occupant, a scheme, a
    Duskbound project or a Nightbound one he can pay for alike: the Champion sees the same View and the
    same decision whichever it is, so being asked tells it nothing. With no face-down occupant he is not."""
    seen = []
    for occupant in ("tithe-of-ash", "twilight-shrine", "iron-toll"):
        s = scenario(Side(rooms={"A": [occupant]}, mana=1), Side(), ap=1)
        act(s, "pass")
        assert s.decision.kind == "night" and s.decision.seat == s.ol, occupant
        assert legal(s) == (
            ["pass", f"unveil #{card_id(s, occupant)}"] if occupant == "iron-toll" else ["pass"]
        )
        seen.append({k: v for k, v in s.observe(s.ch).items() if k != "log"})
        act(s, "pass")
        assert s.active == s.ch
    assert seen[0] == seen[1] == seen[2]
    s = scenario(Side(rooms={"A": ["iron-toll:up"]}, mana=0), Side(), ap=1)
    act(s, "pass")
    assert s.active == s.ch and s.decision.kind == "main"
    s = scenario(Side(rooms={"A": ["iron-toll"]}, mana=1), Side(), active="champion", ap=1)
    act(s, "pass")
    assert s.decision.kind == "dusk" and legal(s) == ["pass"]  # not the Overlord's turn: no Nightbound


@pytest.mark.rules("SD-R21", "SD-K26", "SD-K02")
def test_duskbound_unveils_at_the_end_of_the_champions_turn() -> None:
    s = scenario(Side(rooms={"A": ["twilight-shrine"]}, mana=2), Side(), active="champion", ap=1)
    shrine = card_id(s, "twilight-shrine")
    act(s, "pass")
    assert s.decision.kind == "dusk" and s.decision.seat == s.ol
    act(s, f"unveil #{shrine}")
    assert s.active == s.ol and s.mana[s.ol] == 3  # paid 2; then Dusk: the shrine's 2, Thornmother's 1


@pytest.mark.rules("SD-R21", "SD-K26")
def test_roombound_unveils_when_its_room_is_approached() -> None:
    s = scenario(
        Side(rooms={"A": ["spiked-threshold"]}, mana=1), Side(hand=["windfall"] * 3), active="champion"
    )
    spikes = card_id(s, "spiked-threshold")
    act(s, "raid room A")
    assert s.decision.kind == "roombound" and f"unveil #{spikes}" in legal(s)
    act(s, f"unveil #{spikes}")
    assert len(s.zones[HAND[s.ch]]) == 1  # 2 damage


@pytest.mark.rules("SD-R21", "SD-K26")
def test_summonbound_unveils_while_a_face_down_minion_is_approached() -> None:
    s = scenario(
        Side(rooms={"A": ["tithe-of-ash", "iron-sentinel"], "B": ["summoning-circle"]}, mana=3),
        Side(),
        active="champion",
    )
    circle = card_id(s, "summoning-circle")
    act(s, "raid room A")
    assert s.decision.kind == "summon" and f"unveil #{circle}" in legal(s)
    act(s, f"unveil #{circle}")
    assert s.mana[s.ol] == 5 and s.decision.kind == "summon"  # still approaching the same minion


@pytest.mark.rules("SD-K25")
def test_a_trap_cannot_be_unveiled_and_acts_when_accessed() -> None:
    s = scenario(
        Side(rooms={"A": ["gravecall-snare"]}, mana=5), Side(hand=["windfall"] * 3), active="champion"
    )
    snare = card_id(s, "gravecall-snare")
    act(s, "raid room A")
    assert s.decision.kind == "roombound" and legal(s) == ["pass"]
    act(s, "pass")
    assert len(s.zones[HAND[s.ch]]) == 1 and not s.face_down[snare]


@pytest.mark.rules("SD-K24", "SD-R13", "SD-R32")
def test_level_up_takes_progress_and_is_never_scored() -> None:
    s = scenario(Side(rooms={"A": ["ritual-of-patience"]}, mana=5))
    ritual = card_id(s, "ritual-of-patience")
    act(s, "progress room A", "progress room A")
    assert s.progress[ritual] == 2 and s.points[s.ol] == 0
    act(s, f"unveil #{ritual}")  # 3 mana per counter
    assert s.mana[s.ol] == 3 - 1 + 6
