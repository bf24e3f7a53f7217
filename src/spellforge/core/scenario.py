"""One way to build a position for rule tests, docs and bug reports: which cards are where, then run on.

A position is a list of :class:`Placed` cards per seat, in the order their card ids are given: each names
its card key, its zone (a zone name of the game's layout: ``"hand"``, ``"field"``, ``"occupant_A"``) and
its per-card options. A game's scenario module keeps only what is its own and declares it on a
:class:`Builder`:

* ``OPTIONS``: the per-card options an entry may carry after colons (``"gravel-ghoul:tapped:damage=2"``),
  each with its reader (:func:`flag`, :func:`number`);
* ``apply``: how one placed card's options (and the game's defaults) are written into the state;
* ``place``: how a card is put into its zone (default: on top, in the order written);
* ``zone``: which zone an entry's zone name means for its seat (default: the layout's zone of that name);
* ``SETUP``: whether the game's setup runs first (its shuffles and draws), before the position replaces it.

Core does the rest: it parses every entry and checks every card key, zone, option and seat, naming the bad
one and where (:class:`ScenarioError`); numbers the cards; lays them out; and finds them again
(:func:`card_id`). The game then sets whose turn it is, the phase and the resources, and runs the game on
to its first decision with the State's public ``run_on(...)`` (``reset_flow`` has dropped whatever ran
before). A scenario's record does not replay: the position was placed, not played.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from .cards import CardDef
from .errors import ScenarioError
from .frames import EnterPhase
from .ruleset import Ruleset
from .state import State
from .zones import Layout

Reader = Callable[[str | None], Any]


def flag(value: str | None) -> bool:
    """The reader of an option written alone (``tapped``, ``up``): it takes no value."""
    if value is not None:
        raise ValueError("takes no value")
    return True


def number(value: str | None) -> int:
    """The reader of an option with a whole number (``damage=2``)."""
    if value is None or not value.lstrip("-").isdigit():
        raise ValueError("needs a whole number (name=2)")
    return int(value)


def parse_entry(text: str, options: Mapping[str, Reader], where: str = "") -> tuple[str, dict[str, Any]]:
    """The card key and the options of an entry ``key:option:option=value``, each option read by its
    reader in ``options``; a :class:`ScenarioError` names the entry and the bad part."""
    key, *parts = text.split(":")
    at = f"{where} entry {text!r}" if where else f"entry {text!r}"
    if not key:
        raise ScenarioError(f"{at}: no card key before the options")
    opts: dict[str, Any] = {}
    for part in parts:
        name, sep, value = part.partition("=")
        reader = options.get(name)
        if reader is None:
            known = ", ".join(sorted(options)) or "none"
            raise ScenarioError(f"{at}: unknown option {name!r} (the options: {known})")
        try:
            opts[name] = reader(value if sep else None)
        except ValueError as error:
            raise ScenarioError(f"{at}: option {name!r} {str(error).replace('name=', name + '=')}") from None
    return key, opts


@dataclass(frozen=True, slots=True)
class Placed:
    """One card of a position: seat, zone name, card key and options; ``text`` is how it was written (for
    errors), ``card`` an ad-hoc definition outside the card pool, ``label`` a name to find it by."""

    seat: int
    zone: str
    key: str
    opts: Mapping[str, Any] = field(default_factory=dict)
    text: str = ""
    card: CardDef | None = None
    label: str = ""

    @property
    def where(self) -> str:
        written = f" entry {self.text!r}" if self.text and self.text != self.key else ""
        return f"P{self.seat + 1} {self.zone}{written}"


def zone_named(layout: Layout, name: str, seat: int, where: str = "") -> int:
    """The zone ``name`` of ``seat`` (a per-seat zone) or the shared zone ``name``."""
    if name in layout.by_seat:
        zones = layout.by_seat[name]
        if not 0 <= seat < len(zones):
            raise ScenarioError(f"{where or name}: no seat P{seat + 1} (the game has {len(zones)} seats)")
        return zones[seat]
    if name in layout.single:
        return layout.single[name]
    known = ", ".join(sorted({*layout.by_seat, *layout.single}))
    raise ScenarioError(f"{where or 'scenario'}: unknown zone {name!r} (the zones: {known})")


@mypyc_attr(allow_interpreted_subclasses=True)
class Builder:
    """Core's scenario builder for the game ``game``; a game subclasses it to declare its own part (see the
    module docstring). ``build`` checks, numbers and lays out the cards; the game's scenario function then
    places the players at a phase and calls ``state.run_on(...)``."""

    OPTIONS: ClassVar[Mapping[str, Reader]] = {}
    SETUP: ClassVar[bool] = False

    def __init__(self, game: Ruleset) -> None:
        self.game = game

    # ------------------------------------------------------------------ entries

    def entry(self, seat: int, zone: str, text: str, options: Mapping[str, Reader] | None = None) -> Placed:
        """One written entry of ``seat``'s ``zone``, parsed with the game's ``OPTIONS`` (or ``options``)."""
        key, opts = parse_entry(text, self.OPTIONS if options is None else options, f"P{seat + 1} {zone}")
        return Placed(seat, zone, key, opts, text)

    def entries(self, seat: int, zone: str, texts: Iterable[str]) -> list[Placed]:
        return [self.entry(seat, zone, text) for text in texts]

    def plain(self, seat: int, zone: str, keys: Iterable[str]) -> list[Placed]:
        """Cards of ``zone`` written by key alone (no options)."""
        return [self.entry(seat, zone, key, {}) for key in keys]

    def enter(self, phase: str) -> EnterPhase:
        """The frame that begins ``phase`` of the game's turn structure (for ``run_on``); an unknown phase
        is named with the phases there are."""
        phases = self.game.turn_structure.by_name
        if phase not in phases:
            raise ScenarioError(f"scenario: unknown phase {phase!r} (the phases: {', '.join(phases)})")
        return EnterPhase(phase)

    def card_of(self, p: Placed) -> CardDef:
        if p.card is not None:
            return p.card
        found = self.game.cards.get(p.key)
        if found is None:
            raise ScenarioError(f"unknown card {p.key!r} ({p.where}) in {self.game.title}")
        return found

    # ------------------------------------------------------------------ the position

    def new_state(
        self, seed: int, placed: Sequence[Sequence[Placed]], options: Mapping[str, Any] | None = None
    ) -> State:
        """A new state with every placed card (in its seat's deck, until ``lay_out``), not yet run: the
        game's setup runs first only with ``SETUP``; the flow is reset either way."""
        game = self.game
        decks = [[self.card_of(p) for p in cards] for cards in placed]
        players = len(decks)
        opts = game.resolve_options(players, dict(options or {}))
        if self.SETUP:
            state = game.start_game(seed, decks, players, opts)
        else:
            game.state_class.check_clone()
            state = game.state_class()
            state.init_core(game, seed, decks, opts, game.layout(players, opts))
            state.init_seating(
                game.seat_roles(players, opts), game.seat_teams(players, opts), game.seat_sides(players, opts)
            )
            state.init_game()
        state.reset_flow()
        return state

    def lay_out(self, state: State, placed: Sequence[Sequence[Placed]]) -> list[list[int]]:
        """Put every card in its zone, in order (card ids are given in the order placed, seat by seat),
        controlled by its seat; then ``apply`` each card's options. The ids per seat."""
        for cards in placed:  # every seat and zone checked before any card moves
            for p in cards:
                if not 0 <= p.seat < state.n_seats:
                    raise ScenarioError(
                        f"{p.where}: no seat P{p.seat + 1} (the game has {state.n_seats} seats)"
                    )
                self.zone(state, p)
        ids: list[list[int]] = []
        cid = 0
        for cards in placed:
            mine = []
            for p in cards:
                self.place(state, cid, self.zone(state, p))
                state.controller[cid] = p.seat
                mine.append(cid)
                cid += 1
            ids.append(mine)
        for cards, mine in zip(placed, ids, strict=True):
            seat_cards = list(zip(mine, cards, strict=True))
            for c, p in seat_cards:
                self.apply(state, c, p, seat_cards)
        return ids

    def build(
        self, placed: Sequence[Sequence[Placed]], *, seed: int = 0, options: Mapping[str, Any] | None = None
    ) -> State:
        """The position: a new state with the cards laid out, ready for the game to set the turn and
        ``run_on``."""
        state = self.new_state(seed, placed, options)
        self.lay_out(state, placed)
        return state

    # ------------------------------------------------------------------ hooks

    def zone(self, state: State, p: Placed) -> int:
        """The zone ``p`` names (hook; default: the layout's zone of that name, of ``p``'s seat)."""
        return zone_named(state.layout, p.zone, p.seat, p.where)

    def place(self, state: State, cid: int, zone: int) -> None:
        """Put ``cid`` on top of ``zone`` (hook; default: moved there with no rule of the game running)."""
        state.zones[state.zone_of[cid]].remove(cid)
        state.zones[zone].append(cid)
        state.zone_of[cid] = zone

    def apply(self, state: State, cid: int, p: Placed, seat_cards: Sequence[tuple[int, Placed]]) -> None:
        """Write ``p``'s options (and the game's defaults) into the state for card ``cid``, once every card is
        in its zone; ``seat_cards`` are its seat's cards, ``(id, Placed)`` in order, for an option that
        names another card (hook; default: nothing, the game declares no options)."""
        return None


# ---------------------------------------------------------------------- finding cards, acting


class Labels:
    """The card id of every label a scenario gave (``"a:ash-hound"``: ``a``); a second card of the same
    label is ``label#2``, a third ``label#3``. An unknown label is named with the labels there are."""

    __slots__ = ("ids",)

    def __init__(self, ids: dict[str, int]) -> None:
        self.ids = ids

    @staticmethod
    def of(placed: Sequence[Sequence[Placed]], ids: Sequence[Sequence[int]]) -> Labels:
        labels: dict[str, int] = {}
        for cards, mine in zip(placed, ids, strict=True):
            for p, cid in zip(cards, mine, strict=True):
                if not p.label:
                    continue
                key, k = p.label, 2
                while key in labels:
                    key = f"{p.label}#{k}"
                    k += 1
                labels[key] = cid
        return Labels(labels)

    def __getitem__(self, label: str) -> int:
        cid = self.ids.get(label)
        if cid is None:
            raise ScenarioError(f"no card labelled {label!r} (the labels: {', '.join(self.ids) or 'none'})")
        return cid

    def __contains__(self, label: object) -> bool:
        return label in self.ids


def card_id(
    state: State,
    key: str,
    seat: int | None = None,
    zone: str | None = None,
    nth: int = 0,
    *,
    controller: bool = False,
) -> int:
    """The id of the ``nth`` card ``key`` in id order (the order a scenario placed them), optionally only
    ``seat``'s (its owner's, or its controller's with ``controller``) and only in the zone named ``zone``."""
    layout = state.layout
    if seat is not None and not 0 <= seat < state.n_seats:
        raise ScenarioError(f"card {key!r}: no seat P{seat + 1} (the game has {state.n_seats} seats)")
    if zone is not None and zone not in layout.names:
        raise ScenarioError(
            f"card {key!r}: unknown zone {zone!r} (the zones: {', '.join(sorted(set(layout.names)))})"
        )
    of_key = [c for c in state.all_card_ids() if state.defs[c].key == key]
    if not of_key:
        raise ScenarioError(f"no card {key!r} in this position")
    whose = state.controller if controller else state.owner
    found = [
        c
        for c in of_key
        if (seat is None or whose[c] == seat) and (zone is None or layout.names[state.zone_of[c]] == zone)
    ]
    if len(found) <= nth:
        among = "".join(
            (f" of P{seat + 1}" if seat is not None else "", f" in {zone}" if zone is not None else "")
        )
        raise ScenarioError(f"no card {key!r} #{nth}{among}: {len(found)} found")
    return found[nth]


def legal(state: State) -> list[str]:
    """The legal actions, as text."""
    return [str(a) for a in state.legal_actions()]


def do(state: State, *actions: str) -> None:
    """Apply actions written as text, in order (raises IllegalActionError on the first illegal one)."""
    for text in actions:
        state.apply(state.game.parse_action(state, text))
