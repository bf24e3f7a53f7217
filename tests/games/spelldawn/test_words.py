"""Spelldawn in words: action labels, log sentences, prompts, the end of the game, and the raid's story in the
View (view.py, words.py). Seats are named by role; a card the reader may not see is never named."""

from __future__ import annotations

from typing import Any

import pytest

from spellforge import find_game
from spellforge.core.actions import Resign
from spellforge.core.observe import action_entries
from spellforge.core.rng import Rng
from spellforge.core.targets import Place
from spellforge.games.spelldawn.actions import PlayCard
from spellforge.games.spelldawn.state import SpelldawnState

from .util import Side, act, card_id, scenario


def labels(s: SpelldawnState) -> list[str]:
    seat = s.current_player
    assert seat is not None
    return [e["label"] for e in action_entries(s, seat)]


def log(s: SpelldawnState, seat: int | None) -> list[str]:
    return s.observe(seat)["log"]


def walled(
    *defenders: str, occupant: str = "tithe-of-ash", ol_mana: int = 10, **champion: Any
) -> SpelldawnState:
    """Room A holds ``occupant`` behind ``defenders`` (innermost first); the Champion is to act."""
    return scenario(
        Side(rooms={"A": [occupant, *defenders]}, mana=ol_mana), Side(**champion), active="champion"
    )


def test_the_overlords_main_phase_actions_say_what_they_do() -> None:
    s = scenario(
        Side(
            hand=["iron-sentinel", "crown-of-cinders", "decree-of-taxes"],
            rooms={"B": ["gilded-ledger"], "C": ["iron-toll"]},
            deck=["foresight"],
            mana=3,
        ),
        Side(arena=["ember-of-hope"], curses=1),
    )
    shown = labels(s)
    for label in (
        "Gain 1 mana",
        "Draw a card",
        "Pass: spend an action point doing nothing",
        "Play Iron Sentinel face down to defend the Vault",
        "Play Iron Sentinel face down to defend Room E",
        "Play Crown of Cinders face down in Room A",
        "Play Decree of Taxes for 1 mana",
        "Progress Gilded Ledger in Room B for 1 mana",
        "Dispel Ember of Hope for 2 mana",
        "Unveil Iron Toll for 1 mana",
    ):
        assert label in shown
    assert len(shown) == len(s.legal_actions())


def test_the_champions_main_phase_actions_say_what_they_do() -> None:
    s = scenario(
        Side(rooms={"B": ["gilded-ledger"]}),
        Side(hand=["glass-bow", "windfall"], arena=["astral-familiar"], curses=1, mana=5),
        active="champion",
    )
    shown = labels(s)
    for label in (
        "Play Glass Bow for 1 mana",
        "Play Windfall",  # it costs nothing
        "Remove a curse for 2 mana",
        "Activate Astral Familiar",
        "Raid the Sanctum",
        "Raid the Vault",
        "Raid the Crypts",
        "Raid Room B",
    ):
        assert label in shown
    assert "Raid Room A" not in shown  # an empty outer room cannot be raided (SD-R15)


def test_a_raid_reads_step_by_step_and_its_story_is_in_the_view() -> None:
    s = walled("iron-sentinel", arena=["forged-greatsword"])
    act(s, "raid room A")
    assert s.decision is not None and s.decision.kind == "summon"
    assert labels(s) == [
        "Don't summon Iron Sentinel: the Champion passes it by",
        "Summon Iron Sentinel for 3 mana",
    ]
    prompt = s.observe(s.ch)["decision"]["prompt"]
    assert prompt.startswith("The Champion approaches a face-down minion defending Room A: the Overlord may")
    assert "Iron Sentinel" not in prompt  # the prompt is public
    raid = s.observe(s.ch)["raid"]
    assert (raid["room"], raid["name"], raid["step"], raid["defender"], raid["path"]) == (
        "A",
        "Room A",
        "approach",
        0,
        [],
    )

    act(s, f"summon #{card_id(s, 'iron-sentinel')}")
    assert labels(s) == ["Let Iron Sentinel's Combat ability fire", "Use Forged Greatsword on Iron Sentinel"]
    assert s.observe(None)["decision"]["prompt"] == (
        "The Champion encounters Iron Sentinel in Room A: use a weapon to defeat it, or let its Combat ability fire."
    )
    act(s, f"use #{card_id(s, 'forged-greatsword')}")
    assert s.decision.kind == "roombound" and labels(s) == ["Don't unveil anything"]
    act(s, "pass")
    assert labels(s) == ["Finish accessing: the raid ends", "Score Tithe of Ash for 10 points"]
    act(s, f"score #{card_id(s, 'tithe-of-ash')}", "done")

    assert log(s, s.ch)[-8:] == [
        "The Champion raids Room A.",
        "The Overlord summons Iron Sentinel for 3 mana.",
        "The Champion encounters Iron Sentinel.",
        "The Champion defeats Iron Sentinel with Forged Greatsword.",
        "The Champion reaches Room A: the raid succeeds.",
        "The Champion accesses Tithe of Ash.",
        "The Champion steals Tithe of Ash and scores 10 points.",
        "The Champion has finished accessing: the raid on Room A is over.",
    ]
    raid = s.observe(None)["raid"]
    assert raid["step"] == "end" and "defender" not in raid
    (entry,) = raid["path"]
    assert entry["defender"] == 0 and entry["card"]["name"] == "Iron Sentinel" and entry["summoned"]
    assert (entry["result"], entry["weapon"]["name"], entry["mana"]) == ("defeated", "Forged Greatsword", 0)
    assert [(a["card"]["name"], a["result"]) for a in raid["accessed"]] == [("Tithe of Ash", "scored")]
    assert raid["end"] == {
        "success": True,
        "text": "The Champion has finished accessing: the raid on Room A is over.",
    }


@pytest.mark.rules("SD-R16", "SD-K20")
def test_the_log_and_the_view_say_which_minion_ended_the_raid() -> None:
    s = walled("iron-sentinel:up", mana=0)
    act(s, "raid room A")  # no weapon: its Combat ability fires at once
    assert log(s, s.ch)[-3:] == [
        "The Champion encounters Iron Sentinel.",
        "The Champion does not fight Iron Sentinel: its Combat ability fires.",
        "Iron Sentinel ends the raid on Room A.",
    ]
    end = s.observe(s.ol)["raid"]["end"]
    assert end["success"] is False and end["by"]["name"] == "Iron Sentinel"
    assert end["text"] == "Iron Sentinel ends the raid on Room A."
    assert s.observe(s.ch)["raid"]["path"][0]["result"] == "combat"


@pytest.mark.rules("SD-R21")
def test_a_project_that_ends_the_raid_is_named_as_its_cause() -> None:
    s = walled(occupant="overgrown-gate")
    act(s, "raid room A", f"unveil #{card_id(s, 'overgrown-gate')}")
    assert log(s, s.ch)[-2:] == [
        "The Overlord unveils Overgrown Gate for 2 mana.",
        "Overgrown Gate ends the raid on Room A.",
    ]
    assert s.observe(s.ch)["raid"]["unveiled"][0]["name"] == "Overgrown Gate"


@pytest.mark.rules("SD-104", "SD-108")
def test_passed_defenders_are_told_without_naming_them_to_the_champion() -> None:
    s = walled("iron-sentinel", "cinder-golem", ol_mana=0)
    act(s, "raid room A")  # nothing affordable: straight to the room
    said = "the Champion passes them all."
    assert (
        log(s, s.ch)[-1]
        == f"The Overlord cannot pay for any of the 2 face-down minions defending Room A: {said}"
    )
    path = s.observe(s.ch)["raid"]["path"]
    assert [(p["defender"], p["card"], p["result"]) for p in path] == [
        (1, {"hidden": True}, "passed"),
        (0, {"hidden": True}, "passed"),
    ]
    assert [p["card"]["name"] for p in s.observe(s.ol)["raid"]["path"]] == ["Cinder Golem", "Iron Sentinel"]

    s = walled("iron-sentinel")
    act(s, "raid room A", "pass")  # the Overlord could summon it but does not
    line = "The Overlord does not summon {}: the Champion passes it by."
    assert line.format("a face-down minion") in log(s, s.ch)
    assert line.format("Iron Sentinel") in log(s, s.ol)


def test_secret_cards_are_named_only_to_the_seat_that_sees_them() -> None:
    s = scenario(Side(hand=["iron-sentinel", "crown-of-cinders"], deck=["hoard-of-suns"]), Side())
    act(
        s,
        f"play #{card_id(s, 'iron-sentinel')} in room vault",
        f"play #{card_id(s, 'crown-of-cinders')} in room A",
        "draw",
    )
    mine = log(s, s.ol)[:3]  # then the Champion's turn begins
    assert mine == [
        "The Overlord plays Iron Sentinel face down to defend the Vault.",
        "The Overlord plays Crown of Cinders face down in Room A.",
        "The Overlord draws Hoard of Suns.",
    ]
    for seat in (s.ch, None):
        assert log(s, seat)[:3] == [
            "The Overlord plays a face-down minion to defend the Vault.",
            "The Overlord plays a card face down in Room A.",
            "The Overlord draws a card.",
        ]
    # a secret draw stays secret after the card is shown: the log tells what was known then
    s = scenario(Side(), Side(deck=["windfall"]), active="champion")
    act(s, "draw", f"play #{card_id(s, 'windfall')}")
    assert log(s, s.ol)[-3:] == [
        "The Champion draws a card.",
        "The Champion plays Windfall.",
        "The Champion gains 3 mana from Windfall.",
    ]
    assert log(s, s.ch)[-3] == "The Champion draws Windfall."
    s = scenario(Side(hand=["iron-sentinel", "crown-of-cinders"]), Side())
    # a label for a seat that cannot see the card names neither the card nor its cost
    sentinel = card_id(s, "iron-sentinel")
    assert s.describe_action(PlayCard(sentinel, Place("room", "B")), s.ch) == (
        "Play a face-down card face down to defend Room B"
    )


def test_the_champion_never_reads_a_hidden_card_of_the_overlord() -> None:
    game = find_game("spelldawn")
    for seed in range(3):
        s = game.new_game(seed=seed)
        rng = Rng(seed)
        while s.outcome is None and s.decisions_made < 400:
            hidden = {s.defs[c].name for c in range(len(s.defs)) if not s.can_see(s.ch, c)}
            hidden -= {s.defs[c].name for c in range(len(s.defs)) if s.can_see(s.ch, c)}  # a copy it sees
            view = s.observe(s.ch)
            said = [*view["log"], view["decision"]["prompt"] if view["decision"] else ""]
            said += [e["label"] for e in action_entries(s, s.ch)]
            for text in said:
                assert not any(name in text for name in hidden), text
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])


def test_limits_discards_and_the_mulligan_have_their_own_words() -> None:
    s = scenario(
        Side(hand=["cinder-golem"], rooms={"vault": [None, "iron-sentinel"] + ["oathbound-thrall"] * 3}),
        Side(),
    )
    act(s, f"play #{card_id(s, 'cinder-golem')} in room vault")
    assert s.decision.kind == "limit"
    assert "Sacrifice Iron Sentinel to make room for Cinder Golem" in labels(s)
    assert "Cancel: take Cinder Golem back into your hand" in labels(s)
    assert s.observe(s.ch)["decision"]["prompt"].startswith("The Vault already has 4 defenders:")

    s = scenario(Side(), Side(hand=["windfall"] * 7), active="champion", ap=1)
    act(s, "pass")
    assert s.decision.kind == "discard" and labels(s) == ["Discard Windfall"] * 7
    assert s.observe(s.ol)["decision"]["prompt"] == "Champion: discard down to 5 cards."

    s = find_game("spelldawn").new_game(seed=1)
    assert labels(s) == ["Keep this hand", "Mulligan: shuffle this hand back and draw 5 new cards"]
    assert s.observe(None)["decision"]["prompt"].startswith("Overlord: keep your opening hand")


def test_card_abilities_that_change_numbers_are_told() -> None:
    s = walled("hourglass-wraith:up", arena=["hired-torchbearer"], mana=0)
    act(s, "raid room A")
    said = log(s, s.ch)
    assert "Hired Torchbearer gives the Champion 1 mana to spend during this raid." in said
    assert "Hourglass Wraith makes the Champion lose 1 action point." in said
    assert said[-1] == "Hourglass Wraith ends the raid on Room A."


def test_the_end_of_the_game_says_who_won_and_how() -> None:
    s = walled(mana=0, points=50)
    act(s, "raid room A", "pass", f"score #{card_id(s, 'tithe-of-ash')}")
    assert s.observe(None)["outcome"]["text"] == "The Champion wins with 60 points."

    s = walled("ember-imp:up", mana=0)
    act(s, "raid room A")
    assert s.describe_outcome() == "The Overlord wins: the Champion took damage with no card left to discard."

    s = scenario(Side(), Side(), active="champion", ap=1)
    act(s, "pass")  # the Overlord's turn begins with a draw from its empty deck
    assert s.describe_outcome() == "The Champion wins: the Overlord had to draw from an empty Vault."

    s = scenario(Side(), Side())
    s.apply(Resign(s.ch))
    assert s.describe_outcome() == "The Overlord wins: the Champion resigned."


def test_the_view_names_rooms_and_omits_what_has_no_value() -> None:
    s = scenario(Side(rooms={"A": ["tithe-of-ash", "iron-sentinel", "cinder-golem:up"]}), Side())
    view = s.observe(s.ch)
    rooms = {r["room"]: r for r in view["rooms"]}
    assert [r["name"] for r in view["rooms"]][:4] == ["the Sanctum", "the Vault", "the Crypts", "Room A"]
    assert [rooms[n]["holds"] for n in ("sanctum", "vault", "crypts")] == ["hand", "deck", "discard"]
    assert "occupant" not in rooms["B"] and rooms["A"]["occupant"] == {"hidden": True, "face_down": True}
    # defenders innermost first: the face-up golem was played last, so it is the outermost
    assert rooms["A"]["defenders"][0] == {"hidden": True, "face_down": True}
    assert rooms["A"]["defenders"][1]["name"] == "Cinder Golem"
    assert view["raid"] is None
    assert view["players"][s.ch]["max_hand_size"] == 5
    assert "action_points" not in view["players"][s.ch]


def test_the_raid_story_does_not_depend_on_hidden_cards() -> None:
    s = walled("iron-sentinel", "cinder-golem", arena=["forged-greatsword"])
    act(s, "raid room A", "pass")  # the golem is passed by face down; the sentinel is approached
    assert s.observe(s.ch)["raid"]["path"] == [{"defender": 1, "card": {"hidden": True}, "result": "passed"}]
    for seed in range(10):
        det = s.determinize(s.ch, Rng(seed))
        assert det.observe(s.ch) | {"log": []} == s.observe(s.ch) | {"log": []}
