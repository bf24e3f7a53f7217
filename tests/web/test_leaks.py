"""Nothing leaks: every frame and response sent to seat A over whole games names none of the cards hidden
from A (neither an id nor a name), checked against the real game at the version of each message."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from .conftest import need_web

need_web()

from fastapi.testclient import TestClient  # noqa: E402

import spellforge  # noqa: E402
from spellforge.core.observe import known_cards, shown_cards  # noqa: E402

from .conftest import HUMANS2, auth, new_game  # noqa: E402

CARD_ID = re.compile(r"#(\d+)")


def play_recording(client: TestClient, game: str, seed: int) -> tuple[str, list[dict[str, Any]]]:
    """Play a whole game with random legal actions (both seats over REST, seat A also listening on a
    WebSocket); return the game id and every message seat A received."""
    made = new_game(client, game, HUMANS2, seed=seed)
    game_id = made["id"]
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    to_a: list[dict[str, Any]] = []
    rng = random.Random(seed)
    with client.websocket_connect(f"/ws/games/{game_id}?token={tokens[0]}") as ws:
        first = ws.receive_text()
        to_a.append(json.loads(first))
        msg = to_a[0]
        for _ in range(5000):
            d = msg["view"]["decision"]
            if d is None:
                break
            seat = d["seat"]
            if msg["view"]["seat"] != seat:
                msg = client.get(f"/api/games/{game_id}/view", headers=auth(tokens[seat])).json()
                if seat == 0:
                    to_a.append(msg)
            text = rng.choice(msg["view"]["decision"]["legal"])
            r = client.post(
                f"/api/games/{game_id}/actions",
                json={"action": text, "version": msg["version"]},
                headers=auth(tokens[seat]),
            )
            assert r.status_code == 200, r.text
            msg = r.json()
            if seat == 0:
                to_a.append(msg)
        else:
            raise AssertionError("the game did not end")
        final = msg["version"]
        to_a.append(client.get(f"/api/games/{game_id}/view", headers=auth(tokens[0])).json())
        while True:  # every push up to the final version
            frame = json.loads(ws.receive_text())
            to_a.append(frame)
            if frame.get("version") == final:
                break
    return game_id, to_a


@pytest.mark.parametrize("game", sorted(spellforge.GAMES))
def test_no_frame_to_a_seat_names_a_card_hidden_from_it(client: TestClient, game: str) -> None:
    ruleset = spellforge.find_game(game)
    checked = 0
    for seed in (1,):
        game_id, to_a = play_recording(client, game, seed)
        record = client.get(f"/api/games/{game_id}/record").json()
        by_version: dict[int, list[dict[str, Any]]] = {}
        for m in to_a:
            assert "error" not in m, m
            by_version.setdefault(m["version"], []).append(m)
        state = ruleset.replay({**record, "actions": []})
        ever_known: set[int] = set()
        own_names = {state.defs[c].name for c in state.all_card_ids() if state.owner[c] == 0}
        for v in range(len(record["actions"]) + 1):
            if v:
                state.apply(ruleset.parse_action(None, record["actions"][v - 1]))
            known = known_cards(state, 0)
            ever_known |= known
            hidden = set(state.all_card_ids()) - known
            secret_ids = hidden - ever_known
            seen_names = {state.defs[c].name for c in ever_known} | own_names
            secret_names = {state.defs[c].name for c in secret_ids} - seen_names
            for m in by_version.get(v, []):
                assert m["view"]["seat"] == 0
                text = json.dumps(m)
                shown = set(shown_cards(m["view"])) | {c for a in m.get("actions", []) for c in a["cards"]}
                assert not shown & hidden, f"{game} v{v}: cards {shown & hidden} hidden from P1 are shown"
                named = {int(x) for x in CARD_ID.findall(text)}
                assert not named & secret_ids, f"{game} v{v}: ids {named & secret_ids} never shown to P1"
                leaked = [n for n in secret_names if re.search(rf"\b{re.escape(n)}\b", text)]
                assert not leaked, f"{game} v{v}: names {leaked} of cards hidden from P1"
                checked += 1
    assert checked > 20  # whole games were checked, message by message
