"""What the server sends: a seat's message is built from that seat's View and nothing else.

``{"version", "view", "actions"}``: ``view`` is ``state.observe(seat)`` (the public View for a spectator);
``actions`` explains the legal actions the View already lists (``view["decision"]["legal"]``), read back
through the ruleset's action parser: the card ids and seats each names and whether it declines, so a
client can make cards and players clickable without parsing printed text. It adds nothing the View does
not hold: every card id it names is printed in the legal action's text.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import TYPE_CHECKING, Any

from spellforge.core.errors import IllegalActionError
from spellforge.core.targets import PlayerRef, StackRef

if TYPE_CHECKING:
    from spellforge.core.ruleset import Ruleset

try:  # a View is serialised once per seat and version: orjson does it several times faster
    import orjson

    def dumps(obj: Any) -> str:
        return orjson.dumps(obj).decode("utf-8")

    def loads(text: str | bytes) -> Any:
        """JSON text to Python values; ValueError when it is not JSON."""
        return orjson.loads(text)

except ImportError:  # pragma: no cover - the [web] extra installs it
    import json

    def dumps(obj: Any) -> str:
        return json.dumps(obj, separators=(",", ":"))

    def loads(text: str | bytes) -> Any:
        return json.loads(text)


MAX_FRAME = 64 * 1024  # bytes: a larger request body or WebSocket frame is refused (413)


class ApiError(Exception):
    """A refused request: its HTTP status and the message sent back as ``{"error": ...}``."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str, stored_hash: str) -> bool:
    return hmac.compare_digest(hash_token(token), stored_hash)


def action_meaning(game: Ruleset, text: str) -> dict[str, Any]:
    """One legal action as a client needs it: its text, the cards and seats it names, whether it declines."""
    key = (game.name, text)
    cached = _MEANINGS.get(key)
    if cached is not None:
        return cached
    try:
        action = game.parse_action(None, text)
    except IllegalActionError:  # a game whose printed form does not parse alone: a list entry only
        return {"text": text, "cards": [], "players": [], "stack": [], "declines": False}
    players, stack = [], []
    for name in action.target_fields:
        value = getattr(action, name)
        if isinstance(value, PlayerRef):
            players.append(value.seat)
        elif isinstance(value, StackRef):
            stack.append(value.uid)
    meaning = {
        "text": text,
        "type": type(action).__name__.lower(),
        "cards": list(action.card_ids()),
        "players": players,
        "stack": stack,
        "declines": bool(action.declines),
    }
    if len(_MEANINGS) > 100_000:  # texts repeat from game to game; keep the cache bounded all the same
        _MEANINGS.clear()
    _MEANINGS[key] = meaning
    return meaning


# An action's meaning depends only on its game and its text (it is read from the text alone).
_MEANINGS: dict[tuple[str, str], dict[str, Any]] = {}


def seat_message(game: Ruleset, view: dict[str, Any], version: int) -> dict[str, Any]:
    """The message for the holder of ``view`` at ``version``."""
    decision = view.get("decision") or {}
    legal = decision.get("legal") or []
    return {"version": version, "view": view, "actions": [action_meaning(game, t) for t in legal]}
