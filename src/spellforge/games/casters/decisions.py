"""What Casters' decisions and the items on its stack are about: one typed record per kind that carries
data, read by name (``d.data.left``): a decision kind's registered with ``@legal(kind, data=...)``
(core/kinds.py), an item kind's in ``ITEM_RECORDS`` (core/windows.py)."""

from __future__ import annotations

from typing import NamedTuple

from spellforge.core.windows import RecordTable


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


# ---------------------------------------------------------------------- items on the stack


class CardItemData(NamedTuple):
    """A ``card`` on the stack, activated for ``mode`` ("play", or "equip" onto a minion); ``negated``: a
    minion negated while it waits, summoned without its On Play (CA-R28)."""

    mode: str
    negated: bool = False

    @classmethod
    def from_saved(cls, data: tuple[str, ...]) -> CardItemData:
        """Saved as a tuple: the mode, then "negated" for a negated minion."""
        return cls(data[0], "negated" in data[1:])


class AbilityItemData(NamedTuple):
    """A response ``ability`` on the stack: ``source``, the card whose ability it is."""

    source: int


class TriggerItemData(NamedTuple):
    """A ``trigger`` on the stack: ``source``, the card whose trigger it is for its effect's context, set
    off by ``event_card``."""

    source: int
    event_card: int


ITEM_RECORDS: RecordTable = {"card": CardItemData, "ability": AbilityItemData, "trigger": TriggerItemData}


def is_negated(data: object) -> bool:
    """Whether a stack item with ``data`` was negated while it waits (a minion, CA-R28)."""
    return isinstance(data, CardItemData) and data.negated
