"""Setup, the turn's phases, hand sizes and draws, the pool, mulligans, running out, victory."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest

from spellforge import GAMES, IllegalActionError
from spellforge.core.decks import DeckList
from spellforge.core.errors import SpellforgeError
from spellforge.games.spellfire.cards import ARTIFACT, CHAMPION, REALM, WORLDS
from spellforge.games.spellfire.scenario import Side, act, card, legal, scenario

GAME = GAMES["spellfire"]
FILL = ["village-militia"] * 2


def skip_cuts(s) -> None:
    while s.decision is not None and s.decision.kind == "cut":
        act(s, "pass")


@pytest.mark.rules("SF-003", "SF-083", "SF-124", "SF-R23")
def test_two_to_six_players_take_turns_clockwise():
    assert (GAME.min_players, GAME.max_players) == (2, 6)
    s = GAME.new_game(seed=3, players=4)
    order = []
    while len(order) < 6 and not s.is_over:
        if not order or order[-1] != s.active:
            order.append(s.active)
        a = s.legal_actions()
        s.apply(next((x for x in a if str(x) in ("done", "pass")), a[0]))
    assert all((b - a) % 4 == 1 for a, b in itertools.pairwise(order))


@pytest.mark.rules("SF-066", "SF-067", "SF-R25", "SF-068", "SF-093")
def test_first_player_by_the_highest_last_digit():
    s = GAME.new_game(seed=11, players=3)
    skip_cuts(s)
    reveals = [e for e in s.events() if e.kind == "reveal_first"]
    assert reveals
    last_round = reveals[-len({e.seat for e in reveals[-3:]}) :]
    best = max(e.amount for e in last_round)
    winners = [e.seat for e in last_round if e.amount == best]
    assert len(winners) == 1
    first_turn = next(e for e in s.events() if e.kind == "turn")
    assert first_turn.seat == winners[0]
    assert all(s.known[c] == 0 for c in s.zones[s.layout.deck[0]])  # reshuffled after the reveal


@pytest.mark.rules("SF-070", "SF-073", "SF-074", "SF-076", "SF-077", "SF-036", "SF-040", "SF-033")
@pytest.mark.parametrize(("size", "start", "draw"), [(55, 5, 3), (75, 6, 4)])
def test_hand_and_draw_by_deck_size(size: int, start: int, draw: int):
    s = GAME.new_game(seed=5, deck_size=size)
    skip_cuts(s)
    for seat in range(2):
        deck_cards = [c for c in s.all_card_ids() if s.owner[c] == seat and s.defs[c].type != "dungeon"]
        assert len(deck_cards) == size
        assert len(s.hand_of(seat)) == start  # the starting hand, before the first phase 1
    seat = s.active
    while s.phase == "start":
        act(s, "done")
    assert s.format_numbers()[1] == draw
    assert len(s.hand_of(seat)) == start + draw  # the format's draw, whatever dungeon he has (SF-071)


@pytest.mark.rules("SF-079", "SF-080", "SF-081", "SF-075", "SF-078", "SF-123")
def test_110_card_numbers_and_hand_limits():
    s = scenario(Side(), Side(), phase="pool", deck_size=110)
    assert s.format_numbers() == (7, 5, 12)
    assert scenario(Side(), Side(), phase="pool", deck_size=75).format_numbers() == (6, 4, 10)
    assert scenario(Side(), Side(), phase="pool").format_numbers() == (5, 3, 8)
    t = scenario(Side(hand=["village-militia"] * 11), Side(), phase="end", deck_size=75)
    assert t.decision.kind == "discard"
    act(t, legal(t)[0])
    assert len(t.hand_of(0)) == 10


@pytest.mark.rules("SF-123", "SF-K43", "SF-101", "SF-R04", "SF-K08", "SF-157")
def test_cards_change_the_hand_limit_and_the_draw():
    s = scenario(
        Side(formation=["library-of-echoes", "harvestmoon-farms"], rules=["law-of-plenty"]),
        Side(),
        phase="pool",
    )
    assert s.hand_limit(0) == 12 and s.hand_limit(1) == 10 and s.draws(0) == 4


@pytest.mark.rules("SF-123", "SF-101", "SF-144", "SF-151")
def test_a_razed_realm_changes_no_numbers_until_it_is_rebuilt():
    s = scenario(Side(), Side(formation=["library-of-echoes", "harvestmoon-farms"]), phase="pool")
    library, farms = card(s, "library-of-echoes"), card(s, "harvestmoon-farms")
    assert s.active == 1 and s.hand_limit(1) == 10 and s.draws(1) == 4
    s.raze(library)
    s.raze(farms)
    assert s.hand_limit(1) == 8 and s.draws(1) == 3  # its power is gone at once (SF-144)
    s.op_rebuild_discard(s.position_of(farms), 0)  # rebuilt: its power returns (SF-151)
    assert s.hand_limit(1) == 8 and s.draws(1) == 4


@pytest.mark.rules("SF-071", "SF-072", "SF-K43")
def test_draw_limiting_rule_cards_spare_the_first_turn():
    s = scenario(Side(rules=["edict-of-scarcity"]), Side(), phase="pool", active=1, turns=1)
    assert s.draws(1) == 3
    s.turns_taken[1] = 2
    assert s.draws(1) == 2 and s.draws(0) == 3


@pytest.mark.rules("SF-071", "SF-K43", "SF-101")
def test_extra_draw_cards_spare_the_first_turn():
    s = scenario(
        Side(formation=["harvestmoon-farms"], dungeon=["dungeon-of-the-endless-stair"]), Side(), turns=1
    )
    assert s.draws(0) == 3  # the format's three, not five
    s.turns_taken[0] = 2
    assert s.draws(0) == 5


@pytest.mark.rules("SF-071", "SF-K43", "SF-074")
def test_a_dungeon_adds_no_draw_on_the_first_turn():
    d = GAME.decks["coast-raiders"]
    stair = DeckList(
        "stair", {**d.sections, "dungeon": (("dungeon-of-the-endless-stair", 1),)}, meta=dict(d.meta)
    )
    s = GAME.new_game(seed=10, decks=[stair, "battle-mages"])
    skip_cuts(s)
    seat = s.active
    assert s.turns_taken[seat] == 1 and s.phase == "start" and len(s.hand_of(seat)) == 5
    act(s, "done")  # phase 1: the format's three, not the dungeon's fourth
    assert s.turns_taken[seat] == 1 and len(s.hand_of(seat)) == 5 + 3


@pytest.mark.rules("SF-R04", "SF-K08")
def test_rule_cards_are_played_in_phase_0():
    s = scenario(Side(hand=["edict-of-scarcity", "village-militia"]), Side(), phase="start")
    edict = card(s, "edict-of-scarcity")
    act(s, f"play #{edict}")
    assert s.zone_name(edict) == "rules" and s.in_play(edict)
    t = scenario(Side(hand=["edict-of-scarcity", "village-militia"]), Side(), phase="pool")
    assert f"play #{card(t, 'edict-of-scarcity')}" not in legal(t)


@pytest.mark.rules("SF-098", "SF-099", "SF-R01", "SF-R02", "SF-100")
def test_the_phases_run_in_order():
    s = scenario(Side(hand=FILL, deck=["tollgate-downs"] * 5), Side(hand=FILL), phase="start")
    seen = []
    while s.active == 0:
        if not seen or seen[-1] != s.phase:
            seen.append(s.phase)
        act(s, "done" if "done" in legal(s) else "pass" if "pass" in legal(s) else legal(s)[0])
    assert seen == ["start", "realm", "pool", "attack", "cards"]  # draw and a hand within its limit need none
    assert [p.name for p in GAME.turn_structure.phases] == [
        "start",
        "draw",
        "realm",
        "pool",
        "attack",
        "cards",
        "end",
    ]


@pytest.mark.rules(
    "SF-108",
    "SF-152",
    "SF-153",
    "SF-154",
    "SF-156",
    "SF-113",
    "SF-112",
    "SF-111",
    "SF-025",
    "SF-110",
    "SF-K05",
    "SF-109",
)
def test_the_pool_and_attachments():
    s = scenario(
        Side(
            hand=[
                "mara-swiftblade",
                "steel-longsword",
                "ring-of-vigor",
                "staff-of-the-moonwood",
                "rod-of-the-circle",
            ],
            pool=["hollis-greymantle"],
        ),
        Side(hand=FILL),
        phase="pool",
    )
    mara = card(s, "mara-swiftblade")
    act(s, f"play #{mara}")
    assert s.zone_name(mara) == "pool" and s.in_play(mara)
    hollis = card(s, "hollis-greymantle")
    act(s, f"play #{card(s, 'steel-longsword')} -> #{hollis}")
    act(s, f"play #{card(s, 'ring-of-vigor')} -> #{hollis}")  # any number of items
    staff, rod = card(s, "staff-of-the-moonwood"), card(s, "rod-of-the-circle")
    assert f"play #{staff} -> #{hollis}" not in legal(s)  # wrong world
    assert f"play #{rod} -> #{hollis}" in legal(s)
    act(s, f"play #{staff} -> #{mara}")
    assert not any(a.startswith(f"play #{rod} -> #{mara}") for a in legal(s))
    assert s.decision.seat == 0  # only the active player acts in phase 3
    assert s.hand_limit(0) == 8 and len(s.hand_of(0)) == 1  # the pool is not the hand


@pytest.mark.rules("SF-269", "SF-270", "SF-K18", "SF-217")
def test_an_avatar_enters_only_in_phase_3_paying_its_cost():
    s = scenario(
        Side(hand=["avatar-of-the-burning-king", "village-militia", "hired-swords", "elven-archers"]),
        Side(),
        phase="pool",
    )
    av = card(s, "avatar-of-the-burning-king")
    act(s, f"play #{av}")
    assert s.decision.kind == "entry_discard"
    act(s, legal(s)[0])
    act(s, legal(s)[0])
    assert s.zone_name(av) == "pool" and len(s.hand_of(0)) == 1
    poor = scenario(Side(hand=["avatar-of-the-burning-king", "village-militia"]), Side(), phase="pool")
    assert f"play #{card(poor, 'avatar-of-the-burning-king')}" not in legal(poor)
    attack = scenario(
        Side(hand=["avatar-of-the-burning-king", "village-militia", "hired-swords"]),
        Side(formation=["tollgate-downs"]),
        phase="attack",
    )
    assert not any("attack" in a for a in legal(attack))  # not from hand into a battle


@pytest.mark.rules(
    "SF-084",
    "SF-090",
    "SF-087",
    "SF-091",
    "SF-092",
    "SF-089",
    "SF-085",
    "SF-093",
    "SF-R24",
    "SF-086",
    "SF-088",
)
def test_mulligan_limits_scenario_17():
    s = scenario(
        Side(hand=["greymarch-fields", "village-militia"]),
        Side(formation=["greymarch-fields"]),
        phase="end",
        turns=2,
    )
    assert s.decision.kind == "mulligan" and legal(s) == ["pass", "mulligan"]  # his only realm is blocked
    act(s, "mulligan")
    assert s.mulligans == [1, 0] and s.outcome is None and not any(s.slots[1][p] >= 0 for p in range(6))
    assert any(e.kind == "mulligan" for e in s.events())
    s.mulligans = [2, 0]
    t = scenario(Side(hand=["village-militia"]), Side(), phase="end", turns=2)
    t.mulligans[0] = 2
    t.decision = None
    t.forget_legal()
    assert not t.may_mulligan(0)
    u = scenario(Side(hand=["village-militia"]), Side(), phase="end", turns=2)
    u.chose_realm_discard[0] = True
    assert not u.may_mulligan(0)  # he discarded a realm of his own accord
    v = scenario(Side(hand=["windfall", "village-militia"]), Side(), phase="end", turns=2)
    assert legal(v) == ["pass"]  # a realm-finding event left to play
    w = scenario(Side(hand=["tollgate-downs", "village-militia"]), Side(), phase="end", turns=2)
    assert legal(w) == ["pass"]


@pytest.mark.rules("SF-087", "SF-090", "SF-085")
def test_a_mulligan_shows_the_hand_to_every_seat_before_it_is_shuffled_away():
    s = scenario(
        Side(hand=["mistwood-dale", "tavin-lightbow"]),
        Side(formation=["mistwood-dale"], hand=["renna-starfall"]),
        phase="end",
        turns=2,
    )
    hand = list(s.hand_of(0))
    act(s, "mulligan", settle=False)
    shown = [
        "P1 calls a mulligan and shows his hand: no realm he can play; the game starts over.",
        *(f"P1 shows {s.defs[c].name}." for c in hand),
    ]
    for seat in (0, 1, None):  # both players and a spectator read the same lines
        log = s.observe(seat)["log"]
        assert log[: len(shown)] == shown, seat
        assert not any("Renna Starfall" in line for line in log)  # P2's hand stays hidden
    assert not any(s.knows(1, c) for c in hand)  # shuffled back: nobody knows where they are now


@pytest.mark.rules("SF-268", "SF-267", "SF-294", "SF-R19", "SF-R02", "SF-166")
def test_running_out_of_cards_scenario_16():
    s = scenario(
        Side(
            hand=FILL,
            deck=["tollgate-downs"],
            discard=["hired-swords", "steel-longsword"],
            abyss=["windfall"],
            limbo=["mara-swiftblade"],
            formation=["greymarch-fields"],
        ),
        Side(),
        phase="draw",
    )
    drawn = [e for e in s.events() if e.kind == "draw_lost"]
    assert len(drawn) == 2 and card(s, "tollgate-downs") in s.hand_of(0)
    while s.phase != "end" or (s.decision is not None and s.decision.kind != "discard" and s.active == 0):
        if s.active != 0:
            break
        act(s, "done" if "done" in legal(s) else legal(s)[0])
    deck = sorted(s.defs[c].key for c in s.zones[s.layout.deck[0]])
    assert deck == ["hired-swords", "steel-longsword"]
    assert s.zone_name(card(s, "windfall")) == "abyss" and s.zone_name(card(s, "mara-swiftblade")) in (
        "limbo",
        "pool",
    )


@pytest.mark.rules("SF-094", "SF-095", "SF-014", "SF-K06")
def test_six_unrazed_realms_win_at_once():
    s = scenario(
        Side(
            hand=["tollgate-downs", "village-militia"],
            formation=[
                "mistwood-dale",
                "copperhill-town",
                "lantern-vale",
                "frostpeak-hold",
                "saltmarsh-harbor:razed",
            ],
        ),
        Side(),
        phase="realm",
    )
    assert s.options["victory"] == 6
    act(s, f"play #{card(s, 'tollgate-downs')} -> slot P1.F")
    assert s.outcome is None  # five unrazed
    t = scenario(
        Side(
            hand=["tollgate-downs", "village-militia"],
            formation=[
                "mistwood-dale",
                "copperhill-town",
                "lantern-vale",
                "frostpeak-hold",
                "saltmarsh-harbor",
            ],
        ),
        Side(),
        phase="realm",
    )
    act(t, f"play #{card(t, 'tollgate-downs')} -> slot P1.F")
    assert t.outcome is not None and t.outcome.winners == (0,)


@pytest.mark.rules("SF-096", "SF-097", "SF-013", "SF-029")
def test_victory_count_by_format():
    assert GAME.resolve_options(2, {"deck_size": 110})["victory"] == 10
    assert GAME.resolve_options(2, {"deck_size": 75, "victory": 10})["victory"] == 10
    with pytest.raises(SpellforgeError):
        GAME.resolve_options(2, {"deck_size": 55, "victory": 10})
    s = GAME.new_game(seed=1)
    with pytest.raises(TypeError):
        s.options["victory"] = 10  # type: ignore[index]  # fixed for the table (SF-013)


@pytest.mark.rules("SF-048", "SF-050", "SF-051", "SF-052", "SF-K09", "SF-049")
def test_dungeon_cards_go_into_play_at_setup():
    s = GAME.new_game(seed=2, decks=["event-control", "coast-raiders"])
    dungeon = card(s, "dungeon-of-the-endless-stair")
    assert s.zone_name(dungeon) == "dungeon"
    assert all(s.defs[c].type != "dungeon" for c in s.zones[s.layout.deck[0]] + s.hand_of(0))
    s.turns_taken[0] = 2
    assert s.draws(0) == 4  # from the second turn on (SF-071)


@pytest.mark.rules("SF-004", "SF-005", "SF-210")
def test_each_player_draws_from_his_own_deck():
    s = GAME.new_game(seed=9, players=3)
    for seat in range(3):
        for c in s.zones[s.layout.deck[seat]] + s.hand_of(seat):
            assert s.owner[c] == seat


@pytest.mark.rules("SF-018", "SF-023", "SF-024", "SF-021", "SF-K01")
def test_card_data_facts():
    cards = GAME.cards.values()
    assert {c.card_class for c in cards if c.type == CHAMPION} == {
        "cleric",
        "hero",
        "monster",
        "wizard",
        "psionicist",
        "thief",
        "regent",
    }
    assert {c.world for c in cards if c.world} == set(WORLDS) and len(WORLDS) == 7
    assert all(bool(c.world) == (c.type in (CHAMPION, ARTIFACT, REALM, "holding")) for c in cards)
    assert max(c.level for c in cards if c.type == CHAMPION) > 9


@pytest.mark.rules("SF-158", "SF-159", "SF-155")
def test_a_card_leaving_play_goes_to_the_discard_pile_and_stops_working():
    s = scenario(
        Side(hand=FILL, formation=["library-of-echoes"]),
        Side(hand=["earthquake-rift", "village-militia"]),
        phase="realm",
        active=1,
    )
    lib = card(s, "library-of-echoes")
    assert s.hand_limit(0) == 10
    act(s, f"play #{card(s, 'earthquake-rift')} -> #{lib}")
    act(s, "pass")
    assert s.zone_name(lib) == "discard" and s.hand_limit(0) == 8


@pytest.mark.rules("SF-142", "SF-R02")
def test_the_end_of_turn_order():
    s = scenario(Side(hand=["village-militia"] * 9, deck=[]), Side(pool=["mara-swiftblade"]), phase="end")
    assert s.decision.kind == "discard"
    act(s, legal(s)[0])
    assert s.zone_name(card(s, "mara-swiftblade")) == "discard"  # a player without realms loses his pool
    assert len(s.zones[s.layout.deck[0]]) == 1  # the discarded card was reshuffled in


@pytest.mark.rules("SF-R13", "SF-041", "SF-044")
def test_the_two_point_zero_tables_are_used():
    from spellforge.games.spellfire.rules import FORMATS

    assert FORMATS[75].ranges[CHAMPION] == (3, 27) and FORMATS[75].max_levels == 115
    assert FORMATS[110].ranges[CHAMPION] == (4, 40) and FORMATS[110].ranges[REALM] == (15, 30)


def test_illegal_action_by_another_seat_changes_nothing():
    s = scenario(Side(hand=FILL), Side(hand=["tollgate-downs"]), phase="realm")
    before = s.to_json()
    with pytest.raises(IllegalActionError):
        act(s, f"play #{card(s, 'tollgate-downs')} -> slot P2.A")
    assert s.to_json() == before


@pytest.mark.rules("SF-069", "SF-R25")
def test_the_player_to_the_right_may_cut_before_any_draw():
    s = GAME.new_game(seed=8, players=3)
    asked = []
    while s.decision.kind == "cut":
        owner = s.decision.data[0]
        asked.append((s.decision.seat, owner))
        assert not s.hand_of(owner)  # nobody has drawn yet
        if owner == 1:
            deck = list(s.zones[s.layout.deck[1]])
            act(s, "choose middle")
            assert s.zones[s.layout.deck[1]] != deck and sorted(s.zones[s.layout.deck[1]]) == sorted(deck)
        else:
            act(s, "pass")
    assert asked == [(2, 0), (0, 1), (1, 2)]
    assert all(len(s.hand_of(p)) == 5 for p in range(3) if p != s.active)


@pytest.mark.rules("SF-069", "SF-R25", "SF-R23")
def test_a_player_who_left_during_the_cuts_is_neither_asked_to_cut_nor_cut_for():
    """P2 resigns while P4 decides on P1's cut: P1 then cuts P3's pile in P2's place, and nobody cuts
    P2's."""
    from spellforge.core.actions import Resign

    s = GAME.new_game(seed=8, players=4)
    assert (s.decision.kind, s.decision.seat, s.decision.data) == ("cut", 3, (0,))
    s.apply(Resign(1))
    asked = []
    while s.decision.kind == "cut":
        asked.append((s.decision.seat, s.decision.data[0]))
        act(s, "pass")
    assert asked == [(3, 0), (0, 2), (2, 3)]


@pytest.mark.rules("SF-R02")
@pytest.mark.interpreted_only(
    "records phase 6's steps by replacing methods, which compiled code calls directly"
)
def test_phase_6_runs_its_steps_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    # hand limit, Limbo returns, realm-less pools, the reshuffle (SF-R02), then lasting events end
    from spellforge.core.rng import Rng
    from spellforge.games.spellfire.turn import SpellfireTurn

    steps = ("op_hand_limit", "op_limbo_returns", "op_realmless", "op_reshuffle", "op_expire")
    ran: list[str] = []
    for name in steps:
        op = getattr(SpellfireTurn, name)

        def record(self: SpellfireTurn, _op: Callable[[SpellfireTurn], None] = op, _name: str = name) -> None:
            if not ran or ran[-1] != _name:  # a hand limit asked again after a discard is one step
                ran.append(_name)
            _op(self)

        monkeypatch.setattr(SpellfireTurn, name, record)
    state, rng = GAME.new_game(seed=3), Rng(3)
    while state.outcome is None and len(ran) < 5 * 6:
        legal_actions = state.legal_actions()
        state.apply(legal_actions[rng.randrange(len(legal_actions))])
    assert len(ran) >= 5 * 3
    assert ran[: len(ran) - len(ran) % 5] == list(steps) * (len(ran) // 5)
