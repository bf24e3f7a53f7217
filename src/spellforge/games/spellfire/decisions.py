"""What SPELLFIRE's decisions are about: one typed record per kind that carries data (``@legal(kind,
data=...)``, core/kinds.py), read by name (``d.data.victim``)."""

from __future__ import annotations

from typing import NamedTuple


class CutData(NamedTuple):
    """``cut``: whether to cut the draw pile of ``owner`` before he draws."""

    owner: int


class RebuildDiscardData(NamedTuple):
    """``rebuild_discard``: ``left`` more cards to discard to rebuild the realm in position ``pos``."""

    pos: int
    left: int


class EntryDiscardData(NamedTuple):
    """``entry_discard``: ``left`` more cards to discard for the entry of ``card``."""

    card: int
    left: int


class SummonData(NamedTuple):
    """``summon``: whether ``champion`` brings a champion of the pool into the round at once."""

    champion: int


class EscapeData(NamedTuple):
    """``escape``: ``source`` defeats ``victim`` at once (``kind`` 0: the champion's own power, 1: an
    attachment's); one card may save it."""

    source: int
    victim: int
    kind: int


class WallData(NamedTuple):
    """``wall``: a wall stops ``victim`` unless a card lets it cross (``cross``: the traits that do, joined
    by "|")."""

    victim: int
    cross: str


class SpoilsData(NamedTuple):
    """``spoils``: spoils ``card`` drawn; ``first`` (1 or 0) whether it is the first, the one that may be
    played at once (SF-218)."""

    card: int
    first: int


class PlayData(NamedTuple):
    """``pause`` and ``counter``: the play ``uid`` the window answers (SF-297)."""

    uid: int
