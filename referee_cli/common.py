"""What every ``referee`` command shares: ``--json``, output, and bad input.

Conventions (issue #2):

* ``--json`` prints exactly one JSON object on stdout;
* exit 0 on success; commands that answer yes/no (``check``, ``place``) exit 1
  for "illegal" and print the reason;
* exit 2 on bad input, with one line on stderr naming what is wrong and where
  (never a traceback).
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import click

__all__ = [
    "EXIT_BAD_INPUT",
    "EXIT_NO",
    "BadInput",
    "emit",
    "json_option",
    "parse_notation",
    "parse_option",
    "read_notation",
    "reports_bad_input",
]

EXIT_NO = 1
EXIT_BAD_INPUT = 2

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")


class BadInput(click.ClickException):
    """Bad input: printed as one line on stderr, exit status 2."""

    exit_code = EXIT_BAD_INPUT

    def show(self, file: Any = None) -> None:
        # One line even if the message carries a line break (e.g. from a file name).
        message = " ".join(self.format_message().splitlines())
        click.echo(f"referee: error: {message}", err=True)


def fail(message: str) -> NoReturn:
    """Stop the command with exit 2 and ``message`` on stderr."""
    raise BadInput(message)


def reports_bad_input(func: F) -> F:
    """Turn a ``ValueError`` (every engine error is one) into exit 2 with its message."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except (click.ClickException, click.exceptions.Exit, click.Abort, BrokenPipeError):
            raise
        except (ValueError, OSError) as error:
            raise BadInput(str(error) or type(error).__name__) from None

    return wrapper  # type: ignore[return-value]


json_option = click.option(
    "--json", "as_json", is_flag=True, help="Print one JSON object instead of text."
)


def emit(payload: dict[str, Any], as_json: bool, text: str | Callable[[], str]) -> None:
    """Print ``payload`` as one JSON object, or ``text`` for people."""
    if as_json:
        click.echo(json.dumps(payload, ensure_ascii=False))
    else:
        click.echo(text() if callable(text) else text)


_STDIN_READ = "referee.stdin_read"


def _read_stdin() -> str:
    """Standard input as UTF-8 text (a leading byte-order mark dropped)."""
    stream = sys.stdin
    raw = getattr(stream, "buffer", None)
    if raw is None:  # a text stream without bytes underneath (tests)
        return stream.read()
    try:
        return raw.read().decode("utf-8-sig")
    except UnicodeDecodeError:
        fail("-: standard input is not UTF-8 text holding a notation")


def read_notation(value: str) -> str:
    """A notation given on the command line, or the text of a file that holds one.

    ``-`` reads standard input.  A value that names an existing file is read as
    UTF-8 text (a leading byte-order mark is dropped); anything else is taken as
    the notation itself.  Empty standard input or an empty file (nothing but
    white space) is bad input: a mistake upstream, never an empty notation (write
    ``""`` for that).
    """
    if value == "-":
        ctx = click.get_current_context(silent=True)
        if ctx is not None:
            # Two arguments given as "-" (``compare - -``): the second would read nothing.
            meta = ctx.find_root().meta
            if meta.get(_STDIN_READ):
                fail("-: standard input is already read for another argument: give only one '-'")
            meta[_STDIN_READ] = True
        text = _read_stdin()
        if not text.strip():
            fail("-: standard input is empty")
        return text
    path = Path(value)
    try:
        is_file = path.is_file()
    except OSError:  # e.g. a notation too long to be a file name
        is_file = False
    if is_file:
        with path.open("rb") as stream:
            if stream.read(5) == b"%PDF-":  # session 12: read as a notation ("unknown '%'")
                fail(f"{value}: a PDF, not a photo or a text file holding a notation")
        try:
            text = path.read_text(encoding="utf-8-sig")
        except UnicodeDecodeError:
            if _starts_like_an_image(path):
                fail(
                    f"{value}: a photo, but this argument takes a notation (or a text file"
                    " holding one); photos are read by `referee kingdomino score` and"
                    " `compare`, `referee domineering analyze`, `referee dominoes count`,"
                    " `referee cross round`, and the --hand of `referee cross plays` and"
                    " `referee two-step plays`"
                )
            fail(f"{value}: not a text file holding a notation")
        if not text.strip():
            fail(f"{value}: the file is empty")
        return text
    return value


def parse_notation(value: str, parse: Callable[[str], T], label: str) -> T:
    """``parse`` the notation given as ``value`` (see :func:`read_notation`).

    Bad input stops the command (exit 2) with one line starting with ``label``
    (e.g. ``"KINGDOM"``); a value that fails to parse and names a directory or
    a device is reported as such rather than as a bad notation.
    """
    text = read_notation(value)
    try:
        return parse(text)
    except ValueError as error:
        path = Path(value)
        try:
            # Path("") is Path("."), a directory: an empty value is an empty notation.
            exists = bool(value.strip()) and path.exists()
            what = "a directory" if exists and path.is_dir() else "a device" if exists else ""
            what = "" if value == "-" or path.is_file() else what
        except OSError:
            exists, what = False, ""
        if what:
            fail(f"{label}: {value!r} is {what}, not a notation or a file holding one")
        if not exists and _looks_like_a_file_name(value):
            fail(f"{label}: no such file {value!r}")
        fail(f"{label}: {error}")


#: Suffixes no notation ends with: a value ending so that is no file was meant as one
#: (session 12: ``kingdom.pdf``, missing, was read as a notation: "row 1 is empty").
FILE_SUFFIXES = frozenset(
    {".txt", ".text", ".csv", ".json", ".md", ".dat", ".pdf", ".doc", ".docx", ".html", ".xml"}
)


def _looks_like_a_file_name(value: str) -> bool:
    suffix = value.strip().rsplit(".", 1)[-1].lower() if "." in value else ""
    return f".{suffix}" in FILE_SUFFIXES | IMAGE_SUFFIXES


def hand_file_problem(value: str) -> str | None:
    """Why ``value``, given for a hand (tiles, or a photo of them), names a file or folder
    that is neither; ``None`` when it names none (then it is read as tiles).

    Call it when the value did not read as tiles (and :func:`is_image_path` said no), so
    a hand that happens to name a file is still a hand.  Session 12 (newcomer): a PDF given
    for a hand was told "a tile is written a-b ... of '/path/real.pdf'".
    """
    try:
        path = Path(value)
        if value.strip() and path.is_dir():
            return f"{value!r} is a directory, not a hand or a photo of one"
        if value.strip() and path.is_file():
            return (
                f"{value!r} is a file but not a photo (JPEG, PNG, WebP, HEIC, ...): write "
                "the hand as tiles, or give a photo of it"
            )
    except OSError:
        return None
    if _looks_like_a_file_name(value):
        return f"no such file {value!r}"
    return None


def parse_option(option: str, value: str, parse: Callable[[str], T]) -> T:
    """``parse(value)``; a ``ValueError`` is bad input whose one line names ``option``.

    For values click cannot check itself (tiles, hands, ends), so that the line on
    stderr says which was wrong: ``--hand: a tile is written ...``.  ``option`` may
    name any place, such as ``"hand 2"``.
    """
    try:
        return parse(value)
    except ValueError as error:
        fail(f"{option}: {error}")


IMAGE_SUFFIXES = frozenset(
    {".jpg", ".jpeg", ".png", ".bmp", ".webp", ".tif", ".tiff", ".heic", ".gif"}
)


#: How the image formats a phone or a browser saves begin (JPEG, PNG, GIF, BMP, TIFF, WebP,
#: HEIC): a photo saved without a suffix, or as ``.jfif``, is still read as a photo.
_IMAGE_MAGIC = (
    b"\xff\xd8\xff",
    b"\x89PNG\r\n\x1a\n",
    b"GIF87a",
    b"GIF89a",
    b"II*\x00",
    b"MM\x00*",
)


def _starts_like_an_image(path: Path) -> bool:
    """True if the file's first bytes are those of an image format (see ``_IMAGE_MAGIC``)."""
    with path.open("rb") as stream:
        head = stream.read(16)
    if head.startswith(_IMAGE_MAGIC):
        return True
    bmp = head[:2] == b"BM" and head[6:10] == bytes(4)  # its reserved bytes are zero
    webp = head[:4] == b"RIFF" and head[8:12] == b"WEBP"
    return bmp or webp or head[4:8] == b"ftyp"  # ftyp: HEIC / AVIF, named when decoded


def is_image_path(value: str) -> bool:
    """True if ``value`` names an existing file that is a photo: by suffix, or by content.

    A name ending ``.jpg``, ``.png``, ... (``IMAGE_SUFFIXES``) is taken for a photo, so a
    text file so named is refused as "not an image"; a file with another name (``IMG_0412``,
    ``photo.jfif``) is a photo if its first bytes are an image format's.
    """
    path = Path(value)
    try:
        if not path.is_file():
            return False
        return path.suffix.lower() in IMAGE_SUFFIXES or _starts_like_an_image(path)
    except OSError:
        return False


def overlay_needs_a_photo(value: str, label: str, message: str) -> None:
    """Stop (exit 2) because ``--overlay`` was given with ``value``, which is no photo.

    A value named like a photo or another file (``kingdom-1.jpg``) that does not exist is
    said to be missing, as without ``--overlay`` (session 11: it was told it needs a
    photo, as if it were a notation); any other value gets ``message``.
    """
    try:
        exists = Path(value).exists()
    except OSError:
        exists = False
    if not exists and _looks_like_a_file_name(value):
        fail(f"{label}: no such file {value!r}")
    fail(message)


OVERLAY_SUFFIXES = frozenset({".png", ".jpg", ".jpeg"})


def check_overlay_target(overlay: str | None, photo: str) -> None:
    """Stop (exit 2) if ``--overlay`` names the photo being read: it would be overwritten.

    Called before the photo is read, so the player's photo is never replaced by the
    annotated picture.
    """
    if overlay is None:
        return
    try:
        same = Path(overlay).resolve() == Path(photo).resolve()
    except OSError:
        same = False
    if same:
        fail(f"--overlay: {overlay!r} is the photo being read: write the overlay to another file")


def write_overlay(path: str, image: Any) -> None:
    """Write an overlay picture (rows, cols, 3) BGR uint8 to ``path`` (``--overlay``).

    The vision code draws the picture; only the CLI writes files.  The format
    follows the suffix: ``.png`` or ``.jpg``.  Bad input (exit 2) if the name has
    another suffix or the file cannot be written.
    """
    suffix = Path(path).suffix.lower()
    if suffix not in OVERLAY_SUFFIXES:
        fail(f"--overlay: write a .png or .jpg file, not {path!r}")
    import cv2  # only commands that draw pay for importing OpenCV

    ok, encoded = cv2.imencode(suffix, image)
    if not ok:
        fail(f"--overlay: cannot encode the picture for {path}")
    try:
        Path(path).write_bytes(encoded.tobytes())
    except OSError as error:
        fail(f"--overlay: cannot write {path}: {error.strerror or error}")
