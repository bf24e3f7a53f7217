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
first. A field entry may carry options after colons: ``tapped``, ``damage=N``, ``shields=N`` (N filler
cards from nowhere go face down under it) and ``on=K`` (equipped to the K-th field entry of that side).
The state starts at the beginning of ``phase`` of turn ``turn`` and runs to its first decision. The
builder is core's (``core.scenario``); this module declares Casters' sides and options.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field as _field

from spellforge.core import scenario as core
from spellforge.core.scenario import Placed, flag, number
from spellforge.core.state import State
from spellforge.games import find_game

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


class Builder(core.Builder):
    """Casters' part: field options, filler shields under their hosts, equipment."""

    OPTIONS = {"tapped": flag, "damage": number, "shields": number, "on": number}

    def side(self, seat: int, side: Side) -> list[Placed]:
        """The cards of ``side`` in id order: hand, set, field, stages, stage deck, deck, graveyard, then
        the field's shields."""
        cards = [
            *self.plain(seat, "hand", side.hand),
            *self.plain(seat, "set", side.set),
            *self.entries(seat, "field", side.field),
            *self.plain(seat, "stages", side.stages),
            *self.plain(seat, "stage_deck", reversed(side.stage_deck)),
            *self.plain(seat, "deck", reversed(side.deck)),
            *self.plain(seat, "graveyard", side.graveyard),
        ]
        shields = sum(p.opts.get("shields", 0) for p in cards if p.zone == "field")
        return cards + self.plain(seat, "shields", [FILLER] * shields)

    def apply(self, state: State, cid: int, p: Placed, seat_cards: Sequence[tuple[int, Placed]]) -> None:
        assert isinstance(state, CastersState)
        if p.zone == "shields":  # under the field entries that asked for shields, in order
            hosts = [c for c, q in seat_cards if q.zone == "field" for _ in range(q.opts.get("shields", 0))]
            shields = [c for c, q in seat_cards if q.zone == "shields"]
            state.shield_host[cid] = hosts[shields.index(cid)]
        elif p.zone == "field":
            state.tapped[cid] = p.opts.get("tapped", False)
            state.damage[cid] = p.opts.get("damage", 0)
            if "on" in p.opts:
                field = [c for c, q in seat_cards if q.zone == "field"]
                if not 0 <= p.opts["on"] < len(field):
                    raise core.ScenarioError(f"{p.where}: no field entry #{p.opts['on']} to be on")
                state.attached_to[cid] = field[p.opts["on"]]


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
    sides = (p1 or Side(), p2 or Side())
    builder = Builder(find_game("casters"))
    begin = builder.enter(phase)
    state = builder.build([builder.side(seat, side) for seat, side in enumerate(sides)], seed=seed)
    assert isinstance(state, CastersState)
    for seat, side in enumerate(sides):
        state.stage_damage[seat] = side.stage_damage
    state.initiative = initiative
    state.turn = turn
    # as if this turn's Set Phase had counted the Stages (a scenario may set more, for convenience)
    state.set_quota = max(state.face_up_stages(), len(sides[0].set), len(sides[1].set))
    state.abilities_changed()  # the position was laid out card by card
    state.run_on(begin)
    return state


def card_id(state: CastersState, key: str, seat: int | None = None, nth: int = 0) -> int:
    """The id of the ``nth`` card ``key`` (of ``seat``'s cards, if given), in id order."""
    return core.card_id(state, key, seat, nth=nth)
