"""Casters' cost language (CA-R01..CA-R04): costs are text, paid by discarding and sacrificing cards.

A cost is parsed once, at load time, into :class:`CostPart` values; a cost that does not parse is a card-data
error. The grammar (CA-R02), case-insensitive::

    cost  := "Free" ["Summon" | "Stage" | "Spell"]  |  part (("," | "and") part)*
    part  := ("Discard" | "Sacrifice") count [level] [noun] [level]
    count := a | an | one | two | ... | ten | <digits>
    level := "LvL3" | "LvL 3" | "Level 3"
    noun  := card(s) | minion(s) | spell(s) | Stage(s)

A bare level ("Sacrifice two LvL3") means minions of that Level (CA-R02); a level means exactly that Level
(CA-R03). Discards come from the hand, sacrifices from the payer's own face-up field and Stage area (CA-R04).

>>> parse_cost("Sacrifice two LvL3")
(CostPart(verb='sacrifice', n=2, noun='minion', level=3),)
>>> parse_cost("Discard a card and sacrifice a minion")[1]
CostPart(verb='sacrifice', n=1, noun='minion', level=0)
>>> parse_cost("Free Summon")
()
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import NamedTuple

DISCARD = "discard"
SACRIFICE = "sacrifice"
NOUNS = {"card": "card", "minion": "minion", "spell": "spell", "stage": "stage"}
ALLOWED = {DISCARD: ("card", "minion", "spell"), SACRIFICE: ("card", "minion", "stage")}
NUMBERS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}
FREE = re.compile(r"free(?:\s+(?:summon|stage|spell))?")
_SPLIT = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+")
_LEVEL = re.compile(r"(?:lvl|level)\s*(\d+)")


class CostPart(NamedTuple):
    """One requirement of a cost: ``n`` cards of kind ``noun`` (of Level ``level``, 0 = any)."""

    verb: str  # "discard" (from hand) or "sacrifice" (from your own face-up cards)
    n: int
    noun: str  # "card", "minion", "spell" or "stage"
    level: int = 0

    def describe(self) -> str:
        """The part as a player says it: "discard a card", "sacrifice 2 LvL 3 minions"."""
        noun = "Stage" if self.noun == "stage" else self.noun
        what = noun + ("s" if self.n > 1 else "")
        lvl = f"LvL {self.level} " if self.level else ""
        count = str(self.n) if self.n > 1 else ("an" if not lvl and noun[0] in "aeiou" else "a")
        return f"{self.verb} {count} {lvl}{what}"


def parse_cost(text: str) -> tuple[CostPart, ...]:
    """Parse a cost; raises ValueError naming what could not be read."""
    clean = " ".join(text.lower().split()).rstrip(".")
    if not clean:
        raise ValueError("a cost cannot be empty (write 'Free' for no cost)")
    if FREE.fullmatch(clean):
        return ()
    parts = []
    for chunk in _SPLIT.split(clean):
        if FREE.fullmatch(chunk):
            continue  # "Free Stage, Sacrifice a LvL1 Stage": the free part adds nothing
        parts.append(_parse_part(chunk, text))
    if not parts:
        raise ValueError(f"cannot read cost {text!r}")
    return tuple(parts)


def _parse_part(chunk: str, text: str) -> CostPart:
    hint = (
        "a cost is 'Free', or parts such as 'Discard 2 cards' or 'Sacrifice a LvL3 minion' joined by "
        "',' or 'and'"
    )
    chunk = _LEVEL.sub(lambda m: f"lvl{m.group(1)}", chunk)
    words = chunk.split()
    if not words or words[0] not in (DISCARD, SACRIFICE):
        first = words[0] if words else ""
        raise ValueError(f"cannot read cost {text!r}: unknown word {first!r} ({hint})")
    verb = words[0]
    if len(words) < 2:
        raise ValueError(f"cannot read cost {text!r}: '{verb}' needs a count ({hint})")
    count_word = words[1]
    count = int(count_word) if count_word.isdigit() else NUMBERS.get(count_word, 0)
    if count <= 0:
        raise ValueError(f"cannot read cost {text!r}: {count_word!r} is not a count ({hint})")
    noun = ""
    level = 0
    for w in words[2:]:
        if w.startswith("lvl") and w[3:].isdigit():
            if level:
                raise ValueError(f"cannot read cost {text!r}: two levels in one part")
            level = int(w[3:])
            continue
        singular = w[:-1] if w.endswith("s") and w[:-1] in NOUNS else w
        if singular not in NOUNS or noun:
            raise ValueError(f"cannot read cost {text!r}: unexpected word {w!r} ({hint})")
        noun = NOUNS[singular]
    if not noun:
        if not level:
            raise ValueError(f"cannot read cost {text!r}: {verb} {count_word} what? ({hint})")
        noun = "minion"  # "Sacrifice two LvL3" (CA-R02)
    if noun not in ALLOWED[verb]:
        raise ValueError(
            f"cannot read cost {text!r}: cannot {verb} {noun}s (a {verb} takes {', '.join(ALLOWED[verb])})"
        )
    if level and noun == "spell":
        raise ValueError(f"cannot read cost {text!r}: spells have no Level (CA-002)")
    return CostPart(verb, count, noun, level)


def describe_cost(parts: Sequence[CostPart]) -> str:
    """A cost as a player says it: "discard a card and sacrifice a minion", or "nothing".

    >>> describe_cost(parse_cost("Discard a card, sacrifice two LvL3"))
    'discard a card and sacrifice 2 LvL 3 minions'
    """
    return " and ".join(p.describe() for p in parts) if parts else "nothing"


# ---------------------------------------------------------------------- can it be paid? (CA-R04)


def payable(
    parts: Sequence[CostPart], pools: dict[str, Sequence[int]], fits: Callable[[int, CostPart], bool]
) -> bool:
    """Whether every part can be paid at once with distinct cards (all or nothing, CA-R04).

    ``pools`` maps each verb to the cards it may use (the hand for discards, your face-up cards for
    sacrifices); ``fits(card, part)`` says whether a card satisfies a part. Parts of one verb compete for
    the same cards, so this is a small bipartite matching (the parts are few and short).
    """
    for verb in (DISCARD, SACRIFICE):
        slots = [p for p in parts if p.verb == verb for _ in range(p.n)]
        if not slots:
            continue
        pool = pools.get(verb, ())
        if len(pool) < len(slots):
            return False
        if len({(p.noun, p.level) for p in slots}) == 1:
            need = slots[0]
            if sum(1 for c in pool if fits(c, need)) < len(slots):
                return False
            continue
        if not _matching(slots, pool, fits):
            return False
    return True


def _matching(slots: list[CostPart], pool: Sequence[int], fits: Callable[[int, CostPart], bool]) -> bool:
    owner: dict[int, int] = {}  # card -> slot index

    def augment(i: int, seen: set[int]) -> bool:
        for c in pool:
            if c in seen or not fits(c, slots[i]):
                continue
            seen.add(c)
            if c not in owner or augment(owner[c], seen):
                owner[c] = i
                return True
        return False

    return all(augment(i, set()) for i in range(len(slots)))


def after_paying(parts: tuple[CostPart, ...]) -> tuple[CostPart, ...]:
    """The parts still to pay once one card has been paid for the first part."""
    first = parts[0]
    if first.n > 1:
        return (first._replace(n=first.n - 1), *parts[1:])
    return parts[1:]
