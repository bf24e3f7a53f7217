"""Playing in the terminal: render a seat's View with rich, number the options, read a choice.

Everything shown comes from ``state.observe(seat)`` for the seat at the keyboard, so hidden cards never
reach the screen. In hot-seat games the screen is cleared and the next player asked to take the keyboard
before anything of theirs is shown. The client reads only the View's envelope (DESIGN.md section 2b) and
the cards it shows, so a game without a rendering of its own gets every command too.

The screen is meant for an 80x24 terminal: before each prompt only what changed is shown (the events since
the person's last prompt, the table when something on it changed), and against bots a decision where
passing is all the person may do is answered for them (``autopass_now``).

A game saved here (``save FILE``, ``--save``) is the state's JSON plus who sat where (``"terminal"``), and
``spellforge play --resume FILE`` plays on from it.
"""

from __future__ import annotations

import json
import os
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
from spellforge.core.actions import Action, Resign, passing_is_all, seat_name
from spellforge.core.clock import TimeUsed
from spellforge.core.errors import IllegalActionError, RecordError, SpellforgeError
from spellforge.core.events import Event
from spellforge.core.observe import known_cards
from spellforge.core.state import State

from .cards import (
    card_panel,
    cards_table,
    find_entries,
    printed_fields,
    visible_entries,
)
from .presentation import card_presentation, keyword_reminders, terminal_renderer

HELP = """\
Type the number of an option, its words as shown, or the action itself ('pass', 'play #12 -> P2').
  help           this text
  view           the table again, with the recent events
  log [N]        the last N events (default 40)
  cards          every card you can see, one line each
  card #ID       one card in full, with its text (also card NAME, card @REF)
  undo           take back your last decision (against bots, while nothing
                 hidden has been revealed since)
  autopass on    pass for you when passing is all you may do (against bots,
  autopass off   on unless --no-autopass); off: you are asked every time
  save FILE      save the game ('spellforge play --resume FILE' plays on)
  concede        resign this game
  quit           stop without resigning, keeping the game to play on (Ctrl-D)"""

UNDO_DEPTH = 20  # decisions a person may take back in a row
EVENTS_SHOWN = 8  # the most lines of new events shown before a prompt ('log' shows the rest)
TWO_COLUMNS_FROM = 6  # more options than this, all short, are listed in two columns
EVENT_LOOKBACK = 2000  # how far back the events since a person's last prompt are looked for
# the envelope's keys that say where the game is, not what is on the table (the prompt's box shows them)
_PLACE_KEYS = frozenset({"log", "decision", "turn", "phase", "step", "active"})


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


def board_key(view: dict[str, Any]) -> str:
    """What the board shows of a View, as text to compare: everything but the place and the log, so a new
    phase or step with nothing changed on the table is not drawn again."""
    return json.dumps({k: v for k, v in view.items() if k not in _PLACE_KEYS}, sort_keys=True, default=str)


def folded(lines: list[str]) -> list[str]:
    """Runs of one line (``P2 draws a card`` seven times) as one line with its count."""
    out: list[str] = []
    counts: list[int] = []
    for line in lines:
        if out and out[-1] == line:
            counts[-1] += 1
        else:
            out.append(line)
            counts.append(1)
    return [line if n == 1 else f"{line} ({n} times)" for line, n in zip(out, counts, strict=True)]


def option_texts(state: State, seat: int, legal: list[Action]) -> list[Text]:
    """Each legal action by its label, the sentence the engine gives it (cards by name, as ``seat`` may see
    them: the browser shows the same words)."""
    return [Text(state.describe_action(action, seat)) for action in legal]


def options_table(texts: list[Text], width: int = 80) -> RenderableType:
    """The numbered options, one a line; many short ones in two columns (numbered down the first, then
    the second), so that a long list still fits the screen of a ``width``-column terminal."""
    half = (len(texts) + 1) // 2
    two = len(texts) > TWO_COLUMNS_FROM and all(len(t.plain) <= width // 2 - 9 for t in texts)
    table = Table(show_header=False, box=None, padding=(0, 1))
    if not two:
        for i, text in enumerate(texts, 1):
            table.add_row(Text(f"{i:>3}", style="cyan"), text)
        return table
    for i in range(half):
        right = i + half
        cells = [Text(f"{i + 1:>3}", style="cyan"), texts[i]]
        if right < len(texts):
            cells += [Text(f"{right + 1:>3}", style="cyan"), texts[right]]
        table.add_row(*cells)
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
        autopass: bool = True,
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
        self.autopass = autopass  # pass for the person when passing is all they may do (``autopass_now``)
        self.autopassed = 0  # passes made so since the person's last prompt
        self.autopass_told = False
        self.seen_event: dict[int, Event | None] = {}  # per seat, the newest event shown to it
        self.shown_board: dict[int, str] = {}  # per seat, the board last drawn for it (``board_key``)
        self.now = now
        self.setup = setup if setup is not None else {"humans": sorted(humans)}
        self.last_human: int | None = None
        self.last_place: tuple[Any, Any, Any] | None = None
        self.undo_points: list[UndoPoint] = []
        self.undo_known: frozenset[int] = frozenset()
        self.undo_rng = -1

    # ------------------------------------------------------------------ the loop

    def board(self, view: dict[str, Any]) -> RenderableType:
        """The table as the game's board draws it (``presentation.BOARDS``), or the generic rendering."""
        renderer = terminal_renderer(self.game)
        body = renderer(view) if renderer else None
        return body if body is not None else generic_view(view)

    def render(self, seat: int) -> None:
        """Draw the table for ``seat`` and its last events (``view``, and after an undo)."""
        view = self.state.observe(seat)
        self.show_events(view.get("log", [])[-EVENTS_SHOWN:])
        self.seen_event[seat] = next(self.state.iter_log(1), None)
        self.console.print(self.board(view))
        self.shown_board[seat] = board_key(view)

    def show_changes(self, seat: int) -> None:
        """Before a person's prompt, only what changed since their last one: the events (folded, the last
        ``EVENTS_SHOWN`` lines), the passes made for them, and the board when something on it changed."""
        view = self.state.observe(seat)
        self.show_events(self.events_since(seat))
        if self.autopassed:
            times = "once" if self.autopassed == 1 else f"{self.autopassed} times"
            note = f"(passed for you {times}: passing was all you could do"
            note += ")" if self.autopass_told else "; 'autopass off' asks you every time)"
            self.console.print(Text(note, style="dim"), soft_wrap=True)
            self.autopassed = 0
            self.autopass_told = True
        key = board_key(view)
        if self.shown_board.get(seat) != key:
            self.console.print(self.board(view))
            self.shown_board[seat] = key

    def events_since(self, seat: int) -> list[str]:
        """The log lines ``seat`` may read of the events since it was last shown them, oldest first."""
        marker = self.seen_event.get(seat)
        fresh: list[Event] = []
        for e in self.state.iter_log(EVENT_LOOKBACK):
            if e is marker:
                break
            fresh.append(e)
        self.seen_event[seat] = fresh[0] if fresh else marker
        lines = (self.state.describe_event(e, seat) for e in reversed(fresh))
        return [line for line in lines if line]

    def show_events(self, lines: list[str]) -> None:
        """Log lines as the game wrote them (each names its cards already), runs folded."""
        shown = folded(lines)
        if len(shown) > EVENTS_SHOWN:
            earlier = len(shown) - EVENTS_SHOWN
            self.console.print(Text(f"  ... {earlier} earlier ('log' shows them)", style="dim"))
            shown = shown[-EVENTS_SHOWN:]
        for line in shown:
            self.console.print(Text("  " + line), soft_wrap=True)

    def autopass_now(self, seat: int) -> bool:
        """Whether to pass for the person at ``seat`` without asking: autopass is on, passing is all they may
        do (``passing_is_all``, the browser's test too), and they play bots alone, so no one at the
        terminal can tell from a skipped prompt what they hold (in a hot-seat game every seat is asked)."""
        return self.autopass and len(self.humans) == 1 and passing_is_all(self.state.legal_actions())

    def run(self) -> int:
        """Play until the game ends or a person leaves (``quit``, or the end of the input: Ctrl-D, a
        script's last line), keeping the game to play on later (``leave``). Returns 0."""
        while self.state.outcome is None:
            state = self.state
            seat = state.current_player
            assert seat is not None
            if seat in self.bots:  # what a bot does is told by the events shown before the next prompt
                self.apply(self.bots[seat].choose(Observation.of(state)))
                continue
            if self.autopass_now(seat):
                self.apply(state.legal_actions()[0])
                self.autopassed += 1
                continue
            if len(self.humans) > 1 and self.last_human is not None and seat != self.last_human:
                self.console.clear()
                self.shown_board.pop(seat, None)  # a cleared screen: the table is drawn again
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
        self.show_changes(seat)
        started = self.now()
        while True:
            state = self.state  # an undo replaces it
            legal = state.legal_actions()
            view = state.observe(seat)
            labels = option_texts(state, seat, legal)
            place = (view.get("turn"), view.get("phase"), view.get("step"))
            if place != self.last_place:
                self.console.rule(Text(place_text(view), style="bold yellow"))
                self.last_place = place
            self.console.print(
                Panel(
                    # the decision wraps inside the box; the place stays in its title, always whole
                    Group(
                        Text(decision_text(view), style="bold"),
                        options_table(labels, self.console.width - 4),
                    ),
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
            elif word == "autopass":
                self.set_autopass(rest.lower())
            elif word in ("quit", "exit"):
                self.asked_to_quit = True
                return False
            elif word in ("concede", "resign"):
                self.apply(Resign(seat))
                return True
            elif word == "save":
                self.save(Path(rest).expanduser() if rest else self.save_path)
            else:
                action = self.parse(line, legal, labels)
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

    def set_autopass(self, setting: str) -> None:
        if setting in ("on", "off"):
            self.autopass = setting == "on"
        elif setting:
            self.console.print(Text("autopass on, or autopass off", style="red"))
            return
        state = "on" if self.autopass else "off"
        where = "" if len(self.humans) == 1 else " (in a hot-seat game every seat is asked all the same)"
        self.console.print(f"autopass is {state}{where}")

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
        changing = card_presentation(self.game).changing
        self.console.print(card_panel(first, printed, keyword_reminders(self.game), changing))
        if len(found) > 1:
            self.console.print(Text("also: " + ", ".join(e.label for e in found[1:]), style="dim"))

    # ------------------------------------------------------------------ undo

    def undo_allowed(self) -> str | None:
        """Why undo is not offered in this game at all, or None."""
        if len(self.humans) != 1:
            return "undo is for a game against bots (in a hot-seat game, agree and start again)"
        clock = self.state.game_clock()
        if clock is not None and clock.running:
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
        clock = state.game_clock()
        if clock is None or not clock.running:
            return False
        self.apply(TimeUsed(seat, max(0, round((self.now() - started) * 1000))))
        return state.outcome is not None

    def parse(self, line: str, legal: list[Action], labels: list[Text] | None = None) -> Action | None:
        """An option by its number, its label as shown, or its text (``play #12 -> P2``)."""
        if line.isdigit():
            i = int(line)
            if 1 <= i <= len(legal):
                return legal[i - 1]
            self.console.print(Text(f"choose 1 to {len(legal)}", style="red"))
            return None
        wanted = " ".join(line.lower().split())
        for action, text in zip(legal, labels or [], strict=False):
            if " ".join(text.plain.lower().split()) == wanted:
                return action
        try:
            return self.game.parse_action(self.state, line)
        except SpellforgeError as exc:
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
