"""Which Spelldawn decisions with one legal option are forced by public information (DESIGN.md 2b).

The Overlord's summon, Roombound, Night and Dusk windows offer options that come from face-down cards: the
Overlord is asked at every face-down defender approached and every face-down occupant, whatever it holds,
so that being asked tells the Champion nothing. The Champion's access choice depends on cards the Overlord
may not have seen (the Vault's top), and a discard comes from a hidden hand: both are always asked. These
kinds are registered with ``forced=NEVER`` (core/kinds.py). Mulligans, Main-phase actions, weapon choices,
limits and raid targets come from public facts: a single option of theirs is taken without asking.
"""

from __future__ import annotations

from spellforge.core.kinds import NEVER

__all__ = ["NEVER"]
