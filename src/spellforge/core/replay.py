"""Records and JSON: every game is reproducible from (ruleset + options, seed, decks, actions).

* ``make_record(state)`` -> ``{"game", "seed", "players", "options", "decks", "actions"}``;
* ``replay_record(game, record)`` rebuilds the game, checking each action is legal where it was played;
* ``encode_state`` / ``decode_state`` write and read the *whole* state (record plus every attribute), so a
  saved game resumes exactly where it stopped without replaying.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from .errors import IllegalActionError, RecordError, SpellforgeError
from .flow import Frame
from .rng import Rng
from .targets import CardRef, Place, PlayerRef, StackRef
from .targets import parse as parse_target

if TYPE_CHECKING:
    from .ruleset import Ruleset
    from .state import State

FORMAT = 1
RECORD_KEYS = ("game", "seed", "players", "options", "decks", "actions")


def make_record(state: State) -> dict[str, Any]:
    return {
        "game": state.game.name,
        "seed": state.seed,
        "players": state.n_seats,
        "options": dict(state.options),
        "decks": [list(keys) for keys in state.deck_keys],
        "actions": [str(a) for a in state.history()],
    }


def _start_from_record(game: Ruleset, record: Mapping[str, Any]) -> State:
    if not isinstance(record, Mapping):
        raise RecordError("a record must be a JSON object")
    missing = [k for k in RECORD_KEYS if k not in record]
    if missing:
        raise RecordError(f"record is missing {', '.join(missing)}")
    if record["game"] != game.name:
        raise RecordError(f"record is a {record['game']!r} game, not {game.name!r}")
    decks = record["decks"]
    if not isinstance(decks, list) or not all(isinstance(d, list) for d in decks):
        raise RecordError("record 'decks' must be a list of lists of card ids")
    cards = []
    for seat, keys in enumerate(decks):
        seat_cards = []
        for key in keys:
            card = game.cards.get(key) if isinstance(key, str) else None
            if card is None:
                raise RecordError(f"record deck of P{seat + 1}: unknown card id {key!r}")
            seat_cards.append(card)
        cards.append(seat_cards)
    options = record["options"]
    if not isinstance(options, Mapping):
        raise RecordError("record 'options' must be an object")
    try:
        return game.new_game(seed=record["seed"], decks=cards, players=record["players"], **options)
    except SpellforgeError as exc:
        raise RecordError(f"record setup: {exc}") from None


def replay_record(game: Ruleset, record: Mapping[str, Any]) -> State:
    state = _start_from_record(game, record)
    actions = record["actions"]
    if not isinstance(actions, list):
        raise RecordError("record 'actions' must be a list of action texts")
    for i, text in enumerate(actions):
        if not isinstance(text, str):
            raise RecordError(f"action {i}: expected text, got {text!r}")
        try:
            state.apply(game.parse_action(None, text))
        except IllegalActionError as exc:
            raise RecordError(f"action {i} ({text!r}) does not replay: {exc}") from None
    return state


# ---------------------------------------------------------------------- whole-state JSON


def _enc(v: Any) -> Any:
    if v is None or isinstance(v, bool | int | float | str):
        return v
    if isinstance(v, list):
        return [_enc(x) for x in v]
    if isinstance(v, tuple):
        if hasattr(type(v), "_fields"):
            return {"nt": type(v).__name__, "v": [_enc(x) for x in v]}
        return {"t": [_enc(x) for x in v]}
    if isinstance(v, dict):
        return {"d": [[_enc(k), _enc(x)] for k, x in v.items()]}
    if isinstance(v, frozenset):
        return {"fs": sorted((_enc(x) for x in v), key=repr)}
    if isinstance(v, set):
        return {"s": sorted((_enc(x) for x in v), key=repr)}
    if isinstance(v, Rng):
        return {"rng": v.state}
    if isinstance(v, Frame):
        return {"fr": [v.NAME, *(_enc(x) for x in v.args())]}
    if isinstance(v, CardRef | PlayerRef | StackRef | Place):
        return {"tg": str(v)}  # a typed target is written as its text, which parses back
    fields = getattr(type(v), "_fields", None)
    if fields is not None:  # a mutable record naming its fields, read back as ``cls(*values)``
        return {"nt": type(v).__name__, "v": [_enc(getattr(v, name)) for name in fields]}
    raise TypeError(f"cannot encode {type(v).__name__} in a game state")


def _dec(v: Any, records: Mapping[str, Callable[..., Any]]) -> Any:
    if v is None or isinstance(v, bool | int | float | str):
        return v
    if isinstance(v, list):
        return [_dec(x, records) for x in v]
    if isinstance(v, dict) and len(v) <= 2:
        if "t" in v:
            return tuple(_dec(x, records) for x in v["t"])
        if "nt" in v:
            cls = records.get(v["nt"])
            if cls is None:
                raise RecordError(f"unknown record type {v['nt']!r}")
            return cls(*(_dec(x, records) for x in v["v"]))
        if "d" in v:
            return {_dec(k, records): _dec(x, records) for k, x in v["d"]}
        if "fs" in v:
            return frozenset(_dec(x, records) for x in v["fs"])
        if "s" in v:
            return {_dec(x, records) for x in v["s"]}
        if "rng" in v:
            return Rng(v["rng"])
        if "fr" in v and isinstance(v["fr"], list) and v["fr"]:
            return _frame(v["fr"][0], [_dec(x, records) for x in v["fr"][1:]], records)
        if "tg" in v:
            target = parse_target(v["tg"]) if isinstance(v["tg"], str) else None
            if target is not None:
                return target
    raise RecordError(f"cannot decode {v!r}")


def _frame(name: Any, args: list[Any], records: Mapping[str, Callable[..., Any]]) -> Frame[Any]:
    """The frame ``name`` with ``args`` (the frame classes are in ``records`` under ``"frame:" + name``)."""
    cls = records.get(f"frame:{name}")
    if cls is None:
        raise RecordError(f"unknown flow op {name!r} in the work stack")
    try:
        frame: Frame[Any] = cls(*args)
    except TypeError as exc:
        raise RecordError(f"flow op {name!r} with arguments {args!r}: {exc}") from None
    return frame


def _work(items: Any, records: Mapping[str, Callable[..., Any]]) -> list[Frame[Any]]:
    """The work stack as frames. A state saved before frames were typed records wrote each frame as a tuple
    ``(op name, *args)``: it is read as the frame of that name."""
    if not isinstance(items, list):
        raise RecordError("the work stack must be a list of frames")
    out = []
    for item in items:
        if isinstance(item, tuple) and item:
            item = _frame(item[0], list(item[1:]), records)
        if not isinstance(item, Frame):
            raise RecordError(f"not a frame in the work stack: {item!r}")
        out.append(item)
    return out


def saved_record(record: type[tuple[Any, ...]] | None, data: Any, what: str) -> Any:
    """``data`` of a decision, window or stack item of a kind that carries ``record``: a state saved before
    they carried typed records wrote it as a plain tuple, read here as the record (``record(*data)``, or
    ``record.from_saved(data)`` for a record whose fields differ from the old tuple); anything else is
    returned as it is (``what`` names the kind in an error)."""
    if record is None or type(data) is record or not isinstance(data, tuple):
        return data
    convert = getattr(record, "from_saved", None)
    try:
        return convert(data) if convert is not None else record(*data)
    except (TypeError, ValueError) as exc:
        raise RecordError(f"{what} with data {data!r}: {exc}") from None


def _typed_data(state: State) -> None:
    """A state saved before decisions carried typed records wrote their data as a plain tuple: read it as
    the record its kind registers (windows and stack items are read so as they load: ``load_records``)."""
    d = state.decision
    if d is not None:
        k = state.KINDS.get(d.kind)
        data = saved_record(k.data if k is not None else None, d.data, f"decision kind {d.kind!r}")
        state.decision = d._replace(data=data)


def _cons(items: list[Any]) -> tuple[Any, ...] | None:
    node: tuple[Any, ...] | None = None
    for item in items:
        node = (item, node)
    return node


def encode_state(state: State) -> dict[str, Any]:
    skip = state.SETUP | state.DERIVED | {"_hist"}
    body = {}
    for name in state.ALL_SLOTS:
        if name in skip:
            continue
        if name == "_log":
            body[name] = [_enc(e) for e in state.events()]
        else:
            body[name] = _enc(getattr(state, name))
    return {"spellforge": FORMAT, "game": state.game.name, "record": make_record(state), "state": body}


def decode_state(game: Ruleset, data: Mapping[str, Any]) -> State:
    if not isinstance(data, Mapping) or data.get("spellforge") != FORMAT:
        raise RecordError(f"not a Spellforge game state (expected 'spellforge': {FORMAT})")
    record = data.get("record")
    body = data.get("state")
    if not isinstance(record, Mapping) or not isinstance(body, Mapping):
        raise RecordError("a game state needs 'record' and 'state' objects")
    state = _start_from_record(game, {**record, "actions": []})
    records = state.load_records()
    records.update({f"frame:{name}": cls for name, cls in state.FRAMES.items()})
    expected = [n for n in state.ALL_SLOTS if n not in state.SETUP | state.DERIVED | {"_hist"}]
    missing = [n for n in expected if n not in body and n not in state.ADDED_LATER]
    if missing:
        raise RecordError(f"game state is missing {', '.join(missing)}")
    for name in expected:
        if name not in body:
            continue  # added later (ADDED_LATER): as the new game started it
        value = _dec(body[name], records)
        if name == "_log":
            value = _cons(value)
        elif name == "work":
            value = _work(value, records)
        setattr(state, name, value)
    _typed_data(state)
    hist = []
    for i, text in enumerate(record.get("actions", [])):
        try:
            hist.append(game.parse_action(None, text))
        except IllegalActionError as exc:
            raise RecordError(f"action {i}: {exc}") from None
    state._hist = _cons(hist)
    unregistered = state.unregistered()
    if unregistered:
        raise RecordError(
            f"game state names what {type(state).__name__} does not register: {'; '.join(unregistered)}"
        )
    state.rebuild()
    return state
