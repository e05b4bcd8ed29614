"""Decode a photo into a BGR uint8 array at a bounded resolution.

Shared by every recognition pipeline (``vision/kingdomino``, the domino pip reader):
EXIF orientation is applied once, here, so later stages see the photo the way
the player took it; non-images and images over 40 megapixels are refused with
:class:`ImageError` before any pixel buffer is allocated.

Photos are read as JPEG, PNG or WebP (:data:`ACCEPTED_FORMATS`), in full colour: any
other format (GIF, BMP, TIFF, HEIC, ...) and any palette or one-bit picture is refused
with :class:`FormatError`, which names what was found and what is accepted (session 10:
a 256-colour GIF of ``sample_photos/kingdom-1.jpg`` scored 15 for 27, without a word).
"""

from __future__ import annotations

import io
import math
import re
import warnings
from pathlib import Path

import cv2
import numpy as np
import simplejpeg
from PIL import Image, UnidentifiedImageError

__all__ = [
    "ACCEPTED_FORMATS",
    "ACCEPTED_TEXT",
    "DEFAULT_MAX_PIXELS",
    "MAX_PHOTO_ASPECT",
    "MIN_PHOTO_SIDE",
    "FormatError",
    "ImageError",
    "decode_image",
    "downscale",
    "is_heif",
    "open_image",
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


#: The formats a photo is read in, as Pillow names them: what phones, cameras and browsers
#: save (an iPhone's HEIC is named in its refusal).  Pillow's other decoders never run on
#: a photo sent.
ACCEPTED_FORMATS = ("JPEG", "PNG", "WEBP")
#: The accepted formats as said to the player.
ACCEPTED_TEXT = "JPEG, PNG or WebP"
#: Pillow modes of pictures with too few colours to read a game from: a palette of at most
#: 256 colours (``P``, ``PA``: an 8-bit PNG, every GIF) or black and white (``1``).
_FEW_COLOUR_MODES = {
    "P": "of at most 256 colours",
    "PA": "of at most 256 colours",
    "1": "in black and white only",
}
#: Pillow's format names the player knows by another name.
_FORMAT_NAMES = {"WEBP": "WebP", "MPO": "JPEG", "JPEG2000": "JPEG 2000"}


def _said(pillow_format: str | None) -> str:
    """A format as the player knows it, from Pillow's name (:data:`_FORMAT_NAMES`).

    >>> _said("WEBP"), _said("MPO"), _said("GIF")
    ('WebP', 'JPEG', 'GIF')
    """
    name = str(pillow_format)
    return _FORMAT_NAMES.get(name, name)


class ImageError(ValueError):
    """Bytes that are not a usable photo: not an image, truncated, or too large."""


class FormatError(ImageError):
    """Not a photo Referee reads: not an image, another format than JPEG, PNG or WebP,
    or a palette / one-bit picture (the web app answers 415)."""


def is_heif(data: bytes) -> bool:
    """True if ``data`` starts like an HEIC / HEIF photo (an iPhone's default format).

    Pillow cannot decode these without a plug-in; callers name the format so the player
    knows to send a JPEG instead of being told the photo is "not an image".
    """
    return data[4:8] == b"ftyp" and data[8:12] in _HEIF_BRANDS


def _format_name(data: bytes) -> str | None:
    """The format of an image not in :data:`ACCEPTED_FORMATS` (``"GIF"``), from its header
    only; ``None`` if no Pillow decoder knows the bytes as an image."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as opened:
                return _said(opened.format)
    except Image.DecompressionBombError:
        return "unknown"  # an image, too large for Pillow even to name
    except Exception:  # Pillow raises assorted errors on what it cannot identify
        return None


def _signature(data: bytes) -> str | None:
    """The format ``data``'s first bytes announce (``"PNG"``, ``"JPEG"``, ``"WebP"``,
    ``"GIF"``), read even where the file is cut short before Pillow can open it; else None.

    >>> _signature(b"\\x89PNG\\r\\n\\x1a\\n"), _signature(b"\\xff\\xd8\\xff"), _signature(b"hello")
    ('PNG', 'JPEG', None)
    """
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "PNG"
    if data.startswith(b"\xff\xd8\xff"):
        return "JPEG"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "WebP"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "GIF"
    return None


def open_image(data: bytes) -> Image.Image:
    """Open the header of a photo in an accepted format and colour depth (pixels not decoded).

    Parameters
    ----------
    data : bytes
        The encoded file's contents.

    Returns
    -------
    PIL.Image.Image
        Opened lazily on ``data``, format one of :data:`ACCEPTED_FORMATS`; the caller
        closes it.

    Raises
    ------
    FormatError
        If ``data`` is not an image (``"not an image (send a JPEG, PNG or WebP photo)"``),
        an HEIC photo, an image in another format (named: ``"an image in GIF format ..."``), or a
        palette or one-bit picture (its colours are too few to read crowns, terrain or
        pens: a 256-colour GIF of ``kingdom-1`` scored 15 for 27); a PNG whose palette
        holds only greys is read, as the greyscale picture it is.
    PIL.Image.DecompressionBombError
        If the header claims far more pixels than :data:`DEFAULT_MAX_PIXELS`.
    """
    try:
        opened = Image.open(io.BytesIO(data), formats=ACCEPTED_FORMATS)
    except UnidentifiedImageError:
        if is_heif(data):
            raise FormatError(
                "an HEIC photo, which Referee cannot read: send or save it as JPEG"
            ) from None
        found = _format_name(data)
        if found is None:
            signed = _signature(data)
            if signed == "GIF":  # a GIF cut short is still a GIF: named, as a whole one is
                found = signed
            elif signed is not None:  # a photo cut short before its header ends
                raise ImageError(
                    f"cannot decode image: the {signed} file is cut short (truncated) or "
                    "damaged before its picture begins: send the whole photo"
                ) from None
            else:
                raise FormatError(f"not an image (send a {ACCEPTED_TEXT} photo)") from None
        what = "a format" if found == "unknown" else f"{found} format"
        raise FormatError(
            f"an image in {what}, which Referee does not read: send the photo as {ACCEPTED_TEXT}"
        ) from None
    few = _FEW_COLOUR_MODES.get(opened.mode)
    if few is not None and not _grey_palette(opened):
        name = _said(opened.format)
        opened.close()
        raise FormatError(
            f"a {name} picture {few}: too few colours to read crowns, terrain or pens; "
            f"send the photo as taken, in full colour ({ACCEPTED_TEXT})"
        )
    return opened


def _grey_palette(opened: Image.Image) -> bool:
    """Whether ``opened`` is a palette picture whose every colour is a grey (red = green =
    blue): the same picture as an 8-bit greyscale one, which is read (a pencil sheet or a
    scan saved so; session 10 newcomer: ``sheet-1`` as such a PNG was refused while the
    same pixels as a grey PNG read exactly)."""
    if opened.mode != "P":
        return False
    palette = opened.getpalette() or []
    return bool(palette) and all(
        palette[i] == palette[i + 1] == palette[i + 2] for i in range(0, len(palette) - 2, 3)
    )


def decode_image(
    data: bytes,
    *,
    max_pixels: int = DEFAULT_MAX_PIXELS,
    max_side: int | None = None,
    draft_side: int | None = None,
) -> np.ndarray:
    """Decode an encoded photo (JPEG, PNG, WebP) into a BGR image, EXIF orientation applied.

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
        If ``data`` is empty, truncated, or larger than ``max_pixels``;
        :class:`FormatError` if it is not a photo Referee reads (see :func:`open_image`).
    """
    if not data:
        raise FormatError("empty file: not an image")
    kind = _signature(data) or "image"  # the format, named in the messages below
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with open_image(data) as opened:
                kind = _said(opened.format)
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
                bgr = _jpeg_by_libjpeg(data, opened)
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
    except (OSError, SyntaxError, ValueError) as error:
        if "truncated" in str(error):
            # Pillow's "image file is truncated (8 bytes not processed)" counts the bytes
            # left in its buffer, not those missing: say what it means instead.
            raise ImageError(
                "cannot decode image: the file is cut short (truncated): send the whole photo"
            ) from None
        # Pillow's own words ("could not create decoder object", "broken PNG file") kept
        # in brackets, after what they mean to the player.
        raise ImageError(
            f"cannot decode image: the {kind} file is damaged or cut short ({error}): "
            "send the whole photo"
        ) from None
    # Orientation with OpenCV: the same pixels as Pillow's ImageOps.exif_transpose on
    # the RGB image, a third faster on a 12 MP photo.
    image = _upright(bgr, orientation)
    if max_side is not None:
        image = downscale(image, max_side)
    return image


_ORIENTATION_TAG = 0x0112

#: libjpeg's one recoverable complaint that leaves every pixel as the camera wrote it: a few
#: stray bytes after the last scan, before the end marker (some phones' and editors'
#: files).  Many stray bytes there mean the scan was decoded short of its data, from damaged
#: bits; any other complaint (data cut short, a bad Huffman code, a bogus table) means
#: damaged pixels too.
_STRAY_END_BYTES = re.compile(r"(\d+) extraneous bytes before marker 0xd9")
#: Most stray bytes before the end marker taken as padding, not damage.
_MOST_STRAY_END_BYTES = 4


def _jpeg_by_libjpeg(data: bytes, opened: Image.Image) -> np.ndarray | None:
    """A colour or grey JPEG decoded by libjpeg-turbo (simplejpeg) at Pillow's draft scale.

    The same libjpeg-turbo decoding as Pillow's and OpenCV's (the same pixels at 1/1, 1/2,
    1/4 and 1/8 scale, checked on every JPEG of ``../shared/data``), as BGR straight away,
    and strict: libjpeg's warnings, which Pillow and OpenCV let pass while they fill the
    damaged blocks with grey or garbage, are errors here, so a photo damaged in transfer
    (cut short, bits flipped, a run of bytes overwritten) is refused instead of read wrong.
    None for anything else (PNG, CMYK, ...): Pillow decodes those.

    Raises
    ------
    ImageError
        If the JPEG data is cut short or damaged.
    """
    if opened.format != "JPEG" or opened.mode not in ("RGB", "L"):
        return None
    width, height = opened.size  # after Pillow's draft: the scale wanted
    try:
        image = simplejpeg.decode_jpeg(
            data, colorspace="BGR", min_height=height, min_width=width, strict=True
        )
    except ValueError as error:
        stray = _STRAY_END_BYTES.search(str(error))
        if stray is None or int(stray.group(1)) > _MOST_STRAY_END_BYTES:
            if "Premature end of JPEG file" in str(error):
                raise ImageError(
                    "cannot decode image: the file is cut short (truncated): send the whole photo"
                ) from None
            raise ImageError(
                f"cannot decode image: the JPEG data is damaged ({error}): "
                "send the photo again, or the original file"
            ) from None
        image = simplejpeg.decode_jpeg(
            data, colorspace="BGR", min_height=height, min_width=width, strict=False
        )
    if image.shape != (height, width, 3):
        return None
    decoded: np.ndarray = image
    return decoded


def _to_rgb(opened: Image.Image) -> np.ndarray:
    """The opened image as (rows, cols, 3) RGB uint8.

    16-bit grayscale (PNG: Pillow modes ``I;16*`` and ``I``) is scaled to 8 bits
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
        If the file is not a usable image (:class:`FormatError` if not a photo Referee
        reads, see :func:`open_image`), or not a regular file (a device such as
        ``/dev/zero`` would be read without end, a named pipe would wait for a writer);
        ``OSError`` if it cannot be read (missing, a directory, no permission).
    """
    file = Path(path)
    if file.exists() and not file.is_file() and not file.is_dir():
        raise ImageError(f"{path}: not a regular file (a device or a pipe?), not a photo")
    data = file.read_bytes()
    try:
        return decode_image(data, max_pixels=max_pixels, max_side=max_side, draft_side=draft_side)
    except ImageError as error:  # the same kind (a FormatError stays one), the file named
        raise type(error)(f"{path}: {error}") from None


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
