"""Pickling the environments' classes the same way whether they run from source or compiled: a compiled
class keeps its attributes in slots of its own rather than a ``__dict__``, and lists them in
``__mypyc_attrs__``.

Pickle makes an object with ``cls.__new__(cls)`` and then sets its state. A compiled class's ``__new__`` runs
``__init__`` too (which wants arguments) unless the class allows interpreted subclasses, so every class of
the compiled modules of this package that a pickled environment holds is declared
``@mypyc_attr(allow_interpreted_subclasses=True)``; what an environment works out per seat (its table's
locations, its last observations: ``Interface._seats``) is left out of the pickle and made again.
(``serializable=True`` would do the first, but mypyc 2.4 then leaves ``__init__`` out of a plain call
``Cls(...)`` as well.)"""

from __future__ import annotations

from typing import Any


def attributes(obj: object) -> dict[str, Any]:
    """``obj``'s attributes by name (those set), from its ``__dict__`` or, compiled, its attribute slots."""
    own = getattr(obj, "__dict__", None)
    if own is not None:
        return dict(own)
    out: dict[str, Any] = {}
    for name in getattr(type(obj), "__mypyc_attrs__", ()):
        if name != "__dict__" and hasattr(obj, name):
            out[name] = getattr(obj, name)
    return out


def restore(obj: object, data: dict[str, Any]) -> None:
    """Set ``obj``'s attributes from ``data`` (what ``attributes`` gave, perhaps changed)."""
    for name, value in data.items():
        setattr(obj, name, value)
