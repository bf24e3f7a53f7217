"""Typed targets: what an action or an effect points at, as small hashable values that print and parse back.

* ``CardRef(12)`` prints ``#12``: the card instance with id 12;
* ``PlayerRef(1)`` prints ``P2``: a player (seat 1; seats print from 1);
* ``StackRef(3)`` prints ``@3``: the item with uid 3 on the stack (a spell waiting to resolve);
* ``Place("room", "vault")`` prints ``room vault``: a shared place a game adds (a Spelldawn room);
* ``Place("slot", "B", 1)`` prints ``slot P2.B``: a seat's place (position B of P2's SPELLFIRE formation).

A place is ``<kind> <name>`` or ``<kind> P<seat>.<name>``: ``kind`` is a lower-case word the game chooses
(``room``, ``slot``), ``name`` letters, digits, ``_`` or ``-``. Values of different kinds never compare
equal (``CardRef(1) != PlayerRef(1)``), so one set or dict may hold targets of every kind.

>>> [str(t) for t in (CardRef(12), PlayerRef(1), StackRef(3), Place("slot", "B", 1))]
['#12', 'P2', '@3', 'slot P2.B']
>>> parse("slot P2.B") == Place("slot", "B", 1), parse("room vault"), parse("#x")
(True, Place(kind='room', name='vault', seat=-1), None)

Targets are built on hot paths (every legal target of every playable card), so ``card_ref``, ``player_ref``
and ``stack_ref`` hand out shared instances: equal to a fresh ``CardRef(12)``, and cheaper to make and to
compare (a list or a tuple compares the same object at once). A hash is a small int computed from the kind
and the number, so sets and dicts of targets iterate in the same order in every run. A target pickles and
copies as a call of its class with its fields (``__reduce__``): a compiled frozen dataclass would otherwise
be restored by setting its fields one by one, which its frozenness refuses (FrozenInstanceError).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypeAlias


@dataclass(frozen=True, slots=True)
class CardRef:
    """A card instance, by id."""

    id: int

    def __str__(self) -> str:
        return f"#{self.id}"

    def __hash__(self) -> int:
        return self.id << 2

    def __reduce__(self) -> tuple[type[CardRef], tuple[int]]:
        return (CardRef, (self.id,))


@dataclass(frozen=True, slots=True)
class PlayerRef:
    """A player, by seat (0-based; printed from ``P1``)."""

    seat: int

    def __str__(self) -> str:
        return f"P{self.seat + 1}"

    def __hash__(self) -> int:
        return (self.seat << 2) | 1

    def __reduce__(self) -> tuple[type[PlayerRef], tuple[int]]:
        return (PlayerRef, (self.seat,))


@dataclass(frozen=True, slots=True)
class StackRef:
    """An item on the stack, by its uid (stable while it waits; a card on the stack is also a CardRef)."""

    uid: int

    def __str__(self) -> str:
        return f"@{self.uid}"

    def __hash__(self) -> int:
        return (self.uid << 2) | 2

    def __reduce__(self) -> tuple[type[StackRef], tuple[int]]:
        return (StackRef, (self.uid,))


@dataclass(frozen=True, slots=True)
class Place:
    """A place a game adds: a room, a formation slot. ``seat`` is -1 for a shared place."""

    kind: str
    name: str
    seat: int = -1

    def __post_init__(self) -> None:
        if not _KIND.fullmatch(self.kind):
            raise ValueError(f"place kind {self.kind!r}: expected a lower-case word such as 'room' or 'slot'")
        if not _NAME.fullmatch(self.name):
            raise ValueError(f"place name {self.name!r}: expected letters, digits, '_' or '-'")
        if self.seat < -1:
            raise ValueError(f"place seat {self.seat}: expected a seat (0, 1, ...) or -1 for a shared place")

    def __str__(self) -> str:
        return f"{self.kind} {self.name}" if self.seat < 0 else f"{self.kind} P{self.seat + 1}.{self.name}"

    def __reduce__(self) -> tuple[type[Place], tuple[str, str, int]]:
        return (Place, (self.kind, self.name, self.seat))


Target: TypeAlias = CardRef | PlayerRef | StackRef | Place

# Shared instances for the numbers games use (grown on demand; a fresh instance is equal, only slower).
_CARDS: list[CardRef] = [CardRef(i) for i in range(256)]
_PLAYERS: tuple[PlayerRef, ...] = tuple(PlayerRef(i) for i in range(16))
_ITEMS: list[StackRef] = [StackRef(i) for i in range(64)]


def card_ref(cid: int) -> CardRef:
    """The target naming card ``cid`` (a shared instance)."""
    cards = _CARDS
    if 0 <= cid < len(cards):
        return cards[cid]
    if cid < 0:
        raise ValueError(f"card id {cid}: expected 0 or more")
    cards.extend(CardRef(i) for i in range(len(cards), cid + 1))
    return cards[cid]


def player_ref(seat: int) -> PlayerRef:
    """The target naming the player at ``seat`` (a shared instance)."""
    return _PLAYERS[seat] if 0 <= seat < len(_PLAYERS) else PlayerRef(seat)


def stack_ref(uid: int) -> StackRef:
    """The target naming the stack item with ``uid`` (a shared instance)."""
    items = _ITEMS
    if 0 <= uid < len(items):
        return items[uid]
    if uid < 0:
        raise ValueError(f"stack item uid {uid}: expected 0 or more")
    items.extend(StackRef(i) for i in range(len(items), uid + 1))
    return items[uid]


_KIND = re.compile(r"[a-z][a-z_]*")
_NAME = re.compile(r"[A-Za-z0-9_-]+")

# A regex fragment (one group) matching any target's text, for the patterns of actions that take one: every
# text it matches parses (seats print from P1, so P0 is not matched).
TARGET_TEXT = r"(#\d+|[Pp]0*[1-9]\d*|@\d+|[a-z][a-z_]*\s+(?:[Pp]0*[1-9]\d*\.)?[A-Za-z0-9_-]+)"

_TARGET = re.compile(
    r"#(?P<card>\d+)|[Pp](?P<seat>\d+)|@(?P<uid>\d+)"
    r"|(?P<kind>[a-z][a-z_]*)\s+(?:[Pp](?P<pseat>\d+)\.)?(?P<name>[A-Za-z0-9_-]+)"
)


def parse(text: str) -> Target | None:
    """Read a target's text (``#12``, ``P2``, ``@3``, ``room vault``, ``slot P2.B``); None if not a target."""
    m = _TARGET.fullmatch(text.strip())
    if m is None:
        return None
    card, seat, uid, kind, pseat, name = m.group("card", "seat", "uid", "kind", "pseat", "name")
    if card is not None:
        return card_ref(int(card))
    if uid is not None:
        return stack_ref(int(uid))
    if seat is not None:
        return player_ref(int(seat) - 1) if int(seat) >= 1 else None
    if pseat is not None and int(pseat) < 1:
        return None
    return Place(kind, name, int(pseat) - 1 if pseat is not None else -1)


def parse_strict(text: str) -> Target:
    """Like :func:`parse`, but a text that is not a target raises ``ValueError`` saying what was expected."""
    target = parse(text)
    if target is None:
        raise ValueError(
            f"{text!r} is not a target: expected a card (#12), a player (P2), a stack item (@3) "
            "or a place (room vault, slot P2.B)"
        )
    return target


def matched_target(text: str | None) -> Target | None:
    """The target an optional ``TARGET_TEXT`` group of an action's pattern matched (``m.group(k)``), or None
    when the group did not take part: the one way the actions of every game read their target."""
    return None if text is None else parse_strict(text)
