"""Balance reports: play a batch of games, then write an HTML page with plots of what happened.

``spellforge report GAME --out DIR`` plays the games through the simulator (the same seeds and seats as
``simulate`` with the same arguments, on any backend) and writes ``DIR/index.html``, its PNG plots and
``DIR/report.json`` (every figure on the page):

* wins per bot and per deck, each with its 95% Wilson interval, and, in two-player games with several
  decks, the win rate of each deck against each other;
* the first-seat advantage: the win rate of each seat;
* game length: turns per game;
* per card: in how many seat-games it was drawn and played (``sim.stats`` says what counts), and the win
  rate of the seats that drew it and that played it.

``--decks A,B,C`` plays every pairing of those decks (``--games`` games each, seats alternating) in a
two-player game, or seats them in order otherwise. ``--compare KEY=VALUE`` (repeatable) plays the same
games a second time with a changed ruleset option, or with ``cards=FILE`` a changed card file, and puts the
two side by side with each difference and its 95% interval (Newcombe's interval for a difference of win
rates; a normal interval for the difference of mean game lengths).

The plots need matplotlib (the ``[report]`` extra); everything else is the engine's.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from spellforge.core.errors import SpellforgeError
from spellforge.games import find_game

from .simulate import (
    Z95,
    GameResult,
    check_backend,
    game_seed,
    play_game,
    ruleset_with_cards,
    run_jobs,
    wilson_interval,
)


@dataclass
class Config:
    """One configuration of a report: ruleset options and an optional card file's text."""

    label: str
    options: dict[str, Any] = field(default_factory=dict)
    cards: str | None = None
    cards_name: str = ""
    cards_path: str = ""  # the card file as given, for its errors


@dataclass
class Batch:
    """The games of one configuration: each game's seed index, its slots' decks, its result."""

    game: str
    config: Config
    results: list[GameResult]

    def pool_names(self) -> dict[str, str]:
        ruleset = find_game(self.game)
        if self.config.cards is not None:
            ruleset = ruleset_with_cards(ruleset, self.config.cards, self.config.cards_path)
        return {key: card.name for key, card in ruleset.cards.items()}


def rate(wins: int, games: int) -> dict[str, Any]:
    lo, hi = wilson_interval(wins, games)
    return {"wins": wins, "games": games, "rate": wins / games if games else 0.0, "ci95": [lo, hi]}


def difference(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """``b - a`` for two win rates, with Newcombe's hybrid score interval (from the Wilson intervals)."""
    p1, (l1, u1) = a["rate"], a["ci95"]
    p2, (l2, u2) = b["rate"], b["ci95"]
    d = p2 - p1
    return {
        "difference": d,
        "ci95": [
            d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2),
            d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2),
        ],
    }


def mean_difference(a: Sequence[float], b: Sequence[float]) -> dict[str, Any]:
    """``mean(b) - mean(a)`` with a normal 95% interval."""
    if not a or not b:
        return {"difference": 0.0, "ci95": [0.0, 0.0]}
    d = statistics.fmean(b) - statistics.fmean(a)
    var = (statistics.pvariance(a) / len(a)) + (statistics.pvariance(b) / len(b))
    half = Z95 * math.sqrt(var)
    return {"difference": d, "ci95": [d - half, d + half]}


# ---------------------------------------------------------------------- playing


def _report_chunk(args: tuple[Any, ...]) -> list[GameResult]:
    game, specs, seed, indices, players, options, decks, cards = args
    return [
        play_game(
            game, specs, game_seed(seed, i), i, players, options, decks=decks, cards=cards, card_stats=True
        )
        for i in indices
    ]


def pairings(decks: Sequence[str], players: int) -> list[list[str] | None]:
    """The deck lists to play: every pairing of two decks in a two-player game, else the decks in order."""
    if not decks:
        return [None]
    if players == 2 and len(decks) > 2:
        return [[a, b] for i, a in enumerate(decks) for b in decks[i + 1 :]]
    return [list(decks)]


def play_config(
    game: str,
    bots: Sequence[str],
    games: int,
    seed: int,
    players: int | None,
    decks: Sequence[str],
    config: Config,
    workers: int,
    backend: str,
    progress: Callable[[int, int], None] | None = None,
    done_before: int = 0,
    total: int = 0,
) -> Batch:
    """Play one configuration's games (``games`` per deck pairing). Game ``i`` of a pairing has the seed
    and seats of game ``k * games + i`` of ``simulate`` with the same seed, ``k`` the pairing's number."""
    ruleset = find_game(game)
    if config.cards is not None:
        ruleset = ruleset_with_cards(ruleset, config.cards, config.cards_path)
    n = players or ruleset.default_players
    groups = pairings(decks, n)
    specs = list(bots)
    if groups[0] is not None and len(specs) == 1:
        specs = specs * len(groups[0])
    for group in groups:
        slots = len(group) if group is not None else len(specs)
        if group is not None and len(specs) != slots:
            raise SpellforgeError(
                f"{len(specs)} bots for decks of {slots} seats: give one bot, or one per deck"
            )
        # checks the options, players and decks before any game starts
        ruleset.new_game(
            seed=seed,
            players=n,
            decks=[group[s % len(group)] for s in range(n)] if group else None,
            **config.options,
        )
    jobs = []
    size = max(1, min(16, games // max(1, 4 * max(workers, 1))))
    for k, group in enumerate(groups):
        first = k * games
        for start in range(first, first + games, size):
            indices = list(range(start, min(start + size, first + games)))
            jobs.append((ruleset.name, specs, seed, indices, n, config.options, group, config.cards))
    results: list[GameResult] = []

    def collect(part: list[GameResult]) -> None:
        results.extend(part)
        if progress is not None:
            progress(done_before + len(results), total or games * len(groups))

    run_jobs(_report_chunk, jobs, backend, workers, collect)
    results.sort(key=lambda r: r.index)
    return Batch(ruleset.name, config, results)


# ---------------------------------------------------------------------- figures


def figures(batch: Batch, bots: Sequence[str], players: int) -> dict[str, Any]:
    """Every figure of one configuration's page (all plain JSON values)."""
    results = [r for r in batch.results if not r.error]
    n_games = len(results)
    n_bots = len({r.slots[s] for r in results for s in range(len(r.slots))}) or len(bots)
    bot_wins = [0] * n_bots
    seat_wins = [0] * players
    decks: dict[str, list[int]] = {}
    matchups: dict[str, dict[str, list[int]]] = {}
    cards: dict[str, dict[str, int]] = {}
    for r in results:
        winners = set(r.winners)
        for slot in {r.slots[s] for s in winners}:
            bot_wins[slot] += 1
        for s in winners:
            seat_wins[s] += 1
        for seat, deck in enumerate(r.decks):
            won = seat in winners
            entry = decks.setdefault(deck, [0, 0])
            entry[0] += won
            entry[1] += 1
            if players == 2:
                other = r.decks[1 - seat]
                cell = matchups.setdefault(deck, {}).setdefault(other, [0, 0])
                cell[0] += won
                cell[1] += 1
            for key in r.drawn[seat]:
                c = cards.setdefault(key, dict.fromkeys(("drawn", "drawn_won", "played", "played_won"), 0))
                c["drawn"] += 1
                c["drawn_won"] += won
            for key in r.played[seat]:
                c = cards.setdefault(key, dict.fromkeys(("drawn", "drawn_won", "played", "played_won"), 0))
                c["played"] += 1
                c["played_won"] += won
    turns = [r.turns for r in results]
    names = batch.pool_names()
    seat_games = n_games * players
    return {
        "label": batch.config.label,
        "options": batch.config.options,
        "cards_file": batch.config.cards_name,
        "games": len(batch.results),
        "errors": len(batch.results) - n_games,
        "draws_or_unfinished": sum(1 for r in results if not r.winners),
        "bots": list(bots),
        "bot_wins": [rate(w, n_games) for w in bot_wins],
        "seat_wins": [rate(w, n_games) for w in seat_wins],
        "avg_turns": statistics.fmean(turns) if turns else 0.0,
        "avg_decisions": statistics.fmean([r.decisions for r in results]) if results else 0.0,
        "turns": turns,
        "decks": {d: rate(w, g) for d, (w, g) in sorted(decks.items())},
        "matchups": {
            d: {o: rate(w, g) for o, (w, g) in sorted(row.items()) if o != d}
            for d, row in sorted(matchups.items())
        },
        "cards": {
            key: {
                "name": names.get(key, key),
                "drawn": c["drawn"],
                "played": c["played"],
                "drawn_rate": c["drawn"] / seat_games if seat_games else 0.0,
                "played_rate": c["played"] / seat_games if seat_games else 0.0,
                "win_when_drawn": rate(c["drawn_won"], c["drawn"]),
                "win_when_played": rate(c["played_won"], c["played"]),
            }
            for key, c in sorted(cards.items())
        },
    }


def compare_figures(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """The differences ``b - a`` of two configurations' figures, each with its 95% interval."""
    out: dict[str, Any] = {
        "seat_wins": [difference(x, y) for x, y in zip(a["seat_wins"], b["seat_wins"], strict=False)],
        "bot_wins": [difference(x, y) for x, y in zip(a["bot_wins"], b["bot_wins"], strict=False)],
        "avg_turns": mean_difference(a["turns"], b["turns"]),
        "decks": {d: difference(a["decks"][d], b["decks"][d]) for d in a["decks"] if d in b["decks"]},
        "cards": {
            key: difference(a["cards"][key]["win_when_played"], b["cards"][key]["win_when_played"])
            for key in a["cards"]
            if key in b["cards"]
        },
    }
    return out


# ---------------------------------------------------------------------- the whole report


def read_cards(path: str | Path) -> tuple[str, str, str]:
    """A card file's text, name and path as given; an unreadable file raises SpellforgeError naming it."""
    p = Path(path)
    try:
        return p.read_text(encoding="utf-8"), p.name, str(path)
    except OSError as exc:
        raise SpellforgeError(f"card file {str(path)!r}: cannot read it ({exc.strerror or exc})") from None


def configurations(options: dict[str, Any], cards: str | Path | None, compare: Sequence[str]) -> list[Config]:
    """The configuration asked for and, with ``compare`` (``KEY=VALUE`` items: a ruleset option, or
    ``cards=FILE``), the changed one beside it."""
    text, name, given = read_cards(cards) if cards else (None, "", "")
    base = Config("base" if compare else "games", dict(options), text, name, given)
    if not compare:
        return [base]
    changed = Config("changed", dict(options), text, name, given)
    words = []
    for item in compare:
        key, eq, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not eq or not key:
            raise SpellforgeError(f"--compare expects KEY=VALUE (an option, or cards=FILE), got {item!r}")
        if key == "cards":
            changed.cards, changed.cards_name, changed.cards_path = read_cards(value)
        else:
            changed.options[key] = value
        words.append(f"{key}={value if key != 'cards' else Path(value).name}")
    changed.label = ", ".join(words)
    return [base, changed]


def run_report(
    game: str,
    out: str | Path,
    bots: Sequence[str] = ("random",),
    games: int = 100,
    seed: int = 0,
    players: int | None = None,
    decks: Sequence[str] = (),
    options: dict[str, Any] | None = None,
    cards: str | Path | None = None,
    compare: Sequence[str] = (),
    workers: int = 1,
    backend: str = "local",
    progress: Callable[[int, int], None] | None = None,
    command: str = "",
) -> Path:
    """Play the report's games and write its page into ``out``; returns the page's path (``index.html``)."""
    from . import report_page

    report_page._pyplot()  # before any game: a missing extra is said at once
    ruleset = find_game(game)
    check_backend(backend)
    if games < 1:
        raise SpellforgeError("--games must be at least 1")
    if not bots:
        raise SpellforgeError("--bots needs at least one bot")
    target = Path(out)
    if target.exists() and not target.is_dir():
        raise SpellforgeError(f"--out {out}: not a directory")
    n = players or ruleset.default_players
    configs = configurations(dict(options or {}), cards, compare)
    groups = len(pairings(decks, n))
    total = games * groups * len(configs)
    batches = []
    for k, config in enumerate(configs):
        batches.append(
            play_config(
                ruleset.name,
                bots,
                games,
                seed,
                n,
                decks,
                config,
                workers,
                backend,
                progress,
                k * games * groups,
                total,
            )
        )
    specs = list(bots) if not decks or len(bots) > 1 else list(bots) * n
    figs = [figures(b, specs, n) for b in batches]
    diff = compare_figures(figs[0], figs[1]) if len(figs) > 1 else None
    text = (
        f"{total} games of {ruleset.title} ({n} players), seed {seed}, bots {', '.join(bots)}"
        + (f", decks {', '.join(decks)}" if decks else ", decks chosen by the game from each seed")
        + (f", options {options}" if options else "")
        + (f", cards from {configs[0].cards_name}" if cards else "")
        + (f"; compared with {configs[1].label}" if diff else "")
        + f"; {backend} backend."
    )
    summary = {
        "game": ruleset.name,
        "seed": seed,
        "players": n,
        "games_per_config": games * groups,
        "text": text,
    }
    summary["command"] = command
    return report_page.write(target, f"{ruleset.title}: balance report", summary, figs, diff)
