"""One test per card: every card of ``games/spellbattle/cards/*.toml`` does what its text says.

Each test names the cards it exercises with ``@exercises(...)``; the guard at the end fails when a card
file holds a card that no test exercises (so a new card needs a test).
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

from spellforge import find_game
from spellforge.games.spellbattle.cards import SBCard
from spellforge.games.spellbattle.scenario import Seat, card, do, in_play, legal, scenario
from spellforge.games.spellbattle.state import SpellBattleState

GAME = find_game("spellbattle")
CARD_FILES = sorted((Path(GAME.data_dir) / "cards").glob("*.toml"))
EXERCISED: dict[str, list[str]] = {}
F = TypeVar("F", bound=Callable[..., Any])


def exercises(*keys: str) -> Callable[[F], F]:
    """Record that the decorated test exercises these cards."""

    def mark(fn: F) -> F:
        for key in keys:
            EXERCISED.setdefault(key, []).append(fn.__name__)
        return fn

    return mark


def printed(key: str) -> SBCard:
    d = GAME.cards[key]
    assert isinstance(d, SBCard)
    return d


def by_kind(predicate: Callable[[SBCard], bool]) -> list[str]:
    return sorted(k for k in GAME.cards if predicate(printed(k)))


CHARACTERS = by_kind(lambda d: d.type == "character")
VANILLAS = by_kind(lambda d: d.type == "character" and not d.keywords and not d.effects)
FLYERS = by_kind(lambda d: "flying" in d.keywords)
DEADLY = by_kind(lambda d: "deadly" in d.keywords)
AMBUSH = by_kind(lambda d: "ambush" in d.keywords)
BONDING = by_kind(lambda d: "bonding" in d.keywords)


# ---------------------------------------------------------------------- helpers


def resolve(s: SpellBattleState) -> None:
    """Pass until limbo is empty (choosing the first target for any trigger on the way)."""
    while s.stack or (s.decision is not None and s.decision.kind == "trigger_target"):
        assert s.decision is not None
        do(s, legal(s)[1] if s.decision.kind == "trigger_target" and len(legal(s)) > 1 else legal(s)[0])


def cast(s: SpellBattleState, key: str, target: str = "", seat: int = 0) -> int:
    """Play ``key`` from ``seat``'s hand (with ``target``) and let limbo resolve."""
    cid = card(s, key, seat=seat, zone="hand")
    do(s, f"play #{cid}" + (f" -> {target}" if target else ""))
    resolve(s)
    return cid


def until(s: SpellBattleState, kind: str, seat: int | None = None) -> None:
    for _ in range(300):
        d = s.decision
        assert d is not None, s.outcome
        if d.kind == kind and (seat is None or d.seat == seat):
            return
        do(s, "done" if d.kind in ("attackers", "blockers") else "pass")
    raise AssertionError(f"no {kind} decision")


def next_turn(s: SpellBattleState) -> None:
    turn = s.turn
    while s.turn == turn and s.decision is not None:
        do(s, "done" if s.decision.kind in ("attackers", "blockers") else "pass")


def hand(s: SpellBattleState, seat: int) -> int:
    return len(s.zones[s.layout.hand[seat]])


def attack(s: SpellBattleState, *attackers: int, at: str = "P2") -> None:
    until(s, "attackers")
    for a in attackers:
        do(s, f"attack #{a} -> {at}")


def block(s: SpellBattleState, blocker: int, attacker: int) -> None:
    until(s, "blockers")
    do(s, f"block #{blocker} -> #{attacker}")


def discarded(s: SpellBattleState, cid: int) -> bool:
    return s.zone_of[cid] in s.layout.discard


def speed_steps(s: SpellBattleState) -> list[int]:
    return [e.amount for e in s.events() if e.kind == "speed_step"]


KEEP = "field-hand"  # a card in hand keeps its player's main step a real decision, so play stops there


# ---------------------------------------------------------------------- every character: cost and stats


@exercises(*CHARACTERS)
@pytest.mark.parametrize("key", CHARACTERS)
def test_a_character_costs_its_cost_and_enters_play_with_its_printed_stats(key: str) -> None:
    d = printed(key)
    if d.cost:
        short = scenario(Seat(hand=[key, KEEP], farms=d.cost - 1), Seat(hand=[KEEP]))
        assert f"play #{card(short, key)}" not in legal(short)
    s = scenario(Seat(hand=[key, KEEP], farms=d.cost), Seat(hand=[KEEP]))
    cid = cast(s, key)
    assert s.in_play(cid) and s.controller[cid] == 0 and not s.face_down[cid]
    assert len(s.untapped_farms(0)) == 0  # exactly its cost was paid
    assert (s.strength(cid), s.speed(cid)) == (d.strength, d.speed)
    view = next(c for c in in_play(s.observe(1)) if c["id"] == cid)
    assert (view["strength"], view["speed"], view["keywords"]) == (d.strength, d.speed, sorted(d.keywords))


@exercises(*CHARACTERS)
@pytest.mark.parametrize("key", CHARACTERS)
def test_a_character_blocks_by_its_strength_and_speed(key: str) -> None:
    """X blocks an attacking Field Hand (1/1, speed 1): the speed order decides who is hurt (SB-059..064)."""
    d = printed(key)
    s = scenario(Seat(play=["field-hand"], hand=[KEEP]), Seat(play=[key], hand=[KEEP]), step="attack")
    hand_, x = card(s, "field-hand", seat=0, zone="play"), card(s, key, seat=1, zone="play")
    attack(s, hand_)
    block(s, x, hand_)
    until(s, "priority", seat=0)
    assert s.step == "main" and s.life(1) == 20
    if d.speed > 1:
        expected_steps, x_hit = [d.speed], 0
    elif d.speed == 1:
        expected_steps, x_hit = [1], 1
    else:
        expected_steps, x_hit = ([1, d.speed] if d.strength > 1 else [1]), 1
    assert speed_steps(s) == expected_steps
    assert [e.amount for e in s.events() if e.kind == "damage" and e.card == x] == ([1] if x_hit else [])
    assert discarded(s, hand_)  # its strength (>= 1) destroys the Field Hand, or deadly does
    hand_dmg = [e.amount for e in s.events() if e.kind == "damage" and e.card == hand_]
    assert hand_dmg == ([] if d.speed < 1 and d.strength == 1 else [d.strength])
    assert s.in_play(x) == (x_hit == 0 or d.strength > 1)


@exercises(*VANILLAS)
@pytest.mark.parametrize("key", VANILLAS)
def test_an_unblocked_vanilla_deals_its_strength_to_the_player(key: str) -> None:
    d = printed(key)
    s = scenario(Seat(play=[key], hand=[KEEP]), Seat(hand=[KEEP]), step="attack")
    attack(s, card(s, key, zone="play"))
    until(s, "priority", seat=0)
    assert s.life(1) == 20 - d.strength


# ---------------------------------------------------------------------- keywords


@exercises(*FLYERS)
@pytest.mark.parametrize("key", FLYERS)
def test_a_flyer_is_blocked_only_by_flyers_and_blocks_anything(key: str) -> None:
    other = "sky-warden" if key != "sky-warden" else "gale-kite"
    s = scenario(Seat(play=[key]), Seat(play=["war-ox", other]), step="attack")
    x = card(s, key, seat=0)
    attack(s, x)
    until(s, "blockers")
    assert legal(s) == ["done", f"block #{card(s, other, seat=1)} -> #{x}"]
    s = scenario(Seat(play=["war-ox"]), Seat(play=[key]), step="attack")
    attack(s, card(s, "war-ox"))
    until(s, "blockers")
    assert f"block #{card(s, key)} -> #{card(s, 'war-ox')}" in legal(s)


@exercises(*DEADLY)
@pytest.mark.parametrize("key", DEADLY)
def test_deadly_destroys_what_it_fights_at_the_end_of_combat(key: str) -> None:
    # as a blocker: a Stone Giant (6 strength) survives the damage but not the deadly blocker
    s = scenario(Seat(play=["stone-giant"], hand=[KEEP]), Seat(play=[key]), step="attack")
    giant, x = card(s, "stone-giant"), card(s, key)
    attack(s, giant)
    block(s, x, giant)
    until(s, "priority", seat=0)
    assert discarded(s, giant) and discarded(s, x)
    # as an attacker: the giant that blocks it is destroyed too
    s = scenario(Seat(play=[key], hand=[KEEP]), Seat(play=["stone-giant"]), step="attack")
    giant, x = card(s, "stone-giant"), card(s, key)
    attack(s, x)
    block(s, giant, x)
    until(s, "priority", seat=0)
    assert discarded(s, giant)


@exercises(*AMBUSH)
@pytest.mark.parametrize("key", AMBUSH)
def test_ambush_plays_at_any_priority_and_attacks_at_once(key: str) -> None:
    d = printed(key)
    s = scenario(Seat(hand=[key, "hedge-knight"], farms=d.cost + 2), Seat(hand=[KEEP]), active=1)
    until(s, "priority", seat=0)  # in the opponent's turn
    assert f"play #{card(s, key)}" in legal(s) and f"play #{card(s, 'hedge-knight')}" not in legal(s)
    s = scenario(
        Seat(hand=[key, KEEP], farms=d.cost, play=["field-hand"]), Seat(play=["hedge-knight"]), step="attack"
    )
    x = cast(s, key)  # in the attack step, before attackers are chosen
    until(s, "attackers")
    assert f"attack #{x} -> P2" in legal(s)


@exercises(*BONDING)
@pytest.mark.parametrize("key", BONDING)
def test_bonding_attacks_in_a_group_that_is_blocked_as_one(key: str) -> None:
    s = scenario(Seat(play=["hedge-knight", key], hand=[KEEP]), Seat(play=["stone-giant"]), step="attack")
    knight, x, giant = card(s, "hedge-knight"), card(s, key), card(s, "stone-giant")
    attack(s, knight)
    assert f"attack #{x} with #{knight}" in legal(s)
    do(s, f"attack #{x} with #{knight}")
    block(s, giant, knight)  # naming the knight blocks the whole group
    assert s.group_blocked[s.attack_group[x]]
    until(s, "assign", seat=1)  # the giant is in combat with both members
    assert f"assign #{giant}: 6 -> #{x}" in legal(s)
    do(s, f"assign #{giant}: 6 -> #{x}")
    until(s, "priority", seat=0)
    assert s.life(1) == 20 and s.step == "main"  # neither member got through
    assert discarded(s, x) and s.in_play(knight)


@exercises("hedge-knight", "field-hand")
def test_a_character_without_bonding_cannot_join_a_group() -> None:
    s = scenario(
        Seat(play=["hedge-knight", "field-hand"], hand=[KEEP]), Seat(play=["stone-giant"]), step="attack"
    )
    attack(s, card(s, "hedge-knight"))
    assert not any(" with " in a for a in legal(s))


# ---------------------------------------------------------------------- characters with abilities


@exercises("hedge-archer")
def test_hedge_archer() -> None:
    s = scenario(Seat(play=["hedge-archer"], hand=[KEEP]), Seat(play=["ash-squire", "field-hand"]))
    archer, target = card(s, "hedge-archer"), card(s, "field-hand", seat=1)
    do(s, f"use #{archer} -> #{target}")
    resolve(s)
    assert s.tapped[archer] and discarded(s, target)


@exercises("drill-sergeant")
def test_drill_sergeant() -> None:
    s = scenario(Seat(play=["drill-sergeant", "hedge-knight"], hand=[KEEP]), Seat(hand=[KEEP]))
    sergeant, knight = card(s, "drill-sergeant"), card(s, "hedge-knight")
    do(s, f"use #{sergeant} -> #{knight}")
    resolve(s)
    assert s.tapped[sergeant] and s.strength(knight) == 3
    next_turn(s)
    assert s.strength(knight) == 2


@exercises("banner-lord")
def test_banner_lord() -> None:
    s = scenario(Seat(play=["banner-lord", "hedge-knight"]), Seat(play=["ash-squire"]))
    lord, knight, squire = card(s, "banner-lord"), card(s, "hedge-knight"), card(s, "ash-squire")
    assert (s.speed(lord), s.speed(knight), s.speed(squire)) == (2, 3, 1)


@exercises("phoenix-ward")
def test_phoenix_ward() -> None:
    s = scenario(Seat(hand=["fire-lance", KEEP], farms=2), Seat(play=["phoenix-ward"]))
    ward = card(s, "phoenix-ward")
    cast(s, "fire-lance", f"#{ward}")
    assert s.zone_of[ward] == s.layout.aside


@exercises("grave-caller")
def test_grave_caller() -> None:
    s = scenario(Seat(hand=["final-verdict", KEEP], farms=3), Seat(play=["grave-caller"]))
    before = hand(s, 1)
    cast(s, "final-verdict", f"#{card(s, 'grave-caller')}")
    assert hand(s, 1) == before + 1 and hand(s, 0) == 1  # its controller draws, not the killer


@exercises("war-drummer")
def test_war_drummer() -> None:
    s = scenario(Seat(play=["war-drummer"], hand=[KEEP]), Seat(hand=[KEEP]), step="attack")
    drummer = card(s, "war-drummer")
    assert s.strength(drummer) == 2
    attack(s, drummer)
    until(s, "priority", seat=0)
    assert s.life(1) == 17  # 2 + 1 while attacking
    next_turn(s)
    assert s.strength(drummer) == 2


@exercises("dawn-priest")
def test_dawn_priest() -> None:
    s = scenario(Seat(hand=["dawn-priest", KEEP], farms=2), Seat(hand=[KEEP]))
    cast(s, "dawn-priest")
    assert hand(s, 0) == 2  # played one of two, drew one


@exercises("sun-chaplain")
def test_sun_chaplain() -> None:
    s = scenario(
        Seat(play=["sun-chaplain", "hedge-knight"], hand=[KEEP]), Seat(hand=[KEEP]), step="beginning"
    )
    knight = card(s, "hedge-knight")
    assert s.decision is not None and s.decision.kind == "trigger_target" and s.decision.seat == 0
    do(s, f"target #{knight}")
    resolve(s)
    assert s.speed(knight) == 3
    next_turn(s)
    assert s.speed(knight) == 2  # until end of turn; P2's turn starts no trigger of P1's
    while s.step != "main":  # through P2's beginning step
        assert s.decision is not None and s.decision.kind == "priority"
        do(s, "pass")
    chaplain = card(s, "sun-chaplain")
    assert [e.card for e in s.events() if e.kind == "limbo" and e.note == "trigger"] == [chaplain]
    # face down as a farm it has no ability: only the face-up Chaplain triggers
    s = scenario(
        Seat(play=["sun-chaplain", "hedge-knight"], farms=1, farm_card="sun-chaplain", hand=[KEEP]),
        Seat(hand=[KEEP]),
        step="beginning",
    )
    do(s, f"target #{card(s, 'hedge-knight')}")
    resolve(s)
    assert [e.card for e in s.events() if e.kind == "limbo" and e.note == "trigger"] == [
        card(s, "sun-chaplain")
    ]
    assert not (s.decision is not None and s.decision.kind == "trigger_target")


@exercises("shadow-herald")
def test_shadow_herald() -> None:
    s = scenario(Seat(hand=["shadow-herald", KEEP], farms=2), Seat(play=["field-hand"]))
    herald = card(s, "shadow-herald")
    victim = card(s, "field-hand", seat=1)
    do(s, f"play #{herald}")
    until(s, "trigger_target")
    assert set(legal(s)) == {f"target #{herald}", f"target #{victim}"}
    do(s, f"target #{victim}")
    resolve(s)
    assert discarded(s, victim) and s.in_play(herald)


@exercises("griffin-rider")
def test_griffin_rider_is_blocked_with_its_group_through_a_ground_member() -> None:
    s = scenario(Seat(play=["hedge-knight", "griffin-rider"]), Seat(play=["stone-giant"]), step="attack")
    knight, griffin, giant = card(s, "hedge-knight"), card(s, "griffin-rider"), card(s, "stone-giant")
    attack(s, griffin)
    do(s, f"attack #{knight} with #{griffin}")
    until(s, "blockers")
    assert legal(s) == ["done", f"block #{giant} -> #{knight}"]  # not the flyer itself (SB-R11)


# ---------------------------------------------------------------------- removal


@exercises("final-verdict")
def test_final_verdict() -> None:
    s = scenario(Seat(hand=["final-verdict", KEEP], farms=3), Seat(play=["stone-giant"]))
    giant = card(s, "stone-giant")
    cast(s, "final-verdict", f"#{giant}")
    assert s.zone_of[giant] == s.layout.discard[1]


@exercises("martyrs-oath")
def test_martyrs_oath() -> None:
    s = scenario(Seat(hand=["martyrs-oath", KEEP], farms=1, play=["hedge-knight"]), Seat(play=["war-ox"]))
    oath, knight, ox = card(s, "martyrs-oath"), card(s, "hedge-knight"), card(s, "war-ox")
    assert f"play #{oath} -> #{ox}" not in legal(s)
    cast(s, "martyrs-oath", f"#{knight}")
    assert discarded(s, knight) and s.in_play(ox)


@exercises("blood-tithe")
def test_blood_tithe() -> None:
    s = scenario(
        Seat(hand=["blood-tithe", KEEP], farms=3, play=["hedge-knight"]),
        Seat(play=["war-ox", "ash-squire", "field-hand"]),
    )
    do(s, f"play #{card(s, 'blood-tithe')} -> P2")
    until(s, "sacrifice", seat=1)
    do(s, f"pick #{card(s, 'ash-squire')}", f"pick #{card(s, 'field-hand', seat=1)}")
    assert s.characters(1) == [card(s, "war-ox")] and s.in_play(card(s, "hedge-knight"))


@exercises("banishment")
def test_banishment() -> None:
    s = scenario(Seat(hand=["banishment", KEEP], farms=3), Seat(play=["grave-caller"]))
    caller = card(s, "grave-caller")
    cast(s, "banishment", f"#{caller}")
    assert s.zone_of[caller] == s.layout.aside and hand(s, 1) == 0  # set aside is not destroyed: no draw


# ---------------------------------------------------------------------- limbo


@exercises("severing-word")
def test_severing_word() -> None:
    s = scenario(Seat(hand=["war-ox", KEEP], farms=4), Seat(hand=["severing-word"], farms=1))
    ox = card(s, "war-ox")
    do(s, f"play #{ox}")
    do(s, f"play #{card(s, 'severing-word')} -> @{s.stack[-1].uid}")
    resolve(s)
    assert s.zone_of[ox] == s.layout.discard[0]


@exercises("null-sigil")
def test_null_sigil() -> None:
    s = scenario(Seat(hand=["fire-lance", KEEP], farms=2), Seat(hand=["null-sigil"], farms=2))
    lance = card(s, "fire-lance")
    do(s, f"play #{lance} -> P2")
    do(s, f"play #{card(s, 'null-sigil')} -> @{s.stack[-1].uid}")
    resolve(s)
    assert s.life(1) == 20 and s.zone_of[lance] == s.layout.discard[0]


@exercises("dispel-echo")
def test_dispel_echo() -> None:
    s = scenario(
        Seat(play=["hedge-archer"], hand=[KEEP]), Seat(play=["field-hand"], hand=["dispel-echo"], farms=1)
    )
    victim = card(s, "field-hand", seat=1)
    do(s, f"use #{card(s, 'hedge-archer')} -> #{victim}")
    do(s, f"play #{card(s, 'dispel-echo')} -> @{s.stack[-1].uid}")
    resolve(s)
    assert s.in_play(victim) and s.damage[victim] == 0


@exercises("mirror-echo")
def test_mirror_echo() -> None:
    s = scenario(
        Seat(hand=["battle-fury", KEEP], farms=1, play=["hedge-knight"]),
        Seat(hand=["mirror-echo"], farms=2, play=["ash-squire"]),
    )
    knight, squire = card(s, "hedge-knight"), card(s, "ash-squire")
    do(s, f"play #{card(s, 'battle-fury')} -> #{knight}")
    do(s, f"play #{card(s, 'mirror-echo')} -> @{s.stack[-1].uid}")
    until(s, "copy_target", seat=1)
    do(s, f"target #{squire}")
    resolve(s)
    assert s.strength(knight) == 4 and s.strength(squire) == 4  # the original and the copy


# ---------------------------------------------------------------------- combat tricks


@pytest.mark.parametrize(
    ("key", "stat", "change"),
    [
        ("battle-fury", "strength", 2),
        ("quicken", "speed", 2),
        ("mire", "speed", -2),
        ("wither", "strength", -2),
    ],
)
@exercises("battle-fury", "quicken", "mire", "wither")
def test_until_end_of_turn_tricks(key: str, stat: str, change: int) -> None:
    s = scenario(Seat(hand=[key, KEEP], farms=2), Seat(play=["stone-giant"], hand=[KEEP]))
    giant = card(s, "stone-giant")
    base = s.stat(giant, stat)
    cast(s, key, f"#{giant}")
    assert s.stat(giant, stat) == base + change
    next_turn(s)
    assert s.stat(giant, stat) == base


@exercises("trampling-charge")
def test_trampling_charge() -> None:
    s = scenario(
        Seat(play=["war-ox"], hand=["trampling-charge", KEEP], farms=2),
        Seat(play=["tower-guard"]),
        step="attack",
    )
    ox, guard = card(s, "war-ox"), card(s, "tower-guard")
    attack(s, ox)
    block(s, guard, ox)
    until(s, "priority", seat=0)
    cast(s, "trampling-charge")
    until(s, "priority", seat=0)
    while s.step == "attack":
        do(s, "pass")
    assert s.life(1) == 15 and s.in_play(guard) and s.in_play(ox)  # the ox hit P2, not its blocker


@exercises("rallying-cry")
def test_rallying_cry() -> None:
    s = scenario(
        Seat(hand=["rallying-cry", KEEP], farms=3, play=["hedge-knight", "ash-squire"]), Seat(play=["war-ox"])
    )
    cast(s, "rallying-cry")
    assert (s.strength(card(s, "hedge-knight")), s.strength(card(s, "ash-squire"))) == (3, 3)
    assert s.strength(card(s, "war-ox")) == 5


@exercises("forced-march")
def test_forced_march() -> None:
    s = scenario(Seat(hand=["forced-march", KEEP], farms=2, play=["hedge-knight"]), Seat(play=["war-ox"]))
    cast(s, "forced-march")
    assert hand(s, 0) == 2 and s.speed(card(s, "hedge-knight")) == 3 and s.speed(card(s, "war-ox")) == 1


# ---------------------------------------------------------------------- control and card flow


@exercises("turncoat-pact")
def test_turncoat_pact() -> None:
    s = scenario(Seat(hand=["turncoat-pact", KEEP], farms=4), Seat(play=["stone-giant"]))
    giant = card(s, "stone-giant")
    cast(s, "turncoat-pact", f"#{giant}")
    assert s.controller[giant] == 0 and s.owner[giant] == 1


@exercises("scholars-insight")
def test_scholars_insight() -> None:
    s = scenario(Seat(hand=["scholars-insight", KEEP], farms=2), Seat())
    cast(s, "scholars-insight")
    assert hand(s, 0) == 3


@exercises("grave-robbery")
def test_grave_robbery() -> None:
    s = scenario(
        Seat(hand=["grave-robbery", KEEP], farms=1, discard=["war-ox"]), Seat(discard=["stone-giant"])
    )
    robbery, ox, giant = card(s, "grave-robbery"), card(s, "war-ox"), card(s, "stone-giant")
    assert f"play #{robbery} -> #{giant}" not in legal(s)  # only your own discard pile
    cast(s, "grave-robbery", f"#{ox}")
    assert s.zone_of[ox] == s.layout.hand[0]


@exercises("tactical-retreat")
def test_tactical_retreat() -> None:
    s = scenario(
        Seat(hand=["tactical-retreat", KEEP], farms=1, play=[("hedge-knight", {"damage": 1})]), Seat()
    )
    knight = card(s, "hedge-knight")
    cast(s, "tactical-retreat", f"#{knight}")
    assert s.zone_of[knight] == s.layout.hand[0] and s.damage[knight] == 0


# ---------------------------------------------------------------------- direct damage


@exercises("fire-lance")
def test_fire_lance_hits_a_character_or_a_player() -> None:
    s = scenario(Seat(hand=["fire-lance", "fire-lance", KEEP], farms=4), Seat(play=["tower-guard", "war-ox"]))
    guard, ox = card(s, "tower-guard"), card(s, "war-ox")
    cast(s, "fire-lance", f"#{guard}")
    assert discarded(s, guard)
    cast(s, "fire-lance", "P2")
    assert s.life(1) == 17 and s.in_play(ox)


@exercises("ember-bolt")
def test_ember_bolt() -> None:
    s = scenario(Seat(hand=["ember-bolt", KEEP], farms=1), Seat(play=["field-hand"]))
    bolt = card(s, "ember-bolt")
    assert {a for a in legal(s) if a.startswith(f"play #{bolt}")} == {f"play #{bolt} -> P2"}
    cast(s, "ember-bolt", "P2")
    assert s.life(1) == 18


@exercises("sudden-strike")
def test_sudden_strike() -> None:
    s = scenario(Seat(hand=["sudden-strike", KEEP], farms=1), Seat(play=["field-hand", "hedge-knight"]))
    strike, victim = card(s, "sudden-strike"), card(s, "field-hand", seat=1)
    assert f"play #{strike} -> P2" not in legal(s)
    cast(s, "sudden-strike", f"#{victim}")
    assert discarded(s, victim) and s.damage[card(s, "hedge-knight")] == 0


@exercises("arrow-volley")
def test_arrow_volley() -> None:
    s = scenario(
        Seat(hand=["arrow-volley", KEEP], farms=3, play=["field-hand"]),
        Seat(play=["field-hand", "hedge-knight"]),
    )
    mine, theirs, knight = (
        card(s, "field-hand", seat=0, zone="play"),
        card(s, "field-hand", seat=1),
        card(s, "hedge-knight"),
    )
    cast(s, "arrow-volley")
    assert s.in_play(mine) and discarded(s, theirs) and s.damage[knight] == 1 and s.life(1) == 20


@exercises("earthquake")
def test_earthquake() -> None:
    s = scenario(Seat(hand=["earthquake", KEEP], farms=4, play=["hedge-knight"]), Seat(play=["war-ox"]))
    knight, ox = card(s, "hedge-knight"), card(s, "war-ox")
    cast(s, "earthquake")
    assert discarded(s, knight) and s.damage[ox] == 2 and s.life(0) == s.life(1) == 20


# ---------------------------------------------------------------------- in-play spells


@exercises("war-banner")
def test_war_banner_applies_while_in_play_and_stops_when_it_leaves() -> None:
    s = scenario(Seat(hand=["war-banner", KEEP], farms=3, play=["hedge-knight"]), Seat(play=["war-ox"]))
    knight, ox = card(s, "hedge-knight"), card(s, "war-ox")
    banner = cast(s, "war-banner")
    assert s.in_play(banner) and s.strength(knight) == 3 and s.strength(ox) == 5
    s.destroy_card(banner, -1)  # no card of the pool removes an in-play spell yet
    assert s.zone_of[banner] == s.layout.discard[0] and s.strength(knight) == 2


@exercises("grim-harvest")
def test_grim_harvest() -> None:
    s = scenario(
        Seat(hand=["grim-harvest", "sudden-strike", "war-banner", KEEP], farms=6), Seat(play=["field-hand"])
    )
    harvest = cast(s, "grim-harvest")
    assert s.in_play(harvest)
    before = hand(s, 0)
    cast(s, "sudden-strike", f"#{card(s, 'field-hand', seat=1)}")
    assert hand(s, 0) == before  # played one, drew one for the opponent's destroyed character
    banner = cast(s, "war-banner")
    s.destroy_card(banner, -1)  # an in-play spell is no character (no card of the pool does this yet)
    assert s.pending_triggers == []  # nothing waits to go into limbo


@exercises("watchtower")
def test_watchtower() -> None:
    s = scenario(Seat(hand=["watchtower", KEEP], farms=3, play=["hedge-knight"]), Seat())
    tower, knight = cast(s, "watchtower"), card(s, "hedge-knight")
    assert s.in_play(tower) and len(s.untapped_farms(0)) == 1
    do(s, f"use #{tower} -> #{knight}")
    resolve(s)
    assert s.speed(knight) == 3 and s.tapped[tower] and not s.untapped_farms(0)


# ---------------------------------------------------------------------- farms


@exercises("famine")
def test_famine() -> None:
    s = scenario(Seat(hand=["famine", KEEP], farms=3), Seat(farms=3, hand=["fire-lance"]))
    cast(s, "famine")
    assert s.untapped_farms(1) == [] and len(s.untapped_farms(0)) == 1


@exercises("harvest-moon")
def test_harvest_moon() -> None:
    s = scenario(Seat(hand=["harvest-moon", KEEP], farms=1, tapped_farms=2), Seat(tapped_farms=1))
    cast(s, "harvest-moon")
    assert len(s.untapped_farms(0)) == 3 and s.untapped_farms(1) == []


# ---------------------------------------------------------------------- the guard


def test_every_card_in_the_card_files_has_a_test() -> None:
    in_files: set[str] = set()
    for path in CARD_FILES:
        for raw in tomllib.loads(path.read_text(encoding="utf-8")).get("card", []):
            in_files.add(raw["id"])
    assert len(in_files) >= 67
    missing = sorted(in_files - set(EXERCISED))
    assert not missing, f"cards with no test in test_cards.py: {missing}"
    unknown = sorted(set(EXERCISED) - in_files)
    assert not unknown, f"tests name cards that do not exist: {unknown}"


@pytest.mark.rules("SB-K19")
def test_a_strength_for_the_turn_adds_to_a_static_while_both_apply() -> None:
    s = scenario(Seat(hand=["war-banner", "battle-fury", KEEP], farms=4, play=["hedge-knight"]), Seat())
    knight = card(s, "hedge-knight")
    banner = cast(s, "war-banner")
    cast(s, "battle-fury", f"#{knight}")
    assert s.strength(knight) == 2 + 1 + 2  # printed, the banner's static, the fury for the turn
    s.destroy_card(banner, -1)
    assert s.strength(knight) == 2 + 2
