"""SPELLFIRE in words: the label of every action, the log's sentences, the prompts and the end of the game.

Labels read the action's fields, the decision being answered and the card data, never printed text: a
``pass`` in an event pause is "Let Windfall resolve", a ``done`` in phase 2 "Go on to your pool". A card the
reader may not see is "a face-down card" (core's ``card_label``); a formation position is named by the realm
in it ("Copperhill Town (P2)") or, when empty, as "position B of P2's formation".

Log sentences keep the secrecy of the events they tell: a card of a secret event (a spoils draw, a champion
put face down into a hidden pool) is named only to the seat it belongs to.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from spellforge.core.actions import Action, Choose, Done, Pass
from spellforge.core.describe import HIDDEN_CARD
from spellforge.core.events import LOSE, REVEAL, Event
from spellforge.core.observe import event_visible_card
from spellforge.core.targets import CardRef, Place, PlayerRef, Target

from .actions import AttackRealm, Discard, Keep, Mulligan, PlayCard, PutBack, Rebuild, Send, UsePower
from .base import POSITIONS
from .cards import ALLY, ARTIFACT, CAST, CHAMPION, COMBAT, EVENT, HOLDING, ITEM, REALM, RULE, SPELLS, USE
from .decisions import (
    CutData,
    EntryDiscardData,
    EscapeData,
    PlayData,
    RebuildDiscardData,
    SpoilsData,
    WallData,
)
from .records import DEFENDER_SIDE
from .view import SpellfireView

NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")

# What ``choose <point>`` at a cut really does to the draw pile (turn.py's ``act_cut``): a part from the
# bottom of the pile goes on top.
CUT_LABELS = {
    "top-quarter": "Cut {owner}'s draw pile low: its bottom sixth goes on top",
    "middle": "Cut {owner}'s draw pile in the middle: its bottom half goes on top",
    "bottom-quarter": "Cut {owner}'s draw pile high: its top sixth goes to the bottom",
}

# ``done`` at the active player's phase decisions: what finishing the phase leads to.
DONE_LABELS = {
    "start": "Go on to your draw",
    "realm": "Go on to your pool (phase 3)",
    "pool": "Go on to the attack (phase 4)",
    "cards": "End your turn",
}

PROMPTS = {
    "start": "Phase 0: put rule cards into play or play an event, then go on to your draw.",
    "realm": "Phase 2: play one realm (or rebuild a razed one) and one holding, then go on.",
    "pool": "Phase 3: put champions into your pool, give them magical items and artifacts, use phase-3 "
    "spells and powers, then go on to the attack.",
    "cards": "Phase 5: play phase-5 spells and powers, then end your turn.",
    "respond": "Play an event in answer, or pass.",
    "spoils": "Spoils of victory: play the card you drew at once, keep it in your hand, or put it back on "
    "top of your draw pile.",
    "mulligan": "End of your second turn with no realm played: call a mulligan (the game starts over), or "
    "play on.",
    "dungeon_shuffle": "A realm drawn as dungeon spoils went to the Abyss: shuffle your discard pile into "
    "your draw pile, or leave it.",
}


def count(n: int, thing: str) -> str:
    """``count(3, "card")`` -> "three cards"."""
    word = NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)
    return f"{word} {thing}" if n == 1 else f"{word} {thing}s"


class SpellfireWords(SpellfireView):
    """The ``describe_*`` hooks and the names they use."""

    # ------------------------------------------------------------------ names

    def owned_label(self, cid: int, seat: int | None) -> str:
        """A card with its controller when it is another player's card in play: "Mara Swiftblade (P2)"."""
        name = self.card_label(cid, seat)
        c = self.controller[cid]
        if c >= 0 and c != seat and self.in_play(cid) and self.zone_name(cid) not in ("rules", "lasting"):
            return f"{name} ({self.seat_label(c)})"
        return name

    def realm_label(self, realm: int) -> str:
        """A realm (or dungeon) with the player whose formation holds it: "Copperhill Town (P2)"."""
        return f"{self.defs[realm].name} ({self.seat_label(self.controller[realm])})"

    def place_label(self, place: Place, seat: int | None) -> str:
        """A formation position by the realm in it ("Copperhill Town (P2)") or, empty, by its letter
        ("position B of P2's formation"); a dungeon by its name ("Labyrinth of Shadows (P2's dungeon)"); a
        face-down champion of a hidden pool by its place there ("a face-down card (P2's second champion)")."""
        who = self.seat_label(place.seat)
        if place.kind == "slot":
            slots = self.slots[place.seat]
            pos = POSITIONS.index(place.name)
            realm = slots[pos] if pos < len(slots) else -1
            if realm < 0:
                return f"position {place.name} of {who}'s formation"
            razed = ", razed" if self.razed[realm] else ""
            return f"{self.defs[realm].name} ({who}{razed})"
        if place.kind == "dungeon":
            cards = self.zones[self.layout.dungeon[place.seat]]
            name = self.card_label(cards[0], seat) if cards else "the dungeon"
            return f"{name} ({who}'s dungeon)"
        if place.kind == "pool":
            zone = self.zones[self.layout.pool[place.seat]]
            index = int(place.name)
            nth = sum(1 for c in zone[:index] if self.attached_to[c] < 0)
            which = ORDINALS[nth] if nth < len(ORDINALS) else f"number {nth + 1}"
            return f"{HIDDEN_CARD} ({who}'s {which} champion)"
        return super().place_label(place, seat)

    def target_label(self, target: Target, seat: int | None) -> str:
        if isinstance(target, CardRef):
            return self.owned_label(target.id, seat)
        return super().target_label(target, seat)

    # ------------------------------------------------------------------ labels

    def describe_action(self, action: Action, seat: int | None) -> str:
        d = self.decision
        kind = d.kind if d is not None else ""
        data: Any = d.data if d is not None else ()  # the kind's record (decisions.py), or ()
        if isinstance(action, (Pass, Done, Choose, Keep, PutBack, Mulligan)):
            return self.choice_label(kind, data, action, seat)
        if isinstance(action, PlayCard):
            return self.play_label(kind, data, action, seat)
        if isinstance(action, UsePower):
            return self.power_label(kind, action, seat)
        if isinstance(action, Send):
            name = self.card_label(action.card, seat)
            f = self.fight
            if kind == "defend" and f.target >= 0:
                return f"Defend {self.realm_label(f.target)} with {name}"
            hand = " from your hand" if self.zone_name(action.card) == "hand" else ""
            return f"Send {name}{hand} into battle"
        if isinstance(action, Discard):
            name = self.card_label(action.card, seat)
            if isinstance(data, RebuildDiscardData):
                realm = self.slots[self.active][data.pos]
                return (
                    f"Discard {name} to rebuild {self.defs[realm].name}" if realm >= 0 else f"Discard {name}"
                )
            if isinstance(data, EntryDiscardData):
                return f"Discard {name} for the entry of {self.card_label(data.card, seat)}"
            return f"Discard {name}"
        if isinstance(action, AttackRealm):
            return f"Attack {self.place_label(action.target, seat)}"
        if isinstance(action, Rebuild):
            place = action.target
            realm = self.slots[place.seat][POSITIONS.index(place.name)]
            name = self.defs[realm].name if realm >= 0 else "the razed realm"
            return f"Rebuild {name} at position {place.name} by discarding three cards"
        return super().describe_action(action, seat)

    def choice_label(self, kind: str, data: Any, action: Action, seat: int | None) -> str:
        """A pass, a done or a choice, by what it means in the decision it answers (``data``: its record)."""
        f = self.fight
        if isinstance(action, Keep):
            return (
                f"Keep {self.card_label(data.card, seat)} in your hand"
                if isinstance(data, SpoilsData)
                else "Keep it"
            )
        if isinstance(action, PutBack):
            card = self.card_label(data.card, seat) if isinstance(data, SpoilsData) else "it"
            return f"Put {card} back on top of your draw pile"
        if isinstance(action, Mulligan):
            return "Call a mulligan: the game starts over"
        if isinstance(action, Choose):
            if isinstance(data, CutData):
                return CUT_LABELS[action.option].format(owner=self.seat_label(data.owner))
            if action.option == "withdraw":
                return f"Withdraw the attack on {self.realm_label(f.target)}"
            if action.option == "shuffle":
                return "Shuffle your discard pile into your draw pile"
            return action.option.replace("-", " ").capitalize()
        if kind in DONE_LABELS:
            return DONE_LABELS[kind]
        if kind == "attack":
            fought = f.attacker >= 0 and not f.withdrawn
            return "Go on to phase 5" if fought else "Attack nothing this turn"
        if kind == "champion":
            return "Stop the battle" if f.rounds > 0 else "Call off the attack"
        if isinstance(data, CutData):
            return f"Leave {self.seat_label(data.owner)}'s draw pile uncut"
        if kind == "defend":
            return f"Do not defend: {self.realm_label(f.target)} is razed"
        if kind == "fight":
            return "Play nothing more this round"
        if isinstance(data, PlayData):  # an event pause or a counter
            play = self.find_play(data.uid)
            if play is not None:
                return f"Let {self.card_label(play.card, seat)} resolve"
        if isinstance(data, EscapeData):
            return f"Let {self.card_label(data.source, seat)} defeat {self.card_label(data.victim, seat)}"
        if isinstance(data, WallData):
            return f"Let the wall stop {self.card_label(data.victim, seat)}"
        if kind == "summon":
            return "Bring no champion in as an ally"
        if kind == "mulligan":
            return "Play on without a mulligan"
        if kind == "dungeon_shuffle":
            return "Leave your draw pile as it is"
        return "Play no event" if kind in ("respond", "events") else "Pass"

    def play_label(self, kind: str, data: Any, action: PlayCard, seat: int | None) -> str:
        """Playing a card from hand, by its type and the decision: a realm into a position, a champion
        into the pool, an item onto a champion, an event, a spell aimed at something."""
        card = action.card
        d = self.defs[card]
        name = self.card_label(card, seat)
        target = action.target
        aim = self.target_label(target, seat) if target is not None else ""
        t = d.type
        if t == REALM and isinstance(target, Place):
            old = self.slots[target.seat][POSITIONS.index(target.name)]
            if old >= 0:
                return f"Play {name} at position {target.name}, over the razed {self.defs[old].name}"
            return f"Play {name} at position {target.name}"
        if t == HOLDING:
            return f"Attach the holding {name} to {aim}"
        if t == CHAMPION:
            n = self.entry_cost(card)
            cost = f" (discard {count(n, 'card')})" if n else ""
            return f"Put {name} into your pool{cost}"
        if t in (ITEM, ARTIFACT):
            bonus = f" (+{d.bonus})" if d.bonus and kind == "fight" else ""
            why = {"escape": " to escape the defeat", "wall": " to cross the wall"}.get(kind, "")
            return f"Give {name} to {aim}{bonus}{why}"
        if t == ALLY:
            bonus = f" (+{d.bonus})" if d.bonus else ""
            return f"Play the ally {name}{bonus}"
        if t == RULE:
            return f"Put the rule card {name} into play"
        play = self.find_play(data.uid) if isinstance(data, PlayData) else None
        about = self.card_label(play.card, seat) if play is not None else aim
        if t == EVENT:
            if kind == "pause" and self.event_answer(card) == "calm":
                return f"Ignore {about} with {name} (for you only)"
            if kind == "escape":
                return f"Play {name} on {aim} to escape the defeat"
            return f"Play {name} on {aim}" if target is not None else f"Play {name}"
        if kind == "pause":
            return f"Negate {about} with {name}"
        if kind == "counter":
            counter = self.counters(card)
            if counter == "dispel":
                return f"Dispel {about} with {name}"
            if counter == "reflect":
                return f"Reflect {about} with {name}"
            return f"Turn {about} back on its caster with {name}"
        verb = "Cast" if t in SPELLS else "Use"
        bonus = f" (+{d.bonus})" if d.bonus else f" (takes {d.drain} from the other side)" if d.drain else ""
        why = " to cross the wall" if kind == "wall" else ""
        return f"{verb} {name} on {aim}{bonus}{why}" if target is not None else f"{verb} {name}{bonus}{why}"

    def power_label(self, kind: str, action: UsePower, seat: int | None) -> str:
        """Using the power of a card in play (a champion's, an item's, a realm's, a holding's)."""
        card = action.card
        name = self.card_label(card, seat)
        target = action.target
        aim = self.target_label(target, seat) if target is not None else ""
        if kind == "defend":
            return f"Let {name} defend itself"
        if kind == "cards" and self.ability(card, USE, "raze_extra_turn") is not None:
            return f"Raze {name} for an extra turn"
        if kind in ("pause", "counter"):
            dd = self.decision
            play = self.find_play(dd.data.uid) if dd is not None and isinstance(dd.data, PlayData) else None
            about = self.card_label(play.card, seat) if play is not None else "it"
            if kind == "counter":
                return f"Discard {name} to cancel {about}"
            answer = self.event_answer(card)
            if answer == "negate":
                return f"Discard {name} to negate {about}"
            if answer == "calm":
                return f"Discard {name} to ignore {about} (for you only)"
            at = f", aimed at {aim}" if target is not None else ""  # the copy's own target (SF-302)
            return f"Copy {about} with {name}{at}"
        if kind in ("fight", "summon") and isinstance(target, CardRef):
            return f"Bring {aim} from your pool into the round as an ally ({name}'s power)"
        bonus = self.ability(card, COMBAT, "discard_bonus") if kind == "fight" else None
        if bonus is not None:
            return f"Discard {name} for +{bonus.effect.amount} this round"
        if self.ability(card, USE, "copy", copies=True) is not None and target is not None:
            return f"{name} copies the power of {aim}"
        if self.ability(card, USE, "recover") is not None and target is not None:
            return f"{name} takes {aim} back from the Abyss into your hand"
        if self.ability(card, USE, "send") is not None and target is not None:
            where = (
                "the Void"
                if isinstance(target, CardRef) and self.defs[target.id].type == "dungeon"
                else "the Abyss"
            )
            return f"Send {aim} to {where} with {name} (it goes to the Abyss too)"
        return f"Use {name} on {aim}" if target is not None else f"Use {name}"

    # ------------------------------------------------------------------ prompts

    def describe_decision(self) -> str:
        d = self.decision
        if d is None:
            return "Nothing to do."
        kind = d.kind
        f = self.fight
        if kind in PROMPTS:
            return PROMPTS[kind]
        if kind == "cut":
            owner = self.seat_label(d.data.owner)
            return f"Cut {owner}'s draw pile before {owner} draws, or leave it."
        if kind == "attack":
            if f.attacker >= 0 and not f.withdrawn:
                return "Phase 4: your battle is over; play an event or go on to phase 5."
            return "Phase 4: attack a realm of another player, or attack nothing this turn."
        target = self.realm_label(f.target) if f.target >= 0 else "the realm"
        if kind == "champion":
            if f.rounds > 0:
                return f"Send another champion against {target}, or stop the battle."
            return f"Send a champion to attack {target}."
        if kind == "defend":
            champ = self.card_label(f.att_champion, None) if f.att_champion >= 0 else "a champion"
            return f"{champ} attacks {target}: defend it with a champion, or let it be razed."
        if kind in ("fight", "events"):
            lose = self.losing_seat()
            att, dfd = self.side_total(0), self.side_total(1)
            score = (
                f"{min(att, dfd)} to {max(att, dfd)}" if att != dfd else f"{att} all (the defender wins ties)"
            )
            head = f"Round {f.rounds}: {self.seat_label(lose)} is losing, {score}."
            if kind == "fight":
                return f"{head} Play an ally, a magical item, a spell or an event for your side, or pass."
            return f"{head} Play an event, or pass."
        if kind in ("pause", "counter"):
            play = self.find_play(d.data.uid)
            what = self.card_label(play.card, None) if play is not None else "a card"
            who = self.seat_label(play.seat) if play is not None else "a player"
            if kind == "pause":
                return f"Event pause: {who} played {what}. Negate it, ignore it, copy it, or pass."
            wish = play is not None and self.ability(play.card, CAST, "wish") is not None
            cancel = ", discard a holding to cancel it" if wish else ""
            return f"{who} casts {what}: dispel it, turn it back{cancel}, or pass."
        if kind == "escape":
            source, victim = d.data.source, d.data.victim
            # the attack may be taken back from a visible defeat, not one from a hidden pool (SF-012)
            visible = d.data.kind == 0 and not f.from_hidden & DEFENDER_SIDE
            withdraw = ", withdraw the attack" if d.seat == f.attacker and visible else ""
            return (
                f"{self.card_label(source, None)} defeats {self.card_label(victim, None)} at once: play one card "
                f"to escape{withdraw}, or pass."
            )
        if kind == "summon":
            return (
                f"{self.card_label(d.data.champion, None)} may bring a champion of your pool into the round as an "
                "ally at once, or pass."
            )
        if kind == "wall":
            stopped = self.card_label(d.data.victim, None)
            return f"A wall stops {stopped}: play one card that lets it cross, or pass (the battle ends)."
        if kind == "discard":
            over = len(self.hand_of(d.seat)) - self.hand_limit(d.seat)
            return (
                f"Discard down to your hand limit of {self.hand_limit(d.seat)}: {count(over, 'card')} to go."
            )
        if kind == "rebuild_discard":
            realm = self.slots[d.seat][d.data.pos]
            name = self.defs[realm].name if realm >= 0 else "the realm"
            return f"Discard {count(d.data.left, 'more card')} to rebuild {name}."
        if kind == "entry_discard":
            champ = self.card_label(d.data.card, None)
            return f"Discard {count(d.data.left, 'more card')} for the entry of {champ}."
        return "Choose what to do."

    # ------------------------------------------------------------------ the end

    def describe_outcome(self) -> str:
        o = self.outcome
        if o is None:
            return ""
        reason = o.reason
        if not o.winners:
            if reason == "turn limit":
                return f"The game is a draw: the limit of {self.game.max_turns} turns was reached."
            if reason == "endless loop":
                return "The game is a draw: the same position came back without end."
            return "The game is a draw: every remaining player left at once."
        who = " and ".join(self.seat_label(s) for s in o.winners)
        verb = "wins" if len(o.winners) == 1 else "win"
        if reason.endswith("unrazed realms"):
            need = self.options["victory"]
            return f"{who} {verb} with {count(need, 'unrazed realm')} in the formation."
        if reason == "resignation":
            return f"{who} {verb}: every other player has left the game."
        if reason == "time":
            out = [self.seat_label(s) for s in range(self.n_seats) if s not in o.winners]
            return f"{who} {verb}: {' and '.join(out)} ran out of time."
        return f"{who} {verb}."

    # ------------------------------------------------------------------ the log

    def describe_event(self, e: Event, seat: int | None) -> str:
        how = EVENTS.get(e.kind)
        if how is None:
            return ""
        who = self.seat_label(e.seat) if e.seat >= 0 else ""
        card = ""
        if e.card >= 0:
            visible = event_visible_card(e, seat) and (
                not self.face_down[e.card] or self.can_see(seat, e.card)
            )
            card = self.defs[e.card].name if visible else HIDDEN_CARD
        line = how(self, e, seat, who, card)
        return line[:1].upper() + line[1:]

    def other_label(self, e: Event, seat: int | None) -> str:
        """The event's second card (``other``), named only if ``seat`` may see it now."""
        return self.card_label(e.other, seat) if 0 <= e.other < len(self.defs) else "a card"

    def aimed(self, e: Event, seat: int | None) -> str:
        """ " on <target>" for an event or spell aimed at something, "" otherwise."""
        if isinstance(e.target, CardRef):
            return f" on {self.card_label(e.target.id, seat)}"
        if isinstance(e.target, PlayerRef):
            return f" on {self.seat_label(e.target.seat)}"
        return ""


def _turn(s: SpellfireWords, e: Event, seat: int | None, who: str, card: str) -> str:
    return f"Turn {e.amount}: {who} takes an extra turn." if e.note else f"Turn {e.amount}: {who}'s turn."


def _razed(s: SpellfireWords, e: Event, seat: int | None, who: str, card: str) -> str:
    why = {
        "undefended": ": no champion defended it",
        "lost": ": it lost its own defence",
        "extra turn": f": {who} razed it for an extra turn",
    }.get(e.note, "")
    return f"{card} ({who}) is razed{why}."


def _send(s: SpellfireWords, e: Event, seat: int | None, who: str, card: str) -> str:
    if e.note == "ally":
        return ""  # told by the pool-ally line that follows
    if e.note == "defends":
        return f"{who} defends with {card}."
    return f"{who} sends {card} into battle."


def _cast(s: SpellfireWords, e: Event, seat: int | None, who: str, card: str) -> str:
    if e.note == "against" and isinstance(e.target, CardRef):  # a spell answering another play
        return f"{who} casts {card} against {s.card_label(e.target.id, seat)}."
    return f"{who} casts {card}{s.aimed(e, seat)}."


def _event(s: SpellfireWords, e: Event, seat: int | None, who: str, card: str) -> str:
    if e.note == "copy":
        return f"A copy of {card} is played for {who}{s.aimed(e, seat)}."
    return f"{who} plays {card}{s.aimed(e, seat)}."


def _negated(s: SpellfireWords, e: Event, seat: int | None, who: str, card: str) -> str:
    if s.defs[e.card].type == EVENT:
        return f"{card} is negated and has no effect."
    return f"{card} is stopped and has no effect."


def _spoils(s: SpellfireWords, e: Event, seat: int | None, who: str, card: str) -> str:
    if card == HIDDEN_CARD:
        return f"{who} draws a card as spoils of victory."
    return f"{who} draws {card} as spoils of victory."


def _draw(s: SpellfireWords, e: Event, seat: int | None, who: str, card: str) -> str:
    return f"{who} draws a card." if card == HIDDEN_CARD else f"{who} draws {card}."


def _reveal(s: SpellfireWords, e: Event, seat: int | None, who: str, card: str) -> str:
    return f"{who} reveals {card} (last digit {e.amount}) to choose the first player."


def _pool(s: SpellfireWords, e: Event, seat: int | None, who: str, card: str) -> str:
    if card == HIDDEN_CARD:
        return f"{who} puts a champion face down into the pool."
    return f"{who} puts {card} into the pool."


def _round_won(s: SpellfireWords, e: Event, seat: int | None, who: str, card: str) -> str:
    score = ""
    if e.note:
        high, _, low = e.note.partition(" to ")
        score = f", {e.note}" + (" (the defender wins ties)" if high == low else "")
    return f"{who} wins the round with {card}{score}."


def _discarded(s: SpellfireWords, e: Event, seat: int | None, who: str, card: str) -> str:
    if e.note == "spent":
        return ""  # used up: the line of its use tells it (an item discarded for a bonus, a Helm)
    why = {
        "lost": ": it lost the round",
        "no realm": f": {who} has no realm",
        "razed realm": ": the razed realm discards its attacker",
        "ally": ": a champion that fought as an ally leaves at the end of the round",
    }.get(e.note, "")
    return f"{card} ({who}) is discarded{why}."


def _abyss_send(s: SpellfireWords, e: Event, seat: int | None, who: str, card: str) -> str:
    where = "the Void" if 0 <= e.other < len(s.defs) and s.defs[e.other].type == "dungeon" else "the Abyss"
    return f"{who} sends {s.other_label(e, seat)} to {where} with {card}, which goes to the Abyss too."


def _revealed(s: SpellfireWords, e: Event, seat: int | None, who: str, card: str) -> str:
    """A card shown to every player: the hand of a player calling a mulligan (SF-087)."""
    return f"{who} shows {card}." if e.note == "mulligan" else f"{who} reveals {card}."


def _lose(s: SpellfireWords, e: Event, seat: int | None, who: str, card: str) -> str:
    if e.note == "resignation":
        return f"{who} leaves the game."
    if e.note == "time":
        return f"{who} ran out of time."
    return f"{who} is out of the game."


Teller = Callable[["SpellfireWords", Event, "int | None", str, str], str]


def _line(text: str) -> Teller:
    """A log line from a template over ``who``, ``card`` and ``other`` (the second card, if visible)."""

    def tell(s: SpellfireWords, e: Event, seat: int | None, who: str, card: str) -> str:
        other = s.other_label(e, seat) if "{other}" in text else ""
        return text.format(who=who, card=card, other=other, amount=e.amount)

    return tell


EVENTS: dict[str, Teller] = {
    "turn": _turn,
    "cut": lambda s, e, seat, who, card: f"{who} cuts {s.seat_label(e.other)}'s draw pile.",
    "reveal_first": _reveal,
    "mulligan": _line(
        "{who} calls a mulligan and shows his hand: no realm he can play; the game starts over."
    ),
    REVEAL: _revealed,
    "draw": _draw,
    "draw_lost": _line("{who}'s draw pile is empty: a draw is lost."),
    "reshuffle": _line("{who} shuffles the discard pile into a new draw pile."),
    "rule": _line("{who} puts the rule card {card} into play."),
    "realm": lambda s, e, seat, who, card: f"{who} plays {card} at position {e.note}.",
    "holding": _line("{who} attaches the holding {card} to {other}."),
    "rebuilt": _line("{who} rebuilds {card}."),
    "razed": _razed,
    "pool": _pool,
    "attach": _line("{who} gives {card} to {other}."),
    "discard": _line("{who} discards {card}."),
    "discarded": _discarded,
    "attack": lambda s, e, seat, who, card: f"{who} attacks {card} ({s.seat_label(e.other)}).",
    "send": _send,
    "self_defend": _line("{card} defends itself."),
    "borrow": _line("{card} is borrowed from {other} for the round."),
    "instant_defeat": _line("{other} defeats {card} at once."),
    "withdraw": _line("{who} withdraws the attack on {card}."),
    "ally": _line("{who} plays the ally {card} (+{amount})."),
    "item_power": _line("{who} discards {card} for +{amount} this round."),
    "pool_ally": _line("{card} joins the round from {who}'s pool as an ally of {other}."),
    "walled": _line("A wall stops {card}."),
    "wasted": _line("{card} is wasted: {other} is immune to it."),
    "round_won": _round_won,
    "battle_end": _line("{who} stops the battle."),
    "battle_over": _line("The battle is over."),
    "dungeon_razed": _line("The dungeon {card} ({who}) is razed and goes to the Void with its attacker."),
    "spoils": _spoils,
    "dungeon_spoils": _line("{who} draws {card} as spoils of victory, shown to all."),
    "spoils_lost": _line("{who}'s draw pile is empty: no spoils."),
    "spoils_played": _line("{who} plays the spoils card {card} at once."),
    "event": _event,
    "cast": _cast,
    "calm": _line("{who} ignores {other} with {card}."),
    "negate": _line("{who} discards {card} to negate {other}."),
    "duplicate": _line("{who} copies {other} with {card}."),
    "cancel": _line("{who} discards {card} to cancel the Wish."),
    "negated": _negated,
    "resolve": _line("{card} takes effect."),
    "destroyed": _line("{card} ({who}) is destroyed: removed from the game."),
    "limbo": _line("{card} ({who}) goes to Limbo."),
    "limbo_return": _line("{card} returns from Limbo to {who}'s pool."),
    "limbo_discarded": _line("{card} ({who}) leaves Limbo and is discarded: an identical card is in play."),
    "abyss": _line("{card} ({who}) goes from Limbo to the Abyss."),
    "abyss_send": _abyss_send,
    "take_back": _line("{who} takes {card} back into the hand with its attachments."),
    "copy": _line("{card} copies the power of {other}."),
    "recover": _line("{card} takes {other} back from the Abyss into {who}'s hand."),
    "extra_turn": _line("{who} will take an extra turn."),
    "expired": _line("{card} ends and goes to the Void."),
    "left": _line(""),
    LOSE: _lose,
}
"""How each event the game emits reads in the log ("" leaves it out: the activations of step D, which the
round's result tells, and a player leaving, which the ``lose`` line tells)."""
