"""Knowledge: which seats know each card (core/knowledge.py), read by can_see, observe and determinize.

Played through the Vault toy (tests/core/toys/vault.py): the Raider learns the vault's top card
by a raid, and only the Raider knows it while it lies in the Keeper's hidden deck.
"""

from __future__ import annotations

import pytest

from spellforge.core.rng import Rng
from spellforge.core.state import State

from .toys.vault import KEEPER, RAIDER, Vault, VaultState

GAME = Vault()


def new(seed: int = 1) -> VaultState:
    state = GAME.new_game(seed=seed)
    assert isinstance(state, VaultState)
    return state


def do(state: State, text: str) -> None:
    state.apply(GAME.parse_action(state, text))


def vault_top(state: State) -> int:
    top = state.top(state.layout.deck[KEEPER])
    assert top is not None
    return top


def without_log(view: dict) -> dict:
    return {k: v for k, v in view.items() if k != "log"}


def test_a_raid_on_the_vault_shows_its_top_card_to_the_raider_only() -> None:
    state = new()
    top = vault_top(state)
    assert not state.can_see(RAIDER, top)
    do(state, "raid room vault")
    assert state.can_see(RAIDER, top) and state.knows(RAIDER, top)
    assert not state.can_see(KEEPER, top) and not state.can_see(None, top)  # SD-119: not the Keeper
    seen = state.observe(RAIDER)["vault"]
    assert seen["count"] == len(state.zones[state.layout.deck[KEEPER]])
    d = state.defs[top]
    assert seen["known"] == [{"from_top": 0, "id": top, "key": d.key, "name": d.name, "type": d.type}]
    assert "known" not in state.observe(KEEPER)["vault"] and "known" not in state.observe(None)["vault"]


def test_the_raider_s_determinize_keeps_the_known_card_where_it_is_and_the_keeper_s_resamples_it() -> None:
    state = new()
    do(state, "raid room vault")
    top = vault_top(state)
    moved = False
    for k in range(30):
        raider = state.determinize(RAIDER, Rng(k))
        assert vault_top(raider) == top
        assert without_log(raider.observe(RAIDER)) == without_log(state.observe(RAIDER))
        keeper = state.determinize(KEEPER, Rng(k))
        assert without_log(keeper.observe(KEEPER)) == without_log(state.observe(KEEPER))
        # what the Raider knew belongs to the position: in the Keeper's sample it knows the new top card
        assert keeper.knows(RAIDER, vault_top(keeper))
        moved = moved or vault_top(keeper) != top
    assert moved


def test_a_known_card_stays_known_after_it_moves_until_the_vault_is_shuffled() -> None:
    """SD-R31: a card the Champion has seen stays revealed to it across zones until shuffled into a deck."""
    state = new()
    do(state, "raid room vault")
    top = vault_top(state)
    do(state, "draw")
    assert state.zone_of[top] == state.layout.hand[KEEPER] and state.can_see(RAIDER, top)
    sanctum = state.observe(RAIDER)["sanctum"]
    assert [c["id"] for c in sanctum["known"]] == [top]
    for k in range(10):
        assert top in state.determinize(RAIDER, Rng(k)).zones[state.layout.hand[KEEPER]]
    do(state, "raid room vault")
    second = vault_top(state)
    do(state, "shuffle")
    assert not state.knows(RAIDER, second)  # shuffled into the vault: forgotten
    assert state.knows(RAIDER, top)  # still in the hand: still known


def test_a_card_everyone_saw_stays_known_to_everyone_when_it_moves_into_a_hidden_zone() -> None:
    """Core's ``move``: a card face up in a public zone is seen by all; taken from there into a hand or
    under a deck (no shuffle), it is still that card to every seat, and determinize keeps it where it
    is. A face-down card taken the same way was never seen and stays hidden; a shuffle forgets both."""
    state = new()
    L = state.layout
    shown, hidden = state.zones[L.hand[KEEPER]][-1], state.zones[L.defenders][0]
    state.move(shown, L.occupant)  # played face up where all can see it
    assert state.can_see(RAIDER, shown) and not state.knows(RAIDER, shown)  # seen there, not yet learned
    state.move(shown, L.hand[KEEPER])  # ...and taken back into the hand, in full view
    state.move(hidden, L.hand[KEEPER])  # a face-down defender taken back: nobody saw which
    state.face_down[hidden] = False
    assert all(state.can_see(s, shown) for s in (KEEPER, RAIDER, None))
    assert not state.can_see(RAIDER, hidden) and not state.can_see(None, hidden)
    assert [c["id"] for c in state.observe(RAIDER)["sanctum"]["known"]] == [shown]
    for k in range(20):
        sample = state.determinize(RAIDER, Rng(k))
        assert sample.zone_of[shown] == L.hand[KEEPER]
    state.move(shown, L.occupant)
    state.move(shown, L.deck[KEEPER], bottom=True)  # under the vault, in view: still known
    assert state.can_see(RAIDER, shown)
    state.shuffle(L.deck[KEEPER])
    assert not state.can_see(RAIDER, shown) and not state.can_see(None, shown)


def test_a_card_revealed_to_everyone_is_known_to_spectators_too() -> None:
    state = new()
    top = vault_top(state)
    state.reveal_to_everyone(top)
    assert all(state.can_see(s, top) for s in (KEEPER, RAIDER, None))
    state.forget(top, KEEPER)
    assert not state.can_see(KEEPER, top) and state.can_see(RAIDER, top) and state.can_see(None, top)


def test_a_face_down_defender_is_resampled_only_among_minions() -> None:
    state = new()
    L = state.layout
    swapped = False
    for k in range(40):
        det = state.determinize(RAIDER, Rng(k))
        assert all(det.defs[c].type == "minion" for c in det.zones[L.defenders])
        assert all(det.defs[c].type == "scheme" for c in det.zones[L.occupant])
        assert all(det.face_down[c] for c in det.zones[L.defenders] + det.zones[L.occupant])
        assert not det.check_invariants()
        swapped = swapped or det.zones[L.defenders] != state.zones[L.defenders]
        # the other hidden positions took any of the rest: a minion or a scheme may be in hand or vault
    assert swapped  # the defenders were resampled, not kept


class AnyCardVault(VaultState):
    """The same game without the hook: a defender may become any hidden card of the Keeper."""

    __slots__ = ()
    position_needs = State.position_needs


def test_without_position_needs_a_defender_can_become_a_scheme() -> None:
    state = new()
    state.__class__ = AnyCardVault
    kinds: set[str] = set()
    for k in range(40):
        det = state.determinize(RAIDER, Rng(k))
        kinds.update(det.defs[c].type for c in det.zones[state.layout.defenders])
    assert kinds - {"minion"}


def test_knowledge_survives_clone_and_json() -> None:
    state = new()
    do(state, "raid room vault")
    top = vault_top(state)
    copy = state.clone()
    copy.forget(top)
    assert state.knows(RAIDER, top) and not copy.knows(RAIDER, top)
    back = GAME.from_json(state.to_json())
    assert back.to_json() == state.to_json() and back.knows(RAIDER, top)


@pytest.mark.parametrize("seed", range(5))
def test_random_play_keeps_every_view_under_determinize(seed: int) -> None:
    state = new(seed)
    rng = Rng(seed)
    while not state.is_over:
        for seat in (KEEPER, RAIDER, None):
            det = state.determinize(seat, Rng(seed))
            assert without_log(det.observe(seat)) == without_log(state.observe(seat))
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
