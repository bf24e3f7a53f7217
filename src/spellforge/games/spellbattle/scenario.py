"""Build any Spell Battle position from a short description, for rule tests and bug reports.

>>> from spellforge.games.spellbattle.scenario import scenario, Seat, card, do
>>> s = scenario(Seat(hand=["fire-lance"], farms=2), Seat(play=["hedge-knight"]), step="main")
>>> knight = card(s, "hedge-knight")
>>> do(s, f"play #{card(s, 'fire-lance')} -> #{knight}")
>>> s.zone_of[knight] == s.layout.discard[1]
True

(Neither player could respond, so their passes were taken automatically and Fire Lance resolved.)

Each :class:`Seat` lists card ids by zone. ``play`` entries may carry in-play facts, written after colons
(``"war-ox:tapped:damage=2"``) or as a dict (``("war-ox", {"tapped": True, "damage": 2})``). ``farms``
and ``tapped_farms`` add face-down farms (Field Hands unless ``farm_card`` says otherwise). ``deck`` is
written top card first (default: ten Field Hands). The position starts at the beginning of ``step`` of
``active``'s turn, and the game runs from there to the first decision. The builder is core's
(``core.scenario``); this module declares Spell Battle's seats, farms and in-play facts.
A scenario is for tests: its record does not replay (the position was placed, not played).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from spellforge.core import scenario as core
from spellforge.core.actions import Pass
from spellforge.core.scenario import Placed, ScenarioError, flag, number
from spellforge.core.state import State
from spellforge.games import find_game

from .state import SpellBattleState

PlayEntry = str | tuple[str, dict[str, Any]]
FILLER = "field-hand"


@dataclass
class Seat:
    hand: list[str] = field(default_factory=list)
    play: list[PlayEntry] = field(default_factory=list)
    farms: int = 0
    tapped_farms: int = 0
    deck: list[str] | None = None  # None: ten Field Hands, so turns can pass; [] for an empty deck
    discard: list[str] = field(default_factory=list)
    life: int | None = None
    farm_card: str = "field-hand"


class Builder(core.Builder):
    """Spell Battle's part: in-play facts and face-down farms, laid out over a game whose setup ran (its
    shuffles and draws are part of the position's random state)."""

    OPTIONS = {"tapped": flag, "damage": number}
    SETUP = True

    def seat(self, s: int, seat: Seat) -> list[Placed]:
        """The cards of ``seat`` in id order: hand, play, farms, discard, deck."""
        cards = self.plain(s, "hand", seat.hand)
        for entry in seat.play:
            if isinstance(entry, str):
                cards.append(self.entry(s, "play", entry))
                continue
            key, facts = entry
            unknown = sorted(set(facts) - set(self.OPTIONS))
            if unknown:
                raise ScenarioError(
                    f"P{s + 1} play entry {key!r}: unknown fact(s) {unknown} (the facts: tapped, damage)"
                )
            cards.append(
                Placed(
                    s,
                    "play",
                    key,
                    {"tapped": bool(facts.get("tapped")), "damage": int(facts.get("damage", 0))},
                )
            )
        for tapped in [False] * seat.farms + [True] * seat.tapped_farms:
            cards.append(Placed(s, "play", seat.farm_card, {"farm": True, "tapped": tapped}, "farm"))
        cards += self.plain(s, "discard", seat.discard)
        deck = seat.deck if seat.deck is not None else [FILLER] * 10
        return cards + self.plain(s, "deck", reversed(deck))

    def apply(self, state: State, cid: int, p: Placed, seat_cards: Sequence[tuple[int, Placed]]) -> None:
        assert isinstance(state, SpellBattleState)
        state.face_down[cid] = p.opts.get("farm", False)
        state.tapped[cid] = p.opts.get("tapped", False)
        state.damage[cid] = p.opts.get("damage", 0)


def scenario(
    *seats: Seat,
    step: str = "main",
    active: int = 0,
    turn: int = 3,
    seed: int = 0,
    farm_played: bool = False,
    **options: Any,
) -> SpellBattleState:
    """A position with ``len(seats)`` players (see the module docstring)."""
    builder = Builder(find_game("spellbattle"))
    begin = builder.enter(step)
    # a position, not a deck: the cards are taken as they are, with no construction check
    state = builder.build([builder.seat(s, seat) for s, seat in enumerate(seats)], seed=seed, options=options)
    assert isinstance(state, SpellBattleState)
    for s, seat in enumerate(seats):
        if seat.life is not None:
            state.pool_damage[state.pool_of[s]] = state.life_max - seat.life
    state.stack = []
    state.windows = []
    state.pending_triggers = []
    state.modifiers = []
    state.clear_combat()
    state.resolving = None
    state.abilities_changed()
    state.turn = turn
    state.begin_turns(active)
    state.step = step
    state.farm_played = [farm_played and state.is_active(s) for s in range(state.n_seats)]
    state.reset_flow()  # the turn begins at ``step``, with nothing before it
    state.run_on(begin)
    return state


def card(
    state: SpellBattleState, key: str, seat: int | None = None, zone: str | None = None, nth: int = 0
) -> int:
    """The id of a card by its card id (``nth`` match), optionally of ``seat`` (controller) in ``zone``."""
    return core.card_id(state, key, seat, zone, nth, controller=True)


do = core.do
legal = core.legal


def pass_all(state: SpellBattleState, limit: int = 50) -> None:
    """Pass priority while the current decision is a priority decision (resolving limbo, ending steps)."""
    for _ in range(limit):
        if state.decision is None or state.decision.kind != "priority":
            return
        state.apply(Pass())


def in_play(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every face-up card in play a View shows, player by player (each player's ``in_play`` row)."""
    return [c for p in view["players"] for c in p["in_play"]]
