"""Decode a photo into a BGR uint8 array at a bounded resolution.

Shared by every recognition pipeline (``vision/kingdomino``, the domino pip reader):
EXIF orientation is applied once, here, so later stages see the photo the way
the player took it; non-images and images over 40 megapixels are refused with
:class:`ImageError` before any pixel buffer is allocated.
"""

from __future__ import annotations

import io
import math
import re
import warnings
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, UnidentifiedImageError

__all__ = [
    "DEFAULT_MAX_PIXELS",
    "MAX_PHOTO_ASPECT",
    "MIN_PHOTO_SIDE",
    "ImageError",
    "decode_image",
    "downscale",
    "is_heif",
    "read_image",
]

#: Largest photo accepted, in pixels (rows x cols), before decoding.
DEFAULT_MAX_PIXELS = 40_000_000
#: Shortest side, in pixels, of a photo that can show a game (a board, a sheet, tiles); the
#: web app and `referee dominoes count` refuse a smaller one (a kingdom needs 40: its reader
#: checks that itself).
MIN_PHOTO_SIDE = 32
#: Largest ratio of a photo's longer side to its shorter side (phone panoramas are ~4).
MAX_PHOTO_ASPECT = 10


#: Brands of the HEIF family (iPhone photos), bytes 8-12 of the file after "ftyp".
_HEIF_BRANDS = frozenset({b"heic", b"heix", b"hevc", b"hevx", b"heim", b"heis", b"mif1", b"msf1"})


class ImageError(ValueError):
    """Bytes that are not a usable photo: not an image, truncated, or too large."""


def is_heif(data: bytes) -> bool:
    """True if ``data`` starts like an HEIC / HEIF photo (an iPhone's default format).

    Pillow cannot decode these without a plug-in; callers name the format so the player
    knows to send a JPEG instead of being told the photo is "not an image".
    """
    return data[4:8] == b"ftyp" and data[8:12] in _HEIF_BRANDS


def decode_image(
    data: bytes,
    *,
    max_pixels: int = DEFAULT_MAX_PIXELS,
    max_side: int | None = None,
    draft_side: int | None = None,
) -> np.ndarray:
    """Decode an encoded photo (JPEG, PNG, ...) into a BGR image, EXIF orientation applied.

    Parameters
    ----------
    data : bytes
        The encoded file's contents.
    max_pixels : int, keyword-only
        Refuse images with more pixels (rows x cols) than this; checked from the
        header, before the pixels are decoded (also guards Pillow's decompression bomb).
    max_side : int or None, keyword-only
        If given, shrink the result (area interpolation) so that its longer side is
        at most this many pixels.
    draft_side : int or None, keyword-only
        If given, a JPEG is decoded at the smallest of its fast reduced scales (1/2,
        1/4, 1/8: Pillow's draft mode) whose longer side is still at least this many
        pixels, and not resized further (other formats: full size).  The photo's own
        pixels are then about ``photo side / result side`` result pixels.

    Returns
    -------
    image : (rows, cols, 3) ndarray of uint8
        BGR, as OpenCV reads it, rotated/flipped as the EXIF orientation says.

    Raises
    ------
    ImageError
        If ``data`` is empty, not an image Pillow can read (an HEIC photo is named as
        such), truncated, or larger than ``max_pixels``.
    """
    if not data:
        raise ImageError("empty file: not an image")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as opened:
                cols, rows = opened.size
                if rows * cols > max_pixels:
                    raise ImageError(
                        f"image is {cols}x{rows} pixels ({rows * cols / 1e6:.1f} megapixels), "
                        f"more than the {max_pixels / 1e6:g} megapixels accepted"
                    )
                if max_side is not None and max(rows, cols) > max_side:
                    # JPEG draft mode decodes at 1/2, 1/4 or 1/8 scale, never below the
                    # size asked for: much faster on phone photos.  Ask for the size the
                    # downscale below makes (aspect kept), so a 4:3 photo gets it too.
                    scale = max_side / max(rows, cols)
                    opened.draft("RGB", (math.ceil(cols * scale), math.ceil(rows * scale)))
                elif draft_side is not None and max(rows, cols) > draft_side:
                    scale = draft_side / max(rows, cols)
                    opened.draft("RGB", (math.ceil(cols * scale), math.ceil(rows * scale)))
                orientation = int(opened.getexif().get(_ORIENTATION_TAG, 1))
                bgr = _jpeg_by_opencv(data, opened, cols)
                if bgr is None:
                    bgr = cv2.cvtColor(_to_rgb(opened), cv2.COLOR_RGB2BGR)
    except ImageError:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as error:
        # Pillow refuses a huge header (a small file may claim 20000x20000) before our
        # own check can read the size: name the size from its message.
        found = re.search(r"\((\d+) pixels\)", str(error))
        size = f"{int(found.group(1)) / 1e6:.1f} megapixels" if found else "too many pixels"
        raise ImageError(
            f"image is {size}, more than the {max_pixels / 1e6:g} megapixels accepted"
        ) from None
    except UnidentifiedImageError:
        if is_heif(data):
            raise ImageError(
                "an HEIC photo, which Referee cannot read: send or save it as JPEG"
            ) from None
        raise ImageError("not an image") from None
    except (OSError, SyntaxError, ValueError) as error:
        if "truncated" in str(error):
            # Pillow's "image file is truncated (8 bytes not processed)" counts the bytes
            # left in its buffer, not those missing: say what it means instead.
            raise ImageError(
                "cannot decode image: the file is cut short (truncated): send the whole photo"
            ) from None
        raise ImageError(f"cannot decode image: {error}") from None
    # Orientation with OpenCV: the same pixels as Pillow's ImageOps.exif_transpose on
    # the RGB image, a third faster on a 12 MP photo.
    image = _upright(bgr, orientation)
    if max_side is not None:
        image = downscale(image, max_side)
    return image


_ORIENTATION_TAG = 0x0112

#: OpenCV's decode flags for a JPEG decoded at 1/1, 1/2, 1/4 and 1/8 scale (EXIF left to us).
_OPENCV_SCALES = {
    1: cv2.IMREAD_COLOR | cv2.IMREAD_IGNORE_ORIENTATION,
    2: cv2.IMREAD_REDUCED_COLOR_2 | cv2.IMREAD_IGNORE_ORIENTATION,
    4: cv2.IMREAD_REDUCED_COLOR_4 | cv2.IMREAD_IGNORE_ORIENTATION,
    8: cv2.IMREAD_REDUCED_COLOR_8 | cv2.IMREAD_IGNORE_ORIENTATION,
}


def _jpeg_by_opencv(data: bytes, opened: Image.Image, cols: int) -> np.ndarray | None:
    """A complete colour or grey JPEG decoded by OpenCV at the scale Pillow's draft chose.

    The same libjpeg-turbo decoding as Pillow's (the same pixels, checked by a test), as
    BGR straight away: no RGB copy, no ``tobytes`` copy, no channel swap (about 10 ms on
    a 12-megapixel photo).  None for anything else (PNG, CMYK, a file cut short or with a
    stray marker in a scan, whatever OpenCV declines): Pillow decodes those, and refuses a
    truncated or damaged file as before.
    """
    if opened.format != "JPEG" or opened.mode not in ("RGB", "L"):
        return None
    if not _jpeg_intact(data):
        # Cut short, or bytes in a scan that make a stray marker: OpenCV's libjpeg decodes
        # those as best it can (a warning on stderr, garbage pixels); Pillow refuses them.
        return None
    width, height = opened.size
    flag = _OPENCV_SCALES.get(round(cols / width))
    if flag is None:
        return None
    image = cv2.imdecode(np.frombuffer(data, dtype=np.uint8), flag)
    if image is None or image.shape != (height, width, 3):
        return None
    decoded: np.ndarray = image
    return decoded


#: In a scan's entropy-coded data, 0xFF is followed only by 0x00 (a stuffed byte), a
#: restart marker (0xD0-0xD7) or another 0xFF (fill): anything else is the next marker.
_NEXT_MARKER = re.compile(rb"\xff[^\x00\xd0-\xd7\xff]")


def _jpeg_intact(data: bytes) -> bool:
    """True if ``data``'s JPEG markers chain from its start to an end marker (EOI).

    Walks the segments by their lengths and each scan's entropy-coded data to the marker
    that ends it (a few ms on a 4 MB photo).  False for a file cut short (no EOI) and for
    one whose bytes were overwritten with a stray marker in a scan (the walk lands on a
    byte that is no marker).  Bytes after the end marker (a phone's trailer) are not read.
    Corruption that leaves the markers alone (bit flips, a zeroed run) is not seen here.
    """
    if data[:2] != b"\xff\xd8":
        return False
    pos, size = 2, len(data)
    while pos + 2 <= size:
        if data[pos] != 0xFF:
            return False
        marker = data[pos + 1]
        if marker == 0xFF:  # fill byte before a marker
            pos += 1
        elif marker == 0xD9:  # end of image
            return True
        elif 0xD0 <= marker <= 0xD7 or marker == 0x01:  # markers without a length
            pos += 2
        else:
            if pos + 4 > size:
                return False
            length = int.from_bytes(data[pos + 2 : pos + 4], "big")
            if length < 2:
                return False
            pos += 2 + length
            if marker == 0xDA:  # start of scan: entropy-coded data up to the next marker
                found = _NEXT_MARKER.search(data, pos)
                if found is None:
                    return False
                pos = found.start()
    return False


def _to_rgb(opened: Image.Image) -> np.ndarray:
    """The opened image as (rows, cols, 3) RGB uint8.

    16-bit grayscale (PNG, TIFF: Pillow modes ``I;16*`` and ``I``) is scaled to 8 bits
    (level / 257): Pillow's own ``convert`` clips it, turning most of the photo white.
    """
    if opened.mode.startswith("I;16") or opened.mode == "I":
        levels = np.clip(np.asarray(opened).astype(np.int64), 0, 65535)
        gray = ((levels + 128) // 257).astype(np.uint8)
        return np.repeat(gray[:, :, np.newaxis], 3, axis=2)
    return np.asarray(opened.convert("RGB"))


def _upright(image: np.ndarray, orientation: int) -> np.ndarray:
    """Turn/flip ``image`` as its EXIF ``orientation`` (1-8) says, to show it upright.

    The eight cases as Pillow's ``ImageOps.exif_transpose`` maps them: 2 mirror
    left-right, 3 half turn, 4 mirror top-bottom, 5 transpose, 6 quarter turn
    clockwise, 7 transverse, 8 quarter turn anticlockwise.  Other values: as is.
    """
    if orientation == 2:
        return cv2.flip(image, 1)
    if orientation == 3:
        return cv2.rotate(image, cv2.ROTATE_180)
    if orientation == 4:
        return cv2.flip(image, 0)
    if orientation == 5:
        return cv2.transpose(image)
    if orientation == 6:
        return cv2.rotate(image, cv2.ROTATE_90_CLOCKWISE)
    if orientation == 7:
        return cv2.flip(cv2.transpose(image), -1)
    if orientation == 8:
        return cv2.rotate(image, cv2.ROTATE_90_COUNTERCLOCKWISE)
    return image


def read_image(
    path: str | Path,
    *,
    max_pixels: int = DEFAULT_MAX_PIXELS,
    max_side: int | None = None,
    draft_side: int | None = None,
) -> np.ndarray:
    """Read and decode the photo at ``path`` (see :func:`decode_image`).

    Raises
    ------
    ImageError
        If the file is not a usable image, or not a regular file (a device such as
        ``/dev/zero`` would be read without end, a named pipe would wait for a writer);
        ``OSError`` if it cannot be read (missing, a directory, no permission).
    """
    file = Path(path)
    if file.exists() and not file.is_file() and not file.is_dir():
        raise ImageError(f"{path}: not a regular file (a device or a pipe?), not a photo")
    data = file.read_bytes()
    try:
        return decode_image(data, max_pixels=max_pixels, max_side=max_side, draft_side=draft_side)
    except ImageError as error:
        raise ImageError(f"{path}: {error}") from None


def downscale(image: np.ndarray, max_side: int) -> np.ndarray:
    """Shrink ``image`` so its longer side is at most ``max_side`` pixels.

    Parameters
    ----------
    image : (rows, cols) or (rows, cols, 3) ndarray of uint8
    max_side : int
        Longest side wanted, in pixels (>= 1).

    Returns
    -------
    (rows', cols'[, 3]) ndarray of uint8
        A new array (a copy when no shrinking is needed); area interpolation.
    """
    if max_side < 1:
        raise ValueError(f"max_side must be at least 1 pixel, got {max_side}")
    rows, cols = image.shape[:2]
    longest = max(rows, cols)
    if longest <= max_side:
        return image.copy()
    scale = max_side / longest
    size = (max(1, round(cols * scale)), max(1, round(rows * scale)))  # (x, y) for cv2
    return cv2.resize(image, size, interpolation=cv2.INTER_AREA)
