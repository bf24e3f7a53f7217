"""Card data: the definitions shared by every game, their effects, and the effect vocabulary.

A card file holds ``[[card]]`` tables. Each game describes its fields with a pydantic model (extending
``cardfiles.CardFields``, the fields every card has) and its effect vocabulary with
:class:`EffectVocabulary`; ``cardfiles.load_card_files`` loads them, and anything the model or the
vocabulary does not know fails at load time with the file, the card and the field named::

    cards/spells.toml: card 'final-verdict': effects[0].do: unknown verb 'destory' (known: counter, ...)

Definitions are immutable and shared by every game state that uses them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from mypy_extensions import mypyc_attr

from .selectors import Selection, SelectorVocabulary

# What carries out an effect: ``verb(state, effect, ctx)``, ``ctx`` a core.effects.Context (core/effects.py).
Verb = Callable[[Any, "Effect", Any], None]


@dataclass(frozen=True, slots=True)
class Effect:
    """One entry of a card's ``effects`` list, validated against the game's vocabulary.

    The keys that say *when* it works decide what kind of ability it is:

    * none of them: it happens when the card resolves (a spell's effect, an "enters play" is ``on``);
    * ``on = "<event>"``: a triggered ability;
    * ``activate = {...}``: an activated ability with that cost;
    * ``static = true``: a static ability, computed whenever the value it changes is read;
    * ``instead = "<event>"``: a replacement ability.

    ``run`` is its verb's function, put on it by the vocabulary when the card loads (nothing is looked up by
    name in play): ``effect.run(state, effect, ctx)``.
    """

    verb: str
    index: int = 0
    trigger: str = ""
    target: Selection | None = None
    to: Selection | None = None
    amount: int = 0
    activate: tuple[tuple[str, Any], ...] | None = None
    static: bool = False
    instead: str = ""
    duration: str = ""
    optional: bool = False
    params: tuple[tuple[str, Any], ...] = ()
    run: Verb | None = field(default=None, compare=False, repr=False)

    @property
    def kind(self) -> str:
        if self.static:
            return "static"
        if self.instead:
            return "replacement"
        if self.activate is not None:
            return "activated"
        if self.trigger:
            return "triggered"
        return "effect"

    def param(self, name: str, default: Any = None) -> Any:
        for key, value in self.params:
            if key == name:
                return value
        return default

    def cost(self, name: str, default: Any = None) -> Any:
        for key, value in self.activate or ():
            if key == name:
                return value
        return default


@mypyc_attr(allow_interpreted_subclasses=True)  # each game's card class, in its interpreted cards.py
@dataclass(frozen=True, slots=True)
class CardDef:
    """An immutable card definition. Games subclass it to add their fields (all with defaults)."""

    key: str
    name: str
    type: str
    text: str = ""
    keywords: frozenset[str] = frozenset()
    effects: tuple[Effect, ...] = ()
    source: str = ""  # the file it came from, for error messages
    on_resolve: tuple[Effect, ...] = field(default=(), init=False, repr=False, compare=False)
    triggered: tuple[Effect, ...] = field(default=(), init=False, repr=False, compare=False)
    activated: tuple[Effect, ...] = field(default=(), init=False, repr=False, compare=False)
    statics: tuple[Effect, ...] = field(default=(), init=False, repr=False, compare=False)
    replacements: tuple[Effect, ...] = field(default=(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        groups: dict[str, list[Effect]] = {
            k: [] for k in ("effect", "triggered", "activated", "static", "replacement")
        }
        for e in self.effects:
            groups[e.kind].append(e)
        object.__setattr__(self, "on_resolve", tuple(groups["effect"]))
        object.__setattr__(self, "triggered", tuple(groups["triggered"]))
        object.__setattr__(self, "activated", tuple(groups["activated"]))
        object.__setattr__(self, "statics", tuple(groups["static"]))
        object.__setattr__(self, "replacements", tuple(groups["replacement"]))

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords


# Compiled, CardDef keeps its fields in native slots but has no ``__slots__`` to say so: a game's card class
# (``@dataclass(slots=True)``, interpreted) would declare them again as slots of its own, which the compiled
# methods never read. Naming them keeps the subclass's slots to its own fields. From source it is a no-op.
if not hasattr(CardDef, "__slots__"):
    setattr(CardDef, "__slots__", tuple(f.name for f in fields(CardDef)))  # noqa: B010 (mypy types it per field)


@dataclass(frozen=True, slots=True)
class VerbSpec:
    """A verb of a game's vocabulary: its extra parameters and their types, whether it needs a target/to, and
    the function that carries it out (``run``). Core's shared verbs are declared so (``core.effects.SHARED``);
    a game takes those it uses (``SHARED["draw"].extended(help=...)``) and declares its own the same way."""

    params: Mapping[str, type | tuple[type, ...]] = field(default_factory=dict)
    needs: str = ""  # "", "target", "to", or "target|to"
    help: str = ""
    run: Verb | None = None

    def extended(
        self,
        params: Mapping[str, type | tuple[type, ...]] | None = None,
        needs: str | None = None,
        help: str | None = None,
    ) -> VerbSpec:
        """This verb with more parameters (a game's own flags), another ``needs`` or the game's help text."""
        return VerbSpec(
            {**self.params, **(params or {})},
            self.needs if needs is None else needs,
            self.help if help is None else help,
            self.run,
        )


GENERAL_KEYS: dict[str, type | tuple[type, ...]] = {
    "do": str,
    "on": str,
    "target": str,
    "to": str,
    "amount": int,
    "activate": dict,
    "static": bool,
    "instead": str,
    "duration": str,
    "optional": bool,
    "text": str,
}


@dataclass(frozen=True, slots=True)
class EffectVocabulary:
    """A game's closed vocabulary: verbs, trigger events, replaceable events, activation costs, durations."""

    verbs: Mapping[str, VerbSpec]
    selectors: SelectorVocabulary
    triggers: frozenset[str] = frozenset()
    replaceable: frozenset[str] = frozenset()
    activation: Mapping[str, type | tuple[type, ...]] = field(default_factory=dict)
    durations: frozenset[str] = frozenset({"turn"})

    def parse_effect(self, raw: Any, index: int) -> Effect:
        """Validate one raw effect table; raises ValueError("<field>: <problem>")."""
        if not isinstance(raw, dict):
            raise ValueError(f'effects[{index}]: must be a table such as {{ do = "draw", amount = 1 }}')
        where = f"effects[{index}]"
        verb = raw.get("do")
        if not isinstance(verb, str):
            raise ValueError(f'{where}.do: missing (every effect names its verb with do = "...")')
        spec = self.verbs.get(verb)
        if spec is None:
            raise ValueError(f"{where}.do: unknown verb {verb!r} (known: {', '.join(sorted(self.verbs))})")
        params: list[tuple[str, Any]] = []
        for key, value in raw.items():
            expected = GENERAL_KEYS.get(key) or spec.params.get(key)
            if expected is None:
                allowed = sorted(set(GENERAL_KEYS) | set(spec.params))
                raise ValueError(
                    f"{where}.{key}: unknown field for verb {verb!r} (allowed: {', '.join(allowed)})"
                )
            if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
                names = (
                    expected.__name__
                    if isinstance(expected, type)
                    else "/".join(t.__name__ for t in expected)
                )
                raise ValueError(f"{where}.{key}: expected {names}, got {value!r}")
            if key not in GENERAL_KEYS:
                params.append((key, value))
        selections: dict[str, Selection | None] = {"target": None, "to": None}
        for key in ("target", "to"):
            if key in raw:
                try:
                    selections[key] = self.selectors.parse(raw[key])
                except ValueError as exc:
                    raise ValueError(f"{where}.{key}: {exc}") from None
        if spec.needs and not any(selections[k] is not None for k in spec.needs.split("|")):
            raise ValueError(f'{where}: verb {verb!r} needs {" or ".join(spec.needs.split("|"))} = "..."')
        trigger = raw.get("on", "")
        if trigger and trigger not in self.triggers:
            raise ValueError(
                f"{where}.on: unknown event {trigger!r} (known: {', '.join(sorted(self.triggers))})"
            )
        instead = raw.get("instead", "")
        if instead and instead not in self.replaceable:
            raise ValueError(
                f"{where}.instead: {instead!r} cannot be replaced (known: {', '.join(sorted(self.replaceable))})"
            )
        activate = raw.get("activate")
        act_items: tuple[tuple[str, Any], ...] | None = None
        if activate is not None:
            for key, value in activate.items():
                expected = self.activation.get(key)
                if expected is None:
                    raise ValueError(
                        f"{where}.activate.{key}: unknown cost (known: {', '.join(sorted(self.activation))})"
                    )
                if not isinstance(value, expected):
                    raise ValueError(f"{where}.activate.{key}: expected {expected}, got {value!r}")
            act_items = tuple(sorted(activate.items()))
        duration = raw.get("duration", "")
        if duration and duration not in self.durations:
            raise ValueError(
                f"{where}.duration: unknown duration {duration!r} (known: {', '.join(sorted(self.durations))})"
            )
        kinds = sum(bool(x) for x in (trigger, instead, activate is not None, raw.get("static", False)))
        if kinds > 1:
            raise ValueError(f"{where}: use only one of on, activate, static, instead")
        return Effect(
            verb=verb,
            index=index,
            trigger=trigger,
            target=selections["target"],
            to=selections["to"],
            amount=raw.get("amount", 0),
            activate=act_items,
            static=raw.get("static", False),
            instead=instead,
            duration=duration,
            optional=raw.get("optional", False),
            params=tuple(params),
            run=spec.run,
        )


def file_label(path: Path) -> str:
    """How a card file is named in the errors of ``cardfiles.load_card_files``: its folder and its name."""
    return f"{path.parent.name}/{path.name}"
