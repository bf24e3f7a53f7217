"""How a Spell Battle View looks in the terminal (rich)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text


def _char(c: dict[str, Any], view: dict[str, Any]) -> Text:
    t = Text(f"#{c['id']} {c['name']}")
    if c.get("type") == "character":
        t.append(f" {c.get('strength')}/{c.get('speed')}", style="bold")
        if c.get("damage"):
            t.append(f" damage {c['damage']}", style="red")
        if c.get("keywords"):
            t.append(" " + ", ".join(c["keywords"]), style="cyan")
    else:
        t.append(" (spell in play)", style="magenta")
    if c.get("tapped"):
        t.append(" sideways", style="yellow")
    if "attacking" in c:
        t.append(f" attacking {view['players'][c['attacking']]['name']}", style="bold red")
    if "blocking" in c:
        t.append(" blocking " + ", ".join(f"#{a}" for a in c["blocking"]), style="bold blue")
    return t


def _farms(farms: list[dict[str, Any]]) -> Text:
    up = sum(1 for f in farms if not f.get("tapped"))
    known = [f"#{f['id']} {f['name']}" for f in farms if "name" in f]
    return Text(
        f"{up} of {len(farms)} right-side-up" + (f" ({', '.join(known)})" if known else ""), style="dim"
    )


def render(view: dict[str, Any]) -> RenderableType:
    seat = view["seat"]
    players = Table(title=f"Spell Battle - turn {view['turn']} - {view['phase']} step", expand=True)
    for col in ("player", "life", "hand", "deck", "discard", "farms"):
        players.add_column(col)
    active = set(view["active"])
    for p in view["players"]:
        name = Text(
            p["name"] + (" (you)" if p["seat"] == seat else ""), style="bold" if p["seat"] in active else ""
        )
        if not p["alive"]:
            name.stylize("strike")
        if view["teams"] != "none":
            name.append(f" team {p['team'] + 1}")
        players.add_row(
            name,
            str(p["life"]),
            str(p["hand"]["count"]),
            str(p["deck"]["count"]),
            str(p["discard"]["count"]),
            _farms(p["farms"]),
        )
    board = Table(title="in play", expand=True, show_header=True)
    board.add_column("controller")
    board.add_column("cards")
    for p in view["players"]:
        cards = p["in_play"]
        board.add_row(
            p["name"], Text("\n").join(_char(c, view) for c in cards) if cards else Text("-", style="dim")
        )
    parts: list[RenderableType] = [players, board]
    if view["limbo"]:
        limbo = Text("\n").join(
            Text(
                f"{i['ref']} {i['label']} ({view['players'][i['controller']]['name']})"
                + (f" -> {', '.join(t['label'] for t in i['targets'])}" if i["targets"] else "")
            )
            for i in reversed(view["limbo"])
        )
        parts.append(Panel(limbo, title="limbo (top first)", border_style="magenta"))
    if seat is not None:
        me = view["players"][seat]
        hand = me["hand"].get("cards", [])
        table = Table(title="your hand", expand=True)
        for col in ("card", "type", "cost", "str/spd", "text"):
            table.add_column(col)
        for c in hand:
            stats = f"{c['strength']}/{c['speed']}" if c["type"] == "character" else ""
            table.add_row(f"#{c['id']} {c['name']}", c["type"], str(c["cost"]), stats, c.get("text", ""))
        parts.append(table)
    if view.get("limited"):
        lim = view["limited"]
        if seat is not None:
            for label, zone in (("pile", lim["pile"][seat]), ("pool", lim["pool"][seat])):
                cards = zone.get("cards", [])
                parts.append(Text(f"{label}: " + ", ".join(f"#{c['id']} {c['name']}" for c in cards)))
    return Group(*parts)
