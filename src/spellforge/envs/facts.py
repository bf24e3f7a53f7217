"""What a game tells the research interfaces: which places on the table its actions name, and which public
numbers its observations hold.

These are facts about presenting a game to a learning agent, not about its rules. A game declares them in
core terms, in its ``hints`` (``core.hints.Hints.research``: the fields below by name), and imports nothing
of the interfaces; the interfaces read them with :func:`research_facts`, which makes them a
:class:`ResearchFacts` (a game that declares nothing gets the defaults: every zone of its layout with 8 slots
a seat, every action field over every zone, no numbers beyond the zone sizes). This module is plain Python:
it loads without the ``[rl]`` extra.

**Zones** (``zones``): the table the observation shows and the actions point into. A key is a zone name of
the game's layout; ``name/down`` holds that zone's face-down cards (a Spell Battle farm) apart from its
face-up ones, so a face-up card keeps its slot when a farm is played. A value is the number of slots of the
acting seat's own zone, or ``(own, others)``: the slots the other seats' zones of that name share, filled
seat after seat clockwise from the acting one. A shared zone (a stack, a battle) is split the same way by
the controller of each card.

**Fields** (``fields``): where the value of each action field may be, keyed ``"Class.field"`` (the action
class's name). A card or target field's value is a space-separated list of

* a zone key: the acting seat's own cards there; ``any:KEY`` its own and every other seat's; ``other:KEY``
  the other seats' only;
* ``player`` (a player, by seat relative to the acting one), ``stack`` (an item on the stack, newest
  first: ``stack_slots`` of them), ``place`` (a declared place), ``none`` (a card field that may name no
  card; a target field may always be empty);

``implied`` for a field every legal action of a decision shares (the attacker that assigns its damage): it
takes no room in the index. An ``int`` field's value is its number of codes (values above share the
last); a ``str`` field's is its vocabulary (space-separated), else it is coded by its rank among the
values the legal actions offer. A field not declared ranges over every zone (card and target fields), 8
codes (int) or 16 ranks (str).

**Places** (``places``, ``seat_places``): the places (``core.targets.Place``) targets may name, by kind: a
tuple of names; a place of one seat (a SPELLFIRE formation slot, in ``seat_places``) is coded per relative
seat, a shared one (a Spelldawn room, in ``places``) once.

**Numbers** (``seat_numbers``, ``numbers``, ``card_numbers``): public numbers of the State, each with the
scale that maps it into [-1, 1] (clipped). A seat number is an attribute indexed by seat or a method taking
the seat; a number of the table an attribute or a method without arguments; a card number a per-card array
or a method taking the card id, read only for a card the observing seat can see (a per-card array that
``determinize`` moves with the card's position, ``State.CARD_ARRAYS``, is read for every card in a slot).
A name ``len:NAME`` counts the items of a list; a value may also be a list of numbers (each a feature). A
scale of 0 marks a card-id number: 1 when it names a card (``attached_to``), else 0. Methods run at every
observation, so a game declares cheap ones (its per-card arrays, seat attributes); ``card_stats`` names the
stats whose modifiers in force (core's ``state.modifiers``: this turn's pumps, lasting changes) each card in
play shows, summed: how far the card's stat is from its printed value, without the continuous effects of
other cards. ``seats`` names
attributes or methods that hold one seat (Casters' ``initiative``): each is shown one-hot by relative seat.
``in_play`` names the zones whose cards the card-number methods are read for (a creature's current attack);
none named: every public zone. Card numbers are read only for cards in public zones.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Final

from spellforge.core.errors import SpellforgeError

if TYPE_CHECKING:
    from spellforge.core.ruleset import Ruleset

DEFAULT_ZONE_SLOTS: Final = 8
DEFAULT_INT_CODES: Final = 8
DEFAULT_STR_CODES: Final = 16
FIELD_TOKENS: Final = frozenset({"player", "stack", "place", "none", "implied"})


@dataclass(frozen=True, slots=True)
class ResearchFacts:
    """One game's facts for the research interfaces (``game``: the ruleset's name); see the module docstring."""

    game: str
    zones: Mapping[str, int | tuple[int, int]] = field(default_factory=dict)
    fields: Mapping[str, str | int] = field(default_factory=dict)
    places: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    seat_places: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    seat_numbers: Mapping[str, float] = field(default_factory=dict)
    numbers: Mapping[str, float] = field(default_factory=dict)
    card_numbers: Mapping[str, float] = field(default_factory=dict)
    card_stats: Mapping[str, float] = field(default_factory=dict)
    seats: tuple[str, ...] = ()
    in_play: tuple[str, ...] = ()
    stack_slots: int = 4

    def __reduce__(self) -> tuple[type[ResearchFacts], tuple[Any, ...]]:
        # pickled as a call with its fields: compiled and frozen, it could not be given them one by one
        return (ResearchFacts, tuple(getattr(self, f.name) for f in fields(self)))

    def __post_init__(self) -> None:
        where = f"research facts of {self.game}"
        for key, slots in self.zones.items():
            pair = slots if isinstance(slots, tuple) else (slots, slots)
            if len(pair) != 2 or not all(isinstance(n, int) and n >= 0 for n in pair):
                raise SpellforgeError(
                    f"{where}: zone {key!r} needs a slot count or (own, others), got {slots!r}"
                )
        for name, value in self.fields.items():
            if "." not in name:
                raise SpellforgeError(f"{where}: field {name!r} must read 'Class.field'")
            if isinstance(value, int) and value < 1:
                raise SpellforgeError(f"{where}: field {name!r} needs at least 1 code, got {value}")
        for table in (self.seat_numbers, self.numbers, self.card_numbers, self.card_stats):
            for name, scale in table.items():
                if not isinstance(scale, int | float) or scale < 0:
                    raise SpellforgeError(f"{where}: number {name!r} needs a scale >= 0, got {scale!r}")
        if self.stack_slots < 1:
            raise SpellforgeError(f"{where}: stack_slots must be at least 1")

    def zone_slots(self, key: str) -> tuple[int, int]:
        """(own, others) slots of a declared zone key."""
        slots = self.zones[key]
        return slots if isinstance(slots, tuple) else (slots, slots)


def research_facts(game: Ruleset) -> ResearchFacts:
    """The research facts of ``game``: what its hints declare (checked, naming the game), else the defaults."""
    research = game.hints.research
    unknown = sorted(set(research) - set(ResearchFacts.__dataclass_fields__) | ({"game"} & set(research)))
    if unknown:
        raise SpellforgeError(f"research facts of {game.name}: unknown field {unknown[0]!r} in its hints")
    return ResearchFacts(game.name, **research)


__all__ = [
    "DEFAULT_INT_CODES",
    "DEFAULT_STR_CODES",
    "DEFAULT_ZONE_SLOTS",
    "ResearchFacts",
    "research_facts",
]
