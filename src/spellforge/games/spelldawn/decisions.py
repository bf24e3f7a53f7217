"""What Spelldawn's decisions are about: one typed record per kind that carries data (``@legal(kind,
data=...)``, core/kinds.py), read by name (``d.data.mana``)."""

from __future__ import annotations

from typing import NamedTuple


class LimitData(NamedTuple):
    """``limit``: a card over a limit waits in limbo (SD-088, SD-R20): ``what`` is the room (an int) whose
    defenders are full, or the kind of Champion card (a str) at its limit."""

    what: int | str


class RaidTargetData(NamedTuple):
    """``raid_target``: the room of a raid a card grants, with ``mana`` and ``extra`` for the raid."""

    mana: int
    extra: int
