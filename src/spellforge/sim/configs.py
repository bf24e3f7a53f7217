"""What a batch of games is played with, beyond the game: bots, decks, ruleset options and changed cards;
and what differs between two such configurations (``spellforge report --compare``).

Cards change in one of two ways, told apart by the file's form:

* a **card file** (``[[card]]`` tables, the form of the game's own ``cards/*.toml``): each card replaces the
  pool's card of the same id, and a new id adds a card;
* an **override file** (``[cards.<id>]`` tables): each table changes some fields of the pool's card of that
  id and keeps the rest, e.g. ``[cards.cinder-charger]`` then ``attack = 6``. A nested table is changed key
  by key (Spellweaver's ``levels.order = 1`` keeps the card's other levels); any other value, a list
  included, is replaced whole.

Both are checked by the game's own card loader before any game starts; a problem names the file, the card
and the field.
"""

from __future__ import annotations

import dataclasses
import difflib
import json
import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from spellforge.core.cards import CardDef
from spellforge.core.errors import CardDataError, SpellforgeError
from spellforge.core.ruleset import Ruleset

from .simulate import ruleset_with_cards


@dataclass
class Config:
    """One configuration of a batch: its bots, decks (empty: the game's choice from each seed), ruleset
    options and changed cards (the text of a card file, with the name of the file it came from)."""

    label: str
    bots: list[str] = field(default_factory=list)
    decks: list[str] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    cards: str | None = None
    cards_name: str = ""

    def ruleset(self, game: Ruleset) -> Ruleset:
        return ruleset_with_cards(game, self.cards) if self.cards is not None else game


# ---------------------------------------------------------------------- changed cards


def read_card_changes(game: Ruleset, path: str | Path) -> tuple[str, str]:
    """The text of a card file that makes the changes of the file at ``path`` (a card file or an override
    file, see the module docstring) and the file's name. The cards are loaded by the game's loader here,
    so a bad file raises SpellforgeError naming it, the card and the field before any game is played."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise SpellforgeError(f"card file {str(path)!r}: cannot read it ({exc.strerror or exc})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SpellforgeError(f"{path}: not valid TOML: {exc}") from None
    if "cards" in data and "card" in data:
        raise SpellforgeError(
            f"{path}: holds both [[card]] tables (a card file) and [cards.<id>] tables (an override file); "
            "use one form per file"
        )
    hints: dict[tuple[str, str], list[str]] = {}
    if "cards" in data:
        text, hints = _override_text(game, path, data)
    try:
        ruleset_with_cards(game, text, str(path))
    except CardDataError as exc:
        message = str(exc).removeprefix(f"{path}: ")
        card, _, rest = message.partition(": ")
        close = [
            c
            for (k, f), names in hints.items()
            if card == f"card {k!r}" and re.search(rf"(^|; ){re.escape(f)}:", rest)
            for c in names
        ]
        extra = f" (did you mean {', '.join(repr(h) for h in close)}?)" if close else ""
        raise SpellforgeError(f"{path}: {message}{extra}") from None
    return text, p.name


@cache
def _raw_cards(data_dir: Path) -> dict[str, dict[str, Any]]:
    """The game's card tables as written in its card files, by id."""
    out: dict[str, dict[str, Any]] = {}
    for path in sorted((data_dir / "cards").glob("*.toml")):
        for raw in tomllib.loads(path.read_text(encoding="utf-8")).get("card", []):
            if isinstance(raw, dict) and isinstance(raw.get("id"), str):
                out[raw["id"]] = raw
    return out


def _override_text(
    game: Ruleset, path: str | Path, data: dict[str, Any]
) -> tuple[str, dict[tuple[str, str], list[str]]]:
    """A card file holding each overridden card with its changes, and per (card, field) the card does not
    have the close names among its fields (for the error if the loader refuses the field)."""
    extra = sorted(set(data) - {"cards"})
    if extra:
        raise SpellforgeError(
            f"{path}: unknown top-level key(s) {extra}; an override file holds [cards.<id>] tables"
        )
    tables = data["cards"]
    if not isinstance(tables, dict):
        raise SpellforgeError(f"{path}: 'cards' must hold one table per card: [cards.<id>]")
    raw_cards = _raw_cards(game.data_dir)
    blocks = []
    hints: dict[tuple[str, str], list[str]] = {}
    for key, changes in tables.items():
        if key not in raw_cards:
            close = difflib.get_close_matches(key, list(raw_cards), n=3)
            hint = f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""
            raise SpellforgeError(f"{path}: card {key!r}: not a card of {game.title}{hint}")
        if not isinstance(changes, dict):
            raise SpellforgeError(f"{path}: card {key!r}: expected a table of fields ([cards.{key}])")
        if not changes:
            raise SpellforgeError(f"{path}: card {key!r}: changes no field")
        if "id" in changes and changes["id"] != key:
            raise SpellforgeError(f"{path}: card {key!r}: id: an override cannot change a card's id")
        original = raw_cards[key]
        for name in changes:
            if name not in original:
                hints[key, name] = difflib.get_close_matches(name, list(original), n=2)
        blocks.append(
            "[[card]]\n" + "".join(f"{_key(k)} = {_value(v)}\n" for k, v in merge(original, changes).items())
        )
    return "\n".join(blocks), hints


def merge(original: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    """``original`` with ``changes``: a table changed key by key, any other value replaced."""
    out = dict(original)
    for key, value in changes.items():
        old = out.get(key)
        if isinstance(value, dict) and isinstance(old, dict):
            out[key] = merge(old, value)
        else:
            out[key] = value
    return out


def _key(key: str) -> str:
    return json.dumps(key, ensure_ascii=False)


def _value(value: Any) -> str:
    """A TOML value (JSON's strings, numbers and booleans are TOML's; tables are written inline)."""
    if isinstance(value, bool | int | float | str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + "}"
    raise SpellforgeError(f"card data holds a value TOML card files do not use: {value!r}")


def card_differences(a: Mapping[str, CardDef], b: Mapping[str, CardDef]) -> list[dict[str, Any]]:
    """Each card whose definition differs between two pools: its id, name and, per changed field, the
    value in ``a`` and in ``b`` (None where the pool lacks the card)."""
    out = []
    for key in sorted(set(a) | set(b)):
        x, y = a.get(key), b.get(key)
        if x == y:
            continue
        card = y if y is not None else x
        assert card is not None
        fields: dict[str, list[Any]] = {}
        for f in dataclasses.fields(card):
            if not f.init or f.name == "source":
                continue
            vx = _plain(getattr(x, f.name, None)) if x is not None else None
            vy = _plain(getattr(y, f.name, None)) if y is not None else None
            if vx != vy:
                fields[f.name] = [vx, vy]
        if not fields:  # the same card, read from another file
            continue
        out.append({"key": key, "name": card.name, "fields": fields})
    return out


def _plain(value: Any) -> Any:
    """A field's value as plain JSON (a set as a sorted list; effects and other records as text)."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, frozenset | set):
        return sorted(_plain(v) for v in value)
    if isinstance(value, tuple | list) and all(isinstance(v, bool | int | float | str) for v in value):
        return list(value)
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    text = str(value)
    return text if len(text) <= 120 else text[:117] + "..."


def changes(game: Ruleset, a: Config, b: Config) -> dict[str, Any]:
    """What differs between two configurations: ruleset options, cards (each changed field), decks and
    bots; an empty part is left out."""
    out: dict[str, Any] = {}
    keys = sorted(set(a.options) | set(b.options))
    options = {k: [a.options.get(k), b.options.get(k)] for k in keys if a.options.get(k) != b.options.get(k)}
    if options:
        out["options"] = options
    cards = card_differences(a.ruleset(game).cards, b.ruleset(game).cards)
    if cards:
        out["cards"] = cards
    if a.decks != b.decks:
        out["decks"] = [a.decks, b.decks]
    if a.bots != b.bots:
        out["bots"] = [a.bots, b.bots]
    return out


def describe(change: dict[str, Any]) -> list[str]:
    """One line per change, as the page says it (``card Ember Drake (ember-drake): attack 2 -> 6``)."""
    lines = [f"option {k}: {x!r} -> {y!r}" for k, (x, y) in change.get("options", {}).items()]
    for card in change.get("cards", []):
        parts = "; ".join(f"{f} {_short(x)} -> {_short(y)}" for f, (x, y) in card["fields"].items())
        lines.append(f"card {card['name']} ({card['key']}): {parts}")
    if "decks" in change:
        x, y = change["decks"]
        lines.append(
            f"decks: {', '.join(x) or 'chosen from each seed'} -> {', '.join(y) or 'chosen from each seed'}"
        )
    if "bots" in change:
        x, y = change["bots"]
        lines.append(f"bots: {', '.join(x)} -> {', '.join(y)}")
    return lines


def _short(value: Any) -> str:
    return "(none)" if value is None else json.dumps(value) if not isinstance(value, str) else repr(value)


# ---------------------------------------------------------------------- the configurations of a report


def configurations(
    game: Ruleset,
    bots: Sequence[str],
    decks: Sequence[str],
    options: dict[str, Any],
    cards: str | Path | None,
    compare: Sequence[str],
) -> list[Config]:
    """The configuration asked for and, with ``compare`` (``KEY=VALUE`` items: ``cards=FILE``,
    ``decks=A,B``, ``bots=X,Y`` or a ruleset option), the changed one beside it."""
    text, name = read_card_changes(game, cards) if cards else (None, "")
    base = Config("base" if compare else "games", list(bots), list(decks), dict(options), text, name)
    if not compare:
        return [base]
    changed = dataclasses.replace(base, label="changed", options=dict(options))
    words = []
    for item in compare:
        key, eq, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not eq or not key:
            raise SpellforgeError(
                f"--compare expects KEY=VALUE (cards=FILE, decks=A,B, bots=X,Y or a ruleset option), got {item!r}"
            )
        if key == "cards":
            changed.cards, changed.cards_name = read_card_changes(game, value)
            value = Path(value).name
        elif key == "decks":
            changed.decks = [d.strip() for d in value.split(",") if d.strip()]
        elif key == "bots":
            from spellforge.bots import split_specs

            changed.bots = split_specs(value)
            if not changed.bots:
                raise SpellforgeError("--compare bots=... needs at least one bot")
        else:
            changed.options[key] = value
        words.append(f"{key}={value}")
    changed.label = ", ".join(words)
    return [base, changed]
