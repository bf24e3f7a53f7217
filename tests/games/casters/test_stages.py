"""Stages as health, losing them, and winning (CA-011, CA-012, CA-057, CA-R07..CA-R11, CA-K23)."""

from __future__ import annotations

import pytest

from spellforge.games.casters.base import GRAVEYARD, STAGE_DECK, STAGES

from .casters_util import Side, act, card_id, events, legal, scenario, turn_events

ALTAR_FIRST = ["blood-moon-altar", "misty-fen", "sunken-library", "obsidian-spire"]


@pytest.mark.rules("CA-R08", "CA-024", "CA-025", "CA-031", "CA-049", "CA-050", "CA-011", "CA-R07")
def test_seven_damage_loses_one_stage_and_the_next_affordable_one_goes_face_up() -> None:
    # CA section 5, scenario 10: the top Stage ("Sacrifice a LvL1", no LvL1 minion) is shuffled back.
    state = scenario(
        Side(field=["abyssal-maw"], hand=["tide-sprite", "reef-lancer", "gravel-ghoul"], deck=["quell"]),
        Side(stage_deck=list(ALTAR_FIRST), hand=["ashen-whelp", "frostbinder"], deck=["quell"]),
    )
    assert state.health(1) == 20
    act(state, f"attack #{card_id(state, 'abyssal-maw')} -> P2")
    revealed = [state.defs[e.card].key for e in turn_events(state, 3, "stage_reveal")]
    assert revealed == ["blood-moon-altar", "misty-fen"]
    assert [state.defs[c].key for c in state.zones[STAGES[1]]] == ["skyfall-citadel", "misty-fen"]
    altar = card_id(state, "blood-moon-altar")
    assert state.zone_of[altar] == STAGE_DECK[1] and len(state.zones[STAGE_DECK[1]]) == 3
    # the 2 leftover damage was cleared at the end of turn 3; turn 4 sets 1 + 2 = 3 cards each
    assert state.turn == 4 and state.stage_damage == [0, 0] and state.health(1) == 15
    assert state.set_quota == 3
    assert state.decision is not None and state.decision.kind == "set" and state.decision.data == (3,)


@pytest.mark.rules("CA-R08")
def test_the_first_affordable_stage_must_be_paid_for() -> None:
    state = scenario(
        Side(field=["dusk-ravager"]),
        Side(stage_deck=["ossuary-gate", "misty-fen"], hand=["ashen-whelp", "frostbinder"]),
    )
    act(state, f"attack #{card_id(state, 'dusk-ravager')} -> P2")
    assert state.decision is not None and state.decision.kind == "pay" and state.decision.seat == 1
    whelp = card_id(state, "ashen-whelp")
    act(state, f"discard #{whelp}")
    gate = card_id(state, "ossuary-gate")
    assert state.zone_of[gate] == STAGES[1] and state.zone_of[whelp] == GRAVEYARD[1]


@pytest.mark.rules("CA-R09")
def test_when_no_remaining_stage_can_be_paid_the_top_one_goes_to_the_graveyard() -> None:
    # CA section 5, scenario 11.
    state = scenario(
        Side(field=["dusk-ravager"]),
        Side(stage_deck=["ossuary-gate", "blood-moon-altar"]),
    )
    act(state, f"attack #{card_id(state, 'dusk-ravager')} -> P2")
    gate = card_id(state, "ossuary-gate")
    assert state.zone_of[gate] == GRAVEYARD[1]
    assert [state.defs[c].key for c in state.zones[STAGES[1]]] == ["skyfall-citadel"]  # none entered play
    assert len(state.zones[STAGE_DECK[1]]) == 1 and state.outcome is None


@pytest.mark.rules("CA-057", "CA-R11", "CA-R07")
def test_losing_the_last_stage_loses_the_game_at_once() -> None:
    # CA section 5, scenario 12.
    state = scenario(Side(field=["dusk-ravager", "gravel-ghoul"]), Side(stage_deck=["misty-fen"]))
    act(state, f"attack #{card_id(state, 'dusk-ravager')} -> P2")
    assert state.outcome is not None and state.outcome.winners == (0,) and state.outcome.reason == "stages"
    assert state.zones[STAGE_DECK[1]] == [] and state.current_player is None and state.legal_actions() == []


@pytest.mark.rules("CA-R11")
def test_both_heroes_losing_their_last_stage_at_once_is_a_draw() -> None:
    state = scenario(
        Side(set=["starfall"], hand=["tide-sprite", "reef-lancer"], stage_deck=["misty-fen"]),
        Side(set=["ashen-whelp", "frostbinder"], stage_deck=["dawnlit-shore"]),
        phase="reveal",
    )
    act(state, f"play #{card_id(state, 'starfall')}", f"discard #{card_id(state, 'tide-sprite')}")
    assert state.outcome is not None and state.outcome.is_draw
    assert state.outcome.reason == "both Heroes lost their last Stage at once"
    assert state.describe_outcome() == "The game is a draw: both Heroes lost their last Stage at once."


@pytest.mark.rules("CA-012", "CA-031", "CA-K23")
def test_stages_lost_this_turn_raise_next_turns_set_count() -> None:
    state = scenario(
        Side(set=["meteor-shard"], hand=["tide-sprite"], stages=["skyfall-citadel"]),
        Side(set=["ashen-whelp", "frostbinder"], stages=["dawnlit-shore"]),
        phase="reveal",
    )
    act(state, f"play #{card_id(state, 'meteor-shard')}")  # its cost, the one card in hand, is forced
    assert len(state.zones[STAGES[1]]) == 2 and state.health(1) == 15
    assert events(state, "stage_up")[-1].seat == 1
    while state.turn == 3:
        act(state, legal(state)[0])
    assert state.set_quota == 3


@pytest.mark.rules("CA-R07", "CA-R08", "CA-049")
def test_hero_damage_short_of_a_stage_lowers_health_until_the_end_of_the_turn() -> None:
    state = scenario(Side(field=["reef-lancer", "gravel-ghoul"]), Side(deck=["quell"]))
    lancer = card_id(state, "reef-lancer")
    assert state.health(1) == 20 and state.attack_of(lancer) == 2
    act(state, f"attack #{lancer} -> P2")
    assert state.turn == 3 and state.decision is not None and state.decision.kind == "battle"
    assert state.health(1) == 18 and len(state.zones[STAGE_DECK[1]]) == 4  # no Stage lost yet
    act(state, "skip")  # P2 has no minion, so both have skipped: the turn ends
    assert state.turn == 4 and state.health(1) == 20


@pytest.mark.rules("CA-025", "CA-R08")
def test_the_stages_revealed_on_the_way_are_shuffled_back() -> None:
    # "Discard a card" on top with an empty hand: it is revealed, passed over and shuffled back in
    deck = ["ossuary-gate", "misty-fen", "sunken-library", "obsidian-spire", "dawnlit-shore"]
    orders = set()
    for seed in range(8):
        state = scenario(Side(field=["dusk-ravager"]), Side(stage_deck=list(deck)), seed=seed)
        act(state, f"attack #{card_id(state, 'dusk-ravager')} -> P2")
        revealed = [state.defs[e.card].key for e in turn_events(state, 3, "stage_reveal")]
        assert revealed == ["ossuary-gate", "misty-fen"]
        left = [state.defs[c].key for c in state.zones[STAGE_DECK[1]]]
        assert sorted(left) == sorted(["ossuary-gate", "sunken-library", "obsidian-spire", "dawnlit-shore"])
        orders.add(tuple(left))
    assert len(orders) > 1  # unshuffled, the Gate would stay on top every time


@pytest.mark.rules("CA-R21", "CA-R08", "CA-R19")
def test_a_blocker_dealt_lethal_damage_is_gone_before_the_stage_loss_it_let_through() -> None:
    # The dying LvL1 blocker cannot pay "Sacrifice a LvL1" for the Stage lost in the same combat: it is
    # destroyed at once after the damage step, so Blood Moon Altar is unaffordable and shuffled back.
    state = scenario(
        Side(field=["abyssal-maw"]),
        Side(field=["tide-sprite:damage=4"], stage_deck=list(ALTAR_FIRST)),
    )
    sprite, altar = card_id(state, "tide-sprite"), card_id(state, "blood-moon-altar")
    act(state, f"attack #{card_id(state, 'abyssal-maw')} -> P2", f"block #{sprite}")
    assert [e.amount for e in turn_events(state, 3, "hero_damage")] == [5]  # 7 Attack, 2 absorbed
    assert [e.card for e in turn_events(state, 3, "death")] == [sprite]
    assert not [e for e in turn_events(state, 3, "sacrifice")]
    revealed = [state.defs[e.card].key for e in turn_events(state, 3, "stage_reveal")]
    assert revealed == ["blood-moon-altar", "misty-fen"]
    assert [state.defs[c].key for c in state.zones[STAGES[1]]] == ["skyfall-citadel", "misty-fen"]
    assert state.zone_of[altar] == STAGE_DECK[1] and state.zone_of[sprite] == GRAVEYARD[1]
