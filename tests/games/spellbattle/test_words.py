"""Spell Battle in words: action labels, log sentences, prompts and the end of the game (words.py), and the
View a client draws the table from (view.py, documented in docs/games/spellbattle.md)."""

from __future__ import annotations

from typing import Any

import pytest

from spellforge.core.actions import Resign
from spellforge.core.describe import HIDDEN_CARD
from spellforge.core.flow import Outcome
from spellforge.core.observe import action_entries
from spellforge.core.targets import CardRef
from spellforge.games.spellbattle.actions import Play
from spellforge.games.spellbattle.scenario import Seat, card, do, in_play, scenario
from spellforge.games.spellbattle.state import SpellBattleState


def labels(s: SpellBattleState) -> dict[str, str]:
    """The deciding seat's options: printed text -> label."""
    seat = s.current_player
    return {e["text"]: e["label"] for e in action_entries(s, seat)}


def resolve(s: SpellBattleState) -> None:
    while s.stack and s.decision is not None and s.decision.kind == "priority":
        do(s, "pass")


def until(s: SpellBattleState, kind: str) -> None:
    while s.decision is not None and s.decision.kind != kind:
        do(s, "done" if s.decision.kind in ("attackers", "blockers") else "pass")
    assert s.decision is not None and s.decision.kind == kind


def log(s: SpellBattleState, seat: int | None) -> list[str]:
    return list(s.observe(seat)["log"])


def view_card(s: SpellBattleState, cid: int, seat: int | None = None) -> dict[str, Any]:
    return next(c for c in in_play(s.observe(seat)) if c["id"] == cid)


# ---------------------------------------------------------------------- labels


def test_playing_a_card_names_it_and_its_target_with_the_target_s_controller() -> None:
    s = scenario(Seat(hand=["fire-lance", "hedge-knight"], farms=2), Seat(play=["war-ox"]))
    lance, knight, ox = card(s, "fire-lance"), card(s, "hedge-knight"), card(s, "war-ox")
    got = labels(s)
    assert got[f"play #{lance} -> #{ox}"] == "Play Fire Lance on P2's War Ox"
    assert got[f"play #{lance} -> P2"] == "Play Fire Lance on P2"
    assert got[f"play #{lance} -> P1"] == "Play Fire Lance on yourself"
    assert got[f"play #{knight}"] == "Play Hedge Knight"
    assert got["farm"] == "Play a farm (choose which card next)"
    assert got["pass"] == "Pass: end your turn"
    do(s, "farm")
    got = labels(s)
    assert got[f"play #{knight} as farm"] == "Play Hedge Knight face down as a farm"
    assert s.describe_decision() == "Choose the card to play face down as a farm."


def test_an_ability_is_named_with_its_card_and_what_it_costs_beyond_turning_sideways() -> None:
    s = scenario(Seat(play=["hedge-archer", "watchtower", "hedge-knight"], farms=1), Seat(play=["war-ox"]))
    archer, tower, knight, ox = (card(s, k) for k in ("hedge-archer", "watchtower", "hedge-knight", "war-ox"))
    got = labels(s)
    assert got[f"use #{archer} -> #{ox}"] == "Use Hedge Archer's ability on P2's War Ox"
    assert got[f"use #{tower} -> #{knight}"] == "Use Watchtower's ability on your Hedge Knight, paying 1"


def test_a_spell_in_limbo_is_named_as_waiting_there_and_a_pass_lets_it_resolve() -> None:
    s = scenario(Seat(hand=["fire-lance"], farms=2), Seat(play=["war-ox"], hand=["null-sigil"], farms=2))
    lance, ox, sigil = card(s, "fire-lance"), card(s, "war-ox"), card(s, "null-sigil")
    do(s, f"play #{lance} -> #{ox}")
    uid = s.stack[-1].uid
    got = labels(s)
    assert got[f"play #{sigil} -> @{uid}"] == "Play Null Sigil on P1's Fire Lance in limbo"
    assert got["pass"] == "Pass: let Fire Lance resolve"
    assert s.describe_decision() == "P1's Fire Lance is waiting in limbo: respond, or pass to let it resolve."
    do(s, f"play #{sigil} -> @{uid}")
    resolve(s)
    lines = log(s, 0)
    assert "P1 plays Fire Lance on P2's War Ox." in lines
    assert "P2 plays Null Sigil on Fire Lance in limbo." in lines
    assert "P2 counters Fire Lance." in lines


def test_passing_says_where_the_turn_goes_for_the_active_player_only() -> None:
    s = scenario(Seat(hand=["quicken"], farms=1), Seat(hand=["quicken"], farms=1), step="beginning")
    assert labels(s)["pass"] == "Pass: go on to your draw step"
    assert (
        s.describe_decision()
        == "P1's beginning step: play a spell or an ambush character, use an ability, or pass."
    )
    do(s, "pass")
    assert s.current_player == 1 and labels(s)["pass"] == "Pass"


def test_attackers_bonded_groups_and_blockers_are_labelled_with_both_sides() -> None:
    s = scenario(
        Seat(play=["pack-hound", "shield-brother", "war-ox"]),
        Seat(play=["hedge-knight", "ash-squire"]),
        step="attack",
    )
    hound, brother, ox, knight = (
        card(s, k) for k in ("pack-hound", "shield-brother", "war-ox", "hedge-knight")
    )
    until(s, "attackers")
    assert labels(s)["done"] == "Don't attack"
    assert labels(s)[f"attack #{hound} -> P2"] == "Attack P2 with Pack Hound"
    do(s, f"attack #{hound} -> P2")
    got = labels(s)
    assert (
        got[f"attack #{brother} with #{hound}"]
        == "Attack P2 with Shield Brother, bonded with your Pack Hound"
    )
    assert got["done"] == "Finish declaring attackers"
    do(s, f"attack #{brother} with #{hound}", f"attack #{ox} -> P2")  # nothing left: the declaration closes
    until(s, "blockers")
    got = labels(s)
    assert (
        got[f"block #{knight} -> #{hound}"] == "Block P1's Pack Hound and its bonded group with Hedge Knight"
    )
    assert got[f"block #{knight} -> #{ox}"] == "Block P1's War Ox with Hedge Knight"
    assert got["done"] == "Don't block"
    assert s.describe_decision() == "Choose your blockers against P1's attackers, then Done."
    do(s, f"block #{knight} -> #{ox}")
    assert labels(s)["done"] == "Finish declaring blockers"  # the Ash Squire may still block
    lines = log(s, None)
    assert "P1 attacks P2 with Pack Hound." in lines
    assert "P1 attacks P2 with Shield Brother, bonded with Pack Hound." in lines
    assert "P2 blocks P1's War Ox with Hedge Knight." in lines


def test_damage_shared_among_blockers_is_labelled_and_prompted() -> None:
    s = scenario(Seat(play=["war-ox"]), Seat(play=["field-hand", "ash-squire"]), step="attack")
    ox, hand_, squire = card(s, "war-ox"), card(s, "field-hand", seat=1, zone="play"), card(s, "ash-squire")
    until(s, "attackers")
    do(s, f"attack #{ox} -> P2")
    until(s, "blockers")
    do(s, f"block #{hand_} -> #{ox}", f"block #{squire} -> #{ox}")
    until(s, "assign")
    assert s.describe_decision() == "Share 5 damage from P1's War Ox among the characters it fights."
    assert labels(s)[f"assign #{ox}: 2 -> #{squire}"] == "Deal 2 of War Ox's damage to P2's Ash Squire"


def test_a_triggered_ability_s_target_and_a_copy_s_target_name_their_source() -> None:
    s = scenario(Seat(hand=["shadow-herald"], farms=2), Seat(play=["war-ox"]))
    herald, ox = card(s, "shadow-herald"), card(s, "war-ox")
    do(s, f"play #{herald}")
    resolve(s)
    assert s.decision is not None and s.decision.kind == "trigger_target"
    assert s.describe_decision() == "Choose a target for Shadow Herald's triggered ability."
    assert labels(s)[f"target #{ox}"] == "Aim Shadow Herald's ability at P2's War Ox"

    s = scenario(
        Seat(play=["hedge-archer", "field-hand"]), Seat(play=["field-hand"], hand=["mirror-echo"], farms=2)
    )
    archer, mine = card(s, "hedge-archer"), card(s, "field-hand", seat=0, zone="play")
    do(s, f"use #{archer} -> #{card(s, 'field-hand', seat=1, zone='play')}")
    assert labels(s)["pass"] == "Pass: let Hedge Archer's ability resolve"
    do(s, f"play #{card(s, 'mirror-echo')} -> @{s.stack[-1].uid}")
    resolve(s)
    until(s, "copy_target")
    assert s.describe_decision() == "Choose a new target for the copy of Hedge Archer's ability."
    assert labels(s)[f"target #{mine}"] == "Aim the copy of Hedge Archer's ability at P1's Field Hand"
    do(s, f"target #{mine}")
    assert "The copy of Hedge Archer's ability goes into limbo for P2." in log(s, 0)


def test_ordering_one_s_own_triggers_names_each() -> None:
    s = scenario(Seat(hand=["earthquake"], farms=4, play=["grave-caller", "grim-harvest"]), Seat())
    do(s, f"play #{card(s, 'earthquake')}")
    assert s.decision is not None and s.decision.kind == "trigger_order"
    assert sorted(labels(s).values()) == [
        "Put Grave Caller's triggered ability into limbo next",
        "Put Grim Harvest's triggered ability into limbo next",
    ]


def test_the_player_who_destroys_characters_picks_them_by_name() -> None:
    s = scenario(
        Seat(hand=["blood-tithe"], farms=3),
        Seat(play=["hedge-knight", "war-ox", "field-hand"]),
    )
    do(s, f"play #{card(s, 'blood-tithe')} -> P2")
    resolve(s)
    assert s.decision is not None and s.decision.kind == "sacrifice"
    assert s.describe_decision() == "Choose 2 characters of yours to destroy."
    knight = card(s, "hedge-knight")
    assert labels(s)[f"pick #{knight}"] == "Destroy your Hedge Knight"
    do(s, f"pick #{knight}")
    assert s.describe_decision() == "Choose a character of yours to destroy."
    do(s, f"pick #{card(s, 'field-hand', seat=1, zone='play')}")
    assert "P2 destroys their Hedge Knight for Blood Tithe." in log(s, 0)


def test_draft_and_deck_building_picks_are_labelled_and_kept_secret_in_the_log() -> None:
    from spellforge import find_game

    s = find_game("spellbattle").new_game(seed=1, format="draft")
    assert s.decision is not None and s.decision.kind == "draft_pick" and s.decision.seat == 0
    assert s.describe_decision() == "Draft round 1: pick a card from the pile you hold."
    action = s.legal_actions()[0]
    name = s.defs[action.card].name  # type: ignore[attr-defined]
    assert labels(s)[str(action)] == f"Draft {name}"
    s.apply(action)
    assert f"P1 drafts {name}." in log(s, 0)
    assert "P1 drafts a card." in log(s, 1) and "P1 drafts a card." in log(s, None)


# ---------------------------------------------------------------------- the log


def test_draws_and_farms_name_the_card_only_to_its_player() -> None:
    s = scenario(Seat(hand=["war-ox"], deck=["quick-scout"]), Seat(), step="main", active=1, turn=2)
    while s.step != "main" or not s.is_active(0):
        do(s, "done" if s.decision.kind in ("attackers", "blockers") else "pass")
    do(s, "farm", f"play #{card(s, 'war-ox')} as farm")
    assert "P1 draws Quick Scout." in log(s, 0) and "P1 plays War Ox face down as a farm." in log(s, 0)
    for seat in (1, None):
        lines = log(s, seat)
        assert "P1 draws a card." in lines and "P1 plays a card face down as a farm." in lines
        assert not any("Quick Scout" in line or "War Ox" in line for line in lines)
    assert "Turn 3: P1's turn." in log(s, None)


def test_a_label_never_names_a_card_the_seat_cannot_see() -> None:
    s = scenario(Seat(hand=["fire-lance"], farms=2), Seat(hand=["war-ox"], farms=1))
    ox, lance = card(s, "war-ox"), card(s, "fire-lance")
    assert s.describe_action(Play(ox), 0) == f"Play {HIDDEN_CARD}"
    assert s.describe_action(Play(lance), 1) == f"Play {HIDDEN_CARD}"
    assert s.describe_action(Play(lance), 0) == "Play Fire Lance"
    farm = next(c for c in s.zones[s.layout.play] if s.controller[c] == 1)
    assert s.target_label(CardRef(farm), 0) == HIDDEN_CARD
    assert s.target_label(CardRef(farm), 1) == "your Field Hand"


def test_why_a_character_was_destroyed() -> None:
    # combat damage, and a deadly blocker after the combat
    s = scenario(
        Seat(play=["war-ox", "hedge-knight"]), Seat(play=["ash-squire", "plague-rat"]), step="attack"
    )
    ox, knight, hand_, rat = (card(s, k) for k in ("war-ox", "hedge-knight", "ash-squire", "plague-rat"))
    until(s, "attackers")
    do(s, f"attack #{ox} -> P2", f"attack #{knight} -> P2")
    until(s, "blockers")
    do(s, f"block #{hand_} -> #{ox}", f"block #{rat} -> #{knight}")
    until(s, "priority")
    while s.step == "attack":
        do(s, "pass")
    lines = log(s, None)
    assert "P2's Ash Squire is destroyed: the damage on it reached its strength." in lines
    assert "P1's Hedge Knight is destroyed: it fought a deadly character." in lines
    assert "Characters with speed 2 deal their combat damage." in lines
    assert "P2's Ash Squire takes 5 damage from War Ox." in lines
    assert "Combat ends: damage on the surviving characters is removed." in lines
    # strength 0, and a card that destroys
    s = scenario(Seat(hand=["wither", "final-verdict"], farms=5), Seat(play=["field-hand", "war-ox"]))
    do(s, f"play #{card(s, 'wither')} -> #{card(s, 'field-hand', seat=1, zone='play')}")
    resolve(s)
    do(s, f"play #{card(s, 'final-verdict')} -> #{card(s, 'war-ox')}")
    resolve(s)
    lines = log(s, 1)
    assert "P2's Field Hand gets -2 strength until end of turn." in lines
    assert "P2's Field Hand is destroyed: its strength fell to 0." in lines
    assert "Final Verdict destroys P2's War Ox." in lines


def test_a_spell_whose_target_is_gone_does_nothing_and_says_why() -> None:
    s = scenario(
        Seat(hand=["fire-lance"], farms=2),
        Seat(play=["field-hand"], hand=["tactical-retreat"], farms=1),
    )
    hand_ = card(s, "field-hand", seat=1, zone="play")
    do(s, f"play #{card(s, 'fire-lance')} -> #{hand_}", f"play #{card(s, 'tactical-retreat')} -> #{hand_}")
    resolve(s)
    lines = log(s, 0)
    assert "Field Hand returns to P2's hand." in lines
    assert "Fire Lance does nothing: its target is gone." in lines


# ---------------------------------------------------------------------- the end


@pytest.mark.parametrize(
    ("winners", "reason", "text"),
    [
        ((1,), "life", "P2 wins: P1's life fell to 0."),
        ((0,), "resignation", "P1 wins: P2 resigned."),
        ((0,), "time", "P1 wins: P2 ran out of time."),
        ((1,), "time (highest life)", "Time was called: P2 wins with the highest life."),
        (
            (0,),
            "time (tied life, first to deal damage)",
            "Time was called with life tied: P1 wins, having dealt damage to an opponent first.",
        ),
        (
            (0,),
            "time (tied life, decided at random)",
            "Time was called with life tied: P1 wins, chosen at random.",
        ),
        ((), "turn limit", "The game is a draw: it reached the limit of 200 turns."),
        (
            (),
            "life (all remaining players lost at once)",
            "The game is a draw: the last players standing were all beaten at once.",
        ),
    ],
)
def test_the_end_of_the_game_says_who_won_and_how(winners: tuple[int, ...], reason: str, text: str) -> None:
    s = scenario(Seat(), Seat())
    s.outcome = Outcome(winners, reason)
    assert s.describe_outcome() == text
    assert s.observe(0)["outcome"]["text"] == text


def test_a_team_wins_as_the_last_team_standing() -> None:
    s = scenario(Seat(), Seat(), Seat(), Seat(), teams="alliance")
    s.apply(Resign(1))
    s.apply(Resign(3))
    assert s.describe_outcome() == "P1 and P3 win: the last team standing."
    assert "P2 resigns." in log(s, 0) and "P4 resigns." in log(s, 0)


# ---------------------------------------------------------------------- the View


def test_each_player_has_a_row_of_cards_in_play_and_a_row_of_face_down_farms() -> None:
    s = scenario(Seat(play=["hedge-knight"], farms=1, tapped_farms=1), Seat(play=["war-ox"], farms=2))
    mine, theirs = s.observe(0)["players"]
    assert [c["name"] for c in mine["in_play"]] == ["Hedge Knight"]
    assert [c["name"] for c in theirs["in_play"]] == ["War Ox"]
    assert [(f["name"], f["face_down"], f["tapped"]) for f in mine["farms"]] == [
        ("Field Hand", True, False),
        ("Field Hand", True, True),
    ]
    assert mine["untapped_farms"] == 1 and theirs["untapped_farms"] == 2
    assert theirs["farms"] == [{"hidden": True, "face_down": True, "tapped": False, "controller": 1}] * 2
    view = s.observe(0)
    assert "in_play" not in view and "hidden_farms" not in view


def test_combat_shows_who_attacks_whom_the_bonded_groups_and_who_blocks_which_attacker() -> None:
    s = scenario(
        Seat(play=["pack-hound", "shield-brother", "war-ox"]), Seat(play=["hedge-knight"]), step="attack"
    )
    hound, brother, ox, knight = (
        card(s, k) for k in ("pack-hound", "shield-brother", "war-ox", "hedge-knight")
    )
    assert s.observe(None)["combat"] is None
    until(s, "attackers")
    do(s, f"attack #{hound} -> P2", f"attack #{brother} with #{hound}", f"attack #{ox} -> P2")
    until(s, "blockers")
    do(s, f"block #{knight} -> #{brother}")
    v = s.observe(None)
    assert v["combat"]["groups"] == [
        {"attackers": sorted([hound, brother]), "target": 1, "blocked": True, "blockers": [knight]},
        {"attackers": [ox], "target": 1, "blocked": False, "blockers": []},
    ]
    h = view_card(s, hound)
    assert (h["attacking"], h["bonded_with"], h["blocked_by"], h["tapped"]) == (1, [brother], [knight], True)
    assert view_card(s, knight)["blocking"] == sorted([hound, brother])
    assert "bonded_with" not in view_card(s, ox) and view_card(s, ox)["blocked"] is False


def test_a_changed_stat_shows_its_printed_value_and_a_borrowed_card_its_owner() -> None:
    s = scenario(Seat(hand=["battle-fury", "turncoat-pact"], farms=5), Seat(play=["war-ox"]))
    ox = card(s, "war-ox")
    assert "printed" not in view_card(s, ox) and "owner" not in view_card(s, ox)
    do(s, f"play #{card(s, 'battle-fury')} -> #{ox}")
    resolve(s)
    assert view_card(s, ox)["strength"] == 7 and view_card(s, ox)["printed"] == {"strength": 5, "speed": 1}
    do(s, f"play #{card(s, 'turncoat-pact')} -> #{ox}")
    resolve(s)
    assert view_card(s, ox)["controller"] == 0 and view_card(s, ox)["owner"] == 1
    assert [c["id"] for c in s.observe(None)["players"][0]["in_play"]] == [ox]


def test_limbo_items_name_what_they_are_and_what_they_aim_at() -> None:
    s = scenario(Seat(play=["hedge-archer"]), Seat(play=["war-ox"], hand=["quicken"], farms=1))
    do(s, f"use #{card(s, 'hedge-archer')} -> #{card(s, 'war-ox')}")
    (item,) = s.observe(1)["limbo"]
    assert item["label"] == "Hedge Archer's ability" and item["kind"] == "ability" and item["controller"] == 0
    assert item["targets"] == [{"card": card(s, "war-ox"), "label": "P2's War Ox"}]


def test_the_off_the_top_view_has_no_owner_sentinel() -> None:
    from spellforge import find_game

    s = find_game("spellbattle").new_game(seed=2, players=3, format="off_the_top")
    for _ in range(200):
        if s.outcome is not None:
            break
        s.apply(s.legal_actions()[-1])
    for p in s.observe(0)["players"]:
        for c in p["in_play"]:
            assert c.get("owner", 0) >= 0
