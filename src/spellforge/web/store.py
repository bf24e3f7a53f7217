"""The game store: every game's setup and its log of actions, in SQLite (default) or PostgreSQL.

A game is kept as its record (game, seed, players, options, decks: what ``core.replay`` rebuilds a game
from), its seats (kind, bot spec, the *hash* of each human seat's token) and its actions in order. A
restarted server replays each game's actions through the engine and is back at the same position and
version: nothing else needs storing.

Writes go through one writer thread that commits whatever has queued up in one transaction (a group
commit), and a write's future resolves only after its commit: the server acknowledges an action only once
it is durable, and hundreds of games acting at once still cost one commit each round, not one each.
SQLite runs in WAL mode with ``synchronous=NORMAL`` (durable through a crash of the server; ``FULL`` by
URL for durability through a power cut too); PostgreSQL uses its default durable commit.
"""

from __future__ import annotations

import json
import queue
import sqlite3
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        setup TEXT NOT NULL,
        seats TEXT NOT NULL,
        version INTEGER NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        rematch TEXT
    )""",
    """CREATE TABLE IF NOT EXISTS actions (
        game_id TEXT NOT NULL,
        n INTEGER NOT NULL,
        action TEXT NOT NULL,
        PRIMARY KEY (game_id, n)
    )""",
)


@dataclass
class StoredGame:
    """One game as the store holds it."""

    id: str
    game: str
    setup: dict[str, Any]  # seed, players, options, decks (card keys per seat): the record without actions
    seats: list[dict[str, Any]]  # per seat: kind, bot (spec) or token (sha-256 hex of the seat's token)
    version: int
    created: float
    rematch: str | None = None
    actions: list[str] = field(default_factory=list)


Op = Callable[[Any], None]  # a write, given a DB-API cursor


class Store:
    """SQLite (a file path or ``sqlite:///path``) or PostgreSQL (``postgresql://...``), one interface."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.postgres = url.startswith(("postgresql://", "postgres://"))
        self._queue: queue.Queue[tuple[Op, Future[None]] | None] = queue.Queue()
        self.commits = 0  # transactions committed by the writer (each holds every write queued meanwhile)
        self.writes = 0  # the writes those transactions held
        self._conn = self._connect()
        self._execute_many([(sql, ()) for sql in SCHEMA])
        self._commit()
        self._writer = threading.Thread(target=self._write_loop, name="spellforge-store", daemon=True)
        self._writer.start()

    # ------------------------------------------------------------------ connection

    def _connect(self) -> Any:
        if self.postgres:
            try:
                import psycopg
            except ImportError:  # pragma: no cover - the [web] extra installs it
                raise RuntimeError(
                    "a PostgreSQL store needs psycopg: pip install 'spellforge[web]'"
                ) from None
            return psycopg.connect(self.url)
        path, _, query = self.url.removeprefix("sqlite:///").removeprefix("sqlite://").partition("?")
        # NORMAL (the default): in WAL mode a commit is in the log file before the action is acknowledged,
        # so it survives a crash of the server (kill -9); only a crash of the machine or a power cut can
        # lose the last commits, as the log reaches the disk at checkpoints. "?synchronous=FULL" syncs the
        # log at every commit (about 10 ms each) so not even a power cut loses an acknowledged action.
        sync = dict(p.partition("=")[::2] for p in query.split("&") if p).get("synchronous", "NORMAL").upper()
        if sync not in ("FULL", "NORMAL", "EXTRA"):
            raise ValueError(f"synchronous must be FULL, NORMAL or EXTRA, not {sync!r}")
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute(f"PRAGMA synchronous={sync}")
        conn.execute("BEGIN")
        return conn

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self.postgres else sql

    def _execute_many(self, statements: Sequence[tuple[str, Sequence[Any]]]) -> None:
        cur = self._conn.cursor()
        for sql, params in statements:
            cur.execute(self._sql(sql), params)

    def _commit(self) -> None:
        if self.postgres:
            self._conn.commit()
        else:
            self._conn.execute("COMMIT")
            self._conn.execute("BEGIN")

    def _rollback(self) -> None:
        if self.postgres:
            self._conn.rollback()
        else:
            self._conn.execute("ROLLBACK")
            self._conn.execute("BEGIN")

    # ------------------------------------------------------------------ writer thread

    def _write_loop(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            batch = [item]
            stop = False
            while True:  # everything queued meanwhile joins this commit
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            self._commit_batch(batch)
            if stop:
                return

    def _commit_batch(self, batch: list[tuple[Op, Future[None]]]) -> None:
        while batch:
            failed = None
            for i, (op, fut) in enumerate(batch):
                try:
                    op(self)
                except Exception as exc:  # one bad write fails alone: roll back, redo the others
                    self._rollback()
                    if not fut.done():
                        fut.set_exception(exc)
                    failed = i
                    break
            if failed is None:
                break
            batch = batch[:failed] + batch[failed + 1 :]
        if not batch:
            return
        try:
            self._commit()
            self.commits += 1
            self.writes += len(batch)
        except Exception as exc:
            self._rollback()
            for _, fut in batch:
                if not fut.done():
                    fut.set_exception(exc)
            return
        for _, fut in batch:
            if not fut.done():  # a waiter may have given up (a server shutting down): the write stands
                fut.set_result(None)

    def _submit(self, op: Op) -> Future[None]:
        fut: Future[None] = Future()
        self._queue.put((op, fut))
        return fut

    def close(self) -> None:
        self._queue.put(None)
        self._writer.join(timeout=10)
        self._conn.close()

    # ------------------------------------------------------------------ writes (each returns a Future)

    def create(self, g: StoredGame) -> Future[None]:
        def op(store: Store) -> None:
            store._execute_many(
                [
                    (
                        "INSERT INTO games (id, game, setup, seats, version, created, rematch)"
                        " VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (g.id, g.game, json.dumps(g.setup), json.dumps(g.seats), g.version, g.created, None),
                    )
                ]
                + [
                    ("INSERT INTO actions (game_id, n, action) VALUES (?, ?, ?)", (g.id, n, a))
                    for n, a in enumerate(g.actions)
                ]
            )

        return self._submit(op)

    def append(self, game_id: str, start: int, actions: Sequence[str], version: int) -> Future[None]:
        """Log ``actions`` as entries ``start``, ``start + 1``, ... and set the game's version."""
        rows = list(actions)

        def op(store: Store) -> None:
            store._execute_many(
                [
                    ("INSERT INTO actions (game_id, n, action) VALUES (?, ?, ?)", (game_id, start + i, a))
                    for i, a in enumerate(rows)
                ]
                + [("UPDATE games SET version = ? WHERE id = ?", (version, game_id))]
            )

        return self._submit(op)

    def truncate(self, game_id: str, keep: int, version: int) -> Future[None]:
        """Drop every action from entry ``keep`` on (an undo) and set the game's version."""

        def op(store: Store) -> None:
            store._execute_many(
                [
                    ("DELETE FROM actions WHERE game_id = ? AND n >= ?", (game_id, keep)),
                    ("UPDATE games SET version = ? WHERE id = ?", (version, game_id)),
                ]
            )

        return self._submit(op)

    def set_rematch(self, game_id: str, rematch: str) -> Future[None]:
        def op(store: Store) -> None:
            store._execute_many([("UPDATE games SET rematch = ? WHERE id = ?", (rematch, game_id))])

        return self._submit(op)

    # ------------------------------------------------------------------ reads (at start-up)

    def load_all(self) -> list[StoredGame]:
        """Every game with its actions, oldest first (read through the writer's connection, before the
        server takes requests)."""
        done: Future[list[StoredGame]] = Future()

        def op(store: Store) -> None:
            cur = store._conn.cursor()
            cur.execute(
                "SELECT id, game, setup, seats, version, created, rematch FROM games ORDER BY created"
            )
            games = {
                row[0]: StoredGame(
                    row[0], row[1], json.loads(row[2]), json.loads(row[3]), row[4], row[5], row[6]
                )
                for row in cur.fetchall()
            }
            cur.execute("SELECT game_id, n, action FROM actions ORDER BY game_id, n")
            for game_id, _n, action in cur.fetchall():
                g = games.get(game_id)
                if g is not None:
                    g.actions.append(action)
            done.set_result(list(games.values()))

        self._submit(op).result()
        return done.result()
