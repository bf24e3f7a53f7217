"""The terminal client as a person meets it: reading any visible card, names beside ids, the phase at every
prompt, taking back a decision against a bot, saving and playing on, for every game through the View's
envelope alone (a game with no rendering of its own gets the same commands)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from spellforge import GAMES, find_game
from spellforge.bots import Observation, make_bot
from spellforge.core.observe import known_cards
from spellforge.core.rng import Rng
from spellforge.core.state import State
from spellforge.ui import presentation
from spellforge.ui.cards import find_entries, named_text, names_by_ref, visible_entries
from spellforge.ui.terminal import HELP, TerminalGame, decision_text, load_saved, place_text


class Script:
    """Answers the prompts from a list of lines, and keeps the screen printed before each prompt."""

    def __init__(self, *lines: str) -> None:
        self.lines = list(lines)
        self.console = Console(record=True, width=200, file=io.StringIO())
        self.screens: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.screens.append(self.console.export_text(clear=True))
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)

    @property
    def last(self) -> str:
        """Everything printed so far."""
        return "\n".join([*self.screens, self.console.export_text(clear=False)])


def terminal(state: State, script: Script, humans: set[int] | None = None, **kw: Any) -> TerminalGame:
    humans = {0} if humans is None else humans
    bots = {s: make_bot("random", seed=s) for s in range(state.n_seats) if s not in humans}
    return TerminalGame(state, humans, bots, console=script.console, read=script, **kw)  # type: ignore[arg-type]


def advance(state: State, steps: int, seed: int = 1) -> State:
    rng = Rng(seed)
    for _ in range(steps):
        if state.outcome is not None:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def hidden_ids(state: State, seat: int) -> set[int]:
    return set(state.all_card_ids()) - known_cards(state, seat)


# ---------------------------------------------------------------------- cards


@pytest.mark.parametrize("name", ["spellbattle", "spellweaver", "casters"])
def test_cards_lists_every_visible_card_readably_and_no_hidden_one(name: str) -> None:
    state = advance(find_game(name).new_game(seed=5), 60)
    seat = state.current_player
    assert seat is not None
    script = Script("cards")
    terminal(state, script, humans={seat}).human_turn(seat)
    view = state.observe(seat)
    out = script.screens[-1]
    assert not out.lstrip().startswith("{") and '"players":' not in out  # not the View as JSON
    entries = [e for e in visible_entries(view) if e.id is not None]
    assert entries and len(out.splitlines()) < 8 * len(entries) + 40
    for e in entries:
        assert f"#{e.id} {e.name}" in out
    for cid in hidden_ids(state, seat):
        assert not re.search(rf"#{cid}(?!\d)", out), f"hidden card #{cid} listed"


def test_card_shows_a_card_in_play_that_you_do_not_hold_and_never_a_hidden_one() -> None:
    state = advance(find_game("spellbattle").new_game(seed=5), 60)
    seat = state.current_player
    assert seat is not None
    view = state.observe(seat)
    theirs = next(c for p in view["players"] if p["seat"] != seat for c in p["in_play"])
    hidden = min(hidden_ids(state, seat))
    script = Script(
        f"card #{theirs['id']}", f"card #{hidden}", "card #99999", f"card {theirs['name'].upper()}"
    )
    terminal(state, script, humans={seat}).human_turn(seat)
    shown, secret, missing, by_name = script.screens[1:5]
    assert theirs["name"] in shown and theirs["text"] in shown
    assert f"no card you can see matches '#{hidden}'" in secret
    assert secret.replace(f"#{hidden}", "#X") == missing.replace("#99999", "#X")  # a hidden id tells nothing
    assert theirs["text"] in by_name


@pytest.mark.parametrize("name", ["spellbattle", "spellweaver", "casters"])
def test_card_by_name_never_finds_a_hidden_card(name: str) -> None:
    state = advance(find_game(name).new_game(seed=6), 30)
    seat = state.current_player
    assert seat is not None
    view = state.observe(seat)
    shown = {e.name for e in visible_entries(view)}
    secret = sorted({state.defs[c].name for c in hidden_ids(state, seat)} - shown)
    assert secret, "the position should hide some card whose name is not on the table"
    for card_name in secret:
        assert find_entries(view, card_name) == []
        assert all(card_name.lower() not in e.name.lower() for e in find_entries(view, card_name[:3]))


def test_card_reads_a_heros_skill_and_a_stage_by_name() -> None:
    weaver = advance(find_game("spellweaver").new_game(seed=5), 40)
    seat = weaver.current_player
    assert seat is not None
    skill = weaver.observe(seat)["players"][1 - seat]["skills"][0]
    found = find_entries(weaver.observe(seat), skill["name"])
    assert found and found[0].data["text"] == skill["text"]

    casters = advance(find_game("casters").new_game(seed=5), 40)
    seat = casters.current_player
    assert seat is not None
    stages = [s for p in casters.observe(seat)["players"] for s in p["stages"]]
    assert stages, "the position should have a Stage in play"
    script = Script(f"card {stages[0]['name']}")
    terminal(casters, script, humans={seat}).human_turn(seat)
    assert stages[0]["text"] in script.screens[1]


# ---------------------------------------------------------------------- names beside ids


def test_options_name_the_cards_in_words() -> None:
    state = find_game("spellbattle").new_game(seed=3)
    state.apply(state.legal_actions()[1])  # farm: the options name the cards in hand
    script = Script()
    terminal(state, script).human_turn(0)
    screen = script.screens[0]
    hand = state.observe(0)["players"][0]["hand"]["cards"]
    for c in hand:
        assert f"Play {c['name']} face down as a farm" in screen


def test_named_text_names_only_what_the_view_shows() -> None:
    names = {"#38": "Grave Caller", "@22": "Watchtower"}
    assert named_text("play #38 -> #55", names).plain == "play #38 Grave Caller -> #55"
    assert named_text("play #3 -> @22", names).plain == "play #3 -> @22 Watchtower"
    assert named_text("attack #380 -> P2", names).plain == "attack #380 -> P2"


def test_an_item_on_the_stack_is_named_and_read_through_its_card() -> None:
    view: dict[str, Any] = {
        "game": "toy",
        "seat": 0,
        "players": [{"seat": 0, "name": "P1"}, {"seat": 1, "name": "P2"}],
        "revealed": [{"id": 12, "key": "quell", "name": "Quell", "type": "spell", "text": "Negate a spell."}],
        "stack": [{"uid": 4, "ref": "@4", "kind": "card", "card": 12, "name": "Quell", "controller": 1}],
    }
    assert names_by_ref(view) == {"#12": "Quell", "@4": "Quell"}
    assert named_text("use #9 -> @4", names_by_ref(view)).plain == "use #9 -> @4 Quell"
    (item,) = find_entries(view, "@4")
    assert item.data["text"] == "Negate a spell." and item.where == "stack"


def test_a_bots_move_is_told_in_the_watchers_words_only() -> None:
    """No line of its own: the events since the last prompt tell it, a face-down set as a face-down set."""
    state = find_game("casters").new_game(seed=2)
    script = Script(*(["1"] * 60))
    terminal(state, script).run()
    text = "\n".join(script.screens)
    assert "P2 sets a card face down" in text
    assert not re.search(r"P2 \(random\)", text)
    hidden = {f"#{c}" for c in range(len(state.defs)) if state.owner[c] == 1}
    told = [line for line in text.splitlines() if line.strip().startswith("P2 sets")]
    assert told and not any(ref in line for line in told for ref in hidden)


def test_the_options_are_the_engines_labels_and_one_may_be_typed_as_shown() -> None:
    state = find_game("spellbattle").new_game(seed=3)
    state.apply(state.legal_actions()[1])
    legal = state.legal_actions()
    labels = [state.describe_action(a, 0) for a in legal]
    farm = next(i for i, a in enumerate(legal) if "farm" in str(a) and "#" in str(a))
    script = Script(labels[farm].upper())
    ui = terminal(state, script)
    assert ui.human_turn(0)
    assert state.history()[-1] == legal[farm]
    screen = "\n".join(script.screens)
    assert labels[0] in screen and "#" not in labels[farm]


def test_an_option_may_still_be_typed_as_an_action() -> None:
    state = find_game("spellbattle").new_game(seed=3)
    state.apply(state.legal_actions()[1])
    hand = state.observe(0)["players"][0]["hand"]["cards"]
    script = Script(f"play #{hand[2]['id']} as farm")
    ui = terminal(state, script)
    assert ui.human_turn(0)
    assert str(state.history()[-1]) == f"play #{hand[2]['id']} as farm"


# ---------------------------------------------------------------------- the phase at every prompt


@pytest.mark.parametrize("name", ["spellbattle", "spellweaver", "casters"])
def test_every_prompt_shows_the_turn_phase_and_whose_decision(name: str) -> None:
    state = find_game(name).new_game(seed=4)
    checked = 0
    script = Script(*(["1"] * 40))
    original = script.__call__

    def read(prompt: str) -> str:
        nonlocal checked
        seat = state.current_player
        answer = original(prompt)
        view = state.observe(seat)
        assert place_text(view) in script.screens[-1]
        assert " ".join(decision_text(view).split()) in " ".join(script.screens[-1].split())
        assert f"turn {view['turn']}" in script.screens[-1] and f"{view['phase']} phase" in script.screens[-1]
        checked += 1
        return answer

    bots = {s: make_bot("random", seed=s) for s in range(1, state.n_seats)}
    TerminalGame(state, {0}, bots, console=script.console, read=read).run()  # type: ignore[arg-type]
    assert checked >= 10


# ---------------------------------------------------------------------- undo


def test_undo_takes_back_decisions_against_a_bot_while_nothing_hidden_is_revealed() -> None:
    state = find_game("spellbattle").new_game(seed=3)
    start = json.dumps(state.to_json())
    kite = next(c["id"] for c in state.observe(0)["players"][0]["hand"]["cards"] if c["name"] == "Gale Kite")
    script = Script("farm", "play #4 as farm", f"play #{kite}", "undo", "undo", "undo", "undo")
    ui = terminal(state, script)
    while len(script.lines) > 4:
        assert ui.human_turn(0)
        while ui.state.current_player != 0:
            ui.apply(ui.bots[1].choose(Observation.of(ui.state)))
    assert ui.state.history()  # the bot passed in between: its decision is undone with ours
    ui.human_turn(0)  # undo x3, then a fourth with nothing left
    assert json.dumps(ui.state.to_json()) == start
    assert "took back 'play #2'" in script.last and "nothing to take back" in script.last


def test_undo_is_refused_once_a_hidden_card_was_revealed() -> None:
    state = find_game("spellbattle").new_game(seed=3)
    script = Script("pass", *(["pass"] * 12), "undo")
    ui = terminal(state, script)
    while True:
        before = known_cards(ui.state, 0)
        assert ui.human_turn(0)
        while ui.state.current_player not in (0, None):
            ui.apply(ui.bots[1].choose(Observation.of(ui.state)))
        if known_cards(ui.state, 0) - before:  # P1 drew: a card it did not know
            break
    history = len(ui.state.history())
    script.lines = ["undo"]
    ui.human_turn(0)
    assert "nothing to take back" in script.last and len(ui.state.history()) == history


def test_undo_is_not_offered_in_a_hot_seat_game() -> None:
    state = find_game("casters").new_game(seed=1)
    script = Script("1", "undo")
    ui = terminal(state, script, humans={0, 1})
    ui.human_turn(state.current_player or 0)
    ui.human_turn(state.current_player or 0)
    assert "undo is for a game against bots" in script.last


# ---------------------------------------------------------------------- saving and playing on


def test_save_expands_home_and_a_bad_path_is_reported_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    state = find_game("casters").new_game(seed=1)
    script = Script("save ~/x.json", f"save {tmp_path}/missing/x.json", f"save {tmp_path}", "1")
    ui = terminal(state, script)
    assert ui.human_turn(0)  # the game went on to a move after the failed saves
    assert load_saved(tmp_path / "x.json")[0].to_json()["record"]["seed"] == 1
    assert f"not saved: there is no folder {tmp_path}/missing" in script.last
    assert f"not saved: {tmp_path} is a folder" in script.last
    assert "Traceback" not in script.last


def test_save_keeps_the_end_of_the_game_and_a_concession(tmp_path: Path) -> None:
    state = find_game("casters").new_game(seed=1)
    path = tmp_path / "played.json"
    bots = {0: make_bot("random", seed=0), 1: make_bot("random", seed=1)}
    TerminalGame(state, set(), bots, console=Console(file=io.StringIO()), save=path).run()
    saved, _ = load_saved(path)
    assert saved.outcome is not None and saved.to_json() == state.to_json()

    conceded = tmp_path / "conceded.json"
    state = find_game("casters").new_game(seed=2)
    terminal(state, Script("1", "concede"), save=conceded).run()
    saved, _ = load_saved(conceded)
    assert saved.outcome is not None and saved.outcome.reason == "resignation"
    assert saved.outcome.winners == (1,) or list(saved.outcome.winners) == [1]


def test_help_points_to_resuming_with_play() -> None:
    assert "play --resume FILE" in HELP and "replay" not in HELP


def test_a_game_without_its_own_rendering_is_shown_from_its_view(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in GAMES:
        monkeypatch.delitem(presentation.BOARDS, name)
        state = advance(find_game(name).new_game(seed=5), 30)
        seat = state.current_player
        assert seat is not None
        script = Script()
        terminal(state, script, humans={seat}).human_turn(seat)
        screen = script.screens[0]
        view = state.observe(seat)
        assert '{"' not in screen  # no JSON
        for e in visible_entries(view)[:10]:
            assert e.label in screen
        for p in view["players"]:
            assert p["name"] in screen
