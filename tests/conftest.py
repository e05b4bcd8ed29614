"""Fixtures shared by every test folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

from vision.datasets import data_root

# Property tests check values, never time: Hypothesis' default 200 ms deadline per example
# turned a loaded machine (CI beside other jobs) into a "Flaky" failure of a test whose
# every example was right (tests/referee/test_kingdomino.py, session 7). Speed is measured
# by benchmarks/ instead.
settings.register_profile("referee", deadline=None)
settings.load_profile("referee")


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """``../shared/data`` (or ``$REFEREE_DATA``); skips the test where it is absent."""
    root = data_root()
    if root is None:
        pytest.skip("real labelled photos not found: set REFEREE_DATA or add ../shared/data")
    return root
