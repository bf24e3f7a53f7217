"""Screenshots of each game's table in the browser, at desktop (1280x800) and phone (390x844) size.

    python3 dev.py screenshots [--out docs/screenshots] [--games spellfire,casters] [--players spellfire=4]

Starts a server on a throwaway store, plays each game from a fixed seed to the middle (the human seat picks
options by a fixed rule, bots play the other seats), opens the human seat's table in the system's Chromium
(Debian: ``apt-get install chromium``) and writes ``<game>-desktop.png`` and ``<game>-phone.png``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import socket
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
# How far into each game the picture is taken (turns), so the table has cards on it.
TURNS = {"spellbattle": 6, "spellweaver": 7, "casters": 4, "spelldawn": 6, "spellfire": 5}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def call(base: str, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        base + path, data=data, method=method, headers={"Content-Type": "application/json"}
    )
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read())


def start_server(db: str) -> tuple[str, Any, threading.Thread]:
    import uvicorn

    from spellforge.web.app import create_app

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(db, bot_workers=0), port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    end = time.monotonic() + 30
    while not server.started and time.monotonic() < end:
        time.sleep(0.05)
    if not server.started:
        raise SystemExit("the server did not start")
    return f"http://127.0.0.1:{port}", server, thread


def play_to(base: str, game: str, players: int, seed: int, turns: int) -> tuple[str, str]:
    """A game of ``game`` with the human at seat 1 played to turn ``turns``: (game id, the human's token)."""
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "greedy"}] * (players - 1)
    made = call(base, "POST", "/api/games", {"game": game, "seats": seats, "seed": seed})
    gid, token = made["id"], made["seats"][0]["token"]
    rng = random.Random(seed)
    end = time.monotonic() + 120
    while time.monotonic() < end:
        msg = call(base, "GET", f"/api/games/{gid}/view", token=token)
        view = msg["view"]
        if view["outcome"] or (view["turn"] >= turns and msg["actions"]):
            break
        if not msg["actions"]:
            time.sleep(0.05)
            continue
        acts = msg["actions"]
        doing = [a for a in acts if not a["declines"]]
        pick = rng.choice(doing) if doing and rng.random() < 0.8 else rng.choice(acts)
        try:
            call(
                base,
                "POST",
                f"/api/games/{gid}/actions",
                {"action": pick["text"], "version": msg["version"]},
                token,
            )
        except urllib.error.HTTPError:
            time.sleep(0.05)  # a bot moved first: look again
    return gid, token


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "docs" / "screenshots"), help="the folder for the PNG files")
    ap.add_argument("--games", default="", help="comma-separated games (default: all five)")
    ap.add_argument(
        "--players", action="append", default=[], metavar="GAME=N", help="a player count for a game"
    )
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    import spellforge

    chromium = (
        os.environ.get("SPELLFORGE_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    )
    if chromium is None:
        print("no Chromium found: install Debian's 'chromium' or set SPELLFORGE_CHROMIUM", file=sys.stderr)
        return 2
    games = [g for g in args.games.split(",") if g] or list(spellforge.GAMES)
    counts = {"spellfire": 4}
    for item in args.players:
        name, _, n = item.partition("=")
        counts[name] = int(n)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        base, server, thread = start_server(str(Path(tmp) / "shots.db"))
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, headless=True, args=ARGS)
            for game in games:
                players = counts.get(game, spellforge.find_game(game).default_players)
                for seed in range(args.seed, args.seed + 20):  # a game still running at that turn
                    gid, token = play_to(base, game, players, seed, TURNS.get(game, 5))
                    if not call(base, "GET", f"/api/games/{gid}/view", token=token)["view"]["outcome"]:
                        break
                for size, (w, h) in SIZES.items():
                    page = browser.new_page(viewport={"width": w, "height": h}, device_scale_factor=1)
                    # the picture shows the position as it was left: nobody passes for the player meanwhile
                    page.add_init_script("localStorage.setItem('sf-autopass', '0')")
                    page.goto(f"{base}/#/play/{gid}?token={token}")
                    page.wait_for_selector("#board")
                    page.wait_for_timeout(1800)  # let the arrival highlights fade
                    path = out / f"{game}-{size}.png"
                    page.screenshot(path=str(path))
                    print(path)
                    page.close()
            browser.close()
        server.should_exit = True
        thread.join(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
