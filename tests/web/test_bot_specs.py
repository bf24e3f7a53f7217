"""Bot specs on the server: each seat's spec is checked as the command line checks it (a bad one is refused
with the line naming the seat and the problem, and creates nothing), a stored game whose bot cannot be built
says so instead of waiting for ever, the browser checks a spec as it is typed, and the catalog names each
game's bot levels."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from .conftest import need_web

need_web()

from fastapi.testclient import TestClient  # noqa: E402

from spellforge.bots import make_bot  # noqa: E402
from spellforge.cli import main  # noqa: E402
from spellforge.core.errors import SpellforgeError  # noqa: E402
from spellforge.core.replay import make_record  # noqa: E402
from spellforge.games import GAMES, find_game  # noqa: E402
from spellforge.web.app import create_app  # noqa: E402
from spellforge.web.protocol import hash_token  # noqa: E402
from spellforge.web.store import Store, StoredGame  # noqa: E402

from .conftest import auth  # noqa: E402

# specs the command line refuses, and the words of its refusal
BAD_SPECS = [
    ("ismcts:seconds=0", "seconds must be 0.001 or more"),
    ("ismcts:iterations=-5", "iterations must be 1 or more"),
    ("ismcts:iterations=100,seconds=1", "give iterations or seconds, not both"),
    ("greedy:samples=0", "samples must be 1 or more"),
    ("ismcts:seconds=nan", "seconds must be a finite number"),
    ("nobot", "unknown bot 'nobot'"),
]


def cli_refusal(spec: str, capsys: pytest.CaptureFixture[str]) -> str:
    """The line ``spellforge simulate`` prints when its ``--bots`` hold ``spec`` (it exits 2)."""
    assert main(["simulate", "spellbattle", "--bots", f"{spec},random", "--games", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("spellforge: error: "), err
    return err.removeprefix("spellforge: error: ")


@pytest.mark.parametrize(("spec", "problem"), BAD_SPECS)
def test_a_bad_bot_spec_is_refused_with_the_command_lines_words_and_creates_nothing(
    client: TestClient, capsys: pytest.CaptureFixture[str], spec: str, problem: str
) -> None:
    refusal = cli_refusal(spec, capsys)
    assert problem in refusal
    body = {"game": "spellbattle", "seats": [{"kind": "human"}, {"kind": "bot", "bot": spec}], "seed": 3}
    r = client.post("/api/games", json=body)
    assert r.status_code == 400, r.text
    assert r.json()["error"] == f"seat 1 (P2): {refusal}"  # which seat, and what is wrong
    assert client.get("/api/games?all=1").json()["games"] == []
    hub: Any = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.store.load_all() == [] and hub.games == {}


def test_the_first_bad_seat_of_several_is_named(client: TestClient) -> None:
    seats = [{"kind": "bot", "bot": "greedy"}, {"kind": "human"}, {"kind": "bot", "bot": "ismcts:seconds=0"}]
    r = client.post("/api/games", json={"game": "spellfire", "seats": seats, "seed": 3})
    assert r.status_code == 400 and r.json()["error"].startswith("seat 2 (P3): bot ismcts: seconds")
    assert client.get("/api/games?all=1").json()["games"] == []


# ---------------------------------------------------------------------- a stored game from an older version


def store_old_games(db: str, spec: str, token: str) -> dict[str, int]:
    """Two games stored as an older server stored them, with ``spec`` unchecked: in ``stuck`` the bot is to
    act, in ``waiting`` the human is. Returns each game's human seat."""
    ruleset = find_game("spellbattle")
    state = ruleset.new_game(seed=5, players=2)
    setup = {k: v for k, v in make_record(state).items() if k in ("seed", "players", "options", "decks")}
    first = state.current_player
    assert first is not None
    store = Store(db)
    humans = {}
    for game_id, bot_seat in (("stuck", first), ("waiting", 1 - first)):
        seats: list[dict[str, Any]] = [{"kind": "human", "token": hash_token(token)} for _ in range(2)]
        seats[bot_seat] = {"kind": "bot", "bot": spec}
        store.create(StoredGame(game_id, "spellbattle", setup, seats, 0, 1.0)).result()
        humans[game_id] = 1 - bot_seat
    store.close()
    return humans


def test_a_stored_game_whose_bot_cannot_be_built_says_so_and_the_server_starts_cleanly(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    db, token, spec = str(tmp_path / "games.db"), "t" * 32, "ismcts:seconds=0"
    humans = store_old_games(db, spec, token)
    with pytest.raises(SpellforgeError) as refused:
        make_bot(spec)
    why = str(refused.value)
    caplog.set_level(logging.INFO)
    with TestClient(create_app(db, bot_workers=0)) as client:
        hub: Any = client.app.state.hub  # type: ignore[attr-defined]
        for game_id, human in humans.items():
            bot = f"P{2 - human}"
            problem = f"{bot}'s bot {spec!r} cannot be built: {why}"
            entry = next(g for g in client.get("/api/games").json()["games"] if g["id"] == game_id)
            assert entry["status"] == "broken" and entry["problem"] == problem
            for headers in ({}, auth(token)):  # the players and the spectators are told
                msg = client.get(f"/api/games/{game_id}/view", headers=headers).json()
                assert msg["problem"] == problem
            assert hub.games[game_id].bot_task is None  # nobody waits on a bot that cannot think
        # the human to act is told the game cannot go on, and nothing changes
        mine = client.get("/api/games/waiting/view", headers=auth(token)).json()
        r = client.post(
            "/api/games/waiting/actions",
            json={"action": mine["view"]["decision"]["legal"][0], "version": mine["version"]},
            headers=auth(token),
        )
        assert r.status_code == 409 and r.json()["error"].endswith(why)
        assert client.get("/api/games/waiting/view").json()["version"] == 0
        # a player may still resign, which ends it; no rematch repeats the bad seat
        r = client.post(
            "/api/games/stuck/actions",
            json={"action": f"resign P{humans['stuck'] + 1}", "version": 0},
            headers=auth(token),
        )
        assert r.status_code == 200 and r.json()["view"]["outcome"] is not None
        assert client.post("/api/games/stuck/rematch", headers=auth(token)).status_code == 409
    records = [r for r in caplog.records if r.name.startswith("spellforge")]
    assert not [r for r in records if r.exc_info], "a traceback was logged"
    assert [r.levelno for r in records] == [logging.WARNING] * 2  # one line for each stopped game
    assert all(spec in r.getMessage() and why in r.getMessage() for r in records)


# ---------------------------------------------------------------------- checking a spec as it is typed


@pytest.mark.parametrize(
    ("spec", "canonical"),
    [
        ("greedy", "greedy"),
        (" ISMCTS : seconds = 1 ", "ismcts:seconds=1"),
        ("ismcts:seconds=0.25;c=0.2", "ismcts:seconds=0.25,c=0.2"),
        ("greedy:depth=0,samples=1", "greedy:depth=0,samples=1"),
    ],
)
def test_the_check_endpoint_answers_a_good_spec_in_canonical_form(
    client: TestClient, spec: str, canonical: str
) -> None:
    r = client.get("/api/bots/check", params={"spec": spec})
    assert r.status_code == 200 and r.json() == {"ok": True, "spec": canonical}
    make_bot(canonical)  # the canonical form is a spec too


@pytest.mark.parametrize(("spec", "problem"), BAD_SPECS)
def test_the_check_endpoint_refuses_what_game_creation_refuses(
    client: TestClient, capsys: pytest.CaptureFixture[str], spec: str, problem: str
) -> None:
    r = client.get("/api/bots/check", params={"spec": spec})
    assert r.status_code == 400 and r.json() == {"error": cli_refusal(spec, capsys)}


def test_the_check_endpoint_refuses_an_empty_spec(client: TestClient) -> None:
    for query in ("", "?spec=", "?spec=%20"):
        r = client.get("/api/bots/check" + query)
        assert r.status_code == 400 and "unknown bot ''" in r.json()["error"]


# ---------------------------------------------------------------------- named levels


def test_the_catalog_names_each_games_bot_levels(client: TestClient) -> None:
    catalog = client.get("/api/catalog").json()
    assert [g["name"] for g in catalog["games"]] == list(GAMES)
    for game in catalog["games"]:
        levels = game["levels"]
        assert [lv["name"] for lv in levels] == ["easy", "normal", "hard"], game["name"]
        assert [lv["title"] for lv in levels] == ["Easy", "Normal", "Hard"]
        assert all(lv["about"] for lv in levels)
        for level in levels:  # each is a spec the server takes
            r = client.get("/api/bots/check", params={"spec": level["bot"]})
            assert r.json() == {"ok": True, "spec": level["bot"]}
        easy, normal, hard = (lv["bot"] for lv in levels)
        assert (easy, normal, hard) == ("greedy:noise=0.5", "greedy", "ismcts")
        budget = make_bot("ismcts").budget(game["name"])  # type: ignore[attr-defined]
        assert f"{budget} playouts" in levels[2]["about"]
