"""A listening trigger may name what its event is about (``When(about=...)``): "whenever a swift creature
enters" hears only events about a card that selector names, read from the listener's controller wherever that
card is now. Played through the Glade toy with its Herald listening so."""

from __future__ import annotations

import pytest

from spellforge.core.abilities import AbilitySet, Trigger, When
from spellforge.core.events import Event
from spellforge.core.windows import WaitingTrigger

from .toys.common import deal
from .toys.glade import VOCABULARY, Glade, GladeState

# "Whenever a swift creature enters play, draw a card."
WATCHER = AbilitySet.of(
    triggers=[Trigger(When("enters", about=VOCABULARY.selectors.parse("swift creature")), 0)]
)


class WatchState(GladeState):
    """The Glade, with each Herald listening for swift creatures only."""

    __slots__ = ()

    def abilities(self, cid: int) -> AbilitySet:
        return WATCHER if self.defs[cid].key == "herald" else super().abilities(cid)


class Watch(Glade):
    state_class = WatchState


WATCH = Watch()


def in_hand(state: WatchState, seat: int, key: str) -> int:
    return next(c for c in state.zones[state.layout.hand[seat]] if state.defs[c].key == key)


def test_a_trigger_hears_only_events_about_a_card_its_selector_names() -> None:
    state = deal(WATCH, [["herald", "bear", "sprite"], ["sprite"]])
    herald = in_hand(state, 0, "herald")
    state.apply(WATCH.parse_action(state, f"play #{herald}"))  # its own entry: not a swift creature
    assert state.pending_triggers == []
    bear, sprite, theirs = in_hand(state, 0, "bear"), in_hand(state, 0, "sprite"), in_hand(state, 1, "sprite")
    state.fire(Event("enters", 0, bear))
    assert state.pending_triggers == []  # a Bear is not swift
    state.fire(Event("enters", 0, sprite))  # read where the card is (here still in hand)
    state.fire(Event("enters", 1, theirs))  # any seat's: the selector names no controller
    state.fire(Event("enters", 0))  # about no card
    assert state.pending_triggers == [
        WaitingTrigger(0, herald, 0, herald, sprite),
        WaitingTrigger(0, herald, 0, herald, theirs),
    ]


def test_a_trigger_about_its_own_card_names_no_selector() -> None:
    with pytest.raises(ValueError, match="no selector"):
        When("enters", this=True, about=VOCABULARY.selectors.parse("creature"))
