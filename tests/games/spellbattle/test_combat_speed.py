"""Combat damage by speed, strength and destruction (SB-059..065, SB-084..091, SB-R01, SB-R08, SB-R09).

``test_combat_damage.py`` holds the first two examples; the catalog's scenarios are in
``test_scenarios_a.py``.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from spellforge import Pass
from spellforge.core import events as ev
from spellforge.games.spellbattle.scenario import Seat, card, do, legal, scenario
from spellforge.games.spellbattle.state import SpellBattleState


def attack_scene(
    attacker: str, blockers: list[str], *, defender: Seat | None = None, **kw: object
) -> tuple[SpellBattleState, int, list[int]]:
    """P1's ``attacker`` attacks P2, who blocks it with ``blockers`` (all of P2's characters in play)."""
    p2 = defender or Seat()
    p2.play = list(blockers)
    s = scenario(Seat(play=[attacker]), p2, step="attack", **kw)  # type: ignore[arg-type]
    a = card(s, attacker, seat=0, zone="play")
    bs = [card(s, b, seat=1, zone="play", nth=blockers[:i].count(b)) for i, b in enumerate(blockers)]
    pass_until(s, lambda s: s.decision.kind == "attackers")
    do(s, f"attack #{a} -> P2")  # the only attacker: "done" is then the only option and taken at once
    pass_until(s, lambda s: s.decision.kind == "blockers")
    for b in bs:
        do(s, f"block #{b} -> #{a}")  # after the last blocker, "done" is forced and taken at once
    return s, a, bs


def pass_until(s: SpellBattleState, done: Callable[[SpellBattleState], bool], limit: int = 100) -> None:
    """Pass priority, one decision at a time, until ``done(s)``."""
    for _ in range(limit):
        if done(s):
            return
        assert s.decision is not None and s.decision.kind == "priority", s.decision
        s.apply(Pass())
    raise AssertionError("the condition never came")


def resolve(s: SpellBattleState) -> None:
    """Everyone passes until limbo is empty."""
    pass_until(s, lambda s: not s.stack)


def hits(s: SpellBattleState) -> list[tuple[int, int, int]]:
    """Damage events as (source, damaged card or -1 for a player, amount), oldest first."""
    return [(e.other, e.card, e.amount) for e in s.events() if e.kind == ev.DAMAGE]


def damage_by_step(s: SpellBattleState) -> list[tuple[int, list[int]]]:
    """(speed, sources that dealt damage) for each speed step of the combat, in order."""
    out: list[tuple[int, list[int]]] = []
    for e in s.events():
        if e.kind == "speed_step":
            out.append((e.amount, []))
        elif e.kind == ev.DAMAGE and out and e.other not in out[-1][1]:
            out[-1][1].append(e.other)
    return out


# ---------------------------------------------------------------- speed order


@pytest.mark.rules("SB-059", "SB-086", "SB-R01")
def test_speed_alone_decides_who_strikes_first() -> None:
    """War Ox (5/1) is blocked by Court Duelist (2/4): the weaker but faster duelist strikes first."""
    s, ox, (duelist,) = attack_scene("war-ox", ["court-duelist"])
    assert damage_by_step(s) == [(4, [duelist]), (1, [ox])]
    assert not s.in_play(duelist) and s.in_play(ox)


@pytest.mark.rules("SB-086", "SB-059")
@pytest.mark.parametrize("quicken", [False, True])
def test_a_speed_change_changes_the_order(quicken: bool) -> None:
    """War Ox (5/1) blocked by Tower Guard (3/2): the guard strikes first and the ox survives it; after
    Quicken (+2 speed) the ox strikes first and the guard dies before its speed step."""
    s = scenario(Seat(play=["war-ox"], hand=["quicken"], farms=1), Seat(play=["tower-guard"]), step="attack")
    ox, guard = card(s, "war-ox"), card(s, "tower-guard")
    if quicken:
        do(s, f"play #{card(s, 'quicken')} -> #{ox}")
        resolve(s)
    pass_until(s, lambda s: s.decision.kind == "attackers")
    do(s, f"attack #{ox} -> P2")
    pass_until(s, lambda s: s.decision.kind == "blockers")
    do(s, f"block #{guard} -> #{ox}")
    pass_until(s, lambda s: s.step == "main")
    if quicken:
        assert damage_by_step(s) == [(3, [ox])]
    else:
        assert damage_by_step(s) == [(2, [guard]), (1, [ox])]
    assert s.in_play(ox) and not s.in_play(guard)


@pytest.mark.rules("SB-062", "SB-088", "SB-063")
def test_the_rest_strike_in_decreasing_speed_each_once() -> None:
    """Stone Giant (6/2) against Wandering Monk (1/4), Quick Scout (1/3) and Field Hand (1/1)."""
    s, giant, (monk, scout, hand) = attack_scene(
        "stone-giant", ["wandering-monk", "quick-scout", "field-hand"]
    )
    assert s.decision.kind == "assign"  # speeds 4 and 3 have struck; the giant assigns at speed 2
    assert s.damage[giant] == 2
    do(s, f"assign #{giant}: 3 -> #{monk}", f"assign #{giant}: 3 -> #{scout}")  # the hand gets 0
    assert damage_by_step(s) == [(4, [monk]), (3, [scout]), (2, [giant]), (1, [hand])]
    assert s.in_play(hand) and s.in_play(giant)
    sources = [src for src, _, _ in hits(s)]
    assert sources.count(monk) == sources.count(scout) == sources.count(hand) == 1


@pytest.mark.rules("SB-064", "SB-R08")
def test_equal_speeds_strike_simultaneously() -> None:
    """Hedge Knight (2/2) blocked by Tower Guard (3/2): the knight dies, and still deals its 2."""
    s, knight, (guard,) = attack_scene("hedge-knight", ["tower-guard"])
    assert not s.in_play(knight)
    assert (knight, guard, 2) in hits(s) and (guard, knight, 3) in hits(s)
    assert damage_by_step(s) == [(2, [knight, guard])]


@pytest.mark.rules("SB-065")
def test_damage_is_removed_from_survivors_at_the_end_of_combat() -> None:
    s, ox, (scout, knight) = attack_scene(
        "war-ox", ["quick-scout", "hedge-knight"], defender=Seat(hand=["ember-bolt"], farms=1)
    )
    pass_until(s, lambda s: s.decision.kind == "assign")
    do(s, f"assign #{ox}: 5 -> #{scout}")  # all 5 to the scout: the knight survives with 0
    # the priority round after the damage phase: damage is still marked
    assert s.decision.kind == "priority" and s.damage[ox] == 3
    pass_until(s, lambda s: s.step == "main")
    assert s.step == "main" and s.in_play(ox) and s.damage[ox] == 0 and s.in_play(knight)


# ---------------------------------------------------------------- strength


@pytest.mark.rules("SB-084", "SB-R08")
def test_a_character_deals_damage_equal_to_its_current_strength() -> None:
    s = scenario(Seat(play=["war-ox"], hand=["battle-fury"], farms=1), Seat(), step="attack")
    ox = card(s, "war-ox")
    do(s, f"play #{card(s, 'battle-fury')} -> #{ox}")
    resolve(s)
    do(s, f"attack #{ox} -> P2")
    assert s.life(1) == 13  # 5 + 2


@pytest.mark.rules("SB-085")
def test_a_character_is_destroyed_when_its_damage_reaches_its_strength() -> None:
    s = scenario(Seat(hand=["fire-lance", "fire-lance"], farms=4), Seat(play=["tower-guard", "war-ox"]))
    guard, ox = card(s, "tower-guard"), card(s, "war-ox")
    l1, l2 = card(s, "fire-lance"), card(s, "fire-lance", nth=1)
    do(s, f"play #{l1} -> #{ox}")
    resolve(s)
    assert s.in_play(ox) and s.damage[ox] == 3  # 3 of 5
    do(s, f"play #{l2} -> #{guard}")
    resolve(s)
    assert not s.in_play(guard) and s.zone_of[guard] == s.layout.discard[1]  # 3 of 3


@pytest.mark.rules("SB-085", "SB-R09")
def test_a_character_whose_strength_falls_to_its_marked_damage_is_destroyed() -> None:
    """Wither (-2 strength): a 3/x with 1 damage dies (1 >= 1); a 2/x with none dies too (0 >= 0)."""
    s = scenario(
        Seat(hand=["wither", "wither", "ember-bolt"], farms=5),
        Seat(play=[("tower-guard", {"damage": 1}), "hedge-knight", ("war-ox", {"damage": 2})]),
    )
    guard, knight, ox = card(s, "tower-guard"), card(s, "hedge-knight"), card(s, "war-ox")
    do(s, f"play #{card(s, 'wither')} -> #{guard}")
    resolve(s)
    assert not s.in_play(guard)
    do(s, f"play #{card(s, 'wither', zone='hand')} -> #{knight}")
    resolve(s)
    assert not s.in_play(knight)
    assert s.in_play(ox)  # 2 damage on 5 strength: nothing happens to the untouched ox


# ---------------------------------------------------------------- who is damaged


@pytest.mark.rules("SB-060", "SB-087")
def test_the_controller_of_each_dealer_assigns_its_damage_among_those_it_fights() -> None:
    """A bonded pair is blocked by one character: the blocker's controller splits its damage between
    the two attackers, the attackers' controller splits each attacker's among the blockers."""
    s = scenario(
        Seat(play=["veteran-pikeman"]),
        Seat(play=["ash-squire", "hedge-knight"]),
        step="attack",
    )
    pike = card(s, "veteran-pikeman")
    squire, knight = card(s, "ash-squire"), card(s, "hedge-knight")
    do(s, f"attack #{pike} -> P2", f"block #{squire} -> #{pike}", f"block #{knight} -> #{pike}")
    assert (s.decision.kind, s.decision.seat) == ("assign", 0)
    assert set(legal(s)) == {f"assign #{pike}: {n} -> #{t}" for n in (1, 2, 3) for t in (squire, knight)}

    s = scenario(Seat(play=["shield-brother", "river-bandit"]), Seat(play=["oath-keeper"]), step="attack")
    brother, bandit, keeper = card(s, "shield-brother"), card(s, "river-bandit"), card(s, "oath-keeper")
    do(s, f"attack #{brother} -> P2", f"attack #{bandit} with #{brother}")
    do(s, f"block #{keeper} -> #{brother}")
    assert (s.decision.kind, s.decision.seat) == ("assign", 1)  # the keeper (speed 3) strikes first
    assert set(legal(s)) == {f"assign #{keeper}: {n} -> #{t}" for n in range(1, 5) for t in (brother, bandit)}
    do(s, f"assign #{keeper}: 2 -> #{brother}", f"assign #{keeper}: 2 -> #{bandit}")
    assert not s.in_play(brother) and s.in_play(bandit)
    assert (keeper, brother, 2) in hits(s) and (keeper, bandit, 2) in hits(s)


@pytest.mark.rules("SB-061")
def test_each_point_of_damage_may_go_to_a_different_character() -> None:
    s, pike, blockers = attack_scene("veteran-pikeman", ["field-hand", "field-hand", "field-hand"])
    for b in blockers:
        assert s.decision.kind == "assign"
        do(s, f"assign #{pike}: 1 -> #{b}")
    assert not any(s.in_play(b) for b in blockers)


@pytest.mark.rules("SB-089")
def test_damage_goes_only_to_characters_in_the_same_combat() -> None:
    s = scenario(
        Seat(play=["stone-giant", "hedge-knight"]),
        Seat(play=["ash-squire", "tower-guard", "field-hand"]),
        step="attack",
    )
    giant, knight = card(s, "stone-giant"), card(s, "hedge-knight")
    squire, guard, hand = (
        card(s, k, seat=1, zone="play") for k in ("ash-squire", "tower-guard", "field-hand")
    )
    do(s, f"attack #{giant} -> P2", f"attack #{knight} -> P2")
    do(s, f"block #{squire} -> #{giant}", f"block #{guard} -> #{giant}", f"block #{hand} -> #{knight}")
    assert s.decision.kind == "assign"
    targets = {a.rsplit("#", 1)[1] for a in legal(s)}
    assert targets == {str(squire), str(guard)}  # never the field hand, which fights the knight
    do(s, f"assign #{giant}: 6 -> #{guard}")
    assert s.life(1) == 20  # no attacker was unblocked
    assert {(src, dst) for src, dst, _ in hits(s)} <= {
        (giant, guard),
        (knight, hand),
        (hand, knight),
        (squire, giant),
        (guard, giant),
    }


@pytest.mark.rules("SB-089", "SB-R08")
def test_an_unblocked_attacker_damages_only_the_player_in_its_own_speed_step() -> None:
    s = scenario(Seat(play=["quick-scout", "war-ox"]), Seat(play=["tower-guard"]), step="attack")
    scout, ox, guard = card(s, "quick-scout"), card(s, "war-ox"), card(s, "tower-guard")
    do(s, f"attack #{scout} -> P2", f"attack #{ox} -> P2", f"block #{guard} -> #{ox}")
    assert damage_by_step(s) == [(3, [scout]), (2, [guard]), (1, [ox])]
    assert (scout, -1, 1) in hits(s) and s.life(1) == 19


@pytest.mark.rules("SB-090", "SB-022")
def test_a_destroyed_character_goes_to_its_owners_discard_pile() -> None:
    """P2 takes P1's War Ox with Turncoat Pact; when it dies in P2's control it goes to P1's pile."""
    s = scenario(
        Seat(play=["war-ox"], hand=["quick-scout"]),
        Seat(hand=["turncoat-pact", "final-verdict"], farms=7),
        step="main",
    )
    ox = card(s, "war-ox")
    do(s, "pass")
    do(s, f"play #{card(s, 'turncoat-pact')} -> #{ox}")
    resolve(s)
    assert s.controller[ox] == 1
    do(s, "pass")
    do(s, f"play #{card(s, 'final-verdict')} -> #{ox}")
    resolve(s)
    assert s.zone_of[ox] == s.layout.discard[0] and s.controller[ox] == 0
    assert s.zones[s.layout.discard[1]] == [card(s, "turncoat-pact"), card(s, "final-verdict")]


@pytest.mark.rules("SB-091", "SB-R09")
def test_a_character_destroyed_before_its_speed_step_deals_no_damage() -> None:
    s, scout, (hand,) = attack_scene("quick-scout", ["field-hand"])
    assert not s.in_play(hand)
    assert hits(s) == [(scout, hand, 1)]
    assert s.in_play(scout)


# ---------------------------------------------------------------- SB-R08 details


@pytest.mark.rules("SB-R08")
def test_damage_may_be_split_with_zero_to_some_and_never_carries_over_to_the_player() -> None:
    s, giant, (hand, squire) = attack_scene("stone-giant", ["field-hand", "ash-squire"])
    assert s.decision.kind == "assign"
    do(s, f"assign #{giant}: 6 -> #{squire}")  # everything to one blocker, none to the other
    assert s.in_play(hand) and not s.in_play(squire)
    assert s.life(1) == 20  # the excess 4 went nowhere


@pytest.mark.rules("SB-R08")
def test_a_blocked_attacker_whose_blockers_are_gone_deals_no_damage() -> None:
    s = scenario(
        Seat(play=["war-ox"], hand=["sudden-strike"], farms=1),
        Seat(play=["field-hand"], hand=["ember-bolt"], farms=1),
        step="attack",
    )
    ox, hand = card(s, "war-ox"), card(s, "field-hand", seat=1, zone="play")
    pass_until(s, lambda s: s.decision.kind == "attackers")
    do(s, f"attack #{ox} -> P2")
    pass_until(s, lambda s: s.decision.kind == "blockers")
    do(s, f"block #{hand} -> #{ox}")
    assert s.decision.kind == "priority" and s.decision.seat == 0  # the round before damage
    do(s, f"play #{card(s, 'sudden-strike')} -> #{hand}")
    pass_until(s, lambda s: s.step == "main")
    assert not s.in_play(hand)
    assert s.life(1) == 20 and not any(src == ox for src, _, _ in hits(s))


@pytest.mark.rules("SB-R08")
def test_a_blocker_whose_attacker_is_gone_deals_no_damage() -> None:
    s = scenario(
        Seat(play=["quick-scout", "war-ox"], hand=["ember-bolt"], farms=1),
        Seat(play=["stone-giant"], hand=["sudden-strike"], farms=1),
        step="attack",
    )
    scout, ox, giant = card(s, "quick-scout"), card(s, "war-ox"), card(s, "stone-giant")
    pass_until(s, lambda s: s.decision.kind == "attackers")
    do(s, f"attack #{scout} -> P2", f"attack #{ox} -> P2")
    pass_until(s, lambda s: s.decision.kind == "blockers")
    do(s, f"block #{giant} -> #{scout}")
    do(s, "pass")  # P1 passes in the round before damage; P2 kills the scout
    do(s, f"play #{card(s, 'sudden-strike')} -> #{scout}")
    pass_until(s, lambda s: s.step == "main")
    assert not s.in_play(scout) and s.life(1) == 15  # the unblocked ox still hit
    assert not any(src == giant for src, _, _ in hits(s))


@pytest.mark.rules("SB-R09")
def test_a_player_beaten_in_one_speed_step_loses_before_the_next() -> None:
    s = scenario(Seat(play=["quick-scout", "war-ox"]), Seat(play=["tower-guard"], life=1), step="attack")
    scout, ox, guard = card(s, "quick-scout"), card(s, "war-ox"), card(s, "tower-guard")
    do(s, f"attack #{scout} -> P2", f"attack #{ox} -> P2", f"block #{guard} -> #{ox}")
    assert s.outcome is not None and s.outcome.winners == (0,)
    assert damage_by_step(s) == [(3, [scout])]  # the guard and the ox never struck
