"""One test per card: each card is played (or revealed, for Stages) and what it does is checked."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from spellforge.core.rng import Rng
from spellforge.games.casters.base import DECK, FIELD, GRAVEYARD, HAND, SHIELDS, STAGE_DECK, STAGES
from spellforge.games.casters.state import CastersState

from .casters_util import GAME, Side, act, card_id, events, legal, scenario, turn_events

CARD_TESTS: dict[str, Callable[[], None]] = {}
PAUSE = ["ashen-whelp", "tide-sprite"]  # two set cards: P2 must choose a reveal, so the flow stops there


def paused(side: Side | None = None) -> Side:
    side = side or Side()
    side.set = side.set or list(PAUSE)
    return side


def card_test(*keys: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    def register(fn: Callable[..., None]) -> Callable[..., None]:
        for key in keys:
            CARD_TESTS[key] = (lambda k=key: fn(k)) if fn.__code__.co_argcount else fn
        return fn

    return register


def reveal_and_play(p1: Side, p2: Side | None = None, *, key: str, target: str = "") -> CastersState:
    """P1 reveals ``key`` from the set and plays it (paying with the first options offered)."""
    state = scenario(p1, paused(p2), phase="reveal")
    cid = card_id(state, key, 0)
    if state.decision is not None and state.decision.kind == "reveal":
        act(state, f"reveal #{cid}")
    play = f"play #{cid}" + (f" -> {target}" if target else "")
    act(state, play)
    while state.decision is not None and state.decision.kind == "pay":
        act(state, legal(state)[0])
    return state


# ---------------------------------------------------------------------- minions without text


SUPPORT = {  # what pays each cost
    "hollow-brute": Side(hand=["quell"]),
    "stormglass-knight": Side(hand=["quell", "searing-hex"]),
    "carrion-queen": Side(hand=["tide-sprite", "reef-lancer"]),
    "pactbound-fiend": Side(field=["ashen-whelp:tapped"]),
    "riptide-serpent": Side(field=["ashen-whelp:tapped"]),
    "dread-sovereign": Side(field=["gravel-ghoul:tapped", "mistcaller-adept:tapped"]),
    "cataclysm-drake": Side(stages=["skyfall-citadel", "misty-fen"]),
    "veilguard-golem": Side(hand=["quell"]),
}


@card_test(
    "tide-sprite",
    "ashen-whelp",
    "reef-lancer",
    "gravel-ghoul",
    "mistcaller-adept",
    "dusk-ravager",
    "glacier-titan",
    "hollow-brute",
    "stormglass-knight",
    "carrion-queen",
    "pactbound-fiend",
    "riptide-serpent",
    "dread-sovereign",
    "cataclysm-drake",
)
def check_minion_with_its_cost(key: str) -> None:
    """Paid for (CA-R04), summoned untapped with its printed stats, it attacks the turn it arrives."""
    support = SUPPORT.get(key, Side())
    side = Side(set=[key], hand=list(support.hand), field=list(support.field), stages=list(support.stages))
    state = scenario(side, phase="reveal")
    cid = card_id(state, key, 0)
    act(state, f"play #{cid}")
    while state.decision is not None and state.decision.kind == "pay":
        act(state, legal(state)[0])
    d = GAME.cards[key]
    assert state.is_minion(cid) and not state.tapped[cid]
    assert (state.attack_of(cid), state.health_of(cid)) == (d.attack, d.health)
    paid = {e.card for e in events(state, "discard")} | {e.card for e in events(state, "sacrifice")}
    needed = sum(p.n for p in d.cost_parts)
    assert len(paid) == needed and all(state.zone_of[c] == GRAVEYARD[0] for c in paid)
    act(state, f"attack #{cid} -> P2")
    assert [e.amount for e in turn_events(state, 3, "hero_damage")] == [d.attack]


# ---------------------------------------------------------------------- minions with text


@card_test("abyssal-maw")
def check_abyssal_maw() -> None:
    state = reveal_and_play(
        Side(set=["abyssal-maw"], hand=["quell", "searing-hex", "tide-sprite"], deck=["reef-lancer"]),
        key="abyssal-maw",
    )
    assert [state.defs[c].key for c in state.zones[HAND[0]]] == ["reef-lancer"]


@card_test("frostbinder")
def check_frostbinder() -> None:
    state = reveal_and_play(
        Side(set=["frostbinder"]), Side(field=["glacier-titan", "reef-lancer:tapped"]), key="frostbinder"
    )
    titan = card_id(state, "glacier-titan")
    assert state.decision is not None and state.decision.kind == "trigger_target"
    # "an untapped minion": the tapped Lancer is no choice
    assert legal(state) == [f"target #{card_id(state, 'frostbinder')}", f"target #{titan}"]
    act(state, f"target #{titan}")
    assert state.tapped[titan]


@card_test("crypt-seeker")
def check_crypt_seeker() -> None:
    state = reveal_and_play(
        Side(set=["crypt-seeker"], deck=["tide-sprite", "gravel-ghoul"]), key="crypt-seeker"
    )
    assert legal(state) == [f"take #{card_id(state, 'gravel-ghoul')}"]  # one match, asked (hidden deck)
    act(state, legal(state)[0])
    assert [state.defs[c].key for c in state.zones[HAND[0]]] == ["gravel-ghoul"]


@card_test("whisper-thief")
def check_whisper_thief() -> None:
    state = reveal_and_play(Side(set=["whisper-thief"]), Side(hand=["glacier-titan"]), key="whisper-thief")
    assert state.zone_of[card_id(state, "glacier-titan")] == GRAVEYARD[1]


@card_test("tome-keeper")
def check_tome_keeper() -> None:
    state = reveal_and_play(Side(set=["tome-keeper"], deck=["reef-lancer"]), key="tome-keeper")
    assert [state.defs[c].key for c in state.zones[HAND[0]]] == ["reef-lancer"]


def destroy(victim_side: Side, victim: str) -> CastersState:
    """P1 unmakes P2's ``victim``."""
    state = scenario(Side(set=["unmaking"], hand=["quell"]), paused(victim_side), phase="reveal")
    act(state, f"play #{card_id(state, 'unmaking')} -> #{card_id(state, victim, 1)}")
    return state


@card_test("lantern-martyr")
def check_lantern_martyr() -> None:
    state = destroy(Side(field=["lantern-martyr"], deck=["reef-lancer"]), "lantern-martyr")
    assert [state.defs[c].key for c in state.zones[HAND[1]]] == ["reef-lancer"]


@card_test("restless-revenant")
def check_restless_revenant() -> None:
    state = destroy(Side(field=["restless-revenant"], hand=["tide-sprite"]), "restless-revenant")
    assert state.decision is not None and state.decision.kind == "optional" and state.decision.seat == 1
    act(state, "choose yes")  # the discard is forced: one card in hand
    revenant = card_id(state, "restless-revenant")
    assert state.is_minion(revenant) and state.zones[HAND[1]] == []


@card_test("hex-wraith")
def check_hex_wraith() -> None:
    state = destroy(Side(field=["hex-wraith"]), "hex-wraith")
    assert state.zones[HAND[0]] == [] and len(state.zones[GRAVEYARD[0]]) == 2  # Unmaking and the discard


@card_test("aegis-squire")
def check_aegis_squire() -> None:
    state = reveal_and_play(Side(set=["aegis-squire"], deck=["reef-lancer", "quell"]), key="aegis-squire")
    assert len(state.shields_on(card_id(state, "aegis-squire"))) == 1 and len(state.zones[SHIELDS[0]]) == 1


@card_test("bulwark-paladin")
def check_bulwark_paladin() -> None:
    state = reveal_and_play(
        Side(set=["bulwark-paladin"], hand=["quell"], deck=["reef-lancer", "quell", "tide-sprite"]),
        key="bulwark-paladin",
    )
    assert len(state.shields_on(card_id(state, "bulwark-paladin"))) == 2 and len(state.zones[DECK[0]]) == 1


@card_test("twinblade-duelist")
def check_twinblade_duelist() -> None:
    state = scenario(Side(field=["twinblade-duelist"]))
    duelist = card_id(state, "twinblade-duelist")
    act(state, f"attack #{duelist} -> P2", f"attack #{duelist} -> P2")
    assert [e.amount for e in turn_events(state, 3, "hero_damage")] == [3, 3]


@card_test("hush-warden")
def check_hush_warden() -> None:
    state = scenario(
        Side(set=["meteor-shard"], hand=["quell"]), paused(Side(field=["hush-warden"])), phase="reveal"
    )
    act(state, f"play #{card_id(state, 'meteor-shard')}")
    act(state, f"use #{card_id(state, 'hush-warden')} -> @{state.stack[-1].uid}")
    assert not events(state, "hero_damage") and [e.seat for e in events(state, "negate")] == [1]


@card_test("spirit-hound")
def check_spirit_hound() -> None:
    alone = scenario(Side(field=["spirit-hound"], deck=["quell"]))
    act(alone, f"attack #{card_id(alone, 'spirit-hound')} -> P2")
    assert not turn_events(alone, 3, "draw")  # its Equip: line does nothing while it is a minion itself
    state = scenario(Side(field=["reef-lancer", "spirit-hound:on=0"], deck=["quell"]))
    act(state, f"attack #{card_id(state, 'reef-lancer')} -> P2")
    assert [e.seat for e in turn_events(state, 3, "draw")] == [0]


@card_test("barbed-imp")
def check_barbed_imp() -> None:
    state = scenario(Side(field=["barbed-imp"]), Side(field=["glacier-titan:tapped"]))
    act(state, f"attack #{card_id(state, 'barbed-imp')} -> P2")  # the only target is chosen for you
    titan = card_id(state, "glacier-titan")
    assert (titan, 1) in {(e.card, e.amount) for e in turn_events(state, 3, "damage")}


@card_test("cinder-charger")
def check_cinder_charger() -> None:
    state = scenario(Side(field=["cinder-charger"]))
    charger = card_id(state, "cinder-charger")
    act(state, f"attack #{charger} -> P2")
    assert [e.amount for e in turn_events(state, 3, "hero_damage")] == [4]
    assert state.turn == 4 and state.attack_of(charger) == 2  # "this turn": the +2 ended with turn 3


@card_test("veilguard-golem")
def check_veilguard_golem() -> None:
    check_minion_with_its_cost("veilguard-golem")
    state = scenario(Side(set=["searing-hex"]), paused(Side(field=["veilguard-golem"])), phase="reveal")
    assert [e.card for e in events(state, "recycle")] == [card_id(state, "searing-hex")]  # no legal target


@card_test("watchful-gargoyle")
def check_watchful_gargoyle() -> None:
    state = scenario(Side(set=["tide-sprite"]), paused(Side(field=["watchful-gargoyle"])), phase="reveal")
    act(state, f"play #{card_id(state, 'tide-sprite')}")
    assert [(e.seat, e.amount) for e in events(state, "hero_damage")] == [(0, 1)]
    # its own controller's activations are not an opponent's: nothing happens (CA-039)
    state = scenario(Side(set=["tide-sprite"], field=["watchful-gargoyle"]), paused(), phase="reveal")
    act(state, f"play #{card_id(state, 'tide-sprite')}")
    assert state.is_minion(card_id(state, "tide-sprite")) and not events(state, "hero_damage")


# ---------------------------------------------------------------------- spells


@card_test("searing-hex")
def check_searing_hex() -> None:
    state = scenario(Side(set=["searing-hex"]), paused(Side(field=["glacier-titan"])), phase="reveal")
    titan = card_id(state, "glacier-titan")
    act(state, f"play #{card_id(state, 'searing-hex')} -> #{titan}")
    assert state.damage[titan] == 5 and state.zone_of[card_id(state, "searing-hex")] == GRAVEYARD[0]


@card_test("unmaking")
def check_unmaking() -> None:
    state = destroy(Side(field=["glacier-titan"]), "glacier-titan")
    assert state.zone_of[card_id(state, "glacier-titan")] == GRAVEYARD[1]


@card_test("tidal-insight")
def check_tidal_insight() -> None:
    state = reveal_and_play(
        Side(set=["tidal-insight"], deck=["reef-lancer", "quell", "tide-sprite"]), key="tidal-insight"
    )
    assert len(state.zones[HAND[0]]) == 2 and len(state.zones[DECK[0]]) == 1


@card_test("frozen-grasp")
def check_frozen_grasp() -> None:
    state = scenario(Side(set=["frozen-grasp"]), paused(Side(field=["glacier-titan"])), phase="reveal")
    titan = card_id(state, "glacier-titan")
    act(state, f"play #{card_id(state, 'frozen-grasp')} -> #{titan}")
    assert state.tapped[titan]


@card_test("ebb-tide")
def check_ebb_tide() -> None:
    state = scenario(
        Side(set=["ebb-tide"], hand=["quell"]), paused(Side(field=["glacier-titan"])), phase="reveal"
    )
    titan = card_id(state, "glacier-titan")
    act(state, f"play #{card_id(state, 'ebb-tide')} -> #{titan}")
    assert state.zone_of[titan] == HAND[1]
    # it was face up: the caster still knows which card went back, and a determinization keeps it there
    assert state.knows(0, titan)
    assert [c["id"] for c in state.observe(0)["players"][1]["hand"]["known"]] == [titan]
    assert all(state.determinize(0, Rng(seed)).zone_of[titan] == HAND[1] for seed in range(5))


@card_test("memory-rot")
def check_memory_rot() -> None:
    state = reveal_and_play(
        Side(set=["memory-rot"]),
        Side(deck=["quell", "tide-sprite", "reef-lancer", "gravel-ghoul"]),
        key="memory-rot",
    )
    assert len(state.zones[GRAVEYARD[1]]) == 3 and len(state.zones[DECK[1]]) == 1


@card_test("meteor-shard")
def check_meteor_shard() -> None:
    state = reveal_and_play(Side(set=["meteor-shard"], hand=["quell"]), key="meteor-shard")
    assert len(state.zones[STAGE_DECK[1]]) == 3 and len(state.zones[STAGES[1]]) == 2


@card_test("call-of-the-crypt")
def check_call_of_the_crypt() -> None:
    state = scenario(
        Side(set=["call-of-the-crypt"], hand=["quell"], graveyard=["glacier-titan"]), paused(), phase="reveal"
    )
    titan = card_id(state, "glacier-titan")
    act(state, f"play #{card_id(state, 'call-of-the-crypt')} -> #{titan}")
    assert state.is_minion(titan) and state.controller[titan] == 0


@card_test("banner-of-the-vanguard")
def check_banner_of_the_vanguard() -> None:
    state = reveal_and_play(
        Side(set=["banner-of-the-vanguard"], hand=["quell"], field=["reef-lancer"]),
        Side(field=["reef-lancer"]),
        key="banner-of-the-vanguard",
    )
    assert state.zone_of[card_id(state, "banner-of-the-vanguard")] == FIELD[0]
    assert (
        state.attack_of(card_id(state, "reef-lancer", 0)),
        state.attack_of(card_id(state, "reef-lancer", 1)),
    ) == (3, 2)


@card_test("altar-of-embers")
def check_altar_of_embers() -> None:
    state = scenario(Side(set=["altar-of-embers"], field=["tide-sprite"]), phase="reveal")
    act(state, f"play #{card_id(state, 'altar-of-embers')}")
    assert state.zone_of[card_id(state, "altar-of-embers")] == FIELD[0]
    act(state, f"attack #{card_id(state, 'tide-sprite')} -> P2")
    assert [e.amount for e in turn_events(state, 3, "hero_damage")] == [1, 2]


@card_test("titans-gauntlet")
def check_titans_gauntlet() -> None:
    state = scenario(
        Side(set=["titans-gauntlet"], hand=["quell"], field=["reef-lancer"]), paused(), phase="reveal"
    )
    lancer, gauntlet = card_id(state, "reef-lancer"), card_id(state, "titans-gauntlet")
    act(state, f"equip #{gauntlet} -> #{lancer}")
    assert state.attached_to[gauntlet] == lancer and (state.attack_of(lancer), state.health_of(lancer)) == (
        5,
        11,
    )


@card_test("twinfang-sabre")
def check_twinfang_sabre() -> None:
    state = scenario(Side(set=["twinfang-sabre"], field=["reef-lancer"]), phase="reveal")
    lancer = card_id(state, "reef-lancer")
    act(state, f"equip #{card_id(state, 'twinfang-sabre')} -> #{lancer}")
    assert state.has_keyword(lancer, "double_strike")
    act(state, f"attack #{lancer} -> P2", f"attack #{lancer} -> P2")
    assert len(turn_events(state, 3, "attack")) == 2


@card_test("quell")
def check_quell() -> None:
    state = scenario(
        Side(set=["quell"]), Side(set=["tidal-insight"], deck=["reef-lancer", "gravel-ghoul"]), phase="reveal"
    )
    act(state, f"play #{card_id(state, 'quell')}")
    act(state, f"play #{card_id(state, 'tidal-insight')}")
    assert (
        not turn_events(state, 3, "draw") and state.zone_of[card_id(state, "tidal-insight")] == GRAVEYARD[1]
    )


@card_test("starfall")
def check_starfall() -> None:
    state = reveal_and_play(Side(set=["starfall"], hand=["quell", "tide-sprite"]), key="starfall")
    assert [len(state.zones[STAGE_DECK[s]]) for s in (0, 1)] == [3, 3]


@card_test("ashen-ritual")
def check_ashen_ritual() -> None:
    state = reveal_and_play(
        Side(set=["ashen-ritual"], field=["tide-sprite"], deck=["quell"] * 4), key="ashen-ritual"
    )
    assert len(state.zones[HAND[0]]) == 3 and len(events(state, "sacrifice")) == 1
    assert state.zone_of[card_id(state, "tide-sprite", 0)] == GRAVEYARD[0]


# ---------------------------------------------------------------------- Stages


def lose_a_stage(top: str, defender: Side) -> CastersState:
    """P1 hits P2 for exactly 5, so P2 loses a Stage with ``top`` on top of its Stage Deck; P2 keeps an
    untapped Ashen Whelp so that its battle turn (a decision) stops the flow right after."""
    fillers = [k for k in ("dawnlit-shore", "misty-fen", "sunken-library", "obsidian-spire") if k != top]
    defender.stage_deck = [top, *fillers[:2]]
    defender.field = [*defender.field, "ashen-whelp"]
    state = scenario(Side(field=["dusk-ravager"]), defender)
    act(state, f"attack #{card_id(state, 'dusk-ravager')} -> P2", "done")
    while state.decision is not None and state.decision.kind == "pay":
        act(state, legal(state)[0])
    assert state.decision is not None and state.decision.kind == "battle" and state.decision.seat == 1
    return state


@card_test("dawnlit-shore", "misty-fen", "sunken-library", "obsidian-spire", "skyfall-citadel")
def check_free_stage(key: str) -> None:
    state = lose_a_stage(
        key, Side(stages=["bannered-keep"] if key == "skyfall-citadel" else ["skyfall-citadel"])
    )
    assert state.zone_of[card_id(state, key, 1)] == STAGES[1]  # "Free Stage" is always affordable
    assert len(state.zones[STAGE_DECK[1]]) == 2


@card_test("ossuary-gate")
def check_ossuary_gate() -> None:
    state = lose_a_stage("ossuary-gate", Side(hand=["quell"]))
    assert state.zone_of[card_id(state, "ossuary-gate")] == STAGES[1]
    assert state.zone_of[card_id(state, "quell")] == GRAVEYARD[1]


@card_test("blood-moon-altar")
def check_blood_moon_altar() -> None:
    state = lose_a_stage("blood-moon-altar", Side(field=["lantern-martyr:tapped"]))
    assert state.zone_of[card_id(state, "blood-moon-altar")] == STAGES[1]
    sacrificed = [state.defs[e.card].key for e in events(state, "sacrifice")]
    assert len(sacrificed) == 1 and GAME.cards[sacrificed[0]].level == 1


@card_test("bannered-keep")
def check_bannered_keep() -> None:
    state = lose_a_stage("bannered-keep", Side(field=["reef-lancer:tapped"]))
    assert state.health_of(card_id(state, "reef-lancer", 1)) == 9


@card_test("warcry-ridge")
def check_warcry_ridge() -> None:
    state = lose_a_stage("warcry-ridge", Side())
    whelp = card_id(state, "ashen-whelp", 1)
    assert state.attack_of(whelp) == 3  # +2 this turn
    act(state, f"attack #{whelp} -> P1")
    assert [e.amount for e in turn_events(state, 3, "hero_damage") if e.seat == 0] == [3]


@card_test("whispering-crypt")
def check_whispering_crypt() -> None:
    state = lose_a_stage("whispering-crypt", Side(deck=["quell"]))
    assert [state.defs[c].key for c in state.zones[HAND[1]]] == ["quell"]


# ---------------------------------------------------------------------- the tests


def test_every_card_of_the_pool_has_a_test() -> None:
    assert sorted(CARD_TESTS) == sorted(GAME.cards)


@pytest.mark.parametrize("key", sorted(CARD_TESTS))
def test_card(key: str) -> None:
    CARD_TESTS[key]()
