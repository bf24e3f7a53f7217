"""The simulator answers a single option for a bot that declares it would answer it at once: the seat is
still asked (the question counts and is recorded), the game is the same, and a bot that does not declare
it sees every question."""

from __future__ import annotations

from typing import Any

import pytest

from spellforge.bots import random_bot
from spellforge.bots.base import Observation
from spellforge.sim.simulate import game_seed, play_game


@pytest.mark.parametrize("game", ["spellbattle", "casters"])
def test_answering_single_options_for_a_bot_changes_no_game(game: str, monkeypatch: Any) -> None:
    seen: list[int] = []
    choose = random_bot.RandomBot.choose

    def counting(self: Any, obs: Observation) -> Any:
        seen.append(len(obs.legal))
        return choose(self, obs)

    monkeypatch.setattr(random_bot.RandomBot, "choose", counting)
    fast = [play_game(game, ["random", "random"], game_seed(3, i), i, verify_replay=True) for i in range(3)]
    called_fast = len(seen)
    assert all(n > 1 for n in seen)  # never called for a single option
    seen.clear()
    monkeypatch.setattr(random_bot.RandomBot, "answers_single_option_at_once", False)
    slow = [play_game(game, ["random", "random"], game_seed(3, i), i, verify_replay=True) for i in range(3)]
    assert 1 in seen and len(seen) > called_fast  # every question reaches the bot
    for a, b in zip(fast, slow, strict=True):
        assert not a.error and not b.error
        assert (a.winners, a.reason, a.turns, a.decisions) == (b.winners, b.reason, b.turns, b.decisions)
        assert a.think_count == b.think_count and sum(a.think_count) == a.decisions
