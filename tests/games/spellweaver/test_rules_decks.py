"""Deck construction (SW-004..010), the card pool's shape (SW-015, SW-025/026) and the start of a game
(SW-067..075, SW-R02/R03)."""

from __future__ import annotations

import pytest

from spellforge import find_game
from spellforge.core.actions import Choose
from spellforge.core.decks import parse_deck_text
from spellforge.core.errors import DeckError
from spellforge.games.spellweaver.cards import ASPECTS

from .helpers import Side, build, card, legal, play, zone_name

GAME = find_game("spellweaver")


def deck(cards: dict[str, int], hero: str | None = "kargath-emberfist", extra: str = "") -> list[str]:
    lines = ['name = "Test"']
    if hero is not None:
        lines.append(f'hero = "{hero}"')
    lines.append(extra)
    lines.append("[cards]")
    lines += [f'"{k}" = {n}' for k, n in cards.items()]
    return GAME.validate_deck(parse_deck_text("\n".join(lines)))


@pytest.mark.rules("SW-005")
def test_a_deck_has_at_least_sixty_cards() -> None:
    assert any("at least 60" in p for p in deck({"emberheart-shrine": 59}))
    assert deck({"emberheart-shrine": 60}) == []


@pytest.mark.rules("SW-006")
def test_a_deck_has_at_most_one_hundred_cards() -> None:
    assert any("at most 100" in p for p in deck({"emberheart-shrine": 101}))
    assert deck({"emberheart-shrine": 100}) == []


@pytest.mark.rules("SW-007")
def test_at_most_four_copies_of_a_card() -> None:
    problems = deck({"emberheart-shrine": 55, "ash-hound": 5})
    assert problems == ["[cards] 5 copies of 'Ash Hound' (at most 4) (SW-007)"]
    assert deck({"emberheart-shrine": 56, "ash-hound": 4}) == []


@pytest.mark.rules("SW-008")
def test_basic_shrines_are_limited_only_by_deck_size() -> None:
    assert deck({"emberheart-shrine": 90, "greenroot-shrine": 10}) == []
    assert any("Shrine of Whispers" in p for p in deck({"emberheart-shrine": 55, "shrine-of-whispers": 5}))


@pytest.mark.rules("SW-010", "SW-075")
def test_every_deck_names_one_hero_who_gives_the_starting_skill() -> None:
    assert any(p.startswith("hero: missing") for p in deck({"emberheart-shrine": 60}, hero=None))
    assert any("not a hero" in p for p in deck({"emberheart-shrine": 60}, hero="ash-hound"))
    assert any("is a hero" in p for p in deck({"emberheart-shrine": 59, "vexa-ironbound": 1}))
    state = GAME.new_game(seed=1, decks=["stampede", "grave-tithe"])
    for seat, hero in ((0, "kargath-emberfist"), (1, "morrow-gravebinder")):
        (skill,) = state.skills[seat]
        assert state.defs[skill].key == hero and zone_name(state, skill) == "hero"


def test_every_violation_is_listed_at_once() -> None:
    problems = deck(
        {"emberheart-shrine": 30, "ash-hound": 6, "no-such-card": 1, "the-spark": 1},
        hero=None,
        extra='colour = "red"',
    )
    text = "\n".join(problems)
    for needle in ("hero: missing", "colour", "unknown card 'no-such-card'", "The Spark", "Ash Hound"):
        assert needle in text
    with pytest.raises(DeckError) as err:
        GAME.deck_cards(parse_deck_text('name = "x"\n[cards]\n"ash-hound" = 6\n'))
    assert len(err.value.problems) >= 3


@pytest.mark.rules("SW-R30")
def test_constructed_only_limits_always_apply() -> None:
    assert [o.name for o in GAME.options] == ["clock", "increment"]
    assert any(
        "at least 60" in p
        for p in GAME.validate_deck(
            parse_deck_text('name = "x"\nhero = "kargath-emberfist"\n[cards]\n"ash-hound" = 4\n'), clock=60.0
        )
    )


@pytest.mark.rules("SW-004", "SW-054")
def test_each_player_has_their_own_deck_and_graveyard() -> None:
    state = GAME.new_game(seed=3, decks=["stampede", "frozen-bastion"])
    for seat in (0, 1):
        for cid in state.zones[state.layout.deck[seat]] + state.zones[state.layout.hand[seat]]:
            assert state.owner[cid] == seat
    hex_card = card(
        "Hex",
        "curse",
        cost=0,
        attach="enemy creature",
        effects=[{"do": "emblem", "kind": "weakness", "amount": 1, "to": "attached creature"}],
    )
    kill = card("Kill", "action", effects=[{"do": "destroy", "target": "enemy creature"}])
    sc = build(Side(hand=[("h", hex_card), ("k", kill)]), Side(combat=["x:crypt-crawler"]))
    play(sc.state, sc["h"], sc["x"])
    assert sc.state.attached[sc["h"]] == sc["x"]
    play(sc.state, sc["k"], sc["x"])
    assert sc.state.zone_of[sc["h"]] == sc.state.layout.graveyard[0]  # the caster's graveyard
    assert sc.state.zone_of[sc["x"]] == sc.state.layout.graveyard[1]


@pytest.mark.rules("SW-015", "SW-026", "SW-025")
def test_six_aspects_one_basic_shrine_each_and_the_four_card_types() -> None:
    assert ASPECTS == ("order", "wisdom", "nature", "rage", "dominion", "corruption")
    basics = [c for c in GAME.cards.values() if c.type == "shrine" and c.basic]  # type: ignore[attr-defined]
    assert sorted(c.aspect for c in basics) == sorted(ASPECTS)  # type: ignore[attr-defined]
    types = {c.type for c in GAME.cards.values()}
    assert {"shrine", "creature", "artifact"} <= types and {"action", "instant", "blessing", "curse"} <= types
    for aspect in ASPECTS:
        assert sum(1 for c in GAME.cards.values() if getattr(c, "aspect", "") == aspect) >= 10


# ---------------------------------------------------------------------- the start of a game


@pytest.mark.rules("SW-067", "SW-070", "SW-071", "SW-074", "SW-072")
def test_starting_resources() -> None:
    state = GAME.new_game(seed=5)
    first = state.first
    for seat in (0, 1):
        assert len(state.zones[state.layout.hand[seat]]) == 7
        assert state.crystals[seat] == state.full[seat] == 1
        assert state.levels[seat] == [0] * 6
        assert state.life[seat] == 20
    assert state.spark_card(1 - first) >= 0 and state.spark_card(first) == -1


@pytest.mark.rules("SW-R02")
def test_the_starting_player_is_chosen_at_random() -> None:
    firsts = {GAME.new_game(seed=s).first for s in range(12)}
    assert firsts == {0, 1}
    state = GAME.new_game(seed=2)
    assert state.decision is not None and state.decision.seat == state.first


@pytest.mark.rules("SW-068", "SW-069", "SW-R03", "SW-K28")
def test_mulligan_all_or_nothing_once_each_starting_player_first() -> None:
    state = GAME.new_game(seed=8)
    first = state.first
    assert state.decision is not None and state.decision.kind == "mulligan"
    assert legal(state) == {"choose keep", "choose mulligan"}  # no partial replacement
    before = set(state.zones[state.layout.hand[first]])
    state.apply(Choose("mulligan"))
    after = state.zones[state.layout.hand[first]]
    assert len(after) == 7 and len(state.zones[state.layout.deck[first]]) == 60 - 7
    assert set(after) != before
    assert (
        state.decision is not None and state.decision.kind == "mulligan" and state.decision.seat == 1 - first
    )
    state.apply(Choose("keep"))
    assert state.decision is not None and state.decision.kind != "mulligan"  # no second mulligan


@pytest.mark.rules("SW-079", "SW-078")
def test_the_starting_player_skips_the_first_draw() -> None:
    state = GAME.new_game(seed=4)
    first = state.first
    state.apply(Choose("keep"))
    state.apply(Choose("keep"))
    assert len(state.zones[state.layout.hand[first]]) == 7  # turn 1: no draw
    while state.turn == 1:
        state.apply(next(a for a in state.legal_actions() if str(a) in ("done", "pass")))
    assert state.active == 1 - first
    assert any(e.kind == "draw" and e.seat == 1 - first for e in state.iter_log(10))
