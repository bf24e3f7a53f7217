"""Bots think in worker processes: while two search bots play each other, another game's actions are
still answered at once, and the bots' game goes on."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

from .conftest import need_web

need_web()

import httpx  # noqa: E402

from .conftest import HUMANS2, auth, free_port  # noqa: E402
from .test_crash import start_server  # noqa: E402


def test_search_bots_do_not_hold_up_other_games(tmp_path: Path) -> None:
    port = free_port()
    proc = start_server(tmp_path / "games.db", port, bot_workers=2)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30) as http:
            bots = [{"kind": "bot", "bot": "ismcts:seconds=3"}] * 2
            busy = http.post("/api/games", json={"game": "spellweaver", "seats": bots, "seed": 1}).json()[
                "id"
            ]
            made = http.post("/api/games", json={"game": "casters", "seats": HUMANS2, "seed": 2}).json()
            tokens = {s["seat"]: s["token"] for s in made["seats"]}
            slowest = 0.0
            for _ in range(15):
                public = http.get(f"/api/games/{made['id']}/view").json()
                seat = public["view"]["decision"]["seat"]
                mine = http.get(f"/api/games/{made['id']}/view", headers=auth(tokens[seat])).json()
                start = time.perf_counter()
                r = http.post(
                    f"/api/games/{made['id']}/actions",
                    json={"action": mine["view"]["decision"]["legal"][0], "version": mine["version"]},
                    headers=auth(tokens[seat]),
                )
                slowest = max(slowest, time.perf_counter() - start)
                assert r.status_code == 200, r.text
            # the search bots' moves take three seconds each: had the humans' game waited for one, an
            # answer would have taken that long; half of it leaves room for a loaded machine
            assert slowest < 1.5, slowest
            deadline = time.monotonic() + 30
            while http.get(f"/api/games/{busy}/view").json()["version"] < 3 and time.monotonic() < deadline:
                time.sleep(0.2)
            assert http.get(f"/api/games/{busy}/view").json()["version"] >= 3
    finally:
        proc.terminate()  # a clean stop also stops its bot processes
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
