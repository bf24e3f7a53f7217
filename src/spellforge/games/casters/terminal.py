"""How a Casters View looks in the terminal (rich).

Everything drawn comes from the View of the seat at the keyboard: another player's face-down set cards are
only a count there, so they cannot reach the screen, in hot-seat games too.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

CLASS_STYLE = {"blue": "bright_blue", "purple": "magenta"}


def _name(c: dict[str, Any]) -> Text:
    return Text(f"#{c['id']} {c['name']}", style=CLASS_STYLE.get(c.get("class", ""), ""))


def _minion(c: dict[str, Any]) -> Text:
    t = _name(c)
    t.append(f" {c['attack']}/{c['health']}", style="bold")
    if c.get("damage"):
        t.append(f" dmg {c['damage']}", style="red")
    if c.get("shields"):
        t.append(f" shield x{c['shields']}", style="cyan")
    keywords = [*c.get("keywords", []), *c.get("granted", [])]
    if keywords:
        t.append(" " + ",".join(k.replace("_", " ") for k in keywords), style="cyan")
    if c.get("tapped"):
        t.append(" tapped", style="yellow")
    return t


def _card_line(c: dict[str, Any]) -> Text:
    t = _name(c)
    if c["type"] == "minion":
        t.append(f" LvL{c['level']} {c['attack']}/{c['health']}", style="bold")
    elif c["type"] == "stage":
        t.append(f" LvL{c['level']} Stage", style="bold")
    t.append(f"  [{c['cost']}]", style="green")
    if c.get("text"):
        t.append(f"  {c['text']}", style="dim")
    return t


def render(view: dict[str, Any]) -> RenderableType:
    seat = view["seat"]
    coin = next(p["name"] for p in view["players"] if p["initiative"])
    head = Table(
        title=f"Casters - turn {view['turn']} - {view['phase']} phase - {coin} holds the coin"
        + (f" - set {view['set_quota']} each" if view["phase"] in ("set", "reveal") else ""),
        expand=True,
    )
    for col in ("player", "health", "Stage Deck", "Stages face up", "hand", "face down", "deck", "GY"):
        head.add_column(col)
    for p in view["players"]:
        name = Text(
            p["name"] + (" (you)" if p["seat"] == seat else ""), style="bold" if p["initiative"] else ""
        )
        health = Text(str(p["health"]))
        if p["stage_damage"]:
            health.append(f" (-{p['stage_damage']} this turn)", style="red")
        head.add_row(
            name,
            health,
            str(p["stage_deck"]),
            ", ".join(s["name"] for s in p["stages"]) or "-",
            str(p["hand"]["count"]),
            str(p["set"]["count"]),
            str(p["deck"]),
            str(len(p["graveyard"])),
        )
    board = Table(title="the field", expand=True)
    board.add_column("player")
    board.add_column("minions")
    board.add_column("Passive and equipped")
    for p in view["players"]:
        minions = (
            Text("\n").join(_minion(c) for c in p["minions"]) if p["minions"] else Text("-", style="dim")
        )
        others = []
        for c in p["field"]:
            t = _name(c)
            t.append(f" -> #{c['equipped_to']}" if "equipped_to" in c else " (Passive)", style="dim")
            others.append(t)
        board.add_row(p["name"], minions, Text("\n").join(others) if others else Text("-", style="dim"))
    parts: list[RenderableType] = [head, board]
    if view["revealed"]:
        parts.append(Panel(Text("\n").join(_card_line(c) for c in view["revealed"]), title="revealed"))
    if view["stack"]:
        lines = []
        for i in reversed(view["stack"]):
            line = f"{i['ref']} {i['label']} ({view['players'][i['controller']]['name']})"
            if i["targets"]:
                line += " -> " + ", ".join(t["label"] for t in i["targets"])
            if i["negated"]:
                line += " [negated]"
            lines.append(Text(line))
        parts.append(Panel(Text("\n").join(lines), title="stack (top first)", border_style="magenta"))
    if view["combat"]:
        cb = view["combat"]
        blockers = ", ".join(f"#{b}" for b in cb["blockers"]) or "none"
        target = cb["target"]["label"] if "target" in cb else "nothing (its target is gone)"
        parts.append(
            Text(f"combat: #{cb['attacker']} -> {target}; blockers in order: {blockers}", style="red")
        )
    if view["payment"]:
        pay = view["payment"]
        payer = view["players"][pay["seat"]]["name"]
        parts.append(Text(f"{payer} is paying for #{pay['card']}: {pay['left']} left", style="green"))
    if seat is not None:
        me = view["players"][seat]
        for label, zone in (("your face-down cards", me["set"]), ("your hand", me["hand"])):
            cards = zone.get("cards", [])
            if cards:
                parts.append(Panel(Text("\n").join(_card_line(c) for c in cards), title=label))
    return Group(*parts)
