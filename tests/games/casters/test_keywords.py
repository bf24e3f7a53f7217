"""Keyword rules: Sacrifice, Discard, Passive, Search, Death, Shield, Equip, Destroy, Summon, Mill, Immune
(CA-058..CA-070, CA-R24, CA-R25, CA-R27, CA-K03..CA-K10, CA-K19..CA-K22)."""

from __future__ import annotations

from pathlib import Path

import pytest

from spellforge.core.errors import IllegalActionError
from spellforge.core.rng import Rng
from spellforge.core.targets import CardRef
from spellforge.games.casters import cards as card_data
from spellforge.games.casters.actions import Attack, Block
from spellforge.games.casters.base import DECK, FIELD, GRAVEYARD, HAND, SHIELDS, STAGES

from .casters_util import GAME, Side, act, card_id, events, legal, scenario

OTHER = Side(set=["ashen-whelp", "tide-sprite"])


@pytest.mark.rules("CA-058", "CA-K03", "CA-062", "CA-065", "CA-K08")
def test_sacrifice_sends_any_of_your_face_up_cards_to_the_graveyard() -> None:
    for victim in ("banner-of-the-vanguard", "skyfall-citadel", "gravel-ghoul", "titans-gauntlet"):
        field = ["reef-lancer", "gravel-ghoul", "banner-of-the-vanguard", "titans-gauntlet:on=0"]
        state = scenario(
            Side(set=["ashen-ritual"], field=field, deck=["tide-sprite"] * 3), OTHER, phase="reveal"
        )
        ritual = card_id(state, "ashen-ritual")
        act(state, f"play #{ritual}")
        target = card_id(state, victim)
        options = legal(state)
        assert f"sacrifice #{target}" in options and len(options) == 5  # 3 on the field + gauntlet + Stage
        act(state, f"sacrifice #{target}")
        assert state.zone_of[target] == GRAVEYARD[0]
        deaths = [e.card for e in events(state, "death")]
        assert deaths == ([target] if victim == "gravel-ghoul" else [])  # only a minion has a Death
        assert len(state.zones[HAND[0]]) == 3


@pytest.mark.rules("CA-059", "CA-K04", "CA-018")
def test_discard_moves_a_card_from_hand_to_its_owners_graveyard() -> None:
    state = scenario(
        Side(set=["whisper-thief"]),
        Side(set=["ashen-whelp", "frostbinder"], hand=["gravel-ghoul", "reef-lancer"]),
        phase="reveal",
    )
    act(state, f"play #{card_id(state, 'whisper-thief')}")
    assert state.decision is not None and state.decision.kind == "discard" and state.decision.seat == 1
    ghoul = card_id(state, "gravel-ghoul")
    act(state, f"discard #{ghoul}")
    assert state.zone_of[ghoul] == GRAVEYARD[1]


@pytest.mark.rules("CA-060", "CA-061", "CA-062", "CA-K05", "CA-R27", "CA-K19")
def test_a_passive_spell_stays_is_never_attacked_and_dies_to_destroy() -> None:
    # CA section 5, scenario 17.
    state = scenario(
        Side(set=["banner-of-the-vanguard"], hand=["tide-sprite"], field=["reef-lancer"]),
        Side(set=["unmaking", "frostbinder"], hand=["gravel-ghoul"], field=["dusk-ravager:tapped"]),
        phase="reveal",
    )
    banner = card_id(state, "banner-of-the-vanguard")
    lancer = card_id(state, "reef-lancer")
    act(state, f"play #{banner}")
    assert state.zone_of[banner] == FIELD[0] and state.attack_of(lancer) == 3  # stays and works
    act(state, f"reveal #{card_id(state, 'unmaking')}")
    assert f"play #{card_id(state, 'unmaking')} -> #{banner}" in legal(state)
    before = state.clone()
    act(state, f"play #{card_id(state, 'unmaking')} -> #{banner}")
    assert state.zone_of[banner] == GRAVEYARD[0] and state.attack_of(lancer) == 2
    # in battle, a Passive spell is never among the attack targets
    battle = scenario(
        Side(field=["dusk-ravager"]), Side(field=["banner-of-the-vanguard", "reef-lancer:tapped"])
    )
    targets = [a.target for a in battle.legal_actions() if isinstance(a, Attack)]
    assert (
        CardRef(card_id(battle, "banner-of-the-vanguard")) not in targets
        and CardRef(card_id(battle, "reef-lancer")) in targets
    )
    with pytest.raises(IllegalActionError):
        battle.apply(
            Attack(card_id(battle, "dusk-ravager"), CardRef(card_id(battle, "banner-of-the-vanguard")))
        )
    assert before.zone_of[banner] == FIELD[0]


@pytest.mark.rules("CA-063", "CA-K06")
def test_search_finds_a_matching_card_reveals_it_and_shuffles() -> None:
    deck = ["tide-sprite", "gravel-ghoul", "mistcaller-adept", "reef-lancer", "gravel-ghoul", "dusk-ravager"]
    state = scenario(Side(set=["crypt-seeker"], deck=list(deck)), OTHER, phase="reveal")
    act(state, f"play #{card_id(state, 'crypt-seeker')}")
    assert state.decision is not None and state.decision.kind == "search"
    ghoul = card_id(state, "gravel-ghoul")
    adept = card_id(state, "mistcaller-adept")
    offered = sorted(state.defs[a.card].key for a in state.legal_actions())  # type: ignore[attr-defined]
    assert offered == ["gravel-ghoul", "mistcaller-adept"]  # LvL3 cards (not the LvL4), one per name
    assert state.can_see(0, ghoul) and not state.can_see(1, ghoul)  # the searcher looks through the deck
    act(state, f"take #{adept}")
    assert state.zone_of[adept] == HAND[0]
    assert [e.card for e in events(state, "search")] == [adept]  # revealed: a public event
    assert "Mistcaller Adept" in state.describe_event(events(state, "search")[0], 1)
    # revealed, so the opponent knows it in the searcher's hand, and a determinization keeps it there
    assert state.knows(1, adept) and state.can_see(1, adept)
    known = [c["id"] for c in state.observe(1)["players"][0]["hand"].get("known", [])]
    assert known == [adept]
    for seed in range(5):
        assert state.determinize(1, Rng(seed)).zone_of[adept] == HAND[0]
    # no match: nothing happens
    empty = scenario(Side(set=["crypt-seeker"], deck=["tide-sprite", "reef-lancer"]), OTHER, phase="reveal")
    act(empty, f"play #{card_id(empty, 'crypt-seeker')}")
    assert empty.decision is not None and empty.decision.kind == "search" and legal(empty) == ["pass"]
    act(empty, "pass")  # asked all the same: being asked must not tell the opponent what the deck holds
    assert events(empty, "search_fail") and len(empty.zones[DECK[0]]) == 2


@pytest.mark.rules("CA-K06")
def test_after_a_search_the_main_deck_is_shuffled() -> None:
    deck = ["gravel-ghoul", "tide-sprite", "reef-lancer", "mistcaller-adept", "dusk-ravager", "glacier-titan"]
    orders = set()
    for seed in range(6):
        state = scenario(Side(set=["crypt-seeker"], deck=list(deck)), OTHER, phase="reveal", seed=seed)
        act(state, f"play #{card_id(state, 'crypt-seeker')}")
        before = [c for c in state.zones[DECK[0]] if c != card_id(state, "gravel-ghoul")]
        act(state, f"take #{card_id(state, 'gravel-ghoul')}")
        after = list(state.zones[DECK[0]])
        assert sorted(after) == sorted(before)  # the same five cards ...
        orders.add(tuple(state.defs[c].key for c in after))
    assert len(orders) > 1  # ... in an order that changes from game to game (1/120 for each to stay put)


@pytest.mark.rules("CA-065", "CA-K08", "CA-R21")
def test_death_triggers_whatever_sends_the_minion_to_the_graveyard() -> None:
    # destroyed by an effect
    state = scenario(
        Side(set=["unmaking"], hand=["tide-sprite"]),
        Side(set=["ashen-whelp", "frostbinder"], field=["lantern-martyr"], deck=["reef-lancer"]),
        phase="reveal",
    )
    act(state, f"play #{card_id(state, 'unmaking')} -> #{card_id(state, 'lantern-martyr')}")
    assert [e.seat for e in events(state, "draw")] == [1]
    # returned to hand: not a Death
    state = scenario(
        Side(set=["ebb-tide"], hand=["tide-sprite"]),
        Side(set=["ashen-whelp", "frostbinder"], field=["lantern-martyr"], deck=["reef-lancer"]),
        phase="reveal",
    )
    act(state, f"play #{card_id(state, 'ebb-tide')} -> #{card_id(state, 'lantern-martyr')}")
    assert not events(state, "death") and not events(state, "draw")


@pytest.mark.rules("CA-066", "CA-067", "CA-R24", "CA-K09")
def test_a_shield_takes_one_whole_damage_instance_then_returns_to_the_deck() -> None:
    # CA section 5, scenario 15.
    state = scenario(
        Side(set=["searing-hex", "searing-hex"]),
        Side(set=["ashen-whelp", "tide-sprite"], field=["reef-lancer:shields=1"], deck=["gravel-ghoul"]),
        phase="reveal",
    )
    lancer = card_id(state, "reef-lancer")
    shield = state.zones[SHIELDS[1]][0]
    hexes = f"reveal #{card_id(state, 'searing-hex')}"  # two of a name: one option, yet asked (hidden set)
    act(state, hexes, f"play #{card_id(state, 'searing-hex')} -> #{lancer}")
    assert state.damage[lancer] == 0 and state.zones[SHIELDS[1]] == []
    assert state.zones[DECK[1]][-1] == shield  # back on top of the Main Deck
    assert [e.amount for e in events(state, "shield_used")] == [5]
    act(state, legal(state)[-1])  # P2's reveal
    act(state, legal(state)[-1])
    act(state, f"play #{card_id(state, 'searing-hex', nth=1)} -> #{lancer}")
    assert state.damage[lancer] == 5  # the next damage hits normally


@pytest.mark.rules("CA-R24", "CA-066", "CA-K09")
def test_shields_stack_need_a_deck_and_go_home_when_the_minion_leaves() -> None:
    state = scenario(
        Side(set=["bulwark-paladin"], hand=["tide-sprite"], deck=["gravel-ghoul"]), OTHER, phase="reveal"
    )
    paladin = card_id(state, "bulwark-paladin")
    act(state, f"play #{paladin}")
    assert len(state.shields_on(paladin)) == 1  # two Shields, but only one card in the deck
    assert state.observe(1)["players"][0]["minions"][0]["shields"] == 1
    state = scenario(
        Side(set=["ebb-tide"], hand=["tide-sprite"]),
        Side(set=["ashen-whelp", "frostbinder"], field=["reef-lancer:shields=2"]),
        phase="reveal",
    )
    lancer = card_id(state, "reef-lancer")
    act(state, f"play #{card_id(state, 'ebb-tide')} -> #{lancer}")
    assert (
        state.zone_of[lancer] == HAND[1] and state.zones[SHIELDS[1]] == [] and len(state.zones[DECK[1]]) == 2
    )


@pytest.mark.rules("CA-068", "CA-069", "CA-070", "CA-R25", "CA-K10")
def test_equipping_a_minion_and_a_spell() -> None:
    # CA section 5, scenario 18.
    state = scenario(
        Side(set=["barbed-imp", "titans-gauntlet"], field=["reef-lancer"], hand=["tide-sprite"]),
        Side(set=["ashen-whelp", "tide-sprite"], field=["gravel-ghoul:tapped"]),
        phase="reveal",
    )
    imp, gauntlet, lancer = (card_id(state, k) for k in ("barbed-imp", "titans-gauntlet", "reef-lancer"))
    act(state, f"reveal #{imp}")
    assert legal(state) == [f"recycle #{imp}", f"equip #{imp} -> #{lancer}", f"play #{imp}"]
    act(state, f"equip #{imp} -> #{lancer}")
    assert state.attached_to[imp] == lancer and not state.is_minion(imp)
    lancer_card, imp_card = state.defs[lancer], state.defs[imp]
    attack = lancer_card.attack + imp_card.attack + 1  # the Imp's stats, and its Equip: +1 Attack
    health = lancer_card.health + imp_card.health
    assert (state.attack_of(lancer), state.health_of(lancer)) == (attack, health)
    act(state, legal(state)[-1])  # P2 reveals a card
    act(state, legal(state)[-1])  # and plays it
    act(state, f"equip #{gauntlet} -> #{lancer}")  # its cost (the one card in hand) is forced
    assert (state.attack_of(lancer), state.health_of(lancer)) == (
        attack + 3,
        health + 3,
    )  # the spell: only +3/+3
    assert state.has_keyword(lancer, "double_strike") is False


@pytest.mark.rules("CA-069", "CA-R25", "CA-K10", "CA-K13")
def test_an_equipped_minion_lends_its_effects_and_falls_with_its_host() -> None:
    state = scenario(
        Side(field=["reef-lancer", "barbed-imp:on=0", "spirit-hound:on=0"], deck=["tide-sprite"]),
        Side(field=["gravel-ghoul:tapped", "ashen-whelp:tapped"]),
    )
    lancer, imp, hound = (card_id(state, k) for k in ("reef-lancer", "barbed-imp", "spirit-hound"))
    ghoul = card_id(state, "gravel-ghoul")
    attackers = [a.card for a in state.legal_actions() if isinstance(a, Attack)]
    assert attackers == [lancer, lancer, lancer] and imp not in attackers and hound not in attackers
    act(state, f"attack #{lancer} -> P2")
    # two On Attack abilities lent by the equipment: the Imp's ping and the Hound's draw
    assert state.decision is not None and state.decision.kind == "trigger_order"
    act(state, "choose 1")
    act(state, f"target #{ghoul}")
    assert (ghoul, 1) in {(e.card, e.amount) for e in events(state, "damage")}
    assert [e.seat for e in events(state, "draw")] == [0]
    # the host dies: its equipment goes to the Graveyard, and an equipped Minion's leaving is not a Death
    state = scenario(
        Side(set=["unmaking"], hand=["tide-sprite"]),
        Side(
            set=["ashen-whelp", "frostbinder"],
            field=["reef-lancer", "lantern-martyr:on=0", "twinfang-sabre:on=0"],
            deck=["gravel-ghoul"],
        ),
        phase="reveal",
    )
    lancer, martyr, sabre = (card_id(state, k) for k in ("reef-lancer", "lantern-martyr", "twinfang-sabre"))
    assert state.has_keyword(lancer, "double_strike")
    act(state, f"play #{card_id(state, 'unmaking')} -> #{lancer}")
    assert {state.zone_of[c] for c in (lancer, martyr, sabre)} == {GRAVEYARD[1]}
    assert [e.card for e in events(state, "death")] == [lancer]
    assert [e.seat for e in events(state, "draw")] == [1]  # the Martyr's lent Death effect, through its host


@pytest.mark.rules("CA-R25")
def test_a_minion_used_as_equipment_cannot_attack_block_or_be_attacked() -> None:
    state = scenario(
        Side(field=["dusk-ravager"]),
        Side(field=["reef-lancer", "gravel-ghoul:on=0:tapped"]),
    )
    ghoul = card_id(state, "gravel-ghoul")
    targets = [a.target for a in state.legal_actions() if isinstance(a, Attack)]
    assert CardRef(ghoul) not in targets and targets  # the others are attackable
    act(state, f"attack #{card_id(state, 'dusk-ravager')} -> P2")
    assert Block(ghoul) not in state.legal_actions()


@pytest.mark.rules("CA-K19", "CA-018")
def test_destroy_sends_the_card_to_its_owners_graveyard() -> None:
    state = scenario(
        Side(set=["unmaking"], hand=["tide-sprite"]),
        Side(set=["ashen-whelp", "frostbinder"], field=["glacier-titan"]),
        phase="reveal",
    )
    titan = card_id(state, "glacier-titan")
    act(state, f"play #{card_id(state, 'unmaking')} -> #{titan}")
    assert state.zone_of[titan] == GRAVEYARD[1]
    assert [e.card for e in events(state, "destroyed")] == [titan]


@pytest.mark.rules("CA-K20", "CA-K12")
def test_summon_from_the_graveyard_arrives_untapped_and_triggers_on_play() -> None:
    state = scenario(
        Side(
            set=["call-of-the-crypt"], hand=["tide-sprite"], graveyard=["tome-keeper"], deck=["reef-lancer"]
        ),
        OTHER,
        phase="reveal",
    )
    keeper = card_id(state, "tome-keeper")
    act(state, f"play #{card_id(state, 'call-of-the-crypt')} -> #{keeper}")
    assert state.is_minion(keeper) and not state.tapped[keeper]
    assert [state.defs[e.card].key for e in events(state, "draw")] == ["reef-lancer"]


@pytest.mark.rules("CA-K21")
def test_mill_moves_the_top_cards_to_the_graveyard() -> None:
    state = scenario(
        Side(set=["memory-rot"]),
        Side(
            set=["ashen-whelp", "frostbinder"], deck=["tide-sprite", "reef-lancer", "gravel-ghoul", "quell"]
        ),
        phase="reveal",
    )
    act(state, f"play #{card_id(state, 'memory-rot')}")
    assert [state.defs[e.card].key for e in events(state, "mill")] == [
        "tide-sprite",
        "reef-lancer",
        "gravel-ghoul",
    ]
    assert [state.defs[c].key for c in state.zones[DECK[1]]] == ["quell"]


@pytest.mark.rules("CA-K22")
def test_an_immune_minion_is_untouched_by_spells() -> None:
    state = scenario(
        Side(set=["searing-hex"], field=["veilguard-golem", "banner-of-the-vanguard"]),
        Side(set=["ashen-whelp", "frostbinder"], field=["reef-lancer"]),
        phase="reveal",
    )
    golem = card_id(state, "veilguard-golem")
    assert f"play #{card_id(state, 'searing-hex')} -> #{golem}" not in legal(state)
    assert state.attack_of(golem) == 3  # the Banner is a spell: it does not buff the Golem either
    battle = scenario(Side(field=["glacier-titan"]), Side(field=["veilguard-golem:tapped"]))
    act(battle, f"attack #{card_id(battle, 'glacier-titan')} -> #{card_id(battle, 'veilguard-golem')}")
    assert (card_id(battle, "veilguard-golem"), 5) in {(e.card, e.amount) for e in events(battle, "damage")}


@pytest.mark.rules("CA-K23", "CA-R08")
def test_stage_text_applies_while_face_up() -> None:
    state = scenario(Side(field=["reef-lancer"], stages=["bannered-keep"]), Side(field=["reef-lancer"]))
    mine, theirs = card_id(state, "reef-lancer", 0), card_id(state, "reef-lancer", 1)
    assert (state.health_of(mine), state.health_of(theirs)) == (9, 8)
    assert state.zone_of[card_id(state, "bannered-keep")] == STAGES[0]


@pytest.mark.rules("CA-062", "CA-K05", "CA-R27")
def test_a_passive_spell_leaves_neither_with_the_turn_nor_by_a_return_to_hand() -> None:
    # the End Phase and the next turn leave it where it is, still working
    state = scenario(
        Side(
            field=["banner-of-the-vanguard", "reef-lancer"], hand=["tide-sprite"], deck=["gravel-ghoul"] * 3
        ),
        Side(hand=["tide-sprite"], deck=["gravel-ghoul"] * 3),
        phase="end",
    )
    banner, lancer = card_id(state, "banner-of-the-vanguard"), card_id(state, "reef-lancer")
    assert state.turn == 4 and events(state, "coin")  # the turn ended and the next one began
    assert state.zone_of[banner] == FIELD[0] and state.attack_of(lancer) == 3
    assert not events(state, "destroyed") and not events(state, "to_hand")
    # "Return a minion to its owner's hand" cannot pick it: only the minions are offered
    state = scenario(
        Side(set=["ebb-tide"], hand=["tide-sprite"], field=["reef-lancer"]),
        Side(field=["banner-of-the-vanguard", "gravel-ghoul"], set=["ashen-whelp"]),
        phase="reveal",
    )
    tide = card_id(state, "ebb-tide")
    assert legal(state) == [
        f"recycle #{tide}",
        f"play #{tide} -> #{card_id(state, 'reef-lancer')}",
        f"play #{tide} -> #{card_id(state, 'gravel-ghoul')}",
    ]


@pytest.mark.rules("CA-K23", "CA-R08")
def test_a_stage_that_acts_when_revealed_does_so_as_it_goes_face_up() -> None:
    state = scenario(
        Side(field=["dusk-ravager"]),
        Side(
            stage_deck=["whispering-crypt", "misty-fen", "sunken-library"],
            field=["ashen-whelp"],
            deck=["quell"],
        ),
    )
    act(state, f"attack #{card_id(state, 'dusk-ravager')} -> P2", "done")  # 5 damage: one Stage goes
    crypt = card_id(state, "whispering-crypt")
    assert state.zone_of[crypt] == STAGES[1]
    assert [state.defs[c].key for c in state.zones[HAND[1]]] == ["quell"]  # its "when revealed" draw


@pytest.mark.rules("CA-059", "CA-K04")
def test_an_effect_that_discards_two_asks_for_two_cards(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "squeeze.toml"
    path.write_text(
        '[[card]]\nid = "mind-squeeze"\nname = "Mind Squeeze"\ntype = "spell"\nclass = "purple"\n'
        'cost = "Free"\ntext = "Your opponent discards 2 cards."\n'
        'effects = [{ do = "discard", amount = 2, to = "opponent" }]\n'
    )
    monkeypatch.setitem(GAME.cards, "mind-squeeze", card_data.load([path])["mind-squeeze"])
    state = scenario(
        Side(set=["mind-squeeze"]),
        Side(set=["ashen-whelp", "frostbinder"], hand=["gravel-ghoul", "reef-lancer", "tide-sprite"]),
        phase="reveal",
    )
    act(state, f"play #{card_id(state, 'mind-squeeze')}")
    ghoul, lancer, sprite = (card_id(state, k, 1) for k in ("gravel-ghoul", "reef-lancer", "tide-sprite"))
    assert state.decision is not None and state.decision.kind == "discard" and state.decision.seat == 1
    act(state, f"discard #{ghoul}")
    assert state.decision is not None and state.decision.kind == "discard"  # a second card is due
    act(state, f"discard #{sprite}")
    assert state.zones[HAND[1]] == [lancer]
    assert [e.card for e in events(state, "discard")] == [ghoul, sprite]
