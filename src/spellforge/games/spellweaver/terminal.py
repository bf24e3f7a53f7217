"""How a Spellweaver View looks in the terminal (rich): the four rows, mana, levels, skills, emblems, energy.

The opponent's rows are drawn above yours, support row outermost, as on the real table (SW-048).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

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
    if not cards:
        return Text("-", style="dim")
    return Text("   ").join(creature_text(c, combat) for c in cards)


def area_text(cards: list[dict[str, Any]]) -> Text:
    if not cards:
        return Text("-", style="dim")
    parts = []
    for c in cards:
        t = Text(f"#{c['id']} {c['name']}")
        if "attached_to" in c:
            t.append(f" on #{c['attached_to']}", style="italic")
        if "energy" in c:
            t.append(f" E{c['energy']}", style="bold cyan")
        parts.append(t)
    return Text("   ").join(parts)


def player_panel(p: dict[str, Any], me: bool, active: bool) -> Table:
    t = Table.grid(padding=(0, 2))
    name = Text(f"{p['name']}{' (you)' if me else ''}", style="bold underline" if active else "bold")
    if p.get("hero"):
        name.append(f"  {p['hero']['name']}")
    mana = Text(f"mana {p['full_crystals']}/{p['crystals']}")
    if p.get("extra_mana"):
        mana.append(f" +{p['extra_mana']}", style="bold yellow")
    levels = Text("levels ")
    for aspect, n in p["levels"].items():
        levels.append(f"{SHORT[aspect]} {n} ", style=ASPECT_STYLE[aspect] if n else "dim")
    t.add_row(name, Text(f"life {p['life']}", style="bold red"), mana, levels)
    info = Text(
        f"hand {p['hand']['count']}  deck {p['deck']['count']}  graveyard {p['graveyard']['count']}"
        + ("  shrine played" if p["shrine_played"] else "")
        + ("  offered" if p["offered"] else "")
    )
    if "clock" in p:
        info.append(f"  clock {p['clock']}s", style="bold")
    skills = Text("skills: ")
    for s in p["skills"]:
        ready = "ready" if s["ready"] else f"wait {s['turns_left']}"
        needs = f", {s['levels']}" if "levels" in s else ""
        skills.append(f"[{s['slot']}] {s['name']} ({s['cost']} mana{needs}, cd {s['cooldown']}: {ready})  ")
    t.add_row(info, "", "", "")
    t.add_row(skills, "", "", "")
    return t


def render(view: dict[str, Any]) -> RenderableType:
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
    board = Table(
        title=f"Spellweaver - turn {view['turn']} - {view['phase']}", expand=True, show_header=False
    )
    board.add_column("row", style="bold", width=14)
    board.add_column("cards")
    theirs, mine = players[them], players[me]
    board.add_row(f"{theirs['name']} area", area_text(theirs["area"]))
    board.add_row(f"{theirs['name']} support", row_text(theirs["support_row"], combat))
    board.add_row(f"{theirs['name']} combat", row_text(theirs["combat_row"], combat), end_section=True)
    board.add_row(f"{mine['name']} combat", row_text(mine["combat_row"], combat))
    board.add_row(f"{mine['name']} support", row_text(mine["support_row"], combat))
    board.add_row(f"{mine['name']} area", area_text(mine["area"]))
    parts: list[RenderableType] = [
        Panel(player_panel(theirs, seat == them, them in view["active"]), border_style="red"),
        board,
        Panel(player_panel(mine, seat == me, me in view["active"]), border_style="green"),
    ]
    if view["casting"]:
        parts.append(Text("being played: " + ", ".join(f"#{c['id']} {c['name']}" for c in view["casting"])))
    if seat is not None:
        hand = mine["hand"].get("cards", [])
        table = Table(title="your hand", expand=True)
        for col in ("card", "type", "cost", "levels", "stats", "text"):
            table.add_column(col, overflow="fold")
        for c in hand:
            stats = f"{c['attack']}/{c['hp']} sp{c['speed']}" if "speed" in c else ""
            table.add_row(
                Text(f"#{c['id']} {c['name']}", style=ASPECT_STYLE.get(c.get("aspect", ""), "")),
                c["type"],
                str(c.get("cost", "")),
                c.get("levels", ""),
                stats,
                c.get("text", ""),
            )
        parts.append(table)
        looking = mine.get("looking", {}).get("cards", [])
        if looking:
            parts.append(Text("top of your deck: " + ", ".join(f"#{c['id']} {c['name']}" for c in looking)))
    return Group(*parts)
