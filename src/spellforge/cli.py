"""The ``spellforge`` command. ``spellforge --help`` lists the subcommands; each has its own ``--help``.

Bad arguments, unknown names and unreadable files print one clear line and exit with status 2. An illegal
deck makes ``deck validate`` exit with status 1 after listing every problem.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from spellforge.core.errors import DeckError, SpellforgeError

if TYPE_CHECKING:
    from spellforge.sim.simulate import GameResult

EXIT_USAGE = 2
DEFAULT_OPPONENT = "ismcts:seconds=1"  # the strongest bot, with a budget a person does not mind waiting for


class UsageError(SpellforgeError):
    pass


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def whole(low: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``low`` (a bad one exits 2 naming the option)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, got {value}")
        return value

    parse.__name__ = "whole number"
    return parse


def positive_seconds(text: str) -> float:
    """An argparse type: a finite number of seconds greater than 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be a number of seconds greater than 0, got {text}")
    return value


def parse_options(pairs: Sequence[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs or ():
        key, eq, value = pair.partition("=")
        if not eq or not key.strip():
            raise UsageError(f"--option expects KEY=VALUE, got {pair!r}")
        out[key.strip()] = value.strip()
    return out


def _print_json(data: Any) -> None:
    print(json.dumps(data, indent=2, default=str))


def _console() -> Any:
    """The console for tables on stdout: the terminal's width, or, when stdout is a file or a pipe (and
    COLUMNS is not set), room for a wide table, which rich would otherwise squeeze into 80 columns."""
    from rich.console import Console

    wide = not sys.stdout.isatty() and "COLUMNS" not in os.environ
    return Console(width=160 if wide else None)


def _progress_bar(label: str, total: int) -> tuple[Any, Callable[[int, int], None]]:
    """A progress bar on stderr (never mixed with the results on stdout), not yet started, and the
    ``progress(done, total)`` callback the batch runners call."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    bar = Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    task = bar.add_task("games", total=total)

    def progress(done: int, total: int) -> None:
        bar.update(task, completed=done)

    return bar, progress


# ---------------------------------------------------------------------- commands


def cmd_games(args: argparse.Namespace) -> int:
    from spellforge.games import GAMES

    if args.json:
        _print_json(
            {
                name: {
                    "title": g.title,
                    "players": [g.min_players, g.max_players],
                    "summary": g.summary,
                    "options": {
                        o.name: {"default": o.default, "help": o.help, "choices": list(o.choices)}
                        for o in g.options
                    },
                }
                for name, g in GAMES.items()
            }
        )
        return 0
    from rich.table import Table

    table = Table(title="Spellforge games")
    for col in ("name", "title", "players", "summary"):
        table.add_column(col)
    for name, g in GAMES.items():
        players = f"{g.min_players}" if g.min_players == g.max_players else f"{g.min_players}-{g.max_players}"
        table.add_row(name, g.title, players, g.summary)
    _console().print(table)
    return 0


def param_text(key: str, info: dict[str, Any]) -> str:
    """``iterations=<int> (1 or more)``, ``pass_bias=<float> (0 to 1)``, ``tree=all|own``."""
    if "choices" in info:
        return f"{key}={'|'.join(info['choices'])}"
    text = f"{key}=<{info['type']}>"
    if "min" in info and "max" in info:
        return f"{text} ({info['min']:g} to {info['max']:g})"
    if "min" in info:
        return f"{text} ({info['min']:g} or more)"
    if "max" in info:
        return f"{text} ({info['max']:g} or less)"
    return text


def cmd_bots(args: argparse.Namespace) -> int:
    from spellforge.bots import BOTS

    data: dict[str, dict[str, Any]] = {
        name: {"help": cls.help, "params": cls.describe_params()} for name, cls in BOTS.items()
    }
    if args.json:
        _print_json(data)
        return 0
    from rich.table import Table

    table = Table(title="Spellforge bots (--bots NAME:KEY=VALUE,KEY=VALUE,NAME ...)")
    for col in ("name", "parameters", "what it does"):
        table.add_column(col, overflow="fold")
    for name, entry in data.items():
        params = "\n".join(param_text(k, v) for k, v in entry["params"].items()) or "none"
        table.add_row(name, params, entry["help"])
    _console().print(table)
    return 0


def card_row(card: Any) -> dict[str, Any]:
    row: dict[str, Any] = {}
    for f in dataclasses.fields(card):
        if f.name in ("effects", "source") or not f.init:
            continue
        value = getattr(card, f.name)
        row[f.name] = sorted(value) if isinstance(value, frozenset) else value
    return row


def cmd_cards(args: argparse.Namespace) -> int:
    from spellforge.games import find_game

    game = find_game(args.game)
    cards = [card_row(c) for c in game.cards.values()]
    if args.type:
        types = sorted({c["type"] for c in cards})
        if args.type not in types:
            raise UsageError(f"--type {args.type}: {game.title} has the card types {', '.join(types)}")
        cards = [c for c in cards if c["type"] == args.type]
    if args.search:
        needle = args.search.lower()
        cards = [c for c in cards if needle in c["name"].lower() or needle in c["text"].lower()]
    if args.json:
        _print_json(cards)
        return 0
    from rich.table import Table

    table = Table(title=f"{game.title}: {len(cards)} cards")
    columns = [k for k in (cards[0].keys() if cards else []) if k not in ("key",)]
    for col in columns:
        table.add_column(col, overflow="fold")
    for c in cards:
        table.add_row(
            *(", ".join(map(str, v)) if isinstance(v, list) else str(v) for v in (c[k] for k in columns))
        )
    _console().print(table)
    return 0


def cmd_deck(args: argparse.Namespace) -> int:
    from spellforge.core.decks import load_deck
    from spellforge.games import find_game

    game = find_game(args.game)
    if args.deck_command == "list":
        for name, deck in game.decks.items():
            print(f"{name:<20} {deck.count():>3} cards  {deck.name}: {deck.description}")
        return 0
    path = Path(args.file)
    if not path.exists():
        raise UsageError(f"no such deck file: {path}")
    options = parse_options(args.option)
    game.resolve_options(game.default_players, options)
    try:
        deck = load_deck(path)
    except DeckError as exc:
        raise UsageError(str(exc)) from None
    problems = game.validate_deck(deck, **options)
    if args.json:
        _print_json({"deck": deck.name, "file": str(path), "legal": not problems, "problems": problems})
    elif problems:
        print(f"{path}: deck {deck.name!r} is not legal for {game.title}:")
        for p in problems:
            print(f"  - {p}")
    else:
        print(f"{path}: deck {deck.name!r} is legal for {game.title} ({deck.count()} cards)")
    return 1 if problems else 0


def _read_game_log(path: Path, batch: dict[str, Any], games: int) -> list[GameResult]:
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
    batch = {
        "game": args.game,
        "bots": specs,
        "seed": args.seed,
        "players": args.players,
        "options": options,
        "fixed_seats": args.fixed_seats,
    }
    finished: list[GameResult] = []
    if args.resume and not args.log:
        raise UsageError("--resume needs --log FILE: the games already played are read back from it")
    if args.log:
        target = Path(args.log)
        if target.is_dir() or not target.parent.is_dir():
            raise UsageError(f"--log {args.log}: not a file in an existing directory")
        if args.resume and target.exists():
            finished = _read_game_log(target, batch, args.games)
    if sys.stderr.isatty():  # on stderr, so also with --json
        bar, progress = _progress_bar("simulating", args.games)
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

    _join_ray(args)
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
        _print_json(data)
    else:
        print(f"{data['games']} games of {data['game']} ({data['players']} players), seed {data['seed']}")
        rows = zip(data["bots"], data["wins"], data["win_rate_ci95"], data["mean_decision_ms"], strict=True)
        for spec, wins, (lo, hi), ms in rows:
            print(
                f"  {spec:<24} {wins:>6} wins  {100 * wins / data['games']:5.1f}% "
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
    _join_ray(args)
    bar = None
    progress = None
    if not args.json:
        n_pairs = len(specs) * (len(specs) - 1) // 2
        bar, progress = _progress_bar("round robin", args.games * n_pairs)
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
        _print_json(data)
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
    console = _console()
    console.print(table)
    console.print(pairs)
    console.print(f"{data['games']} games in {data['seconds']} s, errors {data['errors']}")
    for msg in data["error_messages"]:
        print(msg, file=sys.stderr)
    return 0


def _join_ray(args: argparse.Namespace) -> None:
    """``--address``: join that Ray cluster before the batch (only with the ray backend)."""
    if getattr(args, "address", None):
        if args.backend != "ray":
            raise UsageError("--address needs --backend ray")
        from spellforge.sim.simulate import connect_ray

        connect_ray(args.address)


def cmd_report(args: argparse.Namespace) -> int:
    from spellforge.bots import split_specs
    from spellforge.sim.report import run_report

    specs = split_specs(args.bots)
    decks = [d.strip() for d in args.decks.split(",") if d.strip()] if args.decks else []
    _join_ray(args)
    bar = None
    progress = None
    if sys.stderr.isatty():
        bar, progress = _progress_bar("report", args.games)
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


def cmd_replay(args: argparse.Namespace) -> int:
    from spellforge.core.errors import RecordError
    from spellforge.core.observe import log_view
    from spellforge.games import find_game

    path = Path(args.file)
    try:
        data = json.loads(path.read_text())
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise UsageError(f"{path} is not JSON: {exc}") from None
    if not isinstance(data, dict) or "game" not in data:
        raise RecordError(f"{path}: not a game record (no 'game' field)")
    game = find_game(data["game"])
    if "spellforge" in data:
        state = game.from_json(data)
        replayed = game.replay(data["record"])
        if replayed.to_json() != state.to_json():
            raise RecordError(f"{path}: the saved state and the replay of its record differ")
    else:
        state = game.replay(data)
    outcome = state.outcome
    summary = {
        "game": game.name,
        "actions": len(state.history()),
        "turn": state.turn,
        "over": outcome is not None,
        "winners": list(outcome.winners) if outcome else None,
        "reason": outcome.reason if outcome else None,
        "to_act": state.current_player,
    }
    if args.json:
        _print_json(summary)
    else:
        if args.log:
            print("\n".join(log_view(state, None, last=10**9)))
        print(json.dumps(summary))
        if outcome is None and "spellforge" in data:
            print(f"the game is not over: 'spellforge play --resume {args.file}' plays on", file=sys.stderr)
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from spellforge.games import GAMES, find_game
    from spellforge.sim.bench import bench

    names = [find_game(g).name for g in args.games] if args.games else list(GAMES)
    result = bench(names, runs=args.runs, seconds=args.seconds, seed=args.seed)
    if args.json:
        _print_json(result)
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


def _save_target(text: str) -> Path:
    """``--save FILE``: checked before the game starts (``~`` expanded), so a bad path is an error now and
    not a crash at the first move."""
    from spellforge.ui.terminal import save_problem

    if not text.strip():
        raise UsageError("--save needs a file name")
    path = Path(text).expanduser()
    problem = save_problem(path)
    if problem:
        raise UsageError(f"--save {text}: {problem}")
    return path


def cmd_play(args: argparse.Namespace) -> int:
    from spellforge.bots import make_bot
    from spellforge.core.rng import Rng
    from spellforge.games import find_game
    from spellforge.ui.terminal import TerminalGame, load_saved

    setup: dict[str, Any] = {}
    if args.resume:
        given = [f"--{k}" for k in ("players", "deck", "option", "seed") if getattr(args, k) is not None]
        if given:
            raise UsageError(
                f"--resume plays on with the saved game's players, decks, options and seed: "
                f"drop {', '.join(given)}"
            )
        resume = Path(args.resume).expanduser()
        state, setup = load_saved(resume)
        game = state.game
        if args.game and find_game(args.game) is not game:
            raise UsageError(f"{args.resume} is a game of {game.title}, not of {find_game(args.game).title}")
        if state.outcome is not None:
            raise UsageError(
                f"{args.resume}: that game is over ({state.outcome.reason}); "
                f"'spellforge replay {args.resume} --log' shows it"
            )
        players = state.n_seats
        seed = state.seed
    else:
        if not args.game:
            raise UsageError("which game? 'spellforge play GAME' (see 'spellforge games'), or --resume FILE")
        game = find_game(args.game)
        players = args.players or max(game.default_players, args.hotseat or 0)
        seed = args.seed if args.seed is not None else Rng(int.from_bytes(os.urandom(8), "big")).next64() >> 1
    if args.hotseat and not 1 <= args.hotseat <= players:
        raise UsageError(f"--hotseat must be between 1 and {players}")
    saved_humans = [h for h in setup.get("humans", []) if isinstance(h, int)]
    if args.hotseat:
        humans = set(range(args.hotseat))
    elif args.side:
        if not game.roles:
            raise UsageError(f"--side: {game.title} has no sides; choose a seat with --seat")
        options = state.options if args.resume else game.resolve_options(players, parse_options(args.option))
        roles = game.seat_roles(players, options)
        if args.side not in roles:
            raise UsageError(f"--side must be one of {', '.join(game.roles)}, not {args.side!r}")
        humans = {roles.index(args.side)}
    elif args.seat is not None:
        humans = {args.seat - 1}
    else:
        humans = set(saved_humans) or {0}
    if not all(0 <= h < players for h in humans):
        raise UsageError(f"--seat must be between 1 and {players}")
    vs = args.vs
    if args.resume and vs == DEFAULT_OPPONENT and isinstance(setup.get("vs"), str):
        vs = setup["vs"]  # the saved game's bot, unless --vs names another
    make_bot(vs, seed=0)  # validate before starting
    save = (
        _save_target(args.save)
        if args.save is not None
        else Path(args.resume).expanduser()
        if args.resume
        else None
    )
    if args.resume:
        bot_seed = Rng(int.from_bytes(os.urandom(8), "big")).next64() >> 1
    else:
        decks = args.deck or None
        if decks and len(decks) == 1 and players > 1:
            decks = decks * players
        state = game.new_game(seed=seed, decks=decks, players=players, **parse_options(args.option))
        bot_seed = seed
    bots = {s: make_bot(vs, seed=bot_seed + s) for s in range(players) if s not in humans}
    ui = TerminalGame(state, humans, bots, save=save, setup={"humans": sorted(humans), "vs": vs})
    if save is not None and not ui.save(save, quiet=True):
        raise UsageError(f"--save {save}: the game cannot be saved there")
    if args.resume:
        print(
            f"{game.title}, seed {seed}, resumed from {args.resume} at turn {state.turn}. Type 'help' for commands."
        )
    else:
        print(f"{game.title}, seed {seed}. Type 'help' for commands.")
    try:
        return ui.run()
    except KeyboardInterrupt:
        ui.stop()  # with --save: say where the game is kept and how to play on
        raise


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        from spellforge.web.serve import serve
    except ImportError as exc:
        raise UsageError(f"serve needs the web extra (pip install 'spellforge[web]'): {exc}") from None
    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port must be between 0 and 65535, got {args.port}")
    if args.bot_workers < 0:
        raise UsageError(f"--bot-workers must be 0 or more, got {args.bot_workers}")
    return serve(args.host, args.port, args.db, args.bot_workers)


# ---------------------------------------------------------------------- the parser


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="spellforge", description="One rules engine for five fantasy card games.")
    parser.add_argument("--version", action="version", version="spellforge 0.1.0")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    sub.required = True

    p = sub.add_parser("games", help="list the games")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("bots", help="list the bots and their parameters")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_bots)

    p = sub.add_parser(
        "play",
        help="play a game in the terminal against bots or hot-seat",
        description="Play in the terminal. 'spellforge play GAME' starts a game; with --save FILE it is "
        "saved after every move, at its end and when you quit, and 'spellforge play --resume FILE' plays "
        "on from where it was left.",
    )
    p.add_argument("game", nargs="?", help="the game (see 'spellforge games'); optional with --resume")
    p.add_argument(
        "--vs",
        default=DEFAULT_OPPONENT,
        metavar="BOT",
        help=f"the bot for the other seats, with parameters (default: {DEFAULT_OPPONENT}, or the saved "
        f"game's with --resume; see 'spellforge bots')",
    )
    p.add_argument("--hotseat", type=whole(1), metavar="N", help="N people share this terminal (seats 1..N)")
    p.add_argument(
        "--seat", type=whole(1), metavar="K", help="your seat when playing bots (default 1, or the saved one)"
    )
    p.add_argument(
        "--side", metavar="ROLE", help="in a game with roles, play this one (Spelldawn: overlord or champion)"
    )
    p.add_argument("--players", type=whole(1), metavar="N", help="number of players")
    p.add_argument("--seed", type=int, help="seed (default: random; printed at the start)")
    p.add_argument(
        "--deck", action="append", metavar="DECK", help="a deck name or file, once per seat (or once for all)"
    )
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="a ruleset option (repeatable)")
    p.add_argument(
        "--save", metavar="FILE", help="save the game to FILE after every move, at its end and when you quit"
    )
    p.add_argument(
        "--resume",
        metavar="FILE",
        help="play on a game saved with --save or 'save FILE' (same seats and bot unless --seat, "
        "--hotseat or --vs say otherwise; it goes on saving to FILE unless --save names another)",
    )
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("simulate", help="play many games between bots and report the results")
    p.add_argument("game")
    p.add_argument(
        "--bots",
        required=True,
        help="comma-separated bot specs, e.g. random,random or ismcts:seconds=1,greedy (see 'spellforge bots')",
    )
    # checked by simulate itself (at least 1), so a batch run from Python is refused the same way
    p.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    p.add_argument("--seed", type=int, default=0, help="batch seed (default 0)")
    p.add_argument("--players", type=whole(1), help="number of players (default: the game's)")
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="a ruleset option (repeatable)")
    p.add_argument("--fixed-seats", action="store_true", help="do not rotate seats between games")
    p.add_argument(
        "--verify-replays",
        action="store_true",
        help="replay every game's record and check it reproduces the game",
    )
    p.add_argument("--workers", type=whole(1), default=1, help="worker processes (process/ray backends)")
    p.add_argument("--backend", default="local", choices=("local", "process", "ray"), help="where games run")
    p.add_argument(
        "--address",
        metavar="ADDR",
        help="with --backend ray: join the Ray cluster at ADDR (host:port, or auto)",
    )
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
    p.add_argument("--seed", type=int, default=0, help="tournament seed (default 0)")
    p.add_argument("--players", type=whole(1), help="number of players (default: the game's)")
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="a ruleset option (repeatable)")
    p.add_argument("--workers", type=whole(1), default=1, help="worker processes (process and ray backends)")
    p.add_argument("--backend", default="local", choices=("local", "process", "ray"), help="where games run")
    p.add_argument(
        "--address",
        metavar="ADDR",
        help="with --backend ray: join the Ray cluster at ADDR (host:port, or auto)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_tournament)

    p = sub.add_parser("report", help="a balance report: play a batch, write an HTML page with plots")
    p.add_argument("game")
    p.add_argument("--bots", default="random", help="bot specs, one per seat or one for all (default random)")
    p.add_argument("--decks", help="comma-separated decks (names or files): every pairing in a 2-player game")
    p.add_argument("--games", type=int, default=100, help="games per deck pairing (default 100)")
    p.add_argument("--seed", type=int, default=0, help="batch seed (default 0)")
    p.add_argument("--players", type=int, help="number of players (default: the game's)")
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="a ruleset option (repeatable)")
    p.add_argument(
        "--cards", metavar="FILE", help="a card file whose cards replace the pool's of the same id"
    )
    p.add_argument(
        "--compare",
        action="append",
        metavar="KEY=VALUE",
        help="play the games again with this option changed (or cards=FILE) and show both (repeatable)",
    )
    p.add_argument(
        "--out", required=True, metavar="DIR", help="where to write index.html, plots, report.json"
    )
    p.add_argument("--workers", type=int, default=1, help="worker processes (process and ray backends)")
    p.add_argument("--backend", default="local", choices=("local", "process", "ray"), help="where games run")
    p.add_argument(
        "--address",
        metavar="ADDR",
        help="with --backend ray: join the Ray cluster at ADDR (host:port, or auto)",
    )
    p.set_defaults(func=cmd_report)

    p = sub.add_parser("deck", help="deck lists: validate a file, list the preconstructed decks")
    deck_sub = p.add_subparsers(dest="deck_command", metavar="ACTION", parser_class=Parser)
    deck_sub.required = True
    v = deck_sub.add_parser(
        "validate",
        help="check a deck file against a game's construction rules",
        description="Check a deck file against a game's construction rules and list every violation. "
        "Exit status: 0 legal, 1 illegal, 2 the file or an argument cannot be used.",
    )
    v.add_argument("game")
    v.add_argument("file")
    v.add_argument(
        "--option", action="append", metavar="KEY=VALUE", help="a ruleset option, e.g. format=sealed"
    )
    v.add_argument("--json", action="store_true")
    v.set_defaults(func=cmd_deck)
    lst = deck_sub.add_parser("list", help="list a game's preconstructed decks")
    lst.add_argument("game")
    lst.set_defaults(func=cmd_deck)

    p = sub.add_parser("cards", help="show a game's card pool")
    p.add_argument("game")
    p.add_argument("--type", help="only cards of this type")
    p.add_argument("--search", help="only cards whose name or text contains this")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_cards)

    p = sub.add_parser(
        "replay",
        help="replay a saved game or record, check it and summarise it (to play on: play --resume FILE)",
    )
    p.add_argument("file")
    p.add_argument("--log", action="store_true", help="print the public log")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("serve", help="play in the browser: the web server and its game store")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 picks a free one)")
    p.add_argument(
        "--db",
        default="spellforge.db",
        metavar="URL",
        help="SQLite file (default spellforge.db) or postgresql:// URL",
    )
    p.add_argument(
        "--bot-workers", type=int, default=2, metavar="N", help="bot processes (default 2; 0: threads)"
    )
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("bench", help="measure engine speed (medians over runs)")
    p.add_argument("games", nargs="*", help="games to measure (default: all)")
    p.add_argument("--runs", type=whole(1), default=5, help="runs per figure (default 5)")
    p.add_argument(
        "--seconds", type=positive_seconds, default=1.0, help="seconds of random play per run (default 1)"
    )
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except DeckError as exc:
        print(f"spellforge: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except SpellforgeError as exc:
        print(f"spellforge: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("\nspellforge: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (``spellforge cards GAME | head``): stop quietly, as other commands do, and
        # send what is still buffered nowhere, so that flushing at exit does not fail again
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141


if __name__ == "__main__":
    sys.exit(main())
