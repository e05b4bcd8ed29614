"""Fixtures for the web app: an app with a temporary database, its test client, photos;
for the browser tests, the app served on a free port, headless Chromium and a page at a
phone's width (shared by ``test_browser.py`` and ``test_browser_newcomer.py``: test modules
cannot import each other under ``--import-mode=importlib``)."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from werkzeug.serving import make_server

from web import create_app
from web.db import db

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
PHONE_WIDTH = 360


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


def _missing(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI must run the browser tests: see .ci/run)")
    pytest.skip(reason)


def _chromium() -> str:
    found = os.environ.get("REFEREE_CHROMIUM") or shutil.which("chromium")
    if found is None:
        _missing("chromium is not installed (apt-get install -y chromium)")
    assert found is not None
    return found


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app served on a free port of 127.0.0.1 for the module's tests."""
    database = tmp_path_factory.mktemp("browser") / "referee.sqlite"
    app = create_app({"TESTING": True, "DATABASE": str(database)})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=10)
    with app.app_context():
        db.engine.dispose()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium (skipped outside CI where Chromium or Playwright is missing)."""
    executable = _chromium()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh page at a phone's width (360 px); fails on any script error. A module sets
    ``PAGE_HEIGHT`` and ``PAGE_TOUCH`` for another height or a touch screen."""
    height = getattr(request.module, "PAGE_HEIGHT", 800)
    touch = getattr(request.module, "PAGE_TOUCH", False)
    context = browser.new_context(
        viewport={"width": PHONE_WIDTH, "height": height}, has_touch=touch
    )
    context.set_default_timeout(15_000)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert not errors, f"script errors on the page: {errors}"
