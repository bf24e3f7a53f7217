"""The commands that play batches of games between bots and report on them: ``simulate``, ``tournament``,
``report`` (a balance report with plots) and ``bench`` (engine speed)."""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from spellforge.core.errors import SpellforgeError

from .common import (
    Parser,
    UsageError,
    add_backend_options,
    join_ray,
    parse_options,
    positive_seconds,
    print_json,
    progress_bar,
    seed_number,
    stdout_console,
    whole,
)

if TYPE_CHECKING:
    from spellforge.sim.simulate import GameResult

CARDS_HELP = (
    "changed cards: a card file ([[card]] tables replace the pool's cards of the same id) or an override "
    "file ([cards.ID] tables change those fields of the card, e.g. [cards.tide-sprite] attack = 6)"
)
DEFAULT_BOT = "greedy"  # the report's default bot (sim.report.DEFAULT_BOT): random play says little


def read_game_log(path: Path, batch: dict[str, Any], games: int) -> list[GameResult]:
    """The games of this ``batch`` that a ``--log`` file already holds (for ``--resume``); a line that is
    not one of them is an error naming the line, since mixing batches would corrupt the figures."""
    from spellforge.sim.simulate import GameResult

    out: list[GameResult] = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            where = f"--resume: {path} line {number}"
            try:
                data = json.loads(line)
            except json.JSONDecodeError as exc:
                raise UsageError(
                    f"{where}: not JSON ({exc.msg}); a write cut short? delete the line"
                ) from None
            if not isinstance(data, dict) or data.get("batch") != batch:
                raise UsageError(
                    f"{where}: a game of another batch (game, bots, seed, players, options and seats "
                    f"must be the same as this command's)"
                )
            try:
                result = GameResult.from_dict(data)
            except SpellforgeError as exc:
                raise UsageError(f"{where}: {exc}") from None
            if not 0 <= result.index < games:
                raise UsageError(f"{where}: game {result.index} is not among the --games {games}")
            out.append(result)
    return out


def cmd_simulate(args: argparse.Namespace) -> int:
    from spellforge.bots import split_specs
    from spellforge.sim import simulate

    specs = split_specs(args.bots)
    if not specs:
        raise UsageError("--bots needs at least one bot, e.g. --bots random,random")
    progress = None
    bar = None
    log: Any = None
    options = parse_options(args.option)
    decks = split_decks(args.decks)
    cards, cards_name = read_cards(args.game, args.cards)
    batch: dict[str, Any] = {
        "game": args.game,
        "bots": specs,
        "seed": args.seed,
        "players": args.players,
        "options": options,
        "fixed_seats": args.fixed_seats,
    }
    if decks:
        batch["decks"] = decks
    if cards is not None:  # the changes themselves, so that a changed file is not mixed with the old one
        batch["cards"] = hashlib.sha256(cards.encode()).hexdigest()[:16]
    finished: list[GameResult] = []
    if args.resume and not args.log:
        raise UsageError("--resume needs --log FILE: the games already played are read back from it")
    if args.log:
        target = Path(args.log)
        if target.is_dir() or not target.parent.is_dir():
            raise UsageError(f"--log {args.log}: not a file in an existing directory")
        if args.resume and target.exists():
            finished = read_game_log(target, batch, args.games)
    if sys.stderr.isatty():  # on stderr, so also with --json
        bar, progress = progress_bar("simulating", args.games)
    done = [len(finished)]
    show = progress

    def counted(n: int, total: int) -> None:
        done[0] = n
        if show is not None:
            show(n, total)

    def on_result(game: Any) -> None:
        nonlocal log
        if log is None:  # opened at the first result, so a batch that fails to start leaves no file
            log = open(args.log, "a", encoding="utf-8")  # noqa: SIM115 - closed after the batch
        log.write(json.dumps({**dataclasses.asdict(game), "batch": batch}, sort_keys=True) + "\n")
        log.flush()

    join_ray(args)
    try:
        if bar is not None:
            bar.start()
        result = simulate(
            args.game,
            specs,
            args.games,
            seed=args.seed,
            players=args.players,
            options=options,
            fixed_seats=args.fixed_seats,
            workers=args.workers,
            backend=args.backend,
            progress=counted,
            verify_replays=args.verify_replays,
            on_result=on_result if args.log else None,
            finished=finished,
            decks=decks,
            cards=cards,
            cards_name=cards_name,
        )
    except KeyboardInterrupt:
        if bar is not None:
            bar.stop()
            bar = None
        if args.log:
            note = f"the finished games are in {args.log}; the same command with --resume plays only the rest"
        else:
            note = "their results are lost: with --log FILE each game is kept as it finishes (and --resume finishes the batch)"
        print(f"spellforge: interrupted after {done[0]} of {args.games} games; {note}", file=sys.stderr)
        return 130
    finally:
        if bar is not None:
            bar.stop()
        if log is not None:
            log.close()
    data = result.to_dict()
    if args.json:
        print_json(data)
    else:
        print(f"{data['games']} games of {data['game']} ({data['players']} players), seed {data['seed']}")
        if data["cards"]:
            print(f"  cards changed by {data['cards']}")
        rows = zip(data["bots"], data["wins"], data["win_rate_ci95"], data["mean_decision_ms"], strict=True)
        for k, (spec, wins, (lo, hi), ms) in enumerate(rows):
            name = f"{spec} ({data['decks'][k]})" if data["decks"] else spec
            print(
                f"  {name:<24} {wins:>6} wins  {100 * wins / data['games']:5.1f}% "
                f"[{100 * lo:.1f}-{100 * hi:.1f}]  {ms:8.3f} ms/decision"
            )
        print(
            f"  seat wins {data['seat_wins']}, draws or unfinished {data['draws_or_unfinished']}, errors {data['errors']}"
        )
        for spec, by_role in zip(data["bots"], data["bot_roles"], strict=False):
            sides = ", ".join(f"{role} {r['wins']}/{r['games']}" for role, r in by_role.items() if r["games"])
            print(f"  {spec:<24} by side: {sides}")
        print(f"  end reasons {data['reasons']}")
        print(
            f"  {data['avg_turns']} turns and {data['avg_decisions']} decisions per game; "
            f"{data['seconds']} s ({data['games_per_second']} games/s)"
        )
        for msg in data["error_messages"]:
            print(msg, file=sys.stderr)
    return 0


def cmd_tournament(args: argparse.Namespace) -> int:
    from spellforge.bots import split_specs
    from spellforge.sim.tournament import tournament

    specs = split_specs(args.bots)
    if len(specs) < 2:
        raise UsageError("--bots needs at least two bots, e.g. --bots ismcts,greedy,random")
    join_ray(args)
    bar = None
    progress = None
    if not args.json:
        n_pairs = len(specs) * (len(specs) - 1) // 2
        bar, progress = progress_bar("round robin", args.games * n_pairs)
        bar.start()

    try:
        result = tournament(
            args.game,
            specs,
            args.games,
            seed=args.seed,
            players=args.players,
            options=parse_options(args.option),
            workers=args.workers,
            backend=args.backend,
            progress=progress,
        )
    finally:
        if bar is not None:
            bar.stop()
    data = result.to_dict()
    if args.json:
        print_json(data)
        return 0
    from rich.table import Table

    table = Table(
        title=f"{data['game']}: round robin, {data['games_per_pair']} games per pair (mirrored seeds), "
        f"seed {data['seed']}"
    )
    for col in ("bot", "rating", "mu ± sigma", "games", "wins", "draws", "win rate", "95% CI", "ms/decision"):
        table.add_column(col, justify="left" if col == "bot" else "right", overflow="fold")
    for s in data["standings"]:
        lo, hi = s["win_rate_ci95"]
        table.add_row(
            s["bot"],
            f"{s['rating']:.2f}",
            f"{s['rating_mu']:.2f} ± {s['rating_sigma']:.2f}",
            str(s["games"]),
            str(s["wins"]),
            str(s["draws"]),
            f"{100 * s['win_rate']:.1f}%",
            f"{100 * lo:.1f}-{100 * hi:.1f}%",
            f"{s['mean_decision_ms']:.2f}",
        )
    pairs = Table(title="pairs")
    for col in ("A", "B", "A wins", "B wins", "draws", "errors"):
        pairs.add_column(col, overflow="fold")
    for p in data["pairs"]:
        pairs.add_row(p["a"], p["b"], str(p["wins_a"]), str(p["wins_b"]), str(p["draws"]), str(p["errors"]))
    console = stdout_console()
    console.print(table)
    console.print(pairs)
    console.print(f"{data['games']} games in {data['seconds']} s, errors {data['errors']}")
    for msg in data["error_messages"]:
        print(msg, file=sys.stderr)
    return 0


def split_decks(text: str | None) -> list[str]:
    """``--decks A,B``: the deck names or files, in order."""
    return [d.strip() for d in text.split(",") if d.strip()] if text else []


def read_cards(game: str, path: str | None) -> tuple[str | None, str]:
    """``--cards FILE``: the text of the card file its changes make, and the file's name (a bad file
    raises SpellforgeError naming the file, the card and the field)."""
    if not path:
        return None, ""
    from spellforge.games import find_game
    from spellforge.sim.configs import read_card_changes

    return read_card_changes(find_game(game), path)


def cmd_report(args: argparse.Namespace) -> int:
    from spellforge.bots import split_specs
    from spellforge.sim.report import run_report

    specs = split_specs(args.bots)
    decks = split_decks(args.decks)
    join_ray(args)
    bar = None
    progress = None
    if sys.stderr.isatty():
        bar, progress = progress_bar("report", args.games)
        bar.start()
    try:
        page = run_report(
            args.game,
            args.out,
            bots=specs,
            games=args.games,
            seed=args.seed,
            players=args.players,
            decks=decks,
            options=parse_options(args.option),
            cards=args.cards,
            compare=args.compare or (),
            workers=args.workers,
            backend=args.backend,
            progress=progress,
            command="spellforge report " + " ".join(sys.argv[2:] if len(sys.argv) > 2 else [args.game]),
        )
    finally:
        if bar is not None:
            bar.stop()
    print(page)
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from spellforge.games import GAMES, find_game
    from spellforge.sim.bench import bench

    names = [find_game(g).name for g in args.games] if args.games else list(GAMES)
    result = bench(names, runs=args.runs, seconds=args.seconds, seed=args.seed)
    if args.json:
        print_json(result)
    else:
        for name, r in result.items():
            extra = "".join(
                f", {k} {v}"
                for k, v in r.items()
                if k.endswith("per_second")
                and k not in ("games_per_second", "decisions_per_second", "turns_per_second")
            )
            print(
                f"{name:<12} {r['games_per_second']:>8} games/s {r['decisions_per_second']:>10} decisions/s "
                f"{r['turns_per_second']:>9} turns/s  clone {r['clone_us']} us{extra}"
            )
    return 0


def add_simulate(sub: argparse._SubParsersAction[Parser]) -> None:
    """``spellforge simulate``."""
    p = sub.add_parser("simulate", help="play many games between bots and report the results")
    p.add_argument("game")
    p.add_argument(
        "--bots",
        required=True,
        help="comma-separated bot specs, e.g. random,random or ismcts:seconds=1,greedy (see 'spellforge bots')",
    )
    # checked by simulate itself (at least 1), so a batch run from Python is refused the same way
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument("--seed", type=seed_number, default=0, help="batch seed (default 0)")
    p.add_argument("--players", type=whole(1), help="number of players (default: the game's)")
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="a ruleset option (repeatable)")
    p.add_argument("--fixed-seats", action="store_true", help="do not rotate seats between games")
    p.add_argument(
        "--decks",
        metavar="A,B",
        help="comma-separated decks (names or files), one per bot (or any number with one bot): each deck "
        "moves with its bot as seats rotate, so the wins per bot are the wins per deck",
    )
    p.add_argument("--cards", metavar="FILE", help=CARDS_HELP)
    p.add_argument(
        "--verify-replays",
        action="store_true",
        help="replay every game's record and check it reproduces the game",
    )
    add_backend_options(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument(
        "--log",
        metavar="FILE",
        help="append one JSON line per game to FILE as each finishes (a long batch can be watched, "
        "and what finished survives an interrupted run)",
    )
    p.add_argument(
        "--resume",
        action="store_true",
        help="with --log: do not replay the games FILE already holds for this same batch; count them "
        "in the summary and play only the rest (finishes an interrupted batch)",
    )
    p.set_defaults(func=cmd_simulate)


def add_tournament(sub: argparse._SubParsersAction[Parser]) -> None:
    """``spellforge tournament``."""
    p = sub.add_parser("tournament", help="round robin between bots: win rates, 95%% intervals, ratings")
    p.add_argument("game")
    p.add_argument(
        "--bots",
        required=True,
        help="comma-separated bot specs, e.g. ismcts,greedy,random (see 'spellforge bots')",
    )
    p.add_argument(
        "--games", type=whole(1), default=20, help="games per pair, in mirrored pairs (default 20)"
    )
    p.add_argument("--seed", type=seed_number, default=0, help="tournament seed (default 0)")
    p.add_argument("--players", type=whole(1), help="number of players (default: the game's)")
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="a ruleset option (repeatable)")
    add_backend_options(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_tournament)


def add_report(sub: argparse._SubParsersAction[Parser]) -> None:
    """``spellforge report``."""
    p = sub.add_parser("report", help="a balance report: play a batch, write an HTML page with plots")
    p.add_argument("game")
    p.add_argument(
        "--bots",
        default=DEFAULT_BOT,
        help=f"bot specs, one per seat or one for all (default {DEFAULT_BOT}: random play says little "
        "about balance)",
    )
    p.add_argument("--decks", help="comma-separated decks (names or files): every pairing in a 2-player game")
    p.add_argument("--games", type=whole(1), default=100, help="games per deck pairing (default 100)")
    p.add_argument("--seed", type=seed_number, default=0, help="batch seed (default 0)")
    p.add_argument("--players", type=whole(1), help="number of players (default: the game's)")
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="a ruleset option (repeatable)")
    p.add_argument("--cards", metavar="FILE", help=CARDS_HELP)
    p.add_argument(
        "--compare",
        action="append",
        metavar="KEY=VALUE",
        help="play the same seeds again with this change and show both, paired by seed (repeatable): "
        "cards=FILE, decks=A,B, bots=X,Y, or a ruleset option",
    )
    p.add_argument(
        "--out", required=True, metavar="DIR", help="where to write index.html, plots, report.json"
    )
    add_backend_options(p)
    p.set_defaults(func=cmd_report)


def add_bench(sub: argparse._SubParsersAction[Parser]) -> None:
    """``spellforge bench``."""
    p = sub.add_parser("bench", help="measure engine speed (medians over runs)")
    p.add_argument("games", nargs="*", help="games to measure (default: all)")
    p.add_argument("--runs", type=whole(1), default=5, help="runs per figure (default 5)")
    p.add_argument(
        "--seconds", type=positive_seconds, default=1.0, help="seconds of random play per run (default 1)"
    )
    p.add_argument("--seed", type=seed_number, default=1)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_bench)
