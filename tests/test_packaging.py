"""Installing the project: setuptools reads our ``pyproject.toml`` without a warning (a first
``pip install -e .`` in a fresh virtual environment prints none from our own configuration)."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def test_setuptools_reads_pyproject_without_a_warning() -> None:
    pyprojecttoml = pytest.importorskip("setuptools.config.pyprojecttoml")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a deprecated field (a license table, say) fails here
        config = pyprojecttoml.read_configuration(PYPROJECT)
    assert config["project"]["name"] == "spellforge"
    assert config["project"]["license"] == "MIT"
