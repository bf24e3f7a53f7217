"""A side taken out of a battle under way: a champion removed by cardplay before or during a round, a
self-defending realm's round, a player who leaves the table in the middle of a battle."""

from __future__ import annotations

import pytest

from spellforge.core.actions import Resign
from spellforge.games.spellfire.records import BATTLE_DONE
from spellforge.games.spellfire.scenario import Side, act, card, legal, scenario

FILL = ["village-militia"] * 2  # a card in hand keeps a player's decisions from being taken for him


def asked(state) -> tuple[str, int]:
    assert state.decision is not None
    return state.decision.kind, state.decision.seat


def step(state, text: str) -> None:
    """Apply ``text`` and stop at the very next decision (no response round is passed for the test)."""
    act(state, text, settle=False)


def pass_until(state, kinds: tuple[str, ...]) -> None:
    """Everyone asked passes until a decision of one of ``kinds`` comes."""
    while state.decision is not None and state.decision.kind not in kinds:
        step(state, "pass")


def attack_with(state, attacker: str) -> None:
    step(state, "attack slot P2.A")
    pass_until(state, ("champion",))
    step(state, f"send #{card(state, attacker)}")


def play_plague(state, seat: int) -> None:
    """``seat`` plays the event that discards every monster in combat at its first chance; everyone
    passes its pause."""
    while state.decision.seat != seat:
        step(state, "pass")
    step(state, f"play #{card(state, 'plague-of-ash')}")
    pass_until(state, ("respond", "events", "fight", "champion", "defend", "spoils", "attack"))


# ------------------------------------------------------------------ the attacking champion removed


@pytest.mark.rules("SF-208", "SF-213", "SF-214")
@pytest.mark.parametrize("by", [1, 2], ids=["by-the-defender", "by-a-third-player"])
def test_an_attacker_discarded_before_a_defender_is_chosen_earns_the_defender_spoils(by):
    """The attacking monster is sent; in the response round that follows, before the defender has chosen
    anyone, an event discards every monster in combat: the battle is over and the defender draws spoils
    (SF-208 asks no defending champion; SF-207's "no winner" needs both champions discarded)."""
    s = scenario(
        Side(hand=FILL, pool=["cinderwing-drake"]),
        Side(
            hand=["plague-of-ash", "village-militia"] if by == 1 else FILL,
            pool=["mara-swiftblade"],
            formation=["greymarch-fields"],
            deck=["tollgate-downs"],
        ),
        Side(hand=["plague-of-ash", "village-militia"] if by == 2 else FILL),
        phase="attack",
    )
    attack_with(s, "cinderwing-drake")
    assert asked(s) == ("respond", 1)  # the defender has not chosen yet
    play_plague(s, by)
    assert s.zone_name(card(s, "cinderwing-drake")) == "discard"
    pass_until(s, ("defend", "spoils", "attack"))
    assert asked(s) == ("spoils", 1)  # never asked to defend a battle that is over
    assert s.zone_name(card(s, "tollgate-downs")) == "hand"
    assert not s.razed[card(s, "greymarch-fields")] and s.zone_name(card(s, "mara-swiftblade")) == "pool"


@pytest.mark.rules("SF-207")
def test_both_champions_discarded_before_activation_earn_nobody_spoils():
    """Two monsters, the defender's just sent: both discarded by one event, no winner, no spoils."""
    s = scenario(
        Side(hand=FILL, pool=["cinderwing-drake"]),
        Side(hand=FILL, pool=["grimclaw-wyvern"], formation=["greymarch-fields"], deck=["tollgate-downs"]),
        Side(hand=["plague-of-ash", "village-militia"]),
        phase="attack",
    )
    attack_with(s, "cinderwing-drake")
    pass_until(s, ("defend",))
    step(s, f"send #{card(s, 'grimclaw-wyvern')}")
    play_plague(s, 2)
    pass_until(s, ("spoils", "attack", "champion"))
    assert asked(s) == ("attack", 0) and s.fight.over == BATTLE_DONE
    assert s.zone_name(card(s, "tollgate-downs")) == "deck"


# ------------------------------------------------------------------ the defending champion removed


@pytest.mark.rules("SF-202", "SF-236", "SF-159")
def test_a_defender_discarded_mid_round_loses_the_round_whatever_the_totals():
    """A level-2 wizard losing to a level-5 monster discards it with a spell: the round is over and the
    attacker has won it (back to his pool, free to go on); the discarded defender counts for nothing,
    so it neither wins the round nor earns spoils."""
    s = scenario(
        Side(hand=["unmaking", "village-militia"], pool=["pellam-inkfinger", "hollis-greymantle"]),
        Side(hand=FILL, pool=["grimclaw-wyvern"], formation=["greymarch-fields"], deck=["tollgate-downs"]),
        phase="attack",
    )
    pellam, wyvern = card(s, "pellam-inkfinger"), card(s, "grimclaw-wyvern")
    attack_with(s, "pellam-inkfinger")
    pass_until(s, ("defend",))
    step(s, f"send #{wyvern}")
    pass_until(s, ("fight",))
    assert asked(s) == ("fight", 0) and (s.side_total(0), s.side_total(1)) == (2, 5)
    step(s, f"play #{card(s, 'unmaking')} -> #{wyvern}")
    pass_until(s, ("champion", "spoils", "attack", "fight", "events"))
    assert s.zone_name(wyvern) == "discard"
    assert s.zone_name(pellam) == "pool"  # the winner goes home (SF-202)
    assert asked(s) == ("champion", 0)  # the attacker may go on with another champion
    assert f"send #{card(s, 'hollis-greymantle')}" in legal(s)
    assert s.zone_name(card(s, "tollgate-downs")) == "deck"  # no spoils for the defender
    assert not s.razed[card(s, "greymarch-fields")]


@pytest.mark.rules("SF-202", "SF-236", "SF-159")
def test_a_defender_discarded_before_activation_with_an_ally_still_in_play():
    """The defending monster is discarded in the response round after it was sent; nothing of the
    defending side is left to count and the round goes to the attacker at once."""
    s = scenario(
        Side(hand=FILL, pool=["hollis-greymantle"]),
        Side(
            hand=["elven-archers", "village-militia"],
            pool=["grimclaw-wyvern"],
            formation=["greymarch-fields"],
            deck=["tollgate-downs"],
        ),
        Side(hand=["plague-of-ash", "village-militia"]),
        phase="attack",
    )
    hollis, wyvern = card(s, "hollis-greymantle"), card(s, "grimclaw-wyvern")
    attack_with(s, "hollis-greymantle")
    pass_until(s, ("defend",))
    step(s, f"send #{wyvern}")
    play_plague(s, 2)
    pass_until(s, ("champion", "spoils", "attack", "fight", "events"))
    assert s.zone_name(wyvern) == "discard" and s.zone_name(hollis) == "pool"
    assert asked(s) == ("champion", 0) or asked(s) == ("attack", 0)
    assert s.zone_name(card(s, "tollgate-downs")) == "deck"


@pytest.mark.rules("SF-159", "SF-186", "SF-187")
def test_a_defender_discarded_while_its_ally_keeps_it_winning():
    """The defending monster, losing (5 against 3 + 3), takes the lead with a +3 ally; a third player's
    event then discards the monster: neither the monster out of play nor the ally left in the round
    keeps the defending side winning, and the round is the attacker's."""
    s = scenario(
        Side(hand=FILL, pool=["hollis-greymantle"]),
        Side(
            hand=["elven-archers", "village-militia"],
            pool=["grimclaw-wyvern"],
            formation=["greymarch-fields"],
            deck=["tollgate-downs"],
        ),
        Side(hand=["plague-of-ash", "village-militia"]),
        phase="attack",
    )
    hollis, wyvern, ally = card(s, "hollis-greymantle"), card(s, "grimclaw-wyvern"), card(s, "elven-archers")
    attack_with(s, "hollis-greymantle")
    pass_until(s, ("defend",))
    step(s, f"send #{wyvern}")
    pass_until(s, ("fight",))
    assert asked(s) == ("fight", 1) and (s.side_total(0), s.side_total(1)) == (6, 5)
    step(s, f"play #{ally}")
    assert (s.side_total(0), s.side_total(1)) == (6, 8)
    play_plague(s, 2)
    assert s.zone_name(wyvern) == "discard"
    pass_until(s, ("champion", "spoils", "attack", "fight"))
    assert s.zone_name(hollis) == "pool" and asked(s) == ("champion", 0)
    assert s.zone_name(ally) == "discard"  # an ally's end, win or lose (SF-K03)
    assert s.zone_name(card(s, "tollgate-downs")) == "deck"


@pytest.mark.rules("SF-202", "SF-236", "SF-R12")
def test_a_defender_discarded_mid_round_loses_it_even_to_a_level_0_attacker():
    """A champion whose level is the number of its owner's unrazed realms attacks with none (level 0);
    a third player's event discards the defending monster: with nothing left to compare, 0 against
    nothing is still the attacker's round (a tie would have gone to the defender, SF-186)."""
    s = scenario(
        Side(hand=FILL, pool=["vessel-of-the-realm"]),
        Side(hand=FILL, pool=["grimclaw-wyvern"], formation=["greymarch-fields"], deck=["tollgate-downs"]),
        Side(hand=["plague-of-ash", "village-militia"]),
        phase="attack",
    )
    vessel, wyvern = card(s, "vessel-of-the-realm"), card(s, "grimclaw-wyvern")
    attack_with(s, "vessel-of-the-realm")
    pass_until(s, ("defend",))
    step(s, f"send #{wyvern}")
    pass_until(s, ("fight",))
    assert (s.side_total(0), s.side_total(1)) == (0, 5)
    play_plague(s, 2)
    pass_until(s, ("champion", "spoils", "attack"))
    assert s.zone_name(wyvern) == "discard" and s.zone_name(vessel) == "pool"
    assert asked(s) != ("spoils", 1)
    assert s.zone_name(card(s, "tollgate-downs")) == "deck"


@pytest.mark.rules("SF-205", "SF-211", "SF-212")
def test_the_realm_lost_after_the_defender_was_removed_still_ends_the_battle():
    """In the response round after the defender was sent, a third player's event discards the defending
    monster (the round is the attacker's), then the attacker discards the attacked realm with an event
    before the round is cleaned up: the battle is over, the attacker draws spoils and his champion
    goes home; no further round is fought over a realm that is gone."""
    s = scenario(
        Side(hand=["earthquake-rift", "village-militia"], pool=["hollis-greymantle", "garrick-stormcloak"]),
        Side(hand=FILL, pool=["grimclaw-wyvern"], formation=["greymarch-fields"], deck=["tollgate-downs"]),
        Side(hand=["plague-of-ash", "village-militia"]),
        phase="attack",
    )
    realm = card(s, "greymarch-fields")
    attack_with(s, "hollis-greymantle")
    pass_until(s, ("defend",))
    step(s, f"send #{card(s, 'grimclaw-wyvern')}")
    play_plague(s, 2)
    assert s.zone_name(card(s, "grimclaw-wyvern")) == "discard"
    assert asked(s) == ("respond", 0)  # the response round goes on
    step(s, f"play #{card(s, 'earthquake-rift')} -> #{realm}")
    pass_until(s, ("spoils", "champion", "attack"))
    assert s.zone_name(realm) == "discard"
    assert asked(s) == ("spoils", 0)
    assert s.zone_name(card(s, "hollis-greymantle")) == "pool"
    step(s, "keep")
    pass_until(s, ("champion", "attack"))
    assert asked(s) == ("attack", 0)


# ------------------------------------------------------------------ a realm that defends itself


@pytest.mark.rules("SF-R27", "SF-187", "SF-189")
def test_a_self_defending_realm_s_round_goes_on_after_a_card_is_played():
    """Against a realm defending itself (5 + 3) the attacker, losing, plays one +3 spell and is still
    losing: the round goes on, and he may play another card."""
    s = scenario(
        Side(hand=["arc-lightning", "searing-orb", "village-militia"], pool=["pellam-inkfinger"]),
        Side(hand=FILL, formation=["thornspire-wilds"], deck=["tollgate-downs"]),
        phase="attack",
    )
    realm = card(s, "thornspire-wilds")
    attack_with(s, "pellam-inkfinger")
    pass_until(s, ("defend",))
    step(s, f"use #{realm}")
    pass_until(s, ("fight",))
    assert (s.side_total(0), s.side_total(1)) == (2, 8)
    step(s, f"play #{card(s, 'arc-lightning')}")
    pass_until(s, ("fight", "events", "spoils", "champion"))
    assert s.side_total(0) == 5
    assert asked(s) == ("fight", 0)  # still losing: his turn to play goes on
    step(s, f"play #{card(s, 'searing-orb')}")
    pass_until(s, ("fight", "events", "spoils", "champion"))
    assert s.side_total(0) == 9  # now winning
    pass_until(s, ("spoils", "champion", "attack"))
    assert s.razed[realm] and asked(s) == ("spoils", 0)  # the realm lost its own defence (SF-R27)


@pytest.mark.rules("SF-R27", "SF-208")
def test_an_attacker_discarded_against_a_self_defending_realm_earns_the_defender_spoils():
    s = scenario(
        Side(hand=FILL, pool=["cinderwing-drake"]),
        Side(hand=FILL, formation=["thornspire-wilds"], deck=["tollgate-downs"]),
        Side(hand=["plague-of-ash", "village-militia"]),
        phase="attack",
    )
    realm = card(s, "thornspire-wilds")
    attack_with(s, "cinderwing-drake")
    pass_until(s, ("defend",))
    step(s, f"use #{realm}")
    play_plague(s, 2)
    assert s.zone_name(card(s, "cinderwing-drake")) == "discard"
    assert not s.razed[realm]  # the realm itself is no monster in combat
    pass_until(s, ("spoils", "attack", "champion"))
    assert asked(s) == ("spoils", 1)


# ------------------------------------------------------------------ a player leaves in the middle of a battle


def three_player_round():
    s = scenario(
        Side(hand=FILL, pool=["hollis-greymantle", "garrick-stormcloak"], deck=["copperhill-town"] * 6),
        Side(
            hand=FILL, pool=["mara-swiftblade"], formation=["greymarch-fields"], deck=["tollgate-downs"] * 6
        ),
        Side(hand=FILL, deck=["mistwood-dale"] * 6),
        phase="attack",
    )
    attack_with(s, "hollis-greymantle")
    pass_until(s, ("defend",))
    step(s, f"send #{card(s, 'mara-swiftblade')}")
    pass_until(s, ("fight", "events"))
    return s


@pytest.mark.rules("SF-R23", "SF-203")
def test_a_defender_who_leaves_mid_round_no_longer_defends():
    """The defender resigns in the middle of a round: his defence is given up (as one he owed is), so
    the realm is razed and the attacker draws spoils; his champion goes back to his pool; nobody asks
    the player who left for anything."""
    s = three_player_round()
    realm, mara = card(s, "greymarch-fields"), card(s, "mara-swiftblade")
    s.apply(Resign(1))
    seen = []
    while s.decision is not None and s.decision.kind != "attack":
        seen.append(asked(s))
        step(s, "pass" if "pass" in legal(s) else "keep")
    assert all(seat != 1 for _, seat in seen)
    assert ("spoils", 0) in seen
    assert s.razed[realm] and s.zone_name(mara) == "pool"
    assert s.zone_name(card(s, "hollis-greymantle")) == "pool"
    assert s.fight.over == BATTLE_DONE


@pytest.mark.rules("SF-R23", "SF-197")
def test_a_defender_who_left_is_never_asked_to_defend():
    s = three_player_round()
    step(s, "pass")  # the attacker (winning: 3 + 3 against 4) passes
    pass_until(s, ("champion",))  # the round is his
    s.apply(Resign(1))
    step(s, f"send #{card(s, 'garrick-stormcloak')}")
    pass_until(s, ("defend", "spoils", "attack"))
    assert asked(s) == ("spoils", 0) and s.razed[card(s, "greymarch-fields")]


@pytest.mark.rules("SF-R23", "SF-204")
def test_an_attacker_who_leaves_mid_round_ends_the_battle_with_every_card_home():
    """The attacker resigns in the middle of a round: his turn ends, the battle with it; nobody wins it
    and nobody draws spoils; both champions go back to their pools, none is left in the battle."""
    s = three_player_round()
    mara, hollis = card(s, "mara-swiftblade"), card(s, "hollis-greymantle")
    s.apply(Resign(0))
    assert s.active == 1 and s.outcome is None
    assert s.zone_name(mara) == "pool" and s.zone_name(hollis) == "pool"
    assert not s.zones[s.layout.battle]
    assert s.fight.over == BATTLE_DONE
    assert not s.razed[card(s, "greymarch-fields")]
    assert s.check_invariants() == []


@pytest.mark.rules("SF-R23", "SF-204")
def test_defender_then_attacker_leave_during_an_event_pause_in_the_round():
    """Four players: an event is played in the round; during its pause the defender leaves (the battle
    is over, its clean-up waits for the pause), then the attacker: his turn ends and no card is left in
    the battle for the next player's turn."""
    s = scenario(
        Side(hand=FILL, pool=["hollis-greymantle"]),
        Side(
            hand=FILL, pool=["mara-swiftblade"], formation=["greymarch-fields"], deck=["tollgate-downs"] * 6
        ),
        Side(hand=["windfall", "village-militia"], deck=["mistwood-dale"] * 6),
        Side(hand=FILL, deck=["copperhill-town"] * 6),
        phase="attack",
    )
    attack_with(s, "hollis-greymantle")
    pass_until(s, ("defend",))
    step(s, f"send #{card(s, 'mara-swiftblade')}")
    pass_until(s, ("fight", "events"))
    while s.decision.seat != 2:
        step(s, "pass")
    step(s, f"play #{card(s, 'windfall')}")
    assert asked(s) == ("pause", 3)
    s.apply(Resign(1))
    assert s.fight.over == BATTLE_DONE and s.razed[card(s, "greymarch-fields")]
    while asked(s)[1] != 0:
        step(s, "pass")
    s.apply(Resign(0))
    assert s.active == 2 and s.outcome is None
    assert not s.zones[s.layout.battle]
    assert (
        s.zone_name(card(s, "hollis-greymantle")) == "pool"
        and s.zone_name(card(s, "mara-swiftblade")) == "pool"
    )
    assert s.check_invariants() == []


@pytest.mark.rules("SF-R23", "SF-208")
def test_a_player_who_left_earns_no_spoils():
    """P3 has left the table; his realm is still attacked, the attacking monster is discarded by an
    event before anyone defends: the battle is over, and nobody is asked to draw P3's spoils."""
    s = scenario(
        Side(hand=FILL, pool=["cinderwing-drake"]),
        Side(hand=["plague-of-ash", "village-militia"]),
        Side(hand=FILL, pool=["mara-swiftblade"], formation=["greymarch-fields"], deck=["tollgate-downs"]),
        phase="attack",
    )
    s.apply(Resign(2))
    step(s, "attack slot P3.A")
    pass_until(s, ("champion",))
    step(s, f"send #{card(s, 'cinderwing-drake')}")
    play_plague(s, 1)
    assert s.zone_name(card(s, "cinderwing-drake")) == "discard"
    seen = []
    while s.decision is not None and s.decision.kind != "attack":
        seen.append(asked(s))
        step(s, "pass")
    assert all(seat != 2 for _, seat in seen) and s.outcome is None
    assert s.zone_name(card(s, "tollgate-downs")) == "deck"
