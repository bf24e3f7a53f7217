"""The zone layout: one zone of a per-seat kind for each seat, one of a shared kind, typed reads by name,
and one numbering per (zones, seats) that a game's module constants and its states share."""

from __future__ import annotations

import pytest

from spellforge.core.zones import Layout, Visibility, ZoneSpec, numbered
from spellforge.games import find_game

ZONES = (
    ZoneSpec("deck", True, Visibility.HIDDEN),
    ZoneSpec("hand", True, Visibility.OWNER),
    ZoneSpec("pile", False, Visibility.PUBLIC),
    ZoneSpec("field", True, Visibility.PUBLIC),
)


def test_one_zone_of_a_per_seat_kind_for_each_seat_in_declaration_order() -> None:
    layout = Layout(ZONES, 3)
    assert layout.seat_zones("deck") == (0, 1, 2)
    assert layout.seat_zones("hand") == (3, 4, 5)
    assert layout.zone("pile") == 6
    assert layout.seat_zones("field") == (7, 8, 9)
    assert layout.count == 10
    # the typed reads are the attributes the rules read
    assert layout.hand == layout.seat_zones("hand") and layout.pile == layout.zone("pile")
    assert [layout.seat_of[z] for z in layout.seat_zones("field")] == [0, 1, 2]
    assert layout.seat_of[layout.zone("pile")] == -1


def test_each_seat_zone_has_its_kinds_visibility() -> None:
    layout = Layout(ZONES, 2)
    for seat, z in enumerate(layout.seat_zones("hand")):
        assert layout.visible_to(z, seat) and not layout.visible_to(z, 1 - seat)
        assert not layout.visible_to(z, None)
    assert not any(layout.visible_to(z, s) for z in layout.seat_zones("deck") for s in (0, 1, None))
    assert all(layout.visible_to(z, s) for z in layout.seat_zones("field") for s in (0, 1, None))


def test_a_shared_per_seat_kind_is_one_zone_read_for_every_seat() -> None:
    layout = Layout(ZONES, 3, shared=("deck",))
    assert layout.seat_zones("deck") == (0, 0, 0)
    assert layout.seat_zones("hand") == (1, 2, 3)
    assert layout.seat_of[0] == -1


def test_reading_a_zone_of_the_wrong_kind_or_no_zone_names_the_problem() -> None:
    layout = Layout(ZONES, 2)
    with pytest.raises(ValueError, match="'pile' is not a per-seat zone"):
        layout.seat_zones("pile")
    with pytest.raises(ValueError, match="'hand' is not a shared zone"):
        layout.zone("hand")
    with pytest.raises(ValueError, match="no zone named 'graveyard'; the zones are: deck, hand, pile, field"):
        layout.seat_zones("graveyard")
    with pytest.raises(ValueError, match="unknown zones to share"):
        Layout(ZONES, 2, shared=("graveyard",))


def test_numbered_makes_one_layout_per_zones_seats_and_shared_kinds() -> None:
    two = numbered(ZONES, 2)
    assert numbered(list(ZONES), 2) is two  # equal zones, however given
    assert numbered(ZONES, 3) is not two and numbered(ZONES, 3).count == 10
    assert numbered(ZONES, 2, ("deck",)) is not two
    assert numbered(ZONES, 2, ("deck",)) is numbered(ZONES, 2, ["deck"])
    assert two.seat_zones("field") == Layout(ZONES, 2).seat_zones("field")


@pytest.mark.parametrize(
    ("name", "module"),
    [("casters", "spellforge.games.casters.base"), ("spelldawn", "spellforge.games.spelldawn.base")],
)
def test_a_fixed_seat_games_zone_constants_are_its_states_layout(name: str, module: str) -> None:
    """Casters and Spelldawn name their zone numbers as module constants: every game must use that layout."""
    import importlib

    base = importlib.import_module(module)
    state = find_game(name).new_game(seed=3)
    assert state.layout is base.LAYOUT
    assert state.layout.seat_zones("hand") == base.HAND
    assert state.zone_of[state.zones[base.HAND[0]][0]] == base.HAND[0]
