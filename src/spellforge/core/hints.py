"""What a game tells its clients beyond the rules, in core terms: plain functions and plain values.

How bots should play a game well, how a terminal lists its cards and how a learning agent's observation
is laid out are not rules, and a game knows none of its clients: it fills in one :class:`Hints` in its own
``hints.py`` and its Ruleset names it (``Ruleset.hints``). The clients read it from the ruleset they are
given and give it their own meaning, checking it as they do:

* the search bots (``bots.facts.search_facts``): ``evaluate``, ``playout_action`` and ``search``, the
  bots' settings by name (``bots.facts.SearchFacts``: ``playout_turns``, ``search_tree`` ...);
* the clients (``ui.presentation``, the web server): ``card_columns``, ``changing`` and ``keywords``;
* the research interfaces (``envs.facts.research_facts``): ``research``, the fields of
  ``envs.facts.ResearchFacts`` (zones, fields, numbers ...).

A game that declares nothing gets ``Hints()``, with which every client falls back on its generic
behaviour. Nothing here imports a client, so importing a game loads none of them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .actions import Action
    from .rng import Rng
    from .state import State

Evaluate = Callable[["State", int], "float | None"]
"""``evaluate(state, seat)``: how good ``state`` looks for ``seat``, in [-1, 1], reading only what ``seat``
could know (None: no opinion, the bots' generic evaluator)."""

PlayoutPolicy = Callable[["State", Sequence["Action"], "Rng"], "Action | None"]
"""``playout_action(state, legal, rng)``: a cheap, sensible move for a search playout, drawing randomness
only from ``rng`` (None: the bots' generic policy)."""

CardColumns = Callable[[dict[str, Any]], dict[str, str]]
"""``card_columns(row)``: the cells of a card's line in a card list, by heading, from its printed fields."""


@dataclass(frozen=True, slots=True)
class Hints:
    """One game's hints to its clients (see the module docstring for who reads what).

    ``evaluate``, ``playout_action``: the search bots' evaluator and playout policy (None: generic).
    ``search``: the search bots' settings for this game, by name (``{"playout_turns": 1}``).
    ``card_columns``: the columns of ``spellforge cards GAME`` (None: type and text).
    ``changing``: the View's card values that play may change (shown beside the printed value).
    ``keywords``: the reminder text of the game's card keywords, as the View writes them.
    ``research``: the research interfaces' facts for this game, by name (``{"zones": {...}}``).
    """

    evaluate: Evaluate | None = None
    playout_action: PlayoutPolicy | None = None
    search: Mapping[str, Any] = field(default_factory=dict)
    card_columns: CardColumns | None = None
    changing: tuple[str, ...] = ()
    keywords: Mapping[str, str] = field(default_factory=dict)
    research: Mapping[str, Any] = field(default_factory=dict)


NO_HINTS = Hints()
"""What a game that declares nothing tells its clients."""


__all__ = ["NO_HINTS", "CardColumns", "Evaluate", "Hints", "PlayoutPolicy"]
