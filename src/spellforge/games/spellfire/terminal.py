"""How a SPELLFIRE View looks in the terminal (rich).

Everything drawn comes from the View of the seat at the keyboard: other players' hands and draw piles are
only counts there, so they cannot reach the screen, in hot-seat games too.
"""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.text import Text

from spellforge.ui.board import grid, joined, player_label


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
    """A few lines per player (the seat at the keyboard last): the formation's realms, the pool, then the
    battle, the cards in force and being played, and your hand, so that the board and the prompt fit an
    80x24 terminal with two players."""
    seat = view["seat"]
    board = grid()
    players = view["players"]
    for p in [q for q in players if q["seat"] != seat] + [q for q in players if q["seat"] == seat]:
        s = p["seat"]
        values = [
            f"realms {p['unrazed_realms']} unrazed",
            f"hand {p['hand']}/{p['hand_limit']}",
            f"deck {p['deck']}",
            f"discard {p['discard']['count']}",
        ]
        dungeon = p.get("dungeon", {}).get("cards", [])
        board.add_row(
            player_label(p, seat, view["active"]),
            joined([*values, *(Text("dungeon ").append_text(card_text(c)) for c in dungeon)]),
        )
        realms = [
            Text(f"{slot['position']} ").append_text(card_text(slot))
            for slot in view["formations"][s]
            if not slot.get("empty")
        ]
        board.add_row(Text("  formation", style=""), joined(realms))
        pool = view["pools"][s]
        shown = pool.get("cards")
        board.add_row(
            Text("  pool", style=""),
            joined(card_text(c) for c in shown) if shown is not None else Text(f"{pool['count']} face down"),
        )
    b = view["battle"]
    if b:
        head = Text(
            f"P{b['attacker'] + 1} attacks #{b['target']} of P{b['defender'] + 1}; "
            f"totals {b['totals'][0]} vs {b['totals'][1]}",
            style="red",
        )
        if b["cards"]:
            head.append(": ").append_text(joined(card_text(c) for c in b["cards"]))
        board.add_row("battle", head)
    in_force = [*view["rules"].get("cards", []), *view["lasting"].get("cards", [])]
    if in_force:
        board.add_row("in force", joined(card_text(c) for c in in_force))
    table = view["table"].get("cards", [])
    if table:
        board.add_row("being played", joined(card_text(c) for c in table))
    if seat is not None:
        board.add_row("your hand", joined(card_text(c) for c in view["hands"][seat].get("cards", [])))
    return board
