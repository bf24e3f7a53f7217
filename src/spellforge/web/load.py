"""A load run against ``spellforge serve``: many concurrent games, every seat a WebSocket client that takes a
random legal action after about a second of thought, timing each action until its new View arrives.

    python -m spellforge.web.load --games 500 --seconds 120            # starts its own server on a temp store
    python -m spellforge.web.load --url http://127.0.0.1:8000 --games 50

At the end one seat of each game still running resigns, so every record is published, and each record is
replayed through the engine and compared with the last View each of its seats received. Prints one JSON
object: games, actions, errors, latency percentiles (ms) from sending an action to receiving its View.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

try:
    from orjson import loads as _loads
except ImportError:  # pragma: no cover
    _loads = json.loads  # type: ignore[assignment]


def loads(raw: str | bytes) -> Any:
    return _loads(raw)


@dataclass
class Seat:
    token: str
    last: dict[str, Any] | None = None
    sent_at: float = 0.0
    sent_version: int = -1


@dataclass
class Game:
    id: str
    name: str
    seats: list[Seat]
    done: asyncio.Event = field(default_factory=asyncio.Event)


def _http(method: str, url: str, body: Any = None, token: str | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read())


async def _seat_loop(
    base_ws: str,
    game: Game,
    s: int,
    think: float,
    stop: asyncio.Event,
    latencies: list[float],
    counts: dict[str, int],
) -> None:
    seat = game.seats[s]
    rng = random.Random(hash((game.id, s)))
    url = f"{base_ws}/ws/games/{game.id}?token={seat.token}"
    async with websockets.connect(url, max_size=1 << 22, open_timeout=60, compression=None) as ws:
        pending: asyncio.Task[None] | None = None

        async def act(msg: dict[str, Any]) -> None:
            await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
            if stop.is_set():
                return
            legal = msg["view"]["decision"]["legal"]
            seat.sent_version = msg["version"]
            seat.sent_at = time.perf_counter()
            await ws.send(json.dumps({"action": rng.choice(legal), "version": msg["version"]}))
            counts["actions"] += 1

        while True:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=1.0)
            except TimeoutError:
                if stop.is_set() and (pending is None or pending.done()):
                    return
                continue
            msg = loads(raw)
            if "error" in msg:
                counts["errors"] += 1
                continue
            now = time.perf_counter()
            if seat.sent_version >= 0 and msg["version"] > seat.sent_version:
                latencies.append((now - seat.sent_at) * 1000)
                seat.sent_version = -1
            seat.last = msg
            view = msg["view"]
            if view["outcome"] is not None:
                game.done.set()
                return
            d = view["decision"]
            if d and d["seat"] == s and seat.sent_version < 0 and (pending is None or pending.done()):
                pending = asyncio.create_task(act(msg))


async def run(
    base: str, games: int, think: float, seconds: float, game_names: list[str], seed: int
) -> dict[str, Any]:
    import spellforge

    rng = random.Random(seed)
    base_ws = "ws" + base[4:]
    loop = asyncio.get_running_loop()
    made: list[Game] = []
    for i in range(games):
        name = game_names[i % len(game_names)]
        body = {"game": name, "seats": [{"kind": "human"}, {"kind": "human"}], "seed": rng.randrange(2**31)}
        out = await loop.run_in_executor(None, _http, "POST", f"{base}/api/games", body)
        made.append(Game(out["id"], name, [Seat(s["token"]) for s in out["seats"]]))
    latencies: list[float] = []
    counts = {"actions": 0, "errors": 0}
    stop = asyncio.Event()
    tasks = [
        asyncio.create_task(_seat_loop(base_ws, g, s, think, stop, latencies, counts))
        for g in made
        for s in (0, 1)
    ]
    start = time.perf_counter()
    await asyncio.sleep(seconds)
    stop.set()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    elapsed = time.perf_counter() - start
    failures = [r for r in results if isinstance(r, BaseException)]
    finished = sum(g.done.is_set() for g in made)
    # end every game still running, so its record is published, then check each against its clients' Views
    mismatches = 0
    for g in made:
        if not g.done.is_set():
            with contextlib.suppress(Exception):
                version = (await loop.run_in_executor(None, _http, "GET", f"{base}/api/games/{g.id}/view"))[
                    "version"
                ]
                await loop.run_in_executor(
                    None,
                    _http,
                    "POST",
                    f"{base}/api/games/{g.id}/actions",
                    {"action": "resign P2", "version": version},
                    g.seats[1].token,
                )
        record = await loop.run_in_executor(None, _http, "GET", f"{base}/api/games/{g.id}/record")
        ruleset = spellforge.find_game(g.name)
        for s, seat in enumerate(g.seats):  # the record, replayed to the last View the seat received
            if seat.last is None:
                continue
            upto = seat.last["version"]  # no undo here: the version counts the actions
            state = ruleset.replay({**record, "actions": record["actions"][:upto]})
            mismatches += state.observe(s) != seat.last["view"]
    lat = sorted(latencies)

    def pct(p: float) -> float:
        return round(lat[min(len(lat) - 1, int(p / 100 * len(lat)))], 2) if lat else float("nan")

    return {
        "games": games,
        "finished_games": finished,
        "seconds": round(elapsed, 1),
        "think_seconds": think,
        "actions": counts["actions"],
        "actions_per_second": round(counts["actions"] / elapsed, 1),
        "timed_actions": len(lat),
        "latency_ms": {
            "p50": pct(50),
            "p95": pct(95),
            "p99": pct(99),
            "max": round(lat[-1], 2) if lat else None,
            "mean": round(statistics.fmean(lat), 2) if lat else None,
        },
        "error_frames": counts["errors"],
        "client_failures": len(failures),
        "replay_mismatches": mismatches,
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m spellforge.web.load", description=__doc__.split("\n\n")[0])
    p.add_argument("--url", help="a running server (default: start one on a temporary SQLite store)")
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--seconds", type=float, default=60.0, help="how long the games play (default 60)")
    p.add_argument("--think", type=float, default=1.0, help="mean seconds before each action (default 1)")
    p.add_argument("--game", action="append", help="games to play (default: every registered game, in turn)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--db", help="the store of the server it starts (default: a temporary SQLite file)")
    args = p.parse_args(argv)
    if args.games < 1 or args.seconds <= 0 or args.think < 0:
        p.error("--games must be 1 or more, --seconds above 0, --think 0 or more")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    with contextlib.suppress(ValueError, OSError):  # two sockets a game here, as many in the server
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 65536)), hard))
    import spellforge

    names = args.game or sorted(spellforge.GAMES)
    server = None
    base = args.url
    if base is None:
        tmp = Path(tempfile.mkdtemp(prefix="spellforge-load-"))
        port = 8000 + random.randrange(1000, 9000)
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "spellforge.cli",
                "serve",
                "--port",
                str(port),
                "--db",
                args.db or str(tmp / "load.db"),
                "--bot-workers",
                "0",
            ],
            stdout=subprocess.DEVNULL,
        )
        base = f"http://127.0.0.1:{port}"
        for _ in range(300):
            with contextlib.suppress(OSError):
                _http("GET", f"{base}/api/games")
                break
            time.sleep(0.1)
    try:
        result = asyncio.run(run(base.rstrip("/"), args.games, args.think, args.seconds, names, args.seed))
    finally:
        if server is not None:
            server.terminate()
            server.wait(10)
    print(json.dumps(result, indent=2))
    return 0 if result["replay_mismatches"] == 0 and result["client_failures"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
