"""Errors as the player sees them: JSON ``{"error": ...}`` on the API, a page elsewhere.

Status codes (issue #6):

* 400: a malformed request or notation (:class:`referee.errors.NotationError`);
* 413: an upload over ``MAX_CONTENT_LENGTH``;
* 415: an uploaded file that is not a photo Referee reads: not an image, another format
  than JPEG, PNG or WebP (named), or a palette / one-bit picture (``vision.decode``);
* 422: an image we cannot read, or an impossible position (any other ``ValueError``
  from the engines: an impossible position, a tile in two hands, ...).

No traceback ever reaches a page: anything unexpected is logged and answered 500
with a short message.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, jsonify, render_template, request
from werkzeug.exceptions import HTTPException, MethodNotAllowed, NotFound

from referee.errors import NotationError

__all__ = ["ApiError", "init_app", "status_for", "wants_json"]


class ApiError(Exception):
    """An answer that is an error: HTTP ``status``, a message, and optional extra keys.

    Parameters
    ----------
    status : int
        HTTP status (400, 413, 415, 422).
    message : str
        What is wrong and where, for the player.
    extra : dict, optional
        More keys for the JSON answer (e.g. what a photo showed before it was found
        impossible), so the page can let the player correct it.
    """

    def __init__(self, status: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.extra = extra


def status_for(error: ValueError) -> int:
    """400 for a malformed notation, 422 for any other bad input (impossible, illegal)."""
    return 400 if isinstance(error, NotationError) else 422


_TITLES = {
    400: "That does not look right",
    404: "Page not found",
    405: "Not allowed here",
    413: "That file is too large",
    415: "That is not a photo",
    422: "We could not use that",
    500: "Something went wrong",
}


def wants_json() -> bool:
    """JSON or a page?  By the ``Accept`` header; on a tie, JSON under ``/api/``.

    ``fetch`` from our pages and curl (``*/*``) get JSON from the API; a browser
    that submits a form (``text/html`` first) gets a page.
    """
    accept = request.accept_mimetypes
    as_json, as_html = accept["application/json"], accept["text/html"]
    if as_json != as_html:
        return as_json > as_html
    return request.path.startswith("/api/")


def _answer(status: int, message: str, extra: dict[str, Any] | None = None) -> Response:
    if wants_json():
        payload: dict[str, Any] = {"error": message}
        payload.update(extra or {})
        response = jsonify(payload)
    else:
        title = _TITLES.get(status, "Something went wrong")
        response = Response(render_template("error.html", title=title, message=message))
    response.status_code = status
    return response


def _too_large_message(app: Flask) -> str:
    limit = app.config.get("MAX_CONTENT_LENGTH") or 0
    length = request.content_length
    if length is not None and limit and length <= limit:
        # Under the upload limit, yet refused: a text field over MAX_FORM_MEMORY_SIZE
        # (or more fields than MAX_FORM_PARTS), not a photo.
        field_limit = request.max_form_memory_size or 0
        return (
            f"a text field is larger than the {field_limit / 1000:g} kB accepted, or the form "
            "has too many fields; send photos as files and positions as short notations"
        )
    megabytes = limit / 1024 / 1024
    return f"the upload is larger than the {megabytes:g} MB accepted; send a smaller photo"


def _http_message(error: HTTPException) -> str:
    """Werkzeug's generic 404 and 405 texts, said for this request (what, where)."""
    if isinstance(error, NotFound) and error.description == NotFound.description:
        what = "API route" if request.path.startswith("/api/") else "page"
        return f"there is no {what} at {request.path}"
    if isinstance(error, MethodNotAllowed) and error.description == MethodNotAllowed.description:
        allowed = [m for m in error.valid_methods or () if m not in ("HEAD", "OPTIONS")]
        use = f": use {' or '.join(sorted(allowed))}" if allowed else ""
        return f"{request.method} is not allowed on {request.path}{use}"
    status = error.code or 500
    return error.description or _TITLES.get(status, "error")


def init_app(app: Flask) -> None:
    """Register the error handlers on ``app``."""

    @app.errorhandler(ApiError)
    def api_error(error: ApiError) -> Response:
        return _answer(error.status, error.message, error.extra)

    @app.errorhandler(413)
    def too_large(error: HTTPException) -> Response:
        return _answer(413, _too_large_message(app))

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> Response:
        response = _answer(error.code or 500, _http_message(error))
        if isinstance(error, MethodNotAllowed) and error.valid_methods:
            response.headers["Allow"] = ", ".join(error.valid_methods)
        return response

    @app.errorhandler(Exception)
    def unexpected(error: Exception) -> Response:
        app.logger.exception("unexpected error on %s", request.path)
        return _answer(500, "something went wrong on our side; please try again")
