"""Keywords (catalog SF-K..): read from each card's data, shown in the View, with reminder text for clients."""

from __future__ import annotations

import io

from rich.console import Console

from spellforge import GAMES
from spellforge.games.spellfire.cards import KEYWORD_OF_POWER, MOVEMENT
from spellforge.games.spellfire.scenario import Side, card, scenario
from spellforge.ui.presentation import keyword_reminders
from spellforge.ui.terminal import TerminalGame

GAME = GAMES["spellfire"]


def test_every_keyword_a_card_shows_has_reminder_text_and_none_is_left_unused():
    used = {k for c in GAME.cards.values() for k in c.keywords}
    reminders = keyword_reminders(GAME)
    assert used == set(reminders)
    assert all(len(text) > 20 and text.endswith(".") for text in reminders.values())


def test_keywords_follow_the_card_data():
    for c in GAME.cards.values():
        k = c.keywords
        assert (c.type == "event") == (("harmful" in k) != ("helpful" in k))
        assert ("harmful" in k) == (c.type == "event" and c.harmful)
        assert ("coast" in k) == c.coast and ("avatar" in k) == c.avatar and ("multiples" in k) == c.multiples
        assert k & set(MOVEMENT) == c.all_traits & set(MOVEMENT)
        for verb in c.powers:
            if verb in KEYWORD_OF_POWER:
                assert KEYWORD_OF_POWER[verb] in k, (c.key, verb)
    flyer = GAME.cards["cinderwing-drake"]
    assert "flyer" in flyer.keywords


def test_the_view_and_the_terminal_show_a_card_s_keywords_with_their_reminders():
    s = scenario(Side(hand=["village-militia"], pool=["cinderwing-drake"]), Side(), phase="pool")
    drake = card(s, "cinderwing-drake")
    shown = next(e["champion"] for e in s.observe(1)["players"][0]["pool"] if e["champion"]["id"] == drake)
    assert "flyer" in shown["keywords"]
    out = io.StringIO()
    console = Console(record=True, width=160, file=out)
    lines = iter([f"card #{drake}"])

    def read(prompt: str) -> str:
        return next(lines)

    game = TerminalGame(s, {0}, {}, console=console, read=read)
    game.show_card(s.observe(0), f"#{drake}")
    text = console.export_text()
    assert "Flyer: " + keyword_reminders(GAME)["flyer"][:30] in text.replace("\n", " ")
