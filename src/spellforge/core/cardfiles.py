"""Card files: the fields every game's cards have, declared once, and the one loader of every game.

A game's ``CardModel`` extends :class:`CardFields` (the pydantic model of a ``[[card]]`` table) with its
own fields and narrows ``type`` and ``keywords`` to its words; its ``build`` turns a validated card into
its ``CardDef`` subclass from :class:`Common`, the fields core fills, and its own::

    def build(card: CardModel, common: Common) -> SBCard:
        return SBCard(**common, cost=card.cost, strength=card.strength or 0, ...)

:func:`load_card_files` validates the fields (the model), the effects (the game's ``EffectVocabulary``),
the rules between fields (``check``, before the definition is built) and those that need the built
definition (``validate``, once every card has loaded); any problem is a :class:`CardDataError` naming the
file, the card and the field::

    cards/spells.toml: card 'final-verdict': effects[0].do: unknown verb 'destory' (known: counter, ...)

Pydantic models are kept out of compiled modules (``tools/compile.py``), so they live here, not in
``cards.py``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TypedDict, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .cards import CardDef, Effect, EffectVocabulary, file_label
from .errors import CardDataError


class CardFields(BaseModel):
    """The fields of a ``[[card]]`` table every game has. A game's model extends it with its own fields and
    narrows ``type`` (its card types) and ``keywords`` (its keywords) to ``Literal`` words."""

    model_config = ConfigDict(extra="forbid", strict=True)

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str = Field(min_length=1)
    type: str
    text: str = ""  # the card's rules text as players read it
    keywords: Sequence[str] = ()

    def card_keywords(self, effects: tuple[Effect, ...]) -> frozenset[str]:
        """The definition's keywords: those the card lists (a game may read them from its other fields)."""
        return frozenset(self.keywords)


class Common(TypedDict):
    """The fields of every ``CardDef``, filled by the loader: a game's ``build`` passes them on
    (``SBCard(**common, ...)``) with its own."""

    key: str
    name: str
    type: str
    text: str
    keywords: frozenset[str]
    effects: tuple[Effect, ...]
    source: str


def common_fields(card: CardFields, effects: tuple[Effect, ...], source: str) -> Common:
    """The common fields of the definition of ``card``, its effects parsed, loaded from ``source``."""
    return Common(
        key=card.id,
        name=card.name,
        type=card.type,
        text=card.text,
        keywords=card.card_keywords(effects),
        effects=effects,
        source=source,
    )


M = TypeVar("M", bound=CardFields)
D = TypeVar("D", bound=CardDef)


def _format_validation(err: ValidationError) -> str:
    parts = []
    for e in err.errors():
        loc = ".".join(str(x) for x in e["loc"]) or "(card)"
        parts.append(f"{loc}: {e['msg']}")
    return "; ".join(parts)


def _read(path: Path) -> list[Any]:
    """The raw ``[[card]]`` tables of one file."""
    label = file_label(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise CardDataError(f"{label}: cannot read: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(f"{label}: not valid TOML: {exc}") from None
    extra = set(data) - {"card"}
    if extra:
        raise CardDataError(
            f"{label}: unknown top-level key(s) {sorted(extra)}; a card file holds [[card]] tables"
        )
    raw_cards = data.get("card", [])
    if not isinstance(raw_cards, list):
        raise CardDataError(f"{label}: 'card' must be an array of tables ([[card]])")
    return raw_cards


def load_card_files(
    paths: Iterable[Path],
    model: type[M],
    vocabulary: EffectVocabulary,
    build: Callable[[M, Common], D],
    check: Callable[[M], None] | None = None,
    validate: Callable[[D], None] | None = None,
) -> dict[str, D]:
    """Load and validate every card of ``paths``; returns definitions by key, in file order.

    ``model`` validates the fields, ``vocabulary`` the effects, ``check`` the game's rules between fields
    and ``validate`` those that need the built definition and its effects (both raise
    ValueError("field: problem")); ``build`` makes the definition. Any problem raises
    :class:`CardDataError` naming the file, the card and the field.
    """
    cards: dict[str, D] = {}
    names: dict[str, str] = {}
    for path in paths:
        label = file_label(path)
        for n, raw in enumerate(_read(path)):
            ident = raw.get("id") if isinstance(raw, dict) else None
            who = f"card {ident!r}" if isinstance(ident, str) else f"card #{n + 1}"
            if not isinstance(raw, dict):
                raise CardDataError(f"{label}: {who}: must be a table")
            raw_effects = raw.get("effects", [])
            if not isinstance(raw_effects, list):
                raise CardDataError(f"{label}: {who}: effects: must be an array of tables")
            body = {k: v for k, v in raw.items() if k != "effects"}
            try:
                validated = model.model_validate(body)
            except ValidationError as exc:
                raise CardDataError(f"{label}: {who}: {_format_validation(exc)}") from None
            try:
                effects = tuple(vocabulary.parse_effect(e, i) for i, e in enumerate(raw_effects))
                if check is not None:
                    check(validated)
            except ValueError as exc:
                raise CardDataError(f"{label}: {who}: {exc}") from None
            card = build(validated, common_fields(validated, effects, label))
            if card.key in cards:
                raise CardDataError(
                    f"{label}: {who}: id: duplicate card id (also in {cards[card.key].source})"
                )
            if card.name.lower() in names:
                raise CardDataError(
                    f"{label}: {who}: name: duplicate card name {card.name!r} (also {names[card.name.lower()]!r})"
                )
            names[card.name.lower()] = card.key
            cards[card.key] = card
    if validate is not None:
        for card in cards.values():
            try:
                validate(card)
            except ValueError as exc:
                raise CardDataError(f"{card.source}: card {card.key!r}: {exc}") from None
    return cards
