#!/usr/bin/env python3
"""How often two bots choose the same move, against how often each agrees with itself under another seed.

Plays the games of a ``spellforge simulate`` batch (same seed, same seat rotation) between the first bot
and ``--vs``; at every decision of the first bot's seat that has more than one legal action it asks fresh
copies of bot A and bot B, each under two seeds, for their move, and counts agreement by decision kind:

    A/A  two seeds of A choose the same move       (how much of A's choice is noise)
    B/B  the same for B
    A/B  A and B choose the same move (mean of the two seed pairings)

If A/B is as high as A/A and B/B, the two bots play the same moves up to their own noise, so no batch
can show one stronger than the other. Each copy is fresh, so it has no memory of earlier decisions
(the repetition guard starts empty); positions come from the real game, not from the copies' choices.

    python tools/move_agreement.py spellweaver --bots ismcts,ismcts:iterations=1400 --games 2

The questions cost a copy's full budget each, four per decision: a game takes a few minutes.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict

from spellforge.bots import Observation, make_bot
from spellforge.bots.base import split_specs
from spellforge.core.errors import SpellforgeError
from spellforge.games import find_game
from spellforge.sim.simulate import game_seed, seat_slots


def agreement(
    game_name: str, specs: list[str], opponent: str, games: range, seed: int
) -> dict[str, dict[str, float]]:
    game = find_game(game_name)
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # n, A/A, B/B, 2 * A/B
    for index in games:
        gseed = game_seed(seed, index)
        state = game.new_game(seed=gseed, players=2)
        slots = seat_slots(2, 2, index, False)
        players = [
            make_bot(spec, seed=game_seed(gseed, 101 + i)) for i, spec in enumerate([specs[0], opponent])
        ]
        asked = 0
        while state.outcome is None:
            seat = state.current_player
            assert seat is not None
            obs = Observation.of(state)
            if slots[seat] == 0 and len(obs.legal) > 1:
                moves = [
                    str(make_bot(spec, seed=1_000 * asked + s).choose(obs)) for spec in specs for s in (1, 2)
                ]
                a1, a2, b1, b2 = moves
                kind = state.decision.kind if state.decision is not None else "?"
                for key in (kind, "all"):
                    row = counts[key]
                    row[0] += 1
                    row[1] += a1 == a2
                    row[2] += b1 == b2
                    row[3] += (a1 == b1) + (a2 == b2)
                asked += 1
            state.apply(players[slots[seat]].choose(obs))
    return {
        kind: {"n": n, "A/A": aa / n, "B/B": bb / n, "A/B": ab / (2 * n)}
        for kind, (n, aa, bb, ab) in sorted(counts.items(), key=lambda item: -item[1][0])
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--bots", required=True, help="A,B: the two bot specs to compare")
    parser.add_argument("--vs", default="greedy", help="the opponent in the games (default: greedy)")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--first", type=int, default=0, help="index of the first game in the batch")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    specs = split_specs(args.bots)
    if len(specs) != 2:
        parser.error(f"--bots: name exactly two bots, got {len(specs)}")
    if args.games < 1 or args.first < 0:
        parser.error("--games must be 1 or more and --first 0 or more")
    games = range(args.first, args.first + args.games)
    try:
        table = agreement(args.game, specs, args.vs, games, args.seed)
    except SpellforgeError as exc:
        parser.exit(2, f"move_agreement: error: {exc}\n")
    if args.json:
        print(
            json.dumps(
                {
                    "bots": specs,
                    "vs": args.vs,
                    "games": [games.start, games.stop],
                    "seed": args.seed,
                    "kinds": table,
                }
            )
        )
        return 0
    print(
        f"A = {specs[0]}, B = {specs[1]}, against {args.vs}, games {games.start}-{games.stop - 1}, seed {args.seed}"
    )
    print(f"{'decision':12} {'n':>5} {'A/A':>6} {'B/B':>6} {'A/B':>6}")
    for kind, row in table.items():
        print(f"{kind:12} {row['n']:5d} {row['A/A']:6.2f} {row['B/B']:6.2f} {row['A/B']:6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
