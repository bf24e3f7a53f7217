"""The small family of errors Spellforge raises. All are ``ValueError`` subclasses."""

from __future__ import annotations


class SpellforgeError(ValueError):
    """Base class of every error the engine raises on bad input."""


class IllegalActionError(SpellforgeError):
    """An action that is not legal at this decision point. The state is unchanged."""


class CardDataError(SpellforgeError):
    """A card file that does not validate: the message names the file, the card and the field."""


class DeckError(SpellforgeError):
    """A deck list that breaks construction rules; ``problems`` lists every violation."""

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        self.problems = list(problems or [])
        if self.problems:
            message = message + "\n" + "\n".join(f"  - {p}" for p in self.problems)
        super().__init__(message)


class UnknownNameError(SpellforgeError):
    """An unknown game, bot, card, deck or option; the message lists the known names."""


class RecordError(SpellforgeError):
    """A saved game or replay record that cannot be read or does not replay."""


class ScenarioError(SpellforgeError):
    """A position for a test or a doc (``core.scenario``) that names an unknown card, zone, option, phase or
    seat, or a bad option value; the message says what is wrong and where."""
