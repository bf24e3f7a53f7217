"""Shared test configuration: the ``rules`` marker names the catalog IDs a test checks; a test marked
``interpreted_only(reason)`` is skipped, with its reason, when the engine runs compiled (it reads what only
Python code has: an object's ``__slots__`` or docstring, ABC's abstract-method check), and runs from source."""

from __future__ import annotations

import pytest

from spellforge.compiled import is_compiled


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "rules(*ids): catalog rule IDs this test checks")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not is_compiled():
        return
    for item in items:
        marker = item.get_closest_marker("interpreted_only")
        if marker is not None:
            reason = marker.args[0] if marker.args else "it needs the engine to run from source"
            item.add_marker(pytest.mark.skip(reason=f"the engine is compiled: {reason}"))
