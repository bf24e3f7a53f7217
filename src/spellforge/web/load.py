"""A load run against ``spellforge serve``: many concurrent games, every seat a WebSocket client that takes a
random legal action after about a second of thought, timing each action until its new View arrives.

    python -m spellforge.web.load --games 500 --seconds 60            # starts its own server on a temp store
    python -m spellforge.web.load --url http://127.0.0.1:8000 --games 50 --actions 5000

At the end one seat of each game still running resigns, so every record is published, and each record is
replayed through the engine and compared with the last View each of its seats received. Prints one JSON
object: games, actions, actions/s, latency percentiles (ms) from sending an action to receiving its View,
client failures, replay mismatches, and the CPU each action cost the server and this script (on a shared
machine wall-clock latency depends on what else runs; CPU per action does not).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import websockets

try:
    from orjson import loads as _loads
except ImportError:  # pragma: no cover - the [web] extra installs it
    _loads = json.loads  # type: ignore[assignment]


def loads(raw: str | bytes) -> Any:
    return _loads(raw)


@dataclass
class Seat:
    token: str
    last: dict[str, Any] | None = None  # the last message received
    sent_at: float = 0.0
    sent_version: int = -1  # the version an action in flight answers (-1: none in flight)


@dataclass
class Game:
    id: str
    name: str
    seats: list[Seat]
    done: bool = False


class Run:
    """The shared state of one load run: the games, the counters, when to stop."""

    def __init__(self, think: float, max_actions: int | None) -> None:
        self.think = think
        self.max_actions = max_actions
        self.latencies: list[float] = []
        self.actions = 0
        self.errors = 0
        self.stopping = False

    def stop(self) -> None:
        self.stopping = True


def _http(method: str, url: str, body: Any = None, token: str | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read())


async def _seat_loop(base_ws: str, game: Game, s: int, run: Run) -> None:
    """One seat: act on each of its decisions after a random think time, until the game ends or the run
    stops (it sends nothing more then, and is cancelled once every action in flight has its answer)."""
    seat = game.seats[s]
    rng = random.Random(hash((game.id, s)))
    url = f"{base_ws}/ws/games/{game.id}?token={seat.token}"
    loop = asyncio.get_running_loop()
    async with websockets.connect(url, max_size=1 << 22, open_timeout=120, compression=None) as ws:
        timer: asyncio.TimerHandle | None = None
        sends: set[asyncio.Task[None]] = set()  # a reference to each send while it runs

        def act(msg: dict[str, Any]) -> None:
            nonlocal timer
            timer = None
            if run.stopping:
                return
            seat.sent_version = msg["version"]
            seat.sent_at = time.perf_counter()
            action = rng.choice(msg["view"]["decision"]["legal"])
            sending = loop.create_task(ws.send(json.dumps({"action": action, "version": msg["version"]})))
            sends.add(sending)
            sending.add_done_callback(sends.discard)
            run.actions += 1
            if run.max_actions is not None and run.actions >= run.max_actions:
                run.stop()

        try:
            async for raw in ws:
                msg = loads(raw)
                if "error" in msg:
                    run.errors += 1
                    seat.sent_version = -1
                    continue
                if seat.sent_version >= 0 and msg["version"] > seat.sent_version:
                    run.latencies.append((time.perf_counter() - seat.sent_at) * 1000)
                    seat.sent_version = -1
                seat.last = msg
                view = msg["view"]
                if view["outcome"] is not None:
                    game.done = True
                    return
                d = view["decision"]
                if d and d["seat"] == s and seat.sent_version < 0 and timer is None and not run.stopping:
                    timer = loop.call_later(rng.uniform(0.5 * run.think, 1.5 * run.think), act, msg)
        finally:  # the run ends it (cancelled) once no action is in flight
            if timer is not None:
                timer.cancel()


def _proc_cpu(pid: int) -> float | None:
    """Seconds of CPU (user + system) the process ``pid`` has used, where /proc tells."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def run(
    base: str,
    games: int,
    think: float,
    seconds: float,
    game_names: list[str],
    seed: int,
    max_actions: int | None = None,
    server_pid: int | None = None,
) -> dict[str, Any]:
    import spellforge

    rng = random.Random(seed)
    base_ws = "ws" + base[4:]
    loop = asyncio.get_running_loop()

    async def make(i: int) -> Game:
        name = game_names[i % len(game_names)]
        body = {"game": name, "seats": [{"kind": "human"}, {"kind": "human"}], "seed": rng.randrange(2**31)}
        out = await loop.run_in_executor(None, _http, "POST", f"{base}/api/games", body)
        return Game(out["id"], name, [Seat(s["token"]) for s in out["seats"]])

    made = list(await asyncio.gather(*(make(i) for i in range(games))))
    state = Run(think, max_actions)
    load_before = os.getloadavg()
    server_cpu0 = _proc_cpu(server_pid) if server_pid else None
    cpu0, start = time.process_time(), time.perf_counter()
    tasks = [asyncio.create_task(_seat_loop(base_ws, g, s, state)) for g in made for s in (0, 1)]
    deadline = start + seconds
    while time.perf_counter() < deadline and not state.stopping and not all(g.done for g in made):
        await asyncio.sleep(0.2)
    state.stop()
    actions = state.actions
    # every action sent gets its answer (or the seat fails): wait for those in flight, then let all go
    for _ in range(300):
        if all(s.sent_version < 0 for g in made for s in g.seats) or all(t.done() for t in tasks):
            break
        await asyncio.sleep(0.1)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu0
    server_cpu = _proc_cpu(server_pid) if server_pid else None
    load_after = os.getloadavg()
    unanswered = sum(s.sent_version >= 0 for g in made for s in g.seats)
    for t in tasks:
        t.cancel()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    failures = unanswered + sum(
        isinstance(r, BaseException) and not isinstance(r, asyncio.CancelledError) for r in results
    )
    finished = sum(g.done for g in made)
    # end every game still running, so its record is published, then check each against its clients' Views
    mismatches = 0
    for g in made:
        if not g.done:
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
        # the record, replayed once, compared at the last View each seat received (no undo here: the
        # version counts the actions)
        wanted = sorted((seat.last["version"], s) for s, seat in enumerate(g.seats) if seat.last is not None)
        if not wanted:
            continue
        replayed = ruleset.replay({**record, "actions": record["actions"][: wanted[0][0]]})
        at = wanted[0][0]
        for upto, s in wanted:
            for text in record["actions"][at:upto]:
                replayed.apply(ruleset.parse_action(replayed, text))
            at = upto
            mismatches += replayed.observe(s) != g.seats[s].last["view"]  # type: ignore[index]
    lat = sorted(state.latencies)

    def pct(p: float) -> float | None:
        return round(lat[min(len(lat) - 1, int(p / 100 * len(lat)))], 2) if lat else None

    def per_action(seconds: float | None) -> float | None:
        return round(seconds / actions * 1000, 3) if seconds is not None and actions else None

    return {
        "games": games,
        "finished_games": finished,
        "seconds": round(elapsed, 1),
        "think_seconds": think,
        "actions": actions,
        "actions_per_second": round(actions / elapsed, 1),
        "timed_actions": len(lat),
        "latency_ms": {
            "p50": pct(50),
            "p95": pct(95),
            "p99": pct(99),
            "max": round(lat[-1], 2) if lat else None,
            "mean": round(statistics.fmean(lat), 2) if lat else None,
        },
        "cpu_ms_per_action": {
            "server": per_action(
                None if server_cpu is None or server_cpu0 is None else server_cpu - server_cpu0
            ),
            "load_script": per_action(cpu),
        },
        "load_average": {"start": round(load_before[0], 2), "end": round(load_after[0], 2)},
        "error_frames": state.errors,
        "client_failures": failures,
        "replay_mismatches": mismatches,
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m spellforge.web.load", description=__doc__.split("\n\n")[0])
    p.add_argument("--url", help="a running server (default: start one on a temporary SQLite store)")
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--seconds", type=float, default=60.0, help="how long the games play (default 60)")
    p.add_argument("--actions", type=int, help="stop once this many actions are sent (default: no limit)")
    p.add_argument("--think", type=float, default=1.0, help="mean seconds before each action (default 1)")
    p.add_argument("--game", action="append", help="games to play (default: every registered game, in turn)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--db", help="the store of the server it starts (default: a temporary SQLite file)")
    args = p.parse_args(argv)
    if (
        args.games < 1
        or args.seconds <= 0
        or args.think < 0
        or (args.actions is not None and args.actions < 1)
    ):
        p.error("--games and --actions must be 1 or more, --seconds above 0, --think 0 or more")
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
        for _ in range(600):
            with contextlib.suppress(OSError):
                _http("GET", f"{base}/api/games")
                break
            time.sleep(0.1)
    coro = run(
        base.rstrip("/"),
        args.games,
        args.think,
        args.seconds,
        names,
        args.seed,
        max_actions=args.actions,
        server_pid=server.pid if server is not None else None,
    )
    try:
        try:  # the client's own event loop costs less CPU on uvloop (the [web] extra installs it)
            import uvloop

            result = uvloop.run(coro)
        except ImportError:  # pragma: no cover
            result = asyncio.run(coro)
    finally:
        if server is not None:
            server.terminate()
            server.wait(10)
    print(json.dumps(result, indent=2))
    return 0 if result["replay_mismatches"] == 0 and result["client_failures"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
