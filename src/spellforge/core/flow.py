"""Decision points, the declared turn structure, and how a game ended.

The engine advances a game by running *frames* from a work stack until some seat must choose. A frame is a
plain tuple ``(op_name, *args)`` naming a method the game's State registers with ``@flow_op(op_name)``
(core/kinds.py), so the whole continuation of a game is data: it clones with a list copy and serialises to
JSON. An op may push more frames (``state.schedule``) or stop the run by posting a :class:`Decision` of a
registered kind.

A ruleset declares its turn as a tuple of :class:`Phase` values; ``State.op_phase`` runs a phase's
``begin`` op, then the next phase named by ``next`` (or the declared order).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

Frame = tuple[Any, ...]


class Outcome(NamedTuple):
    """How a game ended: ``winners`` (empty for a draw) and a short ``reason`` such as ``"life"``."""

    winners: tuple[int, ...]
    reason: str

    @property
    def is_draw(self) -> bool:
        return not self.winners


class Decision(NamedTuple):
    """A pending choice: ``seat`` must pick one of the legal actions of decision ``kind``.

    ``data`` carries what the choice is about (an attacker, a count, the item on the stack ...), as a tuple
    of plain values so the decision serialises and clones for free.
    """

    kind: str
    seat: int
    data: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class Phase:
    """One step of a declared turn structure.

    ``begin`` names the op that runs when the phase starts (it may post decisions and open response
    windows); ``end`` names an op run when it finishes; ``next`` names the following phase (default: the
    next one in declaration order, wrapping to a new turn after the last).
    """

    name: str
    begin: str = ""
    end: str = ""
    next: str = ""
    help: str = ""


@dataclass(frozen=True, slots=True)
class TurnStructure:
    phases: tuple[Phase, ...]
    by_name: dict[str, Phase] = field(init=False, repr=False, compare=False)
    order: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_name", {p.name: p for p in self.phases})
        object.__setattr__(self, "order", {p.name: i for i, p in enumerate(self.phases)})
        if len(self.by_name) != len(self.phases):
            raise ValueError("phase names must be unique")
        for p in self.phases:
            if p.next and p.next not in self.by_name:
                raise ValueError(f"phase {p.name!r} names unknown next phase {p.next!r}")

    def following(self, name: str) -> str | None:
        """The phase after ``name``, or None when the turn is over."""
        phase = self.by_name[name]
        if phase.next:
            return phase.next
        i = self.order[name] + 1
        return self.phases[i].name if i < len(self.phases) else None

    @property
    def first(self) -> str:
        return self.phases[0].name
