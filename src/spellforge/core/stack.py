"""The items of a stack (Spell Battle's limbo, Casters' chain).

Items are immutable records; the stack is a list on the State, last in first out (see ``core.windows``,
which holds it and runs the priority rounds that resolve it). A target naming an item is a
``core.targets.StackRef`` of its uid.
"""

from __future__ import annotations

from typing import Generic, NamedTuple, TypeVar

from .targets import Target

D = TypeVar("D", covariant=True)


class StackItem(NamedTuple, Generic[D]):
    """A card or ability waiting to resolve.

    ``kind``: "card" (the card ``card`` itself), "ability" (an activated ability of ``card``), "trigger"
    (a triggered ability of ``card``) or "copy" (a copy of another item, not a card); ``effect`` is the
    index of the ability in the card's effects (-1 for a card's own resolution); ``targets`` were chosen
    on play; ``data`` carries what the game needs (the triggering event, a mode): the typed record the game
    declares for the kind (``ITEM_RECORDS``, core/windows.py; ``()`` for a kind that declares none), read by
    name (``item.data.mode``). Items are made with ``WindowState.make_item``, which checks it.
    """

    uid: int
    kind: str
    card: int
    controller: int
    effect: int = -1
    targets: tuple[Target, ...] = ()
    data: D = ()  # type: ignore[assignment]  # the empty tuple of a kind that declares no record

    @property
    def is_card(self) -> bool:
        return self.kind == "card"
