"""Playing cards (SD-031..SD-063, SD-082..SD-088, SD-R05, SD-R20, SD-R25)."""

from __future__ import annotations

import pytest

from spellforge.core.errors import IllegalActionError
from spellforge.games.spelldawn.base import (
    ARENA,
    DEFENDERS,
    DISCARD,
    HAND,
    INNER,
    OCCUPANT,
    OUTER,
    ROOM_NAMES,
)

from .util import Side, act, card_id, legal, scenario


@pytest.mark.rules("SD-019", "SD-020", "SD-021", "SD-023", "SD-024", "SD-R01", "SD-R02")
def test_eight_fixed_rooms() -> None:
    assert ROOM_NAMES == ("sanctum", "vault", "crypts", "A", "B", "C", "D", "E")
    assert INNER == (0, 1, 2) and OUTER == (3, 4, 5, 6, 7)
    s = scenario(Side(hand=["iron-sentinel"]))
    m = card_id(s, "iron-sentinel")
    rooms = [x.split("room ")[1] for x in legal(s) if x.startswith(f"play #{m}")]
    assert rooms == list(ROOM_NAMES)
    assert OCCUPANT[:3] == (-1, -1, -1)  # inner rooms hold no occupant


@pytest.mark.rules("SD-031", "SD-032", "SD-033", "SD-039", "SD-085", "SD-038", "SD-063")
def test_a_scheme_goes_face_down_into_an_empty_outer_room_for_free() -> None:
    s = scenario(Side(hand=["tithe-of-ash"], mana=0))
    tithe = card_id(s, "tithe-of-ash")
    options = [x for x in legal(s) if x.startswith(f"play #{tithe}")]
    assert options == [f"play #{tithe} in room {r}" for r in "ABCDE"]
    act(s, f"play #{tithe} in room C")
    assert s.zone_of[tithe] == OCCUPANT[5] and s.face_down[tithe] and s.mana[s.ol] == 0 and s.ap == 2
    assert s.defs[tithe].cost == -1 and s.defs[tithe].points == 10
    assert s.observe(s.ch)["rooms"][5]["occupant"] == {"hidden": True, "face_down": True}


@pytest.mark.rules("SD-046", "SD-086")
def test_a_project_goes_face_down_without_paying() -> None:
    s = scenario(Side(hand=["twilight-shrine"], mana=0))
    shrine = card_id(s, "twilight-shrine")
    act(s, f"play #{shrine} in room A")
    assert s.face_down[shrine] and s.mana[s.ol] == 0


@pytest.mark.rules("SD-042", "SD-087", "SD-R30")
def test_a_minion_goes_face_down_as_the_outermost_defender_of_any_room() -> None:
    s = scenario(Side(hand=["cinder-golem", "iron-sentinel"], mana=0))
    golem, sentinel = card_id(s, "cinder-golem"), card_id(s, "iron-sentinel")
    act(s, f"play #{golem} in room vault", f"play #{sentinel} in room vault")
    assert s.zones[DEFENDERS[1]] == [golem, sentinel]  # the newest last: the outermost
    assert s.face_down[golem] and s.mana[s.ol] == 0
    view = s.observe(s.ch)["rooms"][1]["defenders"]
    assert view == [{"hidden": True, "face_down": True}] * 2


@pytest.mark.rules("SD-035", "SD-036", "SD-037", "SD-083", "SD-082")
def test_an_overlord_spell_is_paid_revealed_resolved_and_discarded() -> None:
    s = scenario(Side(hand=["decree-of-taxes"], mana=1))
    decree = card_id(s, "decree-of-taxes")
    act(s, f"play #{decree}")
    assert s.mana[s.ol] == 4 and s.zone_of[decree] == DISCARD[s.ol] and not s.face_down[decree]
    assert s.knows(s.ch, decree) and s.ap == 2
    s = scenario(Side(hand=["deep-hoard"], mana=4))
    assert not any(x.startswith("play") for x in legal(s))  # cannot pay 5


@pytest.mark.rules("SD-049", "SD-050", "SD-062", "SD-R25", "SD-083")
def test_champion_spells_are_paid_resolved_and_discarded_face_up() -> None:
    s = scenario(Side(), Side(hand=["study-the-omens"], deck=["windfall"] * 3, mana=1), active="champion")
    study = card_id(s, "study-the-omens")
    act(s, f"play #{study}")
    assert s.zone_of[study] == DISCARD[s.ch] and len(s.zones[HAND[s.ch]]) == 3 and s.mana[s.ch] == 0


@pytest.mark.rules("SD-052", "SD-054", "SD-059", "SD-060", "SD-084", "SD-K28", "SD-K09")
def test_artifacts_allies_and_evocations_are_paid_and_enter_play_face_up() -> None:
    s = scenario(
        Side(),
        Side(hand=["starlance", "hired-torchbearer", "everflowing-font"], mana=5),
        active="champion",
    )
    lance, torch, font = (card_id(s, k) for k in ("starlance", "hired-torchbearer", "everflowing-font"))
    act(s, f"play #{lance}", f"play #{torch}", f"play #{font}")
    assert all(s.zone_of[c] == ARENA[s.ch] and not s.face_down[c] for c in (lance, torch, font))
    assert s.mana[s.ch] == 0 and s.stored[font] == 3  # the Font's Play trigger stored 3


@pytest.mark.rules("SD-R20", "SD-K28")
def test_a_fifth_weapon_asks_to_sacrifice_a_weapon() -> None:
    s = scenario(Side(), Side(hand=["glass-bow"], arena=["glass-bow"] * 4, mana=5), active="champion")
    new = card_id(s, "glass-bow", 0)
    old = card_id(s, "glass-bow", 1)
    act(s, f"play #{new}")
    assert s.decision.kind == "limit" and f"sacrifice #{old}" in legal(s)
    act(s, f"sacrifice #{old}")
    assert s.zone_of[old] == DISCARD[s.ch] and s.zone_of[new] == ARENA[s.ch]


@pytest.mark.rules("SD-025", "SD-R05")
def test_occupants_never_share_a_room() -> None:
    s = scenario(Side(hand=["twilight-shrine"], rooms={r: ["tithe-of-ash"] for r in "ABCDE"}))
    shrine = card_id(s, "twilight-shrine")
    assert not any(x.startswith(f"play #{shrine}") for x in legal(s))
    with pytest.raises(IllegalActionError, match="not legal"):
        act(s, f"play #{shrine} in room A")
