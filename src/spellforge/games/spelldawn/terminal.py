"""How a Spelldawn View looks in the terminal (rich).

Everything drawn comes from the View of the seat at the keyboard: a face-down card the seat may not see is
only "face down" there, so it cannot reach the screen.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text


def _card(c: dict[str, Any] | None) -> Text:
    if c is None:
        return Text("-", style="dim")
    if c.get("hidden"):
        t = Text("face down", style="dim")
    else:
        t = Text(f"#{c['id']} {c['name']}", style="bold")
        if c.get("face_down"):
            t.append(" (face down)", style="dim")
        for key in ("cost", "resonance", "health", "shield", "attack", "points", "stored"):
            if key in c:
                t.append(f" {key} {c[key]}", style="cyan")
    if c.get("progress"):
        t.append(f" progress {c['progress']}", style="yellow")
    return t


def render(view: dict[str, Any]) -> RenderableType:
    head = Table(title=f"Spelldawn - turn {view['turn']} - {view['phase']}", expand=True)
    for col in ("player", "role", "points", "mana", "hand", "deck", "actions", "curses"):
        head.add_column(col)
    for p in view["players"]:
        head.add_row(
            p["name"],
            p["role"],
            str(p["points"]),
            str(p["mana"]),
            str(p["hand"]["count"]),
            str(p["deck"]["count"]),
            str(p.get("action_points", "")),
            str(p.get("curses", "")),
        )
    rooms = Table(title="rooms", expand=True)
    rooms.add_column("room")
    rooms.add_column("occupant")
    rooms.add_column("defenders (innermost first)")
    for r in view["rooms"]:
        defenders = Text(" | ").join(_card(c) for c in r["defenders"]) if r["defenders"] else Text("-")
        rooms.add_row(r["name"], _card(r.get("occupant")), defenders)
    parts: list[RenderableType] = [head, rooms]
    for p in view["players"]:
        start = p.get("riftcaller", []) + p.get("boons", [])
        if start:
            parts.append(Panel(Group(*(_card(c) for c in start)), title=f"{p['name']} riftcaller and boons"))
        if p.get("arena"):
            parts.append(Panel(Group(*(_card(c) for c in p["arena"])), title=f"{p['name']} in play"))
        if "cards" in p["hand"]:
            parts.append(Panel(Group(*(_card(c) for c in p["hand"]["cards"])), title=f"{p['name']} hand"))
    raid = view.get("raid")
    if raid and raid["step"] != "end":
        mana = f" (raid mana {raid['raid_mana']})" if raid.get("raid_mana") else ""
        parts.append(Text(f"raid on {raid['name']}: {raid['step']}{mana}"))
    elif raid and raid.get("end"):
        parts.append(Text(f"last raid: {raid['end']['text']}"))
    if view["log"]:
        parts.append(Panel("\n".join(view["log"][-8:]), title="log"))
    if view["outcome"]:
        parts.append(Text(view["outcome"]["text"], style="bold"))
    return Group(*parts)
