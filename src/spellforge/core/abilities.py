"""The ability layer: current values, keywords and triggered abilities, written once for every game.

:class:`AbilityState` is a base of a game's State (after core's selectors; core's
:class:`~spellforge.core.resolution.StackState` builds on it). It owns what a game used to write for itself:

**Values.** ``state.card_stat(cid, stat, printed)`` is the printed value changed by the static abilities in
force (:class:`Static`: declared by cards, computed when read) and by the modifiers on the card
(core/modifiers.py: changes with a source and a duration, made by effects), in one order for every game:

1. the printed value (the game adds what is printed elsewhere, such as an emblem's counters);
2. every SET, in timestamp order: first the statics' (in the order of their sources in force, then those
   its attached cards lend it), then the modifiers' (in the order they were made), so the newest SET wins;
3. every ADD, of statics and modifiers alike (ADDs commute);
4. the game clamps what it reads last (Attack never below 0).

``seat_stat(seat, stat, printed)`` reads a seat's value (action points, hand size) the same way, with the
statics that name players.

**Keywords.** ``state.has_keyword(cid, kw)``: printed on the card, granted by a modifier
(``state.grant(cid, kw, duration, source)``: for a turn, a battle, while its source is in play, for good)
or by a static in force (``{ static = true, do = "grant", keyword = "flying", to = "your dragons" }``).

**Triggered abilities.** A card's trigger word names a :class:`When` (the event kind it listens to, and
which of those events fire it). Every event a game emits (``state.emit``) is offered to the abilities that
listen to its kind (``TRIGGER_EVENTS``), in one order: the event card's own ``this`` abilities, those its
attached cards lend it, then the listeners in force in zone order. Each one fired waits in the one trigger
queue, ``pending_triggers`` (core/windows.py), as a ``WaitingTrigger``, through ``queue_trigger``; the game's ``put_trigger`` puts it
on the stack in its ``trigger_seat_order``. A game that fires triggers for something it does not log (an
"On Play" of a summon that was not negated) calls ``state.fire(event)``.

**In force.** Which cards' abilities count is declared: the zones ``ABILITY_ZONES`` (by name), and per card
the hook ``abilities(cid)`` (default: none; a game returns the card's :class:`AbilitySet` where it is: face
up in play, attached to a host, or nothing face down). The layer reads the cards in force once and keeps
what they give (:class:`InForce`) until a card that gives something there (``AbilitySet.gives``) moves into
or out of those zones: nothing is refreshed by hand, and removing a source removes its effects at once. A
game that changes what a card in force has without moving it calls ``abilities_changed(cid)`` (turned face
up where it lies), or ``abilities_changed()`` for any other change. What is in force is
public, so a determinized copy (which only exchanges hidden cards) reads the same.

A static reaches a card when the hook ``static_target(cid)`` allows it (default: the card is in force), the
card is not ``unaffected_by`` the source (Immune), and the card matches the static's selector read from its
source's controller; a ``host`` static reaches the card its source is attached to (``host_of``) instead.

>>> from spellforge.core.selectors import SelectorVocabulary
>>> words = SelectorVocabulary(nouns=frozenset({"knight"}))
>>> Static("attack", ADD, 1, words.parse("your knights")).describe()
'attack +1 to your knights'
>>> Static("flying", GRANT, host=True).describe()
'flying to the card it is attached to'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from mypy_extensions import mypyc_attr

from .cards import Effect
from .effects import Context, Selecting
from .events import Event
from .modifiers import (
    ADD,
    DURATION_WORDS,
    GRANT,
    SET,
    TURN,
    Modifier,
    card_value,
    granted,
    seat_value,
)
from .selectors import Selection
from .table import TableState
from .windows import WaitingTrigger

_new_tuple = tuple.__new__

# Whose events a listening trigger hears, from its controller's point of view.
ANY = "any"
YOU = "you"
ENEMY = "enemy"
RELATIONS = (ANY, YOU, ENEMY)


@dataclass(frozen=True, slots=True)
class Static:
    """One static ability: ``op`` (ADD, SET, or GRANT of the keyword ``stat``) to the cards or seats its
    ``affects`` selector names (read from its source's controller), or with ``host`` to the card its source
    is attached to."""

    stat: str
    op: int = ADD
    amount: int = 1
    affects: Selection | None = None
    host: bool = False

    def describe(self) -> str:
        if self.op == GRANT:
            what = self.stat
        elif self.op == SET:
            what = f"{self.stat} = {self.amount}"
        else:
            what = f"{self.stat} {self.amount:+d}"
        whom = (
            "the card it is attached to" if self.host else (self.affects.describe() if self.affects else "")
        )
        return f"{what} to {whom}" if whom else what

    @property
    def lowers(self) -> bool:
        """Whether it may lower the value it changes (a negative ADD, or any SET)."""
        return self.op == SET or (self.op == ADD and self.amount < 0)


def static_of(effect: Effect, *, host: bool = False) -> Static:
    """The :class:`Static` of a card's ``static = true`` effect: ``modify`` (``stat`` by ``amount``, or to it
    with ``set = true``) or ``grant`` (``keyword``); ``host`` for a line that applies to the card its source is attached to."""
    if effect.verb == "grant":
        return Static(str(effect.param("keyword")), GRANT, 1, None if host else effect.to, host)
    if effect.verb == "modify":
        op = SET if effect.param("set", False) else ADD
        return Static(str(effect.param("stat")), op, effect.amount, None if host else effect.to, host)
    raise ValueError(f"effects[{effect.index}]: only modify and grant can be static, not {effect.verb!r}")


@dataclass(frozen=True, slots=True)
class When:
    """Which events fire a triggered ability: those of kind ``event`` that are about its own card (``this``;
    for an ability a card lends the card it is attached to), or, for a listener while its card is in force,
    those not about its own card (``other``) of the seats ``seat`` names (:data:`ANY`, :data:`YOU`,
    :data:`ENEMY`, from its controller), and, with ``about``, only those about a card that selector names
    (read from the listener's controller, wherever the card is now: "whenever a character is destroyed")."""

    event: str
    this: bool = False
    other: bool = False
    seat: str = ANY
    about: Selection | None = None

    def __post_init__(self) -> None:
        if self.seat not in RELATIONS:
            raise ValueError(f"When.seat must be one of {', '.join(RELATIONS)}, not {self.seat!r}")
        if self.this and (self.other or self.seat != ANY or self.about is not None):
            raise ValueError("a trigger about its own card names no other card, no seat and no selector")


@dataclass(frozen=True, slots=True)
class Trigger:
    """A triggered ability of a card: when it fires, and which of the card's effects (by index) it queues."""

    when: When
    effect: int


def _by_event(triggers: Iterable[Trigger]) -> dict[str, tuple[Trigger, ...]]:
    out: dict[str, list[Trigger]] = {}
    for t in triggers:
        out.setdefault(t.when.event, []).append(t)
    return {k: tuple(v) for k, v in out.items()}


def _no_triggers() -> dict[str, tuple[Trigger, ...]]:
    return {}


@dataclass(frozen=True, slots=True)
class AbilitySet:
    """The abilities one card has in one situation (in play, attached to a host), grouped for reading:
    its statics, its ``this`` triggers and its listeners by event kind, and its activated abilities.
    ``lent``: what a card lends the card it is attached to (its ``host`` statics reach that card, its
    ``this`` triggers fire for it). ``gives``: whether it adds to what is in force (a static, a listener, an
    activated ability, or anything lent); a set of the card's own triggers alone adds nothing there (they are
    read from the card when they fire), so such a card moving changes nothing in force. Built once when the
    card loads and shared (never changed)."""

    statics: tuple[Static, ...] = ()
    own: dict[str, tuple[Trigger, ...]] = field(default_factory=_no_triggers)
    listens: dict[str, tuple[Trigger, ...]] = field(default_factory=_no_triggers)
    activated: tuple[Effect, ...] = ()
    lent: bool = False
    gives: bool = field(default=False, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "gives", bool(self.statics or self.listens or self.activated or self.lent))

    @staticmethod
    def of(
        statics: Iterable[Static] = (),
        triggers: Iterable[Trigger] = (),
        activated: Iterable[Effect] = (),
        *,
        lent: bool = False,
    ) -> AbilitySet:
        """The set of these abilities (:data:`NO_ABILITIES` when there are none); ``lent`` for what a card
        lends its host (only such a set has ``host`` statics)."""
        s, t, a = tuple(statics), tuple(triggers), tuple(activated)
        if not (s or t or a):
            return NO_ABILITIES
        if not lent and any(x.host for x in s):
            raise ValueError("a host static is lent to the card its source is attached to (lent = True)")
        return AbilitySet(
            s, _by_event(x for x in t if x.when.this), _by_event(x for x in t if not x.when.this), a, lent
        )

    @staticmethod
    def of_effects(effects: Iterable[Effect], triggers: Mapping[str, When]) -> AbilitySet:
        """The abilities among a card's effects: its statics (``static = true``), its triggered abilities
        (``on = "<word>"``, each word's :class:`When` from the game's ``triggers``) and its activated ones."""
        effects = tuple(effects)
        return AbilitySet.of(
            (static_of(e) for e in effects if e.static),
            (Trigger(triggers[e.trigger], e.index) for e in effects if e.trigger),
            (e for e in effects if e.activate is not None),
        )

    @property
    def events(self) -> frozenset[str]:
        """The event kinds its triggers listen to."""
        return frozenset(self.own) | frozenset(self.listens)


NO_ABILITIES = AbilitySet()


class InForce:
    """What the cards in force give, read once from them (never saved, never changed once read: every clone
    shares it until one of its cards moves). A plain slotted record: it is built after every move into or
    out of play, so it costs no more than its eight stores."""

    __slots__ = ("activated", "grants", "hosted", "hosted_grants", "lent", "listens", "lowering", "values")

    def __init__(
        self,
        values: dict[str, list[tuple[int, Static]]],
        grants: dict[str, list[tuple[int, Static]]],
        hosted: dict[tuple[int, str], list[Static]],
        hosted_grants: set[tuple[int, str]],
        listens: dict[str, list[tuple[int, Trigger]]],
        lent: dict[int, list[int]],
        activated: list[tuple[int, Effect]],
        lowering: set[str],
    ) -> None:
        self.values = values  # ADD and SET statics by the stat they change
        self.grants = grants  # GRANT statics by keyword
        self.hosted = hosted  # (host, stat) -> the ADD and SET statics lent to it
        self.hosted_grants = hosted_grants  # (host, keyword) for each keyword lent to it
        self.listens = listens  # listeners by event kind, in zone order
        self.lent = lent  # host -> the cards attached to it that lend it abilities
        self.activated = activated  # (card, ability) of every activated ability in force
        self.lowering = lowering  # the stats some static may lower (a negative ADD, a SET)


@mypyc_attr(allow_interpreted_subclasses=True)
class AbilityState(Selecting):
    """Values, keywords and triggers of a State (see the module docstring)."""

    # derived: what the cards in force give (a clone shares it), and the zones of ABILITY_ZONES (in order,
    # and as a set: a move into or out of one reads the cards in force again)
    __slots__ = ("_force_order", "_force_set", "_in_force")

    DERIVED = Selecting.DERIVED | {"_in_force", "_force_order", "_force_set"}
    # The zones (by name) whose cards' abilities are in force, in the order their listeners fire.
    ABILITY_ZONES: ClassVar[tuple[str, ...]] = ()
    # The event kinds some trigger word listens to: an event of another kind is only logged.
    TRIGGER_EVENTS: ClassVar[frozenset[str]] = frozenset()

    _in_force: InForce | None
    _force_order: tuple[int, ...]
    _force_set: frozenset[int]

    def init_flow(self) -> None:
        super().init_flow()
        self.init_abilities()

    def rebuild(self) -> None:
        super().rebuild()
        self.init_abilities()

    def init_abilities(self) -> None:
        """Number ``ABILITY_ZONES`` in this game's layout; nothing read from the cards in force yet."""
        self._force_order = tuple(self.force_zones())
        self._force_set = frozenset(self._force_order)
        self._in_force = None

    # ------------------------------------------------------------------ hooks

    def abilities(self, cid: int) -> AbilitySet:
        """What card ``cid`` has where it is now (hook; default: nothing). Read for the cards in
        ``ABILITY_ZONES`` and for the card an event is about; an attached card returns what it lends its
        host, a face-down card :data:`NO_ABILITIES`."""
        return NO_ABILITIES

    def abilities_lent(self, cid: int) -> AbilitySet:
        """What card ``cid`` lends the card it is attached to, or was until it left play with it (hook;
        default: nothing): its ``this`` triggers work for that host."""
        return NO_ABILITIES

    def host_of(self, cid: int) -> int:
        """The card ``cid`` is attached to, or -1 (hook; default: none): its ``host`` statics and ``this``
        triggers then work for that card."""
        return -1

    def static_target(self, cid: int) -> bool:
        """Whether statics that name cards may reach card ``cid`` now (hook; default: it is in force)."""
        return self.zone_of[cid] in self._force_set

    def unaffected_by(self, cid: int, source: int) -> bool:
        """Whether card ``cid`` ignores the abilities of ``source`` (hook; default: never -- Immune)."""
        return False

    def queue_trigger(self, seat: int, card: int, effect: int, source: int, event_card: int) -> None:
        """A triggered ability fired: ``card``'s effect ``effect``, controlled by ``seat``, working for
        ``source`` (the card itself or the host it is lent to), about ``event_card`` (hook; default: it waits
        in ``pending_triggers`` as a :class:`~spellforge.core.windows.WaitingTrigger`)."""
        self.pending_triggers.append(_new_tuple(WaitingTrigger, (seat, card, effect, source, event_card)))

    def add_modifier(self, cid: int, stat: str, amount: int, duration: str, source: int) -> None:
        """The shared verb ``modify`` changes a card (hook: a game checks the card and logs it)."""
        self.modify_card(cid, stat, amount, DURATION_WORDS[duration or "turn"], source)

    def add_grant(self, cid: int, keyword: str, duration: str, source: int) -> None:
        """The shared verb ``grant`` gives a card a keyword (hook: a game checks the card and logs it)."""
        self.grant(cid, keyword, DURATION_WORDS[duration or "turn"], source)

    def run_verb(self, effect: Effect, ctx: Context) -> None:
        """Carry out ``effect``: its verb's function, declared in the game's vocabulary (hook)."""
        run = effect.run
        if run is None:
            raise NotImplementedError(f"{type(self).__name__}: verb {effect.verb!r} declares no function")
        run(self, effect, ctx)

    # ------------------------------------------------------------------ the cards in force

    def abilities_changed(self, cid: int = -1) -> None:
        """A card in force has other abilities without having moved (turned face up, razed): read them again.
        With ``cid``, the card that has gained them: read again only if it is in force and gives something
        (``gives_in_force``)."""
        if cid < 0 or (self.zone_of[cid] in self._force_set and self.gives_in_force(cid)):
            self._in_force = None

    def remap_hidden(self, mapping: dict[int, int]) -> None:
        """determinize() gave hidden cards other identities: where one of them is in force (a face-down card
        whose ability may be used face down), what is in force is read again for the new identities. A game
        that overrides this calls it first."""
        if self._in_force is not None:
            # ``mapping`` is a permutation of the hidden cards (a deck's, a hand's): the cards in force, fewer,
            # are the ones looked up
            zones = self.zones
            for z in self._force_order:
                for cid in zones[z]:
                    if cid in mapping:
                        self._in_force = None
                        return

    def gives_in_force(self, cid: int) -> bool:
        """Whether card ``cid`` adds to what is in force (``AbilitySet.gives``), with what it has now or what
        it lends a host: only such a card moving into or out of ``ABILITY_ZONES`` changes what is in force."""
        return self.abilities(cid).gives or self.abilities_lent(cid).gives

    def move(self, cid: int, zone: int, *, bottom: bool = False) -> None:
        """As core's, and a card that gives something in force (``gives_in_force``) moving into or out of
        ``ABILITY_ZONES`` has the cards in force read again."""
        if self._in_force is not None:
            force_set = self._force_set
            if (zone in force_set or self.zone_of[cid] in force_set) and (
                self.abilities(cid).gives or self.abilities_lent(cid).gives
            ):
                self._in_force = None
        # every move passes here: TableState's own, called directly (no base in between overrides it, as
        # tests/core/test_abilities.py checks), costs a fraction of a super() lookup
        TableState.move(self, cid, zone, bottom=bottom)

    def in_force(self) -> InForce:
        """What the cards in force give now (read once, kept until a card moves into or out of them)."""
        force = self._in_force
        if force is None:
            force = self._in_force = self._read_in_force()
        return force

    def force_zones(self) -> list[int]:
        """The zones of ``ABILITY_ZONES`` in this game's layout, in order."""
        layout = self.layout
        order: list[int] = []
        for name in self.ABILITY_ZONES:
            seat_zones = layout.by_seat.get(name)
            order.extend(seat_zones if seat_zones is not None else (layout.zone(name),))
        return order

    def _read_in_force(self) -> InForce:
        # lists and dicts built here are never changed once read (every clone shares them)
        values: dict[str, list[tuple[int, Static]]] = {}
        grants: dict[str, list[tuple[int, Static]]] = {}
        hosted: dict[tuple[int, str], list[Static]] = {}
        hosted_grants: set[tuple[int, str]] = set()
        listens: dict[str, list[tuple[int, Trigger]]] = {}
        lent: dict[int, list[int]] = {}
        activated: list[tuple[int, Effect]] = []
        lowering: set[str] = set()
        abilities = self.abilities
        zones = self.zones
        for z in self._force_order:
            for cid in zones[z]:
                ab = abilities(cid)
                if ab is NO_ABILITIES:
                    continue
                host = self.host_of(cid) if ab.lent else -1
                if host >= 0:
                    lent.setdefault(host, []).append(cid)
                for st in ab.statics:
                    if st.op == SET or (st.op == ADD and st.amount < 0):
                        lowering.add(st.stat)
                    if st.host:  # read by the card it is attached to alone: kept by host
                        if host < 0:
                            continue
                        if st.op == GRANT:
                            hosted_grants.add((host, st.stat))
                        else:
                            hosted.setdefault((host, st.stat), []).append(st)
                        continue
                    by = grants if st.op == GRANT else values
                    found = by.get(st.stat)
                    if found is None:
                        by[st.stat] = [(cid, st)]
                    else:
                        found.append((cid, st))
                if ab.listens:
                    for kind, triggers in ab.listens.items():
                        listens.setdefault(kind, []).extend([(cid, t) for t in triggers])
                if ab.activated:
                    activated.extend([(cid, e) for e in ab.activated])
        return InForce(values, grants, hosted, hosted_grants, listens, lent, activated, lowering)

    def lenders(self, host: int) -> Sequence[int]:
        """The cards in force attached to ``host`` (they lend it abilities), in zone order."""
        return self.in_force().lent.get(host, ())

    def activated_in_force(self) -> Sequence[tuple[int, Effect]]:
        """Every activated ability of the cards in force, as (card, ability), in zone order (read for every
        option list)."""
        force = self._in_force
        if force is None:
            force = self.in_force()
        return force.activated

    def static_reaches(self, source: int, static: Static, cid: int) -> bool:
        """Whether ``source``'s ``static`` applies to card ``cid`` now."""
        if static.host:
            return self.host_of(source) == cid
        affects = static.affects
        if affects is None or not self.static_target(cid) or self.unaffected_by(cid, source):
            return False
        ctx = Context(source, self.controller[source])
        for sel in affects.alternatives:  # noqa: SIM110 -- read for every card and static: no generator
            if not sel.is_player and self.matches(sel, cid, ctx):
                return True
        return False

    # ------------------------------------------------------------------ values (the one order)

    def card_stat(self, card: int, stat: str, printed: int) -> int:
        """``card``'s ``stat`` now: ``printed``, then the SETs of statics (those of the cards in force, then
        those its attached cards lend it) and of modifiers, then every ADD."""
        force = self._in_force
        if force is None:
            force = self.in_force()
        statics = force.values.get(stat)
        mods = self.modifiers
        if statics is None and not force.hosted:  # nothing in force changes it (the usual case)
            return card_value(mods, card, stat, printed) if mods else printed
        hosted = force.hosted.get((card, stat)) if force.hosted else None
        value = printed
        add = 0
        if statics is not None:
            reaches = self.static_reaches
            for src, s in statics:
                if reaches(src, s, card):
                    if s.op == ADD:
                        add += s.amount
                    else:
                        value = s.amount
        if hosted is not None:
            for s in hosted:
                if s.op == ADD:
                    add += s.amount
                else:
                    value = s.amount
        if mods:
            value = card_value(mods, card, stat, value)
        return value + add

    def seat_stat(self, seat: int, stat: str, printed: int) -> int:
        """A seat's ``stat`` (action points, hand size): as ``card_stat``, with the statics naming players."""
        force = self._in_force
        if force is None:
            force = self.in_force()
        statics = force.values.get(stat)
        mods = self.modifiers
        if statics is None:  # no static changes it (the usual case): the modifiers alone
            return seat_value(mods, seat, stat, printed) if mods else printed
        value = printed
        add = 0
        for src, s in statics:
            affects = s.affects
            if affects is None:
                continue
            ctx = Context(src, self.controller[src])
            for sel in affects.alternatives:  # read for every seat's number: no generator
                if sel.is_player and self.player_matches(sel, seat, ctx):
                    if s.op == ADD:
                        add += s.amount
                    else:
                        value = s.amount
                    break
        if mods:
            value = seat_value(mods, seat, stat, value)
        return value + add

    def may_lower(self, stat: str) -> bool:
        """Whether any static in force or modifier may lower ``stat`` now: only then can a card's value be
        below its printed one."""
        force = self._in_force
        if force is None:
            force = self.in_force()
        if stat in force.lowering:
            return True
        for m in self.modifiers:  # noqa: SIM110 -- read after every resolution: no generator
            if m.stat == stat and (m.op == SET or (m.op == ADD and m.amount < 0)):
                return True
        return False

    # ------------------------------------------------------------------ keywords

    def has_keyword(self, cid: int, keyword: str) -> bool:
        """Whether card ``cid`` has ``keyword`` now: printed, granted by a modifier, or by a static."""
        if keyword in self.defs[cid].keywords:
            return True
        mods = self.modifiers
        if mods and granted(mods, cid, keyword):
            return True
        force = self._in_force
        if force is None:
            force = self.in_force()
        if force.hosted_grants and (cid, keyword) in force.hosted_grants:
            return True
        statics = force.grants.get(keyword)
        if statics:
            reaches = self.static_reaches
            for src, s in statics:
                if reaches(src, s, cid):
                    return True
        return False

    def grant(self, card: int, keyword: str, duration: int = TURN, source: int = -1) -> Modifier:
        """Give ``card`` ``keyword`` for ``duration`` (a modifier: it ends with the turn, when its source
        leaves play ... as any modifier does)."""
        return self._add_modifier(Modifier(card, -1, keyword, GRANT, 1, duration, source))

    # ------------------------------------------------------------------ triggers

    def on_event(self, event: Event) -> None:
        """Every emitted event of a kind some trigger listens to fires the triggers it concerns."""
        if event.kind in self.TRIGGER_EVENTS:
            self.fire(event)

    def emit_lent(self, event: Event, lenders: Sequence[int]) -> None:
        """Emit ``event`` about a card that has left play together with the cards attached to it: those
        ``lenders`` still lend it their triggers (an equipped minion's Death)."""
        self._log = (event, self._log)
        if event.kind in self.TRIGGER_EVENTS:
            self.fire(event, lenders)

    def fire(self, event: Event, lenders: Sequence[int] | None = None) -> None:
        """Queue the triggered abilities ``event`` fires: the event card's own ``this`` abilities, those
        ``lenders`` lend it (default: the cards attached to it now; a card that has left play passes the
        ones that were), then the listeners in force in zone order.

        Most events fire nothing, and are passed over first: one about no card that nothing in force
        listens to at once, one about a card when neither the card nor what is lent to it has an ability of
        its kind and nothing in force listens to it (a game may call this for every event it has)."""
        kind = event.kind
        card = event.card
        force = self._in_force
        if force is None:
            force = self.in_force()
        listeners = force.listens.get(kind)
        if card < 0:
            if listeners is None:
                return
        else:
            own = self.abilities(card).own
            if own and kind in own:
                for t in own[kind]:
                    self.queue_trigger(event.seat, card, t.effect, card, card)
            if lenders is None and force.lent:
                lenders = force.lent.get(card)
            if lenders:
                for lender in lenders:
                    for t in self.abilities_lent(lender).own.get(kind, ()):
                        self.queue_trigger(event.seat, lender, t.effect, card, card)
            if listeners is None:
                return
        queue = self.queue_trigger
        controller = self.controller
        for cid, t in listeners:
            when = t.when
            if when.other and cid == card:
                continue
            seat = controller[cid]
            if when.seat == YOU:
                if event.seat != seat:
                    continue
            elif when.seat == ENEMY and (event.seat < 0 or not self.is_enemy(seat, event.seat)):
                continue
            if when.about is not None and not self.is_about(when.about, card, Context(cid, seat)):
                continue
            queue(seat, cid, t.effect, cid, card)

    def is_about(self, about: Selection, card: int, ctx: Context) -> bool:
        """Whether an event about ``card`` (-1: none) is about a card ``about`` names, read from ``ctx``."""
        if card < 0:
            return False
        for sel in about.alternatives:  # noqa: SIM110 -- read for every listener fired: no generator
            if not sel.is_player and self.matches(sel, card, ctx):
                return True
        return False

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
        "_force_order",
        "_force_set",
        "_in_force",
    )

    def clone(self) -> AbilityState:
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
        new._force_order = self._force_order
        new._force_set = self._force_set
        new._in_force = self._in_force
        return new

    # --- end of generated code ---
