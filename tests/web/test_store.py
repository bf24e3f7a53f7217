"""The store: a server stopped and started again over the same store resumes every game at the same
version and View, on SQLite and on PostgreSQL (the same code, a URL apart)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from .conftest import need_web

need_web()

from fastapi.testclient import TestClient  # noqa: E402

from spellforge.web.app import create_app  # noqa: E402
from spellforge.web.store import Store  # noqa: E402

from .conftest import HUMANS2, auth  # noqa: E402


def _play_some(client: TestClient, games: list[dict[str, Any]], steps: int, rng: random.Random) -> None:
    for _ in range(steps):
        for g in games:
            msg = client.get(f"/api/games/{g['id']}/view").json()
            d = msg["view"]["decision"]
            if d is None:
                continue
            token = g["tokens"][d["seat"]]
            mine = client.get(f"/api/games/{g['id']}/view", headers=auth(token)).json()
            r = client.post(
                f"/api/games/{g['id']}/actions",
                json={"action": rng.choice(mine["view"]["decision"]["legal"]), "version": mine["version"]},
                headers=auth(token),
            )
            assert r.status_code == 200, r.text


def _everything(client: TestClient, games: list[dict[str, Any]]) -> list[str]:
    out = []
    for g in games:
        out.append(client.get(f"/api/games/{g['id']}/view").text)
        out += [client.get(f"/api/games/{g['id']}/view", headers=auth(t)).text for t in g["tokens"].values()]
    return out


def _store_round_trip(db: str) -> None:
    rng = random.Random(5)
    with TestClient(create_app(db, bot_workers=0)) as client:
        games = []
        for i, name in enumerate(["casters", "spellbattle", "spellweaver", "casters"]):
            made = client.post("/api/games", json={"game": name, "seats": HUMANS2, "seed": 100 + i}).json()
            games.append({"id": made["id"], "tokens": {s["seat"]: s["token"] for s in made["seats"]}})
        _play_some(client, games, 25, rng)
        # an undo against people is a request the other accepts; it truncates the stored log
        g = games[0]
        msg = client.get(f"/api/games/{g['id']}/view").json()
        asker = 1 - msg["view"]["decision"]["seat"]
        r = client.post(
            f"/api/games/{g['id']}/undo", json={"version": msg["version"]}, headers=auth(g["tokens"][asker])
        )
        assert r.status_code == 200
        other = g["tokens"][1 - asker]
        assert client.get(f"/api/games/{g['id']}/view", headers=auth(other)).json()["undo_request"] == asker
        r = client.post(
            f"/api/games/{g['id']}/undo",
            json={"version": msg["version"], "accept": True},
            headers=auth(other),
        )
        assert r.status_code in (200, 409), r.text
        before = _everything(client, games)
        lobby = client.get("/api/games").json()
    with TestClient(create_app(db, bot_workers=0)) as client:
        assert _everything(client, games) == before
        assert client.get("/api/games").json() == lobby
        _play_some(client, games, 3, rng)  # and they go on


def test_sqlite_store_resumes_every_game(tmp_path: Path) -> None:
    _store_round_trip(str(tmp_path / "games.db"))


def test_postgres_store_resumes_every_game(postgres_url: str) -> None:
    _store_round_trip(postgres_url)


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_a_failed_write_fails_alone(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    url = str(tmp_path / "s.db") if backend == "sqlite" else request.getfixturevalue("postgres_url")
    store = Store(url)
    try:
        from spellforge.web.store import StoredGame

        game = StoredGame(f"g-{backend}-{random.randrange(10**9)}", "casters", {"seed": 1}, [], 0, 1.0)
        store.create(game).result()
        # three writes queued together: the middle one repeats an entry; the other two still commit
        first = store.append(game.id, 0, ["a", "a2"], 2)
        clash = store.append(game.id, 1, ["b"], 3)
        last = store.append(game.id, 2, ["c"], 3)
        first.result()
        last.result()
        with pytest.raises(Exception):  # noqa: B017 - the database's own duplicate-key error
            clash.result()
        loaded = next(g for g in store.load_all() if g.id == game.id)
        assert loaded.actions == ["a", "a2", "c"] and loaded.version == 3
    finally:
        store.close()


def test_a_game_that_no_longer_replays_is_left_out_and_the_rest_resume(tmp_path: Path) -> None:
    from spellforge.web.store import StoredGame

    db = str(tmp_path / "games.db")
    with TestClient(create_app(db, bot_workers=0)) as client:
        good = client.post("/api/games", json={"game": "casters", "seats": HUMANS2, "seed": 1}).json()["id"]
    store = Store(db)
    setup = next(g for g in store.load_all() if g.id == good).setup
    store.create(StoredGame("broken", "casters", setup, [], 1, 2.0, actions=["frobnicate"])).result()
    store.close()
    with TestClient(create_app(db, bot_workers=0)) as client:
        ids = {g["id"] for g in client.get("/api/games").json()["games"]}
        assert ids == {good}
