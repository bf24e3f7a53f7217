"""The twenty scenarios of the catalog's section 5, each played through legal actions."""

from __future__ import annotations

import pytest

from spellforge.core.targets import CardRef, PlayerRef

from .helpers import (
    Side,
    build,
    can,
    card,
    close,
    creature,
    do,
    legal,
    play,
    row,
    skip_to,
    taken,
    zone_name,
)

P2 = PlayerRef(1)


def attack_and_block(state, attacks, blocks=(), post=()):  # type: ignore[no-untyped-def]
    """Declare ``attacks`` (attacker, target), then ``blocks`` (blocker, attacker), then finish combat."""
    for a, t in attacks:
        do(state, f"attack #{a} -> {'P2' if t == P2 else f'#{t}'}")
    close(state, "attack")
    for b, a in blocks:
        do(state, f"block #{b} -> #{a}")
    close(state, "block")
    for text in post:
        do(state, text)
    skip_to(state, "main")


@pytest.mark.rules("SW-114", "SW-115", "SW-K02")
def test_1_ranged_blocker_kills_the_attacker_first() -> None:
    sc = build(
        Side(combat=[("p", creature("Brawler", attack=3, hp=2, speed=1))]),
        Side(
            combat=[
                ("x", creature("Watchman", attack=1, hp=3, speed=1)),
                ("r", creature("Bowman", attack=2, hp=3, speed=1, keywords=["ranged"])),
            ]
        ),
        phase="combat",
    )
    s = sc.state
    attack_and_block(s, [(sc["p"], sc["x"])], [(sc["r"], sc["p"])])
    assert zone_name(s, sc["p"]) == "graveyard"  # died in the ranged step
    assert taken(s, sc["r"]) == 0 and taken(s, sc["x"]) == 0  # and dealt no damage at all
    assert zone_name(s, sc["r"]) == "combat"


@pytest.mark.rules("SW-119", "SW-121", "SW-129", "SW-K03", "SW-K04", "SW-110", "SW-111")
def test_2_deadly_unstoppable_pushes_the_rest_to_the_hero() -> None:
    sc = build(
        Side(
            combat=[
                ("d", creature("Venom Ogre", attack=5, hp=2, speed=1, keywords=["deadly", "unstoppable"]))
            ]
        ),
        Side(
            combat=[
                ("b1", creature("Wall Four", attack=0, hp=4, speed=1)),
                ("b2", creature("Wall Three", attack=0, hp=3, speed=1)),
            ]
        ),
        phase="combat",
    )
    s = sc.state
    attack_and_block(s, [(sc["d"], P2)], [(sc["b1"], sc["d"]), (sc["b2"], sc["d"])])
    assert zone_name(s, sc["b1"]) == zone_name(s, sc["b2"]) == "graveyard"
    assert s.life[1] == 17
    hits = [(e.card, e.amount) for e in s.events() if e.kind == "damage" and e.other == sc["d"]]
    assert hits == [(sc["b1"], 1), (sc["b2"], 1), (-1, 3)]  # blockers in declaration order, then the hero


@pytest.mark.rules("SW-119", "SW-130", "SW-K05")
@pytest.mark.parametrize(("frozen", "hero_damage", "blocker_damage"), [(True, 5, 1), (False, 1, 5)])
def test_3_frozen_chump_blocker_absorbs_one(frozen: bool, hero_damage: int, blocker_damage: int) -> None:
    sc = build(
        Side(combat=[("u", creature("Trampler", attack=6, hp=6, speed=1, keywords=["unstoppable"]))]),
        Side(combat=[("b", creature("Ice Block", attack=1, hp=5, speed=1))], frozen=["b"] if frozen else []),
        phase="combat",
    )
    s = sc.state
    attack_and_block(s, [(sc["u"], P2)], [(sc["b"], sc["u"])])
    assert s.life[1] == 20 - hero_damage
    assert taken(s, sc["b"]) == blocker_damage and zone_name(s, sc["b"]) == "graveyard"


@pytest.mark.rules("SW-060", "SW-119", "SW-120", "SW-K20")
def test_4_shield_absorbs_the_lethal_assignment() -> None:
    sc = build(
        Side(combat=[("u", creature("Trampler", attack=5, hp=5, speed=1, keywords=["unstoppable"]))]),
        Side(combat=[("b", creature("Squire", attack=2, hp=3, speed=1))], emblems={"b": (0, 0, 1)}),
        phase="combat",
    )
    s = sc.state
    attack_and_block(s, [(sc["u"], P2)], [(sc["b"], sc["u"])])
    assert s.life[1] == 18  # 3 assigned to the blocker (and prevented), 2 to the hero
    assert zone_name(s, sc["b"]) == "combat" and taken(s, sc["b"]) == 0
    assert s.shields(sc["b"]) == 0
    assert any(e.kind == "prevented" and e.card == sc["b"] and e.amount == 3 for e in s.events())


@pytest.mark.rules("SW-104", "SW-105")
def test_5_attacked_creature_blocks_only_once_its_attackers_are_gone() -> None:
    sc = build(
        Side(combat=[("p", creature("Raider", speed=1)), ("q", creature("Runner", speed=1))]),
        Side(
            combat=[("x", creature("Guard", attack=1, hp=3, speed=1))],
            hand=["tide:recall-tide"],
            levels={"wisdom": 1},
        ),
        phase="combat",
    )
    s = sc.state
    do(s, f"attack #{sc['p']} -> #{sc['x']}", f"attack #{sc['q']} -> P2")
    close(s, "attack")
    assert not can(s, f"block #{sc['x']} -> #{sc['q']}")
    play(s, sc["tide"], sc["p"])  # return P to its owner's hand
    assert zone_name(s, sc["p"]) == "hand"
    assert can(s, f"block #{sc['x']} -> #{sc['q']}")


@pytest.mark.rules("SW-106", "SW-126")
def test_6_a_block_sticks_even_when_the_blocker_dies() -> None:
    sc = build(
        Side(combat=[("a", creature("Raider", attack=3, hp=3, speed=1))]),
        Side(
            combat=[("y", creature("Chump", attack=0, hp=2, speed=1))],
            hand=["bolt:firebolt"],
            levels={"rage": 1},
        ),
        phase="combat",
    )
    s = sc.state
    do(s, f"attack #{sc['a']} -> P2")
    close(s, "attack")
    do(s, f"block #{sc['y']} -> #{sc['a']}")
    play(s, sc["bolt"], sc["y"])  # the defender kills its own blocker
    assert zone_name(s, sc["y"]) == "graveyard"
    skip_to(s, "main")
    assert s.life[1] == 20  # the attacker does not go back to the hero
    assert taken(s, sc["a"]) == 0


@pytest.mark.rules("SW-131", "SW-K09", "SW-R21", "SW-R17", "SW-128")
def test_7_murder_instinct_one_blocker_stops_every_combat() -> None:
    def position():  # type: ignore[no-untyped-def]
        return build(
            Side(combat=[("m", creature("Frenzied", attack=4, hp=4, speed=2, keywords=["murder_instinct"]))]),
            Side(
                combat=[
                    ("x", creature("Primary", attack=1, hp=2, speed=1)),
                    ("z", creature("Second", attack=1, hp=2, speed=1)),
                    ("g", creature("Guard", attack=1, hp=5, speed=2)),
                ],
                hand=[
                    (
                        "fall",
                        card(
                            "Fall Back",
                            "instant",
                            cost=0,
                            effects=[{"do": "move_row", "row": "support", "target": "your combat creature"}],
                        ),
                    )
                ],
            ),
            phase="combat",
        )

    sc = position()
    s = sc.state
    do(s, f"attack #{sc['m']} -> #{sc['x']}", f"attack #{sc['m']} -> #{sc['z']}")
    close(s, "attack")
    assert s.att_tgt[sc["m"]] == (CardRef(sc["x"]), CardRef(sc["z"]))
    do(s, f"block #{sc['g']} -> #{sc['m']}")
    close(s, "block")
    skip_to(s, "main")
    assert taken(s, sc["x"]) == 0 and taken(s, sc["z"]) == 0
    assert taken(s, sc["g"]) == 4 and taken(s, sc["m"]) == 1

    sc = position()
    s = sc.state
    do(s, f"attack #{sc['m']} -> #{sc['x']}", f"attack #{sc['m']} -> #{sc['z']}")
    close(s, "attack")
    play(s, sc["fall"], sc["x"])  # the primary target leaves the combat row
    assert s.att_tgt[sc["m"]] == ()
    skip_to(s, "main")
    assert taken(s, sc["x"]) == taken(s, sc["z"]) == taken(s, sc["m"]) == 0
    assert s.exhausted[sc["m"]]
    assert s.life[1] == 20  # no leftover damage from a cancelled combat


@pytest.mark.rules("SW-002", "SW-003", "SW-K26")
def test_8_cant_attack_creatures_beats_murder_instinct() -> None:
    sc = build(
        Side(combat=["brute:pit-brute"], area=["totem:bloodlust-totem"], attach={"totem": "brute"}),
        Side(combat=[("x", creature("Target", speed=0))]),
        phase="combat",
    )
    s = sc.state
    assert s.has_keyword(sc["brute"], "murder_instinct")
    attacks = {a for a in legal(s) if a.startswith(f"attack #{sc['brute']}")}
    assert attacks == {f"attack #{sc['brute']} -> P2"}


@pytest.mark.rules("SW-127")
def test_9_slowing_the_attacker_after_declaration_does_not_cancel() -> None:
    sc = build(
        Side(combat=[("a", creature("Striker", attack=2, hp=3, speed=2))]),
        Side(
            combat=[("x", creature("Swift Guard", attack=1, hp=3, speed=2))],
            hand=["slow:slowing-current"],
            levels={"wisdom": 1},
        ),
        phase="combat",
    )
    s = sc.state
    do(s, f"attack #{sc['a']} -> #{sc['x']}")
    close(s, "attack")
    play(s, sc["slow"], sc["a"])
    assert s.speed(sc["a"]) < s.speed(sc["x"])
    skip_to(s, "main")
    assert taken(s, sc["x"]) == 2 and taken(s, sc["a"]) == 1


@pytest.mark.rules("SW-099", "SW-116", "SW-117", "SW-R14", "SW-098")
def test_10_several_attackers_on_one_target_in_declaration_order() -> None:
    sc = build(
        Side(
            combat=[
                ("small", creature("Two", attack=2, hp=2, speed=1)),
                ("big", creature("Three", attack=3, hp=3, speed=1)),
            ]
        ),
        Side(combat=[("t", creature("Target", attack=3, hp=4, speed=1))]),
        phase="combat",
    )
    s = sc.state
    attack_and_block(s, [(sc["small"], sc["t"]), (sc["big"], sc["t"])])
    dealt = [(e.card, e.amount) for e in s.events() if e.kind == "damage" and e.other == sc["t"]]
    assert dealt == [(sc["small"], 2), (sc["big"], 1)]
    taken = sum(e.amount for e in s.events() if e.kind == "damage" and e.card == sc["t"])
    assert taken == 5 and zone_name(s, sc["t"]) == "graveyard"
    assert zone_name(s, sc["small"]) == "graveyard" and zone_name(s, sc["big"]) == "combat"


@pytest.mark.rules("SW-084", "SW-085", "SW-097", "SW-K01", "SW-R16", "SW-R23")
def test_11_new_and_moved_creatures_wait_unless_swift() -> None:
    sc = build(
        Side(
            hand=["boar:thornback-boar", "hound:ash-hound"],
            support=[("y", creature("Reserve", speed=1))],
            combat=[("e", creature("Tired", speed=1))],
            exhausted=["e"],
            levels={"nature": 1, "rage": 1},
            crystals=6,
        ),
        Side(),
    )
    s = sc.state
    play(s, sc["boar"])
    play(s, sc["hound"])
    do(s, "move")
    assert legal(s) == {f"move #{c}" for c in (sc["boar"], sc["hound"], sc["y"])}  # not the exhausted one
    do(s, f"move #{sc['y']}")
    assert zone_name(s, sc["y"]) == "combat" and not s.exhausted[sc["y"]]
    do(s, "done")  # to combat
    attackers = {a.split()[1] for a in legal(s) if a.startswith("attack")}
    assert attackers == {f"#{sc['hound']}"}


@pytest.mark.rules("SW-050", "SW-051", "SW-052", "SW-K07", "SW-049")
def test_12_a_flyer_in_the_support_row() -> None:
    def position(active: int):  # type: ignore[no-untyped-def]
        return build(
            Side(support=[("f", creature("Kite", attack=1, hp=1, speed=3, keywords=["flying"]))]),
            Side(
                combat=[("x", creature("Walker", speed=1))],
                support=[("g", creature("Gull", attack=1, hp=1, speed=3, keywords=["flying"]))],
            ),
            phase="combat",
            active=active,
        )

    sc = position(0)
    options = {a for a in legal(sc.state) if a.startswith(f"attack #{sc['f']}")}
    assert options == {f"attack #{sc['f']} -> P2", f"attack #{sc['f']} -> #{sc['x']}"}
    sc = position(1)
    options = {a for a in legal(sc.state) if a.startswith(f"attack #{sc['g']}")}
    assert options == {f"attack #{sc['g']} -> P1"}  # the flyer in the support row cannot be attacked


@pytest.mark.rules(
    "SW-081", "SW-086", "SW-087", "SW-088", "SW-089", "SW-090", "SW-091", "SW-133", "SW-R27", "SW-K11"
)
def test_13_shrine_and_divine_offering_once_per_turn() -> None:
    top = [
        ("t1", creature("One")),
        ("t2", creature("Two")),
        ("t3", creature("Three")),
        ("t4", creature("Four")),
    ]
    sc = build(
        Side(
            hand=["s:greenroot-shrine", "s2:emberheart-shrine", "c1:thornback-boar", "c2:ember-imp"], deck=top
        )
    )
    s = sc.state
    do(s, "shrine", f"play #{sc['s']} for level")
    do(s, "offer", f"offer #{sc['c1']}")
    assert s.decision is not None and s.decision.kind == "main"  # no shrine among them: nothing to take
    deck = row(s, 0, "deck")
    assert deck[:5] == [sc["t4"], sc["t3"], sc["t2"], sc["t1"], sc["c1"]]  # in order, below the offered card
    assert len(row(s, 0, "hand")) == 2
    do(s, "done", "done")  # to combat, where P1 has nobody to attack with, then Reinforce
    assert s.phase == "reinforce" and s.decision is not None and s.decision.kind == "main"
    assert "shrine" not in legal(s) and "offer" not in legal(s)


@pytest.mark.rules("SW-009", "SW-144", "SW-R07", "SW-138")
def test_14_deck_out_by_draw_and_the_active_player_winning_ties() -> None:
    sc = build(Side(deck=["last:ember-imp"], deck_filler=0), Side(), phase="start")
    s = sc.state
    assert zone_name(s, sc["last"]) == "hand"  # the draw succeeded
    assert s.outcome is not None and s.outcome.winners == (1,) and s.outcome.reason == "deck-out"

    strike = card(
        "Reckless Study",
        "action",
        cost=0,
        effects=[
            {"do": "damage", "amount": 3, "to": "opponent"},
            {"do": "draw", "amount": 1},
        ],
    )
    sc = build(Side(hand=[("rs", strike)], deck=["last:ember-imp"], deck_filler=0), Side(life=3))
    s = sc.state
    play(s, sc["rs"])
    assert s.life[1] == 0 and not row(s, 0, "deck")
    assert s.outcome is not None and s.outcome.winners == (0,)
    assert s.outcome.reason.startswith("simultaneous")


@pytest.mark.rules("SW-125", "SW-137", "SW-K06", "SW-113", "SW-123")
def test_15_a_hero_below_one_during_combat_survives_if_healed_before_it_ends() -> None:
    sc = build(
        Side(
            combat=[
                ("q", creature("Runner", attack=3, hp=3, speed=1)),
                ("p", creature("Tough", attack=1, hp=4, speed=1)),
            ]
        ),
        Side(combat=[("l", creature("Leech", attack=2, hp=3, speed=1, keywords=["lifebound"]))], life=2),
        phase="combat",
    )
    s = sc.state
    attack_and_block(s, [(sc["q"], P2), (sc["p"], P2)], [(sc["l"], sc["p"])])
    life = 2
    lowest = life
    for e in s.events():
        if e.seat == 1 and e.kind == "damage" and e.card == -1:
            life -= e.amount
        elif e.seat == 1 and e.kind == "life":
            life += e.amount
        lowest = min(lowest, life)
    assert lowest == -1
    assert s.life[1] == 1 and s.outcome is None


@pytest.mark.rules("SW-012", "SW-013", "SW-K10", "SW-R19")
def test_16_power_surge_crystals_enter_empty() -> None:
    sc = build(Side(hand=["surge:wild-surge"], crystals=3, levels={"nature": 1}), Side())
    s = sc.state
    play(s, sc["surge"])
    assert s.crystals[0] == 5 and s.full[0] == 1 and s.mana(0) == 1
    skip_to(s, "main", seat=1)
    skip_to(s, "main", seat=0)
    assert s.full[0] == 5 and s.crystals[0] == 5


@pytest.mark.rules("SW-072", "SW-073", "SW-R11", "SW-K12")
def test_17_the_spark() -> None:
    sc = build(
        Side(), Side(spark=True, crystals=1, hand=["r:warband-raider"], levels={"rage": 1}), active=1, turn=2
    )
    s = sc.state
    assert not can(s, f"play #{sc['r']}")
    do(s, "spark")
    assert s.mana(1) == 2 and s.spark_card(1) == -1
    assert zone_name(s, len(s.defs) - 1) == "removed"
    play(s, sc["r"])
    assert zone_name(s, sc["r"]) == "combat" and s.mana(1) == 0

    sc = build(Side(), Side(spark=True, hand=["bolt:firebolt"], levels={"rage": 1}), phase="end")
    s = sc.state
    assert s.decision is not None and s.decision.kind == "end_window" and s.current_player == 1
    assert can(s, f"play #{sc['bolt']}") and not can(s, "spark")


@pytest.mark.rules("SW-028", "SW-029", "SW-030", "SW-R10", "SW-021")
def test_18_a_skill_is_gained_before_its_requirement_is_met() -> None:
    sc = build(Side(hand=["still:shrine-of-still-waters"]))
    s = sc.state
    do(s, "shrine", f"play #{sc['still']} for mana")
    assert s.skills[0][-1] == sc["still"] and s.crystals[0] == 6
    assert "skill 2" not in legal(s)
    sc = build(
        Side(graveyard=["still:shrine-of-still-waters"], skills=["still"], levels={"wisdom": 2}),
        Side(combat=[("x", creature("Target"))]),
    )
    assert "skill 2" in legal(sc.state)

    sc = build(
        Side(
            hand=["fourth:shrine-of-whispers"],
            graveyard=["a:shrine-of-still-waters", "b:shrine-of-the-old-oak"],
            skills=["a", "b"],
        )
    )
    s = sc.state
    hand = len(row(s, 0, "hand"))
    do(s, "shrine", f"play #{sc['fourth']} for mana")
    assert len(s.skills[0]) == 3 and sc["fourth"] not in s.skills[0]
    assert len(row(s, 0, "hand")) == hand  # the shrine left the hand and a card was drawn
    assert s.crystals[0] == 6


@pytest.mark.rules("SW-061", "SW-R24")
def test_19_emblems_are_lost_when_a_creature_leaves_play() -> None:
    sc = build(
        Side(
            combat=[("c", creature("Hero Pet", attack=1, hp=1, speed=1, cost=1))],
            emblems={"c": (2, 0, 0)},
            hand=["tide:recall-tide"],
            levels={"wisdom": 1},
        ),
    )
    s = sc.state
    assert s.attack(sc["c"]) == 3 and s.stat(sc["c"], "hp") == 3
    play(s, sc["tide"], sc["c"])
    play(s, sc["c"])
    assert zone_name(s, sc["c"]) == "combat"
    assert sc["c"] not in s.emblems and s.attack(sc["c"]) == 1


@pytest.mark.rules("SW-063", "SW-065", "SW-K21")
def test_20_energy_never_below_zero_and_only_with_a_rating() -> None:
    drain = card("Drain", "action", effects=[{"do": "energy", "amount": -3, "target": "artifact"}])
    charge = card("Charge", "action", effects=[{"do": "energy", "amount": 2, "target": "creature"}])
    sc = build(
        Side(
            area=["idol:sunstone-idol"],
            energy={"idol": 1},
            hand=[("d", drain), ("c", charge)],
            combat=[("x", creature("Plain"))],
        ),
    )
    s = sc.state
    play(s, sc["d"], sc["idol"])
    assert s.energy[sc["idol"]] == 0
    play(s, sc["c"], sc["x"])
    assert sc["x"] not in s.energy
