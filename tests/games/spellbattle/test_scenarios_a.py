"""Spell Battle: the catalog's scenario tests 1 to 14 (section 5 of ``spellbattle.md``).

Each test plays its scenario as written and cites the IDs listed with it. Where the catalog's numbers
cannot play out as described, the docstring says what was changed and why.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from spellforge import Done, IllegalActionError, Pass, find_game
from spellforge.core import events as ev
from spellforge.games.spellbattle.scenario import Seat, card, do, in_play, legal, scenario
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


def hits(s: SpellBattleState) -> list[tuple[int, int, int]]:
    """Damage events as (source, damaged card or -1 for a player, amount), oldest first."""
    return [(e.other, e.card, e.amount) for e in s.events() if e.kind == ev.DAMAGE]


def kinds_in_order(s: SpellBattleState, wanted: tuple[str, ...]) -> list[tuple[str, int]]:
    return [(e.kind, e.card if e.kind != "speed_step" else e.amount) for e in s.events() if e.kind in wanted]


@pytest.mark.rules("SB-059", "SB-060", "SB-061", "SB-062", "SB-063", "SB-091", "SB-R01", "SB-R08", "SB-R09")
def test_scenario_01_speed_order_with_death_before_striking() -> None:
    """A 3/3 attacker blocked by A (2/1) and B (1/2) assigns 2 to A and 1 to B: both die in speed step
    3 and deal no damage; the attacker survives with 0 damage."""
    s = scenario(Seat(play=["veteran-pikeman"]), Seat(play=["ash-squire", "pack-hound"]), step="attack")
    pike, a, b = card(s, "veteran-pikeman"), card(s, "ash-squire"), card(s, "pack-hound")
    do(s, f"attack #{pike} -> P2", f"block #{a} -> #{pike}", f"block #{b} -> #{pike}")
    assert (s.decision.kind, s.decision.seat) == ("assign", 0)
    do(s, f"assign #{pike}: 2 -> #{a}", f"assign #{pike}: 1 -> #{b}")
    steps = kinds_in_order(s, ("speed_step", ev.DESTROYED))
    assert steps == [("speed_step", 3), (ev.DESTROYED, a), (ev.DESTROYED, b)]  # no speed step 2 or 1
    assert hits(s) == [(pike, a, 2), (pike, b, 1)]  # neither blocker dealt damage
    assert s.in_play(pike) and s.damage[pike] == 0
    assert s.zone_of[a] == s.zone_of[b] == s.layout.discard[1]


@pytest.mark.rules("SB-064", "SB-R09")
def test_scenario_02_equal_speed_trade() -> None:
    """2/2 attacker against a 2/2 blocker: both deal damage in the same step and are destroyed together."""
    s = scenario(Seat(play=["hedge-knight"]), Seat(play=["shield-brother"]), step="attack")
    knight, brother = card(s, "hedge-knight"), card(s, "shield-brother")
    do(s, f"attack #{knight} -> P2", f"block #{brother} -> #{knight}")
    assert kinds_in_order(s, ("speed_step", ev.DAMAGE, ev.DESTROYED)) == [
        ("speed_step", 2),
        (ev.DAMAGE, brother),
        (ev.DAMAGE, knight),
        (ev.DESTROYED, knight),
        (ev.DESTROYED, brother),
    ]
    assert s.zone_of[knight] == s.layout.discard[0] and s.zone_of[brother] == s.layout.discard[1]


@pytest.mark.rules("SB-099", "SB-K04")
def test_scenario_03_flying_restriction() -> None:
    """A flyer cannot be blocked by a non-flyer; a flyer may block a ground attacker."""
    s = scenario(Seat(play=["skyhunter-falcon"]), Seat(play=["stone-giant"]), step="attack")
    falcon, giant = card(s, "skyhunter-falcon"), card(s, "stone-giant")
    do(s, f"attack #{falcon} -> P2")  # the giant has no legal block: done is taken for P2
    assert s.life(1) == 19 and not any(e.kind == "block" for e in s.events())
    assert s.in_play(giant) and not s.tapped[giant]
    s = scenario(Seat(play=["skyhunter-falcon", "stone-giant"]), Seat(play=["stone-giant"]), step="attack")
    falcon, theirs = card(s, "skyhunter-falcon"), card(s, "stone-giant", seat=1)
    do(s, f"attack #{falcon} -> P2", f"attack #{card(s, 'stone-giant', seat=0)} -> P2")
    with pytest.raises(IllegalActionError):
        do(s, f"block #{theirs} -> #{falcon}")
    s = scenario(Seat(play=["hedge-knight"]), Seat(play=["skyhunter-falcon"]), step="attack")
    knight, falcon = card(s, "hedge-knight"), card(s, "skyhunter-falcon")
    do(s, f"attack #{knight} -> P2")
    assert f"block #{falcon} -> #{knight}" in legal(s)
    do(s, f"block #{falcon} -> #{knight}")
    assert s.life(1) == 20 and (falcon, knight, 1) in hits(s)


@pytest.mark.rules("SB-098", "SB-R10")
def test_scenario_04_deadly_without_damage() -> None:
    """A 1/1 deadly blocker (Marsh Lurker) blocks a big attacker (Stone Giant, 6/2; the pool has no 5/5
    whose speed exceeds 1) and dies in the attacker's speed step before dealing damage; at the end of
    combat, before damage is removed, the giant is destroyed anyway."""
    s = scenario(Seat(play=["stone-giant"]), Seat(play=["marsh-lurker"]), step="attack")
    giant, lurker = card(s, "stone-giant"), card(s, "marsh-lurker")
    do(s, f"attack #{giant} -> P2", f"block #{lurker} -> #{giant}")
    assert hits(s) == [(giant, lurker, 6)]
    assert kinds_in_order(s, (ev.DESTROYED, "combat_end")) == [
        (ev.DESTROYED, lurker),
        (ev.DESTROYED, giant),
        ("combat_end", -1),
    ]
    assert s.zone_of[giant] == s.layout.discard[0]


@pytest.mark.rules("SB-093", "SB-094", "SB-095", "SB-096", "SB-097", "SB-R11")
def test_scenario_05_bonded_group() -> None:
    """Bonding X (2/2) and non-bonding Y (3/3) attack as a group; one blocker Z names Y, so X and Y are
    both blocked; Z assigns 4 damage among X and Y; neither deals damage to the player.

    The catalog's Z is 4/1, but X (speed 2) and Y (speed 3) would then destroy it (5 damage) before its
    speed step and it would assign nothing, so Z here is Oath Keeper (4/3), striking with Y."""
    s = scenario(Seat(play=["shield-brother", "veteran-pikeman"]), Seat(play=["oath-keeper"]), step="attack")
    x, y, z = card(s, "shield-brother"), card(s, "veteran-pikeman"), card(s, "oath-keeper")
    do(s, f"attack #{x} -> P2", f"attack #{y} with #{x}")
    do(s, f"block #{z} -> #{y}")
    assert s.block_group == {z: s.attack_group[x]} and s.attack_group[x] == s.attack_group[y]
    # speed 3: Y has only Z to hit; Z (P2) splits its 4 between X and Y
    assert (s.decision.kind, s.decision.seat) == ("assign", 1)
    assert {a.rsplit("#", 1)[1] for a in legal(s)} == {str(x), str(y)}
    do(s, f"assign #{z}: 2 -> #{x}", f"assign #{z}: 2 -> #{y}")
    assert not s.in_play(x) and s.in_play(y) and s.in_play(z)  # X died before its speed step
    assert s.life(1) == 20 and not any(dst == -1 for _, dst, _ in hits(s))
    assert (z, x, 2) in hits(s) and (z, y, 2) in hits(s) and (y, z, 3) in hits(s)


@pytest.mark.rules("SB-013", "SB-014", "SB-058", "SB-R09")
def test_scenario_06_lethal_via_unblocked() -> None:
    """The defender at 18 damage takes 2 from an unblocked attacker and loses at that checkpoint, before
    the slower, blocked attacker strikes."""
    s = scenario(Seat(play=["hedge-knight", "war-ox"]), Seat(play=["plague-rat"], life=2), step="attack")
    knight, ox, rat = card(s, "hedge-knight"), card(s, "war-ox"), card(s, "plague-rat")
    do(s, f"attack #{knight} -> P2", f"attack #{ox} -> P2", f"block #{rat} -> #{ox}")
    assert s.outcome is not None and s.outcome.winners == (0,) and s.outcome.reason == "life"
    assert hits(s) == [(knight, -1, 2)]  # the ox (speed 1) never struck
    assert s.life(1) == 0 and not s.alive[1]


@pytest.mark.rules("SB-007", "SB-009", "SB-R26")
@pytest.mark.parametrize(("players", "expected"), [(2, 7), (3, 8)])
def test_scenario_07_first_draw_skip(players: int, expected: int) -> None:
    """The first player holds 7 cards after their first draw step in a 2-player game, 8 in a 3-player one."""
    for seed in range(4):
        s = GAME.new_game(seed=seed, players=players)
        assert isinstance(s, SpellBattleState)
        first = s.active_seats()[0]
        assert s.turn == 1 and s.step == "main"  # the first draw step is over
        assert len(s.zones[s.layout.hand[first]]) == expected
        assert sum(1 for e in s.events() if e.kind == ev.DRAW and e.seat == first) == expected


@pytest.mark.rules("SB-011", "SB-027", "SB-R13")
def test_scenario_08_reshuffle_on_draw() -> None:
    """An empty draw pile and 5 cards in the discard pile: the draw shuffles them in, then draws 1. With
    both empty the draw does nothing and the game goes on."""
    discard = ["war-ox", "quick-scout", "hedge-knight", "tower-guard", "river-bandit"]
    s = scenario(Seat(deck=[], discard=discard), Seat(hand=["ember-bolt"], farms=1), step="draw")
    assert s.step == "draw"
    hand = s.zones[s.layout.hand[0]]
    assert len(hand) == 1 and s.defs[hand[0]].key in discard
    assert s.zones[s.layout.discard[0]] == [] and len(s.zones[s.layout.deck[0]]) == 4
    kinds = [e.kind for e in s.events() if e.seat == 0 and e.kind in (ev.SHUFFLE, ev.DRAW)]
    assert kinds == [ev.SHUFFLE, ev.DRAW]

    s = scenario(Seat(deck=[]), Seat(hand=["ember-bolt"], farms=1), step="draw")
    assert s.step == "draw" and s.decision.kind == "priority" and s.outcome is None
    assert s.zones[s.layout.hand[0]] == []
    assert not any(e.kind in (ev.SHUFFLE, ev.DRAW) for e in s.events())


@pytest.mark.rules("SB-070", "SB-078", "SB-080", "SB-113", "SB-R03")
def test_scenario_09_farm_economy() -> None:
    """One farm per turn; a 2-cost spell cast in the opponent's turn taps 2 farms, which stay sideways
    until the caster's next beginning step."""
    s = scenario(
        # the Hedge Archer gives P1 an option (its ability) at every priority, so every step is seen
        Seat(hand=["fire-lance", "war-ox", "tower-guard", "quick-scout"], farms=1, play=["hedge-archer"]),
        Seat(hand=["stone-giant"], play=["hedge-knight"]),
        step="main",
        active=0,
    )
    lance, ox = card(s, "fire-lance"), card(s, "war-ox")
    do(s, "farm", f"play #{ox} as farm")
    assert "farm" not in legal(s) and s.farm_count(0) == 2  # one farm this turn
    pass_until(s, lambda s: s.active_seats() == [1] and s.decision.seat == 0)  # P2's beginning step
    assert s.step == "beginning"
    knight = card(s, "hedge-knight")
    do(s, f"play #{lance} -> #{knight}")
    assert s.untapped_farms(0) == [] and s.farm_count(0) == 2
    resolve(s)
    assert not s.in_play(knight)
    for step in ("draw", "attack", "main"):
        pass_until(s, lambda s, step=step: s.step == step and s.active_seats() == [1])
        assert s.untapped_farms(0) == []  # still sideways through P2's turn
    pass_until(s, lambda s: s.active_seats() == [0])
    assert s.step == "beginning" and len(s.untapped_farms(0)) == 2
    pass_until(s, lambda s: s.step == "main")
    assert "farm" in legal(s)  # and a new farm this turn


@pytest.mark.rules("SB-130", "SB-138", "SB-139", "SB-140", "SB-R05", "SB-R17")
def test_scenario_10_fizzle_and_fixed_targets() -> None:
    """Death (Final Verdict) targets X; X's controller answers with Justice (Martyr's Oath) on X. Justice
    resolves first, X is destroyed, and Death fizzles to the discard pile: it cannot take another target."""
    s = scenario(
        Seat(hand=["final-verdict"], farms=3),
        Seat(hand=["martyrs-oath"], farms=1, play=["war-ox", "tower-guard"]),
        step="main",
    )
    death, justice = card(s, "final-verdict"), card(s, "martyrs-oath")
    x, other = card(s, "war-ox"), card(s, "tower-guard")
    do(s, f"play #{death} -> #{x}")
    assert s.decision.seat == 1
    do(s, f"play #{justice} -> #{x}")  # nobody can do more: limbo resolves at once
    assert [e.card for e in s.events() if e.kind == ev.PLAY] == [death, justice]
    assert [e.card for e in s.events() if e.kind == ev.RESOLVE] == [justice]
    assert [e.card for e in s.events() if e.kind == ev.FIZZLE] == [death]
    assert s.zone_of[x] == s.layout.discard[1]
    assert s.zone_of[death] == s.layout.discard[0] and s.zone_of[justice] == s.layout.discard[1]
    assert s.in_play(other)  # Death was not redirected


@pytest.mark.rules("SB-133", "SB-134", "SB-135", "SB-136", "SB-137", "SB-R17")
def test_scenario_11_resolution_time_opponent_choice() -> None:
    """Blood Tithe (the Sacrifice archetype) names an opponent on play. Named, P2 counters it; unnamed,
    P3 does not; when it resolves P3 chooses which two of its characters to destroy, or loses its only one."""
    seats = (
        Seat(hand=["blood-tithe", "blood-tithe"], farms=6),
        Seat(hand=["null-sigil"], farms=2, play=["war-ox"]),
        Seat(play=["hedge-knight", "tower-guard", "quick-scout"]),
    )
    s = scenario(*seats, step="main")
    tithe = card(s, "blood-tithe")
    assert {a for a in legal(s) if a.startswith(f"play #{tithe}")} == {
        f"play #{tithe} -> P2",
        f"play #{tithe} -> P3",
    }
    do(s, f"play #{tithe} -> P2", "pass")
    uid = s.stack[0].uid
    assert (s.decision.kind, s.decision.seat) == ("priority", 1)  # P2 knows it is the target
    do(s, f"play #{card(s, 'null-sigil')} -> @{uid}")
    resolve(s)
    assert s.zone_of[tithe] == s.layout.discard[0] and s.in_play(card(s, "war-ox"))

    second = card(s, "blood-tithe", zone="hand")
    do(s, f"play #{second} -> P3")
    pass_until(s, lambda s: s.decision.kind == "sacrifice")
    assert s.decision.seat == 2  # the opponent chooses, on resolution
    knight, guard, scout = card(s, "hedge-knight"), card(s, "tower-guard"), card(s, "quick-scout")
    assert set(legal(s)) == {f"pick #{c}" for c in (knight, guard, scout)}
    do(s, f"pick #{scout}", f"pick #{knight}")
    assert s.in_play(guard) and not s.in_play(scout) and not s.in_play(knight)

    s = scenario(Seat(hand=["blood-tithe"], farms=3), Seat(play=["war-ox"]), step="main")
    do(s, f"play #{card(s, 'blood-tithe')} -> P2")
    resolve(s)
    assert not s.in_play(card(s, "war-ox"))  # only one character: as many as possible

    s = scenario(Seat(hand=["final-verdict", "war-ox"], farms=3), Seat(), step="main")
    assert not any(
        a.startswith(f"play #{card(s, 'final-verdict')}") for a in legal(s)
    )  # no target: unplayable


@pytest.mark.rules("SB-120", "SB-123", "SB-R29")
def test_scenario_12_control_swap_mid_attack() -> None:
    """The attacked player gains control of an attacker: it leaves combat, deals no damage and stays
    sideways in front of its new controller; destroyed later, it goes to its owner's discard pile."""
    s = scenario(
        Seat(play=["war-ox", "hedge-knight"], hand=["final-verdict"], farms=3),
        Seat(hand=["turncoat-pact"], farms=4),
        step="attack",
    )
    ox, knight = card(s, "war-ox"), card(s, "hedge-knight")
    pass_until(s, lambda s: s.decision.kind == "attackers")
    do(s, f"attack #{ox} -> P2", f"attack #{knight} -> P2")
    pass_until(s, lambda s: s.decision.seat == 1)  # the round after attackers are chosen
    do(s, f"play #{card(s, 'turncoat-pact')} -> #{ox}")
    resolve(s)
    assert s.controller[ox] == 1 and ox not in s.attack_group and s.tapped[ox]
    pass_until(s, lambda s: s.step == "main")
    assert s.life(1) == 18  # only the knight hit
    assert not any(src == ox for src, _, _ in hits(s))
    entry = next(c for c in in_play(s.observe(None)) if c.get("id") == ox)
    assert entry["controller"] == 1 and entry["tapped"] and entry["owner"] == 0
    do(s, f"play #{card(s, 'final-verdict')} -> #{ox}")
    resolve(s)
    assert s.zone_of[ox] == s.layout.discard[0]


@pytest.mark.rules("SB-116", "SB-117", "SB-R07")
def test_scenario_13_multi_opponent_block() -> None:
    """In a 3-player game P2 attacks P1, then P3 attacks P1: the same right-side-up blocker of P1 blocks
    in both attacks."""
    s = scenario(
        Seat(play=["iron-sentinel"]),
        Seat(play=["field-hand"]),
        Seat(play=["quick-scout"]),
        step="attack",
        active=1,
    )
    sentinel = card(s, "iron-sentinel")
    hand, scout = card(s, "field-hand", seat=1, zone="play"), card(s, "quick-scout")
    do(s, f"attack #{hand} -> P1", f"block #{sentinel} -> #{hand}")
    assert not s.in_play(hand) and s.in_play(sentinel) and not s.tapped[sentinel]
    pass_until(s, lambda s: s.decision.kind == "attackers" and s.active_seats() == [2])
    do(s, f"attack #{scout} -> P1")
    assert f"block #{sentinel} -> #{scout}" in legal(s)
    do(s, f"block #{sentinel} -> #{scout}")
    assert not s.in_play(scout) and s.in_play(sentinel) and s.life(0) == 20


@pytest.mark.rules("SB-083", "SB-K01", "SB-R12")
def test_scenario_14_ambush_attack() -> None:
    """During their attack step, before declaring attackers, the active player casts an ambush character;
    it can then be declared as an attacker."""
    s = scenario(Seat(hand=["hidden-blade"], farms=1), Seat(), step="attack")
    blade = card(s, "hidden-blade")
    assert (s.step, s.decision.kind, s.decision.seat) == ("attack", "priority", 0)
    do(s, f"play #{blade}")
    pass_until(s, lambda s: s.decision.kind == "attackers")
    assert s.in_play(blade) and legal(s) == ["done", f"attack #{blade} -> P2"]
    do(s, f"attack #{blade} -> P2")
    assert s.life(1) == 19 and s.tapped[blade]
