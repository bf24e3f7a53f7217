"""Knowledge: which seats know each card, beyond what its zone and orientation show.

What a seat may see of a card is two things together:

* where the card is now: a face-up card in a public zone is known to all, a seat knows the cards of its
  own hand, and a face-down card is known to its owner and controller (``State.zone_visible`` and
  ``State.can_see_face_down``, computed on read);
* what the seat has learned: a card looked at or revealed stays known to those who saw it wherever it goes
  (SD-R31: a card the Champion accessed in the Sanctum and later played face down is still known to the
  Champion) until it is shuffled into a hidden zone, or the game's rule makes it unknown.

The second part is one int per card, ``state.known[cid]``: bit ``s`` set means seat ``s`` knows the card,
bit :data:`SPECTATOR_BIT` that a spectator does (the card was revealed to everyone). A list of ints clones as
a list copy and serialises as ints. The mask moves with the card's *position* when ``determinize`` exchanges
hidden identities: whoever knew what lay at a position knows what lies there in the resampled world.

>>> known = [0, 0, 0]
>>> reveal(known, 1, mask_of([0]))
>>> knows(known, 1, 0), knows(known, 1, 1), knows(known, 1, None)
(True, False, False)
>>> reveal(known, 2, EVERYONE)
>>> knows(known, 2, None), known
(True, [0, 1, -1])
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rng import Rng

# A spectator's bit: above every seat (a game has at most a few seats).
SPECTATOR_BIT = 31
# Every bit set (seats and spectators): a card revealed to everyone. Serialises as -1.
EVERYONE = -1


def bit(seat: int | None) -> int:
    """The bit of ``seat`` in a knowledge mask (``None``: a spectator)."""
    return 1 << (SPECTATOR_BIT if seat is None else seat)


def mask_of(seats: Iterable[int]) -> int:
    """The mask of ``seats``."""
    mask = 0
    for seat in seats:
        mask |= 1 << seat
    return mask


def knows(known: list[int], cid: int, seat: int | None) -> bool:
    """Whether ``seat`` has learned card ``cid`` (what its zone shows is decided apart)."""
    return bool(known[cid] >> (SPECTATOR_BIT if seat is None else seat) & 1)


def reveal(known: list[int], cid: int, mask: int) -> None:
    """The seats of ``mask`` (:func:`mask_of`, or :data:`EVERYONE`) now know card ``cid``."""
    known[cid] |= mask


def forget(known: list[int], cid: int, mask: int = EVERYONE) -> None:
    """The seats of ``mask`` (default: everyone) no longer know card ``cid`` (the rules hide it again)."""
    known[cid] &= ~mask


def forget_all(known: list[int], ids: Iterable[int]) -> None:
    """Nobody knows these cards any more (they were shuffled: neither identity nor place is known)."""
    for cid in ids:
        if known[cid]:
            known[cid] = 0


def known_to(known: list[int], ids: Iterable[int], seat: int | None) -> list[int]:
    """The indexes in ``ids`` of the cards ``seat`` has learned (for a View of a hidden zone)."""
    b = SPECTATOR_BIT if seat is None else seat
    return [i for i, cid in enumerate(ids) if known[cid] >> b & 1]


def fill_positions(
    needs: list[Hashable | None],
    old: list[int],
    cards: list[int],
    fits: Callable[[Hashable, int], bool],
    rng: Rng,
) -> list[int]:
    """New identities for one pool of hidden positions (``determinize``), when the game restricts what some
    of them may hold: ``needs[k]`` is what position ``k`` (now holding ``old[k]``) needs, or None for any
    card; ``cards`` are the pool's cards in canonical order.

    Each kind of restricted position, the scarcest first, draws its cards at random among those that
    ``fits`` it (the game's ``fits_position``), and the unrestricted positions share the rest at random:
    uniform over the assignments that respect every need when the kinds do not overlap. If overlapping
    kinds leave a position without a fitting card, the pool keeps ``old`` (the real assignment always
    respects the needs)."""
    kinds: dict[Hashable, list[int]] = {}
    free: list[int] = []
    for k, need in enumerate(needs):
        if need is None:
            free.append(k)
        else:
            kinds.setdefault(need, []).append(k)
    if not kinds:
        rng.shuffle(cards)
        return cards
    eligible = {need: [c for c in cards if fits(need, c)] for need in kinds}
    out = [-1] * len(needs)
    left = set(cards)
    for need in sorted(kinds, key=lambda n: (len(eligible[n]), repr(n))):
        slots = kinds[need]
        pick = [c for c in eligible[need] if c in left]
        if len(pick) < len(slots):
            return old
        rng.shuffle(pick)
        for k, cid in zip(slots, pick, strict=False):
            out[k] = cid
            left.discard(cid)
    rest = [c for c in cards if c in left]
    rng.shuffle(rest)
    for k, cid in zip(free, rest, strict=True):
        out[k] = cid
    return out
