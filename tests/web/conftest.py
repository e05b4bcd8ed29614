"""Fixtures for the web app: an app with a temporary database, its test client, photos."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np
import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from web import create_app
from web.db import db


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    """The app with its saved results in a temporary SQLite file."""
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "referee.sqlite")})
    yield app
    with app.app_context():
        db.engine.dispose()  # close the pooled connections to the temporary file


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    return app.test_cli_runner()


@pytest.fixture(scope="session")
def jpeg_bytes() -> bytes:
    """A small, valid JPEG: a grey 60 x 80 picture."""
    ok, encoded = cv2.imencode(".jpg", np.full((60, 80, 3), 128, dtype=np.uint8))
    assert ok
    return encoded.tobytes()
