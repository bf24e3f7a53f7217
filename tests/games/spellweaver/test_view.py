"""Views (what a seat may know), the terminal rendering, and the evaluator for search bots."""

from __future__ import annotations

import json

from rich.console import Console

from spellforge import find_game
from spellforge.core.rng import Rng
from spellforge.games.spellweaver.hints import evaluate
from spellforge.ui.presentation import terminal_renderer

from .helpers import Side, build, do

GAME = find_game("spellweaver")


def rendered(view: dict) -> str:  # type: ignore[type-arg]
    console = Console(record=True, width=160, color_system=None)
    console.print(terminal_renderer(GAME)(view))
    return console.export_text()


def test_a_seat_sees_its_hand_and_the_table_but_not_the_other_hand() -> None:
    sc = build(
        Side(hand=["h:firebolt"], combat=["c:ember-imp"], area=["i:sunstone-idol"], energy={"i": 2}),
        Side(hand=["o:ash-hound"], support=["s:grove-hawk"], emblems={"s": (1, 0, 1)}),
    )
    view = sc.state.observe(0)
    json.dumps(view)
    me, them = view["players"]
    assert [c["id"] for c in me["hand"]["cards"]] == [sc["h"]]
    assert "cards" not in them["hand"] and them["hand"]["count"] == 1
    assert me["combat_row"][0]["id"] == sc["c"] and them["support_row"][0]["emblems"]["shield"] == 1
    assert me["area"][0]["energy"] == 2 and them["deck"] == {"count": 30}
    assert view["decision"]["legal"] and sc.state.observe(1)["decision"].get("legal") is None
    assert "hidden" not in json.dumps(sc.state.observe(None)["players"][0]["combat_row"])


def test_the_log_hides_draws_from_the_other_seat() -> None:
    state = GAME.new_game(seed=3)
    first = state.first
    hand = {state.defs[c].name for c in state.zones[state.layout.hand[first]]}
    mine = [line for line in state.observe(first)["log"] if line.startswith(f"P{first + 1} draws")]
    theirs = [line for line in state.observe(1 - first)["log"] if line.startswith(f"P{first + 1} draws")]
    assert mine and all(line[len("P1 draws ") : -1] in hand for line in mine)
    assert theirs == [f"P{first + 1} draws a card."] * len(mine)


def test_the_terminal_shows_rows_mana_levels_skills_emblems_and_energy() -> None:
    sc = build(
        Side(
            combat=["c:ember-imp"],
            support=["s:grove-hawk"],
            area=["i:sunstone-idol"],
            energy={"i": 2},
            levels={"rage": 2, "order": 1},
            crystals=4,
            full=3,
            hero="kargath-emberfist",
            emblems={"c": (2, 0, 1)},
            frozen=["c"],
        ),
        Side(combat=["x:crypt-crawler"], support=["y:grove-hawk"], hero="mother-bramblewood"),
        phase="combat",
    )
    do(sc.state, f"attack #{sc['c']} -> P2")
    text = rendered(sc.state.observe(0))
    for needle in (
        "P1 combat",
        "P1 support",
        "P2 combat",
        "P2 support",
        "mana 3/4",
        "Rag 2",
        "Ord 1",
        "Cinder Toss",
        "Verdant Mending",
        "+M2",
        "S1",
        "E2",
        "frozen",
        "-> P2",
        "life 20",
    ):
        assert needle in text, needle
    assert "your hand" in text


def test_evaluate_is_bounded_prefers_the_healthier_side_and_reads_only_what_the_seat_knows() -> None:
    ahead = build(Side(life=30, combat=["a:elder-wurm"]), Side(life=5))
    behind = build(Side(life=5), Side(life=30, combat=["a:elder-wurm"]))
    good = evaluate(ahead.state, 0)
    bad = evaluate(behind.state, 0)
    assert good is not None and bad is not None and -1 <= bad < 0 < good <= 1
    state = GAME.new_game(seed=9)
    rng = Rng(4)
    for _ in range(80):
        state.apply(state.legal_actions()[rng.randrange(len(state.legal_actions()))])
        if state.is_over:
            break
    for seat in (0, 1):
        assert evaluate(state, seat) == evaluate(state.determinize(seat, Rng(1)), seat)


def test_evaluate_sees_the_deck_out_clock() -> None:
    """A deck about to run out loses the game (SW-009), so decay is worth something to the search bots:
    the same position scores lower the fewer cards its player has left, and far lower near the end."""
    scores = [evaluate(build(Side(deck_filler=n), Side()).state, 0) for n in (30, 10, 2, 0)]
    assert all(v is not None for v in scores)
    assert scores == sorted(scores, reverse=True)  # type: ignore[type-var]
    per_card_early = (scores[0] - scores[1]) / 20  # type: ignore[operator]
    per_card_late = (scores[2] - scores[3]) / 2  # type: ignore[operator]
    assert 0 < per_card_early < per_card_late


def test_a_finished_game_evaluates_to_its_result() -> None:
    sc = build(Side(hand=["v:ember-volley"], levels={"rage": 2}), Side(life=3))
    do(sc.state, f"play #{sc['v']}")
    assert sc.state.outcome is not None
    assert evaluate(sc.state, 0) == 1.0 and evaluate(sc.state, 1) == -1.0


def test_a_card_waiting_for_its_target_is_public_so_determinize_keeps_the_choice() -> None:
    sc = build(Side(hand=["b:firebolt", "x:ember-imp"], levels={"rage": 1}), Side(combat=["y:crypt-crawler"]))
    s = sc.state
    do(s, f"play #{sc['b']}")
    assert s.decision is not None and s.decision.kind == "target"
    assert s.layout.names[s.zone_of[sc["b"]]] == "casting"
    assert [c["id"] for c in s.observe(1)["casting"]] == [sc["b"]]
    for seed in range(5):
        det = s.determinize(1, Rng(seed))
        assert det.legal_actions() == s.legal_actions()


def test_a_determinized_world_keeps_the_shrine_a_player_chose_to_play() -> None:
    sc = build(
        Side(
            hand=["s:greenroot-shrine", "a:ember-imp", "b:ash-hound"], deck=["c:firebolt"] * 5, deck_filler=0
        )
    )
    s = sc.state
    do(s, "shrine")
    for seed in range(30):
        det = s.determinize(1, Rng(seed))
        legal_now = det.legal_actions()
        assert legal_now and not det.check_invariants()
        assert all(det.defs[a.card].type == "shrine" for a in legal_now)  # type: ignore[attr-defined]
