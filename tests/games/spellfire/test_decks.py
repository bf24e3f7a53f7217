"""Deck construction: formats, type ranges, level caps with free avatars, copies, dungeons; bad input."""

from __future__ import annotations

import pytest

from spellforge import GAMES
from spellforge.core.decks import DeckList, parse_deck_text
from spellforge.core.errors import DeckError

GAME = GAMES["spellfire"]


def deck(entries: dict[str, int], fmt: int = 55, dungeon: dict[str, int] | None = None) -> DeckList:
    sections = {"cards": tuple(entries.items())}
    if dungeon:
        sections["dungeon"] = tuple(dungeon.items())
    return DeckList("test", sections, meta={"format": fmt})


def base_55() -> dict[str, int]:
    return dict(GAME.decks["coast-raiders"].main)


@pytest.mark.rules("SF-036", "SF-037", "SF-038", "SF-033", "SF-015")
def test_every_preconstructed_deck_is_legal_for_its_format():
    for name, d in GAME.decks.items():
        fmt = int(d.meta["format"])
        assert GAME.validate_deck(d, deck_size=fmt) == [], name
    assert sorted(int(d.meta["format"]) for d in GAME.decks.values()).count(75) == 2
    assert sum(1 for d in GAME.decks.values() if int(d.meta["format"]) == 55) >= 4


@pytest.mark.rules("SF-043", "SF-044", "SF-045", "SF-046", "SF-031", "SF-125", "SF-079", "SF-096")
def test_the_110_card_decks_are_legal_apart_and_play_a_ten_realm_game():
    big = {n: d for n, d in GAME.decks.items() if int(d.meta["format"]) == 110}
    assert len(big) == 2
    for name, d in big.items():
        assert d.count() == 110 and GAME.validate_deck(d, deck_size=110) == [], name
        assert GAME.validate_deck(d, deck_size=75) != [], name  # not a deck of another size
    # no champion, realm, holding or artifact in both, so the Rule of the Cosmos never locks them
    unique = ("champion", "realm", "holding", "artifact")
    a, b = ({k for k, _ in d.main if GAME.cards[k].type in unique} for d in big.values())
    assert not a & b
    s = GAME.new_game(seed=3, deck_size=110)  # the preconstructed decks of the format, one each
    while s.decision is not None and s.decision.kind == "cut":
        s.apply(GAME.parse_action(s, "pass"))
    assert s.options["victory"] == 10 and {len(s.hand_of(p)) for p in range(2)} == {7}
    assert {len(s.zones[s.layout.deck[p]]) + 7 for p in range(2)} == {110}


@pytest.mark.rules("SF-037", "SF-034", "SF-041", "SF-044")
def test_type_ranges_are_checked_each_with_its_cards():
    entries = base_55()
    champions = [
        k
        for k in GAME.cards
        if GAME.cards[k].type == "champion" and k not in entries and not GAME.cards[k].avatar
    ]
    # swap non-champions for 7 more champions: 21 champions
    removable = [k for k in entries if GAME.cards[k].type in ("ally", "unarmed")][:7]
    for k in removable:
        del entries[k]
    for k in champions[:7]:
        entries[k] = 1
    problems = GAME.validate_deck(deck(entries), deck_size=55)
    assert any("21 champions" in p and "1 to 20" in p and "SF-037" in p for p in problems)
    allies = deck({**base_55()}, fmt=55)
    assert GAME.validate_deck(allies, deck_size=55) == []  # any number of allies, spells, skills (SF-034)


@pytest.mark.rules("SF-038", "SF-039", "SF-035", "SF-R11", "SF-R12", "SF-046", "SF-045", "SF-042")
def test_deck_validation_scenario_14():
    """Scenario 14: two avatars (12 and 10), a "?" champion and a 6/3 champion: only the highest avatar is
    free, "?" counts 0, the two-number icon counts its first number."""
    entries = base_55()
    for k in ("mara-swiftblade", "garrick-stormcloak", "brannoc-ironhand"):
        del entries[k]
    entries.update({"avatar-of-the-burning-king": 1, "vessel-of-the-realm": 1, "rolan-twinpath": 1})
    cards, problems = GAME.build_deck(deck(entries), deck_size=55)
    champs = [c for c in cards if c.type == "champion"]
    total = sum(c.deck_level for c in champs)
    assert total - 12 == sum(c.deck_level for c in champs if c.name != "Avatar of the Storm Lord")
    assert problems == [] and total - 12 <= 90
    from spellforge.games.spellfire.rules import FORMATS

    assert (FORMATS[55].free_avatars, FORMATS[75].free_avatars, FORMATS[110].free_avatars) == (1, 1, 2)
    assert (FORMATS[55].max_levels, FORMATS[75].max_levels, FORMATS[110].max_levels) == (90, 115, 180)


@pytest.mark.rules("SF-038")
def test_too_many_levels_are_refused_naming_the_champions():
    entries = base_55()
    for k in (
        "village-militia",
        "hired-swords",
        "elven-archers",
        "dwarven-shieldwall",
        "griffon-riders",
        "haymaker",
    ):
        del entries[k]
    entries.update(
        {
            k: 1
            for k in (
                "old-emberscale",
                "azure-skyrender",
                "nightglass-dragon",
                "cinderwing-drake",
                "stormhawk-roc",
                "lord-corwen-vale",
            )
        }
    )
    problems = GAME.validate_deck(deck(entries), deck_size=55)
    assert any("levels" in p and "at most 90" in p and "Old Emberscale" in p for p in problems)


@pytest.mark.rules("SF-031", "SF-032", "SF-K44")
def test_one_copy_of_each_card():
    entries = base_55()
    del entries["village-militia"]
    entries["hired-swords"] = 2
    problems = GAME.validate_deck(deck(entries), deck_size=55)
    assert problems == ["[cards] 2 copies of 'Hired Swords': one of each card unless it allows more (SF-031)"]


@pytest.mark.rules("SF-K44", "SF-031")
def test_a_card_that_allows_multiples():
    entries = base_55()
    del entries["village-militia"]
    del entries["hired-swords"]
    entries["levy-of-spears"] = 2
    assert GAME.validate_deck(deck(entries), deck_size=55) == []


@pytest.mark.rules("SF-040", "SF-043", "SF-033")
def test_sizes_are_exact():
    entries = base_55()
    del entries["village-militia"]
    assert any("54 cards" in p and "exactly 55" in p for p in GAME.validate_deck(deck(entries), deck_size=55))
    assert any("exactly 75" in p for p in GAME.validate_deck(deck(base_55(), 75), deck_size=75))
    assert any("exactly 110" in p for p in GAME.validate_deck(deck(base_55(), 110), deck_size=110))


@pytest.mark.rules("SF-048", "SF-R14", "SF-049")
def test_a_dungeon_is_outside_the_count_and_one_at_most():
    ok = deck(base_55(), dungeon={"labyrinth-of-shadows": 1})
    cards, problems = GAME.build_deck(ok, deck_size=55)
    assert problems == [] and len(cards) == 56
    two = deck(base_55(), dungeon={"labyrinth-of-shadows": 1, "dungeon-of-the-endless-stair": 1})
    assert any("at most one dungeon" in p for p in GAME.validate_deck(two, deck_size=55))
    inside = base_55()
    del inside["village-militia"]
    inside["labyrinth-of-shadows"] = 1
    assert any("goes in [dungeon]" in p for p in GAME.validate_deck(deck(inside), deck_size=55))


@pytest.mark.rules("SF-006", "SF-007")
def test_no_sideboard_and_a_deck_is_fixed_for_the_game():
    d = DeckList(
        "x", {"cards": tuple(base_55().items()), "sideboard": (("windfall", 1),)}, meta={"format": 55}
    )
    assert any("[sideboard]" in p for p in GAME.validate_deck(d, deck_size=55))
    s = GAME.new_game(seed=1, decks=["coast-raiders", "battle-mages"])
    assert isinstance(s.deck_keys, tuple) and all(isinstance(k, tuple) for k in s.deck_keys)


def test_every_problem_is_listed_with_its_card():
    text = "\n".join(
        ["1 Hired Swords", "1 Hired Swords", "2 Windfall", "1 No Such Card", "1 Labyrinth of Shadows"]
    )
    problems = GAME.validate_deck(parse_deck_text(text), deck_size=55)
    assert any("unknown card 'No Such Card'" in p for p in problems)
    assert any("'Hired Swords'" in p for p in problems) and any("'Windfall'" in p for p in problems)
    assert any("Labyrinth of Shadows" in p for p in problems)
    with pytest.raises(DeckError) as err:
        GAME.new_game(seed=1, decks=[parse_deck_text(text), "coast-raiders"])
    assert len(err.value.problems) >= 3


@pytest.mark.rules("SF-R29", "SF-013", "SF-014")
def test_the_format_configuration():
    names = {o.name for o in GAME.options}
    assert names == {"deck_size", "victory"}
    assert GAME.resolve_options(2, {})["victory"] == 6 and GAME.resolve_options(2, {})["deck_size"] == 55


@pytest.mark.rules("SF-008", "SF-009", "SF-007")
def test_a_destroyed_card_is_replaced_between_games_of_a_tournament():
    raiders = GAME.decks["coast-raiders"]
    champions = [
        GAME.cards[k]
        for k, _ in raiders.main
        if GAME.cards[k].type == "champion" and not GAME.cards[k].avatar
    ]
    lost = max(champions, key=lambda c: c.level)
    other = next(
        c
        for c in sorted(GAME.cards.values(), key=lambda c: c.level)
        if c.type == "champion" and not c.avatar and c.key not in dict(raiders.main)
    )
    # a game in which the card is destroyed
    s = GAME.new_game(seed=3, decks=[raiders, "battle-mages"])
    victim = next(c for c in s.all_card_ids() if s.defs[c].key == lost.key and s.owner[c] == 0)
    s.destroyed.append(victim)
    assert GAME.destroyed_cards(s) == [[lost.key], []]
    # the end of the game: another copy of it may come back at once (SF-009) ...
    same = GAME.replace_destroyed(raiders, [lost.key], {lost.key: lost.key}, at="game", deck_size=55)
    assert dict(same.main) == dict(raiders.main) and "destroyed" not in same.meta
    # ... a different card only at the end of the round (SF-008)
    with pytest.raises(DeckError) as err:
        GAME.replace_destroyed(raiders, [lost.key], {lost.key: other.key}, at="game", deck_size=55)
    assert any("SF-008" in p and lost.name in p for p in err.value.problems)
    short = GAME.replace_destroyed(raiders, [lost.key], {}, at="game", deck_size=55)
    assert short.meta["destroyed"] == [lost.key] and lost.key not in dict(short.main)
    assert GAME.validate_deck(short, deck_size=55) == []  # it plays on without the card
    g = GAME.new_game(seed=4, decks=[short, "battle-mages"])
    assert sum(1 for c in g.all_card_ids() if g.owner[c] == 0) == 54
    round_end = GAME.replace_destroyed(short, [], {lost.key: other.key}, at="round", deck_size=55)
    assert other.key in dict(round_end.main) and "destroyed" not in round_end.meta
    assert GAME.validate_deck(round_end, deck_size=55) == []
    # nothing else may change (SF-007), and a short deck without its record is refused
    kept = next(k for k, _ in raiders.main if k != lost.key)
    with pytest.raises(DeckError) as err:
        GAME.replace_destroyed(raiders, [lost.key], {kept: other.key}, at="round", deck_size=55)
    assert any("SF-007" in p for p in err.value.problems)
    bare = DeckList("short", {"cards": short.main}, meta={"format": 55})
    assert any("54 cards" in p for p in GAME.validate_deck(bare, deck_size=55))
