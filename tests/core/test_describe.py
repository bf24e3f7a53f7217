"""Words for players (core/describe.py): action labels from templates, card and seat names, the outcome."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

from spellforge.core.actions import Attack, CardTargetVerb, Pass, Play, Use
from spellforge.core.describe import HIDDEN_CARD, default_template, render_label
from spellforge.core.flow import Outcome
from spellforge.core.observe import action_entries
from spellforge.core.targets import CardRef, Place, PlayerRef

from .toy import Toy
from .toys.roles import KeepAndRaid


def test_a_bracketed_part_is_left_out_when_a_field_in_it_names_nothing() -> None:
    template = "Play {card}[ on {target}][, paying {cost}]"
    assert render_label(template, {"card": "Ember Bolt", "target": None, "cost": None}) == "Play Ember Bolt"
    assert (
        render_label(template, {"card": "Ember Bolt", "target": "P2", "cost": "2 mana"})
        == "Play Ember Bolt on P2, paying 2 mana"
    )
    with pytest.raises(KeyError):
        render_label("Play {cards}", {"card": "Ember Bolt"})


@dataclass(frozen=True, slots=True)
class Summon(CardTargetVerb):
    VERB: ClassVar[str] = "summon"


def test_an_action_without_a_template_reads_as_its_verb_cards_and_targets() -> None:
    assert default_template(Summon) == "Summon {card}[ → {target}]"


def test_labels_name_cards_by_name_and_hide_what_the_seat_cannot_see() -> None:
    state = Toy().new_game(seed=1)
    mine = state.zones[state.layout.hand[0]][0]
    theirs = state.zones[state.layout.hand[1]][0]
    name = state.defs[mine].name
    assert state.describe_action(Play(mine), 0) == f"Play {name}"
    assert state.describe_action(Play(mine, PlayerRef(1)), 0) == f"Play {name} on P2"
    # P1 cannot see P2's hand: the card is named as a face-down card, never by its name or id
    assert state.describe_action(Play(theirs), 0) == f"Play {HIDDEN_CARD}"
    assert state.describe_action(Attack(mine, CardRef(theirs)), 0) == f"Attack {HIDDEN_CARD} with {name}"
    assert state.describe_action(Use(mine), 0) == f"Use {name}"
    assert state.describe_action(Pass(), 0) == "Pass"


def test_seats_are_named_by_role_where_the_game_has_roles() -> None:
    state = KeepAndRaid().new_game(seed=1)
    assert {state.seat_label(s) for s in range(state.n_seats)} == {"Overlord", "Champion"}
    assert state.place_label(Place("gate", "north", 1), 0) == f"{state.seat_label(1)}'s gate north"
    assert Toy().new_game(seed=1).seat_label(1) == "P2"


def test_the_outcome_is_told_in_a_sentence() -> None:
    state = Toy().new_game(seed=1)
    state.outcome = Outcome((1,), "ten points")
    assert state.describe_outcome() == "P2 wins (ten points)."
    state.outcome = Outcome((), "")
    assert state.describe_outcome() == "The game is a draw."


def test_action_entries_follow_the_legal_actions_of_the_seat_that_decides() -> None:
    state = Toy().new_game(seed=1)
    seat = state.current_player
    assert seat is not None
    entries = action_entries(state, seat)
    assert [e["text"] for e in entries] == [str(a) for a in state.legal_actions()]
    assert all(e["label"] and "#" not in e["label"] for e in entries)
    assert action_entries(state, 1 - seat) == [] and action_entries(state, None) == []
