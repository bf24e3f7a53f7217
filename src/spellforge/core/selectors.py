"""Selectors: which cards or players an effect touches, as small composable values.

A selector is written in card data the way a player says it, and parsed once at load time against the
game's vocabulary of nouns and keywords::

    "character"                  any character in play
    "enemy characters"           characters an opponent controls
    "other your characters"      your characters except the source
    "flying character"           a character with the flying keyword
    "character or player"        either (the union of two selectors)
    "limbo spell"                a spell card waiting in limbo (a stack zone)
    "opponent" / "player" / "you" / "each opponent"

Words combine like set operations: every word narrows the selection, ``or`` unites alternatives.
Unknown words are a load-time error naming the word.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

RELATIONS = {
    "your": "you",
    "own": "you",
    "friendly": "you",
    "allied": "you",
    "enemy": "enemy",
    "opposing": "enemy",
    "opponent's": "enemy",
    "opponents'": "enemy",
}
QUANTIFIERS = {"each", "all", "a", "an", "any", "target", "one"}
PLAYER_NOUNS = {"player": "any", "players": "any", "opponent": "enemy", "opponents": "enemy", "you": "you"}


@dataclass(frozen=True, slots=True)
class Selector:
    """One alternative of a selection.

    ``noun`` is a card kind declared by the game ("character", "spell", "minion", ...) or "player";
    ``relation`` is "any", "you" (controlled by / is the acting player) or "enemy";
    ``zone`` is where to look ("play" unless a zone word such as "limbo" or "discard" is given);
    ``other`` excludes the source card; ``keywords`` must all be present; ``this`` means the source itself.
    """

    noun: str
    relation: str = "any"
    zone: str = "play"
    other: bool = False
    keywords: frozenset[str] = frozenset()
    this: bool = False
    plural: bool = False

    @property
    def is_player(self) -> bool:
        return self.noun == "player"

    def describe(self) -> str:
        words = []
        if self.this:
            return "this"
        if self.other:
            words.append("other")
        if self.relation == "you" and not self.is_player:
            words.append("your")
        if self.relation == "enemy" and not self.is_player:
            words.append("enemy")
        if self.zone != "play":
            words.append(self.zone)
        words.extend(sorted(self.keywords))
        if self.is_player:
            words.append({"any": "player", "you": "you", "enemy": "opponent"}[self.relation])
        else:
            words.append(self.noun + ("s" if self.plural else ""))
        return " ".join(words)


@dataclass(frozen=True, slots=True)
class Selection:
    """A union of :class:`Selector` alternatives (``"character or player"``)."""

    alternatives: tuple[Selector, ...]

    @property
    def players(self) -> bool:
        return any(a.is_player for a in self.alternatives)

    @property
    def cards(self) -> bool:
        return any(not a.is_player for a in self.alternatives)

    def describe(self) -> str:
        return " or ".join(a.describe() for a in self.alternatives)

    def __str__(self) -> str:
        return self.describe()


@dataclass(frozen=True, slots=True)
class SelectorVocabulary:
    """The words a game's selectors may use: card nouns (singular -> plural), zone words, keywords."""

    nouns: frozenset[str]
    zones: frozenset[str] = frozenset()
    keywords: frozenset[str] = frozenset()

    def parse(self, text: str) -> Selection:
        """Parse selector text; raises ValueError naming the first unknown word."""
        if not isinstance(text, str) or not text.strip():
            raise ValueError("a selector must be a non-empty string")
        alts = []
        for part in text.lower().split(" or "):
            alts.append(self._parse_one(part.split()))
        return Selection(tuple(alts))

    def _parse_one(self, words: Iterable[str]) -> Selector:
        noun = ""
        relation = "any"
        zone = "play"
        other = False
        this = False
        plural = False
        keywords: set[str] = set()
        for w in words:
            if w in QUANTIFIERS:
                plural = plural or w in ("each", "all")
            elif w == "other":
                other = True
            elif w == "this":
                this = True
            elif w in RELATIONS:
                relation = RELATIONS[w]
            elif w in PLAYER_NOUNS:
                if noun:
                    raise ValueError(f"two nouns in one selector: {noun!r} and {w!r}")
                noun = "player"
                if PLAYER_NOUNS[w] != "any":
                    relation = PLAYER_NOUNS[w]
                plural = plural or w.endswith("s")
            elif w in self.zones:
                zone = w
            elif w in self.keywords:
                keywords.add(w)
            else:
                singular = w[:-1] if w.endswith("s") and w[:-1] in self.nouns else w
                if singular in self.nouns:
                    if noun:
                        raise ValueError(f"two nouns in one selector: {noun!r} and {singular!r}")
                    noun = singular
                    plural = plural or singular != w
                else:
                    raise ValueError(f"unknown selector word {w!r}")
        if this and not noun:
            noun = "card"
        if not noun:
            raise ValueError("a selector needs a noun (such as 'character' or 'player')")
        return Selector(noun, relation, zone, other, frozenset(keywords), this, plural)
