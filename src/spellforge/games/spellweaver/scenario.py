"""Build a mid-game Spellweaver position from a short description, for rule tests and bug reports.

>>> from spellforge.core.targets import PlayerRef
>>> from spellforge.games.spellweaver.actions import Attack
>>> sc = build(
...     p1=Side(combat=["a:ash-hound"], hand=["firebolt"], levels={"rage": 2}),
...     p2=Side(combat=["x:thornback-boar"], life=12),
...     phase="combat",
... )
>>> sc.state.decision.kind, sc.state.current_player
('attack', 0)
>>> Attack(sc["a"], PlayerRef(1)) in sc.state.legal_actions()
True

A card is named by its id (``"ash-hound"``), optionally with a label to find it later
(``"a:ash-hound"``, then ``sc["a"]``), or given as an ad-hoc definition made with :func:`creature` or
:func:`card` (``("x", creature("Test Ogre", attack=3, hp=2, speed=1))``). Unlabelled cards are labelled
by their id (``sc["ash-hound"]``; a second copy is ``"ash-hound#2"``). Everything not described takes a
plain default: 20 life, 5 full crystals, no levels, the deck's hero, creatures that have been in play
since an earlier turn (not exhausted, not new), a deck of 30 basic shrines below any named deck cards.

The position starts at the beginning of ``phase`` of turn ``turn`` with ``active`` to play: ``deploy``
(first main phase), ``combat`` (attack declaration), ``reinforce``, ``end``, or ``start`` (the start of
the turn itself: ready, cooldowns, refill, draw, start-of-turn effects). With ``manual`` (the default)
every decision waits for its answer, even one whose only option is ``done``, so a test walks through each
step; ``manual=False`` lets the engine take single-option decisions itself, as in real play. The
builder is core's (``core.scenario``); this module declares Spellweaver's sides, labels and ad-hoc cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from spellforge.core import scenario as core
from spellforge.core.scenario import Labels, Placed, ScenarioError
from spellforge.core.state import State

from .cards import ASPECT_INDEX, VOCABULARY, Levels, SWCard

if TYPE_CHECKING:
    from .state import SpellweaverState

CardRef = str | SWCard | tuple[str, "str | SWCard"]
FILLER = "dawnlight-shrine"


@dataclass
class Side:
    """One player's part of a position. Zones list cards; the other fields are labels or numbers."""

    hand: Sequence[CardRef] = ()
    combat: Sequence[CardRef] = ()
    support: Sequence[CardRef] = ()
    area: Sequence[CardRef] = ()  # blessings, curses and artifacts (not creatures)
    graveyard: Sequence[CardRef] = ()
    deck: Sequence[CardRef] = ()  # the top of the deck, top card first
    deck_filler: int = 30  # basic shrines under the named deck cards
    life: int = 20
    crystals: int = 5
    full: int | None = None  # default: all crystals full
    levels: Mapping[str, int] = field(default_factory=dict)
    hero: str | None = None  # default: the first hero of the pool
    skills: Sequence[str] = ()  # labels of skill shrines (e.g. in the graveyard) whose skills the hero holds
    cooldowns: Sequence[int] = ()  # per skill slot, hero first
    spark: bool = False
    exhausted: Sequence[str] = ()
    fresh: Sequence[str] = ()  # played or moved to the combat row this turn
    frozen: Sequence[str] = ()
    damage: Mapping[str, int] = field(default_factory=dict)
    emblems: Mapping[str, tuple[int, int, int]] = field(default_factory=dict)  # might, weakness, shield
    energy: Mapping[str, int] = field(default_factory=dict)
    attach: Mapping[str, str] = field(default_factory=dict)  # attached card label -> creature label
    shrine_played: bool = False
    offered: bool = False


@dataclass
class Scenario:
    """A built position: the state, and the card id of every label."""

    state: SpellweaverState
    ids: Labels

    def __getitem__(self, label: str) -> int:
        return self.ids[label]  # an unknown label is named with the labels there are


def creature(
    name: str,
    attack: int = 1,
    hp: int = 1,
    speed: int = 1,
    keywords: Sequence[str] = (),
    cost: int = 1,
    aspect: str = "rage",
    effects: Sequence[Mapping[str, Any]] = (),
    text: str = "",
) -> SWCard:
    """An ad-hoc creature definition (not in the card pool), for rule tests that need exact numbers."""
    base = card(name, "creature", cost=cost, aspect=aspect, effects=effects, text=text)
    return replace(base, attack=attack, hp=hp, speed=speed, keywords=frozenset(keywords))


def card(
    name: str,
    type: str,
    cost: int = 0,
    aspect: str = "rage",
    effects: Sequence[Mapping[str, Any]] = (),
    levels: Mapping[str, int] | None = None,
    text: str = "",
    energy: int | None = None,
    attach: str | None = None,
) -> SWCard:
    """An ad-hoc card definition of any type, its effects validated like a card file's."""
    parsed = tuple(VOCABULARY.parse_effect(dict(e), i) for i, e in enumerate(effects))
    return SWCard(
        key="test-" + name.lower().replace(" ", "-"),
        name=name,
        type=type,
        text=text or name,
        effects=parsed,
        source="<scenario>",
        aspect=aspect,
        cost=cost,
        levels=Levels.of(dict(levels or {})),
        energy=energy,
        attach=VOCABULARY.selectors.parse(attach) if attach else None,
    )


ZONES = ("hand", "combat", "support", "area", "graveyard", "deck")


class Builder(core.Builder):
    """Spellweaver's part: each side's hero first, labelled cards (or ad-hoc definitions), and basic
    shrines under the named deck cards."""

    def side(self, seat: int, side: Side) -> list[Placed]:
        """The cards of ``side`` in id order: the hero, the zones' cards (``ZONES`` order), the filler."""
        hero_key = side.hero or self.game.default_hero().key  # type: ignore[attr-defined]
        cards = self.plain(seat, "hero", [hero_key])
        for zone in ZONES:
            for ref in getattr(side, zone):
                label, definition = _resolve(ref, self.game.cards, f"P{seat + 1} {zone}")
                cards.append(Placed(seat, zone, definition.key, {}, label, definition, label))
        return cards + self.plain(seat, "deck", [FILLER] * side.deck_filler)

    def lay_out(self, state: State, placed: Sequence[Sequence[Placed]]) -> list[list[int]]:
        """As core's, then each deck as Spellweaver writes it: the filler at the bottom, the named deck
        cards on it (top card first)."""
        ids = super().lay_out(state, placed)
        for seat, (cards, mine) in enumerate(zip(placed, ids, strict=True)):
            named = [c for c, p in zip(mine, cards, strict=True) if p.zone == "deck" and p.label]
            filler = [c for c, p in zip(mine, cards, strict=True) if p.zone == "deck" and not p.label]
            state.zones[state.layout.deck[seat]] = filler + list(reversed(named))
        return ids


def build(
    p1: Side | None = None,
    p2: Side | None = None,
    *,
    active: int = 0,
    phase: str = "deploy",
    turn: int = 3,
    first: int | None = None,
    seed: int = 0,
    manual: bool = True,
    **options: Any,
) -> Scenario:
    """The position described (see the module docstring), advanced to its first decision."""
    from spellforge.games import find_game

    game = find_game("spellweaver")
    sides = (p1 or Side(), p2 or Side())
    builder = Builder(game)
    begin = builder.enter(phase)
    placed = [builder.side(seat, side) for seat, side in enumerate(sides)]
    state: SpellweaverState = builder.new_state(seed, placed, options)  # type: ignore[assignment]
    ids = builder.lay_out(state, placed)  # no setup: no shuffle, no opening hands, no mulligans
    labels = Labels.of(placed, ids)
    for seat, side in enumerate(sides):
        _set_side(state, seat, side, labels, ids[seat][0])
    L = state.layout
    for seat in range(2):
        if sides[seat].spark:
            state.add_card(game.cards["the-spark"], seat, L.area[seat])
    state.active = active
    state.first = (1 - active if turn % 2 == 0 else active) if first is None else first
    state.turn = turn
    state.phase = phase
    state.manual = manual
    state.reset_flow()
    state.schedule(begin)
    state.pending_triggers = []
    state.windows = []
    state.abilities_changed()
    state.run_on()
    return Scenario(state, labels)


def _resolve(ref: CardRef, pool: Mapping[str, Any], where: str = "") -> tuple[str, SWCard]:
    if isinstance(ref, tuple):
        label, inner = ref
        return label, _resolve(inner, pool, where)[1]
    if isinstance(ref, SWCard):
        return ref.key, ref
    label, _, key = ref.partition(":")
    key = key or label
    if key not in pool:
        raise ScenarioError(f"{where + ' entry ' if where else ''}{ref!r}: unknown card {key!r}")
    return label, pool[key]


def _set_side(state: SpellweaverState, seat: int, side: Side, labels: Labels, hero: int) -> None:
    state.life[seat] = side.life
    state.crystals[seat] = side.crystals
    state.full[seat] = side.crystals if side.full is None else side.full
    state.bonus_mana[seat] = 0
    state.levels[seat] = [0] * 6
    for aspect, n in side.levels.items():
        state.levels[seat][ASPECT_INDEX[aspect]] = n
    state.skills[seat] = [hero] + [labels[s] for s in side.skills]
    cooldowns = list(side.cooldowns) + [0] * 3
    state.cooldown[seat] = cooldowns[: len(state.skills[seat])]
    state.shrine_played[seat] = side.shrine_played
    state.offered[seat] = side.offered
    for cid in [*state.creatures(seat), *state.zones[state.layout.area[seat]]]:
        state.controller[cid] = seat
        rating = state.defs[cid].energy
        if rating is not None:
            state.energy[cid] = rating
    for label in side.exhausted:
        state.exhausted[labels[label]] = True
    for label in side.fresh:
        state.fresh.add(labels[label])
    for label in side.frozen:
        state.frozen.add(labels[label])
    for label, amount in side.damage.items():
        state.damage[labels[label]] = amount
    for label, counts in side.emblems.items():
        state.emblems[labels[label]] = counts
    for label, amount in side.energy.items():
        state.energy[labels[label]] = amount
    for label, host in side.attach.items():
        state.attached[labels[label]] = labels[host]
