"""The terminal's screen at 80x24 as a new user meets it: every game's board fits, only what changed is drawn
again, the log is shown once, passing is automatic against bots where it reveals nothing (and can be
turned off), and a card reads as a player reads it."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.console import Console

from spellforge import GAMES, find_game
from spellforge.bots import Observation, make_bot
from spellforge.core.actions import passing_is_all
from spellforge.core.rng import Rng
from spellforge.core.state import State
from spellforge.ui.terminal import TerminalGame, board_key

WIDTH, HEIGHT = 80, 24


def positions(name: str, seeds: range = range(3), every: int = 15, steps: int = 300) -> list[State]:
    """Positions of random games, every ``every`` actions, each a copy."""
    out = []
    for seed in seeds:
        state = find_game(name).new_game(seed=seed)
        rng = Rng(seed)
        for step in range(steps):
            if state.outcome is not None:
                break
            if step % every == 0:
                out.append(state.clone())
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    return out


def drawn(renderable: Any) -> list[str]:
    console = Console(record=True, width=WIDTH, height=HEIGHT, file=io.StringIO())
    console.print(renderable)
    return console.export_text().splitlines()


class Player:
    """Plays seat 0 at an 80x24 terminal with a bot's choices; keeps each screen and what was asked."""

    def __init__(self, state: State, prompts: int = 60, answers: list[str] | None = None) -> None:
        self.state = state
        self.console = Console(record=True, width=WIDTH, height=HEIGHT, file=io.StringIO())
        self.screens: list[str] = []
        self.asked: list[list[str]] = []  # the legal actions at each prompt of a person
        self.prompts = prompts
        self.answers = list(answers or [])
        self.bot = make_bot("random", seed=9)
        self.ui: TerminalGame | None = None

    def __call__(self, prompt: str) -> str:
        assert self.ui is not None
        self.screens.append(self.console.export_text(clear=True))
        if len(self.screens) > self.prompts:
            raise EOFError
        if not re.fullmatch(r"P\d> ", prompt):
            return ""
        state = self.ui.state
        self.asked.append([str(a) for a in state.legal_actions()])
        if self.answers:
            return self.answers.pop(0)
        return str(self.bot.choose(Observation.of(state)))

    def play(self, humans: set[int] | None = None, **kw: Any) -> TerminalGame:
        humans = {0} if humans is None else humans
        bots = {s: make_bot("random", seed=s) for s in range(self.state.n_seats) if s not in humans}
        self.ui = TerminalGame(self.state, humans, bots, console=self.console, read=self, **kw)
        self.ui.run()
        return self.ui


# ---------------------------------------------------------------------- the board at 80x24


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_games_board_fits_an_80_by_24_terminal(name: str) -> None:
    renderer = __import__("spellforge.ui.presentation", fromlist=["x"]).terminal_renderer(name)
    assert renderer is not None, f"{name} declares a terminal rendering"
    heights = []
    for state in positions(name):
        for seat in range(state.n_seats):
            lines = drawn(renderer(state.observe(seat)))
            assert all(len(line.rstrip()) <= WIDTH for line in lines)
            heights.append(len(lines))
    assert heights and max(heights) <= HEIGHT, (name, max(heights))
    # with the prompt's box under it (about six lines), a typical table leaves room on the screen
    assert sorted(heights)[len(heights) // 2] <= HEIGHT - 6, (name, sorted(heights))


def test_the_spell_battle_board_is_a_few_lines() -> None:
    renderer = __import__("spellforge.ui.presentation", fromlist=["x"]).terminal_renderer("spellbattle")
    assert renderer is not None
    assert max(len(drawn(renderer(s.observe(0)))) for s in positions("spellbattle")) <= 12


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_log_is_shown_once(name: str) -> None:
    player = Player(find_game(name).new_game(seed=2), prompts=25)
    player.play()
    for screen in player.screens:
        lines = [line.strip() for line in screen.splitlines()]
        events = [line for line in lines if line.startswith("-- turn")]
        assert len(events) == len(set(events)), screen  # a turn marker at most once per screen
    # the board itself never carries the log: the client shows it, once
    renderer = __import__("spellforge.ui.presentation", fromlist=["x"]).terminal_renderer(name)
    for state in positions(name, seeds=range(1), every=40):
        view = state.observe(0)
        board = "\n".join(drawn(renderer(view)))
        for line in view["log"][-8:]:
            assert line not in board, (name, line)


def test_the_table_is_drawn_again_only_when_it_changed() -> None:
    player = Player(find_game("spellbattle").new_game(seed=3), prompts=40)
    keys: list[str] = []
    original = player.__call__

    def read(prompt: str) -> str:
        assert player.ui is not None
        keys.append(board_key(player.ui.state.observe(0)))
        return original(prompt)

    player.__call__ = read  # type: ignore[method-assign]
    bots = {1: make_bot("random", seed=1)}
    player.ui = TerminalGame(player.state, {0}, bots, console=player.console, read=read, autopass=False)
    player.ui.run()
    same = [i for i in range(1, len(keys)) if keys[i] == keys[i - 1] and "your hand" in player.screens[i - 1]]
    assert same, "the game should ask twice in a row with nothing changed on the table"
    for i in same:
        assert "your hand" not in player.screens[i], player.screens[i]


# ---------------------------------------------------------------------- autopass


def test_against_bots_passing_is_automatic_when_it_is_all_you_may_do() -> None:
    state = find_game("spellbattle").new_game(seed=3)
    player = Player(state, prompts=40)
    player.play()
    assert player.asked and not any(len(a) == 1 and a[0] == "pass" for a in player.asked)
    text = "\n".join(player.screens)
    assert "passed for you" in text and "'autopass off'" in text
    # the passes were made, by the player's seat: the game went on through them
    assert sum(1 for a in state.history() if str(a) == "pass") > len(player.asked)


def test_no_autopass_asks_every_time_and_autopass_off_switches_it() -> None:
    player = Player(find_game("spellbattle").new_game(seed=3), prompts=40)
    player.play(autopass=False)
    only_pass = [a for a in player.asked if a == ["pass"]]
    assert len(only_pass) >= 5 and "passed for you" not in "\n".join(player.screens)

    player = Player(find_game("spellbattle").new_game(seed=3), prompts=40, answers=["autopass off"])
    player.play()
    assert "autopass is off" in "\n".join(player.screens)
    assert [a for a in player.asked if a == ["pass"]]


def test_a_hot_seat_game_asks_every_seat_even_when_passing_is_all() -> None:
    """Passing for one person would skip the hand-over and tell the others he had nothing to play."""
    state = find_game("spellbattle").new_game(seed=3)
    player = Player(state, prompts=40)
    player.play(humans={0, 1})
    assert [a for a in player.asked if a == ["pass"]]


def test_the_terminal_and_the_browser_pass_for_a_player_by_the_same_rule() -> None:
    from pathlib import Path

    import spellforge.web
    from spellforge.web.protocol import seat_message

    table = (Path(spellforge.web.__file__).parent / "static" / "kit" / "table.js").read_text(encoding="utf-8")
    # the browser passes for its player when the server says the engine's rule holds
    assert "if (!this.msg.passing_is_all) return;" in table
    state = find_game("spellbattle").new_game(seed=3)
    rng = Rng(3)
    while state.outcome is None and not passing_is_all(state.legal_actions()):
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    legal = state.legal_actions()
    assert len(legal) == 1 and legal[0].declines and str(legal[0]) == "pass"
    seat = state.current_player
    assert seat_message(state, seat, 0)["passing_is_all"] is True
    assert seat_message(state, 1 - seat, 0)["passing_is_all"] is False


def test_play_takes_no_autopass(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    from spellforge.cli import main

    monkeypatch.chdir(tmp_path)
    # a farm first, so that P1 could answer with a card from his hand and is asked in every window
    moves = "2\n1\n" + "1\n" * 10 + "quit\nno\n"
    for flag, passed in (([], True), (["--no-autopass"], False)):
        monkeypatch.setattr("sys.stdin", io.StringIO(moves))
        assert main(["play", "spellbattle", "--seed", "3", "--vs", "random", *flag]) == 0
        assert ("passed for you" in capsys.readouterr().out) is passed, flag


# ---------------------------------------------------------------------- a card as a player reads it

INTERNAL = re.compile(
    r"\blevel2\b|\bnumber\b|\bcost\s+-1\b|\(printed [a-z_]+\)|printed_blueline|\bvariable level\b"
)


@pytest.mark.parametrize("name", ["spellfire", "spelldawn"])
def test_a_card_in_full_shows_only_what_a_player_reads(name: str) -> None:
    from spellforge.ui.cards import visible_entries

    checked = 0
    for state in positions(name, seeds=range(2), every=50):
        seat = state.current_player
        if seat is None:
            continue
        ids = [e.id for e in visible_entries(state.observe(seat)) if e.id is not None]
        console = Console(record=True, width=WIDTH, file=io.StringIO())
        answers = iter([f"card #{cid}" for cid in ids])

        def read(prompt: str, answers: Any = answers) -> str:
            try:
                return next(answers)
            except StopIteration:
                raise EOFError from None

        TerminalGame(state, {seat}, {}, console=console, read=read, autopass=False).human_turn(seat)
        text = console.export_text()
        assert not INTERNAL.search(text), INTERNAL.search(text)
        checked += len(ids)
    assert checked > 20


def test_a_changed_value_shows_the_printed_one_beside_it() -> None:
    from spellforge.ui.cards import Entry, card_panel

    entry = Entry(
        "Gale Kite",
        "in play (P1)",
        {
            "id": 2,
            "key": "gale-kite",
            "name": "Gale Kite",
            "strength": 3,
            "speed": 4,
            "controller": 0,
            "farm": False,
        },
    )
    printed = {"strength": 1, "speed": 4, "text": "Flying."}
    text = " ".join(" ".join(drawn(card_panel(entry, printed, {}, ("strength", "speed")))).split())
    assert "strength 3 (printed 1)" in text and "speed 4 │" in text and "Flying." in text
    assert "controller P1" in text and "farm" not in text


# ---------------------------------------------------------------------- the card list


def test_the_card_list_shows_the_columns_that_matter_at_the_terminals_width(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from spellforge.cli import main

    monkeypatch.setenv("COLUMNS", "80")
    assert main(["cards", "spellfire", "--search", "dragon"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert all(len(line.rstrip()) <= WIDTH for line in lines)
    header = next(line for line in lines if "name" in line and "text" in line)
    assert len(header.split()) <= 6  # a short list of columns, not every field
    assert "A level 8 flying" in out  # the text reads in whole words
    for name in GAMES:
        assert main(["cards", name]) == 0
        assert all(len(line.rstrip()) <= WIDTH for line in capsys.readouterr().out.splitlines()), name
    assert main(["cards", "spellfire", "--search", "dragon", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {"level2", "number", "world", "card_class", "bonus"} <= set(rows[0])  # every field in --json
