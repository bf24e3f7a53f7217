"""Spell Battle: the game overview, starting a game and winning (SB-001..SB-014, SB-R13, SB-R14).

Scenarios 7 (first draw skip) and 8 (reshuffle on draw) are in ``test_scenarios_a.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from spellforge import CardDataError, DeckError, Pass, SpellforgeError, find_game
from spellforge.core import events as ev
from spellforge.core.decks import parse_deck_text
from spellforge.games.spellbattle import cards as card_data
from spellforge.games.spellbattle.scenario import Seat, card, do, legal, pass_all, scenario
from spellforge.games.spellbattle.state import SpellBattleState

GAME = find_game("spellbattle")


def new_game(players: int, seed: int, **kw: object) -> SpellBattleState:
    s = GAME.new_game(seed=seed, players=players, **kw)  # type: ignore[arg-type]
    assert isinstance(s, SpellBattleState)
    return s


def hand(s: SpellBattleState, seat: int) -> list[int]:
    return s.zones[s.layout.hand[seat]]


def pass_until(s: SpellBattleState, done: Callable[[SpellBattleState], bool], limit: int = 100) -> None:
    """Pass priority, one decision at a time, until ``done(s)``."""
    for _ in range(limit):
        if done(s):
            return
        assert s.decision is not None and s.decision.kind == "priority", s.decision
        s.apply(Pass())
    raise AssertionError("the condition never came")


def write_cards(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "cards.toml"
    path.write_text(body, encoding="utf-8")
    return path


# ---------------------------------------------------------------- 1.1 overview


@pytest.mark.rules("SB-001")
def test_cards_are_printed_as_characters_or_spells_only(tmp_path: Path) -> None:
    ok = write_cards(
        tmp_path,
        '[[card]]\nid = "a"\nname = "A"\ntype = "character"\ncost = 1\nstrength = 1\nspeed = 1\n'
        '[[card]]\nid = "b"\nname = "B"\ntype = "spell"\ncost = 1\n'
        'effects = [{ do = "draw", amount = 1 }]\n',
    )
    loaded = card_data.load([ok])
    assert {c.type for c in loaded.values()} == {"character", "spell"}
    for other in ("farm", "land", "item"):
        bad = write_cards(tmp_path, f'[[card]]\nid = "c"\nname = "C"\ntype = "{other}"\ncost = 1\n')
        with pytest.raises(CardDataError, match="type"):
            card_data.load([bad])


@pytest.mark.rules("SB-001")
def test_characters_attack_and_block_spells_do_not() -> None:
    s = scenario(Seat(play=["hedge-knight", "war-banner"]), Seat(play=["tower-guard"]), step="attack")
    knight, banner = card(s, "hedge-knight"), card(s, "war-banner")
    options = legal(s)
    assert f"attack #{knight} -> P2" in options
    assert not any(f"#{banner}" in a for a in options)


@pytest.mark.rules("SB-002")
def test_card_text_overrides_the_general_rules() -> None:
    """A character may normally be played only in its controller's main step (SB-073) and a resolved
    spell goes to the discard pile (SB-035); Ambush and "stays in play" text say otherwise."""
    s = scenario(
        Seat(farms=5),
        Seat(hand=["hidden-blade", "hedge-knight", "war-banner"], farms=5),
        step="beginning",
        active=0,
    )
    assert s.decision.kind == "priority" and s.decision.seat == 1  # P1 had nothing to do
    blade, knight, banner = card(s, "hidden-blade"), card(s, "hedge-knight"), card(s, "war-banner")
    options = legal(s)
    assert f"play #{blade}" in options and f"play #{knight}" not in options
    do(s, f"play #{banner}")
    pass_all(s)
    assert s.in_play(banner) and not s.face_down[banner]


@pytest.mark.rules("SB-003")
def test_two_or_more_players() -> None:
    with pytest.raises(SpellforgeError, match="2 to"):
        GAME.new_game(seed=1, players=1)
    for n in (2, 3, 5):
        s = new_game(n, seed=1)
        assert s.n_seats == n and s.seats_in_game() == list(range(n))


@pytest.mark.rules("SB-004")
def test_each_player_plays_their_own_deck_from_the_shared_pool() -> None:
    decks = ["sky-raiders", "plague-wardens"]
    s = GAME.new_game(seed=3, decks=decks)
    for seat, name in enumerate(decks):
        owned = [cid for cid in range(len(s.defs)) if s.owner[cid] == seat]
        expected = sorted(c.key for c in GAME.deck_cards(name))
        assert sorted(s.defs[cid].key for cid in owned) == expected
    stranger = parse_deck_text("40 Black Lotus")
    with pytest.raises(DeckError, match="unknown card"):
        GAME.deck_cards(stranger)


@pytest.mark.rules("SB-005")
def test_any_card_may_be_played_face_down_as_a_farm() -> None:
    s = scenario(Seat(hand=["war-ox", "final-verdict"]), Seat(), step="main")
    ox, verdict = card(s, "war-ox"), card(s, "final-verdict")
    do(s, "farm")
    assert set(legal(s)) == {f"play #{ox} as farm", f"play #{verdict} as farm"}
    do(s, f"play #{verdict} as farm")
    assert s.is_farm(verdict) and s.controller[verdict] == 0
    assert len(s.untapped_farms(0)) == 1


# ---------------------------------------------------------------- 1.2 starting a game


@pytest.mark.rules("SB-006")
def test_the_first_player_is_random_and_reproducible() -> None:
    firsts = {new_game(2, seed).active_seats()[0] for seed in range(30)}
    assert firsts == {0, 1}
    assert all(new_game(3, seed).active_seats() == new_game(3, seed).active_seats() for seed in range(5))
    firsts3 = {new_game(3, seed).active_seats()[0] for seed in range(40)}
    assert firsts3 == {0, 1, 2}


@pytest.mark.rules("SB-007")
def test_in_two_player_games_only_the_very_first_draw_is_skipped() -> None:
    s = new_game(2, seed=5)
    first = s.active_seats()[0]
    second = 1 - first
    # pass the first turn: nobody can do anything but play a farm
    while s.active_seats()[0] == first:
        s.apply(next(a for a in s.legal_actions() if str(a) == "pass"))
    assert s.step == "main" and s.active_seats() == [second]
    assert len(hand(s, second)) == 8  # seven, plus the second player's first draw
    while s.active_seats()[0] == second:
        s.apply(next(a for a in s.legal_actions() if str(a) == "pass"))
    assert len(hand(s, first)) == 8  # the first player's second turn draws as usual


@pytest.mark.rules("SB-008")
def test_each_player_shuffles_their_deck_before_the_game() -> None:
    """Every card is distinct by position; the drawn hands are not the top of the deck list as given."""
    names = sorted(GAME.cards)[:40]
    decks = [[GAME.cards[k] for k in names], [GAME.cards[k] for k in reversed(names)]]
    orders = set()
    for seed in range(3):
        s = GAME.new_game(seed=seed, decks=decks)
        assert isinstance(s, SpellBattleState)
        for seat in range(2):
            as_given = [cid for cid in range(len(s.defs)) if s.owner[cid] == seat]
            pile_then_hand = s.zones[s.layout.deck[seat]] + list(reversed(hand(s, seat)[:7]))
            assert sorted(pile_then_hand) == as_given  # no card was lost
            assert pile_then_hand != as_given  # but the order is not the one given
            orders.add(tuple(s.defs[c].key for c in s.zones[s.layout.deck[seat]]))
    assert len(orders) == 6  # each seed and seat gives a different order


@pytest.mark.rules("SB-009")
def test_each_player_draws_an_opening_hand_of_seven() -> None:
    for players in (2, 4):
        s = new_game(players, seed=2)
        first_turn = next(i for i, e in enumerate(s.events()) if e.kind == ev.TURN)
        opening = [e for e in s.events()[:first_turn] if e.kind == ev.DRAW]
        for seat in range(players):
            assert sum(1 for e in opening if e.seat == seat) == 7
        assert [len(hand(s, seat)) for seat in range(players) if seat not in s.active_seats()] == [7] * (
            players - 1
        )


@pytest.mark.rules("SB-010")
def test_a_draw_takes_the_top_card_into_hand_hidden_from_others() -> None:
    s = scenario(Seat(deck=["war-ox", "quick-scout"]), Seat(hand=["ember-bolt"], farms=1), step="draw")
    ox = card(s, "war-ox")
    assert s.zone_of[ox] == s.layout.hand[0]
    assert s.zone_of[card(s, "quick-scout")] == s.layout.deck[0]
    mine, theirs = s.observe(0), s.observe(1)
    assert ox in [c["id"] for c in mine["players"][0]["hand"]["cards"]]
    assert "cards" not in theirs["players"][0]["hand"] and theirs["players"][0]["hand"]["count"] == 1
    assert "P1 draws War Ox." in mine["log"]
    assert "P1 draws a card." in theirs["log"] and not any("War Ox" in line for line in theirs["log"])


@pytest.mark.rules("SB-R13")
def test_the_reshuffle_happens_only_when_a_draw_is_attempted() -> None:
    """An empty draw pile with cards in the discard pile stays empty until someone draws."""
    s = scenario(Seat(deck=[], discard=["war-ox"], hand=["quick-scout"]), Seat(), step="main")
    do(s, "farm")  # the only card in hand goes face down at once
    assert s.is_farm(card(s, "quick-scout"))
    pass_until(s, lambda s: s.active_seats() == [1] and s.step == "main")  # P2 drew from P2's pile
    assert s.zones[s.layout.deck[0]] == [] and s.zones[s.layout.discard[0]] == [card(s, "war-ox")]


@pytest.mark.rules("SB-R14")
def test_hand_size_is_unlimited_and_nothing_is_discarded_at_end_of_turn() -> None:
    many = ["war-ox"] * 12
    s = scenario(Seat(hand=many), Seat(), step="main")
    pass_until(s, lambda s: s.active_seats() == [1])
    assert len(hand(s, 0)) == 12 and s.zones[s.layout.discard[0]] == []
    pass_until(s, lambda s: s.active_seats() == [0] and s.step == "main")
    assert len(hand(s, 0)) == 13 and s.zones[s.layout.discard[0]] == []  # plus this turn's draw


# ---------------------------------------------------------------- 1.3 winning


@pytest.mark.rules("SB-012")
def test_each_player_starts_with_twenty_life() -> None:
    for players in (2, 3):
        s = new_game(players, seed=4)
        view = s.observe(None)
        assert [p["life"] for p in view["players"]] == [20] * players


@pytest.mark.rules("SB-013")
def test_a_player_who_has_taken_twenty_damage_loses() -> None:
    s = scenario(Seat(hand=["fire-lance"], farms=2), Seat(life=4), step="main")
    do(s, f"play #{card(s, 'fire-lance')} -> P2")
    pass_all(s)
    assert s.outcome is None and s.life(1) == 1 and s.alive[1]

    s = scenario(Seat(hand=["fire-lance"], farms=2), Seat(life=3), step="main")
    do(s, f"play #{card(s, 'fire-lance')} -> P2")
    pass_all(s)
    assert s.outcome is not None and s.outcome.winners == (0,) and not s.alive[1]


@pytest.mark.rules("SB-013")
def test_in_multiplayer_a_beaten_player_is_out_and_the_others_play_on() -> None:
    s = scenario(Seat(hand=["fire-lance"], farms=2), Seat(life=2), Seat(), step="main")
    do(s, f"play #{card(s, 'fire-lance')} -> P2")
    pass_all(s)
    assert s.outcome is None and s.seats_in_game() == [0, 2]


@pytest.mark.rules("SB-014")
def test_unblocked_attackers_damage_the_player_they_attack() -> None:
    s = scenario(Seat(play=["war-ox"]), Seat(), Seat(), step="attack")
    do(s, f"attack #{card(s, 'war-ox')} -> P3")
    assert [s.life(p) for p in range(3)] == [20, 20, 15]
