"""Casters in words: action labels, log sentences, prompts and the end of the game (words.py), and the View
a client draws the table from (view.py, documented in docs/games/casters.md)."""

from __future__ import annotations

import pytest

from spellforge.core.actions import Resign
from spellforge.core.describe import HIDDEN_CARD
from spellforge.core.flow import Outcome
from spellforge.core.observe import action_entries
from spellforge.core.targets import CardRef
from spellforge.games.casters.actions import SetCard
from spellforge.games.casters.base import SET
from spellforge.games.casters.state import CastersState

from .casters_util import Side, act, card_id, scenario

PAUSE = ["ashen-whelp", "tide-sprite"]  # two set cards: P2 must choose a reveal, so the flow stops there


def labels(s: CastersState) -> dict[str, str]:
    """The deciding seat's options: printed text -> label."""
    return {e["text"]: e["label"] for e in action_entries(s, s.current_player)}


def log(s: CastersState, seat: int | None) -> list[str]:
    return list(s.observe(seat)["log"])


# ---------------------------------------------------------------------- set and reveal


def test_setting_cards_is_labelled_for_the_setter_and_secret_in_everyone_else_s_log() -> None:
    s = scenario(Side(hand=["tide-sprite", "reef-lancer", "gravel-ghoul"]), Side(hand=PAUSE), phase="set")
    sprite = card_id(s, "tide-sprite")
    assert s.describe_decision() == "Set Phase: set a card face down (2 to go)."
    assert labels(s)[f"set #{sprite}"] == "Set Tide Sprite face down"
    act(s, f"set #{sprite}")
    assert s.describe_decision() == "Set Phase: set a card face down (1 to go)."
    assert "P1 sets Tide Sprite face down." in log(s, 0)
    for seat in (1, None):
        assert "P1 sets a card face down." in log(s, seat)
        assert not any("Tide Sprite" in line for line in log(s, seat))
    assert "Set Phase: each player sets 2 cards face down." in log(s, None)
    # the setter sees its face-down cards; the other player only how many
    assert [c["name"] for c in s.observe(0)["players"][0]["set"]["cards"]] == ["Tide Sprite"]
    assert s.observe(1)["players"][0]["set"] == {"count": 1}
    # a label never names a card its reader cannot see
    assert s.describe_action(SetCard(sprite), 1) == f"Set {HIDDEN_CARD} face down"
    assert (
        s.target_label(CardRef(sprite), 1) == HIDDEN_CARD
        and s.target_label(CardRef(sprite), 0) == "Tide Sprite"
    )


def test_a_revealed_card_is_played_or_recycled_and_the_view_says_whose_reveal_it_is() -> None:
    s = scenario(
        Side(set=["tide-sprite", "reef-lancer"], deck=["gravel-ghoul", "dusk-ravager"]),
        Side(set=PAUSE),
        phase="reveal",
    )
    sprite = card_id(s, "tide-sprite")
    assert s.describe_decision() == "Reveal Phase: reveal one of your face-down cards."
    assert labels(s)[f"reveal #{sprite}"] == "Reveal Tide Sprite"
    assert s.observe(None)["revealing"] == 0
    act(s, f"reveal #{sprite}")
    assert s.describe_decision() == (
        "Tide Sprite is revealed: play it (free), or recycle it (to the Graveyard, and draw 2 cards)."
    )
    got = labels(s)
    assert got[f"play #{sprite}"] == "Play Tide Sprite (free)"
    assert got[f"recycle #{sprite}"] == "Recycle Tide Sprite: to the Graveyard, and draw 2 cards"
    assert s.observe(1)["revealing"] == 0 and [c["name"] for c in s.observe(1)["revealed"]] == ["Tide Sprite"]
    act(s, f"recycle #{sprite}")
    assert "P1 recycles Tide Sprite: it goes to the Graveyard and P1 draws 2 cards." in log(s, 1)
    assert s.decision is not None and s.decision.seat == 1 and s.observe(None)["revealing"] == 1


def test_paying_a_cost_names_the_card_paid_with_and_the_card_paid_for() -> None:
    s = scenario(
        Side(set=["hush-warden"], hand=["quell", "searing-hex"]),
        Side(set=PAUSE),
        phase="reveal",
    )
    warden, quell = card_id(s, "hush-warden"), card_id(s, "quell")
    assert labels(s)[f"play #{warden}"] == "Play Hush Warden (cost: discard a card)"
    act(s, f"play #{warden}")
    assert s.describe_decision() == "Pay for Hush Warden: discard a card still to pay."
    assert labels(s)[f"discard #{quell}"] == "Discard Quell to pay for Hush Warden"
    assert s.observe(None)["payment"] == {"seat": 0, "card": warden, "left": "discard a card"}
    act(s, f"discard #{quell}")
    lines = log(s, 1)
    assert "P1 discards Quell to pay for Hush Warden." in lines
    assert "P1 plays Hush Warden." in lines and "Hush Warden is summoned onto P1's field." in lines


def test_a_sacrifice_cost_and_an_equip_are_labelled_with_the_minions_they_use() -> None:
    s = scenario(
        Side(set=["pactbound-fiend"], field=["ashen-whelp", "reef-lancer"]), Side(set=PAUSE), phase="reveal"
    )
    fiend, whelp = card_id(s, "pactbound-fiend"), card_id(s, "ashen-whelp")
    act(s, f"play #{fiend}")
    assert labels(s)[f"sacrifice #{whelp}"] == "Sacrifice your Ashen Whelp to pay for Pactbound Fiend"
    act(s, f"sacrifice #{whelp}")
    assert "P1 sacrifices Ashen Whelp to pay for Pactbound Fiend." in log(s, 1)

    s = scenario(Side(set=["twinfang-sabre"], field=["reef-lancer"]), Side(set=PAUSE), phase="reveal")
    sabre, lancer = card_id(s, "twinfang-sabre"), card_id(s, "reef-lancer")
    assert labels(s)[f"equip #{sabre} -> #{lancer}"] == "Equip Twinfang Sabre to your Reef Lancer (free)"
    act(s, f"equip #{sabre} -> #{lancer}")
    lines = log(s, 1)
    assert "P1 plays Twinfang Sabre as equipment for P1's Reef Lancer." in lines
    assert "Twinfang Sabre is equipped to P1's Reef Lancer." in lines
    (sabre_view,) = s.observe(1)["players"][0]["field"]
    assert sabre_view["equipped_to"] == lancer


def test_a_targeted_spell_names_its_target_with_its_controller() -> None:
    s = scenario(Side(set=["frozen-grasp"]), Side(field=["gravel-ghoul"], set=PAUSE), phase="reveal")
    grasp, ghoul = card_id(s, "frozen-grasp"), card_id(s, "gravel-ghoul")
    assert labels(s)[f"play #{grasp} -> #{ghoul}"] == "Play Frozen Grasp on P2's Gravel Ghoul (free)"
    act(s, f"play #{grasp} -> #{ghoul}")
    lines = log(s, 1)
    assert "P1 plays Frozen Grasp on P2's Gravel Ghoul." in lines
    assert "P2's Gravel Ghoul is tapped." in lines


# ---------------------------------------------------------------------- the stack


def test_a_response_is_labelled_with_what_it_answers_and_what_it_costs() -> None:
    s = scenario(
        Side(set=["unmaking"], hand=["tide-sprite"]),
        Side(field=["hush-warden", "glacier-titan"], set=PAUSE),
        phase="reveal",
    )
    unmaking, titan, warden = card_id(s, "unmaking"), card_id(s, "glacier-titan"), card_id(s, "hush-warden")
    act(s, f"play #{unmaking} -> #{titan}")
    uid = s.stack[-1].uid
    got = labels(s)
    assert (
        got[f"use #{warden} -> @{uid}"]
        == "Use Hush Warden's ability on P1's Unmaking on the stack, tapping it"
    )
    assert got["pass"] == "Pass: let Unmaking resolve"
    assert s.describe_decision() == "P1's Unmaking is on the stack: respond, or pass to let it resolve."
    (item,) = s.observe(1)["stack"]
    assert item["label"] == "Unmaking" and item["mode"] == "play" and item["negated"] is False
    assert item["targets"] == [{"card": titan, "label": "P2's Glacier Titan"}]
    act(s, f"use #{warden} -> @{uid}")
    lines = log(s, 0)
    assert "P1 plays Unmaking on P2's Glacier Titan." in lines
    assert "P1 discards Tide Sprite to pay for Unmaking." in lines
    assert "P2 uses Hush Warden's ability on Unmaking on the stack." in lines
    assert "P2 negates Unmaking." in lines and "Hush Warden's ability resolves." in lines


def test_a_trigger_target_a_search_and_an_optional_summon_are_labelled() -> None:
    s = scenario(
        Side(set=["frostbinder"]),
        Side(field=["glacier-titan", "reef-lancer:tapped"], set=PAUSE),
        phase="reveal",
    )
    act(s, f"play #{card_id(s, 'frostbinder')}")
    titan = card_id(s, "glacier-titan")
    assert s.describe_decision() == "Choose a target for Frostbinder's ability."
    assert labels(s)[f"target #{titan}"] == "Aim Frostbinder's ability at P2's Glacier Titan"
    assert "P1's Frostbinder's On Play ability triggers." not in log(s, 1)  # asked for a target first
    act(s, f"target #{titan}")
    assert "P1's Frostbinder's On Play ability triggers." in log(s, 1)

    s = scenario(
        Side(set=["crypt-seeker"], deck=["tide-sprite", "gravel-ghoul"]), Side(set=PAUSE), phase="reveal"
    )
    act(s, f"play #{card_id(s, 'crypt-seeker')}")
    ghoul = card_id(s, "gravel-ghoul")
    assert s.describe_decision() == "Search: take a LvL 3 card from your Main Deck."
    assert labels(s) == {f"take #{ghoul}": "Take Gravel Ghoul from your Main Deck"}
    act(s, f"take #{ghoul}")
    assert "P1 searches the Main Deck and takes Gravel Ghoul (shown to both players)." in log(s, 1)

    s = scenario(
        Side(set=["unmaking"], hand=["quell"]),
        Side(field=["restless-revenant"], hand=["tide-sprite", "reef-lancer"], set=PAUSE),
        phase="reveal",
    )
    revenant = card_id(s, "restless-revenant")
    act(s, f"play #{card_id(s, 'unmaking')} -> #{revenant}")
    assert s.describe_decision() == (
        "Restless Revenant died: you may discard a card to summon it from your Graveyard, or pass."
    )
    assert labels(s) == {
        "choose yes": "Discard a card to summon Restless Revenant from your Graveyard",
        "pass": "Leave Restless Revenant in the Graveyard",
    }
    assert "Unmaking destroys P2's Restless Revenant." in log(s, 0)


def test_a_forced_discard_is_prompted_and_labelled() -> None:
    s = scenario(
        Side(set=["whisper-thief"]), Side(hand=["glacier-titan", "quell"], set=PAUSE), phase="reveal"
    )
    act(s, f"play #{card_id(s, 'whisper-thief')}")
    assert s.decision is not None and s.decision.kind == "discard" and s.decision.seat == 1
    assert s.describe_decision() == "Discard a card."
    assert labels(s)[f"discard #{card_id(s, 'quell')}"] == "Discard Quell"


# ---------------------------------------------------------------------- battle


def test_an_attack_on_the_hero_its_blockers_and_the_damage_read_as_sentences() -> None:
    s = scenario(
        Side(field=["dusk-ravager"]),
        Side(field=["tide-sprite:damage=3", "reef-lancer"], stage_deck=["misty-fen", "sunken-library"]),
        phase="battle",
    )
    ravager, sprite, lancer = card_id(s, "dusk-ravager"), card_id(s, "tide-sprite"), card_id(s, "reef-lancer")
    act(s, f"attack #{ravager} -> P2")
    assert s.describe_decision() == (
        "P1's Dusk Ravager attacks your Hero: block with untapped minions, one at a time in the order they "
        "take its damage, then Done."
    )
    got = labels(s)
    assert got["done"] == "Don't block: let P1's Dusk Ravager hit your Hero"
    assert got[f"block #{sprite}"] == "Block P1's Dusk Ravager with Tide Sprite"
    act(s, f"block #{sprite}")
    assert labels(s)[f"block #{lancer}"] == "Block P1's Dusk Ravager with Reef Lancer, after Tide Sprite"
    assert labels(s)["done"] == "Finish blocking"
    v = s.observe(None)
    assert v["combat"] == {
        "attacker": ravager,
        "blockers": [sprite],
        "target": {"player": 1, "label": "P2's Hero"},
    }
    minions = {c["id"]: c for p in v["players"] for c in p["minions"]}
    assert minions[ravager]["attacking"] is True and minions[sprite]["blocking"] == ravager
    act(s, "done")
    lines = log(s, None)
    assert "P1 attacks P2's Hero with Dusk Ravager." in lines
    assert "P2 blocks P1's Dusk Ravager with Tide Sprite." in lines
    assert "P2's Tide Sprite takes 3 damage from Dusk Ravager." in lines
    assert "P2's Hero takes 2 damage from Dusk Ravager." in lines
    assert "P2's Tide Sprite is destroyed: the damage on it reached its Health." in lines
    assert s.observe(None)["combat"] is None


def test_a_skip_after_the_opponent_s_skip_says_it_ends_the_battle_phase() -> None:
    s = scenario(Side(field=["dusk-ravager"]), Side(field=["reef-lancer"]), phase="battle")
    assert labels(s)["skip"] == "Skip this battle turn"
    act(s, "skip")
    assert labels(s)["skip"] == "Skip: end the Battle Phase"
    assert s.describe_decision().endswith(
        "Your opponent has just skipped: skipping now ends the Battle Phase."
    )
    assert "P1 skips." in log(s, 1)


# ---------------------------------------------------------------------- the View


def test_the_view_holds_no_internal_values() -> None:
    s = scenario(Side(set=["quell"]), Side(set=PAUSE), phase="reveal")
    player = s.observe(0)["players"][0]
    assert "negate_next" not in player and "negates_next" not in player
    act(s, f"play #{card_id(s, 'quell')}")
    assert s.observe(1)["players"][0]["negates_next"] == 1
    assert "P1 will negate the next card or ability the opponent activates this turn." in log(s, 1)
    assert s.observe(None)["stack"] == [] and s.observe(None)["payment"] is None


# ---------------------------------------------------------------------- the end


@pytest.mark.parametrize(
    ("winners", "reason", "text"),
    [
        ((0,), "stages", "P1 wins: P2 has no Stage left."),
        ((1,), "resignation", "P2 wins: P1 resigned."),
        ((1,), "time", "P2 wins: P1 ran out of time."),
        ((), "turn limit", "The game is a draw: it reached the limit of 100 turns."),
        (
            (),
            "both Heroes lost their last Stage at once",
            "The game is a draw: both Heroes lost their last Stage at once.",
        ),
    ],
)
def test_the_end_of_the_game_says_who_won_and_how(winners: tuple[int, ...], reason: str, text: str) -> None:
    s = scenario(Side(), Side())
    s.outcome = Outcome(winners, reason)
    assert s.describe_outcome() == text and s.observe(1)["outcome"]["text"] == text


def test_a_resignation_ends_the_game_in_words() -> None:
    s = scenario(Side(set=PAUSE), Side(set=PAUSE), phase="reveal")
    s.apply(Resign(0))
    assert s.observe(None)["outcome"]["text"] == "P2 wins: P1 resigned."
    assert s.zones[SET[0]]  # (nothing else changed)
