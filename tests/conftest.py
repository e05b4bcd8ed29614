"""Fixtures shared by every test folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from vision.datasets import data_root


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """``../shared/data`` (or ``$REFEREE_DATA``); skips the test where it is absent."""
    root = data_root()
    if root is None:
        pytest.skip("real labelled photos not found: set REFEREE_DATA or add ../shared/data")
    return root
