"""Reading a request: form fields or a JSON body alike, and uploaded photos in memory.

Every API route accepts its fields either as a form (``application/x-www-form-urlencoded``
or ``multipart/form-data``, needed for photos) or as a JSON object; :mod:`web.schemas`
validates them.  Photos are read into memory, decoded there and never written to disk.
"""

from __future__ import annotations

import io
import warnings
from typing import Any

import cv2
import numpy as np
from flask import current_app, request
from PIL import Image, ImageOps, UnidentifiedImageError

from web.errors import ApiError

__all__ = ["fields", "has_photo", "photo", "shrink"]


def fields() -> dict[str, Any]:
    """The request's fields: the JSON object if the body is JSON, else the form.

    Raises
    ------
    ApiError
        400 if the body claims to be JSON but is not a JSON object.
    """
    if request.is_json:
        data = request.get_json(silent=True)
        if not isinstance(data, dict):
            raise ApiError(400, "the request body is not a JSON object")
        return data
    # A field sent once is a value; sent again and again (``bonus``), a list.
    form = request.form.to_dict(flat=False)
    return {key: values if len(values) > 1 else values[0] for key, values in form.items()}


def has_photo(name: str) -> bool:
    """True if the request carries a non-empty file field ``name``."""
    upload = request.files.get(name)
    return upload is not None and bool(upload.filename or upload.content_length)


def photo(name: str, *, max_side: int | None = None) -> np.ndarray:
    """Decode the uploaded file ``name`` in memory.

    Parameters
    ----------
    name : str
        The form field.
    max_side : int or None, keyword-only
        Shrink the photo so its longer side is at most this many pixels.

    Returns
    -------
    image : (rows, cols, 3) ndarray of uint8
        BGR, EXIF orientation applied (``vision.decode.decode_image``).

    Raises
    ------
    ApiError
        400 if the field is missing; 415 if the file is not an image at all;
        422 if it is an image that cannot be decoded (truncated, too many pixels).
    """
    upload = request.files.get(name)
    if upload is None:
        raise ApiError(400, f"missing photo {name!r}")
    data = upload.read()
    label = upload.filename or name
    if not data:
        raise ApiError(415, f"{label}: the file is empty, not a photo")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as opened:
                kind = opened.format
    except UnidentifiedImageError:
        raise ApiError(415, f"{label}: not an image (send a JPEG, PNG or WebP photo)") from None
    except Image.DecompressionBombError:
        raise ApiError(422, f"{label}: the image has too many pixels to read safely") from None
    except Exception:  # Pillow raises assorted errors on damaged headers
        raise ApiError(422, f"{label}: the image cannot be read (damaged file?)") from None
    try:
        return _decode(
            data, max_pixels=int(current_app.config["MAX_PHOTO_PIXELS"]), max_side=max_side
        )
    except ValueError as error:
        raise ApiError(422, f"{label}: {kind or 'image'} cannot be read: {error}") from None


def _decode(data: bytes, *, max_pixels: int, max_side: int | None) -> np.ndarray:
    """``vision.decode.decode_image`` where installed, else the same steps done here."""
    try:
        from vision.decode import decode_image
    except ImportError:
        pass
    else:
        return decode_image(data, max_pixels=max_pixels, max_side=max_side)
    try:
        with Image.open(io.BytesIO(data)) as opened:
            cols, rows = opened.size
            if rows * cols > max_pixels:
                raise ValueError(
                    f"image is {cols}x{rows} pixels ({rows * cols / 1e6:.1f} megapixels), "
                    f"more than the {max_pixels / 1e6:g} megapixels accepted"
                )
            rgb = np.asarray(ImageOps.exif_transpose(opened).convert("RGB"))
    except (OSError, SyntaxError) as error:
        raise ValueError(f"cannot decode image: {error}") from None
    image = np.ascontiguousarray(rgb[:, :, ::-1])
    return image if max_side is None else shrink(image, max_side)


def shrink(image: np.ndarray, max_side: int) -> np.ndarray:
    """``image`` shrunk (area interpolation) so its longer side is at most ``max_side`` pixels.

    Parameters
    ----------
    image : (rows, cols, 3) ndarray of uint8
    max_side : int
        Pixels.

    Returns
    -------
    (rows', cols', 3) ndarray of uint8
        ``image`` itself when it is small enough (not copied), else a new array.
    """
    rows, cols = image.shape[:2]
    if max(rows, cols) <= max_side:
        return image
    scale = max_side / max(rows, cols)
    size = (max(1, round(cols * scale)), max(1, round(rows * scale)))  # (x, y) for cv2
    return cv2.resize(image, size, interpolation=cv2.INTER_AREA)
