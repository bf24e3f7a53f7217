"""The draft/sealed picker: card-value heuristics and a mana curve for limited formats.

Searching a draft pick or a deck-building choice is hopeless (the game it shapes is 30 turns away), so
every bot hands those decisions to :class:`DraftPicker`. It reads the seat's View for the cards it may
pick (``core.observe.shown_cards``: each shown card's ``key``) and what is printed on them from the card
data of the game (``Ruleset.cards``: public, the same for every seat): type, cost, stats, keywords and the
effects the card declares (its verbs, amounts and kinds of ability), never the rules text. A decision is a
limited one when the View's decision names its kind as one of :data:`LIMITED_KINDS` and every option names
exactly one card (``Action.card_ids``).

The ``draft`` bot uses the picker for those decisions and plays the rest at random. To measure the
picker, compare it with random picks under the same sensible play: ``greedy:picks=random`` (or
``ismcts:picks=random``) makes every limited-format pick at random and plays like ``greedy``, so
``--bots greedy,greedy:picks=random --option format=sealed`` isolates the picks. (Under random play,
``draft,random``, deck quality hardly shows: the README has the figures.)
"""

from __future__ import annotations

from typing import Any

from spellforge.core.actions import Action
from spellforge.core.cards import CardDef, Effect
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
VERB_VALUE = {  # what a spell's effect is worth, by the verb it declares: answers first
    "destroy": 3.0,
    "sacrifice": 3.0,
    "set_aside": 3.0,
    "gain_control": 3.0,
    "counter": 1.8,
    "damage": 1.8,  # and 0.4 a point of damage beyond the first
    "draw": 1.8,
}
PUMP, SHRINK = 1.0, 1.2  # a ``modify`` that raises a stat, one that lowers it
ABILITY_KINDS = frozenset({"activated", "triggered"})  # a character's abilities that add to its value


def _num(card: CardDef, key: str) -> float:
    value = getattr(card, key, 0)
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0.0


def effect_value(effect: Effect) -> float:
    """What one declared effect of a spell is worth: by its verb, a pump or a shrink by its amount's sign,
    anything else 1."""
    if effect.verb == "modify":
        return PUMP if effect.amount >= 0 else SHRINK
    return VERB_VALUE.get(effect.verb, 1.0)


def card_value(card: CardDef) -> float:
    """How much a card adds to a limited deck, before the curve: its stats, keywords and declared effects
    for its cost (read from the card's data, not its text)."""
    cost = _num(card, "cost")
    if card.type == "character":
        value = 1.5 + 1.0 * _num(card, "strength") + 0.5 * _num(card, "speed")
        for keyword in sorted(card.keywords):
            value += KEYWORD_VALUE.get(keyword, 0.5)
        if any(e.kind in ABILITY_KINDS for e in card.effects):
            value += 1.2  # an activated or triggered ability
        return value - 0.8 * cost
    value = max((effect_value(e) for e in card.effects), default=1.0)
    value = max(value, 1.0)
    damage = next((e.amount for e in card.effects if e.verb == "damage"), 0)
    if damage:
        value += 0.4 * (damage - 1)
    return value + 1.0 - 0.4 * cost


def _bucket(card: CardDef) -> int:
    return max(0, min(int(_num(card, "cost")) - 1, len(CURVE) - 1))


class DraftPicker:
    """Picks cards for a limited deck; remembers what it put in the deck (its seat's own choices)."""

    def __init__(self) -> None:
        self.built: list[CardDef] = []

    @staticmethod
    def handles(obs: Observation) -> bool:
        """Whether this is a limited-format card choice (checked cheaply before building the View)."""
        if not obs.legal or not all(len(a.card_ids()) == 1 for a in obs.legal):
            return False
        decision = obs.view["decision"]
        return decision is not None and decision["kind"] in LIMITED_KINDS

    @staticmethod
    def printed(obs: Observation) -> dict[int, CardDef]:
        """The card data of every card the seat's View shows, by card id (looked up by the key the View
        shows: what is printed on a card is public)."""
        pool = obs.game.cards
        shown = {}
        for cid, card in shown_cards(obs.view).items():
            data = pool.get(str(card.get("key", "")))
            if data is not None:
                shown[cid] = data
        return shown

    def choose(self, obs: Observation) -> Action:
        cards = self.printed(obs)
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

    def curve_bonus(self, card: CardDef) -> float:
        """Favour the cost buckets and card types the deck is still short of."""
        buckets = [0] * len(CURVE)
        characters = 0
        for c in self.built:
            buckets[_bucket(c)] += 1
            characters += c.type == "character"
        bonus = 0.0
        b = _bucket(card)
        bonus += 1.5 if buckets[b] < CURVE[b] else -1.5 * (buckets[b] - CURVE[b] + 1)
        spells = len(self.built) - characters
        if card.type == "character":
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


__all__ = ["LIMITED_KINDS", "VERB_VALUE", "DraftBot", "DraftPicker", "card_value", "effect_value"]
