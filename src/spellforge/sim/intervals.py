"""The statistics of balance reports: intervals for win rates and their differences, and the tests that
flag a difference, for independent samples and for games paired by seed.

* :func:`rate`: a win rate with its Wilson score interval.
* :func:`difference`: ``b - a`` for two independent win rates, Newcombe's hybrid score interval (his
  method 10 of 1998, built from the two Wilson intervals).
* :func:`paired_rates`: ``B - A`` for outcomes paired by seed (the same seat of the same seeded game under
  configurations A and B), with Newcombe's interval for paired proportions (his method 10 of 1998, the
  Wilson intervals joined through the correlation of the pairs) and McNemar's exact test on the
  discordant pairs.
* :func:`paired_means`: ``mean(B - A)`` of a quantity measured on both games of each seed (turns), with a
  normal interval and test.
* :func:`flag_level`: the Bonferroni threshold that flags one of ``m`` figures of a kind.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

ALPHA = 0.05  # intervals are 95%, and a flag means p < ALPHA / (the number of figures of its kind)
Z95 = 1.959963984540054
_NORMAL = statistics.NormalDist()


def z_for(alpha: float) -> float:
    """The two-sided normal quantile for a ``1 - alpha`` interval (1.96 for 0.05)."""
    return _NORMAL.inv_cdf(1 - alpha / 2)


def normal_p(z: float) -> float:
    """The two-sided p-value of a normal statistic ``z``."""
    return 2 * (1 - _NORMAL.cdf(abs(z)))


def wilson_interval(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate (95% by default); (0, 1) when nothing was played."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(wins: int, games: int) -> dict[str, Any]:
    """A win rate as the report writes it: wins, games, rate and its 95% Wilson interval."""
    lo, hi = wilson_interval(wins, games)
    return {"wins": wins, "games": games, "rate": wins / games if games else 0.0, "ci95": [lo, hi]}


def newcombe(w1: int, n1: int, w2: int, n2: int, z: float = Z95) -> tuple[float, float, float]:
    """``p2 - p1`` for two independent win rates and its interval (Newcombe's hybrid score interval)."""
    p1 = w1 / n1 if n1 else 0.0
    p2 = w2 / n2 if n2 else 0.0
    l1, u1 = wilson_interval(w1, n1, z)
    l2, u2 = wilson_interval(w2, n2, z)
    d = p2 - p1
    return d, d - math.hypot(p2 - l2, u1 - p1), d + math.hypot(u2 - p2, p1 - l1)


def difference(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """``b - a`` for two independent win rates (``rate`` dicts), with Newcombe's 95% interval."""
    d, lo, hi = newcombe(a["wins"], a["games"], b["wins"], b["games"])
    return {"difference": d, "ci95": [lo, hi]}


def mcnemar_p(only_a: int, only_b: int) -> float:
    """McNemar's exact two-sided test: the chance of discordant pairs at least this lopsided if neither
    configuration wins more often (the ``only_a + only_b`` discordant pairs split as a fair coin)."""
    m = only_a + only_b
    if m == 0:
        return 1.0
    k = min(only_a, only_b)
    return min(1.0, 2 * sum(math.comb(m, i) for i in range(k + 1)) / 2**m)


def paired_rates(pairs: Sequence[tuple[bool, bool]]) -> dict[str, Any]:
    """``B - A`` for paired outcomes (``(won under A, won under B)`` per seat of each seed): both rates,
    the difference with Newcombe's 95% interval for paired proportions, the discordant pairs and McNemar's
    exact p-value."""
    n = len(pairs)
    both = sum(1 for x, y in pairs if x and y)
    only_a = sum(1 for x, y in pairs if x and not y)
    only_b = sum(1 for x, y in pairs if y and not x)
    neither = n - both - only_a - only_b
    before = rate(both + only_a, n)
    after = rate(both + only_b, n)
    out: dict[str, Any] = {
        "pairs": n,
        "before": before,
        "after": after,
        "difference": (only_b - only_a) / n if n else 0.0,
        "ci95": [-1.0, 1.0],
        "discordant": [only_a, only_b],
        "p": mcnemar_p(only_a, only_b),
    }
    if n:
        pa, (la, ua) = before["rate"], before["ci95"]
        pb, (lb, ub) = after["rate"], after["ci95"]
        num = both * neither - only_a * only_b
        den = math.sqrt((both + only_a) * (only_b + neither) * (both + only_b) * (only_a + neither))
        # Newcombe's continuity-corrected correlation of the pairs
        phi = 0.0 if den == 0 else (max(num - n / 2, 0.0) if num > 0 else num) / den
        d = out["difference"]
        lower = (pb - lb) ** 2 - 2 * phi * (pb - lb) * (ua - pa) + (ua - pa) ** 2
        upper = (ub - pb) ** 2 - 2 * phi * (ub - pb) * (pa - la) + (pa - la) ** 2
        out["ci95"] = [max(-1.0, d - math.sqrt(max(lower, 0.0))), min(1.0, d + math.sqrt(max(upper, 0.0)))]
    return out


def paired_means(a: Sequence[float], b: Sequence[float]) -> dict[str, Any]:
    """``mean(b - a)`` over paired values (one pair per seed) with a normal 95% interval and p-value."""
    diffs = [y - x for x, y in zip(a, b, strict=True)]
    n = len(diffs)
    if n == 0:
        return {"pairs": 0, "difference": 0.0, "ci95": [0.0, 0.0], "p": 1.0}
    mean = statistics.fmean(diffs)
    se = statistics.stdev(diffs) / math.sqrt(n) if n > 1 else 0.0
    p = (1.0 if mean == 0 else 0.0) if se == 0 else normal_p(mean / se)
    return {"pairs": n, "difference": mean, "ci95": [mean - Z95 * se, mean + Z95 * se], "p": p}


def p_text(p: float) -> str:
    """A p-value as the page writes it (``p = 0.023``, ``p < 0.0001``)."""
    return "p < 0.0001" if p < 1e-4 else f"p = {p:.2g}"


def flag_level(m: int) -> float:
    """The p-value below which one of ``m`` figures of a kind is flagged (Bonferroni: ALPHA / m)."""
    return ALPHA / max(1, m)
