"""Playing in the terminal: render a seat's View with rich, number the options, read a choice.

Everything shown comes from ``state.observe(seat)`` for the seat at the keyboard, so hidden cards never
reach the screen. In hot-seat games the screen is cleared and the next player asked to take the keyboard
before anything of theirs is shown.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from spellforge.bots import Observation
from spellforge.bots.base import BaseBot
from spellforge.core.actions import Action, Resign, seat_name
from spellforge.core.clock import ClockMixin, TimeUsed
from spellforge.core.errors import IllegalActionError, SpellforgeError
from spellforge.core.observe import known_cards
from spellforge.core.state import State

from .presentation import terminal_renderer

HELP = """\
Type the number of an option, or the action itself (e.g. 'pass', 'play #12 -> P2').
  help        this text            log [N]    the last N events (default 40)
  view        show the table again cards      your hand in full
  concede     resign this game     save FILE  save the game (resume with 'spellforge replay FILE')
  quit        stop without resigning"""


def public_action_text(state: State, action: Action, watcher: int | None) -> str:
    """How a bot's move reads to ``watcher`` once applied: a card it names (``Action.card_ids``) that the
    watcher cannot know where the card is now (set face down, put into a hand, played as a farm: not one
    its View may name, ``core.observe.known_cards``) is not named, not even by its id."""
    text = str(action)
    named = action.card_ids()
    if not named:
        return text
    known = known_cards(state, watcher)
    for cid in named:
        if cid not in known:
            # the printed form writes a card as "#<id>": only that reference is replaced
            text = re.sub(rf"#{cid}(?!\d)", "a hidden card", text)
    return text


def generic_view(view: dict[str, Any]) -> RenderableType:
    """A fallback rendering of any game's View: its top-level fields, compactly."""
    table = Table(show_header=False, box=None)
    for key, value in view.items():
        if key in ("log", "decision"):
            continue
        table.add_row(Text(key, style="bold"), Text(json.dumps(value, default=str)[:400]))
    return table


def log_panel(view: dict[str, Any], last: int = 8) -> RenderableType:
    lines = view.get("log", [])[-last:]
    return Panel(Text("\n".join(lines) or "(nothing yet)"), title="recent events", border_style="dim")


def options_table(legal: list[Action]) -> RenderableType:
    table = Table(show_header=False, box=None, padding=(0, 1))
    for i, action in enumerate(legal, 1):
        table.add_row(Text(f"{i:>3}", style="cyan"), Text(str(action)))
    return table


class TerminalGame:
    """A game between people at one terminal and bots."""

    def __init__(
        self,
        state: State,
        humans: set[int],
        bots: dict[int, BaseBot],
        console: Console | None = None,
        read: Callable[[str], str] | None = None,
        save: Path | None = None,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.state = state
        self.game = state.game
        self.humans = humans
        self.bots = bots
        self.console = console or Console()
        self.read = read or (lambda prompt: input(prompt))
        self.save_path = save
        self.now = now
        self.last_human: int | None = None

    def render(self, seat: int) -> None:
        view = self.state.observe(seat)
        renderer = terminal_renderer(self.game)
        body = renderer(view) if renderer else None
        self.console.print(body if body is not None else generic_view(view))
        self.console.print(log_panel(view))

    def run(self) -> int:
        """Play until the game ends or a person quits. Returns 0, or 1 when stopped early."""
        state = self.state
        while state.outcome is None:
            seat = state.current_player
            assert seat is not None
            if seat in self.bots:
                action = self.bots[seat].choose(Observation.of(state))
                state.apply(action)
                if self.humans:
                    watcher = next(iter(self.humans)) if len(self.humans) == 1 else None
                    said = public_action_text(state, action, watcher)
                    self.console.print(
                        Text(f"{seat_name(seat)} ({self.bots[seat].name}): {said}", style="magenta")
                    )
                continue
            if len(self.humans) > 1 and self.last_human is not None and seat != self.last_human:
                self.console.clear()
                self.read(f"{seat_name(seat)}, take the keyboard and press Enter... ")
            self.last_human = seat
            if not self.human_turn(seat):
                return 1
        self.show_outcome()
        return 0

    def human_turn(self, seat: int) -> bool:
        state = self.state
        self.render(seat)
        started = self.now()
        while True:
            legal = state.legal_actions()
            self.console.print(
                Panel(options_table(legal), title=f"{seat_name(seat)}: {state.describe_decision()}")
            )
            try:
                line = self.read(f"{seat_name(seat)}> ").strip()
            except EOFError:
                return False
            if not line:
                continue
            word, _, rest = line.partition(" ")
            word = word.lower()
            if word in ("help", "?"):
                self.console.print(HELP)
            elif word == "log":
                n = int(rest) if rest.strip().isdigit() else 40
                self.console.print("\n".join(state.observe(seat)["log"][-n:]))
            elif word == "view":
                self.render(seat)
            elif word == "cards":
                self.console.print_json(json.dumps(state.observe(seat), default=str))
            elif word in ("quit", "exit"):
                return False
            elif word in ("concede", "resign"):
                state.apply(Resign(seat))
                return True
            elif word == "save":
                self.save(Path(rest.strip()) if rest.strip() else self.save_path)
            else:
                action = self.parse(line, legal)
                if action is None:
                    continue
                if action in legal and self.charge_time(seat, started):
                    return True  # the player's time ran out
                try:
                    state.apply(action)
                except IllegalActionError as exc:
                    self.console.print(Text(str(exc), style="red"))
                    continue
                if self.save_path:
                    self.save(self.save_path, quiet=True)
                return True

    def charge_time(self, seat: int, started: float) -> bool:
        """In a game with a chess clock, report the time this person took (the engine never reads the
        wall clock itself). Returns True when that ran out their time and ended the game."""
        state = self.state
        if not isinstance(state, ClockMixin) or not state.clock_ms:
            return False
        state.apply(TimeUsed(seat, max(0, round((self.now() - started) * 1000))))
        return state.outcome is not None

    def parse(self, line: str, legal: list[Action]) -> Action | None:
        if line.isdigit():
            i = int(line)
            if 1 <= i <= len(legal):
                return legal[i - 1]
            self.console.print(Text(f"choose 1 to {len(legal)}", style="red"))
            return None
        try:
            return self.game.parse_action(self.state, line)
        except SpellforgeError as exc:
            self.console.print(Text(f"{exc} (type 'help')", style="red"))
            return None

    def save(self, path: Path | None, quiet: bool = False) -> None:
        if path is None:
            self.console.print(Text("save where? 'save FILE'", style="red"))
            return
        path.write_text(json.dumps(self.state.to_json()))
        if not quiet:
            self.console.print(f"saved to {path}")

    def show_outcome(self) -> None:
        outcome = self.state.outcome
        assert outcome is not None
        if outcome.is_draw:
            text = f"The game is a draw ({outcome.reason})."
        else:
            text = f"{', '.join(seat_name(s) for s in outcome.winners)} won ({outcome.reason})."
        self.console.print(Panel(Text(text, style="bold green"), title="game over"))


def render_lines(items: list[RenderableType]) -> RenderableType:
    return Group(*items)
