"""The round-robin arena: mirrored seeds, Wilson intervals, ratings, and the CLI."""

from __future__ import annotations

import json
import re

import pytest

from spellforge import GAMES
from spellforge.cli import main
from spellforge.core.errors import SpellforgeError
from spellforge.sim.tournament import mirror_slots, tournament, wilson_interval


def test_wilson_interval_matches_known_values() -> None:
    lo, hi = wilson_interval(85, 100)
    assert lo == pytest.approx(0.7672, abs=1e-3) and hi == pytest.approx(0.9069, abs=1e-3)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    lo, hi = wilson_interval(10, 10)
    assert hi == pytest.approx(1.0) and 0.69 < lo < 0.73


def test_mirrored_games_exchange_seats() -> None:
    assert mirror_slots(2, 0) == [0, 1] and mirror_slots(2, 1) == [1, 0]
    assert mirror_slots(4, 0) == [0, 1, 0, 1] and mirror_slots(4, 1) == [1, 0, 1, 0]


@pytest.mark.parametrize("game", list(GAMES))
def test_round_robin_counts_every_game(game: str) -> None:
    result = tournament(game, ["random", "greedy:depth=0", "ismcts:iterations=10"], games=2, seed=3)
    assert result.errors == 0, result.error_messages
    assert result.games == 6 and len(result.pairs) == 3
    for pair in result.pairs:
        assert pair.games == 2 and pair.wins_a + pair.wins_b + pair.draws == 2
    for s in result.standings:
        assert s.games == 4 and s.wins + s.draws + s.losses == 4
        lo, hi = s.win_rate_ci95
        assert 0.0 <= lo <= s.win_rate <= hi <= 1.0
        assert s.rating_sigma > 0
    assert [s.rating for s in result.standings] == sorted((s.rating for s in result.standings), reverse=True)


def test_mirrored_pair_uses_one_seed_with_seats_swapped() -> None:
    from spellforge.sim.tournament import _run_jobs

    game = next(iter(GAMES))
    players = GAMES[game].default_players
    pairs = _run_jobs((game, players, {}, 5, 0, ["random", "greedy:depth=0"], [0, 1]))
    (_, first), (_, second) = pairs
    assert first.seed == second.seed
    assert first.slots == [1 - s for s in second.slots]


def test_tournament_is_reproducible() -> None:
    game = next(iter(GAMES))
    a = tournament(game, ["random", "greedy:depth=0"], games=2, seed=9).to_dict()
    b = tournament(game, ["random", "greedy:depth=0"], games=2, seed=9).to_dict()
    for d in (a, b):
        d.pop("seconds")
        for s in d["standings"]:
            s.pop("mean_decision_ms")
    assert a == b


def test_tournament_rejects_bad_input() -> None:
    game = next(iter(GAMES))
    with pytest.raises(SpellforgeError):
        tournament(game, ["random"], games=2)
    with pytest.raises(SpellforgeError):
        tournament(game, ["random", "nosuchbot"], games=2)
    with pytest.raises(SpellforgeError):
        tournament(game, ["random", "random"], games=2)
    with pytest.raises(
        SpellforgeError, match="unknown backend 'cloud'; the backends are local, process, ray"
    ):
        tournament(game, ["random", "greedy"], games=2, backend="cloud")


def test_cli_tournament_json(capsys: pytest.CaptureFixture[str]) -> None:
    game = next(iter(GAMES))
    code = main(
        ["tournament", game, "--bots", "random,greedy:depth=0", "--games", "2", "--seed", "1", "--json"]
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["bots"] == ["random", "greedy:depth=0"]
    assert {s["bot"] for s in data["standings"]} == {"random", "greedy:depth=0"}
    assert all("win_rate_ci95" in s and "rating" in s and "mean_decision_ms" in s for s in data["standings"])


def test_cli_tournament_table(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Piped to a file, the table keeps every figure whole (rich alone would squeeze it into 80 columns)."""
    monkeypatch.delenv("COLUMNS", raising=False)
    game = next(iter(GAMES))
    bots = "random,greedy:depth=0,ismcts:iterations=3,depth=2"
    assert main(["tournament", game, "--bots", bots, "--games", "2"]) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("│") and "%" in line]
    assert len(rows) == 3 and "95% CI" in out and "ms/decision" in out
    by_bot = {row.split("│")[1].strip(): row for row in rows}
    assert set(by_bot) == {"random", "greedy:depth=0", "ismcts:iterations=3,depth=2"}
    assert all(re.search(r"\b\d+\.\d-\d+\.\d%", row) for row in rows)  # each interval on one line


def test_cli_tournament_needs_two_bots(capsys: pytest.CaptureFixture[str]) -> None:
    game = next(iter(GAMES))
    assert main(["tournament", game, "--bots", "random", "--games", "2"]) == 2
    assert "two bots" in capsys.readouterr().err
