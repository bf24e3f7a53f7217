"""Spell Battle in words: the label of every action, the log sentence of every event, the prompt of every
decision and the end of the game, as a player reads them.

Cards are named by name (``State.card_label``: "a face-down card" to a seat that may not see one); a card
in play by its controller too ("P2's War Ox", "your War Ox" in a label), since two players may each have
one. Log lines keep the log's secrecy rule: a secret event (a draw, a farm, a draft pick) names its card
only to its own seat (``event_visible_card``).

>>> from spellforge.games.spellbattle.scenario import Seat, card, scenario
>>> s = scenario(Seat(hand=["fire-lance"], farms=2), Seat(play=["hedge-knight"]), step="main")
>>> lance, knight = card(s, "fire-lance"), card(s, "hedge-knight")
>>> from spellforge.games.spellbattle.actions import Play, PlayFarm
>>> from spellforge.core.targets import CardRef
>>> s.describe_action(Play(lance, CardRef(knight)), 0)
"Play Fire Lance on P2's Hedge Knight"
>>> s.describe_action(PlayFarm(lance), 0)
'Play Fire Lance face down as a farm'
>>> s.describe_decision()
"P1's main step: play a card, play a farm, use an ability, or pass."
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spellforge.core import describe
from spellforge.core import events as ev
from spellforge.core.actions import Action, Choose, ChooseTarget, Done, Pass, Resign
from spellforge.core.describe import HIDDEN_CARD
from spellforge.core.events import Event
from spellforge.core.observe import event_visible_card
from spellforge.core.stack import StackItem
from spellforge.core.targets import CardRef, PlayerRef, StackRef, Target

from .actions import Assign, Attack, Block, Bond, CallTime, Farm, Pick, Play, PlayFarm, Use
from .decisions import CopyItemData, CopyTargetData

if TYPE_CHECKING:
    from .base import SpellBattleBase

STEP_NAMES = {"beginning": "beginning", "draw": "draw", "attack": "attack", "main": "main"}

# What a pass means when limbo is empty and it is the active player's own step.
PASS_ON = {
    "beginning": "Pass: go on to your draw step",
    "draw": "Pass: go on to your attack step",
    "main": "Pass: end your turn",
}

PROMPTS = {
    "farm": "Choose the card to play face down as a farm.",
    "attackers": "Choose your attackers, each against a player or joining a bonded group, then Done.",
    "trigger_order": (
        "Choose which of your triggered abilities goes into limbo next (the last one in resolves first)."
    ),
}

# Why a character was destroyed when no card destroyed it (the ``note`` of its ``destroyed`` event).
DESTROYED_BECAUSE = {
    "damage": "the damage on it reached its strength",
    "strength": "its strength fell to 0",
    "deadly": "it fought a deadly character",
}

# ---------------------------------------------------------------------- names


def cap(text: str) -> str:
    """``text`` with its first letter upper case (a sentence that starts with "the copy of ...")."""
    return text[:1].upper() + text[1:]


def whose(st: SpellBattleBase, s: int, seat: int | None) -> str:
    """Player ``s`` as an owner, for ``seat``: "your" or "P2's"."""
    return "your" if s == seat else f"{st.seat_label(s)}'s"


def card_phrase(st: SpellBattleBase, cid: int, seat: int | None) -> str:
    """A card a label names, for ``seat``: a card in play with its controller ("P2's War Ox"), a card in a
    discard pile with the pile ("Hedge Knight from your discard pile"), else its name."""
    if not st.can_see(seat, cid):
        return HIDDEN_CARD
    name = st.defs[cid].name
    zone = st.zone_of[cid]
    if zone == st.layout.play:
        return f"{whose(st, st.controller[cid], seat)} {name}"
    if zone in st.layout.discard:
        pile = st.layout.discard.index(zone)
        if st.options["format"] == "off_the_top":
            return f"{name} from the discard pile"
        return f"{name} from {whose(st, pile, seat)} discard pile"
    return name


def item_name(st: SpellBattleBase, item: StackItem, whose: str = "the") -> str:
    """What waits in limbo: a card ("Fire Lance"), an ability ("Hedge Archer's ability"), a copy ("the
    copy of Fire Lance"); ``whose`` is the owner's word before a copy ("P2's copy of Fire Lance")."""
    name = st.defs[item.card].name
    if item.kind == "card":
        return name
    if item.kind != "copy":
        return f"{name}'s ability"
    copied = (
        name if not isinstance(item.data, CopyItemData) or item.data.copied == "card" else f"{name}'s ability"
    )
    return f"{whose} copy of {copied}"


def owned_item(st: SpellBattleBase, item: StackItem, seat: int | None) -> str:
    """An item in limbo with its controller, for ``seat``: "P2's Fire Lance", "your copy of Quicken"."""
    owner = whose(st, item.controller, seat)
    return item_name(st, item, owner) if item.kind == "copy" else f"{owner} {item_name(st, item)}"


def kind_name(st: SpellBattleBase, cid: int, kind: str) -> str:
    """A card's spell or ability as the log names it once it is out of limbo (an event's ``note``)."""
    name = st.defs[cid].name
    if kind in ("ability", "trigger"):
        return f"{name}'s ability"
    if kind == "copy":
        return f"the copy of {name}"
    if kind == "ability copy":
        return f"the copy of {name}'s ability"
    return name


def stack_phrase(st: SpellBattleBase, uid: int, seat: int | None) -> str:
    item = st.find_item(uid)
    if item is None:
        return "a spell in limbo"
    return f"{owned_item(st, item, seat)} in limbo"


def target_phrase(st: SpellBattleBase, target: Target, seat: int | None) -> str:
    if isinstance(target, CardRef):
        return card_phrase(st, target.id, seat)
    if isinstance(target, PlayerRef):
        return "yourself" if target.seat == seat else st.seat_label(target.seat)
    if isinstance(target, StackRef):
        return stack_phrase(st, target.uid, seat)
    return describe.target_label(st, target, seat)


# ---------------------------------------------------------------------- labels


def action_label(st: SpellBattleBase, a: Action, seat: int | None) -> str:
    """The label ``seat`` reads for legal action ``a`` (see the module docstring)."""
    d = st.decision
    kind = d.kind if d is not None else ""
    if isinstance(a, Pass):
        return pass_label(st, kind, seat)
    if isinstance(a, Done):
        return done_label(st, kind, seat)
    if isinstance(a, PlayFarm):
        return f"Play {st.card_label(a.card, seat)} face down as a farm"
    if isinstance(a, Play):
        card = st.card_label(a.card, seat)
        if a.target is not None:
            return f"Play {card} on {target_phrase(st, a.target, seat)}"
        return f"Play {card}"
    if isinstance(a, Farm):
        return "Play a farm (choose which card next)"
    if isinstance(a, Use):
        effects = st.defs[a.card].activated
        cost = effects[a.ability].cost("pay", 0) if a.ability < len(effects) else 0
        on = f" on {target_phrase(st, a.target, seat)}" if a.target is not None else ""
        paying = f", paying {cost}" if cost else ""
        return f"Use {st.card_label(a.card, seat)}'s ability{on}{paying}"
    if isinstance(a, Bond):
        group = st.attack_group.get(a.partner)
        at = f" {target_phrase(st, PlayerRef(st.group_target[group]), seat)}" if group is not None else ""
        return (
            f"Attack{at} with {st.card_label(a.card, seat)}, bonded with {card_phrase(st, a.partner, seat)}"
        )
    if isinstance(a, Attack):
        return f"Attack {target_phrase(st, a.target, seat)} with {st.card_label(a.card, seat)}"
    if isinstance(a, Block):
        group = st.attack_group.get(a.attacker)
        bonded = group is not None and sum(1 for g in st.attack_group.values() if g == group) > 1
        whom = card_phrase(st, a.attacker, seat) + (" and its bonded group" if bonded else "")
        return f"Block {whom} with {st.card_label(a.card, seat)}"
    if isinstance(a, Assign):
        return (
            f"Deal {a.amount} of {st.card_label(a.card, seat)}'s damage to {card_phrase(st, a.target, seat)}"
        )
    if isinstance(a, ChooseTarget):
        return target_label(st, kind, a.target, seat)
    if isinstance(a, Pick):
        card = st.card_label(a.card, seat)
        if kind == "draft_pick":
            return f"Draft {card}"
        if kind == "build":
            return f"Put {card} in your deck"
        return f"Destroy your {card}"
    if isinstance(a, Choose) and kind == "trigger_order":
        mine = [t for t in st.pending_triggers if t.seat == seat]
        k = int(a.option) - 1
        if 0 <= k < len(mine):
            return f"Put {st.card_label(mine[k].card, seat)}'s triggered ability into limbo next"
    if isinstance(a, CallTime):
        return "Call time"
    if isinstance(a, Resign):
        return f"{st.seat_label(a.seat)} resigns"
    return describe.label(st, a, seat)


def pass_label(st: SpellBattleBase, kind: str, seat: int | None) -> str:
    if st.stack:
        return f"Pass: let {item_name(st, st.stack[-1])} resolve"
    if seat is None or not st.is_active(seat):
        return "Pass"
    if st.step == "attack":
        return "Pass: go on with the combat" if st.attack_group else "Pass: go on to choosing attackers"
    return PASS_ON.get(st.step, "Pass")


def done_label(st: SpellBattleBase, kind: str, seat: int | None) -> str:
    if kind == "attackers":
        mine = any(st.controller[c] == seat for c in st.attack_group)
        return "Finish declaring attackers" if mine else "Don't attack"
    if kind == "blockers":
        mine = any(st.controller[c] == seat for c in st.block_group)
        return "Finish declaring blockers" if mine else "Don't block"
    return "Done"


def target_label(st: SpellBattleBase, kind: str, target: Target, seat: int | None) -> str:
    d = st.decision
    what = target_phrase(st, target, seat)
    if d is not None and kind == "trigger_target":
        return f"Aim {st.card_label(d.data.card, seat)}'s ability at {what}"
    if d is not None and kind == "copy_target":
        return f"Aim {copy_name(st, d.data)} at {what}"
    return f"Target {what}"


def copy_name(st: SpellBattleBase, data: CopyTargetData) -> str:
    """The copy a ``copy_target`` decision aims."""
    kind, card = data.kind, data.card
    name = st.defs[card].name
    return f"the copy of {name}" if kind == "card" else f"the copy of {name}'s ability"


# ---------------------------------------------------------------------- prompts


def prompt(st: SpellBattleBase) -> str:
    """The pending decision in words. Every seat reads it, so it says only what all may know."""
    d = st.decision
    if d is None:
        return "Nothing to decide."
    k = d.kind
    if k in PROMPTS:
        return PROMPTS[k]
    if k == "priority":
        return priority_prompt(st, d.seat)
    if k == "blockers":
        attackers = sorted({st.controller[c] for c in st.attack_group})
        if not attackers:
            return "Choose your blockers, then Done."
        names = " and ".join(st.seat_label(s) for s in attackers)
        return f"Choose your blockers against {names}'s attackers, then Done."
    if k == "assign":
        cid, remaining = d.data.attacker, d.data.remaining
        owner = st.seat_label(st.controller[cid])
        return f"Share {remaining} damage from {owner}'s {st.defs[cid].name} among the characters it fights."
    if k == "trigger_target":
        return f"Choose a target for {st.defs[d.data.card].name}'s triggered ability."
    if k == "copy_target":
        return f"Choose a new target for {copy_name(st, d.data)}."
    if k == "sacrifice":
        n = d.data.remaining
        return f"Choose {'a character' if n == 1 else f'{n} characters'} of yours to destroy."
    if k == "draft_pick":
        return f"Draft round {st.draft_round + 1}: pick a card from the pile you hold."
    if k == "build":
        have = len(st.zones[st.layout.deck[d.seat]])
        return f"Build your deck: pick a card ({have} of 30 chosen)."
    return "Choose one of the options."


def priority_prompt(st: SpellBattleBase, seat: int) -> str:
    if st.stack:
        top = st.stack[-1]
        return f"{owned_item(st, top, None)} is waiting in limbo: respond, or pass to let it resolve."
    active = st.active_seats()
    whose_step = f"{' and '.join(st.seat_label(s) for s in active)}'s " if active else ""
    step = f"{whose_step}{STEP_NAMES.get(st.step, st.step)} step"
    if st.step == "main" and st.is_active(seat):
        farm = "" if st.farm_played[seat] else " play a farm,"
        return f"{step}: play a card,{farm} use an ability, or pass."
    return f"{step}: play a spell or an ambush character, use an ability, or pass."


# ---------------------------------------------------------------------- the log


def event_line(st: SpellBattleBase, e: Event, seat: int | None) -> str:
    """The log sentence of ``e`` for ``seat``; "" for an event a player does not need (a pass, the
    triggers' turn-start signal)."""
    k = e.kind
    who = st.seat_label(e.seat) if e.seat >= 0 else ""
    shown = event_visible_card(e, seat)
    card = st.defs[e.card].name if e.card >= 0 and shown else "a card"
    if k == ev.TURN:
        side = st.sides[st.side_of[e.seat]]
        names = " and ".join(st.seat_label(s) for s in side)
        return f"Turn {e.amount}: {names}'s turn."
    if k == "untap":
        n = e.amount
        if not n:
            return ""
        return f"{who}'s {'sideways card turns' if n == 1 else f'{n} sideways cards turn'} right-side-up."
    if k == ev.DRAW:
        return f"{who} draws {card}."
    if k == "farm":
        return (
            f"{who} plays {card} face down as a farm."
            if shown
            else f"{who} plays a card face down as a farm."
        )
    if k == ev.PLAY:
        return f"{who} plays {card}{aim(st, e)}."
    if k == "activate":
        return f"{who} uses {card}'s ability{aim(st, e)}."
    if k == ev.RESOLVE:
        # a character's resolution is told by its entering play
        return cap(f"{kind_name(st, e.card, e.note)} resolves.") if e.note else ""
    if k == ev.ENTERS:
        return f"{card} enters play under {who}'s control."
    if k == ev.FIZZLE:
        return cap(f"{kind_name(st, e.card, e.note)} does nothing: its target is gone.")
    if k == ev.COUNTER:
        return f"{who} counters {kind_name(st, e.card, e.note)}."
    if k == ev.DESTROYED:
        return destroyed_line(st, e, card, who)
    if k == ev.DAMAGE:
        source = f" from {st.defs[e.other].name}" if e.other >= 0 else ""
        hit = f"{who}'s {card}" if e.card >= 0 else who
        return f"{hit} takes {e.amount} damage{source}."
    if k == "attack":
        target = st.seat_label(e.target.seat) if isinstance(e.target, PlayerRef) else "a player"
        bonded = f", bonded with {st.defs[e.other].name}" if e.other >= 0 else ""
        return f"{who} attacks {target} with {card}{bonded}."
    if k == "block":
        return f"{who} blocks {st.seat_label(st.controller[e.other])}'s {st.defs[e.other].name} with {card}."
    if k == "speed_step":
        return f"Characters with speed {e.amount} deal their combat damage."
    if k == "combat_end":
        return "Combat ends: damage on the surviving characters is removed."
    if k == ev.CONTROL:
        return f"{who} gains control of {card}."
    if k == ev.LOSE:
        return lose_line(who, e.note)
    if k == "set_aside":
        return f"{card} is set aside, out of the game."
    if k == "to_hand":
        return f"{card} returns to {who}'s hand."
    if k == "modify":
        return f"{who}'s {card} gets {e.amount:+d} {e.note} until end of turn."
    if k == ev.SHUFFLE:
        return f"{who}'s draw pile is empty: the discard pile is shuffled into a new draw pile."
    if k == "limbo":
        return cap(f"{kind_name(st, e.card, e.note)} goes into limbo for {who}.")
    if k == "replaced":
        return f"{card} would be destroyed, but an ability replaces that."
    if k == "trigger_lost":
        return f"{card}'s triggered ability has no legal target and is lost."
    if k == "pick":
        return f"{who} drafts {card}."
    if k == "build":
        return f"{who} puts {card} in the deck."
    if k == "overrun":
        return f"{who}'s blocked attackers deal their combat damage to the player they attack this turn."
    if k == "draft_round":
        return f"Draft round {e.amount}: each player takes a pile of 15 cards."
    return ""


def aim(st: SpellBattleBase, e: Event) -> str:
    """ " on <target>" of a play or use event: a card, a player, or what waited in limbo."""
    t = e.target
    if t is None:
        return ""
    if isinstance(t, CardRef):
        return f" on {placed(st, t.id, e.other)}"
    if isinstance(t, PlayerRef):
        return f" on {st.seat_label(t.seat)}"
    if isinstance(t, StackRef) and e.other >= 0:
        return f" on {kind_name(st, e.other, e.note)} in limbo"
    return " on a spell in limbo"


def placed(st: SpellBattleBase, cid: int, zone: int) -> str:
    """A target card where it was when it was chosen (``zone``): "P2's Hedge Knight", "Ember Bolt from P1's
    discard pile" (the owner names it, which no later change of control alters)."""
    name = st.defs[cid].name
    owner = st.owner[cid] if st.owner[cid] >= 0 else st.controller[cid]
    if zone in st.layout.discard:
        if st.options["format"] == "off_the_top":
            return f"{name} from the discard pile"
        return f"{name} from {st.seat_label(st.layout.discard.index(zone))}'s discard pile"
    return f"{st.seat_label(owner)}'s {name}"


def destroyed_line(st: SpellBattleBase, e: Event, card: str, who: str) -> str:
    if e.note == "sacrifice":
        return f"{who} destroys their {card}" + (f" for {st.defs[e.other].name}." if e.other >= 0 else ".")
    if e.other >= 0:
        return f"{st.defs[e.other].name} destroys {who}'s {card}."
    why = DESTROYED_BECAUSE.get(e.note)
    return f"{who}'s {card} is destroyed" + (f": {why}." if why else ".")


def lose_line(who: str, reason: str) -> str:
    if reason == "life":
        return f"{who} is out: their life fell to 0."
    if reason == "resignation":
        return f"{who} resigns."
    if reason == "time":
        return f"{who} ran out of time."
    return f"{who} is out."


# ---------------------------------------------------------------------- the end


def outcome_line(st: SpellBattleBase) -> str:
    o = st.outcome
    if o is None:
        return ""
    reason = o.reason
    if o.is_draw or not o.winners:
        if reason == "turn limit":
            return f"The game is a draw: it reached the limit of {st.game.max_turns} turns."
        if reason == "endless loop":
            return "The game is a draw: the cards in play repeat forever and nobody can stop them."
        return "The game is a draw: the last players standing were all beaten at once."
    names = " and ".join(st.seat_label(s) for s in o.winners)
    wins = f"{names} {'wins' if len(o.winners) == 1 else 'win'}"
    if reason.startswith("time ("):
        if "first to deal damage" in reason:
            return f"Time was called with life tied: {wins}, having dealt damage to an opponent first."
        if "random" in reason:
            return f"Time was called with life tied: {wins}, chosen at random."
        return f"Time was called: {wins} with the highest life."
    losers = [s for s in range(st.n_seats) if s not in o.winners]
    if reason == "time":
        return f"{wins}: {' and '.join(st.seat_label(s) for s in losers)} ran out of time."
    if len(losers) == 1:
        loser = st.seat_label(losers[0])
        if reason == "life":
            return f"{wins}: {loser}'s life fell to 0."
        if reason == "resignation":
            return f"{wins}: {loser} resigned."
    standing = "team" if len(o.winners) > 1 else "player"
    return f"{wins}: the last {standing} standing."
