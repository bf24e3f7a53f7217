"""Resolving the items of a stack effect by effect: the state of a game whose cards wait on a stack.

:class:`StackState` is a :class:`~spellforge.core.windows.WindowState` with selectors: the item resolving
now is ``resolving``, and the game's ``op_resolve_top`` (what a resolved card does is the game's: a
character enters play, a minion is summoned, an equipment attaches) hands a spell's or an ability's
effects to the core op ``run_effect``, which runs them one by one::

    self.resolving = item
    self.schedule(("run_effect", 0), ("finish_resolve",), ("check",))

An effect that takes targets runs on those of the item's targets still legal for it now, and does nothing
when none is left (CA-R05 and SB-138..140: an illegal choice has no effect); an effect without targets
always runs. Each effect is its own frame, so a question an effect asks (a copy's new target, which cards
to sacrifice) is answered before the next effect runs.
"""

from __future__ import annotations

from .cards import Effect
from .effects import Context, Selecting
from .kinds import flow_op
from .stack import StackItem


class StackState(Selecting):
    """A State with windows, a stack, selectors and the item resolving now (``resolving``)."""

    __slots__ = ("resolving",)  # an immutable record or None: a clone shares it

    resolving: StackItem | None

    def init_windows(self) -> None:
        super().init_windows()
        self.resolving = None

    # ------------------------------------------------------------------ hooks

    def stack_items(self) -> list[StackItem]:
        """The items on the stack, for selectors of ``STACK_ZONE`` (all of them, bottom first)."""
        return self.stack

    def item_effects(self, item: StackItem) -> tuple[Effect, ...]:
        """The effects ``item`` carries out when it resolves, in order (hook)."""
        raise NotImplementedError(f"{type(self).__name__} resolves stack items but has no item_effects")

    def item_source(self, item: StackItem) -> int:
        """The card whose effect ``item`` is, as the effect's context names it (hook; default: its card)."""
        return item.card

    def run_verb(self, effect: Effect, ctx: Context) -> None:
        """Carry out ``effect`` (hook: the game's verbs by ``effect.verb``)."""
        raise NotImplementedError(f"{type(self).__name__} has no run_verb")

    # ------------------------------------------------------------------ the flow

    @flow_op("run_effect")
    def op_run_effect(self, index: int) -> None:
        """Run effect ``index`` of the item resolving, then (scheduled first) the next one."""
        item = self.resolving
        assert item is not None, "run_effect with no item resolving"
        effects = self.item_effects(item)
        if index >= len(effects):
            return
        self.schedule(("run_effect", index + 1))
        effect = effects[index]
        source = self.item_source(item)
        if effect.target is None:
            self.run_verb(effect, Context(source, item.controller, uid=item.uid))
            return
        targets = self.live_targets(effect, item.targets, Context(source, item.controller))
        if targets:
            self.run_verb(effect, Context(source, item.controller, targets, uid=item.uid))

    def all_targets_gone(self, item: StackItem, effect: Effect | None, source: int) -> bool:
        """Whether ``item`` was played with targets and none is still legal for ``effect`` (it fizzles)."""
        if not item.targets or effect is None or effect.target is None:
            return False
        return not self.live_targets(effect, item.targets, Context(source, item.controller))
