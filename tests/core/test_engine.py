"""The core engine on its own, through a toy game: flow, priority, clone, determinize, records, errors."""

from __future__ import annotations

import json
from typing import Any

import pytest

from spellforge.core.actions import Pass, Play, Resign
from spellforge.core.errors import IllegalActionError, RecordError, SpellforgeError, UnknownNameError
from spellforge.core.rng import Rng
from spellforge.core.state import State

from .toy import Main, Toy, ToyState

TOY = Toy()


def play_random(state: State, seed: int, limit: int = 10_000) -> None:
    rng = Rng(seed)
    for _ in range(limit):
        if state.is_over:
            return
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def test_new_game_reaches_a_decision_and_random_play_ends() -> None:
    s = TOY.new_game(seed=1)
    assert s.current_player == 0 and s.decision is not None and s.decision.kind == "priority"
    play_random(s, 2)
    assert s.is_over and s.current_player is None and s.legal_actions() == []
    assert s.outcome is not None and (s.outcome.reason in ("points", "turn limit"))


def test_stack_resolves_last_in_first_out_after_everyone_passes() -> None:
    s = TOY.new_game(seed=3)
    assert isinstance(s, ToyState)
    hand = list(s.zones[s.layout.hand[0]])
    s.apply(Play(hand[0]))
    assert s.current_player == 0  # the seat that acted keeps priority
    s.apply(Pass())
    assert s.current_player == 1
    p1_card = s.zones[s.layout.hand[1]][0]
    s.apply(Play(p1_card))
    s.apply(Pass())
    s.apply(Pass())  # both passed in succession: the top (P2's card) resolves first
    assert s.score[1] == s.defs[p1_card].value and s.score[0] == 0  # type: ignore[attr-defined]
    assert s.current_player == 0  # the window reopens with the active player


def test_illegal_action_explains_and_changes_nothing() -> None:
    s = TOY.new_game(seed=4)
    before = s.to_json()
    with pytest.raises(IllegalActionError, match=r"not legal now \(legal: .*\)\. P1 to decide: priority"):
        s.apply(Play(10_000))
    assert s.to_json() == before


def test_resign_is_a_meta_action() -> None:
    s = TOY.new_game(seed=5)
    assert Resign(1) not in s.legal_actions()
    s.apply(Resign(1))
    assert s.outcome is not None and s.outcome.winners == (0,) and s.outcome.reason == "resignation"
    with pytest.raises(IllegalActionError, match="the game is over"):
        s.apply(Pass())
    t = TOY.new_game(seed=5)
    with pytest.raises(IllegalActionError):
        t.apply(Resign(7))


def test_clone_is_independent_and_exact() -> None:
    s = TOY.new_game(seed=6)
    c = s.clone()
    assert c.to_json() == s.to_json()
    before = s.to_json()
    play_random(c, 1)
    assert s.to_json() == before


def test_json_round_trip_and_replay() -> None:
    s = TOY.new_game(seed=7)
    play_random(s, 3, limit=15)
    data = json.loads(json.dumps(s.to_json()))
    t = TOY.from_json(data)
    assert t.to_json() == s.to_json()
    r = TOY.replay(TOY.record(s))
    assert r.to_json() == s.to_json()
    play_random(s, 9)
    play_random(t, 9)
    assert s.to_json() == t.to_json()


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda r: r.pop("seed"), "missing seed"),
        (lambda r: r.update(game="chess"), "not 'toy'"),
        (lambda r: r.update(decks=[["n9"], []]), "unknown card id 'n9'"),
        (lambda r: r.update(actions=["play #9999"]), "action 0"),
        (lambda r: r.update(actions=["fly away"]), "action 0"),
        (lambda r: r.update(options={"colour": 1}), "unknown option"),
    ],
)
def test_bad_records_are_refused_clearly(mutate: object, message: str) -> None:
    s = TOY.new_game(seed=8)
    record = TOY.record(s)
    mutate(record)  # type: ignore[operator]
    with pytest.raises(RecordError, match=message):
        TOY.replay(record)


def test_bad_state_json_is_refused() -> None:
    with pytest.raises(RecordError):
        TOY.from_json({"spellforge": 99})
    data = TOY.new_game(seed=1).to_json()
    del data["state"]["score"]
    with pytest.raises(RecordError, match="missing score"):
        TOY.from_json(data)


def test_determinize_keeps_what_the_seat_sees_and_resamples_the_rest() -> None:
    s = TOY.new_game(seed=9)
    own_hand = list(s.zones[s.layout.hand[0]])
    seen = set()
    for k in range(20):
        d = s.determinize(0, Rng(k))
        assert d.zones[d.layout.hand[0]] == own_hand
        assert len(d.zones[d.layout.hand[1]]) == len(s.zones[s.layout.hand[1]])
        assert d.observe(0) == s.observe(0)
        seen.add(tuple(d.zones[d.layout.hand[1]]))
        assert d.history() == [] and d.determinized
    assert len(seen) > 1  # the opponent's hand really is resampled


def test_options_are_checked() -> None:
    with pytest.raises(UnknownNameError, match="unknown option 'colour'"):
        TOY.new_game(seed=1, colour=3)
    with pytest.raises(SpellforgeError, match="option hand: expected int"):
        TOY.new_game(seed=1, hand="many")
    with pytest.raises(SpellforgeError, match="at least 0"):
        TOY.new_game(seed=1, hand=-1)
    assert TOY.option("hand").coerce("4") == 4
    with pytest.raises(SpellforgeError, match="played by 2 to 2 players"):
        TOY.new_game(seed=1, players=3)


def test_copy_declarations_must_name_slots() -> None:
    with pytest.raises(TypeError, match="not slots"):

        class Broken(ToyState):
            __slots__ = ()
            COPY = {"nothing_here": "list"}


def test_forced_single_option_decisions_are_not_recorded() -> None:
    s = TOY.new_game(seed=10, hand=0)  # empty hands: P2's responses are forced passes
    play_random(s, 4, limit=5)
    assert len(s.history()) == s.decisions_made


@pytest.mark.interpreted_only("a compiled class is no ABC: it keeps no __abstractmethods__ to check")
def test_a_game_must_provide_the_required_hooks() -> None:
    from spellforge.core.ruleset import Ruleset
    from spellforge.core.state import State
    from spellforge.core.windows import WindowState

    assert State.__abstractmethods__ == frozenset({"init_game", "view_part"})
    assert Ruleset.__abstractmethods__ == frozenset({"load_cards", "build_deck"})
    assert WindowState.__abstractmethods__ == State.__abstractmethods__  # the window hooks have defaults

    class NoView(ToyState):
        __slots__ = ()

    NoView.view_part = None  # type: ignore[assignment]
    with pytest.raises(TypeError, match="abstract"):
        type("Bare", (WindowState,), {"__slots__": ()})()


def test_a_state_class_without_a_hook_every_game_writes_is_refused_when_its_first_game_starts() -> None:
    """Compiled too, where a class is no ABC: a Python game's State that lacks view_part was made, and its
    first View ran core's empty hook (the process aborted: "fatal: out of memory")."""
    from spellforge.core.abilities import AbilityState
    from spellforge.core.windows import WindowState

    class Hookless(WindowState):
        __slots__ = ()

        def init_game(self) -> None:
            self.init_windows()

    class HooklessToy(Toy):
        state_class = Hookless

    with pytest.raises(TypeError, match=r"abstract class Hookless with abstract methods view_part$"):
        HooklessToy().new_game(seed=1)

    class Selectorless(AbilityState):  # writes State's hooks, not the selector hooks of the ability layer
        __slots__ = ()

        def init_game(self) -> None:
            self.init_windows()

        def view_part(self, seat: int | None) -> dict[str, Any]:
            return {}

    with pytest.raises(TypeError, match=r"abstract methods card_is, zone_cards$"):
        Selectorless.check_clone()
    TOY.new_game(seed=1)  # the toy writes both


def test_a_run_that_never_reaches_a_decision_ends_as_a_draw() -> None:
    class Looping(ToyState):
        __slots__ = ()
        LOOP_LIMIT = 5_000

        def op_main(self) -> None:
            self.schedule(Main())  # forced work feeding itself, with no decision in between

    class LoopToy(Toy):
        state_class = Looping

    s = LoopToy().new_game(seed=1)
    assert s.outcome is not None and s.outcome.winners == () and s.outcome.reason == "endless loop"
