"""Per-card figures of a balance report, each card measured within its deck.

A card's own win rate says little: a card of a strong deck wins as often as its deck. So, as 17lands
does for Magic, a card is measured against the other games of the *same deck*: over the seat-games played
with a deck (one seat of one game), the win rate of those in which the card was drawn, against those in
which it was not (``sim.stats`` says what counts as drawn and played). The difference is the card's
**improvement when drawn**; a card that wins games when it shows up has a large one. The same is done for
games in which it was played, and in which it was in the opening hand: the shuffle alone decides that, so
this one comparison is a fair experiment, untouched by game length (a seat that draws more cards plays a
longer game), though it sees only a card's effect from the start of the game.

* Each difference comes with Newcombe's 95% interval (``sim.intervals``) and the sample sizes.
* Cards are ranked within their deck by the improvement when drawn. Every card of a deck shares some of
  it (a seat that draws more cards is in a longer game), so a card stands out by its distance from its
  deck's **median** improvement: it is flagged ``high`` (or ``low``) when its interval lies wholly above
  (below) that median at the Bonferroni level for the deck's ranked cards (95% over the whole deck, so a
  deck of 15 equal cards shows a flag about once in 20 reports).
* Between two configurations (``--compare``), a change that makes games shorter or longer moves every
  card's improvement with it; so a card's change is that of its improvement *relative to its deck's mean*
  improvement, paired by seed: each seed's game counts under both, and the interval is the delta
  method's, with the games as clusters (each game's influence on the card's relative improvement under
  A and under B, differenced). Games that nothing in the change touched play out the same under both and
  add no noise. The cards the configurations changed are flagged at 5% over their number (the designer's
  hypotheses); the other cards at 5% over their deck's number (a search).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from typing import Any

from .intervals import ALPHA, Z95, flag_level, newcombe, normal_p, rate, z_for
from .simulate import GameResult

# one seat-game of a deck: (game index, won, drawn keys, played keys, opening-hand keys)
SeatGame = tuple[int, bool, frozenset[str], frozenset[str], frozenset[str]]


def seat_games(results: Sequence[GameResult]) -> dict[str, list[SeatGame]]:
    """Each deck's seat-games, in game order (games that ended in an error are left out)."""
    out: dict[str, list[SeatGame]] = {}
    for r in results:
        if r.error or not r.decks:
            continue
        winners = set(r.winners)
        for seat, deck in enumerate(r.decks):
            opening = frozenset(r.opening[seat]) if r.opening else frozenset()
            out.setdefault(deck, []).append(
                (r.index, seat in winners, frozenset(r.drawn[seat]), frozenset(r.played[seat]), opening)
            )
    return out


def improvement(w1: int, n1: int, w0: int, n0: int, z: float = Z95) -> dict[str, Any] | None:
    """The win rate with (``w1`` of ``n1``) minus without (``w0`` of ``n0``), with its interval; None
    when either side has no game."""
    if not n1 or not n0:
        return None
    d, lo, hi = newcombe(w0, n0, w1, n1, z)
    return {"difference": d, "ci95": [lo, hi]}


def deck_figures(games: Sequence[SeatGame], names: Mapping[str, str]) -> dict[str, Any]:
    """One deck's figures: its win rate and, per card drawn in any of its games, the win rates when drawn
    and not, played and not, the improvements, the rank and the flag (see the module docstring)."""
    n = len(games)
    wins = sum(1 for g in games if g[1])
    keys = sorted({k for g in games for k in g[2] | g[3]})
    cards: list[dict[str, Any]] = []
    for key in keys:
        n1 = w1 = p1 = pw1 = o1 = ow1 = 0
        for _, won, drawn, played, opening in games:
            if key in drawn:
                n1 += 1
                w1 += won
            if key in played:
                p1 += 1
                pw1 += won
            if key in opening:
                o1 += 1
                ow1 += won
        cards.append(
            {
                "key": key,
                "name": names.get(key, key),
                "drawn": rate(w1, n1),
                "not_drawn": rate(wins - w1, n - n1),
                "drawn_share": n1 / n if n else 0.0,
                "improvement_when_drawn": improvement(w1, n1, wins - w1, n - n1),
                "played": rate(pw1, p1),
                "not_played": rate(wins - pw1, n - p1),
                "played_share": p1 / n if n else 0.0,
                "improvement_when_played": improvement(pw1, p1, wins - pw1, n - p1),
                "opening": rate(ow1, o1),
                "not_opening": rate(wins - ow1, n - o1),
                "opening_share": o1 / n if n else 0.0,
                "improvement_in_opening_hand": improvement(ow1, o1, wins - ow1, n - o1),
                "rank": None,
                "flag": "",
            }
        )
    ranked = [c for c in cards if c["improvement_when_drawn"] is not None]
    ranked.sort(key=lambda c: (-c["improvement_when_drawn"]["difference"], c["key"]))
    for i, c in enumerate(ranked):
        c["rank"] = i + 1
    median = statistics.median(c["improvement_when_drawn"]["difference"] for c in ranked) if ranked else 0.0
    z = z_for(ALPHA / len(ranked)) if ranked else Z95
    if len(ranked) >= 3:
        for c in ranked:
            drawn, not_drawn = c["drawn"], c["not_drawn"]
            _, lo, hi = newcombe(not_drawn["wins"], not_drawn["games"], drawn["wins"], drawn["games"], z)
            c["flag"] = "high" if lo > median else "low" if hi < median else ""
    unranked = [c for c in cards if c["rank"] is None]
    return {
        "seat_games": n,
        "win": rate(wins, n),
        "median_improvement": median,
        "flag_z": z,
        "cards": ranked + unranked,
    }


def card_figures(results: Sequence[GameResult], names: Mapping[str, str]) -> dict[str, Any]:
    """Every deck's card figures (``deck_figures``), by deck name."""
    return {deck: deck_figures(games, names) for deck, games in sorted(seat_games(results).items())}


# ---------------------------------------------------------------------- two configurations, paired


def _per_game(games: Sequence[SeatGame], key: str) -> dict[int, tuple[int, int, int, int]]:
    """Per game index: seat-games with ``key`` drawn and their wins, without and their wins."""
    out: dict[int, tuple[int, int, int, int]] = {}
    for index, won, drawn, _, _ in games:
        n1, w1, n0, w0 = out.get(index, (0, 0, 0, 0))
        if key in drawn:
            out[index] = (n1 + 1, w1 + won, n0, w0)
        else:
            out[index] = (n1, w1, n0 + 1, w0 + won)
    return out


def _influence(games: Sequence[SeatGame], key: str) -> tuple[float, dict[int, float]] | None:
    """``key``'s improvement when drawn and each game's influence on it (the delta method for a
    difference of two ratios of sums, the games as clusters); None when either side has no game."""
    per_game = _per_game(games, key)
    n1 = sum(v[0] for v in per_game.values())
    w1 = sum(v[1] for v in per_game.values())
    n0 = sum(v[2] for v in per_game.values())
    w0 = sum(v[3] for v in per_game.values())
    if not n1 or not n0:
        return None
    p1, p0 = w1 / n1, w0 / n0
    return p1 - p0, {i: (b - p1 * a) / n1 - (d - p0 * c) / n0 for i, (a, b, c, d) in per_game.items()}


def compare_deck(
    a: Sequence[SeatGame], b: Sequence[SeatGame], changed: set[str]
) -> dict[str, dict[str, Any]]:
    """One deck's cards under configurations A and B (seat-games of the same seeds): per card measured
    under both, its improvement when drawn in each (``before``, ``after``), the same less the deck's mean
    improvement (``before_relative``, ``after_relative``) and the change of the latter, ``B - A``, with
    its 95% interval and p-value (see the module docstring)."""
    both = {g[0] for g in a} & {g[0] for g in b}
    a = [g for g in a if g[0] in both]
    b = [g for g in b if g[0] in both]
    keys = sorted({k for g in a for k in g[2]} & {k for g in b for k in g[2]})
    measured = {}
    for key in keys:
        ia, ib = _influence(a, key), _influence(b, key)
        if ia is not None and ib is not None:
            measured[key] = (ia, ib)
    if not measured:
        return {}
    k, games = len(measured), sorted(both)
    mean_a = sum(ia[0] for ia, _ in measured.values()) / k
    mean_b = sum(ib[0] for _, ib in measured.values()) / k
    # each game's influence on the deck's mean improvement, under A and under B
    infl_mean = [
        (
            sum(ia[1].get(i, 0.0) for ia, _ in measured.values()) / k,
            sum(ib[1].get(i, 0.0) for _, ib in measured.values()) / k,
        )
        for i in games
    ]
    m = len(games)
    out = {}
    for key, ((da, infl_a), (db, infl_b)) in measured.items():
        d = (db - mean_b) - (da - mean_a)
        var = sum(
            ((infl_b.get(i, 0.0) - mb) - (infl_a.get(i, 0.0) - ma)) ** 2
            for i, (ma, mb) in zip(games, infl_mean, strict=True)
        )
        se = math.sqrt(var * m / max(1, m - 1))
        p = (1.0 if abs(d) < 1e-12 else 0.0) if se == 0 else normal_p(d / se)
        out[key] = {
            "games": m,
            "before": da,
            "after": db,
            "before_relative": da - mean_a,
            "after_relative": db - mean_b,
            "difference": d,
            "ci95": [d - Z95 * se, d + Z95 * se],
            "p": p,
            "changed": key in changed,
        }
    return out


def compare_cards(
    a: Sequence[GameResult], b: Sequence[GameResult], changed: set[str]
) -> dict[str, dict[str, Any]]:
    """Per deck (``compare_deck``): each card's paired change of its improvement when drawn relative to
    its deck, whether the configurations changed the card, and whether the change is flagged
    ``significant``: the changed cards at 5% over their number, the others at 5% over their deck's."""
    games_a, games_b = seat_games(a), seat_games(b)
    out: dict[str, dict[str, Any]] = {}
    for deck in sorted(set(games_a) & set(games_b)):
        row = compare_deck(games_a[deck], games_b[deck], changed)
        if row:
            out[deck] = row
    hypotheses = sum(1 for row in out.values() for c in row.values() if c["changed"])
    for row in out.values():
        others = sum(1 for c in row.values() if not c["changed"])
        for c in row.values():
            c["significant"] = c["p"] < flag_level(hypotheses if c["changed"] else others)
    return out
