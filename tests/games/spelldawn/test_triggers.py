"""Triggered abilities through core's ability layer: which cards' abilities work, and in what order they
resolve (SD-011, SD-033, SD-K01..SD-K10, SD-103)."""

from __future__ import annotations

import pytest

from .util import Side, act, card_id, scenario


def kinds_after(state: object, n: int) -> list[tuple[str, int]]:
    return [(e.kind, e.card) for e in state.events()[n:]]  # type: ignore[attr-defined]


@pytest.mark.rules("SD-103", "SD-K06")
def test_raid_triggers_resolve_the_overlords_cards_first_then_the_champions() -> None:
    s = scenario(
        Side(boons=["tollkeepers-lantern"], rooms={"A": ["tithe-of-ash"]}, mana=0),
        Side(riftcaller="nyx-the-unseen", arena=["hired-torchbearer"], mana=0),
        active="champion",
    )
    lantern, nyx, torch = (
        card_id(s, "tollkeepers-lantern"),
        card_id(s, "nyx-the-unseen"),
        card_id(s, "hired-torchbearer"),
    )
    n = len(s.events())
    act(s, "raid room A")
    fired = [(k, c) for k, c in kinds_after(s, n) if k in ("mana", "raid_mana")]
    # the Overlord's boon, then the Champion's riftcaller, then its arena, each in place order
    assert fired == [("mana", lantern), ("raid_mana", nyx), ("raid_mana", torch)]
    assert s.mana[s.ol] == 1 and s.raid_mana == 2


@pytest.mark.rules("SD-033", "SD-K02", "SD-R21")
def test_a_face_down_project_has_no_abilities_until_it_is_unveiled_where_it_lies() -> None:
    s = scenario(
        Side(
            riftcaller="warden-ysolde",  # no Dusk ability of its own
            rooms={"A": ["twilight-shrine"], "B": ["bloodletting-altar"]},
            mana=2,
        ),
        Side(mana=0),
        active="champion",
        ap=0,
    )
    shrine = card_id(s, "twilight-shrine")
    assert s.decision is not None and s.decision.kind == "dusk"  # the Champion's turn is over
    act(s, f"unveil #{shrine}")  # face up in its room: its Dusk ability works from now on
    assert s.decision is not None and s.decision.kind == "dusk" and s.mana[s.ol] == 0
    act(s, "pass")
    # the Overlord's Dusk: the Shrine gives 2 mana; the Altar, still face down, gives nothing
    assert s.active == s.ol and s.mana[s.ol] == 2
