"""The commands that play or look at one game: ``play`` (in the terminal, against bots or hot-seat, saved
and resumed), ``serve`` (in the browser) and ``replay`` (check and summarise a saved game or record)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .common import DEFAULT_OPPONENT, Parser, UsageError, parse_options, print_json, seed_number, whole

if TYPE_CHECKING:
    from spellforge.core.state import State


def save_target(text: str) -> Path:
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


def keep_target(state: State) -> Path:
    """Where a game left without ``--save`` is kept (docs/playing.md): ``GAME-SEED.json`` in the current
    folder, or ``GAME-SEED-2.json`` ... when that name is taken, so no other file is written over."""
    stem = f"{state.game.name}-{state.seed}"
    path = Path(f"{stem}.json")
    n = 2
    while path.exists():
        path = Path(f"{stem}-{n}.json")
        n += 1
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
        save_target(args.save)
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
    ui = TerminalGame(
        state,
        humans,
        bots,
        save=save,
        setup={"humans": sorted(humans), "vs": vs},
        keep=keep_target(state),
        autopass=not args.no_autopass,
    )
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
        ui.leave()  # say where the game is kept and how to play on
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
        print_json(summary)
    else:
        if args.log:
            print("\n".join(log_view(state, None, last=10**9)))
        print(json.dumps(summary))
        if outcome is None and "spellforge" in data:
            print(f"the game is not over: 'spellforge play --resume {args.file}' plays on", file=sys.stderr)
    return 0


def add_play(sub: argparse._SubParsersAction[Parser]) -> None:
    """``spellforge play``."""
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
    p.add_argument("--seed", type=seed_number, help="seed (default: random; printed at the start)")
    p.add_argument(
        "--deck", action="append", metavar="DECK", help="a deck name or file, once per seat (or once for all)"
    )
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="a ruleset option (repeatable)")
    p.add_argument(
        "--save", metavar="FILE", help="save the game to FILE after every move, at its end and when you quit"
    )
    p.add_argument(
        "--no-autopass",
        action="store_true",
        help="against bots, ask you even when passing is all you may do (the in-game 'autopass on/off' "
        "switches it too)",
    )
    p.add_argument(
        "--resume",
        metavar="FILE",
        help="play on a game saved with --save or 'save FILE' (same seats and bot unless --seat, "
        "--hotseat or --vs say otherwise; it goes on saving to FILE unless --save names another)",
    )
    p.set_defaults(func=cmd_play)


def add_replay(sub: argparse._SubParsersAction[Parser]) -> None:
    """``spellforge replay``."""
    p = sub.add_parser(
        "replay",
        help="replay a saved game or record, check it and summarise it (to play on: play --resume FILE)",
    )
    p.add_argument("file")
    p.add_argument("--log", action="store_true", help="print the public log")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_replay)


def add_serve(sub: argparse._SubParsersAction[Parser]) -> None:
    """``spellforge serve``."""
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
