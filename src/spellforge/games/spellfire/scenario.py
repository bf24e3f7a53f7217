"""Build a mid-game SPELLFIRE position from a short description, for rule tests and bug reports.

>>> from spellforge.games.spellfire.scenario import Side, scenario, legal
>>> state = scenario(Side(hand=["mistwood-dale"]), Side(), phase="realm")
>>> legal(state)[:2]
['done', 'play #10 -> slot P1.A']

Each side lists card ids (as in the card files) per zone. ``formation`` lists realms by position from A
(``None`` for an empty position; ``key:razed`` for a razed realm; ``key+holding`` for a realm with its
holding). ``pool`` lists champions, each ``key+item+item`` with its attachments. ``deck`` is written top
card first. The state starts at the beginning of ``phase`` of the turn of ``active``, that player's
``turns`` turn, and runs to its first decision. The builder is core's (``core.scenario``); this module
declares SPELLFIRE's sides, formation and attachments.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from spellforge.core import scenario as core
from spellforge.core.scenario import Placed, ScenarioError, flag
from spellforge.core.state import State
from spellforge.games import find_game

from .base import POSITIONS, SpellfireBase
from .state import SpellfireState

FILLER = "village-militia"
REALM_OPTIONS = {"razed": flag}


@dataclass
class Side:
    """One player's cards, zone by zone (card ids from the card files)."""

    hand: list[str] = field(default_factory=list)
    pool: list[str] = field(default_factory=list)
    formation: list[str | None] = field(default_factory=list)
    deck: list[str] | None = None
    discard: list[str] = field(default_factory=list)
    abyss: list[str] = field(default_factory=list)
    limbo: list[str] = field(default_factory=list)
    dungeon: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)


class Builder(core.Builder):
    """SPELLFIRE's part: realms in formation positions, attachments, champions in limbo."""

    def __init__(self, turns: int) -> None:
        super().__init__(find_game("spellfire"))
        self.turns = turns

    def side(self, seat: int, side: Side) -> list[Placed]:
        """The cards of ``side`` in id order: deck, hand, discard, abyss, dungeon, rules, pool, limbo, formation."""
        deck = side.deck if side.deck is not None else [FILLER] * 10
        cards = self.plain(seat, "deck", reversed(deck))  # the end of the list is the top
        for zone in ("hand", "discard", "abyss", "dungeon", "rules"):
            cards += self.plain(seat, zone, getattr(side, zone))
        for entry in side.pool:
            cards += self.group(seat, "pool", entry)
        cards += self.plain(seat, "limbo", side.limbo)
        for pos, spec in enumerate(side.formation):
            if spec is not None:
                cards += self.group(seat, "formation", spec, pos)
        return cards

    def group(self, seat: int, zone: str, text: str, pos: int | None = None) -> list[Placed]:
        """``host+attached+attached``: the host (a realm at position ``pos``, with its options) and the
        cards attached to it."""
        host, *attached = text.split("+")
        first = self.entry(seat, zone, host, REALM_OPTIONS if pos is not None else {})
        if pos is not None:
            first = Placed(seat, zone, first.key, {**first.opts, "pos": pos}, text)
        return [first, *(Placed(seat, zone, key, {"attach": True}, text) for key in attached)]

    def apply(self, state: State, cid: int, p: Placed, seat_cards: Sequence[tuple[int, Placed]]) -> None:
        assert isinstance(state, SpellfireState)
        if p.opts.get("attach"):  # to the card written before it
            state.attached_to[cid] = max(c for c, q in seat_cards if c < cid and not q.opts.get("attach"))
        elif "pos" in p.opts:
            if p.opts["pos"] >= len(state.slots[p.seat]):
                raise ScenarioError(
                    f"{p.where}: no position #{p.opts['pos'] + 1} (a formation has {len(state.slots[p.seat])})"
                )
            state.slots[p.seat][p.opts["pos"]] = cid
            state.razed[cid] = p.opts.get("razed", False)
            state.played_realm[p.seat] = True
        elif p.zone == "limbo":
            state.limbo_until[cid] = self.turns + 1


def scenario(
    *sides: Side,
    phase: str = "pool",
    active: int = 0,
    turns: int = 3,
    seed: int = 1,
    run: bool = True,
    **options: Any,
) -> SpellfireState:
    """A position with ``sides`` (one per seat) at the start of ``phase`` of ``active``'s turn."""
    builder = Builder(turns)
    begin = builder.enter(phase)
    state = builder.build(
        [builder.side(seat, side) for seat, side in enumerate(sides)], seed=seed, options=options
    )
    assert isinstance(state, SpellfireState)
    players = len(sides)
    for seat in range(players):
        state.turns_taken[seat] = turns
        state.pool_phases[seat] = turns
    for seat in range(players):  # a hidden pool's champions lie face down (SF-K45)
        for c in state.pool_of(seat):
            state.hide_in_pool(c)
    state.begin_turns(active)
    state.cycle_end = -1 if turns > 1 else state.cycle_end
    state.turn = turns * players
    state.turns_taken[active] = turns
    state.phase = phase
    if run:
        state.run_on(begin)
    return state


def card(state: SpellfireBase, key: str, nth: int = 0) -> int:
    """The id of the ``nth`` card with id ``key``."""
    return core.card_id(state, key, nth=nth)


legal = core.legal


def act(state: SpellfireBase, text: str, settle: bool = True) -> None:
    """Apply the action written ``text``; then, unless ``settle`` is False, pass the response rounds that
    follow it (nobody answers with an event, SF-281), so a test reads on at the next step of the play."""
    state.apply(state.game.parse_action(state, text))
    if settle:
        pass_responses(state)


def pass_responses(state: SpellfireBase) -> None:
    """Every player asked in a response round passes, until some other decision comes."""
    while state.decision is not None and state.decision.kind == "respond":
        state.apply(state.game.parse_action(state, "pass"))


def slot(seat: int, pos: str) -> str:
    assert pos in POSITIONS
    return f"slot P{seat + 1}.{pos}"
