"""The commands that show what there is: ``games``, ``bots``, ``cards`` and ``deck`` (``validate`` a deck
file against a game's construction rules, ``list`` the preconstructed decks)."""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path
from typing import Any

from spellforge.core.errors import DeckError

from .common import Parser, UsageError, parse_options, print_json, stdout_console


def cmd_games(args: argparse.Namespace) -> int:
    from spellforge.games import GAMES

    if args.json:
        print_json(
            {
                name: {
                    "title": g.title,
                    "players": [g.min_players, g.max_players],
                    "summary": g.summary,
                    "options": {
                        o.name: {"default": o.default, "help": o.help, "choices": list(o.choices)}
                        for o in g.options
                    },
                }
                for name, g in GAMES.items()
            }
        )
        return 0
    from rich.table import Table

    table = Table(title="Spellforge games")
    for col in ("name", "title", "players", "summary"):
        table.add_column(col)
    for name, g in GAMES.items():
        players = f"{g.min_players}" if g.min_players == g.max_players else f"{g.min_players}-{g.max_players}"
        table.add_row(name, g.title, players, g.summary)
    stdout_console().print(table)
    return 0


def param_text(key: str, info: dict[str, Any]) -> str:
    """``iterations=<int> (1 or more)``, ``pass_bias=<float> (0 to 1)``, ``tree=all|own``."""
    if "choices" in info:
        return f"{key}={'|'.join(info['choices'])}"
    text = f"{key}=<{info['type']}>"
    if "min" in info and "max" in info:
        return f"{text} ({info['min']:g} to {info['max']:g})"
    if "min" in info:
        return f"{text} ({info['min']:g} or more)"
    if "max" in info:
        return f"{text} ({info['max']:g} or less)"
    return text


def cmd_bots(args: argparse.Namespace) -> int:
    from spellforge.bots import BOTS

    data: dict[str, dict[str, Any]] = {
        name: {"help": cls.help, "params": cls.describe_params()} for name, cls in BOTS.items()
    }
    if args.json:
        print_json(data)
        return 0
    from rich.table import Table

    table = Table(title="Spellforge bots (--bots NAME:KEY=VALUE,KEY=VALUE,NAME ...)")
    for col in ("name", "parameters", "what it does"):
        table.add_column(col, overflow="fold")
    for name, entry in data.items():
        params = "\n".join(param_text(k, v) for k, v in entry["params"].items()) or "none"
        table.add_row(name, params, entry["help"])
    stdout_console().print(table)
    return 0


def card_row(card: Any) -> dict[str, Any]:
    row: dict[str, Any] = {}
    for f in dataclasses.fields(card):
        if f.name in ("effects", "source") or not f.init:
            continue
        value = getattr(card, f.name)
        row[f.name] = sorted(value) if isinstance(value, frozenset) else value
    return row


def cmd_cards(args: argparse.Namespace) -> int:
    from spellforge.games import find_game

    game = find_game(args.game)
    cards = [card_row(c) for c in game.cards.values()]
    if args.type:
        types = sorted({c["type"] for c in cards})
        if args.type not in types:
            raise UsageError(f"--type {args.type}: {game.title} has the card types {', '.join(types)}")
        cards = [c for c in cards if c["type"] == args.type]
    if args.search:
        needle = args.search.lower()
        cards = [c for c in cards if needle in c["name"].lower() or needle in c["text"].lower()]
    if args.json:
        print_json(cards)
        return 0
    from rich import box
    from rich.table import Table

    from spellforge.ui.presentation import card_presentation

    # the columns a player reads (the game's declaration), the text taking the room that is left
    columns = card_presentation(game).columns
    rows = [{"name": c["name"], **columns(c)} for c in cards]
    table = Table(
        title=f"{game.title}: {len(cards)} cards ('--json' for every field)",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )
    for heading in rows[0] if rows else ("name",):
        # short values keep to a narrow column (wrapping inside it), the text takes what is left
        table.add_column(
            heading, overflow="fold", max_width=None if heading == "text" else 14 if heading == "name" else 10
        )
    for row in rows:
        table.add_row(*row.values())
    stdout_console().print(table)
    return 0


def cmd_deck(args: argparse.Namespace) -> int:
    from spellforge.core.decks import load_deck
    from spellforge.games import find_game

    game = find_game(args.game)
    if args.deck_command == "list":
        for name, deck in game.decks.items():
            print(f"{name:<20} {deck.count():>3} cards  {deck.name}: {deck.description}")
        return 0
    path = Path(args.file)
    if not path.exists():
        raise UsageError(f"no such deck file: {path}")
    options = parse_options(args.option)
    game.resolve_options(game.default_players, options)
    try:
        deck = load_deck(path)
    except DeckError as exc:
        raise UsageError(str(exc)) from None
    problems = game.validate_deck(deck, **options)
    if args.json:
        print_json({"deck": deck.name, "file": str(path), "legal": not problems, "problems": problems})
    elif problems:
        print(f"{path}: deck {deck.name!r} is not legal for {game.title}:")
        for p in problems:
            print(f"  - {p}")
    else:
        print(f"{path}: deck {deck.name!r} is legal for {game.title} ({deck.count()} cards)")
    return 1 if problems else 0


def add_games(sub: argparse._SubParsersAction[Parser]) -> None:
    """``spellforge games``."""
    p = sub.add_parser("games", help="list the games")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_games)


def add_bots(sub: argparse._SubParsersAction[Parser]) -> None:
    """``spellforge bots``."""
    p = sub.add_parser("bots", help="list the bots and their parameters")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_bots)


def add_deck(sub: argparse._SubParsersAction[Parser]) -> None:
    """``spellforge deck validate`` and ``spellforge deck list``."""
    p = sub.add_parser("deck", help="deck lists: validate a file, list the preconstructed decks")
    deck_sub = p.add_subparsers(dest="deck_command", metavar="ACTION", parser_class=Parser)
    deck_sub.required = True
    v = deck_sub.add_parser(
        "validate",
        help="check a deck file against a game's construction rules",
        description="Check a deck file against a game's construction rules and list every violation. "
        "Exit status: 0 legal, 1 illegal, 2 the file or an argument cannot be used.",
    )
    v.add_argument("game")
    v.add_argument("file")
    v.add_argument(
        "--option", action="append", metavar="KEY=VALUE", help="a ruleset option, e.g. format=sealed"
    )
    v.add_argument("--json", action="store_true")
    v.set_defaults(func=cmd_deck)
    lst = deck_sub.add_parser("list", help="list a game's preconstructed decks")
    lst.add_argument("game")
    lst.set_defaults(func=cmd_deck)


def add_cards(sub: argparse._SubParsersAction[Parser]) -> None:
    """``spellforge cards``."""
    p = sub.add_parser("cards", help="show a game's card pool")
    p.add_argument("game")
    p.add_argument("--type", help="only cards of this type")
    p.add_argument("--search", help="only cards whose name or text contains this")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_cards)
