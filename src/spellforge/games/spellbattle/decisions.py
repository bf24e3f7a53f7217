"""What Spell Battle's decisions are about: one typed record per kind that carries data (``@legal(kind,
data=...)``, core/kinds.py), read by name (``d.data.remaining``)."""

from __future__ import annotations

from typing import NamedTuple


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
