"""Fixtures for the web server's tests; every test here skips when the ``[web]`` extra is missing."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web tests need the [web] extra: pip install 'spellforge[web]'")
pytest.importorskip("httpx", reason="the web tests need httpx (the [dev] extra) for FastAPI's TestClient")

from fastapi.testclient import TestClient  # noqa: E402

from spellforge.web.app import create_app  # noqa: E402


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(str(tmp_path / "games.db"), bot_workers=0)) as c:
        yield c


def new_game(client: TestClient, game: str, seats: list[dict[str, Any]], seed: int = 1) -> dict[str, Any]:
    r = client.post("/api/games", json={"game": game, "seats": seats, "seed": seed})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


HUMANS2 = [{"kind": "human"}, {"kind": "human"}]


def play_out(client: TestClient, game_id: str, tokens: dict[int, str], seed: int, limit: int = 5000) -> list[dict[str, Any]]:
    """Both seats take random legal actions over REST until the game ends; the responses each seat got."""
    rng = random.Random(seed)
    seen: list[dict[str, Any]] = []
    msg = client.get(f"/api/games/{game_id}/view").json()
    for _ in range(limit):
        d = msg["view"]["decision"]
        if d is None:
            return seen
        token = tokens[d["seat"]]
        mine = client.get(f"/api/games/{game_id}/view", headers=auth(token)).json()
        seen.append({"seat": d["seat"], "msg": mine})
        text = rng.choice(mine["view"]["decision"]["legal"])
        r = client.post(
            f"/api/games/{game_id}/actions", json={"action": text, "version": mine["version"]}, headers=auth(token)
        )
        assert r.status_code == 200, r.text
        msg = r.json()
        seen.append({"seat": d["seat"], "msg": msg})
    raise AssertionError(f"game {game_id} did not end within {limit} actions")
