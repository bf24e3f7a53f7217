"""``python -m spellforge.cli``: the ``spellforge`` command."""

from __future__ import annotations

import sys

from spellforge.cli import main

sys.exit(main())
