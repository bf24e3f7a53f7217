"""Actions are frozen values with a readable ``str()`` that parses back.

A card instance is written ``#12``; a player (seat 0, 1, ...) is written ``P1``, ``P2``, ...; an item on a
stack is written ``@3``. An action's *target* is a typed value of ``core.targets`` (``CardRef``,
``PlayerRef``, ``StackRef``, ``Place``), or None when there is none; it prints as its text.

>>> str(Pass()), Pass.parse("pass")
('pass', Pass())
>>> from spellforge.core.targets import PlayerRef
>>> str(Play(12, PlayerRef(1))), Play.parse("play #12 -> #7")
('play #12 -> P2', Play(card=12, target=CardRef(id=7)))
"""

from __future__ import annotations

import re
from collections.abc import Container, Hashable, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar, TypeAlias

from .targets import TARGET_TEXT, CardRef, Target, matched_target, parse_strict

CardId: TypeAlias = int
Seat: TypeAlias = int


def seat_name(seat: Seat) -> str:
    return f"P{seat + 1}"


# Regex fragments the action classes share. TARGET (one group) matches a card, a player or a stack item
# (``#12``, ``P2``, ``@3``: every text it matches parses); an action of a game that names places (a room, a
# formation slot) uses ``core.targets.TARGET_TEXT``, which also matches ``<kind> <name>``.
CARD = r"#(\d+)"
TARGET = r"(#\d+|[Pp]0*[1-9]\d*|@\d+)"
SEAT = r"[Pp](\d+)"


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action. Subclasses set ``pattern`` and implement ``__str__`` and ``from_match``.

    What an action means is declared on its class, so bots and clients never read it from the printed
    form: ``declines`` says it passes or finishes (nothing more is done now), and ``card_fields`` and
    ``target_fields`` name the fields that hold a card id or a target, from which ``card_ids()`` lists
    the cards the action names.
    """

    pattern: ClassVar[re.Pattern[str]]
    # A meta action (resign, calling time) is legal whenever ``state.meta_legal`` says so, is never listed
    # among the legal actions, and is applied by ``state.apply_meta``.
    meta: ClassVar[bool] = False
    # Passing priority, finishing a compound choice, skipping an optional step: the option that lets the
    # game go on as if the seat did nothing more now (what a cautious playout picks).
    declines: ClassVar[bool] = False
    # Fields holding a card id (a negative value names no card) ...
    card_fields: ClassVar[tuple[str, ...]] = ()
    # ... and fields holding a Target or None (naming a card when it is a CardRef).
    target_fields: ClassVar[tuple[str, ...]] = ()
    # A verb action (``Word``, ``CardVerb``, ``TargetVerb``, ``CardTargetVerb``) declares its verb; its
    # pattern is the verb followed by its base's ``tail()`` unless the class sets ``pattern`` itself.
    VERB: ClassVar[str] = ""
    TAIL: ClassVar[str] = ""
    # The label a player reads, in the game's words, as a template over the fields (core/describe.py):
    # ``"Play {card}[ on {target}]"``. Empty: the verb, then the cards and targets it names.
    LABEL: ClassVar[str] = ""

    def __init_subclass__(cls) -> None:
        # No super() call: a slots dataclass is made twice, and zero-argument super() in the second class
        # would name the first; object's own hook does nothing.
        if cls.VERB and "pattern" not in vars(cls):
            cls.pattern = verb_pattern(cls.VERB, cls.tail())

    @classmethod
    def tail(cls) -> str:
        """What a verb action's pattern reads after its verb: its base's ``TAIL`` (a base whose tail
        depends on another class attribute computes it here)."""
        return cls.TAIL

    def card_ids(self) -> tuple[CardId, ...]:
        """The card instances this action names, in field order (a target naming a card included)."""
        out: list[int] = []
        for name in self.card_fields:
            cid = getattr(self, name)
            if cid >= 0:
                out.append(cid)
        for name in self.target_fields:
            target = getattr(self, name)
            if type(target) is CardRef:
                out.append(target.id)
        return tuple(out)

    def masked(self, known: Container[CardId]) -> Hashable:
        """The action as a seat that knows only the cards in ``known`` can tell it apart: a value equal for
        two actions that differ only in which unknown card they name (each such id reads as ``"#?"``).

        The action itself when it names no unknown card, so comparing stays as cheap as comparing actions.
        """
        hidden = [cid for cid in self.card_ids() if cid not in known]
        if not hidden:
            return self
        values: list[Any] = [type(self)]
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in self.card_fields:
                value = UNKNOWN_CARD if value in hidden else value
            elif f.name in self.target_fields:
                value = UNKNOWN_CARD if type(value) is CardRef and value.id in hidden else value
            values.append(value)
        return tuple(values)

    @classmethod
    def parse(cls, text: str) -> Action | None:
        m = cls.pattern.fullmatch(text.strip())
        if not m:
            return None
        try:
            return cls.from_match(m)
        except ValueError:  # a part that reads as no value (a target such as "Room x"): not this action
            return None

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        return cls()


UNKNOWN_CARD = "#?"  # how ``Action.masked`` writes a card the seat does not know


def passing_is_all(legal: Sequence[Action]) -> bool:
    """Whether a seat's only option passes or finishes (its one legal action ``declines``).

    The engine still asks such a seat when public information does not force the answer (a hidden hand
    might hold a response, DESIGN.md section 2b), so that being asked tells the others nothing. A client
    may then answer for its own player, where doing so reveals nothing: the browser's "pass for me"
    (after a random delay, so the others cannot time it) and the terminal's autopass against bots (whose
    choices never read the clock) both use this test.

    >>> passing_is_all([Pass()]), passing_is_all([Pass(), Play(12)]), passing_is_all([Play(12)])
    (True, False, False)
    """
    return len(legal) == 1 and legal[0].declines


# ---------------------------------------------------------------------- verb actions
# Most of a game's own actions are a verb, maybe a card, maybe a target. A game declares such an action by
# its verb alone; its pattern, ``str()``, parsing and the fields that name cards and targets follow from
# the base it picks, so no game writes them again (and none forgets to declare a target field).


def verb_pattern(verb: str, tail: str = "") -> re.Pattern[str]:
    """The pattern of ``verb`` (its words separated by any spaces) followed by ``tail``, ignoring case."""
    words = r"\s+".join(re.escape(w) for w in verb.split())
    return re.compile(words + tail, re.I)


def link_pattern(link: str) -> str:
    """The pattern of the word or sign between an action's card and its target: a word (``in``, ``onto``)
    stands between spaces, a sign (``->``) may touch what it links."""
    if re.fullmatch(r"\w+(?:\s+\w+)*", link):
        return r"\s+" + r"\s+".join(re.escape(w) for w in link.split()) + r"\s+"
    return r"\s*" + re.escape(link) + r"\s*"


_CARD_TAIL = r"\s+" + CARD


@dataclass(frozen=True, slots=True)
class Word(Action):
    """An action that is its verb alone: ``draw``, ``gain mana``, ``put back``. A subclass sets ``VERB``."""

    def __str__(self) -> str:
        return self.VERB


@dataclass(frozen=True, slots=True)
class CardVerb(Action):
    """An action about one card: ``<verb> #12``. A subclass sets ``VERB``."""

    card: CardId
    TAIL: ClassVar[str] = _CARD_TAIL
    card_fields: ClassVar[tuple[str, ...]] = ("card",)

    def __str__(self) -> str:
        return f"{self.VERB} #{self.card}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        return cls(int(m.group(1)))


@dataclass(frozen=True, slots=True)
class TargetVerb(Action):
    """An action about one target of any kind, places included: ``attack slot P2.B``, ``raid room vault``.
    A subclass sets ``VERB`` (and narrows ``target``'s type in its docs; ``from_match`` checks it with
    ``TARGET_TYPE``)."""

    target: Target
    TAIL: ClassVar[str] = r"\s+" + TARGET_TEXT
    TARGET_TYPE: ClassVar[type | tuple[type, ...]] = object
    target_fields: ClassVar[tuple[str, ...]] = ("target",)

    def __str__(self) -> str:
        return f"{self.VERB} {self.target}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        target = parse_strict(m.group(1))
        return cls(target) if isinstance(target, cls.TARGET_TYPE) else None


@dataclass(frozen=True, slots=True)
class CardTargetVerb(Action):
    """An action about one card, naming its target (any kind, places included) when it takes one now:
    ``<verb> #12``, ``<verb> #12 -> slot P2.B``. A subclass sets ``VERB``; ``LINK`` is what stands between
    the card and its target (``->``, or a word: ``play #12 in room A``), and ``TARGET_TYPE`` narrows what
    parses as the target, as for ``TargetVerb``."""

    card: CardId
    target: Target | None = None
    LINK: ClassVar[str] = "->"
    TARGET_TYPE: ClassVar[type | tuple[type, ...]] = object
    card_fields: ClassVar[tuple[str, ...]] = ("card",)
    target_fields: ClassVar[tuple[str, ...]] = ("target",)

    def __str__(self) -> str:
        if self.target is None:
            return f"{self.VERB} #{self.card}"
        return f"{self.VERB} #{self.card} {self.LINK} {self.target}"

    @classmethod
    def tail(cls) -> str:
        return _CARD_TAIL + "(?:" + link_pattern(cls.LINK) + TARGET_TEXT + ")?"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        target = matched_target(m.group(2))
        if target is not None and not isinstance(target, cls.TARGET_TYPE):
            return None
        return cls(int(m.group(1)), target)


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass priority, or decline an optional choice."""

    LABEL: ClassVar[str] = "Pass"

    pattern: ClassVar[re.Pattern[str]] = re.compile(r"pass", re.I)
    declines: ClassVar[bool] = True

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """Finish a compound choice (declaring attackers, blockers, ...)."""

    LABEL: ClassVar[str] = "Done"

    pattern: ClassVar[re.Pattern[str]] = re.compile(r"done", re.I)
    declines: ClassVar[bool] = True

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Pick one named option of a simple choice (``choose keep``, ``choose #12``, ``choose P2``)."""

    LABEL: ClassVar[str] = "Choose {option}"

    option: str
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"choose\s+(\S+)", re.I)

    def __str__(self) -> str:
        return f"choose {self.option}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        return cls(m.group(1))


@dataclass(frozen=True, slots=True)
class ChooseTarget(Action):
    """Choose the target of what is being played, used or triggered: ``target #5``, ``target P2``, ``target @3``.

    Not a common action: a game whose targets are a separate choice lists it among its own actions.
    """

    LABEL: ClassVar[str] = "Target {target}"

    target: Target
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"target\s+" + TARGET, re.I)
    target_fields: ClassVar[tuple[str, ...]] = ("target",)

    def __str__(self) -> str:
        return f"target {self.target}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        return cls(parse_strict(m.group(1)))


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card, naming its target when it takes one now: ``play #12``, ``play #12 -> P2``.

    Not a common action: a game lists it among its own (a game whose target is a later choice never
    lists a Play with a target)."""

    LABEL: ClassVar[str] = "Play {card}[ on {target}]"

    card: CardId
    target: Target | None = None
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"play\s+" + CARD + r"(?:\s*->\s*" + TARGET + r")?", re.I)
    card_fields: ClassVar[tuple[str, ...]] = ("card",)
    target_fields: ClassVar[tuple[str, ...]] = ("target",)

    def __str__(self) -> str:
        if self.target is not None:
            return f"play #{self.card} -> {self.target}"
        return f"play #{self.card}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        return cls(int(m.group(1)), matched_target(m.group(2)))


@dataclass(frozen=True, slots=True)
class Block(Action):
    """Declare a blocker and the attacker it blocks: ``block #31 -> #12``."""

    LABEL: ClassVar[str] = "Block {attacker} with {card}"

    card: CardId
    attacker: CardId
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"block\s+" + CARD + r"\s*->\s*" + CARD, re.I)
    card_fields: ClassVar[tuple[str, ...]] = ("card", "attacker")

    def __str__(self) -> str:
        return f"block #{self.card} -> #{self.attacker}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        return cls(int(m.group(1)), int(m.group(2)))


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Declare an attacker and what it attacks: a player (``attack #12 -> P2``) or a card (``-> #7``).

    Not a common action: a game whose combat declares attackers one target at a time lists it."""

    LABEL: ClassVar[str] = "Attack {target} with {card}"

    card: CardId
    target: Target
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"attack\s+" + CARD + r"\s*->\s*" + TARGET, re.I)
    card_fields: ClassVar[tuple[str, ...]] = ("card",)
    target_fields: ClassVar[tuple[str, ...]] = ("target",)

    def __str__(self) -> str:
        return f"attack #{self.card} -> {self.target}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        return cls(int(m.group(1)), parse_strict(m.group(2)))


@dataclass(frozen=True, slots=True)
class Use(Action):
    """Use an activated ability of a card, naming its target when it takes one now: ``use #12``,
    ``use #12/2 -> P2`` (``ability`` counts from 0 and prints from ``/2``; the first prints bare).

    Not a common action: a game with activated abilities lists it among its own."""

    LABEL: ClassVar[str] = "Use {card}[ on {target}]"

    card: CardId
    ability: int = 0
    target: Target | None = None
    pattern: ClassVar[re.Pattern[str]] = re.compile(
        r"use\s+" + CARD + r"(?:/(\d+))?(?:\s*->\s*" + TARGET + r")?", re.I
    )
    card_fields: ClassVar[tuple[str, ...]] = ("card",)
    target_fields: ClassVar[tuple[str, ...]] = ("target",)

    def __str__(self) -> str:
        which = f"/{self.ability + 1}" if self.ability else ""
        tail = f" -> {self.target}" if self.target is not None else ""
        return f"use #{self.card}{which}{tail}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        ability = int(m.group(2)) - 1 if m.group(2) else 0
        return cls(int(m.group(1)), ability, matched_target(m.group(3))) if ability >= 0 else None


@dataclass(frozen=True, slots=True)
class Discard(CardVerb):
    """Discard a card from hand: ``discard #12`` (down to a hand limit, to pay a cost, because an effect
    makes you).

    Not a common action: a game whose players choose what they discard lists it among its own."""

    VERB: ClassVar[str] = "discard"
    LABEL: ClassVar[str] = "Discard {card}"


@dataclass(frozen=True, slots=True)
class Sacrifice(CardVerb):
    """Sacrifice one of your cards in play: ``sacrifice #12`` (to pay a cost, to make room for another).

    Not a common action: a game whose players choose what they sacrifice lists it among its own."""

    VERB: ClassVar[str] = "sacrifice"
    LABEL: ClassVar[str] = "Sacrifice {card}"


@dataclass(frozen=True, slots=True)
class Resign(Action):
    """A player resigns. Always legal for any seat still in the game, so it is never listed."""

    LABEL: ClassVar[str] = "Resign"

    seat: Seat
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"resign\s+" + SEAT, re.I)
    meta: ClassVar[bool] = True

    def __str__(self) -> str:
        return f"resign {seat_name(self.seat)}"

    @classmethod
    def from_match(cls, m: re.Match[str]) -> Action | None:
        seat = int(m.group(1)) - 1
        return cls(seat) if seat >= 0 else None


COMMON_ACTIONS: tuple[type[Action], ...] = (Pass, Done, Choose, Resign)
