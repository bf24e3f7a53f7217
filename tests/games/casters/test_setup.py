"""Before the game: the coin, shuffling, the Stage reveal, the opening hand (CA-019..CA-026, CA-R07, CA-R10)."""

from __future__ import annotations

import pytest

from spellforge.core.cards import CardDef
from spellforge.core.errors import SpellforgeError
from spellforge.games.casters.base import DECK, HAND, STAGE_DECK, STAGES
from spellforge.games.casters.state import CastersState

from .casters_util import GAME, events

# a legal Main Deck (CA-014, CA-R06): 15 different minions, 2 copies each
MAIN = [k for k in sorted(GAME.cards) if GAME.cards[k].type == "minion"][:15] * 2


def deck(stages: list[str]) -> list[CardDef]:
    return [GAME.cards[k] for k in MAIN + stages]


def new(seed: int, stages0: list[str], stages1: list[str] | None = None) -> CastersState:
    state = GAME.new_game(seed=seed, decks=[deck(stages0), deck(stages1 or stages0)])
    assert isinstance(state, CastersState)
    return state


def opening_draws(state: CastersState) -> dict[int, int]:
    """Cards drawn by each seat before the first turn starts: the opening hands (CA-026)."""
    counts = {0: 0, 1: 0}
    for e in state.events():
        if e.kind == "turn":
            break
        if e.kind == "draw":
            counts[e.seat] += 1
    return counts


def new_unchecked(seed: int, stages0: list[str], stages1: list[str]) -> CastersState:
    """A game whose Stage Decks no legal deck has (no construction check), for setup edge cases."""
    options = GAME.resolve_options(2, {})
    state = GAME.start_game(seed, [deck(stages0), deck(stages1)], 2, options)
    assert isinstance(state, CastersState)
    return state


FREE = ["dawnlit-shore", "misty-fen", "sunken-library", "obsidian-spire", "skyfall-citadel"]
COSTED_FIRST = ["ossuary-gate", "blood-moon-altar", "dawnlit-shore", "misty-fen", "sunken-library"]


@pytest.mark.rules("CA-001")
def test_casters_is_for_exactly_two_players() -> None:
    assert (GAME.min_players, GAME.max_players) == (2, 2)
    with pytest.raises(SpellforgeError, match="played by 2 to 2 players"):
        GAME.new_game(seed=1, players=3)


@pytest.mark.rules("CA-019", "CA-021", "CA-K16")
def test_a_coin_flip_gives_one_player_the_initiative() -> None:
    holders = set()
    for seed in range(12):
        state = new(seed, FREE)
        coin = events(state, "coin")[0]
        assert coin.note == "flip" and coin.seat == state.initiative
        holders.add(state.initiative)
    assert holders == {0, 1}


@pytest.mark.rules("CA-022")
def test_both_decks_are_shuffled() -> None:
    orders = set()
    for seed in range(6):
        state = new(seed, FREE)
        orders.add(tuple(state.defs[c].key for c in state.zones[STAGE_DECK[0]]))
    assert len(orders) > 1
    state = new(0, FREE)
    main_keys = [state.defs[c].key for c in [*state.zones[DECK[0]], *state.zones[HAND[0]]]]
    assert main_keys != MAIN  # the Main Deck no longer lies in list order


@pytest.mark.rules("CA-020", "CA-023", "CA-026", "CA-R07", "CA-017", "CA-011")
def test_setup_order_and_starting_health() -> None:
    state = new(3, FREE)
    kinds = [e.kind for e in state.events() if e.kind in ("coin", "stage_reveal", "stage_up", "draw")]
    first_draw = kinds.index("draw")
    assert kinds[0] == "coin"
    assert kinds[1:first_draw] == ["stage_reveal", "stage_up", "stage_reveal", "stage_up"]
    for seat in (0, 1):
        assert len(state.zones[STAGES[seat]]) == 1
        assert len(state.zones[STAGE_DECK[seat]]) == 4
        assert state.health(seat) == 20  # 25 nominal, less the Stage revealed at setup
    opening = [e for e in state.events() if e.kind == "draw"][:10]
    assert sorted(e.seat for e in opening) == [0] * 5 + [1] * 5
    assert opening_draws(state) == {0: 5, 1: 5}  # CA-026: exactly 5 each before turn 1 begins
    for seat in (0, 1):  # the 5 opening cards and turn 1's draw (CA-029), all from the 30-card Main Deck
        assert len(state.zones[HAND[seat]]) == 6 and len(state.zones[DECK[seat]]) == 24


@pytest.mark.rules("CA-024", "CA-025", "CA-R10", "CA-031", "CA-020", "CA-026")
def test_setup_reveals_past_an_unaffordable_stage() -> None:
    # CA section 5, scenario 2: the top Stage costs "Discard a card" and the hand is empty at setup.
    for seed in range(300):
        state = new(seed, COSTED_FIRST, FREE)
        reveals = [e for e in events(state, "stage_reveal") if e.seat == state.initiative]
        if state.defs[reveals[0].card].key == "ossuary-gate":
            break
    else:
        pytest.fail("no seed put the Ossuary Gate on top")
    me = state.initiative
    gate = reveals[0].card
    up = state.zones[STAGES[me]]
    assert len(reveals) >= 2 and len(up) == 1 and state.defs[up[0]].cost == "Free Stage"
    assert state.zone_of[gate] == STAGE_DECK[me]  # shuffled back, not lost
    assert len(state.zones[STAGE_DECK[me]]) == 4
    set_phase = events(state, "set_phase")[0]
    assert set_phase.amount == 2
    draws = [e.seat for e in events(state, "draw")]
    assert draws[:10].count(0) == 5 and draws[:10].count(1) == 5
    assert opening_draws(state) == {0: 5, 1: 5}


@pytest.mark.rules("CA-R10", "CA-024")
def test_no_affordable_stage_at_setup_leaves_the_player_without_one() -> None:
    # only two Stages have a cost, so no legal 5-Stage deck reaches this: a 2-card Stage Deck does
    state = new_unchecked(1, ["ossuary-gate", "blood-moon-altar"], FREE)
    assert state.zones[STAGES[0]] == []
    assert len(state.zones[STAGE_DECK[0]]) == 2  # every revealed card went back
    assert state.health(0) == 10
    assert events(state, "set_phase")[0].amount == 1  # only the other player's Stage counts


@pytest.mark.rules("CA-013", "CA-018")
def test_each_player_has_their_own_decks_graveyard_and_field() -> None:
    state = new(2, FREE)
    layout = state.layout
    for name in ("deck", "stage_deck", "hand", "set", "field", "stages", "graveyard"):
        zones = getattr(layout, name)
        assert len(set(zones)) == 2 and [layout.seat_of[z] for z in zones] == [0, 1]
    for cid in state.all_card_ids():
        seat = layout.seat_of[state.zone_of[cid]]
        assert seat == state.owner[cid]  # before play begins every card sits in its owner's zones
