"""Build a mid-game Casters position from a short description, for rule tests and bug reports.

>>> from spellforge.games.casters.scenario import Side, scenario, card_id
>>> state = scenario(
...     Side(field=["dusk-ravager"], stages=["misty-fen"]),
...     Side(field=["gravel-ghoul:tapped"], stages=["dawnlit-shore"]),
...     phase="battle",
... )
>>> str(state.legal_actions()[1])
'attack #0 -> P2'

Each side lists card ids (as in the card files) per zone. ``deck`` and ``stage_deck`` are written top card
first. A field entry may carry modifiers after colons: ``tapped``, ``damage=N``, ``shields=N`` (N filler
cards from nowhere go face down under it) and ``on=K`` (equipped to the K-th field entry of that side).
The state starts at the beginning of ``phase`` of turn ``turn`` and runs to its first decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as _field

from spellforge.core import frames as core_frames
from spellforge.core.cards import CardDef
from spellforge.games import find_game

from .base import DECK, FIELD, GRAVEYARD, HAND, SET, SHIELDS, STAGE_DECK, STAGES
from .state import CastersState

FILLER = "tide-sprite"
PLAIN_STAGES = ("dawnlit-shore", "misty-fen", "sunken-library", "obsidian-spire")


@dataclass
class Side:
    """One player's cards, zone by zone (card ids from the card files)."""

    hand: list[str] = _field(default_factory=list)
    set: list[str] = _field(default_factory=list)
    field: list[str] = _field(default_factory=list)
    stages: list[str] = _field(default_factory=lambda: ["skyfall-citadel"])
    stage_deck: list[str] = _field(default_factory=lambda: list(PLAIN_STAGES))
    deck: list[str] = _field(default_factory=list)
    graveyard: list[str] = _field(default_factory=list)
    stage_damage: int = 0


def _split(entry: str) -> tuple[str, dict[str, str]]:
    key, *mods = entry.split(":")
    opts: dict[str, str] = {}
    for m in mods:
        name, _, value = m.partition("=")
        opts[name] = value or "1"
    return key, opts


def scenario(
    p1: Side | None = None,
    p2: Side | None = None,
    *,
    phase: str = "battle",
    initiative: int = 0,
    turn: int = 3,
    seed: int = 1,
) -> CastersState:
    """A Casters state positioned at the start of ``phase`` (draw, set, reveal, battle or end)."""
    game = find_game("casters")
    sides = (p1 or Side(), p2 or Side())
    decks: list[list[CardDef]] = []
    plans: list[list[tuple[int, str, dict[str, str]]]] = []  # (zone, key, modifiers) per card, in id order
    for seat, side in enumerate(sides):
        plan: list[tuple[int, str, dict[str, str]]] = []
        for key in side.hand:
            plan.append((HAND[seat], key, {}))
        for key in side.set:
            plan.append((SET[seat], key, {}))
        for entry in side.field:
            key, opts = _split(entry)
            plan.append((FIELD[seat], key, opts))
        for key in side.stages:
            plan.append((STAGES[seat], key, {}))
        for key in reversed(side.stage_deck):
            plan.append((STAGE_DECK[seat], key, {}))
        for key in reversed(side.deck):
            plan.append((DECK[seat], key, {}))
        for key in side.graveyard:
            plan.append((GRAVEYARD[seat], key, {}))
        shields = sum(int(opts.get("shields", 0)) for z, _, opts in plan if z == FIELD[seat])
        plan.extend((SHIELDS[seat], FILLER, {}) for _ in range(shields))
        plans.append(plan)
        decks.append([game.cards[key] for _, key, _ in plan])
    options = game.resolve_options(2, {})
    state = CastersState()
    state.init_core(game, seed, decks, options, game.layout(2, options))
    state.init_game()  # not started: no setup, the position below replaces it
    _arrange(state, plans, sides)
    state.initiative = initiative
    state.turn = turn
    # as if this turn's Set Phase had counted the Stages (a scenario may set more, for convenience)
    state.set_quota = max(state.face_up_stages(), len(sides[0].set), len(sides[1].set))
    state.abilities_changed()  # the position was laid out card by card
    state.schedule(core_frames.EnterPhase(phase))
    state._run()
    return state


def _arrange(
    state: CastersState, plans: list[list[tuple[int, str, dict[str, str]]]], sides: tuple[Side, Side]
) -> None:
    state.work.clear()
    state.decision = None
    state._legal = None
    state._log = None
    state._hist = None
    state.stack.clear()
    state.windows.clear()
    state.pending_triggers.clear()
    state.payment = None
    state.combat = None
    state.modifiers = []
    for z in range(len(state.zones)):
        state.zones[z] = []
    n = len(state.defs)
    state.tapped = [False] * n
    state.damage = [0] * n
    state.attached_to = [-1] * n
    state.shield_host = [-1] * n
    state.attacks = [0] * n
    cid = 0
    for seat, plan in enumerate(plans):
        field_ids: list[int] = []
        hosts: list[int] = []
        for zone, _, opts in plan:
            state.zones[zone].append(cid)
            state.zone_of[cid] = zone
            state.controller[cid] = seat
            if zone == FIELD[seat]:
                field_ids.append(cid)
                state.tapped[cid] = "tapped" in opts
                state.damage[cid] = int(opts.get("damage", 0))
                hosts.extend([cid] * int(opts.get("shields", 0)))
            elif zone == SHIELDS[seat]:
                state.shield_host[cid] = hosts.pop(0)
            cid += 1
        k = 0
        for zone, _, opts in plan:
            if zone != FIELD[seat]:
                continue
            if "on" in opts:
                state.attached_to[field_ids[k]] = field_ids[int(opts["on"])]
            k += 1
        state.stage_damage[seat] = sides[seat].stage_damage


def card_id(state: CastersState, key: str, seat: int | None = None, nth: int = 0) -> int:
    """The id of the ``nth`` card ``key`` (of ``seat``'s cards, if given), in id order."""
    found = [
        c
        for c in state.all_card_ids()
        if state.defs[c].key == key and (seat is None or state.owner[c] == seat)
    ]
    if len(found) <= nth:
        raise KeyError(f"no card {key!r} #{nth} for seat {seat}")
    return found[nth]
