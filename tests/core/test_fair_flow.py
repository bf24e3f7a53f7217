"""The fair decision flow in core (DESIGN.md section 2b): a decision with one legal option is taken
automatically only when the game declares it publicly forced (``State.publicly_forced``); otherwise the
seat is asked, and the answer is recorded like any other."""

from __future__ import annotations

import json

from spellforge.core.actions import Action, Pass, Play
from spellforge.core.flow import Decision
from spellforge.core.rng import Rng

from .toy import CARDS, Toy, ToyState


class BigOnlyState(ToyState):
    """Only cards worth 4 or more may be played: a hand of small cards has nothing playable."""

    __slots__ = ()

    def legal_priority(self) -> list[Action]:
        assert self.decision is not None
        hand = self.zones[self.layout.hand[self.decision.seat]]
        return [Pass(), *(Play(c) for c in hand if self.defs[c].value >= 4)]  # type: ignore[attr-defined]


class FairState(BigOnlyState):
    """The same game, declaring which passes are forced in public: only an empty hand's."""

    __slots__ = ()

    def publicly_forced(self, decision: Decision) -> bool:
        return decision.kind != "priority" or not self.zones[self.layout.hand[decision.seat]]


class BigOnly(Toy):
    name = "big-only"
    state_class = BigOnlyState


class Fair(Toy):
    name = "fair-toy"
    state_class = FairState


SMALL = [CARDS[f"n{v}"] for v in (1, 2, 3, 1, 2, 3, 1, 2)]
BIG = [CARDS[f"n{v}"] for v in (4, 5, 4, 5, 4, 5, 4, 5)]


def first_answers(game: Toy) -> list[tuple[int, bool]]:
    """(seat, whether ``pass`` is its only option) at the first decisions, everyone passing."""
    s = game.new_game(seed=3, decks=[BIG, SMALL], hand=2)
    out = []
    for _ in range(4):
        assert s.current_player is not None
        out.append((s.current_player, s.legal_actions() == [Pass()]))
        s.apply(Pass())
    return out


def test_by_default_a_single_option_is_taken_automatically() -> None:
    # P2 holds only small cards: its passes are taken for it, so P1 is asked again and again
    assert first_answers(BigOnly()) == [(0, False)] * 4


def test_a_single_option_the_game_does_not_declare_public_is_asked() -> None:
    # P2 is asked although it can only pass (after P1 in P1's turn, first in its own): its hand might
    # have held a big card
    assert first_answers(Fair()) == [(0, False), (1, True), (1, True), (0, False)]


def test_an_asked_single_option_is_recorded_and_replays() -> None:
    game = Fair()
    s = game.new_game(seed=5, decks=[BIG, SMALL], hand=2)
    rng = Rng(1)
    while not s.is_over:
        legal = s.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    assert len(s.history()) == s.decisions_made
    replayed = game.replay(json.loads(json.dumps(game.record(s))))
    assert replayed.to_json() == s.to_json()


def test_an_empty_hand_passes_without_being_asked() -> None:
    s = Fair().new_game(seed=3, decks=[BIG, SMALL], hand=0)
    assert s.turn == 1 and s.current_player == 0  # P1 drew for its turn; P2's hand is empty (public)
    s.apply(Pass())
    # P2's pass in turn 1 was taken for it; in its own turn it has drawn a card, so it is asked
    assert s.turn == 2 and s.current_player == 1 and s.legal_actions() == [Pass()]


def test_a_search_copy_takes_every_single_option_and_nothing_else_does() -> None:
    """A search bot's private copy (``State.search_copy``) answers a single option at once, with that
    option, as the search would: the play is the same as the real game's, without the question. No real
    game, clone, determinization or loaded game is ever such a copy, so the real flow keeps asking."""
    game = Fair()
    real = game.new_game(seed=3, decks=[BIG, SMALL], hand=2)
    copies = [
        real.clone(),
        real.determinize(0, Rng(1)),
        game.from_json(json.loads(json.dumps(real.to_json()))),
    ]
    assert not real.search_copy and not any(c.search_copy for c in copies)
    search = real.determinize(0, Rng(2))
    search.search_copy = True
    assert "search_copy" not in real.to_json()["state"]  # never saved ...
    flagged = search.clone()
    assert flagged.search_copy  # ... but a copy of a search copy is one too
    assert not game.from_json(json.loads(json.dumps(search.to_json()))).search_copy
    # P2 (small cards only) is asked in the real game, but answered at once in the search copy
    asked, answered = [], []
    for _ in range(4):
        asked.append(real.current_player)
        real.apply(Pass())
        answered.append(search.current_player)
        search.apply(Pass())
    assert asked == [0, 1, 1, 0] and answered == [0, 0, 0, 0]
