"""Deck-building formats: constructed, sealed, draft, off the top (SB-141..151, SB-173..176, SB-R19..R21, SB-R26)."""

from __future__ import annotations

from collections import Counter

import pytest

from spellforge import DeckError, SpellforgeError, find_game
from spellforge.core.decks import parse_deck_text
from spellforge.games.spellbattle.actions import Pick
from spellforge.games.spellbattle.scenario import Seat, card, do, scenario
from spellforge.games.spellbattle.state import SpellBattleState
from spellforge.sim.simulate import play_game

GAME = find_game("spellbattle")


def new(players: int, seed: int = 1, **options: object) -> SpellBattleState:
    s = GAME.new_game(seed=seed, players=players, **options)
    assert isinstance(s, SpellBattleState)
    return s


def zone(s: SpellBattleState, name: str, seat: int) -> list[int]:
    return list(s.zones[getattr(s.layout, name)[seat]])


def first_legal(s: SpellBattleState) -> None:
    s.apply(s.legal_actions()[0])


def deck_text(counts: dict[str, int]) -> str:
    return "\n".join(f"{n} {key}" for key, n in counts.items())


# ---------------------------------------------------------------------- constructed (SB-142, SB-143, SB-R20)


@pytest.mark.rules("SB-142", "SB-173")
def test_the_formats_are_options_of_the_game() -> None:
    assert set(GAME.option("format").choices) == {"constructed", "sealed", "draft", "off_the_top"}
    assert GAME.option("format").default == "constructed"
    with pytest.raises(SpellforgeError, match="format"):
        GAME.new_game(seed=1, format="cube")


@pytest.mark.rules("SB-143", "SB-R20")
def test_a_constructed_deck_has_exactly_forty_cards_and_three_copies_at_most() -> None:
    base = {key: 3 for key in sorted(GAME.cards)[:13]} | {sorted(GAME.cards)[13]: 1}  # 40 cards
    assert sum(base.values()) == 40
    assert GAME.validate_deck(parse_deck_text(deck_text(base))) == []
    short = dict(base) | {sorted(GAME.cards)[13]: 0}
    short = {k: n for k, n in short.items() if n}
    assert any("39 cards" in p and "40" in p for p in GAME.validate_deck(parse_deck_text(deck_text(short))))
    four = dict(base)
    four[sorted(GAME.cards)[0]] = 4
    four = {k: n for k, n in four.items() if k != sorted(GAME.cards)[13]}
    assert sum(four.values()) == 40
    problems = GAME.validate_deck(parse_deck_text(deck_text(four)))
    assert len(problems) == 1 and "4 copies" in problems[0] and "at most 3" in problems[0]
    for name, deck in GAME.decks.items():  # the preconstructed decks follow the same rules
        assert deck.count() == 40 and GAME.validate_deck(deck) == [], name


@pytest.mark.rules("SB-143", "SB-R20")
def test_new_game_refuses_an_illegal_constructed_deck() -> None:
    with pytest.raises(DeckError) as err:
        GAME.new_game(seed=1, decks=["sky-raiders", "3 fire-lance\n"])
    assert any("P2" in p and "40" in p for p in err.value.problems)


@pytest.mark.rules("SB-R20", "SB-145", "SB-151")
def test_a_sealed_or_draft_deck_list_has_exactly_thirty_cards() -> None:
    thirty = {key: 3 for key in sorted(GAME.cards)[:10]}
    for fmt in ("sealed", "draft"):
        assert GAME.validate_deck(parse_deck_text(deck_text(thirty)), format=fmt) == []
        assert any("30" in p for p in GAME.validate_deck(GAME.decks["sky-raiders"], format=fmt))
    assert any("40" in p for p in GAME.validate_deck(parse_deck_text(deck_text(thirty))))


# ---------------------------------------------------------------------- sealed (SB-144, SB-145, SB-R19)


@pytest.mark.rules("SB-144", "SB-R19", "SB-141")
def test_sealed_gives_each_player_ninety_random_cards_from_the_collective_pool() -> None:
    s = new(2, seed=5, format="sealed")
    assert s.step == "build" and s.turn == 0  # decks are built before the game begins
    pools = [zone(s, "pool", seat) for seat in range(2)]
    assert [len(p) for p in pools] == [90, 90]
    pool = Counter(d.key for d in GAME.collective_pool())
    dealt = Counter(s.defs[c].key for p in pools for c in p)
    assert all(dealt[k] <= pool[k] for k in dealt)  # dealt from the three-of-each collective pool
    assert all(s.owner[c] == seat for seat, p in enumerate(pools) for c in p)
    other = new(2, seed=6, format="sealed")
    assert sorted(s.defs[c].key for c in pools[0]) != sorted(
        other.defs[c].key for c in zone(other, "pool", 0)
    )
    view = s.observe(0)["limited"]["pool"]
    assert "cards" in view[0] and "cards" not in view[1]  # each sees only their own cards


@pytest.mark.rules("SB-145", "SB-R20", "SB-141")
def test_sealed_players_build_thirty_card_decks_from_what_they_received() -> None:
    s = new(2, seed=5, format="sealed")
    received = [set(zone(s, "pool", seat)) for seat in range(2)]
    while s.step == "build":
        assert s.turn == 0
        first_legal(s)
    for seat in range(2):
        deck = set(zone(s, "deck", seat)) | set(zone(s, "hand", seat))
        assert len(deck) == 30 and deck <= received[seat]
        assert len(zone(s, "pool", seat)) == 60  # the unused cards stay out of the game
    assert s.turn >= 1 and s.step != "build"


@pytest.mark.rules("SB-R19")
def test_sealed_needs_ninety_cards_a_player_from_the_pool() -> None:
    size = len(GAME.collective_pool())
    too_many = size // 90 + 1
    with pytest.raises(SpellforgeError, match=f"{90 * too_many} cards"):
        GAME.new_game(seed=1, players=too_many, format="sealed")


# ---------------------------------------------------------------------- draft (SB-146..151, SB-R21)


@pytest.mark.rules("SB-146")
def test_draft_deals_each_player_three_piles_of_fifteen() -> None:
    s = new(4, seed=2, format="draft")
    assert s.step == "draft" and s.decision is not None and s.decision.kind == "draft_pick"
    for seat in range(4):
        assert len(zone(s, "pile", seat)) == 15 and len(zone(s, "packs", seat)) == 30
    assert s.observe(0)["limited"]["pile"][1] == {"count": 15}  # face down to everyone else


@pytest.mark.rules("SB-147", "SB-148", "SB-149", "SB-150", "SB-R21")
def test_draft_passes_left_then_right_then_left_until_the_piles_are_empty() -> None:
    s = new(4, seed=2, format="draft")
    piles = [zone(s, "pile", seat) for seat in range(4)]
    packs = [zone(s, "packs", seat) for seat in range(4)]
    rounds = [piles, [p[:15] for p in packs], [p[15:] for p in packs]]
    while s.step == "draft":
        first_legal(s)
    picks = [(e.seat, e.card) for e in s.events() if e.kind == "pick"]
    assert len(picks) == 4 * 45
    for rnd, step in enumerate((1, -1, 1)):  # left is clockwise: seat s passes to seat s + 1
        held = [set(p) for p in rounds[rnd]]
        for pick in range(15):
            group = picks[(rnd * 15 + pick) * 4 : (rnd * 15 + pick + 1) * 4]
            assert sorted(seat for seat, _ in group) == [0, 1, 2, 3]  # everyone picks once, then passes
            for seat, cid in group:
                assert cid in held[seat]  # each keeps one card of the pile they hold
                held[seat].remove(cid)
            held = [held[(seat - step) % 4] for seat in range(4)]
        assert held == [set(), set(), set(), set()]  # the round ends when its piles are empty
    assert s.step == "build"


@pytest.mark.rules("SB-R21")
def test_draft_picks_are_secret() -> None:
    s = new(4, seed=2, format="draft")
    first_legal(s)  # P1 picks
    pick = zone(s, "pool", 0)[0]
    assert s.observe(1)["limited"]["pool"][0] == {"count": 1}
    assert not any(f"#{pick}" in line for line in s.observe(1)["log"])
    assert s.decision is not None and s.decision.kind == "draft_pick" and s.decision.seat == 1
    assert len(zone(s, "pile", 1)) == 15  # P2 picks from their own pile before anything is passed


@pytest.mark.rules("SB-151", "SB-R20", "SB-R21")
def test_each_drafter_ends_with_45_cards_and_builds_a_30_card_deck() -> None:
    s = new(2, seed=8, format="draft")
    while s.step == "draft":
        first_legal(s)
    drafted = [set(zone(s, "pool", seat)) for seat in range(2)]
    assert [len(d) for d in drafted] == [45, 45]
    assert all(s.owner[c] == seat for seat in range(2) for c in drafted[seat])
    while s.step == "build":
        first_legal(s)
    for seat in range(2):
        deck = set(zone(s, "deck", seat)) | set(zone(s, "hand", seat))
        assert len(deck) == 30 and deck <= drafted[seat]


@pytest.mark.rules("SB-R21", "SB-151", "SB-145")
@pytest.mark.parametrize("fmt", ["draft", "sealed"])
def test_random_bots_draft_or_open_build_and_play(fmt: str) -> None:
    result = play_game("spellbattle", ["random"], seed=3, players=2, options={"format": fmt})
    assert not result.error and result.winners and result.turns > 0
    s = new(2, seed=3, format=fmt)
    picks = 0
    while s.step in ("draft", "build"):
        legal = s.legal_actions()
        assert legal and all(isinstance(a, Pick) for a in legal)
        s.apply(legal[picks % len(legal)])
        picks += 1
    assert all(len(zone(s, "deck", seat)) + len(zone(s, "hand", seat)) == 30 for seat in range(2))


def test_limited_formats_deal_their_own_cards_from_a_big_enough_pool() -> None:
    with pytest.raises(SpellforgeError, match="collective pool"):
        GAME.new_game(seed=1, players=8, format="draft")
    with pytest.raises(SpellforgeError, match="pass no decks"):
        GAME.new_game(seed=1, players=2, format="draft", decks=["sky-raiders", "sky-raiders"])


@pytest.mark.rules("SB-144", "SB-146", "SB-174", "SB-175", "SB-R19", "SB-R20")
def test_cards_dealt_by_hand_are_checked_by_the_formats_rules() -> None:
    pool = GAME.collective_pool()  # sorted by card: three of each
    sealed = [pool[:90], pool[90:180]]
    assert new(2, seed=1, format="sealed", decks=sealed).n_seats == 2  # what sealed deals is accepted
    first = pool[0]
    with pytest.raises(DeckError) as err:
        GAME.new_game(seed=1, format="sealed", decks=[[first] * 4 + pool[3:89], pool[90:180]])
    assert err.value.problems == [
        f"[dealt] 4 copies of {first.name!r} (at most 3) in all: the collective pool holds 3 of each card (SB-R20)"
    ]
    with pytest.raises(DeckError) as err:
        GAME.new_game(seed=1, format="draft", decks=[pool[:45], pool[45:89]])
    assert [p.split(";")[0] for p in err.value.problems] == ["P2: 44 cards"]
    shared = pool[:100]
    assert new(2, seed=1, format="off_the_top", decks=[shared, []]).n_seats == 2
    with pytest.raises(DeckError) as err:
        GAME.new_game(seed=1, format="off_the_top", decks=[shared[:50], shared[50:]])
    assert [p.split(";")[0] for p in err.value.problems] == ["P1: 50 cards", "P2: 50 cards"]


# ---------------------------------------------------------------------- off the top (SB-174..176, SB-R26)


@pytest.mark.rules("SB-174", "SB-175", "SB-176")
def test_off_the_top_players_share_one_deck_of_fifty_cards_a_player() -> None:
    s = new(2, seed=4, format="off_the_top")
    assert s.layout.deck[0] == s.layout.deck[1] and s.layout.discard[0] == s.layout.discard[1]
    assert len(s.defs) == 100 and all(o == -1 for o in s.owner)  # every card is the shared pool's
    in_hands = len(zone(s, "hand", 0)) + len(zone(s, "hand", 1))
    assert len(zone(s, "deck", 0)) + in_hands == 100
    assert len(new(3, seed=4, format="off_the_top").defs) == 150
    assert len(new(2, seed=4, format="off_the_top", shared_deck=40).defs) == 80


@pytest.mark.rules("SB-176", "SB-R26")
def test_off_the_top_destroyed_cards_go_to_the_shared_discard_pile_which_is_reshuffled() -> None:
    s = scenario(
        Seat(hand=["final-verdict", "field-hand"], farms=3, deck=[]),
        Seat(play=["war-ox"], hand=["field-hand"], deck=[]),
        format="off_the_top",
    )
    ox, verdict = card(s, "war-ox"), card(s, "final-verdict")
    shared, deck = s.layout.discard[0], s.layout.deck[0]
    do(s, f"play #{verdict} -> #{ox}")
    assert s.zone_of[ox] == shared and s.zone_of[verdict] == shared and s.zones[deck] == []
    hand = len(s.zones[s.layout.hand[1]])
    while s.active_seats() != [1] or s.step in ("beginning", "draw"):
        do(s, "pass")  # to P2's turn: P2 draws from the empty shared pile
    assert s.zones[shared] == [] and len(s.zones[deck]) == 1  # reshuffled, then one card drawn
    assert len(s.zones[s.layout.hand[1]]) == hand + 1


@pytest.mark.rules("SB-R26")
def test_off_the_top_your_discard_pile_is_the_shared_one() -> None:
    s = scenario(
        Seat(hand=["grave-robbery", "field-hand"], farms=1),
        Seat(discard=["war-ox"]),
        format="off_the_top",
    )
    ox, robbery = card(s, "war-ox"), card(s, "grave-robbery")
    assert f"play #{robbery} -> #{ox}" in [str(a) for a in s.legal_actions()]
    do(s, f"play #{robbery} -> #{ox}")
    assert s.zone_of[ox] == s.layout.hand[0]


@pytest.mark.rules("SB-R26", "SB-007")
@pytest.mark.parametrize(("players", "options", "skips"), [(2, {}, True), (3, {}, False)])
def test_the_first_draw_is_skipped_only_with_two_seats(
    players: int, options: dict[str, str], skips: bool
) -> None:
    s = new(players, seed=9, **options)
    first = s.active_seats()[0]
    assert s.turn == 1 and s.step == "main"  # no farms yet: nothing to decide before the main step
    draws = [e for e in s.events() if e.kind == "draw" and e.seat == first]
    assert len(draws) == (7 if skips else 8)
