"""Hidden information: face-down cards, what the Champion learned, determinize (SD-R31, DESIGN 2b)."""

from __future__ import annotations

import random

import pytest

from spellforge import find_game
from spellforge.core.rng import Rng
from spellforge.games.spelldawn.base import BOONS, DEFENDERS, HAND, OCCUPANT

from .util import Side, act, card_id, scenario


@pytest.mark.rules("SD-R31", "SD-118")
def test_a_card_seen_in_the_sanctum_stays_known_when_played_face_down() -> None:
    s = scenario(
        Side(hand=["crown-of-cinders"], deck=["dark-bargain"] * 3), Side(mana=0), active="champion", ap=1
    )
    crown = card_id(s, "crown-of-cinders")
    act(s, "raid room sanctum", "done")
    assert s.knows(s.ch, crown)
    s.apply(s.legal_actions()[0] if s.decision.kind != "main" else s.game.parse_action(s, "gain mana"))
    while s.active != s.ol or s.decision.kind != "main":
        s.apply(s.legal_actions()[0])
    act(s, f"play #{crown} in room B")
    room = s.observe(s.ch)["rooms"][4]["occupant"]
    assert room["key"] == "crown-of-cinders" and room["face_down"]
    det = s.determinize(s.ch, Rng(5))
    assert det.zones[OCCUPANT[4]] == [crown]  # known: never resampled


@pytest.mark.rules("SD-033", "SD-042")
def test_face_down_defenders_are_resampled_only_among_minions() -> None:
    s = scenario(
        Side(
            hand=["tithe-of-ash", "dark-bargain", "twilight-shrine", "ember-imp"],
            rooms={
                "A": ["crown-of-cinders", "iron-sentinel", "cinder-golem"],
                "B": ["gilded-ledger:progress=2"],
            },
            deck=["starveil-warden", "hoard-of-suns", "deep-hoard", "ritual-of-patience"],
        ),
        Side(),
        active="champion",
    )
    for seed in range(30):
        det = s.determinize(s.ch, Rng(seed))
        assert all(det.defs[c].type == "minion" for c in det.zones[DEFENDERS[3]])
        assert det.defs[det.zones[OCCUPANT[3]][0]].type in ("scheme", "project")
        b = det.zones[OCCUPANT[4]][0]
        d = det.defs[b]
        assert (d.type == "scheme" and d.progress > 2) or "level_up" in d.keywords
        assert det.observe(s.ch) | {"log": []} == s.observe(s.ch) | {"log": []}


def test_the_champion_never_sees_an_unaccessed_face_down_card() -> None:
    s = scenario(
        Side(hand=["tithe-of-ash"], rooms={"A": ["crown-of-cinders", "iron-sentinel"]}),
        Side(),
        active="champion",
    )
    view = s.observe(s.ch)
    text = str(view)
    for key in ("crown-of-cinders", "iron-sentinel", "tithe-of-ash"):
        assert key not in text
    mine = str(s.observe(s.ol))
    assert all(k in mine for k in ("crown-of-cinders", "iron-sentinel", "tithe-of-ash"))
    assert "cards" not in view["players"][s.ol]["hand"] and view["players"][s.ol]["hand"]["count"] == 1
    assert HAND[s.ol] != HAND[s.ch]


@pytest.mark.rules("SD-010")
def test_boons_are_public_so_determinize_never_moves_them() -> None:
    game = find_game("spelldawn")
    s = game.new_game(seed=5, decks=["shadow-snare", "night-raiders"])
    bot = random.Random(1)
    for _ in range(120):
        if s.outcome is not None:
            break
        s.apply(bot.choice(s.legal_actions()))
    boons = [list(s.zones[z]) for z in BOONS]
    assert all(boons)
    for seat in (s.ol, s.ch):
        view = s.observe(seat)["players"]
        for owner in (s.ol, s.ch):
            assert [c["id"] for c in view[owner]["boons"]] == boons[owner]  # named in every View
        for k in range(3):
            d = s.determinize(seat, Rng(k))
            assert [list(d.zones[z]) for z in BOONS] == boons
            assert all(d.defs[c] is s.defs[c] for b in boons for c in b)


@pytest.mark.rules("SD-R33", "SD-R31")
def test_what_is_in_force_follows_a_face_down_card_that_may_act_face_down_through_every_determinization() -> (
    None
):
    """A face-down card gives nothing in force but its ``veiled`` ability (Gloomwell Treasury's {A}): a
    determinization that puts it into a room, or takes it out of one, changes what is in force, and one that
    exchanges cards giving nothing face down does not (Spelldawn's ``remap_hidden``)."""
    s = scenario(
        Side(
            hand=["hoard-of-suns", "ritual-of-patience"],
            rooms={"A": ["gloomwell-treasury"], "B": ["twilight-shrine"]},
            deck=["gilded-ledger", "gloomwell-treasury", "deep-hoard"],
        ),
        Side(),
        active="champion",
    )
    treasuries = {c for c in range(len(s.defs)) if s.defs[c].key == "gloomwell-treasury"}

    def in_force(state: object) -> set[int]:
        return {c for c, _ in state.activated_in_force()}  # type: ignore[attr-defined]

    first = s.zones[OCCUPANT[3]][0]
    assert first in treasuries and in_force(s) & treasuries == {first}
    left = entered = 0
    for seed in range(40):
        det = s.determinize(s.ch, Rng(seed))
        fresh = {c for c, _ in det._read_in_force().activated}
        assert in_force(det) == fresh, f"seed {seed}: the cards in force kept are stale"
        held = {det.zones[OCCUPANT[3]][0], det.zones[OCCUPANT[4]][0]} & treasuries
        left += not held
        entered += bool(held - {first})
    assert left and entered  # a treasury left the rooms, and the other one entered, in some of them
