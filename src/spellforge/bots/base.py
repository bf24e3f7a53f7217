"""The Bot protocol and the registry of bots.

A bot sees only what its seat may know. When its seat must act it receives an :class:`Observation`: the
seat, the legal actions, the seat's View (built on first use), the cards it may know (``known``), and
``determinize(rng)``, which returns a
full game state in which everything hidden from the seat has been resampled. No bot ever reads the real
state.

Bots are named on the command line with parameters: ``random``, ``ismcts:seconds=1``.
"""

from __future__ import annotations

import json
import math
import re
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

from mypy_extensions import mypyc_attr

from spellforge.core.actions import Action
from spellforge.core.errors import SpellforgeError, UnknownNameError
from spellforge.core.observe import known_cards
from spellforge.core.rng import Rng
from spellforge.core.ruleset import Ruleset  # at run time: a compiled Observation looks its field's type up

from .playout import declining

if TYPE_CHECKING:
    from spellforge.core.state import State


@dataclass(slots=True)
class Observation:
    """What a bot is given when its seat must act."""

    seat: int
    legal: list[Action]
    game: Ruleset
    _state: State = field(repr=False)
    _view: dict[str, Any] | None = field(default=None, repr=False)
    _known: frozenset[int] | None = field(default=None, repr=False)

    @property
    def view(self) -> dict[str, Any]:
        if self._view is None:
            self._view = self._state.observe(self.seat)
        return self._view

    @property
    def known(self) -> frozenset[int]:
        """The ids of the cards this seat may know now (those its View may name; see
        ``core.observe.known_cards``): the others are anything to a search."""
        if self._known is None:
            self._known = known_cards(self._state, self.seat)
        return self._known

    @property
    def n_seats(self) -> int:
        """How many seats the game has (public)."""
        return self._state.n_seats

    def determinize(self, rng: Rng) -> State:
        """A full state consistent with what this seat knows, hidden parts resampled with ``rng``."""
        return self._state.determinize(self.seat, rng)

    @classmethod
    def of(cls, state: State) -> Observation:
        d = state.decision  # ``state.current_player``, read inline: this runs at every decision
        if d is None or state.outcome is not None:
            raise SpellforgeError("the game is over: nobody has to act")
        return cls(d.seat, state.legal_actions(), state.game, state)


class Bot(Protocol):
    """Anything with ``choose``: given an Observation, return one of its legal actions."""

    name: str

    def choose(self, obs: Observation) -> Action: ...


@mypyc_attr(native_class=False)
class BaseBot(ABC):
    """Common parts: a name, a seed, parameters parsed from ``name:key=value,...``.

    A bot class stays an ordinary Python class when the engine is compiled (its methods are compiled): its
    parameters are class attributes that an instance may override, and ``register`` decorates it."""

    name: ClassVar[str] = "bot"
    params: ClassVar[dict[str, type]] = {}
    # the smallest and largest value of each numeric parameter (inclusive; math.inf: no top), and the
    # values a text parameter may take
    limits: ClassVar[dict[str, tuple[float, float]]] = {}
    choices: ClassVar[dict[str, tuple[str, ...]]] = {}
    help: ClassVar[str] = ""
    # True for a bot whose ``choose`` returns the one legal option at once when there is only one, drawing
    # nothing and remembering nothing: a driver (the simulator) may then answer such a question for it
    # without building an Observation. The question is still asked and recorded; only the call is saved.
    answers_single_option_at_once: ClassVar[bool] = False

    def __init__(self, seed: int = 0, **params: Any) -> None:
        self.seed = seed
        self.rng = Rng(seed)
        for key, value in params.items():
            self.check_param(key, value)
        for key, value in params.items():
            setattr(self, key, value)

    @classmethod
    def check_param(cls, key: str, value: Any) -> None:
        """Refuse a parameter the bot does not have, or a value of the wrong type or out of its range."""
        where = f"bot {cls.name}"
        typ = cls.params.get(key)
        if typ is None:
            raise SpellforgeError(f"{where}: bad parameter {key!r} (parameters: {cls.known_params()})")
        if typ is str:
            allowed = cls.choices.get(key)
            if not isinstance(value, str) or (allowed and value not in allowed):
                wanted = " or ".join(allowed) if allowed else "text"
                raise SpellforgeError(f"{where}: {key} must be {wanted}, got {value!r}")
            return
        numeric = (int,) if typ is int else (int, float)
        if isinstance(value, bool) or not isinstance(value, numeric) or not math.isfinite(value):
            kind = "a whole number" if typ is int else "a finite number"
            raise SpellforgeError(f"{where}: {key} must be {kind}, got {value!r}")
        low, high = cls.limits.get(key, (-math.inf, math.inf))
        if not low <= value <= high:
            span = f"{low:g} or more" if high == math.inf else f"between {low:g} and {high:g}"
            raise SpellforgeError(f"{where}: {key} must be {span}, got {value!r}")

    @classmethod
    def known_params(cls) -> str:
        """The parameters as ``key=<type>``, for error messages."""
        return ", ".join(f"{k}=<{t.__name__}>" for k, t in cls.params.items()) or "none"

    @classmethod
    def describe_params(cls) -> dict[str, dict[str, Any]]:
        """Each parameter's type and what it may be (``min``/``max`` or ``choices``), for help and JSON."""
        out: dict[str, dict[str, Any]] = {}
        for key, typ in cls.params.items():
            info: dict[str, Any] = {"type": typ.__name__}
            if key in cls.choices:
                info["choices"] = list(cls.choices[key])
            if key in cls.limits:
                low, high = cls.limits[key]
                # A compiled class body stores a limit as its declared float (``(0, math.inf)``: 0.0); a
                # whole-number parameter's limits are told as whole numbers, values the bot accepts.
                whole = typ is int
                if low != -math.inf:  # JSON has no infinities
                    info["min"] = int(low) if whole else low
                if high != math.inf:
                    info["max"] = int(high) if whole else high
            out[key] = info
        return out

    @abstractmethod
    def choose(self, obs: Observation) -> Action:
        """One of ``obs.legal``: every bot decides here, from what its seat may know."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seed={self.seed}>"


class RepetitionGuard:
    """Keeps a bot from going round in circles within a turn.

    Some games let a player undo a move at no cost (Spellweaver moves a creature between its rows any
    number of times, SW-R23), so a search that values two positions alike can shuttle between them for
    ever and the game never ends. The guard remembers every position (the seat's View, less its log) at
    which the bot decided during the current turn, and drops the actions that lead straight back to one
    of them with the bot to act again, unless that would leave no action at all. Positions are compared
    on a determinization, so the guard reads nothing hidden; it draws no random numbers of its own.

    A search can also wander without repeating itself: four creatures in two rows have sixteen
    arrangements, all valued alike. So once the bot has made ``limit`` real decisions (more than one
    option) in one turn, far beyond what any turn of the registered games needs, the guard leaves only
    the option that passes or finishes (``playout.declining``) when the decision has one.
    """

    __slots__ = ("decisions", "limit", "seen", "turn")

    def __init__(self, limit: int = 40) -> None:
        self.turn: object = None
        self.seen: set[str] = set()
        self.decisions = 0
        self.limit = limit

    @staticmethod
    def key(view: dict[str, Any]) -> str:
        return json.dumps(
            {k: v for k, v in view.items() if k != "log"}, sort_keys=True, separators=(",", ":")
        )

    def visit(self, obs: Observation) -> None:
        """Record the position the bot is deciding at (call once per decision)."""
        view = obs.view
        turn = (view.get("turn"), view.get("game"))
        if turn != self.turn:
            self.turn = turn
            self.seen.clear()
            self.decisions = 0
        self.seen.add(self.key(view))
        self.decisions += 1

    def winding_up(self, obs: Observation) -> Action | None:
        """After ``limit`` decisions this turn (counted by ``visit``): the decision's passing or finishing
        option, if it has one; else ``None``."""
        if self.decisions <= self.limit:
            return None
        return declining(obs.legal)

    def repeats(self, after: State, seat: int) -> bool:
        """Whether ``after`` (a determinization just after one of the bot's actions) is a position the
        bot has already decided at this turn."""
        return (
            after.outcome is None
            and after.current_player == seat
            and self.key(after.observe(seat)) in self.seen
        )

    def allowed(self, obs: Observation, det: State) -> list[Action]:
        """``obs.legal`` without the actions that lead back to a position seen this turn (all of them if
        every one would); ``det`` is a determinization of ``obs`` and is not changed."""
        self.visit(obs)
        finish = self.winding_up(obs)
        if finish is not None:
            return [finish]
        keep = []
        for action in obs.legal:
            after = det.clone()
            after.apply(action)
            if not self.repeats(after, obs.seat):
                keep.append(action)
        return keep or obs.legal


BOTS: dict[str, type[BaseBot]] = {}


BotClass = TypeVar("BotClass", bound=type[BaseBot])
BOT_NAME = re.compile(r"[a-z][a-z0-9_-]*")


def register(cls: BotClass) -> BotClass:
    """Make a bot class available by its ``name`` (a class decorator).

    Refuses a name that a spec could not carry or that another bot holds (defining the same class again,
    as a notebook or a spawned worker does, replaces it), and parameters without a type the specs can
    parse, a default, or with limits or choices for parameters the bot does not have."""
    name = cls.name
    if not isinstance(name, str) or not BOT_NAME.fullmatch(name):
        raise SpellforgeError(
            f"bot class {cls.__qualname__}: name must be lowercase letters, digits, - or _, got {name!r}"
        )
    held = BOTS.get(name)
    if held is not None and held.__qualname__ != cls.__qualname__:
        where = f"{vars(held)['__module__']}.{held.__qualname__}"
        raise SpellforgeError(f"bot {name}: the name is taken by {where}")
    for key, typ in cls.params.items():
        if typ not in (int, float, str):
            raise SpellforgeError(f"bot {name}: parameter {key} must be int, float or str, not {typ!r}")
        if not hasattr(cls, key):
            raise SpellforgeError(f"bot {name}: parameter {key} has no default (a class attribute)")
    for key in (*cls.limits, *cls.choices):
        if key not in cls.params:
            raise SpellforgeError(f"bot {name}: limits or choices for {key!r}, which is not a parameter")
    BOTS[name] = cls
    return cls


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"ismcts:seconds=1,iterations=200"`` -> ("ismcts", {"seconds": 1.0, "iterations": 200}).

    Raises UnknownNameError for an unknown bot, SpellforgeError for a bad parameter.
    """
    name, _, rest = spec.strip().partition(":")
    name = name.strip().lower()
    cls = BOTS.get(name)
    if cls is None:
        raise UnknownNameError(f"unknown bot {name!r}; the bots are: {', '.join(sorted(BOTS))}")
    params: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in rest.replace(";", ",").split(","))):
        key, eq, value = part.partition("=")
        key = key.strip()
        if not eq or key not in cls.params:
            raise SpellforgeError(f"bot {name}: bad parameter {part!r} (parameters: {cls.known_params()})")
        typ = cls.params[key]
        try:
            params[key] = typ(value.strip())
        except ValueError:
            raise SpellforgeError(
                f"bot {name}: {key} must be {typ.__name__}, got {value.strip()!r}"
            ) from None
    return name, params


def make_bot(spec: str, seed: int = 0) -> BaseBot:
    """A bot from its command-line spec, seeded."""
    name, params = parse_spec(spec)
    return BOTS[name](seed=seed, **params)


def check_spec(spec: str) -> str:
    """The spec in its canonical form (``"ISMCTS: seconds = 1"`` -> ``"ismcts:seconds=1"``), once a bot has
    been built from it as every command builds its bots (:func:`make_bot`).

    Raises what building raises: UnknownNameError for an unknown bot, SpellforgeError for a parameter the
    bot does not have, a value of the wrong type or out of range, or a combination the bot refuses. A
    server checks each seat's spec with it before it stores a game, and again when it resumes one.
    """
    make_bot(spec)
    name, params = parse_spec(spec)
    return spec_text(name, params)


def spec_text(name: str, params: dict[str, Any]) -> str:
    """``("ismcts", {"seconds": 1.0})`` -> ``"ismcts:seconds=1"``: the spec that parses back to them."""
    parts = []
    for key, value in params.items():
        text = str(value)
        if isinstance(value, float):
            short = format(value, "g")
            text = short if float(short) == value else repr(value)
        parts.append(f"{key}={text}")
    return f"{name}:{','.join(parts)}" if parts else name


def split_specs(text: str) -> list[str]:
    """Split ``"ismcts:seconds=1,iterations=5,greedy"`` into bot specs.

    A part of the form ``key=value`` (no bot name) belongs to the spec before it.
    """
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        if "=" in part and ":" not in part and specs:
            specs[-1] += ("," if ":" in specs[-1] else ":") + part
        else:
            specs.append(part)
    return specs


BotFactory = Callable[[int], BaseBot]
