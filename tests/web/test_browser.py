"""End to end in a real browser (Playwright driving the system's Chromium, headless): for every registered
game, a game against a bot played to the end by clicking; two pages playing each other through an invite
link; the replay viewer and the deck builder. Screenshots of each board go to build/test-artifacts/.

Marked ``browser``; skipped (with the reason) when Playwright or a Chromium executable is missing.
"""

from __future__ import annotations

import contextlib
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


@contextlib.contextmanager
def serving(db: Path) -> Iterator[str]:
    """A server over the store ``db`` in a thread, for as long as the block runs; its address."""
    import uvicorn

    from spellforge.web.app import create_app

    port = free_port()
    app = create_app(str(db), bot_workers=0)
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    end = time.monotonic() + 30
    while not srv.started and time.monotonic() < end:
        time.sleep(0.05)
    assert srv.started, "the server did not start"
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(10)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving(tmp_path_factory.mktemp("browser") / "games.db") as url:
        yield url


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


# A game played by clicking takes about 20 s on a quiet machine and several times that on a busy one; a
# game with no new version for STUCK_SECONDS is stuck, and fails saying where, as does one over GAME_SECONDS.
GAME_SECONDS = 240.0
STUCK_SECONDS = 30.0
ANSWER_SECONDS = 10.0  # for the server's answer to an action a page sent
CLICK_MS = 5_000  # for a click whose element was redrawn under it (a push arrived)

# For each element: whether a person could click it, i.e. it is not hidden under the open popover (the
# popover scrolls with the page, so scrolling an element into view does not uncover it).
CLICKABLE = """(nodes) => {
  const pop = document.getElementById("popover");
  if (!pop) return nodes.map(() => true);
  const p = pop.getBoundingClientRect();
  return nodes.map((n) => {
    const r = n.getBoundingClientRect();
    return !(r.left < p.right && p.left < r.right && r.top < p.bottom && p.top < r.bottom);
  });
}"""
NAME = """(n) => n.dataset.action
  || (n.dataset.id ? "card #" + n.dataset.id + " " + n.querySelector(".cname").textContent : "")
  || (n.dataset.uid ? "stack item @" + n.dataset.uid : n.textContent.slice(0, 60))"""


def board_state(page: Any) -> dict[str, str]:
    """The board's version, whether this page decides, whether the game is over, whether an action of this
    page is in flight (read at once, so the four agree); empty while the page has no board."""
    board: dict[str, str] | None = page.evaluate(
        "() => { const b = document.getElementById('board'); return b ? { ...b.dataset } : null; }"
    )
    return board or {}


def where(page: Any) -> str:
    """The page's position in words, for a failure message: its phase bar and the options it shows."""
    bar = page.locator("#phasebar")
    shown = " | ".join(bar.inner_text().split("\n")) if bar.count() else "no board"
    options = page.locator("#actions button[data-action]").evaluate_all(
        "(ns) => ns.map((n) => n.dataset.action)"
    )
    return f"version {board_state(page).get('version')}: {shown}; options {options}"


def pick(elements: Any, rng: random.Random) -> Any | None:
    """One of these elements that a person could click, at random; None when there is none."""
    free = [i for i, ok in enumerate(elements.evaluate_all(CLICKABLE)) if ok]
    return elements.nth(rng.choice(free)) if free else None


def click(element: Any) -> str:
    """Click the element; what it was, in words."""
    name: str = element.evaluate(NAME)
    element.click(timeout=CLICK_MS)
    return name


def take_turn(page: Any, rng: random.Random) -> str:
    """One decision by clicking: a highlighted card (then a popover choice or a target), else the list;
    what was clicked, in words."""
    card = pick(page.locator("#board .card.legal, #board .obj.legal"), rng)
    if card is not None and rng.random() < 0.6:
        clicked = click(card)
        popover = page.locator("#popover .actions button")
        choices = popover.count()
        if choices:
            target = pick(page.locator("#board .card.target"), rng)
            if target is not None and rng.random() < 0.5:
                clicked += ", then " + click(target)
                if popover.count():
                    clicked += ", then " + click(popover.first)
            else:
                clicked += ", then " + click(popover.nth(rng.randrange(choices)))
        return clicked
    button = pick(page.locator("#actions button[data-action]"), rng)
    if button is not None:
        return click(button)
    # everything in reach is under the popover: close it, as a person would by a click beside it
    page.locator("body").dispatch_event("click")
    return "beside the popover"


def answered(page: Any, version: str, clicked: str) -> None:
    """Wait while an action the page sent is in flight: not at all when the click sent none (a card's text,
    a popover) or the server refused it (the page shows why and has nothing in flight)."""
    end = time.monotonic() + ANSWER_SECONDS
    while True:
        board = board_state(page)
        if board.get("version") != version or board.get("pending") != "1":
            return
        if time.monotonic() > end:
            raise AssertionError(f"no answer in {ANSWER_SECONDS:.0f} s to {clicked!r} at {where(page)}")
        page.wait_for_timeout(15)


def play_to_end(pages: list[Any], seed: int, limit: int = 3000, seconds: float = GAME_SECONDS) -> int:
    """Click through the game on these pages (each a seat) until the end; the number of clicks. Fails,
    naming the position and the last click, when the game is not over within ``seconds`` or has no new
    version for STUCK_SECONDS."""
    rng = random.Random(seed)
    clicks = 0
    last = "nothing yet"
    start = moved = time.monotonic()
    seen: list[str | None] = []
    for _ in range(limit):
        states = [board_state(p) for p in pages]
        if any(s.get("over") == "1" for s in states):
            return clicks
        now = time.monotonic()
        if [s.get("version") for s in states] != seen:
            seen, moved = [s.get("version") for s in states], now
        if now - start > seconds or now - moved > STUCK_SECONDS:
            why = f"no end after {now - start:.0f} s" if now - start > seconds else "stuck"
            raise AssertionError(
                f"{why} ({clicks} clicks, no new version for {now - moved:.0f} s); last click: {last}; "
                + "; ".join(f"page {i} at {where(p)}" for i, p in enumerate(pages))
            )
        acting = [p for p, s in zip(pages, states, strict=True) if s.get("mine") == "1"]
        if not acting:
            pages[0].wait_for_timeout(30)
            continue
        page = acting[0]
        version = board_state(page).get("version", "")
        try:
            last = f"{take_turn(page, rng)} (page {pages.index(page)} at version {version})"
        except sync_api.Error as exc:  # the board was redrawn under the click (a push arrived): look again
            last = f"a click that failed at version {version}: {str(exc).splitlines()[0]}"
            continue
        clicks += 1
        answered(page, version, last)
    raise AssertionError(f"no end after {limit} steps; last click: {last}")


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


def test_the_lobby_checks_a_bot_spec_as_it_is_typed(server: str, browser: Any) -> None:
    page = open_page(browser)
    page.goto(server + "/")
    page.wait_for_selector("#create")
    bot = page.locator(".seat-bot").nth(1)
    bot.fill("ismcts:seconds=0")
    page.wait_for_selector(".seat-bot.bad")
    assert "seconds must be 0.001 or more" in (bot.get_attribute("title") or "")
    page.click("#create")  # the server refuses it too, and says why
    page.wait_for_function("document.getElementById('toast').textContent.includes('seat 1 (P2)')")
    bot.fill("ismcts:seconds=1")
    page.wait_for_selector(".seat-bot.bad", state="detached")
    assert bot.get_attribute("title") == "ismcts:seconds=1"
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
        assert "Waiting for" not in page.locator("#actions-panel").inner_text()
        shot(page, "stopped-game")
        page.goto(base + "/")
        page.wait_for_selector("#lobby td.err")
        assert "iterations must be 1 or more" in (
            page.locator("#lobby td.err").first.get_attribute("title") or ""
        )
        assert not page.errors, page.errors
