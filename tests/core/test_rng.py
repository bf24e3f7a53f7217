"""The seeded RNG: reproducible, cheap to clone, unbiased enough for games."""

from __future__ import annotations

from array import array
from collections import Counter

import pytest

from spellforge.core.rng import Rng


def test_same_seed_same_stream_and_clone_continues_identically() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = a.clone()
    assert [a.randrange(1000) for _ in range(20)] == [c.randrange(1000) for _ in range(20)]


def test_different_seeds_differ() -> None:
    assert [Rng(1).next64() for _ in range(3)] != [Rng(2).next64() for _ in range(3)]


def test_randrange_is_in_range_and_roughly_uniform() -> None:
    r = Rng(7)
    counts = Counter(r.randrange(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(9_000 < n < 11_000 for n in counts.values())
    with pytest.raises(ValueError):
        r.randrange(0)


def test_shuffle_is_a_permutation_and_seed_dependent() -> None:
    items = list(range(50))
    a, b = items[:], items[:]
    Rng(3).shuffle(a)
    Rng(4).shuffle(b)
    assert sorted(a) == items and sorted(b) == items and a != b


def test_shuffle_draws_exactly_what_a_fisher_yates_over_next64_draws() -> None:
    """Saved games and seeded batches replay only if the stream never changes: the inlined shuffle must
    consume and use ``next64`` exactly as the textbook loop does."""
    for seed in range(50):
        for n in (0, 1, 2, 7, 52):
            fast, slow = Rng(seed), Rng(seed)
            shuffled, expected = list(range(n)), list(range(n))
            fast.shuffle(shuffled)
            for i in range(n - 1, 0, -1):
                j = (slow.next64() * (i + 1)) >> 64
                expected[i], expected[j] = expected[j], expected[i]
            assert shuffled == expected and fast.state == slow.state
    r = Rng(7)
    deck = list(range(12))
    r.shuffle(deck)
    assert deck == [8, 7, 11, 10, 6, 2, 1, 3, 5, 9, 0, 4] and r.randrange(1000) == 959  # pinned


def test_random_float_and_fork() -> None:
    r = Rng(9)
    values = [r.random() for _ in range(1000)]
    assert all(0.0 <= v < 1.0 for v in values)
    f1, f2 = r.fork(), r.fork()
    assert f1.next64() != f2.next64()


def test_permute_is_a_uniform_permutation_drawing_one_number() -> None:
    """``permute`` (what determinize uses) orders a list at random, every order about equally often, and
    draws exactly one number, so what follows it in a stream does not depend on the list's length."""
    for n in (0, 1, 2, 7, 52):
        r, s = Rng(n), Rng(n)
        items = list(range(n))
        r.permute(items)
        assert sorted(items) == list(range(n))
        if n >= 2:
            s.next64()
        assert r.state == s.state
    r = Rng(11)
    counts: Counter[tuple[int, ...]] = Counter()
    for _ in range(24_000):
        items = [0, 1, 2, 3]
        r.permute(items)
        counts[tuple(items)] += 1
    assert len(counts) == 24 and all(800 < c < 1200 for c in counts.values())
    spots: Counter[int] = Counter()
    for _ in range(8_000):
        deck = list(range(40))
        r.permute(deck)
        spots[deck.index(0)] += 1
    assert len(spots) == 40 and all(120 < c < 290 for c in spots.values())  # about 200 each


def test_permute_is_pinned() -> None:
    """A seeded search replays only if its draws never change (on any machine): pinned."""
    r = Rng(7)
    deck = list(range(12))
    r.permute(deck)
    assert deck == [9, 8, 3, 5, 10, 7, 0, 1, 11, 6, 2, 4] and r.randrange(1000) == 16


def test_a_list_shuffles_as_any_other_sequence_does_compiled_or_not() -> None:
    """Compiled, ``shuffle`` draws a list's order in 64-bit machine words and any other sequence's with
    Python ints (core/rng.py): both must give the same order and the same state, for every seed and length
    (from source both run the int code)."""
    for seed in [*range(300), 2**63 - 1, 2**63, 2**64 - 1, 0x9E3779B97F4A7C15]:
        for n in (0, 1, 2, 3, 12, 40, 53):
            a, b = Rng(seed), Rng(seed)
            words, ints = list(range(n)), array("q", range(n))
            a.shuffle(words)
            b.shuffle(ints)
            assert words == list(ints) and a.state == b.state, (seed, n)
