"""How a Spellweaver View looks in the terminal (rich): the four rows, mana, levels, skills, emblems, energy.

The opponent's rows are drawn above yours, support row outermost, as on the real table (SW-048).
"""

from __future__ import annotations

from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from spellforge.ui.board import card_name, grid, joined, player_label

ASPECT_STYLE = {
    "order": "bold yellow",
    "wisdom": "bold blue",
    "nature": "bold green",
    "rage": "bold red",
    "dominion": "bold magenta",
    "corruption": "bold white on grey23",
}
SHORT = {
    "order": "Ord",
    "wisdom": "Wis",
    "nature": "Nat",
    "rage": "Rag",
    "dominion": "Dom",
    "corruption": "Cor",
}


def creature_text(c: dict[str, Any], combat: dict[int, str]) -> Text:
    t = Text(f"#{c['id']} {c['name']} ", style=ASPECT_STYLE.get(c.get("aspect", ""), ""))
    left = c["hp"] - c.get("damage", 0)
    t.append(f"{c['attack']}/{left}", style="bold")
    if left != c["hp"]:
        t.append(f"(of {c['hp']})", style="red")
    t.append(f" sp{c['speed']}", style="cyan")
    if c.get("keywords"):
        t.append(" " + ",".join(k.replace("_", " ") for k in c["keywords"]), style="italic")
    emblems = c.get("emblems", {})
    for name, mark, style in (("might", "+M", "green"), ("weakness", "-W", "red"), ("shield", "S", "blue")):
        if emblems.get(name):
            t.append(f" {mark}{emblems[name]}", style=style)
    if "energy" in c:
        t.append(f" E{c['energy']}", style="bold cyan")
    if c.get("frozen"):
        t.append(" frozen", style="bold bright_cyan")
    if c.get("exhausted"):
        t.append(" exhausted", style="dim")
    if c.get("new"):
        t.append(" new", style="dim")
    if c["id"] in combat:
        t.append(f" {combat[c['id']]}", style="bold red")
    return t


def row_text(cards: list[dict[str, Any]], combat: dict[int, str]) -> Text:
    return joined(creature_text(c, combat) for c in cards)


def area_text(cards: list[dict[str, Any]]) -> Text:
    parts = []
    for c in cards:
        t = Text(f"#{c['id']} {c['name']}")
        if "attached_to" in c:
            t.append(f" on #{c['attached_to']}", style="italic")
        if "energy" in c:
            t.append(f" E{c['energy']}", style="bold cyan")
        parts.append(t)
    return joined(parts)


def player_line(p: dict[str, Any]) -> Text:
    """Life, mana, levels and piles on one line."""
    t = Text()
    if p.get("hero"):
        t.append(f"{p['hero']['name']} · ")
    t.append(f"life {p['life']}", style="bold red")
    t.append(f" · mana {p['full_crystals']}/{p['crystals']}")
    if p.get("extra_mana"):
        t.append(f" +{p['extra_mana']}", style="bold yellow")
    t.append(" ·")
    for aspect, n in p["levels"].items():
        if n:
            t.append(f" {SHORT[aspect]} {n}", style=ASPECT_STYLE[aspect])
    if not any(p["levels"].values()):
        t.append(" no levels", style="dim")
    t.append(
        f" · hand {p['hand']['count']} · deck {p['deck']['count']} · graveyard {p['graveyard']['count']}"
    )
    if p["shrine_played"]:
        t.append(" · shrine played", style="dim")
    if p["offered"]:
        t.append(" · offered", style="dim")
    if "clock" in p:
        t.append(f" · clock {p['clock']}s", style="bold")
    return t


def skills_text(p: dict[str, Any]) -> Text:
    return joined(
        (
            Text(
                f"[{s['slot']}] {s['name']} ({s['cost']} mana"
                + (f", {s['levels']}" if "levels" in s else "")
                + (", ready)" if s["ready"] else f", in {s['turns_left']})")
            )
            for s in p["skills"]
        ),
        sep="  ",
    )


def add_rows(board: Table, p: dict[str, Any], rows: tuple[str, ...], combat: dict[int, str]) -> None:
    """A player's rows in the order given, leaving out the empty ones (all empty: one line saying so)."""
    shown = [r for r in rows if p[r]]
    for r in shown:
        label = f"{p['name']} {r.removesuffix('_row')}"
        board.add_row(label, area_text(p[r]) if r == "area" else row_text(p[r], combat))
    if not shown:
        board.add_row(f"{p['name']} rows", Text("no cards in play", style="dim"))


def render(view: dict[str, Any]) -> RenderableType:
    """The opponent's rows above yours, support row outermost, as on the real table (SW-048); a few lines
    per player, so that the board and the prompt fit an 80x24 terminal."""
    seat = view["seat"]
    me = seat if seat is not None else 0
    them = 1 - me
    players = view["players"]
    combat: dict[int, str] = {}
    for c in view["combat"]:
        state = "blocked" if c["blocked"] else ("cancelled" if c["cancelled"] else "")
        aims = [f"P{t['player'] + 1}" if "player" in t else f"#{t['card']}" for t in c["targets"]]
        combat[c["attacker"]] = f"-> {', '.join(aims)} {state}".rstrip()
        for b in c["blockers"]:
            combat[b] = f"blocks #{c['attacker']}"
    theirs, mine = players[them], players[me]
    board = grid()
    active = view["active"]
    board.add_row(player_label(theirs, seat, active), player_line(theirs))
    board.add_row(f"{theirs['name']} skills", skills_text(theirs))
    add_rows(board, theirs, ("area", "support_row", "combat_row"), combat)
    add_rows(board, mine, ("combat_row", "support_row", "area"), combat)
    board.add_row(f"{mine['name']} skills", skills_text(mine))
    board.add_row(player_label(mine, seat, active), player_line(mine))
    if view["casting"]:
        board.add_row("being played", joined(card_name(c) for c in view["casting"]))
    if seat is not None:
        hand = mine["hand"].get("cards", [])
        board.add_row("your hand", joined(hand_text(c) for c in hand))
        looking = mine.get("looking", {}).get("cards", [])
        if looking:
            board.add_row("top of deck", joined(card_name(c) for c in looking))
    return board


def hand_text(c: dict[str, Any]) -> Text:
    t = card_name(c, ASPECT_STYLE.get(c.get("aspect", ""), ""))
    cost = [str(c["cost"])] if "cost" in c else []
    if c.get("levels"):
        cost.append(str(c["levels"]))
    if cost:
        t.append(f" ({', '.join(cost)})", style="green")
    if "speed" in c:
        t.append(f" {c['attack']}/{c['hp']} sp{c['speed']}", style="bold")
    elif c.get("type") not in ("creature", "shrine", None):
        t.append(f" {c['type']}", style="dim")
    return t
