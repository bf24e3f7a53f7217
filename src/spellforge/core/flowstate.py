"""The flow of a match: the work stack, decisions, the log, meta actions and elimination.

:class:`FlowState` is the third of core's bases of every State (after :class:`~spellforge.core.seating.Seating`
and :class:`~spellforge.core.table.TableState`). The engine advances a game by running frames (core/flow.py)
from ``work`` until a seat must choose; ``decision`` is then the pending :class:`~spellforge.core.flow.Decision`
and ``legal_actions()`` its options, listed by the method the State registers for its kind (core/kinds.py).
``apply(action)`` carries the answer out and runs on to the next decision. Each frame is a typed record
whose ``run`` calls its op's method (core/flow.py, core/frames.py and each game's ``frames.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, ClassVar, TypeVar

from mypy_extensions import mypyc_attr

from . import frames
from .actions import Action, Resign, seat_name
from .clock import Clock, TimeUsed
from .errors import IllegalActionError
from .events import LOSE, Event
from .flow import Decision, Frame, FrameTable, Outcome, TurnStructure
from .kinds import Kind, UnregisteredError, unknown, wrong_record
from .table import TableState

_new_tuple = tuple.__new__
# (State class, phase name) -> (the turn structure read, the frames ``op_phase`` schedules for the phase)
_PHASE_WORK: dict[tuple[type, str], tuple[TurnStructure, tuple[Frame[Any], ...]]] = {}
R = TypeVar("R", bound=tuple[Any, ...])


@mypyc_attr(allow_interpreted_subclasses=True)
class FlowState(TableState):
    """The work stack, the pending decision, the log, meta actions and elimination (see the module
    docstring)."""

    __slots__ = (
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
    )
    COPY: ClassVar[dict[str, str]] = {"work": "list"}
    # Attributes recomputed by rebuild() after loading; not written by to_json().
    DERIVED: ClassVar[frozenset[str]] = frozenset({"_legal", "search_copy"})
    # Attributes a game gained after states of it were saved: a saved state without one loads with the
    # value a new game of its record starts with (no windows open, an empty queue), not as an error.
    ADDED_LATER: ClassVar[frozenset[str]] = frozenset()
    # A run of this many steps without reaching a real decision is an endless loop (e.g. forced triggers
    # or copies feeding each other): the game ends as a draw, as a mandatory endless loop does at a table.
    LOOP_LIMIT: ClassVar[int] = 200_000
    # The op scheduled after the last phase of a turn (a game names its own end-of-turn op).
    AFTER_LAST_PHASE: ClassVar[str] = "turn_end"
    # The frame classes by name (a game's ``frames.FRAMES``): what a saved game's work stack, the declared
    # phases' ``begin`` and ``end``, ``setup`` and ``AFTER_LAST_PHASE`` name.
    FRAMES: ClassVar[FrameTable] = frames.FRAMES

    # Built from the registrations (core/kinds.py) when a State class is made (``State._build_class_tables``):
    # decision kinds by name, and the kinds' two methods again by name for the engine's dispatch.
    KINDS: ClassVar[dict[str, Kind]]
    LEGAL: ClassVar[dict[str, Callable[[Any], Iterable[Action]]]]
    ACT: ClassVar[dict[str, Callable[[Any, Action, Decision], None]]]
    FORCED: ClassVar[dict[str, Callable[[Any, Decision], bool] | None]]  # the kinds' single-option rules
    DEFAULT_FORCED: ClassVar[bool]  # publicly_forced is the default hook
    CONDITIONS: ClassVar[dict[str, Callable[[Any], bool]]]  # window close conditions (core/windows.py)

    work: list[Frame[Any]]
    decision: Decision | None
    outcome: Outcome | None
    turn: int
    phase: str
    decisions_made: int
    determinized: bool
    search_copy: bool  # a search bot's private copy: see ``_run`` (never set in a real game)
    _hist: tuple[Any, ...] | None
    _log: tuple[Any, ...] | None

    def init_flow(self) -> None:
        """Fill the flow's attributes for a new match (nothing scheduled, nothing asked yet)."""
        self.work = []
        self.decision = None
        self.outcome = None
        self.turn = 0
        self.phase = "setup"
        self.decisions_made = 0
        self.determinized = False
        self.search_copy = False
        self._hist = None
        self._log = None
        self._legal = None

    # ------------------------------------------------------------------ the public API

    @property
    def current_player(self) -> int | None:
        """The seat that must act now, or None when the game is over."""
        if self.outcome is not None or self.decision is None:
            return None
        return self.decision.seat

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def legal_actions(self) -> list[Action]:
        """Every option of the seat to act, finite and enumerated (computed once per decision)."""
        return list(self._legal_tuple())

    def _legal_tuple(self) -> tuple[Action, ...]:
        legal = self._legal
        if legal is None:
            d = self.decision
            if self.outcome is not None or d is None:
                legal = ()
            else:
                legal = tuple(self.LEGAL[d.kind](self))
            self._legal = legal
        return legal

    def apply(self, action: Action) -> None:
        """Apply ``action`` for the seat to act and advance to the next decision.

        Raises :class:`IllegalActionError` (and changes nothing) when the action is not legal now.
        ``Resign(seat)`` is legal for any seat still playing, at any decision point.
        """
        if self.outcome is not None:
            raise IllegalActionError(f"{action}: the game is over ({self.outcome.reason})")
        if action.meta:
            problem = self.meta_problem(action)
            if problem:
                raise IllegalActionError(f"{action}: {problem}")
            self._hist = (action, self._hist)
            self._legal = None
            self.apply_meta(action)
            self._run()
            return
        # A bot answers with one of the options listed: found by identity, it is never compared field by
        # field with the options before it (each comparison a call of an action class's __eq__, and two
        # when their classes differ); another action is looked for by equality as ``in`` does.
        for option in self._legal_tuple():
            if option is action:
                break
        else:
            if action not in self._legal_tuple():
                raise IllegalActionError(self.why_illegal(action))
        d = self.decision
        assert d is not None
        self._hist = (action, self._hist)
        self.decisions_made += 1
        self.decision = None
        self._legal = None
        self.ACT[d.kind](self, action, d)
        self._run()

    def history(self) -> list[Action]:
        """The actions applied so far, in order (decisions taken automatically, see ``publicly_forced``,
        are not recorded)."""
        out: list[Action] = []
        node = self._hist
        while node is not None:
            out.append(node[0])
            node = node[1]
        out.reverse()
        return out

    def events(self) -> list[Event]:
        """Every event of the game so far, oldest first (unfiltered: use observe() for a seat's view)."""
        out: list[Event] = []
        node = self._log
        while node is not None:
            out.append(node[0])
            node = node[1]
        out.reverse()
        return out

    # ------------------------------------------------------------------ the flow interpreter

    def schedule(self, *frames: Frame[Any]) -> None:
        """Run ``frames`` next, in the order given (before anything already scheduled)."""
        self.work.extend(reversed(frames))

    def reset_flow(self) -> None:
        """Drop the scheduled work, the pending decision and the record so far (log and history): a
        position laid out by hand (``core.scenario``) starts from here, as if nothing had been played."""
        self.work.clear()
        self.decision = None
        self._legal = None
        self._log = None
        self._hist = None

    def run_on(self, *frames: Frame[Any]) -> None:
        """Run ``frames`` (in the order given, before anything already scheduled) and the game on from
        there to the next decision that must be asked: for a position laid out or changed by hand (a
        scenario, a test). The legal actions computed before are forgotten first."""
        self._legal = None
        self.schedule(*frames)
        self._run()

    def forget_legal(self) -> None:
        """Forget the legal actions computed for the pending decision, so they are computed again (after
        a test changed the position by hand)."""
        self._legal = None

    def frame(self, name: str, *args: Any) -> Frame[Any]:
        """The frame of the op ``name`` with ``args``, found by name in the class's ``FRAMES`` (for what names
        an op by a string: a phase's ``begin`` or ``end``, ``setup``, ``AFTER_LAST_PHASE``, a saved game)."""
        cls = self.FRAMES.get(name)
        if cls is None:
            raise unknown(type(self), "flow op", name, self.FRAMES)
        return cls(*args)

    def ask(self, kind: str, seat: int, data: tuple[Any, ...] = ()) -> None:
        """Post a decision of a registered kind (``@legal``/``@act``) about ``data``, the kind's record
        (``@legal(kind, data=Record)``; nothing for a kind that registers none), and stop the run until it
        is answered."""
        k = self.KINDS.get(kind)
        if k is None:
            raise unknown(type(self), "decision kind", kind, self.KINDS)
        record = k.data
        if (type(data) is not record) if record is not None else (data or type(data) is not tuple):
            raise wrong_record(f"decision kind {kind!r}", type(self), record, data)
        self.decision = _new_tuple(Decision, (kind, seat, data))  # Decision(kind, seat, data), built directly

    def asked(self, record: type[R]) -> R:
        """The pending decision's data, the record ``record`` (for a ``legal`` method, which reads
        ``self.decision``)."""
        d = self.decision
        assert d is not None and type(d.data) is record, f"{d!r} does not carry a {record.__name__}"
        data: R = d.data
        return data

    def unregistered(self) -> list[str]:
        """The frames, the pending decision and the phases of the turn structure that name an op or a
        decision kind this class does not register (checked when a game starts or is loaded)."""
        ops, kinds = self.FRAMES, self.KINDS
        problems = [f"flow op {f!r} (not a frame)" for f in self.work if not isinstance(f, Frame)]
        if self.decision is not None and self.decision.kind not in kinds:
            problems.append(f"decision kind {self.decision.kind!r}")
        for phase in self.game.turn_structure.phases:
            for op in (phase.begin, phase.end):
                if op and op not in ops:
                    problems.append(f"flow op {op!r} (phase {phase.name!r})")
        if "setup" not in ops:
            problems.append("flow op 'setup'")
        return problems

    def finish(self, winners: tuple[int, ...], reason: str) -> None:
        """End the game. ``winners`` empty means a draw."""
        if self.outcome is None:
            self.outcome = Outcome(tuple(sorted(winners)), reason)
            self.decision = None
            self.work.clear()
            self._legal = None

    def _run(self) -> None:
        """Run frames until a decision that must be asked is posted, or the game ends.

        A decision with exactly one legal option is taken automatically and not recorded when public
        information forces it (``publicly_forced``): everyone can tell it is not a choice, and skipping it
        keeps records, bots and people free of empty prompts. Any other decision is asked, even with one
        option: whether a seat is asked must not tell the others what it holds (DESIGN.md section 2b).

        A search bot's private copy (``search_copy``, set by the bot on a determinization it made, never
        by the engine, ``determinize``, ``from_json`` or a real game) takes every single option at once:
        the search would answer it with that option anyway, so the play is the same, and no seat's
        information changes, because the only one looking at the copy is the bot that invented its hidden
        cards. It saves the search the cost of asking (and ``publicly_forced`` the cost of deciding).
        """
        work = self.work
        cls = type(self)
        steps = 0
        limit = self.LOOP_LIMIT
        # the default single-option rule (``publicly_forced``) is read inline: it runs at every question
        forced = cls.FORCED if cls.DEFAULT_FORCED else None
        while self.outcome is None:
            steps += 1
            if steps > limit:
                self.finish((), "endless loop")
                return
            d = self.decision
            if d is None:
                if not work:
                    raise RuntimeError("the flow ran out of work without a decision (engine bug)")
                work.pop().run(self)
                continue
            legal = self._legal
            if legal is None:  # ``_legal_tuple`` inline (the game goes on and a decision is posted)
                legal = self._legal = tuple(cls.LEGAL[d.kind](self))
            if len(legal) != 1:
                return
            if not self.search_copy:
                if forced is None:
                    if not self.publicly_forced(d):
                        return
                else:
                    rule = forced[d.kind]
                    if rule is not None and not rule(self, d):
                        return
            self.decision = None
            self._legal = None
            cls.ACT[d.kind](self, legal[0], d)

    def op_phase(self, name: str) -> None:
        """Enter phase ``name`` of the declared turn structure: run its ``begin`` op, then its ``end`` op once
        everything ``begin`` scheduled has run, then the next phase (or ``AFTER_LAST_PHASE`` after the last
        one)."""
        self.phase = name
        structure = self.game.turn_structure
        # the frames a phase schedules depend on the class and its game's turn structure alone, and frames
        # never change (clones share them): made once per phase and class, then shared
        key = (type(self), name)
        hit = _PHASE_WORK.get(key)
        if hit is None or hit[0] is not structure:
            phase = structure.by_name[name]
            nxt = structure.following(name)
            after = frames.EnterPhase(nxt) if nxt else self.frame(self.AFTER_LAST_PHASE)
            todo: tuple[Frame[Any], ...] = (after, self.frame(phase.begin))
            if phase.end:  # after everything the phase's begin op scheduled
                todo = (after, self.frame(phase.end), self.frame(phase.begin))
            hit = _PHASE_WORK[key] = (structure, todo)
        self.work.extend(hit[1])

    def publicly_forced(self, decision: Decision) -> bool:
        """Whether the one legal option of ``decision`` follows from public information, so the engine
        takes it without asking (hook; asked only of a decision that has exactly one legal option).

        The answer must depend on nothing hidden from any seat: not on the cards in a hand, a face-down
        set or a deck, only on what every View shows (zone sizes, cards in play, resources, the phase).
        Default: the kind's registered rule (``@legal(kind, forced=rule)``, core/kinds.py); a kind
        registered without one is forced, its options depending on public information only. A kind whose
        options come from hidden cards (a response window, a choice from a hand) declares a rule that is
        False unless public information rules every other option out (an empty hand, no mana for any card
        the seat could hold): the seat is then asked, and its only option may be ``pass``."""
        rule = self.KINDS[decision.kind].forced
        return rule is None or rule(self, decision)

    def start(self) -> None:
        """Begin the game: run the ``setup`` op and advance to the first decision."""
        problems = self.unregistered()
        if problems:
            raise UnregisteredError(f"{type(self).__name__} registers no {'; no '.join(problems)}")
        self.schedule(self.frame("setup"))
        self._run()

    # ------------------------------------------------------------------ events and the log

    def emit(self, event: Event) -> None:
        """Record an event in the log and let the game's triggers see it."""
        self._log = (event, self._log)
        self.on_event(event)

    def on_event(self, event: Event) -> None:
        """Hook: triggered abilities subscribe here (default: nothing listens)."""
        return None

    def iter_log(self, last: int) -> Iterator[Event]:
        """The ``last`` most recent events, newest first."""
        node = self._log
        while node is not None and last > 0:
            yield node[0]
            node = node[1]
            last -= 1

    # ------------------------------------------------------------------ meta actions: resigning

    def meta_problem(self, action: Action) -> str:
        """Why a meta action (resign, time used on the clock) cannot be applied now, or "" if it can (hook)."""
        if isinstance(action, Resign):
            return "" if self.can_resign(action.seat) else f"{seat_name(action.seat)} is not playing"
        if isinstance(action, TimeUsed):
            clock = self.game_clock()  # a game that holds no clock does not know the action
            if clock is not None:
                return clock.problem(action, self.current_player)
        return f"{type(action).__name__} is not an action of this game"

    def apply_meta(self, action: Action) -> None:
        if isinstance(action, Resign):
            self.resign(action.seat)
        elif isinstance(action, TimeUsed):
            clock = self.game_clock()
            if clock is not None:
                clock = clock.spent(action)
                self.set_game_clock(clock)
                if clock.ran_out(action.seat):
                    self.time_out(action.seat)

    def game_clock(self) -> Clock | None:
        """The chess clock the game holds (core/clock.py), or None (hook; default: the game offers none)."""
        return None

    def set_game_clock(self, clock: Clock) -> None:
        """Hold ``clock``, the game's clock after time used (hook of a game whose ``game_clock`` is one)."""
        raise NotImplementedError(f"{type(self).__name__} has a clock but no set_game_clock")

    def time_out(self, seat: int) -> None:
        """Hook: ``seat``'s time ran out. Default: it loses and every other seat wins."""
        self.finish(tuple(s for s in range(self.n_seats) if s != seat), "time")

    def can_resign(self, seat: int) -> bool:
        return 0 <= seat < self.n_seats and self.alive[seat]

    def resign(self, seat: int) -> None:
        """``seat`` leaves the game (with the seats ``seats_out_with`` names); the game ends or goes on by
        ``decide_after_elimination``. A decision the leaving seat owed is dropped through ``abandon``."""
        d = self.decision
        self.eliminate(self.seats_out_with(seat), "resignation")
        if self.outcome is None and d is not None and self.decision is d and not self.alive[d.seat]:
            self.decision = None
            self._legal = None
            self.abandon(d)

    def seats_out_with(self, seat: int) -> list[int]:
        """The seats that leave the game when ``seat`` resigns (hook; default: ``seat`` alone)."""
        return [seat]

    def abandon(self, decision: Decision) -> None:
        """Carry on after ``decision``'s seat left the game (hook). Reached only when the game goes on and
        the seat was not the last of its side to play this turn (that turn simply ends). Default: as if
        the seat declined -- the work already scheduled after the question (the rest of the step, the
        combat, the resolution that asked) carries on without the answer. A window's question restarts
        the window (``WindowState``); a game whose continuation needs an answer says what replaces it."""
        return None

    # ------------------------------------------------------------------ elimination

    def eliminate(self, seats: Sequence[int], reason: str) -> None:
        """``seats`` leave the game at once: each gets a ``lose`` event, then ``on_eliminated``; then
        ``decide_after_elimination`` may end the game. If it goes on and no seat of the side whose turn it
        is plays on, that turn ends (the work left is dropped and ``AFTER_LAST_PHASE`` runs). A seat
        already out is left alone."""
        seats = [s for s in seats if self.alive[s]]
        if not seats:
            return
        for seat in seats:
            self.alive[seat] = False
            self.emit(Event(LOSE, seat, note=reason))
        for seat in seats:
            self.on_eliminated(seat)
        self.decide_after_elimination(reason)
        if self.outcome is None and not self.active_seats():
            self.work.clear()
            self.decision = None
            self._legal = None
            self.schedule(self.frame(self.AFTER_LAST_PHASE))

    def on_eliminated(self, seat: int) -> None:
        """Hook: what happens to an eliminated seat's cards and pending effects (default: nothing)."""
        return None

    def decide_after_elimination(self, reason: str) -> None:
        """End the game when the elimination decided it (hook). Default: once one team is left it wins
        (every seat of it); when nobody is left the game is a draw."""
        winners = self.last_team_standing()
        if winners is None:
            return
        if winners:
            self.finish(winners, reason)
        else:
            self.finish((), reason + " (all remaining players lost at once)")

    def why_illegal(self, action: Action) -> str:
        d = self.decision
        assert d is not None
        options = ", ".join(str(a) for a in self.legal_actions()[:8])
        more = "" if len(self.legal_actions()) <= 8 else ", ..."
        # the prompt is a sentence in the game's words ("Choose your blockers, then Done."), so it follows
        return f"{action!s} is not legal now (legal: {options}{more}). {seat_name(d.seat)} to decide: " + (
            self.describe_decision()
        )

    def describe_decision(self) -> str:
        """A short phrase for the pending decision ("choose attackers", "respond or pass")."""
        d = self.decision
        return d.kind.replace("_", " ") if d else "nothing"

    def check_invariants(self) -> list[str]:
        """Every broken invariant of this state (hook: games add theirs, e.g. no negative resource)."""
        return self.check_integrity()
