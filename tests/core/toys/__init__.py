"""Small but real games that exercise one part of the core each, through the public API.

* :mod:`.roles` -- two roles with their own decks and action points;
* :mod:`.pause` -- SPELLFIRE's event pause: one action each, clockwise from the player who played the event
  (negate, calm or pass), with a negation fought inside it as a nested pause;
* :mod:`.combat` -- a combat round in which only the losing side may play cards while any player may
  still play an event (which opens a pause inside the round).
"""
