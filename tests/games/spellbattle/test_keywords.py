"""Spell Battle: the character keywords ambush, bonding, deadly and flying (SB-083, SB-092..SB-099,
SB-K01..SB-K04, SB-R10, SB-R11, SB-R12)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from spellforge import Done, IllegalActionError, Pass
from spellforge.core import events as ev
from spellforge.games.spellbattle.scenario import Seat, card, do, legal, scenario
from spellforge.games.spellbattle.state import SpellBattleState


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


def player_hits(s: SpellBattleState) -> list[tuple[int, int]]:
    """(source, amount) of the damage dealt to players so far."""
    return [(e.other, e.amount) for e in s.events() if e.kind == ev.DAMAGE and e.card == -1]


def destroyed(s: SpellBattleState) -> list[int]:
    return [e.card for e in s.events() if e.kind == ev.DESTROYED]


# ---------------------------------------------------------------- ambush (SB-083, SB-092, SB-K01)


@pytest.mark.rules("SB-092", "SB-K01")
def test_ambush_characters_are_played_whenever_their_controller_has_priority() -> None:
    s = scenario(
        Seat(hand=["ember-bolt"], farms=1, play=["hedge-knight"]),
        Seat(hand=["hidden-blade", "hedge-knight"], farms=3),
        step="beginning",
    )
    blade, knight = card(s, "hidden-blade"), card(s, "hedge-knight", seat=1)
    for step in ("beginning", "draw", "attack"):
        pass_until(s, lambda s, step=step: s.step == step and s.decision.seat == 1)
        assert f"play #{blade}" in legal(s) and f"play #{knight}" not in legal(s)
    do(s, f"play #{blade}")  # in P1's attack step, before P1 declares attackers
    assert s.stack[0].card == blade and s.tapped[s.stack[0].card] is False
    assert len(s.untapped_farms(1)) == 2  # it paid its cost (1) with a farm
    resolve(s)
    assert s.in_play(blade) and s.controller[blade] == 1
    attacker = card(s, "hedge-knight", seat=0)
    pass_until(s, lambda s: s.decision.kind == "attackers")
    do(s, f"attack #{attacker} -> P2")
    pass_until(s, lambda s: s.decision.kind == "blockers")
    assert f"block #{blade} -> #{attacker}" in legal(s)


@pytest.mark.rules("SB-K01")
def test_an_ambush_character_goes_through_limbo_and_can_be_countered() -> None:
    s = scenario(
        Seat(hand=["severing-word"], farms=1),
        Seat(hand=["ambush-captain"], farms=3),
        step="beginning",
    )
    captain = card(s, "ambush-captain")
    pass_until(s, lambda s: s.decision.seat == 1)
    do(s, f"play #{captain}")
    uid = s.stack[0].uid
    assert s.decision.seat == 0
    do(s, f"play #{card(s, 'severing-word')} -> @{uid}")
    resolve(s)
    assert s.zone_of[captain] == s.layout.discard[1] and s.untapped_farms(1) == []


@pytest.mark.rules("SB-083", "SB-K01", "SB-R12")
def test_ambush_in_your_own_attack_step_before_attackers_may_attack() -> None:
    s = scenario(Seat(hand=["ambush-captain", "hidden-blade"], farms=4), Seat(), step="attack")
    captain, blade = card(s, "ambush-captain"), card(s, "hidden-blade")
    assert (s.step, s.decision.kind) == ("attack", "priority")  # the round before attackers are chosen
    do(s, f"play #{captain}")
    resolve(s)
    pass_until(s, lambda s: s.decision.kind == "attackers")
    assert legal(s) == ["done", f"attack #{captain} -> P2"]
    do(s, f"attack #{captain} -> P2")
    # after attackers are chosen it is too late: Hidden Blade comes in but does not attack
    assert s.decision.kind == "priority" and s.decision.seat == 0
    do(s, f"play #{blade}")
    resolve(s)
    pass_until(s, lambda s: s.step == "main")
    assert s.in_play(blade) and not s.tapped[blade]
    assert player_hits(s) == [(captain, 3)]


# ---------------------------------------------------------------- bonding (SB-093..097, SB-K02, SB-R11)


@pytest.mark.rules("SB-093", "SB-K02", "SB-R11")
def test_a_bonded_group_takes_at_most_one_character_without_bonding() -> None:
    s = scenario(Seat(play=["shield-brother", "war-ox", "tower-guard"]), Seat(), step="attack")
    brother, ox, guard = card(s, "shield-brother"), card(s, "war-ox"), card(s, "tower-guard")
    do(s, f"attack #{ox} -> P2")
    assert f"attack #{guard} with #{ox}" not in legal(s)  # two without bonding make no group
    assert f"attack #{brother} with #{ox}" in legal(s)
    do(s, f"attack #{brother} with #{ox}")
    assert s.attack_group[brother] == s.attack_group[ox]
    assert legal(s) == ["done", f"attack #{guard} -> P2"]  # the group has its one non-bonding member


@pytest.mark.rules("SB-094", "SB-K02", "SB-R11")
def test_a_bonded_group_takes_any_number_of_bonding_characters() -> None:
    bonders = ["shield-brother", "pack-hound", "horn-blower", "bonded-lancer"]
    s = scenario(Seat(play=[*bonders, "war-ox"]), Seat(), Seat(), step="attack")
    ids = [card(s, k) for k in bonders]
    ox = card(s, "war-ox")
    do(s, f"attack #{ids[0]} -> P3")
    for cid in [*ids[1:], ox]:
        do(s, f"attack #{cid} with #{ids[0]}")
    assert len({e.amount for e in s.events() if e.kind == "attack"}) == 1  # one group
    assert s.life(2) == 20 - (2 + 1 + 1 + 4 + 5) and s.life(1) == 20  # one group, one attacked player


@pytest.mark.rules("SB-095")
def test_groups_are_formed_only_while_attackers_are_declared() -> None:
    s = scenario(
        Seat(play=["shield-brother", "pack-hound"], hand=["ember-bolt"], farms=1),
        Seat(play=["war-ox"], hand=["ember-bolt"], farms=1),
        step="attack",
    )
    brother, hound, ox = card(s, "shield-brother"), card(s, "pack-hound"), card(s, "war-ox")
    pass_until(s, lambda s: s.decision.kind == "attackers")
    do(s, f"attack #{brother} -> P2", f"attack #{hound} -> P2")  # two separate attacks
    assert s.attack_group[brother] != s.attack_group[hound]
    for _ in range(4):  # the priority rounds and the blockers: nobody may regroup
        with pytest.raises(IllegalActionError):
            do(s, f"attack #{hound} with #{brother}")
        s.apply(Pass() if s.decision.kind == "priority" else Done())
        if s.decision.kind == "blockers":
            with pytest.raises(IllegalActionError):
                do(s, f"attack #{hound} with #{brother}")
            do(s, f"block #{ox} -> #{brother}")
            break
    pass_until(s, lambda s: s.step == "main")
    assert player_hits(s) == [(hound, 1)]  # the hound was never part of the blocked brother's group


@pytest.mark.rules("SB-096", "SB-K02", "SB-R11")
@pytest.mark.parametrize("named", ["shield-brother", "tower-guard"])
def test_blocking_any_member_blocks_the_whole_group(named: str) -> None:
    s = scenario(Seat(play=["shield-brother", "tower-guard"]), Seat(play=["stone-giant"]), step="attack")
    brother, guard, giant = card(s, "shield-brother"), card(s, "tower-guard"), card(s, "stone-giant")
    do(s, f"attack #{brother} -> P2", f"attack #{guard} with #{brother}")
    assert set(legal(s)) == {"done", f"block #{giant} -> #{brother}", f"block #{giant} -> #{guard}"}
    do(s, f"block #{giant} -> #{card(s, named)}")
    assert s.decision.kind == "assign"  # the giant fights both
    do(s, f"assign #{giant}: 3 -> #{brother}", f"assign #{giant}: 3 -> #{guard}")
    assert s.life(1) == 20 and player_hits(s) == []
    assert not s.in_play(brother) and not s.in_play(guard)


@pytest.mark.rules("SB-097", "SB-R11")
def test_every_member_fights_every_blocker_of_the_group() -> None:
    s = scenario(
        Seat(play=["horn-blower", "veteran-pikeman"]),
        Seat(play=["field-hand", "ash-squire"]),
        step="attack",
    )
    horn, pike = card(s, "horn-blower"), card(s, "veteran-pikeman")
    hand, squire = card(s, "field-hand", seat=1, zone="play"), card(s, "ash-squire")
    do(s, f"attack #{pike} -> P2", f"attack #{horn} with #{pike}")
    do(s, f"block #{hand} -> #{horn}", f"block #{squire} -> #{pike}")
    # speed 3: both members strike, each choosing among both blockers
    dealers = []
    while s.decision is not None and s.decision.kind == "assign":
        dealer, remaining, _ = s.decision.data
        assert s.decision.seat == 0
        assert {a.rsplit("#", 1)[1] for a in legal(s)} == {str(hand), str(squire)}
        dealers.append(dealer)
        do(s, f"assign #{dealer}: {remaining} -> #{hand if dealer == horn else squire}")
    assert sorted(dealers) == sorted([horn, pike])
    assert not s.in_play(hand) and not s.in_play(squire)


@pytest.mark.rules("SB-097", "SB-R11")
def test_a_blocker_of_a_group_splits_its_damage_among_all_members() -> None:
    s = scenario(Seat(play=["pack-hound", "field-hand"]), Seat(play=["oath-keeper"]), step="attack")
    hound, hand, keeper = card(s, "pack-hound"), card(s, "field-hand", zone="play"), card(s, "oath-keeper")
    do(s, f"attack #{hound} -> P2", f"attack #{hand} with #{hound}")
    do(s, f"block #{keeper} -> #{hand}")
    assert (s.decision.kind, s.decision.seat) == ("assign", 1)
    assert {a.rsplit("#", 1)[1] for a in legal(s)} == {str(hound), str(hand)}
    do(s, f"assign #{keeper}: 1 -> #{hound}", f"assign #{keeper}: 3 -> #{hand}")
    assert not s.in_play(hound) and not s.in_play(hand)


@pytest.mark.rules("SB-R11", "SB-099")
def test_a_ground_blocker_may_name_the_ground_member_of_a_group_with_a_flyer() -> None:
    s = scenario(
        Seat(play=["griffin-rider", "hedge-knight"]),
        Seat(play=["tower-guard", "sky-warden"]),
        step="attack",
    )
    rider, knight = card(s, "griffin-rider"), card(s, "hedge-knight")
    guard, warden = card(s, "tower-guard"), card(s, "sky-warden")
    do(s, f"attack #{rider} -> P2", f"attack #{knight} with #{rider}")
    assert set(legal(s)) == {
        "done",
        f"block #{guard} -> #{knight}",  # not the flying rider
        f"block #{warden} -> #{rider}",
        f"block #{warden} -> #{knight}",
    }
    do(s, f"block #{guard} -> #{knight}", "done")
    assert player_hits(s) == []  # the flying rider was blocked with its group


# ---------------------------------------------------------------- deadly (SB-098, SB-K03, SB-R10)


@pytest.mark.rules("SB-098", "SB-K03", "SB-R10")
def test_a_deadly_attacker_destroys_its_blockers_at_the_end_of_combat() -> None:
    """Venom Duelist (2/3, deadly) blocked by Stone Giant (6/2): the giant survives the 2 damage and
    kills the duelist, yet is destroyed at the end of combat."""
    s = scenario(
        Seat(play=["venom-duelist"]), Seat(play=["stone-giant"], hand=["ember-bolt"], farms=1), step="attack"
    )
    duelist, giant = card(s, "venom-duelist"), card(s, "stone-giant")
    pass_until(s, lambda s: s.decision.kind == "attackers")
    do(s, f"attack #{duelist} -> P2")
    pass_until(s, lambda s: s.decision.kind == "blockers")
    do(s, f"block #{giant} -> #{duelist}")
    pass_until(s, lambda s: not s.in_play(duelist))
    assert s.in_play(giant) and s.damage[giant] == 2  # after damage, before the end of combat
    pass_until(s, lambda s: s.step == "main")
    assert not s.in_play(giant) and s.zone_of[giant] == s.layout.discard[1]
    assert destroyed(s) == [duelist, giant]


@pytest.mark.rules("SB-098", "SB-K03", "SB-R10")
def test_deadly_works_without_damage_and_without_the_deadly_character() -> None:
    """Plague Rat (1/0, deadly) blocks War Ox (5/1) and dies at speed 1, dealing nothing; the ox is
    still destroyed at the end of combat."""
    s = scenario(Seat(play=["war-ox"]), Seat(play=["plague-rat"]), step="attack")
    ox, rat = card(s, "war-ox"), card(s, "plague-rat")
    do(s, f"attack #{ox} -> P2", f"block #{rat} -> #{ox}")
    assert destroyed(s) == [rat, ox]
    assert not any(e.kind == ev.DAMAGE and e.other == rat for e in s.events())


@pytest.mark.rules("SB-098", "SB-R10")
def test_deadly_reaches_every_member_of_a_blocked_group_and_only_the_combat() -> None:
    s = scenario(
        Seat(play=["blight-sworn", "shield-brother", "war-ox"]),
        Seat(play=["stone-giant", "tower-guard"]),
        step="attack",
    )
    sworn, brother, ox = card(s, "blight-sworn"), card(s, "shield-brother"), card(s, "war-ox")
    giant, guard = card(s, "stone-giant"), card(s, "tower-guard")
    do(s, f"attack #{brother} -> P2", f"attack #{sworn} with #{brother}", f"attack #{ox} -> P2")
    do(s, f"block #{giant} -> #{brother}", f"block #{guard} -> #{ox}")
    while s.decision is not None and s.decision.kind == "assign":
        s.apply(s.legal_actions()[-1])
    assert not s.in_play(giant)  # it blocked a group with a deadly member
    assert s.in_play(ox) and not s.in_play(guard)  # a separate combat: no deadly there


@pytest.mark.rules("SB-098", "SB-R10")
def test_an_unblocked_deadly_attacker_destroys_nothing() -> None:
    s = scenario(Seat(play=["venom-duelist"]), Seat(play=[("stone-giant", {"tapped": True})]), step="attack")
    do(s, f"attack #{card(s, 'venom-duelist')} -> P2")
    assert s.life(1) == 18 and destroyed(s) == [] and s.in_play(card(s, "stone-giant"))


# ---------------------------------------------------------------- flying (SB-099, SB-K04)


@pytest.mark.rules("SB-099", "SB-K04")
def test_a_flyer_can_be_blocked_only_by_flyers() -> None:
    s = scenario(
        Seat(play=["gale-kite", "hedge-knight"]),
        Seat(play=["stone-giant", "skyhunter-falcon"]),
        step="attack",
    )
    kite, knight = card(s, "gale-kite"), card(s, "hedge-knight")
    giant, falcon = card(s, "stone-giant"), card(s, "skyhunter-falcon")
    do(s, f"attack #{kite} -> P2", f"attack #{knight} -> P2")
    assert set(legal(s)) == {
        "done",
        f"block #{giant} -> #{knight}",
        f"block #{falcon} -> #{kite}",
        f"block #{falcon} -> #{knight}",  # a flyer blocks ground attackers too
    }
    with pytest.raises(IllegalActionError):
        do(s, f"block #{giant} -> #{kite}")


@pytest.mark.rules("SB-K04")
def test_a_flyer_blocks_a_ground_attacker_normally() -> None:
    s = scenario(Seat(play=["hedge-knight"]), Seat(play=["sky-warden"]), step="attack")
    knight, warden = card(s, "hedge-knight"), card(s, "sky-warden")
    do(s, f"attack #{knight} -> P2", f"block #{warden} -> #{knight}")
    assert not s.in_play(knight) and s.in_play(warden) and s.life(1) == 20
