"""What a game tells the search bots: its evaluator, its playout policy and how ISMCTS should search it.

These are facts about playing a game well, not about its rules. A game declares them in core terms, in
its ``hints`` (``core.hints.Hints``: ``evaluate``, ``playout_action`` and ``search``, the settings below by
name), and imports nothing of the bots; the bots read them with :func:`search_facts`, which makes them a
:class:`SearchFacts` (a game that declares nothing gets the defaults: the generic evaluator, the generic
playout policy, playouts to the end of the turn, no prior, every seat in the tree). The facts are checked
when they are made, naming the game and the setting; every registered game's are made by its tests.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from spellforge.core.errors import SpellforgeError
from spellforge.core.hints import NO_HINTS, Hints

if TYPE_CHECKING:
    from spellforge.core.actions import Action
    from spellforge.core.rng import Rng
    from spellforge.core.ruleset import Ruleset
    from spellforge.core.state import State

PlayoutPolicy = Callable[["State", Sequence["Action"], "Rng"], "Action | None"]
GameEvaluator = Callable[["State", int], "float | None"]

SEARCH_TREES = ("all", "own")
"""The values of ``SearchFacts.search_tree`` (and of ISMCTS's ``tree=``)."""


# An ordinary class when compiled: its fields keep the values given, so ``check_search_facts`` sees a bad one
# as it is (a compiled record would refuse 1.5 for an int with a TypeError, and store True as 1).
@mypyc_attr(native_class=False)
@dataclass(frozen=True, slots=True)
class SearchFacts:
    """One game's facts for the search bots (``game``: the ruleset's name).

    ``evaluate(state, seat)``: how good ``state`` looks for ``seat``, in [-1, 1] (None, or a function
    returning None: the generic fallback). It may read only what ``seat`` could know; bots call it on
    determinized states.

    ``playout_action(state, legal, rng)``: a cheap, sensible move for a search bot's playout from
    ``state`` (None, or a function returning None: the bots' generic policy, mostly passing). Called on
    determinized states, for any seat; must draw randomness only from ``rng`` so searches stay
    reproducible.

    ``playout_turns``: how many turns after the one it starts in an ISMCTS playout runs through (0: it
    stops when the turn ends). A game whose turns are answered by the opponent's next turn (attackers stay
    exhausted, so what a player commits now is what it cannot defend with) looks one turn further, with a
    playout policy that plays that turn sensibly.

    ``search_prior``: virtual visits ISMCTS gives each root action at the value greedy's lookahead sees
    after it, as a share of the search's iterations (0: none; 0.1 gives 20 at the default 200
    iterations). A game whose search values are close and noisy, where greedy's deterministic
    roll-forward ranks moves consistently, starts the search from greedy's ranking; the search overrules
    it where its playouts see further. The share, not a count, keeps the balance between the two at any
    budget (the bot's ``prior=P`` overrides it).

    ``search_prior_seats``: the most seats at which the prior applies (0: at any table). Greedy's
    roll-forward has every other seat pass until the bot's next turn; at a larger table more of the
    turn cycle goes by with nobody acting, and a game whose prior helps with two players but not with
    more says so here (an explicit ``prior=P`` applies at any table).

    ``search_tree``: what ISMCTS's tree holds: ``"all"`` every seat's decisions, ``"own"`` only the
    searching seat's, up to the first decision of another seat; from there the playout policy answers for
    everyone. In a game whose playout policy plays the opponent's answer sensibly, "own" spends a longer
    search on the bot's own plan instead of on opponent nodes, whose statistics are learnt on
    determinizations that all hold the bot's true hand (the bot's ``tree=`` overrides it).

    ``search_iterations``: ISMCTS's default budget in this game, in iterations per decision (None: the
    bot's own default, 200; the bot's ``iterations=`` or ``seconds=`` overrides it). A game whose
    iterations are cheap but whose options are many and close in value, so that the default budget's
    statistics cannot tell them apart, searches longer by default.

    ``greedy_depth``: the greedy bot's default depth in this game (None: the bot's own default; the bot's
    ``depth=`` overrides it). A game in which every action is followed by another decision of the same
    player (Spelldawn's action points) searches its own follow-ups through the playout instead.

    ``greedy_playout``: the greedy bot rolls positions forward with ``playout_action`` rather than by
    passing: in a game where passing throws value away (a raid whose accessed scheme is scored only by
    choosing to), the roll-forward must play sensibly for the bot to see what its action is worth.

    ``greedy_samples``: how many determinizations (each with its own roll-forward) the greedy bot averages
    per action by default (None: the bot's own default; the bot's ``samples=`` overrides it). A game whose
    roll-forward plays through chance and hidden cards (a raid into a face-down room) needs several to
    rank its actions by what they are worth rather than by one lucky or unlucky sample.
    """

    game: str
    evaluate: GameEvaluator | None = None
    playout_action: PlayoutPolicy | None = None
    playout_turns: int = 0
    search_prior: float = 0.0
    search_prior_seats: int = 0
    search_tree: str = "all"
    search_iterations: int | None = None
    greedy_depth: int | None = None
    greedy_playout: bool = False
    greedy_samples: int | None = None

    def __post_init__(self) -> None:
        check_search_facts(self)


def check_search_facts(facts: SearchFacts) -> None:
    """Refuse facts that are out of range, naming the game and the fact."""
    # Each value is read as the object it is: compiled code reading a typed field checks its type first.
    value: dict[str, Any] = {name: getattr(facts, name) for name in CHECKED}
    turns, prior, tree = value["playout_turns"], value["search_prior"], value["search_tree"]
    where = facts.game
    if not isinstance(turns, int) or isinstance(turns, bool) or turns < 0:
        raise SpellforgeError(f"{where}: playout_turns must be a whole number >= 0, got {turns!r}")
    if not isinstance(prior, (int, float)) or isinstance(prior, bool) or not prior >= 0:
        raise SpellforgeError(f"{where}: search_prior must be a number >= 0, got {prior!r}")
    seats = value["search_prior_seats"]
    if not isinstance(seats, int) or isinstance(seats, bool) or seats < 0:
        raise SpellforgeError(f"{where}: search_prior_seats must be a whole number >= 0, got {seats!r}")
    depth = value["greedy_depth"]
    if depth is not None and (not isinstance(depth, int) or isinstance(depth, bool) or depth < 0):
        raise SpellforgeError(f"{where}: greedy_depth must be a whole number >= 0 or None, got {depth!r}")
    iterations = value["search_iterations"]
    if iterations is not None and (
        not isinstance(iterations, int) or isinstance(iterations, bool) or iterations < 1
    ):
        raise SpellforgeError(
            f"{where}: search_iterations must be a whole number >= 1 or None, got {iterations!r}"
        )
    samples = value["greedy_samples"]
    if samples is not None and (not isinstance(samples, int) or isinstance(samples, bool) or samples < 1):
        raise SpellforgeError(f"{where}: greedy_samples must be a whole number >= 1 or None, got {samples!r}")
    if tree not in SEARCH_TREES:
        raise SpellforgeError(f"{where}: search_tree must be all or own, got {tree!r}")


CHECKED = (
    "playout_turns",
    "search_prior",
    "search_prior_seats",
    "search_tree",
    "search_iterations",
    "greedy_depth",
    "greedy_samples",
)
SETTINGS = frozenset(SearchFacts.__dataclass_fields__) - {"game", "evaluate", "playout_action"}
"""The settings a game's ``hints.search`` may name."""


def facts_from_hints(name: str, hints: Hints) -> SearchFacts:
    """The search facts a game's hints declare (``name``: the game's), checked; an unknown setting is refused."""
    unknown = sorted(set(hints.search) - SETTINGS)
    if unknown:
        raise SpellforgeError(f"{name}: unknown search setting {unknown[0]!r} in its hints")
    return SearchFacts(name, hints.evaluate, hints.playout_action, **hints.search)


def search_facts(game: Ruleset | str) -> SearchFacts:
    """The search facts of ``game`` (a ruleset, or a name looked up in the game registry): what its hints
    declare, else the defaults."""
    if isinstance(game, str):
        from spellforge.games import GAMES  # the registry, imported only when a game is named

        ruleset = GAMES.get(game)
        return facts_from_hints(game, ruleset.hints if ruleset is not None else NO_HINTS)
    return facts_from_hints(game.name, game.hints)


__all__ = [
    "SEARCH_TREES",
    "SearchFacts",
    "check_search_facts",
    "facts_from_hints",
    "search_facts",
]
