"""The deck builder's two conversions: deck-list text to counts of cards, and counts back to a deck list.

The builder keeps a deck as ``{card id: copies}`` plus the deck's named extras (``meta``: a format, a
role); the game's ``cards_deck_list`` says which section each card goes in (a Stage, a riftcaller, a hero),
so the builder knows nothing of any game's sections.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from spellforge.core.cards import CardDef
from spellforge.core.decks import DeckList, card_index, resolve_section
from spellforge.core.errors import SpellforgeError
from spellforge.core.ruleset import Ruleset

MAX_COPIES = 200  # more copies of one card than any deck of any format holds: a mistake, not a deck


def deck_counts(ruleset: Ruleset, deck: DeckList) -> dict[str, Any]:
    """``deck`` as the builder holds it: its name, its extras (a card an extra names, such as a hero, is
    counted among the cards instead), ``{card id: copies}`` over every section, and the cards it names
    that the game does not have, as problems."""
    index = card_index(ruleset.cards)
    problems: list[str] = []
    counts: dict[str, int] = {}
    for section, entries in deck.sections.items():
        for card, n in resolve_section(entries, index, section, problems):
            counts[card.key] = counts.get(card.key, 0) + n
    meta: dict[str, Any] = {}
    for key, value in deck.meta.items():
        named = index.get(value.lower()) if isinstance(value, str) else None
        if named is not None:
            counts[named.key] = counts.get(named.key, 0) + 1
        else:
            meta[key] = value
    return {"name": deck.name, "meta": meta, "cards": counts, "problems": problems}


def deck_from_counts(
    ruleset: Ruleset, name: str, counts: Mapping[str, Any], meta: Mapping[str, Any]
) -> DeckList:
    """The deck list of ``counts`` (``{card id: copies}``) with ``meta``; SpellforgeError names the first
    entry that is no card of the game or no count."""
    cards: list[CardDef] = []
    for key, n in counts.items():
        card = ruleset.cards.get(key)
        if card is None:
            raise SpellforgeError(f"{key!r} is not a {ruleset.title} card")
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= MAX_COPIES:
            raise SpellforgeError(
                f"{key!r}: the count must be a whole number from 0 to {MAX_COPIES}, not {n!r}"
            )
        cards.extend([card] * n)
    role = str(meta.get("role", ""))
    listed = ruleset.cards_deck_list(cards, role)
    extras = {str(k): v for k, v in meta.items() if isinstance(v, str | int | float | bool)}
    return DeckList(name, listed.sections, meta={**listed.meta, **extras})
