"""What Spell Battle's decisions and the items in limbo are about: one typed record per kind that carries
data, read by name (``d.data.remaining``): a decision kind's registered with ``@legal(kind, data=...)``
(core/kinds.py), an item kind's in ``ITEM_RECORDS`` (core/windows.py)."""

from __future__ import annotations

from typing import NamedTuple

from spellforge.core.windows import RecordTable


class AssignData(NamedTuple):
    """``assign``: ``attacker`` shares ``remaining`` damage among ``opponents``, the characters it fights
    (SB-060)."""

    attacker: int
    remaining: int
    opponents: tuple[int, ...]


class TriggerTargetData(NamedTuple):
    """``trigger_target``: the target of effect ``effect`` of ``card``'s triggered ability."""

    card: int
    effect: int


class CopyTargetData(NamedTuple):
    """``copy_target``: a new target for a copy of stack item ``original`` (a ``kind`` item: "card" or an
    ability), whose effect ``effect`` of ``card`` it copies."""

    kind: str
    card: int
    effect: int
    original: int


class SacrificeData(NamedTuple):
    """``sacrifice``: a seat destroys ``remaining`` more of its characters; ``chosen`` so far."""

    remaining: int
    chosen: tuple[int, ...]


# ---------------------------------------------------------------------- items in limbo


class TriggerItemData(NamedTuple):
    """A ``trigger`` in limbo: ``event_card``, the card of the event that set it off (-1: no card, or not
    kept: a trigger whose target was chosen)."""

    event_card: int = -1


class CopyItemData(NamedTuple):
    """A ``copy`` in limbo (SB-K09): ``copied``, the kind of the item it copies ("card" for a card, an
    ability's kind otherwise)."""

    copied: str


# what each kind of item in limbo carries: a card played and an activated ability nothing more
ITEM_RECORDS: RecordTable = {"card": None, "ability": None, "trigger": TriggerItemData, "copy": CopyItemData}
