"""One test per card: each card is put where it is played and does what its data says."""

from __future__ import annotations

import pytest

from spellforge import GAMES
from spellforge.games.spellfire.cards import CLASSES, ICON_USES, SPELLS
from spellforge.games.spellfire.scenario import Side, act, card, legal, scenario

GAME = GAMES["spellfire"]
CARDS = sorted(GAME.cards)
FILL = "village-militia"
USER = {  # a champion able to use each support type, by world-less class
    "wizard_spell": "master-quillon",
    "cleric_spell": "sister-aveline",
    "psionic": "nerith-mindwalker",
    "blood": "queen-ariadne-of-tallow",
    "thief_skill": "fennick-shade",
    "unarmed": "hollis-greymantle",
}
REALM_OF = {
    "add": "amberfield-march",
    "birthright": "crownhold-marches",
    "dark_sun": "ashen-dunes",
    "dragonlance": "wyrmspire-pass",
    "forgotten_realms": "mistwood-dale",
    "greyhawk": "greymarch-fields",
    "ravenloft": "duskmoor-hamlet",
}
CHAMPION_OF = {
    "add": "brannoc-ironhand",
    "birthright": "lord-corwen-vale",
    "dark_sun": "kessa-of-the-dunes",
    "dragonlance": "tavin-lightbow",
    "forgotten_realms": "mara-swiftblade",
    "greyhawk": "hollis-greymantle",
    "ravenloft": "ysolde-the-warden",
}


def mine(state, key: str, seat: int = 0) -> int:
    """The card ``key`` in ``seat``'s hand (the filler decks may hold another copy)."""
    return next(c for c in state.hand_of(seat) if state.defs[c].key == key)


def pass_counters(state) -> None:
    while state.decision is not None and state.decision.kind in ("pause", "counter"):
        act(state, "pass")


def round_with(attacker_hand: list[str], attacker: str, defender: str = "garrick-stormcloak", gear: str = ""):
    s = scenario(
        Side(hand=[*attacker_hand, FILL], pool=[attacker + gear]),
        Side(hand=[FILL, FILL], pool=[defender], formation=["tollgate-downs"]),
        phase="attack",
    )
    act(s, "attack slot P2.A")
    act(s, f"send #{card(s, attacker)}")
    act(s, f"send #{card(s, defender)}")
    if s.decision.kind == "escape":
        act(s, "pass")
    return s


@pytest.mark.parametrize("key", CARDS)
def test_card(key: str) -> None:
    d = GAME.cards[key]
    t = d.type
    if t == "realm":
        s = scenario(Side(hand=[key, FILL]), Side(), phase="realm")
        c = mine(s, key)
        act(s, f"play #{c} -> slot P1.A")
        assert s.slots[0][0] == c and s.in_play(c)
        assert s.defs[c].coast == ("coast" in d.text.lower() or d.coast)
    elif t == "holding":
        realm = REALM_OF[d.world]
        s = scenario(Side(hand=[key, FILL], formation=[realm]), Side(), phase="realm")
        act(s, f"play #{card(s, key)} -> #{card(s, realm)}")
        assert s.attached_to[card(s, key)] == card(s, realm)
    elif t == "champion":
        hand = [key, FILL, FILL, FILL, FILL]
        s = scenario(Side(hand=hand, formation=["tollgate-downs"]), Side(), phase="pool")
        c = card(s, key)
        act(s, f"play #{c}")
        while s.decision.kind == "entry_discard":
            act(s, legal(s)[0])
        assert s.zone_name(c) == "pool"
        assert set(s.classes(c)) <= set(CLASSES)
        if not d.variable_level:
            assert s.level(c) == d.level
    elif t == "ally":
        s = round_with([key], "pellam-inkfinger")
        before = s.side_total(0)
        act(s, f"play #{mine(s, key)}")
        if s.zone_name(card(s, "garrick-stormcloak")) == "battle":
            assert s.side_total(0) == before + d.bonus
        else:
            assert "defeat_level_le" in d.powers
    elif t == "item":
        s = scenario(Side(hand=[key, FILL], pool=["hollis-greymantle"]), Side(), phase="pool")
        act(s, f"play #{card(s, key)} -> #{card(s, 'hollis-greymantle')}")
        assert s.attached_to[card(s, key)] == card(s, "hollis-greymantle")
        for e in d.effects:
            if e.verb == "set_class":
                assert s.classes(card(s, "hollis-greymantle")) == (e.param("class"),)
            if e.verb == "grant_trait":
                assert e.param("traits") in s.traits(card(s, "hollis-greymantle"))
    elif t == "artifact":
        champ = CHAMPION_OF[d.world]
        s = scenario(Side(hand=[key, FILL], pool=[champ]), Side(), phase="pool")
        act(s, f"play #{card(s, key)} -> #{card(s, champ)}")
        assert s.attached_to[card(s, key)] == card(s, champ)
        assert ("immune" in d.powers) == s.immune_to_spells(card(s, champ))
    elif t == "rule":
        s = scenario(Side(hand=[key, FILL]), Side(), phase="start")
        act(s, f"play #{card(s, key)}")
        assert s.zone_name(card(s, key)) == "rules"
    elif t == "dungeon":
        s = scenario(Side(dungeon=[key], pool=["mara-swiftblade"]), Side(), phase="pool")
        assert s.in_play(card(s, key))
        if "hidden_pool" in d.powers:
            assert s.face_down[card(s, "mara-swiftblade")] and not s.can_see(1, card(s, "mara-swiftblade"))
        else:
            assert s.hand_limit(0) + s.draws(0) > 8 + 3
    elif t == "event":
        check_event(key)
    else:
        check_support(key)


def check_event(key: str) -> None:
    d = GAME.cards[key]
    v = d.powers
    if "calm" in v:
        s = scenario(Side(hand=["wave-of-forgetting", FILL]), Side(hand=[key, FILL]), phase="realm")
        act(s, f"play #{card(s, 'wave-of-forgetting')}")
        act(s, f"play #{card(s, key)} -> #{card(s, 'wave-of-forgetting')}")
        assert len(s.hand_of(1)) == 1  # ignored the discard
        return
    if "destroy" in v:
        s = scenario(Side(hand=[key, FILL]), Side(pool=["mara-swiftblade"]), phase="pool")
        act(s, f"play #{card(s, key)} -> #{card(s, 'mara-swiftblade')}")
        pass_counters(s)
        assert s.zone_name(card(s, "mara-swiftblade")) == "void"
        assert GAME.destroyed_cards(s) == [[], ["mara-swiftblade"]]
        return
    if "take_back" in v:
        s = scenario(Side(hand=[key, FILL], pool=["mara-swiftblade+steel-longsword"]), Side(), phase="pool")
        act(s, f"play #{card(s, key)} -> #{card(s, 'mara-swiftblade')}")
        pass_counters(s)
        assert s.zone_name(card(s, "mara-swiftblade")) == "hand"
        assert s.zone_name(card(s, "steel-longsword")) == "hand"
        return
    if v & {"discard_monsters", "remove_support"}:
        monsters = "discard_monsters" in v
        s = round_with(
            [],
            "grimclaw-wyvern" if monsters else "sir-aldric-the-bold",
            gear="" if monsters else "+steel-longsword",
        )
        c = s.add_card(GAME.cards[key], 1, s.layout.hand[1])
        s.forget_legal()
        options = [str(a) for a in s.event_plays(1)]
        target = "" if monsters else f" -> #{card(s, 'steel-longsword')}"
        assert options == [f"play #{c}{target}"]
        return
    s = scenario(
        Side(hand=[key, FILL], deck=["tollgate-downs"] * 4, formation=["mistwood-dale"]),
        Side(hand=[FILL, FILL], formation=["greymarch-fields"]),
        phase="cards",
    )
    c = card(s, key)
    options = [a for a in legal(s) if a.startswith(f"play #{c}")]
    assert options
    hand_before = len(s.hand_of(0))
    act(s, options[0])
    pass_counters(s)
    if "draw" in v:
        assert len(s.hand_of(0)) == hand_before - 1 + d.power("draw").amount
    if "discard_realm" in v:
        assert s.zone_name(card(s, "greymarch-fields")) == "discard"
    if "extra_turn" in v:
        assert s.extra_turns == [0]
    if "no_attacks" in v:
        assert s.zone_name(c) == "lasting"
    if "discard_from_hand" in v:
        assert len(s.hand_of(1)) == 1


def check_support(key: str) -> None:
    d = GAME.cards[key]
    v = d.powers
    user = USER[d.type]
    if d.bonus or d.drain:
        s = round_with([key], user, defender="old-emberscale")
        before = (s.side_total(0), s.side_total(1))
        act(s, f"play #{card(s, key)}")
        pass_counters(s)
        assert (s.side_total(0), s.side_total(1)) == (before[0] + d.bonus, before[1] - d.drain)
        return
    if v & {"discard_champion", "limbo", "wish"}:
        s = scenario(Side(hand=[key, FILL], pool=[user]), Side(pool=["mara-swiftblade"]), phase="pool")
        act(s, f"play #{card(s, key)} -> #{card(s, 'mara-swiftblade')}")
        pass_counters(s)
        assert s.zone_name(card(s, "mara-swiftblade")) in ("discard", "limbo")
        return
    if "limbo_to_abyss" in v:
        s = scenario(Side(hand=[key, FILL], pool=[user]), Side(limbo=["mara-swiftblade"]), phase="pool")
        act(s, f"play #{card(s, key)} -> #{card(s, 'mara-swiftblade')}")
        pass_counters(s)
        assert s.zone_name(card(s, "mara-swiftblade")) == "abyss"
        return
    if "steal_item" in v:
        s = scenario(
            Side(hand=[key, FILL], pool=[user]), Side(pool=["mara-swiftblade+steel-longsword"]), phase="pool"
        )
        act(s, f"play #{card(s, key)} -> #{card(s, 'steel-longsword')}")
        pass_counters(s)
        assert s.zone_name(card(s, "steel-longsword")) == "hand"
        return
    if "draw" in v:
        phase = "pool" if 3 in d.phases else "cards"
        s = scenario(Side(hand=[key, FILL], pool=[user], deck=["tollgate-downs"] * 3), Side(), phase=phase)
        act(s, f"play #{card(s, key)}")
        pass_counters(s)
        assert len(s.hand_of(0)) == 1 + d.power("draw").amount
        return
    if v & {"dispel", "turn", "reflect"}:
        s = scenario(
            Side(hand=["unmaking", FILL], pool=["ilvara-the-keen"]),
            Side(hand=[key, FILL], pool=[user]),
            phase="pool",
        )
        act(s, f"play #{card(s, 'unmaking')} -> #{card(s, user)}")
        act(s, f"play #{card(s, key)} -> #{card(s, 'unmaking')}")
        pass_counters(s)
        assert s.zone_name(card(s, user)) == "pool"
        return
    if "negate_event" in v:
        s = scenario(Side(hand=["windfall", FILL]), Side(hand=[key, FILL], pool=[user]), phase="realm")
        act(s, f"play #{card(s, 'windfall')}")
        act(s, f"play #{card(s, key)} -> #{card(s, 'windfall')}")
        pass_counters(s)
        assert len(s.hand_of(0)) == 1  # no draw: negated
        return
    if v & {"wall", "grant_trait"}:
        s = round_with([key], user, defender="old-emberscale")
        assert f"play #{card(s, key)}" in legal(s)
        return
    assert d.type in SPELLS or d.type in ICON_USES.values(), key
    raise AssertionError(f"no test for {key}")
