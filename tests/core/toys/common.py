"""What the toy games share: a card with a strength and a Ruleset base whose decks are given in code (no
card files). Their one action, ``play #5``, is core's ``Play``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from spellforge.core.cards import CardDef
from spellforge.core.decks import DeckList, card_index, expand, resolve_section
from spellforge.core.flow import Frame
from spellforge.core.rng import Rng
from spellforge.core.ruleset import DeckSpec, OptionSpec, Ruleset


@dataclass(frozen=True, slots=True)
class ToyCard(CardDef):
    """``type`` says what the card does (the toy's rules read it); ``strength`` is a combat bonus."""

    strength: int = 0


class ToyRules(Ruleset):
    """A toy ruleset: its cards are ``CARDS``, every seat's default deck is ``DECK`` (card keys)."""

    CARDS: ClassVar[dict[str, ToyCard]]
    DECK: ClassVar[tuple[str, ...]]
    data_dir = Path(__file__).parent / "no-data"
    options = (
        OptionSpec("hand", int, 4, "cards in the opening hand", minimum=0),
        OptionSpec("shuffle", bool, True, "shuffle the decks (tests turn it off to deal known hands)"),
    )

    def load_cards(self, paths: list[Path]) -> dict[str, CardDef]:
        return dict(self.CARDS)

    def build_deck(self, deck: DeckList, **options: Any) -> tuple[list[CardDef], list[str]]:
        problems: list[str] = []
        return expand(resolve_section(deck.main, card_index(self.cards), "cards", problems)), problems

    def default_decks(self, players: int, rng: Rng, options: dict[str, Any] | None = None) -> list[DeckSpec]:
        return [[self.CARDS[k] for k in self.DECK] for _ in range(players)]


def deal(rules: ToyRules, hands: list[list[str]], **options: Any) -> Any:
    """A new game in which seat ``i`` holds exactly the cards ``hands[i]`` (and has nothing to draw)."""
    decks = [[rules.CARDS[k] for k in reversed(keys)] for keys in hands]
    hand = max(len(keys) for keys in hands)
    return rules.new_game(seed=1, decks=decks, hand=hand, shuffle=False, **options)


class Setup(Frame[Any]):
    """``setup``: runs ``op_setup``."""

    __slots__ = ()
    NAME = "setup"

    def run(self, state: Any) -> None:
        state.op_setup()


class Turn(Frame[Any]):
    """``turn``: runs ``op_turn``."""

    __slots__ = ()
    NAME = "turn"

    def run(self, state: Any) -> None:
        state.op_turn()
