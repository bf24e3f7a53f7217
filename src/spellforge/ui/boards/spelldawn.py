"""How a Spelldawn View looks in the terminal (rich): a few lines per side, the rooms that hold something,
the raid, and your hand, so that the board and the prompt fit an 80x24 terminal.

Everything drawn comes from the View of the seat at the keyboard: a face-down card the seat may not see is
only "face down" there, so it cannot reach the screen. The log is shown by the terminal client, once.
"""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.text import Text

from spellforge.ui.board import card_name, grid, joined, player_label


def _card(c: dict[str, Any] | None, cost: bool = False) -> Text:
    if c is None:
        return Text("-", style="dim")
    if c.get("hidden"):
        t = Text("face down", style="dim")
    else:
        t = card_name(c, "bold")
        bits = [f"cost {c['cost']}"] if cost and "cost" in c else []
        if c.get("face_down"):
            bits.append("face down")
        for key in ("resonance", "attack", "breach", "health", "shield", "stored"):
            if key in c and c[key] not in ("", None) and not (key in ("breach", "shield") and not c[key]):
                bits.append(str(c[key]) if key == "resonance" else f"{key} {c[key]}")
        if "points" in c:
            bits.append(f"{c['points']} points, needs {c.get('progress_needed', '?')}")
        if bits:
            t.append(" (" + ", ".join(bits) + ")", style="cyan")
    if c.get("progress"):
        t.append(f" progress {c['progress']}", style="yellow")
    return t


def render(view: dict[str, Any]) -> RenderableType:
    seat = view["seat"]
    board = grid()
    players = view["players"]
    for p in [q for q in players if q["seat"] != seat] + [q for q in players if q["seat"] == seat]:
        values: list[Text | str] = [
            Text(str(p["role"]), style="bold"),
            f"points {p['points']}",
            f"mana {p['mana']}",
            f"hand {p['hand']['count']}/{p['max_hand_size']}",
            f"deck {p['deck']['count']}",
            f"discard {len(p['discard'])}",
        ]
        if "curses" in p:
            values.append(f"curses {p['curses']}")
        if "action_points" in p:
            values.append(f"actions {p['action_points']}")
        board.add_row(player_label(p, seat, view["active"]), joined(values))
        start = joined(_card(c) for c in p.get("riftcaller", []))
        if p.get("boons"):
            start.append("; boons ").append_text(joined(_card(c) for c in p["boons"]))
        board.add_row(Text("  riftcaller", style=""), start)
        if "arena" in p:
            board.add_row(Text("  in play", style=""), joined(_card(c) for c in p["arena"]))
        if p.get("score"):
            board.add_row(Text("  scored", style=""), joined(_card(c) for c in p["score"]))
    empty = []
    for r in view["rooms"]:
        occupant = r.get("occupant")
        if occupant is None and not r["defenders"]:
            empty.append(r["room"])
            continue
        parts = []
        if "occupant" in r:
            parts.append(Text("holds ").append_text(_card(occupant)))
        if r["defenders"]:
            # outermost first: the order a raid meets them (the View lists them innermost first)
            parts.append(
                Text("guards ").append_text(joined((_card(c) for c in reversed(r["defenders"])), sep=" | "))
            )
        board.add_row(
            str(r.get("name", r["room"])).removeprefix("the ").capitalize(), joined(parts, sep="; ")
        )
    if empty:
        board.add_row("empty rooms", ", ".join(empty))
    raid = view.get("raid")
    if raid and raid["step"] != "end":
        mana = f" (raid mana {raid['raid_mana']})" if raid.get("raid_mana") else ""
        text = Text(f"on {raid['name']}: {raid['step']}{mana}", style="red")
        if raid.get("accessed"):
            text.append("; accessed ").append_text(joined(_card(a["card"]) for a in raid["accessed"]))
        board.add_row("raid", text)
    if view.get("limbo"):
        board.add_row("being played", joined(_card(c) for c in view["limbo"]))
    if seat is not None:
        hand = players[seat]["hand"].get("cards", [])
        board.add_row("your hand", joined(_card(c, cost=True) for c in hand))
    return board
