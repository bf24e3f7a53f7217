"""How a SPELLFIRE View looks in the terminal (rich).

Everything drawn comes from the View of the seat at the keyboard: other players' hands and draw piles are
only counts there, so they cannot reach the screen, in hot-seat games too.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text


def card_text(c: dict[str, Any]) -> Text:
    if c.get("hidden"):
        return Text("(face down)", style="dim")
    if c.get("empty"):
        return Text("-", style="dim")
    t = Text(f"#{c['id']} {c['name']}", style="strike dim" if c.get("razed") else "bold")
    bits = []
    if "level" in c:
        bits.append(f"{'/'.join(c['class'])} {c['level']}")
    if "bonus" in c:
        bits.append(f"+{c['bonus']}")
    if "drain" in c:
        bits.append(f"takes {c['drain']} from the other side")
    if "world" in c:
        bits.append(c["world"])
    if c.get("traits"):
        bits.append(",".join(c["traits"]))
    if bits:
        t.append(" (" + "; ".join(bits) + ")", style="cyan")
    return t


def render(view: dict[str, Any]) -> RenderableType:
    seat = view["seat"]
    head = Table(title=f"SPELLFIRE - turn {view['turn']} - phase {view['phase']}", expand=True)
    for col in ("player", "realms", "hand", "deck", "formation", "pool"):
        head.add_column(col)
    for p in view["players"]:
        s = p["seat"]
        form = Text(" ").join(
            Text(f"{slot['position']}:") + card_text(slot["realm"])
            for row in p["formation"]
            for slot in row
            if "realm" in slot
        )
        pool = Text("\n").join(
            Text(" + ").join(card_text(c) for c in [entry["champion"], *entry.get("attachments", [])])
            for entry in p["pool"]
        )
        head.add_row(
            p["name"] + (" (you)" if s == seat else ""),
            str(p["unrazed_realms"]),
            f"{p['hand']['count']}/{p['hand_limit']}",
            str(p["deck"]),
            form,
            pool or Text("-", style="dim"),
        )
    parts: list[RenderableType] = [head]
    b = view["battle"]
    if b:
        lines = []
        for side in b["sides"]:
            cards = [side[k] for k in ("champion",) if k in side]
            cards += [c for k in ("items", "allies", "cards") for c in side.get(k, [])]
            head_text = Text(f"{side['role']} P{side['player'] + 1}: ")
            if side.get("self_defence"):
                head_text.append("the realm defends itself ")
            lines.append(head_text + Text(", ").join(card_text(c) for c in cards))
        totals = " vs ".join(str(side["total"]) for side in b["sides"] if "total" in side)
        parts.append(
            Panel(
                Text("\n").join(lines),
                title=f"battle: P{b['attacker'] + 1} attacks {b['target']['card'].get('name', 'a realm')} of "
                f"P{b['defender'] + 1}, round {b['round']}" + (f"; totals {totals}" if totals else ""),
                border_style="red",
            )
        )
    pending = view["pending"]
    if pending:
        parts.append(Panel(Text("\n").join(card_text(p["card"]) for p in pending), title="being played"))
    if seat is not None:
        hand = view["players"][seat]["hand"].get("cards", [])
        if hand:
            parts.append(Panel(Text("\n").join(card_text(c) for c in hand), title="your hand"))
    return Group(*parts)
