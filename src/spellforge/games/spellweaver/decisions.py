"""What Spellweaver's decisions are about: one typed record per kind that carries data (``@legal(kind,
data=...)``, core/kinds.py), read by name (``d.data.card``)."""

from __future__ import annotations

from typing import NamedTuple


class TargetData(NamedTuple):
    """``target``: the target of what a seat is doing: ``what`` is "card" (playing card ``source``),
    "skill" (using the skill in slot ``source``) or "use" (ability ``ability`` of card ``source``; -1
    otherwise)."""

    what: str
    source: int
    ability: int


class TriggerTargetData(NamedTuple):
    """``trigger_target``: the target of effect ``effect`` of ``card``'s trigger, set off by ``event_card``."""

    card: int
    effect: int
    event_card: int


class CancelData(NamedTuple):
    """``cancel``: whether to cancel ``card`` as it is played (SW-K25)."""

    card: int
