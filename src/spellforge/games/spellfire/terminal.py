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
        return Text("(hidden)", style="dim")
    if c.get("empty"):
        return Text("-", style="dim")
    t = Text(f"#{c['id']} {c['name']}", style="strike dim" if c.get("razed") else "bold")
    bits = []
    if "level" in c:
        bits.append(f"{'/'.join(c['class'])} {c['level']}")
    if "bonus" in c:
        bits.append(f"+{c['bonus']}")
    if "drain" in c:
        bits.append(str(c["drain"]))
    if "world" in c:
        bits.append(c["world"])
    if c.get("traits"):
        bits.append(",".join(c["traits"]))
    if "on" in c:
        bits.append(f"on #{c['on']}")
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
            Text(f"{slot['position']}:") + card_text(slot)
            for slot in view["formations"][s]
            if not slot.get("empty")
        )
        pool = Text("\n").join(card_text(c) for c in view["pools"][s].get("cards", []))
        head.add_row(
            p["name"] + (" (you)" if s == seat else ""),
            str(p["unrazed_realms"]),
            f"{p['hand']}/{p['hand_limit']}",
            str(p["deck"]),
            form,
            pool or Text("-", style="dim"),
        )
    parts: list[RenderableType] = [head]
    b = view["battle"]
    if b:
        cards = Text("\n").join(card_text(c) for c in b["cards"])
        parts.append(
            Panel(
                cards,
                title=f"battle: P{b['attacker'] + 1} attacks #{b['target']} of P{b['defender'] + 1}; "
                f"totals {b['totals'][0]} vs {b['totals'][1]}",
                border_style="red",
            )
        )
    table = view["table"].get("cards", [])
    if table:
        parts.append(Panel(Text("\n").join(card_text(c) for c in table), title="being played"))
    if seat is not None:
        hand = view["hands"][seat].get("cards", [])
        if hand:
            parts.append(Panel(Text("\n").join(card_text(c) for c in hand), title="your hand"))
    return Group(*parts)
