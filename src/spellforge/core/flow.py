"""Decision points, the declared turn structure, and how a game ended.

The engine advances a game by running *frames* from a work stack until some seat must choose. A frame is a
small immutable record, one class per flow op (a :class:`Frame` subclass with typed fields), whose ``run``
calls the op's method on the State: ``state.schedule(WindowAsk(wid))`` runs ``state.op_window_ask(wid)``, a
call a reader and a type checker follow. The whole continuation of a game is therefore data: frames are
never changed once made, so the work stack clones with a list copy, and each serialises to JSON as its
``NAME`` and fields. Each game lists its frame classes by name in its ``frames.py`` (``FRAMES``), for
loading a saved game and for the ops a declared :class:`Phase` names. An op may push more frames
(``state.schedule``) or stop the run by posting a :class:`Decision` of a registered kind.

A ruleset declares its turn as a tuple of :class:`Phase` values; ``State.op_phase`` runs a phase's
``begin`` op, then the next phase named by ``next`` (or the declared order).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, NamedTuple, TypeVar

from mypy_extensions import mypyc_attr

S = TypeVar("S", contravariant=True)


@mypyc_attr(allow_interpreted_subclasses=True)
class Frame(Generic[S]):
    """One step of the flow: an immutable record of the arguments of one op, run by ``run(state)``.

    A subclass names its op (``NAME``, the name a saved game and a :class:`Phase` use), lists its fields in
    ``FIELDS`` in the order of the op's parameters (and of ``__init__``; its ``__slots__``), and calls the
    op's method in ``run``. Fields are set once in ``__init__`` and never again, so frames are shared
    freely between clones."""

    __slots__ = ()
    NAME: ClassVar[str] = ""
    FIELDS: ClassVar[tuple[str, ...]] = ()

    def __init__(self) -> None:
        """A frame without fields takes no arguments (compiled, a class without ``__init__`` took any: a
        saved game naming such a frame with arguments loaded)."""

    def run(self, state: S) -> None:
        """Carry the frame out on ``state`` (calls the op's method)."""
        raise NotImplementedError(f"{type(self).__name__} does not say what it runs")

    def args(self) -> tuple[Any, ...]:
        """The frame's fields, in order (what its JSON form holds after its name)."""
        return tuple(getattr(self, name) for name in self.FIELDS)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and isinstance(other, Frame) and other.args() == self.args()

    def __hash__(self) -> int:
        return hash((self.NAME, self.args()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(repr(a) for a in self.args())})"


FrameTable = dict[str, type[Frame[Any]]]


def frame_table(*classes: type[Frame[Any]]) -> FrameTable:
    """The frame classes by name (``NAME``); a name given twice is an error."""
    out: FrameTable = {}
    for cls in classes:
        if not cls.NAME or cls.NAME in out:
            raise ValueError(f"frame {cls.__name__}: its NAME {cls.NAME!r} is empty or given twice")
        out[cls.NAME] = cls
    return out


class Outcome(NamedTuple):
    """How a game ended: ``winners`` (empty for a draw) and a short ``reason`` such as ``"life"``."""

    winners: tuple[int, ...]
    reason: str

    @property
    def is_draw(self) -> bool:
        return not self.winners


D = TypeVar("D", covariant=True)


class Decision(NamedTuple, Generic[D]):
    """A pending choice: ``seat`` must pick one of the legal actions of decision ``kind``.

    ``data`` carries what the choice is about (an attacker, a count, the item on the stack ...): the typed
    record the kind registers (``@legal(kind, data=Record)``, core/kinds.py; a small ``NamedTuple`` of
    plain values, so the decision serialises and clones for free), read by name (``d.data.attacker``); a
    kind that is about nothing more than its seat has ``()``. A handler annotates what it reads, e.g.
    ``act_assign(self, action, d: Decision[AssignData])``.
    """

    kind: str
    seat: int
    data: D = ()  # type: ignore[assignment]  # the empty tuple of a kind that registers no record


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
