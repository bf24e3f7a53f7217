"""Balance reports: play a batch of games, then write an HTML page with plots of what happened.

``spellforge report GAME --out DIR`` plays the games through the simulator (the same seeds and seats as
``simulate`` with the same arguments, on any backend) and writes ``DIR/index.html``, its PNG plots and
``DIR/report.json`` (every figure on the page):

* wins per bot, per seat (the first-seat advantage) and per deck, each with its 95% Wilson interval, and,
  in two-player games with several decks, the win rate of each deck against each other;
* game length: turns per game;
* per card, within its deck (``sim.card_figures``): the win rate of the deck's seat-games in which the
  card was drawn against those in which it was not, the difference ("improvement when drawn") with its
  95% interval and the sample sizes, the same for played and for the opening hand, the cards ranked
  within their deck and the outliers flagged.

``--decks A,B,C`` plays every pairing of those decks (``--games`` games each, seats alternating) in a
two-player game, or seats them in order otherwise. ``--cards FILE`` changes cards (a card file or an
override file, ``sim.configs``). ``--compare KEY=VALUE`` (repeatable: ``cards=FILE``, ``decks=A,B``,
``bots=X,Y`` or a ruleset option) plays the same seeds a second time with the change; both games of a seed
form a pair, and the page names what changed and shows each paired difference with its 95% interval and
p-value (``sim.intervals``), flagging those that are significant.

The plots need matplotlib (the ``[report]`` extra); everything else is the engine's.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from spellforge.core.errors import SpellforgeError
from spellforge.games import find_game

from . import configs
from .card_figures import card_figures, compare_cards
from .configs import Config
from .intervals import difference, flag_level, p_text, paired_means, paired_rates, rate
from .simulate import GameResult, check_backend, game_seed, play_game, run_jobs

DEFAULT_BOT = "greedy"  # random play says little about balance

__all__ = ["DEFAULT_BOT", "Batch", "Config", "difference", "figures", "play_config", "rate", "run_report"]


@dataclass
class Batch:
    """The games of one configuration: each game's seed index, its slots' decks, its result."""

    game: str
    config: Config
    specs: list[str]  # the bot of each slot
    results: list[GameResult]

    def pool_names(self) -> dict[str, str]:
        return {key: card.name for key, card in self.config.ruleset(find_game(self.game)).cards.items()}


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


def slot_bots(bots: Sequence[str], decks: Sequence[str], players: int) -> list[str]:
    """The bot of each slot: as given, or one bot repeated for every deck of a pairing."""
    group = pairings(decks, players)[0]
    if group is not None and len(bots) == 1:
        return list(bots) * len(group)
    return list(bots)


def play_config(
    game: str,
    games: int,
    seed: int,
    players: int | None,
    config: Config,
    workers: int,
    backend: str,
    progress: Callable[[int, int], None] | None = None,
    done_before: int = 0,
    total: int = 0,
) -> Batch:
    """Play one configuration's games (``games`` per deck pairing). Game ``i`` of a pairing has the seed
    and seats of game ``k * games + i`` of ``simulate`` with the same seed, ``k`` the pairing's number."""
    ruleset = config.ruleset(find_game(game))
    n = players or ruleset.default_players
    groups = pairings(config.decks, n)
    specs = slot_bots(config.bots, config.decks, n)
    if not specs:
        raise SpellforgeError("--bots needs at least one bot")
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
    from spellforge.bots import make_bot

    for i, spec in enumerate(specs):
        make_bot(spec, seed=i)  # names and parameters, before any game
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
    return Batch(ruleset.name, config, specs, results)


# ---------------------------------------------------------------------- figures


def figures(batch: Batch, players: int) -> dict[str, Any]:
    """Every figure of one configuration's page (all plain JSON values)."""
    results = [r for r in batch.results if not r.error]
    n_games = len(results)
    bot_wins = [0] * len(batch.specs)
    seat_wins = [0] * players
    decks: dict[str, list[int]] = {}
    matchups: dict[str, dict[str, list[int]]] = {}
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
                cell = matchups.setdefault(deck, {}).setdefault(r.decks[1 - seat], [0, 0])
                cell[0] += won
                cell[1] += 1
    turns = [r.turns for r in results]
    config = batch.config
    return {
        "label": config.label,
        "options": config.options,
        "cards_file": config.cards_name,
        "decks_asked": config.decks,
        "games": len(batch.results),
        "errors": len(batch.results) - n_games,
        "draws_or_unfinished": sum(1 for r in results if not r.winners),
        "bots": list(batch.specs),
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
        "cards": card_figures(results, batch.pool_names()),
    }


def compare_figures(a: Batch, b: Batch, players: int, change: dict[str, Any]) -> dict[str, Any]:
    """The paired differences ``B - A`` of two configurations played on the same seeds: per seat, bot slot,
    deck and matchup the outcomes of each seat of each seed under both (``intervals.paired_rates``), the
    turns per seed (``intervals.paired_means``) and per card the change of its improvement when drawn
    (``card_figures.compare_cards``); each flagged ``significant`` when its p-value is below 5% over the
    number of figures of its kind (Bonferroni). ``flags`` says each flagged figure in a line."""
    ra = {r.index: r for r in a.results if not r.error}
    rb = {r.index: r for r in b.results if not r.error}
    common = sorted(set(ra) & set(rb))
    seats = [paired_rates([(s in ra[i].winners, s in rb[i].winners) for i in common]) for s in range(players)]
    bots: list[dict[str, Any]] = []
    if len(a.specs) == len(b.specs) and len(set(a.specs) | set(b.specs)) > 1:
        for k in range(len(a.specs)):
            bots.append(paired_rates([(_slot_won(ra[i], k), _slot_won(rb[i], k)) for i in common]))
    deck_pairs: dict[str, list[tuple[bool, bool]]] = {}
    cell_pairs: dict[tuple[str, str], list[tuple[bool, bool]]] = {}
    for i in common:
        x, y = ra[i], rb[i]
        for seat in range(min(len(x.decks), len(y.decks))):
            if x.decks[seat] != y.decks[seat]:
                continue
            pair = (seat in x.winners, seat in y.winners)
            deck_pairs.setdefault(x.decks[seat], []).append(pair)
            if players == 2 and x.decks[1 - seat] == y.decks[1 - seat] != x.decks[seat]:
                cell_pairs.setdefault((x.decks[seat], x.decks[1 - seat]), []).append(pair)
    decks = {d: paired_rates(p) for d, p in sorted(deck_pairs.items())}
    matchups: dict[str, dict[str, Any]] = {}
    if len(decks) > 2:  # with two decks, each matchup is a deck's figure
        for (d, o), p in sorted(cell_pairs.items()):
            matchups.setdefault(d, {})[o] = paired_rates(p)
    turns = paired_means([ra[i].turns for i in common], [rb[i].turns for i in common])
    changed_cards = {c["key"] for c in change.get("cards", [])}
    cards = compare_cards([ra[i] for i in common], [rb[i] for i in common], changed_cards)
    names = {**a.pool_names(), **b.pool_names()}
    for row in cards.values():
        for key, c in row.items():
            c["name"] = names.get(key, key)
    for family in (seats, bots):
        for fig in family:
            fig["significant"] = fig["p"] < flag_level(len(family))
    cells = [c for row in matchups.values() for c in row.values()]
    for fig in decks.values():
        fig["significant"] = fig["p"] < flag_level(len(decks))
    for fig in cells:
        fig["significant"] = fig["p"] < flag_level(len(cells))
    turns["significant"] = turns["p"] < flag_level(1)
    out = {
        "paired_games": len(common),
        "changes": change,
        "changes_text": configs.describe(change),
        "seat_wins": seats,
        "bot_wins": bots,
        "avg_turns": turns,
        "decks": decks,
        "matchups": matchups,
        "cards": cards,
    }
    out["flags"] = flag_lines(out, a, b)
    return out


def _slot_won(r: GameResult, slot: int) -> bool:
    return any(r.slots[s] == slot for s in r.winners)


def flag_lines(diff: dict[str, Any], a: Batch, b: Batch) -> list[str]:
    """One line per flagged figure, changed cards first."""

    def pts(d: dict[str, Any], scale: float = 100.0, unit: str = " pts") -> str:
        lo, hi = d["ci95"]
        return (
            f"{scale * d['difference']:+.1f}{unit} [{scale * lo:+.1f}, {scale * hi:+.1f}], {p_text(d['p'])}"
        )

    def rates(d: dict[str, Any]) -> str:
        return f"{100 * d['before']['rate']:.1f}% -> {100 * d['after']['rate']:.1f}% ({pts(d)})"

    lines = []
    cards = [(deck, c) for deck, row in diff["cards"].items() for c in row.values() if c["significant"]]
    cards.sort(key=lambda t: (not t[1]["changed"], t[1]["p"]))
    for deck, c in cards:
        what = "changed card" if c["changed"] else "card"
        lines.append(
            f"{what} {c['name']} in {deck}: improvement when drawn "
            f"{100 * c['before']:+.1f} -> {100 * c['after']:+.1f} pts, against its deck's mean "
            f"{100 * c['before_relative']:+.1f} -> {100 * c['after_relative']:+.1f} ({pts(c)})"
        )
    for d, fig in diff["decks"].items():
        if fig["significant"]:
            lines.append(f"deck {d}: win rate {rates(fig)}")
    for d, row in diff["matchups"].items():
        for o, fig in row.items():
            if fig["significant"]:
                lines.append(f"{d} against {o}: win rate {rates(fig)}")
    for s, fig in enumerate(diff["seat_wins"]):
        if fig["significant"]:
            lines.append(f"P{s + 1}: win rate {rates(fig)}")
    for k, fig in enumerate(diff["bot_wins"]):
        if fig["significant"]:
            lines.append(f"bot slot {k + 1} ({a.specs[k]} / {b.specs[k]}): win rate {rates(fig)}")
    if diff["avg_turns"]["significant"]:
        lines.append(f"turns per game: {pts(diff['avg_turns'], 1.0, '')}")
    return lines


# ---------------------------------------------------------------------- the whole report


def run_report(
    game: str,
    out: str | Path,
    bots: Sequence[str] = (DEFAULT_BOT,),
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

    report_page.pyplot()  # before any game: a missing extra is said at once
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
    confs = configs.configurations(ruleset, bots, decks, dict(options or {}), cards, compare)
    sizes = [games * len(pairings(c.decks, n)) for c in confs]
    total = sum(sizes)
    batches = []
    for k, config in enumerate(confs):
        batches.append(
            play_config(
                ruleset.name, games, seed, n, config, workers, backend, progress, sum(sizes[:k]), total
            )
        )
    figs = [figures(b, n) for b in batches]
    diff = None
    if len(batches) > 1:
        diff = compare_figures(batches[0], batches[1], n, configs.changes(ruleset, confs[0], confs[1]))
    summary = {
        "game": ruleset.name,
        "title": ruleset.title,
        "seed": seed,
        "players": n,
        "games_per_config": sizes[0],  # each configuration's own count is its "games"
        "bots": [b.specs for b in batches],
        "text": _summary_text(ruleset.title, n, seed, total, confs, batches, backend),
        "command": command,
    }
    return report_page.write(target, f"{ruleset.title}: balance report", summary, figs, diff)


def _summary_text(
    title: str, n: int, seed: int, total: int, confs: list[Config], batches: list[Batch], backend: str
) -> str:
    base = confs[0]
    bots = " and ".join(dict.fromkeys(batches[0].specs))
    per_config = f"{total // len(confs)} games per configuration" if len(confs) > 1 else f"{total} games"
    text = (
        f"{per_config} of {title} ({n} players), seed {seed}, played by {bots}"
        + (f", decks {', '.join(base.decks)}" if base.decks else ", decks chosen by the game from each seed")
        + (f", options {base.options}" if base.options else "")
        + (f", cards changed by {base.cards_name}" if base.cards_name else "")
        + (f"; compared with {confs[1].label} on the same seeds" if len(confs) > 1 else "")
        + f"; {backend} backend."
    )
    if any(s.split(":")[0] == "random" for b in batches for s in b.specs):
        text += " Random play says little about balance: a card is as strong as the bot that plays it."
    return text
