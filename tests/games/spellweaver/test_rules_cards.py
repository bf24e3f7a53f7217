"""Card types (SW-001, SW-032..047), the battlefield (SW-048..053), graveyards (SW-054..056), emblems
(SW-057..061) and energy (SW-062..066), with their keywords (SW-K13..K24, SW-R24, SW-R31/R32)."""

from __future__ import annotations

import pytest

from spellforge import find_game
from spellforge.core.targets import PlayerRef

from .helpers import (
    Side,
    build,
    can,
    card,
    creature,
    do,
    finish_decision,
    legal,
    play,
    row,
    skip_to,
    taken,
    zone_name,
)

GAME = find_game("spellweaver")
P2 = PlayerRef(1)


@pytest.mark.rules("SW-001", "SW-K01")
def test_card_text_beats_the_basic_rules() -> None:
    sc = build(Side(hand=["h:ash-hound"], combat=["t:glacier-titan"], levels={"rage": 1}), phase="deploy")
    s = sc.state
    play(s, sc["h"])
    do(s, "done")
    attackers = {a.split()[1] for a in legal(s) if a.startswith("attack")}
    assert attackers == {f"#{sc['h']}"}  # swift beats SW-097; "can't attack" beats SW-095


@pytest.mark.rules("SW-032", "SW-037")
def test_creatures_have_speed_attack_hitpoints_and_abilities() -> None:
    for c in GAME.cards.values():
        if getattr(c, "is_creature", False):
            assert c.hp >= 1 and c.attack >= 0 and c.speed >= 0  # type: ignore[attr-defined]
    sc = build(Side(combat=["r:dawn-archer", "h:flame-herald"]), Side(combat=["x:ember-imp"]))
    s = sc.state
    assert s.has_keyword(sc["r"], "ranged")  # a keyword
    do(s, f"use #{sc['h']}", f"target #{sc['x']}")  # unique text
    assert zone_name(s, sc["x"]) == "graveyard"


@pytest.mark.rules("SW-033", "SW-094", "SW-109")
def test_attacking_or_blocking_a_creature_needs_at_least_its_speed() -> None:
    sc = build(
        Side(combat=[("slow", creature("Slow", speed=1)), ("fast", creature("Fast", speed=3))]),
        Side(combat=[("mid", creature("Mid", speed=2)), ("eq", creature("Equal", speed=1))]),
        phase="combat",
    )
    s = sc.state
    assert not can(s, f"attack #{sc['slow']} -> #{sc['mid']}")
    assert can(s, f"attack #{sc['slow']} -> #{sc['eq']}") and can(s, f"attack #{sc['fast']} -> #{sc['mid']}")
    do(s, f"attack #{sc['fast']} -> P2", f"attack #{sc['slow']} -> P2", "done")
    assert not can(s, f"block #{sc['mid']} -> #{sc['fast']}") and can(
        s, f"block #{sc['mid']} -> #{sc['slow']}"
    )
    assert can(s, f"block #{sc['eq']} -> #{sc['slow']}")


@pytest.mark.rules("SW-034", "SW-R15")
def test_attack_is_the_damage_dealt_and_the_hero_hits_nothing_back() -> None:
    sc = build(Side(combat=[("a", creature("Four", attack=4, hp=1, speed=1))]), phase="combat")
    s = sc.state
    do(s, f"attack #{sc['a']} -> P2", "done", "done", "pass")
    assert s.life[1] == 16 and taken(s, sc["a"]) == 0 and zone_name(s, sc["a"]) == "combat"


@pytest.mark.rules("SW-035", "SW-K19", "SW-059")
def test_a_creature_below_one_hitpoint_dies() -> None:
    hex_card = card(
        "Hex", "action", effects=[{"do": "emblem", "kind": "weakness", "amount": 1, "target": "creature"}]
    )
    sc = build(
        Side(hand=[("h", hex_card), ("h2", hex_card)]), Side(combat=[("x", creature("Two", attack=2, hp=2))])
    )
    s = sc.state
    play(s, sc["h"], sc["x"])
    assert s.attack(sc["x"]) == 1 and s.stat(sc["x"], "hp") == 1 and zone_name(s, sc["x"]) == "combat"
    play(s, sc["h2"], sc["x"])
    assert zone_name(s, sc["x"]) == "graveyard"


@pytest.mark.rules("SW-036", "SW-136", "SW-R20")
def test_damage_does_not_last_into_the_next_turn() -> None:
    zap = card("Zap", "action", effects=[{"do": "damage", "amount": 2, "target": "creature"}])
    sc = build(Side(hand=[("z", zap)]), Side(combat=[("x", creature("Big", hp=5))]))
    s = sc.state
    play(s, sc["z"], sc["x"])
    assert s.hp_left(sc["x"]) == 3
    skip_to(s, "main", seat=1)
    assert s.damage[sc["x"]] == 0 and s.hp_left(sc["x"]) == 5


@pytest.mark.rules("SW-038", "SW-039", "SW-R12", "SW-K14")
def test_instants_in_the_windows_other_spells_only_in_your_main_phase() -> None:
    sc = build(
        Side(
            combat=[("a", creature("Raider"))], hand=["act:battle-frenzy", "ins:firebolt"], levels={"rage": 1}
        ),
        Side(
            combat=[("g", creature("Guard"))],
            hand=["act2:battle-frenzy", "ins2:firebolt"],
            levels={"rage": 1},
        ),
    )
    s = sc.state
    assert {f"play #{sc['act']}", f"play #{sc['ins']}"} <= legal(s)  # main phase: both
    do(s, "done")
    assert can(s, f"play #{sc['ins']}") and not can(s, f"play #{sc['act']}")  # attack declaration
    do(s, f"attack #{sc['a']} -> P2", "done")
    assert s.current_player == 1  # block declaration: the defender
    assert can(s, f"play #{sc['ins2']}") and not can(s, f"play #{sc['act2']}")
    do(s, "done")
    assert s.decision is not None and s.decision.kind == "post_block" and can(s, f"play #{sc['ins']}")
    do(s, "pass")
    skip_to(s, "end_window")
    assert s.current_player == 1 and can(s, f"play #{sc['ins2']}") and not can(s, f"play #{sc['act2']}")


@pytest.mark.rules("SW-040", "SW-K15")
def test_an_action_spell_resolves_at_once_and_goes_to_the_graveyard() -> None:
    sc = build(Side(hand=["e:ember-volley"], levels={"rage": 2}))
    s = sc.state
    play(s, sc["e"])
    assert s.life[1] == 17 and zone_name(s, sc["e"]) == "graveyard"
    assert s.zone_of[sc["e"]] == s.layout.graveyard[0]  # its owner's


@pytest.mark.rules("SW-041")
def test_the_lasting_part_of_an_action_ends_with_the_turn() -> None:
    sc = build(Side(hand=["f:battle-frenzy"], combat=[("c", creature("Pup", attack=1))], levels={"rage": 1}))
    s = sc.state
    play(s, sc["f"], sc["c"])
    assert s.attack(sc["c"]) == 3 and s.has_keyword(sc["c"], "swift")
    skip_to(s, "main", seat=1)
    assert s.attack(sc["c"]) == 1 and not s.has_keyword(sc["c"], "swift")


@pytest.mark.rules("SW-042", "SW-043", "SW-K16")
def test_blessings_stay_attached_or_unattached() -> None:
    sc = build(
        Side(
            hand=["b:bloom-of-renewal", "m:verdant-mantle"],
            combat=[("c", creature("Pup", attack=1, hp=1))],
            levels={"nature": 1},
        )
    )
    s = sc.state
    play(s, sc["b"])
    play(s, sc["m"], sc["c"])
    assert zone_name(s, sc["b"]) == zone_name(s, sc["m"]) == "area"
    assert sc["b"] not in s.attached and s.attached[sc["m"]] == sc["c"]
    assert s.attack(sc["c"]) == 2 and s.stat(sc["c"], "hp") == 3
    skip_to(s, "main", seat=1)
    skip_to(s, "main", seat=0)
    assert zone_name(s, sc["b"]) == "area" and s.life[0] == 21


@pytest.mark.rules("SW-K16", "SW-044", "SW-043")
def test_an_attached_curse_leaves_with_its_creature_to_its_owners_graveyard() -> None:
    # a curse on an enemy creature; the creature then leaves play without dying (back to hand)
    recall = card("Recall", "action", effects=[{"do": "return_to_hand", "target": "creature"}])
    sc = build(
        Side(
            hand=["h:withering-hex", ("r", recall)],
            area=["b:bloom-of-renewal"],
            levels={"corruption": 1},
            crystals=6,
        ),
        Side(combat=[("x", creature("Brute", attack=3, hp=5))]),
    )
    s = sc.state
    play(s, sc["h"], sc["x"])
    assert zone_name(s, sc["h"]) == "area" and s.attached[sc["h"]] == sc["x"]
    assert s.attack(sc["x"]) == 1  # the two Weakness emblems: the curse is in effect
    play(s, sc["r"], sc["x"])
    assert zone_name(s, sc["x"]) == "hand" and s.owner[sc["x"]] == 1
    assert s.zone_of[sc["h"]] == s.layout.graveyard[0]  # its owner's (P1's), not the creature's owner's
    assert sc["h"] not in s.attached
    assert zone_name(s, sc["b"]) == "area"  # the unattached blessing stays


@pytest.mark.rules("SW-044", "SW-K17", "SW-046", "SW-045")
def test_attached_cards_go_to_the_graveyard_with_their_creature() -> None:
    kill = card("Kill", "action", effects=[{"do": "destroy", "target": "creature"}])
    sc = build(
        Side(
            combat=[("c", creature("Pup"))],
            area=["m:verdant-mantle", "crown:crown-of-dominion", "idol:sunstone-idol"],
            attach={"m": "c", "crown": "c"},
            hand=[("k", kill)],
        ),
    )
    s = sc.state
    assert s.attack(sc["c"]) == 1 + 1 + 2
    play(s, sc["k"], sc["c"])
    assert zone_name(s, sc["m"]) == zone_name(s, sc["crown"]) == "graveyard"
    assert zone_name(s, sc["idol"]) == "area"  # an artifact on its own stays until removed


@pytest.mark.rules("SW-047")
def test_an_artifact_creature_is_both() -> None:
    sc = build(
        Side(combat=["j:ironclad-juggernaut"]),
        Side(hand=["s:shatter-sigil"], levels={"dominion": 1}),
        active=1,
    )
    s = sc.state
    assert s.card_is(sc["j"], "artifact") and s.card_is(sc["j"], "creature")
    play(s, sc["s"], sc["j"])
    assert zone_name(s, sc["j"]) == "graveyard"


@pytest.mark.rules("SW-048", "SW-R01")
def test_four_rows_and_the_restored_structure() -> None:
    names = [z.name for z in GAME.zones]
    assert {"deck", "hand", "graveyard", "combat", "support", "hero"} <= set(names)
    state = GAME.new_game(seed=1)
    rows = [state.layout.combat[0], state.layout.support[0], state.layout.combat[1], state.layout.support[1]]
    assert len(set(rows)) == 4
    assert [p.name for p in GAME.turn_structure.phases] == ["start", "deploy", "combat", "reinforce", "end"]
    # and play follows it: Start of Turn (the draw), Deploy (with the Divine Offering), Combat, Reinforce,
    # End of Turn, then the other player's turn in the same order
    sc = build(
        Side(combat=["a:ash-hound"], deck=["d:ash-hound"]), Side(combat=["x:thornback-boar"]), phase="start"
    )
    s = sc.state
    assert zone_name(s, sc["d"]) == "hand"  # drawn in the Start of Turn, before any decision
    walk = []
    for _ in range(8):
        d = s.decision
        assert d is not None
        walk.append((s.active, s.phase, d.kind, d.seat, "offer" in legal(s)))
        finish_decision(s)
    one_turn = [("deploy", "main", 0, True), ("combat", "attack", 0, False), ("reinforce", "main", 0, True)]
    assert walk[:4] == [(0, *step) for step in one_turn] + [(0, "end", "end_window", 1, False)]
    assert walk[4:] == [(1, ph, k, 1, o) for ph, k, _, o in one_turn] + [(1, "end", "end_window", 0, False)]


@pytest.mark.rules("SW-049", "SW-K08")
def test_support_and_flying_creatures_enter_the_support_row() -> None:
    sc = build(
        Side(hand=["s:seedkeeper", "f:grove-hawk", "b:thornback-boar"], levels={"nature": 1}, crystals=6)
    )
    s = sc.state
    for label in ("s", "f", "b"):
        play(s, sc[label])
    assert row(s, 0, "support") == [sc["s"], sc["f"]] and row(s, 0, "combat") == [sc["b"]]


@pytest.mark.rules("SW-050", "SW-K08", "SW-095", "SW-096", "SW-108")
def test_the_support_row_neither_attacks_blocks_nor_is_attacked() -> None:
    sc = build(
        Side(support=[("s", creature("Back", speed=3))], combat=[("a", creature("Front", speed=3))]),
        Side(
            support=[("t", creature("Their Back", speed=3))], combat=[("u", creature("Their Front", speed=3))]
        ),
        phase="combat",
    )
    s = sc.state
    attacks = {a for a in legal(s) if a.startswith("attack")}
    assert attacks == {f"attack #{sc['a']} -> P2", f"attack #{sc['a']} -> #{sc['u']}"}
    do(s, f"attack #{sc['a']} -> P2", "done")
    # as fast as the attacker (SW-109), so only the row keeps the back creature from blocking
    assert can(s, f"block #{sc['u']} -> #{sc['a']}")
    assert not can(s, f"block #{sc['t']} -> #{sc['a']}")


@pytest.mark.rules("SW-053", "SW-083", "SW-R23")
def test_creatures_move_both_ways_as_often_as_wanted_without_exhausting() -> None:
    sc = build(Side(combat=["c:crypt-crawler"]), Side(combat=["e:crypt-crawler"]))
    s = sc.state
    for where in ("support", "combat", "support"):
        do(s, "move", f"move #{sc['c']}")
        assert zone_name(s, sc["c"]) == where and not s.exhausted[sc["c"]]
    do(s, "done")
    assert "move" not in legal(s)  # only in a main phase
    skip_to(s, "end_window")
    assert not any(a.startswith("move") for a in legal(s))  # never the opponent


@pytest.mark.rules("SW-055")
def test_both_graveyards_are_public() -> None:
    sc = build(Side(graveyard=["g:ember-imp"], hand=["h:ash-hound"]), Side(graveyard=["o:crypt-crawler"]))
    view = sc.state.observe(1)
    assert [c["id"] for c in view["players"][0]["graveyard"]["cards"]] == [sc["g"]]
    assert "cards" not in view["players"][0]["hand"]
    assert [c["id"] for c in sc.state.observe(None)["players"][1]["graveyard"]["cards"]] == [sc["o"]]


@pytest.mark.rules("SW-056")
def test_cards_in_a_graveyard_do_nothing_unless_they_say_so() -> None:
    sc = build(Side(graveyard=["healer:sunblessed-healer", "bones:restless-bones"]), phase="start")
    s = sc.state
    assert s.life[0] == 20  # the healer's start-of-turn ability works only in play
    assert s.life[1] == 19  # Restless Bones says it works from the graveyard


@pytest.mark.rules("SW-057", "SW-058", "SW-K18", "SW-R24")
def test_might_and_weakness_emblems_stack() -> None:
    sc = build(Side(combat=[("c", creature("Pup", attack=2, hp=2))], emblems={"c": (2, 1, 0)}))
    s = sc.state
    assert s.attack(sc["c"]) == 3 and s.stat(sc["c"], "hp") == 3 and s.speed(sc["c"]) == 1
    sc = build(Side(combat=[("c", creature("Pup", attack=2, hp=2))], emblems={"c": (1, 1, 0)}))
    assert sc.state.attack(sc["c"]) == 2 and sc.state.stat(sc["c"], "hp") == 2


@pytest.mark.rules("SW-060", "SW-K20", "SW-R24")
def test_each_shield_prevents_one_damage_instance() -> None:
    zap = card("Zap", "action", effects=[{"do": "damage", "amount": 5, "target": "creature"}])
    sc = build(
        Side(hand=[("z1", zap), ("z2", zap), ("z3", zap)]),
        Side(combat=[("c", creature("Guarded", hp=3))], emblems={"c": (0, 0, 2)}),
    )
    s = sc.state
    play(s, sc["z1"], sc["c"])
    assert s.shields(sc["c"]) == 1 and s.damage[sc["c"]] == 0
    play(s, sc["z2"], sc["c"])
    assert s.shields(sc["c"]) == 0 and zone_name(s, sc["c"]) == "combat"
    play(s, sc["z3"], sc["c"])
    assert zone_name(s, sc["c"]) == "graveyard"


@pytest.mark.rules("SW-062", "SW-064", "SW-066", "SW-K21")
def test_energy_only_does_what_its_card_says_and_has_no_maximum() -> None:
    pump = card("Pump", "action", effects=[{"do": "energy", "amount": 25, "target": "artifact"}])
    sc = build(Side(area=["idol:sunstone-idol"], hand=[("p", pump)]))
    s = sc.state
    assert s.energy[sc["idol"]] == 0  # a rating of 0 is still a rating
    play(s, sc["p"], sc["idol"])
    assert s.energy[sc["idol"]] == 25
    assert s.life == [20, 20] and s.outcome is None  # energy by itself does nothing


@pytest.mark.rules("SW-K22", "SW-065")
def test_channeling_pays_with_energy_and_never_more_than_there_is() -> None:
    sc = build(Side(area=["idol:sunstone-idol"], energy={"idol": 2}))
    assert f"use #{sc['idol']}" not in legal(sc.state)
    sc = build(Side(area=["idol:sunstone-idol"], energy={"idol": 3}))
    s = sc.state
    hand = len(row(s, 0, "hand"))
    do(s, f"use #{sc['idol']}")
    assert s.energy[sc["idol"]] == 0 and len(row(s, 0, "hand")) == hand + 1


@pytest.mark.rules("SW-K23", "SW-R06", "SW-009")
def test_decay_moves_cards_one_at_a_time_and_losing_stops_it() -> None:
    rot = card("Rot", "action", effects=[{"do": "decay", "amount": 3, "to": "opponent"}])
    sc = build(Side(hand=[("r", rot)]), Side(deck=["a:ember-imp", "b:ash-hound"], deck_filler=1))
    s = sc.state
    play(s, sc["r"])
    assert row(s, 1, "graveyard")[:3] == [sc["a"], sc["b"], row(s, 1, "graveyard")[2]]
    assert s.outcome is not None and s.outcome.winners == (0,) and s.outcome.reason == "deck-out"
    sc = build(Side(hand=[("r", rot)]), Side(deck=["a:ember-imp"], deck_filler=0))
    play(sc.state, sc["r"])
    assert len(row(sc.state, 1, "graveyard")) == 1  # the rest of the decay never happens


@pytest.mark.rules("SW-K24")
def test_sacrifice_puts_your_own_card_away_and_a_sacrificed_creature_dies() -> None:
    offering = card("Offering", "action", effects=[{"do": "sacrifice", "target": "your creature"}])
    sc = build(Side(hand=[("o", offering)], combat=["w:pyre-shaman"]), Side(combat=["e:ember-imp"]))
    s = sc.state
    assert s.legal_actions()
    play(s, sc["o"], sc["w"])
    assert zone_name(s, sc["w"]) == "graveyard" and s.life[1] == 18  # "when it dies" fired
    sc = build(Side(hand=[("o", offering)]), Side(combat=["e:ember-imp"]))
    assert not can(sc.state, f"play #{sc['o']}")  # never an enemy card


@pytest.mark.rules("SW-K13", "SW-102")
def test_exhausted_cards_cannot_pay_exhaust_costs() -> None:
    sc = build(Side(combat=["h:flame-herald"]), Side(combat=["e:crypt-crawler"]), phase="combat")
    s = sc.state
    assert can(s, f"use #{sc['h']}")
    do(s, f"attack #{sc['h']} -> P2")
    assert s.exhausted[sc["h"]] and not can(s, f"use #{sc['h']}")


@pytest.mark.rules("SW-037", "SW-K13")
def test_each_activated_ability_of_a_card_is_its_own_option() -> None:
    twin = creature(
        "Twin Adept",
        hp=3,
        effects=[
            {"do": "draw", "amount": 1, "activate": {"mana": 99}},
            {"do": "draw", "amount": 1, "activate": {"exhaust": True}},
        ],
    )
    sc = build(Side(combat=[("t", twin)]), Side())
    s = sc.state
    assert not can(s, f"use #{sc['t']}") and can(s, f"use #{sc['t']}/2")  # the first one costs too much
    hand = len(s.zones[s.layout.hand[0]])
    do(s, f"use #{sc['t']}/2")
    assert len(s.zones[s.layout.hand[0]]) == hand + 1 and s.exhausted[sc["t"]]


@pytest.mark.rules("SW-R31")
def test_deadly_and_lifebound_work_outside_combat_too() -> None:
    sniper = creature(
        "Venom Sniper",
        attack=1,
        hp=1,
        keywords=["deadly", "lifebound"],
        effects=[
            {
                "do": "damage",
                "amount": 1,
                "target": "enemy creature",
                "activate": {"exhaust": True, "instant": True},
            }
        ],
    )
    sc = build(Side(combat=[("v", sniper)], life=10), Side(combat=[("big", creature("Big", hp=9))]))
    s = sc.state
    do(s, f"use #{sc['v']}", f"target #{sc['big']}")
    assert zone_name(s, sc["big"]) == "graveyard" and s.life[0] == 11


@pytest.mark.rules("SW-R32", "SW-K03")
def test_a_creature_a_deadly_creature_does_not_damage_survives() -> None:
    sc = build(
        Side(combat=[("d", creature("Needle", attack=1, hp=3, speed=1, keywords=["deadly"]))]),
        Side(combat=[("b1", creature("First", attack=0, hp=5)), ("b2", creature("Second", attack=0, hp=5))]),
        phase="combat",
    )
    s = sc.state
    do(
        s,
        f"attack #{sc['d']} -> P2",
        "done",
        f"block #{sc['b1']} -> #{sc['d']}",
        f"block #{sc['b2']} -> #{sc['d']}",
        "done",
        "pass",
    )
    assert zone_name(s, sc["b1"]) == "graveyard" and zone_name(s, sc["b2"]) == "combat"
    assert s.life[1] == 20  # a blocked Deadly creature's hero damage: none; it is not unstoppable
