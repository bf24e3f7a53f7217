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
        values = [
            f"realms {p['unrazed_realms']} unrazed",
            f"hand {p['hand']['count']}/{p['hand_limit']}",
            f"deck {p['deck']}",
            f"discard {p['discard']['count']}",
        ]
        dungeon = p.get("dungeon")
        board.add_row(
            player_label(p, seat, view["active"]),
            joined(
                [*values, *([Text("dungeon ").append_text(card_text(dungeon["card"]))] if dungeon else [])]
            ),
        )
        realms = [
            Text(f"{slot['position']} ").append_text(card_text(slot["realm"]))
            for row in p["formation"]
            for slot in row
            if "realm" in slot
        ]
        board.add_row(Text("  formation", style=""), joined(realms))
        board.add_row(Text("  pool", style=""), joined(card_text(c["champion"]) for c in p["pool"]))
    b = view.get("battle")
    if b:
        target = b["target"].get("card")
        sides = [f"{side['role']} {side.get('total', '-')}" for side in b["sides"]]
        head = Text(
            f"P{b['attacker'] + 1} attacks "
            + (f"#{target['id']} {target['name']}" if target and "id" in target else "a realm")
            + f" of P{b['defender'] + 1}; totals: {', '.join(sides)}",
            style="red",
        )
        board.add_row("battle", head)
    in_force = [*view["rules"].get("cards", []), *(e["card"] for e in view.get("lasting", []) if "card" in e)]
    if in_force:
        board.add_row("in force", joined(card_text(c) for c in in_force))
    pending = [entry["card"] for entry in view.get("pending", [])]
    if pending:
        board.add_row("being played", joined(card_text(c) for c in pending))
    if seat is not None:
        board.add_row("your hand", joined(card_text(c) for c in players[seat]["hand"].get("cards", [])))
    return board
