"""Meaning, not text (DESIGN.md section 2b), checked for every registered game.

Every View has core's envelope: the same top-level keys, in the same order and of the same types, then
the game's own part. Every action declares what it means: the cards it names (``card_ids``, checked here
against the ``#12`` references of its printed form, which parse back to the same action) and whether it
declines (passes or finishes). Bots and clients read these, so a wrong declaration is a wrong bot.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from spellforge import GAMES
from spellforge.core.actions import UNKNOWN_CARD, Action, Done, Pass
from spellforge.core.observe import ENVELOPE
from spellforge.core.rng import Rng
from spellforge.core.state import State

from .test_invariants import configurations

CASES = [(name, i, cfg) for name in GAMES for i, cfg in enumerate(configurations(name))]
SEEDS = 3
CARD_REF = re.compile(r"#(\d+)")
# The printed forms of the declining actions of the registered games: pass, done, and Casters' skip (a
# battle turn without an attack, CA-041). Any other action that declines must be added here knowingly.
DECLINING = frozenset({"pass", "done", "skip"})


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_envelope(state: State, seat: int | None) -> None:
    view = state.observe(seat)
    name = state.game.name
    assert tuple(view)[: len(ENVELOPE)] == ENVELOPE, f"{name}: the View starts {tuple(view)[:10]}"
    assert view["game"] == name
    assert view["seat"] == seat
    assert is_int(view["turn"]) and view["turn"] == state.turn
    assert isinstance(view["phase"], str) and view["phase"] == state.phase
    assert view["step"] is None or isinstance(view["step"], str)
    active = view["active"]
    assert isinstance(active, list) and all(is_int(s) and 0 <= s < state.n_seats for s in active)
    assert len(set(active)) == len(active)
    decision = view["decision"]
    if state.outcome is not None:
        assert decision is None
    else:
        assert isinstance(decision, dict)
        assert decision["seat"] == state.current_player
        assert isinstance(decision["kind"], str) and decision["kind"]
        assert isinstance(decision["prompt"], str) and decision["prompt"]
        if seat == state.current_player:
            assert decision["legal"] == [str(a) for a in state.legal_actions()]
        else:
            assert "legal" not in decision, "a seat that does not act sees the options of the one that does"
    players = view["players"]
    assert isinstance(players, list) and len(players) == state.n_seats
    for s, player in enumerate(players):
        assert isinstance(player, dict)
        assert list(player)[:5] == ["seat", "name", "role", "team", "alive"]
        assert player["seat"] == s and player["name"] == f"P{s + 1}" and isinstance(player["role"], str)
        assert is_int(player["team"]) and player["alive"] is state.alive[s]
    assert isinstance(view["log"], list) and all(isinstance(line, str) and line for line in view["log"])
    outcome = view["outcome"]
    if state.outcome is None:
        assert outcome is None
    else:
        assert outcome == {
            "winners": list(state.outcome.winners),
            "reason": state.outcome.reason,
            "draw": state.outcome.is_draw,
            "text": state.describe_outcome(),
        }
        assert isinstance(outcome["text"], str) and outcome["text"]


def check_action(action: Action) -> None:
    text = str(action)
    named = tuple(int(m) for m in CARD_REF.findall(text))
    assert action.card_ids() == named, f"{text!r} names cards {named}, card_ids() says {action.card_ids()}"
    assert action.declines == (text in DECLINING), f"{text!r}: declines is {action.declines}"
    assert hash(action) == hash(type(action).parse(text))
    # masking: only the unknown cards read as unknown, and the action itself when it names none
    assert action.masked(set(named)) is action
    masked = action.masked(())
    if named:
        assert isinstance(masked, tuple) and masked.count(UNKNOWN_CARD) == len(named)
    else:
        assert masked is action


@pytest.mark.parametrize(("name", "variant", "config"), CASES, ids=[f"{n}-{i}" for n, i, _ in CASES])
def test_every_view_has_the_envelope_and_every_action_declares_its_meaning(
    name: str, variant: int, config: dict[str, Any]
) -> None:
    game = GAMES[name]
    players = config.get("players")
    options = {k: v for k, v in config.items() if k != "players"}
    for seed in range(SEEDS):
        state = game.new_game(seed=500 + seed, players=players, **options)
        rng = Rng(seed)
        step = 0
        while state.outcome is None:
            if step % 5 == 0:
                for seat in (None, *range(state.n_seats)):
                    check_envelope(state, seat)
            legal = state.legal_actions()
            for action in legal:
                check_action(action)
            state.apply(legal[rng.randrange(len(legal))])
            step += 1
        for seat in (None, *range(state.n_seats)):
            check_envelope(state, seat)


def test_pass_and_done_decline_and_name_no_card() -> None:
    assert Pass().declines and Done().declines
    assert Pass().card_ids() == () and Done().card_ids() == ()


def test_masked_tells_apart_what_the_seat_can_tell_apart() -> None:
    from spellforge.core.targets import CardRef, PlayerRef
    from spellforge.games.spellweaver.actions import NONE, Attack, Take

    # two plays of different unknown cards look alike; an unknown card never looks like "no card"
    assert Take(3).masked({9}) == Take(4).masked({9}) != Take(NONE).masked({9})
    assert Take(3).masked({3}) != Take(4).masked({3})
    # a target that is a player is not a card, and the attacker stays known
    assert Attack(5, PlayerRef(1)).masked(set()) != Attack(5, CardRef(7)).masked({5})
    assert (
        Attack(5, CardRef(7)).masked({5})
        == Attack(5, CardRef(8)).masked({5})
        != Attack(6, CardRef(8)).masked({5})
    )


def toy_games() -> list[Any]:
    """The toy games of tests/core, the guide's worked examples: they follow the same contract."""
    from tests.core.toy import Toy
    from tests.core.toys.combat import CombatToy
    from tests.core.toys.pause import PauseToy
    from tests.core.toys.realms import Realms
    from tests.core.toys.roles import KeepAndRaid
    from tests.core.toys.vault import Vault

    return [Toy(), PauseToy(), CombatToy(), Realms(), KeepAndRaid(), Vault()]


@pytest.mark.parametrize("game", toy_games(), ids=lambda g: g.name)
def test_the_toy_games_keep_the_same_envelope_and_action_meaning(game: Any) -> None:
    for seed in range(SEEDS):
        state = game.new_game(seed=700 + seed)
        rng = Rng(seed)
        while state.outcome is None and state.decisions_made < 300:
            check_envelope(state, state.current_player)
            legal = state.legal_actions()
            for action in legal:
                check_action(action)
            state.apply(legal[rng.randrange(len(legal))])
