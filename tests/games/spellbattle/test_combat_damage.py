"""Combat damage by speed (SB-059..064, SB-084..091, SB-R01, SB-R08, SB-R09)."""

from __future__ import annotations

import pytest

from spellforge.games.spellbattle.scenario import Seat, card, do, legal, scenario


def attack_scene(attacker: str, blockers: list[str], **kw: object) -> tuple[object, int, list[int]]:
    s = scenario(Seat(play=[attacker]), Seat(play=blockers), step="attack", **kw)  # type: ignore[arg-type]
    a = card(s, attacker, seat=0)
    bs = [card(s, b, seat=1, nth=blockers[:i].count(b)) for i, b in enumerate(blockers)]
    do(s, f"attack #{a} -> P2")  # the only attacker: "done" is then the only option and taken at once
    assert s.decision.kind == "blockers"
    for b in bs:
        do(s, f"block #{b} -> #{a}")  # after the last blocker, "done" is forced and taken at once
    return s, a, bs


@pytest.mark.rules("SB-059", "SB-060", "SB-061", "SB-062", "SB-063", "SB-091", "SB-R01", "SB-R08", "SB-R09")
def test_fastest_strikes_first_and_the_dead_deal_nothing() -> None:
    """Scenario 1: a 3/3 attacker blocked by a 2/1 and a 1/2 kills both in speed step 3 unharmed."""
    s, a, (b1, b2) = attack_scene("veteran-pikeman", ["ash-squire", "pack-hound"])  # 3/3 vs 2/1 and 1/2
    assert s.decision.kind == "assign" and s.decision.seat == 0
    assert f"assign #{a}: 2 -> #{b1}" in legal(s)
    do(s, f"assign #{a}: 2 -> #{b1}", f"assign #{a}: 1 -> #{b2}")
    assert s.zone_of[b1] == s.layout.discard[1] and s.zone_of[b2] == s.layout.discard[1]
    assert s.in_play(a) and s.damage[a] == 0


@pytest.mark.rules("SB-064", "SB-R09")
def test_equal_speed_trade_is_simultaneous() -> None:
    """Scenario 2: 2/2 attacker vs 2/2 blocker: both destroyed together."""
    s, a, (b,) = attack_scene("hedge-knight", ["shield-brother"])
    assert not s.in_play(a) and not s.in_play(b)
    assert s.zone_of[a] == s.layout.discard[0] and s.zone_of[b] == s.layout.discard[1]
