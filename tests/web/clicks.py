"""What the browser tests share: the server and Chromium fixtures, and a player who clicks what a person
would click (a highlighted card, place or player, then an option by its label in the popover or the phone's
sheet; or an option in the action bar), checking what each page shows as it goes."""

from __future__ import annotations

import contextlib
import os
import random
import re
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conformance.test_words import engine_words

from .conftest import free_port

sync_api = pytest.importorskip(
    "playwright.sync_api", reason="the browser tests need playwright (the [dev] extra)"
)

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
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}

# A game played by clicking takes tens of seconds on a quiet machine and several times that on a busy one;
# a game with no new version for STUCK_SECONDS is stuck, and fails saying where, as does one over GAME_SECONDS.
GAME_SECONDS = 300.0
STUCK_SECONDS = 30.0
ANSWER_SECONDS = 10.0  # for the server's answer to an action a page sent
CLICK_MS = 5_000  # for a click whose element was redrawn under it (a push arrived)


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
    with serving(tmp_path_factory.mktemp("browser") / "games.db") as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if CHROMIUM is None:
        pytest.skip("no Chromium executable (install Debian's 'chromium' or set SPELLFORGE_CHROMIUM)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()


def open_page(browser: Any, size: str = "desktop") -> Any:
    width, height = SIZES[size]
    page = browser.new_page(viewport={"width": width, "height": height}, has_touch=size == "phone")
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    # a module that fails to load (a layout falling back to the generic table) says so on the console
    page.on(
        "console",
        lambda m: page.errors.append(m.text) if m.type == "error" and "status of 4" not in m.text else None,
    )
    page.set_default_timeout(20_000)
    return page


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def create_game(page: Any, base: str, game: str, seats: list[str]) -> None:
    """Fill in the lobby's form as a person would: pick the game's tile, the number of players, and each
    seat a person ("human") or a bot by its spec (typed under Custom)."""
    page.goto(base + "/")
    page.click(f".game-tile[data-game='{game}']")
    page.select_option("#player-count", str(len(seats)))
    rows = page.locator(".seat-row")
    for i, seat in enumerate(seats):
        row = rows.nth(i)
        row.locator(".seat-kind").select_option("human" if seat == "human" else "bot")
        if seat != "human":
            row.locator(".seat-level").select_option("")
            row.locator(".seat-bot").fill(seat)
    page.wait_for_timeout(400)  # the spec is checked as it is typed
    page.click("#create")
    page.wait_for_selector("#open-game")


def board_state(page: Any) -> dict[str, str]:
    """The table's version, whether this page decides, whether the game is over, whether an action of this
    page is in flight (read at once, so the four agree); empty while the page has no table."""
    board: dict[str, str] | None = page.evaluate(
        "() => { const b = document.getElementById('board'); return b ? { ...b.dataset } : null; }"
    )
    return board or {}


# Every text on the page a player reads about the game: options, log lines, the call to action, prompts,
# the end of the game, card names on the table.
READ = """() => [...document.querySelectorAll(
  '#chooser .option, #actions .option, #log .l-line, #decision, .prompt, #outcome .o-text, .seat-plate, .z-title'
)].map((n) => n.textContent.trim()).filter(Boolean)"""


def check_words(page: Any, seen: set[str]) -> None:
    for text in page.evaluate(READ):
        if text in seen:
            continue
        seen.add(text)
        bad = engine_words(text)
        assert not bad, f"the page shows {text!r}, which holds {', '.join(bad)}"


def where(page: Any) -> str:
    """The page's position in words, for a failure message: its top bar and the options it shows."""
    bar = page.locator("#phasebar")
    shown = " | ".join(bar.inner_text().split("\n")) if bar.count() else "no table"
    options = page.locator("#actions .option").evaluate_all("(ns) => ns.map((n) => n.textContent)")
    return f"version {board_state(page).get('version')}: {shown}; options {options}"


def visible(locator: Any) -> list[int]:
    """The indices of the elements a person could click: on screen or scrolled to, not under the chooser."""
    return locator.evaluate_all(
        """(nodes) => {
          const box = document.getElementById('chooser');
          const p = box ? box.getBoundingClientRect() : null;
          return nodes.map((n, i) => {
            const r = n.getBoundingClientRect();
            if (!r.width || !r.height) return -1;
            if (p && !box.contains(n) && r.left < p.right && p.left < r.right && r.top < p.bottom && p.top < r.bottom) return -1;
            return i;
          }).filter((i) => i >= 0);
        }"""
    )


def pick(locator: Any, rng: random.Random) -> Any | None:
    free = visible(locator)
    return locator.nth(rng.choice(free)) if free else None


def name_of(element: Any) -> str:
    return str(
        element.evaluate("(n) => (n.dataset.action ? 'option ' : '') + n.textContent.trim().slice(0, 60)")
    )


def take_turn(page: Any, rng: random.Random) -> str:
    """One decision by clicking, as a person would: a highlighted thing on the table, which opens its options
    (and lights what they also name: a click on one of those narrows them), then an option by its label;
    or an option of the action bar. Only the click on an option acts: checked after every other click."""
    on_table = page.locator("#table .legal")
    thing = pick(on_table, rng) if rng.random() < 0.65 else None
    if thing is not None:
        version = board_state(page).get("version")
        clicked = name_of(thing)
        thing.click(timeout=CLICK_MS)
        acted = board_state(page)
        assert acted.get("pending") != "1" and acted.get("version") == version, (
            f"a click on {clicked!r} acted at once: only a click on an option may act"
        )
        options = page.locator("#chooser .option")
        if options.count():
            # on a desktop a click on a lit target narrows the options; a phone's sheet lists them all over
            # most of the screen, so a person picks there
            sheet = page.locator("#chooser.sheet").count() > 0
            target = pick(page.locator("#table .target"), rng) if rng.random() < 0.5 and not sheet else None
            if target is not None:
                clicked += " then " + name_of(target)
                target.click(timeout=CLICK_MS)
            options = page.locator("#chooser .option")
            if options.count():
                choice = options.nth(rng.randrange(options.count()))
                clicked += " then " + name_of(choice)
                choice.click(timeout=CLICK_MS)
                return clicked
        page.keyboard.press("Escape")
    option = pick(page.locator("#actions .option"), rng)
    if option is None:
        page.keyboard.press("Escape")
        return "nothing to click"
    clicked = name_of(option)
    option.click(timeout=CLICK_MS)
    return clicked


def answered(page: Any, version: str, clicked: str) -> None:
    """Wait while an action the page sent is in flight."""
    end = time.monotonic() + ANSWER_SECONDS
    while True:
        board = board_state(page)
        if board.get("version") != version or board.get("pending") != "1":
            return
        if time.monotonic() > end:
            raise AssertionError(f"no answer in {ANSWER_SECONDS:.0f} s to {clicked!r} at {where(page)}")
        page.wait_for_timeout(15)


def play_to_end(pages: list[Any], seed: int, limit: int = 4000, seconds: float = GAME_SECONDS) -> int:
    """Click through the game on these pages (each a seat) until the end, checking the words each page shows;
    the number of clicks. Fails, naming the position and the last click, when the game is not over within
    ``seconds`` or has no new version for STUCK_SECONDS."""
    rng = random.Random(seed)
    clicks = 0
    last = "nothing yet"
    start = moved = time.monotonic()
    seen_versions: list[str | None] = []
    read: set[str] = set()
    for _ in range(limit):
        states = [board_state(p) for p in pages]
        for p in pages:
            check_words(p, read)
        if any(s.get("over") == "1" for s in states):
            return clicks
        now = time.monotonic()
        if [s.get("version") for s in states] != seen_versions:
            seen_versions, moved = [s.get("version") for s in states], now
        if now - start > seconds or now - moved > STUCK_SECONDS:
            why = f"no end after {now - start:.0f} s" if now - start > seconds else "stuck"
            raise AssertionError(
                f"{why} ({clicks} clicks, no new version for {now - moved:.0f} s); last click: {last}; "
                + "; ".join(f"page {i} at {where(p)}" for i, p in enumerate(pages))
            )
        acting = [
            p for p, s in zip(pages, states, strict=True) if s.get("mine") == "1" and s.get("pending") != "1"
        ]
        if not acting:
            pages[0].wait_for_timeout(30)
            continue
        page = acting[0]
        version = board_state(page).get("version", "")
        try:
            last = f"{take_turn(page, rng)} (page {pages.index(page)} at version {version})"
        except sync_api.Error as exc:  # the table was redrawn under the click (a push arrived): look again
            lines = [line.strip(" -") for line in str(exc).splitlines() if line.strip(" -")]
            reasons = [
                line
                for line in lines
                if re.search(r"intercepts|outside|not visible|not stable|detached", line)
            ]
            why = "; ".join(dict.fromkeys(lines[:1] + reasons[-1:])) if lines else repr(exc)
            last = f"a click that failed at version {version}: {why}"
            continue
        clicks += 1
        answered(page, version, last)
    raise AssertionError(f"no end after {limit} steps; last click: {last}")


ID_LIKE = re.compile(r"#\d")
