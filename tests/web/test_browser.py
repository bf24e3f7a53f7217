"""End to end in a real browser (Playwright driving the system's Chromium, headless): for every registered
game, a game against a bot played to the end by clicking; two pages playing each other through an invite
link; the replay viewer and the deck builder. Screenshots of each board go to build/test-artifacts/.

Marked ``browser``; skipped (with the reason) when Playwright or a Chromium executable is missing.
"""

from __future__ import annotations

import os
import random
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import need_web

need_web()

import spellforge  # noqa: E402

from .conftest import free_port  # noqa: E402

sync_api = pytest.importorskip(
    "playwright.sync_api", reason="the browser tests need playwright (the [dev] extra)"
)

pytestmark = pytest.mark.browser

CHROMIUM = (
    os.environ.get("SPELLFORGE_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
)
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "build" / "test-artifacts" / "screenshots"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    import uvicorn

    from spellforge.web.app import create_app

    port = free_port()
    app = create_app(str(tmp_path_factory.mktemp("browser") / "games.db"), bot_workers=0)
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    end = time.monotonic() + 30
    while not srv.started and time.monotonic() < end:
        time.sleep(0.05)
    assert srv.started, "the server did not start"
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if CHROMIUM is None:
        pytest.skip("no Chromium executable (install Debian's 'chromium' or set SPELLFORGE_CHROMIUM)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()


def open_page(browser: Any, width: int = 1280, height: int = 800) -> Any:
    page = browser.new_page(viewport={"width": width, "height": height})
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.set_default_timeout(20_000)
    return page


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def create_game(page: Any, base: str, game: str, seats: list[str]) -> None:
    """Fill in the lobby's form: ``seats`` as "human" or a bot spec."""
    page.goto(base + "/")
    page.select_option("#game-select", game)
    page.select_option("#player-count", str(len(seats)))
    for i, seat in enumerate(seats):
        page.locator(".seat-kind").nth(i).select_option("human" if seat == "human" else "bot")
        if seat != "human":
            page.locator(".seat-bot").nth(i).fill(seat)
    page.click("#create")
    page.wait_for_selector("#open-game")


def board_state(page: Any) -> tuple[int, bool, bool]:
    board = page.locator("#board")
    return (
        int(board.get_attribute("data-version") or -1),
        board.get_attribute("data-mine") == "1",
        board.get_attribute("data-over") == "1",
    )


def take_turn(page: Any, rng: random.Random) -> None:
    """One decision by clicking: a highlighted card (then a popover choice or a target), else the list."""
    cards = page.locator("#board .card.legal, #board .obj.legal")
    n = cards.count()
    if n and rng.random() < 0.6:
        cards.nth(rng.randrange(n)).click()
        popover = page.locator("#popover .actions button")
        if popover.count():
            targets = page.locator("#board .card.target")
            if targets.count() and rng.random() < 0.5:
                targets.nth(rng.randrange(targets.count())).click()
                if page.locator("#popover .actions button").count():
                    page.locator("#popover .actions button").first.click()
            else:
                popover.nth(rng.randrange(popover.count())).click()
        return
    buttons = page.locator("#actions button[data-action]")
    if buttons.count():
        buttons.nth(rng.randrange(buttons.count())).click()


def play_to_end(pages: list[Any], seed: int, limit: int = 3000) -> int:
    """Click through the game on these pages (each a seat) until the end; the number of clicks."""
    rng = random.Random(seed)
    clicks = 0
    for _ in range(limit):
        states = [board_state(p) for p in pages]
        if any(over for _, _, over in states):
            return clicks
        acting = [p for p, (_, mine, _) in zip(pages, states, strict=True) if mine]
        if not acting:
            pages[0].wait_for_timeout(30)
            continue
        page = acting[0]
        version = board_state(page)[0]
        try:
            take_turn(page, rng)
        except sync_api.Error:
            continue  # the board was redrawn under the click (a push arrived): look again
        clicks += 1
        end = time.monotonic() + 10
        while time.monotonic() < end and board_state(page)[0] == version:
            page.wait_for_timeout(15)
    raise AssertionError(f"no end after {limit} steps")


@pytest.mark.parametrize("game", sorted(spellforge.GAMES))
def test_a_game_against_a_bot_is_played_to_the_end_by_clicking(server: str, browser: Any, game: str) -> None:
    page = open_page(browser)
    create_game(page, server, game, ["human", "random"])
    page.click("#open-game")
    page.wait_for_selector("#board")
    assert page.locator("#phase").inner_text().strip()
    shot(page, f"{game}-start")
    play_to_end([page], seed=len(game))
    page.wait_for_selector("#outcome")
    shot(page, f"{game}-over")
    assert "Game over" in page.locator("#outcome").inner_text()
    # the replay viewer steps and seeks through the finished game
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
    guest = open_page(browser, width=390, height=844)  # a phone-width guest
    guest.goto(invite)
    host.wait_for_selector("#board")
    guest.wait_for_selector("#board")
    assert "you are P1" in host.locator("#phasebar").inner_text()
    assert "you are P2" in guest.locator("#phasebar").inner_text()
    shot(guest, "casters-phone")
    play_to_end([host, guest], seed=7)
    host.wait_for_selector("#outcome")
    guest.wait_for_selector("#outcome")
    shot(host, "casters-two-pages-over")
    # rematch: both follow with the tokens they hold
    host.click("#rematch")
    host.wait_for_selector("#board[data-over='0']")
    guest.wait_for_selector("#rematch-link")
    guest.click("#rematch-link")
    guest.wait_for_selector("#board[data-over='0']")
    assert "you are P2" in guest.locator("#phasebar").inner_text()
    assert not host.errors and not guest.errors, host.errors + guest.errors


# A selected card (#1) at the left of a board whose top half its targets fill; the popover of its six
# options, opened by a click on it, used to stand right and below the click, over the targets.
POPOVER_OVER_TARGETS = """() => {
  const board = el("div", { id: "board" });
  const card = (cls, x, y) => board.appendChild(el("div", {
    class: "card " + cls, style: `position: absolute; left: ${x}px; top: ${y}px; width: 100px; height: 80px` }));
  card("legal selected", 200, 150);
  for (const x of [320, 440, 560, 680]) for (const y of [160, 260]) card("legal target", x, y);
  card("legal target", 200, 260);
  app.replaceChildren(board);
  const acts = [2, 3, 4, 5, 6, 7].map((id) => ({ text: "attack #1 -> #" + id, declines: false }));
  popover({ clientX: 250, clientY: 190 }, "", acts, null);
  const p = document.getElementById("popover").getBoundingClientRect();
  return [...board.children].filter((n) => {
    const r = n.getBoundingClientRect();
    return r.left < p.right && p.left < r.right && r.top < p.bottom && p.top < r.bottom;
  }).map((n) => n.className);
}"""


def test_the_popover_hides_none_of_the_targets_it_offers(server: str, browser: Any) -> None:
    """A target under the popover could not be clicked (a click beside the popover closes it and drops the
    selection): the popover opens where it hides none of them while the window has such a place."""
    page = open_page(browser)
    page.goto(server + "/")
    page.wait_for_selector("#create")
    assert page.evaluate(POPOVER_OVER_TARGETS) == []
    assert not page.errors, page.errors


def test_the_deck_builder_validates_as_it_is_edited(server: str, browser: Any) -> None:
    page = open_page(browser)
    page.goto(server + "/#/decks?game=spellbattle")
    page.wait_for_selector("#deck-verdict .ok")
    assert "Legal deck" in page.locator("#deck-verdict").inner_text()
    page.fill("#deck-text", "40 No Such Card")
    page.wait_for_selector("#deck-verdict .err")
    assert "No Such Card" in page.locator("#deck-verdict").inner_text()
    page.select_option("#deck-start", index=1)
    page.wait_for_selector("#deck-verdict .ok")
    page.locator("#pool .plus").first.click()  # one card too many of something, or an extra card
    page.wait_for_function("document.querySelector('#deck-verdict').textContent.length > 0")
    shot(page, "deck-builder")
    assert not page.errors, page.errors
