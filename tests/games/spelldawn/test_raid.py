"""The raid procedure (SD-100..SD-126, SD-R06..SD-R09, SD-R14..SD-R16, SD-R23, SD-R29, SD-R30)."""

from __future__ import annotations

import pytest

from spellforge.games.spelldawn.base import ARENA, DEFENDERS, DISCARD, HAND, SCORE

from .util import Side, act, card_id, legal, scenario


def walled(*defenders: str, occupant: str = "tithe-of-ash", ol_mana: int = 10, **champion: object):  # type: ignore[no-untyped-def]
    return scenario(
        Side(rooms={"A": [occupant, *defenders]}, mana=ol_mana),
        Side(**champion),  # type: ignore[arg-type]
        active="champion",
    )


@pytest.mark.rules("SD-100", "SD-101", "SD-102", "SD-105", "SD-R30", "SD-109", "SD-114", "SD-117")
def test_defenders_are_approached_from_the_newest_inward_then_the_room() -> None:
    s = walled("bramble-hulk:up", "iron-sentinel:up", arena=["forged-greatsword"], mana=0)
    golem, sentinel, sword = (
        card_id(s, "bramble-hulk"),
        card_id(s, "iron-sentinel"),
        card_id(s, "forged-greatsword"),
    )
    act(s, "raid room A")
    assert s.raid_step == "encounter" and s.defender() == sentinel  # the outermost: played last
    act(s, f"use #{sword}")
    assert s.raid_step == "encounter" and s.defender() == golem
    act(s, f"use #{sword}")
    assert s.raid_step == "room" and s.decision.kind == "roombound"  # the room itself is approached
    act(s, "pass")
    assert s.raid_step == "access" and s.decision.kind == "access"


@pytest.mark.rules("SD-043", "SD-106", "SD-107", "SD-K05", "SD-045")
def test_summoning_pays_the_cost_turns_face_up_and_fires_summon() -> None:
    s = walled("bell-ringer", ol_mana=3, arena=["forged-greatsword"])
    ringer = card_id(s, "bell-ringer")
    act(s, "raid room A", f"summon #{ringer}")
    assert not s.face_down[ringer] and s.mana[s.ol] == 2  # paid 3, gained 2
    assert s.decision.kind == "encounter" and s.defs[ringer].health == 3


@pytest.mark.rules("SD-044", "SD-K04", "SD-K13", "SD-113", "SD-066")
def test_combat_effects_resolve_in_order_and_the_minion_stays() -> None:
    s = walled("ember-imp:up", ol_mana=0, hand=["windfall", "windfall"], mana=0)
    imp = card_id(s, "ember-imp")
    act(s, "raid room A")  # no weapon: the Combat ability fires at once
    assert len(s.zones[HAND[s.ch]]) == 1 and s.mana[s.ol] == 1  # 1 damage, then 1 mana
    assert s.zone_of[imp] == DEFENDERS[3]
    assert (s.defs[imp].health, s.defs[imp].shield) == (2, 1)


@pytest.mark.rules("SD-053", "SD-057", "SD-058", "SD-067", "SD-K15")
def test_weapons_defeat_minions_with_base_attack_and_paid_boosts() -> None:
    s = walled("starveil-warden:up", arena=["glass-bow"], mana=3)
    bow = card_id(s, "glass-bow")
    assert s.defs[bow].attack == 1 and s.weapon_attack(bow) == 1
    act(s, "raid room A", f"use #{bow}")  # health 4: three boosts of 1
    assert s.mana[s.ch] == 0 and s.weapon_attack(bow) == 1


@pytest.mark.rules("SD-K27")
def test_slow_doubles_the_shield() -> None:
    s = walled("molten-hound:up", arena=["lead-maul"], mana=10)
    maul, hound = card_id(s, "lead-maul"), card_id(s, "molten-hound")
    assert s.defeat_cost(maul, hound) == 4  # attack 5 >= health 4; shield 2 doubled


@pytest.mark.rules("SD-097", "SD-K18", "SD-R06")
def test_resonances_and_abyssal_is_astral() -> None:
    from spellforge.core.cardfiles import common_fields
    from spellforge.games.spelldawn.cards import CardModel, build

    model = CardModel.model_validate(
        {
            "id": "old-halberd",
            "name": "Old Halberd",
            "side": "champion",
            "type": "artifact",
            "school": "neutral",
            "subtype": "weapon",
            "cost": 2,
            "resonance": "abyssal",
            "attack": 2,
        }
    )
    assert build(model, common_fields(model, (), "x")).resonance == "astral"
    s = walled()
    assert {s.defs[c].resonance for c in range(len(s.defs)) if s.defs[c].type == "minion"} <= {
        "mortal",
        "astral",
        "infernal",
    }


@pytest.mark.rules("SD-103", "SD-K06", "SD-K07", "SD-R29")
def test_raid_triggers_then_successful_raid_before_access() -> None:
    s = walled(ol_mana=0, arena=["hired-torchbearer", "knife-fence"], mana=0)
    act(s, "raid room A")
    assert s.raid_mana == 1 and s.mana[s.ch] == 0
    act(s, "pass")
    # Torchbearer's Raid trigger gave raid mana; Knife Fence's Successful Raid trigger gave mana
    assert s.raid_mana == 1 and s.mana[s.ch] == 1
    assert s.raid_accessed == (card_id(s, "tithe-of-ash"),)


@pytest.mark.rules("SD-K08")
def test_encounter_triggers_before_the_choice() -> None:
    s = walled("gazing-eye:up", hand=["windfall"], arena=["glass-bow"], mana=5)
    act(s, "raid room A")
    assert len(s.zones[HAND[s.ch]]) == 0 and s.decision.kind == "encounter"


@pytest.mark.rules("SD-118", "SD-124", "SD-125", "SD-126")
def test_sanctum_access_reveals_random_cards_and_any_order() -> None:
    s = scenario(
        Side(hand=["tithe-of-ash", "gilded-ledger", "iron-sentinel"]),
        Side(hand=["sanctum-heist"], mana=1),
        active="champion",
    )
    act(s, f"play #{card_id(s, 'sanctum-heist')}")
    assert len(s.raid_accessed) == 2 and all(s.knows(s.ch, c) for c in s.raid_accessed)
    schemes = [c for c in s.raid_accessed if s.defs[c].type == "scheme"]
    for c in reversed(schemes):  # any order
        act(s, f"score #{c}")
    assert s.decision.kind == "access" and legal(s) == ["done"]  # a minion is only revealed
    act(s, "done")
    assert s.raid_room < 0 and s.decision.kind == "main" and s.ap == 3


@pytest.mark.rules("SD-120", "SD-R08", "SD-R09")
def test_crypts_access_the_whole_pile_and_reveal_face_down_cards() -> None:
    s = scenario(
        Side(discard=["tithe-of-ash", "twilight-shrine", "dark-bargain"]), Side(mana=5), active="champion"
    )
    tithe, shrine = card_id(s, "tithe-of-ash"), card_id(s, "twilight-shrine")
    s.face_down[tithe] = s.face_down[shrine] = True
    s.forget(tithe)
    s.forget(shrine)
    act(s, "raid room crypts")
    assert set(s.raid_accessed) == set(s.zones[DISCARD[s.ol]])
    assert s.knows(s.ch, tithe) and not s.knows(None, tithe)
    assert f"score #{tithe}" in legal(s) and f"raze #{shrine}" not in legal(s)  # not razed again


@pytest.mark.rules("SD-121", "SD-123", "SD-K29", "SD-K30")
def test_an_outer_room_accesses_its_occupant_a_project_can_be_razed() -> None:
    s = walled(occupant="twilight-shrine", mana=0)
    shrine = card_id(s, "twilight-shrine")
    act(s, "raid room A", "pass")
    assert s.raid_accessed == (shrine,) and f"raze #{shrine}" in legal(s)
    act(s, f"raze #{shrine}")
    assert s.zone_of[shrine] == DISCARD[s.ol] and not s.face_down[shrine]


@pytest.mark.rules("SD-R15")
def test_one_raid_at_a_time_and_inner_rooms_are_always_targets() -> None:
    s = walled("iron-sentinel:up", arena=["forged-greatsword"])
    assert {"raid room sanctum", "raid room vault", "raid room crypts", "raid room A"} <= set(legal(s))
    act(s, "raid room A")
    assert not any(x.startswith("raid") for x in legal(s))


@pytest.mark.rules("SD-K20", "SD-R16")
def test_other_combat_effects_let_the_raid_continue() -> None:
    s = walled("pit-pikeman:up", hand=["windfall", "windfall"], mana=0)
    act(s, "raid room A")
    assert s.raid_step == "room" or s.decision.kind == "access"
    assert len(s.zones[HAND[s.ch]]) == 1


@pytest.mark.rules("SD-K21")
def test_losing_action_points() -> None:
    s = walled("time-eater:up", ol_mana=0, mana=0)
    act(s, "raid room A")
    assert s.ap == 1  # 4 - 1 for the raid - 2


@pytest.mark.rules("SD-055", "SD-R07")
def test_damage_from_weapons_is_never_combined() -> None:
    s = walled("starveil-warden:up", arena=["chronoblade", "starlance"], mana=0)
    # Chronoblade (2) and Starlance (3) together would reach 4, but each alone needs a boost it cannot pay
    act(s, "raid room A")
    assert s.raid_room < 0 and s.points[s.ch] == 0


@pytest.mark.rules("SD-122")
def test_scoring_moves_the_scheme_to_the_champions_score_area() -> None:
    s = walled(mana=0)
    act(s, "raid room A", "pass", f"score #{card_id(s, 'tithe-of-ash')}")
    assert s.zones[SCORE[s.ch]] == [card_id(s, "tithe-of-ash")] and s.zones[ARENA[s.ch]] == []
