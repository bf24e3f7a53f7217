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

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64: tiny, fast, good enough for games, and exactly reproducible."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def clone(self) -> Rng:
        new = Rng.__new__(Rng)
        new.state = self.state
        return new

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
        s = self.state
        for i in range(len(seq) - 1, 0, -1):
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            seq[i], seq[j] = seq[j], seq[i]
        self.state = s

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]

    def fork(self) -> Rng:
        """An independent generator seeded from this one (for bots and sub-procedures)."""
        return Rng(self.next64())
