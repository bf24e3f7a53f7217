"""How Spelldawn reads to its players: action labels, log sentences, prompts and the end of the game.

Players are named by role ("the Overlord", "the Champion"), rooms as the rules name them ("the Vault",
"Room A"), cards by name. A card is named only to a seat that may see it (``can_see``), and a secret event
(a draw, a face-down play, an access) names its card only to the seat it belongs to
(``event_visible_card``): the others read "a card". Prompts are public, so they name only face-up cards.

>>> from spellforge.games.spelldawn.scenario import Side, scenario
>>> state = scenario(Side(rooms={"A": ["tithe-of-ash"]}), Side(), active="champion")
>>> [state.describe_action(a, state.ch) for a in state.legal_actions()][-2:]
['Raid the Crypts', 'Raid Room A']
"""

from __future__ import annotations

from spellforge.core.actions import Action, Choose
from spellforge.core.events import LOSE, Event
from spellforge.core.events import TURN as TURN_EVENT
from spellforge.core.flow import Decision
from spellforge.core.observe import event_visible_card
from spellforge.core.targets import Place

from .actions import (
    Activate,
    Dispel,
    PlayCard,
    Progress,
    Raze,
    RemoveCurse,
    Sacrifice,
    Score,
    Summon,
    Unveil,
    UseWeapon,
)
from .base import DEFENDER_ZONES, DISPEL_COST, LIMBO, LIMITS, MAX_MINIONS, ROOM_NAMES, WIN_POINTS
from .decisions import LimitData
from .raid import SpelldawnRaid

ROOM_LABELS = {
    "sanctum": "the Sanctum",
    "vault": "the Vault",
    "crypts": "the Crypts",
    **{n: f"Room {n}" for n in "ABCDE"},
}
"""Each room as the rules name it, by its code (``ROOM_NAMES``)."""

# What declining means, by decision kind (the encounter's and the limit's name a card: see below).
DECLINE = {
    "main": "Pass: spend an action point doing nothing",
    "dusk": "Unveil nothing",
    "night": "Unveil nothing: end the Main phase",
    "roombound": "Don't unveil anything",
    "access": "Finish accessing: the raid ends",
}

LIMIT_KINDS = {"weapon": "weapons", "artifact": "artifacts", "evocation": "evocations", "ally": "allies"}

MULLIGAN = {"keep": "Keep this hand", "mulligan": "Mulligan: shuffle this hand back and draw 5 new cards"}

# The game's ends, by the reason its rules record (effects.py, state.py, core's resignation).
END_REASONS = {
    "the Overlord had to draw from an empty deck": "the Overlord had to draw from an empty Vault",
    "the Champion took damage with no card to discard": "the Champion took damage with no card left to discard",
}


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def room_label(room: int) -> str:
    """Room number ``room`` (0-7) as the rules name it: "the Vault", "Room A"."""
    return ROOM_LABELS[ROOM_NAMES[room]]


class SpelldawnWords(SpelldawnRaid):
    __slots__ = ()

    # ------------------------------------------------------------------ names

    def place_label(self, place: Place, seat: int | None) -> str:
        return ROOM_LABELS.get(place.name, place.name) if place.kind == "room" else place.name

    def role_name(self, s: int) -> str:
        """``s`` as a sentence names it: "the Overlord"."""
        return f"the {self.seat_label(s)}"

    def event_card(self, e: Event, seat: int | None, hidden: str = "a card") -> str:
        """The card of ``e`` as ``seat`` may read it: its name, or ``hidden``."""
        if e.card >= 0 and event_visible_card(e, seat) and self.can_see(seat, e.card):
            return self.defs[e.card].name
        return hidden

    # ------------------------------------------------------------------ labels

    def describe_action(self, action: Action, seat: int | None) -> str:
        d = self.decision
        if action.declines and d is not None:
            return self.decline_label(d, seat)
        if isinstance(action, Choose):
            return MULLIGAN.get(action.option, action.option)
        name = self.card_label
        if isinstance(action, PlayCard):
            return self.play_label(action, seat)
        if isinstance(action, UseWeapon):
            m = self.defender()
            cost = self.defeat_cost(action.card, m)
            return f"Use {name(action.card, seat)} on {name(m, seat)}{paying(cost)}"
        if isinstance(action, Summon | Unveil):
            return super().describe_action(action, seat) + self.cost_of(action.card, seat)
        if isinstance(action, Raze):
            return f"Raze {name(action.card, seat)}{paying(self.raze_cost(action.card))}"
        if isinstance(action, Score):
            return f"Score {name(action.card, seat)} for {plural(self.defs[action.card].points, 'point')}"
        if isinstance(action, Progress):
            room = self.room_number(action.target)
            return f"Progress {name(self.occupant(room), seat)} in {room_label(room)}{paying(1)}"
        if isinstance(action, Dispel):
            return f"Dispel {name(action.card, seat)}{paying(DISPEL_COST)}"
        if isinstance(action, RemoveCurse):
            return f"Remove a curse{paying(self.curse_cost())}"
        if isinstance(action, Activate):
            return self.activate_label(action.card, seat)
        if isinstance(action, Sacrifice) and self.zones[LIMBO]:
            new = self.zones[LIMBO][-1]
            return f"Sacrifice {name(action.card, seat)} to make room for {name(new, seat)}"
        return super().describe_action(action, seat)

    def decline_label(self, d: Decision, seat: int | None) -> str:
        if d.kind == "encounter":
            return f"Let {self.card_label(self.defender(), seat)}'s Combat ability fire"
        if d.kind == "limit" and self.zones[LIMBO]:
            return f"Cancel: take {self.card_label(self.zones[LIMBO][-1], seat)} back into your hand"
        if d.kind == "summon":
            return f"Don't summon {self.card_label(self.defender(), seat)}: the Champion passes it by"
        return DECLINE.get(d.kind, "Pass")

    def play_label(self, action: PlayCard, seat: int | None) -> str:
        c = action.card
        card = self.card_label(c, seat)
        if action.target is None:
            return f"Play {card}{self.cost_of(c, seat)}"
        room = room_label(self.room_number(action.target))
        if self.defs[c].type == "minion":
            return f"Play {card} face down to defend {room}"
        return f"Play {card} face down in {room}"

    def cost_of(self, c: int, seat: int | None) -> str:
        """ " for 3 mana", card ``c``'s cost, when ``seat`` may see the card (else nothing)."""
        return paying(self.defs[c].cost) if self.can_see(seat, c) else ""

    def activate_label(self, c: int, seat: int | None) -> str:
        d = self.defs[c]
        cost = d.activated[0].cost("mana", 0)
        if self.face_down[c]:  # SD-R33: unveiled first, paying its cost too
            if not self.can_see(seat, c):
                return f"Unveil and activate {self.card_label(c, seat)}"
            return f"Unveil and activate {self.card_label(c, seat)}{paying(cost + d.cost)}"
        return f"Activate {self.card_label(c, seat)}{paying(cost)}"

    @staticmethod
    def room_number(target: Place) -> int:
        return ROOM_NAMES.index(target.name)

    # ------------------------------------------------------------------ prompts (public)

    def describe_decision(self) -> str:
        d = self.decision
        if d is None:
            return "The game is over."
        who = self.seat_label(d.seat)
        kind = d.kind
        if kind == "mulligan":
            return f"{who}: keep your opening hand, or mulligan once (shuffle it back and draw 5 new cards)."
        if kind == "main":
            doing = "progress a scheme" if d.seat == self.ol else "raid a room"
            return (
                f"{who}'s turn, {plural(self.ap, 'action point')} left: gain mana, draw, play a card, "
                f"{doing}, or pass."
            )
        if kind == "discard":
            return f"{who}: discard down to {plural(self.max_hand(d.seat), 'card')}."
        if kind == "limit":
            return self.limit_prompt(d)
        if kind == "dusk":
            return "The Champion's turn is over: the Overlord may unveil a Duskbound project, or pass."
        if kind == "night":
            return (
                "The Overlord has no action point left: before the turn moves on it may unveil a Nightbound "
                "project, or pass."
            )
        if kind == "raid_target":
            return "The Champion chooses the room to raid."
        room = room_label(self.raid_room) if self.raid_room >= 0 else "the room"
        if kind == "summon":
            return (
                f"The Champion approaches a face-down minion defending {room}: the Overlord may summon it, "
                "unveil a Summonbound project, or let the Champion pass it by."
            )
        if kind == "encounter":
            minion = self.card_label(self.defender(), None)
            return (
                f"The Champion encounters {minion} in {room}: use a weapon to defeat it, or let its Combat "
                "ability fire."
            )
        if kind == "roombound":
            return (
                f"The Champion reaches {room}: the Overlord may unveil the card there if it is a Roombound "
                "project, or pass."
            )
        if kind == "access":
            return f"The Champion accesses {room}: score schemes, raze projects, then finish (the raid ends)."
        return f"{who} decides."

    def limit_prompt(self, d: Decision[LimitData]) -> str:
        what = d.data.what
        if isinstance(what, int):
            return (
                f"{capital(room_label(what))} already has {MAX_MINIONS} defenders: the Overlord may sacrifice "
                "one to make room for the new minion, or cancel."
            )
        new = self.card_label(self.zones[LIMBO][-1], None) if self.zones[LIMBO] else "the new card"
        return (
            f"The Champion already has {LIMITS[what]} {LIMIT_KINDS[what]} in play: sacrifice one to make room "
            f"for {new}, or cancel."
        )

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
        winner = self.seat_label(w)
        if self.points[w] >= WIN_POINTS:
            return f"The {winner} wins with {self.points[w]} points."
        if o.reason == "resignation":
            return f"The {winner} wins: {self.role_name(1 - w)} resigned."
        return f"The {winner} wins: {END_REASONS.get(o.reason, o.reason)}."

    # ------------------------------------------------------------------ the log

    def describe_event(self, e: Event, seat: int | None) -> str:
        k = e.kind
        who = f"The {self.seat_label(e.seat)}" if e.seat >= 0 else ""
        card = self.event_card(e, seat, "a face-down card" if k in FACE_DOWN_KINDS else "a card")
        if k == TURN_EVENT:
            return f"Turn {e.amount}: {self.role_name(e.seat)}'s turn."
        simple = SIMPLE.get(k)
        if simple is not None:
            return simple.format(who=who, card=card, n=e.amount)
        if k == "mana":
            source = self.event_card(e, seat, "")
            return (
                f"{who} gains {e.amount} mana from {source}." if source else f"{who} gains {e.amount} mana."
            )
        if k == "raid_mana":
            return f"{card} gives the Champion {e.amount} mana to spend during this raid."
        if k == "lose_actions":
            return f"{card} makes the Champion lose {plural(e.amount, 'action point')}."
        if k == "store":
            return f"{card} stores {e.amount} mana."
        if k == "draw":
            return f"{who} draws {card}."
        if k == "discard":
            if e.note == "damage":
                return f"{who} discards {card} at random."
            if e.seat == self.ol:
                return f"{who} discards {card} face down into the Crypts."
            return f"{who} discards {card}, down to the maximum hand size."
        if k == "play_face_down":
            room = room_label(e.amount)
            if e.other not in DEFENDER_ZONES:
                return f"{who} plays {self.event_card(e, seat)} face down in {room}."
            if self.event_card(e, seat, "") == "":
                return f"{who} plays a face-down minion to defend {room}."
            return f"{who} plays {card} face down to defend {room}."
        if k == "progress":
            return f"{who} puts a progress counter on the card in {room_label(e.amount)}."
        if k == "damage":
            source = self.event_card(e, seat, "")
            return (
                f"{source} deals {e.amount} damage to the Champion."
                if source
                else (f"The Champion takes {e.amount} damage.")
            )
        if k == "curse":
            return f"{card} gives the Champion {plural(e.amount, 'curse')}."
        if k == "scored":
            points = plural(self.defs[e.card].points, "point")
            if e.seat == self.ch:
                return f"The Champion steals {card} and scores {points}."
            return f"The Overlord scores {card} for {points}."
        if k == "unveil":
            return f"The Overlord unveils {card}{paying(self.defs[e.card].cost)}."
        if k == "summon":
            return f"The Overlord summons {card}{paying(self.defs[e.card].cost)}."
        if k == "defeat":
            weapon = self.card_label(e.other, seat)
            return f"The Champion defeats {card} with {weapon}{paying(e.amount)}."
        if k == "combat":
            return f"The Champion does not fight {card}: its Combat ability fires."
        if k in ("raid", "raid_success", "unopposed"):
            room = room_label(e.amount)
            if k == "raid":
                return f"The Champion raids {room}."
            if k == "raid_success":
                return f"The Champion reaches {room}: the raid succeeds."
            if e.other == 1:
                return f"The Overlord cannot pay for the face-down minion defending {room}: the Champion passes it."
            return (
                f"The Overlord cannot pay for any of the {e.other} face-down minions defending {room}: the "
                "Champion passes them all."
            )
        if k == "pass_by":
            minion = self.event_card(e, seat, "a face-down minion")
            return f"The Overlord does not summon {minion}: the Champion passes it by."
        if k == "raid_end":
            return self.raid_end_sentence(e, seat)
        if k == LOSE:
            return f"{who} resigns." if e.note == "resignation" else f"{who} loses."
        return ""

    def raid_end_sentence(self, e: Event, seat: int | None) -> str:
        room = room_label(e.other) if e.other >= 0 else "the room"
        if e.amount:
            return f"The Champion has finished accessing: the raid on {room} is over."
        if e.card >= 0:
            return f"{self.card_label(e.card, seat)} ends the raid on {room}."
        return f"The raid on {room} fails."


def capital(text: str) -> str:
    """``text`` with its first letter in upper case (a room's name at the start of a sentence)."""
    return text[:1].upper() + text[1:]


def paying(mana: int) -> str:
    """ " for 3 mana" after a label, or nothing when it costs nothing."""
    return f" for {mana} mana" if mana > 0 else ""


# Events about a card that may be face down: the others read "a face-down card".
FACE_DOWN_KINDS = frozenset({"sacrificed"})

# Events whose sentence needs only who, the card and the amount. "points" is told by "scored".
SIMPLE = {
    "keep": "{who} keeps its opening hand.",
    "mulligan": "{who} mulligans and draws 5 new cards.",
    "spend": "{who} spends an action point doing nothing.",
    "play": "{who} plays {card}.",
    "remove_curse": "{who} removes a curse.",
    "activate": "{who} activates {card}.",
    "encounter": "The Champion encounters {card}.",
    "access": "The Champion accesses {card}.",
    "razed": "The Champion razes {card}.",
    "destroyed": "The Overlord dispels {card}.",
    "sacrificed": "{who} sacrifices {card}.",
    "points": "",
}
