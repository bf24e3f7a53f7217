"""Bench reports ISMCTS iterations per second; ``play`` defaults to the ISMCTS opponent."""

from __future__ import annotations

from spellforge import GAMES
from spellforge.cli import DEFAULT_OPPONENT, build_parser
from spellforge.sim.bench import EXTRA, ismcts_iterations_per_second


def test_bench_measures_ismcts_iterations() -> None:
    assert EXTRA["ismcts_iterations_per_second"] is ismcts_iterations_per_second
    game = next(iter(GAMES))
    assert ismcts_iterations_per_second(game, seed=1, seconds=0.05) > 0


def test_play_defaults_to_ismcts_with_one_second() -> None:
    assert DEFAULT_OPPONENT == "ismcts:seconds=1"
    args = build_parser().parse_args(["play", next(iter(GAMES))])
    assert args.vs == DEFAULT_OPPONENT
    args = build_parser().parse_args(["play", next(iter(GAMES)), "--vs", "greedy"])
    assert args.vs == "greedy"
