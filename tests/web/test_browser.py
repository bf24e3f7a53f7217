"""End to end in a real browser (Playwright driving the system's Chromium, headless), as a person plays: for
every registered game, at desktop and phone size, a game against a bot played to the end by clicking what a
person would click and choosing options by their labels, checking on the way that nothing a player reads
holds an id, an engine word or a rule ID; two pages playing each other through an invite link; a phone tap
that never acts alone; SPELLFIRE's four players each labelled; errors that stop or retry; the replay viewer,
the How to play page and the deck builder. Screenshots go to build/test-artifacts/screenshots/.

Marked ``browser``; skipped (with the reason) when Playwright or a Chromium executable is missing.
"""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from .conftest import need_web

need_web()

import spellforge  # noqa: E402
from spellforge.web.guides import DOCS  # noqa: E402

from .clicks import (  # noqa: E402
    board_state,
    browser,
    create_game,
    open_page,
    play_to_end,
    server,
    serving,
    shot,
)

pytestmark = pytest.mark.browser
__all__ = ["browser", "server"]  # the fixtures


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.parametrize("game", sorted(spellforge.GAMES))
def test_a_game_against_a_bot_is_played_to_the_end_by_clicking(
    server: str, browser: Any, game: str, size: str
) -> None:
    page = open_page(browser, size)
    create_game(page, server, game, ["human", "random"])
    page.click("#open-game")
    page.wait_for_selector("#board")
    assert page.locator("#phase").inner_text().strip()
    if size == "desktop":  # a two-player table fits the window: no page scroll
        assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight + 1")
    shot(page, f"{game}-{size}-start")
    play_to_end([page], seed=len(game) + len(size))
    page.wait_for_selector("#outcome")
    shot(page, f"{game}-{size}-over")
    text = page.locator("#outcome").inner_text()
    assert "Game over" in text and ("win" in text or "draw" in text), text
    assert not page.errors, page.errors


def test_a_finished_game_replays_step_by_step(server: str, browser: Any) -> None:
    page = open_page(browser)
    create_game(page, server, "casters", ["random", "random"])
    game_id = page.locator("#open-game").get_attribute("href").split("/")[2].split("?")[0]
    page.click("#open-game")
    try:
        page.wait_for_selector("#board[data-over='1']", timeout=120_000)
    except Exception as exc:  # say where the game stood, on the server and on the page
        with urllib.request.urlopen(f"{server}/api/games/{game_id}/view") as r:
            public = json.load(r)
        raise AssertionError(
            f"the page did not show the end of game {game_id}: the server is at version {public['version']}, "
            f"over={public['view']['outcome'] is not None}, problem={public.get('problem')!r}; "
            f"the page shows {board_state(page)}; page errors {page.errors}"
        ) from exc
    page.click("#replay-link")
    page.wait_for_selector("#seek")
    page.click("#last")
    page.wait_for_function(
        "document.querySelector('#step') && !document.querySelector('#step').textContent.startsWith('step 0 ')"
    )
    assert page.locator("#outcome").count() == 1
    page.click("#first")
    page.wait_for_function(
        "document.querySelector('#step') && document.querySelector('#step').textContent.startsWith('step 0 ')"
    )
    assert not page.errors, page.errors


def test_two_pages_play_each_other_through_an_invite_link(server: str, browser: Any) -> None:
    host = open_page(browser)
    create_game(host, server, "casters", ["human", "human"])
    invite = host.locator("input.invite[data-seat='1']").input_value()
    host.click("#open-game")
    guest = open_page(browser, "phone")
    guest.goto(invite)
    host.wait_for_selector("#board")
    guest.wait_for_selector("#board")
    assert "P1 (you)" in host.locator(".seat-plate.me").inner_text()
    assert "P2 (you)" in guest.locator(".seat-plate.me").inner_text()
    play_to_end([host, guest], seed=7)
    host.wait_for_selector("#outcome")
    guest.wait_for_selector("#outcome")
    # rematch: both follow with the tokens they hold
    host.click("#rematch")
    host.wait_for_selector("#board[data-over='0']")
    guest.wait_for_selector("#rematch-link")
    guest.click("#rematch-link")
    guest.wait_for_selector("#board[data-over='0']")
    assert "P2 (you)" in guest.locator(".seat-plate.me").inner_text()
    assert not host.errors and not guest.errors, host.errors + guest.errors


def test_a_tap_on_a_phone_opens_the_card_and_only_a_second_choice_acts(server: str, browser: Any) -> None:
    page = open_page(browser, "phone")
    create_game(page, server, "spellbattle", ["human", "random"])
    page.click("#open-game")
    page.wait_for_selector("#board[data-mine='1']")
    # a card that an option starts from (where the first options name no card, such as Play a farm, which
    # asks for the card next, take them until one does): the tap shows it large, with its text and options
    for _ in range(6):
        page.wait_for_selector("#board[data-mine='1'][data-pending='0']")
        if page.locator("#table .card.legal").count():
            break
        before = board_state(page)["version"]
        page.locator("#actions .option:not(.decline)").first.click()
        page.wait_for_function(f"document.getElementById('board').dataset.version !== '{before}'")
    card = page.locator("#table .card.legal").first
    page.wait_for_function("document.querySelectorAll('#table .card.legal').length > 0")
    version = board_state(page)["version"]
    card.tap()
    page.wait_for_selector("#chooser.sheet .big-card")
    assert page.locator("#chooser.sheet .c-text").inner_text().strip(), "the sheet shows the card's text"
    page.wait_for_timeout(700)  # long enough for anything sent to be answered
    state = board_state(page)
    assert state["version"] == version and state["pending"] == "0", "a single tap acted"
    options = page.locator("#chooser .option")
    assert options.count() >= 1
    label = options.first.inner_text()
    assert "#" not in label
    options.first.tap()
    page.wait_for_function(f"document.getElementById('board').dataset.version !== '{version}'")
    shot(page, "spellbattle-phone-sheet")
    assert not page.errors, page.errors


def test_spellfire_with_four_players_labels_every_players_formation_pool_and_hand(
    server: str, browser: Any
) -> None:
    page = open_page(browser)
    create_game(page, server, "spellfire", ["human", "random", "random", "random"])
    page.click("#open-game")
    page.wait_for_selector("#board")
    shot(page, "spellfire-4-players")
    for seat in range(4):
        area = page.locator(f".player-area[data-seat='{seat}']")
        assert area.count() == 1, f"P{seat + 1} has no area of its own"
        plate = area.locator(".seat-plate").inner_text()
        assert f"P{seat + 1}" in plate, plate
        titles = area.locator(".z-title").all_inner_texts()
        for zone in ("Formation", "Pool", "Hand"):
            assert any(t.upper().startswith(zone.upper()) for t in titles), (
                f"P{seat + 1}: no {zone} in {titles}"
            )
    assert not page.errors, page.errors


def test_a_permanent_error_is_said_and_not_retried(server: str, browser: Any) -> None:
    page = open_page(browser)
    sockets: list[Any] = []
    page.on("websocket", lambda ws: sockets.append(ws))
    create_game(page, server, "casters", ["human", "random"])
    game_id = page.locator("#open-game").get_attribute("href").split("/")[2].split("?")[0]
    page.goto(f"{server}/#/play/{game_id}?token=not-a-token")
    page.wait_for_selector("#fatal")
    assert "token" in page.locator("#fatal").inner_text()
    page.goto(f"{server}/#/play/no-such-game")
    page.wait_for_selector("#fatal")
    count = len(sockets)
    page.wait_for_timeout(3500)
    assert len(sockets) == count, "the page went on reconnecting after a permanent error"
    assert not page.errors, page.errors


def test_a_lost_connection_is_said_and_retried(server: str, browser: Any) -> None:
    page = open_page(browser)
    create_game(page, server, "casters", ["human", "random"])
    cut = {"done": False}

    def route(ws: Any) -> None:
        upstream = ws.connect_to_server()
        if not cut["done"]:
            cut["done"] = True
            page.wait_for_timeout(0)
            ws.close()
        else:
            del upstream

    page.route_web_socket("**/ws/games/**", route)
    page.click("#open-game")
    page.wait_for_function("document.body.textContent.includes('reconnecting')", timeout=10_000)
    page.wait_for_selector("#board", timeout=15_000)
    assert not page.errors, page.errors


@pytest.mark.skipif(not DOCS.is_dir(), reason="the guides (docs/games) sit beside a source checkout only")
def test_the_how_to_play_page_shows_the_games_guide(server: str, browser: Any) -> None:
    page = open_page(browser)
    page.goto(server + "/")
    page.click(".game-tile[data-game='spelldawn'] a")
    page.wait_for_selector("#guide h1")
    assert "Spelldawn" in page.locator("#guide h1").inner_text()
    assert page.locator("#guide h2").count() >= 2
    assert not page.errors, page.errors


def test_the_lobby_names_seats_by_role_and_offers_each_seat_its_own_decks(server: str, browser: Any) -> None:
    page = open_page(browser)
    page.goto(server + "/")
    page.click(".game-tile[data-game='spelldawn']")
    labels = page.locator(".seat-row .seat-label").all_inner_texts()
    assert labels[0].startswith("Overlord") and labels[1].startswith("Champion"), labels
    game = spellforge.find_game("spelldawn")
    for seat, role in enumerate(game.roles):
        offered = (
            page.locator(".seat-row")
            .nth(seat)
            .locator(".seat-deck option")
            .evaluate_all(
                "(ns) => ns.map((n) => n.value).filter((v) => v.startsWith('pre:')).map((v) => v.slice(4))"
            )
        )
        assert offered and all(game.deck_role(game.decks[d]) == role for d in offered), (role, offered)
    # bots are named levels; a custom spec is checked as it is typed
    row = page.locator(".seat-row").nth(1)
    assert row.locator(".seat-level option").all_inner_texts()[:3] == ["Easy", "Normal", "Hard"]
    row.locator(".seat-level").select_option("")
    row.locator(".seat-bot").fill("ismcts:seconds=0")
    page.wait_for_selector(".seat-row .seat-note.err")
    page.click("#create")
    assert page.locator("#problems").inner_text().strip()
    assert page.locator("#open-game").count() == 0
    assert not page.errors, page.errors


def test_the_deck_builder_counts_checks_and_exports(server: str, browser: Any) -> None:
    page = open_page(browser)
    page.goto(server + "/#/decks?game=casters")
    page.wait_for_selector("#deck-verdict .ok")
    assert "legal" in page.locator("#deck-verdict").inner_text().lower()
    first = page.locator("#pool tr").first
    before = first.locator("td.n").inner_text()
    first.locator(".plus").click()
    page.wait_for_function(f"document.querySelector('#pool tr td.n').textContent !== '{before}'")
    page.wait_for_selector("#deck-verdict .err")  # one card too many: every problem is listed
    assert page.locator("#deck-verdict li").count() >= 1
    assert page.locator("#curve .bar").count() >= 1
    assert "[cards]" in page.locator("#deck-text").input_value()
    shot(page, "deck-builder")
    assert not page.errors, page.errors


def test_a_stored_game_whose_bot_cannot_be_built_shows_why(tmp_path: Path, browser: Any) -> None:
    from .test_bot_specs import store_old_games

    token = "t" * 32
    humans = store_old_games(str(tmp_path / "games.db"), "ismcts:iterations=-5", token)
    with serving(tmp_path / "games.db") as base:
        page = open_page(browser)
        page.goto(f"{base}/#/play/stuck?token={token}")
        page.wait_for_selector("#problem")
        text = page.locator("#problem").inner_text()
        assert f"P{2 - humans['stuck']}'s bot 'ismcts:iterations=-5' cannot be built" in text
        assert "Waiting for" not in page.locator("#actions").inner_text()
        shot(page, "stopped-game")
        page.goto(base + "/")
        page.wait_for_selector("#lobby td.err")
        assert "iterations must be 1 or more" in (
            page.locator("#lobby td.err").first.get_attribute("title") or ""
        )
        assert not page.errors, page.errors
