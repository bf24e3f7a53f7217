"""Actions print the way players say them and parse back."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

import pytest

from spellforge.core.actions import (
    Action,
    Attack,
    CardTargetVerb,
    CardVerb,
    Choose,
    ChooseTarget,
    Discard,
    Done,
    Pass,
    Play,
    Resign,
    Sacrifice,
    TargetVerb,
    Use,
    Word,
    link_pattern,
)
from spellforge.core.describe import template_of
from spellforge.core.targets import CardRef, Place, PlayerRef, StackRef


@pytest.mark.parametrize("action", [Pass(), Done(), Choose("keep"), Choose("#12"), Resign(0), Resign(3)])
def test_common_actions_round_trip(action: object) -> None:
    assert type(action).parse(str(action)) == action  # type: ignore[attr-defined]


def test_an_action_target_is_a_typed_value_printed_as_its_text() -> None:
    assert (
        Play.parse("play #4 -> #12") == Play(4, CardRef(12)) and str(Play(4, CardRef(12))) == "play #4 -> #12"
    )
    assert Play.parse("play #4 -> P2") == Play(4, PlayerRef(1)) and Play(4, PlayerRef(1)) != Play(
        4, CardRef(1)
    )
    assert (
        Play.parse("play #4 -> @4") == Play(4, StackRef(4)) and str(Play(4, StackRef(4))) == "play #4 -> @4"
    )
    assert Play.parse("play #4") == Play(4) and Play(4).target is None
    assert str(Play(4, Place("room", "vault"))) == "play #4 -> room vault"  # a game's place prints too ...
    # ... but core's actions read cards, players and stack items only; a part that is no such target makes
    # the text no action of the kind (never an action without its target)
    for bad in ("play #4 -> P0", "play #4 -> room vault", "play #4 -> slot P0.A", "play #4 -> x"):
        assert Play.parse(bad) is None


@pytest.mark.parametrize(
    "action",
    [Use(3), Use(3, 1), Use(3, 0, PlayerRef(0)), Use(3, 2, StackRef(7)), Use(3, 1, CardRef(12))],
    ids=str,
)
def test_the_shared_use_action_round_trips(action: Use) -> None:
    assert Use.parse(str(action)) == action


@pytest.mark.parametrize(
    ("action", "text", "template"),
    [(Discard(12), "discard #12", "Discard {card}"), (Sacrifice(5), "sacrifice #5", "Sacrifice {card}")],
    ids=str,
)
def test_the_shared_card_verbs_print_parse_back_and_read_as_players_say_them(
    action: CardVerb, text: str, template: str
) -> None:
    assert str(action) == text and type(action).parse(text) == action
    assert template_of(action) == template and action.card_ids() == (action.card,)


def test_the_cards_an_action_names_include_a_card_target_only() -> None:
    assert Play(4, CardRef(12)).card_ids() == (4, 12)
    assert Play(4, PlayerRef(1)).card_ids() == (4,) and Use(4, 0, StackRef(12)).card_ids() == (4,)
    assert ChooseTarget(CardRef(9)).card_ids() == (9,) and Attack(1, CardRef(2)).card_ids() == (1, 2)
    assert Attack(1, CardRef(2)).masked({1, 2}) == Attack(1, CardRef(2))
    assert Attack(1, CardRef(2)).masked({1}) == Attack(1, CardRef(3)).masked({1})
    assert Attack(1, CardRef(2)).masked({1}) != Attack(1, PlayerRef(2)).masked({1})


def test_meta_actions_are_flagged() -> None:
    assert Resign(0).meta and not Pass().meta


@dataclass(frozen=True, slots=True)
class _GainMana(Word):
    VERB: ClassVar[str] = "gain mana"


@dataclass(frozen=True, slots=True)
class _Dispel(CardVerb):
    VERB: ClassVar[str] = "dispel"


@dataclass(frozen=True, slots=True)
class _Raid(TargetVerb):
    target: Place
    VERB: ClassVar[str] = "raid"
    TARGET_TYPE: ClassVar[type] = Place


@dataclass(frozen=True, slots=True)
class _Build(CardTargetVerb):
    VERB: ClassVar[str] = "build"


@dataclass(frozen=True, slots=True)
class _Settle(CardTargetVerb):
    """A card and a place, linked by a word: ``settle #4 in room A``."""

    target: Place | None = None
    VERB: ClassVar[str] = "settle"
    LINK: ClassVar[str] = "in"
    TARGET_TYPE: ClassVar[type] = Place


@dataclass(frozen=True, slots=True)
class _Moor(CardTargetVerb):
    VERB: ClassVar[str] = "moor"
    LINK: ClassVar[str] = "next to"


@pytest.mark.parametrize(
    ("action", "text", "cards"),
    [
        (_GainMana(), "gain mana", ()),
        (_Settle(4), "settle #4", (4,)),
        (_Settle(4, Place("room", "A")), "settle #4 in room A", (4,)),
        (_Settle(4, Place("slot", "B", 1)), "settle #4 in slot P2.B", (4,)),
        (_Moor(2, CardRef(5)), "moor #2 next to #5", (2, 5)),
        (_Dispel(7), "dispel #7", (7,)),
        (_Raid(Place("room", "vault")), "raid room vault", ()),
        (_Raid(Place("slot", "B", 1)), "raid slot P2.B", ()),
        (_Build(4), "build #4", (4,)),
        (_Build(4, Place("slot", "A", 0)), "build #4 -> slot P1.A", (4,)),
        (_Build(4, CardRef(9)), "build #4 -> #9", (4, 9)),
        (_Build(4, PlayerRef(1)), "build #4 -> P2", (4,)),
    ],
)
def test_a_verb_action_is_declared_by_its_verb_and_round_trips(
    action: Action, text: str, cards: tuple[int, ...]
) -> None:
    assert str(action) == text
    assert type(action).parse(text) == action
    verb = type(action).VERB
    assert type(action).parse(text.replace(verb, verb.upper(), 1)) == action  # a verb reads in any case
    assert action.card_ids() == cards  # card and target fields come from the base: none is forgotten


def test_a_verb_action_reads_only_its_own_shape() -> None:
    assert _GainMana.parse("gain  mana") == _GainMana()  # any spaces between the verb's words
    assert _GainMana.parse("gain") is None and _GainMana.parse("gain mana now") is None
    assert _Dispel.parse("dispel") is None and _Dispel.parse("dispel #x") is None
    assert _Raid.parse("raid #3") is None  # TARGET_TYPE: a card is no room
    assert _Raid.parse("raid room") is None and _Raid.parse("raid") is None
    assert _Build.parse("build #4 -> nowhere") is None
    assert _Raid.target_fields == ("target",) and _Dispel.card_fields == ("card",)
    assert _Dispel.__slots__ == ()  # the field's slot is the base's: nothing per subclass


def test_a_card_target_verb_reads_its_own_link_and_target_type() -> None:
    # a word links between spaces, in any case and spacing; a sign may touch what it links
    assert _Settle.parse("SETTLE  #4  IN  room A") == _Settle(4, Place("room", "A"))
    assert _Moor.parse("moor #2  next   to P1") == _Moor(2, PlayerRef(0))
    assert _Build.parse("build #4->#9") == _Build(4, CardRef(9)) == _Build.parse("build #4  ->  #9")
    assert _Settle.parse("settle #4 inroom A") is None and _Settle.parse("settle #4in room A") is None
    assert _Settle.parse("settle #4 -> room A") is None  # the link is the class's own ...
    assert _Build.parse("build #4 in room A") is None  # ... and "->" unless it says otherwise
    # TARGET_TYPE: a card or a player is no place
    assert _Settle.parse("settle #4 in #9") is None and _Settle.parse("settle #4 in P2") is None
    assert _Build.parse("build #4 -> room A") == _Build(4, Place("room", "A"))  # default: any target
    assert _Settle(4) != _Build(4) and _Settle(4, Place("room", "A")).masked(()) == _Settle(
        5, Place("room", "A")
    ).masked(())


def test_link_pattern_spaces_words_and_not_signs() -> None:
    assert re.fullmatch(link_pattern("in"), " in ") and not re.fullmatch(link_pattern("in"), "in")
    assert re.fullmatch(link_pattern("->"), "->") and re.fullmatch(link_pattern("->"), "  ->  ")
    two_words = link_pattern("next to")
    assert re.fullmatch(two_words, " next  to ") and not re.fullmatch(two_words, " nextto ")
