"""A tiny game used to test the core on its own: each player plays number cards onto a stack; when both
pass, the top card resolves and scores its value for its controller. First to 10 points wins."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from spellforge.core.actions import Action, Pass, Play
from spellforge.core.cards import CardDef
from spellforge.core.decks import DeckList, card_index, expand, resolve_section
from spellforge.core.flow import Decision, Phase, TurnStructure
from spellforge.core.kinds import act, flow_op, legal
from spellforge.core.observe import zone_view
from spellforge.core.rng import Rng
from spellforge.core.ruleset import DeckSpec, OptionSpec, Ruleset
from spellforge.core.stack import StackItem
from spellforge.core.windows import WindowState
from spellforge.core.zones import Visibility, ZoneSpec


@dataclass(frozen=True, slots=True)
class NumberCard(CardDef):
    value: int = 0


CARDS = {f"n{v}": NumberCard(key=f"n{v}", name=f"Number {v}", type="number", value=v) for v in range(1, 6)}


class ToyState(WindowState):
    __slots__ = ("score",)
    COPY: ClassVar[dict[str, str]] = {"score": "list"}

    score: list[int]

    def init_game(self) -> None:
        self.init_windows()
        self.score = [0] * self.n_seats

    @flow_op("setup")
    def op_setup(self) -> None:
        for seat in range(self.n_seats):
            self.shuffle(self.layout.deck[seat])
            for _ in range(self.options["hand"]):
                self.move(self.zones[self.layout.deck[seat]][-1], self.layout.hand[seat])
        self.schedule(("turn",))

    @flow_op("turn")
    def op_turn(self) -> None:
        self.turn += 1
        if self.turn > self.game.max_turns:
            self.finish((), "turn limit")
            return
        deck = self.zones[self.layout.deck[self.active]]
        if deck:
            self.move(deck[-1], self.layout.hand[self.active])
        self.schedule(("main",), ("end_turn",))

    @flow_op("main")
    def op_main(self) -> None:
        # a priority round over both seats, active first; when both pass, the top card resolves
        self.open_window("priority", (self.active, 1 - self.active), resolve=True)

    @flow_op("end_turn")
    def op_end_turn(self) -> None:
        self.active = 1 - self.active
        self.schedule(("turn",))

    @legal("priority")
    def legal_priority(self) -> list[Action]:
        assert self.decision is not None
        return [Pass(), *(Play(c) for c in self.zones[self.layout.hand[self.decision.seat]])]

    @act("priority")
    def act_priority(self, action: Action, d: Decision) -> None:
        if isinstance(action, Pass):
            self.window_passed()
            return
        assert isinstance(action, Play)
        self.move(action.card, self.layout.pile)
        self.put_on_stack(StackItem(self.next_uid(), "card", action.card, d.seat))
        self.window_acted()

    @flow_op("resolve_top")
    def op_resolve_top(self) -> None:
        item = self.stack.pop()
        self.score[item.controller] += self.defs[item.card].value  # type: ignore[attr-defined]
        if self.score[item.controller] >= 10:
            self.finish((item.controller,), "points")

    def view_part(self, seat: int | None) -> dict[str, Any]:
        return {
            "score": list(self.score),
            "hands": [zone_view(self, self.layout.hand[s], seat) for s in range(self.n_seats)],
            "pile": zone_view(self, self.layout.pile, seat),
        }

    def card_fields(self, cid: int) -> dict[str, Any]:
        return {"value": self.defs[cid].value}  # type: ignore[attr-defined]

    def describe_event(self, e: Any, seat: int | None) -> str:
        return e.kind


class Toy(Ruleset):
    name = "toy"
    title = "Toy"
    max_turns = 60
    data_dir = Path(__file__).parent / "no-data"
    state_class = ToyState
    actions = (Play,)
    options = (OptionSpec("hand", int, 3, "cards in the opening hand", minimum=0),)
    zones = (
        ZoneSpec("deck", True, Visibility.HIDDEN),
        ZoneSpec("hand", True, Visibility.OWNER),
        ZoneSpec("pile", False, Visibility.PUBLIC),
    )
    turn_structure = TurnStructure((Phase("main", begin="main"),))

    def load_cards(self, paths: list[Path]) -> dict[str, CardDef]:
        return dict(CARDS)

    def build_deck(self, deck: DeckList, role: str = "", **options: Any) -> tuple[list[CardDef], list[str]]:
        problems: list[str] = []
        cards = expand(resolve_section(deck.main, card_index(self.cards), "cards", problems))
        return cards, problems

    def default_decks(self, players: int, rng: Rng, options: dict[str, Any] | None = None) -> list[DeckSpec]:
        return [[CARDS[f"n{v}"] for v in (1, 2, 3, 4, 5, 1, 2, 3)] for _ in range(players)]
