"""Immutable event records.

Every change the rules make is described by an :class:`Event`. Events feed three consumers: the game log
(rendered per seat, so a draw shows the card only to the drawer), triggered abilities (which subscribe by
``kind``), and tests. The record is a ``NamedTuple``: cheap to build, immutable, and JSON-friendly.
"""

from __future__ import annotations

from typing import NamedTuple

from .targets import Target


class Event(NamedTuple):
    kind: str
    seat: int = -1  # the player the event is about (who drew, who was damaged, who played ...)
    card: int = -1  # the card instance involved, if any
    amount: int = 0
    other: int = -1  # a second card (the damage source, the blocked attacker ...) or a number (a zone)
    secret: bool = False  # True: ``card`` is shown only to ``seat`` (a draw, a face-down play)
    note: str = ""  # a short free text for the log (a reason, a mode)
    target: Target | None = None  # what the card was played, used or sent at (a card, a player, an item)


# Kinds that the shared verbs emit. Games add their own (strings are cheap to compare and read well).
DRAW = "draw"
MOVE = "move"
SHUFFLE = "shuffle"
DAMAGE = "damage"
DESTROYED = "destroyed"
ENTERS = "enters"
LEAVES = "leaves"
LIFE = "life"
PLAY = "play"
RESOLVE = "resolve"
COUNTER = "counter"
FIZZLE = "fizzle"
TURN = "turn"
STEP = "step"
LOSE = "lose"
WIN = "win"
TAP = "tap"
CONTROL = "control"
REVEAL = "reveal"
CHOICE = "choice"
