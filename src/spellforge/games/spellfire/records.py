"""The records of a SPELLFIRE battle and of the cards being played: :class:`Fight` and :class:`PlayRec`.

A play names what it is aimed at with core's typed targets: a card (``CardRef``), a player (``PlayerRef``),
another play it answers (``StackRef``: that play's uid, as a spell answers an item on a stack) or nothing
(``None``). Both records are written into the state's JSON as their fields (``core.replay``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, NamedTuple, TypeAlias

from spellforge.core.errors import RecordError
from spellforge.core.modifiers import GRANT, ROUND
from spellforge.core.targets import CardRef, PlayerRef, StackRef, Target, card_ref, player_ref, stack_ref

# How the round under way stands (``Fight.over``).
GOING, ROUND_DONE, BATTLE_DONE = 0, 1, 2
# The sides of a battle, as bits of ``Fight.from_hand`` and ``Fight.from_hidden``.
ATTACKER_SIDE, DEFENDER_SIDE = 1, 2


class Fight:
    """The battle of this turn (SF-175..SF-218): who attacks what, the champions of the round under way and
    how the round and the battle stand. ``attacker`` is -1 while no attack was declared this turn."""

    __slots__ = (
        "att_champion",
        "attacker",
        "def_champion",
        "defender",
        "dungeon",
        "from_hand",
        "from_hidden",
        "over",
        "rounds",
        "self_defence",
        "stopped",
        "target",
        "winner",
        "withdrawn",
    )
    # the fields in the order the state's JSON writes them and ``__init__`` takes them
    _fields: ClassVar[tuple[str, ...]] = (
        "attacker",
        "defender",
        "target",
        "att_champion",
        "def_champion",
        "rounds",
        "self_defence",
        "over",
        "dungeon",
        "winner",
        "stopped",
        "withdrawn",
        "from_hand",
        "from_hidden",
    )

    attacker: int  # the attacking seat, else -1
    defender: int  # the seat attacked
    target: int  # the realm (or dungeon) attacked
    att_champion: int  # the attacker's champion in the round, else -1
    def_champion: int  # the defender's champion (the realm itself when it defends itself), else -1
    rounds: int  # the rounds begun: champions the attacker sent (SF-194, SF-204)
    self_defence: bool  # the attacked realm defends itself (SF-R27)
    over: int  # GOING, ROUND_DONE or BATTLE_DONE
    dungeon: bool  # the target is a dungeon (SF-057)
    winner: int  # the seat that won the round before the totals were compared (SF-184, SF-236), else -1
    stopped: bool  # the defender was stopped by a wall: it goes home, not to the discard pile (SF-236)
    withdrawn: bool  # the attack was taken back as if never declared (SF-012)
    from_hand: int  # the sides (ATTACKER_SIDE, DEFENDER_SIDE bits) whose champion came from hand
    from_hidden: int  # the sides whose champion came out of a hidden pool (SF-K45)

    def __init__(
        self,
        attacker: int = -1,
        defender: int = -1,
        target: int = -1,
        att_champion: int = -1,
        def_champion: int = -1,
        rounds: int = 0,
        self_defence: bool = False,
        over: int = GOING,
        dungeon: bool = False,
        winner: int = -1,
        stopped: bool = False,
        withdrawn: bool = False,
        from_hand: int = 0,
        from_hidden: int = 0,
    ) -> None:
        self.attacker = attacker
        self.defender = defender
        self.target = target
        self.att_champion = att_champion
        self.def_champion = def_champion
        self.rounds = rounds
        self.self_defence = self_defence
        self.over = over
        self.dungeon = dungeon
        self.winner = winner
        self.stopped = stopped
        self.withdrawn = withdrawn
        self.from_hand = from_hand
        self.from_hidden = from_hidden

    def copy(self) -> Fight:
        return Fight(
            self.attacker,
            self.defender,
            self.target,
            self.att_champion,
            self.def_champion,
            self.rounds,
            self.self_defence,
            self.over,
            self.dungeon,
            self.winner,
            self.stopped,
            self.withdrawn,
            self.from_hand,
            self.from_hidden,
        )

    def values(self) -> tuple[int | bool, ...]:
        return tuple(getattr(self, name) for name in self._fields)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Fight) and self.values() == other.values()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"Fight({', '.join(f'{n}={v!r}' for n, v in zip(self._fields, self.values(), strict=True))})"


# What a play is aimed at: a card, a player, another play (by uid), or nothing.
PlayTarget: TypeAlias = CardRef | PlayerRef | StackRef | None


class PlayRec(NamedTuple):
    """An event or spell being played: who played it, at what, and (for a duplicate) what it copies."""

    uid: int
    card: int
    seat: int
    target: PlayTarget
    copy_of: int  # the uid of the play a duplicate copies (SF-302, SF-321), else -1
    caster: int  # the champion casting a spell, else -1


def aimed_at(target: Target | None) -> CardRef | PlayerRef | None:
    """An event's or a spell's target as a play records it: a card or a player, or nothing."""
    if target is None or isinstance(target, CardRef | PlayerRef):
        return target
    raise ValueError(f"{target} is not a card or a player")


def remap_target(target: PlayTarget, mapping: dict[int, int]) -> PlayTarget:
    """A play's target after cards changed identity (``mapping``: old id to new id)."""
    if isinstance(target, CardRef):
        return card_ref(mapping.get(target.id, target.id))
    return target


# ---------------------------------------------------------------------- states saved before these records

# Before these records, a battle was a list of 14 ints in the order of ``Fight._fields``; a play's target
# an int: a card id, ``-1 - seat`` for a player, OLD_PLAY_BASE + uid for another play, OLD_NONE for nothing
# (so were the ``other`` of an ``event`` or ``cast`` event and the target of a ``copy_play`` frame); and a
# Wish's caster's ``fought`` was OLD_SPENT.
OLD_NONE = -(10**6)
OLD_PLAY_BASE = 10**7
OLD_SPENT = 10**9
_OLD_FLAGS = frozenset(("self_defence", "dungeon", "stopped", "withdrawn"))


def old_target(code: int) -> PlayTarget:
    """What an old int target named."""
    if code == OLD_NONE:
        return None
    if code >= OLD_PLAY_BASE:
        return stack_ref(code - OLD_PLAY_BASE)
    if code < 0:
        return player_ref(-1 - code)
    return card_ref(code)


def _target_json(code: Any) -> Any:
    target = old_target(code) if isinstance(code, int) and not isinstance(code, bool) else None
    if target is None and code != OLD_NONE:
        raise RecordError(f"saved SPELLFIRE state: {code!r} is not a play's target")
    return None if target is None else {"tg": str(target)}


def upgrade_saved(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """A SPELLFIRE state's JSON saved before these records (its ``fight`` a list), written as they write
    it now; any other JSON is returned as it is, for ``decode_state`` to read or refuse."""
    body = data.get("state") if isinstance(data, Mapping) else None
    if isinstance(body, Mapping) and "granted" in body:
        body = _grants_json(body)
        data = {**data, "state": body}
    if not isinstance(body, Mapping) or not isinstance(body.get("fight"), list):
        return data
    old = body["fight"]
    if len(old) != len(Fight._fields) or not all(isinstance(x, int) for x in old):
        raise RecordError(f"saved SPELLFIRE state: 'fight' must be {len(Fight._fields)} numbers, not {old!r}")
    new = dict(body)
    new["fight"] = {
        "nt": "Fight",
        "v": [bool(x) if n in _OLD_FLAGS else x for n, x in zip(Fight._fields, old, strict=True)],
    }
    try:
        new["plays"] = [
            {"nt": "PlayRec", "v": [*p["v"][:3], _target_json(p["v"][3]), *p["v"][4:]]} for p in body["plays"]
        ]
        fought = body["fought"]
        new["fought"] = [-1 if x == OLD_SPENT else x for x in fought]
        new["spent"] = {"fs": sorted((c for c, x in enumerate(fought) if x == OLD_SPENT), key=repr)}
        new["_log"] = [_event_json(e) for e in body["_log"]]
        new["work"] = [_frame_json(f) for f in body["work"]]
    except (KeyError, TypeError, IndexError) as exc:
        raise RecordError(
            f"saved SPELLFIRE state: cannot read its plays, events or frames ({exc!r})"
        ) from None
    return {**data, "state": new}


def _grants_json(body: Mapping[str, Any]) -> Mapping[str, Any]:
    """Traits granted for the round were a list of (champion, trait) of their own; they are core keyword
    grants lasting the round now (``state.modifiers``)."""
    new = {k: v for k, v in body.items() if k != "granted"}
    try:
        pairs = [g["t"] if isinstance(g, Mapping) else g for g in body["granted"]]
        grants = [{"nt": "Modifier", "v": [int(c), -1, str(t), GRANT, 1, ROUND, -1]} for c, t in pairs]
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(
            f"saved SPELLFIRE state: 'granted' must be (champion, trait) pairs ({exc!r})"
        ) from None
    new["modifiers"] = [*body.get("modifiers", []), *grants]
    return new


def _event_json(e: Any) -> Any:
    """An ``event`` or ``cast`` event names its target only in ``target``; a spell answering another play
    says so in ``note``."""
    v = e["v"]
    kind, other, target = v[0], v[4], v[7]
    if kind not in ("event", "cast"):
        return e
    note = "against" if kind == "cast" and other >= OLD_PLAY_BASE and target is not None else v[6]
    return {"nt": e["nt"], "v": [*v[:4], -1, v[5], note, *v[7:]]}


def _frame_json(frame: Any) -> Any:
    items = frame["t"] if isinstance(frame, Mapping) else None
    if not items or items[0] != "copy_play":
        return frame
    return {"t": [*items[:3], _target_json(items[3]), *items[4:]]}
