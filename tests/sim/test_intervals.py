"""The statistics of balance reports: Wilson and Newcombe intervals, paired differences, McNemar's test."""

from __future__ import annotations

import pytest

from spellforge.sim.intervals import (
    difference,
    flag_level,
    mcnemar_p,
    newcombe,
    paired_means,
    paired_rates,
    rate,
    z_for,
)


def pairs(both: int, only_a: int, only_b: int, neither: int) -> list[tuple[bool, bool]]:
    return (
        [(True, True)] * both
        + [(True, False)] * only_a
        + [(False, True)] * only_b
        + [(False, False)] * neither
    )


def test_newcombes_interval_holds_the_difference_and_is_wider_with_fewer_games() -> None:
    small = difference(rate(5, 10), rate(7, 10))
    large = difference(rate(50, 100), rate(70, 100))
    assert small["difference"] == pytest.approx(0.2) == large["difference"]
    assert small["ci95"][0] < large["ci95"][0] < 0.2 < large["ci95"][1] < small["ci95"][1]
    assert newcombe(50, 100, 70, 100)[1:] == pytest.approx(large["ci95"])


def test_mcnemars_exact_test_is_a_fair_coin_on_the_discordant_pairs() -> None:
    # 2 and 9 discordant pairs: 2 * P(X <= 2) for X ~ Binomial(11, 1/2) = 2 * 67 / 2048
    assert mcnemar_p(2, 9) == pytest.approx(134 / 2048) == mcnemar_p(9, 2)
    assert mcnemar_p(0, 0) == 1.0 and mcnemar_p(5, 5) == 1.0
    assert mcnemar_p(0, 10) == pytest.approx(2 / 1024)


def test_a_paired_difference_counts_only_the_discordant_pairs() -> None:
    d = paired_rates(pairs(12, 2, 9, 21))
    assert d["pairs"] == 44 and d["discordant"] == [2, 9]
    assert d["before"]["wins"] == 14 and d["after"]["wins"] == 21
    assert d["difference"] == pytest.approx(7 / 44)
    lo, hi = d["ci95"]
    assert 0 < lo < 7 / 44 < hi < 1
    assert d["p"] == pytest.approx(mcnemar_p(2, 9))
    # the same margins unpaired give a wider interval: pairing removes the seed's share of the noise
    unpaired = difference(d["before"], d["after"])["ci95"]
    assert unpaired[0] < lo and hi < unpaired[1]
    # swapping the configurations negates the difference and mirrors the interval
    back = paired_rates([(y, x) for x, y in pairs(12, 2, 9, 21)])
    assert back["difference"] == pytest.approx(-d["difference"])
    assert back["ci95"] == pytest.approx([-hi, -lo])


def test_identical_outcomes_differ_by_nothing() -> None:
    d = paired_rates(pairs(30, 0, 0, 30))
    assert d["difference"] == 0 and d["p"] == 1.0 and d["ci95"][0] <= 0 <= d["ci95"][1]


def test_paired_means_of_turns() -> None:
    d = paired_means([10, 12, 14, 16], [11, 13, 15, 18])
    assert d["difference"] == pytest.approx(1.25) and d["pairs"] == 4
    assert d["ci95"][0] < 1.25 < d["ci95"][1] and d["p"] < 0.05
    assert paired_means([3, 4], [3, 4])["p"] == 1.0


def test_a_flag_among_m_figures_needs_p_below_five_percent_over_m() -> None:
    assert flag_level(1) == 0.05 and flag_level(10) == pytest.approx(0.005)
    assert z_for(0.05) == pytest.approx(1.959964, abs=1e-6)
