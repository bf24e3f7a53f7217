"""Whether the engine runs compiled, and how to run a compiled build from source.

``tools/compile.py`` builds the engine with mypyc into a directory of its own: each compiled module's
extension sits beside its ``.py`` file, and Python imports the extension first. ``is_compiled()`` says
which ran (``spellforge --version`` and ``spellforge bench`` report it). With ``SPELLFORGE_PURE=1`` in the
environment, the package's modules are found by their ``.py`` files alone, passing over the extensions:
the same build runs from source. The package imports this module before any other of its own.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from importlib.machinery import SOURCE_SUFFIXES, FileFinder, ModuleSpec, SourceFileLoader

PACKAGE = __name__.rpartition(".")[0]
PURE = os.environ.get("SPELLFORGE_PURE", "") not in ("", "0")


class SourceOnly:
    """A finder of the package's modules by their ``.py`` files (first on ``sys.meta_path``)."""

    @staticmethod
    def find_spec(name: str, path: Sequence[str] | None = None, target: object = None) -> ModuleSpec | None:
        if not name.startswith(PACKAGE + ".") or not path:
            return None
        for entry in path:
            spec = FileFinder(entry, (SourceFileLoader, SOURCE_SUFFIXES)).find_spec(name)
            if spec is not None:
                return spec
        return None


if PURE and not any(isinstance(f, SourceOnly) for f in sys.meta_path):
    sys.meta_path.insert(0, SourceOnly())


def is_compiled() -> bool:
    """Whether the engine's modules are mypyc's extensions (else they run from their ``.py`` files)."""
    from .core import state

    return not (state.__file__ or "").endswith(".py")
