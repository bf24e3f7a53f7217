"""Core's scenario builder (core/scenario.py): entries and their options, cards laid out in the order written,
cards found again, the flow reset and run on through public methods, and every bad entry named with where
it is. The five games' builders are core's too (each game's rule tests build their positions with it)."""

from __future__ import annotations

import doctest
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from spellforge.core.modifiers import PERMANENT
from spellforge.core.scenario import (
    Builder,
    Labels,
    Placed,
    ScenarioError,
    card_id,
    flag,
    legal,
    number,
    parse_entry,
    zone_named,
)
from spellforge.core.state import State

from .toys.common import Turn
from .toys.glade import Glade, GladeState

ROOT = Path(__file__).resolve().parents[2]
GLADE = Glade()


class GladeScenario(Builder):
    OPTIONS = {"boost": number, "swift": flag}

    def apply(self, state: State, cid: int, p: Placed, seat_cards: Sequence[tuple[int, Placed]]) -> None:
        assert isinstance(state, GladeState)
        if "boost" in p.opts:
            state.modify_card(cid, "power", p.opts["boost"], PERMANENT, -1)
        if p.opts.get("swift"):
            state.grant(cid, "swift", PERMANENT)


def position(*seats: dict[str, list[str]]) -> GladeState:
    b = GladeScenario(GLADE)
    state = b.build(
        [
            [p for zone, texts in seat.items() for p in b.entries(s, zone, texts)]
            for s, seat in enumerate(seats)
        ]
    )
    assert isinstance(state, GladeState)
    state.abilities_changed()
    state.run_on(Turn())
    return state


def test_the_guides_scenario_example_runs() -> None:
    result = doctest.testfile(str(ROOT / "docs" / "writing-a-game.md"), module_relative=False)
    assert result.attempted >= 5 and result.failed == 0


def test_an_entry_is_a_key_and_its_options() -> None:
    options = {"tapped": flag, "damage": number}
    assert parse_entry("war-ox", options) == ("war-ox", {})
    assert parse_entry("war-ox:tapped:damage=2", options) == ("war-ox", {"tapped": True, "damage": 2})
    assert parse_entry("war-ox:damage=-1", options) == ("war-ox", {"damage": -1})


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (
            "war-ox:taped",
            "P1 play entry 'war-ox:taped': unknown option 'taped' (the options: damage, tapped)",
        ),
        ("war-ox:tapped=1", "P1 play entry 'war-ox:tapped=1': option 'tapped' takes no value"),
        ("war-ox:damage", "P1 play entry 'war-ox:damage': option 'damage' needs a whole number (damage=2)"),
        ("war-ox:damage=x", "option 'damage' needs a whole number"),
        (":tapped", "P1 play entry ':tapped': no card key before the options"),
    ],
)
def test_a_bad_entry_is_named_with_what_is_wrong(entry: str, message: str) -> None:
    with pytest.raises(ScenarioError) as error:
        parse_entry(entry, {"tapped": flag, "damage": number}, "P1 play")
    assert message in str(error.value)


def test_the_cards_lie_where_written_in_id_order_with_their_options() -> None:
    s = position({"hand": ["rally", "bear"], "field": ["bear:boost=2", "sprite:swift"]}, {"field": ["bear"]})
    L = s.layout
    assert s.zones[L.hand[0]] == [0, 1] and s.zones[L.field[0]] == [2, 3] and s.zones[L.field[1]] == [4]
    assert s.zones[L.deck[0]] == [] and s.zones[L.discard[1]] == []
    assert [s.controller[c] for c in range(5)] == [0, 0, 0, 0, 1]
    assert s.power(2) == 5 and s.power(4) == 3 and s.has_keyword(3, "swift") and not s.has_keyword(2, "swift")
    assert s.decision is not None and s.decision.kind == "main" and s.current_player == 0
    assert legal(s) == ["pass", "play #0", "play #1"]
    assert s.events() == [] and s.history() == []  # nothing was played before the position


def test_card_id_finds_a_card_by_key_seat_zone_and_nth() -> None:
    s = position({"hand": ["bear"], "field": ["bear", "sprite"]}, {"field": ["bear"]})
    assert card_id(s, "bear") == 0 and card_id(s, "bear", nth=2) == 3
    assert card_id(s, "bear", seat=1) == 3 and card_id(s, "bear", zone="field") == 1
    assert card_id(s, "bear", 0, "field") == 1 and card_id(s, "bear", zone="field", nth=1) == 3
    s.controller[3] = 0  # control changes; ownership does not
    assert card_id(s, "bear", 0, "field", 1, controller=True) == 3
    for call, message in [
        (lambda: card_id(s, "wolf"), "no card 'wolf' in this position"),
        (lambda: card_id(s, "bear", seat=1, zone="hand"), "no card 'bear' #0 of P2 in hand: 0 found"),
        (lambda: card_id(s, "bear", nth=3), "no card 'bear' #3: 3 found"),
        (
            lambda: card_id(s, "bear", zone="feld"),
            "unknown zone 'feld' (the zones: deck, discard, field, hand)",
        ),
        (lambda: card_id(s, "bear", seat=2), "card 'bear': no seat P3 (the game has 2 seats)"),
    ]:
        with pytest.raises(ScenarioError) as error:
            call()
        assert message in str(error.value)


BAD: list[tuple[Callable[[GladeScenario], Any], str]] = [
    (lambda b: b.build([b.entries(0, "field", ["bare"]), []]), "unknown card 'bare' (P1 field) in Glade toy"),
    (
        lambda b: b.build([[], b.entries(1, "feld", ["bear"])]),
        "P2 feld: unknown zone 'feld' (the zones: deck,",
    ),
    (
        lambda b: b.build([[], b.entries(1, "hand", ["bear:boost"])]),
        "P2 hand entry 'bear:boost': option 'boost'",
    ),
    (lambda b: b.build([[Placed(2, "hand", "bear")], []]), "P3 hand: no seat P3 (the game has 2 seats)"),
]


@pytest.mark.parametrize(("build", "message"), BAD)
def test_an_unknown_card_zone_option_or_seat_is_named_with_where(
    build: Callable[[GladeScenario], Any], message: str
) -> None:
    with pytest.raises(ScenarioError) as error:
        build(GladeScenario(GLADE))
    assert message in str(error.value)
    assert isinstance(error.value, ValueError)  # as every error of the engine on bad input


def test_labels_name_cards_and_a_second_of_a_label_is_numbered() -> None:
    placed = [
        [Placed(0, "hand", "bear", label="b"), Placed(0, "hand", "bear")],
        [Placed(1, "field", "x", label="b")],
    ]
    labels = Labels.of(placed, [[0, 1], [2]])
    assert (labels["b"], labels["b#2"]) == (0, 2) and "b#3" not in labels
    with pytest.raises(ScenarioError, match=r"no card labelled 'c' \(the labels: b, b#2\)"):
        labels["c"]


def test_zone_named_reads_per_seat_and_shared_zones() -> None:
    s = position({}, {})
    assert zone_named(s.layout, "field", 1) == s.layout.field[1]
    with pytest.raises(ScenarioError, match="unknown zone 'play'"):
        zone_named(s.layout, "play", 0, "P1 play")


def test_forget_legal_recomputes_and_run_on_plays_on_from_a_reset_flow() -> None:
    s = position({"hand": ["bear"]}, {"hand": ["sprite"]})
    assert s.turn == 1 and legal(s) == ["pass", "play #0"]
    s.move(0, s.layout.discard[0])  # changed by hand: the cached options are stale until forgotten
    assert legal(s) == ["pass", "play #0"]
    s.forget_legal()
    assert legal(s) == ["pass"]
    s.reset_flow()
    assert s.decision is None and s.work == []
    s.run_on(Turn())  # P1's turn 2 has one option (pass), taken at once; P2's turn 3 asks
    assert s.turn == 3 and s.current_player == 1 and legal(s) == ["pass", "play #1"]


def _casters(**side: Any) -> Any:
    from spellforge.games.casters.scenario import Side, scenario

    return scenario(Side(**side))


def _spellbattle(**seat: Any) -> Any:
    from spellforge.games.spellbattle.scenario import Seat, scenario

    return scenario(Seat(**seat), Seat())


def _spelldawn(**side: Any) -> Any:
    from spellforge.games.spelldawn.scenario import Side, scenario

    return scenario(Side(**side))


def _spellfire(phase: str = "pool", **side: Any) -> Any:
    from spellforge.games.spellfire.scenario import Side, scenario

    return scenario(Side(**side), Side(), phase=phase)


def _spellweaver(**side: Any) -> Any:
    from spellforge.games.spellweaver.scenario import Side, build

    return build(Side(**side))


GAMES_BAD: list[tuple[Callable[..., Any], dict[str, Any], str]] = [
    (_casters, {"hand": ["gravel-goul"]}, "unknown card 'gravel-goul' (P1 hand) in Casters"),
    (
        _casters,
        {"field": ["gravel-ghoul:taped"]},
        "P1 field entry 'gravel-ghoul:taped': unknown option 'taped'",
    ),
    (
        _casters,
        {"field": ["gravel-ghoul:on=3"]},
        "P1 field entry 'gravel-ghoul:on=3': no field entry #3 to be on",
    ),
    (
        _spellbattle,
        {"play": [("hedge-knight", {"taped": True})]},
        "P1 play entry 'hedge-knight': unknown fact(s)",
    ),
    (_spellbattle, {"play": ["hedge-knight:damage=two"]}, "option 'damage' needs a whole number (damage=2)"),
    (_spellbattle, {"discard": ["fire-lence"]}, "unknown card 'fire-lence' (P1 discard)"),
    (
        _spelldawn,
        {"rooms": {"F": [None, "iron-sentinel"]}},
        "P1 rooms: unknown room 'F' (the rooms: sanctum,",
    ),
    (_spelldawn, {"rooms": {"vault": ["tithe-of-ash"]}}, "P1 rooms: room 'vault' holds no occupant"),
    (_spelldawn, {"rooms": {"A": [None, "iron-sentinel:upp"]}}, "P1 defenders_A entry 'iron-sentinel:upp'"),
    (_spellfire, {"formation": ["mistwood-dale:razd"]}, "unknown option 'razd' (the options: razed)"),
    (_spellfire, {"pool": ["no-champion"]}, "unknown card 'no-champion' (P1 pool)"),
    (
        _spellfire,
        {"phase": "combat"},
        "unknown phase 'combat' (the phases: start, draw, realm, pool, attack,",
    ),
    (_spellweaver, {"combat": ["a:ash-hound"], "exhausted": ["b"]}, "no card labelled 'b' (the labels: a)"),
    (_spellweaver, {"combat": ["a:ash-hund"]}, "P1 combat entry 'a:ash-hund': unknown card 'ash-hund'"),
]


@pytest.mark.parametrize(("build", "side", "message"), GAMES_BAD)
def test_each_games_scenario_names_a_bad_entry_and_where(
    build: Callable[..., Any], side: dict[str, Any], message: str
) -> None:
    with pytest.raises(ScenarioError) as error:
        build(**side)
    assert message in str(error.value)


def test_each_games_card_lookup_is_cores() -> None:
    from spellforge.games.casters.scenario import card_id as casters_card
    from spellforge.games.spellbattle.scenario import card as spellbattle_card

    s = _casters(field=["gravel-ghoul", "gravel-ghoul:tapped"])
    assert casters_card(s, "gravel-ghoul", 0, nth=1) == 1 and s.tapped[1] and not s.tapped[0]
    with pytest.raises(ScenarioError, match="no card 'gravel-ghoul' #2 of P1: 2 found"):
        casters_card(s, "gravel-ghoul", 0, nth=2)
    b = _spellbattle(
        hand=["fire-lance"], farms=1, play=["hedge-knight:tapped:damage=1", ("hedge-knight", {"damage": 2})]
    )
    k1, k2 = spellbattle_card(b, "hedge-knight"), spellbattle_card(b, "hedge-knight", 0, "play", 1)
    assert (b.tapped[k1], b.damage[k1], b.tapped[k2], b.damage[k2]) == (True, 1, False, 2)
    with pytest.raises(ScenarioError, match="unknown zone 'battlefield'"):
        spellbattle_card(b, "hedge-knight", zone="battlefield")
