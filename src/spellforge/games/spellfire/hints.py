"""What SPELLFIRE tells its clients beyond the rules, in core terms (``core.hints.Hints``): the search bots'
evaluator, how its cards read and the research interfaces' facts.

With more than two players each seat maximises its own result: the evaluator scores ``seat``'s position
against the best of the others, so the search bots (greedy's lookahead, ISMCTS) play for themselves.
ISMCTS looks through the next player's turn, played by the policy of ``policy.py``, and searches its own
plan; with two players it starts each search from greedy's ranking of its options (``search_prior``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from spellforge.core.actions import Action
from spellforge.core.hints import Hints
from spellforge.core.rng import Rng
from spellforge.core.state import State

from . import policy
from .cards import WORLD_NAMES
from .state import SpellfireState

HIDDEN_LEVEL = 4.0  # a face-down champion of a hidden pool: a typical level


def strength(state: SpellfireState, s: int) -> float:
    """Realms dominate (six unrazed ones win); pool champions defend and attack; cards are options. A
    face-down champion of a hidden pool (SF-K45) counts a typical level for every seat, its owner's too,
    so that the score rests on public facts only and two seats' scores stay opposite."""
    need = state.options["victory"]
    realms = state.unrazed_count(s)
    razed = len(state.realms_of(s)) - realms
    fd = state.face_down
    pool = sum(
        (state.level(c) if not fd[c] or state.can_see(None, c) else HIDDEN_LEVEL)
        + sum(state.defs[a].bonus for a in state.attachments(c))
        for c in state.pool_of(s)
    )
    hand = len(state.zones[state.layout.hand[s]])
    return 10.0 * realms * (6.0 / need) + 1.5 * razed + 0.4 * pool + 0.8 * hand


def evaluate(state: State, seat: int) -> float | None:
    """``seat``'s strength against its strongest opponent's, from what ``seat`` could know."""
    assert isinstance(state, SpellfireState)
    if state.outcome is not None:
        if not state.outcome.winners:
            return 0.0
        return 1.0 if seat in state.outcome.winners else -1.0
    mine = strength(state, seat)
    best = max(strength(state, s) for s in range(state.n_seats) if s != seat and state.alive[s])
    return math.tanh((mine - best) / 30.0)


def playout_action(state: State, legal: Sequence[Action], rng: Rng) -> Action | None:
    """The turn's own steps and the battle, played the way a player would (``policy.py``)."""
    assert isinstance(state, SpellfireState)
    return policy.playout_action(state, legal, rng)


# ISMCTS looks through the opponent's answer: its playouts run to the end of the next turn
# (``playout_turns = 1``), with a policy that builds, attacks and defends (``policy.py``), and its tree
# holds the bot's own plan, the policy answering for the others (``search_tree = "own"``). With two
# players it also starts from greedy's ranking of its options (10% of its budget as virtual visits per
# root action): a turn offers many options of nearly equal value, which greedy's roll-forward ranks
# consistently. At a larger table that roll-forward lets every other player's turn go by with nobody
# acting, so there the search goes without it (``search_prior_seats = 2``). See docs/games/spellfire.md.
SEARCH = {
    "playout_turns": 1,
    "search_prior": 0.1,
    "search_prior_seats": 2,
    "search_tree": "own",
}


def card_columns(card: dict[str, Any]) -> dict[str, str]:
    """``spellforge cards spellfire``: type; world, class and level, bonus; text."""
    level = ""
    if card["type"] == "champion":
        classes = "/".join(c for c in (card["card_class"], card["class2"]) if c)
        number = "?" if card["variable_level"] else str(card["level"])
        if card["level2"] >= 0:  # -1: one number on the icon
            number += f"/{card['level2']}"
        level = f"{classes} {number}"
    elif card["level"]:
        level = str(card["level"])
    bonus = f"+{card['bonus']}" if card["bonus"] else f"-{card['drain']}" if card["drain"] else ""
    values = [WORLD_NAMES.get(card["world"], ""), level, bonus]
    return {
        "type": card["type"].replace("_", " "),
        "values": ", ".join(v for v in values if v),
        "text": card["text"],
    }


# Reminder text for the keywords of cards.py (``card_keywords``), in our own words.
KEYWORDS = {
    "flyer": "May attack any realm, protected or not, unless that realm bars flyers.",
    "swimmer": "May attack a coastal realm even when it is protected; an inland realm only when it is "
    "exposed.",
    "earthwalker": "May attack a protected realm, unless that realm limits who may attack it.",
    "coast": "A realm with a coastline: swimmers may attack it even when it is protected.",
    "avatar": "Enters play only by meeting its entry condition; the highest avatar of a deck (two in "
    "110 cards) does not count toward the deck's level total; its power cannot be copied.",
    "harmful": "Works against the other players; each one it touches may ignore it for himself with a "
    "Calm-type card.",
    "helpful": "Affects only the player who played it; the others can stop it only by negating it.",
    "lasting": "Stays in play until its stated time is over; a Wish-type spell may negate it.",
    "any_time": "Usable in any phase of any turn when its text allows, even by the side winning a round.",
    "multiples": "A deck may hold several copies of this card.",
    "immune": "Offensive spells cannot be aimed at this champion (a Wish-type spell still can).",
    "instant_defeat": "Defeats a matching opposing champion outright when the round begins; against a "
    "champion's power the threatened player gets one card to escape.",
    "calm": "Lets its player ignore a harmful event in its pause; the event still works against everyone "
    "else.",
    "negate": "Cancels an event in its pause: it does nothing, goes to the Void, and cannot be duplicated.",
    "duplicate": "Copies an event just played, aimed as its player chooses; the copy resolves after it, "
    "with a pause of its own.",
    "wall": "The opposing champion cannot go on in the round unless it has the trait that crosses it.",
    "dispel": "Cast in answer to a spell being cast: that spell is cancelled.",
    "turning": "Cast in answer to an offensive spell: the spell turns back on its caster's champion.",
    "reflection": "Like a turning; cast in phase 4 it turns every later offensive spell of that phase.",
    "wish": "Ignores immunity to spells: discards any champion, negates an event with a duration or "
    "removes a dungeon; its caster can do nothing more.",
    "borrow": "Uses the opposing champion's best magical item for the round; it goes back afterwards.",
    "copy": "Takes another champion's power as its own (never an avatar's), chosen anew each phase 3.",
    "can_use_any": "May cast spells of any kind, whatever its class.",
    "extra_turn": "Gives its player another turn after this one; locked until the last player of the "
    "first round of turns has begun his first turn.",
    "self_defending": "May defend itself as a champion when it is attacked.",
    "attacker_restriction": "Only the champions it names may attack it, or those it names may not, "
    "exposed or not.",
    "once_per_turn": "Usable once from its owner's phase 3 to his next; an extra turn gives no new use.",
}


# What the research interfaces (spellforge.envs) show of a game and where its actions point: the slots each
# zone gets on the table (own, the other seats' together), the zones each action field may name, the public
# numbers. Sized so that six players stay within 4,096 indices (docs/research.md).
RESEARCH = {
    "zones": {
        "hand": (12, 0),
        "pool": (12, 16),
        "formation": (8, 16),
        "battle": (6, 6),
        "table": (2, 2),
        "lasting": (2, 2),
        "rules": (2, 0),
        "dungeon": (1, 5),
        "abyss": (4, 0),
        "limbo": (2, 4),
    },
    "fields": {
        "PlayCard.card": "hand",
        "PlayCard.target": (
            "player any:pool any:formation any:battle any:table any:dungeon any:lasting place"
        ),
        "UsePower.card": "pool formation",
        "UsePower.target": "player any:pool any:formation any:battle any:table any:dungeon abyss",
        "AttackRealm.target": "place",
        "Rebuild.target": "place",
        "Send.card": "pool hand",
        "Discard.card": "hand",
        "Choose.option": 8,
    },
    "seat_places": {"slot": tuple("ABCDEFGHIJ"), "dungeon": ("D",)},
    "seat_numbers": {"unrazed_count": 10, "mulligans": 3},
    "card_numbers": {"attached_to": 0, "razed": 1, "fought": 0},
    "card_stats": {"level": 5},
    "in_play": ("pool", "formation", "battle"),
}


HINTS = Hints(
    evaluate=evaluate,
    playout_action=playout_action,
    search=SEARCH,
    card_columns=card_columns,
    changing=("level",),
    keywords=KEYWORDS,
    research=RESEARCH,
)
