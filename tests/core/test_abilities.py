"""Core's ability layer (core/abilities.py), played through the Glade toy (tests/core/toys/glade.py): statics
in force while their source is, the one order of reading a value, keyword grants with a duration, and one
trigger queue."""

from __future__ import annotations

import json

import pytest

from spellforge.core.abilities import (
    ADD,
    GRANT,
    NO_ABILITIES,
    SET,
    AbilitySet,
    AbilityState,
    Static,
    Trigger,
    When,
)
from spellforge.core.cards import EffectVocabulary, VerbSpec
from spellforge.core.effects import SHARED, SHARED_VERBS, Context, verb_draw
from spellforge.core.events import Event
from spellforge.core.modifiers import PERMANENT, TURN
from spellforge.core.rng import Rng
from spellforge.core.selectors import SelectorVocabulary
from spellforge.core.table import TableState
from spellforge.core.windows import WaitingTrigger

from .toys.common import deal
from .toys.glade import VOCABULARY, Glade, GladeState

GLADE = Glade()


def play(state: GladeState, *keys: str) -> None:
    """The seat to act plays the cards ``keys`` from its hand, in order."""
    for key in keys:
        seat = state.current_player
        assert seat is not None
        cid = next(c for c in state.zones[state.layout.hand[seat]] if state.defs[c].key == key)
        state.apply(GLADE.parse_action(state, f"play #{cid}"))


def field(state: GladeState, seat: int, key: str, nth: int = 0) -> int:
    return [c for c in state.zones[state.layout.field[seat]] if state.defs[c].key == key][nth]


def test_a_static_applies_while_its_source_is_in_play_and_stops_when_it_leaves() -> None:
    state = deal(GLADE, [["bear", "banner"], ["sprite"]])
    play(state, "bear")
    bear = field(state, 0, "bear")
    assert state.power(bear) == 3
    play(state, "banner")
    assert state.power(bear) == 4  # "your creatures get +1 power", the Banner itself too
    assert state.power(field(state, 0, "banner")) == 1
    state.move(field(state, 0, "banner"), state.layout.discard[0])  # nothing to refresh by hand
    assert state.power(bear) == 3


def test_a_value_reads_printed_then_every_set_then_every_add() -> None:
    # P1's Hex: "enemy creatures have power 1" (a static SET); P2's Banner: +1 (a static ADD)
    state = deal(GLADE, [["hex", "sprite"], ["bear", "banner", "growth", "sprite"]])
    play(state, "hex")
    state.apply(GLADE.parse_action(state, "pass"))
    play(state, "bear", "banner")
    bear = field(state, 1, "bear")
    assert state.power(bear) == 2  # 3, SET to 1, +1
    state.modify_card(bear, "power", 5, TURN, op=SET)  # a newer SET wins over the static's ...
    assert state.power(bear) == 6  # ... and every ADD still counts after it
    play(state, "growth")  # +2 this turn (a modifier ADD)
    assert state.power(bear) == 8
    state.move(field(state, 0, "hex"), state.layout.discard[0])
    assert state.power(bear) == 8  # the modifier SET stands alone now: 5, +1, +2


def test_a_seat_value_with_no_static_in_force_still_reads_its_modifiers() -> None:
    state = deal(GLADE, [["bear"], ["sprite"]])
    assert state.seat_stat(0, "draws", 1) == 1  # nothing changes it
    state.modify_seat(0, "draws", 2, TURN)
    state.modify_seat(1, "draws", 5, TURN, op=SET)
    assert (state.seat_stat(0, "draws", 1), state.seat_stat(1, "draws", 1)) == (3, 5)
    state.end_duration(TURN)
    assert state.seat_stat(0, "draws", 1) == 1


def test_a_keyword_granted_for_a_turn_ends_with_the_turn() -> None:
    state = deal(GLADE, [["bear", "rally", "sprite"], ["bear"]])
    rally = next(c for c in state.zones[state.layout.hand[0]] if state.defs[c].key == "rally")
    play(state, "bear", "rally")
    bear = field(state, 0, "bear")
    assert state.has_keyword(bear, "swift")
    assert [str(m) for m in state.modifiers] == [f"#{bear} has swift (turn from #{rally})"]
    state.apply(GLADE.parse_action(state, "pass"))
    assert state.score[0] == 3  # the Bear was swift when the turn's creatures scored
    assert not state.has_keyword(bear, "swift")  # the grant ended with the turn
    assert not state.modifiers


def test_a_granted_keyword_lasts_as_long_as_its_duration_says() -> None:
    state = deal(GLADE, [["bear"], ["sprite"]])
    play(state, "bear")
    bear = field(state, 0, "bear")
    state.grant(bear, "swift", PERMANENT)
    state.apply(GLADE.parse_action(state, "pass"))
    assert state.has_keyword(bear, "swift")  # a permanent grant outlives the turn ...
    state.move(bear, state.layout.discard[0])
    state.left_play(bear)
    assert not state.has_keyword(bear, "swift")  # ... but not the card leaving play


def test_a_trigger_fires_for_its_controllers_other_creatures_only() -> None:
    decks = [["herald", "bear", "sprite", "growth", "bear", "bear"], ["bear", "sprite", "sprite", "bear"]]
    state = GLADE.new_game(
        seed=1, decks=[[GLADE.cards[k] for k in reversed(d)] for d in decks], hand=3, shuffle=False
    )
    hand, deck = state.zones[state.layout.hand[0]], state.zones[state.layout.deck[0]]
    assert (len(hand), len(deck)) == (4, 2)  # three dealt, one drawn for the turn
    play(state, "herald")
    assert (len(hand), len(deck)) == (3, 2)  # the Herald's own entry is not "another creature"
    play(state, "bear")
    assert (len(hand), len(deck)) == (3, 1)  # the Bear left the hand, the Herald drew a card
    state.apply(GLADE.parse_action(state, "pass"))
    play(state, "bear")  # P2's creature: not one of the Herald's controller's
    assert len(deck) == 1


def test_triggers_of_one_event_queue_in_zone_order_for_their_controller() -> None:
    state = deal(GLADE, [["herald", "herald", "bear"], ["herald"]])
    play(state, "herald", "herald")
    state.apply(GLADE.parse_action(state, "pass"))
    play(state, "herald")
    first, second = field(state, 0, "herald", 0), field(state, 0, "herald", 1)
    bear = next(c for c in state.zones[state.layout.hand[0]] if state.defs[c].key == "bear")
    state.fire(Event("enters", 0, bear))  # queued, not yet resolved
    assert state.pending_triggers == [
        WaitingTrigger(0, first, 0, first, bear),
        WaitingTrigger(0, second, 0, second, bear),
    ]


def test_what_a_card_declares_is_read_into_abilities() -> None:
    hex_, herald = GLADE.cards["hex"], GLADE.cards["herald"]
    assert hex_.abilities.statics[0].op == SET  # type: ignore[attr-defined]
    assert hex_.abilities.statics[0].describe() == "power = 1 to enemy creatures"  # type: ignore[attr-defined]
    assert herald.abilities.listens["enters"][0].when == When("enters", other=True, seat="you")  # type: ignore[attr-defined]
    assert Static("swift", GRANT).describe() == "swift"
    assert Static("power", ADD, -2).lowers


def test_random_games_keep_their_invariants_and_round_trip() -> None:
    for seed in range(20):
        state = GLADE.new_game(seed=seed)
        rng = Rng(seed)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            assert not state.check_invariants()
            if rng.randrange(8) == 0:
                copy = state.clone()
                again = GLADE.from_json(json.loads(json.dumps(state.to_json())))
                for other in (copy, again):
                    assert other.to_json() == state.to_json()
                    assert [state.power(c) for c in state.zones[state.layout.field[0]]] == [
                        other.power(c)  # type: ignore[attr-defined]
                        for c in other.zones[other.layout.field[0]]
                    ]
        assert state.outcome is not None


def test_a_declared_verb_runs_the_function_its_vocabulary_names() -> None:
    assert VOCABULARY.parse_effect({"do": "draw", "amount": 2}, 0).run is verb_draw
    assert SHARED_VERBS["draw"] is verb_draw
    extended = SHARED["modify"].extended({"set": bool}, help="change power")
    assert (dict(extended.params), extended.run, extended.help) == (
        {"stat": str, "set": bool},
        SHARED["modify"].run,
        "change power",
    )
    # a verb declared without a function is refused where it runs, naming it
    words = EffectVocabulary(
        verbs={"draw": VerbSpec()}, selectors=SelectorVocabulary(nouns=frozenset({"creature"}))
    )
    state = GLADE.new_game(seed=1)
    with pytest.raises(NotImplementedError, match="verb 'draw' declares no function"):
        state.run_verb(words.parse_effect({"do": "draw"}, 0), Context(-1, 0))


def test_no_base_between_the_table_and_the_ability_layer_moves_cards_its_own_way() -> None:
    # AbilityState.move calls TableState.move directly (a hot path): nothing in between may override it
    mro = AbilityState.__mro__
    between = mro[1 : mro.index(TableState)]
    assert not [cls.__name__ for cls in between if "move" in vars(cls)]


def test_a_host_static_belongs_to_what_a_card_lends() -> None:
    lent = AbilitySet.of([Static("power", ADD, 2, host=True)], lent=True)
    assert lent.lent and lent.statics[0].host
    with pytest.raises(ValueError, match="lent"):
        AbilitySet.of([Static("power", ADD, 2, host=True)])


def test_only_a_card_that_gives_something_in_force_has_it_read_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A card whose abilities are its own triggers alone (or none) adds nothing to what is in force: moving it
    into or out of play, or turning it face up there, reads nothing again; a static, a listener, an activated
    ability or anything lent to a host does (what a card lends counts wherever it is asked)."""
    own = AbilitySet.of(triggers=[Trigger(When("enters", this=True), 0)])
    lends = AbilitySet.of(triggers=[Trigger(When("enters", this=True), 0)], lent=True)
    assert not own.gives and not NO_ABILITIES.gives and lends.gives
    assert AbilitySet.of([Static("power")]).gives
    assert AbilitySet.of(triggers=[Trigger(When("enters", other=True), 0)]).gives
    assert AbilitySet.of(activated=[VOCABULARY.parse_effect({"do": "draw"}, 0)]).gives
    assert GLADE.cards["banner"].abilities.gives and GLADE.cards["herald"].abilities.gives  # type: ignore[attr-defined]
    state = deal(GLADE, [["bear", "banner"], ["sprite"]])
    play(state, "bear", "banner")
    bear, banner = field(state, 0, "bear"), field(state, 0, "banner")
    force = state.in_force()
    state.move(bear, state.layout.discard[0])
    state.abilities_changed(bear)
    assert state.in_force() is force
    state.abilities_changed(banner)
    assert state.in_force() is not force
    force = state.in_force()
    state.move(banner, state.layout.discard[0])
    assert state.in_force() is not force
    force = state.in_force()
    monkeypatch.setattr(
        GladeState, "abilities_lent", lambda self, cid: lends if cid == bear else NO_ABILITIES
    )
    state.move(bear, state.layout.field[0])  # it gives nothing itself, but lends its host something
    assert state.in_force() is not force


def test_a_seat_static_counts_once_for_a_seat_two_of_its_alternatives_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "you or player: +2 draws" while the Bear is in play: both alternatives name its controller, who draws 2
    # more (not 4); the other seat, named by one, 2 more too
    boon = AbilitySet.of([Static("draws", ADD, 2, affects=VOCABULARY.selectors.parse("you or player"))])
    bear_abilities = GladeState.abilities

    def abilities(self: GladeState, cid: int) -> AbilitySet:
        return boon if self.defs[cid].key == "bear" else bear_abilities(self, cid)

    monkeypatch.setattr(GladeState, "abilities", abilities)
    state = deal(GLADE, [["bear"], ["sprite"]])
    play(state, "bear")
    assert (state.seat_stat(0, "draws", 1), state.seat_stat(1, "draws", 1)) == (3, 3)
