"""How a Casters View looks in the terminal (rich).

Everything drawn comes from the View of the seat at the keyboard: another player's face-down set cards are
only a count there, so they cannot reach the screen, in hot-seat games too.
"""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.text import Text

from spellforge.ui.board import grid, joined, player_label

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


def _in_hand(c: dict[str, Any]) -> Text:
    t = _name(c)
    if c["type"] == "minion":
        t.append(f" LvL{c['level']} {c['attack']}/{c['health']}", style="bold")
    elif c["type"] == "stage":
        t.append(f" LvL{c['level']} Stage", style="bold")
    t.append(f" [{c['cost']}]", style="green")
    return t


def render(view: dict[str, Any]) -> RenderableType:
    """A few lines per player (the seat at the keyboard last), then what is being revealed, played and
    fought, then your face-down cards and your hand, so that the board and the prompt fit an 80x24
    terminal. A card's text is one ``card #ID`` away."""
    seat = view["seat"]
    coin = next(p["name"] for p in view["players"] if p["initiative"])
    board = grid()
    head = f"{coin} holds the coin"
    if view["phase"] in ("set", "reveal"):
        head += f" · set {view['set_quota']} each"
    board.add_row("table", Text(head))
    players = view["players"]
    for p in [q for q in players if q["seat"] != seat] + [q for q in players if q["seat"] == seat]:
        health = Text(f"health {p['health']}", style="bold")
        if p["stage_damage"]:
            health.append(f" (-{p['stage_damage']} this turn)", style="red")
        board.add_row(
            player_label(p, seat, view["active"]),
            joined(
                [
                    health,
                    f"hand {p['hand']['count']}",
                    f"face down {p['set']['count']}",
                    f"deck {p['deck']}",
                    f"GY {len(p['graveyard'])}",
                    f"Stage Deck {p['stage_deck']}",
                ]
            ),
        )
        others = []
        for c in p["field"]:
            t = _name(c)
            t.append(f" -> #{c['equipped_to']}" if "equipped_to" in c else " (Passive)", style="dim")
            others.append(t)
        stages = [Text(f"Stage {st['name']}", style="bold") for st in p["stages"]]
        board.add_row(
            Text("  in play", style=""), joined([*stages, *(_minion(c) for c in p["minions"]), *others])
        )
    if view["revealed"]:
        board.add_row("revealed", joined(_in_hand(c) for c in view["revealed"]))
    if view["stack"]:
        items = []
        for i in reversed(view["stack"]):
            line = f"{i['ref']} {i['label']} ({view['players'][i['controller']]['name']})"
            if i["targets"]:
                line += " -> " + ", ".join(t["label"] for t in i["targets"])
            if i["negated"]:
                line += " [negated]"
            items.append(Text(line))
        board.add_row("stack (top first)", joined(items, sep=" | "))
    if view["combat"]:
        cb = view["combat"]
        blockers = ", ".join(f"#{b}" for b in cb["blockers"]) or "none"
        target = cb["target"]["label"] if "target" in cb else "nothing (its target is gone)"
        board.add_row(
            "combat", Text(f"#{cb['attacker']} -> {target}; blockers in order: {blockers}", style="red")
        )
    if view["payment"]:
        pay = view["payment"]
        payer = view["players"][pay["seat"]]["name"]
        board.add_row("paying", Text(f"{payer} for #{pay['card']}: {pay['left']} left", style="green"))
    if seat is not None:
        me = players[seat]
        face_down = me["set"].get("cards", [])
        if face_down:
            board.add_row("your face-down", joined(_in_hand(c) for c in face_down))
        board.add_row("your hand", joined(_in_hand(c) for c in me["hand"].get("cards", [])))
    return board
