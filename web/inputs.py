"""Reading a request: form fields or a JSON body alike, and uploaded photos in memory.

Every API route accepts its fields either as a form (``application/x-www-form-urlencoded``
or ``multipart/form-data``, needed for photos) or as a JSON object; :mod:`web.schemas`
validates them.  Photos are read into memory, decoded there and never written to disk.
"""

from __future__ import annotations

import json
import re
import warnings
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
from flask import current_app, request
from PIL import Image

from vision.decode import (
    MAX_PHOTO_ASPECT,
    MIN_PHOTO_SIDE,
    FormatError,
    ImageError,
    decode_image,
    is_heif,
    open_image,
)
from web.errors import ApiError

__all__ = ["Longest", "fields", "given", "has_photo", "label", "photo", "photo_side", "too_long"]


#: The bodies read as a form (the others, unless JSON, are refused by :func:`fields`).
_FORM_TYPES = frozenset({"application/x-www-form-urlencoded", "multipart/form-data"})


def fields() -> dict[str, Any]:
    """The request's fields: the JSON object if the body is JSON, else the form.

    Raises
    ------
    ApiError
        400 if the body claims to be JSON but is empty, does not parse (naming the line
        and column, :func:`_refuse_unparsed_json`), is not a JSON object, or is nested too
        deeply for Python's parser to read, or holds a lone surrogate (named by its field);
        400 for a body that is neither JSON nor a form (``text/plain``: it held no fields).
    """
    if request.is_json:
        try:
            data = request.get_json(silent=True)
        except RecursionError:  # nested too deep for Python's parser
            # It was "not a JSON object" (newcomer, session 9): it may well be one.
            raise ApiError(
                400, "the request body is nested too deeply to read: send a JSON object of fields"
            ) from None
        if data is None:
            _refuse_unparsed_json()
        if not isinstance(data, dict):
            raise ApiError(400, "the request body is not a JSON object")
        _refuse_lone_surrogates(data)
        return data
    if request.mimetype not in _FORM_TYPES and request.get_data(cache=True):
        # A body neither JSON nor a form was read as no fields at all (session 11: text/plain
        # to /api/two-step/plays answered 200 "no lead"; routes with a required field 400).
        sent = f"sent as {request.mimetype}" if request.mimetype else "sent without a Content-Type"
        raise ApiError(
            400,
            f"the request body, {sent}, is neither JSON nor a form: send a JSON object "
            "(Content-Type: application/json) or form fields",
        )
    # A field sent once is a value; sent again and again (``bonus``), a list.
    form = request.form.to_dict(flat=False)
    return {key: values if len(values) > 1 else values[0] for key, values in form.items()}


def _refuse_unparsed_json() -> None:
    """Raise 400 naming where a JSON body stops parsing, if it does not parse (session 15:
    ``{bad json`` was "not a JSON object", with no word of where); a body that parses to
    ``null`` is left to the caller's "not a JSON object".

    Raises
    ------
    ApiError
        400: "the request body is not valid JSON: <why> at line L, column C".
    """
    body = request.get_data(cache=True)
    if not body.strip():
        raise ApiError(400, "the request body is empty: send a JSON object of fields")
    try:
        json.loads(body)
    except json.JSONDecodeError as error:
        raise ApiError(
            400,
            f"the request body is not valid JSON: {error.msg} at line {error.lineno}, "
            f"column {error.colno}",
        ) from None
    except UnicodeDecodeError:
        raise ApiError(400, "the request body is not valid JSON: it is not UTF-8 text") from None
    except (ValueError, RecursionError):
        return


#: A UTF-16 surrogate left alone: JSON's ``"\\ud800"`` escape without its pair decodes
#: to one (a pair decodes to the character it stands for); it is no character, cannot be
#: written as UTF-8 and was a 500 when a result was saved (session 11).
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _surrogate_in(value: Any) -> re.Match[str] | None:
    """The first lone surrogate in ``value`` (a JSON value: any text in it, keys too)."""
    if isinstance(value, str):
        return _LONE_SURROGATE.search(value)
    if isinstance(value, dict):
        items = [*value.keys(), *value.values()]
    elif isinstance(value, list):
        items = value
    else:
        return None
    for item in items:
        found = _surrogate_in(item)
        if found:
            return found
    return None


def _refuse_lone_surrogates(data: dict[str, Any]) -> None:
    """400 naming the first field of a JSON body whose text holds a lone surrogate (and
    where, for a text field), for every route alike: the engines, the database and the
    answers all want text that UTF-8 can write."""
    for name, value in data.items():
        found = _LONE_SURROGATE.search(name)
        if found:
            code = f"U+{ord(found.group()):04X}"
            raise ApiError(400, f"a field name holds a lone surrogate ({code}), which is not text")
        found = _surrogate_in(value)
        if found:
            code = f"U+{ord(found.group()):04X}"
            where = f" at character {found.start() + 1}" if isinstance(value, str) else ""
            raise ApiError(
                400,
                f"field {name!r}: a lone surrogate ({code}){where}, which is not text: "
                "send the text as UTF-8",
            )


def given(name: str, *, longest: Longest | None = None) -> str | None:
    """A page's address field ``name`` (``?position=...``: what a saved result's page link
    fills in, session 13), stripped; None when absent or blank. The page checks it as if
    typed, so it is passed on as text, not read here.

    Raises
    ------
    ApiError
        400 for a value longer than ``longest`` allows (:func:`too_long`; session 14: a
        link of 50 kB reached the page and was written into it whole).
    """
    value = request.args.get(name, "").strip() or None
    if value is not None and longest is not None:
        refused = too_long(value, longest)
        if refused:
            verb = "are" if name.endswith("s") else "is"  # "the hands ... are"
            words = re.sub(r"(\D)(\d+)$", r"\1 \2", name)  # "kingdom 2", as the page says
            raise ApiError(400, f"the {words} in the address {verb} {refused}: check the link")
    return value


class Longest(NamedTuple):
    """The longest legal value of a notation, and how to tell a legal one written loosely.

    Attributes
    ----------
    characters : int
        The longest legal value written as the engine writes it.
    what : str
        What it is, in words: ``"Domineering position"``.
    reads : callable
        Parses a value, raising ``ValueError`` when it is no legal one.
    """

    characters: int
    what: str
    reads: Callable[[str], object]


def too_long(value: str, longest: Longest) -> str | None:
    """Why ``value`` is refused as longer than any legal one (``"80 characters long, longer
    than any legal Domineering position (73 at most)"``), or None when it is not.

    A value longer than ``longest.characters`` is refused unless it reads as a legal one
    written loosely (spaces, a line a row, another dash): those are the player's, and the
    engine's own writing of them is within the bound. The length is said, not the value.
    """
    if len(value) <= longest.characters:
        return None
    try:
        longest.reads(value)
    except ValueError:
        return (
            f"{len(value):,} characters long, longer than any legal {longest.what} "
            f"({longest.characters} at most)"
        )
    return None


def _match_target(text: str) -> int:
    """A match's target in points, 1 to 99,999; raises ``ValueError`` for any other."""
    value = int(text)
    if not 0 < value < 100_000:
        raise ValueError(f"target {value} is not 1 to 99,999 points")
    return value


#: A match's target in a page's address (``?target=100``): 5 digits at most (session 15:
#: a 5,000-digit target reached the page and was written into it).
LONGEST_TARGET = Longest(5, "match target", _match_target)


def label(name: str) -> str:
    """The uploaded file ``name`` as errors name it: its file name, else the field."""
    upload = request.files.get(name)
    return (upload.filename if upload is not None else None) or name


def has_photo(name: str) -> bool:
    """True if the request carries a non-empty file field ``name``."""
    upload = request.files.get(name)
    return upload is not None and bool(upload.filename or upload.content_length)


def photo(name: str, *, max_side: int | None = None, draft_side: int | None = None) -> np.ndarray:
    """Decode the uploaded file ``name`` in memory.

    Parameters
    ----------
    name : str
        The form field.
    max_side : int or None, keyword-only
        Shrink the photo so its longer side is at most this many pixels.
    draft_side : int or None, keyword-only
        Decode a JPEG at its least fast reduced scale still this long (see
        ``vision.decode.decode_image``); :func:`photo_side` gives the size sent.

    Returns
    -------
    image : (rows, cols, 3) ndarray of uint8
        BGR, EXIF orientation applied (``vision.decode.decode_image``).

    Raises
    ------
    ApiError
        400 if the field is missing; 415 if the file is not a photo Referee reads: not
        an image, another format than JPEG, PNG or WebP (named), or a palette or one-bit
        picture (``vision.decode.open_image``); 422 if it is an image that cannot be
        decoded (truncated, too many pixels) or cannot show a game (a side under
        ``MIN_PHOTO_SIDE`` pixels, or a strip more than ``MAX_PHOTO_ASPECT`` times as
        long as wide).
    """
    upload = request.files.get(name)
    if upload is None:
        raise ApiError(400, f"missing photo {name!r}")
    data = upload.read()
    label = upload.filename or name  # as label(name) gives it
    if not data:
        raise ApiError(415, f"{label}: the file is empty, not a photo")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with open_image(data) as opened:
                kind = opened.format
                cols, rows = opened.size
    except FormatError as error:
        if is_heif(data):
            raise ApiError(
                415,
                f"{label}: an HEIC photo, which Referee cannot read: send it as JPEG (on an "
                "iPhone: Settings > Camera > Formats > Most Compatible)",
            ) from None
        raise ApiError(415, f"{label}: {error}") from None
    except Image.DecompressionBombError:
        raise ApiError(422, f"{label}: the image has too many pixels to read safely") from None
    except ImageError as error:
        # The decoder says what is wrong (session 11: a PNG or JPEG cut short inside its
        # header is said cut short, vision.decode since c088dd4; the web said only
        # "the image cannot be read (damaged file?)").
        raise ApiError(422, f"{label}: {error}") from None
    except Exception:  # Pillow raises assorted errors on damaged headers
        raise ApiError(422, f"{label}: the image cannot be read (damaged file?)") from None
    if min(rows, cols) < MIN_PHOTO_SIDE or max(rows, cols) > MAX_PHOTO_ASPECT * min(rows, cols):
        raise ApiError(
            422,
            f"{label}: the photo is {cols}x{rows} pixels, too small or too narrow to show the "
            f"game (at least {MIN_PHOTO_SIDE} pixels a side, at most {MAX_PHOTO_ASPECT} times "
            "as long as wide); send the photo as taken",
        )
    try:
        return decode_image(
            data,
            max_pixels=int(current_app.config["MAX_PHOTO_PIXELS"]),
            max_side=max_side,
            draft_side=draft_side,
        )
    except ValueError as error:
        raise ApiError(422, f"{label}: {kind or 'image'} cannot be read: {error}") from None


def photo_side(name: str) -> int:
    """The longer side, in pixels, of the uploaded photo ``name`` as sent (its header).

    For a photo decoded smaller by :func:`photo` (``draft_side``): what is found in it is
    given back in the pixels of the photo sent.  Call it after :func:`photo`.
    """
    upload = request.files[name]
    upload.stream.seek(0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        with Image.open(upload.stream) as opened:
            return max(opened.size)
