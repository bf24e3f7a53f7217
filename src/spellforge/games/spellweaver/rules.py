"""Spellweaver: the ruleset's declared facts, options, zones, turn, deck construction and evaluator."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from spellforge.core.cards import CardDef
from spellforge.core.clock import CLOCK_OPTIONS, upgrade_saved
from spellforge.core.decks import DeckList, card_index, copy_problems, count_cards, expand, resolve_section
from spellforge.core.flow import Phase, TurnStructure
from spellforge.core.modifiers import GRANT, TURN
from spellforge.core.ruleset import OptionSpec, Ruleset
from spellforge.core.state import State
from spellforge.core.zones import Visibility, ZoneSpec

from . import cards as card_data
from .actions import ACTIONS
from .base import COMBAT, DEPLOY, END, REINFORCE, START
from .cards import SWCard
from .hints import HINTS
from .state import SpellweaverState

MIN_DECK = 60  # SW-005
MAX_DECK = 100  # SW-006
COPIES = 4  # SW-007


class Spellweaver(Ruleset):
    """Spellweaver: shrines for mana or levels, heroes with skills, four rows, speed-gated combat."""

    name = "spellweaver"
    title = "Spellweaver"
    summary = "2 players; shrines give mana or levels, heroes use skills, combat and support rows, speed decides who fights"
    description = (
        "A two-player duel of heroes. Play shrines for mana crystals or for levels in six aspects, cast "
        "creatures into a combat or a support row, and use your hero's skills as their cooldowns allow. "
        "Faster creatures fight first and ranged ones strike before melee. Win by taking the enemy hero "
        "below 1 life, by reaching 40 life, or when the enemy's deck runs out."
    )
    min_players = 2
    max_players = 2
    default_players = 2
    max_turns = 300  # an engine guard only: decks run out long before (SW-009)
    data_dir = Path(__file__).parent
    state_class = SpellweaverState
    hints = HINTS
    actions = ACTIONS
    options: ClassVar[tuple[OptionSpec, ...]] = CLOCK_OPTIONS  # SW-140, SW-R29
    conformance_variants: ClassVar[tuple[dict[str, Any], ...]] = ({"clock": 600.0, "increment": 5.0},)
    zones = (
        ZoneSpec("deck", True, Visibility.HIDDEN, "face down (SW-004)"),
        ZoneSpec("hand", True, Visibility.OWNER, "seen by its owner"),
        ZoneSpec("graveyard", True, Visibility.PUBLIC, "both graveyards are public (SW-055)"),
        ZoneSpec("combat", True, Visibility.PUBLIC, "the combat (front) row (SW-048)"),
        ZoneSpec("support", True, Visibility.PUBLIC, "the support row (SW-048)"),
        ZoneSpec("area", True, Visibility.PUBLIC, "blessings, curses, artifacts, The Spark (SW-042..046)"),
        ZoneSpec("hero", True, Visibility.PUBLIC, "the player's hero (SW-020)"),
        ZoneSpec("looking", True, Visibility.OWNER, "cards looked at in a Divine Offering (SW-086)"),
        ZoneSpec("casting", False, Visibility.PUBLIC, "a card being played, until it resolves (SW-K25)"),
        ZoneSpec("removed", False, Visibility.PUBLIC, "removed from the game (The Spark, SW-R11)"),
    )
    turn_structure = TurnStructure(
        (
            Phase(START, begin="begin_start", help="ready, cooldowns, refill crystals, draw (SW-078..080)"),
            Phase(DEPLOY, begin="begin_main", help="first main phase (SW-081..091)"),
            Phase(COMBAT, begin="begin_combat", help="attacks, blocks, instants, damage (SW-092..131)"),
            Phase(REINFORCE, begin="begin_main", help="second main phase (SW-132/133)"),
            Phase(END, begin="begin_end", help="end-of-turn effects, instants, hitpoints (SW-134..136)"),
        )
    )

    def load_cards(self, paths: list[Path]) -> dict[str, CardDef]:
        return dict(card_data.load(paths))

    def default_hero(self) -> SWCard:
        """The hero of a deck given as a bare card list without one: the first hero of the pool."""
        heroes = sorted(k for k, c in self.cards.items() if c.type == "hero")
        return self.cards[heroes[0]]  # type: ignore[return-value]

    def cards_deck_list(self, cards: Sequence[CardDef], role: str = "") -> DeckList:
        """The first hero names the deck's hero; any other hero stays in [cards], where it is refused."""
        hero = next((c for c in cards if c.type == "hero"), None)
        rest = [c for c in cards if c is not hero]
        meta = {"hero": hero.key} if hero is not None else {}
        return DeckList("card list", {"cards": count_cards(rest)}, meta=meta)

    def build_deck(self, deck: DeckList, role: str = "", **options: Any) -> tuple[list[CardDef], list[str]]:
        """SW-005..008, SW-010: a hero, 60 to 100 cards, at most four copies except basic shrines."""
        problems: list[str] = []
        for section in sorted(set(deck.sections) - {"cards"}):
            problems.append(f"[{section}] Spellweaver decks have only a [cards] section and a hero")
        for key in sorted(set(deck.meta) - {"hero"}):
            problems.append(f"{key}: unknown deck field (a deck has name, description, hero and [cards])")
        index = card_index(self.cards)
        hero_ref = deck.meta.get("hero")
        hero: CardDef | None = None
        if hero_ref is None:
            problems.append('hero: missing; every deck is built around one hero (SW-010), e.g. hero = "..."')
        elif not isinstance(hero_ref, str) or hero_ref.lower() not in index:
            problems.append(f"hero: unknown hero {hero_ref!r}")
        elif index[hero_ref.lower()].type != "hero":
            problems.append(f"hero: {hero_ref!r} is not a hero")
        else:
            hero = index[hero_ref.lower()]
        resolved = resolve_section(deck.main, index, "cards", problems)
        kept = []
        for card, count in resolved:
            if card.type == "hero":
                problems.append(f"[cards] {card.name!r} is a hero: name it with hero = ... (SW-010)")
            elif card.type == "system":
                problems.append(f"[cards] {card.name!r} is not a deck card (SW-072, SW-R11)")
            else:
                kept.append((card, count))
        cards = expand(kept)
        unknown = any("unknown card" in p for p in problems)
        if not unknown and len(cards) < MIN_DECK:
            problems.append(f"the deck has {len(cards)} cards; a deck has at least {MIN_DECK} (SW-005)")
        if len(cards) > MAX_DECK:
            problems.append(f"the deck has {len(cards)} cards; a deck has at most {MAX_DECK} (SW-006)")
        basic = frozenset(c.key for c, _ in kept if isinstance(c, SWCard) and c.basic)
        problems += [f"{p} (SW-007)" for p in copy_problems(kept, COPIES, "cards", exempt=basic)]
        return ([hero] if hero is not None else []) + cards, problems

    def from_json(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state from ``state.to_json()``; one saved when the clock was a list of banks is read too
        (``core.clock.upgrade_saved``), and one saved when keywords granted for the turn were a list of
        their own (``grants``: they are core's modifiers now)."""
        return super().from_json(_upgrade_grants(upgrade_saved(data)))


def _upgrade_grants(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """An older save's ``grants`` ((creature, keyword) until the end of the turn) as GRANT modifiers."""
    body = data.get("state")
    if not isinstance(body, Mapping) or "grants" not in body:
        return data
    state = dict(body)
    grants = state.pop("grants") or []
    mods = list(state.get("modifiers") or [])
    for g in grants:
        card, keyword = g["t"] if isinstance(g, Mapping) else g
        mods.append({"nt": "Modifier", "v": [card, -1, keyword, GRANT, 1, TURN, -1]})
    state["modifiers"] = mods
    return {**data, "state": state}
