"""How Spellweaver reads to its players: action labels, log sentences, prompts and the end of the game.

Players are named by seat ("P1", "P2"), cards by name, aspects, keywords and emblems as the rules write
them ("a Rage level", "Murder Instinct", "a Shield emblem"). A label names only cards its seat may see (its
hand, the table); a secret event (a draw, a Divine Offering, the shrine taken from it) names its card only
to the player it belongs to (``event_visible_card``), the others read "a card". Every other event is about
cards on the table or in a graveyard, which both players saw. Prompts are public.

>>> from spellforge.games.spellweaver.scenario import Side, build
>>> sc = build(Side(hand=["a:ash-hound"], levels={"rage": 1}), Side())
>>> [sc.state.describe_action(a, 0) for a in sc.state.legal_actions()][:2]
['Finish deploying: go to combat', 'Play Ash Hound for 2 mana']
"""

from __future__ import annotations

from spellforge.core import events as ev
from spellforge.core.actions import Action, Attack, Choose, ChooseTarget, Play, Use
from spellforge.core.events import Event
from spellforge.core.flow import Decision
from spellforge.core.observe import event_visible_card
from spellforge.core.targets import Target

from .actions import LEVEL, NONE, MoveCard, OfferCard, ShrineMode, Take, UseSkill
from .base import DEPLOY, MAX_SKILLS, SpellweaverBase
from .cards import ASPECTS

KEYWORD_NAMES = {
    "swift": "Swift",
    "ranged": "Ranged",
    "deadly": "Deadly",
    "unstoppable": "Unstoppable",
    "lifebound": "Lifebound",
    "flying": "Flying",
    "support": "Support",
    "murder_instinct": "Murder Instinct",
    "cant_attack": "Can't attack",
    "cant_block": "Can't block",
    "cant_attack_creatures": "Can't attack creatures",
}
"""Each keyword as the cards print it, by its id in the card files (``cards.KEYWORDS``)."""

STAT_NAMES = {"attack": "attack", "hp": "hitpoints", "speed": "speed"}
ORDINALS = ("first", "second", "third", "fourth")

# The end of the game, by the reason the rules record (state.py, core's clock and resignation).
WIN_REASONS = {
    "40 life": "{winner} wins with 40 life.",
    "life": "{winner} wins: {loser}'s hero fell below 1 life.",
    "deck-out": "{winner} wins: {loser}'s deck ran out.",
    "time": "{winner} wins: {loser}'s time ran out.",
    "resignation": "{winner} wins: {loser} resigned.",
    "simultaneous (active player wins)": "{winner} wins: both players reached the end of the game at once, "
    "and the player whose turn it is wins.",
}


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def paying(mana: int) -> str:
    """ " for 3 mana" after a label, or nothing when it costs nothing."""
    return f" for {mana} mana" if mana > 0 else ""


def aspect_name(aspect: str) -> str:
    return aspect.capitalize()


def levels_text(req: tuple[int, ...], total: int) -> str:
    """A level requirement as a player reads it: "2 Rage, 1 any" (SW-016..018, SW-R05)."""
    parts = [f"{n} {aspect_name(ASPECTS[i])}" for i, n in enumerate(req) if n]
    if total > sum(req):
        parts.append(f"{total - sum(req)} any")
    return ", ".join(parts)


class SpellweaverWords(SpellweaverBase):
    __slots__ = ()

    # ------------------------------------------------------------------ names

    def event_card(self, cid: int, e: Event, seat: int | None, hidden: str = "a card") -> str:
        """Card ``cid`` of event ``e`` as ``seat`` may read it: named unless the event is secret to it."""
        if cid < 0:
            return hidden
        return self.defs[cid].name if event_visible_card(e, seat) else hidden

    def named(self, cid: int) -> str:
        """A card the event is about that both players saw (on the table, in a graveyard, being played)."""
        return self.defs[cid].name if cid >= 0 else "a card"

    def target_words(self, target: Target | None, seat: int | None) -> str:
        return "" if target is None else f" on {self.target_label(target, seat)}"

    # ------------------------------------------------------------------ labels

    def describe_action(self, action: Action, seat: int | None) -> str:
        d = self.decision
        name = self.card_label
        if action.declines and d is not None:
            return self.decline_label(d, seat)
        if isinstance(action, Choose):
            if action.option == "keep":
                return "Keep these seven cards"
            return "Mulligan: shuffle all seven back and draw seven new cards"
        if isinstance(action, Play):
            if d is not None and d.kind == "cancel":
                return f"Cancel {name(d.data.card, seat)} with {name(action.card, seat)}"
            return f"Play {name(action.card, seat)}{self.cost_of(action.card, seat)}"
        if isinstance(action, ChooseTarget) and d is not None:
            return self.target_choice_label(d, action.target, seat)
        if isinstance(action, Attack):
            also = "Also attack" if action.card in self.att_tgt else "Attack"
            return f"{also} {self.target_label(action.target, seat)} with {name(action.card, seat)}"
        if isinstance(action, UseSkill) and d is not None:
            skill = self.defs[self.skills[d.seat][action.slot]].skill
            assert skill is not None
            return f"Use the skill {skill.name}{paying(skill.cost)}"
        if isinstance(action, Use):
            return self.ability_label(action.card, action.ability, seat)
        if isinstance(action, ShrineMode):
            return self.shrine_label(action.card, action.mode, seat)
        if isinstance(action, MoveCard):
            row = "support" if self.in_front(action.card) else "combat"
            return f"Move {name(action.card, seat)} to the {row} row"
        if isinstance(action, OfferCard):
            return (
                f"Offer {name(action.card, seat)}: put it on the bottom of your deck and look at the top four"
            )
        if isinstance(action, Take):
            return (
                "Take no shrine" if action.card == NONE else f"Take {name(action.card, seat)} into your hand"
            )
        return super().describe_action(action, seat)  # the class's LABEL

    def decline_label(self, d: Decision, seat: int | None) -> str:
        kind = d.kind
        if kind == "main":
            return "Finish deploying: go to combat" if self.phase == DEPLOY else "End your turn"
        if kind == "attack":
            return "Finish declaring attackers" if self.att else "Don't attack"
        if kind == "block":
            return "Finish declaring blockers" if self.blk else "Don't block"
        if kind == "post_block":
            return "Go on to combat damage"
        if kind == "end_window":
            return "Let the turn end"
        if kind == "cancel":
            return f"Let {self.card_label(d.data.card, seat)} resolve"
        return "Pass"

    def cost_of(self, cid: int, seat: int | None) -> str:
        """ " for 3 mana", card ``cid``'s cost, when ``seat`` may see the card (else nothing)."""
        return paying(self.defs[cid].cost) if self.can_see(seat, cid) else ""

    def ability_label(self, cid: int, index: int, seat: int | None) -> str:
        d = self.defs[cid]
        which = f" ({ORDINALS[index]} ability)" if len(d.activated) > 1 and index < len(ORDINALS) else ""
        return f"Use {self.card_label(cid, seat)}{which}{paying(d.activated[index].cost('mana', 0))}"

    def shrine_label(self, cid: int, mode: str, seat: int | None) -> str:
        d = self.defs[cid]
        card = self.card_label(cid, seat)
        if not self.can_see(seat, cid):
            return f"Play {card} for {'a level' if mode == LEVEL else 'a mana crystal'}"
        if mode == LEVEL:
            return f"Play {card} for a {aspect_name(d.aspect)} level"
        owner = self.owner[cid]
        if d.skill is not None and len(self.skills[owner]) < MAX_SKILLS:
            return f"Play {card} for a mana crystal and the skill {d.skill.name}"
        return f"Play {card} for a mana crystal and a card"

    def target_choice_label(self, d: Decision, target: Target, seat: int | None) -> str:
        on = self.target_label(target, seat)
        if d.kind == "trigger_target":
            return f"Aim {self.card_label(d.data.card, seat)}'s ability at {on}"
        what, a = d.data.what, d.data.source
        if what == "card":
            return f"Play {self.card_label(a, seat)} on {on}"
        if what == "skill":
            skill = self.defs[self.skills[d.seat][a]].skill
            assert skill is not None
            return f"Use the skill {skill.name} on {on}"
        return f"Use {self.card_label(a, seat)} on {on}"

    # ------------------------------------------------------------------ prompts (public)

    def describe_decision(self) -> str:
        d = self.decision
        if d is None:
            return "The game is over."
        who = self.seat_label(d.seat)
        kind = d.kind
        if kind == "main":
            phase = "Deploy" if self.phase == DEPLOY else "Reinforce"
            end = "go to combat" if self.phase == DEPLOY else "end the turn"
            return (
                f"{who}'s {phase} phase: play cards and a shrine, use skills, move creatures or make a Divine "
                f"Offering, then {end}."
            )
        if kind == "shrine" and not any(self.levels[d.seat]):
            return f"{who}: choose a shrine, and whether it gives a mana crystal or a level (no levels yet)."
        if kind in ("cancel", "target"):
            return self.card_prompt(d)
        if kind == "trigger_target":
            return f"{who}: choose the target of {self.card_label(d.data.card, None)}'s ability."
        return f"{who}: {PROMPTS.get(kind, 'decide')}."

    def card_prompt(self, d: Decision) -> str:
        who = self.seat_label(d.seat)
        if d.kind == "cancel":
            return f"{who}: cancel {self.card_label(d.data.card, None)}, or let it resolve."
        what, a = d.data.what, d.data.source
        if what == "card":
            return f"{who}: choose the target of {self.card_label(a, None)}."
        if what == "skill":
            skill = self.defs[self.skills[d.seat][a]].skill
            assert skill is not None
            return f"{who}: choose the target of the skill {skill.name}."
        return f"{who}: choose the target of {self.card_label(a, None)}'s ability."

    # ------------------------------------------------------------------ the end

    def describe_outcome(self) -> str:
        o = self.outcome
        if o is None:
            return ""
        if not o.winners:
            if o.reason == "turn limit":
                return f"The game is a draw: the turn limit ({self.game.max_turns} turns) was reached."
            return f"The game is a draw ({o.reason})." if o.reason else "The game is a draw."
        w = o.winners[0]
        winner, loser = self.seat_label(w), self.seat_label(self.opponent(w))
        if o.reason == "card":
            card = next(
                (self.named(e.card) for e in self.iter_log(40) if e.kind == "goal" and e.seat == w), ""
            )
            return f"{winner} wins: {card} says so." if card else f"{winner} wins: a card says so."
        template = WIN_REASONS.get(o.reason)
        return template.format(winner=winner, loser=loser) if template else f"{winner} wins ({o.reason})."

    # ------------------------------------------------------------------ the log

    def describe_event(self, e: Event, seat: int | None) -> str:
        k = e.kind
        who = self.seat_label(e.seat) if e.seat >= 0 else ""
        card = self.event_card(e.card, e, seat)
        simple = SIMPLE_EVENTS.get(k)
        if simple is not None:
            return simple.format(who=who, card=card, n=e.amount)
        if k == ev.TURN:
            return f"Turn {e.amount}: {who}'s turn."
        if k in (ev.PLAY, "activate", "skill"):
            thing = f"the skill {e.note}" if k == "skill" else card
            verb = "plays" if k == ev.PLAY else "uses"
            return f"{who} {verb} {thing}{self.target_words(e.target, seat)}."
        if k == ev.ENTERS:
            return f"{card} enters play{self.where_it_enters(e.card, who)}."
        if k == ev.DAMAGE:
            to = card if e.card >= 0 else who
            return (
                f"{self.named(e.other)} deals {e.amount} damage to {to}."
                if e.other >= 0
                else (f"{to} takes {e.amount} damage.")
            )
        if k == ev.DESTROYED:
            if e.other >= 0 and e.other != e.card:
                return f"{self.named(e.other)} destroys {card}."
            return f"{card} is destroyed."
        if k == "shrine":
            gives = (
                f"a {aspect_name(self.defs[e.card].aspect)} level" if e.note == LEVEL else "a mana crystal"
            )
            return f"{who} plays {card} for {gives}."
        if k == "skill_gained":
            skill = self.defs[e.card].skill
            return f"{who}'s hero learns the skill {skill.name if skill else card} from {card}."
        if k == "attack":
            return (
                f"{who} attacks {self.target_label(e.target, seat) if e.target else 'nothing'} with {card}."
            )
        if k in ("block", "combat_cancelled", "detached"):
            other = self.named(e.other)
            if k == "block":
                return f"{who} blocks {other} with {card}."
            if k == "detached":
                return f"{card} falls off {other} and goes to the graveyard."
            return f"{card}'s combat with {other} is cancelled."
        if k == "modify":
            stat = STAT_NAMES.get(e.note, e.note)
            if e.amount < 0:
                return f"{card} loses {-e.amount} {stat} until end of turn."
            return f"{card} gets +{e.amount} {stat} until end of turn."
        if k == "grant":
            return f"{card} gains {KEYWORD_NAMES.get(e.note, e.note)} until end of turn."
        if k == "emblem":
            return f"{card} gets {plural(e.amount, e.note.capitalize() + ' emblem')}."
        if k == "energy":
            gains = "gains" if e.amount >= 0 else "loses"
            return f"{card} {gains} {abs(e.amount)} energy."
        if k == "crystals":
            empty = " (empty until their next turn)" if e.note == "empty" else ""
            return f"{who} gains {plural(e.amount, 'mana crystal')}{empty}."
        if k == "level":
            return f"{who} gains {plural(e.amount, aspect_name(e.note) + ' level')}."
        if k == "damage_step":
            return "Ranged creatures deal their damage first." if e.note == "ranged" and e.amount else ""
        if k == "row":
            return f"{card} moves to {who}'s {e.note} row."
        if k == ev.LOSE:
            return f"{who} resigns." if e.note == "resignation" else f"{who} loses."
        return ""

    def where_it_enters(self, cid: int, who: str) -> str:
        """Where a card entering play goes (SW-049): its controller's support or combat row, or its area."""
        if cid < 0:
            return ""
        d = self.defs[cid]
        if d.is_creature:
            support = "flying" in d.keywords or "support" in d.keywords
            return f" in {who}'s {'support' if support else 'combat'} row"
        return ""


PROMPTS = {
    "mulligan": "keep your seven cards, or replace them all (once)",
    "shrine": "choose a shrine, and whether it gives a mana crystal or a level",
    "move": "choose the creature to move to its other row",
    "offer": "choose the card to put on the bottom of your deck (Divine Offering)",
    "take": "take one shrine from the top of your deck into your hand, or none",
    "attack": "declare attackers and their targets (instants allowed), then finish",
    "block": "declare blockers (instants allowed), then finish",
    "post_block": "play instants before combat damage, or go on",
    "end_window": "play instants before the turn ends, or let it end",
}

# Events whose sentence needs only who, the card and the amount ("" leaves one out of the log: a card
# that resolves is told by what it does).
SIMPLE_EVENTS = {
    "keep": "{who} keeps their opening hand.",
    "mulligan": "{who} replaces their opening hand (mulligan).",
    "spark_given": "{who} goes second and gets The Spark.",
    "spark": "{who} sacrifices The Spark for 1 mana.",
    ev.DRAW: "{who} draws {card}.",
    "decay": "{card} decays from {who}'s deck to the graveyard.",
    ev.RESOLVE: "",
    ev.FIZZLE: "{card} has nothing to attach to and goes to the graveyard.",
    "dies": "{card} dies.",
    "to_hand": "{card} returns to {who}'s hand.",
    "freeze": "{card} is frozen until end of turn.",
    "cancelled": "{who} cancels {card}.",
    "goal": "{card} wins the game for {who}.",
    "take": "{who} takes {card} into their hand.",
    "offer": "{who} makes a Divine Offering: {card} goes to the bottom of their deck.",
    "look": "{who} looks at the top {n} cards of their deck.",
    "trigger_lost": "{card}'s triggered ability has no target.",
    "combat_end": "Combat ends.",
    ev.LIFE: "{who} gains {n} life.",
    "mana": "{who} gains {n} mana to spend this turn.",
    "prevented": "A Shield emblem on {card} prevents {n} damage.",
}
