"""Spell Battle: the game zones (SB-015..SB-041, SB-R02)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from spellforge import Done, Pass, find_game
from spellforge.core.rng import Rng
from spellforge.core.targets import CardRef
from spellforge.games.spellbattle.base import OFF_THE_TOP
from spellforge.games.spellbattle.scenario import Seat, card, do, in_play, legal, scenario
from spellforge.games.spellbattle.state import SpellBattleState

GAME = find_game("spellbattle")
SIX_ZONES = {"play", "discard", "deck", "hand", "limbo", "aside"}


def pass_until(s: SpellBattleState, done: Callable[[SpellBattleState], bool], limit: int = 200) -> None:
    """Pass priority and declare no attackers or blockers, one decision at a time, until ``done(s)``."""
    for _ in range(limit):
        if done(s):
            return
        assert s.decision is not None and s.decision.kind in ("priority", "attackers", "blockers"), s.decision
        s.apply(Pass() if s.decision.kind == "priority" else Done())
    raise AssertionError("the condition never came")


def resolve(s: SpellBattleState) -> None:
    """Everyone passes until limbo is empty."""
    pass_until(s, lambda s: not s.stack)


def zone_name(s: SpellBattleState, cid: int) -> str:
    return s.layout.names[s.zone_of[cid]]


def limbo_ids(s: SpellBattleState) -> list[int]:
    return [item.card for item in s.stack]


# ---------------------------------------------------------------- the six zones


@pytest.mark.rules("SB-015", "SB-R02")
def test_during_play_every_card_is_in_one_of_six_zones() -> None:
    """Random play through many decisions: cards are only ever in play, a discard pile, a draw pile, a
    hand, limbo or set aside, and the View shows exactly those."""
    seen: set[str] = set()
    for seed in range(3):
        s = GAME.new_game(seed=seed, players=3)
        assert isinstance(s, SpellBattleState)
        rng = Rng(seed)
        for _ in range(300):
            if not all(s.alive):
                break  # an eliminated player's cards leave the game (SB-R15)
            names = {zone_name(s, cid) for cid in range(len(s.defs))}
            assert names <= SIX_ZONES, names
            seen |= names
            actions = s.legal_actions()
            s.apply(actions[rng.randrange(len(actions))])
        view = s.observe(0)
        assert set(view["players"][0]) >= {"hand", "deck", "discard"}
        assert {"in_play", "farms"} <= set(view["players"][0]) and {"limbo", "set_aside"} <= set(view)
    assert seen >= {"play", "discard", "deck", "hand", "limbo"}


@pytest.mark.rules("SB-016", "SB-030", "SB-037")
def test_in_play_limbo_and_set_aside_are_single_shared_zones() -> None:
    s = scenario(Seat(play=["hedge-knight"]), Seat(play=["tower-guard"]), Seat(), step="main")
    assert isinstance(s.layout.play, int) and isinstance(s.layout.limbo, int)
    assert isinstance(s.layout.aside, int)
    assert s.zone_of[card(s, "hedge-knight")] == s.zone_of[card(s, "tower-guard")] == s.layout.play
    for name in ("play", "limbo", "aside"):
        assert s.layout.names.count(name) == 1
    for name in ("hand", "deck", "discard"):
        assert s.layout.names.count(name) == 3  # one per player (SB-020, SB-024, SB-028)


# ---------------------------------------------------------------- in play


@pytest.mark.rules("SB-017")
def test_cards_in_play_stay_there_across_turns() -> None:
    s = scenario(Seat(play=["hedge-knight", "war-banner"]), Seat(play=["tower-guard"]), step="main")
    knight, banner, guard = card(s, "hedge-knight"), card(s, "war-banner"), card(s, "tower-guard")
    start = s.turn
    pass_until(s, lambda s: s.turn == start + 3 and s.step == "main")
    assert all(s.in_play(c) for c in (knight, banner, guard))


@pytest.mark.rules("SB-018", "SB-019", "SB-081")
def test_a_card_is_controlled_by_and_placed_in_front_of_whoever_played_it() -> None:
    """P2 plays an ambush character in P1's turn: P2 controls it (not the active player)."""
    s = scenario(Seat(farms=1, hand=["quick-scout"]), Seat(hand=["hidden-blade"], farms=1), step="beginning")
    blade = card(s, "hidden-blade")
    assert s.decision.seat == 0
    do(s, "pass")  # P1 has nothing to play in its beginning step, but is asked (its hand is hidden)
    assert s.decision.seat == 1
    do(s, f"play #{blade}")
    resolve(s)
    assert s.in_play(blade) and s.controller[blade] == 1 and not s.face_down[blade]
    for seat in (0, 1, None):
        entry = next(c for c in in_play(s.observe(seat)) if c.get("id") == blade)
        assert entry["controller"] == 1 and "face_down" not in entry


@pytest.mark.rules("SB-019", "SB-R02")
def test_farms_are_face_down_in_play_seen_only_by_their_owner() -> None:
    s = scenario(Seat(hand=["war-ox"], play=["hedge-knight"]), Seat(), step="main")
    ox = card(s, "war-ox")
    do(s, "farm")  # the only card in hand
    assert s.zone_of[ox] == s.layout.play and s.face_down[ox] and s.controller[ox] == 0
    mine, theirs, public = s.observe(0), s.observe(1), s.observe(None)
    (farm,) = mine["players"][0]["farms"]
    assert farm["id"] == ox and farm["name"] == "War Ox" and farm["face_down"] and not farm["tapped"]
    assert not any(c.get("id") == ox for c in in_play(mine))  # a farm is not in the row of face-up cards
    for view in (theirs, public):
        assert not any(c.get("id") == ox for c in in_play(view))
        assert view["players"][0]["farms"] == [
            {"hidden": True, "face_down": True, "tapped": False, "controller": 0}
        ]
        assert "War Ox" not in str(view)


@pytest.mark.rules("SB-R02")
def test_a_farm_has_no_name_type_or_abilities() -> None:
    """A Banner Lord (a static ability) and a Hedge Archer (an activated one) played as farms: neither is
    a character, neither ability works, and a spell that targets characters cannot target them."""
    s = scenario(Seat(hand=["banner-lord"], play=["hedge-knight"]), Seat(), step="main")
    lord, knight = card(s, "banner-lord"), card(s, "hedge-knight")
    do(s, "farm")
    assert s.is_farm(lord) and s.characters(0) == [knight]
    assert s.speed(knight) == 2  # no +1 speed from a face-down Banner Lord

    s = scenario(
        Seat(hand=["hedge-archer", "sudden-strike"], play=["hedge-knight"], farms=1), Seat(), step="main"
    )
    archer, strike = card(s, "hedge-archer"), card(s, "sudden-strike")
    do(s, "farm", f"play #{archer} as farm")
    assert not any(a.startswith("use") for a in legal(s))
    targets = [a for a in legal(s) if a.startswith(f"play #{strike}")]
    assert targets == [f"play #{strike} -> #{card(s, 'hedge-knight')}"]


# ---------------------------------------------------------------- discard piles


@pytest.mark.rules("SB-020", "SB-022", "SB-090")
def test_each_player_has_their_own_discard_pile() -> None:
    s = scenario(Seat(hand=["fire-lance"], farms=2, play=["hedge-knight"]), Seat(play=["tower-guard"]))
    assert s.layout.discard[0] != s.layout.discard[1]
    lance, guard = card(s, "fire-lance"), card(s, "tower-guard")
    do(s, f"play #{lance} -> #{guard}")
    resolve(s)
    assert s.zone_of[lance] == s.layout.discard[0]  # the caster's spell: the caster's pile
    assert s.zone_of[guard] == s.layout.discard[1]  # the destroyed character: its owner's pile


@pytest.mark.rules("SB-021")
def test_cards_in_a_discard_pile_do_nothing() -> None:
    """A War Banner and a Banner Lord in the discard pile give no bonus; a Hedge Archer there has no
    ability to use; a Grim Harvest there draws nothing when a character is destroyed."""
    s = scenario(
        Seat(
            play=["hedge-knight"],
            discard=["war-banner", "banner-lord", "hedge-archer", "grim-harvest"],
            hand=["fire-lance"],
            farms=2,
        ),
        Seat(play=["tower-guard"]),
        step="main",
    )
    knight, guard = card(s, "hedge-knight"), card(s, "tower-guard")
    assert (s.strength(knight), s.speed(knight)) == (2, 2)
    assert not any(a.startswith("use") for a in legal(s))
    hand_before = len(s.zones[s.layout.hand[0]])
    do(s, f"play #{card(s, 'fire-lance')} -> #{guard}")
    resolve(s)
    assert not s.in_play(guard)
    assert len(s.zones[s.layout.hand[0]]) == hand_before - 1  # only the Fire Lance left; nothing drawn


@pytest.mark.rules("SB-023")
def test_discard_piles_are_face_up_and_public() -> None:
    s = scenario(Seat(discard=["war-ox", "final-verdict"]), Seat(), step="main")
    ox, verdict = card(s, "war-ox"), card(s, "final-verdict")
    for seat in (0, 1, None):
        pile = s.observe(seat)["players"][0]["discard"]
        assert [c["id"] for c in pile["cards"]] == [ox, verdict]


# ---------------------------------------------------------------- draw piles


@pytest.mark.rules("SB-024")
def test_draw_piles_are_per_player_and_face_down_even_to_their_owner() -> None:
    s = scenario(
        Seat(hand=["war-ox"], deck=["war-ox", "quick-scout"]), Seat(deck=["tower-guard"]), step="main"
    )
    assert s.layout.deck[0] != s.layout.deck[1]
    for seat in (0, 1, None):
        view = s.observe(seat)
        assert [p["deck"] for p in view["players"]] == [{"count": 2}, {"count": 1}]


@pytest.mark.rules("SB-024", "SB-026")
def test_the_deck_is_the_draw_pile_in_random_order() -> None:
    names = sorted(GAME.cards)[:40]
    decks = [[GAME.cards[k] for k in names]] * 2
    s = GAME.new_game(seed=11, decks=decks)
    assert isinstance(s, SpellBattleState)
    for seat in range(2):
        mine = [cid for cid in range(len(s.defs)) if s.owner[cid] == seat]
        pile, hand = s.zones[s.layout.deck[seat]], s.zones[s.layout.hand[seat]]
        assert sorted(pile + hand) == mine  # every card of the deck is in the draw pile or drawn from it
        assert pile != sorted(pile)  # shuffled, not as listed


@pytest.mark.rules("SB-025", "SB-010")
def test_cards_are_drawn_from_the_top_of_the_draw_pile() -> None:
    s = scenario(
        Seat(hand=["scholars-insight"], farms=2, deck=["war-ox", "quick-scout", "tower-guard", "mire"]),
        Seat(),
        step="main",
    )
    do(s, f"play #{card(s, 'scholars-insight')}")
    resolve(s)
    hand = s.zones[s.layout.hand[0]]
    assert [s.defs[c].key for c in hand] == ["war-ox", "quick-scout"]
    assert [s.defs[c].key for c in reversed(s.zones[s.layout.deck[0]])] == ["tower-guard", "mire"]


@pytest.mark.rules("SB-027")
def test_a_draw_midway_through_an_effect_reshuffles_and_continues() -> None:
    """Scholar's Insight draws two from a one-card pile: the second draw takes the shuffled discard pile."""
    s = scenario(
        Seat(hand=["scholars-insight"], farms=2, deck=["war-ox"], discard=["quick-scout", "tower-guard"]),
        Seat(),
        step="main",
    )
    insight = card(s, "scholars-insight")
    do(s, f"play #{insight}")
    resolve(s)
    hand = s.zones[s.layout.hand[0]]
    assert len(hand) == 2 and s.defs[hand[0]].key == "war-ox"
    assert s.defs[hand[1]].key in ("quick-scout", "tower-guard")
    assert len(s.zones[s.layout.deck[0]]) == 1
    # the shuffle came before Scholar's Insight itself reached the discard pile
    assert s.zones[s.layout.discard[0]] == [insight]


# ---------------------------------------------------------------- hands


@pytest.mark.rules("SB-028")
def test_the_hand_holds_cards_drawn_and_not_yet_played() -> None:
    s = scenario(Seat(deck=["hedge-knight", "war-ox"], farms=2), Seat(), step="draw")
    pass_until(s, lambda s: s.step == "main")
    knight = card(s, "hedge-knight")
    assert s.zones[s.layout.hand[0]] == [knight]
    do(s, f"play #{knight}")
    assert s.zones[s.layout.hand[0]] == []


@pytest.mark.rules("SB-029")
def test_only_the_owner_sees_and_plays_the_cards_of_a_hand() -> None:
    s = scenario(Seat(hand=["sudden-strike"], farms=1), Seat(hand=["ember-bolt"], farms=1), step="main")
    strike, bolt = card(s, "sudden-strike"), card(s, "ember-bolt")
    for seat, own in ((0, strike), (1, bolt)):
        view = s.observe(seat)
        assert [c["id"] for c in view["players"][seat]["hand"]["cards"]] == [own]
        assert "cards" not in view["players"][1 - seat]["hand"]
    assert "cards" not in s.observe(None)["players"][0]["hand"]
    # P1 passes; P2 holds priority and may play only P2's own cards
    do(s, "pass")
    assert s.decision.seat == 1
    assert any(f"#{bolt}" in a for a in legal(s)) and not any(f"#{strike}" in a for a in legal(s))


# ---------------------------------------------------------------- limbo


@pytest.mark.rules("SB-031", "SB-032", "SB-030")
def test_a_played_card_waits_in_limbo_and_others_may_respond() -> None:
    s = scenario(
        Seat(hand=["hedge-knight", "ember-bolt"], farms=3), Seat(hand=["ember-bolt"], farms=1), step="main"
    )
    knight, bolt = card(s, "hedge-knight"), card(s, "ember-bolt", seat=1)
    do(s, f"play #{knight}")
    assert zone_name(s, knight) == "limbo" and limbo_ids(s) == [knight]
    assert not s.in_play(knight)
    do(s, "pass")
    assert (s.decision.kind, s.decision.seat) == ("priority", 1) and limbo_ids(s) == [knight]
    do(s, f"play #{bolt} -> P1")  # a response while the knight waits
    assert limbo_ids(s) == [knight, bolt] and s.decision.seat == 0
    assert s.zone_of[bolt] == s.zone_of[knight] == s.layout.limbo  # one limbo for everyone (SB-030)
    resolve(s)
    assert s.in_play(knight) and s.life(0) == 18


@pytest.mark.rules("SB-031")
def test_activated_and_triggered_abilities_go_into_limbo_too() -> None:
    s = scenario(
        Seat(play=["hedge-archer"], hand=["shadow-herald"], farms=2),
        Seat(play=["tower-guard"], hand=["ember-bolt"], farms=1),
        step="main",
    )
    archer, guard, herald = card(s, "hedge-archer"), card(s, "tower-guard"), card(s, "shadow-herald")
    do(s, f"use #{archer} -> #{guard}")
    assert [(i.kind, i.card, i.targets) for i in s.stack] == [("ability", archer, (CardRef(guard),))]
    assert s.damage[guard] == 0 and s.tapped[archer]
    assert s.observe(1)["limbo"][0]["kind"] == "ability"
    resolve(s)
    assert s.damage[guard] == 1
    do(s, f"play #{herald}")
    pass_until(s, lambda s: s.in_play(herald))
    # the "enters play" trigger asks for its target, then waits in limbo
    assert s.decision.kind == "trigger_target"
    do(s, f"target #{guard}")
    assert [(i.kind, i.card) for i in s.stack] == [("trigger", herald)]
    assert s.damage[guard] == 1
    resolve(s)
    assert s.damage[guard] == 2


@pytest.mark.rules("SB-032", "SB-033")
def test_a_response_may_counter_the_card_in_limbo() -> None:
    s = scenario(Seat(hand=["hedge-knight"], farms=2), Seat(hand=["severing-word"], farms=1), step="main")
    knight, word = card(s, "hedge-knight"), card(s, "severing-word")
    do(s, f"play #{knight}")  # P1 has nothing more to do: priority goes to P2
    uid = s.stack[0].uid
    assert (s.decision.kind, s.decision.seat) == ("priority", 1)
    assert f"play #{word} -> @{uid}" in legal(s)
    do(s, f"play #{word} -> @{uid}")
    resolve(s)
    assert not s.in_play(knight) and s.zone_of[knight] == s.layout.discard[0]
    assert s.zone_of[word] == s.layout.discard[1]


@pytest.mark.rules("SB-032", "SB-033")
def test_a_response_may_copy_the_card_in_limbo() -> None:
    s = scenario(
        Seat(hand=["fire-lance"], farms=2, play=["tower-guard"]),
        Seat(hand=["mirror-echo"], farms=2, play=["hedge-knight"]),
        step="main",
    )
    lance, echo = card(s, "fire-lance"), card(s, "mirror-echo")
    guard, knight = card(s, "tower-guard"), card(s, "hedge-knight")
    do(s, f"play #{lance} -> #{knight}")
    uid = s.stack[0].uid
    do(s, f"play #{echo} -> @{uid}")
    pass_until(s, lambda s: s.decision.kind == "copy_target")  # the copy is made as Mirror Echo resolves
    assert s.decision.seat == 1
    do(s, f"target #{guard}")
    resolve(s)
    assert not s.in_play(guard) and not s.in_play(knight)  # the copy hit P1's guard, the original P2's knight


@pytest.mark.rules("SB-034", "SB-035")
def test_a_resolving_spell_does_what_it_says_then_goes_to_the_discard_pile() -> None:
    s = scenario(Seat(hand=["fire-lance", "hedge-knight"], farms=4), Seat(play=["war-ox"]), step="main")
    lance, knight, ox = card(s, "fire-lance"), card(s, "hedge-knight"), card(s, "war-ox")
    do(s, f"play #{lance} -> #{ox}")
    resolve(s)
    assert s.damage[ox] == 3 and s.in_play(ox)
    assert s.zone_of[lance] == s.layout.discard[0]
    do(s, f"play #{knight}")
    resolve(s)
    assert s.in_play(knight) and not s.face_down[knight] and s.controller[knight] == 0


@pytest.mark.rules("SB-036", "SB-077")
def test_a_spell_that_says_so_enters_play_and_works_while_there() -> None:
    s = scenario(Seat(hand=["war-banner"], farms=3, play=["hedge-knight"]), Seat(), step="main")
    banner, knight = card(s, "war-banner"), card(s, "hedge-knight")
    assert s.strength(knight) == 2
    do(s, f"play #{banner}")
    resolve(s)
    assert s.in_play(banner) and s.controller[banner] == 0
    assert s.zones[s.layout.discard[0]] == []
    assert s.strength(knight) == 3
    pass_until(s, lambda s: s.active_seats() == [0] and s.step == "main" and s.turn > 4)
    assert s.in_play(banner) and s.strength(knight) == 3  # still in play two turns later, still working


@pytest.mark.rules("SB-037", "SB-038")
def test_set_aside_cards_from_every_player_share_one_face_up_pile() -> None:
    s = scenario(
        Seat(hand=["banishment"], farms=3, play=["hedge-knight"]),
        Seat(hand=["banishment"], farms=3, play=["war-ox"]),
        step="main",
    )
    b1, b2 = card(s, "banishment", seat=0), card(s, "banishment", seat=1)
    knight, ox = card(s, "hedge-knight"), card(s, "war-ox")
    do(s, f"play #{b1} -> #{ox}")
    resolve(s)
    do(s, "pass")  # P2 may act in P1's main step
    do(s, f"play #{b2} -> #{knight}")
    resolve(s)
    assert s.zone_of[ox] == s.zone_of[knight] == s.layout.aside
    for seat in (0, 1, None):
        assert sorted(c["id"] for c in s.observe(seat)["set_aside"]) == sorted([ox, knight])


@pytest.mark.rules("SB-039")
def test_set_aside_cards_are_never_shuffled_back() -> None:
    s = scenario(
        Seat(hand=["banishment", "quick-scout"], farms=3, play=["hedge-knight"], deck=[]),
        Seat(hand=["ember-bolt"], farms=1),
        step="main",
    )
    knight = card(s, "hedge-knight")
    do(s, f"play #{card(s, 'banishment')} -> #{knight}")
    resolve(s)
    assert s.zone_of[knight] == s.layout.aside
    # P1's next draw finds an empty draw pile: only the discard pile (Banishment) is shuffled in
    turn = s.turn
    pass_until(s, lambda s: s.turn == turn + 2 and s.step == "main")
    hand = [s.defs[c].key for c in s.zones[s.layout.hand[0]]]
    assert sorted(hand) == ["banishment", "quick-scout"]
    assert s.zone_of[knight] == s.layout.aside


@pytest.mark.rules("SB-040", "SB-041")
def test_players_may_share_one_pool_as_a_common_deck() -> None:
    s = GAME.new_game(seed=2, players=2, format=OFF_THE_TOP)
    assert isinstance(s, SpellBattleState)
    assert s.layout.deck[0] == s.layout.deck[1] and s.layout.discard[0] == s.layout.discard[1]
    pile = s.zones[s.layout.deck[0]]
    hands = [len(s.zones[s.layout.hand[seat]]) for seat in range(2)]
    assert sorted(hands) == [7, 7]  # both opening hands came from the one deck
    assert len(pile) + sum(hands) == 100  # 50 cards per player sharing it
    assert all(s.owner[cid] == -1 for cid in range(len(s.defs)))  # every player's deck alike
    before = len(pile)
    pass_until(s, lambda s: s.turn == 2 and s.step == "main")
    assert len(s.zones[s.layout.deck[0]]) == before - 1  # the second player drew from the same pile


@pytest.mark.rules("SB-027", "SB-011")
def test_the_discard_pile_is_shuffled_as_it_becomes_the_draw_pile() -> None:
    discard = ["war-ox", "quick-scout", "hedge-knight", "tower-guard", "river-bandit"]
    orders = set()
    for seed in range(8):
        s = scenario(
            Seat(deck=[], discard=discard), Seat(hand=["ember-bolt"], farms=1), step="draw", seed=seed
        )
        pile = [*s.zones[s.layout.deck[0]], *s.zones[s.layout.hand[0]]]  # the drawn card was the top one
        assert sorted(s.defs[c].key for c in pile) == sorted(discard)
        orders.add(tuple(s.defs[c].key for c in pile))
    assert len(orders) > 1  # not the discard pile's own order every time (1/120 for each seed to keep it)
