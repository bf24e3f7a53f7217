"""Mana (SW-011..014, SW-R04), levels (SW-016..019, SW-R05), heroes and skills (SW-020..024, SW-R09),
shrines (SW-026..031, SW-081/082) and the Divine Offering (SW-086..091, SW-R27)."""

from __future__ import annotations

import pytest

from spellforge.core.targets import PlayerRef
from spellforge.games.spellweaver.actions import UseSkill

from .helpers import Side, build, can, card, do, legal, play, row, skip_to, zone_name

# Ad-hoc cards with exact requirements.
RAGE_ONE = card(
    "Rage Spark", "action", cost=1, levels={"rage": 1}, effects=[{"do": "gain_life", "amount": 1}]
)
RAGE_ANY = card(
    "Mixed Spark", "action", cost=1, levels={"rage": 1, "any": 1}, effects=[{"do": "gain_life", "amount": 1}]
)
TWO_COST = card("Two Cost", "action", cost=2, effects=[{"do": "gain_life", "amount": 1}])


@pytest.mark.rules("SW-011", "SW-014")
def test_playing_a_card_depletes_exactly_its_cost() -> None:
    sc = build(Side(hand=[("c", TWO_COST)], crystals=3))
    s = sc.state
    play(s, sc["c"])
    assert s.crystals[0] == 3 and s.full[0] == 1
    sc = build(Side(hand=[("c", TWO_COST)], crystals=3, full=1))
    assert not can(sc.state, f"play #{sc['c']}")


@pytest.mark.rules("SW-R11", "SW-R04", "SW-014")
def test_the_sparks_mana_is_spent_before_the_crystals() -> None:
    # The Spark's mana lasts only this turn; a crystal left full still pays for an instant in the
    # opponent's turn, so a cost is paid with the Spark's mana first.
    sc = build(Side(), Side(spark=True, crystals=2, hand=[("c", TWO_COST)]), active=1, turn=2)
    s = sc.state
    do(s, "spark")
    assert s.mana(1) == 3
    play(s, sc["c"])
    assert s.full[1] == 1 and s.mana(1) == 1
    skip_to(s, "main", seat=0)  # the opponent's turn: the full crystal is still there
    assert s.active == 0 and s.mana(1) == 1


@pytest.mark.rules("SW-012", "SW-R04")
def test_crystals_refill_at_the_start_of_their_owners_turn_only() -> None:
    sc = build(
        Side(crystals=4, full=1),
        Side(crystals=3, full=0, hand=["bolt:firebolt"], levels={"rage": 1}),
        phase="end",
    )
    s = sc.state
    assert s.decision is not None and s.decision.kind == "end_window"
    assert not can(s, f"play #{sc['bolt']}")  # P2 spent its mana on its own turn: none until its turn
    do(s, "pass")
    assert s.active == 1 and s.full[1] == 3  # refilled at the start of P2's turn
    assert s.full[0] == 1  # P1's crystals wait for P1's turn
    sc = build(Side(), Side(crystals=3, hand=["bolt:firebolt"], levels={"rage": 1}), phase="end")
    assert can(sc.state, f"play #{sc['bolt']}")  # mana left unspent is there for instants


@pytest.mark.rules("SW-013")
def test_a_new_crystal_enters_full() -> None:
    sc = build(Side(hand=["s:emberheart-shrine", ("c", TWO_COST)], crystals=1))
    s = sc.state
    assert not can(s, f"play #{sc['c']}")
    do(s, "shrine", f"play #{sc['s']} for mana")
    assert s.full[0] == 2 and can(s, f"play #{sc['c']}")


@pytest.mark.rules("SW-016", "SW-017")
def test_coloured_level_symbols_need_that_aspect() -> None:
    sc = build(Side(hand=[("c", RAGE_ONE)], levels={"order": 3}))
    assert not can(sc.state, f"play #{sc['c']}")
    sc = build(Side(hand=[("c", RAGE_ONE)], levels={"rage": 1}))
    assert can(sc.state, f"play #{sc['c']}")


@pytest.mark.rules("SW-018", "SW-R05")
def test_white_symbols_take_any_aspect_but_a_level_counts_once() -> None:
    assert can_play(RAGE_ANY, {"rage": 1, "order": 1})
    assert can_play(RAGE_ANY, {"rage": 2})
    assert not can_play(RAGE_ANY, {"rage": 1})
    assert not can_play(RAGE_ANY, {"order": 2})


def can_play(c, levels) -> bool:  # type: ignore[no-untyped-def]
    sc = build(Side(hand=[("c", c)], levels=levels))
    return can(sc.state, f"play #{sc['c']}")


@pytest.mark.rules("SW-019")
def test_levels_are_never_spent() -> None:
    sc = build(Side(hand=[("a", RAGE_ONE), ("b", RAGE_ONE)], levels={"rage": 1}))
    s = sc.state
    play(s, sc["a"])
    assert s.levels[0][3] == 1 and can(s, f"play #{sc['b']}")


@pytest.mark.rules("SW-R25")
def test_no_maximum_for_crystals_levels_or_life() -> None:
    more = card(
        "Bounty",
        "action",
        effects=[{"do": "crystals", "amount": 5}, {"do": "level", "aspect": "rage", "amount": 9}],
    )
    sc = build(Side(hand=[("m", more)], crystals=12, levels={"rage": 10}, life=39))
    play(sc.state, sc["m"])
    assert sc.state.crystals[0] == 17 and sc.state.levels[0][3] == 19


# ---------------------------------------------------------------------- heroes and skills


@pytest.mark.rules("SW-020", "SW-122")
def test_the_hero_takes_the_damage_aimed_at_the_player() -> None:
    sc = build(Side(hand=["bolt:firebolt"], levels={"rage": 1}), Side())
    play(sc.state, sc["bolt"], PlayerRef(1))
    assert sc.state.life[1] == 18
    assert zone_name(sc.state, sc.state.hero_card(1)) == "hero"


@pytest.mark.rules("SW-022", "SW-K27", "SW-K14")
def test_skills_are_main_phase_actions_of_the_active_player_only() -> None:
    sc = build(
        Side(hero="mother-bramblewood", levels={"nature": 2}),
        Side(hero="mother-bramblewood", levels={"nature": 2}),
    )
    s = sc.state
    assert "skill 1" in legal(s)
    do(s, "done")
    assert s.decision is not None and s.decision.kind == "attack" and "skill 1" not in legal(s)
    skip_to(s, "end_window")
    assert s.current_player == 1 and "skill 1" not in legal(s)


@pytest.mark.rules("SW-023")
def test_a_skill_pays_mana_and_needs_its_levels() -> None:
    sc = build(Side(hero="kargath-emberfist", levels={}), Side())
    assert "skill 1" not in legal(sc.state)
    sc = build(Side(hero="kargath-emberfist", levels={"rage": 1}, crystals=3, full=1), Side())
    assert "skill 1" not in legal(sc.state)  # Cinder Toss costs 2
    sc = build(Side(hero="kargath-emberfist", levels={"rage": 1}, crystals=3), Side())
    s = sc.state
    do(s, "skill 1", "target P2")
    assert s.full[0] == 1 and s.life[1] == 19 and s.levels[0][3] == 1


@pytest.mark.rules("SW-024", "SW-R09")
def test_cooldowns_count_their_owners_turns() -> None:
    sc = build(Side(hero="oswin-tidewatcher", levels={"wisdom": 1}, crystals=4, hand=["x:ember-imp"]), Side())
    s = sc.state
    do(s, "skill 1")
    assert s.cooldown[0] == [3] and UseSkill(0) not in s.legal_actions()  # at most once per turn
    for wait in (2, 1):
        skip_to(s, "main", seat=1)
        skip_to(s, "main", seat=0)
        assert s.cooldown[0] == [wait] and "skill 1" not in legal(s)
    skip_to(s, "main", seat=1)
    skip_to(s, "main", seat=0)
    assert s.cooldown[0] == [0] and "skill 1" in legal(s)


@pytest.mark.rules("SW-021")
def test_a_hero_holds_at_most_three_skills() -> None:
    sc = build(
        Side(
            hand=["w:shrine-of-whispers"],
            graveyard=["a:shrine-of-still-waters", "b:shrine-of-the-old-oak"],
            skills=["a", "b"],
        )
    )
    s = sc.state
    do(s, "shrine", f"play #{sc['w']} for mana")
    assert len(s.skills[0]) == 3


# ---------------------------------------------------------------------- shrines


@pytest.mark.rules("SW-027")
def test_a_basic_shrine_gives_a_level_or_a_crystal_and_a_card() -> None:
    sc = build(Side(hand=["s:dawnlight-shrine"]))
    s = sc.state
    do(s, "shrine")
    assert legal(s) == {f"play #{sc['s']} for mana", f"play #{sc['s']} for level"}
    do(s, f"play #{sc['s']} for level")
    assert s.levels[0][0] == 1 and s.crystals[0] == 5 and not row(s, 0, "hand")
    sc = build(Side(hand=["s:dawnlight-shrine"]))
    s = sc.state
    do(s, "shrine", f"play #{sc['s']} for mana")
    assert s.levels[0] == [0] * 6 and s.crystals[0] == 6 and len(row(s, 0, "hand")) == 1
    assert zone_name(s, sc["s"]) == "graveyard"


@pytest.mark.rules("SW-028", "SW-029")
def test_a_skill_shrine_gives_its_skill_only_for_mana() -> None:
    sc = build(Side(hand=["w:shrine-of-whispers"]))
    s = sc.state
    do(s, "shrine", f"play #{sc['w']} for level")
    assert s.levels[0][1] == 1 and len(s.skills[0]) == 1
    sc = build(Side(hand=["w:shrine-of-whispers"]))
    s = sc.state
    do(s, "shrine", f"play #{sc['w']} for mana")
    assert s.skills[0][1] == sc["w"] and not row(s, 0, "hand")  # the skill instead of the card


@pytest.mark.rules("SW-030")
def test_a_skill_can_be_held_before_its_requirement_is_met() -> None:
    sc = build(Side(hand=["o:shrine-of-the-old-oak"], combat=["c:ember-imp"], levels={"nature": 2}))
    s = sc.state
    do(s, "shrine", f"play #{sc['o']} for mana")
    assert len(s.skills[0]) == 2 and "skill 2" not in legal(s)  # needs 2 Nature and 1 more
    sc = build(
        Side(
            graveyard=["o:shrine-of-the-old-oak"],
            skills=["o"],
            combat=["c:ember-imp"],
            levels={"nature": 2, "rage": 1},
        )
    )
    assert "skill 2" in legal(sc.state)


@pytest.mark.rules("SW-031")
def test_a_shrine_may_be_played_for_mana_without_levels() -> None:
    sc = build(Side(hand=["s:greenroot-shrine"]))
    s = sc.state
    do(s, "shrine")
    assert "no levels" in s.describe_decision()
    do(s, f"play #{sc['s']} for mana")
    assert s.crystals[0] == 6


@pytest.mark.rules("SW-081", "SW-082")
def test_one_shrine_and_any_number_of_other_cards_per_turn() -> None:
    sc = build(
        Side(
            hand=["a:greenroot-shrine", "b:greenroot-shrine", "i1:ember-imp", "i2:ember-imp", "i3:ember-imp"],
            levels={"rage": 1},
            crystals=3,
        )
    )
    s = sc.state
    do(s, "shrine", f"play #{sc['a']} for level")
    assert "shrine" not in legal(s)
    for label in ("i1", "i2", "i3"):
        play(s, sc[label])
    assert len(row(s, 0, "combat")) == 3 and s.full[0] == 0


@pytest.mark.rules("SW-132")
def test_the_second_main_phase_offers_everything_the_first_does() -> None:
    sc = build(
        Side(
            hand=["s:greenroot-shrine", "i:ember-imp"],
            support=["y:crypt-crawler"],
            levels={"rage": 1},
            hero="mother-bramblewood",
        ),
        phase="reinforce",
    )
    s = sc.state
    assert s.phase == "reinforce"
    assert {"done", "shrine", f"play #{sc['i']}", "move", "offer"} <= legal(s)


# ---------------------------------------------------------------------- the Divine Offering


@pytest.mark.rules("SW-086", "SW-087", "SW-088", "SW-090", "SW-K11")
def test_a_divine_offering_may_take_one_shrine() -> None:
    top = ["t1:ember-imp", "t2:greenroot-shrine", "t3:ash-hound", "t4:emberheart-shrine"]
    sc = build(Side(hand=["h1:dawnlight-shrine", "h2:dawnlight-shrine", "c:ember-imp"], deck=top))
    s = sc.state
    do(s, "offer", f"offer #{sc['c']}")
    assert s.decision is not None and s.decision.kind == "take"
    assert legal(s) == {"take none", f"take #{sc['t2']}", f"take #{sc['t4']}"}
    assert set(s.observe(0)["players"][0]["looking"]["cards"][i]["id"] for i in range(4)) == {
        sc[t] for t in ("t1", "t2", "t3", "t4")
    }
    assert "cards" not in s.observe(1)["players"][0]["looking"]
    do(s, f"take #{sc['t2']}")
    assert zone_name(s, sc["t2"]) == "hand"
    assert row(s, 0, "deck")[:4] == [sc["t4"], sc["t3"], sc["t1"], sc["c"]]


@pytest.mark.rules("SW-R27", "SW-091")
def test_divine_offering_needs_a_card_and_looks_at_what_there_is() -> None:
    sc = build(Side())
    assert "offer" not in legal(sc.state)
    sc = build(Side(hand=["c:ember-imp"], deck=["t1:greenroot-shrine", "t2:ember-imp"], deck_filler=0))
    s = sc.state
    do(s, "offer", f"offer #{sc['c']}")
    assert len(s.zones[s.layout.looking[0]]) == 2
    do(s, "take none")
    assert row(s, 0, "deck") == [sc["t2"], sc["t1"], sc["c"]]
    assert s.offered[0] and "offer" not in legal(s)
