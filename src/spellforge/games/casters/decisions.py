"""What Casters' decisions are about: one typed record per kind that carries data (``@legal(kind,
data=...)``, core/kinds.py), read by name (``d.data.left``)."""

from __future__ import annotations

from typing import NamedTuple


class BattleData(NamedTuple):
    """``battle``: a seat declares an attack or skips; ``skips`` counts the skips in a row before it."""

    skips: int


class SetData(NamedTuple):
    """``set``: a seat sets a card face down, ``left`` to go (CA-R14)."""

    left: int


class OptionData(NamedTuple):
    """``option``: the option of revealed ``card`` to use."""

    card: int


class TriggerTargetData(NamedTuple):
    """``trigger_target``: the target of effect ``effect`` of ``card``'s trigger, from ``source``, set off by
    ``event_card``."""

    card: int
    effect: int
    source: int
    event_card: int


class DiscardData(NamedTuple):
    """``discard``: a seat discards ``cards`` more cards, one at a time."""

    cards: int


class SearchData(NamedTuple):
    """``search``: a card of ``level`` (0: any) and ``kind`` (a card type, or "card") from the deck, for
    ``source``'s ability."""

    level: int
    kind: str
    source: int


class OptionalData(NamedTuple):
    """``optional``: whether to pay for effect ``effect`` of ``card`` to resummon ``source``."""

    card: int
    effect: int
    source: int
