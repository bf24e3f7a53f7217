"""Hidden information: determinize keeps Stage and Main Deck cards apart, a search shows the deck to the
searcher only, secret events stay secret, and an empty deck is no loss (CA-R16)."""

from __future__ import annotations

import pytest

from spellforge.core.rng import Rng
from spellforge.games.casters.base import DECK, HAND, STAGE_DECK
from spellforge.games.casters.state import CastersState

from .casters_util import GAME, Side, act, card_id, events, scenario


def random_state(seed: int, steps: int) -> CastersState:
    state = GAME.new_game(seed=seed)
    assert isinstance(state, CastersState)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


@pytest.mark.rules("CA-K23", "CA-R07")
def test_determinize_never_mixes_stage_cards_into_the_main_deck() -> None:
    for seed in range(8):
        state = random_state(seed, 60)
        for seat in (0, 1):
            det = state.determinize(seat, Rng(seed))
            assert not det.check_invariants()
            for s in (0, 1):
                assert all(det.defs[c].type == "stage" for c in det.zones[STAGE_DECK[s]])
                assert all(det.defs[c].type != "stage" for c in det.zones[DECK[s]] + det.zones[HAND[s]])
            view = {k: v for k, v in state.observe(seat).items() if k != "log"}
            assert {k: v for k, v in det.observe(seat).items() if k != "log"} == view


def test_a_search_shows_the_deck_to_the_searcher_and_determinize_keeps_it() -> None:
    state = scenario(
        Side(set=["crypt-seeker"], deck=["gravel-ghoul", "mistcaller-adept", "tide-sprite", "hex-wraith"]),
        Side(set=["ashen-whelp", "tide-sprite"]),
        phase="reveal",
    )
    act(state, f"play #{card_id(state, 'crypt-seeker')}")
    assert state.decision is not None and state.decision.kind == "search"
    view = state.observe(0)
    for k in range(5):
        det = state.determinize(0, Rng(k))
        assert det.zones[DECK[0]] == state.zones[DECK[0]]
        assert det.observe(0)["decision"] == view["decision"]
    other = state.observe(1)
    assert "legal" not in other["decision"]
    moved = any(state.determinize(1, Rng(k)).zones[DECK[0]] != state.zones[DECK[0]] for k in range(10))
    assert moved  # the opponent does not see that deck


def test_draws_and_sets_are_secret_to_everyone_else() -> None:
    state = random_state(3, 40)
    for e in state.events():
        if e.kind in ("draw", "set"):
            assert e.secret
            name = state.defs[e.card].name
            for seat in (None, 1 - e.seat):
                line = state.describe_event(e, seat)
                assert name not in line and "a card" in line and f"#{e.card}" not in line
            assert name in state.describe_event(e, e.seat)


@pytest.mark.rules("CA-R16")
def test_drawing_from_an_empty_deck_gives_nothing_and_loses_nothing() -> None:
    state = scenario(
        Side(set=["tidal-insight"], deck=["quell"]), Side(set=["ashen-whelp", "tide-sprite"]), phase="reveal"
    )
    act(state, f"play #{card_id(state, 'tidal-insight')}")
    assert [state.defs[c].key for c in state.zones[HAND[0]]] == ["quell"]
    assert events(state, "empty_deck") and state.outcome is None and state.zones[DECK[0]] == []


def test_a_set_card_is_told_as_a_face_down_card_to_the_other_seat() -> None:
    state = scenario(
        Side(hand=["gravel-ghoul", "reef-lancer"]), Side(hand=["tide-sprite", "quell"]), phase="set"
    )
    action = state.legal_actions()[0]
    (card,) = action.card_ids()
    name = state.defs[card].name
    assert state.describe_action(action, 0) == f"Set {name} face down"
    state.apply(action)
    assert any(name in line for line in state.observe(0)["log"])
    for watcher in (1, None):
        log = state.observe(watcher)["log"]
        assert "P1 sets a card face down." in log and not any(name in line for line in log)
