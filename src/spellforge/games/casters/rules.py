"""Casters: the ruleset's declared facts, zones, turn, deck construction, and a heuristic evaluator."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from spellforge.core.cards import CardDef
from spellforge.core.decks import DeckList, card_index, copy_problems, count_cards, expand, resolve_section
from spellforge.core.flow import Phase, TurnStructure
from spellforge.core.ruleset import Ruleset

from . import cards as card_data
from .actions import ACTIONS
from .base import ZONES
from .hints import HINTS
from .state import CastersState

if TYPE_CHECKING:
    from spellforge.core.state import State

MAIN_DECK = 30  # CA-014
STAGE_DECK_SIZE = 5  # CA-016
MAIN_COPIES = 2  # CA-R06
STAGE_COPIES = 1  # CA-R06
SECTIONS = ("cards", "stage")


class Casters(Ruleset):
    """Casters: a shared turn of hidden sets, alternating reveals and attacks; Stages are the Hero's health."""

    name = "casters"
    title = "Casters"
    summary = (
        "2 players; set cards face down together, reveal them in turn, pay costs with cards; Stages are life"
    )
    description = (
        "A two-player game played in one shared turn. Both players set cards face down at the same time, "
        "then reveal them one by one, paying costs with discards and sacrifices, and attack one minion at "
        "a time. Your Stages are your life: every 5 damage in a turn costs one, and the player who runs "
        "out of Stages loses."
    )
    min_players = 2
    max_players = 2  # CA-001
    default_players = 2
    max_turns = 100
    data_dir = Path(__file__).parent
    state_class = CastersState
    hints = HINTS
    actions = ACTIONS
    zones = ZONES
    turn_structure = TurnStructure(
        (
            Phase("draw", begin="begin_draw", help="each player draws a card and untaps (CA-029, CA-030)"),
            Phase("set", begin="begin_set", help="both set cards face down, one per face-up Stage (CA-031)"),
            Phase(
                "reveal", begin="begin_reveal", help="reveal alternately; play or recycle each (CA-034..037)"
            ),
            Phase("battle", begin="begin_battle", help="attack alternately, one minion at a time (CA-041)"),
            Phase("end", begin="begin_end", help="damage is restored and the coin passes (CA-049, CA-055)"),
        )
    )

    def load_cards(self, paths: list[Path]) -> dict[str, CardDef]:
        return dict(card_data.load(paths))

    def cards_deck_list(self, cards: Sequence[CardDef], role: str = "") -> DeckList:
        """Stages make up the Stage Deck, every other card the Main Deck (CA-014..CA-016)."""
        main = count_cards(c for c in cards if c.type != "stage")
        return DeckList(
            "card list", {"cards": main, "stage": count_cards(c for c in cards if c.type == "stage")}
        )

    def build_deck(self, deck: DeckList, role: str = "", **options: Any) -> tuple[list[CardDef], list[str]]:
        """CA-014..CA-016, CA-R06: a 30-card Main Deck of Minions and Spells with at most 2 copies of a card,
        and a Stage Deck of 5 different Stages. Every problem is listed."""
        problems: list[str] = []
        for section in sorted(set(deck.sections) - set(SECTIONS)):
            problems.append(
                f"[{section}] a Casters deck has only [cards] (Main Deck) and [stage] (Stage Deck)"
            )
        index = card_index(self.cards)
        main = resolve_section(deck.main, index, "cards", problems)
        stage = resolve_section(deck.sections.get("stage", ()), index, "stage", problems)
        for card, _ in main:
            if card.type == "stage":
                problems.append(f"[cards] {card.name!r} is a Stage: it belongs in the Stage Deck (CA-015)")
        for card, _ in stage:
            if card.type != "stage":
                problems.append(
                    f"[stage] {card.name!r} is a {card.type}: the Stage Deck holds only Stages (CA-016)"
                )
        main_cards = expand(main)
        stage_cards = expand(stage)
        unknown = any("unknown card" in p for p in problems)
        if len(main_cards) != MAIN_DECK and not unknown:
            problems.append(
                f"[cards] the Main Deck has {len(main_cards)} cards; it needs exactly {MAIN_DECK} (CA-014)"
            )
        if len(stage_cards) != STAGE_DECK_SIZE and not unknown:
            problems.append(
                f"[stage] the Stage Deck has {len(stage_cards)} cards; it needs exactly {STAGE_DECK_SIZE} (CA-016)"
            )
        problems += copy_problems(main, MAIN_COPIES, "cards")
        problems += copy_problems(stage, STAGE_COPIES, "stage")
        return main_cards + stage_cards, problems

    def from_json(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state from ``state.to_json()``; one saved when a payment's continuation was a tuple is
        read too (:func:`upgrade_payment`)."""
        return super().from_json(upgrade_payment(data))


def upgrade_payment(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """A state's JSON saved when the frame a payment runs once paid (``payment[3]``) was written as a tuple
    ``(op name, *args)``, with that frame written as frames are now (``{"fr": [op name, *args]}``); any
    other JSON as it is. It is read before the state is made: a compiled state holds ``payment`` as the
    typed tuple it declares and refuses the old one."""
    body = data.get("state") if isinstance(data, Mapping) else None
    payment = body.get("payment") if isinstance(body, Mapping) else None
    parts = payment.get("t") if isinstance(payment, Mapping) else None
    then = parts[3] if isinstance(parts, list) and len(parts) == 4 else None
    old = then.get("t") if isinstance(then, Mapping) else None
    if not isinstance(old, list) or not old or not isinstance(body, Mapping) or not isinstance(parts, list):
        return data
    return {**data, "state": {**body, "payment": {"t": [*parts[:3], {"fr": old}]}}}
