"""The turn (SW-076..080, SW-134..136, SW-R08, SW-R34) and the one response there is: Cancel (SW-K25)."""

from __future__ import annotations

import pytest

from .helpers import Side, build, can, card, do, legal, play, skip_to, zone_name

LIFE_AT = {
    "mine_end": card(
        "Dusk Vow", "blessing", effects=[{"on": "your_turn_end", "do": "gain_life", "amount": 1}]
    ),
    "each_end": card(
        "Evening Bell", "blessing", effects=[{"on": "turn_end", "do": "gain_life", "amount": 2}]
    ),
}


@pytest.mark.rules("SW-076", "SW-077")
def test_turns_alternate_through_the_five_phases() -> None:
    sc = build(Side(), Side(), phase="deploy")
    s = sc.state
    seen: list[tuple[int, str]] = []
    while not (s.active == 1 and s.phase == "deploy"):
        if not seen or seen[-1] != (s.active, s.phase):
            seen.append((s.active, s.phase))
        do(s, next(a for a in legal(s) if a in ("done", "pass")))
    assert seen == [(0, "deploy"), (0, "combat"), (0, "reinforce"), (0, "end")]
    assert s.turn == 4 and [e.seat for e in s.events() if e.kind == "turn"] == [1]


@pytest.mark.rules("SW-080", "SW-R08", "SW-078")
def test_the_start_of_the_turn_readies_then_draws_then_triggers() -> None:
    sc = build(
        Side(
            combat=["c:crypt-crawler"], area=["b:bloom-of-renewal"], exhausted=["c"], deck=["top:ember-imp"]
        ),
        phase="start",
    )
    s = sc.state
    assert not s.exhausted[sc["c"]] and zone_name(s, sc["top"]) == "hand" and s.life[0] == 21
    kinds = [e.kind for e in s.events()]
    assert kinds.index("draw") < kinds.index("life")


@pytest.mark.rules("SW-134", "SW-135", "SW-R34")
def test_end_of_turn_effects_active_player_first_then_the_opponents_window() -> None:
    sc = build(
        Side(area=[("mine", LIFE_AT["mine_end"]), ("bell", LIFE_AT["each_end"])]),
        Side(
            area=[("their_mine", LIFE_AT["mine_end"]), ("their_bell", LIFE_AT["each_end"])],
            hand=["g:mending-prayer"],
            levels={"order": 1},
        ),
        phase="end",
    )
    s = sc.state
    gains = [(e.seat, e.amount) for e in s.events() if e.kind == "life"]
    assert gains == [(0, 1), (0, 2), (1, 2)]  # "your turn" only for P1; "each turn" for both, P1 first
    assert s.decision is not None and s.decision.kind == "end_window" and s.current_player == 1
    assert can(s, f"play #{sc['g']}")
    play(s, sc["g"])
    assert s.life[1] == 25 and s.decision is not None and s.decision.kind == "end_window"
    do(s, "pass")
    assert s.active == 1


@pytest.mark.rules("SW-K25", "SW-R12")
def test_cancel_is_played_as_the_card_is_played() -> None:
    sc = build(
        Side(hand=["v:ember-volley", "i:ember-imp"], levels={"rage": 2}),
        Side(hand=["u:unravel"], levels={"wisdom": 2}),
    )
    s = sc.state
    play(s, sc["i"])
    assert s.decision is not None and s.decision.kind == "main"  # a creature is no spell: no window
    play(s, sc["v"])
    assert s.decision is not None and s.decision.kind == "cancel" and s.current_player == 1
    assert zone_name(s, sc["v"]) == "casting"
    play(s, sc["u"])
    assert s.decision is not None and s.decision.kind == "cancel" and s.current_player == 0  # Unravel's own
    do(s, "pass")
    assert zone_name(s, sc["v"]) == zone_name(s, sc["u"]) == "graveyard"
    assert s.life[1] == 20 and s.full[0] == 5 - 1 - 3  # the costs stay paid
    assert s.decision is not None and s.decision.kind == "main" and s.current_player == 0


@pytest.mark.rules("SW-K25")
def test_when_played_effects_survive_a_cancel() -> None:
    omen = card(
        "Omen",
        "action",
        cost=1,
        effects=[
            {"on": "played", "do": "gain_life", "amount": 3},
            {"do": "damage", "amount": 5, "to": "opponent"},
        ],
    )
    sc = build(Side(hand=[("o", omen)]), Side(hand=["u:unravel"], levels={"wisdom": 2}))
    s = sc.state
    play(s, sc["o"])
    play(s, sc["u"])
    do(s, "pass")  # P1's Cancel window for Unravel
    assert s.life == [23, 20]
    sc = build(Side(hand=[("o", omen)]), Side(hand=["u:unravel"], levels={"wisdom": 2}))
    s = sc.state
    play(s, sc["o"])
    do(s, "pass")
    assert s.life == [23, 15]


def test_a_cancel_can_itself_be_cancelled() -> None:
    sc = build(
        Side(hand=["v:ember-volley", "u1:unravel"], levels={"rage": 2, "wisdom": 2}, crystals=6),
        Side(hand=["u2:unravel"], levels={"wisdom": 2}),
    )
    s = sc.state
    play(s, sc["v"])
    play(s, sc["u2"])
    assert s.decision is not None and s.decision.kind == "cancel" and s.current_player == 0
    play(s, sc["u1"], sc["u2"])
    do(s, "pass")  # P2's Cancel window for the second Unravel (its hand is empty now)
    assert zone_name(s, sc["u2"]) == "graveyard" and s.life[1] == 17


def test_fresh_creatures_are_no_longer_new_next_turn() -> None:
    sc = build(Side(hand=["b:thornback-boar"], levels={"nature": 1}))
    s = sc.state
    play(s, sc["b"])
    assert sc["b"] in s.fresh
    skip_to(s, "main", seat=1)
    skip_to(s, "main", seat=0)
    do(s, "done")
    assert can(s, f"attack #{sc['b']} -> P2")


@pytest.mark.rules("SW-073", "SW-K25", "SW-K12")
def test_the_spark_pays_for_a_cancel_during_its_owners_own_turn() -> None:
    """At any time of its own turn, the Spark's controller may sacrifice it: also in the Cancel window
    of a card the opponent plays then, whose mana may pay for the Cancel card."""
    sc = build(
        Side(combat=["a:ash-hound"], spark=True, crystals=1, hand=["u:unravel"], levels={"wisdom": 2}),
        Side(hand=["m:mending-prayer"], levels={"order": 1}),
        phase="combat",
    )
    s = sc.state
    do(s, f"attack #{sc['a']} -> P2", "done")
    assert s.decision is not None and s.decision.kind == "block" and s.current_player == 1
    play(s, sc["m"])
    assert s.decision is not None and s.decision.kind == "cancel" and s.current_player == 0
    assert legal(s) == {"pass", "spark"}  # 1 mana: Unravel (2) needs the Spark's
    do(s, "spark")
    assert s.mana(0) == 2 and s.spark_card(0) == -1
    assert s.decision is not None and s.decision.kind == "cancel" and s.current_player == 0
    play(s, sc["u"])
    do(s, "pass")  # P2's own Cancel window for Unravel (a step-by-step scenario asks even an empty hand)
    assert zone_name(s, sc["m"]) == zone_name(s, sc["u"]) == "graveyard"
    assert s.life[1] == 20 and s.mana(0) == 0  # cancelled: no life gained; the Spark's mana spent


@pytest.mark.rules("SW-073", "SW-K25", "SW-R12")
def test_the_cancel_window_is_offered_whatever_the_hand_holds() -> None:
    """In real play (not a step-by-step scenario) the opponent is asked whenever it could hold a Cancel
    card it can pay for (there is an Unravel in its deck), even when it holds none: being asked must not
    tell what its hand holds. During the opponent's turn the Spark is no option (SW-073)."""
    for hand, asked in ((["firebolt"], True), ([], False), (["firebolt"], False)):
        crystals = 1 if asked is False and hand else 4  # 1 mana: no Cancel card of the game is payable
        sc = build(
            Side(hand=["v:ember-volley"], levels={"rage": 2}),
            Side(spark=True, crystals=crystals, hand=hand, deck=["unravel"], levels={"wisdom": 2, "rage": 1}),
            manual=False,
        )
        s = sc.state
        play(s, sc["v"])
        if asked:
            assert s.decision is not None and s.decision.kind == "cancel" and s.current_player == 1
            assert legal(s) == {"pass"}
            do(s, "pass")
        assert zone_name(s, sc["v"]) == "graveyard"  # resolved, not cancelled
        assert s.decision is not None and s.decision.kind == "main" and s.current_player == 0
