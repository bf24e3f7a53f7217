"""The playout policy search bots use in SPELLFIRE: build the formation, fill the pool, attack, defend.

ISMCTS scores a two-player SPELLFIRE position only after the opponent's next turn (``playout_turns = 1``):
a realm is razed only in a round its owner leaves undefended (SF-201), so what a turn is worth shows when
the other player attacks it and is or is not answered. For that turn to say anything, the playout must
play it the way a player would, which the generic policy (mostly passing) does not: it seldom plays a
realm, hardly ever attacks, and leaves most attacks undefended, so every attack looks like a razed realm.
This policy decides the turn's own steps and the battle, and leaves every other decision (events and
their pauses, spoils, discards, the mulligan) to the generic policy:

* **realm** (phase 2): most of the time a realm from hand into a position it may take, else a rebuild;
* **pool** (phase 3): usually a card into the pool (a champion, or an item or artifact onto one);
* **attack** (phase 4): most of the time an attack on one of the realms that may be attacked;
* **champion** and **defend**: the champion of the highest level, mostly (a defence is seldom declined);
* **fight** (the losing side of a round): often a card from hand or a power, else pass.

Each step draws from the given ``rng`` only when it has options of its kind, so searches stay
reproducible. It reads the state it is given, which for a search bot is a determinization of what its
seat knows.
"""

from __future__ import annotations

from collections.abc import Sequence

from spellforge.core.actions import Action
from spellforge.core.rng import Rng

from .actions import AttackRealm, PlayCard, Rebuild, Send, UsePower
from .state import SpellfireState

PLAY_REALM = 0.9  # phase 2: play a realm (or rebuild) rather than leave it to the generic policy
FILL_POOL = 0.8  # phase 3: put a card into the pool
ATTACK = 0.9  # phase 4: attack a realm
DEFEND = 0.9  # defend an attacked realm
FIGHT = 0.6  # the losing side of a round plays a card or a power
STRONGEST = 0.8  # the champion sent is the highest-level one (else one at random)


def _any(legal: Sequence[Action], kind: type[Action], rng: Rng) -> Action | None:
    """One of the options of class ``kind`` at random, or None if there is none."""
    options = [a for a in legal if type(a) is kind]
    if not options:
        return None
    return options[rng.randrange(len(options))]


def _send(state: SpellfireState, legal: Sequence[Action], rng: Rng) -> Action | None:
    """Mostly the champion of the highest level among those that may be sent, else any of them."""
    sends = [a for a in legal if type(a) is Send]
    if not sends:
        return None
    if rng.random() < STRONGEST:
        return max(sends, key=lambda a: state.level(a.card))
    return sends[rng.randrange(len(sends))]


def playout_action(state: SpellfireState, legal: Sequence[Action], rng: Rng) -> Action | None:
    """The policy's move at ``state``'s decision, or None to leave it to the generic policy."""
    decision = state.decision
    assert decision is not None
    kind = decision.kind
    if kind == "realm":
        if rng.random() < PLAY_REALM:
            return _any(legal, PlayCard, rng) or _any(legal, Rebuild, rng)
        return None
    if kind == "pool":
        return _any(legal, PlayCard, rng) if rng.random() < FILL_POOL else None
    if kind == "attack":
        return _any(legal, AttackRealm, rng) if rng.random() < ATTACK else None
    if kind == "champion":
        return _send(state, legal, rng)
    if kind == "defend":
        return _send(state, legal, rng) if rng.random() < DEFEND else None
    if kind == "fight":
        if rng.random() < FIGHT:
            return _any(legal, PlayCard, rng) or _any(legal, UsePower, rng)
        return None
    return None


__all__ = ["playout_action"]
