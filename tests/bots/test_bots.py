"""Every bot on every registered game: legal, seeded, deterministic, and blind to hidden cards.

Parametrized over ``spellforge.GAMES``, so a game added later is covered by registering. Budgets are
iteration counts (never seconds), so nothing here depends on the machine's speed.
"""

from __future__ import annotations

from typing import Any

import pytest

from spellforge import GAMES
from spellforge.bots import BOTS, Observation, make_bot
from spellforge.core.errors import SpellforgeError
from spellforge.core.rng import Rng
from spellforge.core.state import State
from spellforge.sim import play_game

# Small budgets: CI checks behaviour, not strength (strength runs are marked slow, in test_strength.py).
SPECS = ["random", "greedy", "greedy:depth=0", "greedy:noise=0.5", "ismcts:iterations=30", "draft"]


def midgame(game: str, seed: int, decisions: int = 25) -> State:
    """A position some random decisions into a game (or the last one before it ends)."""
    state = GAMES[game].new_game(seed=seed)
    bot = make_bot("random", seed=seed)
    for _ in range(decisions):
        if state.is_over:
            break
        before = state.clone()
        state.apply(bot.choose(Observation.of(state)))
        if state.is_over:
            return before
    return state


def test_every_registered_bot_is_checked() -> None:
    assert {spec.split(":")[0] for spec in SPECS} == set(BOTS)


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("spec", SPECS)
def test_bot_finishes_short_games(game: str, spec: str) -> None:
    for index in range(2):
        result = play_game(game, [spec, "random"], seed=100 + index, index=index)
        assert not result.error, result.error
        assert result.winners or result.reason


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("spec", SPECS)
def test_bot_is_deterministic_for_a_seed(game: str, spec: str) -> None:
    for seed in (1, 2, 3):
        state = midgame(game, seed)
        first = make_bot(spec, seed=9).choose(Observation.of(state))
        again = make_bot(spec, seed=9).choose(Observation.of(state))
        assert first == again
        assert first in state.legal_actions()


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("spec", SPECS)
def test_bot_never_reads_hidden_cards(game: str, spec: str) -> None:
    """Given the real state or any determinization of it from its own seat, a bot with the same seed
    chooses the same action: nothing it does depends on a card it cannot see."""
    for seed in range(4):
        state = midgame(game, seed, decisions=15 + 7 * seed)
        seat = state.current_player
        assert seat is not None
        real = make_bot(spec, seed=5).choose(Observation.of(state))
        for k in range(3):
            other = state.determinize(seat, Rng(1000 * seed + k))
            assert other.legal_actions() == state.legal_actions()
            assert make_bot(spec, seed=5).choose(Observation.of(other)) == real


@pytest.mark.parametrize("game", list(GAMES))
def test_ismcts_searches_its_own_copies_and_leaves_the_game_asking(game: str) -> None:
    """The search answers single options at once only on the copies it makes (``State.search_copy``):
    the game it is given is neither changed nor turned into such a copy, so it still asks every
    decision the fair flow asks."""
    from spellforge.bots.ismcts import ISMCTSBot

    for seed in (1, 2):
        state = midgame(game, seed)
        before = state.to_json()
        bot = ISMCTSBot(seed=seed, iterations=30)
        bot.search(Observation.of(state))
        bot.choose(Observation.of(state))
        assert not state.search_copy and state.to_json() == before


@pytest.mark.parametrize("game", list(GAMES))
def test_ismcts_counts_its_iterations(game: str) -> None:
    from spellforge.bots.facts import search_facts
    from spellforge.bots.ismcts import ISMCTSBot

    bot = ISMCTSBot(seed=1, iterations=25)
    state = midgame(game, 4)
    picker = make_bot("random", seed=4)
    while len(state.legal_actions()) == 1:  # a real choice: every iteration then starts with a root edge
        state.apply(picker.choose(Observation.of(state)))
    obs = Observation.of(state)
    root = bot.search(obs)
    assert bot.last_iterations == 25
    facts = search_facts(obs.game)
    share = facts.search_prior  # the game's prior, if any: virtual visits per root action
    if 0 < facts.search_prior_seats < obs.n_seats:
        share = 0.0  # ...at the tables it is for
    virtual = max(1, round(share * 25)) * len(obs.legal) if share else 0
    assert sum(child.visits for child in root.children.values()) == 25 + virtual


@pytest.mark.parametrize("game", list(GAMES))
def test_ismcts_stops_early_only_when_the_move_is_settled(game: str) -> None:
    """Told which actions it will choose among, the search stops once no remaining iteration could
    change the most visited one, and the move is the one the whole budget gives."""
    from spellforge.bots.ismcts import ISMCTSBot

    saved = 0
    for seed in range(6):
        state = midgame(game, seed, decisions=10 + 5 * seed)
        legal = state.legal_actions()
        if len(legal) < 2:
            continue
        full_bot, early_bot = ISMCTSBot(seed=3, iterations=300), ISMCTSBot(seed=3, iterations=300)
        full = full_bot.search(Observation.of(state))
        early = early_bot.search(Observation.of(state), legal)

        def most_visited(root: Any, bot: Any, legal: list[Any] = legal) -> str:
            visits = {k: (n.visits, n.reward / n.visits) for k, n in root.children.items() if n.visits}
            keys = {bot.last_keys(a) for a in legal}
            return max((v, k) for k, v in visits.items() if k in keys)[1]

        assert full_bot.last_iterations == 300
        assert early_bot.last_iterations <= 300
        assert most_visited(early, early_bot) == most_visited(full, full_bot)
        saved += 300 - early_bot.last_iterations
    assert saved > 0  # somewhere the move settled before the budget ran out


def test_ismcts_seconds_budget_runs_at_least_one_iteration() -> None:
    from spellforge.bots.ismcts import ISMCTSBot

    game = next(iter(GAMES))
    state = midgame(game, 2)
    while len(state.legal_actions()) == 1:  # a real choice: a single option is answered without search
        state.apply(state.legal_actions()[0])
    bot = ISMCTSBot(seed=1, seconds=0.001)
    assert bot.choose(Observation.of(state)) in state.legal_actions()
    assert bot.last_iterations >= 1


def test_bot_specs_parse_parameters() -> None:
    bot = make_bot("ismcts:iterations=50,c=0.2")
    assert bot.iterations == 50 and bot.c == 0.2  # type: ignore[attr-defined]
    assert make_bot("ismcts").budget("casters") == 200  # type: ignore[attr-defined]
    assert make_bot("greedy:depth=0").depth == 0  # type: ignore[attr-defined]


def test_greedy_noise_plays_that_share_of_its_decisions_at_random() -> None:
    """``noise=P`` (a weaker greedy, the lobby's Easy): at P=0 the bot plays exactly as greedy, seed for
    seed; at P=1 every decision with a choice is a uniformly random legal one, not greedy's."""
    positions = []
    for seed in range(8):
        state = midgame("spellbattle", seed, 20)
        while len(state.legal_actions()) == 1:
            state.apply(state.legal_actions()[0])
        positions.append(state)
    plain = [str(make_bot("greedy", seed=4).choose(Observation.of(s))) for s in positions]
    assert [str(make_bot("greedy:noise=0", seed=4).choose(Observation.of(s))) for s in positions] == plain
    noisy = []
    for s in positions:
        bot = make_bot("greedy:noise=1", seed=4)
        rng = Rng(4)
        rng.random()  # the draw that decides to play at random
        noisy.append(str(bot.choose(Observation.of(s))))
        assert noisy[-1] == str(s.legal_actions()[rng.randrange(len(s.legal_actions()))])
    assert noisy != plain


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:seconds=-1", "bot ismcts: seconds must be 0.001 or more, got -1.0"),
        ("ismcts:seconds=nan", "bot ismcts: seconds must be a finite number, got nan"),
        ("ismcts:seconds=inf", "bot ismcts: seconds must be a finite number, got inf"),
        ("ismcts:iterations=0", "bot ismcts: iterations must be 1 or more, got 0"),
        ("ismcts:iterations=-5", "bot ismcts: iterations must be 1 or more, got -5"),
        ("ismcts:iterations=10,seconds=1", "bot ismcts: give iterations or seconds, not both"),
        ("ismcts:c=nan", "bot ismcts: c must be a finite number, got nan"),
        ("ismcts:pass_bias=2", "bot ismcts: pass_bias must be between 0 and 1, got 2.0"),
        ("ismcts:depth=-1", "bot ismcts: depth must be 0 or more, got -1"),
        ("ismcts:prior=-0.5", "bot ismcts: prior must be 0 or more, got -0.5"),
        ("ismcts:turns=-1", "bot ismcts: turns must be 0 or more, got -1"),
        ("ismcts:tree=mine", "bot ismcts: tree must be all or own, got 'mine'"),
        ("greedy:depth=-1", "bot greedy: depth must be 0 or more, got -1"),
        ("greedy:samples=0", "bot greedy: samples must be 1 or more, got 0"),
        ("greedy:noise=1.5", "bot greedy: noise must be between 0 and 1, got 1.5"),
    ],
)
def test_bot_parameters_out_of_range_are_refused(spec: str, message: str) -> None:
    with pytest.raises(SpellforgeError) as caught:
        make_bot(spec)
    assert str(caught.value) == message


@pytest.mark.parametrize("name", sorted(BOTS))
def test_every_parameter_limit_is_enforced_at_its_edges(name: str) -> None:
    """What ``spellforge bots`` says a parameter may be is what the bot accepts, for every bot."""
    cls = BOTS[name]
    described = cls.describe_params()
    assert set(described) == set(cls.params)
    for key, info in described.items():
        if "choices" in info:
            for choice in info["choices"]:
                assert getattr(cls(**{key: choice}), key) == choice
            with pytest.raises(SpellforgeError, match=f"{key} must be"):
                cls(**{key: "none of those"})
            continue
        assert "min" in info or "max" in info, f"{name}: numeric parameter {key} declares no limits"
        if info["type"] == "int":  # compiled, a limit written 0 was read as 0.0, which the bot refuses
            assert all(type(info[k]) is int for k in ("min", "max") if k in info), (key, info)
        step = 1 if info["type"] == "int" else 0.0005
        for edge, beyond in ((info.get("min"), -step), (info.get("max"), step)):
            if edge is None:
                continue
            assert getattr(cls(**{key: edge}), key) == edge
            with pytest.raises(SpellforgeError, match=f"bot {name}: {key} must be"):
                cls(**{key: edge + beyond})


def test_bots_built_in_code_check_their_parameters_too() -> None:
    from spellforge.bots.greedy import GreedyBot
    from spellforge.bots.ismcts import ISMCTSBot

    with pytest.raises(SpellforgeError, match="bot ismcts: bad parameter 'iteration'"):
        ISMCTSBot(iteration=5)  # a typo is not silently a new attribute
    with pytest.raises(SpellforgeError, match=r"bot greedy: depth must be a whole number, got 1\.5"):
        GreedyBot(depth=1.5)
    with pytest.raises(SpellforgeError, match="bot ismcts: c must be a finite number, got True"):
        ISMCTSBot(c=True)
    assert ISMCTSBot(seconds=2, pass_bias=1, prior=0).seconds == 2  # ints where floats are wanted are fine


def test_repetition_guard_stops_a_creature_shuttling_between_rows() -> None:
    """Spellweaver lets a creature move between its rows any number of times (SW-R23); a bot that values
    both rows alike must still not move it back and forth for ever (the guard found by ISMCTS looping)."""
    from spellforge.bots.base import RepetitionGuard

    for seed in range(40):
        state = GAMES["spellweaver"].new_game(seed=seed)
        bot = make_bot("random", seed=seed)
        while not state.is_over and "move" not in map(str, state.legal_actions()):
            state.apply(bot.choose(Observation.of(state)))
        if not state.is_over:
            break
    else:
        pytest.fail("no position with a row move in 40 random games")
    guard = RepetitionGuard()
    seat = state.current_player
    assert seat is not None
    for _ in range(8):  # always move while the guard allows it (as a looping search would)
        obs = Observation.of(state)
        allowed = guard.allowed(obs, obs.determinize(Rng(3)))
        moves = [a for a in allowed if str(a) == "move"]
        if not moves:
            break
        state.apply(moves[0])
        while (
            not state.is_over
            and state.current_player == seat
            and "move" not in map(str, state.legal_actions())
        ):  # a row move may ask which creature; take the first
            obs = Observation.of(state)
            state.apply(guard.allowed(obs, obs.determinize(Rng(3)))[0])
    else:
        pytest.fail("the guard allowed eight row moves in a row")
    assert "done" in map(str, allowed)


def test_repetition_guard_winds_up_a_turn_that_wanders() -> None:
    """Rows give many arrangements valued alike, so a search can wander without ever repeating a
    position; after ``limit`` decisions in one turn the guard leaves only the option that finishes."""
    from spellforge.bots.base import RepetitionGuard

    state = GAMES["spellweaver"].new_game(seed=3)
    bot = make_bot("random", seed=3)
    while not state.is_over and "move" not in map(str, state.legal_actions()):
        state.apply(bot.choose(Observation.of(state)))
    obs = Observation.of(state)
    assert sorted(map(str, obs.legal)) == ["done", "move"]
    guard = RepetitionGuard(limit=4)
    for _ in range(4):  # the move leads somewhere new each time, so only the decision count can stop it
        assert sorted(map(str, guard.allowed(obs, obs.determinize(Rng(1))))) == ["done", "move"]
    assert list(map(str, guard.allowed(obs, obs.determinize(Rng(1))))) == ["done"]
    greedy = make_bot("greedy", seed=1)
    greedy.guard.limit = 0  # type: ignore[attr-defined]
    assert str(greedy.choose(obs)) == "done"


@pytest.mark.parametrize("spec", ["greedy", "ismcts:iterations=30"])
def test_search_bots_finish_spellweaver_games_with_row_moves(spec: str) -> None:
    result = play_game("spellweaver", [spec, spec], seed=7, index=0, max_decisions=5_000)
    assert not result.error, result.error


def test_ismcts_default_budget_is_the_games_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game's ``search_iterations`` is ISMCTS's default budget there; ``iterations=`` and ``seconds=``
    override it, and a game that declares none gets the bot's default."""
    import dataclasses

    from spellforge.bots.ismcts import DEFAULT_ITERATIONS, ISMCTSBot
    from spellforge.games import find_game

    own = 3 * DEFAULT_ITERATIONS
    hints = find_game("spellfire").hints
    search = {**hints.search, "search_iterations": own}
    monkeypatch.setattr(type(find_game("spellfire")), "hints", dataclasses.replace(hints, search=search))
    bot = make_bot("ismcts")
    assert isinstance(bot, ISMCTSBot)
    assert bot.budget("spellfire") == own
    assert bot.budget("spellbattle") == DEFAULT_ITERATIONS
    assert make_bot("ismcts:iterations=50").budget("spellfire") == 50  # type: ignore[attr-defined]
    assert make_bot("ismcts:seconds=0.5").budget("spellfire") == 0  # type: ignore[attr-defined]
    state = find_game("spellfire").new_game(seed=3)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    bot.search(Observation.of(state))  # no candidates to watch: the whole budget is searched
    assert bot.last_iterations == own


def test_search_iterations_must_be_a_positive_whole_number() -> None:
    from spellforge.bots.facts import SearchFacts

    for bad in (0, -5, 2.5, True, "800"):
        with pytest.raises(SpellforgeError, match="search_iterations"):
            SearchFacts("somegame", search_iterations=bad)  # type: ignore[arg-type]
