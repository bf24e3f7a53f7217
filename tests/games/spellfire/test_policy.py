"""The playout policy search bots use in SPELLFIRE (``policy.py``) and the search facts that use it."""

from __future__ import annotations

from collections import Counter

from spellforge.bots.facts import search_facts
from spellforge.core.actions import Action
from spellforge.core.rng import Rng
from spellforge.games.spellfire import hints
from spellforge.games.spellfire.actions import AttackRealm, PlayCard, Send
from spellforge.games.spellfire.policy import playout_action
from spellforge.games.spellfire.scenario import Side, act, card, scenario
from spellforge.games.spellfire.state import SpellfireState

FILL = ["village-militia"] * 2  # a card in hand keeps a player's decisions from being taken for him
TRIES = 200


def answers(state: SpellfireState) -> Counter[Action | None]:
    """How often the policy gives each answer at ``state``'s decision, over ``TRIES`` seeds."""
    legal = state.legal_actions()
    return Counter(playout_action(state, legal, Rng(seed)) for seed in range(TRIES))


def test_the_policy_mostly_plays_a_realm_in_phase_two() -> None:
    s = scenario(Side(hand=["mistwood-dale", *FILL]), Side(), phase="realm")
    realm = card(s, "mistwood-dale")
    seen = answers(s)
    played = sum(n for a, n in seen.items() if type(a) is PlayCard and a.card == realm)
    assert played >= 0.8 * TRIES
    assert set(seen) <= {None} | {a for a in seen if type(a) is PlayCard and a.card == realm}


def test_the_policy_usually_puts_a_champion_into_the_pool_in_phase_three() -> None:
    s = scenario(Side(hand=["renna-starfall", *FILL]), Side(), phase="pool")
    champion = card(s, "renna-starfall")
    seen = answers(s)
    assert seen[PlayCard(champion)] >= 0.7 * TRIES
    assert set(seen) - {None} == {PlayCard(champion)}


def test_the_policy_mostly_attacks_in_phase_four() -> None:
    s = scenario(
        Side(hand=FILL, pool=["renna-starfall"]),
        Side(hand=FILL, formation=["mistwood-dale"]),
        phase="attack",
    )
    seen = answers(s)
    attacks = sum(n for a, n in seen.items() if type(a) is AttackRealm)
    assert attacks >= 0.8 * TRIES
    assert set(seen) - {None} == {a for a in seen if type(a) is AttackRealm}


def test_the_policy_sends_the_strongest_champion_to_attack_and_to_defend() -> None:
    s = scenario(
        Side(hand=FILL, pool=["sael-the-silent", "renna-starfall"]),
        Side(hand=FILL, pool=["sael-the-silent", "renna-starfall"], formation=["mistwood-dale"]),
        phase="attack",
    )
    act(s, "attack slot P2.A")
    assert s.decision is not None and s.decision.kind == "champion"
    strong = card(s, "renna-starfall", 0)
    seen = answers(s)
    assert seen[Send(strong)] >= 0.7 * TRIES  # the highest level (6 against 3), bar a random pick
    assert seen[Send(strong)] > seen[Send(card(s, "sael-the-silent", 0))] > 0
    act(s, f"send #{strong}")
    assert s.decision is not None and s.decision.kind == "defend" and s.decision.seat == 1
    defender = card(s, "renna-starfall", 1)
    seen = answers(s)
    assert seen[Send(defender)] >= 0.6 * TRIES  # defended, mostly by the strongest
    assert seen[None] < 0.2 * TRIES  # left to the generic policy (which may decline) only seldom


def test_the_losing_side_of_a_round_often_plays_a_card() -> None:
    s = scenario(
        Side(hand=["sael-the-silent", *FILL], pool=["sael-the-silent"]),
        Side(hand=FILL, pool=["renna-starfall"], formation=["mistwood-dale"]),
        phase="attack",
    )
    act(s, "attack slot P2.A")
    act(s, f"send #{card(s, 'sael-the-silent', 1)}")
    act(s, f"send #{card(s, 'renna-starfall')}")
    assert s.decision is not None and s.decision.kind == "fight" and s.decision.seat == 0
    seen = answers(s)
    plays = sum(n for a, n in seen.items() if type(a) is PlayCard)
    assert 0.4 * TRIES <= plays <= 0.8 * TRIES  # often, not always: a round may also be given up


def test_other_decisions_are_left_to_the_generic_policy() -> None:
    s = scenario(Side(hand=["mistwood-dale", *FILL]), Side(hand=FILL), phase="realm")
    act(s, f"play #{card(s, 'mistwood-dale')} -> slot P1.A", settle=False)
    assert s.decision is not None and s.decision.kind == "respond"
    assert answers(s) == Counter({None: TRIES})


def test_the_search_looks_through_the_next_turn_with_the_policy() -> None:
    facts = search_facts("spellfire")
    assert facts.playout_action is hints.playout_action
    assert (facts.playout_turns, facts.search_tree) == (1, "own")
