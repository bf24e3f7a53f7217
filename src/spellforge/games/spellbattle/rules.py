"""Spell Battle: the ruleset's declared facts, options, zones, turn, and deck construction."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from spellforge.core.actions import Action
from spellforge.core.cards import CardDef
from spellforge.core.decks import DeckList, card_index, copy_problems, expand, resolve_section
from spellforge.core.errors import DeckError, SpellforgeError
from spellforge.core.flow import Phase, TurnStructure
from spellforge.core.rng import Rng
from spellforge.core.ruleset import DeckSpec, OptionSpec, Ruleset
from spellforge.core.zones import Layout, Visibility, ZoneSpec, numbered

from . import cards as card_data
from .actions import ACTIONS, CallTime
from .base import ALLIANCE, AS_ONE, CONSTRUCTED, DRAFT, FREE_FOR_ALL, OFF_THE_TOP, SEALED
from .hints import HINTS
from .limited import LIMITED_DECK, PILE, ROUNDS
from .state import SpellBattleState

CONSTRUCTED_DECK = 40  # SB-143, SB-R20
COPIES = 3  # the collective pool holds three of each card (SB-R20)
SEALED_CARDS = 90  # SB-R19
DRAFT_CARDS = PILE * ROUNDS  # SB-146


class SpellBattle(Ruleset):
    """Spell Battle: characters fight by speed, spells answer from limbo, any card is a farm."""

    name = "spellbattle"
    title = "Spell Battle"
    summary = "2-8 players; characters strike in speed order, spells answer from limbo, any card is a farm"
    description = (
        "A duel or free-for-all (or team battle) for 2 to 8 players. Every card you hold is either a "
        "character, a spell, or a face-down farm that pays for the others. Characters attack players; "
        "speed decides who strikes first; spells wait in a shared limbo where anyone may answer them "
        "before they resolve. Bring the others from 20 life to 0 and be the last one standing."
    )
    min_players = 2
    max_players = 8
    default_players = 2
    max_turns = 200
    data_dir = Path(__file__).parent
    state_class = SpellBattleState
    hints = HINTS
    conformance_variants: ClassVar[tuple[dict[str, Any], ...]] = (
        {"players": 4, "teams": ALLIANCE},
        {"players": 4, "teams": AS_ONE},
        {"players": 6, "teams": AS_ONE, "team_count": 3},
        {"players": 2, "format": DRAFT},
        {"players": 2, "format": SEALED},
        {"players": 3, "format": OFF_THE_TOP},
    )
    actions = ACTIONS
    tournament_min_players = 6  # SB-160
    tournament_game_players = (2, 3, 4)  # SB-168
    match_lengths = (1, 3, 5)  # SB-162
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "format",
            str,
            CONSTRUCTED,
            "constructed (40-card decks), sealed (90 cards, build 30), draft (3x15 piles, build 30), "
            "or off_the_top (one shared deck)",
            choices=(CONSTRUCTED, SEALED, DRAFT, OFF_THE_TOP),
        ),
        OptionSpec(
            "teams",
            str,
            FREE_FOR_ALL,
            "none, alliance (own turns and life, no attacking teammates) or as_one (shared turn and 30 life)",
            choices=(FREE_FOR_ALL, ALLIANCE, AS_ONE),
        ),
        OptionSpec("team_count", int, 2, "how many teams in a team game (seats alternate teams)", minimum=2),
        OptionSpec(
            "shared_deck", int, 50, "off_the_top: cards in the shared deck per player (SB-175)", minimum=10
        ),
    )
    zones = (
        ZoneSpec("deck", True, Visibility.HIDDEN, "draw pile, face down and random (SB-024)"),
        ZoneSpec("hand", True, Visibility.OWNER, "seen only by its owner (SB-029)"),
        ZoneSpec("discard", True, Visibility.PUBLIC, "face up (SB-023)"),
        ZoneSpec(
            "play", False, Visibility.PUBLIC, "the one shared in-play zone; farms are face down (SB-016)"
        ),
        ZoneSpec("limbo", False, Visibility.PUBLIC, "cards waiting to resolve (SB-030)"),
        ZoneSpec("aside", False, Visibility.PUBLIC, "set aside, out of the game (SB-037)"),
        ZoneSpec("out", True, Visibility.HIDDEN, "cards of a player who is out of the game (SB-R15)"),
        ZoneSpec("packs", True, Visibility.HIDDEN, "sealed/draft: the face-down cards dealt"),
        ZoneSpec("pile", True, Visibility.OWNER, "draft: the pile a player is picking from"),
        ZoneSpec("pool", True, Visibility.OWNER, "sealed/draft: cards received, not (yet) in the deck"),
    )
    turn_structure = TurnStructure(
        (
            Phase(
                "beginning", begin="begin_beginning", help="turn your sideways cards right-side-up (SB-044)"
            ),
            Phase("draw", begin="begin_draw", help="draw a card (SB-045)"),
            Phase("attack", begin="begin_attack", help="attack with characters (SB-046, SB-051)"),
            Phase("main", begin="begin_main", help="play characters and one farm (SB-047, SB-049)"),
        )
    )

    def load_cards(self, paths: list[Path]) -> dict[str, CardDef]:
        return dict(card_data.load(paths))

    def layout(self, players: int, options: dict[str, Any]) -> Layout:
        shared = ("deck", "discard") if options["format"] == OFF_THE_TOP else ()
        return numbered(self.zones, players, shared)

    def seat_teams(self, players: int, options: Mapping[str, Any]) -> tuple[int, ...]:
        """Teams sit alternately (SB-R23): seat s is on team s mod the number of teams."""
        n_teams = (
            options.get("team_count", 2) if options.get("teams", FREE_FOR_ALL) != FREE_FOR_ALL else players
        )
        return tuple(s % n_teams for s in range(players))

    def seat_sides(self, players: int, options: Mapping[str, Any]) -> tuple[tuple[int, ...], ...]:
        """An As-one team takes its turn together (SB-157); otherwise each player has a turn of its own."""
        if options.get("teams", FREE_FOR_ALL) != AS_ONE:
            return super().seat_sides(players, options)
        n_teams = options.get("team_count", 2)
        return tuple(tuple(s for s in range(players) if s % n_teams == t) for t in range(n_teams))

    def time_up_action(self) -> Action | None:
        return CallTime()  # SB-164..166 / SB-R24

    def check_options(self, players: int, options: dict[str, Any]) -> None:
        if options["teams"] != FREE_FOR_ALL:
            teams = options["team_count"]
            if players not in (4, 6) or players % teams or players // teams not in (2, 3):
                raise SpellforgeError(
                    f"team games are for 4 or 6 players in teams of 2 or 3 (SB-152); "
                    f"{players} players in {teams} teams is not one"
                )
        fmt = options["format"]
        if fmt in (SEALED, DRAFT):
            need = (SEALED_CARDS if fmt == SEALED else DRAFT_CARDS) * players
            have = len(self.collective_pool())
            if need > have:
                raise SpellforgeError(
                    f"{fmt} for {players} players deals {need} cards, but the collective pool holds {have} "
                    f"({len(self.cards)} cards x {COPIES})"
                )
        if fmt == OFF_THE_TOP and options["shared_deck"] * players > len(self.collective_pool()):
            raise SpellforgeError("off_the_top: the shared deck is larger than the collective pool")

    def collective_pool(self) -> list[CardDef]:
        """Three of each card (SB-R20), the pool sealed, draft and off-the-top games deal from."""
        return [card for key in sorted(self.cards) for card in [self.cards[key]] * COPIES]

    def default_decks(self, players: int, rng: Rng, options: dict[str, Any] | None = None) -> list[DeckSpec]:
        fmt = (options or {}).get("format", CONSTRUCTED)
        if fmt == CONSTRUCTED:
            return super().default_decks(players, rng)
        pool = self.collective_pool()
        rng.shuffle(pool)
        if fmt == OFF_THE_TOP:
            size = (options or {})["shared_deck"] * players
            return [pool[:size], *([] for _ in range(players - 1))]
        per = SEALED_CARDS if fmt == SEALED else DRAFT_CARDS
        return [pool[i * per : (i + 1) * per] for i in range(players)]

    def seat_decks(self, players: int, decks: list[DeckSpec], options: dict[str, Any]) -> list[list[CardDef]]:
        fmt = options["format"]
        if fmt != CONSTRUCTED:
            if not all(isinstance(d, list) and all(isinstance(c, CardDef) for c in d) for d in decks):
                raise SpellforgeError(
                    f"the {fmt} format deals its own cards from the collective pool; pass no decks"
                )
            dealt: list[list[CardDef]] = [list(d) for d in decks]  # type: ignore[arg-type]
            if len(dealt) != players:
                raise SpellforgeError(f"{players} players need {players} card lists, got {len(dealt)}")
            problems = self.dealt_problems(dealt, players, options)
            if problems:
                raise DeckError(f"the cards dealt are not what a {fmt} game of {self.title} deals", problems)
            return dealt
        return super().seat_decks(players, decks, options)

    def dealt_problems(self, dealt: list[list[CardDef]], players: int, options: dict[str, Any]) -> list[str]:
        """Sealed, draft and off the top deal from the collective pool (SB-144, SB-146, SB-174, SB-R19,
        SB-R20): each seat's number of cards, and no card more often in all than the pool holds it."""
        fmt = options["format"]
        problems: list[str] = []
        for seat, cards in enumerate(dealt):
            if fmt == OFF_THE_TOP:
                size = options["shared_deck"] * players if seat == 0 else 0
                what = (
                    "the shared deck (P1 holds it)"
                    if seat == 0
                    else "no cards of its own (P1 holds the deck)"
                )
            else:
                size = SEALED_CARDS if fmt == SEALED else DRAFT_CARDS
                what = f"{size} cards from the collective pool"
            if len(cards) != size:
                problems.append(
                    f"P{seat + 1}: {len(cards)} cards; {fmt} deals this seat {what}, {size} cards"
                )
        every = [c for cards in dealt for c in cards]
        problems += self.foreign_cards(every)
        problems += [
            f"{p} in all: the collective pool holds {COPIES} of each card (SB-R20)"
            for p in copy_problems([(c, 1) for c in every], COPIES, "dealt")
        ]
        return problems

    def build_deck(self, deck: DeckList, role: str = "", **options: Any) -> tuple[list[CardDef], list[str]]:
        """SB-143 / SB-R20: exactly 40 cards (30 for sealed/draft), at most 3 copies of a card."""
        problems: list[str] = []
        unknown = set(deck.sections) - {"cards"}
        for section in sorted(unknown):
            problems.append(f"[{section}] Spell Battle decks have only a [cards] section")
        resolved = resolve_section(deck.main, card_index(self.cards), "cards", problems)
        cards = expand(resolved)
        size = LIMITED_DECK if options.get("format") in (SEALED, DRAFT) else CONSTRUCTED_DECK
        if deck.count() != size:
            fmt = options.get("format", CONSTRUCTED)
            problems.append(f"the deck lists {deck.count()} cards; a {fmt} deck has exactly {size}")
        problems += copy_problems(resolved, COPIES, "cards")
        return cards, problems
