"""``spellforge serve``: the web server (REST, WebSocket, game store) and the browser client.

Needs the ``[web]`` extra (``pip install 'spellforge[web]'``); nothing in core or the games imports it.
"""

from __future__ import annotations
