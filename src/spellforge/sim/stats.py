"""What each seat of a game drew and played, for balance reports (``spellforge report``).

The same for every game, read through the public engine only:

* a seat's *deck* is the deck spec it was given, or the preconstructed deck the game chose for it from the
  seed (the choice ``new_game`` makes);
* a card is *drawn* by the seat a ``draw`` event names (opening hands included);
* a card is *played* when its owner's action names it while it is in that seat's hand: played, set face
  down, farmed, discarded to pay a cost (each card counts once per game, whichever way).
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

    __slots__ = ("decks", "hands", "played")

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
        self.played: list[set[str]] = [set() for _ in range(n)]

    def before(self, state: State, seat: int, action: Action) -> None:
        """Note the cards ``action`` (about to be applied by ``seat``) takes from that seat's hand."""
        for cid in action.card_ids():
            if state.zone_of[cid] in self.hands and state.owner[cid] == seat:
                self.played[seat].add(state.defs[cid].key)

    def finish(self, state: State) -> tuple[list[str], list[list[str]], list[list[str]]]:
        drawn: list[set[str]] = [set() for _ in range(state.n_seats)]
        for event in state.events():
            if event.kind == DRAW and event.card >= 0 and 0 <= event.seat < state.n_seats:
                drawn[event.seat].add(state.defs[event.card].key)
        return self.decks, [sorted(d) for d in drawn], [sorted(p) for p in self.played]
