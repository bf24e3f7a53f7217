"""The Ruleset: one game's declared facts (players, options, zones, turn, actions) plus its hooks.

A Ruleset is a parameterised factory (like an OpenSpiel Game): ``new_game`` makes a :class:`State`,
``parse_action`` reads an action back from its text, ``from_json`` and ``replay`` rebuild games. Each game
subclasses it in ``spellforge.games.<name>`` and is listed once in the registry.
"""

from __future__ import annotations

import copy
import os
import secrets
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from .actions import COMMON_ACTIONS, Action
from .cards import CardDef
from .decks import (
    DECK_FILE_SUFFIXES,
    MAIN,
    DeckList,
    count_cards,
    is_deck_text,
    load_deck,
    parse_deck_text,
)
from .errors import DeckError, IllegalActionError, SpellforgeError, UnknownNameError
from .flow import TurnStructure
from .hints import NO_HINTS, Hints
from .replay import decode_state, make_record, replay_record
from .rng import Rng
from .zones import Layout, ZoneSpec, numbered

if TYPE_CHECKING:
    from .state import State

DeckSpec = DeckList | str | Path | Sequence[CardDef]


def _names_a_file(text: str) -> bool:
    """Whether a one-line deck spec is meant as a file path (it may still be missing)."""
    if text.endswith(DECK_FILE_SUFFIXES) or "/" in text or os.sep in text:
        return True
    try:
        return Path(text).exists()
    except (OSError, ValueError):  # too long for a file name, or a NUL: not a path
        return False


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """A declared ruleset option: ``new_game(**{name: value})`` and ``--option name=value``."""

    name: str
    type: type
    default: Any
    help: str
    choices: tuple[Any, ...] = ()
    minimum: float | None = None

    def coerce(self, value: Any) -> Any:
        """Check (and, from CLI text, convert) a value; raises SpellforgeError naming the option."""
        if isinstance(value, str) and self.type is not str:
            text = value.strip().lower()
            try:
                if self.type is bool:
                    if text not in ("true", "false", "yes", "no", "1", "0", "on", "off"):
                        raise ValueError
                    value = text in ("true", "yes", "1", "on")
                elif self.type is int:
                    value = int(text)
                elif self.type is float:
                    value = float(text)
            except ValueError:
                raise SpellforgeError(
                    f"option {self.name}: expected {self.type.__name__}, got {value!r}"
                ) from None
        if value is None and self.default is None:
            return None
        if self.type is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if not isinstance(value, self.type) or (self.type is int and isinstance(value, bool)):
            raise SpellforgeError(f"option {self.name}: expected {self.type.__name__}, got {value!r}")
        if self.choices and value not in self.choices:
            raise SpellforgeError(
                f"option {self.name}: {value!r} is not one of {', '.join(repr(c) for c in self.choices)}"
            )
        if self.minimum is not None and isinstance(value, int | float) and value < self.minimum:
            raise SpellforgeError(f"option {self.name}: must be at least {self.minimum}, got {value!r}")
        return value


class Ruleset(ABC):
    """Base of every game. Subclasses set the class-level facts and implement the hooks.

    How bots should search a game and how clients show it are not rules: a game declares them in core terms
    as its ``hints`` (``core.hints.Hints``: plain functions and values), which the bots, the clients and
    the research interfaces read from the ruleset; the game imports none of them."""

    name: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str] = ""  # one line, for listings
    description: ClassVar[str] = ""  # one paragraph a new player reads: what the game is and how it is won
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    default_players: ClassVar[int] = 2
    # The roles of an asymmetric game (Spelldawn: Overlord and Champion), given to the seats by
    # ``seat_roles``; each role may have its own decks (``build_deck(deck, role=...)``). Empty: no roles.
    roles: ClassVar[tuple[str, ...]] = ()
    max_turns: ClassVar[int] = 500  # a game still running after this many turns ends as a draw
    utility_range: ClassVar[tuple[float, float]] = (-1.0, 1.0)
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    zones: ClassVar[tuple[ZoneSpec, ...]] = ()
    turn_structure: ClassVar[TurnStructure]
    actions: ClassVar[tuple[type[Action], ...]] = ()
    state_class: ClassVar[type[State]]
    data_dir: ClassVar[Path]
    hints: ClassVar[Hints] = NO_HINTS  # what the game tells its clients beyond the rules (core/hints.py)
    # Extra configurations (players and options) the generic conformance suite also plays.
    conformance_variants: ClassVar[tuple[dict[str, Any], ...]] = ()
    # Tournament facts the match runner (sim.matches) checks: the fewest players an event needs, the
    # players per game a match may have (empty: any count the game allows) and the match lengths allowed.
    tournament_min_players: ClassVar[int] = 2
    tournament_game_players: ClassVar[tuple[int, ...]] = ()
    match_lengths: ClassVar[tuple[int, ...]] = (1, 3, 5)

    # ------------------------------------------------------------------ data

    # The card pool and the preconstructed decks, loaded on first use (``cards``, ``decks``).
    _cards: dict[str, CardDef] | None = None
    _decks: dict[str, DeckList] | None = None

    @property
    def cards(self) -> dict[str, CardDef]:
        """The game's card pool by id (loaded and validated once)."""
        cards = self._cards
        if cards is None:
            cards = self._cards = self.load_cards(sorted((self.data_dir / "cards").glob("*.toml")))
        return cards

    def with_cards(self, cards: dict[str, CardDef]) -> Ruleset:
        """A copy of this ruleset whose card pool is ``cards`` (this one is left alone)."""
        changed = copy.copy(self)
        changed._cards = cards
        return changed

    @abstractmethod
    def load_cards(self, paths: list[Path]) -> dict[str, CardDef]:
        """Load and validate the game's card files (raise CardDataError naming file, card and field)."""

    @property
    def decks(self) -> dict[str, DeckList]:
        """The preconstructed decks by file stem (loaded once)."""
        out = self._decks
        if out is None:
            out = {}
            for path in sorted((self.data_dir / "decks").glob("*.toml")):
                out[path.stem] = load_deck(path)
            self._decks = out
        return out

    def deck_list(self, spec: str | Path | DeckList) -> DeckList:
        """A preconstructed deck by name, a deck file path, or deck-list text (TOML or plain).

        A string is a deck's name if one is called so, deck-list text if it reads as one (several lines,
        a ``<count> <card>`` line or TOML), and otherwise a file path. A file that is missing or cannot
        be read raises DeckError naming it.
        """
        if isinstance(spec, DeckList):
            return spec
        if isinstance(spec, Path):
            return load_deck(spec)
        if not isinstance(spec, str):
            raise SpellforgeError(
                f"a deck is a preconstructed deck name, a deck file path, deck-list text, a DeckList or "
                f"a list of card definitions, not {type(spec).__name__}"
            )
        if spec in self.decks:
            return self.decks[spec]
        if "\n" in spec.strip():
            return parse_deck_text(spec)
        if _names_a_file(spec):
            return load_deck(spec)
        if is_deck_text(spec):
            return parse_deck_text(spec)
        shown = spec if len(spec) <= 80 else spec[:77] + "..."
        raise UnknownNameError(
            f"unknown deck {shown!r} for {self.title}: not a file, and the preconstructed decks are "
            f"{', '.join(sorted(self.decks))}"
        )

    def validate_deck(self, deck: DeckList, role: str = "", **options: Any) -> list[str]:
        """Every construction rule ``deck`` breaks (empty when legal), for a seat playing ``role``."""
        return self.build_deck(deck, role=role, **options)[1]

    @abstractmethod
    def build_deck(self, deck: DeckList, role: str = "", **options: Any) -> tuple[list[CardDef], list[str]]:
        """The cards of ``deck`` in list order, and every construction problem, for a seat playing ``role``
        (one of ``roles``; ``""`` in a role-less game, which ignores it)."""

    def deck_cards(self, deck: DeckSpec, role: str = "", **options: Any) -> list[CardDef]:
        """The card definitions of a deck spec for a seat playing ``role``; raises DeckError listing every
        problem.

        A list of card definitions is checked by the same construction rules as a written deck list
        (through :meth:`cards_deck_list`) and, when legal, returned in the order given.
        """
        if (
            isinstance(deck, Sequence)
            and not isinstance(deck, str)
            and all(isinstance(c, CardDef) for c in deck)
        ):
            cards: list[CardDef] = list(deck)
            problems = self.foreign_cards(cards)
            if not problems:
                problems = self.build_deck(self.cards_deck_list(cards, role), role=role, **options)[1]
            if problems:
                raise DeckError(f"the list of card definitions is not a legal {self.title} deck", problems)
            return cards
        deck_list = self.deck_list(deck)  # type: ignore[arg-type]
        cards, problems = self.build_deck(deck_list, role=role, **options)
        if problems:
            raise DeckError(f"deck {deck_list.name!r} is not legal for {self.title}", problems)
        return cards

    def cards_deck_list(self, cards: Sequence[CardDef], role: str = "") -> DeckList:
        """The deck list a list of card definitions stands for, for a seat playing ``role``, so that
        construction rules check it as they check a written one (hook: a game whose decks have other
        sections or a hero says where each card goes). The default puts every card in the main deck."""
        return DeckList("card list", {MAIN: count_cards(cards)})

    def foreign_cards(self, cards: Sequence[CardDef]) -> list[str]:
        """A problem for each distinct card definition that is not this game's card of that id."""
        problems: list[str] = []
        seen: set[str] = set()
        for card in cards:
            if card.key not in seen:
                seen.add(card.key)
                if self.cards.get(card.key) != card:
                    problems.append(f"{card.name!r} ({card.key}) is not a {self.title} card")
        return problems

    def default_decks(self, players: int, rng: Rng, options: dict[str, Any] | None = None) -> list[DeckSpec]:
        """The decks used when none are given: a random preconstructed deck per seat, one made for the
        seat's role in a game with roles (hook)."""
        if not self.roles:
            names = sorted(self.decks)
            return [names[rng.randrange(len(names))] for _ in range(players)]
        out: list[DeckSpec] = []
        for role in self.seat_roles(players, options or {}):
            names = sorted(n for n, deck in self.decks.items() if self.deck_role(deck) == role)
            if not names:
                raise SpellforgeError(f"{self.title} has no preconstructed deck for the role {role!r}")
            out.append(names[rng.randrange(len(names))])
        return out

    def deck_role(self, deck: DeckList) -> str:
        """The role a deck list is made for (hook; default: its ``role = "..."`` key, or "")."""
        return str(deck.meta.get("role", ""))

    # ------------------------------------------------------------------ options

    def option(self, name: str) -> OptionSpec:
        for spec in self.options:
            if spec.name == name:
                return spec
        known = ", ".join(s.name for s in self.options) or "none"
        raise UnknownNameError(f"unknown option {name!r} for {self.title} (known: {known})")

    def resolve_options(self, players: int, given: Mapping[str, Any]) -> dict[str, Any]:
        out = {spec.name: spec.default for spec in self.options}
        for name, value in given.items():
            out[name] = self.option(name).coerce(value)
        self.check_options(players, out)
        return out

    def check_options(self, players: int, options: dict[str, Any]) -> None:
        """Cross-checks between options and the player count (hook; raise SpellforgeError)."""
        return None  # a neutral default: no cross-checks

    # ------------------------------------------------------------------ games

    def new_game(
        self,
        seed: int | None = None,
        decks: Sequence[DeckSpec] | None = None,
        players: int | None = None,
        **options: Any,
    ) -> State:
        """A new match, advanced to its first decision.

        ``seed`` fixes every random thing (default: a fresh random seed, recorded in the state);
        ``decks`` gives one deck per seat (a preconstructed deck name, a file path, deck-list text, a
        DeckList or a list of card definitions, each checked by the construction rules; default:
        preconstructed decks chosen from the seed); ``players`` the seat count.
        """
        if players is None:
            players = len(decks) if decks else self.default_players
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise SpellforgeError(
                f"{self.title} is played by {self.min_players} to {self.max_players} players, not {players!r}"
            )
        opts = self.resolve_options(players, options)
        if seed is None:
            seed = secrets.randbits(63)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SpellforgeError(f"seed must be an integer, got {seed!r}")
        deck_specs = (
            list(decks) if decks is not None else self.default_decks(players, Rng(seed ^ 0x5EED), opts)
        )
        return self.start_game(seed, self.seat_decks(players, deck_specs, opts), players, opts)

    def start_game(
        self, seed: int, card_lists: list[list[CardDef]], players: int, options: dict[str, Any]
    ) -> State:
        """A game started from per-seat card lists taken as they are, with resolved ``options``.

        It checks no construction rule: :meth:`new_game` has checked the decks before it calls this, and
        scenario helpers and rule tests call it to set up positions that no legal deck reaches.
        """
        self.state_class.check_clone()
        state = self.state_class()
        state.init_core(self, seed, card_lists, options, self.layout(players, options))
        state.init_seating(
            self.seat_roles(players, options),
            self.seat_teams(players, options),
            self.seat_sides(players, options),
        )
        state.init_game()
        state.start()
        return state

    def seat_decks(self, players: int, decks: list[DeckSpec], options: dict[str, Any]) -> list[list[CardDef]]:
        """One list of card definitions per seat (hook: shared-deck and draft formats differ)."""
        if len(decks) != players:
            raise SpellforgeError(f"{players} players need {players} decks, got {len(decks)}")
        problems: list[str] = []
        out: list[list[CardDef]] = []
        roles = self.seat_roles(players, options)
        for seat, deck in enumerate(decks):
            try:
                out.append(self.deck_cards(deck, role=roles[seat], **options))
            except DeckError as exc:
                if exc.problems:
                    problems.extend(f"P{seat + 1}: {p}" for p in exc.problems)
                else:
                    problems.append(f"P{seat + 1}: {exc}")
        if problems:
            raise DeckError(f"the decks are not legal for {self.title}", problems)
        return out

    def layout(self, players: int, options: dict[str, Any]) -> Layout:
        """The zones numbered for ``players`` seats (hook; default: ``zones``, one layout per seat count)."""
        return numbered(self.zones, players)

    def seat_teams(self, players: int, options: Mapping[str, Any]) -> tuple[int, ...]:
        """The team (0, 1, ...) of each seat in a game with these options (hook; default: each seat alone).

        Seats of one team win or lose together; the match runner seats a team entrant on them."""
        return tuple(range(players))

    def seat_roles(self, players: int, options: Mapping[str, Any]) -> tuple[str, ...]:
        """The role of each seat (hook; default: ``roles`` in seat order, repeated; "" without roles)."""
        roles = self.roles
        return tuple(roles[s % len(roles)] for s in range(players)) if roles else ("",) * players

    def seat_sides(self, players: int, options: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
        """The seats that take one turn together, in turn order (hook; default: each seat alone)."""
        return tuple((s,) for s in range(players))

    def time_up_action(self) -> Action | None:
        """The meta action that ends a game when a match's time runs out, by the game's own tiebreak
        (hook; None: a game stopped by the clock is a draw)."""
        return None

    # ------------------------------------------------------------------ actions

    def parse_action(self, state: State | None, text: str) -> Action:
        """Read an action from its text (the inverse of ``str(action)``).

        Raises IllegalActionError when the text is not an action of this game. With a ``state``, a text
        that matches exactly one legal action's wording in a looser way (case, spacing) is accepted too.
        """
        clean = " ".join(text.split())
        for cls in self.actions + COMMON_ACTIONS:
            action = cls.parse(clean)
            if action is not None:
                return action
        if state is not None:
            for a in state.legal_actions():
                if str(a).lower() == clean.lower():
                    return a
        raise IllegalActionError(f"{text!r} is not an action of {self.title}")

    # ------------------------------------------------------------------ records

    def record(self, state: State) -> dict[str, Any]:
        """The game as (ruleset + options, seed, decks, actions): enough to rebuild it exactly."""
        return make_record(state)

    def replay(self, record: Mapping[str, Any]) -> State:
        """Rebuild a game from its record, checking every step; raises RecordError at the first bad one."""
        return replay_record(self, record)

    def from_json(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state from ``state.to_json()`` exactly."""
        return decode_state(self, data)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"

    def __copy__(self) -> Ruleset:
        """A new instance with this one's attributes (its loaded cards among them): a variant such as a
        pool with changed cards starts as one. Without it ``copy.copy`` would go through
        ``__reduce_ex__`` and hand back the registry's own instance."""
        clone = type(self)()  # a ruleset takes no arguments: its facts are class attributes
        # A compiled game's ruleset makes its dict (and its ``__dict__``) with its first attribute set.
        for name, value in getattr(self, "__dict__", {}).items():
            setattr(clone, name, value)
        return clone

    def __reduce_ex__(self, protocol: Any) -> Any:
        """A registered ruleset pickles by its name, so an unpickled game or state shares the registry's one
        instance and its loaded cards; any other ruleset (changed cards, a test's own) pickles whole."""
        registry = import_module("spellforge.games")  # the registry imports core, so core looks it up late
        if registry.GAMES.get(self.name) is self:
            return (registry.find_game, (self.name,))
        return super().__reduce_ex__(protocol)
