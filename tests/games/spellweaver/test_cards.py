"""One test per card of the pool: each card is played (or used) in a position and its effect asserted.

``CHECKS`` maps every card id to the function that exercises it; ``test_every_card_has_a_test`` fails
when a card is added to the pool without one.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from spellforge import find_game
from spellforge.core.targets import PlayerRef
from spellforge.games.spellweaver.cards import ASPECTS, SWCard

from .helpers import Scenario, Side, build, can, creature, do, legal, play, row, skip_to, taken, zone_name

GAME = find_game("spellweaver")
CARDS: dict[str, SWCard] = GAME.cards  # type: ignore[assignment]
P1, P2 = PlayerRef(0), PlayerRef(1)
CHECKS: dict[str, Callable[[], None]] = {}


def check(*keys: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    def register(fn: Callable[..., None]) -> Callable[..., None]:
        for key in keys:
            CHECKS[key] = (lambda k=key: fn(k)) if fn.__code__.co_argcount else fn  # type: ignore[misc]
        return fn

    return register


def levels_for(c: SWCard) -> dict[str, int]:
    """Exactly the levels a card asks for, its white symbols paid in its own aspect."""
    out = {a: n for a, n in zip(ASPECTS, c.req, strict=True) if n}
    extra = c.req_total - sum(c.req)
    if extra:
        aspect = c.aspect or "order"
        out[aspect] = out.get(aspect, 0) + extra
    return out


def in_hand(key: str, me: Side | None = None, them: Side | None = None, **kw: object) -> Scenario:
    """P1 holds ``key`` with exactly the mana and levels it needs."""
    c = CARDS[key]
    me = me or Side()
    me.hand = [f"card:{key}", *me.hand]
    me.levels = {**levels_for(c), **me.levels}
    me.crystals = max(c.cost, 1) if me.crystals == 5 else me.crystals
    return build(me, them or Side(), **kw)  # type: ignore[arg-type]


# ---------------------------------------------------------------------- heroes and The Spark


@check("seraphine-dawn-choir")
def _dawn_ward() -> None:
    sc = build(Side(hero="seraphine-dawn-choir", combat=["c:ember-imp"], levels={"order": 1}))
    do(sc.state, "skill 1", f"target #{sc['c']}")
    assert sc.state.shields(sc["c"]) == 1 and sc.state.cooldown[0] == [2]


@check("oswin-tidewatcher")
def _glimpse() -> None:
    sc = build(Side(hero="oswin-tidewatcher", levels={"wisdom": 1}))
    do(sc.state, "skill 1")
    assert len(row(sc.state, 0, "hand")) == 1 and sc.state.cooldown[0] == [3] and sc.state.full[0] == 3


@check("mother-bramblewood")
def _verdant_mending() -> None:
    sc = build(Side(hero="mother-bramblewood", levels={"nature": 2}))
    do(sc.state, "skill 1")
    assert sc.state.life[0] == 22 and sc.state.cooldown[0] == [2]


@check("kargath-emberfist")
def _cinder_toss() -> None:
    sc = build(Side(hero="kargath-emberfist", levels={"rage": 1}), Side(combat=["x:ember-imp"]))
    do(sc.state, "skill 1")
    assert legal(sc.state) == {"target P2", f"target #{sc['x']}"}
    do(sc.state, f"target #{sc['x']}")
    assert zone_name(sc.state, sc["x"]) == "graveyard" and sc.state.cooldown[0] == [1]


@check("vexa-ironbound")
def _iron_decree() -> None:
    sc = build(Side(hero="vexa-ironbound", levels={"dominion": 2}), Side(combat=["x:crypt-crawler"]))
    do(sc.state, "skill 1", f"target #{sc['x']}")
    assert zone_name(sc.state, sc["x"]) == "support"


@check("morrow-gravebinder")
def _grave_tithe() -> None:
    sc = build(Side(hero="morrow-gravebinder", levels={"corruption": 1}), Side())
    do(sc.state, "skill 1")
    assert len(row(sc.state, 1, "graveyard")) == 2 and len(row(sc.state, 1, "deck")) == 28


@check("the-spark")
def _spark() -> None:
    sc = build(Side(spark=True, crystals=1))
    do(sc.state, "spark")
    assert sc.state.mana(0) == 2 and sc.state.spark_card(0) == -1
    skip_to(sc.state, "main", seat=1)
    assert sc.state.bonus_mana[0] == 0  # spent or lost by the end of the turn


# ---------------------------------------------------------------------- shrines


@check(
    "dawnlight-shrine",
    "tidemind-shrine",
    "greenroot-shrine",
    "emberheart-shrine",
    "ironcrown-shrine",
    "blightwell-shrine",
)
def _basic_shrine(key: str) -> None:
    sc = build(Side(hand=[f"s:{key}"]))
    do(sc.state, "shrine", f"play #{sc['s']} for level")
    assert sc.state.levels[0][ASPECTS.index(CARDS[key].aspect)] == 1
    sc = build(Side(hand=[f"s:{key}"]))
    do(sc.state, "shrine", f"play #{sc['s']} for mana")
    assert sc.state.crystals[0] == 6 and len(row(sc.state, 0, "hand")) == 1


@check("shrine-of-whispers", "shrine-of-still-waters", "shrine-of-the-old-oak", "shrine-of-the-sunlit-vigil")
def _skill_shrine(key: str) -> None:
    c = CARDS[key]
    assert c.skill is not None
    sc = build(
        Side(hand=[f"s:{key}"], levels=levels_for_skill(c), combat=["mine:ember-imp"]),
        Side(combat=["x:ember-imp"]),
    )
    s = sc.state
    do(s, "shrine", f"play #{sc['s']} for mana")
    assert s.skills[0] == [s.hero_card(0), sc["s"]] and s.crystals[0] == 6
    life, hand = s.life[0], len(row(s, 0, "hand"))
    do(s, "skill 2")
    if s.decision is not None and s.decision.kind == "target":
        do(s, sorted(legal(s))[-1])
    effect = {
        "shrine-of-whispers": lambda: len(row(s, 0, "hand")) == hand + 1,
        "shrine-of-still-waters": lambda: sc["x"] in s.frozen,
        "shrine-of-the-old-oak": lambda: any(e[0] == 2 for e in s.emblems.values()),
        "shrine-of-the-sunlit-vigil": lambda: s.life[0] == life + 4,
    }[key]
    assert effect() and s.cooldown[0][1] == c.skill.cooldown


def levels_for_skill(c: SWCard) -> dict[str, int]:
    assert c.skill is not None
    out = {a: n for a, n in zip(ASPECTS, c.skill.req, strict=True) if n}
    extra = c.skill.req_total - sum(c.skill.req)
    if extra:
        out["rage"] = extra
    return out


# ---------------------------------------------------------------------- creatures


def creature_in_play(key: str, refund: int = 0) -> tuple[Scenario, int]:
    sc = in_hand(key)
    s = sc.state
    play(s, sc["card"])
    c = CARDS[key]
    cid = sc["card"]
    flying_or_support = bool({"flying", "support"} & c.keywords)
    assert zone_name(s, cid) == ("support" if flying_or_support else "combat")
    assert (s.attack(cid), s.stat(cid, "hp"), s.speed(cid)) == (c.attack, c.hp, c.speed)
    assert s.full[0] == max(c.cost, 1) - c.cost + refund
    return sc, cid


def fights_by_its_numbers(key: str) -> None:
    """In the combat row since last turn: it attacks what its speed allows and deals its attack."""
    c = CARDS[key]
    if "cant_attack" in c.keywords:
        return
    victim = creature("Victim", attack=0, hp=max(c.attack, 1), speed=c.speed)
    faster = creature("Faster", attack=0, hp=1, speed=c.speed + 1)
    sc = build(Side(combat=[f"me:{key}"]), Side(combat=[("v", victim), ("f", faster)]), phase="combat")
    s = sc.state
    assert can(s, f"attack #{sc['me']} -> P2") == (c.speed >= 1)
    assert not can(s, f"attack #{sc['me']} -> #{sc['f']}")
    if "cant_attack_creatures" in c.keywords:
        assert not can(s, f"attack #{sc['me']} -> #{sc['v']}")
        return
    do(s, f"attack #{sc['me']} -> #{sc['v']}", "done", "done", "pass")
    assert taken(s, sc["v"]) == c.attack


@check(
    "stone-acolyte",
    "ember-imp",
    "warband-raider",
    "thornback-boar",
    "ironbark-treant",
    "chain-warden",
    "dominion-guard",
    "crypt-crawler",
    "frost-sprite",
    "mirror-owl",
    "grove-hawk",
)
def _plain_creature(key: str) -> None:
    creature_in_play(key)
    fights_by_its_numbers(key)


@check("living-totem", "ironclad-juggernaut", "overseer-drone")
def _artifact_creature(key: str) -> None:
    sc, cid = creature_in_play(key)
    assert sc.state.card_is(cid, "artifact") and sc.state.card_is(cid, "creature")
    fights_by_its_numbers(key)


@check("lightbound-squire", "choir-paladin", "heartwood-guardian")
def _lifebound(key: str) -> None:
    creature_in_play(key)
    c = CARDS[key]
    sc = build(Side(combat=[f"me:{key}"], life=10), phase="combat")
    do(sc.state, f"attack #{sc['me']} -> P2", "done", "done", "pass")
    assert sc.state.life == [10 + c.attack, 20 - c.attack]


@check("dawn-archer", "bastion-warden")
def _ranged(key: str) -> None:
    creature_in_play(key)
    c = CARDS[key]
    attacker = creature("Charger", attack=9, hp=c.attack, speed=c.speed)
    sc = build(Side(combat=[("a", attacker)]), Side(combat=[f"me:{key}"]), phase="combat")
    s = sc.state
    do(s, f"attack #{sc['a']} -> P2", "done", f"block #{sc['me']} -> #{sc['a']}", "done", "pass")
    assert zone_name(s, sc["a"]) == "graveyard" and taken(s, sc["me"]) == 0  # it shot first


@check("sunblessed-healer")
def _healer() -> None:
    sc, _ = creature_in_play("sunblessed-healer")
    skip_to(sc.state, "main", seat=1)
    skip_to(sc.state, "main", seat=0)
    assert sc.state.life[0] == 21
    sc = build(Side(support=["h:sunblessed-healer"]), phase="combat")
    assert not can(sc.state, f"attack #{sc['h']} -> P2")  # support: no fighting from the back


@check("shieldbearer")
def _shieldbearer() -> None:
    sc, cid = creature_in_play("shieldbearer")
    assert sc.state.shields(cid) == 1


@check("sapphire-familiar")
def _familiar() -> None:
    sc = build(Side(combat=["f:sapphire-familiar"]), Side(hand=["b:firebolt"], levels={"rage": 1}), active=1)
    s = sc.state
    creature_in_play("sapphire-familiar")
    play(s, sc["b"], sc["f"])
    assert zone_name(s, sc["f"]) == "graveyard" and len(row(s, 0, "hand")) == 1


@check("scholar-of-the-deep")
def _scholar() -> None:
    sc, _ = creature_in_play("scholar-of-the-deep")
    assert len(row(sc.state, 0, "hand")) == 1


@check("arcane-sentry")
def _sentry() -> None:
    creature_in_play("arcane-sentry")
    sc = build(Side(combat=["s:arcane-sentry"]), Side(combat=["x:thornback-boar"]), phase="combat")
    s = sc.state
    do(s, f"use #{sc['s']}", f"target #{sc['x']}")
    assert sc["x"] in s.frozen and s.exhausted[sc["s"]]


@check("glacier-titan")
def _titan() -> None:
    creature_in_play("glacier-titan")
    sc = build(Side(combat=["t:glacier-titan"]), phase="combat")
    assert not any(a.startswith(f"attack #{sc['t']}") for a in legal(sc.state))
    sc = build(
        Side(combat=[("a", creature("Walker", speed=0, attack=1, hp=9))]),
        Side(combat=["t:glacier-titan"]),
        phase="combat",
    )
    s = sc.state
    do(s, f"attack #{sc['a']} -> #{sc['t']}", "done", "done", "pass")
    assert taken(s, sc["a"]) == 3  # it still fights back


@check("seedkeeper")
def _seedkeeper() -> None:
    creature_in_play("seedkeeper")
    sc = build(Side(support=["k:seedkeeper"], life=10, crystals=1))
    do(sc.state, f"use #{sc['k']}")
    assert sc.state.life[0] == 11 and sc.state.exhausted[sc["k"]] and sc.state.full[0] == 0


@check("rampaging-elk", "ash-hound")
def _swift(key: str) -> None:
    sc, cid = creature_in_play(key)
    do(sc.state, "done")
    assert can(sc.state, f"attack #{cid} -> P2")


@check("elder-wurm", "magma-brute")
def _unstoppable(key: str) -> None:
    creature_in_play(key)
    c = CARDS[key]
    sc = build(
        Side(combat=[f"me:{key}"]),
        Side(combat=[("b", creature("Chump", attack=0, hp=1, speed=c.speed))]),
        phase="combat",
    )
    do(sc.state, f"attack #{sc['me']} -> P2", "done", f"block #{sc['b']} -> #{sc['me']}", "done", "pass")
    assert sc.state.life[1] == 20 - (c.attack - 1)


@check("reckless-marauder")
def _marauder() -> None:
    creature_in_play("reckless-marauder")
    fights_by_its_numbers("reckless-marauder")
    sc = build(
        Side(combat=[("a", creature("Runner", speed=1))]),
        Side(combat=["m:reckless-marauder"]),
        phase="combat",
    )
    do(sc.state, f"attack #{sc['a']} -> P2", "done")
    assert not can(sc.state, f"block #{sc['m']} -> #{sc['a']}")


@check("flame-herald")
def _herald() -> None:
    creature_in_play("flame-herald")
    sc = build(Side(combat=["h:flame-herald"]), Side(combat=["x:ember-imp"]))
    do(sc.state, f"use #{sc['h']}", f"target #{sc['x']}")
    assert zone_name(sc.state, sc["x"]) == "graveyard"


@check("bloodfury-berserker")
def _berserker() -> None:
    creature_in_play("bloodfury-berserker")
    sc = build(
        Side(combat=["b:bloodfury-berserker"]),
        Side(combat=[("x", creature("One", attack=0, hp=1)), ("y", creature("Two", attack=0, hp=2))]),
        phase="combat",
    )
    s = sc.state
    do(s, f"attack #{sc['b']} -> #{sc['x']}", f"attack #{sc['b']} -> #{sc['y']}", "done", "done", "pass")
    assert zone_name(s, sc["x"]) == zone_name(s, sc["y"]) == "graveyard"


@check("pyre-shaman")
def _pyre() -> None:
    creature_in_play("pyre-shaman")
    sc = build(Side(combat=["p:pyre-shaman"]), Side(hand=["b:firebolt"], levels={"rage": 1}), active=1)
    play(sc.state, sc["b"], sc["p"])
    assert sc.state.life[1] == 18


@check("pit-brute")
def _brute() -> None:
    creature_in_play("pit-brute")
    fights_by_its_numbers("pit-brute")


@check("tithe-collector")
def _collector() -> None:
    sc, _ = creature_in_play("tithe-collector", refund=1)
    assert sc.state.crystals[0] == 4 and sc.state.full[0] == 1


@check("restless-bones")
def _bones() -> None:
    creature_in_play("restless-bones")
    sc = build(Side(graveyard=["b:restless-bones"]), phase="start")
    assert sc.state.life[1] == 19


@check("plague-rat", "carrion-bat")
def _deadly(key: str) -> None:
    creature_in_play(key)
    sc = build(
        Side(combat=[f"me:{key}"]),
        Side(combat=[("big", creature("Big", attack=0, hp=9, speed=1))]),
        phase="combat",
    )
    do(sc.state, f"attack #{sc['me']} -> #{sc['big']}", "done", "done", "pass")
    assert zone_name(sc.state, sc["big"]) == "graveyard"


@check("grave-whisperer")
def _whisperer() -> None:
    creature_in_play("grave-whisperer")
    sc = build(
        Side(combat=["w:grave-whisperer"], hand=["b:firebolt"], levels={"rage": 1}),
        Side(combat=["x:ember-imp"]),
    )
    play(sc.state, sc["b"], sc["x"])
    assert len(row(sc.state, 1, "graveyard")) == 2  # the imp, and one decayed card


@check("blood-leech")
def _leech() -> None:
    creature_in_play("blood-leech")
    sc = build(
        Side(combat=["l:blood-leech"], life=10),
        Side(combat=[("big", creature("Big", attack=0, hp=9))]),
        phase="combat",
    )
    do(sc.state, f"attack #{sc['l']} -> #{sc['big']}", "done", "done", "pass")
    assert zone_name(sc.state, sc["big"]) == "graveyard" and sc.state.life[0] == 11


@check("lich-of-the-hollow")
def _lich() -> None:
    sc, _ = creature_in_play("lich-of-the-hollow")
    assert len(row(sc.state, 1, "graveyard")) == 2


@check("venomfang-reaver")
def _reaver() -> None:
    creature_in_play("venomfang-reaver")
    sc = build(
        Side(combat=["v:venomfang-reaver"]),
        Side(combat=[("b", creature("Wall", attack=0, hp=9, speed=2))]),
        phase="combat",
    )
    do(sc.state, f"attack #{sc['v']} -> P2", "done", f"block #{sc['b']} -> #{sc['v']}", "done", "pass")
    assert zone_name(sc.state, sc["b"]) == "graveyard" and sc.state.life[1] == 16


# ---------------------------------------------------------------------- spells


@check("radiant-aegis")
def _aegis() -> None:
    sc = in_hand("radiant-aegis", Side(combat=["c:ember-imp"]))
    play(sc.state, sc["card"], sc["c"])
    assert sc.state.shields(sc["c"]) == 1


@check("mending-prayer")
def _prayer() -> None:
    sc = in_hand("mending-prayer")
    play(sc.state, sc["card"])
    assert sc.state.life[0] == 23


@check("judgment-ray")
def _ray() -> None:
    sc = in_hand("judgment-ray", them=Side(combat=["x:ironbark-treant"]))
    play(sc.state, sc["card"], sc["x"])
    assert sc.state.hp_left(sc["x"]) == 2


@check("glacial-gust")
def _gust() -> None:
    sc = in_hand("glacial-gust", them=Side(combat=["x:ironbark-treant"]))
    play(sc.state, sc["card"], sc["x"])
    assert sc["x"] in sc.state.frozen


@check("recall-tide")
def _recall() -> None:
    sc = in_hand("recall-tide", them=Side(combat=["x:ironbark-treant"]))
    play(sc.state, sc["card"], sc["x"])
    assert zone_name(sc.state, sc["x"]) == "hand" and sc["x"] in row(sc.state, 1, "hand")


@check("slowing-current")
def _slowing() -> None:
    sc = in_hand("slowing-current", them=Side(combat=["x:dominion-guard"]))
    play(sc.state, sc["card"], sc["x"])
    assert sc.state.speed(sc["x"]) == 1


@check("unravel")
def _unravel() -> None:
    sc = build(
        Side(hand=["v:ember-volley"], levels={"rage": 2}), Side(hand=["card:unravel"], levels={"wisdom": 2})
    )
    play(sc.state, sc["v"])
    play(sc.state, sc["card"])
    do(sc.state, "pass")  # P1's Cancel window for Unravel itself
    assert zone_name(sc.state, sc["v"]) == "graveyard" and sc.state.life[1] == 20


@check("tidal-insight")
def _insight() -> None:
    sc = in_hand("tidal-insight")
    play(sc.state, sc["card"])
    assert len(row(sc.state, 0, "hand")) == 2


@check("deep-current")
def _deep() -> None:
    sc = in_hand("deep-current", them=Side(combat=["x:ironbark-treant"]))
    play(sc.state, sc["card"], sc["x"])
    assert zone_name(sc.state, sc["x"]) == "hand" and len(row(sc.state, 0, "hand")) == 1


@check("winters-hold")
def _winters_hold() -> None:
    sc = in_hand("winters-hold", them=Side(combat=["x:dominion-guard"]))
    play(sc.state, sc["card"], sc["x"])
    s = sc.state
    assert s.speed(sc["x"]) == 1 and s.has_keyword(sc["x"], "cant_block")


@check("wild-surge")
def _surge() -> None:
    sc = in_hand("wild-surge", Side(crystals=3))
    play(sc.state, sc["card"])
    assert sc.state.crystals[0] == 5 and sc.state.full[0] == 1


@check("call-of-the-herd")
def _herd() -> None:
    sc = in_hand("call-of-the-herd", Side(combat=["a:ember-imp", "b:crypt-crawler"]))
    play(sc.state, sc["card"])
    s = sc.state
    assert (s.attack(sc["a"]), s.stat(sc["a"], "hp"), s.attack(sc["b"])) == (2, 2, 3)


@check("verdant-mantle")
def _mantle() -> None:
    sc = in_hand("verdant-mantle", Side(combat=["a:ember-imp"]))
    play(sc.state, sc["card"], sc["a"])
    assert (sc.state.attack(sc["a"]), sc.state.stat(sc["a"], "hp")) == (2, 3)


@check("bloom-of-renewal")
def _bloom() -> None:
    sc = in_hand("bloom-of-renewal")
    play(sc.state, sc["card"])
    skip_to(sc.state, "main", seat=1)
    skip_to(sc.state, "main", seat=0)
    assert sc.state.life[0] == 21


@check("sunstone-idol")
def _idol() -> None:
    sc = in_hand("sunstone-idol")
    s = sc.state
    play(s, sc["card"])
    for n in (1, 2, 3):
        skip_to(s, "main", seat=1)
        skip_to(s, "main", seat=0)
        assert s.energy[sc["card"]] == n
    hand = len(row(s, 0, "hand"))
    do(s, f"use #{sc['card']}")
    assert s.energy[sc["card"]] == 0 and len(row(s, 0, "hand")) == hand + 1


@check("wellspring-geode")
def _geode() -> None:
    sc = in_hand("wellspring-geode")
    s = sc.state
    play(s, sc["card"])
    assert s.energy[sc["card"]] == 3 and s.mana(0) == 0
    do(s, f"use #{sc['card']}", f"use #{sc['card']}")
    assert s.energy[sc["card"]] == 1 and s.mana(0) == 2
    skip_to(s, "main", seat=1)
    assert s.bonus_mana[0] == 0  # it had to be spent this turn


@check("binding-chains")
def _chains() -> None:
    sc = in_hand("binding-chains", them=Side(combat=["x:crypt-crawler"]))
    play(sc.state, sc["card"], sc["x"])
    assert sc.state.exhausted[sc["x"]]


@check("blood-offering")
def _blood_offering() -> None:
    sc = in_hand("blood-offering", Side(combat=["p:pyre-shaman"]))
    s = sc.state
    play(s, sc["card"], sc["p"])
    assert zone_name(s, sc["p"]) == "graveyard" and len(row(s, 0, "hand")) == 2 and s.life[1] == 18


@check("firebolt")
def _firebolt() -> None:
    sc = in_hand("firebolt")
    play(sc.state, sc["card"], P2)
    assert sc.state.life[1] == 18


@check("battle-frenzy")
def _frenzy() -> None:
    sc = in_hand("battle-frenzy", Side(hand=["b:thornback-boar"], crystals=4, levels={"nature": 1}))
    s = sc.state
    play(s, sc["b"])
    play(s, sc["card"], sc["b"])
    assert s.attack(sc["b"]) == 5
    do(s, "done")
    assert can(s, f"attack #{sc['b']} -> P2")


@check("ember-volley")
def _volley() -> None:
    sc = in_hand("ember-volley")
    play(sc.state, sc["card"])
    assert sc.state.life[1] == 17


@check("inferno-wave")
def _wave() -> None:
    sc = in_hand(
        "inferno-wave", Side(combat=["a:ember-imp"]), Side(combat=["b:crypt-crawler", "c:warband-raider"])
    )
    play(sc.state, sc["card"])
    s = sc.state
    assert [zone_name(s, sc[k]) for k in "abc"] == ["graveyard", "combat", "graveyard"]


@check("bloodlust-totem")
def _totem() -> None:
    sc = in_hand("bloodlust-totem", Side(combat=["a:warband-raider"]))
    play(sc.state, sc["card"], sc["a"])
    assert sc.state.attack(sc["a"]) == 3 and sc.state.has_keyword(sc["a"], "murder_instinct")


@check("command-to-retreat")
def _retreat() -> None:
    sc = in_hand("command-to-retreat", them=Side(combat=["x:crypt-crawler"]))
    play(sc.state, sc["card"], sc["x"])
    assert zone_name(sc.state, sc["x"]) == "support"


@check("time-snare")
def _snare() -> None:
    sc = in_hand("time-snare", Side(combat=["a:crypt-crawler"]))
    play(sc.state, sc["card"], sc["a"])
    assert sc.state.speed(sc["a"]) == 2


@check("shatter-sigil")
def _shatter() -> None:
    sc = in_hand("shatter-sigil", them=Side(area=["b:bloom-of-renewal"]))
    play(sc.state, sc["card"], sc["b"])
    assert zone_name(sc.state, sc["b"]) == "graveyard"


@check("tyrants-edict")
def _edict() -> None:
    sc = in_hand("tyrants-edict", them=Side(combat=["x:glacier-titan"]))
    play(sc.state, sc["card"], sc["x"])
    assert zone_name(sc.state, sc["x"]) == "graveyard"


@check("crown-of-dominion")
def _crown() -> None:
    sc = in_hand("crown-of-dominion", Side(combat=["a:ember-imp"]))
    play(sc.state, sc["card"], sc["a"])
    assert sc.state.attack(sc["a"]) == 3 and sc.state.attached[sc["card"]] == sc["a"]


@check("banner-of-the-iron-host")
def _banner() -> None:
    sc = in_hand("banner-of-the-iron-host", Side(combat=["a:ember-imp"]), Side(combat=["x:ember-imp"]))
    play(sc.state, sc["card"])
    assert sc.state.attack(sc["a"]) == 2 and sc.state.attack(sc["x"]) == 1


@check("iron-discipline")
def _discipline() -> None:
    sc = in_hand("iron-discipline", Side(combat=["a:ember-imp"], exhausted=["a"]))
    play(sc.state, sc["card"], sc["a"])
    assert not sc.state.exhausted[sc["a"]] and sc.state.attack(sc["a"]) == 2


@check("dark-pact")
def _pact() -> None:
    sc = in_hand("dark-pact")
    play(sc.state, sc["card"])
    assert sc.state.life[0] == 18 and len(row(sc.state, 0, "hand")) == 2


@check("mind-rot")
def _rot() -> None:
    sc = in_hand("mind-rot")
    play(sc.state, sc["card"])
    assert len(row(sc.state, 1, "graveyard")) == 3 and len(row(sc.state, 0, "hand")) == 1


@check("soul-harvest")
def _harvest() -> None:
    sc = in_hand("soul-harvest", them=Side(combat=["x:ironbark-treant"]))
    play(sc.state, sc["card"], sc["x"])
    assert zone_name(sc.state, sc["x"]) == "graveyard" and sc.state.life[0] == 22


@check("withering-hex")
def _hex() -> None:
    sc = in_hand("withering-hex", them=Side(combat=["x:crypt-crawler", "y:warband-raider"]))
    s = sc.state
    play(s, sc["card"], sc["x"])
    assert s.emblems[sc["x"]] == (0, 2, 0) and s.attack(sc["x"]) == 0 and s.hp_left(sc["x"]) == 1
    assert zone_name(s, sc["card"]) == "area"


@check("curse-of-rot")
def _curse_of_rot() -> None:
    sc = in_hand("curse-of-rot")
    s = sc.state
    play(s, sc["card"])
    skip_to(s, "main", seat=1)
    assert len(row(s, 1, "graveyard")) == 1


@check("halo-of-valor")
def _halo() -> None:
    sc = in_hand("halo-of-valor", Side(combat=["a:ember-imp"]))
    s = sc.state
    play(s, sc["card"], sc["a"])
    assert s.emblems[sc["a"]] == (1, 0, 0)
    skip_to(s, "main", seat=1)
    skip_to(s, "main", seat=0)
    assert s.emblems[sc["a"]] == (2, 0, 0) and s.attack(sc["a"]) == 3


@check("sanctuary-of-light")
def _sanctuary() -> None:
    sc = in_hand("sanctuary-of-light")
    play(sc.state, sc["card"])
    skip_to(sc.state, "end_window")
    assert sc.state.life[0] == 22


@check("celestial-convergence")
def _convergence() -> None:
    sc = in_hand("celestial-convergence")
    s = sc.state
    play(s, sc["card"])
    assert s.energy[sc["card"]] == 0
    for _ in range(3):
        skip_to(s, "main", seat=1)
        skip_to(s, "main", seat=0)
    assert s.energy[sc["card"]] == 3 and s.outcome is None
    skip_to(s, "main", seat=1)
    do(s, "done", "done", "done", "pass")
    assert s.outcome is not None and s.outcome.winners == (0,) and s.outcome.reason == "card"


# ---------------------------------------------------------------------- the tests


def test_every_card_has_a_test() -> None:
    assert sorted(set(CARDS) - set(CHECKS)) == []
    assert sorted(set(CHECKS) - set(CARDS)) == []


@pytest.mark.parametrize("key", sorted(CARDS))
def test_card(key: str) -> None:
    assert CARDS[key].text
    CHECKS[key]()


def test_the_pool_is_large_and_every_card_is_legal_data() -> None:
    deck_cards = [c for c in CARDS.values() if c.type not in ("hero", "system")]
    heroes = [c for c in CARDS.values() if c.type == "hero"]
    assert len(deck_cards) >= 80 and len(heroes) >= 6
    assert len({h.skill.name for h in heroes if h.skill}) == len(heroes)
    assert {h.skill.cooldown for h in heroes if h.skill} >= {1, 2, 3}
    for aspect in ASPECTS:
        assert any(c.aspect == aspect for c in deck_cards)
