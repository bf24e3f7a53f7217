"""How a Spell Battle View looks in the terminal (rich): a few lines per player, the seat at the keyboard
last, then limbo and the hand, so that the board and the prompt fit an 80x24 terminal."""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.text import Text

from spellforge.ui.board import card_name, grid, joined, player_label


def _char(c: dict[str, Any], view: dict[str, Any]) -> Text:
    t = card_name(c)
    if c.get("type") == "character":
        t.append(f" {c.get('strength')}/{c.get('speed')}", style="bold")
        if c.get("damage"):
            t.append(f" dmg {c['damage']}", style="red")
        if c.get("keywords"):
            t.append(" " + ",".join(c["keywords"]), style="cyan")
    else:
        t.append(" (spell)", style="magenta")
    if c.get("tapped"):
        t.append(" sideways", style="yellow")
    if "attacking" in c:
        t.append(f" -> {view['players'][c['attacking']]['name']}", style="bold red")
    if "blocking" in c:
        t.append(" blocking " + ",".join(f"#{a}" for a in c["blocking"]), style="bold blue")
    return t


def _in_hand(c: dict[str, Any]) -> Text:
    t = card_name(c)
    t.append(f" ({c['cost']})", style="green")
    if c["type"] == "character":
        t.append(f" {c['strength']}/{c['speed']}", style="bold")
        if c.get("keywords"):
            t.append(" " + ",".join(c["keywords"]), style="cyan")
    else:
        t.append(" spell", style="magenta")
    return t


def render(view: dict[str, Any]) -> RenderableType:
    seat = view["seat"]
    board = grid()
    players = view["players"]
    order = [p for p in players if p["seat"] != seat] + [p for p in players if p["seat"] == seat]
    for p in order:
        name = player_label(p, seat, view["active"])
        if view["teams"] != "none":
            name.append(f" team {p['team'] + 1}")
        farms = p["farms"]
        known = [f"#{f['id']} {f['name']}" for f in farms if "name" in f]
        board.add_row(
            name,
            joined(
                [
                    f"life {p['life']}",
                    f"hand {p['hand']['count']}",
                    f"deck {p['deck']['count']}",
                    f"discard {p['discard']['count']}",
                    f"farms {len(farms)} ({p['untapped_farms']} up)",
                ]
            ),
        )
        board.add_row(Text("  in play", style=""), joined(_char(c, view) for c in p["in_play"]))
        if known:
            board.add_row(Text("  farms", style=""), Text(", ".join(known), style="dim"))
    if view["limbo"]:
        board.add_row(
            "limbo (top first)",
            joined(
                (
                    Text(
                        f"{i['ref']} {i['name']} ({i['kind']}, P{i['controller'] + 1})"
                        + (f" -> {', '.join(t['label'] for t in i['targets'])}" if i["targets"] else "")
                    )
                    for i in reversed(view["limbo"])
                ),
                sep=" | ",
            ),
        )
    if seat is not None:
        hand = players[seat]["hand"].get("cards", [])
        board.add_row("your hand", joined(_in_hand(c) for c in hand))
        lim = view.get("limited")
        if lim:
            for label, zone in (("your pile", lim["pile"][seat]), ("your pool", lim["pool"][seat])):
                board.add_row(label, joined(card_name(c) for c in zone.get("cards", [])))
    return board
