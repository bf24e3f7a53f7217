"""Seating: who sits where, on which team and in which role, who is still playing, and whose turn it is.

:class:`Seating` is the first of core's bases of :class:`~spellforge.core.state.State`, so every game's State holds its
seating as plain ``__slots__`` values: the fixed facts (``roles``, ``team_of``, ``sides``, ``side_of``) are
rebuilt from the record and shared by every clone; what changes (``alive``, ``active``, the extra-turn queue)
is copied by ``clone()`` and written by ``to_json()`` like any other attribute.

The words:

* A **seat** is a player's place at the table, 0 to ``n_seats - 1``, in clockwise order.
* A **role** (``Ruleset.roles``) is what a seat plays as when the game is asymmetric (Spelldawn's Overlord
  and Champion); a role-less game gives every seat the role ``""``.
* A **team** wins or loses together (``Ruleset.seat_teams``; by default each seat is its own team).
* A **side** takes one turn together: one seat, or a team that shares its turn (Spell Battle's "As one",
  ``Ruleset.seat_sides``). Turns pass clockwise from side to side, skipping sides with no seat alive.
* The **active** seat is the one whose turn it is (for a side of several seats, its first seat).
* An **extra turn** is queued for a seat with ``grant_extra_turn``; it is taken before the turn passes on,
  and afterwards the rotation resumes where it was interrupted. Whether an extra turn resets
  once-per-turn things is the game's rule (``EXTRA_TURN_RESETS``), and extra turns unlock only once the
  first turn cycle is complete (``extra_turns_unlocked``): SPELLFIRE's turn-cycle lock.

Elimination and resignation (which need the flow: events, the work stack) are ``FlowState.eliminate`` and
``FlowState.resign``; the default outcome they use is :meth:`Seating.last_team_standing`.
"""

from __future__ import annotations

from abc import ABCMeta
from typing import ClassVar

from mypy_extensions import mypyc_attr

from .errors import SpellforgeError


@mypyc_attr(allow_interpreted_subclasses=True)
class Seating(metaclass=ABCMeta):
    """The seating attributes and queries of a State (its first base; see the module docstring)."""

    __slots__ = (
        "active",
        "alive",
        "cycle_end",
        "extra_turn",
        "extra_turns",
        "resume_side",
        "roles",
        "side_of",
        "sides",
        "team_of",
    )
    COPY: ClassVar[dict[str, str]] = {"alive": "list", "extra_turns": "list"}
    # Fixed for a game and rebuilt from its record (players + options), so never written by to_json().
    SETUP: ClassVar[frozenset[str]] = frozenset({"roles", "team_of", "sides", "side_of"})
    # Whether an extra turn resets what is limited to once per turn (SPELLFIRE: it does not, SF-319).
    EXTRA_TURN_RESETS: ClassVar[bool] = True

    n_seats: int
    roles: tuple[str, ...]  # the role of each seat ("" in a role-less game)
    team_of: tuple[int, ...]  # the team of each seat
    sides: tuple[tuple[int, ...], ...]  # the seats that take one turn together, in clockwise order
    side_of: tuple[int, ...]  # the side of each seat
    alive: list[bool]  # still playing
    active: int  # the seat whose turn it is
    extra_turns: list[int]  # seats to take an extra turn next, first in line first
    extra_turn: bool  # the current turn is an extra one
    resume_side: int  # during an extra turn: the side whose regular turn it interrupted
    cycle_end: int  # the side whose first turn completes the first turn cycle; -1 once it has begun

    def init_seating(
        self, roles: tuple[str, ...], teams: tuple[int, ...], sides: tuple[tuple[int, ...], ...]
    ) -> None:
        """Seat the players. ``sides`` must hold every seat exactly once; checked here, since a game's
        hooks build them."""
        n = len(teams)
        if len(roles) != n:
            raise SpellforgeError(f"{n} seats need {n} roles, got {len(roles)}")
        if sorted(s for side in sides for s in side) != list(range(n)) or any(not side for side in sides):
            raise SpellforgeError(f"the sides {sides} must hold each of the {n} seats exactly once")
        side_of = [0] * n
        for i, side in enumerate(sides):
            for s in side:
                side_of[s] = i
        self.roles = roles
        self.team_of = teams
        self.sides = sides
        self.side_of = tuple(side_of)
        self.alive = [True] * n
        self.extra_turns = []
        self.begin_turns(sides[0][0])

    # ------------------------------------------------------------------ who is where

    def role(self, seat: int) -> str:
        return self.roles[seat]

    def seats_with_role(self, role: str) -> list[int]:
        return [s for s, r in enumerate(self.roles) if r == role]

    def seats_in_game(self) -> list[int]:
        """The seats still playing, in seat order."""
        alive = self.alive
        return [s for s in range(len(alive)) if alive[s]]

    def is_enemy(self, seat: int, other: int) -> bool:
        """Whether ``other`` plays against ``seat`` (teammates do not)."""
        return self.team_of[seat] != self.team_of[other]

    def teammates(self, seat: int) -> list[int]:
        """Every seat of ``seat``'s team, ``seat`` included, alive or not."""
        team = self.team_of[seat]
        return [s for s, t in enumerate(self.team_of) if t == team]

    def opponent(self, seat: int) -> int:
        """The other player, where a rule of a two-player game says "your opponent"."""
        if self.n_seats != 2:
            raise SpellforgeError(
                f"'the opponent' of {seat} is only defined at two seats, not {self.n_seats}"
            )
        return 1 - seat

    # ------------------------------------------------------------------ clockwise order

    def clockwise_from(self, seat: int) -> list[int]:
        """The seats still playing, clockwise, starting with ``seat`` (when it is still playing)."""
        alive = self.alive
        n = len(alive)
        if 0 <= seat < n and all(alive):  # everyone still plays (the usual case): the order at once
            return [*range(seat, n), *range(seat)]
        out = []
        for i in range(n):
            s = (seat + i) % n
            if alive[s]:
                out.append(s)
        return out

    def next_alive(self, seat: int) -> int:
        """The next seat still playing clockwise after ``seat`` (``seat`` itself when it is the only one;
        -1 when nobody is)."""
        n = len(self.alive)
        for i in range(1, n + 1):
            s = (seat + i) % n
            if self.alive[s]:
                return s
        return -1

    # ------------------------------------------------------------------ whose turn

    def active_seats(self) -> list[int]:
        """The seats still playing on the side whose turn it is."""
        alive = self.alive
        return [s for s in self.sides[self.side_of[self.active]] if alive[s]]

    def is_active(self, seat: int) -> bool:
        """Whether it is ``seat``'s side's turn."""
        return self.side_of[seat] == self.side_of[self.active]

    def begin_turns(self, seat: int) -> None:
        """Give the first turn of the game to ``seat``'s side; the first turn cycle ends with the side to
        its right (the last to begin a turn going clockwise)."""
        side = self.side_of[seat]
        self.active = self.sides[side][0]
        self.extra_turn = False
        self.resume_side = -1
        self.cycle_end = (side - 1) % len(self.sides)

    def pass_turn(self) -> bool:
        """Pass the turn: to the next seat in the extra-turn queue that is still playing, else clockwise to
        the next side with a seat still playing. Returns whether the new turn is an extra turn."""
        queue = self.extra_turns
        while queue:
            seat = queue.pop(0)
            if self.alive[seat]:
                if not self.extra_turn:
                    self.resume_side = self.side_of[self.active]
                self.extra_turn = True
                self.active = self.sides[self.side_of[seat]][0]
                return True
        base = self.resume_side if self.extra_turn else self.side_of[self.active]
        self.extra_turn = False
        self.resume_side = -1
        sides = self.sides
        alive = self.alive
        n = len(sides)
        for i in range(1, n + 1):
            side = (base + i) % n
            if side == self.cycle_end:  # the last side of the first cycle begins its turn, or is skipped
                self.cycle_end = -1
            if any(alive[s] for s in sides[side]):
                self.active = sides[side][0]
                return False
        return False

    @property
    def extra_turns_unlocked(self) -> bool:
        """Whether the first turn cycle is complete: its last player has begun his first turn (or had it
        skipped), so extra turns may be granted (SPELLFIRE's turn-cycle lock)."""
        return self.cycle_end < 0

    def grant_extra_turn(self, seat: int) -> None:
        """Queue an extra turn for ``seat``, taken before the turn passes on (after any queued already)."""
        if not 0 <= seat < len(self.alive) or not self.alive[seat]:
            raise SpellforgeError(f"an extra turn for seat {seat}, which is not playing")
        self.extra_turns.append(seat)

    @property
    def resets_once_per_turn(self) -> bool:
        """Whether the turn now running resets what is limited to once per turn: every regular turn does;
        an extra turn does when the game's ``EXTRA_TURN_RESETS`` says so."""
        return not self.extra_turn or self.EXTRA_TURN_RESETS

    # ------------------------------------------------------------------ the end

    def last_team_standing(self) -> tuple[int, ...] | None:
        """The default outcome after an elimination: None while seats of two or more teams play on; once
        one team is left, every seat of it (its eliminated members too: a team wins together); () when
        nobody is left (a draw)."""
        alive = self.alive
        team_of = self.team_of
        left = {team_of[s] for s in range(len(alive)) if alive[s]}
        if len(left) > 1:
            return None
        if not left:
            return ()
        team = left.pop()
        return tuple(s for s in range(len(team_of)) if team_of[s] == team)
