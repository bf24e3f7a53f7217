"""Decision kinds and window close conditions, registered explicitly on a State class.

(Flow ops need no registration: each is a :class:`~spellforge.core.flow.Frame` class whose ``run`` calls
its method, listed by name in the game's ``frames.py``.) A game says which of its methods answer a
decision, and under what name, with a decorator at the ``def``:

* ``@legal("block")`` -- the method lists the options of a decision of kind ``"block"``, reading
  ``self.decision``; ``forced=`` names the kind's rule for a single option (below);
* ``@act("block")`` -- the method carries out the chosen option: ``act(self, action, decision)``, called
  with the decision already cleared so it may post the next one;
* ``@close_condition("negated")`` -- a window opened with ``until="negated"`` closes once the method
  returns True (``core.windows``).

Decisions and windows name kinds and conditions by these strings, so the whole continuation of
a game stays plain data that clones with a list copy and serialises to JSON; the names never come from the
methods' own names.

When a State class is created, :func:`build_tables` collects the marks of the class and of its bases into
typed tables: ``KINDS`` (name -> :class:`Kind`) and ``CONDITIONS``. A subclass
that overrides a registered method keeps its registration (the table holds the override). A kind with a
``legal`` but no ``act`` method (or the reverse), or a name registered twice for one role, is a
:class:`RegistrationError` at once, naming the class and the kind.

**The single-option rule** (DESIGN.md section 2b). A decision with exactly one legal option is taken
without asking only when public information forces it. Each kind declares how to tell, with
``@legal(kind, forced=rule)``:

* no ``forced`` (the default): the options depend on public information only (cards in play, resources,
  the phase), so a single option is always forced;
* ``forced=rule``: ``rule(state, decision) -> bool``, asked only when there is one option, says whether
  public information rules every other option out; it must read nothing hidden (zone sizes, not the cards
  in a hand). A kind that offers the cards of a hidden hand uses one, so that a seat holding nothing
  playable is still asked;
* ``forced=NEVER``: always asked, even with one option.

The decorators return the method unchanged (the marks live in a table of this module, not on the function),
so the class is an ordinary class, as a compiler of typed Python needs it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from .actions import Action
from .flow import Decision

LEGAL = "legal"
ACT = "act"
CONDITION = "close condition"

LegalFn = Callable[[Any], Iterable[Action]]
ActFn = Callable[[Any, Any, Decision], None]
ForcedRule = Callable[[Any, Decision], bool]

L = TypeVar("L", bound=Callable[[Any], Iterable[Action]])
A = TypeVar("A", bound=Callable[[Any, Any, Decision], None])
C = TypeVar("C", bound=Callable[[Any], bool])


class RegistrationError(ValueError):
    """A State class registers its ops or decision kinds inconsistently (raised when the class is made)."""


class UnregisteredError(ValueError):
    """A frame, a decision or a window names an op, kind or condition that its State class does not
    register (raised where the frame, decision or window is made, and when a game starts or loads)."""


def never(state: Any, decision: Decision) -> bool:
    """The single-option rule of a kind that is always asked, even with one option."""
    return False


NEVER: ForcedRule = never


@dataclass(frozen=True, slots=True)
class Mark:
    """What a decorator recorded about one method: its role, the name it registers, and for a ``legal``
    method the kind's single-option rule (None: forced whenever there is one option)."""

    role: str
    name: str
    forced: ForcedRule | None = None
    data: type[tuple[Any, ...]] | None = None


@dataclass(frozen=True, slots=True)
class Kind:
    """One decision kind of a State class: its name, the methods that list and carry out its options, and
    its single-option rule (``forced``; None: a single option is always forced). ``owner`` names the class
    that registered it, for messages."""

    name: str
    legal: LegalFn
    act: ActFn
    forced: ForcedRule | None
    owner: str
    data: type[tuple[Any, ...]] | None = None  # the record of the decision's data (None: it has none)


# id(function) -> (function, mark). Keyed by identity and checked with ``is``, because a compiled method
# accepts no attributes of its own.
_MARKS: dict[int, tuple[Any, Mark]] = {}


def _mark(fn: Any, mark: Mark) -> None:
    hit = _MARKS.get(id(fn))
    if hit is not None and hit[0] is fn:
        raise RegistrationError(
            f"{getattr(fn, '__qualname__', fn)} is registered twice "
            f"(as {hit[1].role} {hit[1].name!r} and as {mark.role} {mark.name!r})"
        )
    _MARKS[id(fn)] = (fn, mark)


def _checked(name: str, what: str) -> str:
    if not isinstance(name, str) or not name.isidentifier():
        raise RegistrationError(f"a {what} needs a name like 'block', not {name!r}")
    return name


def legal(
    kind: str, *, forced: ForcedRule | None = None, data: type[tuple[Any, ...]] | None = None
) -> Callable[[L], L]:
    """Register the method as the list of options of decision ``kind`` (see the module docstring for
    ``forced``, the kind's single-option rule). ``data`` is the typed record (a ``NamedTuple``) that a
    decision of the kind carries (``state.ask(kind, seat, Record(...))``); without it the kind carries
    none."""
    _checked(kind, "decision kind")
    if forced is not None and not callable(forced):
        raise RegistrationError(f"decision kind {kind!r}: forced= must be a rule (state, decision) -> bool")
    check_record(f"decision kind {kind!r}: data=", data)

    def register(fn: L) -> L:
        _mark(fn, Mark(LEGAL, kind, forced, data))
        return fn

    return register


def check_record(what: str, record: object) -> None:
    """Raise :class:`RegistrationError` unless ``record`` is a ``NamedTuple`` class or None (what a decision,
    a window or a stack item of a kind carries); ``what`` names the kind in the message."""
    if record is not None and not (
        isinstance(record, type) and issubclass(record, tuple) and hasattr(record, "_fields")
    ):
        raise RegistrationError(f"{what} must be a NamedTuple record or None, not {record!r}")


def wrong_record(what: str, owner: type, record: type | None, data: object) -> TypeError:
    """The error for ``data`` given to ``what`` (a decision, window or stack item kind of ``owner``) whose
    record is ``record`` (None: it carries nothing); the callers test ``type(data)`` inline, on the hot path."""
    wanted = f"a {record.__name__}" if record else "no data"
    return TypeError(f"{what} of {owner.__name__} carries {wanted}, not {data!r}")


def act(kind: str) -> Callable[[A], A]:
    """Register the method as what answering decision ``kind`` does: ``act(self, action, decision)``."""
    _checked(kind, "decision kind")

    def register(fn: A) -> A:
        _mark(fn, Mark(ACT, kind))
        return fn

    return register


def close_condition(name: str) -> Callable[[C], C]:
    """Register the method as the window close condition ``name`` (``open_window(..., until=name)``)."""
    _checked(name, CONDITION)

    def register(fn: C) -> C:
        _mark(fn, Mark(CONDITION, name))
        return fn

    return register


@dataclass(frozen=True, slots=True)
class Tables:
    """The registrations of one State class, resolved against its overrides."""

    kinds: dict[str, Kind]
    conditions: dict[str, Callable[[Any], bool]]


def build_tables(cls: type) -> Tables:
    """Collect the marks of ``cls`` and its bases (see the module docstring); raise
    :class:`RegistrationError` naming the class and the kind when they do not fit together."""
    # attribute -> (mark, class that marked it): a subclass marking the same attribute replaces its base's
    marked: dict[str, tuple[Mark, str]] = {}
    for klass in reversed(cls.__mro__):
        for attr, value in klass.__dict__.items():
            hit = _MARKS.get(id(value))
            if hit is not None and hit[0] is value:
                marked[attr] = (hit[1], klass.__name__)
    by_role: dict[str, dict[str, tuple[str, Mark, str]]] = {LEGAL: {}, ACT: {}, CONDITION: {}}
    for attr, (mark, where) in marked.items():
        table = by_role[mark.role]
        other = table.get(mark.name)
        if other is not None:
            raise RegistrationError(
                f"{cls.__name__}: {mark.role} {mark.name!r} is registered twice "
                f"({other[2]}.{other[0]} and {where}.{attr})"
            )
        table[mark.name] = (attr, mark, where)
    legals, acts = by_role[LEGAL], by_role[ACT]
    for name in sorted(legals.keys() ^ acts.keys()):
        has, lacks = (LEGAL, ACT) if name in legals else (ACT, LEGAL)
        attr, _, where = (legals if name in legals else acts)[name]
        raise RegistrationError(
            f"{cls.__name__}: decision kind {name!r} has a {has} method ({where}.{attr}) but no {lacks} "
            f"method (register one with @{'act' if lacks == ACT else 'legal'}({name!r}))"
        )
    kinds: dict[str, Kind] = {}
    for name, (attr, mark, where) in legals.items():
        kinds[name] = Kind(
            name, getattr(cls, attr), getattr(cls, acts[name][0]), mark.forced, where, mark.data
        )
    return Tables(
        kinds,
        {name: getattr(cls, attr) for name, (attr, _, _) in by_role[CONDITION].items()},
    )


def unknown(cls: type, role: str, name: object, known: Iterable[str]) -> UnregisteredError:
    """The error for a frame, decision or window that names something ``cls`` does not register."""
    names = sorted(known)
    shown = ", ".join(names[:12]) + (", ..." if len(names) > 12 else "")
    return UnregisteredError(f"{cls.__name__} registers no {role} {name!r} (registered: {shown or 'none'})")
