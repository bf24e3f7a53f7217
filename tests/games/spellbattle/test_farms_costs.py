"""Spell Battle: card types, farms and costs (SB-066..SB-080, SB-R03, SB-R04, SB-K05..SB-K07)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from spellforge import CardDataError, Done, Pass, find_game
from spellforge.games.spellbattle import cards as card_data
from spellforge.games.spellbattle.base import OFF_THE_TOP
from spellforge.games.spellbattle.scenario import Seat, card, do, legal, scenario
from spellforge.games.spellbattle.state import SpellBattleState

GAME = find_game("spellbattle")


def pass_until(s: SpellBattleState, done: Callable[[SpellBattleState], bool], limit: int = 300) -> None:
    """Pass priority and declare no attackers or blockers, one decision at a time, until ``done(s)``."""
    for _ in range(limit):
        if done(s):
            return
        assert s.decision is not None and s.decision.kind in ("priority", "attackers", "blockers"), s.decision
        s.apply(Pass() if s.decision.kind == "priority" else Done())
    raise AssertionError("the condition never came")


def resolve(s: SpellBattleState) -> None:
    pass_until(s, lambda s: not s.stack)


def plays_of(s: SpellBattleState, cid: int) -> list[str]:
    return [a for a in legal(s) if a.startswith(f"play #{cid}")]


def load_one(tmp_path: Path, body: str) -> None:
    path = tmp_path / "cards.toml"
    path.write_text("[[card]]\n" + body, encoding="utf-8")
    card_data.load([path])


# ---------------------------------------------------------------- card types (SB-066..069)


@pytest.mark.rules("SB-066")
def test_for_play_there_are_farms_characters_and_spells() -> None:
    """Famine turns farms sideways and nothing else; Sudden Strike hits characters and never farms; the
    same printed card counts as whichever it was played as."""
    s = scenario(
        Seat(hand=["famine", "sudden-strike"], farms=3),
        Seat(play=["hedge-knight"], farms=2, farm_card="hedge-knight"),
        step="main",
    )
    knight = card(s, "hedge-knight", seat=1, zone="play")
    farms = [c for c in s.zones[s.layout.play] if s.face_down[c] and s.controller[c] == 1]
    assert [s.defs[c].key for c in farms] == ["hedge-knight", "hedge-knight"]  # printed characters, as farms
    assert [s.card_is(c, "farm") for c in (knight, *farms)] == [False, True, True]
    assert [s.card_is(c, "character") for c in (knight, *farms)] == [True, False, False]
    strike = card(s, "sudden-strike")
    assert plays_of(s, strike) == [f"play #{strike} -> #{knight}"]
    do(s, f"play #{card(s, 'famine')}")
    assert s.card_is(card(s, "famine"), "spell")  # in limbo, played as a spell
    resolve(s)
    assert all(s.tapped[f] for f in farms) and not s.tapped[knight]


@pytest.mark.rules("SB-067")
def test_a_farm_that_leaves_play_is_its_printed_type_again() -> None:
    """Off the top, a player who is out loses their farms to the shared discard pile (SB-R15, SB-R26):
    there the cards are characters and spells again, face up."""
    s = GAME.new_game(seed=1, players=3, format=OFF_THE_TOP)
    assert isinstance(s, SpellBattleState)
    seat = s.active_seats()[0]
    do(s, "farm")
    s.apply(s.legal_actions()[0])
    farm = next(c for c in s.zones[s.layout.play] if s.face_down[c])
    assert s.card_is(farm, "farm") and not s.card_is(farm, s.defs[farm].type)
    do(s, f"resign P{seat + 1}")
    assert s.zone_of[farm] == s.layout.discard[0] and not s.face_down[farm]
    assert s.card_is(farm, s.defs[farm].type) and not s.card_is(farm, "farm")
    entry = next(c for c in s.observe(None)["players"][0]["discard"]["cards"] if c["id"] == farm)
    assert entry["type"] in ("character", "spell") and "farm" not in entry


@pytest.mark.rules("SB-068", "SB-069", "SB-005")
def test_a_card_is_played_as_itself_or_face_down_as_a_farm() -> None:
    s = scenario(Seat(hand=["hedge-knight", "scholars-insight", "ember-bolt"], farms=3), Seat(), step="main")
    knight, insight = card(s, "hedge-knight"), card(s, "scholars-insight")
    assert plays_of(s, knight) == [f"play #{knight}"] and plays_of(s, insight) == [f"play #{insight}"]
    do(s, "farm")
    assert {f"play #{knight} as farm", f"play #{insight} as farm"} <= set(legal(s))
    do(s, f"play #{insight} as farm")  # a spell as a farm
    assert s.is_farm(insight) and s.card_is(insight, "farm") and not s.card_is(insight, "spell")
    do(s, f"play #{knight}")
    assert s.card_is(knight, "character") and s.stack[0].card == knight


# ---------------------------------------------------------------- farms (SB-070, SB-R03, SB-K05)


@pytest.mark.rules("SB-070", "SB-R03", "SB-K05")
def test_a_farm_only_in_your_own_main_step_and_only_one_per_turn() -> None:
    s = scenario(
        Seat(hand=["war-ox", "tower-guard", "quick-scout", "ember-bolt"], farms=1),
        Seat(hand=["ember-bolt", "stone-giant"], farms=1),
        step="beginning",
    )
    for step in ("beginning", "draw", "attack"):
        pass_until(s, lambda s, step=step: s.step == step and s.decision.kind == "priority")
        assert "farm" not in legal(s)
    pass_until(s, lambda s: s.step == "main")
    assert "farm" in legal(s)
    do(s, "farm", f"play #{card(s, 'war-ox')} as farm")
    assert "farm" not in legal(s) and s.farm_count(0) == 2
    do(s, "pass")
    assert s.decision.seat == 1 and "farm" not in legal(s)  # not in another player's main step
    pass_until(s, lambda s: s.active_seats() == [1] and s.step == "main")
    assert "farm" in legal(s)  # P2's own main step
    pass_until(s, lambda s: s.active_seats() == [0] and s.step == "main")
    assert "farm" in legal(s)  # a new turn, a new farm


@pytest.mark.rules("SB-K05")
def test_a_farm_pays_one_point_and_right_side_up_again_in_your_beginning_step() -> None:
    s = scenario(Seat(hand=["quick-scout", "ash-squire"], farms=0), Seat(), step="main")
    scout, squire = card(s, "quick-scout"), card(s, "ash-squire")
    do(s, "farm", f"play #{scout} as farm")
    do(s, f"play #{squire}")  # cost 1: the new farm pays it
    assert s.tapped[scout]
    resolve(s)
    assert s.in_play(squire)
    assert s.active_seats() == [1] and s.tapped[scout]  # P1 could do nothing more: it is P2's turn
    pass_until(s, lambda s: s.active_seats() == [0])  # P1's first decision: its attack step
    assert not s.tapped[scout]


# ---------------------------------------------------------------- costs (SB-071, SB-078, SB-079, SB-R04)


@pytest.mark.rules("SB-071", "SB-078", "SB-079")
def test_paying_a_cost_of_n_turns_n_farms_sideways() -> None:
    s = scenario(Seat(hand=["hedge-knight", "ember-bolt"], farms=1), Seat(), step="main")
    knight = card(s, "hedge-knight")
    assert plays_of(s, knight) == []  # cost 2, one farm
    s = scenario(Seat(hand=["hedge-knight", "ember-bolt"], farms=3), Seat(), step="main")
    knight = card(s, "hedge-knight")
    do(s, f"play #{knight}")
    farms = [c for c in s.zones[s.layout.play] if s.face_down[c]]
    assert sorted(s.tapped[c] for c in farms) == [False, True, True]
    assert len(s.untapped_farms(0)) == 1


@pytest.mark.rules("SB-071", "SB-K07")
def test_farms_pay_for_pay_x_abilities() -> None:
    s = scenario(
        Seat(play=["watchtower", "hedge-knight"], farms=1, hand=["war-ox"]),
        Seat(),
        step="main",
    )
    tower, knight = card(s, "watchtower"), card(s, "hedge-knight")
    do(s, f"use #{tower} -> #{knight}")
    assert s.tapped[tower] and s.untapped_farms(0) == []
    resolve(s)
    assert s.speed(knight) == 3
    s = scenario(Seat(play=["watchtower", "hedge-knight"], tapped_farms=1, hand=["war-ox"]), Seat())
    assert not any(a.startswith("use") for a in legal(s))  # Pay 1 cannot be paid: no ability


@pytest.mark.rules("SB-078", "SB-K06")
def test_only_right_side_up_farms_pay() -> None:
    s = scenario(Seat(hand=["tower-guard", "hedge-knight"], farms=2, tapped_farms=1), Seat(), step="main")
    guard, knight = card(s, "tower-guard"), card(s, "hedge-knight")
    assert plays_of(s, guard) == []  # cost 3 with three farms, one of them sideways
    do(s, f"play #{knight}")
    assert s.untapped_farms(0) == [] and s.farm_count(0) == 3


@pytest.mark.rules("SB-R04")
def test_a_cost_of_zero_needs_no_farm_and_farms_are_the_only_way_to_pay() -> None:
    s = scenario(Seat(hand=["field-hand", "ash-squire"], play=["stone-giant", "war-ox"]), Seat(), step="main")
    hand, squire = card(s, "field-hand", zone="hand"), card(s, "ash-squire")
    assert plays_of(s, hand) == [f"play #{hand}"]
    assert plays_of(s, squire) == []  # characters in play pay nothing
    do(s, f"play #{hand}")
    resolve(s)
    assert s.in_play(hand) and not any(s.tapped)


# ---------------------------------------------------------------- characters and spells (SB-072..077)


@pytest.mark.rules("SB-072")
def test_every_character_has_a_cost_strength_and_speed(tmp_path: Path) -> None:
    load_one(tmp_path, 'id = "x"\nname = "X"\ntype = "character"\ncost = 2\nstrength = 1\nspeed = 3\n')
    for missing in ("cost = 2\nstrength = 1\n", "cost = 2\nspeed = 3\n", "strength = 1\nspeed = 3\n"):
        with pytest.raises(CardDataError):
            load_one(tmp_path, f'id = "x"\nname = "X"\ntype = "character"\n{missing}')
    s = scenario(Seat(hand=["veteran-pikeman", "ember-bolt"]), Seat())
    entry = s.observe(0)["players"][0]["hand"]["cards"][0]
    assert (entry["cost"], entry["strength"], entry["speed"]) == (3, 3, 3)


@pytest.mark.rules("SB-073")
def test_characters_without_ambush_only_in_their_controllers_main_step() -> None:
    s = scenario(
        Seat(hand=["hedge-knight", "ember-bolt"], farms=3),
        Seat(hand=["hedge-knight", "ember-bolt"], farms=3),
        step="beginning",
    )
    mine, theirs = card(s, "hedge-knight", seat=0), card(s, "hedge-knight", seat=1)
    for step in ("beginning", "draw", "attack"):
        pass_until(s, lambda s, step=step: s.step == step and s.decision.seat == 0)
        assert plays_of(s, mine) == []
        do(s, "pass")
        assert s.decision.seat == 1 and plays_of(s, theirs) == []
    pass_until(s, lambda s: s.step == "main" and s.decision.seat == 0)
    assert plays_of(s, mine) == [f"play #{mine}"]
    do(s, "pass")
    assert plays_of(s, theirs) == []  # P1's main step, not P2's
    pass_until(s, lambda s: s.active_seats() == [1] and s.step == "main")
    assert plays_of(s, theirs) == [f"play #{theirs}"]


@pytest.mark.rules("SB-074")
def test_a_characters_abilities_work_only_in_play() -> None:
    s = scenario(
        Seat(hand=["hedge-archer", "banner-lord"], play=["hedge-knight"], farms=6),
        Seat(play=["tower-guard"]),
        step="main",
    )
    archer, lord, knight = card(s, "hedge-archer"), card(s, "banner-lord"), card(s, "hedge-knight")
    assert s.speed(knight) == 2 and not any(a.startswith("use") for a in legal(s))
    do(s, f"play #{lord}")
    resolve(s)
    assert s.speed(knight) == 3
    do(s, f"play #{archer}")
    resolve(s)
    assert any(a.startswith(f"use #{archer}") for a in legal(s))


@pytest.mark.rules("SB-075")
def test_every_spell_has_a_cost_and_an_effect(tmp_path: Path) -> None:
    load_one(
        tmp_path, 'id = "y"\nname = "Y"\ntype = "spell"\ncost = 1\neffects = [{ do = "draw", amount = 1 }]\n'
    )
    with pytest.raises(CardDataError, match="cost"):
        load_one(tmp_path, 'id = "y"\nname = "Y"\ntype = "spell"\neffects = [{ do = "draw", amount = 1 }]\n')
    with pytest.raises(CardDataError, match="effect"):
        load_one(tmp_path, 'id = "y"\nname = "Y"\ntype = "spell"\ncost = 1\n')


@pytest.mark.rules("SB-076")
def test_a_spell_may_be_played_whenever_its_controller_has_priority() -> None:
    s = scenario(
        Seat(hand=["ember-bolt"], farms=1, play=["hedge-knight"]),
        Seat(hand=["sudden-strike", "sudden-strike", "sudden-strike", "sudden-strike"], farms=4),
        step="beginning",
    )
    knight = card(s, "hedge-knight")
    for step in ("beginning", "draw", "attack", "main"):
        pass_until(s, lambda s, step=step: s.step == step and s.decision.seat == 1)
        strike = card(s, "sudden-strike", zone="hand")
        assert plays_of(s, strike) == [f"play #{strike} -> #{knight}"]
    do(s, f"play #{strike} -> #{knight}")  # in P1's main step
    resolve(s)
    assert s.damage[knight] == 1


@pytest.mark.rules("SB-080", "SB-113")
def test_sideways_cards_turn_up_only_in_their_controllers_beginning_step() -> None:
    s = scenario(
        Seat(hand=["fire-lance", "war-ox"], farms=2, play=["hedge-knight"]),
        Seat(hand=["ember-bolt"], farms=1),
        step="attack",
    )
    knight, lance = card(s, "hedge-knight"), card(s, "fire-lance")
    pass_until(s, lambda s: s.decision.kind == "attackers")
    do(s, f"attack #{knight} -> P2")
    pass_until(s, lambda s: s.step == "main" and s.decision.seat == 0)
    do(s, f"play #{lance} -> P2")
    resolve(s)
    assert s.tapped[knight] and s.untapped_farms(0) == []
    pass_until(s, lambda s: s.active_seats() == [1] and s.step == "main")
    assert s.tapped[knight] and s.untapped_farms(0) == []  # P2's beginning step is not P1's
    pass_until(s, lambda s: s.active_seats() == [0] and s.step == "beginning")
    assert not s.tapped[knight] and len(s.untapped_farms(0)) == 2


@pytest.mark.rules("SB-K06")
def test_sideways_cards_cannot_pay_attack_block_or_use_abilities() -> None:
    s = scenario(
        Seat(
            play=[("hedge-archer", {"tapped": True}), ("war-ox", {"tapped": True})],
            tapped_farms=2,
            hand=["sudden-strike", "quick-scout"],
        ),
        Seat(play=["hedge-knight"]),
        step="main",
    )
    assert legal(s) == ["pass", "farm"]  # no ability, no spell (no farm to pay), no attack later
    s = scenario(
        Seat(play=["hedge-knight"]),
        Seat(play=[("war-ox", {"tapped": True})], hand=["ember-bolt"], farms=1),
        step="attack",
    )
    pass_until(s, lambda s: s.decision.kind == "attackers")
    do(s, f"attack #{card(s, 'hedge-knight')} -> P2")
    pass_until(s, lambda s: s.step == "main")
    assert s.life(1) == 18  # the sideways ox could not block
