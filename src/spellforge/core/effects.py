"""The shared verbs, and how a game's selectors are evaluated against a state.

A verb is a function ``verb(state, effect, ctx)``. The verbs here are written once for every game and do
their work through a few State hooks with the game's own meaning (``draw_cards``, ``deal_damage``,
``destroy_card``, ...). A game's vocabulary is ``SHARED_VERBS`` (the ones it supports) plus its own.

:class:`Selecting` is mixed into a game's State: it turns a parsed :class:`Selection` into the card ids
and player targets it names right now, using the hooks ``card_is``, ``has_keyword``, ``is_enemy``,
``seats_in_game`` and ``zone_cards``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from .actions import is_player, player_target, target_seat
from .cards import Effect
from .events import Event
from .selectors import Selection, Selector


class Context(NamedTuple):
    """Who and what an effect is resolving for."""

    source: int  # the card whose effect it is (-1: none)
    controller: int  # the seat that controls the effect
    targets: tuple[int, ...] = ()  # targets chosen on play that are still legal
    event: Event | None = None  # the event that triggered it, for triggered abilities
    uid: int = -1  # the stack item it resolves from, if any


Verb = Callable[[Any, Effect, Context], None]


class Selecting(ABC):
    """Selector evaluation for a game's State (mixin, no attributes)."""

    __slots__ = ()
    controller: list[int]

    # ---- hooks the game provides
    @abstractmethod
    def card_is(self, cid: int, noun: str) -> bool:
        """Whether card ``cid`` is a ``noun`` ("character", "spell", ...) where it is now."""

    @abstractmethod
    def has_keyword(self, cid: int, keyword: str) -> bool:
        """Whether card ``cid`` has ``keyword`` now."""

    def is_enemy(self, seat: int, other: int) -> bool:
        """Whether ``other`` is an opponent of ``seat`` (teams make teammates not enemies)."""
        return seat != other

    @abstractmethod
    def seats_in_game(self) -> list[int]:
        """The seats still playing, in turn order."""

    @abstractmethod
    def zone_cards(self, zone: str, ctx: Context) -> Iterable[int]:
        """The card ids in the named zone word ("play", "limbo", "discard", ...)."""

    def card_controller(self, cid: int) -> int:
        return self.controller[cid]

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
        return all(self.has_keyword(cid, k) for k in sel.keywords)

    def player_matches(self, sel: Selector, seat: int, ctx: Context) -> bool:
        if sel.relation == "you":
            return seat == ctx.controller
        if sel.relation == "enemy":
            return self.is_enemy(ctx.controller, seat)
        return True

    def select(self, selection: Selection, ctx: Context) -> list[int]:
        """Every target (card ids, and ``player_target(seat)`` for players) the selection names now, each
        once: a target two alternatives both name ("card or ability in limbo": an ability is matched by
        both) is one choice, not two equal legal actions."""
        out: list[int] = []
        alternatives = selection.alternatives
        for sel in alternatives:
            if sel.is_player:
                out.extend(player_target(s) for s in self.seats_in_game() if self.player_matches(sel, s, ctx))
            elif sel.this:
                if ctx.source >= 0 and (sel.noun == "card" or self.card_is(ctx.source, sel.noun)):
                    out.append(ctx.source)
            else:
                out.extend(c for c in self.zone_cards(sel.zone, ctx) if self.matches(sel, c, ctx))
        if len(alternatives) > 1 and len(out) > 1:
            out = list(dict.fromkeys(out))  # first occurrence kept, so the order stays the printed one
        return out

    def still_legal(self, selection: Selection, target: int, ctx: Context) -> bool:
        """Whether a target chosen on play is still a legal choice for ``selection``."""
        for sel in selection.alternatives:
            if is_player(target):
                if (
                    sel.is_player
                    and target_seat(target) in self.seats_in_game()
                    and self.player_matches(sel, target_seat(target), ctx)
                ):
                    return True
            elif (
                not sel.is_player
                and target in self.zone_cards(sel.zone, ctx)
                and self.matches(sel, target, ctx)
            ):
                return True
        return False

    def affected(self, effect: Effect, ctx: Context) -> list[int]:
        """What an effect acts on: its chosen targets, else everything its ``to`` selector names now."""
        if effect.target is not None:
            return list(ctx.targets)
        if effect.to is not None:
            return self.select(effect.to, ctx)
        return []


# ---------------------------------------------------------------------- shared verbs


def _players(targets: Iterable[int]) -> list[int]:
    return [target_seat(t) for t in targets if is_player(t)]


def _cards(targets: Iterable[int]) -> list[int]:
    return [t for t in targets if not is_player(t)]


def verb_draw(state: Any, effect: Effect, ctx: Context) -> None:
    seats = _players(state.affected(effect, ctx)) or [ctx.controller]
    for seat in seats:
        state.draw_cards(seat, effect.amount or 1)


def verb_damage(state: Any, effect: Effect, ctx: Context) -> None:
    for t in state.affected(effect, ctx):
        state.deal_damage(ctx.source, t, effect.amount)


def verb_destroy(state: Any, effect: Effect, ctx: Context) -> None:
    for cid in _cards(state.affected(effect, ctx)):
        state.destroy_card(cid, ctx.source)


def verb_gain_life(state: Any, effect: Effect, ctx: Context) -> None:
    seats = _players(state.affected(effect, ctx)) or [ctx.controller]
    for seat in seats:
        state.gain_life(seat, effect.amount)


def verb_modify(state: Any, effect: Effect, ctx: Context) -> None:
    stat = effect.param("stat")
    for cid in _cards(state.affected(effect, ctx)):
        state.add_modifier(cid, stat, effect.amount, effect.duration or "turn", ctx.source)


def verb_tap(state: Any, effect: Effect, ctx: Context) -> None:
    for cid in _cards(state.affected(effect, ctx)):
        state.set_tapped(cid, True)


def verb_untap(state: Any, effect: Effect, ctx: Context) -> None:
    for cid in _cards(state.affected(effect, ctx)):
        state.set_tapped(cid, False)


def verb_return_to_hand(state: Any, effect: Effect, ctx: Context) -> None:
    for cid in _cards(state.affected(effect, ctx)):
        state.return_to_hand(cid)


def verb_gain_control(state: Any, effect: Effect, ctx: Context) -> None:
    for cid in _cards(state.affected(effect, ctx)):
        state.gain_control(cid, ctx.controller)


def verb_discard(state: Any, effect: Effect, ctx: Context) -> None:
    seats = _players(state.affected(effect, ctx)) or [ctx.controller]
    for seat in seats:
        state.discard_cards(seat, effect.amount or 1, ctx)


def verb_mill(state: Any, effect: Effect, ctx: Context) -> None:
    seats = _players(state.affected(effect, ctx)) or [ctx.controller]
    for seat in seats:
        state.mill_cards(seat, effect.amount or 1)


SHARED_VERBS: dict[str, Verb] = {
    "draw": verb_draw,
    "damage": verb_damage,
    "destroy": verb_destroy,
    "gain_life": verb_gain_life,
    "modify": verb_modify,
    "tap": verb_tap,
    "untap": verb_untap,
    "return_to_hand": verb_return_to_hand,
    "gain_control": verb_gain_control,
    "discard": verb_discard,
    "mill": verb_mill,
}
