"""The generic conformance suite (DESIGN.md section 4), run for every registered game.

Random play from many seeds; after every action: every card is in exactly one zone and the game's own
invariants hold; every legal action prints and parses back, and no two are the same; a seat's View is
unchanged when everything hidden from it is resampled (so the View names no hidden card). At intervals:
clone() and to_json() are exact and independent, an illegal action changes nothing. At the end: the game ended within its declared
limit and a replay of its record reproduces the final state byte for byte.

A game passes by being registered. ``-m slow`` runs many more seeds and configurations.
"""

from __future__ import annotations

import json
from types import MappingProxyType
from typing import Any

import pytest

from spellforge import GAMES, IllegalActionError
from spellforge.core.rng import Rng
from spellforge.core.state import State

CI_SEEDS = 6
SLOW_SEEDS = 150


def configurations(name: str) -> list[dict[str, Any]]:
    """Player counts and options each game is exercised with (the default, plus declared variants)."""
    game = GAMES[name]
    configs: list[dict[str, Any]] = [{}]
    if game.max_players > 2:
        configs.append({"players": min(game.max_players, 4)})
    for extra in getattr(game, "conformance_variants", ()):
        configs.append(dict(extra))
    return configs


CASES = [(name, i, cfg) for name in GAMES for i, cfg in enumerate(configurations(name))]


def strip_log(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k != "log"}


def check_views(state: State, rng: Rng) -> None:
    seats = [None, *range(state.n_seats)]
    for seat in seats:
        view = state.observe(seat)
        json.dumps(view)  # JSON-safe
        if seat is None:
            continue
        other = state.determinize(seat, rng).observe(seat)
        assert strip_log(other) == strip_log(view), f"the View of P{seat + 1} depends on hidden cards"
    for e in state.iter_log(20):
        if e.secret and e.card >= 0:
            for seat in seats:
                if seat != e.seat:
                    line = state.describe_event(e, seat)
                    assert f"#{e.card}" not in line, f"log line {line!r} shows a secret card to {seat}"


def check_roundtrips(state: State, rng: Rng) -> None:
    game = state.game
    before = state.to_json()
    clone = state.clone()
    assert clone.to_json() == before, "clone() is not exact"
    legal = clone.legal_actions()
    if legal:
        clone.apply(legal[rng.randrange(len(legal))])
        assert state.to_json() == before, "playing on a clone changed the original"
    restored = game.from_json(json.loads(json.dumps(before)))
    assert restored.to_json() == before, "to_json()/from_json() is not exact"
    assert restored.legal_actions() == state.legal_actions()


def check_illegal(state: State, stale: list[Any]) -> None:
    legal = state.legal_actions()
    for action in stale:
        if action not in legal:
            before = state.to_json()
            with pytest.raises(IllegalActionError):
                state.apply(action)
            assert state.to_json() == before, "an illegal action changed the state"
            return


def play_checked(name: str, seed: int, config: dict[str, Any], every: int = 1) -> State:
    game = GAMES[name]
    players = config.get("players")
    options = {k: v for k, v in config.items() if k != "players"}
    state = game.new_game(seed=seed, players=players, **options)
    rng = Rng(seed + 77)
    stale: list[Any] = []
    step = 0
    limit = game.max_turns
    while not state.is_over:
        problems = state.check_invariants()
        assert not problems, f"seed {seed} step {step}: {problems[:5]}"
        legal = state.legal_actions()
        assert legal, "a decision with no legal action"
        assert len(set(map(str, legal))) == len(legal), f"two legal actions are the same: {legal}"
        assert state.current_player is not None
        for action in legal:
            assert game.parse_action(None, str(action)) == action, f"{action!s} does not parse back"
        if step % (3 * every) == 0:
            check_views(state, rng)
        if step % (25 * every) == 0:
            check_roundtrips(state, rng)
            check_illegal(state, stale)
        stale = legal
        state.apply(legal[rng.randrange(len(legal))])
        step += 1
        assert state.turn <= limit + 1, "the game ran past its declared turn limit"
    assert not state.check_invariants()
    assert state.legal_actions() == [] and state.current_player is None
    record = game.record(state)
    replayed = game.replay(json.loads(json.dumps(record)))
    assert replayed.to_json() == state.to_json(), "the replay of the record differs"
    return state


@pytest.mark.parametrize(("name", "variant", "config"), CASES, ids=[f"{n}-{i}" for n, i, _ in CASES])
def test_random_play_keeps_every_invariant(name: str, variant: int, config: dict[str, Any]) -> None:
    for seed in range(CI_SEEDS):
        play_checked(name, 1000 * variant + seed, config)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "variant", "config"), CASES, ids=[f"{n}-{i}" for n, i, _ in CASES])
def test_random_play_fuzz(name: str, variant: int, config: dict[str, Any]) -> None:
    for seed in range(SLOW_SEEDS):
        play_checked(name, 50_000 + 1000 * variant + seed, config, every=4)


@pytest.mark.parametrize("name", list(GAMES))
def test_same_seed_and_actions_give_the_same_game(name: str) -> None:
    game = GAMES[name]
    a = game.new_game(seed=11)
    b = game.new_game(seed=11)
    rng = Rng(5)
    while not a.is_over:
        legal = a.legal_actions()
        action = legal[rng.randrange(len(legal))]
        a.apply(action)
        b.apply(action)
    assert json.dumps(a.to_json()) == json.dumps(b.to_json())


@pytest.mark.parametrize("name", list(GAMES))
def test_clone_shares_no_mutable_container(name: str) -> None:
    state = GAMES[name].new_game(seed=3)
    rng = Rng(1)
    for _ in range(60):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    clone = state.clone()
    for attr in type(state).ALL_SLOTS:
        value = getattr(state, attr)
        # a list, dict or set, or a mutable record (SPELLFIRE's Fight); not a read-only view (the options)
        if type(value).__hash__ is None and not isinstance(value, MappingProxyType):
            assert getattr(clone, attr) is not value, f"clone() shares the mutable attribute {attr!r}"
        if attr == "zones":
            assert all(a is not b for a, b in zip(value, clone.zones, strict=True))


@pytest.mark.parametrize("name", list(GAMES))
def test_determinize_hides_and_keeps_consistency(name: str) -> None:
    game = GAMES[name]
    state = game.new_game(seed=21)
    rng = Rng(2)
    for _ in range(40):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    for seat in range(state.n_seats):
        det = state.determinize(seat, Rng(9))
        assert det.history() == [] and det.events() == []
        assert sorted(c.key for c in det.defs) == sorted(c.key for c in state.defs)
        assert not det.check_invariants()
        for cid in state.all_card_ids():
            if state.can_see(seat, cid):
                assert det.zone_of[cid] == state.zone_of[cid]
        while not det.is_over:  # a determinized state plays on like any other
            legal = det.legal_actions()
            det.apply(legal[rng.randrange(len(legal))])
