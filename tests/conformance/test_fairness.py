"""The fair decision flow (DESIGN.md section 2b), checked for every registered game.

Whether a seat is asked must never depend on what another seat cannot see. At each decision of seat X in
a random game, X's action is applied to the real game and to determinizations of the position before it
from X's point of view (everything X cannot see resampled). Whenever X's own View after the action is
the same in both, the seat that decides next must be the same too (and be asked the same kind of
decision): otherwise who is asked next (or who is skipped) tells X something about the cards it cannot
see.

What may legitimately differ is left out of the comparison: the log (a determinization starts without
one) and the pending decision (who is asked and with what options: exactly what is checked). The copy is
given the real game's random stream, so that a shuffle or a random pick after the action draws the same
numbers in both and only the hidden identities differ.

A game passes by being registered. ``-m slow`` plays full random games on 30 seeds per configuration.
"""

from __future__ import annotations

from typing import Any

import pytest

from spellforge import GAMES
from spellforge.core.actions import Action
from spellforge.core.rng import Rng
from spellforge.core.state import State

from .test_invariants import configurations

CI_SEEDS = 2
CI_STEPS = 150  # decisions per CI game: enough to pass several turns and response windows
SLOW_SEEDS = 30
DETERMINIZATIONS = 3

CASES = [(name, i, cfg) for name in GAMES for i, cfg in enumerate(configurations(name))]
IDS = [f"{n}-{i}" for n, i, _ in CASES]


def own_view(state: State, seat: int) -> dict[str, Any]:
    """What ``seat`` knows, less the parts that legitimately differ (see the module docstring)."""
    return {k: v for k, v in state.observe(seat).items() if k not in ("log", "decision")}


def leaks_after(state: State, action: Action, rng: Rng, tries: int = DETERMINIZATIONS) -> list[str]:
    """The determinizations in which ``action`` by the seat to act is followed by another seat's decision
    (or another kind of decision) than in the real game although the acting seat's View is the same."""
    seat = state.current_player
    assert seat is not None
    real = state.clone()
    real.apply(action)
    mine = own_view(real, seat)
    found = []
    for _ in range(tries):
        det = state.determinize(seat, rng)
        det.rng = state.rng.clone()  # the same random numbers after the action: only hidden cards differ
        # the real flow on both sides: a search bot's copy would take every single option unasked
        assert not real.search_copy and not det.search_copy
        if action not in det.legal_actions():
            found.append(f"{action!s} is legal in the real game but not in a determinization")
            continue
        det.apply(action)
        if own_view(det, seat) != mine:
            continue  # X sees a difference (a card revealed), so the rest may differ
        d_real, d_det = real.decision, det.decision
        if (det.current_player, d_det and d_det.kind) != (real.current_player, d_real and d_real.kind):
            found.append(
                f"after P{seat + 1} {action!s} (turn {state.turn}): the real game asks "
                f"{d_real and (d_real.seat, d_real.kind)}, a determinization {d_det and (d_det.seat, d_det.kind)}"
            )
    return found


def play_fair(
    name: str, seed: int, config: dict[str, Any], steps: int | None = None
) -> tuple[int, list[str]]:
    """A random game of ``name`` checked at every decision (the first ``steps`` ones, or all).
    Returns the number of decisions checked and every leak found."""
    game = GAMES[name]
    players = config.get("players")
    options = {k: v for k, v in config.items() if k != "players"}
    state = game.new_game(seed=seed, players=players, **options)
    rng = Rng(seed + 991)
    checked = 0
    leaks: list[str] = []
    while not state.is_over and (steps is None or checked < steps):
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        leaks.extend(f"seed {seed}: {line}" for line in leaks_after(state, action, rng))
        checked += 1
        state.apply(action)
    return checked, leaks


@pytest.mark.parametrize(("name", "variant", "config"), CASES, ids=IDS)
def test_who_is_asked_next_depends_only_on_what_the_actor_sees(
    name: str, variant: int, config: dict[str, Any]
) -> None:
    leaks: list[str] = []
    for seed in range(CI_SEEDS):
        leaks += play_fair(name, 3000 + 1000 * variant + seed, config, CI_STEPS)[1]
    assert not leaks, f"{len(leaks)} unfair decision(s), e.g. {leaks[:3]}"


@pytest.mark.slow
@pytest.mark.parametrize(("name", "variant", "config"), CASES, ids=IDS)
def test_fairness_over_full_random_games(name: str, variant: int, config: dict[str, Any]) -> None:
    leaks: list[str] = []
    for seed in range(SLOW_SEEDS):
        leaks += play_fair(name, 70_000 + 1000 * variant + seed, config)[1]
    assert not leaks, f"{len(leaks)} unfair decision(s), e.g. {leaks[:3]}"
