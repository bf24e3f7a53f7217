"""SPELLFIRE: the ruleset's declared facts, formats, zones, turn and deck construction."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from spellforge.core.cards import CardDef
from spellforge.core.decks import DeckList, card_index, count_cards, expand, resolve_section
from spellforge.core.errors import DeckError, SpellforgeError
from spellforge.core.flow import Phase, TurnStructure
from spellforge.core.rng import Rng
from spellforge.core.ruleset import DeckSpec, OptionSpec, Ruleset
from spellforge.core.state import State

from . import cards as card_data
from .actions import ACTIONS
from .base import ZONES
from .cards import ALLY, ARTIFACT, CHAMPION, DUNGEON, EVENT, HOLDING, ITEM, REALM, RULE, SpellfireCard
from .hints import HINTS
from .records import upgrade_saved
from .state import SpellfireState

SECTIONS = ("cards", "dungeon")


class Format(NamedTuple):
    """One tournament deck size: its card-type ranges, level cap and free avatars (SF-033..SF-046)."""

    size: int
    ranges: Mapping[str, tuple[int, int]]
    max_levels: int
    free_avatars: int
    victory: int


def _ranges(
    rule: tuple[int, int],
    realm: tuple[int, int],
    holding: tuple[int, int],
    champion: tuple[int, int],
    artifact: tuple[int, int],
    item: tuple[int, int],
    event: tuple[int, int],
) -> dict[str, tuple[int, int]]:
    return {
        RULE: rule,
        REALM: realm,
        HOLDING: holding,
        CHAMPION: champion,
        ARTIFACT: artifact,
        ITEM: item,
        EVENT: event,
    }


FORMATS = {
    55: Format(
        55, _ranges((0, 3), (8, 15), (0, 6), (1, 20), (0, 10), (0, 12), (0, 10)), 90, 1, 6
    ),  # SF-036..SF-039
    75: Format(
        75, _ranges((0, 4), (10, 20), (0, 7), (3, 27), (0, 12), (0, 15), (0, 13)), 115, 1, 6
    ),  # SF-040..SF-042
    110: Format(
        110, _ranges((0, 5), (15, 30), (0, 10), (4, 40), (0, 15), (0, 20), (0, 17)), 180, 2, 10
    ),  # SF-043..SF-046
}
TYPE_LABELS = {
    RULE: "rule cards",
    REALM: "realms",
    HOLDING: "holdings",
    CHAMPION: "champions",
    ARTIFACT: "artifacts",
    ITEM: "magical items",
    EVENT: "events",
    ALLY: "allies",
}


class Spellfire(Ruleset):
    """SPELLFIRE: realms in a pyramid, champions in a pool, battles where the losing side plays."""

    name = "spellfire"
    title = "SPELLFIRE"
    summary = "2-6 players; build a formation of realms, attack with champions; six unrazed realms win"
    description = (
        "A game of realms and champions for 2 to 6 players. Build a pyramid of six realms, put champions "
        "into your pool with their items and allies, and attack the other players' realms. In a battle "
        "the losing side plays cards until it is winning or gives up, and anyone may play an event at any "
        "moment. The first player with six unrazed realms wins."
    )
    min_players = 2
    max_players = 6
    default_players = 2
    max_turns = 1500
    data_dir = Path(__file__).parent
    state_class = SpellfireState
    hints = HINTS
    actions = ACTIONS
    zones = ZONES
    options = (
        OptionSpec(
            "deck_size", int, 55, "the tournament deck size: 55, 75 or 110 (SF-033)", choices=(55, 75, 110)
        ),
        OptionSpec(
            "victory",
            int,
            0,
            "unrazed realms to win: 6 or 10; 0 = the format's (SF-095..SF-097)",
            choices=(0, 6, 10),
        ),
    )
    conformance_variants = ({"deck_size": 75}, {"players": 3})
    turn_structure = TurnStructure(
        (
            Phase(
                "start",
                begin="phase_start",
                end="phase_over",
                help="phase 0: rule cards, start-of-turn powers (SF-R01, SF-R04)",
            ),
            Phase(
                "draw",
                begin="phase_draw",
                end="phase_over",
                help="phase 1: draw 3/4/5 cards by deck size (SF-074, SF-101)",
            ),
            Phase(
                "realm",
                begin="phase_realm",
                end="phase_over",
                help="phase 2: one realm action and one holding (SF-102)",
            ),
            Phase(
                "pool", begin="phase_pool", end="phase_over", help="phase 3: pool, attachments, phase-3 cards"
            ),
            Phase(
                "attack",
                begin="phase_attack",
                end="phase_over",
                help="phase 4: attack one realm of another player (SF-117)",
            ),
            Phase(
                "cards", begin="phase_cards", end="phase_over", help="phase 5: phase-5 cards (SF-121, SF-R02)"
            ),
            Phase(
                "end",
                begin="phase_end",
                end="phase_over",
                help="phase 6: hand limit, Limbo, reshuffle, pass left (SF-R02)",
            ),
        )
    )

    def check_options(self, players: int, options: dict[str, Any]) -> None:
        """The victory count follows the format unless a 75-card variant sets 10 (SF-014, SF-096, SF-097)."""
        size = options["deck_size"]
        if options["victory"] == 0:
            options["victory"] = FORMATS[size].victory
        elif size == 55 and options["victory"] != 6:
            raise SpellforgeError("option victory: a 55-card game is won with 6 realms (SF-095)")
        elif size == 110 and options["victory"] != 10:
            raise SpellforgeError("option victory: a 110-card game is won with 10 realms (SF-096)")

    _lookup: dict[str, CardDef] | None = None

    def card_lookup(self) -> dict[str, CardDef]:
        """Cards by id and by name, made once (deck lists are read at every new game)."""
        if self._lookup is None:
            self._lookup = card_index(self.cards)
        return self._lookup

    def load_cards(self, paths: list[Path]) -> dict[str, CardDef]:
        return dict(card_data.load(paths))

    def cards_deck_list(self, cards: Sequence[CardDef], role: str = "") -> DeckList:
        return DeckList(
            "card list",
            {
                "cards": count_cards(c for c in cards if c.type != DUNGEON),
                "dungeon": count_cards(c for c in cards if c.type == DUNGEON),
            },
        )

    def default_decks(self, players: int, rng: Rng, options: dict[str, Any] | None = None) -> list[DeckSpec]:
        """Preconstructed decks of the format, all different while there are enough (their realms do not
        overlap, so the Rule of the Cosmos does not lock a table), in a random order."""
        size = (options or {}).get("deck_size", 55)
        names = sorted(n for n, d in self.decks.items() if int(d.meta.get("format", 55)) == size)
        if not names:
            raise SpellforgeError(f"{self.title} has no preconstructed {size}-card deck; give decks=...")
        order = names[:]
        rng.shuffle(order)
        return [order[i % len(order)] for i in range(players)]

    def build_deck(self, deck: DeckList, role: str = "", **options: Any) -> tuple[list[CardDef], list[str]]:
        """SF-031..SF-048, SF-R11..SF-R14: the format's size, type ranges, level cap with free avatars,
        one copy of a card unless it allows more, a dungeon outside the count. Every problem is listed."""
        size = int(options.get("deck_size", deck.meta.get("format", 55)))
        fmt = FORMATS.get(size)
        problems: list[str] = []
        if fmt is None:
            return [], [f"deck size {size}: the tournament sizes are 55, 75 and 110 (SF-033)"]
        for section in sorted(set(deck.sections) - set(SECTIONS)):
            problems.append(f"[{section}] a SPELLFIRE deck has only [cards] and [dungeon]")
        index = self.card_lookup()
        main = resolve_section(deck.main, index, "cards", problems)
        dungeon = resolve_section(deck.sections.get("dungeon", ()), index, "dungeon", problems)
        for card, _ in main:
            if card.type == DUNGEON:
                problems.append(
                    f"[cards] {card.name!r} is a dungeon card: it goes in [dungeon], outside the deck (SF-048)"
                )
        for card, _ in dungeon:
            if card.type != DUNGEON:
                problems.append(f"[dungeon] {card.name!r} is a {card.type}: only a dungeon card goes there")
        if sum(n for _, n in dungeon) > 1:
            problems.append("[dungeon] at most one dungeon card per player (SF-R14)")
        cards = expand(main)
        # cards destroyed in an earlier game of the tournament round and not yet replaced: the deck plays
        # without them until the round ends (SF-008, SF-009)
        gone = [c for c, _ in resolve_section(destroyed_section(deck), index, "destroyed", problems)]
        sf_cards = [c for c in cards if isinstance(c, SpellfireCard)]
        unknown = any("unknown card" in p for p in problems)
        if len(cards) + len(gone) != fmt.size and not unknown:
            problems.append(
                f"[cards] the deck has {len(cards)} cards"
                + (f" and {len(gone)} destroyed" if gone else "")
                + f"; a {fmt.size}-card deck needs exactly {fmt.size} (SF-033)"
            )
        sf_cards += [c for c in gone if isinstance(c, SpellfireCard)]  # the limits count them still
        seen: dict[tuple[str, str], int] = {}
        first: dict[tuple[str, str], SpellfireCard] = {}
        for c in sf_cards:
            key = (c.type, c.name)  # the same icon and name (SF-032)
            seen[key] = seen.get(key, 0) + 1
            first.setdefault(key, c)
        for key, n in seen.items():
            name = key[1]
            if n > 1 and not first[key].multiples:
                problems.append(
                    f"[cards] {n} copies of {name!r}: one of each card unless it allows more (SF-031)"
                )
        by_type: dict[str, int] = {}
        for c in sf_cards:  # one pass (every new game builds its decks)
            by_type[c.type] = by_type.get(c.type, 0) + 1
        for t, (low, high) in fmt.ranges.items():
            n = by_type.get(t, 0)
            if not low <= n <= high and not unknown:
                names = ", ".join(sorted({c.name for c in sf_cards if c.type == t})[:6])
                problems.append(
                    f"[cards] {n} {TYPE_LABELS[t]}: a {fmt.size}-card deck has {low} to {high}"
                    + (f" ({names}{', ...' if n > 6 else ''})" if n > high else "")
                    + f" ({RANGE_RULE[fmt.size]})"
                )
        champions = [c for c in sf_cards if c.type == CHAMPION]
        avatars = sorted((c for c in champions if c.avatar), key=lambda c: -c.deck_level)
        free = avatars[: fmt.free_avatars]  # the highest avatar(s) are free (SF-039, SF-046, SF-R11)
        total = sum(c.deck_level for c in champions) - sum(c.deck_level for c in free)
        if total > fmt.max_levels:
            top = ", ".join(
                f"{c.name} {c.deck_level}" for c in sorted(champions, key=lambda c: -c.deck_level)[:5]
            )
            problems.append(
                f"[cards] the champions total {total} levels (free avatars excluded); at most {fmt.max_levels} "
                f"in a {fmt.size}-card deck ({top}, ...) ({LEVEL_RULE[fmt.size]})"
            )
        return cards + expand(dungeon), problems

    def from_json(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state from ``state.to_json()``; one saved before the battle and the plays were typed
        records is read too (``records.upgrade_saved``)."""
        return super().from_json(upgrade_saved(data))

    def destroyed_cards(self, state: SpellfireState) -> list[list[str]]:
        """Per seat, the ids of the cards destroyed in this game (SF-008): gone from the deck for the rest
        of the tournament round unless replaced (``replace_destroyed``)."""
        out: list[list[str]] = [[] for _ in range(state.n_seats)]
        for c in state.destroyed:
            out[state.owner[c]].append(state.defs[c].key)
        return out

    def replace_destroyed(
        self,
        deck: DeckList,
        destroyed: Sequence[str],
        replacements: Mapping[str, str],
        at: str,
        **options: Any,
    ) -> DeckList:
        """The deck for the next game of a tournament after cards of it were destroyed (SF-007..SF-009).

        ``destroyed`` names the cards destroyed in the game just played (``destroyed_cards``); those of
        earlier games still missing are in the deck's ``destroyed`` list. ``replacements`` maps a destroyed
        card to the card that takes its place; ``at`` is ``"game"`` (the end of a game) or ``"round"`` (the
        end of a tournament round). A different card may come in only at the end of the round (SF-008);
        another copy of the same card already at the end of the game (SF-009). Nothing else may change
        (SF-007). A destroyed card not replaced stays out, listed under ``destroyed``. Raises DeckError
        listing every problem; the deck given is left as it was."""
        if at not in ("game", "round"):
            raise SpellforgeError(f"replace_destroyed: at={at!r}: 'game' or 'round' (SF-008, SF-009)")
        index = self.card_lookup()
        problems: list[str] = []

        def key_of(ref: str, where: str) -> str:
            card = index.get(ref)
            if card is None:
                problems.append(f"{where}: unknown card {ref!r}")
                return ref
            return card.key

        main: dict[str, int] = {}
        for ref, n in deck.main:
            k = key_of(ref, "[cards]")
            main[k] = main.get(k, 0) + n
        pending = [key_of(r, "[destroyed]") for r, n in destroyed_section(deck) for _ in range(n)]
        for ref in destroyed:
            k = key_of(ref, "destroyed")
            if main.get(k, 0) < 1:
                problems.append(f"destroyed: {index[k].name if k in index else k!r} is not in the deck")
                continue
            main[k] -= 1
            pending.append(k)
        for old_ref, new_ref in replacements.items():
            old, new = key_of(old_ref, "replace"), key_of(new_ref, "replace")
            name = index[old].name if old in index else old
            if old not in pending:
                problems.append(
                    f"replace {name!r}: it was not destroyed; a deck cannot change once the tournament has "
                    "begun (SF-007)"
                )
                continue
            if new != old and at != "round":
                problems.append(
                    f"replace {name!r} by {index[new].name if new in index else new!r}: a different card "
                    f"comes in only at the end of the tournament round (SF-008); another {name!r} may come "
                    "back now (SF-009)"
                )
                continue
            pending.remove(old)
            main[new] = main.get(new, 0) + 1
        meta = {k: v for k, v in deck.meta.items() if k != "destroyed"}
        if pending:
            meta["destroyed"] = sorted(pending)
        sections = {**deck.sections, "cards": tuple((k, n) for k, n in main.items() if n > 0)}
        new_deck = DeckList(deck.name, sections, meta=meta, description=deck.description, source=deck.source)
        if not problems:
            problems = self.validate_deck(new_deck, **options)
        if problems:
            raise DeckError(f"deck {deck.name!r}: replacing destroyed cards", problems)
        return new_deck


def destroyed_section(deck: DeckList) -> tuple[tuple[str, int], ...]:
    """The deck's ``destroyed`` list (ids or names, one entry per card) as (card, 1) pairs."""
    refs = deck.meta.get("destroyed", ())
    if isinstance(refs, str):
        refs = (refs,)
    return tuple((str(r), 1) for r in refs)


RANGE_RULE = {55: "SF-037", 75: "SF-041", 110: "SF-044"}
LEVEL_RULE = {55: "SF-038", 75: "SF-042", 110: "SF-045"}
