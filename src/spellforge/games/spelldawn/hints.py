"""What Spelldawn tells its clients beyond the rules: the search bots' evaluator and the terminal rendering."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from spellforge.bots.facts import SearchFacts, declare_search
from spellforge.core.actions import Action
from spellforge.core.rng import Rng
from spellforge.core.state import State
from spellforge.ui.presentation import declare_keywords, declare_terminal

from .actions import GainMana, PlayCard, Progress, Raid, Raze, Score, Summon, UseWeapon
from .base import ARENA, DECK, DEFENDERS, HAND, OCCUPANT, ROOM_OF_PLACE, WIN_POINTS
from .state import SpelldawnState


def evaluate(state: State, seat: int) -> float | None:
    """Points first (the race to 60), then what wins the next points, from public facts only (so the value
    is the same for both seats, with opposite signs, and for every determinization).

    For the Overlord: progress counters on its occupants, and defenders in front of them (a face-down one
    counts for less: it may not be affordable when approached); an occupant behind no defence is exposed to
    the Champion. For the Champion: weapons, mana, and cards in hand (damage is paid with cards, and an
    empty hand loses)."""
    assert isinstance(state, SpelldawnState)
    if state.outcome is not None:
        if not state.outcome.winners:
            return 0.0
        return 1.0 if seat in state.outcome.winners else -1.0
    ol, ch = state.ol, state.ch
    defs, fd, zones = state.defs, state.face_down, state.zones
    mana = state.mana[ol]
    score = 3.0 * (state.points[ol] - state.points[ch])
    for r in range(8):
        guards = 0.0
        for m in zones[DEFENDERS[r]]:
            guards += 0.6 if fd[m] else 1.0
        guards = min(guards, 3.0)
        occ = zones[OCCUPANT[r]] if r >= 3 else ()
        if occ:
            c = occ[0]
            score += 2.0 * state.progress[c] + 1.5 * guards
            score -= 4.0 / (1.0 + 1.5 * guards)  # an occupant may be a scheme worth stealing
        elif r < 3:
            score += 1.0 * min(guards, 2.0)
    score += 0.4 * mana
    weapons = 0
    arena = 0
    for c in zones[ARENA[ch]]:
        arena += 1
        if defs[c].subtype == "weapon":
            weapons += 1
    hand = len(zones[HAND[ch]])
    score -= 4.0 * min(weapons, 3) + 1.0 * arena + 0.5 * state.mana[ch] + 0.8 * min(hand, 6)
    if hand < 3:
        score += 3.0 * (3 - hand)  # one more damage may end the game
    score += 2.0 * state.curses
    if len(zones[DECK[ol]]) < 5:
        score -= 5.0 - len(zones[DECK[ol]])
    value = math.tanh(score / (WIN_POINTS / 2))
    return value if seat == ol else -value


def playout_action(state: State, legal: Sequence[Action], rng: Rng) -> Action | None:
    """A cheap, sensible move for a search's roll-forward (on determinized states, any seat).

    Raids pay off only when they are finished well, so the Champion fights with its cheapest usable
    weapon and scores or razes what it accesses; the Overlord summons what it can, plays schemes behind
    its minions and progresses them. Otherwise mana: a pool is what every plan needs next."""
    assert isinstance(state, SpelldawnState)
    d = state.decision
    if d is None or len(legal) == 1:
        return legal[0] if legal else None
    kind = d.kind
    if kind == "access":
        return next((a for a in legal if isinstance(a, Score)), None) or next(
            (a for a in legal if isinstance(a, Raze)), legal[0]
        )
    if kind == "encounter":
        m = state.defender()
        weapons = [a for a in legal if isinstance(a, UseWeapon)]
        return min(weapons, key=lambda a: state.defeat_cost(a.card, m)) if weapons else legal[0]
    if kind in ("summon", "roombound", "dusk"):
        return next((a for a in legal if isinstance(a, Summon)), None) or legal[-1]
    if kind == "mulligan":
        return legal[0]
    if kind != "main":
        return legal[rng.randrange(len(legal))]
    seat = d.seat
    if seat == state.ol:
        return _overlord_main(state, legal, rng)
    return _champion_main(state, legal, rng)


def _overlord_main(state: SpelldawnState, legal: Sequence[Action], rng: Rng) -> Action:
    defs = state.defs
    for a in legal:  # finish a scheme that is one counter short
        if isinstance(a, Progress):
            c = state.occupant(ROOM_OF_PLACE[a.room])
            if defs[c].type == "scheme" and state.progress[c] + 1 >= defs[c].progress:
                return a
    plays = [a for a in legal if isinstance(a, PlayCard)]
    schemes = [a for a in plays if defs[a.card].type == "scheme"]
    if schemes:
        return schemes[rng.randrange(len(schemes))]
    guarded = [
        a
        for a in plays
        if defs[a.card].type == "minion" and a.room is not None and state.occupant(ROOM_OF_PLACE[a.room]) >= 0
    ]
    if guarded and rng.random() < 0.5:
        return guarded[rng.randrange(len(guarded))]
    progress = [a for a in legal if isinstance(a, Progress)]
    if progress and rng.random() < 0.6:
        return progress[rng.randrange(len(progress))]
    other = [a for a in plays if defs[a.card].type in ("spell", "project")]
    if other and rng.random() < 0.3:
        return other[rng.randrange(len(other))]
    return next(a for a in legal if isinstance(a, GainMana))


def _champion_main(state: SpelldawnState, legal: Sequence[Action], rng: Rng) -> Action:
    defs = state.defs
    weapons = sum(1 for c in state.zones[ARENA[state.ch]] if defs[c].subtype == "weapon")
    plays = [a for a in legal if isinstance(a, PlayCard)]
    if weapons < 2:
        arms = [a for a in plays if defs[a.card].subtype == "weapon"]
        if arms:
            return arms[rng.randrange(len(arms))]
    raids = [a for a in legal if isinstance(a, Raid)]
    outer = [a for a in raids if ROOM_OF_PLACE[a.room] >= 3]
    if outer and state.mana[state.ch] >= 2 and rng.random() < 0.7:
        return outer[rng.randrange(len(outer))]
    if raids and rng.random() < 0.25:
        return raids[rng.randrange(len(raids))]
    if plays and rng.random() < 0.4:
        return plays[rng.randrange(len(plays))]
    return next(a for a in legal if isinstance(a, GainMana))


def render(view: dict[str, Any]) -> Any:
    from .terminal import render as render_view  # rich is imported only to play in the terminal

    return render_view(view)


# Every Main-phase action is followed by another of the same player while action points last, so greedy
# looks at its own follow-ups through the playout rather than by branching on each (greedy_depth 0).
SEARCH = declare_search(
    SearchFacts(
        "spelldawn",
        evaluate=evaluate,
        playout_action=playout_action,
        greedy_depth=0,
        greedy_playout=True,
    )
)
declare_terminal("spelldawn", render)


declare_keywords(
    "spelldawn",
    {
        "level_up": "Can take progress counters like a scheme (so it can be the target of Progress), but is "
        "never scored.",
        "slow": "While this weapon is used, a minion's shield costs twice as much; breach is subtracted after.",
        "single_raid": "Sacrificed at the end of a raid in which it was used.",
        "unveil_on_activate": "May use its ability while face down in the Overlord's Main phase by also "
        "paying its unveil cost: it turns face up and its Unveil effect happens first.",
    },
)
