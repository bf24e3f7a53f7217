"""The web app: the REST API under ``/api``, the WebSocket at ``/ws/games/{id}``, the browser client at ``/``.

Errors are ``{"error": "..."}`` with a status: 400 an unknown or illegal action (or a bad game setup, a
bad bot spec among them), 403 a wrong token or not the seat's decision, 404 no such game, 409 a stale
version (or a record asked for before the game is over, an action in a game whose bot cannot be
built), 413 a body or frame over 64 KB, 422 malformed JSON or fields. A refused request changes nothing.
Seat tokens come as ``Authorization: Bearer <token>`` or ``?token=<token>``.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
from collections.abc import AsyncIterator
from importlib import resources
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from spellforge.bots import BOTS, check_spec
from spellforge.bots.levels import levels_for
from spellforge.core.decks import parse_deck_text
from spellforge.core.errors import SpellforgeError
from spellforge.core.replay import make_record, replay_record
from spellforge.core.ruleset import Ruleset
from spellforge.games import GAMES, find_game
from spellforge.ui.presentation import keyword_reminders

from .decks import deck_counts, deck_from_counts
from .guides import guide_html
from .hub import Hub, LiveGame
from .protocol import MAX_FRAME, ApiError, loads
from .store import Store
from .workers import make_pool

STATIC = resources.files("spellforge.web") / "static"


def _token(request: Request | WebSocket) -> str | None:
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip() or None
    return request.query_params.get("token") or None


async def _json_body(request: Request) -> Any:
    length = request.headers.get("content-length")
    if length and length.isdigit() and int(length) > MAX_FRAME:
        raise ApiError(413, f"the body is over {MAX_FRAME // 1024} KB")
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_FRAME:
            raise ApiError(413, f"the body is over {MAX_FRAME // 1024} KB")
    try:
        return json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise ApiError(422, "the body is not valid JSON") from None


def _message(live: LiveGame, seat: int | None) -> Response:
    return Response(live.message(seat), media_type="application/json")


def create_app(db: str = "spellforge.db", bot_workers: int = 2) -> FastAPI:
    """The app over the store at ``db`` (a SQLite path or a ``postgresql://`` URL), with ``bot_workers``
    bot processes (0: bot moves in threads)."""

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(db)
        pool = make_pool(bot_workers)
        hub = Hub(store, pool)
        hub.resume()
        app.state.hub = hub
        hub.start_bots()
        try:
            yield
        finally:
            await hub.close()
            pool.shutdown(wait=False, cancel_futures=True)
            store.close()

    app = FastAPI(
        title="Spellforge", lifespan=lifespan, docs_url="/api/docs", openapi_url="/api/openapi.json"
    )

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"error": exc.message}, status_code=exc.status)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code)

    def hub_of(request: Request | WebSocket) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    # ------------------------------------------------------------------ games

    @app.post("/api/games", status_code=201)
    async def create_game(request: Request) -> JSONResponse:
        out = await hub_of(request).create(await _json_body(request))
        return JSONResponse(out, status_code=201)

    @app.get("/api/games")
    async def lobby(request: Request, all: int = 0) -> JSONResponse:
        return JSONResponse({"games": hub_of(request).lobby(include_over=bool(all))})

    @app.get("/api/games/{game_id}/view")
    async def view(game_id: str, request: Request) -> Response:
        live = hub_of(request).get(game_id)
        return _message(live, live.seat_of(_token(request)))

    @app.post("/api/games/{game_id}/actions")
    async def act(game_id: str, request: Request) -> Response:
        body = await _json_body(request)
        live = await hub_of(request).act(game_id, _token(request), body)
        return _message(live, live.seat_of(_token(request)))

    @app.post("/api/games/{game_id}/undo")
    async def undo(game_id: str, request: Request) -> Response:
        body = await _json_body(request)
        live = await hub_of(request).undo(game_id, _token(request), body)
        return _message(live, live.seat_of(_token(request)))

    @app.post("/api/games/{game_id}/rematch")
    async def rematch(game_id: str, request: Request) -> JSONResponse:
        return JSONResponse(await hub_of(request).rematch(game_id, _token(request)))

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str, request: Request) -> JSONResponse:
        live = hub_of(request).get(game_id)
        if not live.state.is_over:
            raise ApiError(409, "the record is published once the game is over")
        return JSONResponse(make_record(live.state))

    @app.get("/api/games/{game_id}/replay")
    async def replay(game_id: str, request: Request, step: int = 0) -> JSONResponse:
        """The public View after ``step`` actions of a finished game (the replay viewer steps and seeks)."""
        live = hub_of(request).get(game_id)
        if not live.state.is_over:
            raise ApiError(409, "a game is replayed once it is over")
        record = make_record(live.state)
        steps = len(record["actions"])
        step = max(0, min(step, steps))
        state = replay_record(live.ruleset, {**record, "actions": record["actions"][:step]})
        actions = record["actions"]
        return JSONResponse(
            {
                "step": step,
                "steps": steps,
                "action": actions[step - 1] if step else None,
                "view": state.observe(None),
            }
        )

    # ------------------------------------------------------------------ games' data, decks

    @app.get("/api/catalog")
    async def catalog() -> JSONResponse:
        return JSONResponse(
            {
                "games": [
                    {
                        "name": g.name,
                        "title": g.title,
                        "min_players": g.min_players,
                        "max_players": g.max_players,
                        "default_players": g.default_players,
                        "roles": list(g.roles),
                        "summary": g.summary,
                        "description": g.description,
                        "decks": [
                            {"name": name, "title": deck.name, "role": g.deck_role(deck)}
                            for name, deck in sorted(g.decks.items())
                        ],
                        "levels": levels_for(g),
                    }
                    for g in GAMES.values()
                ],
                "bots": sorted(BOTS),
            }
        )

    @app.get("/api/bots/check")
    async def check_bot(spec: str = "") -> JSONResponse:
        """The check ``POST /api/games`` makes of each bot seat (the command line's): 200 ``{"ok": true,
        "spec": <canonical spec>}`` or 400 ``{"error"}`` naming what is wrong."""
        try:
            return JSONResponse({"ok": True, "spec": check_spec(spec)})
        except SpellforgeError as exc:
            raise ApiError(400, str(exc)) from None

    @app.get("/api/catalog/{game}")
    async def cards(game: str) -> JSONResponse:
        try:
            ruleset = find_game(game)
        except SpellforgeError as exc:
            raise ApiError(404, str(exc)) from None
        return JSONResponse(
            {
                "game": ruleset.name,
                "cards": [_card_data(c) for c in ruleset.cards.values()],
                "decks": {name: d.to_text() for name, d in ruleset.decks.items()},
                "keywords": keyword_reminders(ruleset),
            }
        )

    @app.get("/api/catalog/{game}/guide")
    async def guide(game: str) -> JSONResponse:
        """The game's guide (``docs/games/<game>.md``) as HTML, for the client's How to play page."""
        try:
            ruleset = find_game(game)
        except SpellforgeError as exc:
            raise ApiError(404, str(exc)) from None
        return JSONResponse({"game": ruleset.name, "title": ruleset.title, "html": guide_html(ruleset.name)})

    @app.post("/api/decks/parse")
    async def parse_deck(request: Request) -> JSONResponse:
        """Deck-list text read for the deck builder: ``{"game", "deck": <text>}`` -> ``{"name", "meta",
        "cards": {card id: copies}, "problems"}`` (every section's cards together; a card named by a
        meta value, such as a hero, among them; an unknown card is a problem)."""
        ruleset, body = await _game_body(request, "deck", str)
        try:
            deck = parse_deck_text(body["deck"])
        except SpellforgeError as exc:
            raise ApiError(400, str(exc)) from None
        return JSONResponse(deck_counts(ruleset, deck))

    @app.post("/api/decks/build")
    async def build_deck(request: Request) -> JSONResponse:
        """A deck from the builder's counts: ``{"game", "cards": {card id: copies}, "name"?, "meta"?}`` ->
        ``{"legal", "count", "problems", "text"}``: the checks of ``deck validate`` and the deck's TOML."""
        ruleset, body = await _game_body(request, "cards", dict)
        meta = body.get("meta") or {}
        if not isinstance(meta, dict):
            raise ApiError(422, "'meta' must be an object")
        try:
            deck = deck_from_counts(ruleset, str(body.get("name") or "My deck"), body["cards"], meta)
        except SpellforgeError as exc:
            raise ApiError(400, str(exc)) from None
        problems = ruleset.validate_deck(deck, role=ruleset.deck_role(deck))
        count = sum(deck.count(section) for section in deck.sections)
        return JSONResponse(
            {"legal": not problems, "count": count, "problems": problems, "text": deck.to_text()}
        )

    async def _game_body(request: Request, key: str, kind: type) -> tuple[Ruleset, dict[str, Any]]:
        body = await _json_body(request)
        if (
            not isinstance(body, dict)
            or not isinstance(body.get("game"), str)
            or not isinstance(body.get(key), kind)
        ):
            raise ApiError(
                422, f'expected {{"game": name, "{key}": {"an object" if kind is dict else "text"}}}'
            )
        try:
            return find_game(body["game"]), body
        except SpellforgeError as exc:
            raise ApiError(400, str(exc)) from None

    @app.post("/api/decks/validate")
    async def validate(request: Request) -> JSONResponse:
        """The checks of ``spellforge deck validate``: ``{"game", "deck": <deck-list text>, "role"?,
        "options"?}`` -> ``{"legal", "count", "problems"}``."""
        body = await _json_body(request)
        if (
            not isinstance(body, dict)
            or not isinstance(body.get("game"), str)
            or not isinstance(body.get("deck"), str)
        ):
            raise ApiError(422, 'expected {"game": name, "deck": "<deck-list text>"}')
        try:
            ruleset = find_game(body["game"])
        except SpellforgeError as exc:
            raise ApiError(400, str(exc)) from None
        options = body.get("options") or {}
        if not isinstance(options, dict):
            raise ApiError(422, "'options' must be an object")
        try:
            deck = parse_deck_text(body["deck"])
        except SpellforgeError as exc:
            return JSONResponse({"legal": False, "count": 0, "problems": [str(exc)]})
        try:
            problems = ruleset.validate_deck(deck, role=str(body.get("role", "")), **options)
        except (SpellforgeError, TypeError) as exc:
            raise ApiError(400, str(exc)) from None
        return JSONResponse({"legal": not problems, "count": deck.count(), "problems": problems})

    # ------------------------------------------------------------------ WebSocket

    @app.websocket("/ws/games/{game_id}")
    async def socket(ws: WebSocket, game_id: str) -> None:
        await ws.accept()
        hub = hub_of(ws)
        try:
            live = hub.get(game_id)
            seat = live.seat_of(_token(ws))
        except ApiError as exc:
            await ws.send_text(json.dumps({"error": exc.message, "status": exc.status}))
            await ws.close(code=4000 + exc.status)
            return
        changed = asyncio.Event()
        changed.set()  # the first View goes out at once
        key = hub.listen(live, seat, changed.set)

        async def push() -> None:
            while True:
                await changed.wait()
                changed.clear()
                await ws.send_text(live.message(seat))

        sender = asyncio.create_task(push())
        try:
            while True:
                text = await ws.receive_text()
                try:
                    await _frame(hub, live, seat, ws, text)
                except ApiError as exc:
                    await ws.send_text(json.dumps({"error": exc.message, "status": exc.status}))
        except (WebSocketDisconnect, RuntimeError):  # the client left (RuntimeError: while we were sending)
            pass
        finally:
            hub.unlisten(live, key)
            sender.cancel()
            with contextlib.suppress(BaseException):
                await sender

    async def _frame(hub: Hub, live: LiveGame, seat: int | None, ws: WebSocket, text: str) -> None:
        # a character is at most 4 bytes: only a long frame needs encoding to be measured
        if len(text) > MAX_FRAME // 4 and len(text.encode("utf-8")) > MAX_FRAME:
            raise ApiError(413, f"the frame is over {MAX_FRAME // 1024} KB")
        try:
            body = loads(text)
        except ValueError:
            raise ApiError(422, "the frame is not valid JSON") from None
        if isinstance(body, dict) and body.get("type") == "undo":
            await hub.undo(live.id, _token(ws), body)
        else:  # the seat was read from the token when the socket connected
            await hub.act_as(live, seat, body)

    # ------------------------------------------------------------------ the browser client

    @app.get("/")
    async def index() -> FileResponse:
        return FileResponse(str(STATIC / "index.html"))

    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    return app


def _card_data(card: Any) -> dict[str, Any]:
    """A card definition's printed data (every plain field but its effects) for the catalog and decks."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(card):
        if not f.init or f.name in ("effects", "source"):
            continue
        value = getattr(card, f.name)
        if isinstance(value, frozenset | set):
            value = sorted(value)
        elif isinstance(value, tuple):
            value = list(value)
        try:
            json.dumps(value)
        except (TypeError, ValueError):
            continue  # an internal record (a cost formula, a script): not printed data
        if value not in (None, "", [], {}):
            out[f.name] = value
    return out
