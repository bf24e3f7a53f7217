"""Choices, targets, fizzling, countering and copying (SB-133..140, SB-K08, SB-K09, SB-K13, SB-R17)."""

from __future__ import annotations

import pytest

from spellforge import Resign
from spellforge.core.stack import StackItem
from spellforge.core.targets import CardRef, PlayerRef
from spellforge.games.spellbattle.scenario import Seat, card, do, legal, scenario
from spellforge.games.spellbattle.state import SpellBattleState


def resolve(s: SpellBattleState) -> None:
    while s.stack and s.decision is not None and s.decision.kind == "priority":
        do(s, "pass")


def events(s: SpellBattleState, kind: str) -> list[int]:
    return [e.card for e in s.events() if e.kind == kind]


# ---------------------------------------------------------------------- choices on play (SB-133..137)


@pytest.mark.rules("SB-133")
def test_the_players_own_choice_is_made_as_the_card_is_played() -> None:
    s = scenario(
        Seat(hand=["fire-lance", "field-hand"], farms=2), Seat(play=["war-ox"], hand=["quicken"], farms=1)
    )
    lance, ox = card(s, "fire-lance"), card(s, "war-ox")
    assert {f"play #{lance} -> P1", f"play #{lance} -> P2", f"play #{lance} -> #{ox}"} <= set(legal(s))
    assert f"play #{lance}" not in legal(s)  # there is no way to play it without choosing
    do(s, f"play #{lance} -> #{ox}")
    assert s.stack[-1].targets == (CardRef(ox),) and s.observe(1)["limbo"][0]["targets"] == [
        {"card": ox, "label": "P2's War Ox"}
    ]
    assert s.damage[ox] == 0  # chosen, not yet dealt


@pytest.mark.rules("SB-134", "SB-136")
def test_the_opponent_chooses_only_when_the_card_resolves() -> None:
    s = scenario(
        Seat(hand=["blood-tithe", "field-hand"], farms=3),
        Seat(play=["hedge-knight", "war-ox", "field-hand"], hand=["quicken"], farms=1),
    )
    tithe = card(s, "blood-tithe")
    assert f"play #{tithe} -> P2" in legal(s) and f"play #{tithe} -> #{card(s, 'war-ox')}" not in legal(s)
    do(s, f"play #{tithe} -> P2")  # the opponent is named now ...
    assert s.decision is not None and s.decision.kind == "priority" and s.stack[-1].targets == (PlayerRef(1),)
    resolve(s)
    assert (
        s.decision is not None and s.decision.kind == "sacrifice" and s.decision.seat == 1
    )  # ... they pick now
    knight, hand_ = card(s, "hedge-knight"), card(s, "field-hand", seat=1)
    do(s, f"pick #{knight}", f"pick #{hand_}")
    assert not s.in_play(knight) and not s.in_play(hand_) and s.in_play(card(s, "war-ox"))


@pytest.mark.rules("SB-135")
def test_a_card_whose_choice_has_no_legal_option_cannot_be_played() -> None:
    s = scenario(
        Seat(
            hand=["final-verdict", "martyrs-oath", "severing-word", "grave-robbery", "dispel-echo"], farms=5
        ),
        Seat(hand=["field-hand"]),
    )
    playable = {a.split(" ->")[0] for a in legal(s)}
    for key in ("final-verdict", "martyrs-oath", "severing-word", "grave-robbery", "dispel-echo"):
        assert f"play #{card(s, key)}" not in playable, key  # no character, nothing in limbo or discard
    s = scenario(
        Seat(hand=["final-verdict", "martyrs-oath"], farms=5, play=["hedge-knight"], discard=["war-ox"]),
        Seat(),
    )
    playable = {a.split(" ->")[0] for a in legal(s)}
    assert {f"play #{card(s, 'final-verdict')}", f"play #{card(s, 'martyrs-oath')}"} <= playable


@pytest.mark.rules("SB-137", "SB-K08")
def test_any_player_may_counter_a_card_aimed_at_one_opponent() -> None:
    s = scenario(
        Seat(hand=["blood-tithe", "field-hand"], farms=3),
        Seat(play=["hedge-knight", "war-ox"], hand=["null-sigil"], farms=2),
        Seat(hand=["null-sigil"], farms=2),
    )
    tithe = card(s, "blood-tithe")
    do(s, f"play #{tithe} -> P2")
    uid = s.stack[-1].uid
    assert (
        s.decision is not None
        and s.decision.seat == 1
        and f"play #{card(s, 'null-sigil', seat=1)} -> @{uid}" in legal(s)
    )
    do(s, "pass")  # P2 leaves it to P3
    sigil = card(s, "null-sigil", seat=2)
    assert s.decision is not None and s.decision.seat == 2 and f"play #{sigil} -> @{uid}" in legal(s)
    do(s, f"play #{sigil} -> @{uid}")
    resolve(s)
    assert s.zone_of[tithe] == s.layout.discard[0]  # a countered card goes to its owner's discard pile
    assert len(s.characters(1)) == 2


# ---------------------------------------------------------------------- fizzling (SB-138..140, SB-K13, SB-R17)


@pytest.mark.rules("SB-138", "SB-139", "SB-K13", "SB-R17")
def test_a_card_whose_target_is_gone_fizzles_into_the_discard_pile() -> None:
    s = scenario(
        Seat(hand=["fire-lance", "field-hand"], farms=2),
        Seat(play=["hedge-knight"], hand=["tactical-retreat"], farms=1),
    )
    lance, knight = card(s, "fire-lance"), card(s, "hedge-knight")
    do(s, f"play #{lance} -> #{knight}")
    do(s, f"play #{card(s, 'tactical-retreat')} -> #{knight}")  # back to P2's hand in response
    resolve(s)
    assert events(s, "fizzle") == [lance]
    assert s.zone_of[lance] == s.layout.discard[0] and s.zone_of[knight] == s.layout.hand[1]
    assert s.life(0) == 20 and s.life(1) == 20  # no effect at all


@pytest.mark.rules("SB-138", "SB-139")
def test_a_card_aimed_at_a_player_who_left_the_game_fizzles() -> None:
    s = scenario(
        Seat(hand=["ember-bolt", "field-hand"], farms=1),
        Seat(life=2, hand=["quicken"], farms=1, play=["field-hand"]),
        Seat(play=["hedge-archer"]),
    )
    bolt = card(s, "ember-bolt")
    do(s, f"play #{bolt} -> P3")
    s.apply(Resign(2))  # P3 leaves the game while the bolt waits in limbo (SB-R15)
    resolve(s)
    assert events(s, "fizzle") == [bolt] and s.zone_of[bolt] == s.layout.discard[0]


@pytest.mark.rules("SB-140", "SB-R05", "SB-K13")
def test_a_fizzled_card_cannot_be_redirected() -> None:
    """Death (Final Verdict) on X; X's controller answers with Justice (Martyr's Oath) on X."""
    s = scenario(
        Seat(hand=["final-verdict", "field-hand"], farms=3),
        Seat(play=["war-ox", "hedge-knight"], hand=["martyrs-oath"], farms=1),
    )
    verdict, ox, knight = card(s, "final-verdict"), card(s, "war-ox"), card(s, "hedge-knight")
    do(s, f"play #{verdict} -> #{ox}", f"play #{card(s, 'martyrs-oath')} -> #{ox}")
    resolve(s)
    assert not s.in_play(ox) and s.in_play(knight)  # Justice resolved first; Death found no X
    assert events(s, "fizzle") == [verdict] and s.zone_of[verdict] == s.layout.discard[0]


@pytest.mark.rules("SB-R17", "SB-134")
def test_an_opponents_choice_that_cannot_be_fully_met_is_met_as_far_as_possible() -> None:
    s = scenario(Seat(hand=["blood-tithe", "field-hand"], farms=3), Seat(play=["war-ox"]))
    ox = card(s, "war-ox")
    do(s, f"play #{card(s, 'blood-tithe')} -> P2")
    assert not s.in_play(ox) and s.zone_of[ox] == s.layout.discard[1]  # one of the two it asked for
    assert events(s, "fizzle") == []


# ---------------------------------------------------------------------- countering (SB-K08)


@pytest.mark.rules("SB-K08", "SB-033")
def test_a_countered_character_card_goes_to_its_owners_discard_pile() -> None:
    s = scenario(Seat(hand=["war-ox", "field-hand"], farms=4), Seat(hand=["severing-word"], farms=1))
    ox, word = card(s, "war-ox"), card(s, "severing-word")
    do(s, f"play #{ox}")
    do(s, f"play #{word} -> @{s.stack[-1].uid}")
    resolve(s)
    assert s.zone_of[ox] == s.layout.discard[0] and not s.characters(0)
    assert s.zone_of[word] == s.layout.discard[1]


@pytest.mark.rules("SB-K08")
def test_severing_word_counters_only_character_cards_and_dispel_echo_only_abilities() -> None:
    s = scenario(
        Seat(hand=["fire-lance", "field-hand"], farms=2, play=["hedge-archer"]),
        Seat(hand=["severing-word", "dispel-echo", "null-sigil"], farms=3),
    )
    do(s, f"play #{card(s, 'fire-lance')} -> P2", "pass")
    word, echo, sigil = card(s, "severing-word"), card(s, "dispel-echo"), card(s, "null-sigil")
    uid = s.stack[-1].uid
    assert f"play #{sigil} -> @{uid}" in legal(s)
    assert not any(a.startswith((f"play #{word}", f"play #{echo}")) for a in legal(s))


@pytest.mark.rules("SB-K08", "SB-106")
def test_a_countered_ability_ceases_to_exist() -> None:
    s = scenario(
        Seat(play=["hedge-archer", "field-hand"], hand=["field-hand"]),
        Seat(hand=["null-sigil"], farms=2, play=["hedge-knight"]),
    )
    archer, knight = card(s, "hedge-archer"), card(s, "hedge-knight")
    do(s, f"use #{archer} -> #{knight}")
    do(s, f"play #{card(s, 'null-sigil')} -> @{s.stack[-1].uid}")
    resolve(s)
    assert not s.stack and s.in_play(archer) and s.damage[knight] == 0
    assert s.zone_of[archer] == s.layout.play  # countering the ability leaves its card alone


# ---------------------------------------------------------------------- copying (SB-K09)


@pytest.mark.rules("SB-K09", "SB-033")
def test_a_copy_is_controlled_by_the_copier_who_makes_new_choices() -> None:
    s = scenario(
        Seat(hand=["fire-lance", "field-hand"], farms=2),
        Seat(hand=["mirror-echo"], farms=2, play=["war-ox"]),
    )
    lance, echo, ox = card(s, "fire-lance"), card(s, "mirror-echo"), card(s, "war-ox")
    do(s, f"play #{lance} -> #{ox}")
    do(s, f"play #{echo} -> @{s.stack[-1].uid}")
    resolve(s)
    assert s.decision is not None and s.decision.kind == "copy_target" and s.decision.seat == 1
    assert "target P1" in legal(s) and f"target #{ox}" in legal(s)
    do(s, "target P1")
    resolve(s)
    assert s.life(0) == 17 and s.damage[ox] == 3  # the copy hit P1, the original the ox
    assert s.zone_of[echo] == s.layout.discard[1] and s.zone_of[lance] == s.layout.discard[0]
    assert sum(1 for c in s.all_card_ids() if s.defs[c].key == "fire-lance") == 1  # the copy was no card


@pytest.mark.rules("SB-K09")
def test_a_copy_of_a_draw_spell_draws_for_the_copier() -> None:
    s = scenario(
        Seat(hand=["scholars-insight", "field-hand"], farms=2),
        Seat(hand=["mirror-echo"], farms=2),
    )
    do(s, f"play #{card(s, 'scholars-insight')}", f"play #{card(s, 'mirror-echo')} -> @1")
    resolve(s)
    assert len(s.zones[s.layout.hand[1]]) == 2 and len(s.zones[s.layout.hand[0]]) == 3


@pytest.mark.rules("SB-K09", "SB-106")
def test_a_copy_in_limbo_is_targeted_like_an_ability_not_a_card() -> None:
    s = scenario(
        Seat(hand=["fire-lance", "dispel-echo", "severing-word", "field-hand"], farms=4),
        Seat(hand=["mirror-echo"], farms=2),
    )
    do(s, f"play #{card(s, 'fire-lance')} -> P2", "pass")  # P1 has nothing to add, but is asked
    do(s, f"play #{card(s, 'mirror-echo')} -> @{s.stack[-1].uid}")
    resolve(s)
    do(s, "target P1")
    copy = s.stack[-1]
    assert copy.kind == "copy" and copy.controller == 1
    assert s.decision is not None and s.decision.seat == 0
    assert f"play #{card(s, 'dispel-echo')} -> @{copy.uid}" in legal(s)
    assert not any(a.startswith(f"play #{card(s, 'severing-word')}") for a in legal(s))
    do(s, f"play #{card(s, 'dispel-echo')} -> @{copy.uid}")
    resolve(s)
    assert s.life(0) == 20 and s.life(1) == 17  # the copy was countered; the original resolved


@pytest.mark.rules("SB-R17", "SB-139")
def test_an_effect_runs_on_its_choices_still_legal_only() -> None:
    """Core's run_effect (StackState): an effect whose chosen card is no longer a legal choice does nothing
    to it -- here a Tactical Retreat whose character is already in the discard pile when its effect runs
    (a whole card with no legal choice left fizzles before that, SB-138)."""
    s = scenario(Seat(hand=["tactical-retreat"], discard=["war-ox"], play=["hedge-knight"], farms=1), Seat())
    retreat, ox, knight = card(s, "tactical-retreat"), card(s, "war-ox"), card(s, "hedge-knight")
    for target, moved in ((ox, False), (knight, True)):
        s.resolving = StackItem(s.next_uid(), "card", retreat, 0, -1, (CardRef(target),))
        s.op_run_effect(0)
        assert (s.zone_of[target] == s.layout.hand[0]) == moved
