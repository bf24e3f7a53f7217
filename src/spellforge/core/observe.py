"""Building Views: what one seat (or a spectator, ``seat=None``) may know, as JSON-safe dicts.

Hidden information leaves the engine only through here. A card the seat may not see is never named: not
its id, not its name. Hidden zones show only their size, and secret log events (a draw, a face-down play)
show their card only to the seat they belong to.

Core builds every View's envelope, the same top-level keys in the same order for every game
(:data:`ENVELOPE`), and a game adds only its own part through the State's ``view_*`` hooks:

* ``game``: the ruleset's name; ``seat``: whose View it is (None: a spectator's);
* ``turn``; ``phase``: the part of the turn (Spell Battle's rules call them steps); ``step``: the step
  within the phase, where a game's rules name one (None otherwise); ``active``: the seats whose turn it
  is (by default the seats still playing on the active side; a game may say none while it is set up);
* ``decision``: ``seat``, ``player``, ``kind``, ``prompt``, and ``legal`` (the printed actions) for the
  seat that acts (None when the game is over);
* ``players``: one dict per seat: ``seat``, ``name``, ``role``, ``team``, ``alive`` (the core's seating),
  then the game's fields (``view_player``);
* ``log``: the recent events as the seat may read them; ``outcome``: ``winners``, ``reason``, ``draw``
  (None while the game runs);
* then the game's own part (``view_part``), under keys of its own.

Clients read these keys; they never parse printed text for meaning.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import seat_name
from .events import Event
from .knowledge import known_to
from .targets import PlayerRef, StackRef

if TYPE_CHECKING:
    from .state import State


ENVELOPE: tuple[str, ...] = (
    "game",
    "seat",
    "turn",
    "phase",
    "step",
    "active",
    "decision",
    "players",
    "log",
    "outcome",
)
"""The top-level keys of every View, in order; a game's own part follows under other keys."""


def build_view(state: State, seat: int | None) -> dict[str, Any]:
    """The View of ``seat``: core's envelope, then the game's part (see the module docstring)."""
    view: dict[str, Any] = {
        "game": state.game.name,
        "seat": seat,
        "turn": state.turn,
        "phase": state.phase,
        "step": state.view_step(),
        "active": state.view_active(),
        "decision": decision_view(state, seat),
        "players": [
            {
                "seat": s,
                "name": seat_name(s),
                "role": state.roles[s],
                "team": state.team_of[s],
                "alive": state.alive[s],
                **state.view_player(s, seat),
            }
            for s in range(state.n_seats)
        ],
        "log": log_view(state, seat),
        "outcome": outcome_view(state),
    }
    part = state.view_part(seat)
    clash = [key for key in part if key in view]
    if clash:
        raise ValueError(f"{state.game.name}: the game's part of the View repeats envelope keys {clash}")
    view.update(part)
    return view


def card_view(state: State, cid: int, seat: int | None) -> dict[str, Any]:
    """A card as ``seat`` sees it where it is now: its public fields, or ``{"hidden": True}``."""
    if not state.can_see(seat, cid):
        return {"hidden": True}
    d = state.defs[cid]
    out: dict[str, Any] = {"id": cid, "key": d.key, "name": d.name, "type": d.type}
    out.update(state.card_fields(cid))
    return out


def known_cards(state: State, seat: int | None) -> frozenset[int]:
    """The ids of the cards ``seat`` may know where they are now: the cards its View may name."""
    can_see = state.can_see
    return frozenset(cid for cid in state.all_card_ids() if can_see(seat, cid))


def shown_cards(view: Any) -> dict[int, dict[str, Any]]:
    """Every card a View shows in full, by id: the dicts :func:`card_view` built, wherever they are."""
    out: dict[int, dict[str, Any]] = {}
    stack = [view]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            cid = item.get("id")
            if isinstance(cid, int) and "key" in item:
                out.setdefault(cid, item)
            stack.extend(v for v in item.values() if isinstance(v, dict | list))
        elif isinstance(item, list):
            stack.extend(v for v in item if isinstance(v, dict | list))
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
    lines = [state.describe_event(e, seat) for e in state.iter_log(last)]
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
    return {
        "winners": list(o.winners),
        "reason": o.reason,
        "draw": o.is_draw,
        "text": state.describe_outcome(),
    }


def action_entries(state: State, seat: int | None) -> list[dict[str, Any]]:
    """What ``seat`` may do now, as a client needs it: one entry per legal action, aligned with the View's
    ``decision.legal`` (empty when ``seat`` does not decide now).

    Each entry holds ``text`` (what ``parse_action`` reads), ``label`` (the sentence a player reads, every
    card by its name: ``State.describe_action``), ``type`` (the action's class, lower case), ``cards`` (the
    card ids it names), ``targets`` (the texts of its targets), ``players`` (the seats it targets), ``stack`` (the uids of the stack items it targets), and
    ``declines`` (it passes or finishes). It holds nothing the seat's View does not: the ids are printed in
    the legal actions' texts, and a label names only cards the seat may see."""
    d = state.decision
    if seat is None or d is None or state.outcome is not None or d.seat != seat:
        return []
    out = []
    for action in state.legal_actions():
        targets = [getattr(action, name) for name in action.target_fields]
        out.append(
            {
                "text": str(action),
                "label": state.describe_action(action, seat),
                "type": type(action).__name__.lower(),
                "cards": list(action.card_ids()),
                "targets": [str(t) for t in targets if t is not None],
                "players": [t.seat for t in targets if isinstance(t, PlayerRef)],
                "stack": [t.uid for t in targets if isinstance(t, StackRef)],
                "declines": action.declines,
            }
        )
    return out
