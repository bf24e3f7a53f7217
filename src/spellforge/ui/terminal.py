"""Playing in the terminal: render a seat's View with rich, number the options, read a choice.

Everything shown comes from ``state.observe(seat)`` for the seat at the keyboard, so hidden cards never
reach the screen. In hot-seat games the screen is cleared and the next player asked to take the keyboard
before anything of theirs is shown. The client reads only the View's envelope (DESIGN.md section 2b) and
the cards it shows, so a game without a rendering of its own gets every command too.

A game saved here (``save FILE``, ``--save``) is the state's JSON plus who sat where (``"terminal"``), and
``spellforge play --resume FILE`` plays on from it.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
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
from spellforge.core.errors import IllegalActionError, RecordError, SpellforgeError
from spellforge.core.observe import known_cards
from spellforge.core.state import State

from .cards import (
    card_panel,
    cards_table,
    find_entries,
    named_text,
    names_by_ref,
    printed_fields,
    visible_entries,
)
from .presentation import keyword_reminders, terminal_renderer

HELP = """\
Type the number of an option, or the action itself (e.g. 'pass', 'play #12 -> P2').
  help        this text                 log [N]     the last N events (default 40)
  view        show the table again      cards       every card you can see, one line each
  card #ID    one card in full, with its text (also 'card NAME', or 'card @REF' for limbo)
  undo        take back your last decision (against bots, while nothing hidden has been revealed since)
  concede     resign this game          save FILE   save the game ('spellforge play --resume FILE' plays on)
  quit        stop without resigning, keeping the game to play on later (also Ctrl-D)"""

UNDO_DEPTH = 20  # decisions a person may take back in a row


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


def place_text(view: dict[str, Any]) -> str:
    """Where the game is, from the View's envelope: turn, phase and step, and whose turn it is."""
    players = view.get("players") or []

    def name(seat: int) -> str:
        return str(players[seat]["name"]) if 0 <= seat < len(players) else seat_name(seat)

    parts = [f"turn {view.get('turn')}"]
    if view.get("phase"):
        parts.append(f"{view['phase']} phase")
    if view.get("step"):
        parts.append(f"{view['step']} step")
    active = view.get("active") or []
    if len(active) == 1:
        parts.append(f"{name(active[0])}'s turn")
    elif active:
        parts.append(f"shared turn ({', '.join(name(s) for s in active)})")
    return " · ".join(parts)


def decision_text(view: dict[str, Any]) -> str:
    """Who decides what now, from the View's envelope ("" once the game is over)."""
    decision = view.get("decision")
    if not decision:
        return ""
    who = "you" if decision["seat"] == view.get("seat") else decision["player"]
    return f"{who} to decide: {decision['prompt']}"


def status_text(view: dict[str, Any]) -> str:
    """The place and the decision on one line."""
    return " · ".join(part for part in (place_text(view), decision_text(view)) if part)


def generic_view(view: dict[str, Any]) -> RenderableType:
    """A rendering of any game's View from its envelope and the cards it shows: the players' values and
    pile sizes, every visible card by place, and the game's other plain values."""
    players = view.get("players") or []
    table = Table(title=place_text(view), expand=True)
    columns: list[str] = []
    for p in players:
        for key, value in p.items():
            if key in ("seat", "name", "role", "team", "alive") or key in columns:
                continue
            if isinstance(value, int | str | float | bool) or (isinstance(value, dict) and "count" in value):
                columns.append(key)
    table.add_column("player")
    for col in columns:
        table.add_column(col.replace("_", " "))
    for p in players:
        label = Text(str(p.get("name")) + (" (you)" if p.get("seat") == view.get("seat") else ""))
        if p.get("role"):
            label.append(f" {p['role']}")
        if not p.get("alive", True):
            label.stylize("strike")
        cells = []
        for col in columns:
            value = p.get(col)
            cells.append(
                str(value["count"]) if isinstance(value, dict) else "" if value is None else str(value)
            )
        table.add_row(label, *cells)
    places: dict[str, list[str]] = {}
    for e in visible_entries(view):
        places.setdefault(e.where, []).append(e.label)
    board = Table(show_header=False, box=None, padding=(0, 1))
    for where, labels in places.items():
        board.add_row(Text(where, style="bold"), Text(", ".join(labels)))
    extra = Table(show_header=False, box=None, padding=(0, 1))
    for key, value in view.items():
        if key in (
            "game",
            "seat",
            "turn",
            "phase",
            "step",
            "active",
            "decision",
            "players",
            "log",
            "outcome",
        ):
            continue
        if isinstance(value, int | str | float | bool) and value not in ("", None):
            extra.add_row(Text(key.replace("_", " "), style="bold"), Text(str(value)))
    return Group(table, board, extra)


def log_panel(view: dict[str, Any], last: int = 8) -> RenderableType:
    lines = view.get("log", [])[-last:]
    return Panel(Text("\n".join(lines) or "(nothing yet)"), title="recent events", border_style="dim")


def option_texts(legal: list[Action], names: dict[str, str]) -> list[Text]:
    """Each legal action as printed, with the names of the cards it refers to (from the seat's View)."""
    return [named_text(str(action), names) for action in legal]


def options_table(legal: list[Action], names: dict[str, str] | None = None) -> RenderableType:
    table = Table(show_header=False, box=None, padding=(0, 1))
    for i, text in enumerate(option_texts(legal, names or {}), 1):
        table.add_row(Text(f"{i:>3}", style="cyan"), text)
    return table


# ---------------------------------------------------------------------- saving and resuming


def save_problem(path: Path) -> str | None:
    """Why a game cannot be saved to ``path`` (already ``~``-expanded), or None."""
    if path.is_dir():
        return f"{path} is a folder, not a file"
    if not path.parent.is_dir():
        return f"there is no folder {path.parent}"
    if path.exists() and not os.access(path, os.W_OK):
        return f"{path} cannot be written"
    if not path.exists() and not os.access(path.parent, os.W_OK):
        return f"the folder {path.parent} cannot be written to"
    return None


def write_save(path: Path, data: dict[str, Any]) -> str | None:
    """Write a saved game, whole or not at all (a file beside it, then renamed over it, so a crash while
    writing leaves the previous save); returns what went wrong, or None."""
    problem = save_problem(path)
    if problem:
        return problem
    temporary = path.with_name(f".{path.name}.saving")
    try:
        temporary.write_text(json.dumps(data), encoding="utf-8")
        os.replace(temporary, path)
    except OSError as exc:
        temporary.unlink(missing_ok=True)
        return f"cannot write {path}: {exc.strerror or exc}"
    return None


def load_saved(path: Path) -> tuple[State, dict[str, Any]]:
    """The game a ``save`` wrote, checked against the replay of its own record, and its seating
    (``{"humans": [...], "vs": "BOT"}``; empty for a state saved by other means); or the game a bare
    record (``Ruleset.record``) replays to."""
    from spellforge.games import find_game

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path} is not JSON: {exc}") from None
    if not isinstance(data, dict) or "game" not in data:
        raise RecordError(f"{path}: not a saved game (write one with 'save FILE' or 'play --save FILE')")
    game = find_game(str(data["game"]))
    try:
        if "spellforge" not in data:  # a bare record: the game is its replay
            return game.replay(data), {}
        state = game.from_json(data)
        replayed = game.replay(data["record"])
    except (KeyError, TypeError, AttributeError) as exc:
        raise RecordError(f"{path}: a damaged saved game ({exc!r})") from None
    if replayed.to_json() != state.to_json():
        raise RecordError(f"{path}: the saved state and the replay of its record differ")
    setup = data.get("terminal")
    return state, setup if isinstance(setup, dict) else {}


@dataclass
class UndoPoint:
    """The game just before one of a person's decisions, to go back to."""

    state: State
    seat: int
    action: str


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
        setup: dict[str, Any] | None = None,
        keep: Path | None = None,
    ) -> None:
        self.state = state
        self.game = state.game
        self.humans = humans
        self.bots = bots
        self.console = console or Console()
        self.read = read or (lambda prompt: input(prompt))
        self.save_path = save.expanduser() if save else None
        self.keep_path = keep  # where a game left without a save file is kept (None: nowhere)
        self.asked_to_quit = False  # the person typed quit (rather than ending the input)
        self.decided = False  # a person at this terminal has taken a decision
        self.now = now
        self.setup = setup if setup is not None else {"humans": sorted(humans)}
        self.last_human: int | None = None
        self.last_place: tuple[Any, Any, Any] | None = None
        self.undo_points: list[UndoPoint] = []
        self.undo_known: frozenset[int] = frozenset()
        self.undo_rng = -1

    # ------------------------------------------------------------------ the loop

    def render(self, seat: int) -> None:
        view = self.state.observe(seat)
        renderer = terminal_renderer(self.game)
        body = renderer(view) if renderer else None
        self.console.print(body if body is not None else generic_view(view))
        self.console.print(log_panel(view))

    def run(self) -> int:
        """Play until the game ends or a person leaves (``quit``, or the end of the input: Ctrl-D, a
        script's last line), keeping the game to play on later (``leave``). Returns 0."""
        while self.state.outcome is None:
            state = self.state
            seat = state.current_player
            assert seat is not None
            if seat in self.bots:
                action = self.bots[seat].choose(Observation.of(state))
                self.apply(action)
                if self.humans:
                    watcher = next(iter(self.humans)) if len(self.humans) == 1 else None
                    said = public_action_text(state, action, watcher)
                    line = Text(f"{seat_name(seat)} ({self.bots[seat].name}): ", style="magenta")
                    line.append_text(named_text(said, names_by_ref(state.observe(watcher))))
                    self.console.print(line)
                continue
            if len(self.humans) > 1 and self.last_human is not None and seat != self.last_human:
                self.console.clear()
                try:
                    self.read(f"{seat_name(seat)}, take the keyboard and press Enter... ")
                except EOFError:
                    self.console.print()
                    self.leave()
                    return 0
            self.last_human = seat
            if not self.human_turn(seat):
                self.leave(ask=self.asked_to_quit)
                return 0
        self.show_outcome()
        if self.save_path and self.save(self.save_path, quiet=True):
            self.console.print(
                f"saved to {self.save_path} ('spellforge replay {self.save_path} --log' shows it)",
                soft_wrap=True,
            )
        return 0

    def apply(self, action: Action) -> None:
        """Apply an action to the game, then keep the undo points honest and the save file current."""
        self.state.apply(action)
        self.track_revealed()
        if self.save_path:
            self.save(self.save_path, quiet=True)

    def human_turn(self, seat: int) -> bool:
        self.render(seat)
        started = self.now()
        while True:
            state = self.state  # an undo replaces it
            legal = state.legal_actions()
            view = state.observe(seat)
            names = names_by_ref(view)
            place = (view.get("turn"), view.get("phase"), view.get("step"))
            if place != self.last_place:
                self.console.rule(Text(place_text(view), style="bold yellow"))
                self.last_place = place
            self.console.print(
                Panel(
                    # the decision wraps inside the box; the place stays in its title, always whole
                    Group(Text(decision_text(view), style="bold"), options_table(legal, names)),
                    title=Text(place_text(view), style="bold yellow"),
                    title_align="left",
                    subtitle="help · cards · card #ID · undo · log · view",
                    subtitle_align="right",
                )
            )
            try:
                line = self.read(f"{seat_name(seat)}> ").strip()
            except EOFError:  # Ctrl-D: the person leaves, as with quit, but cannot be asked anything
                self.console.print()
                self.asked_to_quit = False
                return False
            if not line:
                continue
            word, _, rest = line.partition(" ")
            word = word.lower()
            rest = rest.strip()
            if word in ("help", "?"):
                self.console.print(HELP)
            elif word == "log":
                n = int(rest) if rest.isdigit() else 40
                self.console.print("\n".join(view["log"][-n:]))
            elif word == "view":
                self.render(seat)
            elif word == "cards":
                self.console.print(cards_table(view))
            elif word == "card":
                self.show_card(view, rest)
            elif word == "undo":
                if self.undo(seat):
                    self.render(seat)
                    started = self.now()
            elif word in ("quit", "exit"):
                self.asked_to_quit = True
                return False
            elif word in ("concede", "resign"):
                self.apply(Resign(seat))
                return True
            elif word == "save":
                self.save(Path(rest).expanduser() if rest else self.save_path)
            else:
                action = self.parse(line, legal, names)
                if action is None:
                    continue
                if action in legal and self.charge_time(seat, started):
                    return True  # the player's time ran out
                point = self.undo_point(seat, action)
                if point is not None:  # before the action, so what the action itself reveals counts
                    self.undo_points = [*self.undo_points[-UNDO_DEPTH + 1 :], point]
                try:
                    self.apply(action)
                    self.decided = True
                except IllegalActionError as exc:
                    if point is not None and self.undo_points and self.undo_points[-1] is point:
                        self.undo_points.pop()
                    self.console.print(Text(str(exc), style="red"))
                    continue
                if self.undo_points and self.undo_points[-1] is point:
                    ended = (self.state.phase, self.state.turn) != (state.phase, state.turn)
                    if ended and self.state.outcome is None:
                        self.console.print(
                            Text(
                                f"(the {state.phase} phase is over; 'undo' takes back '{action}')",
                                style="dim",
                            )
                        )
                return True

    def leave(self, ask: bool = False) -> None:
        """A person stopped before the end (``quit``, Ctrl-D, Ctrl-C): keep the game to play on later.

        A game with a save file (``--save``, or a resumed one) is saved there. Otherwise ``quit`` (``ask``)
        offers to save it, to the keep file (``keep``) on Enter or to a file the person names; and when the
        input ended (Ctrl-D) or was interrupted, nobody can answer, so it is saved to the keep file. Either
        way the screen says where the game is and how to play on, or plainly that it was not saved."""
        if self.save_path:
            if self.save(self.save_path, quiet=True):
                self.said_saved(self.save_path)
            return
        if not self.decided:  # nothing of the person's is lost; the seed deals the same cards again
            self.console.print(f"you had not decided anything yet: nothing to save (seed {self.state.seed})")
            return
        keep = self.keep_path
        while ask:
            offer = f"Enter saves it to {keep}, or " if keep else ""
            try:
                answer = self.read(f"Save the game to play on later? {offer}type a file name, or 'no': ")
            except EOFError:
                self.console.print()
                break  # nobody can answer: as if the input had ended at the game's prompt
            answer = answer.strip()
            if answer.lower() in ("no", "n"):
                self.console.print("the game was not saved")
                return
            target = Path(answer).expanduser() if answer else keep
            if target is None:
                continue
            if self.save(target, quiet=True):
                self.said_saved(target)
                return
        if keep is not None and self.save(keep, quiet=True):
            self.said_saved(keep)
            return
        self.console.print("the game was not saved", soft_wrap=True)

    def said_saved(self, path: Path) -> None:
        self.console.print(f"saved to {path}: 'spellforge play --resume {path}' plays on", soft_wrap=True)

    # ------------------------------------------------------------------ cards

    def show_card(self, view: dict[str, Any], query: str) -> None:
        if not query:
            self.console.print(Text("which card? 'card #ID', 'card NAME' or 'card @REF'", style="red"))
            return
        found = find_entries(view, query)
        if not found:
            self.console.print(
                Text(
                    f"no card you can see matches {query!r} ('cards' lists them; "
                    f"'spellforge cards {self.game.name} --search NAME' searches the card pool)",
                    style="red",
                )
            )
            return
        first = found[0]
        key = first.data.get("key")
        printed = (
            printed_fields(self.game.cards[key]) if isinstance(key, str) and key in self.game.cards else None
        )
        self.console.print(card_panel(first, printed, keyword_reminders(self.game)))
        if len(found) > 1:
            self.console.print(Text("also: " + ", ".join(e.label for e in found[1:]), style="dim"))

    # ------------------------------------------------------------------ undo

    def undo_allowed(self) -> str | None:
        """Why undo is not offered in this game at all, or None."""
        if len(self.humans) != 1:
            return "undo is for a game against bots (in a hot-seat game, agree and start again)"
        if isinstance(self.state, ClockMixin) and self.state.clock_ms:
            return "undo is not offered in a game with a clock"
        return None

    def undo_point(self, seat: int, action: Action) -> UndoPoint | None:
        if self.undo_allowed() is not None:
            return None
        if not self.undo_points:  # nothing to take back yet: this is where "nothing revealed" starts
            self.undo_known = known_cards(self.state, seat)
            self.undo_rng = self.state.rng.state
        return UndoPoint(self.state.clone(), seat, str(action))

    def track_revealed(self) -> None:
        """After each action: once the person could learn something hidden (a card they did not know, or
        the outcome of a shuffle or another random event), the decisions before it cannot be taken back,
        since taking one back would let them choose again knowing it."""
        if not self.undo_points:
            return
        seat = self.undo_points[-1].seat
        known = known_cards(self.state, seat)
        if self.state.rng.state != self.undo_rng or not known <= self.undo_known:
            self.undo_points.clear()
        else:
            self.undo_known = known

    def undo(self, seat: int) -> bool:
        reason = self.undo_allowed()
        if reason is None and not self.undo_points:
            reason = "nothing to take back: no decision of yours since something hidden was revealed"
        if reason is not None:
            self.console.print(Text(reason, style="red"))
            return False
        point = self.undo_points.pop()
        self.state = point.state
        self.undo_known = known_cards(self.state, seat)
        self.undo_rng = self.state.rng.state
        self.last_place = None
        self.console.print(Text(f"took back '{point.action}'", style="yellow"))
        if self.save_path:
            self.save(self.save_path, quiet=True)
        return True

    # ------------------------------------------------------------------ input, time, saving

    def charge_time(self, seat: int, started: float) -> bool:
        """In a game with a chess clock, report the time this person took (the engine never reads the
        wall clock itself). Returns True when that ran out their time and ended the game."""
        state = self.state
        if not isinstance(state, ClockMixin) or not state.clock_ms:
            return False
        self.apply(TimeUsed(seat, max(0, round((self.now() - started) * 1000))))
        return state.outcome is not None

    def parse(self, line: str, legal: list[Action], names: dict[str, str] | None = None) -> Action | None:
        if line.isdigit():
            i = int(line)
            if 1 <= i <= len(legal):
                return legal[i - 1]
            self.console.print(Text(f"choose 1 to {len(legal)}", style="red"))
            return None
        try:
            return self.game.parse_action(self.state, line)
        except SpellforgeError as exc:
            # an option typed as shown, names and all
            wanted = " ".join(line.lower().split())
            for action, text in zip(legal, option_texts(legal, names or {}), strict=True):
                if " ".join(text.plain.lower().split()) == wanted:
                    return action
            self.console.print(Text(f"{exc} (type 'help')", style="red"))
            return None

    def save_data(self) -> dict[str, Any]:
        return {**self.state.to_json(), "terminal": self.setup}

    def save(self, path: Path | None, quiet: bool = False) -> bool:
        """Save the game to ``path``; a path that cannot be written is reported and the game goes on."""
        if path is None:
            self.console.print(Text("save where? 'save FILE'", style="red"))
            return False
        error = write_save(path, self.save_data())
        if error:
            self.console.print(Text(f"not saved: {error}", style="red"), soft_wrap=True)
            return False
        if not quiet:
            self.console.print(
                f"saved to {path} ('spellforge play --resume {path}' plays on)", soft_wrap=True
            )
        return True

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
