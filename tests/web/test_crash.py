"""kill -9 in the middle of 20 games: the restarted server resumes every game at the version and View its
players last had acknowledged (or one action further, when the killed server had committed an action it
could not acknowledge); no acknowledged action is lost."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from .conftest import need_web

need_web()

import httpx  # noqa: E402

from .conftest import HUMANS2, auth, free_port  # noqa: E402


def start_server(db: Path, port: int, bot_workers: int = 0, options: str = "") -> subprocess.Popen[bytes]:
    """``spellforge serve`` in its own process (``options``: the store URL's query); it prints the address
    to open."""
    out = db.parent / f"serve-{time.monotonic_ns()}.log"
    with open(out, "wb") as log:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "spellforge.cli",
                "serve",
                "--port",
                str(port),
                "--db",
                str(db) + options,
                "--bot-workers",
                str(bot_workers),
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    end = time.monotonic() + 60
    while time.monotonic() < end:
        try:
            up = httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200
            if up and f"http://127.0.0.1:{port}/" in out.read_text():  # it printed the address to open
                return proc
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not start: " + out.read_text())


# the default (synchronous=NORMAL: a commit survives a killed server, not a power cut) and FULL
@pytest.mark.parametrize("options", ["", "?synchronous=FULL"])
def test_kill_9_and_restart_resumes_every_game(tmp_path: Path, options: str) -> None:
    db, port = tmp_path / "games.db", free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start_server(db, port, options=options)
    acked: dict[str, dict[str, Any]] = {}  # game id -> the last acknowledged message and who got it
    games: list[dict[str, Any]] = []
    try:
        with httpx.Client(base_url=base, timeout=10) as http:
            for i in range(20):
                made = http.post(
                    "/api/games",
                    json={
                        "game": ["casters", "spellbattle", "spellweaver"][i % 3],
                        "seats": HUMANS2,
                        "seed": i,
                    },
                ).json()
                games.append({"id": made["id"], "tokens": {s["seat"]: s["token"] for s in made["seats"]}})
        stop = threading.Event()

        def drive() -> None:
            rng = random.Random(1)
            with httpx.Client(base_url=base, timeout=10) as http:
                try:
                    while not stop.is_set():
                        for g in games:
                            public = http.get(f"/api/games/{g['id']}/view").json()
                            d = public["view"]["decision"]
                            if d is None:
                                continue
                            token = g["tokens"][d["seat"]]
                            mine = http.get(f"/api/games/{g['id']}/view", headers=auth(token)).json()
                            action = rng.choice(mine["view"]["decision"]["legal"])
                            r = http.post(
                                f"/api/games/{g['id']}/actions",
                                json={"action": action, "version": mine["version"]},
                                headers=auth(token),
                            )
                            if r.status_code == 200:
                                acked[g["id"]] = {"seat": d["seat"], "msg": r.json()}
                except (httpx.HTTPError, ValueError):
                    return  # the server is gone

        driver = threading.Thread(target=drive)
        driver.start()
        time.sleep(4)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        stop.set()
        driver.join(30)
        assert sum(m["msg"]["version"] for m in acked.values()) > 40, "too few actions before the kill"
        proc = start_server(db, port, options=options)
        with httpx.Client(base_url=base, timeout=10) as http:
            for g in games:
                last = acked.get(g["id"])
                token = g["tokens"][last["seat"]] if last else g["tokens"][0]
                now = http.get(f"/api/games/{g['id']}/view", headers=auth(token)).json()
                if last is None:
                    assert now["version"] in (0, 1)
                    continue
                assert now["version"] in (last["msg"]["version"], last["msg"]["version"] + 1), g["id"]
                if now["version"] == last["msg"]["version"]:
                    assert now["view"] == last["msg"]["view"], g["id"]
                # the game goes on from there
                d = now["view"]["decision"]
                if d is not None:
                    mine = http.get(f"/api/games/{g['id']}/view", headers=auth(g["tokens"][d["seat"]])).json()
                    r = http.post(
                        f"/api/games/{g['id']}/actions",
                        json={"action": mine["view"]["decision"]["legal"][0], "version": mine["version"]},
                        headers=auth(g["tokens"][d["seat"]]),
                    )
                    assert r.status_code == 200, r.text
    finally:
        proc.kill()
        proc.wait()
