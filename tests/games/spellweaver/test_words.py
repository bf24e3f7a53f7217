"""Spellweaver in words: action labels, log sentences, prompts, the end of the game, and a View with no
placeholder values (view.py, words.py). A card the reader may not see is never named."""

from __future__ import annotations

from typing import Any

from spellforge import find_game
from spellforge.core.actions import Resign
from spellforge.core.observe import action_entries
from spellforge.core.rng import Rng
from spellforge.games.spellweaver.state import SpellweaverState

from .helpers import Side, build, do, play

GAME = find_game("spellweaver")


def labels(s: SpellweaverState) -> list[str]:
    seat = s.current_player
    assert seat is not None
    return [e["label"] for e in action_entries(s, seat)]


def log(s: SpellweaverState, seat: int | None) -> list[str]:
    return s.observe(seat)["log"]


def test_the_main_phase_actions_say_what_they_do() -> None:
    sc = build(
        Side(
            hand=["ash-hound", "emberheart-shrine", "shrine-of-whispers", "big:elder-wurm"],
            combat=["w:warband-raider", "f:flame-herald"],
            hero="kargath-emberfist",
            levels={"rage": 1},
            spark=True,
        ),
        Side(),
    )
    s = sc.state
    shown = labels(s)
    for label in (
        "Finish deploying: go to combat",
        "Play Ash Hound for 2 mana",
        "Play a shrine",
        "Use the skill Cinder Toss for 2 mana",
        "Use Flame Herald",
        "Move a creature to its other row",
        "Make a Divine Offering",
        "Sacrifice The Spark for 1 mana this turn",
    ):
        assert label in shown
    assert not any("Elder Wurm" in label for label in shown)  # its levels are not met
    assert len(shown) == len(s.legal_actions())

    do(s, "shrine")
    assert (
        s.observe(1)["decision"]["prompt"]
        == "P1: choose a shrine, and whether it gives a mana crystal or a level."
    )
    assert labels(s) == [
        "Play Emberheart Shrine for a mana crystal and a card",
        "Play Emberheart Shrine for a Rage level",
        "Play Shrine of Whispers for a mana crystal and the skill Whispered Lore",
        "Play Shrine of Whispers for a Wisdom level",
    ]
    do(s, f"play #{sc['shrine-of-whispers']} for level", "move")
    assert "Move Warband Raider to the support row" in labels(s)
    do(s, f"move #{sc['w']}")
    assert log(s, 1)[-2:] == [
        "P1 plays Shrine of Whispers for a Wisdom level.",
        "Warband Raider moves to P1's support row.",
    ]


def test_targets_offers_and_the_end_of_a_phase_read_as_sentences() -> None:
    sc = build(
        Side(
            hand=["b:firebolt", "ash-hound"],
            levels={"rage": 1},
            deck=["emberheart-shrine", "ember-imp"],
            deck_filler=0,
        ),
        Side(combat=["x:thornback-boar"]),
    )
    s = sc.state
    do(s, f"play #{sc['b']}")
    assert s.observe(1)["decision"]["prompt"] == "P1: choose the target of Firebolt."
    assert set(labels(s)) == {"Play Firebolt on Thornback Boar", "Play Firebolt on P2"}
    do(s, f"target #{sc['x']}")
    assert log(s, 1)[-2:] == [
        "P1 plays Firebolt on Thornback Boar.",
        "Firebolt deals 2 damage to Thornback Boar.",
    ]

    do(s, "offer")
    assert "Offer Ash Hound: put it on the bottom of your deck and look at the top four" in labels(s)
    do(s, f"offer #{sc['ash-hound']}")
    assert labels(s) == ["Take no shrine", "Take Emberheart Shrine into your hand"]
    do(s, f"take #{sc['emberheart-shrine']}")
    assert log(s, 0)[-3:] == [
        "P1 makes a Divine Offering: Ash Hound goes to the bottom of their deck.",
        "P1 looks at the top 2 cards of their deck.",
        "P1 takes Emberheart Shrine into their hand.",
    ]
    assert log(s, 1)[-3:] == [
        "P1 makes a Divine Offering: a card goes to the bottom of their deck.",
        "P1 looks at the top 2 cards of their deck.",
        "P1 takes a card into their hand.",
    ]


def test_combat_reads_as_attacks_blocks_and_damage() -> None:
    sc = build(
        Side(combat=["a:warband-raider", "m:bloodfury-berserker"]),
        Side(combat=["x:thornback-boar", "y:stone-acolyte", "z:chain-warden"]),
        phase="combat",
    )
    s = sc.state
    assert "Don't attack" in labels(s)
    assert "Attack P2 with Warband Raider" in labels(s)
    assert "Attack Thornback Boar with Bloodfury Berserker" in labels(s)
    do(s, f"attack #{sc['m']} -> #{sc['x']}")
    assert "Also attack Stone Acolyte with Bloodfury Berserker" in labels(s)  # Murder Instinct
    assert "Finish declaring attackers" in labels(s)
    do(s, f"attack #{sc['a']} -> P2", "done")
    assert s.observe(0)["decision"]["prompt"] == "P2: declare blockers (instants allowed), then finish."
    assert "Don't block" in labels(s) and "Block Warband Raider with Chain Warden" in labels(s)
    do(s, f"block #{sc['z']} -> #{sc['a']}")
    assert "Finish declaring blockers" in labels(s)
    do(s, "done")
    assert labels(s) == ["Go on to combat damage"]
    do(s, "pass")
    said = log(s, None)
    for line in (
        "P1 attacks Thornback Boar with Bloodfury Berserker.",
        "P1 attacks P2 with Warband Raider.",
        "P2 blocks Warband Raider with Chain Warden.",
        "Bloodfury Berserker deals 3 damage to Thornback Boar.",
        "Thornback Boar dies.",
        "Combat ends.",
    ):
        assert line in said
    assert not any("ranged" in line.lower() for line in said)  # no ranged creature: no ranged step told


def test_the_combat_view_names_targets_by_what_they_are() -> None:
    sc = build(
        Side(combat=["a:warband-raider", "b:ember-imp"]), Side(combat=["x:crypt-crawler"]), phase="combat"
    )
    s = sc.state
    do(s, f"attack #{sc['a']} -> P2", f"attack #{sc['b']} -> #{sc['x']}")
    combat = s.observe(None)["combat"]
    assert [c["targets"] for c in combat] == [[{"player": 1}], [{"card": sc["x"]}]]


def test_the_cancel_window_and_the_end_window_say_what_passing_means() -> None:
    sc = build(
        Side(hand=["v:ember-volley"], levels={"rage": 2}), Side(hand=["u:unravel"], levels={"wisdom": 2})
    )
    s = sc.state
    play(s, sc["v"])
    assert s.decision is not None and s.decision.kind == "cancel"
    assert labels(s) == ["Let Ember Volley resolve", "Cancel Ember Volley with Unravel"]
    assert s.observe(0)["decision"]["prompt"] == "P2: cancel Ember Volley, or let it resolve."
    assert "Unravel" not in s.observe(0)["decision"]["prompt"]
    do(s, "pass")
    assert log(s, 0)[-2:] == ["P1 plays Ember Volley.", "Ember Volley deals 3 damage to P2."]

    sc = build(
        Side(combat=["crypt-crawler"]), Side(hand=["g:glacial-gust"], levels={"wisdom": 1}), phase="end"
    )
    assert sc.state.decision is not None and sc.state.decision.kind == "end_window"
    assert labels(sc.state)[0] == "Let the turn end"
    assert labels(sc.state)[1].startswith("Play Glacial Gust")


def test_the_mulligan_and_a_hidden_hand() -> None:
    s = GAME.new_game(seed=2)
    assert labels(s) == [
        "Keep these seven cards",
        "Mulligan: shuffle all seven back and draw seven new cards",
    ]
    assert s.observe(None)["decision"]["prompt"].endswith(
        ": keep your seven cards, or replace them all (once)."
    )


def test_a_secret_card_is_never_named_to_the_other_player() -> None:
    """A draw, an offered card and the shrine taken: the other player reads "a card", never its name (unless
    it sees a card of that name elsewhere, which tells it nothing)."""
    told = 0
    for seed in range(3):
        s = GAME.new_game(seed=seed)
        rng = Rng(seed)
        while s.outcome is None and s.decisions_made < 300:
            for e in s.iter_log(5):
                if not e.secret or e.card < 0:
                    continue
                other = 1 - e.seat
                name = s.defs[e.card].name
                seen = any(s.can_see(other, c) and s.defs[c].name == name for c in range(len(s.defs)))
                for seat in (other, None):
                    line = s.describe_event(e, seat)
                    assert "a card" in line and (seen or name not in line), line
                    told += 1
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
    assert told > 100


def test_the_end_of_the_game_says_who_won_and_how() -> None:
    sc = build(Side(hand=["v:ember-volley"], levels={"rage": 2}), Side(life=3))
    play(sc.state, sc["v"])
    assert sc.state.observe(None)["outcome"]["text"] == "P1 wins: P2's hero fell below 1 life."

    sc = build(Side(area=["c:celestial-convergence"], energy={"c": 3}), Side(), phase="start")
    assert sc.state.describe_outcome() == "P1 wins: Celestial Convergence says so."

    sc = build(Side(hand=["p:mending-prayer"], levels={"order": 1}, life=38), Side())
    play(sc.state, sc["p"])
    assert sc.state.describe_outcome() == "P1 wins with 40 life."

    sc = build(Side(hand=["m:mind-rot"], levels={"corruption": 1}), Side(deck_filler=2))
    play(sc.state, sc["m"])
    assert sc.state.describe_outcome() == "P1 wins: P2's deck ran out."

    s = GAME.new_game(seed=1)
    s.apply(Resign(1))
    assert s.describe_outcome() == "P1 wins: P2 resigned."


def test_the_view_leaves_out_what_has_no_value() -> None:
    sc = build(
        Side(
            combat=["a:ash-hound"],
            support=["s:grove-hawk"],
            emblems={"s": (1, 0, 0)},
            hero="kargath-emberfist",
        ),
        Side(),
    )
    view: dict[str, Any] = sc.state.observe(0)
    me = view["players"][0]
    hound, hawk = me["combat_row"][0], me["support_row"][0]
    assert "emblems" not in hound and "damage" not in hound and "new" not in hound and "frozen" not in hound
    assert hawk["emblems"] == {"might": 1} and hawk["keywords"] == ["flying"]
    assert hound["keywords"] == ["swift"] and hound["levels"] == "1 Rage" and hound["exhausted"] is False
    assert "looking" not in me and "extra_mana" not in me
    assert (me["mana"], me["crystals"], me["full_crystals"]) == (5, 5, 5)
    (skill,) = me["skills"]
    assert skill["name"] == "Cinder Toss" and skill["ready"] and "turns_left" not in skill
    assert "levels" not in me["hero"] and "cost" not in me["hero"]


def test_a_change_until_end_of_turn_reads_as_a_gain_or_a_loss() -> None:
    sc = build(Side(hand=["s:slowing-current"], levels={"wisdom": 1}), Side(combat=["x:ash-hound"]))
    play(sc.state, sc["s"], sc["x"])
    assert log(sc.state, 1)[-2:] == [
        "P1 plays Slowing Current on Ash Hound.",
        "Ash Hound loses 2 speed until end of turn.",
    ]
