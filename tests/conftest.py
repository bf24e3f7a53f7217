"""Shared test configuration: the ``rules`` marker names the catalog IDs a test checks."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "rules(*ids): catalog rule IDs this test checks")
