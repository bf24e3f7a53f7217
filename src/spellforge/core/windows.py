"""Windows: who may act now, as a stack of window records; the stack (limbo, chain) and the trigger queue.

A *window* is a time in which some seats may act, each answering a decision. Its record names:

* ``kind`` -- the decision kind asked (registered with ``@legal``/``@act``, core/kinds.py); a game may ask a different kind
  of some seats through the hook :meth:`WindowState.window_decision` (in SPELLFIRE's combat the losing side
  may play cards while the others may only play events);
* ``order`` -- the participants, in the order they are asked, and ``holder``, the seat being asked now;
* ``close`` -- how it closes:

  - :data:`PASSES`, a priority round: it closes when every participant has passed in succession. A seat
    that acts restarts the count and keeps the turn to act (``keep``) or hands it on, its action counting
    as its say (a *response round*: after each action every other participant gets a chance, and the
    round closes once they have all passed). A round that answers a seat's own action puts that seat last
    in the order and opens with ``passes=1``, so the others are asked and the actor only after something
    new happened. With ``resolve``, a
    round that ends with items on the stack resolves the top one and the round starts again from the
    first participant (Spell Battle's limbo, Casters' chain); it closes once all pass on an empty stack;
  - :data:`EACH`, one action each: every participant acts (or passes) exactly once, in order (SPELLFIRE's
    event pause: negate, calm, duplicate or pass);
  - :data:`UNTIL`, a condition on the state: the seats take turns until the condition registered as
    ``@close_condition("<name>")`` holds. Any window may also carry such a condition (``until``), which closes it early
    (a successful negation ends an event pause).

Windows nest: a window opened while another is open suspends it; the outer one resumes exactly where it
was (same holder, same count) when the inner one closes. Records are small NamedTuples in a list, so
``clone()`` copies the list and ``to_json()`` writes them exactly.

**What a window or a stack item is about** is a typed record of its kind, declared by the game and checked
where the window opens or the item is made (a wrong record is a ``TypeError`` there):

* a window of a decision kind carries the kind's record (``@legal(kind, data=Record)``, core/kinds.py),
  which its questions carry; a game whose ``window_decision`` asks other kinds names the kinds of its
  other windows in ``WINDOW_RECORDS`` (kind -> record, None for a window about nothing more);
* a stack item carries the record its kind names in the game's ``ITEM_RECORDS`` (kind -> record, None for
  an item that carries nothing), made with :meth:`WindowState.make_item`.

A state saved when these were plain tuples loads them as their records (``Record(*values)``, or the
record's ``from_saved(values)`` where the old tuple differs from its fields).

How a game drives a window: ``open_window(...)`` pushes the record and asks the first seat at once (so an op
schedules what follows the window before it opens the window). The kind's ``act`` method answers with
:meth:`window_passed` (last: the next seat is asked at once), :meth:`window_acted` (first, before carrying
out the action, which may open a window of its own or ask a follow-up question: the window asks again only
after all of that) or :meth:`window_stay` (ask the same seat again, counting nothing: an attempt that was
itself stopped). Before each question the ``pending_work()`` hook runs (by default: waiting triggered
abilities go on the stack).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, NamedTuple, TypeVar

from mypy_extensions import mypyc_attr

from . import frames
from .actions import Action, Choose
from .flow import Decision, Frame
from .kinds import RegistrationError, act, check_record, legal, unknown, wrong_record
from .replay import saved_record
from .stack import StackItem
from .state import State
from .targets import Target

PASSES = "passes"
EACH = "each"
UNTIL = "until"
CLOSE_RULES = (PASSES, EACH, UNTIL)
_UNKNOWN: Any = object()  # what WINDOW_TABLE.get gives for a kind it does not hold
_new_tuple = tuple.__new__
# kind -> the record a window or a stack item of that kind carries (None: it carries nothing)
RecordTable = Mapping[str, type[tuple[Any, ...]] | None]
D = TypeVar("D", covariant=True)
R = TypeVar("R")


class Window(NamedTuple, Generic[D]):
    """One open window (see the module docstring). ``passes`` counts passes in succession (PASSES), actions
    taken (EACH) or turns taken (UNTIL); ``data`` is what the window is about (the play an event pause
    answers): the record its kind declares, given to each decision as its data (``()`` for a kind that
    declares none)."""

    wid: int
    kind: str
    close: str
    order: tuple[int, ...]
    holder: int
    passes: int = 0
    resolve: bool = False
    keep: bool = True
    until: str = ""
    data: D = ()  # type: ignore[assignment]  # the empty tuple of a kind that declares no record


def _moved(w: Window, holder: int, passes: int) -> Window:
    """``w`` with a new holder and count, built directly (this runs at every pass and action)."""
    return _new_tuple(
        Window, (w.wid, w.kind, w.close, w.order, holder, passes, w.resolve, w.keep, w.until, w.data)
    )


class WaitingTrigger(NamedTuple):
    """A triggered ability that fired and waits in ``pending_triggers``: ``card``'s effect ``effect``,
    controlled by ``seat``, working for ``source`` (the card itself, or the host it is lent to), about
    ``event_card`` (-1: the event was about no card). Made with ``tuple.__new__`` where it is queued (as
    windows are): one is made for every ability fired."""

    seat: int
    card: int
    effect: int
    source: int
    event_card: int

    @staticmethod
    def from_saved(values: Sequence[int]) -> WaitingTrigger:
        """A waiting trigger saved as a plain tuple: (seat, card, effect, source, event card), or, from a game
        whose cards lend no abilities, (seat, card, effect, event card) (its card is its source)."""
        if len(values) == 4:
            seat, card, effect, event_card = values
            return WaitingTrigger(seat, card, effect, card, event_card)
        seat, card, effect, source, event_card = values
        return WaitingTrigger(seat, card, effect, source, event_card)


@mypyc_attr(allow_interpreted_subclasses=True)
class WindowState(State):
    """A State with a stack of windows, a stack of items and one queue of triggered abilities.

    ``pending_triggers`` holds :class:`WaitingTrigger` records (core's ability layer queues them). With the default ``pending_work`` they go on the stack before the
    next seat is asked: the controllers in ``trigger_seat_order()`` (the first one's resolve last), each
    choosing the order of their own when they have different ones; ``put_trigger(index)`` (the game's)
    puts one on the stack. A game whose triggers resolve at once (no stack) keeps the queue and writes its
    own order and flush.
    """

    __slots__ = ("pending_triggers", "stack", "uid_counter", "window_serial", "windows")
    COPY: ClassVar[dict[str, str]] = {"windows": "list", "stack": "list", "pending_triggers": "list"}
    RECORDS: ClassVar[tuple[type, ...]] = (Window, StackItem, WaitingTrigger)
    # Whether waiting triggers go on the stack before a seat is asked (False: the game resolves them at
    # its own checkpoints, as Spellweaver does with no stack at all).
    STACKED_TRIGGERS: ClassVar[bool] = True
    # What the game's windows and stack items carry, by kind (module docstring): the kinds of its windows
    # that are not decision kinds, and every kind of its stack items.
    WINDOW_RECORDS: ClassVar[RecordTable] = {}
    ITEM_RECORDS: ClassVar[RecordTable] = {}
    WINDOW_TABLE: ClassVar[RecordTable]  # every window kind: the decision kinds' records and WINDOW_RECORDS
    DEFAULT_WORK: ClassVar[bool]  # pending_work is the default hook
    PLAIN_DECISIONS: ClassVar[bool]  # window_decision is the default hook

    windows: list[Window]
    window_serial: int
    stack: list[StackItem]
    uid_counter: int
    pending_triggers: list[WaitingTrigger]

    @classmethod
    def _build_more_tables(cls) -> None:
        # whether two hooks asked before every question are the defaults, so they are read inline
        cls.DEFAULT_WORK = cls.pending_work.__qualname__ == "WindowState.pending_work"
        cls.PLAIN_DECISIONS = cls.window_decision.__qualname__ == "WindowState.window_decision"
        for what, table in (("window kind", cls.WINDOW_RECORDS), ("stack item kind", cls.ITEM_RECORDS)):
            for kind, record in table.items():
                check_record(f"{cls.__name__}: {what} {kind!r}", record)
        twice = sorted(set(cls.WINDOW_RECORDS) & set(cls.KINDS))
        if twice:
            raise RegistrationError(
                f"{cls.__name__}: window kinds {twice} are decision kinds, whose windows carry the kind's "
                "record: declare them with @legal(kind, data=...), not in WINDOW_RECORDS"
            )
        cls.WINDOW_TABLE = {**{name: k.data for name, k in cls.KINDS.items()}, **cls.WINDOW_RECORDS}

    def init_windows(self) -> None:
        self.windows = []
        self.window_serial = 0
        self.stack = []
        self.uid_counter = 0
        self.pending_triggers = []

    def rebuild(self) -> None:
        """As core's, and waiting triggers saved as plain tuples load as their records."""
        super().rebuild()
        pending = self.pending_triggers
        if any(type(t) is not WaitingTrigger for t in pending):  # a save from before they were records
            self.pending_triggers = [
                t if type(t) is WaitingTrigger else WaitingTrigger.from_saved(t) for t in pending
            ]

    # ------------------------------------------------------------------ opening and reading

    def open_window(
        self,
        kind: str,
        order: tuple[int, ...] | list[int],
        close: str = PASSES,
        *,
        resolve: bool = False,
        keep: bool = True,
        until: str = "",
        data: tuple[Any, ...] = (),
        passes: int = 0,
    ) -> None:
        """Open a window over ``order`` (first seat first); it suspends any open window until it closes.
        ``data`` is the record the kind declares (nothing for a kind that declares none). ``passes`` is the
        count it starts with (a response round counts the seat it answers, last in the order, as having
        passed)."""
        if close not in CLOSE_RULES:
            raise ValueError(f"unknown window close rule {close!r} (known: {', '.join(CLOSE_RULES)})")
        if until and until not in self.CONDITIONS:
            raise unknown(type(self), "close condition", until, self.CONDITIONS)
        if close == UNTIL and not until:
            raise ValueError("a window that closes on a condition needs until=<name>")
        table = self.WINDOW_TABLE
        record = table.get(kind, _UNKNOWN)
        if record is _UNKNOWN:
            raise unknown(type(self), "window kind", kind, table)
        if type(data) is not (record or tuple) or (record is None and data):
            raise wrong_record(f"window kind {kind!r}", type(self), record, data)
        order = tuple(order)
        skip = resolve and self.nobody_can_act(kind)
        if not order or (skip and not self.stack):
            return  # nobody may act and nothing waits: nothing to open
        self.window_serial += 1
        w = _new_tuple(
            Window, (self.window_serial, kind, close, order, order[0], passes, resolve, keep, until, data)
        )
        self.windows.append(w)
        if skip:
            self.all_passed(w)  # the round is skipped: the stack's top resolves
            return
        self.ask_holder(w)

    @property
    def window(self) -> Window | None:
        """The window whose participants may act now (the top of the stack), or None."""
        return self.windows[-1] if self.windows else None

    def window_about(self, record: type[R]) -> R:
        """What the top window is about: the record ``record`` (for a close condition, which reads it)."""
        w = self.windows[-1] if self.windows else None
        assert w is not None and type(w.data) is record, f"{w!r} does not carry a {record.__name__}"
        data: R = w.data
        return data

    def window_decision(self, window: Window, seat: int) -> str:
        """The decision kind asked of ``seat`` in ``window`` (hook; default: the window's kind)."""
        return window.kind

    def nobody_can_act(self, kind: str) -> bool:
        """Whether no participant could do anything but pass, known publicly, so the round is skipped when
        it (re)starts (hook; default: never)."""
        return False

    def pending_work(self) -> tuple[Frame, ...]:
        """Frames to run before a seat is asked in a window (hook; default: put waiting triggers on the
        stack, for a game that stacks them)."""
        return (frames.FlushTriggers(),) if self.pending_triggers and self.STACKED_TRIGGERS else ()

    # ------------------------------------------------------------------ the flow of a window

    def start_window(self, w: Window) -> None:
        """A round starts (on opening, and again after each resolution): its first seat is asked."""
        if w.resolve and self.nobody_can_act(w.kind):
            self.all_passed(w)
            return
        self.ask_holder(w)

    def op_window_ask(self, wid: int) -> None:
        """Ask the holder of window ``wid`` (a window closed meanwhile asks nothing)."""
        windows = self.windows
        if not windows or windows[-1].wid != wid:
            if any(w.wid == wid for w in windows):
                raise RuntimeError(f"window {wid} asked while an inner window is open (engine bug)")
            return
        self.ask_holder(windows[-1])

    def ask_holder(self, w: Window) -> None:
        """Ask the holder of the top window ``w``, once its condition and the pending work are seen to. A
        holder that left the game while an inner window was open is not asked: the window goes on without
        it (``hand_on``)."""
        if not self.alive[w.holder]:
            hand_on = self.hand_on()
            if hand_on is None:
                return
            w = hand_on
        if w.until and self.CONDITIONS[w.until](self):
            self.windows.pop()
            return
        cls = type(self)
        if cls.DEFAULT_WORK:  # the default hook, read inline: this runs before every question
            if self.pending_triggers and cls.STACKED_TRIGGERS:
                self.schedule(frames.FlushTriggers(), frames.WindowAsk(w.wid))
                return
        else:
            work = self.pending_work()
            if work:
                self.schedule(*work, frames.WindowAsk(w.wid))
                return
        if cls.PLAIN_DECISIONS:  # the window's kind was checked when it opened: posted directly
            self.decision = _new_tuple(Decision, (w.kind, w.holder, w.data))
            return
        self.ask(self.window_decision(w, w.holder), w.holder, w.data)

    def next_seat(self, w: Window) -> int:
        """The participant after the holder (the first one if the holder has left the window)."""
        order = w.order
        holder = w.holder
        i = order.index(holder) if holder in order else -1
        return order[(i + 1) % len(order)]

    def window_passed(self) -> None:
        """The holder of the top window passed. The next seat is asked at once (as a pass does nothing
        else), so call it last in the act handler."""
        self.advance(True)

    def advance(self, now: bool) -> None:
        """The holder's turn in the top window is over: count it, then close the window or ask the next
        seat (``now``, or once the frames scheduled meanwhile have run)."""
        windows = self.windows
        w = windows[-1]
        order = w.order
        passes = w.passes + 1
        if passes >= len(order) and w.close != UNTIL:
            if w.resolve and self.stack and w.close == PASSES:
                self.all_passed(w)
            else:
                windows.pop()  # every participant passed (or acted once): the window closes
            return
        holder = w.holder
        i = order.index(holder) if holder in order else -1
        w = windows[-1] = _moved(w, order[(i + 1) % len(order)], passes)
        if now:
            self.ask_holder(w)
        else:
            self.work.append(frames.WindowAsk(w.wid))  # core's own op: no check needed

    def window_acted(self) -> None:
        """The holder of the top window acted: in a priority round the count restarts and the holder keeps
        the turn to act (or hands it on, per ``keep``, its action counting as its say: the round closes
        once every other participant has passed in succession); in an EACH window its one action is used."""
        w = self.windows[-1]
        if w.close == EACH:
            self.advance(False)  # the action's own frames (and questions) come first
            return
        if w.keep:
            if w.passes:
                self.windows[-1] = _moved(w, w.holder, 0)
        else:
            self.windows[-1] = _moved(w, self.next_seat(w), 1)
        self.work.append(frames.WindowAsk(w.wid))  # core's own op: no check needed

    def window_stay(self) -> None:
        """Ask the holder of the top window again, counting nothing."""
        self.schedule(frames.WindowAsk(self.windows[-1].wid))

    def all_passed(self, w: Window) -> None:
        """Every participant passed: resolve the top item and start again, or close."""
        if w.resolve and self.stack:
            self.schedule(frames.ResolveTop(), frames.WindowRestart(w.wid))
            return
        self.close_window(w.wid)

    def close_window(self, wid: int) -> None:
        """Close window ``wid`` (and any window opened inside it)."""
        windows = self.windows
        if windows and windows[-1].wid == wid:
            windows.pop()
            return
        for i in range(len(windows) - 1, -1, -1):
            if windows[i].wid == wid:
                del windows[i:]
                return

    def op_window_restart(self, wid: int) -> None:
        """A new round of window ``wid`` from its first participant, nobody having passed."""
        w = self.windows[-1] if self.windows else None
        if w is None or w.wid != wid:
            return
        w = self.windows[-1] = _moved(w, w.order[0], 0)
        self.start_window(w)

    def reset_passes(self) -> None:
        """Something new happened in the top window (an item went on the stack): passes restart."""
        windows = self.windows
        if windows and windows[-1].passes:
            w = windows[-1]
            windows[-1] = _moved(w, w.holder, 0)

    def eliminate(self, seats: Sequence[int], reason: str) -> None:
        """As core's, and the eliminated seats leave every open window; when the turn ends at once because
        its side is out, the open windows are dropped with the rest of the work."""
        for seat in seats:
            if self.alive[seat]:
                self.leave_windows(seat)
        super().eliminate(seats, reason)
        if self.outcome is None and not self.active_seats():
            self.windows.clear()

    def abandon(self, decision: Decision) -> None:
        """As core's; when the seat that left was being asked by the top window, the window goes on without
        it (``hand_on``)."""
        w = self.window
        if w is None or w.holder != decision.seat or self.window_decision(w, decision.seat) != decision.kind:
            return
        w = self.hand_on()
        if w is not None:
            self.schedule(frames.WindowAsk(w.wid))

    def hand_on(self) -> Window | None:
        """The holder of the top window has left the game: the window with its next holder, or None when
        it closed. A priority round starts again from its first participant still in it (as it does when
        something new happens), so the others may still act; an EACH window goes on from the first
        participant it has not asked; a window with nobody left in it closes."""
        w = self.windows[-1]
        order = w.order
        if not order or (w.close == EACH and w.passes >= len(order)):
            self.windows.pop()
            return None
        if w.close == EACH:  # the seats before it in the order have had their action
            w = self.windows[-1] = _moved(w, order[w.passes], w.passes)
        else:
            w = self.windows[-1] = _moved(w, order[0], 0)
        return w

    def leave_windows(self, seat: int) -> None:
        """``seat`` left the game: it takes no further part in any open window. Where it was one of the
        seats whose say the window's count already holds (the ``passes`` seats just before the holder),
        the count drops by one, so that the seats after the holder still get theirs."""
        windows = self.windows
        for i, w in enumerate(windows):
            order = w.order
            if seat not in order:
                continue
            passes = w.passes
            if passes and w.holder != seat and w.holder in order:
                behind = (order.index(w.holder) - order.index(seat)) % len(order)
                if behind <= passes:
                    passes -= 1
            windows[i] = w._replace(order=tuple(s for s in order if s != seat), passes=passes)
        self.pending_triggers = [t for t in self.pending_triggers if t.seat != seat]

    # ------------------------------------------------------------------ the stack

    def make_item(
        self,
        kind: str,
        card: int,
        controller: int,
        effect: int = -1,
        targets: tuple[Target, ...] = (),
        data: tuple[Any, ...] = (),
    ) -> StackItem:
        """A new stack item (with a fresh uid) of a kind the game declares in ``ITEM_RECORDS``, carrying the
        kind's record (nothing for a kind that declares none)."""
        table = self.ITEM_RECORDS
        if kind not in table:
            raise unknown(type(self), "stack item kind", kind, table)
        record = table[kind]
        if type(data) is not (record or tuple) or (record is None and data):
            raise wrong_record(f"stack item kind {kind!r}", type(self), record, data)
        self.uid_counter += 1
        return _new_tuple(StackItem, (self.uid_counter, kind, card, controller, effect, targets, data))

    def put_on_stack(self, item: StackItem) -> None:
        """``item`` goes on top of the stack; passes in the current round restart."""
        self.stack.append(item)
        self.reset_passes()

    def next_uid(self) -> int:
        """A fresh stack-item id."""
        self.uid_counter += 1
        return self.uid_counter

    def find_item(self, uid: int) -> StackItem | None:
        for item in self.stack:
            if item.uid == uid:
                return item
        return None

    def op_resolve_top(self) -> None:
        """Resolve the top item of the stack (hook: a game with a stack writes it). There is no default:
        what a resolved card does is the game's (a character enters play, a minion is summoned, an
        equipment attaches); the effects it carries run through ``core.resolution.StackState``."""
        raise NotImplementedError(f"{type(self).__name__} has a window that resolves but no op_resolve_top")

    # ------------------------------------------------------------------ triggered abilities waiting

    def trigger_seat_order(self) -> list[int]:
        """The order in which controllers put their waiting triggers on the stack (hook; default: the seats
        of the top window, else every seat, so the first seat's resolve last)."""
        w = self.window
        return list(w.order) if w is not None else list(range(self.n_seats))

    def put_trigger(self, index: int) -> None:
        """Put waiting trigger ``index`` on the stack (hook; a game asks for targets here)."""
        raise IndexError(f"this game queues no triggers (pending trigger {index})")

    def op_flush_triggers(self) -> None:
        """One waiting trigger goes on the stack (or its controller chooses which), then the rest."""
        if not self.pending_triggers:
            return
        self.schedule(frames.FlushTriggers())
        for seat in self.trigger_seat_order():
            mine = [t for t in self.pending_triggers if t.seat == seat]
            if not mine:
                continue
            if len({(t.card, t.effect) for t in mine}) > 1:
                self.ask("trigger_order", seat)
            else:
                self.put_trigger(self.pending_triggers.index(mine[0]))
            return
        self.pending_triggers.clear()  # triggers of seats no longer in the game vanish

    @legal("trigger_order")
    def legal_trigger_order(self) -> list[Action]:
        assert self.decision is not None
        seat = self.decision.seat
        count = sum(1 for t in self.pending_triggers if t.seat == seat)
        return [Choose(str(k + 1)) for k in range(count)]

    @act("trigger_order")
    def act_trigger_order(self, action: Action, d: Decision) -> None:
        assert isinstance(action, Choose)
        mine = [i for i, t in enumerate(self.pending_triggers) if t.seat == d.seat]
        self.put_trigger(mine[int(action.option) - 1])

    def unregistered(self) -> list[str]:
        """As core's, and the kinds of the open windows (a window's question is posted without a check) and
        of the items on the stack."""
        problems = super().unregistered()
        windows, items = self.WINDOW_TABLE, self.ITEM_RECORDS
        problems += [
            f"window kind {w.kind!r} (window {w.wid})" for w in self.windows if w.kind not in windows
        ]
        problems += [f"stack item kind {i.kind!r} (item {i.uid})" for i in self.stack if i.kind not in items]
        return problems

    def load_records(self) -> dict[str, Callable[..., Any]]:
        """As core's, and windows and stack items, whose data saved as a plain tuple (before they carried
        typed records) is read as the record of their kind, and the records themselves."""
        out = super().load_records()
        windows, items = self.WINDOW_TABLE, self.ITEM_RECORDS
        out.update({r.__name__: r for table in (windows, items) for r in table.values() if r is not None})

        def window(*values: Any) -> Window:
            w = Window(*values)
            return w._replace(data=saved_record(windows.get(w.kind), w.data, f"window kind {w.kind!r}"))

        def item(*values: Any) -> StackItem:
            i = StackItem(*values)
            return i._replace(data=saved_record(items.get(i.kind), i.data, f"stack item kind {i.kind!r}"))

        out["Window"] = window
        out["StackItem"] = item
        return out

    def check_invariants(self) -> list[str]:
        return super().check_invariants() + self.check_windows()

    def check_windows(self) -> list[str]:
        """Problems with the open windows."""
        problems = []
        for w in self.windows:
            if w.close not in CLOSE_RULES:
                problems.append(f"window {w.wid} ({w.kind}) has unknown close rule {w.close!r}")
        wids = [w.wid for w in self.windows]
        if wids != sorted(set(wids)):
            problems.append(f"open windows out of order: {wids}")
        windows, items = self.WINDOW_TABLE, self.ITEM_RECORDS
        for w in self.windows:
            if type(w.data) is not (windows.get(w.kind) or tuple):
                problems.append(f"window {w.wid} ({w.kind}) carries {w.data!r}, not the record of its kind")
        for i in self.stack:
            if type(i.data) is not (items.get(i.kind) or tuple):
                problems.append(
                    f"stack item {i.uid} ({i.kind}) carries {i.data!r}, not the record of its kind"
                )
        return problems

    # --- generated by `python -m spellforge.core.gen_clone` from __slots__ and COPY: do not edit ---
    ATTRIBUTES: ClassVar[tuple[str, ...]] = (
        "active",
        "alive",
        "cycle_end",
        "extra_turn",
        "extra_turns",
        "resume_side",
        "roles",
        "side_of",
        "sides",
        "team_of",
        "_legal",
        "controller",
        "deck_keys",
        "defs",
        "face_down",
        "game",
        "known",
        "layout",
        "modifiers",
        "n_seats",
        "options",
        "owner",
        "rng",
        "seed",
        "zone_of",
        "zones",
        "_hist",
        "_log",
        "decision",
        "decisions_made",
        "determinized",
        "outcome",
        "phase",
        "search_copy",
        "turn",
        "work",
        "pending_triggers",
        "stack",
        "uid_counter",
        "window_serial",
        "windows",
    )

    def clone(self) -> WindowState:
        """A copy that shares immutable data and copies what changes (no deepcopy)."""
        new = type(self)()
        new.active = self.active
        new.alive = self.alive[:]
        new.cycle_end = self.cycle_end
        new.extra_turn = self.extra_turn
        new.extra_turns = self.extra_turns[:]
        new.resume_side = self.resume_side
        new.roles = self.roles
        new.side_of = self.side_of
        new.sides = self.sides
        new.team_of = self.team_of
        new._legal = self._legal
        new.controller = self.controller[:]
        new.deck_keys = self.deck_keys
        new.defs = self.defs
        new.face_down = self.face_down[:]
        new.game = self.game
        new.known = self.known[:]
        new.layout = self.layout
        new.modifiers = self.modifiers[:]
        new.n_seats = self.n_seats
        new.options = self.options
        new.owner = self.owner
        new.rng = self.rng.clone()
        new.seed = self.seed
        new.zone_of = self.zone_of[:]
        new.zones = [z[:] for z in self.zones]
        new._hist = self._hist
        new._log = self._log
        new.decision = self.decision
        new.decisions_made = self.decisions_made
        new.determinized = self.determinized
        new.outcome = self.outcome
        new.phase = self.phase
        new.search_copy = self.search_copy
        new.turn = self.turn
        new.work = self.work[:]
        new.pending_triggers = self.pending_triggers[:]
        new.stack = self.stack[:]
        new.uid_counter = self.uid_counter
        new.window_serial = self.window_serial
        new.windows = self.windows[:]
        return new

    # --- end of generated code ---
