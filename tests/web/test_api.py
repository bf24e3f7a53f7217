"""The REST API: creating, viewing, acting, and every refusal (each with its status, none changing anything)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from .conftest import need_web

need_web()

from fastapi.testclient import TestClient  # noqa: E402

import spellforge  # noqa: E402
from spellforge.core.observe import ENVELOPE  # noqa: E402

from .conftest import HUMANS2, auth, new_game, play_out  # noqa: E402


def snapshot(client: TestClient, game_id: str, tokens: dict[int, str]) -> list[str]:
    """Everything anyone can read of a game: each seat's message and the public one."""
    out = [client.get(f"/api/games/{game_id}/view").text]
    out += [client.get(f"/api/games/{game_id}/view", headers=auth(t)).text for t in tokens.values()]
    return out


def two_humans(client: TestClient, game: str = "casters") -> tuple[str, dict[int, str]]:
    made = new_game(client, game, HUMANS2)
    return made["id"], {s["seat"]: s["token"] for s in made["seats"]}


def test_create_returns_a_token_per_human_seat_and_the_lobby_lists_public_facts(client: TestClient) -> None:
    made = new_game(client, "spellbattle", [{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    assert "token" in made["seats"][0] and "token" not in made["seats"][1]
    lobby = client.get("/api/games").json()["games"]
    entry = next(g for g in lobby if g["id"] == made["id"])
    assert entry["game"] == "spellbattle" and entry["players"] == 2
    assert made["seats"][0]["token"] not in client.get("/api/games").text


def test_create_refuses_bad_setups(client: TestClient) -> None:
    assert client.post("/api/games", json={"game": "nope", "seats": HUMANS2}).status_code == 400
    assert client.post("/api/games", json={"game": "casters"}).status_code == 422
    assert client.post("/api/games", content=b"{not json").status_code == 422
    bad_bot = {"game": "casters", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "nobot"}]}
    assert client.post("/api/games", json=bad_bot).json()["error"].startswith("seat 1")
    # a deck is a deck name or deck-list text, never a path the server would read
    r = client.post(
        "/api/games", json={"game": "casters", "seats": HUMANS2, "decks": ["/etc/passwd", "/etc/hosts"]}
    )
    assert r.status_code == 400
    assert client.get("/api/games").json()["games"] == []


def test_view_is_the_seat_view_or_the_public_one(client: TestClient) -> None:
    game_id, tokens = two_humans(client)
    public = client.get(f"/api/games/{game_id}/view").json()
    assert public["version"] == 0 and public["view"]["seat"] is None
    assert list(public["view"])[: len(ENVELOPE)] == list(ENVELOPE)
    assert "legal" not in public["view"]["decision"]
    seat = public["view"]["decision"]["seat"]
    mine = client.get(f"/api/games/{game_id}/view", headers=auth(tokens[seat])).json()
    assert mine["view"]["seat"] == seat and mine["view"]["decision"]["legal"]
    # the action meanings: cards each legal action names, read from the View's own legal list
    assert [a["text"] for a in mine["actions"]] == mine["view"]["decision"]["legal"]
    assert any(a["cards"] for a in mine["actions"])
    # the query-string token opens the same seat
    same = client.get(f"/api/games/{game_id}/view?token={tokens[seat]}").json()
    assert same["view"] == mine["view"]


def test_an_action_advances_the_version(client: TestClient) -> None:
    game_id, tokens = two_humans(client)
    msg = client.get(f"/api/games/{game_id}/view").json()
    seat = msg["view"]["decision"]["seat"]
    mine = client.get(f"/api/games/{game_id}/view", headers=auth(tokens[seat])).json()
    text = mine["view"]["decision"]["legal"][0]
    r = client.post(
        f"/api/games/{game_id}/actions", json={"action": text, "version": 0}, headers=auth(tokens[seat])
    )
    assert r.status_code == 200 and r.json()["version"] == 1


def test_every_bad_request_gets_its_error_and_changes_nothing(client: TestClient) -> None:
    game_id, tokens = two_humans(client)
    before = snapshot(client, game_id, tokens)
    seat = client.get(f"/api/games/{game_id}/view").json()["view"]["decision"]["seat"]
    other = 1 - seat
    legal = client.get(f"/api/games/{game_id}/view", headers=auth(tokens[seat])).json()["view"]["decision"][
        "legal"
    ]
    url = f"/api/games/{game_id}/actions"
    cases: list[tuple[int, dict[str, Any]]] = [
        (422, {"content": b'{"action": "pass", "version": ', "headers": auth(tokens[seat])}),
        (422, {"json": {"act": legal[0]}, "headers": auth(tokens[seat])}),
        (422, {"json": {"action": legal[0], "version": "0"}, "headers": auth(tokens[seat])}),
        (413, {"json": {"action": "x" * 70_000, "version": 0}, "headers": auth(tokens[seat])}),
        (400, {"json": {"action": "frobnicate the moon", "version": 0}, "headers": auth(tokens[seat])}),
        (400, {"json": {"action": "set #9999", "version": 0}, "headers": auth(tokens[seat])}),
        (403, {"json": {"action": legal[0], "version": 0}, "headers": auth("not-a-token")}),
        (403, {"json": {"action": legal[0], "version": 0}}),
        (409, {"json": {"action": legal[0], "version": 7}, "headers": auth(tokens[seat])}),
        (403, {"json": {"action": legal[0], "version": 0}, "headers": auth(tokens[other])}),
        (403, {"json": {"action": f"resign P{seat + 1}", "version": 0}, "headers": auth(tokens[other])}),
    ]
    for status, kwargs in cases:
        r = client.post(url, **kwargs)
        assert r.status_code == status, (kwargs.get("json"), r.text)
        assert isinstance(r.json()["error"], str) and r.json()["error"]
        assert snapshot(client, game_id, tokens) == before, kwargs.get("json")
    assert client.get(f"/api/games/{game_id}/view", headers=auth("bad")).status_code == 403
    assert client.get("/api/games/nosuchgame/view").status_code == 404


def test_record_only_once_over_and_it_replays_to_the_final_view(client: TestClient) -> None:
    game_id, tokens = two_humans(client, "casters")
    assert client.get(f"/api/games/{game_id}/record").status_code == 409
    play_out(client, game_id, tokens, seed=3)
    record = client.get(f"/api/games/{game_id}/record").json()
    final = client.get(f"/api/games/{game_id}/view").json()
    state = spellforge.find_game("casters").replay(record)
    assert state.is_over and state.observe(None) == final["view"]
    assert final["version"] == len(record["actions"])
    # the replay viewer steps through it
    step = client.get(f"/api/games/{game_id}/replay?step=3").json()
    assert step["step"] == 3 and step["steps"] == len(record["actions"]) and step["view"]["seat"] is None


def test_resignation_ends_the_game_for_its_own_seat(client: TestClient) -> None:
    game_id, tokens = two_humans(client)
    r = client.post(
        f"/api/games/{game_id}/actions", json={"action": "resign P2", "version": 0}, headers=auth(tokens[1])
    )
    assert r.status_code == 200
    assert r.json()["view"]["outcome"]["winners"] == [0]


def wait_for(client: TestClient, game_id: str, token: str, check: Any, timeout: float = 20) -> dict[str, Any]:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        msg: dict[str, Any] = client.get(f"/api/games/{game_id}/view", headers=auth(token)).json()
        if check(msg):
            return msg
        time.sleep(0.02)
    raise AssertionError("timed out waiting for the game")


def test_bots_play_their_seats_and_undo_takes_back_a_decision(client: TestClient) -> None:
    made = new_game(client, "spellbattle", [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=4)
    game_id, token = made["id"], made["seats"][0]["token"]
    mine = wait_for(client, game_id, token, lambda m: m["view"]["decision"]["seat"] == 0)
    # undo with nothing of mine to take back
    r = client.post(f"/api/games/{game_id}/undo", json={"version": mine["version"]}, headers=auth(token))
    assert r.status_code == 409
    text = next(t for t in mine["view"]["decision"]["legal"] if t != "pass")
    r = client.post(
        f"/api/games/{game_id}/actions",
        json={"action": text, "version": mine["version"]},
        headers=auth(token),
    )
    assert r.status_code == 200
    after = wait_for(
        client, game_id, token, lambda m: m["view"]["decision"] is None or m["view"]["decision"]["seat"] == 0
    )
    r = client.post(f"/api/games/{game_id}/undo", json={"version": after["version"]}, headers=auth(token))
    if r.status_code == 200:
        back = r.json()
        assert back["version"] == after["version"] + 1
        assert back["view"]["decision"]["legal"] == mine["view"]["decision"]["legal"]
        assert back["view"]["players"] == mine["view"]["players"]
    else:  # the bot's answer showed a card: the decision stands, and nothing changed
        assert r.status_code == 409 and "revealed" in r.json()["error"]
        assert (
            client.get(f"/api/games/{game_id}/view", headers=auth(token)).json()["version"]
            == after["version"]
        )


def test_rematch_keeps_the_tokens(client: TestClient) -> None:
    game_id, tokens = two_humans(client)
    assert client.post(f"/api/games/{game_id}/rematch", headers=auth(tokens[0])).status_code == 409
    client.post(
        f"/api/games/{game_id}/actions", json={"action": "resign P1", "version": 0}, headers=auth(tokens[0])
    )
    assert client.post(f"/api/games/{game_id}/rematch").status_code == 403
    new_id = client.post(f"/api/games/{game_id}/rematch", headers=auth(tokens[1])).json()["id"]
    assert client.post(f"/api/games/{game_id}/rematch", headers=auth(tokens[0])).json()["id"] == new_id
    assert client.get(f"/api/games/{game_id}/view").json()["rematch"] == new_id
    for seat, token in tokens.items():
        assert client.get(f"/api/games/{new_id}/view", headers=auth(token)).json()["view"]["seat"] == seat


def test_deck_validation_runs_the_deck_validate_checks(client: TestClient) -> None:
    game = spellforge.find_game("spellbattle")
    name, deck = next(iter(game.decks.items()))
    ok = client.post("/api/decks/validate", json={"game": "spellbattle", "deck": deck.to_text()}).json()
    assert ok == {"legal": True, "count": deck.count(), "problems": []}
    bad = client.post("/api/decks/validate", json={"game": "spellbattle", "deck": "3 No Such Card"}).json()
    assert not bad["legal"] and bad["problems"]
    catalog = client.get("/api/catalog/spellbattle").json()
    assert {c["key"] for c in catalog["cards"]} == set(game.cards) and name in catalog["decks"]


def test_every_card_keyword_has_reminder_text(client: TestClient) -> None:
    for name, game in spellforge.GAMES.items():
        reminders = client.get(f"/api/catalog/{name}").json()["keywords"]
        used = {k for card in game.cards.values() for k in card.keywords}
        missing = sorted(used - set(reminders))
        assert not missing, (
            f"{name}: keywords without reminder text (the keywords of its hints.py): {missing}"
        )


def test_action_entries_label_each_action_and_name_its_cards_players_and_targets() -> None:
    from spellforge.core.observe import action_entries
    from spellforge.games.spellbattle.scenario import Seat, card, scenario

    s = scenario(Seat(hand=["fire-lance"], farms=2), Seat(play=["hedge-knight"]), step="main")
    lance, knight = card(s, "fire-lance"), card(s, "hedge-knight")
    entries = action_entries(s, 0)
    assert [e["text"] for e in entries] == s.observe(0)["decision"]["legal"]
    by_text = {e["text"]: e for e in entries}
    on_knight = by_text[f"play #{lance} -> #{knight}"]
    assert on_knight["cards"] == [lance, knight] and on_knight["targets"] == [f"#{knight}"]
    assert on_knight["players"] == [] and on_knight["declines"] is False
    assert "Fire Lance" in on_knight["label"] and "Hedge Knight" in on_knight["label"]
    assert "#" not in on_knight["label"]
    assert by_text[f"play #{lance} -> P2"]["players"] == [1]
    assert by_text["pass"]["declines"] is True
    assert action_entries(s, 1) == [] and action_entries(s, None) == []


def test_undo_against_a_bot_restores_the_position_when_nothing_hidden_was_shown() -> None:
    """In Casters the bot's face-down sets show P1 nothing: P1's last set is taken back exactly."""
    import tempfile

    from spellforge.web.app import create_app

    with tempfile.TemporaryDirectory() as tmp, TestClient(create_app(f"{tmp}/g.db", bot_workers=0)) as client:
        made = new_game(client, "casters", [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=5)
        game_id, token = made["id"], made["seats"][0]["token"]
        mine = lambda m: m["view"]["decision"] is not None and m["view"]["decision"]["seat"] == 0  # noqa: E731
        after = wait_for(client, game_id, token, mine)
        for _ in range(6):  # set cards until the bot has set one in between
            before = after
            assert before["view"]["phase"] == "set"
            text = before["view"]["decision"]["legal"][0]
            r = client.post(
                f"/api/games/{game_id}/actions",
                json={"action": text, "version": before["version"]},
                headers=auth(token),
            )
            assert r.status_code == 200
            after = wait_for(client, game_id, token, mine)
            if after["version"] > before["version"] + 1:
                break
        assert after["version"] > before["version"] + 1
        r = client.post(f"/api/games/{game_id}/undo", json={"version": after["version"]}, headers=auth(token))
        assert r.status_code == 200, r.text
        back = r.json()
        assert back["version"] == after["version"] + 1
        assert {k: v for k, v in back["view"].items() if k != "log"} == {
            k: v for k, v in before["view"].items() if k != "log"
        }
        # the store forgot the undone actions: the bot decides again from there, and the log is as it was
        assert back["view"]["log"] == before["view"]["log"]


def test_a_bot_move_that_is_refused_stops_the_game_and_says_why(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A refused bot move would be chosen again from the same position and seed: rather than a game that
    silently waits for ever, it stops, and every reader is told which bot and why."""
    import spellforge.web.hub as hub

    monkeypatch.setattr(hub, "bot_move", lambda *args: "no such move")
    made = new_game(client, "casters", [{"kind": "bot", "bot": "random"}, {"kind": "human"}], seed=3)
    token = made["seats"][1]["token"]
    msg = wait_for(client, made["id"], token, lambda m: bool(m.get("problem")))
    assert "P1's bot (random) chose 'no such move'" in msg["problem"], msg["problem"]
    assert msg["version"] == 0
    entry = next(g for g in client.get("/api/games").json()["games"] if g["id"] == made["id"])
    assert entry["problem"] == msg["problem"]


def test_a_bot_move_whose_commit_fails_stops_the_game_and_says_why(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Any failure on the way to committing a bot's move (here the store refusing to write) is said, not a
    silent end of the bot's turns."""
    from concurrent.futures import Future

    hub = client.app.state.hub  # type: ignore[attr-defined]

    def broken(*args: object) -> Future[None]:
        failed: Future[None] = Future()
        failed.set_exception(OSError("disk full"))
        return failed

    monkeypatch.setattr(hub.store, "append", broken)
    made = new_game(client, "casters", [{"kind": "bot", "bot": "random"}, {"kind": "human"}], seed=3)
    token = made["seats"][1]["token"]
    msg = wait_for(client, made["id"], token, lambda m: bool(m.get("problem")))
    assert "P1's bot (random)" in msg["problem"] and "disk full" in msg["problem"], msg["problem"]
    assert msg["version"] == 0
