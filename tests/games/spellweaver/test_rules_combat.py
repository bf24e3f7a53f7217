"""Combat: declarations, the instant windows inside them, and resolution (SW-092..131, SW-K01..K09,
SW-K26, SW-R13..R22, SW-R28, SW-R33). The catalog's worked scenarios are in test_scenarios.py."""

from __future__ import annotations

import pytest

from .helpers import Side, build, can, card, creature, do, legal, play, skip_to, taken, zone_name


def combat(p1: Side, p2: Side):  # type: ignore[no-untyped-def]
    return build(p1, p2, phase="combat")


@pytest.mark.rules("SW-092", "SW-093", "SW-R28")
def test_speed_zero_fights_only_speed_zero_creatures() -> None:
    sc = combat(
        Side(combat=[("z", creature("Stone", speed=0))]),
        Side(combat=[("s0", creature("Rock", speed=0)), ("s1", creature("Pebble", speed=1))]),
    )
    s = sc.state
    assert {a for a in legal(s) if a.startswith(f"attack #{sc['z']}")} == {
        f"attack #{sc['z']} -> #{sc['s0']}"
    }
    sc = combat(
        Side(combat=[("q", creature("Runner", speed=1))]), Side(combat=[("z", creature("Stone", speed=0))])
    )
    s = sc.state
    do(s, f"attack #{sc['q']} -> P2", "done")
    assert not can(s, f"block #{sc['z']} -> #{sc['q']}")


@pytest.mark.rules("SW-100", "SW-101")
def test_instants_while_declaring_and_attacking_exhausts() -> None:
    sc = combat(
        Side(combat=[("a", creature("Raider"))], hand=["bolt:firebolt"], levels={"rage": 1}),
        Side(combat=[("x", creature("Target", hp=2))]),
    )
    s = sc.state
    do(s, f"attack #{sc['a']} -> P2")
    assert s.exhausted[sc["a"]] and s.decision is not None and s.decision.kind == "attack"
    play(s, sc["bolt"], sc["x"])
    assert zone_name(s, sc["x"]) == "graveyard"
    assert s.decision is not None and s.decision.kind == "attack" and s.current_player == 0


@pytest.mark.rules("SW-103", "SW-110", "SW-111", "SW-R13")
def test_the_defender_blocks_one_attacker_per_blocker_and_may_play_instants() -> None:
    sc = combat(
        Side(combat=[("a", creature("One", speed=1)), ("b", creature("Two", speed=1))]),
        Side(
            combat=[("x", creature("Guard", speed=1)), ("y", creature("Guard Two", speed=1))],
            hand=["aegis:radiant-aegis"],
            levels={"order": 1},
        ),
    )
    s = sc.state
    do(s, f"attack #{sc['a']} -> P2", f"attack #{sc['b']} -> P2", "done")
    assert s.current_player == 1 and can(s, f"play #{sc['aegis']}")
    do(s, f"block #{sc['x']} -> #{sc['a']}")
    assert not any(a.startswith(f"block #{sc['x']}") for a in legal(s))  # one attacker each
    play(s, sc["aegis"], sc["x"])  # an instant between blockers
    do(s, f"block #{sc['y']} -> #{sc['a']}")
    assert list(s.blk) == [sc["x"], sc["y"]]


@pytest.mark.rules("SW-107", "SW-R22")
def test_exhausted_creatures_cannot_block_but_new_ones_can() -> None:
    sc = combat(
        Side(combat=[("a", creature("Raider"))]),
        Side(
            combat=[("tired", creature("Tired")), ("new", creature("Newcomer"))],
            exhausted=["tired"],
            fresh=["new"],
        ),
    )
    s = sc.state
    do(s, f"attack #{sc['a']} -> P2", "done")
    assert not can(s, f"block #{sc['tired']} -> #{sc['a']}") and can(s, f"block #{sc['new']} -> #{sc['a']}")


@pytest.mark.rules("SW-112", "SW-R12")
def test_the_attacker_gets_one_more_instant_window_after_blocks() -> None:
    sc = combat(
        Side(
            combat=[("a", creature("Raider", attack=2))],
            hand=["f:battle-frenzy", "t:time-snare"],
            levels={"rage": 1, "dominion": 1},
        ),
        Side(combat=[("g", creature("Guard", hp=3))]),
    )
    s = sc.state
    do(s, f"attack #{sc['a']} -> P2", "done", f"block #{sc['g']} -> #{sc['a']}", "done")
    assert s.decision is not None and s.decision.kind == "post_block" and s.current_player == 0
    assert can(s, f"play #{sc['t']}") and not can(s, f"play #{sc['f']}")
    do(s, "pass")
    assert s.decision is not None and s.decision.kind == "main" and s.phase == "reinforce"


@pytest.mark.rules("SW-113", "SW-118", "SW-123")
def test_all_combats_deal_damage_at_once() -> None:
    sc = combat(
        Side(combat=[("a", creature("Left", attack=2, hp=2)), ("b", creature("Right", attack=3, hp=3))]),
        Side(combat=[("x", creature("Blocker", attack=2, hp=2)), ("y", creature("Target", attack=3, hp=3))]),
    )
    s = sc.state
    do(
        s,
        f"attack #{sc['a']} -> P2",
        f"attack #{sc['b']} -> #{sc['y']}",
        "done",
        f"block #{sc['x']} -> #{sc['a']}",
        "done",
        "pass",
    )
    for label in ("a", "b", "x", "y"):
        assert zone_name(s, sc[label]) == "graveyard"  # dead creatures still dealt their damage


@pytest.mark.rules("SW-124")
def test_death_triggers_fire_even_when_their_creature_dies_too() -> None:
    sc = combat(
        Side(combat=[("a", creature("Raider", attack=3, hp=3))]),
        Side(combat=["w:grave-whisperer"], deck_filler=30),
    )
    s = sc.state
    deck0 = len(s.zones[s.layout.deck[0]])
    do(s, f"attack #{sc['a']} -> #{sc['w']}", "done", "done", "pass")
    assert zone_name(s, sc["w"]) == "graveyard" and zone_name(s, sc["a"]) == "combat"
    assert len(s.zones[s.layout.deck[0]]) == deck0 - 1  # its own death decayed P1's deck


@pytest.mark.rules("SW-128", "SW-R21", "SW-R33", "SW-K04")
def test_moving_the_attacked_creature_away_cancels_only_by_an_effect() -> None:
    sc = combat(
        Side(
            combat=[("u", creature("Trampler", attack=5, hp=5, keywords=["unstoppable"]))],
            hand=["r:command-to-retreat"],
            levels={"dominion": 1},
        ),
        Side(combat=[("x", creature("Target", hp=2))]),
    )
    s = sc.state
    do(s, f"attack #{sc['u']} -> #{sc['x']}", "done")
    assert not any(a.startswith("move") for a in legal(s))  # the defender cannot just move it away
    do(s, "done")
    play(s, sc["r"], sc["x"])  # the attacker's own instant in the post-block window
    assert zone_name(s, sc["x"]) == "support" and s.att_tgt[sc["u"]] == ()
    assert not any(a.startswith("attack") for a in legal(s))
    do(s, "pass")
    assert taken(s, sc["x"]) == 0 and s.life[1] == 20 and s.exhausted[sc["u"]]


@pytest.mark.rules("SW-128", "SW-051", "SW-K07")
def test_a_flying_blocker_moved_to_the_support_row_keeps_blocking() -> None:
    sc = combat(
        Side(
            combat=[("a", creature("Brute", attack=2, hp=4))],
            hand=["r:command-to-retreat"],
            levels={"dominion": 1},
        ),
        Side(combat=[("h", creature("Hawk", attack=1, hp=3, keywords=["flying"]))]),
    )
    s = sc.state
    do(s, f"attack #{sc['a']} -> P2", "done", f"block #{sc['h']} -> #{sc['a']}", "done")
    play(s, sc["r"], sc["h"])  # moved away: a flyer fights from the support row, so its block stands
    assert zone_name(s, sc["h"]) == "support"
    do(s, "pass")
    assert taken(s, sc["h"]) == 2 and taken(s, sc["a"]) == 1 and s.life[1] == 20


@pytest.mark.rules("SW-K02")
def test_ranged_creatures_deal_damage_once_and_can_still_be_hit() -> None:
    sc = combat(
        Side(combat=[("r", creature("Archer", attack=2, hp=2, speed=1, keywords=["ranged"]))]),
        Side(combat=[("x", creature("Brute", attack=3, hp=5, speed=1))]),
    )
    s = sc.state
    do(s, f"attack #{sc['r']} -> #{sc['x']}", "done", "done", "pass")
    assert taken(s, sc["x"]) == 2  # not dealt again in the regular step
    assert zone_name(s, sc["r"]) == "graveyard"  # the target's regular damage still reached it
    steps = [e.note for e in s.events() if e.kind == "damage_step"]
    assert steps == ["ranged", "regular"]


@pytest.mark.rules("SW-K03", "SW-119")
def test_deadly_assigns_one_to_each_foe_in_order() -> None:
    sc = combat(
        Side(combat=[("t", creature("Target", attack=3, hp=9, speed=1))]),
        Side(
            combat=[("d1", creature("Sting", attack=1, hp=4)), ("d2", creature("Sting Two", attack=1, hp=4))]
        ),
    )
    s = sc.state
    do(
        s,
        f"attack #{sc['t']} -> P2",
        "done",
        f"block #{sc['d1']} -> #{sc['t']}",
        f"block #{sc['d2']} -> #{sc['t']}",
        "done",
        "pass",
    )
    dealt = [(e.card, e.amount) for e in s.events() if e.kind == "damage" and e.other == sc["t"]]
    assert dealt == [(sc["d1"], 3)]  # exactly lethal: its remaining hitpoints; nothing left for the next
    sc = combat(
        Side(combat=[("v", creature("Venom", attack=3, hp=9, speed=1, keywords=["deadly"]))]),
        Side(combat=[("b1", creature("Wall", attack=0, hp=4)), ("b2", creature("Wall Two", attack=0, hp=4))]),
    )
    s = sc.state
    do(
        s,
        f"attack #{sc['v']} -> P2",
        "done",
        f"block #{sc['b1']} -> #{sc['v']}",
        f"block #{sc['b2']} -> #{sc['v']}",
        "done",
        "pass",
    )
    assert zone_name(s, sc["b1"]) == zone_name(s, sc["b2"]) == "graveyard"
    assert s.life[1] == 20  # left-over damage is wasted


@pytest.mark.rules("SW-K04", "SW-121")
def test_unstoppable_only_while_attacking() -> None:
    sc = combat(
        Side(combat=[("a", creature("Small", attack=1, hp=1, speed=1))]),
        Side(combat=[("u", creature("Trampler", attack=6, hp=6, speed=1, keywords=["unstoppable"]))]),
    )
    s = sc.state
    do(s, f"attack #{sc['a']} -> P2", "done", f"block #{sc['u']} -> #{sc['a']}", "done", "pass")
    assert s.life[0] == 20  # a blocking Unstoppable creature wastes its leftover damage
    sc = combat(
        Side(combat=[("u", creature("Trampler", attack=6, hp=6, speed=1, keywords=["unstoppable"]))]),
        Side(combat=[("x", creature("Target", attack=0, hp=2, speed=1))]),
    )
    s = sc.state
    do(s, f"attack #{sc['u']} -> #{sc['x']}", "done", "done", "pass")
    assert s.life[1] == 16  # unblocked on a creature: lethal to it, the rest to the hero
    sc = combat(
        Side(combat=[("u", creature("Trampler", attack=3, hp=6, speed=1, keywords=["unstoppable"]))]),
        Side(combat=[("x", creature("Target", attack=0, hp=2, speed=1))]),
    )
    s = sc.state
    do(s, f"attack #{sc['u']} -> #{sc['x']}", "done", "done", "pass")
    assert s.life[1] == 19 and taken(s, sc["x"]) == 2  # even a single point left over reaches the hero


@pytest.mark.rules("SW-K05", "SW-R18")
def test_frozen_creatures_still_fight_and_thaw_at_end_of_turn() -> None:
    sc = combat(
        Side(combat=[("f", creature("Chilled", attack=2, hp=5))], frozen=["f"]),
        Side(combat=[("x", creature("Poker", attack=1, hp=3))]),
    )
    s = sc.state
    assert can(s, f"attack #{sc['f']} -> P2")
    do(s, f"attack #{sc['f']} -> #{sc['x']}", "done", "done", "pass")
    assert zone_name(s, sc["f"]) == "graveyard"  # 1 damage was lethal
    sc = build(Side(hand=["g:glacial-gust"], levels={"wisdom": 1}), Side(combat=[("x", creature("Target"))]))
    s = sc.state
    play(s, sc["g"], sc["x"])
    assert sc["x"] in s.frozen
    skip_to(s, "main", seat=1)
    assert sc["x"] not in s.frozen


@pytest.mark.rules("SW-K06")
def test_lifebound_gains_only_damage_actually_dealt() -> None:
    sc = combat(
        Side(combat=[("l", creature("Leech", attack=4, hp=4, speed=1, keywords=["lifebound"]))], life=10),
        Side(combat=[("s", creature("Shielded", attack=0, hp=2))], emblems={"s": (0, 0, 1)}),
    )
    s = sc.state
    do(s, f"attack #{sc['l']} -> #{sc['s']}", "done", "done", "pass")
    assert s.life[0] == 10  # the shield prevented it all
    sc = combat(
        Side(combat=[("l", creature("Leech", attack=4, hp=4, speed=1, keywords=["lifebound"]))], life=10),
        Side(combat=[("t", creature("Target", attack=0, hp=3))]),
    )
    s = sc.state
    do(s, f"attack #{sc['l']} -> #{sc['t']}", "done", "done", "pass")
    assert s.life[0] == 13  # capped at exactly lethal


@pytest.mark.rules("SW-K07", "SW-051")
def test_flyers_block_from_the_support_row() -> None:
    sc = combat(
        Side(combat=[("a", creature("Walker", speed=2))]),
        Side(support=[("f", creature("Hawk", speed=3, keywords=["flying"]))]),
    )
    s = sc.state
    do(s, f"attack #{sc['a']} -> P2", "done")
    assert can(s, f"block #{sc['f']} -> #{sc['a']}")


@pytest.mark.rules("SW-K09", "SW-R17")
def test_murder_instinct_takes_any_number_of_legal_creature_targets() -> None:
    sc = combat(
        Side(combat=[("m", creature("Frenzy", attack=9, hp=9, speed=2, keywords=["murder_instinct"]))]),
        Side(
            combat=[(f"t{i}", creature(f"Target {i}", attack=1, hp=2, speed=1)) for i in range(4)]
            + [("fast", creature("Fast", speed=3))]
        ),
    )
    s = sc.state
    do(s, f"attack #{sc['m']} -> #{sc['t0']}")
    for i in range(1, 4):
        assert not can(s, f"attack #{sc['m']} -> #{sc['fast']}")  # each still obeys the speed rule
        do(s, f"attack #{sc['m']} -> #{sc[f't{i}']}")
    assert not can(s, f"attack #{sc['m']} -> P2")
    do(s, "done", "done", "pass")
    for i in range(4):
        assert zone_name(s, sc[f"t{i}"]) == "graveyard"
    assert taken(s, sc["m"]) == 4  # every target dealt its damage back
    # without Murder Instinct, an attacker aimed at one creature takes no second target
    sc = combat(
        Side(combat=[("p", creature("Plain", attack=9, hp=9, speed=2))]),
        Side(combat=[(f"t{i}", creature(f"Target {i}", attack=1, hp=2, speed=1)) for i in range(2)]),
    )
    s = sc.state
    assert can(s, f"attack #{sc['p']} -> #{sc['t1']}")
    do(s, f"attack #{sc['p']} -> #{sc['t0']}")
    assert not any(a.startswith(f"attack #{sc['p']} ") for a in legal(s))


@pytest.mark.rules("SW-K26")
def test_cant_attack_and_cant_block() -> None:
    sc = combat(
        Side(combat=["titan:glacier-titan", "m:reckless-marauder"]),
        Side(combat=["m2:reckless-marauder", "g:crypt-crawler"]),
    )
    s = sc.state
    assert not any(a.startswith(f"attack #{sc['titan']}") for a in legal(s))
    do(s, f"attack #{sc['m']} -> P2", "done")
    assert not any(a.startswith(f"block #{sc['m2']}") for a in legal(s))


@pytest.mark.rules("SW-R14", "SW-117")
def test_an_attacked_creature_splits_its_damage_over_its_attackers() -> None:
    sc = combat(
        Side(
            combat=[
                ("a", creature("First", attack=1, hp=1)),
                ("b", creature("Second", attack=1, hp=1)),
                ("c", creature("Third", attack=1, hp=1)),
            ]
        ),
        Side(combat=[("x", creature("Target", attack=2, hp=9))]),
    )
    s = sc.state
    do(
        s,
        f"attack #{sc['c']} -> #{sc['x']}",
        f"attack #{sc['a']} -> #{sc['x']}",
        f"attack #{sc['b']} -> #{sc['x']}",
        "done",
        "done",
        "pass",
    )
    assert [zone_name(s, sc[k]) for k in ("c", "a", "b")] == ["graveyard", "graveyard", "combat"]


@pytest.mark.rules("SW-R16", "SW-K01")
def test_swift_after_moving_to_the_combat_row() -> None:
    sc = build(Side(support=["h:ash-hound"]))
    s = sc.state
    do(s, "move", f"move #{sc['h']}", "done")
    assert can(s, f"attack #{sc['h']} -> P2")


@pytest.mark.rules("SW-120")
def test_damage_below_lethal_all_goes_to_that_creature() -> None:
    sc = combat(
        Side(combat=[("a", creature("Striker", attack=5, hp=9, speed=1, keywords=["murder_instinct"]))]),
        Side(combat=[("x", creature("First", attack=0, hp=3)), ("y", creature("Second", attack=0, hp=4))]),
    )
    s = sc.state
    do(s, f"attack #{sc['a']} -> #{sc['x']}", f"attack #{sc['a']} -> #{sc['y']}", "done", "done", "pass")
    assert taken(s, sc["x"]) == 3 and taken(s, sc["y"]) == 2
    assert zone_name(s, sc["y"]) == "combat"


@pytest.mark.rules("SW-R21", "SW-126")
def test_an_attacker_whose_target_dies_before_damage_deals_nothing_else() -> None:
    zap = card("Zap", "instant", effects=[{"do": "damage", "amount": 9, "target": "creature"}])
    sc = combat(
        Side(
            combat=[("u", creature("Trampler", attack=4, hp=4, keywords=["unstoppable"]))], hand=[("z", zap)]
        ),
        Side(combat=[("x", creature("Target", hp=1))]),
    )
    s = sc.state
    do(s, f"attack #{sc['u']} -> #{sc['x']}")
    play(s, sc["z"], sc["x"])
    assert s.att_tgt[sc["u"]] == () and not can(s, f"attack #{sc['u']} -> P2")
    do(s, "done")
    assert s.life[1] == 20


@pytest.mark.rules("SW-106")
def test_a_blocker_dying_after_its_attacker_left_leaves_combat_too() -> None:
    zap = card("Zap", "instant", effects=[{"do": "damage", "amount": 9, "target": "creature"}])
    sc = combat(
        Side(combat=[("a", creature("Raider"))], hand=[("z", zap)]),
        Side(combat=[("b", creature("Blocker"))], hand=["t:recall-tide"], levels={"wisdom": 1}),
    )
    s = sc.state
    do(s, f"attack #{sc['a']} -> P2", "done", f"block #{sc['b']} -> #{sc['a']}")
    play(s, sc["t"], sc["a"])  # the attacker goes back to hand: no attack left
    do(s, "done")
    play(s, sc["z"], sc["b"])  # and the blocker dies in the post-block window
    assert s.att == [] and s.blk == {} and not s.check_invariants()
