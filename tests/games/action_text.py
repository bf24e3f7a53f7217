"""The check every game's action examples share: an action prints as written and parses back."""

from __future__ import annotations

from spellforge.core.actions import Action
from spellforge.core.ruleset import Ruleset


def check_round_trip(game: Ruleset, action: Action, text: str, cards: tuple[int, ...]) -> None:
    """``action`` prints as ``text``, which parses back to an equal action of the same class (its verb in
    any case, spaces around it ignored); it names ``cards``, and masking hides it only when it names one."""
    assert str(action) == text
    parsed = game.parse_action(None, text)
    assert parsed == action and type(parsed) is type(action) and hash(parsed) == hash(action)
    verb, _, rest = text.partition(" ")
    assert game.parse_action(None, f"  {verb.upper()}  {rest} ") == action  # a verb reads in any case
    assert action.card_ids() == cards
    assert (action.masked(()) is action) == (not cards)
