"""What each seat drew, had in its opening hand and played (``sim.stats.CardTally``), read the same way for
every game: a card is drawn when it was in its owner's hand at some decision, whatever moved it there, or
when a draw event names it."""

from __future__ import annotations

import pytest

import spellforge
from spellforge.core.events import DRAW
from spellforge.core.rng import Rng
from spellforge.sim.simulate import play_game
from spellforge.sim.stats import CardTally


@pytest.mark.parametrize("name", sorted(spellforge.GAMES))
def test_drawn_is_every_card_of_the_seats_deck_that_was_in_its_hand(name: str) -> None:
    game = spellforge.find_game(name)
    for seed in range(3):
        state = game.new_game(seed=seed)
        tally = CardTally(state, None, seed, {})
        hands = state.layout.by_seat["hand"]
        in_hand: list[set[str]] = [set() for _ in range(state.n_seats)]
        first: list[set[str] | None] = [None] * state.n_seats
        rng = Rng(seed)
        while state.outcome is not None or state.decision is not None:
            for seat, zone in enumerate(hands):
                keys = {state.defs[c].key for c in state.zones[zone] if state.owner[c] == seat}
                in_hand[seat] |= keys
                if first[seat] is None and state.zones[zone]:
                    first[seat] = keys
            if state.outcome is not None:
                break
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            tally.before(state, state.decision.seat, action)
            state.apply(action)
        record = tally.finish(state)
        decks, opening, drawn, played = (record[k] for k in ("decks", "opening", "drawn", "played"))
        assert len(decks) == len(drawn) == state.n_seats
        events: list[set[str]] = [set() for _ in range(state.n_seats)]
        for e in state.events():
            if e.kind == DRAW and e.card >= 0 and state.owner[e.card] == e.seat:
                events[e.seat].add(state.defs[e.card].key)
        for seat in range(state.n_seats):
            # a card drawn and gone before the next decision is known by its draw event only
            assert in_hand[seat] <= set(drawn[seat]) <= in_hand[seat] | events[seat], (name, seed, seat)
            assert set(opening[seat]) == (first[seat] or set())
            assert set(played[seat]) <= set(drawn[seat]) <= set(state.deck_keys[seat])


def test_a_report_game_records_the_cards_and_the_deck() -> None:
    r = play_game("casters", ["random", "random"], 11, card_stats=True)
    assert not r.error and len(r.decks) == len(r.drawn) == len(r.opening) == len(r.played) == 2
    for seat in range(2):
        assert set(r.opening[seat]) <= set(r.drawn[seat]) and r.drawn[seat] == sorted(r.drawn[seat])
