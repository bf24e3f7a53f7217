"""Per-card figures of a balance report, each card measured within its deck.

A card's own win rate says little: a card of a strong deck wins as often as its deck. So, as 17lands
does for Magic, a card is measured against the other games of the *same deck*: over the seat-games played
with a deck (one seat of one game), the win rate of those in which the card was drawn, against those in
which it was not (``sim.stats`` says what counts as drawn and played). The difference is the card's
**improvement when drawn**; a card that wins games when it shows up has a large one. The same is done for
games in which it was played.

* Each difference comes with Newcombe's 95% interval (``sim.intervals``) and the sample sizes.
* Cards are ranked within their deck by the improvement when drawn. Every card of a deck shares some of
  it (a seat that draws more cards is in a longer game), so a card stands out by its distance from its
  deck's **median** improvement: it is flagged ``high`` (or ``low``) when its interval lies wholly above
  (below) that median at the Bonferroni level for the deck's ranked cards (95% over the whole deck, so a
  deck of 15 equal cards shows a flag about once in 20 reports).
* Between two configurations (``--compare``), a card's change of improvement is paired by seed: each
  seed's game counts under both, and the interval is the delta method's for the difference of the two
  improvements, with the games as clusters (the influence of each game on each improvement, differenced
  between configurations). Cards the configurations changed are tested at 5% each (the designer's
  hypotheses); the other cards at the Bonferroni level for their deck (a search).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from typing import Any

from .intervals import ALPHA, Z95, flag_level, newcombe, normal_p, rate, z_for
from .simulate import GameResult

# one seat-game of a deck: (game index, won, drawn keys, played keys)
SeatGame = tuple[int, bool, frozenset[str], frozenset[str]]


def seat_games(results: Sequence[GameResult]) -> dict[str, list[SeatGame]]:
    """Each deck's seat-games, in game order (games that ended in an error are left out)."""
    out: dict[str, list[SeatGame]] = {}
    for r in results:
        if r.error or not r.decks:
            continue
        winners = set(r.winners)
        for seat, deck in enumerate(r.decks):
            out.setdefault(deck, []).append(
                (r.index, seat in winners, frozenset(r.drawn[seat]), frozenset(r.played[seat]))
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
        n1 = w1 = p1 = pw1 = 0
        for _, won, drawn, played in games:
            if key in drawn:
                n1 += 1
                w1 += won
            if key in played:
                p1 += 1
                pw1 += won
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
    for index, won, drawn, _ in games:
        n1, w1, n0, w0 = out.get(index, (0, 0, 0, 0))
        if key in drawn:
            out[index] = (n1 + 1, w1 + won, n0, w0)
        else:
            out[index] = (n1, w1, n0 + 1, w0 + won)
    return out


def _influence(per_game: Mapping[int, tuple[int, int, int, int]]) -> tuple[float, dict[int, float]] | None:
    """The improvement when drawn and each game's influence on it (the delta method for a difference of
    two ratios of sums); None when either side has no game."""
    n1 = sum(v[0] for v in per_game.values())
    w1 = sum(v[1] for v in per_game.values())
    n0 = sum(v[2] for v in per_game.values())
    w0 = sum(v[3] for v in per_game.values())
    if not n1 or not n0:
        return None
    p1, p0 = w1 / n1, w0 / n0
    return p1 - p0, {i: (b - p1 * a) / n1 - (d - p0 * c) / n0 for i, (a, b, c, d) in per_game.items()}


def paired_card_change(a: Sequence[SeatGame], b: Sequence[SeatGame], key: str) -> dict[str, Any] | None:
    """The change of ``key``'s improvement when drawn from configuration A to B, over the games both
    played, with its 95% interval and p-value (paired by seed, see the module docstring); None when
    either configuration has no game with or without the card."""
    both = {g[0] for g in a} & {g[0] for g in b}
    ia = _influence(_per_game([g for g in a if g[0] in both], key))
    ib = _influence(_per_game([g for g in b if g[0] in both], key))
    if ia is None or ib is None:
        return None
    (da, infl_a), (db, infl_b) = ia, ib
    m = len(both)
    var = sum((infl_b.get(i, 0.0) - infl_a.get(i, 0.0)) ** 2 for i in both) * m / max(1, m - 1)
    se = math.sqrt(var)
    d = db - da
    p = (1.0 if d == 0 else 0.0) if se == 0 else normal_p(d / se)
    return {
        "games": m,
        "before": da,
        "after": db,
        "difference": d,
        "ci95": [d - Z95 * se, d + Z95 * se],
        "p": p,
    }


def compare_cards(
    a: Sequence[GameResult], b: Sequence[GameResult], changed: set[str]
) -> dict[str, dict[str, Any]]:
    """Per deck and card (drawn in both configurations): the paired change of its improvement when
    drawn, whether the configurations changed the card, and whether the change is flagged significant."""
    games_a, games_b = seat_games(a), seat_games(b)
    out: dict[str, dict[str, Any]] = {}
    for deck in sorted(set(games_a) & set(games_b)):
        keys = sorted({k for g in games_a[deck] for k in g[2]} & {k for g in games_b[deck] for k in g[2]})
        row = {}
        for key in keys:
            change = paired_card_change(games_a[deck], games_b[deck], key)
            if change is not None:
                row[key] = {**change, "changed": key in changed}
        if row:
            out[deck] = row
    hypotheses = sum(1 for row in out.values() for c in row.values() if c["changed"])
    for row in out.values():
        others = sum(1 for c in row.values() if not c["changed"])
        for c in row.values():
            c["significant"] = c["p"] < flag_level(hypotheses if c["changed"] else others)
    return out
