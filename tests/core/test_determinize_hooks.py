"""determinize() asks the game which cards a seat can see (``can_see``, or ``zone_visible``) and which hidden cards may
exchange identities (``hidden_group``), so a game can keep separate hidden pools apart."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from spellforge.core.cards import CardDef
from spellforge.core.rng import Rng
from spellforge.core.state import State
from spellforge.core.zones import Layout, Visibility, ZoneSpec

ZONES = (
    ZoneSpec("deck", True, Visibility.HIDDEN),
    ZoneSpec("vault", True, Visibility.HIDDEN),
    ZoneSpec("hand", True, Visibility.OWNER),
)


class TinyState(State):
    """Each seat: ten 'common' cards in its deck and five 'rare' cards in its vault."""

    __slots__ = ("peek",)
    separate = False

    def init_game(self) -> None:
        self.peek = -1
        for seat in range(self.n_seats):
            for cid in list(self.zones[self.layout.deck[seat]]):
                if self.defs[cid].type == "rare":
                    self.move(cid, self.layout.vault[seat])

    def view_part(self, seat: int | None) -> dict[str, Any]:
        return {}

    def can_see(self, seat: int | None, cid: int) -> bool:
        return cid == self.peek or super().can_see(seat, cid)

    def hidden_group(self, cid: int) -> Hashable:
        if self.separate:
            return (self.owner[cid], self.defs[cid].type)
        return super().hidden_group(cid)


class SeparateState(TinyState):
    __slots__ = ()
    separate = True


def make(cls: type[TinyState]) -> TinyState:
    deck = [CardDef(f"c{i}", f"Common {i}", "common") for i in range(10)]
    deck += [CardDef(f"r{i}", f"Rare {i}", "rare") for i in range(5)]
    state = cls.__new__(cls)
    state.init_core(None, 1, [deck, deck], {}, Layout(ZONES, 2))  # type: ignore[arg-type]
    state.init_game()
    return state


def test_default_groups_mix_every_hidden_card_of_an_owner() -> None:
    state = make(TinyState)
    mixed = False
    for k in range(20):
        det = state.determinize(0, Rng(k))
        vault = det.zones[det.layout.vault[1]]
        mixed = mixed or any(det.defs[c].type == "common" for c in vault)
    assert mixed


def test_hidden_group_keeps_pools_apart() -> None:
    state = make(SeparateState)
    for k in range(20):
        det = state.determinize(0, Rng(k))
        for seat in (0, 1):
            assert all(det.defs[c].type == "rare" for c in det.zones[det.layout.vault[seat]])
            assert all(det.defs[c].type == "common" for c in det.zones[det.layout.deck[seat]])
            assert all(det.owner[c] == seat for c in det.zones[det.layout.deck[seat]])


def test_a_card_the_game_lets_the_seat_see_stays_put() -> None:
    state = make(TinyState)
    deck = state.zones[state.layout.deck[0]]
    state.peek = deck[3]
    for k in range(20):
        det = state.determinize(0, Rng(k))
        assert det.zones[det.layout.deck[0]][3] == state.peek


class ZoneState(TinyState):
    """Refines visibility a whole zone at a time: seat 0 may look through its own vault."""

    __slots__ = ()

    can_see = State.can_see

    def zone_visible(self, zone: int, seat: int | None) -> bool:
        return (seat == 0 and zone == self.layout.vault[0]) or super().zone_visible(zone, seat)


def test_a_zone_the_game_lets_the_seat_look_through_stays_put() -> None:
    state = make(ZoneState)
    vault = list(state.zones[state.layout.vault[0]])
    assert all(state.can_see(0, c) for c in vault) and not state.can_see(1, vault[0])
    moved = False
    for k in range(20):
        det = state.determinize(0, Rng(k))
        assert det.zones[det.layout.vault[0]] == vault
        moved = moved or det.zones[det.layout.vault[1]] != state.zones[state.layout.vault[1]]
    assert moved
