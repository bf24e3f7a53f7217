"""Matches and single-elimination events between bots, or teams of bots, for any game.

An *entrant* is one player or one team: a name, one bot spec per seat it plays, and optionally one deck
per seat (registered before the event and used in every game, so a team keeps its members throughout).
A *match* is best of 1, 3 or 5 games (the ruleset's ``match_lengths``) between the entrants that share a
game: two single players, three or four in a free-for-all, or teams on the team seats the ruleset's
``seat_teams`` hook names. The number of players per game is fixed for the whole event. Entrants change
seats from game to game of a match, and every game has its own seed derived from the match seed.

Time is modelled deterministically as a budget of turns per match. The first decision of a turn the budget
no longer covers ends the current game by the ruleset's ``time_up_action`` (its own tiebreak; a game with
none is a draw), and no more games are played. The match then goes to whoever has more game wins; if the
leaders are tied, to the winner of the timed-out game. A game finished exactly on the budget lets the next
game start, and its first turn is already out of time.

Single elimination pairs the entrants still in at random each round; losers are out. When the entrants
of a round do not divide into full matches, the remainder get byes, chosen at random among those who have
not had one yet; a bye is a match win. A drawn match is decided at random. When fewer entrants remain than
a full match seats (a multiplayer event's last round), they play one final with fewer players.

>>> from spellforge.sim.matches import Entrant, MatchRules, play_match
>>> result = play_match(MatchRules("spellbattle", best_of=3), [Entrant.player("A"), Entrant.player("B")], seed=1)
>>> len(result.games) <= 3 and result.winner_name in ("A", "B", None)  # None: a drawn match
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from spellforge.bots import Observation, make_bot
from spellforge.core.errors import SpellforgeError
from spellforge.core.rng import Rng
from spellforge.core.ruleset import DeckSpec, Ruleset
from spellforge.core.state import State
from spellforge.games import find_game

from .simulate import game_seed


@dataclass(frozen=True)
class Entrant:
    """One player or one team of an event; ``bots[i]`` (and ``decks[i]``) play the entrant's i-th seat."""

    name: str
    bots: tuple[str, ...]
    decks: tuple[DeckSpec, ...] | None = None

    @classmethod
    def player(cls, name: str, bot: str = "random", deck: DeckSpec | None = None) -> Entrant:
        return cls(name, (bot,), None if deck is None else (deck,))

    @classmethod
    def team(cls, name: str, *bots: str, decks: Sequence[DeckSpec] | None = None) -> Entrant:
        return cls(name, tuple(bots), None if decks is None else tuple(decks))

    @property
    def size(self) -> int:
        return len(self.bots)


@dataclass(frozen=True)
class MatchRules:
    """How every match of an event is played.

    ``players`` per game is fixed for the event; ``best_of`` is the number of games (the first to a
    majority wins); ``turn_limit`` is the time limit as a budget of turns per match (None: untimed).
    """

    game: str
    players: int = 2
    best_of: int = 1
    turn_limit: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    max_decisions: int = 200_000

    @property
    def ruleset(self) -> Ruleset:
        return find_game(self.game)

    def seat_groups(self, players: int | None = None) -> list[list[int]]:
        """The seats of each team of a game, in team order (one seat per team without teams)."""
        n = self.players if players is None else players
        teams = self.ruleset.seat_teams(n, self.options)
        return [[s for s in range(n) if teams[s] == t] for t in sorted(set(teams))]

    @property
    def entrants_per_match(self) -> int:
        return len(self.seat_groups())

    @property
    def team_size(self) -> int:
        return len(self.seat_groups()[0])


@dataclass
class GameRecord:
    """One game of a match. ``seating[seat]`` is the match position of the entrant on that seat."""

    index: int
    seed: int
    seating: list[int]
    winners: list[int]  # match positions of the entrants who won the game (empty: a draw)
    reason: str
    turns: int
    timed_out: bool = False
    record: dict[str, Any] = field(default_factory=dict, repr=False)  # replays the game exactly


@dataclass
class MatchResult:
    entrants: list[str]  # names, by match position
    games: list[GameRecord]
    wins: list[int]  # game wins by match position
    winner: int | None  # match position of the winner (None: a drawn match)
    reason: str
    turns: int  # turns of the time budget used

    @property
    def winner_name(self) -> str | None:
        return None if self.winner is None else self.entrants[self.winner]

    @property
    def timed_out(self) -> bool:
        return any(g.timed_out for g in self.games)


@dataclass
class Round:
    number: int
    matches: list[MatchResult]
    byes: list[str]
    advancing: list[str]
    decided_at_random: list[str] = field(default_factory=list)  # winners of drawn matches


@dataclass
class EventResult:
    entrants: list[str]
    rounds: list[Round]
    champion: str


# ---------------------------------------------------------------------- checks


def check_rules(rules: MatchRules) -> None:
    game = rules.ruleset
    allowed = game.tournament_game_players
    if not game.min_players <= rules.players <= game.max_players or (
        allowed and rules.players not in allowed
    ):
        counts = ", ".join(map(str, allowed)) if allowed else f"{game.min_players} to {game.max_players}"
        raise SpellforgeError(
            f"{game.title} matches are played with {counts} players a game, not {rules.players}"
        )
    if rules.best_of not in game.match_lengths:
        lengths = ", ".join(map(str, game.match_lengths))
        raise SpellforgeError(f"a {game.title} match is best of {lengths} games, not {rules.best_of}")
    if rules.turn_limit is not None and rules.turn_limit < 1:
        raise SpellforgeError(f"the time limit must be at least one turn, got {rules.turn_limit}")
    groups = rules.seat_groups()
    if len(groups) < 2 or len({len(g) for g in groups}) != 1:
        raise SpellforgeError("a match needs at least two teams of equal size")
    game.new_game(seed=0, players=rules.players, **rules.options)  # the options themselves


def check_entrants(rules: MatchRules, entrants: Sequence[Entrant]) -> None:
    names = [e.name for e in entrants]
    if len(set(names)) != len(names):
        raise SpellforgeError(f"entrant names must be unique: {names}")
    for e in entrants:
        if e.size != rules.team_size:
            raise SpellforgeError(
                f"{e.name} brings {e.size} bot(s), but each entrant plays {rules.team_size} seat(s) of a "
                f"{rules.players}-player game"
            )
        if e.decks is not None and len(e.decks) != e.size:
            raise SpellforgeError(f"{e.name}: one deck per seat ({e.size}), got {len(e.decks)}")
        for spec in e.bots:
            make_bot(spec)


def check_decks(rules: MatchRules, entrants: Sequence[Entrant]) -> None:
    """Every registered deck is legal for the event (decks are built before the matches, SB-141)."""
    game = rules.ruleset
    for e in entrants:
        if e.decks is None:
            continue
        seats = rules.seat_groups()[0]
        decks = list(game.default_decks(rules.players, Rng(0), dict(rules.options)))
        for seat, deck in zip(seats, e.decks, strict=True):
            decks[seat] = deck
        try:
            game.new_game(seed=0, decks=decks, players=rules.players, **rules.options)
        except SpellforgeError as exc:
            raise SpellforgeError(f"{e.name}: {exc}") from None


# ---------------------------------------------------------------------- one match


def play_match(rules: MatchRules, entrants: Sequence[Entrant], seed: int) -> MatchResult:
    """Play one match between ``entrants`` (as many as a game seats teams) and decide it."""
    check_rules(rules)
    if len(entrants) != rules.entrants_per_match:
        raise SpellforgeError(
            f"a {rules.players}-player game seats {rules.entrants_per_match} entrants, got {len(entrants)}"
        )
    check_entrants(rules, entrants)
    return _play_match(rules, list(entrants), seed)


def _play_match(rules: MatchRules, entrants: list[Entrant], seed: int) -> MatchResult:
    game = rules.ruleset
    groups = rules.seat_groups()
    k = len(groups)
    needed = rules.best_of // 2 + 1
    wins = [0] * k
    games: list[GameRecord] = []
    used = 0
    for index in range(rules.best_of):
        seating = [0] * rules.players
        for pos in range(k):
            for seat in groups[(pos + index) % k]:
                seating[seat] = pos
        budget = None if rules.turn_limit is None else rules.turn_limit - used
        record = _play_game(game, rules, entrants, seating, game_seed(seed, index), index, budget)
        games.append(record)
        used += record.turns
        for pos in record.winners:
            wins[pos] += 1
        if record.timed_out or max(wins) >= needed:
            break
    return _decide(entrants, games, wins, used)


def _decide(entrants: list[Entrant], games: list[GameRecord], wins: list[int], used: int) -> MatchResult:
    names = [e.name for e in entrants]
    best = max(wins)
    leaders = [pos for pos, w in enumerate(wins) if w == best]
    last = games[-1]
    if len(leaders) == 1 and best > 0:
        reason = "time: more game wins" if last.timed_out else "games"
        return MatchResult(names, games, wins, leaders[0], reason, used)
    if last.timed_out and len(last.winners) == 1 and last.winners[0] in leaders:
        return MatchResult(names, games, wins, last.winners[0], "time: won the timed-out game", used)
    return MatchResult(names, games, wins, None, "draw", used)


def _play_game(
    game: Ruleset,
    rules: MatchRules,
    entrants: list[Entrant],
    seating: list[int],
    seed: int,
    index: int,
    budget: int | None,
) -> GameRecord:
    bots = []
    decks: list[DeckSpec | None] = []
    member = [0] * len(entrants)
    for seat, pos in enumerate(seating):
        e = entrants[pos]
        bots.append(make_bot(e.bots[member[pos]], seed=game_seed(seed, 101 + seat)))
        decks.append(None if e.decks is None else e.decks[member[pos]])
        member[pos] += 1
    deck_specs: list[DeckSpec] | None = None
    if any(d is not None for d in decks):
        defaults = game.default_decks(rules.players, Rng(seed ^ 0x5EED), dict(rules.options))
        deck_specs = [d if d is not None else defaults[seat] for seat, d in enumerate(decks)]
    state = game.new_game(seed=seed, decks=deck_specs, players=rules.players, **rules.options)
    timed_out = False
    while state.outcome is None:
        if budget is not None and state.turn > budget:  # a turn the time no longer covers has begun
            timed_out = True
            _call_time(game, state)
            break
        acting = state.current_player
        assert acting is not None
        state.apply(bots[acting].choose(Observation.of(state)))
        if state.decisions_made > rules.max_decisions:
            raise SpellforgeError(
                f"game {index} (seed {seed}) did not end after {rules.max_decisions} decisions"
            )
    outcome = state.outcome
    winners = sorted({seating[s] for s in outcome.winners}) if outcome is not None else []
    reason = outcome.reason if outcome is not None else "time (no tiebreak: a draw)"
    turns = min(state.turn, budget) if budget is not None else state.turn
    return GameRecord(index, seed, seating, winners, reason, turns, timed_out, game.record(state))


def _call_time(game: Ruleset, state: State) -> None:
    action = game.time_up_action()
    if action is not None:
        state.apply(action)


# ---------------------------------------------------------------------- single elimination


def single_elimination(rules: MatchRules, entrants: Sequence[Entrant], seed: int) -> EventResult:
    """Run a single-elimination event to one champion (see the module docstring)."""
    check_rules(rules)
    game = rules.ruleset
    players = sum(e.size for e in entrants)
    if players < game.tournament_min_players or len(entrants) < 2:
        raise SpellforgeError(
            f"a {game.title} tournament needs at least {game.tournament_min_players} players and two "
            f"entrants; got {players} player(s) in {len(entrants)} entrant(s)"
        )
    check_entrants(rules, entrants)
    check_decks(rules, entrants)
    rng = Rng(seed)
    names = [e.name for e in entrants]
    alive = list(range(len(entrants)))
    had_bye: set[int] = set()
    k = rules.entrants_per_match
    rounds: list[Round] = []
    while len(alive) > 1:
        number = len(rounds) + 1
        order = alive[:]
        rng.shuffle(order)
        byes = _byes(order, len(order) % k if len(order) >= k else 0, had_bye, rng)
        had_bye.update(byes)
        rest = [e for e in order if e not in byes]
        groups = [rest[i : i + k] for i in range(0, len(rest), k)]
        matches: list[MatchResult] = []
        advancing = list(byes)
        at_random: list[str] = []
        for i, group in enumerate(groups):
            match_rules = rules if len(group) == k else _smaller(rules, len(group))
            result = _play_match(
                match_rules, [entrants[e] for e in group], game_seed(seed, 1000 * number + i)
            )
            winner = result.winner
            if winner is None:
                winner = rng.randrange(len(group))
                at_random.append(names[group[winner]])
            matches.append(result)
            advancing.append(group[winner])
        alive = sorted(advancing)
        rounds.append(Round(number, matches, [names[e] for e in byes], [names[e] for e in alive], at_random))
    return EventResult(names, rounds, names[alive[0]])


def _byes(order: list[int], count: int, had_bye: set[int], rng: Rng) -> list[int]:
    """``count`` entrants chosen at random, first among those who have not had a bye (SB-R25)."""
    fresh = [e for e in order if e not in had_bye]
    again = [e for e in order if e in had_bye]
    rng.shuffle(fresh)
    rng.shuffle(again)
    return (fresh + again)[:count]


def _smaller(rules: MatchRules, entrants: int) -> MatchRules:
    """The rules of a final with fewer entrants than a full game seats (a multiplayer event's last round)."""
    if rules.team_size != 1:
        raise SpellforgeError("a team event cannot end with fewer teams than a game seats")
    players = entrants * rules.team_size
    return MatchRules(
        rules.game, players, rules.best_of, rules.turn_limit, rules.options, rules.max_decisions
    )


__all__ = [
    "Entrant",
    "EventResult",
    "GameRecord",
    "MatchResult",
    "MatchRules",
    "Round",
    "play_match",
    "single_elimination",
]
