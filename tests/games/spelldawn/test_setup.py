"""Setup and the turn (SD-001..SD-018, SD-068..SD-081, SD-R11, SD-R26)."""

from __future__ import annotations

import random

import pytest

from spellforge import find_game
from spellforge.core.actions import Choose
from spellforge.games.spelldawn.base import BOONS, DECK, HAND, RIFTCALLER
from spellforge.games.spelldawn.cards import CHAMPION, OVERLORD

from .util import Side, act, card_id, legal, scenario

GAME = find_game("spelldawn")


def new(seed: int = 3):  # type: ignore[no-untyped-def]
    return GAME.new_game(seed=seed, decks=["iron-vault", "full-arsenal"])


@pytest.mark.rules("SD-001", "SD-002")
def test_two_players_one_per_role() -> None:
    s = new()
    assert s.n_seats == 2 and sorted(s.roles) == sorted((OVERLORD, CHAMPION))
    with pytest.raises(ValueError):
        GAME.new_game(seed=1, players=3)
    assert s.role(s.ol) == OVERLORD and s.role(s.ch) == CHAMPION


@pytest.mark.rules("SD-010", "SD-011", "SD-034", "SD-051", "SD-K32", "SD-012", "SD-013")
def test_riftcallers_start_in_play_and_the_rest_is_shuffled() -> None:
    s = new()
    for seat in (s.ol, s.ch):
        (rift,) = s.zones[RIFTCALLER[seat]]
        assert s.defs[rift].type == "riftcaller"
        assert all(s.knows(x, rift) for x in (0, 1, None))  # revealed to the opponent
        cards = s.zones[DECK[seat]] + s.zones[HAND[seat]]
        assert len(cards) == 50 and all(s.defs[c].type != "riftcaller" for c in cards)
    other = GAME.new_game(seed=4, decks=["iron-vault", "full-arsenal"])
    assert s.zones[DECK[s.ol]] != other.zones[DECK[other.ol]]  # shuffled by the seed


def _boon_keys(s, seat: int) -> list[str]:  # type: ignore[no-untyped-def]
    return sorted(s.defs[c].key for c in s.zones[BOONS[seat]])


@pytest.mark.rules("SD-010", "SD-011", "SD-K32")
def test_boons_start_in_play_face_up_and_work_from_the_first_turn() -> None:
    s = new()
    decks = {s.ol: GAME.decks["iron-vault"], s.ch: GAME.decks["full-arsenal"]}
    for seat, deck in decks.items():
        listed = sorted(ref for ref, _ in deck.sections["boons"])
        assert listed and _boon_keys(s, seat) == listed  # in play before the first decision
        for b in s.zones[BOONS[seat]]:
            assert s.defs[b].type == "boon" and not s.face_down[b]
            assert all(s.knows(x, b) for x in (0, 1, None))  # revealed to the opponent
        cards = s.zones[DECK[seat]] + s.zones[HAND[seat]]
        assert len(cards) == 50 and all(s.defs[c].type != "boon" for c in cards)  # never in the deck
        other = s.ch if seat == s.ol else s.ol
        shown = [c["name"] for c in s.observe(other)["players"][seat]["boons"]]
        assert sorted(shown) == sorted(s.defs[c].name for c in s.zones[BOONS[seat]])  # public
    # SD-011: from the start, Gatewarden Seal adds to the riftcaller's raze tax and Salt of Unbinding makes
    # a curse cheaper to remove
    assert s.static_total("raze_tax") == 2 and s.curse_cost() == 1


@pytest.mark.rules("SD-K32", "SD-011")
def test_boons_are_never_accessed_destroyed_or_discarded() -> None:
    """Whole random games: the boons never leave their place, whatever raids, damage and dispels do."""
    for seed in range(4):
        for decks in (["iron-vault", "night-raiders"], ["shadow-snare", "prismatic-vanguard"]):
            s = GAME.new_game(seed=seed, decks=decks)
            start = {seat: list(s.zones[BOONS[seat]]) for seat in (s.ol, s.ch)}
            bot = random.Random(seed)
            accessed: set[int] = set()
            steps = 0
            while s.outcome is None and steps < 3000:
                s.apply(bot.choice(s.legal_actions()))
                accessed.update(s.raid_accessed)
                steps += 1
                for seat, boons in start.items():
                    assert s.zones[BOONS[seat]] == boons
            every = {c for b in start.values() for c in b}
            assert not accessed & every


@pytest.mark.rules("SD-015", "SD-016", "SD-017", "SD-018", "SD-R26", "SD-014", "SD-003")
def test_mulligans_in_order_then_five_mana_and_the_overlords_turn() -> None:
    s = new()
    assert s.decision.kind == "mulligan" and s.decision.seat == s.ol
    assert len(s.zones[HAND[s.ol]]) == 5 and len(s.zones[HAND[s.ch]]) == 5
    assert s.mana == [0, 0]  # set when the second decision is made
    before = list(s.zones[HAND[s.ol]])
    s.apply(Choose("mulligan"))
    assert len(s.zones[HAND[s.ol]]) == 5 and s.zones[HAND[s.ol]] != before
    assert s.decision.kind == "mulligan" and s.decision.seat == s.ch
    s.apply(Choose("keep"))
    assert s.mana == [5, 5] and s.active == s.ol and s.turn == 1
    assert s.decision.kind == "main" and s.decision.seat == s.ol
    assert len(s.zones[HAND[s.ol]]) == 6  # turn 1 includes the Overlord's draw
    assert "choose mulligan" not in legal(s)  # once each


@pytest.mark.rules("SD-068", "SD-069", "SD-070", "SD-074", "SD-R11", "SD-076", "SD-004")
def test_action_points_and_the_draw_phase() -> None:
    s = new()
    act(s, "choose keep", "choose keep")
    assert s.ap == 3 and s.phase == "main"
    act(s, "gain mana", "gain mana", "gain mana")
    assert s.phase == "discard" and s.decision.kind == "discard"  # 6 cards, hand size 5
    act(s, f"discard #{s.zones[HAND[s.ol]][0]}")
    assert s.active == s.ch and s.ap == 4 and s.phase == "main"
    assert len(s.zones[HAND[s.ch]]) == 5  # the Champion does not draw (SD-R11)
    act(s, *["gain mana"] * 4)
    assert s.active == s.ol and len(s.zones[HAND[s.ol]]) == 6


@pytest.mark.rules("SD-071", "SD-072", "SD-073", "SD-K01", "SD-K02")
def test_dawn_and_dusk() -> None:
    s = scenario(
        Side(riftcaller="thornmother", mana=0),
        Side(riftcaller="ilsa-of-the-green-dawn", deck=["windfall"]),
        ap=1,
    )
    act(s, "pass")  # the Champion's turn: Dawn with an empty hand draws
    assert s.active == s.ch and len(s.zones[HAND[s.ch]]) == 1
    act(s, *["pass"] * 4)
    assert s.active == s.ol and s.mana[s.ol] == 1  # Dusk: Thornmother's mana, before the draw


@pytest.mark.rules("SD-078", "SD-079", "SD-080", "SD-081", "SD-R04")
def test_gain_mana_and_draw_each_cost_one_action_and_repeat() -> None:
    s = scenario(Side(), Side(deck=["windfall", "windfall"], mana=0), active="champion")
    act(s, "gain mana", "gain mana")
    assert s.mana[s.ch] == 2 and s.ap == 2
    act(s, "draw", "draw")
    assert len(s.zones[HAND[s.ch]]) == 2 and s.active == s.ol  # four actions spent: the turn is over
    s = scenario(Side(), Side(deck=[]), active="champion")
    assert "draw" not in legal(s)


@pytest.mark.rules("SD-094", "SD-R22", "SD-K31")
def test_activated_abilities_cost_an_action_in_the_main_phase_only() -> None:
    s = scenario(Side(), Side(arena=["squire-tomas"], deck=["windfall"] * 3), active="champion")
    squire = card_id(s, "squire-tomas")
    act(s, f"activate #{squire}")
    assert s.ap == 3 and len(s.zones[HAND[s.ch]]) == 2
    s = scenario(Side(), Side(arena=["squire-tomas"], deck=["windfall"] * 3), active="overlord")
    assert f"activate #{squire}" not in legal(s)  # not in the opponent's turn
    s = scenario(
        Side(rooms={"A": ["tithe-of-ash", "iron-sentinel:up"]}, mana=0),
        Side(arena=["squire-tomas", "forged-greatsword"], mana=0),
        active="champion",
    )
    act(s, "raid room A")
    assert s.decision.kind == "encounter"  # nothing but the raid's choices while it runs
    assert not any(x.startswith("activate") for x in legal(s))
