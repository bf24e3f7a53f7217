"""Deck lists: parse them (TOML or plain text) and resolve card names against a game's card pool.

TOML::

    name = "Sky Raiders"
    description = "Flyers, speed tricks and counters."
    [cards]              # the main deck: card id or name = copies
    gale-kite = 3
    "Storm Herald" = 2
    [stage]              # other sections a game needs (Casters' Stage deck, ...)
    ...
    hero = "..."         # other plain keys a game needs (Spellweaver's hero, ...)

Plain text: one ``<count> <card id or name>`` per line, ``#`` comments, and ``[section]`` headers.

Checking a deck against a game's construction rules is the ruleset's job (``game.validate_deck``): it
lists *every* violation, and :class:`~spellforge.core.errors.DeckError` carries them all.
"""

from __future__ import annotations

import difflib
import json
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from .cards import CardDef
from .errors import DeckError

D = TypeVar("D", bound=CardDef)

MAIN = "cards"


@dataclass(frozen=True, slots=True)
class DeckList:
    """A deck as written: sections of (card reference, count), plus named extras such as a hero."""

    name: str
    sections: Mapping[str, tuple[tuple[str, int], ...]]
    meta: Mapping[str, Any] = field(default_factory=dict)
    description: str = ""
    source: str = ""

    @property
    def main(self) -> tuple[tuple[str, int], ...]:
        return self.sections.get(MAIN, ())

    def count(self, section: str = MAIN) -> int:
        return sum(n for _, n in self.sections.get(section, ()))

    def to_text(self) -> str:
        """The deck as TOML deck-list text, which :func:`parse_deck_text` reads back to an equal list."""
        lines = [f"name = {_toml_value(self.name)}"]
        if self.description:
            lines.append(f"description = {_toml_value(self.description)}")
        lines.extend(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in self.meta.items())
        for section in (MAIN, *(k for k in self.sections if k != MAIN)):
            lines.append(f"\n[{_toml_key(section)}]")
            lines.extend(f"{_toml_key(ref)} = {n}" for ref, n in self.sections.get(section, ()))
        return "\n".join(lines) + "\n"


_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def _toml_key(key: str) -> str:
    return key if _BARE_KEY.match(key) else json.dumps(key, ensure_ascii=False)


def _toml_value(value: Any) -> str:
    # JSON's string escapes are valid TOML basic-string escapes; numbers and booleans are written alike.
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str | int | float):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise DeckError(f"deck entry {value!r}: cannot be written as deck-list text")


_LINE = re.compile(r"^\s*(\d+)\s*[xX]?\s+(.+?)\s*$")


DECK_FILE_SUFFIXES = (".toml", ".txt", ".deck")


def is_deck_text(text: str) -> bool:
    """Whether ``text`` reads as a deck list itself (several lines, a ``<count> <card>`` line or TOML),
    rather than as a deck's name or file path."""
    stripped = text.strip()
    return "\n" in stripped or "=" in stripped or bool(_LINE.match(stripped))


def parse_deck_text(text: str, source: str = "<deck>") -> DeckList:
    """Parse a plain-text or TOML deck list. Raises DeckError naming the line of any problem."""
    stripped = text.lstrip()
    if stripped.startswith(("name", "[cards]", "description")) or "=" in stripped.split("\n", 1)[0]:
        return _parse_toml(text, source)
    sections: dict[str, list[tuple[str, int]]] = {MAIN: []}
    current = MAIN
    name = Path(source).stem if source != "<deck>" else "deck"
    problems = []
    for lineno, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("[") and line.endswith("]"):
            current = line[1:-1].strip() or MAIN
            sections.setdefault(current, [])
            continue
        m = _LINE.match(line)
        if not m:
            problems.append(f"line {lineno}: expected '<count> <card>', got {line!r}")
            continue
        count = int(m.group(1))
        if count <= 0:
            problems.append(f"line {lineno}: count must be positive, got {count}")
            continue
        sections[current].append((m.group(2), count))
    if problems:
        raise DeckError(f"{source}: cannot read the deck list", problems)
    return DeckList(name, {k: tuple(v) for k, v in sections.items()}, source=source)


def _parse_toml(text: str, source: str) -> DeckList:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DeckError(f"{source}: not valid TOML: {exc}") from None
    problems = []
    sections: dict[str, tuple[tuple[str, int], ...]] = {}
    meta: dict[str, Any] = {}
    for key, value in data.items():
        if key in ("name", "description"):
            if not isinstance(value, str):
                problems.append(f"{key}: expected a string")
            continue
        if isinstance(value, dict):
            entries = []
            for card, count in value.items():
                if not isinstance(count, int) or isinstance(count, bool) or count <= 0:
                    problems.append(f"[{key}] {card}: count must be a positive integer, got {count!r}")
                else:
                    entries.append((card, count))
            sections[key] = tuple(entries)
        else:
            meta[key] = value
    if MAIN not in sections:
        problems.append("[cards]: missing (the main deck is a [cards] table of 'card = copies')")
    if problems:
        raise DeckError(f"{source}: cannot read the deck list", problems)
    return DeckList(
        name=str(data.get("name", Path(source).stem)),
        sections=sections,
        meta=meta,
        description=str(data.get("description", "")),
        source=source,
    )


def load_deck(path: str | Path) -> DeckList:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise DeckError(f"deck file {str(p)!r}: cannot read it: not UTF-8 text") from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise DeckError(f"deck file {str(p)!r}: cannot read it: {reason}") from None
    return parse_deck_text(text, str(p))


def card_index(cards: Mapping[str, D]) -> dict[str, D]:
    """Lookup by id and by name, case-insensitive."""
    index: dict[str, D] = {}
    for key, card in cards.items():
        index[key.lower()] = card
        index[card.name.lower()] = card
    return index


def resolve_section(
    entries: tuple[tuple[str, int], ...], index: Mapping[str, D], section: str, problems: list[str]
) -> list[tuple[D, int]]:
    """Resolve card references to definitions, adding 'unknown card' problems (with suggestions)."""
    out: list[tuple[D, int]] = []
    for ref, count in entries:
        card = index.get(ref.lower())
        if card is None:
            close: list[str] = []
            for key in difflib.get_close_matches(ref.lower(), list(index), n=4):
                name = index[key].name
                if name not in close:
                    close.append(name)
            hint = f" (did you mean {' or '.join(repr(c) for c in close[:2])}?)" if close else ""
            problems.append(f"[{section}] unknown card {ref!r}{hint}")
            continue
        out.append((card, count))
    return out


def count_cards(cards: Iterable[CardDef]) -> tuple[tuple[str, int], ...]:
    """(card id, copies) for a list of card definitions, in order of first appearance."""
    counts: dict[str, int] = {}
    for card in cards:
        counts[card.key] = counts.get(card.key, 0) + 1
    return tuple(counts.items())


def expand(resolved: list[tuple[D, int]]) -> list[D]:
    return [card for card, count in resolved for _ in range(count)]


def copy_problems(
    resolved: list[tuple[D, int]], limit: int, section: str, exempt: frozenset[str] = frozenset()
) -> list[str]:
    """'at most N copies' problems, counting copies by card name."""
    counts: dict[str, int] = {}
    for card, count in resolved:
        counts[card.name] = counts.get(card.name, 0) + count
    problems = []
    for name, n in counts.items():
        card = next(c for c, _ in resolved if c.name == name)
        if n > limit and card.key not in exempt:
            problems.append(f"[{section}] {n} copies of {name!r} (at most {limit})")
    return problems
