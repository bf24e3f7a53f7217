"""What a bot's move reads like to a person at the terminal: the cards it names (``Action.card_ids``)
are hidden exactly when the watcher may not know them where they are now."""

from __future__ import annotations

from spellforge import find_game
from spellforge.core.rng import Rng
from spellforge.games.spellbattle.actions import Play
from spellforge.ui.terminal import public_action_text


def test_a_card_played_into_limbo_is_named_and_a_farm_is_not() -> None:
    state = find_game("spellbattle").new_game(seed=3)
    rng = Rng(3)
    seen = set()
    while state.outcome is None and len(seen) < 2:
        legal = state.legal_actions()
        plays = [a for a in legal if isinstance(a, Play)]
        action = plays[0] if plays else legal[rng.randrange(len(legal))]
        seat = state.current_player
        assert seat is not None
        state.apply(action)
        if isinstance(action, Play):
            other = 1 - seat
            said = public_action_text(state, action, other)
            if action.farm:
                assert said == "play a hidden card as farm"
                seen.add("farm")
            else:
                assert said == str(action)  # in limbo, or in play: public
                seen.add("card")
            assert public_action_text(state, action, seat) == str(action)
    assert seen == {"farm", "card"}
