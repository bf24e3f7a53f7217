"""The ``spellforge`` command. ``spellforge --help`` lists the subcommands; each has its own ``--help``.

Bad arguments, unknown names and unreadable files print one clear line and exit with status 2. An illegal
deck makes ``deck validate`` exit with status 1 after listing every problem.

The commands live by what they do: ``catalog`` (games, bots, cards, decks), ``play`` (play, replay, serve),
``batch`` (simulate, tournament, report, bench); ``common`` holds what they share. Each module adds its
commands to the parser; this one puts them in order and runs the one asked for.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from spellforge import __version__
from spellforge.compiled import is_compiled
from spellforge.core.errors import DeckError, SpellforgeError

from .batch import (
    add_bench,
    add_report,
    add_simulate,
    add_tournament,
    cmd_bench,
    cmd_report,
    cmd_simulate,
    cmd_tournament,
)
from .catalog import (
    add_bots,
    add_cards,
    add_deck,
    add_games,
    card_row,
    cmd_bots,
    cmd_cards,
    cmd_deck,
    cmd_games,
    param_text,
)
from .common import DEFAULT_OPPONENT, EXIT_USAGE, Parser, UsageError, parse_options, positive_seconds, whole
from .play import add_play, add_replay, add_serve, cmd_play, cmd_replay, cmd_serve

__all__ = [
    "DEFAULT_OPPONENT",
    "EXIT_USAGE",
    "Parser",
    "UsageError",
    "build_parser",
    "card_row",
    "cmd_bench",
    "cmd_bots",
    "cmd_cards",
    "cmd_deck",
    "cmd_games",
    "cmd_play",
    "cmd_replay",
    "cmd_report",
    "cmd_serve",
    "cmd_simulate",
    "cmd_tournament",
    "main",
    "param_text",
    "parse_options",
    "positive_seconds",
    "whole",
]


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="spellforge", description="One rules engine for five fantasy card games.")
    how = "compiled with mypyc" if is_compiled() else "from source"
    parser.add_argument("--version", action="version", version=f"spellforge {__version__} ({how})")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    sub.required = True

    # in this order in ``spellforge --help``
    add_games(sub)
    add_bots(sub)
    add_play(sub)
    add_simulate(sub)
    add_tournament(sub)
    add_report(sub)
    add_deck(sub)
    add_cards(sub)
    add_replay(sub)
    add_serve(sub)
    add_bench(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except DeckError as exc:
        print(f"spellforge: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except SpellforgeError as exc:
        print(f"spellforge: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("\nspellforge: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (``spellforge cards GAME | head``): stop quietly, as other commands do, and
        # send what is still buffered nowhere, so that flushing at exit does not fail again
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
