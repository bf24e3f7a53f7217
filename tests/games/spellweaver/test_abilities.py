"""Spellweaver on core's ability layer: keywords granted for the turn are core's modifiers, what each card
declares (statics, the statics it lends the creature it is attached to, its triggers) is read by core, and
an older save's own list of granted keywords still loads."""

from __future__ import annotations

import json

import pytest

from spellforge import find_game
from spellforge.core.abilities import ENEMY, YOU, When
from spellforge.core.modifiers import GRANT, TURN
from spellforge.core.rng import Rng
from spellforge.games.spellweaver.cards import TRIGGERS
from spellforge.games.spellweaver.state import SpellweaverState

from .helpers import Side, build, creature, play, skip_to


@pytest.mark.rules("SW-041")
def test_a_keyword_granted_by_an_action_is_a_modifier_for_the_turn() -> None:
    sc = build(Side(hand=["f:battle-frenzy"], combat=[("c", creature("Pup", attack=1))], levels={"rage": 1}))
    s = sc.state
    play(s, sc["f"], sc["c"])
    granted = [m for m in s.modifiers if m.op == GRANT]
    assert [(m.card, m.stat, m.duration) for m in granted] == [(sc["c"], "swift", TURN)]
    assert s.has_keyword(sc["c"], "swift")
    skip_to(s, "main", seat=1)
    assert not s.has_keyword(sc["c"], "swift") and not s.modifiers


def _game_with_a_granted_keyword() -> SpellweaverState:
    """A random game at the first moment a keyword is granted for the turn (Battle Frenzy's Swift)."""
    game = find_game("spellweaver")
    for seed in range(200):
        rng = Rng(seed)
        state = game.new_game(seed=seed)
        while state.outcome is None:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            if any(m.op == GRANT for m in state.modifiers):
                assert isinstance(state, SpellweaverState)
                return state
    raise AssertionError("no random game granted a keyword")


@pytest.mark.rules("SW-041")
def test_an_older_save_with_its_own_list_of_granted_keywords_loads_them_as_modifiers() -> None:
    s = _game_with_a_granted_keyword()
    (m,) = [m for m in s.modifiers if m.op == GRANT]
    saved = json.loads(json.dumps(s.to_json()))
    body = saved["state"]
    # as saved before keyword grants were core's modifiers: a list of (creature, keyword) of its own
    body["modifiers"] = [x for x in body["modifiers"] if x["v"][3] != GRANT]
    body["grants"] = [{"t": [m.card, m.stat]}]
    old = s.game.from_json(saved)
    assert old.has_keyword(m.card, m.stat) and old.attack(m.card) == s.attack(m.card)
    assert sorted(x[:6] for x in old.modifiers) == sorted(x[:6] for x in s.modifiers)  # its source unknown
    assert [str(a) for a in old.legal_actions()] == [str(a) for a in s.legal_actions()]


def test_every_trigger_word_is_declared_with_what_it_listens_to() -> None:
    """Own triggers fire for their card; "creature_dies" hears every dying creature, its own too (SW-124);
    the turn triggers hear their controller's turn (SW-080, SW-134) and each player's end step (SW-R34)."""
    assert TRIGGERS["dies"] == When("dying", this=True) and TRIGGERS["creature_dies"] == When("dying")
    assert TRIGGERS["your_turn_start"].seat == TRIGGERS["turn_end"].seat == YOU
    assert all(w.seat != ENEMY for w in TRIGGERS.values())


def test_a_card_declares_its_statics_and_lends_those_naming_the_attached_creature() -> None:
    sc = build(
        Side(hand=["m:verdant-mantle"], combat=[("c", creature("Pup", attack=1, hp=1))], levels={"nature": 1})
    )
    s = sc.state
    mantle = s.defs[sc["m"]].abilities
    assert mantle.lent and all(st.host for st in mantle.statics)
    play(s, sc["m"], sc["c"])
    assert s.host_of(sc["m"]) == sc["c"] and list(s.lenders(sc["c"])) == [sc["m"]]
    assert s.attack(sc["c"]) == 2 and s.stat(sc["c"], "hp") == 3
