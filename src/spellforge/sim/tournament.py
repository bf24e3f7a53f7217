"""``spellforge tournament``: a round robin between bots, measured honestly.

Every pair of bots plays ``games`` games. Games come in mirrored pairs: game ``2k`` and game ``2k + 1`` use
the same seed (so the same decks, shuffles and first player) with the bots' seats exchanged, which cancels
the luck of the deal and the first-player advantage. Every pair plays the same seeds. In games with more
than two seats the two bots alternate around the table, and the mirror exchanges them.

Reported per bot: games, wins, draws, losses, win rate with its 95% Wilson score interval, an OpenSkill
(Plackett-Luce) rating updated game by game in a fixed order, and the mean time it took per decision;
per pair: each side's wins, draws and errors.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from itertools import combinations
from typing import Any

from spellforge.bots import make_bot
from spellforge.core.errors import SpellforgeError
from spellforge.games import find_game

from .simulate import GameResult, check_backend, game_seed, play_game, run_jobs, wilson_interval


def mirror_slots(players: int, index: int) -> list[int]:
    """Which of the two bots plays each seat in game ``index`` of a pair: they alternate around the table,
    and the odd game of each mirrored pair exchanges them."""
    return [(seat + index) % 2 for seat in range(players)]


@dataclass
class PairResult:
    a: str
    b: str
    games: int = 0
    wins_a: int = 0
    wins_b: int = 0
    draws: int = 0
    errors: int = 0


@dataclass
class Standing:
    bot: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    errors: int = 0
    win_rate: float = 0.0
    win_rate_ci95: tuple[float, float] = (0.0, 1.0)
    rating_mu: float = 0.0
    rating_sigma: float = 0.0
    rating: float = 0.0  # the conservative ordinal, mu - 3 sigma: the table is sorted by it
    mean_decision_ms: float = 0.0


@dataclass
class TournamentResult:
    game: str
    games_per_pair: int
    seed: int
    bots: list[str]
    players: int
    options: dict[str, Any]
    standings: list[Standing]
    pairs: list[PairResult]
    games: int
    errors: int
    seconds: float
    error_messages: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _run_jobs(args: tuple[Any, ...]) -> list[tuple[int, GameResult]]:
    game, players, options, seed, pair_index, specs, indices = args
    out = []
    for i in indices:
        result = play_game(
            game,
            specs,
            game_seed(seed, i // 2),
            i,
            players,
            options,
            slots=mirror_slots(players, i),
        )
        out.append((pair_index, result))
    return out


def _rate(standings: list[Standing], order: list[tuple[int, tuple[int, int], GameResult]]) -> None:
    """OpenSkill ratings from every finished game, in a fixed order (game index, then pair)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = [model.rating(name=s.bot) for s in standings]
    for _, (i, j), r in sorted(order, key=lambda t: (t[2].index, t[0])):
        if r.error:
            continue
        won = {r.slots[seat] for seat in r.winners}
        rank_i = 1 if (0 in won or not won) else 2
        rank_j = 1 if (1 in won or not won) else 2
        [[ratings[i]], [ratings[j]]] = model.rate([[ratings[i]], [ratings[j]]], ranks=[rank_i, rank_j])
    for s, rating in zip(standings, ratings, strict=True):
        s.rating_mu = round(rating.mu, 3)
        s.rating_sigma = round(rating.sigma, 3)
        s.rating = round(rating.ordinal(), 3)


def tournament(
    game: str,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    backend: str = "local",
    progress: Callable[[int, int], None] | None = None,
) -> TournamentResult:
    """Play the round robin and rate the bots (see the module docstring)."""
    ruleset = find_game(game)
    n = players or ruleset.default_players
    specs = list(bots)
    if len(specs) < 2:
        raise SpellforgeError("a tournament needs at least two bots, e.g. --bots greedy,random")
    if len(set(specs)) != len(specs):
        raise SpellforgeError("each bot may enter a tournament once (give a repeated bot other parameters)")
    for i, spec in enumerate(specs):
        make_bot(spec, seed=i)  # validate names and parameters before starting
    opts = dict(options or {})
    ruleset.new_game(seed=seed, players=n, **opts)  # validate options and players up front
    check_backend(backend)
    if games < 1:
        raise SpellforgeError("--games must be at least 1")
    pairs = list(combinations(range(len(specs)), 2))
    total = games * len(pairs)
    chunk = max(2, games // (4 * max(workers, 1)))
    chunk += chunk % 2  # keep each mirrored pair of games in one job
    jobs = [
        (ruleset.name, n, opts, seed, p, [specs[i], specs[j]], list(range(k, min(k + chunk, games))))
        for p, (i, j) in enumerate(pairs)
        for k in range(0, games, chunk)
    ]
    start = time.perf_counter()
    done: list[tuple[int, GameResult]] = []

    def collect(part: list[tuple[int, GameResult]]) -> None:
        done.extend(part)
        if progress:
            progress(len(done), total)

    run_jobs(_run_jobs, jobs, backend, workers, collect)
    return summarize(ruleset.name, specs, games, seed, n, opts, pairs, done, time.perf_counter() - start)


def summarize(
    game: str,
    specs: list[str],
    games: int,
    seed: int,
    players: int,
    options: dict[str, Any],
    pairs: list[tuple[int, int]],
    done: list[tuple[int, GameResult]],
    seconds: float,
) -> TournamentResult:
    standings = [Standing(spec) for spec in specs]
    pair_results = [PairResult(specs[i], specs[j]) for i, j in pairs]
    think = [0.0] * len(specs)
    count = [0] * len(specs)
    order: list[tuple[int, tuple[int, int], GameResult]] = []
    messages: list[str] = []
    for p, r in sorted(done, key=lambda t: (t[0], t[1].index)):
        i, j = pairs[p]
        pr = pair_results[p]
        pr.games += 1
        order.append((p, (i, j), r))
        for slot, bot in ((0, i), (1, j)):
            think[bot] += r.think_seconds[slot]
            count[bot] += r.think_count[slot]
        if r.error:
            pr.errors += 1
            standings[i].errors += 1
            standings[j].errors += 1
            if len(messages) < 5:
                messages.append(f"{specs[i]} vs {specs[j]}, game {r.index} (seed {r.seed}): {r.error}")
            continue
        won = {r.slots[seat] for seat in r.winners}
        for slot, bot in ((0, i), (1, j)):
            st = standings[bot]
            st.games += 1
            if not won or len(won) == 2:
                st.draws += 1
            elif slot in won:
                st.wins += 1
            else:
                st.losses += 1
        if not won or len(won) == 2:
            pr.draws += 1
        elif 0 in won:
            pr.wins_a += 1
        else:
            pr.wins_b += 1
    for k, st in enumerate(standings):
        st.win_rate = round(st.wins / st.games, 4) if st.games else 0.0
        lo, hi = wilson_interval(st.wins, st.games)
        st.win_rate_ci95 = (round(lo, 4), round(hi, 4))
        st.mean_decision_ms = round(1000 * think[k] / count[k], 3) if count[k] else 0.0
    _rate(standings, order)
    ranked = sorted(standings, key=lambda s: (-s.rating, s.bot))
    return TournamentResult(
        game=game,
        games_per_pair=games,
        seed=seed,
        bots=list(specs),
        players=players,
        options=dict(options),
        standings=ranked,
        pairs=pair_results,
        games=len(done),
        errors=sum(1 for _, r in done if r.error),
        seconds=round(seconds, 3),
        error_messages=messages,
    )


__all__ = ["PairResult", "Standing", "TournamentResult", "mirror_slots", "tournament", "wilson_interval"]
