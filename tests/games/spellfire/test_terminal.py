"""The terminal rendering draws from a seat's View only, for 2 to 6 seats."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from spellforge import GAMES
from spellforge.core.rng import Rng
from spellforge.ui.boards.spellfire import render


@pytest.mark.parametrize("players", [2, 3, 6])
def test_render_every_seat_mid_game(players: int) -> None:
    s = GAMES["spellfire"].new_game(seed=4, players=players)
    rng = Rng(4)
    for _ in range(150):
        if s.is_over:
            break
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    for seat in range(players):
        out = io.StringIO()
        Console(file=out, width=140).print(render(s.observe(seat)))
        text = out.getvalue()
        assert all(f"P{other + 1}" in text for other in range(players)) and "your hand" in text
        for other in range(players):
            if other != seat:
                for c in s.hand_of(other):
                    if not s.can_see(seat, c):
                        assert f"#{c} " not in text
