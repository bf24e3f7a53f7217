"""Spelldawn: the ruleset's declared facts, zones, turn, roles and deck construction (SD-R27)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from spellforge.core.cards import CardDef
from spellforge.core.decks import DeckList, card_index, copy_problems, count_cards, expand, resolve_section
from spellforge.core.flow import Phase, TurnStructure
from spellforge.core.ruleset import Ruleset

from . import cards as card_data
from .actions import ACTIONS
from .base import ZONES
from .cards import CHAMPION, NEUTRAL, OVERLORD, SpelldawnCard
from .hints import HINTS
from .state import SpelldawnState

DECK_SIZE = 50  # SD-R27: a riftcaller plus 50 cards
COPIES = 3
SCHEME_POINTS = 180
MAX_BOONS = 3  # our ruling: the catalog says "any boon cards" (SD-010) and sets no number
SECTIONS = ("cards", "riftcaller", "boons")


class Spelldawn(Ruleset):
    """Spelldawn: the Overlord schemes in eight rooms, the Champion raids them; both race to 60 points."""

    name = "spelldawn"
    title = "Spelldawn"
    summary = "2 players, asymmetric: the Overlord hides schemes behind minions, the Champion raids the rooms"
    description = (
        "An asymmetric duel. The Overlord hides schemes and projects face down in its rooms and guards "
        "them with minions; the Champion arms itself with weapons and allies and raids the rooms to steal "
        "schemes before they score. Each side spends action points each turn; the first to 60 points "
        "wins."
    )
    min_players = 2
    max_players = 2  # SD-001
    default_players = 2
    roles = (OVERLORD, CHAMPION)  # SD-002: seat 1 the Overlord, seat 2 the Champion
    max_turns = 200
    data_dir = Path(__file__).parent
    state_class = SpelldawnState
    hints = HINTS
    actions = ACTIONS
    zones = ZONES
    turn_structure = TurnStructure(
        (
            Phase("start", begin="start_of_turn", help="Dawn or Dusk triggers (SD-071..SD-073)"),
            Phase("draw", begin="draw_phase", help="the Overlord draws a card (SD-074, SD-R11)"),
            Phase("main", begin="main", help="spend every action point (SD-076, SD-077)"),
            Phase("discard", begin="discard_phase", help="discard down to the hand size (SD-095)"),
        )
    )

    def load_cards(self, paths: list[Path]) -> dict[str, CardDef]:
        return dict(card_data.load(paths))

    def cards_deck_list(self, cards: Sequence[CardDef], role: str = "") -> DeckList:
        """The riftcaller goes in [riftcaller], boons in [boons], every other card in [cards]."""
        rift = count_cards(c for c in cards if c.type == "riftcaller")
        boons = count_cards(c for c in cards if c.type == "boon")
        main = count_cards(c for c in cards if c.type not in ("riftcaller", "boon"))
        sections = {"cards": main, "riftcaller": rift}
        if boons:
            sections["boons"] = boons
        return DeckList("card list", sections, meta={"role": role} if role else {})

    def build_deck(self, deck: DeckList, role: str = "", **options: Any) -> tuple[list[CardDef], list[str]]:
        """The cards and problems of ``deck`` (see ``judge_deck``). A preconstructed deck is judged once per
        role: deck lists are immutable, and a new game checks both decks again."""
        cache: dict[int, tuple[DeckList, str, list[CardDef], list[str]]] = getattr(
            self, "__dict__", {}
        ).setdefault("_judged", {})  # compiled, no __dict__ until the first attribute is set
        hit = cache.get(id(deck))
        if hit is not None and hit[0] is deck and hit[1] == role:
            return list(hit[2]), list(hit[3])
        cards, problems = self.judge_deck(deck, role)
        if any(d is deck for d in self.decks.values()):
            cache[id(deck)] = (deck, role, cards, problems)
        return list(cards), list(problems)

    def judge_deck(self, deck: DeckList, role: str) -> tuple[list[CardDef], list[str]]:
        """SD-R27: one riftcaller and 50 cards of the deck's side, at most 3 copies of a card, only neutral
        cards or cards of the riftcaller's school; an Overlord deck holds at least 180 scheme points. Boons
        (SD-010, SD-K32) go in [boons]: at most 3 different ones, of the deck's side and the same schools.
        Every problem is listed."""
        problems: list[str] = []
        made_for = self.deck_role(deck)
        role = role or made_for
        for section in sorted(set(deck.sections) - set(SECTIONS)):
            problems.append(f"[{section}] a Spelldawn deck has only [riftcaller], [boons] and [cards]")
        cards = self.cards  # sets the first attribute: a compiled ruleset has its __dict__ from then on
        index = self.__dict__.get("_index") or self.__dict__.setdefault("_index", card_index(cards))
        main = resolve_section(deck.main, index, "cards", problems)
        rift = resolve_section(deck.sections.get("riftcaller", ()), index, "riftcaller", problems)
        boons = resolve_section(deck.sections.get("boons", ()), index, "boons", problems)
        if role not in self.roles:
            problems.append('a deck names its side: role = "overlord" or role = "champion"')
        elif made_for and made_for != role:
            problems.append(f"the deck is made for the {made_for}, not the {role} (SD-002)")
        riftcallers = expand(rift)
        for card, _ in main:
            if card.type == "riftcaller":
                problems.append(f"[cards] {card.name!r} is a riftcaller: it belongs in [riftcaller] (SD-K32)")
            elif card.type == "boon":
                problems.append(f"[cards] {card.name!r} is a boon: it belongs in [boons] (SD-K32)")
        for card, _ in rift:
            if card.type != "riftcaller":
                problems.append(f"[riftcaller] {card.name!r} is a {card.type}, not a riftcaller")
        problems += self.boon_problems(boons)
        if len(riftcallers) != 1:
            problems.append(
                f"[riftcaller] names {len(riftcallers)} riftcallers; a deck has exactly 1 (SD-R27)"
            )
        schools = {c.school for c in riftcallers if isinstance(c, SpelldawnCard)}
        sections = [("cards", c) for c, _ in main] + [("riftcaller", c) for c, _ in rift]
        for section, card in sections + [("boons", c) for c, _ in boons]:
            assert isinstance(card, SpelldawnCard)
            if role in self.roles and card.side != role:
                article = "an" if role == OVERLORD else "a"
                problems.append(
                    f"[{section}] {card.name!r} is a {card.side} card; {article} {role} deck holds {role} cards"
                )
            if schools and card.type != "riftcaller" and card.school not in schools | {NEUTRAL}:
                problems.append(
                    f"[{section}] {card.name!r} is a {card.school} card; the riftcaller's school is "
                    f"{' or '.join(sorted(schools))} (SD-029, SD-R27)"
                )
        main_cards = expand(main)
        unknown = any("unknown card" in p for p in problems)
        if len(main_cards) != DECK_SIZE and not unknown:
            problems.append(
                f"[cards] the deck has {len(main_cards)} cards; it needs exactly {DECK_SIZE} (SD-R27)"
            )
        problems += copy_problems(main, COPIES, "cards")
        if role == OVERLORD and not unknown:
            points = sum(c.points for c in main_cards if isinstance(c, SpelldawnCard))
            if points < SCHEME_POINTS:
                problems.append(
                    f"[cards] the schemes are worth {points} points; an Overlord deck needs at least "
                    f"{SCHEME_POINTS} (SD-R27)"
                )
        return expand(rift) + expand(boons) + main_cards, problems

    @staticmethod
    def boon_problems(boons: list[tuple[CardDef, int]]) -> list[str]:
        """[boons]: boon cards only, one copy of each, at most MAX_BOONS (our ruling, see the docs)."""
        problems = []
        for card, n in boons:
            if card.type != "boon":
                problems.append(f"[boons] {card.name!r} is a {card.type}, not a boon")
            elif n != 1:
                problems.append(f"[boons] {n} copies of {card.name!r}: a deck holds a boon once")
        total = sum(n for _, n in boons)
        if total > MAX_BOONS:
            problems.append(f"[boons] names {total} boons; a deck has at most {MAX_BOONS}")
        return problems
