"""What the cards in force give is read once and kept (core/abilities.py): the kept record must always equal a
fresh read, after every decision of a game and in every determinized copy a search bot plays in (where hidden
cards in force, such as a face-down card whose ability may be used face down, take other identities)."""

from __future__ import annotations

import pytest

from spellforge.compiled import is_compiled
from spellforge.core.abilities import AbilityState, InForce
from spellforge.core.rng import Rng
from spellforge.games import find_game

GAMES = ("spellbattle", "spellweaver", "casters", "spelldawn", "spellfire")


# What the record holds (named here: a compiled InForce has no __slots__ to read them from).
FIELDS = ("activated", "grants", "hosted", "hosted_grants", "lent", "listens", "lowering", "values")


def read(force: InForce) -> tuple[str, ...]:
    return tuple(repr(getattr(force, name)) for name in FIELDS)


@pytest.mark.skipif(is_compiled(), reason="a compiled class keeps no __slots__ to compare with")
def test_the_fields_compared_are_all_the_record_holds() -> None:
    assert set(FIELDS) == set(InForce.__slots__)


def stale(state: AbilityState) -> bool:
    return read(state.in_force()) != read(state._read_in_force())


@pytest.mark.parametrize("game", GAMES)
def test_the_cards_in_force_kept_equal_a_fresh_read_in_play_and_in_every_determinized_copy(game: str) -> None:
    ruleset = find_game(game)
    checked = 0
    for seed in range(6):
        rng, state = Rng(seed), ruleset.new_game(seed=seed)
        assert isinstance(state, AbilityState)
        step = 0
        while state.outcome is None and step < 400:
            assert not stale(state), f"{game} seed {seed}: the record kept is stale after decision {step}"
            if step % 5 == 0:
                for seat in range(state.n_seats):
                    copy = state.determinize(seat, Rng(step))
                    assert isinstance(copy, AbilityState)
                    assert not stale(copy), (
                        f"{game} seed {seed}, decision {step}: determinized for seat {seat}"
                    )
                    checked += 1
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            step += 1
    assert checked > 100
