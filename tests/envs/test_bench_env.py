"""``spellforge bench`` measures the PettingZoo environment's overhead beside the engine's own speed."""

from __future__ import annotations

import math

import pytest

pytest.importorskip("pettingzoo", reason="the research interfaces are an extra: pip install -e '.[rl]'")

from spellforge.sim.bench import EXTRA, bench_game


def test_bench_reports_environment_steps_and_their_ratio_to_the_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # only the environment's measurements (the search bot's are tested beside it)
    keep = {k: v for k, v in EXTRA.items() if k.startswith("pettingzoo")}
    monkeypatch.setattr("spellforge.sim.bench.EXTRA", keep)
    out = bench_game("casters", runs=1, seconds=0.2, seed=3)
    assert out["pettingzoo_steps_per_second"] > 0 and out["pettingzoo_observed_steps_per_second"] > 0
    assert not math.isnan(out["pettingzoo_vs_engine"])
    assert out["pettingzoo_vs_engine"] == round(
        out["pettingzoo_steps_per_second"] / out["decisions_per_second"], 2
    )
    assert out["pettingzoo_ratio"] == round(
        out["pettingzoo_observed_steps_per_second"] / out["decisions_per_second"], 2
    )
    assert set(EXTRA) >= set(keep) == {"pettingzoo_steps_per_second", "pettingzoo_observed_steps_per_second"}
