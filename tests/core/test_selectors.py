"""Selectors parse the way a card reads and reject unknown words at load time."""

from __future__ import annotations

import pytest

from spellforge.core.selectors import SelectorVocabulary

VOCAB = SelectorVocabulary(
    nouns=frozenset({"character", "spell", "card"}),
    zones=frozenset({"limbo", "discard"}),
    keywords=frozenset({"flying"}),
)


def test_words_narrow_and_or_unites() -> None:
    sel = VOCAB.parse("other your flying characters")
    (alt,) = sel.alternatives
    assert (alt.noun, alt.relation, alt.other, alt.keywords, alt.plural) == (
        "character",
        "you",
        True,
        frozenset({"flying"}),
        True,
    )
    both = VOCAB.parse("character or player")
    assert both.cards and both.players and len(both.alternatives) == 2


def test_player_words() -> None:
    assert VOCAB.parse("opponent").alternatives[0].relation == "enemy"
    assert VOCAB.parse("you").alternatives[0].relation == "you"
    assert VOCAB.parse("each opponent").alternatives[0].plural


def test_zone_and_this() -> None:
    assert VOCAB.parse("limbo spell").alternatives[0].zone == "limbo"
    assert VOCAB.parse("this").alternatives[0].this


@pytest.mark.parametrize("text", ["dragon", "your", "character spell", "", "flying"])
def test_unknown_or_incomplete_selectors_fail(text: str) -> None:
    with pytest.raises(ValueError):
        VOCAB.parse(text)


def test_describe_reads_back() -> None:
    assert VOCAB.parse("enemy characters").describe() == "enemy characters"
