"""The seeded random number generator every random thing in a game goes through.

A SplitMix64 generator: its whole state is one Python int, so cloning a game copies it for free
and it serialises to JSON as a number.

>>> r = Rng(7)
>>> [r.randrange(6) for _ in range(5)]
[2, 0, 5, 3, 2]
>>> r2 = r.clone(); r.randrange(100) == r2.randrange(100)
True
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import MutableSequence, Sequence
from hashlib import shake_128
from operator import itemgetter
from typing import TypeVar

from mypy_extensions import i64

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_BIG_ENDIAN = sys.byteorder == "big"
_KEY = "I" if array("I").itemsize == 4 else "L"  # an array of 32-bit unsigned keys
# This module runs compiled (mypyc): its ``i64`` arithmetic then wraps at 64 bits as SplitMix64's does, in
# machine words, where a Python int past 2**62 is an object (``_shuffle_words``). From source an ``i64`` is
# an unbounded int, so the int code runs instead; both draw the same numbers.
_WORDS = not __file__.endswith(".py")


class Rng:
    """SplitMix64: tiny, fast, good enough for games, and exactly reproducible."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def clone(self) -> Rng:
        return Rng(self.state)  # the state is already masked: the copy is exact

    def next64(self) -> int:
        s = (self.state + _GOLDEN) & _MASK
        self.state = s
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (Lemire's multiply-shift; bias below 2**-40 for n < 2**24)."""
        if n <= 0:
            raise ValueError("randrange() needs n > 0")
        return (self.next64() * n) >> 64

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randrange(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place (``next64`` inlined: search bots shuffle on every iteration)."""
        if _WORDS and type(seq) is list and len(seq) < 1 << 31:
            self.state = _shuffle_words(seq, self.state)
            return
        s = self.state
        for i in range(len(seq) - 1, 0, -1):
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            seq[i], seq[j] = seq[j], seq[i]
        self.state = s

    def permute(self, seq: MutableSequence[T]) -> None:
        """Put ``seq`` in a uniformly random order, drawing one number: as random as :meth:`shuffle`, but
        not the same order, and several times faster on a long list (a search determinizes every hidden
        deck on every iteration). Each element gets a 32-bit key from SHAKE-128 seeded by that number, and
        the elements are sorted by key; equal keys (odds about n*n / 2**33) keep their order."""
        n = len(seq)
        if n < 2:
            return
        keys = array(_KEY, shake_128(self.next64().to_bytes(8, "little")).digest(4 * n))
        if _BIG_ENDIAN:
            keys.byteswap()  # the keys are read little-endian everywhere, so every machine draws alike
        seq[:] = itemgetter(*sorted(range(n), key=keys.__getitem__))(seq)

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]

    def fork(self) -> Rng:
        """An independent generator seeded from this one (for bots and sub-procedures)."""
        return Rng(self.next64())


def _shuffle_words(seq: list[T], state: int) -> int:
    """``Rng.shuffle`` of a list in 64-bit machine words, for the compiled module only (its ``i64`` wraps;
    from source it does not, and this would draw wrong numbers); returns the new state. The words hold the
    unsigned values' bits: the state and the constants as signed numbers, a logical shift as an arithmetic
    one masked, and ``(z * n) >> 64`` from z's 32-bit halves (exact for n < 2**31)."""
    s: i64 = state - (1 << 64) if state >= 1 << 63 else state
    for i in range(len(seq) - 1, 0, -1):
        s = s + -7046029254386353131  # + 0x9E3779B97F4A7C15
        z: i64 = (s ^ ((s >> 30) & 0x3FFFFFFFF)) * -4658895280553007687  # * 0xBF58476D1CE4E5B9
        z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * -7723592293110705685  # * 0x94D049BB133111EB
        z = z ^ ((z >> 31) & 0x1FFFFFFFF)
        n: i64 = i + 1
        j: i64 = (((z >> 32) & 0xFFFFFFFF) * n + (((z & 0xFFFFFFFF) * n) >> 32)) >> 32
        seq[i], seq[j] = seq[j], seq[i]
    return s if s >= 0 else int(s) + (1 << 64)
