"""Simulating many games between bots: one game, a batch, and the backends that run batches.

Bots are dealt around the table in order and repeat (two bots at four seats: A B A B); seats rotate
between games (game ``i`` gives seat ``s`` the bot in slot ``(s + i) % len(bots)``) unless ``fixed_seats``.
``wins`` is aligned with the bot slots (a team win counts once per bot on the winning team), ``seat_wins``
with the seats. Every game has its
own seed derived from the batch seed, so a batch is reproducible and any single game can be replayed.
"""

from __future__ import annotations

import os
import socket
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from spellforge.bots import Observation, make_bot
from spellforge.core.cards import file_label
from spellforge.core.errors import CardDataError, SpellforgeError
from spellforge.core.rng import Rng
from spellforge.core.ruleset import Ruleset
from spellforge.games import find_game

from . import stats
from .intervals import wilson_interval

BACKENDS = ("local", "process", "ray")
Job = TypeVar("Job")
Part = TypeVar("Part")


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a batch seeded ``seed``."""
    return Rng(seed * 1_000_003 + index).next64() >> 1


@dataclass
class GameResult:
    index: int
    seed: int
    slots: list[int]  # slots[seat] = the bot slot playing that seat
    winners: list[int] = field(default_factory=list)  # seats
    reason: str = ""
    turns: int = 0
    decisions: int = 0
    seconds: float = 0.0
    error: str = ""
    think_seconds: list[float] = field(default_factory=list)  # per slot
    think_count: list[int] = field(default_factory=list)  # per slot
    replay_verified: bool = False
    # with ``card_stats``: each seat's deck (its name or spec) and the cards (ids) of its opening hand,
    # those it drew (the opening hand included) and those it played (``sim.stats``)
    decks: list[str] = field(default_factory=list)
    drawn: list[list[str]] = field(default_factory=list)
    played: list[list[str]] = field(default_factory=list)
    opening: list[list[str]] = field(default_factory=list)

    @property
    def finished(self) -> bool:
        return not self.error and bool(self.winners)

    @classmethod
    def from_dict(cls, data: Any) -> GameResult:
        """A result from its ``asdict`` form (a line of a ``--log`` file), each field's type checked;
        extra keys are ignored. A SpellforgeError names the first field that is wrong."""
        from pydantic import TypeAdapter, ValidationError

        try:
            return TypeAdapter(cls).validate_python(data)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(part) for part in first["loc"]) or "the result"
            raise SpellforgeError(f"game result: {where}: {first['msg']}") from None


def seat_slots(n_seats: int, n_slots: int, index: int, fixed: bool) -> list[int]:
    """Which bot slot plays each seat in game ``index``: slots repeat around the table (with two bots and
    four seats, A B A B, so in a two-team game each bot plays one team), shifted by one seat per game."""
    shift = 0 if fixed else index
    return [(s + shift) % n_slots for s in range(n_seats)]


def play_game(
    game_name: str,
    bot_specs: Sequence[str],
    seed: int,
    index: int = 0,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    fixed_seats: bool = False,
    max_decisions: int = 1_000_000,
    slots: Sequence[int] | None = None,
    verify_replay: bool = False,
    decks: Sequence[str] | None = None,
    cards: str | None = None,
    card_stats: bool = False,
) -> GameResult:
    """Play one game between bots. Any exception is caught and reported in ``error``.

    ``slots[seat]`` names the bot slot playing each seat (default: rotated by ``index``, see above). With
    ``verify_replay`` the finished game's record is replayed from scratch and must reproduce the final
    state byte for byte (``to_json``); a difference is reported as an error. ``decks`` gives each bot
    slot's deck (it moves with the slot; default: the game's choice from the seed), ``cards`` the text of
    a card file whose cards replace the pool's cards of the same id (a designer's change), and
    ``card_stats`` records each seat's deck and the cards it drew and played (``sim.stats``).
    """
    game = find_game(game_name)
    if cards is not None:
        game = ruleset_with_cards(game, cards)
    n = players or game.default_players
    slots = list(slots) if slots is not None else seat_slots(n, len(bot_specs), index, fixed_seats)
    result = GameResult(
        index, seed, slots, think_seconds=[0.0] * len(bot_specs), think_count=[0] * len(bot_specs)
    )
    start = time.perf_counter()
    state = None
    try:
        seat_decks = [decks[slots[s]] for s in range(n)] if decks else None
        state = game.new_game(seed=seed, decks=seat_decks, players=n, **(options or {}))
        bots = [make_bot(spec, seed=game_seed(seed, 101 + i)) for i, spec in enumerate(bot_specs)]
        clock = time.perf_counter
        tally = stats.CardTally(state, seat_decks, seed, options or {}) if card_stats else None
        think_seconds, think_count = result.think_seconds, result.think_count
        while state.outcome is None:
            decision = state.decision
            assert decision is not None
            seat = decision.seat
            slot = slots[seat]
            bot = bots[slot]
            legal = state.legal_actions()
            think_count[slot] += 1
            if len(legal) == 1 and bot.answers_single_option_at_once:
                # the seat is asked (the question is recorded like any other); its bot would answer with
                # the one option at once, so the answer is given without building its Observation
                action = legal[0]
            else:
                t0 = clock()
                action = bot.choose(Observation(seat, legal, state.game, state))  # Observation.of(state)
                think_seconds[slot] += clock() - t0
            if tally is not None:
                tally.before(state, seat, action)
            state.apply(action)
            if state.decisions_made > max_decisions:
                raise SpellforgeError(f"game did not end after {max_decisions} decisions")
        result.winners = list(state.outcome.winners)
        result.reason = state.outcome.reason
        if tally is not None:
            for name, value in tally.finish(state).items():
                setattr(result, name, value)
        if verify_replay and game.replay(game.record(state)).to_json() != state.to_json():
            raise SpellforgeError("the replay of this game's record does not reproduce it")
        result.replay_verified = verify_replay
    except Exception as exc:  # a simulation reports errors instead of stopping the batch
        result.error = f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=6)}"
    if state is not None:
        result.turns = state.turn
        result.decisions = state.decisions_made
    result.seconds = time.perf_counter() - start
    return result


_WITH_CARDS: dict[tuple[str, str], Ruleset] = {}


def ruleset_with_cards(game: Ruleset, text: str, name: str = "the card file") -> Ruleset:
    """``game`` with the cards of a card file (its text) in place of the pool's cards of the same id, and
    any new ones added: a copy, the registered game is left alone. Loaded once per process. A problem in
    the cards raises CardDataError naming ``name``, the file as its designer gave it."""
    key = (game.name, text)
    changed = _WITH_CARDS.get(key)
    if changed is None:
        with tempfile.TemporaryDirectory() as tmp:
            # the text travels to the workers, which may not see the designer's file: each loads a copy
            path = Path(tmp) / "cards.toml"
            path.write_text(text, encoding="utf-8")
            try:
                loaded = game.load_cards([path])
            except CardDataError as exc:
                raise CardDataError(str(exc).replace(file_label(path), name)) from None
        changed = game.with_cards({**game.cards, **loaded})
        _WITH_CARDS[key] = changed
    return changed


def _run_chunk(args: tuple[Any, ...]) -> list[GameResult]:
    game_name, specs, seed, indices, players, options, fixed, verify, decks, cards = args
    return [
        play_game(
            game_name,
            specs,
            game_seed(seed, i),
            i,
            players,
            options,
            fixed,
            verify_replay=verify,
            decks=decks,
            cards=cards,
        )
        for i in indices
    ]


@dataclass
class BatchResult:
    game: str
    games: int
    seed: int
    bots: list[str]
    players: int
    options: dict[str, Any]
    backend: str
    wins: list[int]
    seat_wins: list[int]
    draws_or_unfinished: int
    errors: int
    reasons: dict[str, int]
    avg_turns: float
    avg_decisions: float
    seconds: float
    games_per_second: float
    decisions_per_second: float
    mean_decision_ms: list[float]
    error_messages: list[str]
    replays_verified: int = 0  # games whose record was replayed and reproduced them (--verify-replays)
    # per bot: the 95% Wilson interval of its wins over the games
    win_rate_ci95: list[list[float]] = field(default_factory=list)
    # in a game with roles (Spelldawn's Overlord and Champion): wins by role, and per bot the games it
    # played and won in each role, so that per-side win rates read directly
    role_wins: dict[str, int] = field(default_factory=dict)
    bot_roles: list[dict[str, dict[str, int]]] = field(default_factory=list)
    # with --decks: the deck of each bot slot (it moves with the slot); with --cards: the changes' file
    decks: list[str] = field(default_factory=list)
    cards: str = ""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def summarize(
    game: str,
    results: list[GameResult],
    seed: int,
    specs: list[str],
    players: int,
    options: dict[str, Any],
    backend: str,
    seconds: float,
    played: Sequence[GameResult] | None = None,
    decks: Sequence[str] = (),
    cards: str = "",
) -> BatchResult:
    """Totals over ``results``; the rates (games and decisions per second) over the games ``played`` in
    the ``seconds`` measured (by default all of them)."""
    played = results if played is None else played
    wins = [0] * len(specs)
    seat_wins = [0] * players
    reasons: Counter[str] = Counter()
    think = [0.0] * len(specs)
    count = [0] * len(specs)
    for r in results:
        reasons[r.reason or ("error" if r.error else "unfinished")] += 1
        credited = set()
        for seat in r.winners:
            seat_wins[seat] += 1
            credited.add(r.slots[seat])
        for slot in credited:
            wins[slot] += 1
        for i in range(len(specs)):
            think[i] += r.think_seconds[i] if i < len(r.think_seconds) else 0.0
            count[i] += r.think_count[i] if i < len(r.think_count) else 0
    roles = _seat_roles(game, players, options)
    role_wins: dict[str, int] = {}
    bot_roles: list[dict[str, dict[str, int]]] = []
    if roles:
        role_wins = {role: 0 for role in dict.fromkeys(roles)}
        bot_roles = [{role: {"games": 0, "wins": 0} for role in role_wins} for _ in specs]
        for r in results:
            for role in {roles[seat] for seat in r.winners}:
                role_wins[role] += 1
            for seat, slot in enumerate(r.slots):
                if r.error:
                    continue
                bot_roles[slot][roles[seat]]["games"] += 1
                bot_roles[slot][roles[seat]]["wins"] += seat in r.winners
    n = max(len(results), 1)
    decisions = sum(r.decisions for r in results)
    errors = [r for r in results if r.error]
    return BatchResult(
        game=game,
        games=len(results),
        seed=seed,
        bots=list(specs),
        players=players,
        options=dict(options),
        backend=backend,
        wins=wins,
        seat_wins=seat_wins,
        draws_or_unfinished=sum(1 for r in results if not r.error and not r.winners),
        errors=len(errors),
        reasons=dict(sorted(reasons.items())),
        avg_turns=round(sum(r.turns for r in results) / n, 2),
        avg_decisions=round(decisions / n, 2),
        seconds=round(seconds, 3),
        games_per_second=round(len(played) / seconds, 2) if seconds else 0.0,
        decisions_per_second=round(sum(r.decisions for r in played) / seconds, 1) if seconds else 0.0,
        mean_decision_ms=[round(1000 * t / c, 3) if c else 0.0 for t, c in zip(think, count, strict=True)],
        error_messages=[f"game {r.index} (seed {r.seed}): {r.error}" for r in errors[:5]],
        replays_verified=sum(1 for r in results if r.replay_verified),
        win_rate_ci95=[[round(x, 4) for x in wilson_interval(w, len(results))] for w in wins],
        role_wins=role_wins,
        bot_roles=bot_roles,
        decks=list(decks),
        cards=cards,
    )


def _seat_roles(game: str, players: int, options: dict[str, Any]) -> tuple[str, ...]:
    """The role of each seat when the game has roles (else empty)."""
    ruleset = find_game(game)
    if not ruleset.roles:
        return ()
    return ruleset.seat_roles(players, ruleset.resolve_options(players, options))


def _chunks(n: int, k: int) -> list[list[int]]:
    """Game indices split into jobs: small enough (about 32 per worker) that the last jobs do not leave
    workers idle behind one long chunk, and that results arrive steadily."""
    size = max(1, (n + k * 32 - 1) // (k * 32))
    return [list(range(i, min(i + size, n))) for i in range(0, n, size)]


def simulate(
    game: str,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    fixed_seats: bool = False,
    workers: int = 1,
    backend: str = "local",
    progress: Any = None,
    verify_replays: bool = False,
    on_result: Callable[[GameResult], None] | None = None,
    finished: Sequence[GameResult] = (),
    decks: Sequence[str] = (),
    cards: str | None = None,
    cards_name: str = "",
) -> BatchResult:
    """Play ``games`` games and summarise them (see the module docstring).

    ``decks`` gives each bot slot its deck (a name or a file; it moves with the slot as seats rotate):
    one per bot, or any number with a single bot, which then plays every deck's slot. ``cards`` is the
    text of a card file whose cards replace the pool's of the same id (``sim.configs`` turns an override
    file into one), ``cards_name`` the file it came from, for the summary.

    ``progress(done, total)`` is called as games finish, and ``on_result(game_result)`` once for each
    game as soon as it is known (in the order games finish), so a long batch can be watched or logged;
    with ``on_result`` every job is a single game, so an interrupted batch has reported all it finished.
    ``finished`` holds results of this batch's games that were played before (read back from such a
    log): those games are not played again and count in the summary as if played now, so an interrupted
    batch can be completed. Each must belong to this batch (its index, seed and seats).
    """
    ruleset = find_game(game)
    if cards is not None:
        ruleset = ruleset_with_cards(ruleset, cards)
    n = players or ruleset.default_players
    specs = list(bots)
    deck_list = list(decks)
    if deck_list and len(specs) == 1:
        specs = specs * len(deck_list)
    if not 1 <= len(specs) <= n:
        raise SpellforgeError(f"{n} players need 1 to {n} bots, got {len(specs)}: {', '.join(specs)}")
    if deck_list and len(deck_list) != len(specs):
        raise SpellforgeError(
            f"{len(deck_list)} decks for {len(specs)} bots: give one deck per bot, or a single bot"
        )
    for i, spec in enumerate(specs):
        make_bot(spec, seed=i)  # validate names and parameters before starting
    opts = dict(options or {})
    # validate options, players and decks up front: each seating of the decks the rotation gives
    for i in range(min(n, len(specs)) if deck_list and not fixed_seats else 1):
        slots = seat_slots(n, len(specs), i, fixed_seats)
        seat_decks = [deck_list[slots[s]] for s in range(n)] if deck_list else None
        ruleset.new_game(seed=seed, players=n, decks=seat_decks, **opts)
    check_backend(backend)
    if games < 1:
        raise SpellforgeError("--games must be at least 1")
    previous = _check_finished(finished, games, seed, n, len(specs), fixed_seats)
    start = time.perf_counter()
    results: list[GameResult] = list(previous.values())
    played: list[GameResult] = []

    def collect(chunk: list[GameResult]) -> None:
        results.extend(chunk)
        played.extend(chunk)
        if on_result is not None:
            for r in chunk:
                on_result(r)
        if progress:
            progress(len(results), games)

    todo = [i for i in range(games) if i not in previous]

    def job(idx: list[int]) -> tuple[Any, ...]:
        return (
            ruleset.name,
            specs,
            seed,
            idx,
            n,
            opts,
            fixed_seats,
            verify_replays,
            deck_list or None,
            cards,
        )

    if progress and previous:
        progress(len(results), games)
    if on_result is not None and backend == "process" and workers > 1:
        _run_streamed(job, todo, workers, collect)
    else:
        # with a per-game listener every job is one game, so an interrupted batch keeps all it finished
        run_jobs(
            _run_chunk,
            [job(idx) for idx in _jobs(todo, workers, on_result is not None)],
            backend,
            workers,
            collect,
        )
    results.sort(key=lambda r: r.index)
    return summarize(
        ruleset.name,
        results,
        seed,
        specs,
        n,
        opts,
        backend,
        time.perf_counter() - start,
        played,
        decks=[stats.deck_label(d) for d in deck_list],
        cards=cards_name,
    )


def _jobs(indices: list[int], workers: int, single: bool) -> list[list[int]]:
    """The game indices of each job: one game per job when ``single``, else chunks (see ``_chunks``)."""
    if single:
        return [[i] for i in indices]
    return [[indices[i] for i in chunk] for chunk in _chunks(len(indices), max(workers, 1))]


# seconds of play per job when every game is reported as it finishes: long enough that sending a job and
# its results costs next to nothing, short enough that results arrive steadily and an interrupt loses little
JOB_SECONDS = 0.5


def _run_streamed(
    job: Callable[[list[int]], tuple[Any, ...]],
    indices: list[int],
    workers: int,
    collect: Callable[[list[GameResult]], None],
) -> None:
    """The process backend for a batch that reports each game as it finishes (``on_result``). One game
    per job costs the parent about a millisecond of CPU per game; so the first jobs are single games
    and later ones as many games as take about ``JOB_SECONDS`` at the speed seen so far (one game when
    games are slower than that), with two jobs per worker in flight so that no worker waits."""
    import queue

    finished: queue.SimpleQueue[Any] = queue.SimpleQueue()
    played = 0
    seconds = 0.0
    pos = 0
    in_flight = 0
    with _start_context().Pool(workers) as pool:
        while pos < len(indices) or in_flight:
            while in_flight < 2 * workers and pos < len(indices):
                size = 1 if not played else max(1, min(64, int(JOB_SECONDS * played / max(seconds, 1e-9))))
                # the last jobs shrink, so that one long job does not keep the others waiting at the end
                size = min(size, max(1, (len(indices) - pos) // (2 * workers)))
                chunk = indices[pos : pos + size]
                pos += size
                pool.apply_async(
                    _run_chunk, (job(chunk),), callback=finished.put, error_callback=finished.put
                )
                in_flight += 1
            part = finished.get()
            in_flight -= 1
            if isinstance(part, BaseException):
                raise part
            played += len(part)
            seconds += sum(r.seconds for r in part)
            collect(part)


def _check_finished(
    finished: Sequence[GameResult], games: int, seed: int, seats: int, n_bots: int, fixed: bool
) -> dict[int, GameResult]:
    """Index the results of games played before, refusing any that is not a game of this batch."""
    out: dict[int, GameResult] = {}
    for r in finished:
        where = f"finished game {r.index}"
        if not 0 <= r.index < games:
            raise SpellforgeError(f"{where}: not a game of a {games}-game batch")
        if r.index in out:
            raise SpellforgeError(f"{where}: given twice")
        if r.seed != game_seed(seed, r.index):
            raise SpellforgeError(f"{where}: its seed {r.seed} is not this batch's (seed {seed})")
        if list(r.slots) != seat_slots(seats, n_bots, r.index, fixed):
            raise SpellforgeError(f"{where}: its seats {r.slots} are not this batch's")
        out[r.index] = r
    return out


def check_backend(backend: str) -> None:
    """Refuse a backend ``run_jobs`` does not know (batch runners check before they start)."""
    if backend not in BACKENDS:
        raise SpellforgeError(f"unknown backend {backend!r}; the backends are {', '.join(BACKENDS)}")


def run_jobs(
    run: Callable[[Job], Part],
    jobs: Sequence[Job],
    backend: str,
    workers: int,
    collect: Callable[[Part], None],
) -> None:
    """``run`` each job where ``backend`` says (``local``: here; ``process``: ``workers`` spawned processes,
    here when 1; ``ray``: Ray tasks), handing each job's result to ``collect`` as it finishes. ``run``
    must be a module-level function, so that other processes can import it."""
    if backend == "local" or (backend == "process" and workers <= 1):
        for job in jobs:
            collect(run(job))
    elif backend == "process":
        with _start_context().Pool(workers) as pool:
            for part in pool.imap_unordered(run, jobs):
                collect(part)
    else:
        _run_ray(run, jobs, workers, collect)


# what the worker processes import first (the forkserver preloads them once for every worker)
_WORKER_MODULES = ["spellforge.sim.simulate", "spellforge.sim.tournament", "spellforge.sim.report"]


def _start_context() -> Any:
    """How worker processes start. On Linux with no other thread running, by ``fork``: a worker starts in
    milliseconds with the modules and rules this process already loaded (a spawned one first imports
    them, about half a CPU second each). With other threads (a progress bar) forking is not safe, so
    the ``forkserver`` imports the modules once and forks the workers from itself; ``spawn`` elsewhere."""
    import multiprocessing
    import threading

    methods = multiprocessing.get_all_start_methods()
    if sys.platform.startswith("linux") and "fork" in methods and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(_WORKER_MODULES)
        return ctx
    return multiprocessing.get_context("spawn")


def connect_ray(address: str | None = None, workers: int = 0) -> None:
    """Start Ray here (``workers`` CPUs), or join the running cluster at ``address`` (``host:port``, or
    ``auto``); nothing when Ray is already started in this process (one start serves every batch)."""
    try:
        import ray
    except ImportError:
        raise SpellforgeError(
            "the ray backend needs Ray, an extra: pip install -e '.[ray]' in the project"
        ) from None
    host_port = _host_port(address) if address and address != "auto" else None
    if ray.is_initialized():
        return
    if address:
        if host_port is not None:
            _check_reachable(address, *host_port)
        try:
            ray.init(address=address, log_to_driver=False)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            hint = ""
            if "RAY_AUTH_MODE" not in os.environ:
                hint = "; a cluster started with token authentication needs RAY_AUTH_MODE=token here too"
            raise SpellforgeError(
                f"--address {address}: cannot join a Ray cluster there ({exc}){hint}"
            ) from None
    else:
        ray.init(num_cpus=workers or None, include_dashboard=False, log_to_driver=False)


def _host_port(address: str) -> tuple[str, int]:
    """The host and port of a cluster's address (``host:port``, ``[v6]:port``, ``ray://host:port``)."""
    host, sep, port = address.split("://")[-1].rpartition(":")
    if not sep or not host.strip("[]") or not port.isdigit() or not 0 < int(port) < 65536:
        raise SpellforgeError(f"--address {address}: not HOST:PORT (or auto)")
    return host.strip("[]"), int(port)


def _check_reachable(address: str, host: str, port: int, timeout: float = 5.0) -> None:
    """Refuse at once an address where nothing listens: Ray itself retries such an address for minutes
    before it gives up."""
    try:
        socket.create_connection((host, port), timeout=timeout).close()
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise SpellforgeError(f"--address {address}: no Ray cluster answers there ({reason})") from None


def _run_ray(
    run: Callable[[Job], Part], jobs: Iterable[Job], workers: int, collect: Callable[[Part], None]
) -> None:
    connect_ray(None, workers)
    import ray

    remote = ray.remote(run)
    pending = [remote.remote(job) for job in jobs]
    while pending:
        done, pending = ray.wait(pending)
        for ref in done:
            collect(ray.get(ref))
