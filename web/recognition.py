"""The photo readers of :mod:`vision`, seen from the web app.

Each reader takes a decoded photo (BGR uint8, in memory) and returns plain data for
the JSON answer plus the annotated picture as a data URL.  A photo the reader cannot
use is answered 422 with what went wrong, never a traceback.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np
from flask import current_app

from referee import domineering as engine
from referee.dominoes import Tile
from vision.decode import downscale
from vision.domineering import GridNotFoundError, ImpossibleSheetError, analyze_photo
from vision.dominoes import read_dominoes
from vision.dominoes import render_overlay as draw_tiles
from vision.kingdomino import NoKingdomError
from vision.kingdomino import read_kingdom as read_kingdom_photo
from vision.kingdomino.overlay import render_overlay as draw_kingdom
from vision.kingdomino.pipeline import DRAFT_SIDE as KINGDOM_DRAFT_SIDE
from vision.kingdomino.pipeline import working_frame
from web.errors import ApiError

__all__ = [
    "KINGDOM_DRAFT_SIDE",
    "NO_TILES",
    "KingdomPhoto",
    "named",
    "overlay_url",
    "read_kingdom",
    "read_sheet",
    "read_tiles",
]

#: The answer to a photo of tiles in which none is found.
NO_TILES = (
    "no domino tile found in the photo: lay the tiles face up, apart, and photograph them "
    "from above"
)


def overlay_url(image: np.ndarray) -> str:
    """Encode an annotated picture as a JPEG data URL, at most ``OVERLAY_MAX_SIDE`` pixels.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8
        BGR.
    """
    small = downscale(image, int(current_app.config["OVERLAY_MAX_SIDE"]))
    ok, encoded = cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, 85])
    if not ok:  # pragma: no cover - cv2 encodes any BGR uint8 array
        raise ApiError(500, "could not draw the annotated picture")
    return "data:image/jpeg;base64," + base64.b64encode(encoded.tobytes()).decode("ascii")


@dataclass(frozen=True)
class KingdomPhoto:
    """A kingdom read from a photo.

    Attributes
    ----------
    kingdom : referee.kingdomino.Kingdom
    seen : dict
        ``confidence`` (rows x cols floats, 0..1), ``unsure`` (rows x cols bools: the
        squares the warnings call unsure, which the page marks), ``corners`` (tl, tr,
        br, bl as [x, y] pixels) and ``warnings`` (list of str).
    draw : callable
        ``draw(score) -> str``: the annotated photo (grid, terrains, crowns, domains
        with their points) as a data URL, for the :class:`referee.kingdomino.Score`
        of the kingdom.
    """

    kingdom: Any
    seen: dict[str, Any]
    draw: Callable[[Any], str]


def _seen(reading: Any, factor: float = 1.0) -> dict[str, Any]:
    """A grid reading's ``confidence`` (rows x cols, 0..1, 3 decimals), ``corners`` (tl,
    tr, br, bl as [x, y] pixels, 1 decimal, times ``factor``: photo pixels per pixel
    read) and ``warnings``, as plain JSON data."""
    corners = np.asarray(reading.corners, dtype=np.float64) * factor
    return {
        "confidence": [[round(float(value), 3) for value in row] for row in reading.confidence],
        "corners": [[round(float(x), 1), round(float(y), 1)] for x, y in corners],
        "warnings": list(reading.warnings),
    }


def named(message: str, label: str | None) -> str:
    """A reader's refusal of the photo led by the file's name, as :func:`web.inputs.photo`'s
    refusals of a photo are: its size ("small.jpg: the photo is 112x150 pixels: too small
    ...", session 11) and, session 12, what it does not show ("hand-2.jpg: no domino tile
    found in the photo: ..."): a page reading several photos (the Cross round's seats, the
    compare's kingdoms) says which one was refused, as it did for a file it could not
    decode.  Without ``label`` (or already led by it), ``message`` as it is.

    >>> named("no kingdom found in the photo", "k.jpg")
    'k.jpg: no kingdom found in the photo'
    """
    if not label or message.startswith(f"{label}: "):
        return message
    return f"{label}: {message}"


def read_kingdom(
    image: np.ndarray, *, photo_side: int | None = None, label: str | None = None
) -> KingdomPhoto:
    """Read a kingdom from a photo (``vision.kingdomino.read_kingdom``).

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8
        BGR, as decoded by :func:`web.inputs.photo` with ``draft_side=KINGDOM_DRAFT_SIDE``
        (then shrunk as the CLI does: ``vision.kingdomino.pipeline.working_frame``).
    photo_side : int or None, keyword-only
        The longer side of the photo as sent, pixels, when ``image`` was decoded
        smaller: ``corners`` are then given in the sent photo's pixels, as the CLI
        gives them.
    label : str or None, keyword-only
        The file's name (:func:`web.inputs.label`), said before a refusal of the photo.

    Raises
    ------
    ApiError
        422 if no kingdom is found (the reader's own message: what is missing, how
        to take the photo), or if the photo has no colour.
    """
    image = working_frame(image)
    try:
        reading = read_kingdom_photo(image)
    except NoKingdomError as error:  # says why, and how to take the photo
        raise ApiError(422, named(str(error), label)) from None
    except ValueError as error:
        raise ApiError(
            422, named(f"no kingdom could be read from the photo: {error}", label)
        ) from None
    factor = 1.0 if photo_side is None else photo_side / max(image.shape[:2])
    seen = _seen(reading, factor)
    seen["unsure"] = [[bool(value) for value in row] for row in reading.unsure]
    return KingdomPhoto(
        reading.kingdom,
        seen,
        # The picture cut to the kingdom (a tenth of its side around it): on a phone a
        # kingdom filling a small part of the photo is shown as large as it can be.
        lambda result: overlay_url(draw_kingdom(image, reading, result, crop=0.1)),
    )


def _sheet_seen(reading: Any, overlay: Any) -> dict[str, Any]:
    """What a sheet reading shows the player: cells, confidences, corners, warnings, and
    how sure the orientation is (0..1, as the CLI's ``orientation_confidence``)."""
    seen = {"cells": ["".join(row) for row in reading.cells], **_seen(reading)}
    seen["orientation_confidence"] = round(float(reading.orientation_confidence), 3)
    if isinstance(overlay, np.ndarray):
        seen["overlay"] = overlay_url(overlay)
    return seen


def read_sheet(
    image: np.ndarray, *, first: str = "H", either: bool = False, label: str | None = None
) -> dict[str, Any]:
    """Read a Domineering sheet from a photo (``vision.domineering.analyze_photo``).

    With ``either``, a sheet impossible with ``first`` starting but possible with the
    other side starting (V has one pair more: only V starting reaches it) is answered for
    the other side, from the same reading: the photo is read once (session 11: the page
    sent it twice, the first answered 422).

    Returns
    -------
    dict
        ``cells`` (rows of ``.HV#`` as read), ``confidence`` (rows x cols floats,
        0..1), ``corners`` (tl, tr, br, bl as [x, y] pixels), ``warnings`` and
        ``overlay`` (data URL: the grid, the pairs read, the legal pairs as ghosts),
        ``first`` (who started, as answered).

    Raises
    ------
    ApiError
        422 if no grid is found (a photo too small: led by ``label``, the file's name),
        or if the sheet as read is impossible: then with
        what was seen (``cells``, ``confidence``, ``overlay``) so that the player
        can correct it.
    """
    try:
        try:
            result = analyze_photo(image, first=first, overlay=True)
        except ImpossibleSheetError as error:
            other = "V" if first == "H" else "H"
            cells = tuple(tuple(row) for row in error.reading.cells)
            if not either or engine.problems(engine.Position(cells, other)):  # type: ignore[arg-type]
                raise
            result = analyze_photo(image, first=other, overlay=True, reading=error.reading)
            first = other
    except ValueError as error:
        reading = getattr(error, "reading", None)
        if reading is not None:
            seen = _sheet_seen(reading, getattr(error, "overlay", None))
            raise ApiError(422, named(str(error), label), **seen) from None
        if isinstance(error, GridNotFoundError):  # says why, and how to take the photo
            raise ApiError(422, named(str(error), label)) from None
        message = f"no Domineering grid could be read from the photo: {error}"
        raise ApiError(422, named(message, label)) from None
    return {**_sheet_seen(result.reading, result.overlay), "first": first}


def read_tiles(
    image: np.ndarray,
    *,
    max_pips: int = 6,
    photo_side: int | None = None,
    label: str | None = None,
) -> dict[str, Any]:
    """Read the domino tiles in a photo (``vision.dominoes.read_dominoes``).

    ``photo_side``: the longer side of the photo as sent, pixels, when ``image`` was
    decoded smaller (``vision.dominoes.decode_side``): corners are then its pixels.
    ``label``: the file's name (:func:`web.inputs.label`), said before a refusal.

    Returns
    -------
    dict
        The CLI's JSON: ``tiles`` (``[{"pips", "corners", "confidence"}]``), ``total``,
        ``warnings``; plus ``hand`` (the tiles as :class:`~referee.dominoes.Tile`) and
        ``overlay`` (data URL).

    Raises
    ------
    ApiError
        422 if the photo cannot be read, or shows no tile (with ``overlay``).
    """
    try:
        reading = read_dominoes(image, max_pips=max_pips)
    except ValueError as error:
        message = f"no domino tiles could be read from the photo: {error}"
        raise ApiError(422, named(message, label)) from None
    overlay = overlay_url(draw_tiles(image, reading))
    if not reading.tiles:
        # Never an empty hand: in Cross that would be the player who went out.
        raise ApiError(422, named(NO_TILES, label), overlay=overlay)
    factor = 1.0 if photo_side is None else photo_side / max(image.shape[:2])
    answer: dict[str, Any] = reading.scaled(factor).to_json()
    answer["hand"] = [Tile(*tile.pips) for tile in reading.tiles]
    answer["overlay"] = overlay
    return answer
