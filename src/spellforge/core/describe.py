"""Words for players: how an action reads as a label a player clicks.

Every action class declares its label as a short template, ``LABEL``, in the game's own words, built from
its fields: a card field reads as the card's name (or "a face-down card" to a seat that cannot see it), a
target field as the target's name (a card, a player by seat or role, a place, an item waiting on a stack),
any other field as its value. A part in square brackets is left out when a field in it names nothing
(``"Play {card}[ on {target}]"``). A game whose wording depends on the decision (a ``pass`` that means "no
more blockers") refines ``State.describe_action``; the default reads the template.

>>> from spellforge.core.actions import CardTargetVerb
>>> render_label("Play {card}[ on {target}]", {"card": "Fire Lance", "target": None})
'Play Fire Lance'
>>> render_label("Play {card}[ on {target}]", {"card": "Fire Lance", "target": "Dawn Priest"})
'Play Fire Lance on Dawn Priest'

Labels name cards by name only, never by id, so they hold no ``#12``; the client matches an action to the
cards on the table through the ids it lists beside the label (``core.observe.action_entries``).
"""

from __future__ import annotations

import re
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from .targets import CardRef, Place, PlayerRef, StackRef, Target

if TYPE_CHECKING:
    from .actions import Action
    from .state import State

_FIELD = re.compile(r"\{(\w+)\}")
_SECTION = re.compile(r"\[([^\[\]]*)\]")

HIDDEN_CARD = "a face-down card"
"""How a label or a log line names a card the reader may not see."""


def render_label(template: str, values: dict[str, str | None]) -> str:
    """``template`` with each ``{field}`` replaced by its value; a ``[...]`` part whose fields include one
    whose value is None is left out. An unknown field is a KeyError (a template's mistake)."""

    def section(m: re.Match[str]) -> str:
        inner = m.group(1)
        return "" if any(values[name] is None for name in _FIELD.findall(inner)) else inner

    return _FIELD.sub(lambda m: values[m.group(1)] or "", _SECTION.sub(section, template))


def default_template(cls: type[Action]) -> str:
    """The label template of an action class that declares none: its verb, then its cards and targets
    (``Attack {card}[ → {target}]``); a class without a verb reads as its name."""
    verb = cls.VERB or cls.__name__
    cards = "".join(" {" + name + "}" for name in cls.card_fields)
    targets = "".join("[ → {" + name + "}]" for name in cls.target_fields)
    return verb[:1].upper() + verb[1:] + cards + targets


def template_of(action: Action) -> str:
    cls = type(action)
    template = _TEMPLATES.get(cls)
    if template is None:
        template = _TEMPLATES[cls] = cls.LABEL or default_template(cls)
    return template


_TEMPLATES: dict[type, str] = {}


def label_values(state: State, action: Action, seat: int | None) -> dict[str, str | None]:
    """Every field of ``action`` as a label reads it, for ``seat`` (see the module docstring)."""
    cls = type(action)
    out: dict[str, str | None] = {}
    for f in fields(action):
        value: Any = getattr(action, f.name)
        if f.name in cls.card_fields:
            out[f.name] = state.card_label(value, seat) if value >= 0 else None
        elif f.name in cls.target_fields:
            out[f.name] = None if value is None else state.target_label(value, seat)
        else:
            out[f.name] = None if value is None else str(value)
    return out


def label(state: State, action: Action, seat: int | None) -> str:
    """The label of ``action`` by its class's template (``State.describe_action``'s default)."""
    return render_label(template_of(action), label_values(state, action, seat))


def target_label(state: State, target: Target, seat: int | None) -> str:
    """A target as a label names it (``State.target_label``'s default)."""
    if isinstance(target, CardRef):
        return state.card_label(target.id, seat)
    if isinstance(target, PlayerRef):
        return state.seat_label(target.seat)
    if isinstance(target, StackRef):
        return state.stack_label(target.uid, seat)
    if isinstance(target, Place):
        return state.place_label(target, seat)
    return str(target)
