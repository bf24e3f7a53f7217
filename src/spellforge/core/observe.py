"""Building Views: what one seat (or a spectator, ``seat=None``) may know, as JSON-safe dicts.

Hidden information leaves the engine only through here. A card the seat may not see is never named: not
its id, not its name. Hidden zones show only their size, and secret log events (a draw, a face-down play)
show their card only to the seat they belong to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import seat_name
from .events import Event
from .knowledge import known_to

if TYPE_CHECKING:
    from .state import State


def card_view(state: State, cid: int, seat: int | None) -> dict[str, Any]:
    """A card as ``seat`` sees it where it is now: its public fields, or ``{"hidden": True}``."""
    if not state.can_see(seat, cid):
        return {"hidden": True}
    d = state.defs[cid]
    out: dict[str, Any] = {"id": cid, "key": d.key, "name": d.name, "type": d.type}
    out.update(state.card_fields(cid))  # type: ignore[attr-defined]
    return out


def zone_view(state: State, zone: int, seat: int | None, *, cards: bool = True) -> dict[str, Any]:
    """A zone's size, and its cards when ``seat`` may see the zone (face-down ones stay hidden).

    In a zone ``seat`` may not see, the cards it has learned (``state.known``: the Vault's top card the
    Champion accessed) are listed under ``known``, each with ``from_top`` (0: the top card, the end of the
    zone's list) beside the card; the key is absent when it knows none."""
    ids = state.zones[zone]
    out: dict[str, Any] = {"count": len(ids)}
    if cards and state.layout.visible_to(zone, seat):
        out["cards"] = [card_view(state, cid, seat) for cid in ids]
    elif cards:
        learned = known_to(state.known, ids, seat)
        if learned:
            n = len(ids)
            out["known"] = [
                {"from_top": n - 1 - i, **card_view(state, ids[i], seat)} for i in reversed(learned)
            ]
    return out


def event_visible_card(event: Event, seat: int | None) -> bool:
    return not event.secret or (seat is not None and event.seat == seat)


def log_view(state: State, seat: int | None, last: int = 30) -> list[str]:
    """The most recent events as ``seat`` may read them, oldest first."""
    lines = [state.describe_event(e, seat) for e in state.iter_log(last)]  # type: ignore[attr-defined]
    lines.reverse()
    return [line for line in lines if line]


def decision_view(state: State, seat: int | None) -> dict[str, Any] | None:
    d = state.decision
    if state.outcome is not None or d is None:
        return None
    out: dict[str, Any] = {
        "seat": d.seat,
        "player": seat_name(d.seat),
        "kind": d.kind,
        "prompt": state.describe_decision(),
    }
    if seat == d.seat:
        out["legal"] = [str(a) for a in state.legal_actions()]
    return out


def outcome_view(state: State) -> dict[str, Any] | None:
    o = state.outcome
    if o is None:
        return None
    return {"winners": list(o.winners), "reason": o.reason, "draw": o.is_draw}
