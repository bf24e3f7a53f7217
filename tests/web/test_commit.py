"""How an action is committed: checked first, written, applied only once its commit is done (no copy of the
game per action); a fault of the engine after the write takes the action back everywhere; and writes queued
while a commit runs share the next one (group commit)."""

from __future__ import annotations

import threading
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest

from .conftest import need_web

need_web()

from fastapi.testclient import TestClient  # noqa: E402

from spellforge.web.app import create_app  # noqa: E402
from spellforge.web.store import Store, StoredGame  # noqa: E402

from .conftest import HUMANS2, auth, new_game  # noqa: E402


def _seat_view(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    out: dict[str, Any] = client.get(f"/api/games/{game_id}/view", headers=auth(token)).json()
    return out


def test_an_engine_fault_after_the_write_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = str(tmp_path / "games.db")
    with TestClient(create_app(db, bot_workers=0)) as client:
        made = new_game(client, "casters", HUMANS2, seed=3)
        gid = made["id"]
        tokens = {s["seat"]: s["token"] for s in made["seats"]}
        seat = client.get(f"/api/games/{gid}/view").json()["view"]["decision"]["seat"]
        before = _seat_view(client, gid, tokens[seat])
        action = before["view"]["decision"]["legal"][0]
        state = client.app.state.hub.get(gid).state  # type: ignore[attr-defined]
        real_apply = type(state).apply

        def faulty(self: Any, a: Any) -> None:
            real_apply(self, a)  # the position changes half-way, then the engine fails
            raise RuntimeError("an engine fault")

        monkeypatch.setattr(type(state), "apply", faulty)
        r = client.post(
            f"/api/games/{gid}/actions",
            json={"action": action, "version": before["version"]},
            headers=auth(tokens[seat]),
        )
        monkeypatch.undo()
        assert r.status_code == 500 and "could not be applied" in r.json()["error"]
        assert _seat_view(client, gid, tokens[seat]) == before  # the same version and View
        # the action can be taken again, and goes through
        r = client.post(
            f"/api/games/{gid}/actions",
            json={"action": action, "version": before["version"]},
            headers=auth(tokens[seat]),
        )
        assert r.status_code == 200 and r.json()["version"] == before["version"] + 1
        after = _seat_view(client, gid, tokens[seat])
    with TestClient(create_app(db, bot_workers=0)) as client:  # the store holds the one good action
        assert _seat_view(client, gid, tokens[seat]) == after


def test_an_illegal_action_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    db = str(tmp_path / "games.db")
    with TestClient(create_app(db, bot_workers=0)) as client:
        made = new_game(client, "spellbattle", HUMANS2, seed=4)
        gid = made["id"]
        tokens = {s["seat"]: s["token"] for s in made["seats"]}
        seat = client.get(f"/api/games/{gid}/view").json()["view"]["decision"]["seat"]
        before = _seat_view(client, gid, tokens[seat])
        # a well-formed action of the game that is not among the legal ones now
        r = client.post(
            f"/api/games/{gid}/actions",
            json={"action": "resign P9", "version": before["version"]},
            headers=auth(tokens[seat]),
        )
        assert r.status_code in (400, 403), r.text
        assert _seat_view(client, gid, tokens[seat]) == before
    with TestClient(create_app(db, bot_workers=0)) as client:
        assert _seat_view(client, gid, tokens[seat]) == before


def test_writes_queued_during_a_commit_share_the_next_one(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "games.db"))
    try:
        store.create(StoredGame("g", "casters", {}, [], 0, 0.0)).result()
        start = store.commits
        release = threading.Event()
        entered = threading.Event()

        def slow(_store: Store) -> None:  # holds the writer until every append below is queued
            entered.set()
            release.wait(10)

        blocker: Future[None] = store._submit(slow)
        assert entered.wait(10)
        writes = [store.append("g", n, [f"action {n}"], n + 1) for n in range(50)]
        release.set()
        blocker.result(10)
        for w in writes:
            w.result(10)
        assert store.commits - start == 2  # the blocker's commit, then all fifty in one
    finally:
        store.close()
