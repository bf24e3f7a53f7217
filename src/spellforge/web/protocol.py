"""What the server sends: a seat's message is built from that seat's View and nothing else.

``{"version", "view", "actions"}``: ``view`` is ``state.observe(seat)`` (the public View for a spectator);
``actions`` explains the legal actions the View already lists (``view["decision"]["legal"]``), from the
engine (``core.observe.action_entries``): each one's label in the game's words, the card ids, targets and
seats it names and whether it declines, so a client can make cards and players clickable and say what each
option does without parsing printed text. It adds nothing the View does not hold: every card id it names
is printed in the legal action's text, and a label names only cards the seat may see.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import TYPE_CHECKING, Any

from spellforge.core.actions import passing_is_all
from spellforge.core.observe import action_entries

if TYPE_CHECKING:
    from spellforge.core.state import State

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


def seat_message(state: State, seat: int | None, version: int) -> dict[str, Any]:
    """The message for ``seat`` (None: a spectator) at ``version``: its View, what it may do now, and
    whether passing is all it may do (``core.actions.passing_is_all``: the client may then pass for it)."""
    actions = action_entries(state, seat)
    return {
        "version": version,
        "view": state.observe(seat),
        "actions": actions,
        "passing_is_all": bool(actions) and passing_is_all(state.legal_actions()),
    }
