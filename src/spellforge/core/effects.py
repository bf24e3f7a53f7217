"""The shared verbs, and how a game's selectors are evaluated against a state.

A verb is a function ``verb(state, effect, ctx)``. The verbs here are written once for every game and do
their work through a few State hooks with the game's own meaning (``draw_cards``, ``deal_damage``,
``destroy_card``, ``add_modifier``, ``add_grant``, ...). Each is declared in :data:`SHARED` as a
:class:`~spellforge.core.cards.VerbSpec` with its function; a game's vocabulary takes the ones it supports
(``SHARED["draw"].extended(help=...)``) and declares its own verbs the same way, so the loader puts each
verb's function on the effect (``effect.run``) and nothing is looked up by name in play.

:class:`Selecting` is the base of a game's State whose cards select (after core's windows): it turns a
parsed :class:`Selection` into the targets (``core.targets``) it names right now -- cards, players, and the
items on the stack when the game names a selector zone for them (``STACK_ZONE``) -- using the hooks
``card_is``, ``has_keyword``, ``zone_cards`` and, for stack items, ``stack_items`` and ``item_is``, and the
seating's ``is_enemy`` and ``seats_in_game``.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, NamedTuple

from mypy_extensions import mypyc_attr

from .cards import Effect, VerbSpec
from .events import Event
from .selectors import Selection, Selector
from .stack import StackItem
from .targets import CardRef, PlayerRef, StackRef, Target, card_ref, player_ref, stack_ref
from .windows import WindowState


class Context(NamedTuple):
    """Who and what an effect is resolving for."""

    source: int  # the card whose effect it is (-1: none)
    controller: int  # the seat that controls the effect
    targets: tuple[Target, ...] = ()  # targets chosen on play that are still legal
    event: Event | None = None  # the event that triggered it, for triggered abilities
    uid: int = -1  # the stack item it resolves from, if any


Verb = Callable[[Any, Effect, Context], None]


@mypyc_attr(allow_interpreted_subclasses=True)
class Selecting(WindowState):
    """Selector evaluation for a game's State (no attributes of its own)."""

    __slots__ = ()
    # The selector zone word naming the items waiting on the stack ("limbo"): they are selected as
    # StackRefs, through ``stack_items`` and ``item_is`` ("" : the game's selectors never name the stack).
    STACK_ZONE: ClassVar[str] = ""
    ABSTRACT_HOOKS: ClassVar[tuple[str, ...]] = (
        *WindowState.ABSTRACT_HOOKS,
        "Selecting.card_is",
        "Selecting.has_keyword",
        "Selecting.zone_cards",
    )

    # ---- hooks the game provides
    @abstractmethod
    def card_is(self, cid: int, noun: str) -> bool:
        """Whether card ``cid`` is a ``noun`` ("character", "spell", ...) where it is now."""

    @abstractmethod
    def has_keyword(self, cid: int, keyword: str) -> bool:
        """Whether card ``cid`` has ``keyword`` now."""

    @abstractmethod
    def zone_cards(self, zone: str, ctx: Context) -> Iterable[int]:
        """The card ids in the named zone word ("play", "limbo", "discard", ...)."""

    def card_controller(self, cid: int) -> int:
        return self.controller[cid]

    def stack_items(self) -> Sequence[StackItem]:
        """The items on the stack, for selectors of ``STACK_ZONE`` (hook; default: none)."""
        return ()

    def item_is(self, item: StackItem, noun: str) -> bool:
        """Whether stack item ``item`` is a ``noun`` other than "card" (hook; default: never)."""
        return False

    # ---- evaluation
    def matches(self, sel: Selector, cid: int, ctx: Context) -> bool:
        if sel.this:
            return cid == ctx.source
        if sel.other and cid == ctx.source:
            return False
        if sel.noun != "card" and not self.card_is(cid, sel.noun):
            return False
        if sel.relation != "any":
            owner = self.card_controller(cid)
            if sel.relation == "you":
                if owner != ctx.controller:
                    return False
            elif not self.is_enemy(ctx.controller, owner):
                return False
        keywords = sel.keywords
        if not keywords:  # most selectors name none: no generator to build for every candidate card
            return True
        return all(self.has_keyword(cid, k) for k in keywords)

    def player_matches(self, sel: Selector, seat: int, ctx: Context) -> bool:
        if sel.relation == "you":
            return seat == ctx.controller
        if sel.relation == "enemy":
            return self.is_enemy(ctx.controller, seat)
        return True

    def item_matches(self, sel: Selector, item: StackItem, ctx: Context) -> bool:
        """Whether stack item ``item`` is one ``sel`` names (an item is never "this", nor has keywords)."""
        if sel.this or (sel.noun != "card" and not self.item_is(item, sel.noun)):
            return False
        if sel.relation == "you":
            return item.controller == ctx.controller and not sel.keywords
        if sel.relation == "enemy" and not self.is_enemy(ctx.controller, item.controller):
            return False
        return not sel.keywords

    def select(self, selection: Selection, ctx: Context) -> list[Target]:
        """Every target (cards, players, stack items) the selection names now, each once: a target two
        alternatives both name ("card or ability in limbo": an ability is matched by both) is one choice,
        not two equal legal actions."""
        out: list[Target] = []
        alternatives = selection.alternatives
        for sel in alternatives:
            if sel.is_player:
                out.extend(player_ref(s) for s in self.seats_in_game() if self.player_matches(sel, s, ctx))
            elif sel.this:
                if ctx.source >= 0 and (sel.noun == "card" or self.card_is(ctx.source, sel.noun)):
                    out.append(card_ref(ctx.source))
            elif sel.zone == self.STACK_ZONE:
                out.extend(stack_ref(i.uid) for i in self.stack_items() if self.item_matches(sel, i, ctx))
            else:
                matches = self.matches
                out.extend([card_ref(c) for c in self.zone_cards(sel.zone, ctx) if matches(sel, c, ctx)])
        if len(alternatives) > 1 and len(out) > 1:
            out = list(dict.fromkeys(out))  # first occurrence kept, so the order stays the printed one
        return out

    def still_legal(self, selection: Selection, target: Target, ctx: Context) -> bool:
        """Whether a target chosen on play is still a legal choice for ``selection``."""
        for sel in selection.alternatives:
            if sel.is_player:
                if (
                    isinstance(target, PlayerRef)
                    and target.seat in self.seats_in_game()
                    and self.player_matches(sel, target.seat, ctx)
                ):
                    return True
            elif sel.zone == self.STACK_ZONE:
                if isinstance(target, StackRef):
                    item = next((i for i in self.stack_items() if i.uid == target.uid), None)
                    if item is not None and self.item_matches(sel, item, ctx):
                        return True
            elif (
                isinstance(target, CardRef)
                and target.id in self.zone_cards(sel.zone, ctx)
                and self.matches(sel, target.id, ctx)
            ):
                return True
        return False

    def live_targets(self, effect: Effect, targets: tuple[Target, ...], ctx: Context) -> tuple[Target, ...]:
        """Those of ``targets`` (chosen on play) still legal for ``effect``'s target selection."""
        selection = effect.target
        if selection is None:
            return ()
        return tuple(t for t in targets if self.still_legal(selection, t, ctx))

    def affected(self, effect: Effect, ctx: Context) -> list[Target]:
        """What an effect acts on: its chosen targets, else everything its ``to`` selector names now."""
        if effect.target is not None:
            return list(ctx.targets)
        if effect.to is not None:
            return self.select(effect.to, ctx)
        return []


# ---------------------------------------------------------------------- shared verbs


def players_of(targets: Iterable[Target]) -> list[int]:
    """The seats of the players among ``targets``."""
    return [t.seat for t in targets if type(t) is PlayerRef]


def cards_of(targets: Iterable[Target]) -> list[int]:
    """The card ids of the cards among ``targets``."""
    return [t.id for t in targets if type(t) is CardRef]


def verb_draw(state: Any, effect: Effect, ctx: Context) -> None:
    seats = players_of(state.affected(effect, ctx)) or [ctx.controller]
    for seat in seats:
        state.draw_cards(seat, effect.amount or 1)


def verb_damage(state: Any, effect: Effect, ctx: Context) -> None:
    for t in state.affected(effect, ctx):
        state.deal_damage(ctx.source, t, effect.amount)


def verb_destroy(state: Any, effect: Effect, ctx: Context) -> None:
    for cid in cards_of(state.affected(effect, ctx)):
        state.destroy_card(cid, ctx.source)


def verb_gain_life(state: Any, effect: Effect, ctx: Context) -> None:
    seats = players_of(state.affected(effect, ctx)) or [ctx.controller]
    for seat in seats:
        state.gain_life(seat, effect.amount)


def verb_modify(state: Any, effect: Effect, ctx: Context) -> None:
    stat = effect.param("stat")
    for cid in cards_of(state.affected(effect, ctx)):
        state.add_modifier(cid, stat, effect.amount, effect.duration or "turn", ctx.source)


def verb_grant(state: Any, effect: Effect, ctx: Context) -> None:
    keyword = effect.param("keyword")
    for cid in cards_of(state.affected(effect, ctx)):
        state.add_grant(cid, keyword, effect.duration or "turn", ctx.source)


def verb_tap(state: Any, effect: Effect, ctx: Context) -> None:
    for cid in cards_of(state.affected(effect, ctx)):
        state.set_tapped(cid, True)


def verb_untap(state: Any, effect: Effect, ctx: Context) -> None:
    for cid in cards_of(state.affected(effect, ctx)):
        state.set_tapped(cid, False)


def verb_return_to_hand(state: Any, effect: Effect, ctx: Context) -> None:
    for cid in cards_of(state.affected(effect, ctx)):
        state.return_to_hand(cid)


def verb_gain_control(state: Any, effect: Effect, ctx: Context) -> None:
    for cid in cards_of(state.affected(effect, ctx)):
        state.gain_control(cid, ctx.controller)


def verb_discard(state: Any, effect: Effect, ctx: Context) -> None:
    seats = players_of(state.affected(effect, ctx)) or [ctx.controller]
    for seat in seats:
        state.discard_cards(seat, effect.amount or 1, ctx)


def verb_mill(state: Any, effect: Effect, ctx: Context) -> None:
    seats = players_of(state.affected(effect, ctx)) or [ctx.controller]
    for seat in seats:
        state.mill_cards(seat, effect.amount or 1)


SHARED: dict[str, VerbSpec] = {
    "draw": VerbSpec(help="draw `amount` cards (you, or the players named by `to`)", run=verb_draw),
    "damage": VerbSpec(needs="target|to", help="deal `amount` damage", run=verb_damage),
    "destroy": VerbSpec(needs="target|to", help="destroy cards", run=verb_destroy),
    "gain_life": VerbSpec(help="gain `amount` life (you, or the players named by `to`)", run=verb_gain_life),
    "modify": VerbSpec(
        params={"stat": str}, help="change `stat` by `amount` for `duration`", run=verb_modify
    ),
    "grant": VerbSpec(
        params={"keyword": str}, needs="to", help="give `keyword` for `duration`", run=verb_grant
    ),
    "tap": VerbSpec(needs="target|to", help="tap cards", run=verb_tap),
    "untap": VerbSpec(needs="target|to", help="untap cards", run=verb_untap),
    "return_to_hand": VerbSpec(
        needs="target|to", help="return cards to their owner's hand", run=verb_return_to_hand
    ),
    "gain_control": VerbSpec(needs="target|to", help="take control of cards", run=verb_gain_control),
    "discard": VerbSpec(help="the players named discard `amount` cards", run=verb_discard),
    "mill": VerbSpec(help="the top `amount` cards of the players' decks to their discard", run=verb_mill),
}
# The shared verbs' functions by name.
SHARED_VERBS: dict[str, Verb] = {name: spec.run for name, spec in SHARED.items() if spec.run is not None}
