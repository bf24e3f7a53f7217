"""The draft/sealed picker: card-value heuristics and a mana curve for limited formats.

Searching a draft pick or a deck-building choice is hopeless (the game it shapes is 30 turns away), so
every bot hands those decisions to :class:`DraftPicker`. It reads only the seat's View: the cards it may
pick show their cost, type, stats, keywords and rules text there. A decision is a limited one when the
View's decision names its kind as one of :data:`LIMITED_KINDS` and every option names exactly one card
(``Action.card_ids``); the card's data comes from the View (``core.observe.shown_cards``).

The ``draft`` bot uses the picker for those decisions and plays the rest at random. To measure the
picker, compare it with random picks under the same sensible play: ``greedy:picks=random`` (or
``ismcts:picks=random``) makes every limited-format pick at random and plays like ``greedy``, so
``--bots greedy,greedy:picks=random --option format=sealed`` isolates the picks. (Under random play,
``draft,random``, deck quality hardly shows: the README has the figures.)
"""

from __future__ import annotations

import re
from typing import Any

from spellforge.core.actions import Action
from spellforge.core.observe import shown_cards
from spellforge.core.rng import Rng

from .base import BaseBot, Observation, register

PICKS = ("value", "random")  # how greedy and ismcts pick: the picker's values, or at random (a baseline)
# Decision kinds that choose cards for a limited deck (Spell Battle: draft picks and sealed/draft builds).
LIMITED_KINDS = frozenset({"draft_pick", "build", "draft", "deckbuild", "sealed_build"})
DECK_SIZE = 30  # a limited deck (Spell Battle SB-145)
# A 30-card deck where any card may become a farm: cheap characters to block early, a few big ones,
# and answers. Targets per cost bucket (0-1, 2, 3, 4, 5+) and for characters overall.
CURVE = (7, 8, 7, 5, 3)
CHARACTERS = 17
KEYWORD_VALUE = {"flying": 1.5, "deadly": 1.5, "bonding": 0.3, "ambush": 0.5}
SPELL_WORDS = (  # (word in the rules text, value): answers first
    ("destroy", 3.0),
    ("set target", 3.0),
    ("aside", 2.5),
    ("counter", 1.8),
    ("damage", 1.8),
    ("draw", 1.8),
    ("control", 3.0),
    ("gets +", 1.0),
    ("gets -", 1.2),
)
_NUMBER = re.compile(r"(\d+) damage")


def _num(card: dict[str, Any], key: str) -> float:
    value = card.get(key, 0)
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0.0


def card_value(card: dict[str, Any]) -> float:
    """How much a card adds to a limited deck, before the curve: stats and effects for their cost."""
    cost = _num(card, "cost")
    text = str(card.get("text", "")).lower()
    if card.get("type") == "character":
        value = 1.5 + 1.0 * _num(card, "strength") + 0.5 * _num(card, "speed")
        for keyword in card.get("keywords", ()):
            value += KEYWORD_VALUE.get(str(keyword), 0.5)
        if ":" in text or text.startswith("when") or " when" in text:
            value += 1.2  # an activated or triggered ability
        return value - 0.8 * cost
    value = 1.0
    for word, worth in SPELL_WORDS:
        if word in text:
            value = max(value, worth)
    match = _NUMBER.search(text)
    if match:
        value += 0.4 * (int(match.group(1)) - 1)
    return value + 1.0 - 0.4 * cost


def _bucket(card: dict[str, Any]) -> int:
    return max(0, min(int(_num(card, "cost")) - 1, len(CURVE) - 1))


class DraftPicker:
    """Picks cards for a limited deck; remembers what it put in the deck (its seat's own choices)."""

    def __init__(self) -> None:
        self.built: list[dict[str, Any]] = []

    @staticmethod
    def handles(obs: Observation) -> bool:
        """Whether this is a limited-format card choice (checked cheaply before building the View)."""
        if not obs.legal or not all(len(a.card_ids()) == 1 for a in obs.legal):
            return False
        decision = obs.view["decision"]
        return decision is not None and decision["kind"] in LIMITED_KINDS

    def choose(self, obs: Observation) -> Action:
        cards = shown_cards(obs.view)
        building = obs.view["decision"]["kind"] != "draft_pick"
        best: Action = obs.legal[0]
        best_score = -1e9
        for action in obs.legal:
            card = cards.get(action.card_ids()[0])
            if card is None:
                continue
            score = card_value(card) + (self.curve_bonus(card) if building else 0.0)
            if score > best_score:
                best, best_score = action, score
        if building:
            chosen = cards.get(best.card_ids()[0])
            if chosen is not None:
                self.built.append(chosen)
        return best

    def curve_bonus(self, card: dict[str, Any]) -> float:
        """Favour the cost buckets and card types the deck is still short of."""
        buckets = [0] * len(CURVE)
        characters = 0
        for c in self.built:
            buckets[_bucket(c)] += 1
            characters += c.get("type") == "character"
        bonus = 0.0
        b = _bucket(card)
        bonus += 1.5 if buckets[b] < CURVE[b] else -1.5 * (buckets[b] - CURVE[b] + 1)
        spells = len(self.built) - characters
        if card.get("type") == "character":
            bonus += 1.0 if characters < CHARACTERS else -1.0
        else:
            bonus += 1.0 if spells < DECK_SIZE - CHARACTERS else -1.0
        return bonus


class RandomPicks(DraftPicker):
    """Limited-format picks at random: the baseline the picker is measured against."""

    def __init__(self, rng: Rng) -> None:
        super().__init__()
        self.rng = rng

    def choose(self, obs: Observation) -> Action:
        return obs.legal[self.rng.randrange(len(obs.legal))]


def picker_for(picks: str, rng: Rng) -> DraftPicker:
    """The picker a bot's ``picks=`` parameter names (``rng`` is the bot's own, for random picks)."""
    return RandomPicks(rng) if picks == "random" else DraftPicker()


@register
class DraftBot(BaseBot):
    name = "draft"
    answers_single_option_at_once = True
    help = "limited formats: picks and builds by card value and curve; other decisions at random"

    def __init__(self, seed: int = 0, **params: Any) -> None:
        super().__init__(seed, **params)
        self.picker = DraftPicker()

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]  # one option: answered at once, as greedy and ismcts do
        if self.picker.handles(obs):
            return self.picker.choose(obs)
        return legal[self.rng.randrange(len(legal))]


__all__ = ["LIMITED_KINDS", "DraftBot", "DraftPicker", "card_value"]
