"""Hidden pools (SF-R22, SF-K45): face-down champions, spells cast into them (SF-011), no take-back of an
attack against one (SF-012), and what the other players may learn of them."""

from __future__ import annotations

import pytest

from spellforge import GAMES
from spellforge.core.observe import shown_cards
from spellforge.core.rng import Rng
from spellforge.games.spellfire.scenario import Side, act, card, legal, scenario

GAME = GAMES["spellfire"]
FILL = ["village-militia"] * 2
HIDING = "labyrinth-of-shadows"


def pass_counters(state) -> None:
    while state.decision is not None and state.decision.kind in ("pause", "counter"):
        act(state, "pass")


@pytest.mark.rules("SF-R22", "SF-K45")
def test_a_pool_is_face_up_unless_a_dungeon_hides_it():
    plain = scenario(Side(hand=["mara-swiftblade", *FILL]), Side(), phase="pool")
    mara = card(plain, "mara-swiftblade")
    act(plain, f"play #{mara}")
    assert not plain.face_down[mara] and mara in shown_cards(plain.observe(1))
    s = scenario(Side(hand=["mara-swiftblade", *FILL], dungeon=[HIDING]), Side(), phase="pool")
    mara = card(s, "mara-swiftblade")
    act(s, f"play #{mara}")
    assert s.face_down[mara]
    assert mara in shown_cards(s.observe(0))  # its owner sees it
    for seat in (1, None):
        view = s.observe(seat)
        assert mara not in shown_cards(view)  # nobody else: not in the View ...
        (place,) = view["players"][0]["pool"]  # one champion, shown by its place only
        assert place["champion"] == {"hidden": True} and place["target"].startswith("pool P1.")
        assert not any("Mara" in line for line in view["log"])  # ... nor in a log line


@pytest.mark.rules("SF-K45", "SF-025")
def test_determinize_fills_a_hidden_pool_only_with_cards_that_could_be_there():
    s = scenario(
        Side(
            hand=["windfall", "tollgate-downs", "steel-longsword"],
            pool=["brannoc-ironhand+orb-of-the-first-mage", "mara-swiftblade"],
            deck=[
                "greymarch-fields",
                "hollis-greymantle",
                "the-mimic-sage",
                "sister-aveline",
                "smite-the-wicked",
            ],
            dungeon=[HIDING],
        ),
        Side(hand=FILL),
        phase="realm",
        active=1,
    )
    brannoc, mara = card(s, "brannoc-ironhand"), card(s, "mara-swiftblade")
    assert s.face_down[brannoc] and s.face_down[mara] and not s.can_see(1, brannoc)
    pool = s.layout.pool[0]
    seen_in_mara_place: set[str] = set()
    seen_with_orb: set[str] = set()
    for i in range(40):
        det = s.determinize(1, Rng(i))
        assert not det.check_invariants()
        hosts = [c for c in det.zones[pool] if det.attached_to[c] < 0]
        assert len(hosts) == 2 and all(det.defs[c].type == "champion" for c in hosts)
        orb = card(det, "orb-of-the-first-mage")
        assert det.defs[det.attached_to[orb]].world == "add"  # the artifact's world (SF-025)
        assert det.zone_of[det.attached_to[orb]] == pool
        seen_with_orb.add(det.defs[det.attached_to[orb]].key)
        seen_in_mara_place.add(det.defs[det.zones[pool][-1]].key)
    assert len(seen_in_mara_place) > 1  # really resampled, among champions only
    assert seen_with_orb == {"brannoc-ironhand", "the-mimic-sage"}  # the artifact follows its host
    assert s.determinize(0, Rng(1)).zones[pool] == s.zones[pool]  # its owner's are never resampled


@pytest.mark.rules("SF-K45", "SF-242")
def test_a_champion_spent_by_a_wish_stays_spent_in_its_place_of_a_hidden_pool():
    s = scenario(
        Side(
            hand=["windfall", "tollgate-downs"],
            pool=["brannoc-ironhand", "mara-swiftblade"],
            dungeon=[HIDING],
        ),
        Side(hand=FILL),
        phase="realm",
        active=1,
    )
    mara = card(s, "mara-swiftblade")
    s.spent = frozenset({mara})  # it cast a Wish (SF-242), then went back face down
    pool = s.layout.pool[0]
    place = s.zones[pool].index(mara)
    moved = False
    for i in range(20):
        det = s.determinize(1, Rng(i))
        here = det.zones[pool][place]
        assert det.spent == {here}  # whatever card is now imagined there is the spent one
        assert here not in det.available_champions(0, from_hand=False)
        moved = moved or here != mara
    assert moved


@pytest.mark.rules("SF-K45")
def test_a_player_with_a_hidden_pool_is_asked_even_with_an_empty_hand():
    def pause_asks(dungeon: list[str]) -> bool:
        s = scenario(
            Side(hand=["windfall", *FILL], deck=["tollgate-downs"] * 4),
            Side(hand=[], pool=["mara-swiftblade"], dungeon=dungeon),
            phase="realm",
        )
        act(s, f"play #{card(s, 'windfall')}")
        return s.decision is not None and s.decision.kind == "pause" and s.decision.seat == 1

    assert not pause_asks([])  # nothing could answer: not asked
    assert pause_asks([HIDING])  # a face-down champion might (a Helm-type one): always asked


@pytest.mark.rules("SF-011", "SF-010")
def test_a_spell_cast_at_a_hidden_champion_that_proves_immune_is_wasted():
    s = scenario(
        Side(hand=["unmaking", *FILL], pool=["master-quillon"]),
        Side(hand=FILL, pool=["spellproof-golem", "mara-swiftblade"], dungeon=[HIDING]),
        phase="pool",
    )
    golem, unmaking = card(s, "spellproof-golem"), card(s, "unmaking")
    options = legal(s)
    assert f"play #{unmaking} -> pool P2.0" in options  # aimed at its place, immunity unknown
    assert not any(o.endswith(f"#{golem}") for o in options)  # never by its id
    act(s, f"play #{unmaking} -> pool P2.0")
    pass_counters(s)
    assert s.zone_name(golem) == "pool"  # immune
    assert s.zone_name(unmaking) == "discard"  # and the spell is wasted, not back in hand (SF-011)
    assert any(e.kind == "wasted" for e in s.events())
    assert s.can_see(0, golem)  # it proved immune: seen
    t = scenario(
        Side(hand=["unmaking", *FILL], pool=["master-quillon"]),
        Side(hand=FILL, pool=["spellproof-golem", "mara-swiftblade"]),
        phase="pool",
    )
    assert not any(
        o.startswith(f"play #{card(t, 'unmaking')} -> #{card(t, 'spellproof-golem')}") for o in legal(t)
    )
    act(t, f"play #{card(t, 'unmaking')} -> #{card(t, 'mara-swiftblade')}")  # SF-010: a new target
    pass_counters(t)
    assert t.zone_name(card(t, "mara-swiftblade")) == "discard"


@pytest.mark.rules("SF-012", "SF-R22")
def test_an_attack_into_an_instant_defeat_from_a_hidden_pool_cannot_be_taken_back():
    def escape_options(dungeon: list[str]) -> list[str]:
        s = scenario(
            Side(hand=FILL, pool=["hollis-greymantle"]),
            Side(
                hand=FILL,
                pool=["the-gorgon-of-greyfen"],
                formation=["greymarch-fields", "oldcastle-moor", "pinecrest-hollow"],
                dungeon=dungeon,
            ),
            phase="attack",
        )
        act(s, "attack slot P2.A")
        act(s, f"send #{card(s, 'hollis-greymantle')}")
        act(s, f"send #{card(s, 'the-gorgon-of-greyfen')}")
        assert s.decision.kind == "escape" and s.decision.seat == 0
        return legal(s)

    assert "choose withdraw" in escape_options([])
    assert "choose withdraw" not in escape_options([HIDING])
