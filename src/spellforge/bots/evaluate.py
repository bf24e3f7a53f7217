"""Scoring positions for search bots: the game's own evaluator, or a generic fallback for any game.

Search bots (``greedy``, ``ismcts``) need to know how good a position looks for a seat when they stop
looking ahead. Each game may supply that as ``SearchFacts.evaluate(state, seat)`` (``bots.facts``); when
there is none, or it returns None, the
fallback here scores the seat's own View, so a game gets working bots by registering, and better ones by
writing an evaluator. Everything here reads only public things: the outcome and ``state.observe(seat)``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .facts import search_facts

if TYPE_CHECKING:
    from spellforge.core.ruleset import Ruleset
    from spellforge.core.state import State

Evaluator = Callable[["State", int], float]

# Numeric per-player fields a View may carry, with how much one point of each is worth. Life-like totals
# count for you; damage taken counts against you.
PLAYER_FIELDS: dict[str, float] = {
    "life": 1.0,
    "health": 1.0,
    "hp": 1.0,
    "points": 1.5,
    "score": 1.5,
    "vp": 1.5,
    "victory_points": 1.5,
    "mana": 0.3,
    "energy": 0.3,
    "gold": 0.3,
    "damage": -1.0,
    "damage_taken": -1.0,
}
HAND_WEIGHT = 0.8  # a card in hand
BOARD_WEIGHT = 1.2  # a card in play
STAT_WEIGHT = 0.4  # a point of a visible numeric stat (strength, attack, health...) of a card in play
CARD_STATS = ("strength", "attack", "power", "health", "hp", "defense", "toughness")
SCALE = 12.0  # material difference at which tanh reaches ~0.76


def outcome_value(state: State, seat: int) -> float:
    """1 for a win, -1 for a loss, 0 for a draw (call only when the game is over)."""
    outcome = state.outcome
    if outcome is None or not outcome.winners:
        return 0.0
    return 1.0 if seat in outcome.winners else -1.0


def _count(zone: Any) -> int:
    """The size of a zone as a View shows it: ``{"count": n}``, a list, or a number."""
    if isinstance(zone, dict):
        value = zone.get("count", len(zone.get("cards", ())))
        return int(value) if isinstance(value, int | float) else 0
    if isinstance(zone, list):
        return len(zone)
    if isinstance(zone, int | float) and not isinstance(zone, bool):
        return int(zone)
    return 0


def _player_material(player: dict[str, Any]) -> float:
    score = 0.0
    for key, weight in PLAYER_FIELDS.items():
        value = player.get(key)
        if isinstance(value, int | float) and not isinstance(value, bool):
            score += weight * value
    score += HAND_WEIGHT * _count(player.get("hand"))
    board = player.get("in_play", player.get("board"))
    if board is not None:
        score += BOARD_WEIGHT * _count(board)
    if player.get("alive") is False:
        score -= 100.0
    return score


def _card_material(card: dict[str, Any]) -> float:
    score = BOARD_WEIGHT
    for key in CARD_STATS:
        value = card.get(key)
        if isinstance(value, int | float) and not isinstance(value, bool):
            score += STAT_WEIGHT * value
    return score


def generic_material(view: dict[str, Any], n_seats: int) -> list[float]:
    """Material per seat from a View: numeric life-like fields, hand sizes, cards in play."""
    material = [0.0] * n_seats
    players = view.get("players")
    if isinstance(players, list):
        for i, player in enumerate(players):
            if isinstance(player, dict):
                seat = player.get("seat", i)
                if isinstance(seat, int) and 0 <= seat < n_seats:
                    material[seat] += _player_material(player)
    in_play = view.get("in_play")
    if isinstance(in_play, list):
        for card in in_play:
            if isinstance(card, dict):
                owner = card.get("controller", card.get("owner"))
                if isinstance(owner, int) and 0 <= owner < n_seats:
                    material[owner] += _card_material(card)
    return material


def generic_evaluate(state: State, seat: int) -> float:
    """The fallback evaluator: the seat's material lead over the average opponent, squashed to (-1, 1)."""
    if state.outcome is not None:
        return outcome_value(state, seat)
    n = state.n_seats
    material = generic_material(state.observe(seat), n)
    others = [material[s] for s in range(n) if s != seat]
    lead = material[seat] - (sum(others) / len(others) if others else 0.0)
    return math.tanh(lead / SCALE)


def evaluator_for(game: Ruleset) -> Evaluator:
    """A function ``(state, seat) -> [-1, 1]``: the true result when the game is over, else the game's
    own evaluator, else the generic fallback (decided per call, since a game's evaluator may decline)."""

    own = search_facts(game).evaluate

    def evaluate(state: State, seat: int) -> float:
        if state.outcome is not None:
            return outcome_value(state, seat)
        value = own(state, seat) if own is not None else None
        if value is None:
            return generic_evaluate(state, seat)
        return -1.0 if value < -1.0 else 1.0 if value > 1.0 else float(value)

    return evaluate


__all__ = ["Evaluator", "evaluator_for", "generic_evaluate", "generic_material", "outcome_value"]
