"""Build a mid-game SPELLFIRE position from a short description, for rule tests and bug reports.

>>> from spellforge.games.spellfire.scenario import Side, scenario, legal
>>> state = scenario(Side(hand=["mistwood-dale"]), Side(), phase="realm")
>>> legal(state)[:2]
['done', 'play #10 -> slot P1.A']

Each side lists card ids (as in the card files) per zone. ``formation`` lists realms by position from A
(``None`` for an empty position; ``key:razed`` for a razed realm; ``key+holding`` for a realm with its
holding). ``pool`` lists champions, each ``key+item+item`` with its attachments. ``deck`` is written top
card first. The state starts at the beginning of ``phase`` of the turn of ``active``, that player's
``turns`` turn, and runs to its first decision.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from spellforge.core import frames as core_frames
from spellforge.core.cards import CardDef
from spellforge.games import find_game

from .base import POSITIONS, SpellfireBase
from .state import SpellfireState

FILLER = "village-militia"


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
    game = find_game("spellfire")
    cards = game.cards
    players = len(sides)
    opts = game.resolve_options(players, options)
    lists: list[list[CardDef]] = []
    plans: list[list[tuple[str, str, str]]] = []  # per seat: (zone, entry, key) in card order
    for side in sides:
        deck = side.deck if side.deck is not None else [FILLER] * 10
        entries: list[tuple[str, str, str]] = []
        for key in reversed(deck):  # the end of the list is the top
            entries.append(("deck", key, key))
        for zone in ("hand", "discard", "abyss", "dungeon", "rules"):
            for key in getattr(side, zone):
                entries.append((zone, key, key))
        for entry in side.pool:
            for i, part in enumerate(entry.split("+")):
                entries.append(("pool", "attach" if i else "host", part))
        for entry in side.limbo:
            entries.append(("limbo", "", entry))
        for pos, spec in enumerate(side.formation):
            if spec is None:
                continue
            for i, part in enumerate(spec.split("+")):
                key, _, mark = part.partition(":")
                entries.append((f"formation:{pos}", mark if not i else "attach", key))
        lists.append([cards[k] for _, _, k in entries])
        plans.append(entries)
    state = SpellfireState()
    state.init_core(game, seed, lists, opts, game.layout(players, opts))
    state.init_seating(
        game.seat_roles(players, opts), game.seat_teams(players, opts), game.seat_sides(players, opts)
    )
    state.init_game()
    lay = state.layout
    cid = 0
    for seat, entries in enumerate(plans):
        host = -1
        for zone, role, _key in entries:
            if zone.startswith("formation"):
                state.move(cid, lay.formation[seat])
                if role == "attach":
                    state.attached_to[cid] = host
                else:
                    pos = int(zone.split(":")[1])
                    state.slots[seat][pos] = cid
                    state.razed[cid] = role == "razed"
                    state.played_realm[seat] = True
                    host = cid
            elif zone == "pool":
                state.move(cid, lay.pool[seat])
                if role == "attach":
                    state.attached_to[cid] = host
                else:
                    host = cid
            elif zone == "limbo":
                state.move(cid, lay.limbo[seat])
                state.limbo_until[cid] = turns + 1
            elif zone == "rules":
                state.move(cid, lay.rules)
            elif zone != "deck":
                state.move(cid, getattr(lay, zone)[seat])
            state.controller[cid] = seat
            cid += 1
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
        state.schedule(core_frames.EnterPhase(phase))
        state._run()
    return state


def card(state: SpellfireBase, key: str, nth: int = 0) -> int:
    """The id of the ``nth`` card with id ``key``."""
    found = [c for c in state.all_card_ids() if state.defs[c].key == key]
    if len(found) <= nth:
        raise KeyError(f"no card {key!r} (#{nth}) in this scenario")
    return found[nth]


def legal(state: SpellfireBase) -> list[str]:
    return [str(a) for a in state.legal_actions()]


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
