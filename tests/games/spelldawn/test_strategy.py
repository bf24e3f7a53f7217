"""The search bots' judgement of a Spelldawn position (``strategy.py``): it plays each room's raid through
as the rules would and values what a defence keeps or gives away."""

from __future__ import annotations

import pytest

from spellforge.core.rng import Rng
from spellforge.games.spelldawn.actions import Raid
from spellforge.games.spelldawn.base import ARENA
from spellforge.games.spelldawn.state import SpelldawnState
from spellforge.games.spelldawn.strategy import evaluate, playout_action, room_defence

from .util import Side, card_id, scenario


def position(
    rooms: dict[str, list[str | None]], ol_mana: int = 5, deck: tuple[str, ...] = (), **champion: object
) -> SpelldawnState:
    champion.setdefault("hand", ["windfall"] * 5)
    overlord = Side(rooms=rooms, mana=ol_mana, deck=list(deck))
    return scenario(overlord, Side(**champion), active="overlord")  # type: ignore[arg-type]


def weapons(s: SpelldawnState) -> list[int]:
    return [c for c in s.zones[ARENA[s.ch]] if s.defs[c].subtype == "weapon"]


@pytest.mark.rules("SD-R14", "SD-R16", "SD-R07", "SD-108")
def test_a_room_holds_when_a_minion_that_ends_the_raid_is_up_and_unbeaten() -> None:
    s = position({"A": ["crown-of-cinders", "iron-sentinel:up"]}, ol_mana=0)
    assert room_defence(s, 3, weapons(s)) == (0.0, 0.0)  # no weapon: it ends the raid
    s = position(
        {"A": ["crown-of-cinders", "iron-sentinel:up"]}, ol_mana=0, arena=["gavel-of-judgment"], mana=0
    )
    assert room_defence(s, 3, weapons(s)) == (1.0, 0.0)  # attack 3 beats health 3 at no cost
    s = position({"A": ["crown-of-cinders", "iron-sentinel:up"]}, ol_mana=0, arena=["starlance"], mana=5)
    assert room_defence(s, 3, weapons(s)) == (0.0, 0.0)  # an astral weapon cannot touch a mortal minion
    s = position({"A": ["crown-of-cinders", "iron-sentinel:up", "veilstalker:up"]}, ol_mana=0)
    assert room_defence(s, 3, weapons(s)) == (0.0, 2.0)  # the outermost deals 2 on the way in


@pytest.mark.rules("SD-R14", "SD-108", "SD-R31")
def test_a_face_down_minion_counts_as_any_unseen_minion_and_only_when_it_can_be_paid_for() -> None:
    rich = position({"A": ["crown-of-cinders", "iron-sentinel"]}, ol_mana=9, deck=("veilstalker",))
    poor = position({"A": ["crown-of-cinders", "iron-sentinel"]}, ol_mana=0, deck=("veilstalker",))
    through, damage = room_defence(rich, 3, weapons(rich))
    assert (through, damage) == (0.5, 1.0)  # the sentinel ends the raid, the stalker deals 2: one of two
    assert room_defence(poor, 3, weapons(poor)) == (1.0, 0.0)  # nothing can be paid for: passed by
    swapped = position({"A": ["crown-of-cinders", "veilstalker"]}, ol_mana=9, deck=("iron-sentinel",))
    assert room_defence(swapped, 3, weapons(swapped))[0] == pytest.approx(through)  # its identity is unread


def test_a_scheme_behind_a_defence_that_holds_is_worth_more_to_the_overlord_than_an_open_one() -> None:
    guarded = position({"A": ["crown-of-cinders", "iron-sentinel:up"]})
    open_room = position({"A": ["crown-of-cinders"], "B": [None, "iron-sentinel:up"]})
    g, o = evaluate(guarded, guarded.ol), evaluate(open_room, open_room.ol)
    assert g is not None and o is not None and g > o + 0.2
    assert evaluate(guarded, guarded.ch) == -g  # one value, opposite signs


def test_an_open_sanctum_counts_against_the_overlord_while_it_holds_cards() -> None:
    open_sanctum = scenario(Side(hand=["crown-of-cinders", "dark-bargain"]), Side(hand=["windfall"] * 5))
    guarded = scenario(
        Side(hand=["crown-of-cinders", "dark-bargain"], rooms={"sanctum": [None, "iron-sentinel:up"]}),
        Side(hand=["windfall"] * 5),
    )
    a, b = evaluate(open_sanctum, open_sanctum.ol), evaluate(guarded, guarded.ol)
    assert a is not None and b is not None and b > a


def test_a_short_hand_is_dangerous_to_the_champion() -> None:
    full = position({}, hand=["windfall"] * 5)
    short = position({}, hand=["windfall"])
    f, s = evaluate(full, full.ch), evaluate(short, short.ch)
    assert f is not None and s is not None and f > s + 0.1


def test_the_playout_puts_a_scheme_only_behind_a_defence_that_holds() -> None:
    s = scenario(
        Side(hand=["crown-of-cinders"], rooms={"C": [None, "iron-sentinel:up"]}, mana=0),
        Side(hand=["windfall"] * 5),
    )
    scheme = card_id(s, "crown-of-cinders")
    chosen = playout_action(s, s.legal_actions(), s.rng)
    assert str(chosen) == f"play #{scheme} in room C"


def test_the_champions_playout_raids_only_the_outer_rooms_it_can_get_into() -> None:
    """The playout reads each room's defence once per decision (kept by room): a guarded room and an open
    one side by side are told apart, whichever is read first."""
    for first, second in (("A", "B"), ("B", "A")):
        s = scenario(
            Side(rooms={first: ["crown-of-cinders", "iron-sentinel:up"], second: ["gilded-ledger"]}, mana=5),
            Side(hand=["windfall"] * 5),
            active="champion",
        )
        open_room = next(
            a.target for a in s.legal_actions() if isinstance(a, Raid) and str(a) == f"raid room {second}"
        )
        raids = [playout_action(s, s.legal_actions(), Rng(seed)) for seed in range(40)]
        outer = [a for a in raids if isinstance(a, Raid) and a.target.name in ("A", "B")]
        assert outer and all(a.target == open_room for a in outer), (first, [str(a) for a in outer])
