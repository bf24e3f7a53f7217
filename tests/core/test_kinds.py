"""Decision kinds are registered explicitly (core/kinds.py) and flow ops are frame classes listed by name
(core/flow.py): what a class registers becomes its typed tables; a registration that does not fit together,
and a saved frame, a phase, a decision or a window naming something unregistered, fail at once with the
class and the name in the message."""

from __future__ import annotations

import json
from typing import Any

import pytest

from spellforge import GAMES
from spellforge.core import frames as core_frames
from spellforge.core.actions import Action, Pass, Play
from spellforge.core.errors import RecordError
from spellforge.core.flow import Decision, Phase, TurnStructure, frame_table
from spellforge.core.kinds import NEVER, RegistrationError, UnregisteredError, act, legal
from spellforge.core.state import State

from .toy import CARDS, EndTurn, Toy, ToyState, Turn

DECK = [CARDS[f"n{v}"] for v in (1, 2, 3, 4, 5, 1, 2, 3)]


def test_a_class_table_holds_what_it_registers_and_what_its_bases_do() -> None:
    assert set(ToyState.KINDS) == {"priority", "trigger_order"}  # its own kind and the windows' one
    assert {"setup", "turn", "main", "end_turn", "resolve_top", "phase", "window_ask"} <= set(ToyState.FRAMES)
    kind = ToyState.KINDS["priority"]
    assert (kind.name, kind.legal, kind.act, kind.forced) == (
        "priority",
        ToyState.legal_priority,
        ToyState.act_priority,
        None,
    )
    assert ToyState.FRAMES["turn"] is Turn and ToyState.FRAMES["phase"] is core_frames.EnterPhase
    assert State.FRAMES is core_frames.FRAMES and "setup" not in State.FRAMES
    assert not State.KINDS


def test_the_decorators_return_the_method_unchanged() -> None:
    def f(self: Any) -> list[Action]:
        return []

    assert legal("k")(f) is f


def test_an_override_keeps_the_registration_of_the_method_it_replaces() -> None:
    class Picky(ToyState):
        __slots__ = ()

        def legal_priority(self) -> list[Action]:  # no decorator: it is still the "priority" kind
            return [Pass()]

    assert Picky.KINDS["priority"].legal is Picky.legal_priority
    assert Picky.LEGAL["priority"] is Picky.legal_priority


def test_a_kind_with_a_legal_method_but_no_act_method_is_refused_when_the_class_is_made() -> None:
    with pytest.raises(
        RegistrationError, match=r"Lopsided: decision kind 'block' has a legal method .*no act"
    ):

        class Lopsided(ToyState):
            __slots__ = ()

            @legal("block")
            def legal_block(self) -> list[Action]:
                return [Pass()]


def test_a_kind_with_an_act_method_but_no_legal_method_is_refused_when_the_class_is_made() -> None:
    with pytest.raises(
        RegistrationError, match=r"Lopsided: decision kind 'block' has an? act method .*no legal"
    ):

        class Lopsided(ToyState):
            __slots__ = ()

            @act("block")
            def act_block(self, action: Action, d: Decision) -> None:
                return None


def test_a_kind_registered_twice_is_refused_naming_both_methods() -> None:
    with pytest.raises(
        RegistrationError, match=r"Twice: legal 'priority' is registered twice .*legal_priority.*"
    ):

        class Twice(ToyState):
            __slots__ = ()

            @legal("priority")
            def priority_options(self) -> list[Action]:
                return [Pass()]


def test_a_frame_table_naming_an_op_twice_is_refused() -> None:
    with pytest.raises(ValueError, match=r"frame EndTurn: its NAME 'end_turn' is empty or given twice"):
        frame_table(Turn, EndTurn, EndTurn)


def test_a_frame_runs_its_ops_method_and_compares_by_its_fields() -> None:
    s = Toy().new_game(seed=1, decks=[DECK, DECK])
    turn = s.turn
    Turn().run(s)
    assert s.turn == turn + 1
    assert core_frames.WindowAsk(3) == core_frames.WindowAsk(3) != core_frames.WindowAsk(4)
    assert core_frames.WindowAsk(3) != core_frames.WindowRestart(3)
    assert repr(core_frames.WindowAsk(3)) == "WindowAsk(3)" and core_frames.WindowAsk(3).args() == (3,)


def test_a_method_registered_under_two_names_is_refused() -> None:
    def f(self: Any) -> list[Action]:
        return []

    legal("one")(f)
    with pytest.raises(RegistrationError, match="registered twice"):
        legal("two")(f)


def test_a_registration_needs_a_plain_name() -> None:
    with pytest.raises(RegistrationError, match="needs a name"):
        legal("not a name")
    with pytest.raises(RegistrationError, match="forced= must be a rule"):
        legal("k", forced=True)  # type: ignore[arg-type]


def test_a_frame_named_by_an_unregistered_op_fails_where_it_is_named() -> None:
    s = Toy().new_game(seed=1, decks=[DECK, DECK])
    before = s.to_json()
    with pytest.raises(UnregisteredError, match="ToyState registers no flow op 'tunr'"):
        s.schedule(EndTurn(), s.frame("tunr"))
    assert s.to_json() == before  # nothing was scheduled
    assert s.frame("end_turn") == EndTurn() and s.frame("window_ask", 2) == core_frames.WindowAsk(2)


def test_a_decision_naming_an_unregistered_kind_fails_where_it_is_asked() -> None:
    s = Toy().new_game(seed=1, decks=[DECK, DECK])
    with pytest.raises(UnregisteredError, match="ToyState registers no decision kind 'prority'"):
        s.ask("prority", 0)
    with pytest.raises(UnregisteredError, match="ToyState registers no window kind 'prority'"):
        s.open_window("prority", (0, 1))  # a window of a decision kind: the kinds registered are its kinds


class MisnamedPhase(Toy):
    name = "toy-misnamed"
    turn_structure = TurnStructure((Phase("main", begin="mian"),))


def test_a_phase_naming_an_unregistered_op_fails_when_the_game_starts() -> None:
    with pytest.raises(UnregisteredError, match="ToyState registers no flow op 'mian' \\(phase 'main'\\)"):
        MisnamedPhase().new_game(seed=1, decks=[DECK, DECK])


def test_a_saved_state_naming_an_unregistered_op_or_kind_is_refused_on_load() -> None:
    game = Toy()
    s = game.new_game(seed=1, decks=[DECK, DECK])
    data = json.loads(json.dumps(s.to_json()))
    assert data["state"]["decision"]["nt"] == "Decision"
    data["state"]["decision"]["v"][0] = "prority"
    with pytest.raises(RecordError, match="ToyState does not register: decision kind 'prority'"):
        game.from_json(data)
    data = json.loads(json.dumps(s.to_json()))
    data["state"]["work"].append({"t": ["tunr"]})
    with pytest.raises(RecordError, match="flow op 'tunr'"):
        game.from_json(data)
    data["state"]["work"][-1] = {"fr": ["tunr"]}
    with pytest.raises(RecordError, match="flow op 'tunr'"):
        game.from_json(data)
    data["state"]["work"][-1] = {"fr": ["end_turn", 3]}  # too many arguments
    with pytest.raises(RecordError, match="flow op 'end_turn' with arguments"):
        game.from_json(data)


class AlwaysAskedState(ToyState):
    """The toy with its priority kind registered as never forced: one option is still asked."""

    __slots__ = ()

    @legal("priority", forced=NEVER)
    def legal_priority(self) -> list[Action]:
        assert self.decision is not None
        return [Pass(), *(Play(c) for c in self.zones[self.layout.hand[self.decision.seat]])]


class AlwaysAsked(Toy):
    name = "toy-always-asked"
    state_class = AlwaysAskedState


def test_the_single_option_rule_is_read_from_the_kinds_registration() -> None:
    # no hand at all: pass is the only option; the toy (no rule) takes it, NEVER asks it
    plain = Toy().new_game(seed=1, decks=[[], []], hand=0)
    asked = AlwaysAsked().new_game(seed=1, decks=[[], []], hand=0)
    assert plain.is_over and plain.decisions_made == 0
    assert asked.current_player == 0 and asked.legal_actions() == [Pass()]
    assert AlwaysAskedState.KINDS["priority"].forced is NEVER


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_registers_every_kind_its_records_name(name: str) -> None:
    cls = GAMES[name].state_class
    assert cls.KINDS and "setup" in cls.FRAMES and cls.AFTER_LAST_PHASE in cls.FRAMES
    for kind in cls.KINDS.values():
        assert cls.LEGAL[kind.name] is kind.legal and cls.ACT[kind.name] is kind.act
    # a kind whose options come from a hidden hand declares its single-option rule (fair.py)
    hand_kinds = {
        "spellbattle": "priority",
        "spellweaver": "main",
        "casters": "set",
        "spellfire": "pause",
        "spelldawn": "discard",
    }
    assert cls.KINDS[hand_kinds[name]].forced is not None
