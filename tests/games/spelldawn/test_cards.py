"""One test per card: each card is played where its abilities work, and what it prints happens.

The expected change is read from the card's own effects (verb and amount), and the test checks the state
the engine reaches: mana, cards in hand, curses, action points, stored mana, points, the raid. The printed
text is checked to name every amount, so data and text agree.
"""

from __future__ import annotations

import re

import pytest

from spellforge import find_game
from spellforge.games.spelldawn.base import ARENA, BOONS, HAND, RIFTCALLER, SCORE
from spellforge.games.spelldawn.cards import SpelldawnCard
from spellforge.games.spelldawn.state import SpelldawnState

from .util import Side, act, card_id, legal, scenario

GAME = find_game("spelldawn")
CARDS: dict[str, SpelldawnCard] = GAME.cards  # type: ignore[assignment]
FILLER = ["windfall"] * 8
OL_DECK = ["dark-bargain"] * 6


class Snapshot:
    def __init__(self, s: SpelldawnState) -> None:
        self.ol_mana, self.ch_mana = s.mana[s.ol], s.mana[s.ch]
        self.ol_hand, self.ch_hand = len(s.zones[HAND[s.ol]]), len(s.zones[HAND[s.ch]])
        self.curses, self.ap = s.curses, s.ap


def expect(card: SpelldawnCard, trigger: str, progress: int = 0) -> dict[str, int]:
    """The changes ``trigger``'s effects of ``card`` make (trigger "": on resolution; "activate")."""
    if trigger == "activate":
        effects = card.activated
    else:
        effects = card.on.get(trigger, ()) if trigger else card.on_resolve
    out = {
        "mana": 0,
        "draw": 0,
        "damage": 0,
        "curse": 0,
        "lose": 0,
        "store": 0,
        "take": 0,
        "end": 0,
        "raid_mana": 0,
    }
    for e in effects:
        n = e.amount * (progress if e.param("per") == "progress" else 1)
        key = {"gain_mana": "mana", "lose_actions": "lose", "end_raid": "end"}.get(e.verb, e.verb)
        out[key] = out.get(key, 0) + (n if e.verb != "end_raid" else 1)
    return out


def ids() -> list[str]:
    return sorted(CARDS)


@pytest.mark.parametrize("key", ids())
def test_text_names_every_amount(key: str) -> None:
    card = CARDS[key]
    numbers = set(re.findall(r"\d+", card.text))
    for e in card.effects:
        if e.amount == 1 and re.search(r"\b(a|an)\b", card.text):
            continue  # "draw a card", "give a curse"
        if e.amount:
            assert str(e.amount) in numbers, f"{key}: {e.verb} {e.amount} not in {card.text!r}"
    for field in ("attack", "breach"):
        if card.is_weapon and getattr(card, field):
            assert str(getattr(card, field)) in numbers


@pytest.mark.rules("SD-005", "SD-040", "SD-064", "SD-065")
@pytest.mark.parametrize("key", [k for k in ids() if CARDS[k].type == "scheme"])
def test_scheme(key: str) -> None:
    card = CARDS[key]
    s = scenario(
        Side(rooms={"A": [f"{key}:progress={card.progress - 1}"]}, mana=1, deck=OL_DECK), Side(hand=FILLER)
    )
    s.raided_turn = s.turn - 1
    before = Snapshot(s)
    act(s, "progress room A")
    gain = expect(card, "score")
    assert s.points[s.ol] == card.points and s.zones[SCORE[s.ol]] == [card_id(s, key)]
    assert s.mana[s.ol] == before.ol_mana - 1 + gain["mana"]
    assert len(s.zones[HAND[s.ol]]) == before.ol_hand + gain["draw"]
    assert len(s.zones[HAND[s.ch]]) == before.ch_hand - gain["damage"]
    assert s.curses == gain["curse"]


@pytest.mark.parametrize("key", [k for k in ids() if CARDS[k].type == "minion"])
def test_minion(key: str) -> None:
    card = CARDS[key]
    s = scenario(
        Side(rooms={"A": ["tithe-of-ash", key]}, mana=card.cost), Side(hand=FILLER, mana=0), active="champion"
    )
    m = card_id(s, key)
    act(s, "raid room A", f"summon #{m}")
    summon, meet, combat = expect(card, "summon"), expect(card, "encounter"), expect(card, "combat")
    assert not s.face_down[m]
    # no weapon: the encounter's one option is taken, the Combat ability fires
    assert s.mana[s.ol] == summon["mana"] + combat["mana"]
    assert len(s.zones[HAND[s.ch]]) == len(FILLER) - meet["damage"] - combat["damage"]
    assert s.curses == combat["curse"]
    assert s.ap == 3 - combat["lose"]
    assert (s.raid_room < 0) == bool(combat["end"])


def _window(s: SpelldawnState, card: SpelldawnCard, p: int) -> None:
    """Open ``card``'s unveil window and unveil it (SD-R21)."""
    sub = card.subtype
    if sub == "nightbound":
        if "unveil_on_activate" in card.keywords:
            act(s, f"activate #{p}")
        else:
            act(s, f"unveil #{p}")
    elif sub == "duskbound":
        act(s, f"unveil #{p}")
    elif sub == "roombound":
        act(s, "raid room A", f"unveil #{p}")
    elif sub == "summonbound":
        act(s, "raid room B", f"unveil #{p}")


@pytest.mark.parametrize("key", [k for k in ids() if CARDS[k].type == "project"])
def test_project(key: str) -> None:
    card = CARDS[key]
    sub = card.subtype
    champion_turn = sub in ("roombound", "summonbound", "trap", "duskbound")
    rooms: dict[str, list[str | None]] = {"A": [f"{key}:progress=2" if card.progressable else key]}
    if sub == "summonbound":
        rooms["B"] = ["tithe-of-ash", "iron-sentinel"]
    s = scenario(
        Side(rooms=rooms, mana=card.cost + (3 if sub == "summonbound" else 0), deck=OL_DECK),
        Side(hand=FILLER[:5], mana=0),
        active="champion" if champion_turn else "overlord",
        ap=1 if sub == "duskbound" else None,
    )
    p = card_id(s, key)
    if sub == "duskbound":
        act(s, "pass")
        assert s.decision.kind == "dusk"
    before = Snapshot(s)
    if sub == "trap":
        act(s, "raid room A")
        assert legal(s) == ["pass"]  # a Trap is never unveiled
        act(s, "pass")
        got = expect(card, "access")
        assert len(s.zones[HAND[s.ch]]) == before.ch_hand - got["damage"] and s.curses == got["curse"]
        return
    _window(s, card, p)
    got = expect(card, "unveil", progress=2)
    assert not s.face_down[p]
    spent = card.cost
    if sub == "nightbound" and "unveil_on_activate" in card.keywords:
        act_gain = expect(card, "activate")
        assert s.stored[p] == got["store"] - act_gain["take"]
        assert s.mana[s.ol] == before.ol_mana - spent + act_gain["take"]
        return
    if sub == "duskbound":
        got = {**got, "mana": got["mana"] + expect(card, "dusk")["mana"] + 1}  # its Dusk and Thornmother's
    assert s.stored[p] == got["store"]
    assert s.mana[s.ol] == before.ol_mana - spent + got["mana"]
    assert len(s.zones[HAND[s.ch]]) == before.ch_hand - got["damage"]
    if got["end"]:
        assert s.raid_room < 0 and s.decision.kind == "main"
    if card.activated and not s.face_down[p] and sub == "nightbound":
        take = expect(card, "activate")["take"]
        mana = s.mana[s.ol]
        act(s, f"activate #{p}")
        assert s.mana[s.ol] == mana + min(take, got["store"])


@pytest.mark.rules("SD-035", "SD-036")
@pytest.mark.parametrize(
    "key", [k for k in ids() if CARDS[k].type == "spell" and CARDS[k].side == "overlord"]
)
def test_overlord_spell(key: str) -> None:
    card = CARDS[key]
    s = scenario(Side(hand=[key], mana=card.cost, deck=OL_DECK), Side(hand=FILLER, curses=1))
    s.raided_turn = s.turn - 1  # the conditions hold
    before = Snapshot(s)
    act(s, f"play #{card_id(s, key)}")
    got = expect(card, "")
    assert s.mana[s.ol] == before.ol_mana - card.cost + got["mana"]
    assert len(s.zones[HAND[s.ol]]) == before.ol_hand - 1 + got["draw"]
    assert len(s.zones[HAND[s.ch]]) == before.ch_hand - got["damage"]
    assert s.curses == 1 + got["curse"]


@pytest.mark.parametrize(
    "key", [k for k in ids() if CARDS[k].type == "spell" and CARDS[k].side == "champion"]
)
def test_champion_spell(key: str) -> None:
    card = CARDS[key]
    s = scenario(
        Side(hand=["tithe-of-ash"], rooms={"A": ["gilded-ledger"]}, deck=OL_DECK, discard=["dark-bargain"]),
        Side(hand=[key], mana=card.cost, deck=FILLER),
        active="champion",
    )
    before = Snapshot(s)
    act(s, f"play #{card_id(s, key)}")
    raid = [e for e in card.on_resolve if e.verb == "raid"]
    if raid:
        e = raid[0]
        if e.param("room", "any") == "any":
            assert s.decision.kind == "raid_target"
            act(s, "raid room A")
            assert s.raid_mana == e.param("mana", 0)
            return
        assert s.raid_room == {"sanctum": 0, "vault": 1, "crypts": 2}[e.param("room")]
        assert s.raid_mana == e.param("mana", 0) and s.raid_extra == e.param("access", 0)
        assert s.decision.kind == "access"
        return
    got = expect(card, "")
    assert s.mana[s.ch] == before.ch_mana - card.cost + got["mana"]
    assert len(s.zones[HAND[s.ch]]) == before.ch_hand - 1 + got["draw"]


@pytest.mark.parametrize(
    "key", [k for k in ids() if CARDS[k].type in ("ally", "evocation", "artifact") and not CARDS[k].is_weapon]
)
def test_champion_permanent(key: str) -> None:
    card = CARDS[key]
    s = scenario(
        Side(
            hand=["tithe-of-ash", "dark-bargain"],
            deck=["dark-bargain", "gilded-ledger", "crown-of-cinders"],
            mana=9,
        ),
        Side(hand=[key], mana=card.cost, deck=FILLER, curses=1),
        active="champion",
    )
    c = card_id(s, key)
    act(s, f"play #{c}")
    assert s.zone_of[c] == ARENA[s.ch]
    play = expect(card, "play")
    assert s.stored[c] == play["store"] and s.mana[s.ch] == play["mana"]
    statics = card.static_sum
    if "hand_size" in statics:
        assert s.max_hand(s.ch) == 5 + statics["hand_size"]
    if "curse_discount" in statics:
        assert s.curse_cost() == 2 - statics["curse_discount"]
    if "vault_access" in statics or "sanctum_access" in statics:
        room = "vault" if "vault_access" in statics else "sanctum"
        act(s, f"raid room {room}")
        assert len(s.raid_accessed) == 2
        act(s, "done")
    if card.activated:
        before = Snapshot(s)
        stored = s.stored[c]
        act(s, f"activate #{c}")
        got = expect(card, "activate")
        assert len(s.zones[HAND[s.ch]]) == before.ch_hand + got["draw"]
        assert s.mana[s.ch] == before.ch_mana + min(got["take"], stored)
        if got["store"]:
            assert s.stored[c] == stored + got["store"]
    if "raid" in card.on or "success" in card.on or "raid_end" in card.on:
        mana = s.mana[s.ch]
        act(s, "raid room crypts")
        assert s.raid_mana == expect(card, "raid")["raid_mana"]
        act(s, "done")
        assert s.mana[s.ch] == mana + expect(card, "success")["mana"] + expect(card, "raid_end")["mana"]
    if "dawn" in card.on:
        while s.active == s.ch:
            s.apply(s.legal_actions()[0] if s.decision.kind != "main" else s.game.parse_action(s, "pass"))
        stored, hand, mana = s.stored[c], len(s.zones[HAND[s.ch]]), s.mana[s.ch]
        while s.active == s.ol or s.decision.kind != "main":
            s.apply(s.game.parse_action(s, "pass") if s.decision.kind == "main" else s.legal_actions()[-1])
        dawn = expect(card, "dawn")
        assert len(s.zones[HAND[s.ch]]) == hand + dawn["draw"]
        pilgrim = 1  # the default riftcaller's Dawn
        assert s.mana[s.ch] == mana + dawn["mana"] + min(dawn["take"], stored) + pilgrim


@pytest.mark.rules("SD-053", "SD-054")
@pytest.mark.parametrize("key", [k for k in ids() if CARDS[k].is_weapon])
def test_weapon(key: str) -> None:
    card = CARDS[key]
    foe = {
        "mortal": "bramble-hulk",
        "astral": "time-eater",
        "infernal": "molten-hound",
        "prismatic": "time-eater",
    }
    minion = foe[card.resonance]
    s = scenario(
        Side(rooms={"A": ["tithe-of-ash", f"{minion}:up"]}, mana=0),
        Side(hand=[key], mana=card.cost + 20),
        active="champion",
    )
    w, m = card_id(s, key), card_id(s, minion)
    act(s, f"play #{w}")
    d = CARDS[minion]
    short = max(0, d.health - card.attack)
    boosts = -(-short // card.boost_bonus) if short else 0
    shield = d.shield * (2 if "slow" in card.keywords else 1)
    cost = boosts * card.boost_cost + max(0, shield - card.breach)
    assert s.defeat_cost(w, m) == cost
    act(s, "raid room A", f"use #{w}", "pass")
    assert s.mana[s.ch] == 20 - cost
    act(s, "done")
    assert (s.zone_of[w] == ARENA[s.ch]) == ("single_raid" not in card.keywords)


@pytest.mark.parametrize("key", [k for k in ids() if CARDS[k].type == "riftcaller"])
def test_riftcaller(key: str) -> None:
    card = CARDS[key]
    role = card.side
    side = Side(
        riftcaller=key,
        hand=[] if role == "champion" else ["tithe-of-ash"],
        deck=OL_DECK if role == "overlord" else FILLER,
    )
    other = (
        Side(hand=FILLER[:3], rooms={"A": ["twilight-shrine"]})
        if role == "champion"
        else Side(hand=FILLER[:3])
    )
    s = (
        scenario(side, other, active="champion", ap=1)
        if role == "overlord"
        else scenario(other, side, active="overlord", ap=1)
    )
    r = s.zones[RIFTCALLER[s.ol if role == "overlord" else s.ch]][0]
    assert s.defs[r].key == key
    statics = card.static_sum
    if "raze_tax" in statics:
        assert s.raze_cost(card_id(s, "twilight-shrine") if role == "champion" else r) >= statics["raze_tax"]
    if "hand_size" in statics:
        seat = s.ol if role == "overlord" else s.ch
        assert s.max_hand(seat) == 5 + statics["hand_size"]
    if "vault_access" in statics:
        s = scenario(Side(deck=OL_DECK), side, active="champion")
        act(s, "raid room vault")
        assert len(s.raid_accessed) == 2
        return
    if "dusk" in card.on:
        s.raided_turn = s.turn  # this Champion turn had a successful raid
        s.curses = 1
        mana = s.mana[s.ol]
        act(s, "pass")
        while s.decision.kind != "main":
            s.apply(s.legal_actions()[0])
        assert s.mana[s.ol] == mana + expect(card, "dusk")["mana"]
    if "dawn" in card.on:
        mana, hand = s.mana[s.ch], len(s.zones[HAND[s.ch]])
        act(s, "pass")
        while s.decision.kind != "main":
            s.apply(s.legal_actions()[0])
        got = expect(card, "dawn")
        assert s.mana[s.ch] == mana + got["mana"] and len(s.zones[HAND[s.ch]]) == hand + got["draw"]
    if "raid" in card.on:
        act(s, "pass")
        while s.decision.kind != "main":
            s.apply(s.legal_actions()[0])
        act(s, "raid room crypts")
        assert s.raid_mana == expect(card, "raid")["raid_mana"]


@pytest.mark.rules("SD-011", "SD-K32")
@pytest.mark.parametrize("key", [k for k in ids() if CARDS[k].type == "boon"])
def test_boon(key: str) -> None:
    """A boon beside its side's riftcaller: each static and trigger it prints, where it works."""
    card = CARDS[key]
    mine = card.side
    boon = Side(boons=[key], hand=FILLER[:2] if mine == "champion" else [], deck=FILLER)
    if mine == "overlord":
        boon = Side(boons=[key], hand=["tithe-of-ash", "dark-bargain", "dark-bargain"], deck=OL_DECK)
    other = (
        Side(hand=FILLER[:2], deck=FILLER)
        if mine == "overlord"
        else Side(hand=["dark-bargain"] * 3, deck=OL_DECK)
    )
    rooms = {"A": ["twilight-shrine"]}
    ol, ch = (boon, other) if mine == "overlord" else (other, boon)
    ol.rooms = rooms
    s = scenario(ol, ch, active="champion")
    b = card_id(s, key)
    seat = s.ol if mine == "overlord" else s.ch
    assert s.zone_of[b] == BOONS[seat] and not s.face_down[b]
    statics = card.static_sum
    checked = 0
    if "raze_tax" in statics:
        shrine = card_id(s, "twilight-shrine")
        assert s.raze_cost(shrine) == CARDS["twilight-shrine"].raze + statics["raze_tax"]
        ol.mana, ch.mana = 0, s.raze_cost(shrine) - 1  # one short of the taxed cost: no raze offered
        s = scenario(ol, ch, active="champion")
        act(s, "raid room A")
        while s.decision.kind != "access":
            act(s, "pass")
        assert legal(s) == ["done"]
        checked += 1
    if "hand_size" in statics:
        assert s.max_hand(seat) == 5 + statics["hand_size"]
        assert s.observe(None)["players"][seat]["max_hand_size"] == 5 + statics["hand_size"]
        checked += 1
    if "curse_discount" in statics:
        cost = 2 - statics["curse_discount"]
        s = scenario(Side(), Side(boons=[key], curses=1, mana=cost), active="champion")
        assert s.curse_cost() == cost
        act(s, "remove curse")
        assert s.curses == 0 and s.mana[s.ch] == 0
        checked += 1
    for verb, room in (("sanctum_access", "sanctum"), ("vault_access", "vault")):
        if verb in statics:
            act(s, f"raid room {room}")
            assert len(s.raid_accessed) == 1 + statics[verb]
            checked += 1
    if card.on.keys() & {"raid", "success", "raid_end"}:
        ol_mana, ch_mana, curses = s.mana[s.ol], s.mana[s.ch], s.curses
        act(s, "raid room crypts")
        raid, success, end = expect(card, "raid"), expect(card, "success"), expect(card, "raid_end")
        assert s.decision.kind == "access"
        assert s.raid_mana == raid["raid_mana"] + success["raid_mana"]
        assert s.curses == curses + success["curse"]
        act(s, "done")
        gained = raid["mana"] + success["mana"] + end["mana"]
        if mine == "overlord":
            assert s.mana[s.ol] == ol_mana + gained
        else:
            assert s.mana[s.ch] == ch_mana + gained
        checked += 1
    if "dusk" in card.on:  # the Champion raided this turn: the condition of the next Dusk holds
        s.raided_turn = s.turn
        hand, mana = len(s.zones[HAND[s.ol]]), s.mana[s.ol]
        act(s, *["pass"] * 4)
        while s.decision.kind != "main":
            s.apply(s.legal_actions()[0])  # the Duskbound window: pass
        dusk = expect(card, "dusk")
        thornmother = 1  # the default Overlord riftcaller's Dusk
        assert s.active == s.ol and s.decision.kind == "main"
        assert len(s.zones[HAND[s.ol]]) == hand + dusk["draw"] + 1  # and the Overlord's draw
        assert s.mana[s.ol] == mana + dusk["mana"] + thornmother
        checked += 1
    if "dawn" in card.on:
        s = scenario(Side(), Side(boons=[key], deck=FILLER), ap=1)  # the Champion's hand is empty
        mana, hand = s.mana[s.ch], len(s.zones[HAND[s.ch]])
        act(s, "pass")
        while s.decision.kind != "main":
            s.apply(s.legal_actions()[0])
        dawn = expect(card, "dawn")
        pilgrim = 1  # the default Champion riftcaller's Dawn
        assert (
            s.mana[s.ch] == mana + dawn["mana"] + pilgrim and len(s.zones[HAND[s.ch]]) == hand + dawn["draw"]
        )
        checked += 1
    assert checked, f"{key}: no ability of this boon was exercised"
