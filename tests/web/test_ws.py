"""The WebSocket: a View at connection and at every change; bad frames get an error frame, the
connection stays, and nothing changes."""

from __future__ import annotations

import json

from .conftest import need_web

need_web()

from fastapi.testclient import TestClient  # noqa: E402

from .conftest import HUMANS2, auth, new_game  # noqa: E402


def test_pushes_and_bad_frames(client: TestClient) -> None:
    made = new_game(client, "casters", HUMANS2, seed=2)
    game_id = made["id"]
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    with (
        client.websocket_connect(f"/ws/games/{game_id}?token={tokens[0]}") as ws0,
        client.websocket_connect(f"/ws/games/{game_id}", headers=auth(tokens[1])) as ws1,
        client.websocket_connect(f"/ws/games/{game_id}") as spectator,
    ):
        first = [ws0.receive_json(), ws1.receive_json(), spectator.receive_json()]
        assert [m["view"]["seat"] for m in first] == [0, 1, None]
        assert all(m["version"] == 0 for m in first)
        seat = first[0]["view"]["decision"]["seat"]
        ws, mine = (ws0, first[0]) if seat == 0 else (ws1, first[1])
        bad = [
            ("{nope", 422),
            (json.dumps({"action": "x" * 70_000, "version": 0}), 413),
            (json.dumps({"action": "frobnicate", "version": 0}), 400),
            (json.dumps({"action": mine["view"]["decision"]["legal"][0], "version": 5}), 409),
            (json.dumps([1, 2]), 422),
        ]
        for frame, status in bad:
            ws.send_text(frame)
            reply = ws.receive_json()
            assert reply["status"] == status and reply["error"], frame[:40]
        other = ws1 if ws is ws0 else ws0
        other.send_text(json.dumps({"action": mine["view"]["decision"]["legal"][0], "version": 0}))
        assert other.receive_json()["status"] == 403  # not its decision
        spectator.send_text(json.dumps({"action": mine["view"]["decision"]["legal"][0], "version": 0}))
        assert spectator.receive_json()["status"] == 403  # a spectator holds no seat
        assert client.get(f"/api/games/{game_id}/view").json()["version"] == 0
        # the connection is still there: a good action is taken and everyone hears of it
        ws.send_text(json.dumps({"action": mine["view"]["decision"]["legal"][0], "version": 0}))
        pushed = [ws0.receive_json(), ws1.receive_json(), spectator.receive_json()]
        assert all(m["version"] == 1 for m in pushed)
        assert [m["view"]["seat"] for m in pushed] == [0, 1, None]


def test_a_wrong_token_or_game_is_refused(client: TestClient) -> None:
    made = new_game(client, "casters", HUMANS2)
    with client.websocket_connect(f"/ws/games/{made['id']}?token=wrong") as ws:
        assert ws.receive_json()["status"] == 403
    with client.websocket_connect("/ws/games/nosuch") as ws:
        assert ws.receive_json()["status"] == 404


def test_a_bot_game_pushes_the_bot_moves(client: TestClient) -> None:
    made = new_game(client, "spellweaver", [{"kind": "bot", "bot": "random"}, {"kind": "human"}], seed=9)
    bot_moves = 0
    with client.websocket_connect(f"/ws/games/{made['id']}?token={made['seats'][1]['token']}") as ws:
        msg = ws.receive_json()
        for _ in range(200):
            if msg["view"]["decision"] is None or bot_moves >= 3:
                break
            if msg["view"]["decision"]["seat"] == 1:
                ws.send_text(
                    json.dumps({"action": msg["view"]["decision"]["legal"][0], "version": msg["version"]})
                )
            waiting_for_bot = msg["view"]["decision"]["seat"] == 0
            new = ws.receive_json()
            assert new["version"] > msg["version"]
            bot_moves += waiting_for_bot
            msg = new
    assert bot_moves >= 3
