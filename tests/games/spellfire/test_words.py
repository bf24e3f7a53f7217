"""SPELLFIRE in words: the labels of the actions, the log's sentences, the prompts, the end of the game, and
a View a client can draw a table from (every player's zones under his own seat)."""

from __future__ import annotations

import pytest

from spellforge import GAMES
from spellforge.core.describe import HIDDEN_CARD
from spellforge.core.events import REVEAL, Event
from spellforge.core.flow import Outcome
from spellforge.core.observe import action_entries
from spellforge.core.rng import Rng
from spellforge.games.spellfire.scenario import Side, act, card, scenario

GAME = GAMES["spellfire"]
FILL = ["village-militia"] * 2  # a card in hand keeps a player's decisions from being taken for him
HIDING = "labyrinth-of-shadows"


def labels(state) -> dict[str, str]:
    """The label of each legal action of the seat that decides, by the action's text."""
    return {e["text"]: e["label"] for e in action_entries(state, state.current_player)}


def log(state, seat) -> list[str]:
    return state.observe(seat)["log"]


def to_defence(state) -> None:
    """P1 attacks P2's realm at A with Renna Starfall; P2 is asked to defend it."""
    act(state, "attack slot P2.A")
    act(state, f"send #{card(state, 'renna-starfall')}")
    assert state.decision.kind == "defend"


def battle_table(**options):
    return scenario(
        Side(hand=FILL, pool=["renna-starfall"]),
        Side(hand=FILL, pool=["sael-the-silent"], formation=["mistwood-dale", "tollgate-downs"]),
        phase="attack",
        **options,
    )


# ---------------------------------------------------------------------- labels


def test_phase_decisions_are_labelled_by_what_they_do() -> None:
    s = scenario(
        Side(hand=["copperhill-town", *FILL], formation=["mistwood-dale", "tollgate-downs:razed"]),
        Side(),
        phase="realm",
    )
    town = card(s, "copperhill-town")
    got = labels(s)
    assert got["done"] == "Go on to your pool (phase 3)"
    assert got[f"play #{town} -> slot P1.C"] == "Play Copperhill Town at position C"
    assert (
        got[f"play #{town} -> slot P1.B"]
        == "Play Copperhill Town at position B, over the razed Tollgate Downs"
    )
    assert got["rebuild slot P1.B"] == "Rebuild Tollgate Downs at position B by discarding three cards"
    pool = scenario(
        Side(hand=["lyriel-moonquill", "steel-longsword", *FILL], pool=["mara-swiftblade"]), Side()
    )
    sword = card(pool, "steel-longsword")
    got = labels(pool)
    assert got[f"play #{card(pool, 'lyriel-moonquill')}"] == "Put Lyriel Moonquill into your pool"
    assert (
        got[f"play #{sword} -> #{card(pool, 'mara-swiftblade')}"] == "Give Steel Longsword to Mara Swiftblade"
    )
    assert got["done"] == "Go on to the attack (phase 4)"


def test_an_attack_names_the_realm_and_its_player_and_the_battle_its_champions() -> None:
    s = battle_table()
    got = labels(s)
    assert got["attack slot P2.A"] == "Attack Mistwood Dale (P2)"
    assert "attack slot P2.B" not in got  # shielded by the realm at A
    assert got["done"] == "Attack nothing this turn"
    act(s, "attack slot P2.A")
    assert labels(s)[f"send #{card(s, 'renna-starfall')}"] == "Send Renna Starfall into battle"
    act(s, f"send #{card(s, 'renna-starfall')}")
    got = labels(s)
    assert got[f"send #{card(s, 'sael-the-silent')}"] == "Defend Mistwood Dale (P2) with Sael the Silent"
    assert got["pass"] == "Do not defend: Mistwood Dale (P2) is razed"


def test_an_empty_position_is_named_by_its_letter_and_its_player() -> None:
    s = battle_table()
    assert s.place_label(s.slot_place(1, 3), 0) == "position D of P2's formation"
    assert s.place_label(s.slot_place(1, 0), 0) == "Mistwood Dale (P2)"


def test_the_event_pause_offers_negate_ignore_copy_or_let_it_resolve() -> None:
    s = scenario(
        Side(hand=["earthquake-rift", "village-militia"], formation=["tollgate-downs"]),
        Side(
            hand=["divine-refusal", "stillness-of-mind"],
            pool=["sister-aveline", "warden-of-the-silent-helm"],
            formation=["mistwood-dale"],
        ),
        phase="realm",
    )
    rift, dale = card(s, "earthquake-rift"), card(s, "mistwood-dale")
    assert labels(s)[f"play #{rift} -> #{dale}"] == "Play Earthquake Rift on Mistwood Dale (P2)"
    act(s, f"play #{rift} -> #{dale}")
    assert s.decision.kind == "pause" and s.decision.seat == 1
    got = labels(s)
    assert got["pass"] == "Let Earthquake Rift resolve"
    assert (
        got[f"play #{card(s, 'divine-refusal')} -> #{rift}"] == "Negate Earthquake Rift with Divine Refusal"
    )
    assert (
        got[f"play #{card(s, 'stillness-of-mind')} -> #{rift}"]
        == "Ignore Earthquake Rift with Stillness of Mind (for you only)"
    )
    assert (
        got[f"use #{card(s, 'warden-of-the-silent-helm')} -> #{rift}"]
        == "Discard Warden of the Silent Helm to negate Earthquake Rift"
    )
    prompt = s.observe(0)["decision"]["prompt"]
    assert prompt == "Event pause: P1 played Earthquake Rift. Negate it, ignore it, copy it, or pass."


def test_spoils_and_the_cut_say_what_they_really_do() -> None:
    s = battle_table()
    to_defence(s)
    act(s, "pass")  # undefended: razed, spoils for P1
    assert s.decision.kind == "spoils" and s.decision.seat == 0
    spoils = s.decision.data[0]
    name = s.defs[spoils].name
    got = labels(s)
    assert got["keep"] == f"Keep {name} in your hand"
    assert got["put back"] == f"Put {name} back on top of your draw pile"
    assert name not in s.observe(1)["decision"]["prompt"]  # the prompt is public
    fresh = GAME.new_game(seed=1, players=3)
    assert fresh.decision.kind == "cut"
    owner = fresh.seat_label(fresh.decision.data[0])
    got = labels(fresh)
    assert got["pass"] == f"Leave {owner}'s draw pile uncut"
    assert got["choose middle"] == f"Cut {owner}'s draw pile in the middle: its bottom half goes on top"
    assert got["choose top-quarter"] == f"Cut {owner}'s draw pile low: its bottom sixth goes on top"


def test_labels_and_prompts_hold_no_engine_words_over_whole_games_at_two_four_and_six_seats() -> None:
    """Beyond the conformance check: every decision of every seat, and every label names each card."""
    for players in (2, 4, 6):
        s = GAME.new_game(seed=11, players=players)
        rng = Rng(11)
        while s.outcome is None and s.decisions_made < 1500:
            for e in action_entries(s, s.current_player):
                label = e["label"]
                assert "#" not in label and "_" not in label and " slot " not in label, label
                assert label[:1].isupper(), label
                for cid in e["cards"]:
                    assert s.card_label(cid, s.current_player) in label, (e["text"], label)
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        for seat in range(players):
            for line in log(s, seat):
                assert "#" not in line and "_" not in line and line[:1].isupper() and line.endswith("."), line


# ---------------------------------------------------------------------- the log


def test_the_log_says_why_a_realm_is_razed_and_who_won_a_round() -> None:
    s = battle_table()
    to_defence(s)
    act(s, "pass")
    lines = log(s, 1)
    assert "P1 attacks Mistwood Dale (P2)." in lines
    assert "P1 sends Renna Starfall into battle." in lines
    assert "Mistwood Dale (P2) is razed: no champion defended it." in lines
    assert "P1 draws a card as spoils of victory." in lines  # P2 may not see the card ...
    spoils = s.defs[s.decision.data[0]].name
    assert f"P1 draws {spoils} as spoils of victory." in log(s, 0)  # ... its drawer does
    t = battle_table()
    to_defence(t)
    act(t, f"send #{card(t, 'sael-the-silent')}")
    assert "P2 defends with Sael the Silent." in log(t, 0)
    while t.decision.kind in ("fight", "events", "respond"):
        act(t, "pass")
    lines = log(t, 0)
    # 6 for Renna against 3 + 3 for Sael on a realm of his world: the defender wins ties (SF-186)
    assert "P2 wins the round with Sael the Silent, 6 to 6 (the defender wins ties)." in lines
    assert "Renna Starfall (P1) is discarded: it lost the round." in lines


def test_a_face_down_champion_is_never_named_to_the_others() -> None:
    s = scenario(
        Side(hand=["unmaking", *FILL], pool=["master-quillon"]),
        Side(hand=["mara-swiftblade", *FILL], pool=["spellproof-golem"], dungeon=[HIDING]),
        phase="pool",
        active=1,
    )
    mara = card(s, "mara-swiftblade")
    act(s, f"play #{mara}")
    assert "P2 puts Mara Swiftblade into the pool." in log(s, 1)
    for seat in (0, None):
        lines = log(s, seat)
        assert "P2 puts a champion face down into the pool." in lines
        assert not any("Mara" in line or "Golem" in line for line in lines)
        pool = s.observe(seat)["players"][1]["pool"]
        assert [e["champion"] for e in pool] == [{"hidden": True}, {"hidden": True}]
    u = scenario(
        Side(hand=["unmaking", *FILL], pool=["master-quillon"]),
        Side(hand=FILL, pool=["spellproof-golem", "mara-swiftblade"], dungeon=[HIDING]),
        phase="pool",
    )
    got = labels(u)
    unmaking = card(u, "unmaking")
    assert got[f"play #{unmaking} -> pool P2.0"] == f"Cast Unmaking on {HIDDEN_CARD} (P2's first champion)"
    assert got[f"play #{unmaking} -> pool P2.1"] == f"Cast Unmaking on {HIDDEN_CARD} (P2's second champion)"
    assert not any("Golem" in label or "Mara" in label for label in got.values())


@pytest.mark.rules("SF-087")
def test_a_mulligan_is_told_with_the_hand_it_shows() -> None:
    s = scenario(Side(hand=["lyriel-moonquill", *FILL]), Side(hand=FILL), phase="end", turns=2)
    lyriel = card(s, "lyriel-moonquill")
    assert s.describe_event(Event("mulligan", 0), 1) == (
        "P1 calls a mulligan and shows his hand: no realm he can play; the game starts over."
    )
    assert s.describe_event(Event(REVEAL, 0, lyriel, note="mulligan"), 1) == "P1 shows Lyriel Moonquill."


def test_a_draw_is_told_to_every_seat_and_named_only_to_the_drawer() -> None:
    s = scenario(
        Side(hand=FILL), Side(hand=FILL, deck=["brother-cael", "wall-of-winds"]), phase="end", turns=2
    )
    assert s.draw(1, 2) == 2
    drawn = ["Brother Cael", "Wall of Winds"]  # the first card listed is the top of the deck
    assert log(s, 1)[-2:] == [f"P2 draws {name}." for name in drawn]
    assert log(s, 0)[-2:] == ["P2 draws a card.", "P2 draws a card."]
    assert not any(name in line for line in log(s, 0) for name in drawn)


# ---------------------------------------------------------------------- prompts and the end


def test_prompts_speak_of_the_battle_in_words() -> None:
    s = battle_table()
    to_defence(s)
    assert s.describe_decision() == (
        "Renna Starfall attacks Mistwood Dale (P2): defend it with a champion, or let it be razed."
    )
    act(s, f"send #{card(s, 'sael-the-silent')}")
    assert s.decision.kind == "fight" and s.decision.seat == 0
    assert s.describe_decision().startswith("Round 1: P1 is losing, 6 all (the defender wins ties).")


@pytest.mark.rules("SF-094")
def test_the_end_says_who_won_and_how() -> None:
    s = scenario(
        Side(
            hand=["copperhill-town", *FILL],
            formation=[
                "mistwood-dale",
                "tollgate-downs",
                "ashen-dunes",
                "amberfield-march",
                "bonewind-oasis",
            ],
        ),
        Side(),
        phase="realm",
    )
    act(s, f"play #{card(s, 'copperhill-town')} -> slot P1.F")
    assert s.is_over
    assert s.observe(1)["outcome"]["text"] == "P1 wins with six unrazed realms in the formation."
    s.outcome = Outcome((), "turn limit")
    assert s.describe_outcome() == f"The game is a draw: the limit of {GAME.max_turns} turns was reached."
    s.outcome = Outcome((0,), "resignation")
    assert s.describe_outcome() == "P1 wins: every other player has left the game."


# ---------------------------------------------------------------------- the View


def test_every_players_zones_sit_under_his_own_seat_at_four_players() -> None:
    """What issue 28 asks of a four-player table: each formation, pool and hand labelled with its player."""
    s = scenario(
        Side(hand=FILL, pool=["renna-starfall+steel-longsword"], formation=["copperhill-town"]),
        Side(hand=FILL, pool=["sael-the-silent"], formation=["mistwood-dale", "tollgate-downs:razed"]),
        Side(hand=[*FILL, "windfall"], formation=["ashen-dunes", None, "amberfield-march"]),
        Side(hand=FILL, formation=["highmoor-steppe:razed", "pearlshell-bay"]),
        phase="pool",
    )
    view = s.observe(2)
    assert [p["name"] for p in view["players"]] == ["P1", "P2", "P3", "P4"]
    p1, p2, p3, p4 = view["players"]
    # the pyramid, front row first, with what may be attacked now
    assert [[pos["position"] for pos in row] for row in p2["formation"]] == [
        ["A"],
        ["B", "C"],
        ["D", "E", "F"],
    ]
    a, (b, c) = p2["formation"][0][0], p2["formation"][1]
    assert (a["realm"]["name"], a["state"], a["attackable"], a["target"]) == (
        "Mistwood Dale",
        "face up",
        True,
        "slot P2.A",
    )
    assert (b["realm"]["name"], b["state"]) == ("Tollgate Downs", "razed") and "attackable" not in b
    assert c == {"position": "C", "target": "slot P2.C", "state": "empty"}
    assert p3["formation"][1][1]["shielded_by"] == ["A"] and p3["formation"][1][1]["attackable"] is False
    exposed = p4["formation"][1][0]  # a razed realm shields nothing (SF-140)
    assert exposed["realm"]["name"] == "Pearlshell Bay" and exposed["attackable"] is True
    assert "shielded_by" not in exposed
    # pools: each champion with what it carries
    (renna,) = p1["pool"]
    assert renna["champion"]["name"] == "Renna Starfall"
    assert [x["name"] for x in renna["attachments"]] == ["Steel Longsword"]
    assert p4["pool"] == []
    # hands: cards for their owner, a count for the others
    assert [x["name"] for x in p3["hand"]["cards"]][-1] == "Windfall"
    assert p1["hand"] == {"count": 2} and p4["hand"] == {"count": 2}
    assert "formations" not in view and "pools" not in view and "hands" not in view


def test_the_battle_shows_both_sides_their_totals_and_who_may_play() -> None:
    s = battle_table()
    assert s.observe(1)["battle"] is None
    to_defence(s)
    battle = s.observe(1)["battle"]
    assert (battle["attacker"], battle["defender"], battle["round"]) == (0, 1, 1)
    assert battle["target"] == {"card": battle["target"]["card"], "position": "A", "target": "slot P2.A"}
    assert battle["sides"][1] == {"player": 1, "role": "defender"}  # no defender yet
    act(s, f"send #{card(s, 'sael-the-silent')}")
    battle = s.observe(1)["battle"]
    attacker, defender = battle["sides"]
    assert (attacker["champion"]["name"], attacker["total"]) == ("Renna Starfall", 6)
    assert (defender["champion"]["name"], defender["total"]) == ("Sael the Silent", 6)
    assert battle["losing"] == 0 and battle["may_play_cards"] == 0  # the attacker loses ties (SF-186)
    window = s.observe(1)["windows"][-1]
    assert window["kind"] == "round" and window["asking"] == 0
    attacked = s.observe(1)["players"][1]["formation"][0][0]
    assert attacked["attacked"] is True


def test_a_pending_event_and_its_pause_are_shown_in_words() -> None:
    s = scenario(
        Side(hand=["windfall", "village-militia"], deck=["tollgate-downs"] * 4),
        Side(hand=FILL),
        Side(hand=FILL),
        Side(hand=FILL),
        phase="realm",
    )
    act(s, f"play #{card(s, 'windfall')}")
    view = s.observe(3)
    (pending,) = view["pending"]
    assert pending["card"]["name"] == "Windfall" and pending["player"] == 0 and "target" not in pending
    (pause,) = view["windows"]
    assert pause == {
        "kind": "event pause",
        "asking": 1,
        "to_answer": [1, 2, 3],
        "about": pending["card"],
        "played_by": 0,
    }
    act(s, "pass")
    assert s.observe(3)["windows"][0]["to_answer"] == [2, 3]


def test_no_sentinel_reaches_a_card_in_the_view() -> None:
    s = scenario(Side(hand=["lyriel-moonquill", "hired-swords", "word-of-undoing", "windfall"]), Side())
    for c in s.observe(0)["players"][0]["hand"]["cards"]:
        assert all(v is not None and v != -1 and v != "" for v in c.values()), c
        assert "_" not in c["type_name"]


def test_a_spell_answering_another_is_told_against_it_and_shown_aimed_at_it():
    s = scenario(
        Side(
            hand=["grand-desire", "unweave", "village-militia"], pool=["orvath-the-grey", "ilvara-the-keen"]
        ),
        Side(hand=["rebound-ward", "village-militia"], pool=["master-quillon"]),
        phase="pool",
    )
    act(s, f"play #{card(s, 'grand-desire')} -> #{card(s, 'master-quillon')}")
    act(s, f"play #{card(s, 'rebound-ward')} -> #{card(s, 'grand-desire')}")
    act(s, f"play #{card(s, 'unweave')} -> #{card(s, 'rebound-ward')}")
    assert log(s, 1)[-3:] == [
        "P1 casts Grand Desire on Master Quillon.",
        "P2 casts Rebound Ward against Grand Desire.",
        "P1 casts Unweave against Rebound Ward.",
    ]
    pending = s.observe(1)["pending"]
    assert [p["card"]["key"] for p in pending] == ["grand-desire", "rebound-ward", "unweave"]
    assert pending[0]["target"]["card"]["key"] == "master-quillon"
    assert pending[1]["target"] == {"play": pending[0]["card"]}
    assert pending[2]["target"] == {"play": pending[1]["card"]}
