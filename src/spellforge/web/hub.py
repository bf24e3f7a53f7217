"""The live games of a server: the authority over every game, its seats, its bots and its listeners.

Each game is held as a ``State`` that reflects exactly the actions committed to the store. An action is
applied to a clone, logged and committed, and only then does the clone become the game and the
listeners hear of the new version: a view never shows a position a crash could take back. One lock per
game orders its actions; games never wait for each other, and bots think in a worker pool.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from spellforge.bots import check_spec
from spellforge.core.actions import Action, Resign, seat_name
from spellforge.core.decks import DeckList, parse_deck_text
from spellforge.core.errors import IllegalActionError, SpellforgeError
from spellforge.core.observe import known_cards
from spellforge.core.replay import make_record, replay_record
from spellforge.core.ruleset import Ruleset
from spellforge.core.state import State
from spellforge.games import find_game

from .protocol import ApiError, dumps, hash_token, new_token, seat_message, token_matches
from .store import Store, StoredGame
from .workers import bot_move

Listener = Callable[[], None]
log = logging.getLogger("spellforge.web")


@dataclass
class LiveGame:
    id: str
    ruleset: Ruleset
    state: State
    seats: list[dict[str, Any]]  # kind, bot spec or token hash
    version: int
    created: float
    actors: list[int]  # the seat that took each logged action
    rematch: str | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    listeners: dict[int, tuple[int | None, Listener]] = field(default_factory=dict)
    cache: dict[int | None, str] = field(default_factory=dict)  # seat -> message JSON at this version
    bot_task: asyncio.Task[None] | None = None
    undo_request: int | None = None  # the seat asking the other people to take back its last decision
    # why the game cannot go on (a stored seat's bot that this version cannot build), or None
    problem: str | None = None

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token opens; None without a token; ApiError 403 for a token that opens none."""
        if token is None:
            return None
        for s, seat in enumerate(self.seats):
            stored = seat.get("token")
            if stored and token_matches(token, stored):
                return s
        raise ApiError(403, "this token holds no seat in this game")

    def message(self, seat: int | None) -> str:
        """The JSON message for ``seat`` (None: a spectator) at the current version, built once."""
        text = self.cache.get(seat)
        if text is None:
            msg = seat_message(self.state, seat, self.version)
            msg["game_id"] = self.id
            msg["seats"] = self.public_seats()
            if self.rematch:
                msg["rematch"] = self.rematch
            if self.undo_request is not None and seat is not None and seat != self.undo_request:
                msg["undo_request"] = self.undo_request
            if self.problem:
                msg["problem"] = self.problem
            text = dumps(msg)
            self.cache[seat] = text
        return text

    def public_seats(self) -> list[dict[str, Any]]:
        return [
            {"seat": s, "kind": seat["kind"], **({"bot": seat["bot"]} if seat["kind"] == "bot" else {})}
            for s, seat in enumerate(self.seats)
        ]

    def lobby_entry(self) -> dict[str, Any]:
        st = self.state
        humans = [s for s, seat in enumerate(self.seats) if seat["kind"] == "human"]
        # a human seat has come when it has acted or is connected now (so a restart keeps the status)
        joined = set(self.actors) | {seat for seat, _ in self.listeners.values() if seat is not None}
        if st.is_over:
            status = "over"
        elif self.problem:
            status = "broken"
        else:
            status = "open" if set(humans) - joined else "running"
        entry = {
            "id": self.id,
            "game": self.ruleset.name,
            "title": self.ruleset.title,
            "players": st.n_seats,
            "seats": self.public_seats(),
            "status": status,
            "turn": st.turn,
            "version": self.version,
            "created": self.created,
        }
        if self.problem:
            entry["problem"] = self.problem
        return entry

    def bot_seat(self) -> str | None:
        seat = self.state.current_player
        if seat is None or self.state.is_over or self.problem:
            return None
        spec = self.seats[seat]
        return spec["bot"] if spec["kind"] == "bot" else None


def seat_problems(seats: list[dict[str, Any]]) -> str | None:
    """Why a stored game's seats cannot all play (each bot whose spec cannot be built, as the command
    line builds bots: a spec stored before a check existed, a bot this version no longer has), or None."""
    problems = []
    for s, seat in enumerate(seats):
        if seat.get("kind") != "bot":
            continue
        spec = seat.get("bot")
        try:
            if not isinstance(spec, str):
                raise SpellforgeError("a bot spec must be text")
            check_spec(spec)
        except SpellforgeError as exc:
            problems.append(f"{seat_name(s)}'s bot {spec!r} cannot be built: {exc}")
    return "; ".join(problems) or None


class Hub:
    """Every live game of the server, and the operations the REST API and WebSocket call."""

    def __init__(self, store: Store, pool: Executor) -> None:
        self.store = store
        self.pool = pool
        self.games: dict[str, LiveGame] = {}
        self._listener_ids = 0
        self.closing = False

    # ------------------------------------------------------------------ start-up

    def resume(self) -> int:
        """Rebuild every stored game by replaying its log (at the version it was stored at)."""
        for g in self.store.load_all():
            try:
                ruleset = find_game(g.game)
                state = replay_record(ruleset, {"game": g.game, **g.setup, "actions": []})
                actors: list[int] = []
                for text in g.actions:
                    action = ruleset.parse_action(None, text)
                    actor = action.seat if isinstance(action, Resign) else state.current_player
                    actors.append(-1 if actor is None else actor)
                    state.apply(action)
            except SpellforgeError as exc:  # a game this version of the engine cannot replay: leave it out
                log.error("game %s (%s) cannot be resumed: %s", g.id, g.game, exc)
                continue
            live = LiveGame(g.id, ruleset, state, g.seats, g.version, g.created, actors, rematch=g.rematch)
            live.problem = seat_problems(g.seats)
            if live.problem and not state.is_over:
                log.warning("game %s (%s) is stopped: %s", g.id, g.game, live.problem)
            self.games[g.id] = live
        return len(self.games)

    def start_bots(self) -> None:
        for live in self.games.values():
            self.wake_bot(live)

    # ------------------------------------------------------------------ creating games

    async def create(self, body: Any) -> dict[str, Any]:
        if not isinstance(body, dict):
            raise ApiError(422, "the body must be a JSON object")
        unknown = sorted(set(body) - {"game", "seats", "seed", "decks", "options"})
        if unknown:
            raise ApiError(422, f"unknown fields {unknown} (fields: game, seats, seed, decks, options)")
        name = body.get("game")
        if not isinstance(name, str):
            raise ApiError(422, "'game' must be a game name")
        try:
            ruleset = find_game(name)
        except SpellforgeError as exc:
            raise ApiError(400, str(exc)) from None
        seats = self._read_seats(body.get("seats"))
        seed = body.get("seed")
        if seed is None:
            seed = secrets.randbits(31)
        elif not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
            raise ApiError(422, "'seed' must be a whole number from 0 to 2**63 - 1")
        options = body.get("options") or {}
        if not isinstance(options, dict):
            raise ApiError(422, "'options' must be an object")
        decks = self._read_decks(ruleset, body.get("decks"), len(seats))
        try:
            state = ruleset.new_game(seed=seed, decks=decks, players=len(seats), **options)
        except SpellforgeError as exc:
            problems = getattr(exc, "problems", None)
            detail = f": {'; '.join(problems)}" if problems else ""
            raise ApiError(400, f"{exc}{detail}") from None
        except TypeError as exc:  # an option the game does not take
            raise ApiError(400, str(exc)) from None
        tokens: dict[int, str] = {}
        stored_seats: list[dict[str, Any]] = []
        for s, seat in enumerate(seats):
            if seat["kind"] == "human":
                tokens[s] = new_token()
                stored_seats.append({"kind": "human", "token": hash_token(tokens[s])})
            else:
                stored_seats.append({"kind": "bot", "bot": seat["bot"]})
        live = await self._add(ruleset, state, stored_seats)
        return {
            "id": live.id,
            "seats": [
                {"seat": s, **({"token": tokens[s]} if s in tokens else {})} for s in range(len(seats))
            ],
        }

    async def rematch(self, game_id: str, token: str | None) -> dict[str, Any]:
        """A new game with the same ruleset, seats and decks and a new seed; each seat's token carries over
        (the new game stores the same token hashes), so every player follows with the token it holds."""
        live = self.get(game_id)
        seat = live.seat_of(token)
        if seat is None:
            raise ApiError(403, "only a player of the game may ask for a rematch")
        async with live.lock:
            if not live.state.is_over:
                raise ApiError(409, "the game is not over")
            if live.problem:
                raise ApiError(409, f"no rematch: {live.problem}")
            if live.rematch is None:
                record = make_record(live.state)
                record.update(seed=secrets.randbits(31), actions=[])
                state = replay_record(live.ruleset, record)
                new = await self._add(live.ruleset, state, [dict(s) for s in live.seats])
                await asyncio.wrap_future(self.store.set_rematch(live.id, new.id))
                live.rematch = new.id
                self._changed(live)
        return {"id": live.rematch}

    async def _add(self, ruleset: Ruleset, state: State, seats: list[dict[str, Any]]) -> LiveGame:
        game_id = secrets.token_hex(6)
        record = make_record(state)
        setup = {k: record[k] for k in ("seed", "players", "options", "decks")}
        created = time.time()
        stored = StoredGame(game_id, ruleset.name, setup, seats, 0, created)
        await asyncio.wrap_future(self.store.create(stored))
        live = LiveGame(game_id, ruleset, state, seats, 0, created, [])
        self.games[game_id] = live
        self.wake_bot(live)
        return live

    @staticmethod
    def _read_seats(raw: Any) -> list[dict[str, Any]]:
        if not isinstance(raw, list) or not raw:
            raise ApiError(
                422, '\'seats\' must be a list of {"kind": "human"} or {"kind": "bot", "bot": spec}'
            )
        out = []
        for i, seat in enumerate(raw):
            if not isinstance(seat, dict) or seat.get("kind") not in ("human", "bot"):
                raise ApiError(422, f'seat {i}: \'kind\' must be "human" or "bot"')
            if seat["kind"] == "bot":
                spec = seat.get("bot", "greedy")
                if not isinstance(spec, str):
                    raise ApiError(422, f"seat {i}: 'bot' must be a bot spec such as \"ismcts:seconds=1\"")
                try:
                    check_spec(spec)
                except SpellforgeError as exc:
                    raise ApiError(400, f"seat {i} ({seat_name(i)}): {exc}") from None
                out.append({"kind": "bot", "bot": spec})
            else:
                out.append({"kind": "human"})
        return out

    @staticmethod
    def _read_decks(ruleset: Ruleset, raw: Any, players: int) -> list[DeckList] | None:
        """Deck names or deck-list text (never a file path: the server reads no file a client names)."""
        if raw is None:
            return None
        if not isinstance(raw, list) or len(raw) != players or not all(isinstance(d, str) for d in raw):
            raise ApiError(422, f"'decks' must be a list of {players} deck names or deck lists")
        out = []
        for i, spec in enumerate(raw):
            if spec in ruleset.decks:
                out.append(ruleset.decks[spec])
                continue
            try:
                out.append(parse_deck_text(spec, source=f"deck {i + 1}"))
            except SpellforgeError as exc:
                raise ApiError(400, f"deck {i + 1}: {exc}") from None
        return out

    # ------------------------------------------------------------------ reading

    def get(self, game_id: str) -> LiveGame:
        live = self.games.get(game_id)
        if live is None:
            raise ApiError(404, f"no game {game_id!r}")
        return live

    def lobby(self, include_over: bool = False) -> list[dict[str, Any]]:
        out = [g.lobby_entry() for g in self.games.values()]
        return [e for e in out if include_over or e["status"] != "over"]

    # ------------------------------------------------------------------ acting

    async def act(self, game_id: str, token: str | None, body: Any) -> LiveGame:
        """Apply a seat's action: 422 malformed, 403 wrong token or not its decision, 409 stale version,
        400 unknown or illegal action; nothing changes on any of them."""
        live = self.get(game_id)
        self._check_body(body)
        seat = live.seat_of(token)
        await self.act_as(live, seat, body)
        return live

    @staticmethod
    def _check_body(body: Any) -> None:
        if not isinstance(body, dict) or not isinstance(body.get("action"), str):
            raise ApiError(422, 'expected {"action": "<action text>", "version": N}')
        version = body.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise ApiError(422, "'version' must be the version of the View the action answers")

    async def act_as(self, live: LiveGame, seat: int | None, body: Any) -> None:
        """``act`` for a seat already known (a WebSocket reads its token once, when it connects)."""
        self._check_body(body)
        if seat is None:
            raise ApiError(403, "acting needs a seat's token")
        version = body["version"]
        async with live.lock:
            if version != live.version:
                raise ApiError(409, f"stale version {version}: the game is at version {live.version}")
            state = live.state
            try:
                action = live.ruleset.parse_action(state, body["action"])
            except IllegalActionError as exc:
                raise ApiError(400, str(exc)) from None
            if action.meta:
                if not isinstance(action, Resign) or action.seat != seat:
                    raise ApiError(403, f"{action} is not yours to take")
            elif state.current_player != seat:
                raise ApiError(403, "it is not your decision")
            elif live.problem:  # a resignation still ends it
                raise ApiError(409, f"the game cannot go on: {live.problem}")
            await self._commit(live, action, seat)

    async def _commit(self, live: LiveGame, action: Action, seat: int) -> None:
        """Check, log and commit, then apply and publish (the caller holds the game's lock).

        The action is checked against the position before it is written, and applied only once its
        commit is done: until then every reader sees the committed position, and no copy of the game is
        needed to keep it (a copy per action cost more than building a View).
        """
        state = live.state
        problem = (
            state.meta_problem(action)
            if action.meta
            else ("" if action in state.legal_actions() else state.why_illegal(action))
        )
        if state.is_over:
            problem = f"{action}: the game is over"
        if problem:
            raise ApiError(400, problem)
        n = len(live.actors)
        written = self.store.append(live.id, n, [str(action)], live.version + 1)

        async def publish() -> None:
            await asyncio.wrap_future(written)
            try:
                state.apply(action)
            except Exception:  # checked above, so a fault of the engine: take the action back everywhere
                log.exception("game %s: %s was committed but failed to apply", live.id, action)
                await self._take_back(live, state, action, n)
                raise ApiError(500, f"{action} could not be applied; the game is as it was") from None
            live.actors.append(seat)
            live.version += 1
            live.undo_request = None
            self._changed(live)

        # once written, the action is the game's even if this request is cancelled meanwhile
        await asyncio.shield(publish())

    async def _take_back(self, live: LiveGame, state: State, action: Action, n: int) -> None:
        """Forget a logged action the engine failed to apply: drop it from the store and rebuild the game
        from the actions before it (the failed apply may have changed the state half-way)."""
        await asyncio.wrap_future(self.store.truncate(live.id, n, live.version))
        history = state.history()
        if history and history[-1] is action:
            history.pop()
        live.state = replay_record(live.ruleset, {**make_record(state), "actions": [str(a) for a in history]})
        live.cache.clear()

    def _changed(self, live: LiveGame) -> None:
        live.cache.clear()
        for _seat, notify in list(live.listeners.values()):
            notify()
        self.wake_bot(live)

    # ------------------------------------------------------------------ undo

    async def undo(self, game_id: str, token: str | None, body: Any) -> LiveGame:
        """Take back the seat's last decision: at once against bots while nothing hidden was revealed to it
        since; against people as a request the others accept (``{"accept": true}``)."""
        live = self.get(game_id)
        if not isinstance(body, dict) or not isinstance(body.get("version"), int):
            raise ApiError(422, 'expected {"version": N} (and "accept": true to accept a request)')
        seat = live.seat_of(token)
        if seat is None:
            raise ApiError(403, "undo needs a seat's token")
        async with live.lock:
            if body["version"] != live.version:
                raise ApiError(409, f"stale version {body['version']}: the game is at version {live.version}")
            others = [s for s, spec in enumerate(live.seats) if s != seat and spec["kind"] == "human"]
            if body.get("accept"):
                asker = live.undo_request
                if asker is None or asker == seat:
                    raise ApiError(409, "no undo request to accept")
                await self._undo(live, asker)
                return live
            if others:
                live.undo_request = seat
                live.cache.clear()
                for _s, notify in list(live.listeners.values()):
                    notify()
                return live
            await self._undo(live, seat)
        return live

    async def _undo(self, live: LiveGame, seat: int) -> None:
        if live.state.is_over:
            raise ApiError(409, "the game is over")
        mine = [i for i, s in enumerate(live.actors) if s == seat]
        if not mine:
            raise ApiError(409, "you have taken no decision to undo")
        keep = mine[-1]
        history = [str(a) for a in live.state.history()]
        before = replay_record(live.ruleset, {**make_record(live.state), "actions": history[:keep]})
        if known_cards(live.state, seat) - known_cards(before, seat):
            raise ApiError(409, "a card hidden from you has been revealed since: that decision stands")
        await asyncio.wrap_future(self.store.truncate(live.id, keep, live.version + 1))
        live.state = before
        del live.actors[keep:]
        live.version += 1
        live.undo_request = None
        self._changed(live)

    # ------------------------------------------------------------------ bots

    def wake_bot(self, live: LiveGame) -> None:
        if self.closing or live.bot_seat() is None:
            return
        if live.bot_task is None or live.bot_task.done():
            with contextlib.suppress(RuntimeError):  # no running loop (start-up): start_bots() wakes it
                live.bot_task = asyncio.get_running_loop().create_task(self._bot_turns(live))

    async def _bot_turns(self, live: LiveGame) -> None:
        loop = asyncio.get_running_loop()
        while not self.closing:
            spec = live.bot_seat()
            if spec is None:
                return
            seat = live.state.current_player
            assert seat is not None
            version = live.version
            snapshot = live.state.to_json()
            seed = (live.state.seed * 1_000_003 + version) % 2**63
            try:
                text = await loop.run_in_executor(
                    self.pool, bot_move, live.ruleset.name, snapshot, spec, seed
                )
            except Exception:  # a pool shutting down, a broken worker: the bot tries again on the next change
                log.exception("game %s: the bot of seat %s failed", live.id, seat)
                return
            async with live.lock:
                if live.version != version:  # an undo or a resignation came first: think again
                    continue
                try:
                    action = live.ruleset.parse_action(live.state, text)
                    await self._commit(live, action, seat)
                except Exception as exc:
                    # the same position and seed would choose the same move again: the game stops, and
                    # says why to every page and in the lobby, rather than waiting for a move that never comes
                    # (a task that ends on an exception says nothing)
                    why = exc.message if isinstance(exc, ApiError) else (str(exc) or type(exc).__name__)
                    live.problem = (
                        f"{seat_name(seat)}'s bot ({spec}) chose {text!r}, which was refused: {why}"
                    )
                    log.error("game %s is stopped: %s", live.id, live.problem, exc_info=True)
                    self._changed(live)
                    return

    # ------------------------------------------------------------------ listeners

    def listen(self, live: LiveGame, seat: int | None, notify: Listener) -> int:
        self._listener_ids += 1
        live.listeners[self._listener_ids] = (seat, notify)
        return self._listener_ids

    def unlisten(self, live: LiveGame, key: int) -> None:
        live.listeners.pop(key, None)

    async def close(self) -> None:
        self.closing = True
        tasks = [g.bot_task for g in self.games.values() if g.bot_task is not None and not g.bot_task.done()]
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(BaseException):
                await t
