"""Sideways cards, control and ownership (SB-112..124, SB-K10..K12, SB-R29)."""

from __future__ import annotations

import pytest

from spellforge import find_game
from spellforge.games.spellbattle.scenario import Seat, card, do, in_play, legal, scenario
from spellforge.games.spellbattle.state import SpellBattleState


def resolve(s: SpellBattleState) -> None:
    while s.stack and s.decision is not None and s.decision.kind == "priority":
        do(s, "pass")


def until(s: SpellBattleState, kind: str, seat: int | None = None) -> None:
    """Pass priority (and decline attacks and blocks) until a decision of ``kind`` (for ``seat``)."""
    for _ in range(200):
        d = s.decision
        assert d is not None
        if d.kind == kind and (seat is None or d.seat == seat):
            return
        do(s, "done" if d.kind in ("attackers", "blockers") else "pass")
    raise AssertionError(f"no {kind} decision")


def next_turn(s: SpellBattleState) -> None:
    turn = s.turn
    while s.turn == turn and s.decision is not None:
        do(s, "done" if s.decision.kind in ("attackers", "blockers") else "pass")


def in_view(s: SpellBattleState, cid: int) -> dict[str, object]:
    return next(c for c in in_play(s.observe(None)) if c["id"] == cid)


# ---------------------------------------------------------------------- sideways (SB-112..117)


@pytest.mark.rules("SB-112")
def test_paying_turns_farms_sideways_and_attacking_turns_the_attacker_sideways() -> None:
    s = scenario(Seat(hand=["fire-lance", "field-hand"], farms=3, play=["hedge-knight"]), Seat())
    do(s, f"play #{card(s, 'fire-lance')} -> P2")
    assert len(s.untapped_farms(0)) == 1 and s.farm_count(0) == 3  # cost 2: two of three farms
    s = scenario(Seat(play=["hedge-knight"]), Seat(play=["field-hand"]), step="attack")
    knight = card(s, "hedge-knight")
    until(s, "attackers")
    assert not s.tapped[knight]
    do(s, f"attack #{knight} -> P2")
    assert s.tapped[knight]


@pytest.mark.rules("SB-113", "SB-114", "SB-080")
def test_sideways_farms_stay_sideways_until_their_controllers_next_beginning_step() -> None:
    s = scenario(
        Seat(hand=["fire-lance", "sudden-strike", "field-hand"], farms=2, play=["hedge-archer"]),
        Seat(hand=["field-hand"], play=["hedge-knight"]),
    )
    do(s, f"play #{card(s, 'fire-lance')} -> P2")
    resolve(s)
    assert s.untapped_farms(0) == []
    next_turn(s)  # P2's turn: P2's beginning step turns only P2's cards right-side-up
    assert s.untapped_farms(0) == []
    strike = card(s, "sudden-strike")
    until(s, "priority", seat=0)  # P1 may use the archer in P2's turn, but has no farm to pay with
    assert s.turn == 4 and any(a.startswith("use") for a in legal(s))
    assert not any(a.startswith(f"play #{strike}") for a in legal(s))  # each farm paid once this round
    next_turn(s)
    assert len(s.untapped_farms(0)) == 2 and s.step == "beginning" and s.active_seats() == [0]


@pytest.mark.rules("SB-115", "SB-K06")
def test_sideways_characters_can_neither_attack_nor_block() -> None:
    s = scenario(
        Seat(play=[("hedge-knight", {"tapped": True}), "ash-squire"]),
        Seat(play=[("tower-guard", {"tapped": True}), "field-hand"]),
        step="attack",
    )
    # the beginning step was skipped by the scenario, so P1's tapped knight is still sideways
    knight, squire = card(s, "hedge-knight"), card(s, "ash-squire")
    guard, hand_ = card(s, "tower-guard"), card(s, "field-hand", seat=1)
    until(s, "attackers")
    assert legal(s) == ["done", f"attack #{squire} -> P2"]
    assert not any(f"#{knight}" in a for a in legal(s))
    do(s, f"attack #{squire} -> P2")
    until(s, "blockers")
    assert legal(s) == ["done", f"block #{hand_} -> #{squire}"]
    assert not any(f"#{guard}" in a for a in legal(s))


@pytest.mark.rules("SB-116", "SB-117")
def test_a_blocker_stays_right_side_up_and_blocks_again_for_another_attacker() -> None:
    s = scenario(
        Seat(play=["stone-giant"], hand=["field-hand"]),
        Seat(play=["field-hand"]),
        Seat(play=["ash-squire"]),
        step="attack",
        active=1,
    )
    giant = card(s, "stone-giant")
    until(s, "attackers", seat=1)
    do(s, f"attack #{card(s, 'field-hand', seat=1)} -> P1")
    until(s, "blockers", seat=0)
    do(s, f"block #{giant} -> #{card(s, 'field-hand', seat=1)}")
    assert not s.tapped[giant]  # blocking does not turn it sideways
    until(s, "attackers", seat=2)  # P3's turn: P1's giant was never untapped by a beginning step of P1
    squire = card(s, "ash-squire")
    do(s, f"attack #{squire} -> P1")
    until(s, "blockers", seat=0)
    assert f"block #{giant} -> #{squire}" in legal(s)
    do(s, f"block #{giant} -> #{squire}")
    assert not s.in_play(squire) and s.life(0) == 20


# ---------------------------------------------------------------------- control (SB-118..120, SB-K11, SB-R29)


@pytest.mark.rules("SB-118", "SB-119", "SB-081")
def test_a_card_is_controlled_by_whoever_played_it_and_sits_in_front_of_them() -> None:
    s = scenario(Seat(hand=["hedge-knight", "field-hand"], farms=2), Seat())
    knight = card(s, "hedge-knight")
    do(s, f"play #{knight}")
    resolve(s)
    assert s.controller[knight] == 0 and s.characters(0) == [knight]
    assert in_view(s, knight)["controller"] == 0 and s.observe(None)["players"][0]["name"] == "P1"


@pytest.mark.rules("SB-118", "SB-119", "SB-K11")
def test_gaining_control_moves_the_character_in_front_of_its_new_controller() -> None:
    s = scenario(Seat(hand=["turncoat-pact", "field-hand"], farms=4), Seat(play=["war-ox"]))
    ox = card(s, "war-ox")
    do(s, f"play #{card(s, 'turncoat-pact')} -> #{ox}")
    resolve(s)
    assert s.controller[ox] == 0 and s.characters(0) == [ox] and s.characters(1) == []
    assert in_view(s, ox)["controller"] == 0 and s.owner[ox] == 1
    next_turn(s)
    next_turn(s)  # P1's next turn: the ox attacks for its new controller
    until(s, "attackers", seat=0)
    assert f"attack #{ox} -> P2" in legal(s)


@pytest.mark.rules("SB-120", "SB-K11")
def test_an_attacker_taken_by_the_player_it_attacks_leaves_combat() -> None:
    s = scenario(
        Seat(play=["war-ox"], hand=["quicken"], farms=1),  # a Quicken keeps P1 deciding, so play stops
        Seat(hand=["turncoat-pact"], farms=4),
        step="attack",
    )
    ox = card(s, "war-ox")
    until(s, "attackers")
    do(s, f"attack #{ox} -> P2")
    until(s, "priority", seat=1)
    do(s, f"play #{card(s, 'turncoat-pact')} -> #{ox}")
    resolve(s)
    assert s.controller[ox] == 1 and ox not in s.attack_group
    assert s.tapped[ox]  # it keeps its orientation
    next_turn(s)
    assert s.life(1) == 20  # it dealt no damage


@pytest.mark.rules("SB-R29", "SB-K11")
def test_an_attacker_taken_by_a_third_player_leaves_combat_too() -> None:
    s = scenario(
        Seat(play=["war-ox"]),
        Seat(play=["field-hand"]),
        Seat(hand=["turncoat-pact"], farms=4),
        step="attack",
    )
    ox = card(s, "war-ox")
    until(s, "attackers")
    do(s, f"attack #{ox} -> P2")
    until(s, "priority", seat=2)
    do(s, f"play #{card(s, 'turncoat-pact')} -> #{ox}")
    resolve(s)
    assert s.controller[ox] == 2 and ox not in s.attack_group and s.tapped[ox]
    assert in_view(s, ox)["controller"] == 2 and "attacking" not in in_view(s, ox)
    next_turn(s)
    assert s.life(1) == 20 and s.in_play(card(s, "field-hand", seat=1))


@pytest.mark.rules("SB-R29")
def test_a_blocker_that_changes_control_leaves_combat_and_its_attacker_deals_no_damage() -> None:
    s = scenario(
        Seat(play=["war-ox"], hand=["turncoat-pact"], farms=4),
        Seat(play=["tower-guard"]),
        step="attack",
    )
    ox, guard = card(s, "war-ox"), card(s, "tower-guard")
    until(s, "attackers")
    do(s, f"attack #{ox} -> P2")
    until(s, "blockers")
    do(s, f"block #{guard} -> #{ox}")
    until(s, "priority", seat=0)
    do(s, f"play #{card(s, 'turncoat-pact')} -> #{guard}")
    resolve(s)
    assert s.controller[guard] == 0 and guard not in s.block_group and not s.tapped[guard]
    next_turn(s)
    assert s.in_play(guard) and s.in_play(ox) and s.life(1) == 20  # still blocked: no damage to P2


# ---------------------------------------------------------------------- ownership (SB-121..124, SB-K10)


@pytest.mark.rules("SB-121")
def test_a_player_owns_every_card_that_started_in_their_deck() -> None:
    s = find_game("spellbattle").new_game(seed=4, decks=["sky-raiders", "plague-wardens"])
    assert [len(keys) for keys in s.deck_keys] == [40, 40]
    assert s.owner == tuple([0] * 40 + [1] * 40)
    assert [s.defs[c].key for c in range(40)] == list(s.deck_keys[0])


@pytest.mark.rules("SB-122", "SB-090", "SB-K10")
def test_your_cards_go_to_your_own_discard_pile() -> None:
    s = scenario(
        Seat(hand=["final-verdict", "field-hand"], farms=3, play=["hedge-knight"]), Seat(play=["war-ox"])
    )
    verdict, knight = card(s, "final-verdict"), card(s, "hedge-knight")
    do(s, f"play #{verdict} -> #{knight}")
    resolve(s)
    assert s.zone_of[verdict] == s.layout.discard[0] and s.zone_of[knight] == s.layout.discard[0]
    assert s.zones[s.layout.discard[1]] == []


@pytest.mark.rules("SB-123", "SB-K10", "SB-K11")
def test_a_stolen_character_that_is_destroyed_goes_to_its_owners_discard_pile() -> None:
    s = scenario(
        Seat(hand=["turncoat-pact", "martyrs-oath", "field-hand"], farms=5),
        Seat(play=["war-ox"]),
    )
    ox = card(s, "war-ox")
    do(s, f"play #{card(s, 'turncoat-pact')} -> #{ox}")
    resolve(s)
    do(s, f"play #{card(s, 'martyrs-oath')} -> #{ox}")  # destroy target character you control
    resolve(s)
    assert s.zone_of[ox] == s.layout.discard[1] and s.controller[ox] == 1
    assert ox not in s.zones[s.layout.discard[0]]


@pytest.mark.rules("SB-124")
def test_a_card_stays_part_of_its_owners_deck_after_someone_else_controlled_it() -> None:
    s = scenario(
        Seat(hand=["turncoat-pact", "martyrs-oath", "field-hand"], farms=5),
        Seat(play=["war-ox"], deck=[], hand=["field-hand"]),
    )
    ox = card(s, "war-ox")
    do(s, f"play #{card(s, 'turncoat-pact')} -> #{ox}")
    resolve(s)
    do(s, f"play #{card(s, 'martyrs-oath')} -> #{ox}")
    resolve(s)
    next_turn(s)  # P2 draws from an empty draw pile: the discard pile, with the ox, becomes it
    assert s.zone_of[ox] == s.layout.hand[1]


@pytest.mark.rules("SB-002", "SB-029", "SB-121", "SB-124", "SB-K11")
def test_tactical_retreat_returns_a_borrowed_character_to_its_owners_hand_as_its_text_says() -> None:
    retreat_text = find_game("spellbattle").cards["tactical-retreat"].text
    assert retreat_text == "Return target character you control to its owner's hand."  # SB-002: text = effect
    s = scenario(
        Seat(hand=["turncoat-pact", "tactical-retreat", "field-hand"], farms=5),
        Seat(play=["war-ox"], hand=["field-hand"]),
    )
    ox = card(s, "war-ox")
    do(s, f"play #{card(s, 'turncoat-pact')} -> #{ox}")
    resolve(s)
    assert s.controller[ox] == 0 and s.owner[ox] == 1  # borrowed
    do(s, f"play #{card(s, 'tactical-retreat')} -> #{ox}")
    resolve(s)
    # a hand holds its owner's cards, played by their owner (SB-029, SB-121, SB-124): back to P2's hand
    assert s.zone_of[ox] == s.layout.hand[1] and s.controller[ox] == 1
    assert ox not in s.zones[s.layout.hand[0]]
    # the hand is hidden from the borrower (SB-029): it sees only the ox, which everyone saw go there
    hand = s.observe(0)["players"][1]["hand"]
    assert hand["count"] == 2 and [c["id"] for c in hand["known"]] == [ox]


@pytest.mark.rules("SB-002", "SB-029")
def test_tactical_retreat_returns_your_own_character_to_your_hand() -> None:
    s = scenario(Seat(hand=["tactical-retreat", "field-hand"], farms=1, play=["war-ox"]), Seat())
    ox = card(s, "war-ox")
    do(s, f"play #{card(s, 'tactical-retreat')} -> #{ox}")
    resolve(s)
    assert s.zone_of[ox] == s.layout.hand[0] and s.controller[ox] == 0 and s.owner[ox] == 0


@pytest.mark.rules("SB-R26", "SB-K11")
def test_tactical_retreat_in_an_off_the_top_game_returns_to_the_retreating_players_hand() -> None:
    """The shared pool's cards have no owner (SB-R26): a borrowed one goes to the hand of whoever returns it."""
    s = scenario(
        Seat(hand=["turncoat-pact", "tactical-retreat", "field-hand"], farms=5),
        Seat(play=["war-ox"], hand=["field-hand"]),
        format="off_the_top",
    )
    ox = card(s, "war-ox")
    do(s, f"play #{card(s, 'turncoat-pact')} -> #{ox}")
    resolve(s)
    assert s.controller[ox] == 0 and s.owner[ox] == -1
    do(s, f"play #{card(s, 'tactical-retreat')} -> #{ox}")
    resolve(s)
    assert s.zone_of[ox] == s.layout.hand[0] and s.controller[ox] == 0


# ---------------------------------------------------------------------- set aside (SB-K12)


@pytest.mark.rules("SB-K12", "SB-039")
def test_a_set_aside_card_is_out_of_the_game_for_good() -> None:
    s = scenario(
        Seat(hand=["banishment", "field-hand"], farms=3), Seat(play=["war-ox"], deck=[], hand=["field-hand"])
    )
    ox = card(s, "war-ox")
    do(s, f"play #{card(s, 'banishment')} -> #{ox}")
    resolve(s)
    assert s.zone_of[ox] == s.layout.aside and not s.face_down[ox]
    assert s.observe(1)["set_aside"][0]["name"] == "War Ox"  # face up, seen by all
    next_turn(s)  # P2's draw finds both piles empty: the set-aside ox is not shuffled back
    assert s.zone_of[ox] == s.layout.aside
