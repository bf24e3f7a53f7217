"""The playout policy search bots use in Spellweaver (``policy.py``) and what it lets ISMCTS see."""

from __future__ import annotations

import dataclasses
import types
from typing import Any

import pytest

from spellforge.bots import Observation, ismcts
from spellforge.bots.evaluate import evaluator_for
from spellforge.bots.facts import search_facts
from spellforge.bots.greedy import GreedyBot, lookahead
from spellforge.bots.ismcts import DEFAULT_ITERATIONS, SETTLE_EVERY, ISMCTSBot, Node
from spellforge.core.actions import Done
from spellforge.core.errors import SpellforgeError
from spellforge.core.rng import Rng
from spellforge.core.targets import PlayerRef
from spellforge.games import find_game
from spellforge.games.spellweaver.actions import Attack, Block
from spellforge.games.spellweaver.policy import playout_action
from spellforge.games.spellweaver.scenario import Side, build, creature

P2 = PlayerRef(1)


def test_the_policy_attacks_the_hero_with_every_creature_that_can_then_stops() -> None:
    sc = build(
        Side(
            combat=[
                ("a", creature("Striker", attack=2, hp=2, speed=1)),
                ("b", creature("Other", attack=1, hp=1, speed=1)),
            ]
        ),
        Side(combat=[("x", creature("Wall", attack=0, hp=5, speed=1))]),
        phase="combat",
    )
    state, rng = sc.state, Rng(1)
    declared = []
    for _ in range(3):
        action = playout_action(state, state.legal_actions(), rng)
        assert action is not None
        if isinstance(action, Done):
            break
        assert isinstance(action, Attack) and action.target == P2
        declared.append(action.card)
        state.apply(action)
    assert sorted(declared) == sorted([sc["a"], sc["b"]])


def test_the_policy_never_attacks_with_a_creature_without_attack() -> None:
    sc = build(Side(combat=[("w", creature("Wall", attack=0, hp=5, speed=1))]), phase="combat")
    assert isinstance(playout_action(sc.state, sc.state.legal_actions(), Rng(1)), Done)


def blocking(attacker: tuple[int, int], blocker: tuple[int, int], life: int = 20) -> object:
    """The policy's answer to one attacker (attack, hp) at the hero, with one blocker (attack, hp)."""
    sc = build(
        Side(combat=[("a", creature("Attacker", attack=attacker[0], hp=attacker[1], speed=1))]),
        Side(combat=[("b", creature("Blocker", attack=blocker[0], hp=blocker[1], speed=1))], life=life),
        phase="combat",
    )
    sc.state.apply(Attack(sc["a"], P2))
    sc.state.apply(Done())
    assert sc.state.decision is not None and sc.state.decision.kind == "block"
    action = playout_action(sc.state, sc.state.legal_actions(), Rng(1))
    if isinstance(action, Block):
        assert (action.card, action.attacker) == (sc["b"], sc["a"])
        return "block"
    assert isinstance(action, Done)
    return "done"


@pytest.mark.parametrize(
    ("attacker", "blocker", "life", "answer"),
    [
        ((3, 2), (2, 3), 20, "block"),  # kills it and survives
        ((3, 2), (2, 1), 20, "block"),  # trades
        ((1, 4), (0, 3), 20, "block"),  # survives it
        ((3, 4), (1, 1), 20, "done"),  # would only die
        ((3, 4), (1, 1), 3, "block"),  # ... unless the attack is lethal (a chump block)
    ],
)
def test_the_policy_blocks_what_it_can_block_well(
    attacker: tuple[int, int], blocker: tuple[int, int], life: int, answer: str
) -> None:
    assert blocking(attacker, blocker, life) == answer


def test_the_policy_leaves_other_decisions_to_the_generic_one() -> None:
    sc = build(Side(combat=[("a", creature("Striker", attack=2, hp=2, speed=1))]), phase="deploy")
    assert sc.state.decision is not None and sc.state.decision.kind == "main"
    assert playout_action(sc.state, sc.state.legal_actions(), Rng(1)) is None


@pytest.mark.parametrize("tree", ["all", "own"])
def test_ismcts_looking_through_the_opponents_turn_does_not_send_its_blocker_at_the_hero(
    tree: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Attackers stay exhausted through the opponent's turn (SW-101, SW-R08). Here the bot's fast creature
    can hit the enemy hero for 2 unblocked, but the enemy's slow 5-attack creature would then kill the bot
    (5 life) next turn with nothing left to block it. ISMCTS, whose playouts play the opponent's turn
    with the game's policy, does not make that attack (it keeps the blocker home or, its own follow-ups
    in the tree with ``tree=own``, sometimes attacks the Brute to finish it with the Firebolt); without
    that policy (the opponent passing through its turn, as the generic policy plays it) the attack looks
    free and it mostly attacks. (Without the game's prior, ``prior=0``, which would start the search from
    greedy's ranking: this tests the playouts alone.) Twelve seeds each way: which determinizations a
    seed draws decides a few searches (over 40 seeds, about 72% attack without the policy)."""
    sc = build(
        Side(
            combat=[("w", creature("Guard", attack=2, hp=4, speed=2))],
            hand=["ash-hound", "firebolt", "dawnlight-shrine"],  # a wider tree: its own turn has choices
            levels={"rage": 2},
            life=5,
        ),
        Side(combat=[("o", creature("Brute", attack=5, hp=3, speed=1))], life=20),
        phase="combat",
        manual=False,
    )
    obs = Observation.of(sc.state)
    attack = Attack(sc["w"], P2)
    assert attack in obs.legal
    chosen = [ISMCTSBot(seed=seed, iterations=200, prior=0, tree=tree).choose(obs) for seed in range(1, 13)]
    assert attack not in chosen
    assert sum(isinstance(a, Done) for a in chosen) >= 10  # mostly it simply keeps the blocker home
    game = find_game("spellweaver")
    monkeypatch.setattr(type(game), "hints", dataclasses.replace(game.hints, playout_action=None))
    blind = [ISMCTSBot(seed=seed, iterations=200, prior=0, tree=tree).choose(obs) for seed in range(1, 13)]
    assert sum(a == attack for a in blind) >= 7  # mostly it attacks


@pytest.mark.parametrize("name", ["turns", "prior"])
def test_ismcts_refuses_a_negative_count(name: str) -> None:
    with pytest.raises(SpellforgeError, match=f"bot ismcts: {name} must be 0 or more, got -1"):
        ISMCTSBot(**{name: -1})


def lethal_burn() -> Observation:
    """The enemy hero is at 2 life and the bot holds a Firebolt (2 damage to a creature or the hero) and
    the mana for it, among other plays."""
    sc = build(
        Side(hand=["firebolt", "ash-hound", "dawnlight-shrine"], levels={"rage": 2}),
        Side(combat=[("o", creature("Brute", attack=5, hp=3, speed=1))], life=2),
    )
    return Observation.of(sc.state)


def root_visits(root: Node) -> int:
    return sum(n.visits for n in root.children.values())


def test_ismcts_starts_each_root_action_with_the_games_prior() -> None:
    """Spellweaver's ``search_prior`` gives every root action virtual visits at greedy's value, that share
    of the budget's iterations (at least one); ``prior=0`` turns them off, and a game without one (Spell
    Battle) searches without."""
    obs = lethal_burn()
    share = search_facts("spellweaver").search_prior
    assert share > 0
    for iterations in (10, 200):
        bot = ISMCTSBot(seed=1, iterations=iterations)
        root = bot.search(obs)
        given = max(1, round(share * iterations))
        assert set(root.children) == {bot.last_keys(a) for a in obs.legal}
        assert len(root.children) == len(obs.legal)
        assert all(n.visits >= given for n in root.children.values())
        assert root_visits(root) == iterations + given * len(obs.legal)
    assert root_visits(ISMCTSBot(seed=1, iterations=10, prior=0).search(obs)) == 10
    assert root_visits(ISMCTSBot(seed=1, iterations=10, prior=0.5).search(obs)) == 10 + 5 * len(obs.legal)
    sb_obs = Observation.of(find_game("spellbattle").new_game(seed=3))
    assert root_visits(ISMCTSBot(seed=1, iterations=10).search(sb_obs)) == 10


def test_a_seconds_budget_tops_the_prior_up_to_its_share_of_the_iterations() -> None:
    """With ``seconds=S`` the number of iterations is not known in advance: the prior starts at its share
    of the default budget and grows with the iterations the time turns out to allow, equally for every
    root action."""
    obs = lethal_burn()
    bot = ISMCTSBot(seed=1, seconds=0.4)
    root = bot.search(obs)
    done = bot.last_iterations
    virtual, rest = divmod(root_visits(root) - done, len(obs.legal))
    assert rest == 0 and virtual >= round(search_facts("spellweaver").search_prior * DEFAULT_ITERATIONS)
    if done > 2 * DEFAULT_ITERATIONS:  # a machine too slow for that keeps the starting share
        assert virtual >= 0.05 * done


@pytest.mark.interpreted_only(
    "it replaces the search module's clock and settled(), which compiled code calls directly"
)
def test_the_rate_of_iterations_leaves_out_the_time_the_prior_took(monkeypatch: pytest.MonkeyPatch) -> None:
    """A seconds budget estimates the iterations it has left (for the prior's top-up and for stopping once
    the move is settled) from the rate of the iterations so far; the prior's greedy lookahead, however
    slow on a big board, is not an iteration. Here it takes half the budget: counted in, the first check
    would see about as many iterations left as done, and could stop a search that had hundreds to go.
    The search reads a clock of the test's own (a millisecond each time it is read, the prior a quarter
    second), so the figures do not depend on the machine's load."""
    slow = 0.25
    clock = [0.0]

    def perf_counter() -> float:
        clock[0] += 0.001
        return clock[0]

    seed_root = ISMCTSBot.seed_root
    checks: list[float] = []

    def slow_seed_root(self: ISMCTSBot, *args: Any) -> list[tuple[Node, float]]:
        clock[0] += slow
        return seed_root(self, *args)

    def record(root: Node, keys: Any, left: float) -> bool:
        checks.append(left)
        return False

    monkeypatch.setattr(ismcts, "time", types.SimpleNamespace(perf_counter=perf_counter))
    monkeypatch.setattr(ISMCTSBot, "seed_root", slow_seed_root)
    monkeypatch.setattr(ismcts, "settled", record)
    obs = lethal_burn()
    ISMCTSBot(seed=1, seconds=2 * slow).search(obs, obs.legal)
    assert checks, "a seconds budget checks whether the move is settled"
    # the first check comes after SETTLE_EVERY iterations, which took far less than the quarter second left
    assert checks[0] > 2 * SETTLE_EVERY


def tree_seats(root: Node) -> set[int]:
    """The seats whose decisions the tree below ``root`` holds."""
    seats: set[int] = set()
    stack = list(root.children.values())
    while stack:
        node = stack.pop()
        seats.add(node.seat)
        stack.extend(node.children.values())
    return seats


def test_tree_own_holds_only_the_bots_decisions_and_all_holds_the_opponents_too() -> None:
    """``tree=own``: the search stops growing the tree at the first decision of another seat (here the
    enemy's block, once the bot has declared its attackers) and plays out from there; ``tree=all`` grows
    the enemy's answers too. Spellweaver's ``search_tree`` is "own"."""
    sc = build(
        Side(combat=[("a", creature("Attacker", attack=3, hp=2, speed=1))], hand=["firebolt"]),
        Side(combat=[("b", creature("Blocker", attack=2, hp=3, speed=1))]),
        phase="combat",
    )
    obs = Observation.of(sc.state)
    assert tree_seats(ISMCTSBot(seed=1, iterations=300, tree="own").search(obs)) == {obs.seat}
    assert tree_seats(ISMCTSBot(seed=1, iterations=300, tree="all").search(obs)) == {0, 1}
    default = ISMCTSBot(seed=1, iterations=300).search(obs)
    assert tree_seats(default) == {obs.seat}  # Spellweaver's search_tree


def test_ismcts_refuses_an_unknown_tree() -> None:
    with pytest.raises(SpellforgeError, match="tree must be all or own, got 'mine'"):
        ISMCTSBot(tree="mine")
    with pytest.raises(SpellforgeError, match="spellweaver: search_tree must be all or own, got 'mine'"):
        dataclasses.replace(search_facts("spellweaver"), search_tree="mine")


def test_the_prior_ranks_root_actions_as_greedy_does() -> None:
    """With one iteration the search can only follow its prior, so it plays one of the moves greedy's
    lookahead values highest (here those that still win this turn, against a shrine, a 1-damage skill or
    an offer); without the prior, one iteration tries an arbitrary action."""
    obs = lethal_burn()
    greedy = GreedyBot(seed=1)
    evaluate = evaluator_for(obs.game)
    values = {}
    for action in obs.legal:
        state = obs.determinize(Rng(1))  # nothing is hidden that matters: the decks are basic shrines
        state.apply(action)
        values[action] = lookahead(state, obs.seat, GreedyBot.depth, evaluate, greedy)
    best = {a for a, v in values.items() if v == max(values.values())}
    assert 0 < len(best) < len(obs.legal)
    assert {ISMCTSBot(seed=seed, iterations=1).choose(obs) for seed in range(12)} <= best
    assert not {ISMCTSBot(seed=seed, iterations=1, prior=0).choose(obs) for seed in range(12)} <= best
