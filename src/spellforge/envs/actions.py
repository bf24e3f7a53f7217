"""The compact action space every research interface shares: an index names a verb and slots on the table.

An index means what a player would say, relative to what the acting seat sees: "play the 3rd card of my
hand onto the 2nd card the next seat has in play", never a card id or a card definition. It is built for
every game the same way, from the game's declared action classes (their ``card_fields`` and
``target_fields``) and its research facts (``envs.facts``: which zones each field's cards may be in), over
the table of ``envs.table``:

* one block per action class (the game's, then core's common ones; meta actions such as resigning are not
  in it), mixed-radix over its fields in declaration order;
* a *card or target field*: ``none``; a player by relative seat; a stack item, newest first; one code per
  slot of each table section the field may point into; a declared place (per relative seat for a seat's
  place); and last one *other* code for anything else (a card past its section's slots, an undeclared
  zone): an action whose field takes it may share its index with another (the collision the tests count);
* an ``int`` field: its value, the last code for any larger; a ``str`` field: its place in the declared
  vocabulary, or its rank among the values the legal actions of that class offer now; a ``bool``: 2 codes;
  an ``implied`` field (the same in every legal action of a decision): nothing;
* nothing more: ``pass`` is one index whatever the decision (the observation says which decision it is).

``SlotCodec(game, players).describe(i)`` says what an index means. Two legal actions share an index only
when a field takes an "other" code, an int above the last code or a str rank above the last: the random-play
tests measure how often (see ``docs/research.md``); the index then stands for the first of them in the order
``legal_actions()`` lists them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Final

from mypy_extensions import mypyc_attr

from spellforge.core.actions import COMMON_ACTIONS, Action
from spellforge.core.targets import CardRef, Place, PlayerRef, StackRef

from .facts import DEFAULT_INT_CODES, DEFAULT_STR_CODES, research_facts
from .pickling import attributes, restore
from .table import DOWN, Location, Table

if TYPE_CHECKING:
    from spellforge.core.ruleset import Ruleset
    from spellforge.core.state import State

# the kinds of field (``FieldCode.kind``); ``Final``, so that compiled code reads them as constants
CARD: Final = 0
TARGET: Final = 1
BOOL: Final = 2
INT: Final = 3
STR: Final = 4
IMPLIED: Final = 5


# Whether this module runs compiled (its file an extension): ``SlotCodec.index_legal`` then reads the layout
# field by field rather than run the straight-line code made for each action class, which runs interpreted.
_COMPILED: Final = not __file__.endswith(".py")


@mypyc_attr(allow_interpreted_subclasses=True)  # pickles compiled: __new__ without __init__ (see pickling.py)
@dataclass(slots=True)
class FieldCode:
    """How one field of one action class is coded."""

    name: str
    kind: int
    radix: int
    none: int = -1  # the code of no card / no target (-1: not in this field's range)
    player: int = -1  # first code of a player by relative seat
    stack: int = -1  # first code of a stack item (newest first)
    place: int = -1  # first code of a declared place
    other: int = -1  # the code of anything else
    sections: tuple[tuple[int, int, int, str], ...] = ()  # (table start, size, first code, label)
    slot_code: dict[int, int] | None = None  # table slot -> code
    vocabulary: tuple[str, ...] = ()


@mypyc_attr(allow_interpreted_subclasses=True)  # pickles compiled: __new__ without __init__ (see pickling.py)
class ClassLayout:
    __slots__ = ("cls", "fields", "offset", "size")

    def __init__(self, cls: type[Action], codes: list[FieldCode], offset: int) -> None:
        self.cls = cls
        self.fields = codes
        size = 1
        for f in codes:
            size *= f.radix
        self.size = size
        self.offset = offset


@mypyc_attr(allow_interpreted_subclasses=True)  # pickles compiled: __new__ without __init__ (see pickling.py)
class SlotCodec:
    """The compact action space of one game at one number of players (see the module docstring)."""

    def __init__(self, game: Ruleset, players: int | None = None, table: Table | None = None) -> None:
        self.game = game
        self.players = players or game.default_players
        self.table = table or Table(game, self.players)
        self.facts = research_facts(game)
        self.places: list[tuple[str, str, int]] = []  # (kind, name, relative seat or -1)
        for kind, names in self.facts.places.items():
            for name in names:
                self.places.append((kind, name, -1))
        for kind, names in self.facts.seat_places.items():
            for rel in range(self.players):
                for name in names:
                    self.places.append((kind, name, rel))
        self.place_index = {p: i for i, p in enumerate(self.places)}
        classes: list[type[Action]] = []
        for cls in (*game.actions, *COMMON_ACTIONS):
            if not cls.meta and cls not in classes:
                classes.append(cls)
        known = {f"{cls.__name__}.{f.name}" for cls in classes for f in fields(cls)}
        unknown = sorted(set(self.facts.fields) - known)
        if unknown:
            raise ValueError(f"{game.title}'s research facts name fields its actions do not have: {unknown}")
        self.layouts: dict[type[Action], ClassLayout] = {}
        offset = 0
        for cls in classes:
            codes = [self._field_code(cls, f.name, f.type) for f in fields(cls)]
            layout = ClassLayout(cls, codes, offset)
            offset += layout.size
            self.layouts[cls] = layout
        self.size = offset
        self._encoders: dict[type[Action], Any] | None = None  # made at first use (``_encoders_now``)

    def __getstate__(self) -> dict[str, Any]:
        return {**attributes(self), "_encoders": None}

    def __setstate__(self, data: dict[str, Any]) -> None:
        restore(self, data)

    # ------------------------------------------------------------------ layout

    def _field_code(self, cls: type[Action], name: str, annotation: Any) -> FieldCode:
        spec = self.facts.fields.get(f"{cls.__name__}.{name}")
        if spec == "implied":
            return FieldCode(name, IMPLIED, 1)
        if name in cls.card_fields or name in cls.target_fields:
            return self._slot_field(cls, name, spec)
        text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
        if text == "bool":
            return FieldCode(name, BOOL, 2)
        if text == "str":
            if isinstance(spec, str):
                vocabulary = tuple(spec.split())
                return FieldCode(name, STR, len(vocabulary) + 1, vocabulary=vocabulary)
            return FieldCode(name, STR, spec if isinstance(spec, int) else DEFAULT_STR_CODES)
        return FieldCode(name, INT, spec if isinstance(spec, int) else DEFAULT_INT_CODES)

    def _slot_field(self, cls: type[Action], name: str, spec: str | int | None) -> FieldCode:
        target = name in cls.target_fields
        if spec is None:
            tokens = ["none", *(f"any:{s.key}" for s in self.table.sections if not s.others)]
            others_only = {s.key for s in self.table.sections if s.others} - {
                s.key for s in self.table.sections if not s.others
            }
            tokens += [f"other:{k}" for k in sorted(others_only)]
            if target:
                tokens += ["player", "stack", "place"]
        elif isinstance(spec, int):
            raise ValueError(f"{cls.__name__}.{name} names cards: declare the zones, not a number")
        else:
            tokens = spec.split()
        code = FieldCode(name, TARGET if target else CARD, 0)
        at = 0
        if target or "none" in tokens:
            code.none, at = at, at + 1
        if "player" in tokens:
            code.player, at = at, at + self.players
        if "stack" in tokens:
            code.stack, at = at, at + self.facts.stack_slots
        sections: list[tuple[int, int, int, str]] = []
        for token in tokens:
            if token in ("none", "player", "stack", "place"):
                continue
            side, _, key = token.rpartition(":")
            if side not in ("", "any", "other"):
                raise ValueError(
                    f"{cls.__name__}.{name}: {token!r} is not a zone token (KEY, any:KEY, other:KEY)"
                )
            if key.removesuffix(DOWN) not in {s.key.removesuffix(DOWN) for s in self.table.sections}:
                raise ValueError(
                    f"{cls.__name__}.{name}: zone {key!r} is not among the declared zones "
                    f"({', '.join(sorted({s.key for s in self.table.sections}))})"
                )
            for others in (False, True):
                if (others and side == "") or (not others and side == "other"):
                    continue
                section = self.table.by_key.get((key, others))
                if section is not None:
                    sections.append((section.start, section.size, at, section.label))
                    at += section.size
        code.sections = tuple(sections)
        code.slot_code = {start + i: first + i for start, size, first, _ in sections for i in range(size)}
        if "place" in tokens and self.places:
            code.place, at = at, at + len(self.places)
        code.other, at = at, at + 1
        code.radix = at
        return code

    # ------------------------------------------------------------------ action -> index

    def legal_indices(
        self, state: State, seat: int, legal: Sequence[Action], loc: Location | None = None
    ) -> dict[int, Action]:
        """Each legal action's index, the first action for an index several share."""
        out, _ = self.index_legal(state, seat, legal, loc)
        return out

    def index_legal(
        self, state: State, seat: int, legal: Sequence[Action], loc: Location | None = None
    ) -> tuple[dict[int, Action], int]:
        """``legal_indices`` and the number of legal actions that share an index with an earlier one.

        From source this runs straight-line code made for each action class (``_encoders_now``); compiled,
        the layout read field by field (``reference_index``) is faster than that code, which runs
        interpreted. A test checks that the two agree."""
        if loc is None:
            loc = self.table.locate(state, seat)
        if _COMPILED:
            return self.index_by_layout(state, seat, legal, loc)
        return self.index_straight(state, seat, legal, loc)

    def index_straight(
        self, state: State, seat: int, legal: Sequence[Action], loc: Location
    ) -> tuple[dict[int, Action], int]:
        """``index_legal`` by the straight-line code made for each class."""
        encoders = self._encoders if self._encoders is not None else self._encoders_now()
        where = loc.where
        n = state.n_seats
        ranks: dict[Any, dict[str, int]] = {}
        stack: list[dict[int, int] | None] = [None]  # the stack's ranks, worked out when an action names one
        out: dict[int, Action] = {}
        shared = 0
        try:
            for action in legal:
                i = encoders[type(action)](action, where, seat, n, state, ranks, stack)
                if out.setdefault(i, action) is not action:
                    shared += 1
        except KeyError:
            missing = [type(a).__name__ for a in legal if type(a) not in encoders]
            if not missing:
                raise
            raise ValueError(f"{missing[0]} is not in {self.game.title}'s action space") from None
        return out, shared

    def index_by_layout(
        self, state: State, seat: int, legal: Sequence[Action], loc: Location
    ) -> tuple[dict[int, Action], int]:
        """``index_legal`` by the layout, field by field (``reference_index``)."""
        where = loc.where
        n = state.n_seats
        ranks: dict[Any, dict[str, int]] = {}
        stack: list[dict[int, int] | None] = [None]
        out: dict[int, Action] = {}
        shared = 0
        for action in legal:
            i = self._index(action, where, seat, n, state, ranks, stack)
            if out.setdefault(i, action) is not action:
                shared += 1
        return out, shared

    def reference_index(
        self, action: Action, state: State, seat: int, loc: Location, ranks: dict[Any, dict[str, int]]
    ) -> int:
        """The index of one action, field by field as the module docstring says (``ranks``: the str ranks
        given so far at this decision). From source ``index_legal`` runs straight-line code made from the
        same layout for each class (``_encoder_source``); a test checks that the two agree."""
        return self._index(action, loc.where, seat, state.n_seats, state, ranks, [None])

    def _index(
        self,
        action: Action,
        where: dict[int, int],
        seat: int,
        n: int,
        state: State,
        ranks: dict[Any, dict[str, int]],
        stack: list[dict[int, int] | None],
    ) -> int:
        layout = self.layouts.get(type(action))
        if layout is None:
            raise ValueError(f"{type(action).__name__} is not in {self.game.title}'s action space")
        idx = 0
        for f in layout.fields:
            k = f.kind
            if k == IMPLIED:
                continue
            value = getattr(action, f.name)
            if k == CARD:
                if value < 0:
                    code = f.none if f.none >= 0 else f.other
                else:
                    slot = where.get(value)
                    codes = f.slot_code  # narrowed to a dict: compiled, read without a method call
                    code = f.other if slot is None or codes is None else codes.get(slot, f.other)
            elif k == TARGET:
                code = self._target_code(f, value, where, seat, n, state, stack)
            elif k == BOOL:
                code = 1 if value else 0
            elif k == INT:
                code = min(max(int(value), 0), f.radix - 1)
            elif f.vocabulary:
                text = str(value)
                code = f.vocabulary.index(text) if text in f.vocabulary else f.radix - 1
            else:
                seen = ranks.setdefault((type(action), f.name), {})
                text = str(value)
                r = seen.get(text)
                if r is None:
                    r = seen[text] = len(seen)
                code = min(r, f.radix - 1)
            idx = idx * f.radix + code
        return layout.offset + idx

    def _target_code(
        self,
        f: FieldCode,
        value: Any,
        where: dict[int, int],
        seat: int,
        n: int,
        state: State,
        stack: list[dict[int, int] | None],
    ) -> int:
        """The code of a target field's value (see the module docstring); ``stack[0]`` keeps the stack's
        ranks for the other actions of the decision."""
        if value is None:
            return f.none
        if type(value) is CardRef:
            slot = where.get(value.id)
            codes = f.slot_code
            return f.other if slot is None or codes is None else codes.get(slot, f.other)
        if type(value) is PlayerRef:
            return f.other if f.player < 0 else f.player + (value.seat - seat) % n
        if type(value) is StackRef:
            ranks = stack[0]
            if ranks is None:
                ranks = stack[0] = _stack_ranks(state)
            r = ranks.get(value.uid)
            return f.other if f.stack < 0 or r is None or r >= self.facts.stack_slots else f.stack + r
        if type(value) is Place:
            rel = -1 if value.seat < 0 else (value.seat - seat) % n
            p = self.place_index.get((value.kind, value.name, rel))
            return f.other if f.place < 0 or p is None else f.place + p
        return f.other

    def _encoders_now(self) -> dict[type[Action], Any]:
        """Per action class, a function ``(action, where, seat, n, state, ranks, stack) -> index`` run as
        straight-line code (a loop over the fields and their kinds costs several times more)."""
        encoders: dict[type[Action], Any] = {}
        for cls, layout in self.layouts.items():
            source, namespace = self._encoder_source(layout)
            exec(source, namespace)
            encoders[cls] = namespace["encode"]
        self._encoders = encoders
        return encoders

    def _encoder_source(self, layout: ClassLayout) -> tuple[str, dict[str, Any]]:
        """The source of one class's ``encode`` (the same codes as ``reference_index``), and its names."""
        ns: dict[str, Any] = {"CardRef": CardRef, "PlayerRef": PlayerRef, "Place": Place}
        lines = ["def encode(a, where, seat, n, state, ranks, stack):", "    i = 0"]
        add = lines.append
        size = self.table.size
        for j, f in enumerate(layout.fields):
            k = f.kind
            if k == IMPLIED:
                continue
            add(f"    v = a.{f.name}")
            if k in (CARD, TARGET):
                # the code of each table slot, the field's "other" for a slot outside its sections
                codes = [f.other] * size
                for slot, code in (f.slot_code or {}).items():
                    codes[slot] = code
                ns[f"SLOT{j}"] = codes
            if k == CARD:
                add("    if v < 0:")
                add(f"        c = {f.none if f.none >= 0 else f.other}")
                add("    else:")
                add("        s = where.get(v)")
                add(f"        c = {f.other} if s is None else SLOT{j}[s]")
            elif k == TARGET:
                ns[f"F{j}"] = f
                add("    if v is None:")
                add(f"        c = {f.none}")
                add("    elif type(v) is CardRef:")
                add("        s = where.get(v.id)")
                add(f"        c = {f.other} if s is None else SLOT{j}[s]")
                add("    elif type(v) is PlayerRef:")
                add(
                    f"        c = {f.other}"
                    if f.player < 0
                    else f"        c = {f.player} + (v.seat - seat) % n"
                )
                if f.place >= 0:
                    ns["PLACES"] = self.place_index
                    add("    elif type(v) is Place:")
                    add("        p = PLACES.get((v.kind, v.name, -1 if v.seat < 0 else (v.seat - seat) % n))")
                    add(f"        c = {f.other} if p is None else {f.place} + p")
                add("    else:")
                add(f"        c = TARGET(F{j}, v, where, seat, n, state, stack)")
                ns["TARGET"] = self._target_code
            elif k == BOOL:
                add("    c = 1 if v else 0")
            elif k == INT:
                add("    c = int(v)")
                add(f"    c = 0 if c < 0 else ({f.radix - 1} if c > {f.radix - 1} else c)")
            elif f.vocabulary:
                ns[f"VOC{j}"] = {w: i for i, w in reversed(list(enumerate(f.vocabulary)))}
                add(f"    c = VOC{j}.get(str(v), {f.radix - 1})")
            else:
                ns[f"KEY{j}"] = (layout.cls, f.name)
                add(f"    seen = ranks.get(KEY{j})")
                add("    if seen is None:")
                add(f"        seen = ranks[KEY{j}] = {{}}")
                add("    text = str(v)")
                add("    r = seen.get(text)")
                add("    if r is None:")
                add("        r = seen[text] = len(seen)")
                add(f"    c = r if r < {f.radix - 1} else {f.radix - 1}")
            add(f"    i = i * {f.radix} + c")
        add(f"    return {layout.offset} + i")
        return "\n".join(lines) + "\n", ns

    # ------------------------------------------------------------------ index -> words

    def describe(self, index: int) -> str:
        """What index ``index`` means, in words (``play card=hand[2] target=other:play[0]``)."""
        if not 0 <= index < self.size:
            raise ValueError(f"action index {index} is outside 0..{self.size - 1}")
        for layout in self.layouts.values():
            if layout.offset <= index < layout.offset + layout.size:
                rest = index - layout.offset
                codes: list[int] = []
                for f in reversed(layout.fields):
                    rest, c = divmod(rest, f.radix)
                    codes.append(c)
                codes.reverse()
                words = [
                    f"{f.name}={self._describe_code(f, c)}"
                    for f, c in zip(layout.fields, codes, strict=True)
                    if f.kind != IMPLIED
                ]
                return " ".join([layout.cls.__name__.lower(), *words])
        raise AssertionError("unreachable")

    def _describe_code(self, f: FieldCode, code: int) -> str:
        if f.kind in (CARD, TARGET):
            if code == f.none:
                return "none"
            if code == f.other:
                return "other"
            if f.player >= 0 and f.player <= code < f.player + self.players:
                return f"player+{code - f.player}"
            if f.stack >= 0 and f.stack <= code < f.stack + self.facts.stack_slots:
                return f"stack[{code - f.stack}]"
            if f.place >= 0 and f.place <= code < f.place + len(self.places):
                kind, name, rel = self.places[code - f.place]
                return f"{kind}:{name}" if rel < 0 else f"{kind}:{name}@player+{rel}"
            for _, size, first, label in f.sections:
                if first <= code < first + size:
                    return f"{label}[{code - first}]"
            raise AssertionError("unreachable")
        if f.kind == BOOL:
            return str(bool(code)).lower()
        if f.kind == INT:
            return str(code) if code < f.radix - 1 else f"{code}+"
        if f.vocabulary:
            return f.vocabulary[code] if code < len(f.vocabulary) else "other"
        return f"option[{code}]"

    def layout_rows(self) -> list[tuple[str, int, int, str]]:
        """The blocks of the space, for docs: (class, offset, size, fields with their codes)."""
        rows = []
        for layout in self.layouts.values():
            parts = []
            for f in layout.fields:
                if f.kind == IMPLIED:
                    parts.append(f"{f.name}: implied")
                elif f.kind in (CARD, TARGET):
                    what = []
                    if f.none >= 0:
                        what.append("none")
                    if f.player >= 0:
                        what.append(f"player x{self.players}")
                    if f.stack >= 0:
                        what.append(f"stack x{self.facts.stack_slots}")
                    what += [f"{label} x{size}" for _, size, _, label in f.sections]
                    if f.place >= 0:
                        what.append(f"place x{len(self.places)}")
                    what.append("other")
                    parts.append(f"{f.name}: {' + '.join(what)} = {f.radix}")
                else:
                    parts.append(f"{f.name}: {f.radix}")
            rows.append((layout.cls.__name__, layout.offset, layout.size, "; ".join(parts)))
        return rows


def _stack_ranks(state: State) -> dict[int, int]:
    """The items on the state's stack by uid, newest first: uid -> rank (core's stack, ``state.stack``)."""
    stack = getattr(state, "stack", None) or ()
    out: dict[int, int] = {}
    for rank, item in enumerate(reversed(stack)):
        uid = getattr(item, "uid", None)
        if isinstance(uid, int):
            out[uid] = rank
    return out


__all__ = ["SlotCodec"]
