"""What each seat of a game drew and played, for balance reports (``spellforge report``).

The same for every game, read through the public engine only:

* a seat's *deck* is the deck spec it was given, or the preconstructed deck the game chose for it from the
  seed (the choice ``new_game`` makes);
* a card is *drawn* by its owner when it was in that seat's hand at some point of the game: seen there at a
  decision (any seat's), or named by a ``draw`` event (a card drawn and gone again before the next
  decision). Opening hands count, and so does a hand shown at a mulligan decision and then put back. Only
  the seat's own cards of its deck count (not a borrowed card, nor a token made in play; in a game whose
  seats draw from one shared deck, any card of it), and a card counts once per seat-game however many
  copies were drawn;
* a card is in the *opening hand* when it is in its owner's hand at the first decision at which that seat
  holds any card (the hand it starts with, before any turn of its own; a mulligan decision sees the hand
  offered);
* a card is *played* when its owner's action names it while it is in that seat's hand: played, set face
  down, farmed, discarded to pay a cost (each card counts once per game, whichever way).

The tally reads each seat's hand zone (the zone the game declares as ``hand``) at every decision: a few
set insertions per decision, cheap next to choosing the action.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from spellforge.core.actions import Action
from spellforge.core.events import DRAW
from spellforge.core.rng import Rng
from spellforge.core.state import State

DECK_SEED = 0x5EED  # new_game draws the default decks from Rng(seed ^ DECK_SEED)


def deck_label(spec: Any) -> str:
    """A short name for a deck spec: its name, a file's stem, or the first line of deck-list text."""
    if isinstance(spec, Path):
        return spec.stem
    text = str(spec).strip()
    if "\n" in text:
        return text.splitlines()[0][:40]
    if text.endswith((".toml", ".txt", ".deck")) or "/" in text:
        return Path(text).stem
    return text


class CardTally:
    """Collects one game's per-seat decks, drawn cards and played cards as it is played."""

    __slots__ = ("decks", "hand_of", "hands", "opening", "played", "seen")

    def __init__(
        self, state: State, decks: Sequence[Any] | None, seed: int, options: Mapping[str, Any]
    ) -> None:
        n = state.n_seats
        if decks:
            self.decks = [deck_label(d) for d in decks]
        else:
            chosen = state.game.default_decks(n, Rng(seed ^ DECK_SEED), dict(state.options))
            self.decks = [deck_label(d) for d in chosen]
        layout = state.layout
        self.hands = frozenset(z for z in range(layout.count) if layout.names[z] == "hand")
        self.hand_of: tuple[int, ...] = layout.by_seat.get("hand", ())
        self.played: list[set[int]] = [set() for _ in range(n)]  # card ids each seat played from its hand
        self.seen: list[set[int]] = [set() for _ in range(n)]  # card ids seen in each seat's hand
        self.opening: list[set[int] | None] = [None] * n  # each seat's first hand, once it has one

    def before(self, state: State, seat: int, action: Action) -> None:
        """At a decision: note the cards in every hand, and those ``action`` (about to be applied by
        ``seat``) takes from that seat's hand."""
        zones = state.zones
        for s, z in enumerate(self.hand_of):
            hand = zones[z]
            self.seen[s].update(hand)
            if self.opening[s] is None and hand:
                self.opening[s] = set(hand)
        for cid in action.card_ids():
            if state.zone_of[cid] in self.hands:
                self.played[seat].add(cid)

    def finish(self, state: State) -> dict[str, Any]:
        """Per seat: ``decks`` (its deck's name), ``opening``, ``drawn`` and ``played`` (the sorted ids of the
        cards of its deck in its opening hand, drawn and played)."""
        n = state.n_seats
        seen = self.seen
        for s, z in enumerate(self.hand_of):  # the hands the game ended with
            seen[s].update(state.zones[z])
        for event in state.events():
            if event.kind == DRAW and 0 <= event.card < len(state.defs) and 0 <= event.seat < n:
                seen[event.seat].add(event.card)
        return {
            "decks": self.decks,
            "opening": [self._deck_keys(state, seat, self.opening[seat] or set()) for seat in range(n)],
            "drawn": [self._deck_keys(state, seat, seen[seat]) for seat in range(n)],
            "played": [self._deck_keys(state, seat, self.played[seat]) for seat in range(n)],
        }

    @staticmethod
    def _deck_keys(state: State, seat: int, ids: set[int]) -> list[str]:
        """The keys of the cards among ``ids`` that are ``seat``'s own cards of its deck (in a game whose
        seats draw from one shared deck, any card of it), sorted."""
        deck = set(state.deck_keys[seat])
        keys = set()
        for cid in ids:
            owner = state.owner[cid]
            key = state.defs[cid].key
            if (owner == seat and key in deck) or owner < 0:
                keys.add(key)
        return sorted(keys)
