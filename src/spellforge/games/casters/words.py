"""Casters in words: the label of every action, the log sentence of every event, the prompt of every
decision and the end of the game, as a player reads them.

Cards are named by name (``State.card_label``: "a face-down card" to a seat that may not see one); a card
on the field with its controller ("P2's Hush Warden", "your Hush Warden" in a label), a Hero as "P2's Hero".
Log lines keep the log's secrecy rule: a secret event (a draw, a set card) names its card only to its own
seat (``event_visible_card``).

>>> from spellforge.games.casters.scenario import Side, scenario
>>> s = scenario(Side(field=["dusk-ravager"]), Side(field=["gravel-ghoul:tapped"]), phase="battle")
>>> [s.describe_action(a, 0) for a in s.legal_actions()]
['Skip this battle turn', "Attack P2's Hero with Dusk Ravager", "Attack P2's Gravel Ghoul with Dusk Ravager"]
>>> s.describe_decision()
'Battle Phase: attack with an untapped minion, or skip.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spellforge.core import describe
from spellforge.core.actions import Action, Attack, Choose, ChooseTarget, Done, Pass, Play, Resign, Use
from spellforge.core.describe import HIDDEN_CARD
from spellforge.core.events import Event
from spellforge.core.observe import event_visible_card
from spellforge.core.stack import StackItem
from spellforge.core.targets import CardRef, PlayerRef, StackRef, Target

from .actions import Block, Discard, Equip, Recycle, Reveal, Sacrifice, SetCard, Skip, Take
from .base import FIELD, GRAVEYARD, STAGES
from .costs import describe_cost, parse_cost

if TYPE_CHECKING:
    from .base import CastersBase

# How a triggered ability is named by its trigger word (the words printed on the cards).
TRIGGER_WORDS = {
    "play": "On Play",
    "death": "Death",
    "attack": "On Attack",
    "revealed": "When revealed",
}

PROMPTS = {
    "reveal": "Reveal Phase: reveal one of your face-down cards.",
    "trigger_order": "Choose which of your triggered abilities goes on the stack next.",
}


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def plural(n: int, noun: str) -> str:
    return f"a {noun}" if n == 1 else f"{n} {noun}s"


# ---------------------------------------------------------------------- names


def whose(st: CastersBase, s: int, seat: int | None) -> str:
    """Player ``s`` as an owner, for ``seat``: "your" or "P2's"."""
    return "your" if s == seat else f"{st.seat_label(s)}'s"


def card_phrase(st: CastersBase, cid: int, seat: int | None) -> str:
    """A card a label names, for ``seat``: on the field with its controller ("P2's Hush Warden"), a face-up
    Stage as a Stage ("your Stage Misty Fen"), in a Graveyard with the Graveyard, else its name."""
    if not st.can_see(seat, cid):
        return HIDDEN_CARD
    return placed(st, cid, st.zone_of[cid], seat)


def placed(st: CastersBase, cid: int, zone: int, seat: int | None) -> str:
    """Card ``cid`` as it stands in ``zone``, its side named for ``seat`` ("your", "P2's")."""
    name = st.defs[cid].name
    if zone in FIELD:
        return f"{whose(st, FIELD.index(zone), seat)} {name}"
    if zone in STAGES:
        return f"{whose(st, STAGES.index(zone), seat)} Stage {name}"
    if zone in GRAVEYARD:
        return f"{name} from {whose(st, GRAVEYARD.index(zone), seat)} Graveyard"
    return name


def hero(st: CastersBase, s: int, seat: int | None) -> str:
    return f"{whose(st, s, seat)} Hero"


def item_name(st: CastersBase, item: StackItem) -> str:
    """What is on the stack: a card ("Quell") or an ability ("Hush Warden's ability")."""
    name = st.defs[item.card].name
    return name if item.kind == "card" else f"{name}'s ability"


def stack_phrase(st: CastersBase, uid: int, seat: int | None) -> str:
    item = st.find_item(uid)
    if item is None:
        return "a card on the stack"
    return f"{whose(st, item.controller, seat)} {item_name(st, item)} on the stack"


def target_phrase(st: CastersBase, target: Target, seat: int | None) -> str:
    if isinstance(target, CardRef):
        return card_phrase(st, target.id, seat)
    if isinstance(target, PlayerRef):
        return hero(st, target.seat, seat)
    if isinstance(target, StackRef):
        return stack_phrase(st, target.uid, seat)
    return describe.target_label(st, target, seat)


def cost_of(st: CastersBase, cid: int) -> str:
    """ "(free)" or "(cost: discard a card)": what playing card ``cid`` asks."""
    parts = st.defs[cid].cost_parts
    return f"(cost: {describe_cost(parts)})" if parts else "(free)"


# ---------------------------------------------------------------------- labels


def action_label(st: CastersBase, a: Action, seat: int | None) -> str:
    """The label ``seat`` reads for legal action ``a`` (see the module docstring)."""
    d = st.decision
    kind = d.kind if d is not None else ""
    if isinstance(a, Pass):
        return pass_label(st, kind, seat)
    if isinstance(a, Done):
        return done_label(st, seat)
    if isinstance(a, SetCard):
        return f"Set {st.card_label(a.card, seat)} face down"
    if isinstance(a, Reveal):
        return f"Reveal {st.card_label(a.card, seat)}"
    if isinstance(a, Recycle):
        return f"Recycle {st.card_label(a.card, seat)}: to the Graveyard, and draw 2 cards"
    if isinstance(a, Play):
        on = f" on {target_phrase(st, a.target, seat)}" if a.target is not None else ""
        return f"Play {st.card_label(a.card, seat)}{on} {cost_of(st, a.card)}"
    if isinstance(a, Equip):
        return f"Equip {st.card_label(a.card, seat)} to {card_phrase(st, a.host, seat)} {cost_of(st, a.card)}"
    if isinstance(a, Discard):
        card = st.card_label(a.card, seat)
        if kind == "pay" and st.payment is not None:
            return f"Discard {card} to pay for {st.card_label(st.payment[1], seat)}"
        return f"Discard {card}"
    if isinstance(a, Sacrifice):
        card = card_phrase(st, a.card, seat)
        paying = f" to pay for {st.card_label(st.payment[1], seat)}" if st.payment is not None else ""
        return f"Sacrifice {card}{paying}"
    if isinstance(a, Attack):
        return f"Attack {target_phrase(st, a.target, seat)} with {st.card_label(a.card, seat)}"
    if isinstance(a, Skip):
        if d is not None and kind == "battle" and d.data.skips == 1:
            return "Skip: end the Battle Phase"
        return "Skip this battle turn"
    if isinstance(a, Block):
        return block_label(st, a, seat)
    if isinstance(a, Use):
        effects = st.defs[a.card].activated
        effect = effects[a.ability] if a.ability < len(effects) else None
        on = f" on {target_phrase(st, a.target, seat)}" if a.target is not None else ""
        paying = ""
        if effect is not None and effect.cost("sacrifice", False):
            paying = ", sacrificing it"
        elif effect is not None and effect.cost("tap", False):
            paying = ", tapping it"
        return f"Use {st.card_label(a.card, seat)}'s ability{on}{paying}"
    if isinstance(a, ChooseTarget):
        if d is not None and kind == "trigger_target":
            return f"Aim {st.card_label(d.data.card, seat)}'s ability at {target_phrase(st, a.target, seat)}"
        return f"Target {target_phrase(st, a.target, seat)}"
    if isinstance(a, Take):
        return f"Take {st.card_label(a.card, seat)} from your Main Deck"
    if isinstance(a, Choose):
        label = choose_label(st, a, kind, seat)
        if label:
            return label
    if isinstance(a, Resign):
        return f"{st.seat_label(a.seat)} resigns"
    return describe.label(st, a, seat)


def block_label(st: CastersBase, a: Block, seat: int | None) -> str:
    card = st.card_label(a.card, seat)
    if st.combat is None:
        return f"Block with {card}"
    attacker, _, blockers = st.combat
    after = ", ".join(st.card_label(b, seat) for b in blockers)
    return f"Block {card_phrase(st, attacker, seat)} with {card}" + (f", after {after}" if after else "")


def choose_label(st: CastersBase, a: Choose, kind: str, seat: int | None) -> str:
    d = st.decision
    if kind == "trigger_order":
        mine = [t for t in st.pending_triggers if t.seat == seat]
        k = int(a.option) - 1 if a.option.isdigit() else -1
        if 0 <= k < len(mine):
            return f"Put {st.card_label(mine[k].card, seat)}'s ability on the stack next"
    if kind == "optional" and d is not None:
        card, effect_index, source = d.data.card, d.data.effect, d.data.source
        cost = describe_cost(parse_cost(st.defs[card].effects[effect_index].param("pay", "Free")))
        pay = f"{cap(cost)} to summon" if cost != "nothing" else "Summon"
        return f"{pay} {st.card_label(source, seat)} from your Graveyard"
    return ""


def pass_label(st: CastersBase, kind: str, seat: int | None) -> str:
    d = st.decision
    if kind == "pay" and st.payment is not None:
        return f"Give up paying for {st.card_label(st.payment[1], seat)}"
    if kind == "search":
        return "Take nothing: no card matches"
    if kind == "optional" and d is not None:
        return f"Leave {st.card_label(d.data.source, seat)} in the Graveyard"
    if st.stack:
        return f"Pass: let {item_name(st, st.stack[-1])} resolve"
    return "Pass"


def done_label(st: CastersBase, seat: int | None) -> str:
    if st.combat is None:
        return "Done"
    attacker, _, blockers = st.combat
    if blockers:
        return "Finish blocking"
    return f"Don't block: let {card_phrase(st, attacker, seat)} hit your Hero"


# ---------------------------------------------------------------------- prompts


def prompt(st: CastersBase) -> str:
    """The pending decision in words. Every seat reads it, so it says only what all may know."""
    d = st.decision
    if d is None:
        return "Nothing to decide."
    k = d.kind
    if k in PROMPTS:
        return PROMPTS[k]
    defs = st.defs
    if k == "set":
        return f"Set Phase: set a card face down ({d.data.left} to go)."
    if k == "option":
        card = d.data.card
        return (
            f"{defs[card].name} is revealed: play it {cost_of(st, card)}, "
            "or recycle it (to the Graveyard, and draw 2 cards)."
        )
    if k == "pay" and st.payment is not None:
        _, card, parts, _ = st.payment
        return f"Pay for {defs[card].name}: {describe_cost(parts)} still to pay."
    if k == "priority":
        if st.stack:
            top = st.stack[-1]
            return (
                f"{st.seat_label(top.controller)}'s {item_name(st, top)} is on the stack: "
                "respond, or pass to let it resolve."
            )
        return "Respond, or pass."
    if k == "trigger_target":
        return f"Choose a target for {defs[d.data.card].name}'s ability."
    if k == "battle":
        ends = (
            " Your opponent has just skipped: skipping now ends the Battle Phase."
            if d.data.skips == 1
            else ""
        )
        return f"Battle Phase: attack with an untapped minion, or skip.{ends}"
    if k == "block" and st.combat is not None:
        attacker = st.combat[0]
        return (
            f"{st.seat_label(st.controller[attacker])}'s {defs[attacker].name} attacks your Hero: block with "
            "untapped minions, one at a time in the order they take its damage, then Done."
        )
    if k == "discard":
        return f"Discard {plural(d.data.cards, 'card')}."
    if k == "search":
        level, noun = d.data.level, d.data.kind
        what = f"LvL {level} {noun}" if level else noun
        return f"Search: take {'an' if what[0] in 'aeiou' else 'a'} {what} from your Main Deck."
    if k == "optional":
        card, effect_index, source = d.data.card, d.data.effect, d.data.source
        cost = describe_cost(parse_cost(defs[card].effects[effect_index].param("pay", "Free")))
        return f"{defs[source].name} died: you may {cost} to summon it from your Graveyard, or pass."
    return "Choose one of the options."


# ---------------------------------------------------------------------- the log


def event_line(st: CastersBase, e: Event, seat: int | None) -> str:
    """The log sentence of ``e`` for ``seat``; "" for an event told by the line next to it (a card
    going on the stack as it is played, a Death after its destruction) or that happens every turn."""
    k = e.kind
    who = st.seat_label(e.seat) if e.seat >= 0 else ""
    defs = st.defs
    card = defs[e.card].name if e.card >= 0 and event_visible_card(e, seat) else "a card"
    source = f" from {defs[e.other].name}" if e.other >= 0 else ""
    line = SIMPLE.get(k)
    if line is not None:
        return line.format(who=who, card=card, amount=e.amount, source=source)
    if k == "turn":
        return f"Turn {e.amount}: {who} holds the initiative coin."
    if k == "coin":
        if e.note == "flip":
            return f"{who} wins the coin toss and takes the initiative coin."
        return f"The initiative coin passes to {who}."
    if k == "set_phase":
        return f"Set Phase: each player sets {plural(e.amount, 'card')} face down."
    if k == "set":
        return f"{who} sets {card} face down."
    if k == "activate":
        return activate_line(st, e, who, card)
    if k == "stack":
        if e.note != "trigger":
            return ""  # told by the card's activation
        trigger = defs[e.card].effects[e.amount].trigger if 0 <= e.amount < len(defs[e.card].effects) else ""
        word = TRIGGER_WORDS.get(trigger)
        return f"{who}'s {card}'s {word + ' ' if word else ''}ability triggers."
    if k == "resolve":
        if e.note != "card":
            return f"{card}'s ability resolves."
        return "" if defs[e.card].type == "minion" else f"{card} resolves."
    if k == "destroyed":
        if e.other >= 0:
            return f"{defs[e.other].name} destroys {who}'s {card}."
        return f"{who}'s {card} is destroyed: the damage on it reached its Health."
    if k == "sacrifice":
        paying = f" to pay for {defs[e.other].name}" if e.other >= 0 else ""
        return f"{who} sacrifices {card}{paying}."
    if k == "discard":
        paying = f" to pay for {defs[e.other].name}" if e.other >= 0 else ""
        return f"{who} discards {card}{paying}."
    if k == "attack":
        t = e.target
        if isinstance(t, PlayerRef):
            return f"{who} attacks {st.seat_label(t.seat)}'s Hero with {card}."
        if isinstance(t, CardRef):
            return f"{who} attacks {st.seat_label(st.opponent(e.seat))}'s {defs[t.id].name} with {card}."
        return f"{who} attacks with {card}."
    if k == "block":
        attacker = f" {st.seat_label(st.opponent(e.seat))}'s {defs[e.other].name}" if e.other >= 0 else ""
        return f"{who} blocks{attacker} with {card}."
    if k == "equip":
        host = f" to {who}'s {defs[e.target.id].name}" if isinstance(e.target, CardRef) else ""
        return f"{card} is equipped{host}."
    if k == "negate":
        what = card if e.note == "card" else f"{card}'s ability"
        return f"{who} negates {what}."
    if k == "untap":
        return f"{who}'s {card} untaps" + (" (Double Strike)." if e.note == "double strike" else ".")
    if k == "skip":
        return f"{who} skips" + (": no untapped minion can attack." if e.note == "forced" else ".")
    if k == "stage_lost":
        if e.note == "last":
            return f"{who} loses the last Stage, {card}, to the Graveyard."
        return f"{who} can pay for no Stage: {card} goes to the Graveyard."
    if k == "modify":
        return f"{who}'s {card} gets {e.amount:+d} {e.note.capitalize()} this turn."
    if k == "search_fail":
        return f"{card}'s search finds nothing that matches in {who}'s Main Deck."
    return ""


# Events told by one template: {who} the player, {card} the card, {amount}, {source} " from <card>".
SIMPLE = {
    "draw": "{who} draws {card}.",
    "reveal": "{who} reveals {card}.",
    "recycle": "{who} recycles {card}: it goes to the Graveyard and {who} draws 2 cards.",
    "summon": "{card} is summoned onto {who}'s field.",
    "passive": "{card} stays on {who}'s field (Passive).",
    "mill": "{card} is milled from {who}'s Main Deck to the Graveyard.",
    "search": "{who} searches the Main Deck and takes {card} (shown to both players).",
    "to_hand": "{card} returns to {who}'s hand.",
    "shield": "{who}'s {card} gains a Shield.",
    "shield_used": "{who}'s {card} is hit for {amount}{source}, but a Shield takes it and goes back on top of "
    "the Main Deck.",
    "damage": "{who}'s {card} takes {amount} damage{source}.",
    "hero_damage": "{who}'s Hero takes {amount} damage{source}.",
    "stage_reveal": "{who} reveals the Stage {card}.",
    "stage_up": "{who} puts the Stage {card} face up.",
    "unequip": "{card} goes to the Graveyard with the minion it was equipped to.",
    "negate_next": "{who} will negate the next card or ability the opponent activates this turn.",
    "fizzle": "{card} does nothing: its target is gone.",
    "trigger_lost": "{card}'s ability has no legal target and is lost.",
    "tap": "{who}'s {card} is tapped.",
    "unpaid": "{who} cannot finish paying for {card}: it goes to the Graveyard.",
    "empty_deck": "{who}'s Main Deck is empty: there is nothing to draw.",
    "death": "",  # told by the destruction or sacrifice just before
    "combat": "",  # the damage lines tell the fight
    "untap_all": "",  # every Draw Phase
}


def activate_line(st: CastersBase, e: Event, who: str, card: str) -> str:
    t = e.target
    aim = ""
    if isinstance(t, CardRef):
        aim = f" on {placed(st, t.id, e.other, None)}"  # where it was when chosen
    elif isinstance(t, PlayerRef):
        aim = f" on {st.seat_label(t.seat)}'s Hero"
    elif isinstance(t, StackRef) and e.other >= 0:
        name = st.defs[e.other].name
        aim = f" on {name} on the stack" if e.amount == 0 else f" on {name}'s ability on the stack"
    if e.note == "card":
        return f"{who} plays {card}{aim}."
    if e.note == "equip":
        return f"{who} plays {card} as equipment{aim.replace(' on ', ' for ', 1)}."
    return f"{who} uses {card}'s ability{aim}."


# ---------------------------------------------------------------------- the end


def outcome_line(st: CastersBase) -> str:
    o = st.outcome
    if o is None:
        return ""
    reason = o.reason
    if o.is_draw or not o.winners:
        if reason == "turn limit":
            return f"The game is a draw: it reached the limit of {st.game.max_turns} turns."
        if reason == "endless loop":
            return "The game is a draw: the cards on the field repeat forever and nobody can stop them."
        return "The game is a draw: both Heroes lost their last Stage at once."
    (winner,) = o.winners
    loser = st.seat_label(st.opponent(winner))
    wins = f"{st.seat_label(winner)} wins"
    if reason == "resignation":
        return f"{wins}: {loser} resigned."
    if reason == "time":
        return f"{wins}: {loser} ran out of time."
    return f"{wins}: {loser} has no Stage left."
