"""How the search bots judge a Spelldawn position and roll it forward: the evaluator and the playout policy.

Both read a state as the bot holds it: the true state for what the bot can see, and a determinization
for the rest (a face-down card, the Overlord's hand and deck as the Champion imagines them), so they learn
nothing the bot could not know.

The evaluator counts in scheme points (the race to 60, SD-007). What decides the race is which rooms the
Champion can get into: for every room it plays the raid through as the rules would (SD-104..SD-117), with
the Overlord summoning every face-down minion it can pay for (SD-R14) and the Champion beating each minion
it can pay to defeat with its cheapest weapon (SD-R07), until a Combat "End the raid" stops it (SD-R16).
A room the Champion gets into exposes what it guards: the scheme in an outer room (SD-121, SD-122), a
random card of the Overlord's hand (the Sanctum, SD-118), the top of its deck (the Vault, SD-119) and the
schemes in its discard pile (the Crypts, SD-120). A scheme behind a defence that holds is worth more the
closer it is to being scored; an exposed one is worth points to the Champion.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from spellforge.core.actions import Action
from spellforge.core.rng import Rng
from spellforge.core.state import State

from .actions import GainMana, PlayCard, Progress, Raid, Raze, Score, Summon, UseWeapon
from .base import (
    ARENA,
    CRYPTS,
    DECK,
    DEFENDERS,
    DISCARD,
    HAND,
    OCCUPANT,
    ROOM_OF_PLACE,
    SANCTUM,
    VAULT,
    WIN_POINTS,
)
from .cards import SpelldawnCard
from .state import SpelldawnState

# What a minion does when it is not defeated, read once per card definition: (ends the raid, damage dealt
# by its Combat and Encounter abilities, other harm: curses and lost action points).
_MINION: dict[int, tuple[SpelldawnCard, bool, int, int]] = {}


def minion_traits(d: SpelldawnCard) -> tuple[bool, int, int]:
    """(ends the raid, damage, other harm) of a minion that the Champion does not defeat."""
    hit = _MINION.get(id(d))
    if hit is None or hit[0] is not d:
        ends, damage, harm = False, 0, 0
        for e in d.triggered:
            if e.trigger not in ("combat", "encounter"):
                continue
            if e.verb == "end_raid":
                ends = True
            elif e.verb == "damage":
                damage += e.amount
            elif e.verb in ("curse", "lose_actions"):
                harm += max(1, e.amount)
        hit = _MINION[id(d)] = (d, ends, damage, harm)
    return hit[1], hit[2], hit[3]


# The rooms' zones whose face-down cards the Champion has not seen, in the order Unseen reads them.
_IN_PLAY = (*DEFENDERS, *OCCUPANT[3:])

RAID_SLACK = 2  # mana the Champion can add before a raid (its action points buy mana)


_OTHER, _SCHEME, _MINION_KIND = 0, 1, 2
# What Unseen reads of each card of a game, by card id: (kind, points, progress required, key), kept for the
# last card list read (every copy of a game shares its ``defs``; a search reads one game).
_TABLE: list[tuple[tuple[SpelldawnCard, ...], list[tuple[int, int, int, str]]]] = []


def _card_table(defs: tuple[SpelldawnCard, ...]) -> list[tuple[int, int, int, str]]:
    if _TABLE and _TABLE[0][0] is defs:
        return _TABLE[0][1]
    table = [
        (
            _SCHEME if d.type == "scheme" else _MINION_KIND if d.type == "minion" else _OTHER,
            d.points,
            d.progress,
            d.key,
        )
        for d in defs
    ]
    _TABLE[:] = [(defs, table)]
    return table


class Unseen:
    """The Overlord's cards the Champion has not been shown (its hand, its deck, every face-down card), by
    definition: what a face-down card may be. Only their multiset is read, and a determinization only
    reorders it, so what the evaluator derives from it is the same for every determinization."""

    __slots__ = ("cards", "minions", "points", "progressed", "schemes")

    def __init__(self, state: SpelldawnState) -> None:
        ol = state.ol
        defs, fd, zones = state.defs, state.face_down, state.zones
        ids = zones[HAND[ol]] + zones[DECK[ol]]
        for z in _IN_PLAY:
            for c in zones[z]:
                if fd[c]:
                    ids.append(c)
        for c in zones[DISCARD[ol]]:
            if fd[c]:
                ids.append(c)
        points = 0  # scheme points among them
        schemes: list[tuple[int, int]] = []  # (progress required, points) of each scheme
        minions: dict[str, list[int]] = {}  # key -> [count, a card id of that definition]
        table = _card_table(defs)
        for c in ids:
            kind, pts, req, key = table[c]
            if kind == _SCHEME:
                points += pts
                schemes.append((req, pts))
            elif kind == _MINION_KIND:
                entry = minions.get(key)
                if entry is None:
                    minions[key] = [1, c]
                else:
                    entry[0] += 1
        self.cards = len(ids)
        self.points = points
        self.schemes = schemes
        self.minions = minions
        self.progressed: dict[int, tuple[float, float]] = {}

    def scheme_after(self, counters: int) -> tuple[float, float]:
        """(points, progress required) expected of a face-down occupant holding ``counters`` counters: a
        scheme that needs more (SD-R13; 0 counters: any scheme)."""
        hit = self.progressed.get(counters)
        if hit is None:
            fits = [(req, pts) for req, pts in self.schemes if req > counters] or self.schemes or [(4, 15)]
            hit = (sum(p for _, p in fits) / len(fits), sum(r for r, _ in fits) / len(fits))
            self.progressed[counters] = hit
        return hit

    def scheme_share(self) -> float:
        """How many of the cards an unprogressed face-down occupant may be are schemes (the rest are
        projects), estimated from the unseen cards."""
        projects = self.cards - len(self.schemes) - sum(n for n, _ in self.minions.values())
        total = len(self.schemes) + max(0, projects)
        return len(self.schemes) / total if total else 0.5


def cheapest(state: SpelldawnState, weapons: Sequence[int], m: int) -> int:
    """The least mana any of ``weapons`` defeats minion ``m`` for (SD-R07), or -1 when none can."""
    best = -1
    for w in weapons:
        cost = state.defeat_cost(w, m)
        if cost >= 0 and (best < 0 or cost < best):
            best = cost
    return best


def room_defence(
    state: SpelldawnState,
    room: int,
    weapons: Sequence[int],
    unseen: Unseen | None = None,
    costs: dict[int, int] | None = None,
) -> tuple[float, float]:
    """The chance that a raid on ``room`` now gets through, and the damage expected on the way.

    The raid is played as the rules play it, from the outermost defender (SD-105): the Champion defeats
    each minion it can pay for with its cheapest weapon (SD-R07), and an undefeated minion's Combat ability
    fires (SD-110), ending the raid if it says so (SD-R16). A face-down minion is not known: it is each
    unseen minion in turn, weighted by how many there are, summoned when the Overlord's mana pays for it
    (SD-R14) and passed by otherwise (SD-108). ``costs`` keeps :func:`cheapest` by minion, for a caller that
    reads several rooms of one state with the same weapons."""
    defenders = state.zones[DEFENDERS[room]]
    if not defenders:
        return 1.0, 0.0
    defs, fd = state.defs, state.face_down
    ol_mana = float(state.mana[state.ol])
    ch_mana = float(state.mana[state.ch] + RAID_SLACK)
    if costs is None:
        costs = {}
    through, damage = 1.0, 0.0
    for i in range(len(defenders) - 1, -1, -1):
        m = defenders[i]
        if not fd[m]:
            best = costs.get(m, -2)
            if best == -2:
                best = costs[m] = cheapest(state, weapons, m)
            if 0 <= best <= ch_mana:
                ch_mana -= best
                continue
            ends, hurt, _harm = minion_traits(defs[m])
            damage += through * hurt
            if ends:
                return 0.0, damage
            continue
        if unseen is None:
            unseen = Unseen(state)
        total = sum(n for n, _ in unseen.minions.values())
        stop = hurt_sum = paid = spent = 0.0
        for n, rep in unseen.minions.values():
            d = defs[rep]
            if d.cost > ol_mana:
                continue  # this one would be passed by
            share = n / total
            paid += share * d.cost
            best = costs.get(rep, -2)
            if best == -2:
                best = costs[rep] = cheapest(state, weapons, rep)
            if 0 <= best <= ch_mana:
                spent += share * best
                continue
            ends, hurt, _harm = minion_traits(d)
            hurt_sum += share * hurt
            if ends:
                stop += share
        damage += through * hurt_sum
        through *= 1.0 - stop
        ol_mana -= paid
        ch_mana -= spent
    return through, damage


def evaluate(state: State, seat: int) -> float | None:
    """How good ``state`` looks for ``seat``, in [-1, 1]: the point lead, plus what each room's defence
    keeps for the Overlord or gives away to the Champion, plus each side's means (mana, weapons, cards in
    hand as the Champion's buffer against damage, the Overlord's deck).

    It reads only what both players see (a face-down card is any unseen card it may be, :class:`Unseen`),
    so the value is the same for both seats, with opposite signs, and for every determinization."""
    assert isinstance(state, SpelldawnState)
    if state.outcome is not None:
        if not state.outcome.winners:
            return 0.0
        return 1.0 if seat in state.outcome.winners else -1.0
    ol, ch = state.ol, state.ch
    defs, fd, zones = state.defs, state.face_down, state.zones
    weapons = [c for c in zones[ARENA[ch]] if defs[c].subtype == "weapon"]
    hand_ch = len(zones[HAND[ch]])
    unseen = Unseen(state)
    per_card = unseen.points / unseen.cards if unseen.cards else 0.0
    costs: dict[int, int] = {}  # what defeating each minion costs: the same in every room
    score = float(state.points[ol] - state.points[ch])

    def exposure(room: int) -> float:
        """How likely the Champion is to get into ``room``: the chance nothing stops it, less when the way
        costs it cards (damage is paid with cards, SD-127)."""
        through, damage = room_defence(state, room, weapons, unseen, costs)
        if damage >= 0.5:
            through *= 0.15 if damage >= hand_ch else 0.7
        return max(0.1, through)

    def scheme(points: float, frac: float, room: int) -> float:
        taken = 0.8 * exposure(room)
        return (1.0 - taken) * points * (0.35 + 0.6 * frac) - taken * points

    for r in range(3, 8):
        occ = zones[OCCUPANT[r]]
        if not occ:
            continue
        c = occ[0]
        counters = state.progress[c]
        if fd[c]:  # unknown: a scheme (surely one, if it holds counters) or a project
            pts, req = unseen.scheme_after(counters)
            share = 1.0 if counters else unseen.scheme_share()
            score += share * scheme(pts, min(1.0, counters / req), r) + (1.0 - share) * 1.0
            continue
        d = defs[c]  # a face-up project: what it will give the Overlord
        score += 1.0 + 1.0 * counters + 0.3 * state.stored[c]
        if d.on.get("dusk"):
            score += 2.0  # income every Dusk
    # The inner rooms (SD-118..SD-120): what a raid there can take, a card at a time.
    if zones[HAND[ol]]:
        score -= 1.6 * exposure(SANCTUM) * per_card
    deck = zones[DECK[ol]]
    if deck:
        score -= 1.2 * exposure(VAULT) * per_card
    crypts = 0.0
    for c in zones[DISCARD[ol]]:
        crypts += per_card if fd[c] else defs[c].points if defs[c].type == "scheme" else 0
    if crypts:
        score -= 0.8 * exposure(CRYPTS) * crypts
    # Means: mana on both sides, the Champion's weapons (by resonance) and its buffer of cards.
    score += 0.5 * min(state.mana[ol], 10) + 0.2 * max(0, state.mana[ol] - 10)
    covered: set[str] = set()
    for w in weapons:
        res = defs[w].resonance
        if res == "prismatic":
            covered.update(("mortal", "astral", "infernal"))
        else:
            covered.add(res)
    other = len(zones[ARENA[ch]]) - len(weapons)
    score -= 2.5 * len(covered) + 0.5 * len(weapons) + 1.0 * other
    score -= 0.5 * min(state.mana[ch], 10) + 0.2 * max(0, state.mana[ch] - 10)
    score -= 0.5 * min(hand_ch, 7)
    if hand_ch < 5:
        score += 0.6 * (5 - hand_ch) ** 2  # damage is paid with cards, and one short loses (SD-128)
    score += 1.5 * state.curses
    if len(deck) < 5:
        score -= 3.0 * (5 - len(deck))  # the Overlord loses drawing from an empty deck (SD-075)
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
    if kind in ("summon", "roombound", "dusk", "night"):
        return next((a for a in legal if isinstance(a, Summon)), None) or legal[-1]
    if kind == "mulligan":
        return legal[0]
    if kind != "main":
        return legal[rng.randrange(len(legal))]
    seat = d.seat
    if seat == state.ol:
        return _overlord_main(state, legal, rng)
    return _champion_main(state, legal, rng)


class _Rooms:
    """Which rooms a raid would get through now (a cheap reading of :func:`room_defence`), for one
    playout decision: each room read once, and the Champion's weapons and the unseen cards (``Unseen``,
    only once a face-down defender asks for them) gathered once for all rooms."""

    __slots__ = ("costs", "known", "state", "unseen", "weapons")

    def __init__(self, state: SpelldawnState) -> None:
        self.state = state
        self.weapons: list[int] | None = None
        self.unseen: Unseen | None = None
        self.known: dict[int, bool] = {}
        self.costs: dict[int, int] = {}

    def open(self, room: int) -> bool:
        hit = self.known.get(room)
        if hit is None:
            state = self.state
            weapons = self.weapons
            if weapons is None:
                defs = state.defs
                weapons = self.weapons = [
                    c for c in state.zones[ARENA[state.ch]] if defs[c].subtype == "weapon"
                ]
            if self.unseen is None:
                fd = state.face_down
                if any(fd[m] for m in state.zones[DEFENDERS[room]]):
                    self.unseen = Unseen(state)
            through, damage = room_defence(state, room, weapons, self.unseen, self.costs)
            hit = self.known[room] = through >= 0.5 and damage < len(state.zones[HAND[state.ch]])
        return hit


def _overlord_main(state: SpelldawnState, legal: Sequence[Action], rng: Rng) -> Action:
    """Score what can be scored, put schemes only where a defence holds, put minions where they guard
    the most (a scheme, the Sanctum while schemes are in hand, the Vault), progress guarded schemes."""
    defs = state.defs
    rooms = _Rooms(state)
    progress = [a for a in legal if isinstance(a, Progress)]
    for a in progress:  # finish a scheme that is one counter short
        c = state.occupant(ROOM_OF_PLACE[a.target])
        if defs[c].type == "scheme" and state.progress[c] + 1 >= defs[c].progress:
            return a
    plays = [a for a in legal if isinstance(a, PlayCard)]
    schemes = [a for a in plays if defs[a.card].type == "scheme"]
    safe = [a for a in schemes if a.target is not None and not rooms.open(ROOM_OF_PLACE[a.target])]
    if safe:
        return safe[rng.randrange(len(safe))]
    minions = [a for a in plays if defs[a.card].type == "minion" and a.target is not None]
    if minions and rng.random() < 0.8:
        want = _room_to_guard(state, rooms, bool(schemes))
        best = [a for a in minions if a.target is not None and ROOM_OF_PLACE[a.target] == want]
        if best:
            return best[rng.randrange(len(best))]
    guarded = []
    for a in progress:
        room = ROOM_OF_PLACE[a.target]
        if defs[state.occupant(room)].type == "scheme" and not rooms.open(room):
            guarded.append(a)
    if guarded and rng.random() < 0.8:
        return guarded[rng.randrange(len(guarded))]
    other = [a for a in plays if defs[a.card].type in ("spell", "project")]
    if other and rng.random() < 0.3:
        return other[rng.randrange(len(other))]
    if schemes and len(state.zones[HAND[state.ol]]) > 5 and rng.random() < 0.5:
        return schemes[rng.randrange(len(schemes))]
    return next(a for a in legal if isinstance(a, GainMana))


def _room_to_guard(state: SpelldawnState, rooms: _Rooms, scheme_in_hand: bool) -> int:
    """The room where one more minion matters most: a progressed or scheme-holding outer room that is
    open, then the Sanctum (while schemes are in hand), the Vault, an empty outer room for the next
    scheme."""
    defs = state.defs
    best, best_value = -1, 0.0
    for r in range(3, 8):
        c = state.occupant(r)
        if c >= 0 and defs[c].type == "scheme" and rooms.open(r):
            value = defs[c].points * (1.0 + state.progress[c])
            if value > best_value:
                best, best_value = r, value
    if best >= 0:
        return best
    if scheme_in_hand and rooms.open(SANCTUM):
        return SANCTUM
    if rooms.open(VAULT):
        return VAULT
    if scheme_in_hand:
        for r in range(3, 8):
            if state.occupant(r) < 0:
                return r
    return SANCTUM


def _champion_main(state: SpelldawnState, legal: Sequence[Action], rng: Rng) -> Action:
    """Arm first (a weapon of a resonance not yet covered), then raid what it can get into: an occupied
    outer room, else the Sanctum or the Vault; otherwise play cards or gain mana."""
    defs = state.defs
    weapons = sum(1 for c in state.zones[ARENA[state.ch]] if defs[c].subtype == "weapon")
    plays = [a for a in legal if isinstance(a, PlayCard)]
    if weapons < 2:
        arms = [a for a in plays if defs[a.card].subtype == "weapon"]
        if arms:
            return arms[rng.randrange(len(arms))]
    raids = [a for a in legal if isinstance(a, Raid)]
    rooms = _Rooms(state)
    outer = [a for a in raids if ROOM_OF_PLACE[a.target] >= 3 and rooms.open(ROOM_OF_PLACE[a.target])]
    if outer and rng.random() < 0.85:
        return outer[rng.randrange(len(outer))]
    inner = [a for a in raids if ROOM_OF_PLACE[a.target] < 2 and rooms.open(ROOM_OF_PLACE[a.target])]
    if inner and rng.random() < 0.5:
        return inner[rng.randrange(len(inner))]
    if plays and rng.random() < 0.4:
        return plays[rng.randrange(len(plays))]
    return next(a for a in legal if isinstance(a, GainMana))


__all__ = ["Unseen", "evaluate", "minion_traits", "playout_action", "room_defence"]
