"""Reading cards at the terminal, for any game: every card a seat's View shows, where it is, its full text,
and the names beside the ids in printed actions.

Everything here reads one View (the envelope of ``core.observe`` and the game's part) and, for a card the
View already shows, the game's printed card data. A card the View does not show is never named, so
nothing here can tell a seat about a hidden card: asking for one gets the same answer as asking for an id
that does not exist.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from spellforge.core.actions import seat_name

# View keys that are never a card's description: the envelope's bookkeeping
_SKIP_KEYS = frozenset({"log", "decision", "outcome"})
# fields of a card's dict shown in its own place, not in the list of values
_CARD_HEAD = ("id", "key", "name", "type", "text")
# fields of a card's View that hold a seat (shown as its name: P1)
_SEAT_KEYS = frozenset({"controller", "owner", "seat"})
REF = re.compile(r"(?<![\w@#])([#@])(\d+)(?!\d)")


@dataclass
class Entry:
    """One visible thing with a text: a card (``id`` set) or another named thing the View describes
    (a hero's skill, an ability waiting in limbo: ``ref`` set when actions name it)."""

    name: str
    where: str
    data: dict[str, Any]
    id: int | None = None
    ref: str | None = None
    paths: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        if self.id is not None:
            return f"#{self.id} {self.name}"
        if self.ref:
            return f"{self.ref} {self.name}"
        return self.name


def _where(path: list[str | int], view: dict[str, Any]) -> str:
    """A short place name from the keys leading to a card: ``players[0].hand.cards`` -> ``P1 hand``."""
    words: list[str] = []
    i = 0
    players = view.get("players") or []
    if path and path[0] == "players" and len(path) > 1 and isinstance(path[1], int):
        seat = path[1]
        name = players[seat].get("name", f"P{seat + 1}") if seat < len(players) else f"P{seat + 1}"
        words.append(str(name))
        i = 2
    elif len(path) > 1 and isinstance(path[0], str) and isinstance(path[1], int) and _by_seat(view, path[0]):
        # a part of the View kept per seat (SPELLFIRE's "hands", "formations"): "P2 formation"
        words += [f"P{path[1] + 1}", path[0].removesuffix("s").replace("_", " ")]
        i = 2
    for part in path[i:]:
        if isinstance(part, int) or part in ("cards", "known"):
            continue
        words.append(str(part).replace("_", " "))
    return " ".join(words) or "table"


def _by_seat(view: dict[str, Any], key: str) -> bool:
    """Whether ``view[key]`` is a list with one entry per player, each a place (not a card)."""
    value = view.get(key)
    players = view.get("players") or []
    return (
        isinstance(value, list)
        and len(value) == len(players) > 0
        and all(isinstance(v, list) or (isinstance(v, dict) and "id" not in v) for v in value)
    )


def visible_entries(view: dict[str, Any]) -> list[Entry]:
    """Every card the View shows (each once, at its first place), then the other named things with a text
    (skills, abilities in limbo), in the View's order."""
    cards: dict[int, Entry] = {}
    others: list[Entry] = []
    seen_other: set[tuple[str, str]] = set()

    def walk(item: Any, path: list[str | int], owner: dict[str, Any] | None) -> None:
        if isinstance(item, dict):
            cid = item.get("id")
            if isinstance(cid, int) and "key" in item and isinstance(item.get("name"), str):
                if cid not in cards:
                    where = _where(path, view)
                    controller = item.get("controller")
                    if isinstance(controller, int) and not where.startswith("P"):
                        where += f" (P{controller + 1})"
                    cards[cid] = Entry(item["name"], where, item, id=cid)
                return
            ref = item.get("ref") if isinstance(item.get("ref"), str) else None
            if (
                path
                and isinstance(item.get("name"), str)
                and (ref or (isinstance(item.get("text"), str) and item["text"]))
            ):
                mark = (ref or item["name"], _where(path, view))
                if mark not in seen_other:
                    seen_other.add(mark)
                    others.append(Entry(item["name"], mark[1], item, ref=ref))
            for key, value in item.items():
                if not path and key in _SKIP_KEYS:
                    continue
                if isinstance(value, dict | list):
                    walk(value, [*path, key], item)
        elif isinstance(item, list):
            for i, value in enumerate(item):
                if isinstance(value, dict | list):
                    walk(value, [*path, i], owner)

    walk(view, [], None)
    for e in others:  # an item on a stack names its card: its text is the card's, when the View shows it
        source = e.data.get("card")
        if not e.data.get("text") and isinstance(source, int) and source in cards:
            e.data = {**e.data, "text": cards[source].data.get("text", "")}
    return [*cards.values(), *others]


def names_by_ref(view: dict[str, Any]) -> dict[str, str]:
    """``{"#38": "Grave Caller", "@22": "Watchtower"}``: the names of everything the View shows that an
    action may refer to."""
    out: dict[str, str] = {}
    for e in visible_entries(view):
        if e.id is not None:
            out[f"#{e.id}"] = e.name
        elif e.ref:
            out[e.ref] = e.name
    return out


def named_text(text: str, names: dict[str, str]) -> Text:
    """A printed action or log line with each ``#id`` / ``@ref`` the View names followed by its name
    (``play #38 -> #55`` -> ``play #38 Grave Caller -> #55 Quick Scout``); an id the View does not
    show stays as it is."""
    out = Text()
    last = 0
    for m in REF.finditer(text):
        ref = m.group(0)
        name = names.get(ref)
        if name is None:
            continue
        out.append(text[last : m.end()])
        out.append(f" {name}", style="bold")
        last = m.end()
    out.append(text[last:])
    return out


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(_value(v) for v in value) or "-"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_value(v)}" for k, v in value.items() if v not in (0, False, None, "", []))
    return str(value)


def _brief(data: dict[str, Any]) -> str:
    """The numbers that matter at a glance: cost, and strength/speed or attack/health-like pairs."""
    parts = []
    for key in ("cost", "level", "strength", "speed", "attack", "hp", "health", "damage"):
        value = data.get(key)
        if value is None or value == "" or (key == "damage" and not value):
            continue
        parts.append(f"{key} {value}")
    return ", ".join(parts)


def cards_table(view: dict[str, Any]) -> RenderableType:
    """Every visible card, one line each: id and name, where it is, type, key numbers, text."""
    entries = visible_entries(view)
    table = Table(title="cards you can see ('card #ID' or 'card NAME' for one in full)", expand=True)
    for col in ("card", "where", "type", "values", "text"):
        table.add_column(col, overflow="fold")
    for e in entries:
        kind = str(e.data.get("type", e.data.get("kind", "")))
        table.add_row(e.label, e.where, kind, _brief(e.data), str(e.data.get("text", "")))
    if not entries:
        return Text("no card is visible to you", style="dim")
    return table


def find_entries(view: dict[str, Any], query: str) -> list[Entry]:
    """The visible entries ``query`` names: ``#12`` / ``12`` (a card's id), ``@3`` (a limbo ref), or a
    name (exact, else the names that start with it, else those that contain it; case-insensitive)."""
    entries = visible_entries(view)
    q = query.strip()
    m = re.fullmatch(r"#?(\d+)", q)
    if m:
        cid = int(m.group(1))
        return [e for e in entries if e.id == cid]
    if q.startswith("@"):
        return [e for e in entries if e.ref == q]
    low = q.lower()
    for test in (
        lambda n: n == low,
        lambda n: n.startswith(low),
        lambda n: low in n,
    ):
        found = [e for e in entries if test(e.name.lower())]
        if found:
            return found
    return []


def printed_fields(card: Any) -> dict[str, Any]:
    """A card definition's printed fields (a game's card dataclass), without its parsed effects."""
    if not dataclasses.is_dataclass(card):
        return {}
    out: dict[str, Any] = {}
    for f in dataclasses.fields(card):
        if f.name in ("effects", "source") or not f.init:
            continue
        value = getattr(card, f.name)
        out[f.name] = sorted(value) if isinstance(value, frozenset) else value
    return out


def _shown(key: str, value: Any) -> str:
    """A value of a card's View as a player reads it: a seat as its name, yes/no, lists joined."""
    if key in _SEAT_KEYS and isinstance(value, int) and not isinstance(value, bool):
        return seat_name(value)
    return _value(value)


def card_panel(
    entry: Entry,
    printed: dict[str, Any] | None = None,
    reminders: dict[str, str] | None = None,
    changing: tuple[str, ...] = (),
) -> RenderableType:
    """One visible card or named thing in full: its text, the reminder text of its keywords (``reminders``,
    the game's ``hints.keywords``), and its values as its View shows them (what the game lets a player
    read: none of the card data's bookkeeping). ``printed`` (the game's card data) gives the text when the
    View has none, and for the values play may change (``changing``, the game's ``hints.changing``) the
    printed value beside a current one that differs."""
    data = entry.data
    rows = Table(show_header=False, box=None, padding=(0, 1))
    rows.add_column(style="bold")
    rows.add_column(overflow="fold")
    rows.add_row("where", entry.where)
    if "type" in data:
        rows.add_row("type", str(data["type"]).replace("_", " "))
    for key, value in data.items():
        if key in _CARD_HEAD or value is None or value is False:
            continue
        shown = _shown(key, value)
        if shown in ("", "-") and value != "-":  # nothing to read: no keywords, no emblems
            continue
        was = (printed or {}).get(key)
        if key in changing and isinstance(value, int) and isinstance(was, int) and was != value:
            shown += f" (printed {was})"
        rows.add_row(key.replace("_", " "), shown)
    text = str(data.get("text") or (printed or {}).get("text") or "")
    lines: list[RenderableType] = [Text(text or "(no text)", style="italic" if not text else "")]
    keywords = data.get("keywords") or (printed or {}).get("keywords") or []
    for keyword in keywords if isinstance(keywords, list) else []:
        reminder = (reminders or {}).get(str(keyword))
        if reminder:
            line = Text(str(keyword).replace("_", " ").capitalize() + ": ", style="bold")
            line.append(reminder, style="dim")
            lines.append(line)
    body = Group(*lines, Text(""), rows)
    return Panel(body, title=entry.label, border_style="cyan", expand=False)


__all__ = [
    "Entry",
    "card_panel",
    "cards_table",
    "find_entries",
    "named_text",
    "names_by_ref",
    "printed_fields",
    "visible_entries",
]
