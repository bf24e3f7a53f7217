"""The Vault: a toy game about knowledge (``state.known``) and what a hidden position may hold.

P1, the Keeper, has a deck (the *vault*), a hand (the *sanctum*) and one room guarded by face-down cards:
two *defenders* (always minions) and an *occupant* (always a scheme). P2, the Raider, raids a room to
learn cards: ``raid room vault`` looks at the vault's top card, ``raid room sanctum`` at one card of the
Keeper's hand chosen at random. The Keeper then draws, shuffles the vault, or passes. The game ends after a
few rounds; nobody wins (it exists to show the core, not to be played).

What it shows (tests/core/test_knowledge.py):

* a card in a hidden zone known to one seat only: the Raider knows the vault's top card after a raid, and
  keeps knowing it in the Keeper's hand after a draw (SD-R31), until the vault is shuffled;
* ``determinize`` keeps a card the seat knows in place, and moves what the other seats knew with the
  position (the Keeper's own determinization resamples the top card, which the Raider still "knows");
* ``position_needs`` / ``fits_position``: a face-down defender is resampled only among minions, the
  occupant only among schemes, while the hand and the vault may receive any of the Keeper's hidden cards;
* a place as a target: ``raid room vault`` prints and parses back.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from spellforge.core.actions import Action, Pass, TargetVerb, Word
from spellforge.core.cards import CardDef
from spellforge.core.decks import DeckList, count_cards
from spellforge.core.flow import Decision, Frame, Phase, TurnStructure, frame_table
from spellforge.core.kinds import act, legal
from spellforge.core.observe import zone_view
from spellforge.core.rng import Rng
from spellforge.core.ruleset import DeckSpec, Ruleset
from spellforge.core.state import State
from spellforge.core.targets import Place
from spellforge.core.zones import Visibility, ZoneSpec

from .common import Setup

KEEPER, RAIDER = 0, 1
VAULT = Place("room", "vault")
SANCTUM = Place("room", "sanctum")

CARDS = {
    "wall": CardDef("wall", "Wall", "minion"),
    "guard": CardDef("guard", "Guard", "minion"),
    "plan": CardDef("plan", "Secret Plan", "scheme"),
    "coin": CardDef("coin", "Coin", "trinket"),
    "tool": CardDef("tool", "Tool", "tool"),
}


@dataclass(frozen=True, slots=True)
class Raid(TargetVerb):
    """The Raider raids a room: ``raid room vault``."""

    VERB: ClassVar[str] = "raid"
    target: Place
    TARGET_TYPE: ClassVar[type] = Place


@dataclass(frozen=True, slots=True)
class Draw(Word):
    VERB: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class Shuffle(Word):
    VERB: ClassVar[str] = "shuffle"


class VaultState(State):
    __slots__ = ()

    def init_game(self) -> None:
        return None

    def op_setup(self) -> None:
        """The Keeper shuffles, guards the room with its first two minions and first scheme (face down),
        and draws two cards."""
        L = self.layout
        vault = L.deck[KEEPER]
        self.shuffle(vault)
        minions = [c for c in self.zones[vault] if self.defs[c].type == "minion"]
        scheme = next(c for c in self.zones[vault] if self.defs[c].type == "scheme")
        for cid in minions[:2]:
            self.move(cid, L.defenders)
            self.face_down[cid] = True
        self.move(scheme, L.occupant)
        self.face_down[scheme] = True
        for _ in range(2):
            self.move(self.zones[vault][-1], L.hand[KEEPER])
        self.schedule(Round())

    def op_round(self) -> None:
        self.turn += 1
        if self.turn > self.game.max_turns:
            self.finish((), "turn limit")
            return
        self.ask("raid", RAIDER)

    @legal("raid")
    def legal_raid(self) -> list[Action]:
        return [Raid(VAULT), Raid(SANCTUM), Pass()]

    @act("raid")
    def act_raid(self, action: Action, d: Decision) -> None:
        if isinstance(action, Raid):
            if action.target == VAULT:
                looked = self.top(self.layout.deck[KEEPER])
            else:
                hand = self.zones[self.layout.hand[KEEPER]]
                looked = hand[self.rng.randrange(len(hand))] if hand else None
            if looked is not None:
                self.reveal_to(looked, RAIDER)
        self.ask("keep", KEEPER)

    @legal("keep")
    def legal_keep(self) -> list[Action]:
        return [Draw(), Shuffle(), Pass()] if self.zones[self.layout.deck[KEEPER]] else [Pass()]

    @act("keep")
    def act_keep(self, action: Action, d: Decision) -> None:
        vault = self.layout.deck[KEEPER]
        if isinstance(action, Draw):
            self.move(self.zones[vault][-1], self.layout.hand[KEEPER])
        elif isinstance(action, Shuffle):
            self.shuffle(vault)  # nobody knows the vault's cards any more (core State.shuffle)
        self.schedule(Round())

    # ------------------------------------------------------------------ what a hidden position may hold

    def position_needs(self, zone: int, index: int, cid: int) -> Hashable | None:
        """A face-down defender is a minion and the occupant a scheme: public facts about the position."""
        if zone == self.layout.defenders and self.face_down[cid]:
            return "minion"
        if zone == self.layout.occupant:
            return "scheme"
        return None

    def fits_position(self, need: Hashable, cid: int) -> bool:
        return self.defs[cid].type == need

    # ------------------------------------------------------------------ the View

    def view_part(self, seat: int | None) -> dict[str, Any]:
        L = self.layout
        return {
            "vault": zone_view(self, L.deck[KEEPER], seat),
            "sanctum": zone_view(self, L.hand[KEEPER], seat),
            "defenders": zone_view(self, L.defenders, seat),
            "occupant": zone_view(self, L.occupant, seat),
        }

    def card_fields(self, cid: int) -> dict[str, Any]:
        return {}


class Vault(Ruleset):
    name = "toy-vault"
    title = "The Vault"
    max_turns = 6
    data_dir = Path(__file__).parent / "no-data"
    state_class = VaultState
    actions = (Raid, Draw, Shuffle)
    zones = (
        ZoneSpec("deck", True, Visibility.HIDDEN),
        ZoneSpec("hand", True, Visibility.OWNER),
        ZoneSpec("defenders", False, Visibility.PUBLIC),
        ZoneSpec("occupant", False, Visibility.PUBLIC),
    )
    turn_structure = TurnStructure((Phase("round", begin="round"),))

    def load_cards(self, paths: list[Path]) -> dict[str, CardDef]:
        return dict(CARDS)

    def build_deck(self, deck: DeckList, **options: Any) -> tuple[list[CardDef], list[str]]:
        """The toy plays its default decks only (given as card lists, they are checked here too)."""
        for cards in self.default_decks(2, Rng(0)):
            if deck.main == count_cards(cards):
                return list(cards), []
        return [], ["the toy plays its default decks only"]

    def default_decks(self, players: int, rng: Rng, options: dict[str, Any] | None = None) -> list[DeckSpec]:
        keeper = [
            CARDS[k] for k in ("wall", "guard", "wall", "guard", "plan", "plan", "coin", "coin", "coin")
        ]
        return [keeper, [CARDS["tool"]] * 4]


class Round(Frame[Any]):
    """``round``: runs ``op_round``."""

    __slots__ = ()
    NAME = "round"

    def run(self, state: Any) -> None:
        state.op_round()


VaultState.FRAMES = {**VaultState.FRAMES, **frame_table(Setup, Round)}
