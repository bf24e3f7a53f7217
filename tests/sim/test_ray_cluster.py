"""``--backend ray --address ADDR`` joins a Ray cluster that runs apart from spellforge, as a user starts
one (``ray start --head``), and plays there the games the local backend plays for the same seed.

One small cluster (2 CPUs, token authentication on, its own temporary directory) serves every test of
this module and is stopped at the end even when a test fails. Each command runs in its own process, as a
user runs it, so each one must join the cluster by its own ``--address``: the cluster's log directory
gets one driver log per process that joined it.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("ray", reason="Ray is an extra: pip install -e '.[ray]'")

from spellforge.cli import main
from spellforge.sim import simulate
from spellforge.sim.tournament import tournament

RAY = Path(sys.executable).parent / "ray"
CLI = "import sys; from spellforge.cli import main; sys.exit(main(sys.argv[1:]))"
TIMING = ("seconds", "games_per_second", "decisions_per_second", "mean_decision_ms", "backend")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Cluster:
    address: str
    env: dict[str, str]
    temp_dir: Path

    def drivers(self) -> int:
        """How many driver processes have joined the cluster (Ray logs each in the cluster's session)."""
        return len(list((self.temp_dir / "session_latest" / "logs").glob("python-core-driver-*")))


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    if not RAY.exists():
        pytest.skip("the ray command is not installed beside this Python")
    # short, so that Ray's socket paths under it stay within the length a Unix socket allows
    temp_dir = Path(tempfile.mkdtemp(prefix="sfray"))
    token = temp_dir / "token"
    token.write_text(secrets.token_hex(32), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
    env |= {"RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN_PATH": str(token), "RAY_USAGE_STATS_ENABLED": "0"}
    port = free_port()
    log = temp_dir / "head.log"
    command = [
        str(RAY),
        "start",
        "--head",
        "--block",
        f"--port={port}",
        "--num-cpus=2",
        "--include-dashboard=false",
        "--disable-usage-stats",
        "--object-store-memory=80000000",
        f"--temp-dir={temp_dir}",
    ]
    with open(log, "w", encoding="utf-8") as out:
        # its own session: the head and everything it starts are stopped together, and only they
        head = subprocess.Popen(
            command, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        deadline = time.monotonic() + 180
        while "Ray runtime started" not in log.read_text(encoding="utf-8"):
            if head.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"the Ray head did not start:\n{log.read_text(encoding='utf-8')[-3000:]}")
            time.sleep(0.5)
        yield Cluster(f"127.0.0.1:{port}", env, temp_dir)
    finally:
        stop(head)
        shutil.rmtree(temp_dir, ignore_errors=True)


def stop(head: subprocess.Popen[bytes]) -> None:
    """Stop the head's process group (never ``ray stop``, which stops every Ray on the machine)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(head.pid, signal.SIGKILL)  # a SIGTERM drains for up to 30 s first
    head.wait(timeout=60)


def run_cli(args: list[str], env: dict[str, str], timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", CLI, *args], env=env, capture_output=True, text=True, timeout=timeout
    )


def joined(cluster: Cluster, args: list[str]) -> str:
    """Run a command with ``--backend ray --address`` of the cluster; check it joined; its stdout."""
    before = cluster.drivers()
    done = run_cli([*args, "--backend", "ray", "--address", cluster.address, "--workers", "2"], cluster.env)
    assert done.returncode == 0, done.stderr[-3000:]
    assert cluster.drivers() == before + 1, "the command did not join the cluster"
    return done.stdout


def without(data: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in keys}


def test_simulate_on_a_cluster_plays_the_local_batch(cluster: Cluster) -> None:
    out = joined(
        cluster,
        ["simulate", "casters", "--bots", "greedy:depth=0,random", "--games", "8", "--seed", "3", "--json"],
    )
    remote = json.loads(out)
    local = simulate("casters", ["greedy:depth=0", "random"], 8, seed=3).to_dict()
    assert remote["backend"] == "ray" and remote["games"] == 8 and remote["errors"] == 0
    assert without(remote, TIMING) == without(local, TIMING)


def test_a_tournament_on_a_cluster_is_the_local_one(cluster: Cluster) -> None:
    bots = ["greedy:depth=0", "random"]
    out = joined(
        cluster, ["tournament", "casters", "--bots", ",".join(bots), "--games", "6", "--seed", "5", "--json"]
    )
    remote = json.loads(out)
    local = tournament("casters", bots, 6, seed=5).to_dict()
    assert remote["games"] == 6 and remote["errors"] == 0
    for data in (remote, local):
        data.pop("seconds")
        for standing in data["standings"]:
            standing.pop("mean_decision_ms")
    assert json.loads(json.dumps(local)) == remote


def test_a_report_on_a_cluster_has_the_local_figures(cluster: Cluster, tmp_path: Path) -> None:
    pytest.importorskip(
        "matplotlib", reason="reports draw with matplotlib, an extra: pip install -e '.[report]'"
    )
    from spellforge.sim.report import run_report

    joined(
        cluster,
        [
            "report",
            "casters",
            "--bots",
            "random",
            "--games",
            "6",
            "--seed",
            "4",
            "--out",
            str(tmp_path / "ray"),
        ],
    )
    run_report("casters", tmp_path / "local", bots=["random"], games=6, seed=4)
    remote, local = (json.loads((tmp_path / d / "report.json").read_text()) for d in ("ray", "local"))
    assert remote["configurations"] and remote["summary"]["games_per_config"] == 6
    assert "ray backend" in remote["summary"]["text"]
    assert remote["configurations"] == local["configurations"]
    assert remote["difference"] == local["difference"]


def test_an_address_where_no_cluster_answers_is_refused_at_once() -> None:
    address = f"127.0.0.1:{free_port()}"  # nothing listens there
    start = time.monotonic()
    done = run_cli(
        ["simulate", "casters", "--bots", "random", "--games", "2", "--backend", "ray", "--address", address],
        dict(os.environ),
        timeout=120,
    )
    assert done.returncode == 2
    assert f"--address {address}: no Ray cluster answers there" in done.stderr
    assert time.monotonic() - start < 60  # Ray alone retries such an address for minutes


@pytest.mark.parametrize("address", ["nowhere", "127.0.0.1:port", "127.0.0.1:99999", ":6379"])
def test_an_address_that_is_not_host_and_port_is_refused(
    address: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--games", "2", "--backend", "ray", "--address", address]
    assert main(["tournament", "casters", "--bots", "random,greedy", *args]) == 2
    assert f"--address {address}: not HOST:PORT (or auto)" in capsys.readouterr().err


def test_joining_a_cluster_that_asks_for_a_token_without_one_says_how(cluster: Cluster) -> None:
    env = {k: v for k, v in cluster.env.items() if k != "RAY_AUTH_MODE"}  # the token is there, unused
    args = ["simulate", "casters", "--bots", "random", "--games", "2", "--backend", "ray"]
    done = run_cli([*args, "--address", cluster.address], env, timeout=240)
    assert done.returncode == 2
    error = done.stderr.strip().splitlines()[-1]
    assert f"--address {cluster.address}: cannot join a Ray cluster there" in error
    assert "needs RAY_AUTH_MODE=token here too" in error
