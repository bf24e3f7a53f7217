"""What every ``spellforge`` command shares: the exit status for bad arguments, the parser that exits with
it, argument types that name the option they reject, ``--option KEY=VALUE`` pairs, JSON and table output,
the progress bar and ``--address`` for a Ray cluster."""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from spellforge.core.errors import SpellforgeError

EXIT_USAGE = 2
DEFAULT_OPPONENT = "ismcts:seconds=1"  # the strongest bot, with a budget a person does not mind waiting for


class UsageError(SpellforgeError):
    pass


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def whole(low: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``low`` (a bad one exits 2 naming the option)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, got {value}")
        return value

    parse.__name__ = "whole number"
    return parse


MAX_SEED = 2**63 - 1  # a seed is stored as a signed 64-bit number (the web store's games, the JSON records)


def seed_number(text: str) -> int:
    """An argparse type for ``--seed``: a whole number from 0 to ``MAX_SEED`` (a negative seed or one too
    large to store exits 2 naming the option, as every other bad argument does)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"must be a whole number from 0 to {MAX_SEED}, got {value}")
    return value


seed_number.__name__ = "seed"


def positive_seconds(text: str) -> float:
    """An argparse type: a finite number of seconds greater than 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be a number of seconds greater than 0, got {text}")
    return value


def parse_options(pairs: Sequence[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs or ():
        key, eq, value = pair.partition("=")
        if not eq or not key.strip():
            raise UsageError(f"--option expects KEY=VALUE, got {pair!r}")
        out[key.strip()] = value.strip()
    return out


def print_json(data: Any) -> None:
    print(json.dumps(data, indent=2, default=str))


def stdout_console() -> Any:
    """The console for tables on stdout: the terminal's width, or, when stdout is a file or a pipe (and
    COLUMNS is not set), room for a wide table, which rich would otherwise squeeze into 80 columns."""
    from rich.console import Console

    wide = not sys.stdout.isatty() and "COLUMNS" not in os.environ
    return Console(width=160 if wide else None)


def progress_bar(label: str, total: int) -> tuple[Any, Callable[[int, int], None]]:
    """A progress bar on stderr (never mixed with the results on stdout), not yet started, and the
    ``progress(done, total)`` callback the batch runners call."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    bar = Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    task = bar.add_task("games", total=total)

    def progress(done: int, total: int) -> None:
        bar.update(task, completed=done, total=total)

    return bar, progress


def add_backend_options(p: argparse.ArgumentParser) -> None:
    """``--workers``, ``--backend`` and ``--address``: where a batch of games runs (simulate, tournament,
    report)."""
    p.add_argument("--workers", type=whole(1), default=1, help="worker processes (process and ray backends)")
    p.add_argument("--backend", default="local", choices=("local", "process", "ray"), help="where games run")
    p.add_argument(
        "--address",
        metavar="ADDR",
        help="with --backend ray: join the Ray cluster at ADDR (host:port, or auto)",
    )


def join_ray(args: argparse.Namespace) -> None:
    """``--address``: join that Ray cluster before the batch (only with the ray backend)."""
    if getattr(args, "address", None):
        if args.backend != "ray":
            raise UsageError("--address needs --backend ray")
        from spellforge.sim.simulate import connect_ray

        connect_ray(args.address)
