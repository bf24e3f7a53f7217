"""Costs are text paid with cards: parsing (CA-R02), Levels (CA-R03), all-or-nothing payment (CA-R04)."""

from __future__ import annotations

from pathlib import Path

import pytest

from spellforge.core.errors import CardDataError
from spellforge.games.casters import cards as card_data
from spellforge.games.casters.costs import CostPart, parse_cost, payable

from .casters_util import GAME, Side, act, card_id, events, legal, scenario


@pytest.mark.rules("CA-R01", "CA-K01", "CA-003")
@pytest.mark.parametrize("text", ["Free Summon", "Free Stage", "Free", "free spell", "FREE SUMMON."])
def test_free_costs_need_nothing(text: str) -> None:
    assert parse_cost(text) == ()


@pytest.mark.rules("CA-R01", "CA-R02", "CA-K02", "CA-K03", "CA-K04")
@pytest.mark.parametrize(
    ("text", "parts"),
    [
        ("Discard a card", (CostPart("discard", 1, "card"),)),
        ("Discard 2 cards", (CostPart("discard", 2, "card"),)),
        ("Discard three cards", (CostPart("discard", 3, "card"),)),
        ("Discard 3 minions", (CostPart("discard", 3, "minion"),)),
        ("Discard two spells", (CostPart("discard", 2, "spell"),)),
        ("Sacrifice a minion", (CostPart("sacrifice", 1, "minion"),)),
        ("Sacrifice two LvL3", (CostPart("sacrifice", 2, "minion", 3),)),
        ("Sacrifice a LvL1", (CostPart("sacrifice", 1, "minion", 1),)),
        ("Sacrifice a LvL1 Stage", (CostPart("sacrifice", 1, "stage", 1),)),
        ("Sacrifice a Stage", (CostPart("sacrifice", 1, "stage"),)),
        ("Discard 2 minions LvL 3", (CostPart("discard", 2, "minion", 3),)),
        (
            "Discard a card and sacrifice a minion",
            (CostPart("discard", 1, "card"), CostPart("sacrifice", 1, "minion")),
        ),
        (
            "Discard a card, Sacrifice 2 cards",
            (CostPart("discard", 1, "card"), CostPart("sacrifice", 2, "card")),
        ),
        ("Free Stage, Sacrifice a LvL1 Stage", (CostPart("sacrifice", 1, "stage", 1),)),
    ],
)
def test_cost_grammar(text: str, parts: tuple[CostPart, ...]) -> None:
    assert parse_cost(text) == parts


@pytest.mark.rules("CA-R02")
@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("Pay 3 mana", "unknown word 'pay'"),
        ("Discard", "needs a count"),
        ("Discard some cards", "is not a count"),
        ("Sacrifice two", "what?"),
        ("Discard a Stage", "cannot discard stages"),
        ("Sacrifice a spell", "cannot sacrifice spells"),
        ("Discard a LvL2 spell", "spells have no Level"),
        ("Discard a card or two", "unexpected word"),
        ("", "cannot be empty"),
    ],
)
def test_unreadable_costs_are_errors(text: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        parse_cost(text)


@pytest.mark.rules("CA-R02")
def test_unparseable_cost_fails_at_load_naming_file_card_and_field(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text(
        '[[card]]\nid = "odd-golem"\nname = "Odd Golem"\ntype = "minion"\nclass = "blue"\nlevel = 2\n'
        'cost = "Sacrifce a minion"\nattack = 2\nhealth = 2\n'
    )
    with pytest.raises(CardDataError) as err:
        card_data.load([path])
    message = str(err.value)
    assert "broken.toml" in message and "'odd-golem'" in message and "cost:" in message
    assert "sacrifce" in message


@pytest.mark.rules("CA-R03", "CA-K02", "CA-002")
def test_a_level_qualifier_means_exactly_that_level() -> None:
    parts = parse_cost("Sacrifice two LvL3")
    levels = {1: 3, 2: 3, 3: 4}

    def fits(cid: int, part: CostPart) -> bool:
        return levels[cid] == part.level

    assert payable(parts, {"sacrifice": [1, 2]}, fits)
    assert not payable(parts, {"sacrifice": [1, 3]}, fits)  # a LvL4 is not a LvL3


@pytest.mark.rules("CA-R04")
def test_parts_of_one_cost_compete_for_the_same_cards() -> None:
    kinds = {1: "minion", 2: "spell", 3: "spell"}
    parts = parse_cost("Discard a minion and discard a card")

    def fits(cid: int, part: CostPart) -> bool:
        return part.noun == "card" or kinds[cid] == part.noun

    assert payable(parts, {"discard": [1, 2]}, fits)
    assert not payable(parts, {"discard": [1]}, fits)  # one card cannot pay two parts
    assert not payable(parts, {"discard": [2, 3]}, fits)  # no minion for the first part
    # order does not matter: the matching finds the only assignment
    assert payable(parse_cost("Discard a card and discard a minion"), {"discard": [2, 1]}, fits)


@pytest.mark.rules("CA-R04", "CA-059", "CA-R05", "CA-K01")
def test_discard_cost_is_paid_card_by_card_from_hand() -> None:
    state = scenario(
        Side(set=["stormglass-knight"], hand=["tide-sprite", "reef-lancer", "searing-hex"]), phase="reveal"
    )
    knight = card_id(state, "stormglass-knight")
    assert legal(state) == [f"recycle #{knight}", f"play #{knight}"]
    act(state, f"play #{knight}")
    assert state.decision is not None and state.decision.kind == "pay"
    hand = state.zones[state.layout.hand[0]]
    assert legal(state) == [f"discard #{c}" for c in hand]
    act(state, f"discard #{hand[0]}")
    act(state, f"discard #{hand[0]}")
    assert [e.note for e in events(state, "discard")] == ["cost", "cost"]
    assert state.is_minion(knight) and len(state.zones[state.layout.hand[0]]) == 1


@pytest.mark.rules("CA-R04", "CA-036")
def test_an_unpayable_card_can_only_be_recycled() -> None:
    # "Discard 2 cards" with one card in hand: Option 1 is not offered, only Option 2. The player is asked
    # all the same: whether Option 1 is payable depends on its hidden hand.
    state = scenario(
        Side(set=["stormglass-knight"], hand=["tide-sprite"], deck=["reef-lancer", "gravel-ghoul"]),
        phase="reveal",
    )
    knight = card_id(state, "stormglass-knight")
    assert state.decision is not None and state.decision.kind == "option"
    assert legal(state) == [f"recycle #{knight}"]
    act(state, f"recycle #{knight}")
    assert [e.card for e in events(state, "recycle")] == [knight]
    assert state.zone_of[knight] == state.layout.graveyard[0]
    assert not events(state, "discard")


@pytest.mark.rules("CA-R04", "CA-R13", "CA-R03")
def test_face_down_cards_never_pay_a_cost() -> None:
    # CA section 5, scenario 4: one face-up LvL3 minion and a LvL3 still face down cannot pay "Sacrifice two LvL3".
    state = scenario(
        Side(
            set=["dread-sovereign", "gravel-ghoul"],
            field=["mistcaller-adept"],
            deck=["tide-sprite", "reef-lancer"],
        ),
        Side(set=["tide-sprite", "reef-lancer"]),
        phase="reveal",
    )
    sovereign = card_id(state, "dread-sovereign")
    ghoul = card_id(state, "gravel-ghoul")
    act(state, f"reveal #{sovereign}")
    assert [e.card for e in events(state, "recycle")] == [sovereign]  # Option 2 was forced
    assert state.zone_of[ghoul] == state.layout.set[0]
    assert state.is_minion(card_id(state, "mistcaller-adept"))


@pytest.mark.rules("CA-R04", "CA-K03", "CA-058", "CA-R03")
def test_sacrifice_cost_offers_only_choices_that_keep_the_cost_payable() -> None:
    state = scenario(
        Side(set=["dread-sovereign"], field=["gravel-ghoul", "mistcaller-adept", "dusk-ravager"]),
        phase="reveal",
    )
    sovereign = card_id(state, "dread-sovereign")
    ghoul, adept, ravager = (card_id(state, k) for k in ("gravel-ghoul", "mistcaller-adept", "dusk-ravager"))
    act(state, f"play #{sovereign}")
    assert legal(state) == [f"sacrifice #{ghoul}", f"sacrifice #{adept}"]  # the LvL4 Ravager never fits
    act(state, f"sacrifice #{ghoul}")  # the last one is forced
    assert (
        state.zone_of[ghoul] == state.layout.graveyard[0]
        and state.zone_of[adept] == state.layout.graveyard[0]
    )
    assert [e.card for e in events(state, "death")] == [ghoul, adept]
    assert state.is_minion(sovereign) and state.is_minion(ravager)


@pytest.mark.rules("CA-R04")
def test_a_cost_cannot_use_the_card_being_played() -> None:
    # Discard a card with an empty hand: the revealed card itself is not in hand, so it cannot pay.
    state = scenario(Side(set=["hollow-brute"], deck=["tide-sprite", "reef-lancer"]), phase="reveal")
    assert [e.card for e in events(state, "recycle")] == [card_id(state, "hollow-brute")]


@pytest.mark.rules("CA-R04")
def test_a_determinized_sample_that_cannot_finish_a_payment_abandons_it() -> None:
    from spellforge.core.rng import Rng

    state = scenario(
        Side(
            set=["carrion-queen"],
            hand=["tide-sprite", "reef-lancer"],
            deck=["quell", "searing-hex", "unmaking"],
        ),
        Side(set=["ashen-whelp", "frostbinder"]),
        phase="reveal",
    )
    queen = card_id(state, "carrion-queen")
    act(state, f"play #{queen}")
    assert state.decision is not None and state.decision.kind == "pay"
    for k in range(40):  # the opponent's sample may give P1 a hand of spells
        det = state.determinize(1, Rng(k))
        if not any(det.defs[c].type == "minion" for c in det.zones[det.layout.hand[0]]):
            break
    else:
        pytest.fail("no sample without minions in hand")
    assert [str(a) for a in det.legal_actions()] == ["pass"]
    det.apply(det.legal_actions()[0])
    assert det.zone_of[queen] == det.layout.graveyard[0] and det.payment is None
    assert not det.check_invariants()


@pytest.mark.rules("CA-K02", "CA-R03")
def test_a_level_cost_is_paid_neither_with_a_lower_nor_with_a_higher_level() -> None:
    # "Sacrifice two LvL3" with one LvL3 and minions of every other Level: only Option 2 is left.
    others = ["tide-sprite", "reef-lancer", "dusk-ravager", "glacier-titan"]  # LvL 1, 2, 4, 5
    state = scenario(
        Side(set=["dread-sovereign"], field=["gravel-ghoul", *others], deck=["tide-sprite"] * 2),
        phase="reveal",
    )
    sovereign = card_id(state, "dread-sovereign")
    assert [e.card for e in events(state, "recycle")] == [sovereign]
    assert not events(state, "sacrifice")
    # a second LvL3 makes it payable, and only the two LvL3 minions are offered
    state = scenario(
        Side(set=["dread-sovereign"], field=["gravel-ghoul", *others, "mistcaller-adept"]), phase="reveal"
    )
    sovereign = card_id(state, "dread-sovereign")
    act(state, f"play #{sovereign}")
    ghoul, adept = card_id(state, "gravel-ghoul"), card_id(state, "mistcaller-adept")
    assert legal(state) == [f"sacrifice #{ghoul}", f"sacrifice #{adept}"]


@pytest.mark.rules("CA-R04")
def test_a_two_part_cost_never_offers_a_card_that_would_strand_the_other_part(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "toll.toml"
    path.write_text(
        '[[card]]\nid = "twin-toll"\nname = "Twin Toll"\ntype = "minion"\nclass = "blue"\nlevel = 2\n'
        'cost = "Discard a card and discard a minion"\nattack = 2\nhealth = 2\n'
    )
    monkeypatch.setitem(GAME.cards, "twin-toll", card_data.load([path])["twin-toll"])
    state = scenario(Side(set=["twin-toll"], hand=["searing-hex", "tide-sprite"]), phase="reveal")
    toll, hex_, sprite = (card_id(state, k) for k in ("twin-toll", "searing-hex", "tide-sprite"))
    act(state, f"play #{toll}")
    # "a card" could be either, but paying it with the minion would leave no minion for the second part,
    # so the only choice is the spell (a choice of one may be taken without asking)
    if state.decision is not None and state.decision.kind == "pay":
        assert legal(state) == [f"discard #{hex_}"]
        act(state, f"discard #{hex_}")
    assert [(e.card, e.note) for e in events(state, "discard")] == [(hex_, "cost"), (sprite, "cost")]
    assert state.is_minion(toll)
