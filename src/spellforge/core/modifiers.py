"""Modifiers: a card's or a seat's current value is its printed value changed by modifiers, computed on read.

A :class:`Modifier` says what it changes (``card``'s or ``seat``'s named ``stat``), how (``op``: :data:`ADD`
or :data:`SET`; :data:`GRANT` gives the card the keyword named by ``stat``, read by ``state.has_keyword``),
by how much, where it comes from (``source``, a card id or -1 for a rule) and how long it lasts
(``duration``):

* :data:`TURN`, :data:`ROUND`, :data:`BATTLE`, :data:`ENCOUNTER`: until the game ends that period
  (``state.end_duration(ROUND)`` when a SPELLFIRE round of combat ends);
* :data:`WHILE_IN_PLAY`: while its source is in play (``state.left_play(source)`` ends it);
* :data:`PERMANENT`: for good (a card's modifiers still end when the card itself leaves play: it is a new
  object wherever it goes).

A card's effect names its duration in words (``duration = "turn"``): :data:`DURATION_WORDS` reads them.

The state keeps them in one list, ``state.modifiers``, in the order they were made: a list of NamedTuples,
so a clone copies the list and ``to_json`` writes them exactly. Nothing is cached: the value is computed
when read, so a modifier that ends stops at once. The statics of the cards in force join them in
``state.card_stat`` (core/abilities.py gives the one order of reading every game uses).

Reading a list of modifiers alone applies the :data:`SET` modifiers in order (the newest wins), then adds
every :data:`ADD`; a :data:`GRANT` is no number and changes no value:

>>> mods = [Modifier(7, -1, "level", ADD, 2, ROUND, 3), Modifier(7, -1, "level", SET, 5, WHILE_IN_PLAY, 4)]
>>> card_value(mods, 7, "level", 4), card_value(mods, 8, "level", 4)
(7, 4)
>>> card_value(ended(mods, ROUND), 7, "level", 4), card_value(from_source_gone(mods, 4), 7, "level", 4)
(5, 6)
>>> granted([Modifier(7, -1, "flying", GRANT, 1, TURN, 3)], 7, "flying"), card_value([], 7, "flying", 0)
(True, 0)
"""

from __future__ import annotations

from typing import NamedTuple

# How long a modifier lasts (plain ints, so a state's JSON holds them exactly).
TURN = 0
ROUND = 1
BATTLE = 2
ENCOUNTER = 3
WHILE_IN_PLAY = 4
PERMANENT = 5
DURATIONS = ("turn", "round", "battle", "encounter", "while in play", "permanent")
# The words a card's effect names a duration with (both spellings of "while in play").
DURATION_WORDS = {word: n for n, word in enumerate(DURATIONS)} | {"while_in_play": WHILE_IN_PLAY}

# How a modifier changes the value.
ADD = 0
SET = 1
GRANT = 2  # the card has the keyword named by ``stat`` (``amount`` unused: 1 by convention)
OPS = ("add", "set", "grant")


class Modifier(NamedTuple):
    """One change to one value. ``card`` is -1 for a seat's stat; ``seat`` is -1 for a card's. For a
    :data:`GRANT`, ``stat`` is the keyword granted."""

    card: int
    seat: int
    stat: str
    op: int
    amount: int
    duration: int
    source: int

    def __str__(self) -> str:
        who = f"#{self.card}" if self.card >= 0 else f"P{self.seat + 1}"
        src = f" from #{self.source}" if self.source >= 0 else ""
        if self.op == GRANT:
            return f"{who} has {self.stat} ({DURATIONS[self.duration]}{src})"
        how = f"{self.amount:+d}" if self.op == ADD else f"= {self.amount}"
        return f"{who} {self.stat} {how} ({DURATIONS[self.duration]}{src})"


def check(modifier: Modifier) -> str:
    """What is wrong with ``modifier`` ("" if nothing): exactly one of card/seat, a known op and duration,
    a source for a while-in-play modifier."""
    if (modifier.card >= 0) == (modifier.seat >= 0):
        return f"{modifier!r}: a modifier changes a card's stat or a seat's, exactly one of them"
    if not 0 <= modifier.op < len(OPS):
        return f"{modifier!r}: unknown op {modifier.op} (expected one of {', '.join(OPS)})"
    if not 0 <= modifier.duration < len(DURATIONS):
        return f"{modifier!r}: unknown duration {modifier.duration} (expected one of {', '.join(DURATIONS)})"
    if modifier.duration == WHILE_IN_PLAY and modifier.source < 0:
        return f"{modifier!r}: a while-in-play modifier needs a source card"
    if modifier.op == GRANT and modifier.card < 0:
        return f"{modifier!r}: a keyword is granted to a card, not a seat"
    return ""


def card_value(mods: list[Modifier], card: int, stat: str, printed: int) -> int:
    """``card``'s ``stat``: ``printed`` changed by the modifiers on it (SETs in order, then ADDs)."""
    value = printed
    add = 0
    for m_card, _, m_stat, op, amount, _, _ in mods:
        if m_card == card and m_stat == stat:
            if op == ADD:
                add += amount
            elif op == SET:
                value = amount
    return value + add


def seat_value(mods: list[Modifier], seat: int, stat: str, printed: int) -> int:
    """A seat's ``stat`` (action points, hand size): ``printed`` changed by the modifiers on the seat."""
    value = printed
    add = 0
    for m_card, m_seat, m_stat, op, amount, _, _ in mods:
        if m_seat == seat and m_card < 0 and m_stat == stat:
            if op == ADD:
                add += amount
            elif op == SET:
                value = amount
    return value + add


def granted(mods: list[Modifier], card: int, keyword: str) -> bool:
    """Whether a modifier in ``mods`` grants ``card`` the ``keyword``."""
    for m_card, _, m_stat, op, _, _, _ in mods:
        if m_card == card and op == GRANT and m_stat == keyword:
            return True
    return False


def grants_of(mods: list[Modifier], card: int) -> list[str]:
    """The keywords the modifiers in ``mods`` grant ``card``, in the order they were granted (a game whose
    keywords are a set, such as SPELLFIRE's traits, joins them to what is printed).

    >>> grants_of([Modifier(7, -1, "flyer", GRANT, 1, ROUND, 3), Modifier(7, -1, "level", ADD, 2, ROUND, 3)], 7)
    ['flyer']
    """
    return [m_stat for m_card, _, m_stat, op, _, _, _ in mods if m_card == card and op == GRANT]


def ended(mods: list[Modifier], duration: int) -> list[Modifier]:
    """``mods`` without those that last ``duration`` (the game ends a turn, a round, a battle...)."""
    return [m for m in mods if m.duration != duration]


def from_source_gone(mods: list[Modifier], source: int) -> list[Modifier]:
    """``mods`` without the while-in-play modifiers of ``source`` (it left play)."""
    return [m for m in mods if m.source != source or m.duration != WHILE_IN_PLAY]


def on_card_gone(mods: list[Modifier], card: int) -> list[Modifier]:
    """``mods`` without those on ``card`` (it left play: a new object) nor the while-in-play ones it gave."""
    return [m for m in mods if m.card != card and (m.source != card or m.duration != WHILE_IN_PLAY)]
