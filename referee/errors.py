"""Typed errors shared by every rules engine.

All of them subclass :class:`ValueError`, so a caller that only wants "bad input"
catches ``ValueError``; a caller that wants to tell a malformed notation from an
illegal move or an impossible position catches the subclass.  Every message says
what was wrong and where.
"""

from __future__ import annotations

import re

__all__ = [
    "IllegalMoveError",
    "ImpossiblePositionError",
    "NotationError",
    "RefereeError",
]


class RefereeError(ValueError):
    """Base class of every error the rules engines raise on bad input."""


#: A word quoted in a message, longer than a message should repeat: its first 40
#: characters are kept (a 100 kB mistyped notation is not sent back whole).
#: A quote opens where no letter is before it and closes where none follows, so the
#: apostrophe of "opponent's" and the end of "field 'rounds'" do not pair up.
_LONG_QUOTE = re.compile(r"(?<!\w)(['\"])([^'\"]{40})[^'\"]{20,}\1(?!\w)")


#: The most characters of a notation an error repeats, "..." marks included.
_SHOWN = 80


def _excerpt(text: str, index: int | None) -> str:
    """``text`` whole when short, else the part around ``index`` with ``...`` for the rest.

    The fault sits near the middle of the part shown (or as far from its edge as the
    text allows), so the player sees what is around it, not the notation's start.
    """
    if len(text) <= _SHOWN:
        return text
    if index is None:
        return _cut_after(text[: _SHOWN - 3]) + "..."
    room = _SHOWN - 6  # both ends may be cut
    start = min(max(index - room // 2, 0), len(text) - room)
    if start <= 3:
        return _cut_after(text[: _SHOWN - 3]) + "..."
    if start + room >= len(text) - 3:
        return "..." + _cut_before(text[len(text) - (_SHOWN - 3) :])
    return "..." + _cut_before(_cut_after(text[start : start + room])) + "..."


def _cut_after(part: str) -> str:
    """``part`` without a word cut at its end (when a space is near it)."""
    space = part.rfind(" ", len(part) - 12)
    return part[:space] if space > 0 else part


def _cut_before(part: str) -> str:
    """``part`` without a word cut at its start (when a space is near it)."""
    space = part.find(" ", 0, 12)
    return part[space + 1 :] if space >= 0 else part


class NotationError(RefereeError):
    """A text notation that cannot be parsed.

    Parameters
    ----------
    message : str
        What is wrong, e.g. ``"unknown terrain letter 'X'"``.
    text : str
        The whole notation that was being parsed.
    index : int or None
        0-based character offset of the fault in ``text``, or ``None`` when the
        fault is not at one place (e.g. rows of different lengths).
    line : int or None
        When ``text`` is one line of a notation written on several (a file holding a
        position), that line's number from 1, said with the column (session 13):

        >>> str(NotationError("unknown cell symbol 'X'", text=".X", index=1, line=2))
        "unknown cell symbol 'X' at column 2 of line 2, '.X'"

    The formatted message names the fault's place as a 1-based column, so that
    ``str(error)`` is enough for a one-line CLI error:

    >>> str(NotationError("unknown terrain letter 'X'", text="G X", index=2))
    "unknown terrain letter 'X' at column 3 of 'G X'"

    A word the message quotes that is over 60 characters long is cut to its first 40,
    and a text over 80 characters is shown as the 77 of them around the fault (its
    start when the fault is not at one place), ``...`` marking what was left out, so
    a huge mistake is not repeated whole and a fault far along is still shown:

    >>> len(str(NotationError(f"unknown field {'x' * 100_000!r}", text="x" * 100_000)))
    145
    >>> far = NotationError("bad half", text="1-1 " * 30 + "3-x " + "2-2 " * 30, index=122)
    >>> print(far)  # doctest: +NORMALIZE_WHITESPACE
    bad half at column 123 of
    '...1-1 1-1 1-1 1-1 1-1 1-1 1-1 1-1 3-x 2-2 2-2 2-2 2-2 2-2 2-2 2-2 2-2...'
    """

    def __init__(
        self, message: str, *, text: str = "", index: int | None = None, line: int | None = None
    ) -> None:
        # A quoted word over 60 characters is cut to its first 40 ("'xxxx...'").
        message = _LONG_QUOTE.sub(lambda quoted: f"{quoted[1]}{quoted[2]}...{quoted[1]}", message)
        self.reason = message
        self.text = text
        self.index = index
        self.line = line
        where = ""
        if index is not None:
            where = f" at column {index + 1}"
        if line is not None:
            where += f" of line {line}" if index is not None else f" in line {line}"
        if text:
            where += f"{',' if line is not None else ' of'} {_excerpt(text, index)!r}"
        super().__init__(message + where)

    def within(self, text: str, offset: int, *, prefix: str = "") -> NotationError:
        """The same fault placed in a longer ``text`` whose parsed part starts at ``offset``.

        For a notation made of smaller ones (a hand of tiles, a round of hands):

        >>> tile_error = NotationError("bad half", text="3-x", index=2)
        >>> str(tile_error.within("1-2 3-x", 4, prefix="hand 2: "))
        "hand 2: bad half at column 7 of '1-2 3-x'"
        """
        return NotationError(prefix + self.reason, text=text, index=offset + (self.index or 0))


class IllegalMoveError(RefereeError):
    """A move (placement, play, claim) that the rules do not allow here.

    ``str(error)`` is the reason, naming the rule and the square, cell or tile.
    """


class ImpossiblePositionError(RefereeError):
    """A position that cannot arise under the rules (e.g. an odd run of H cells).

    ``str(error)`` says what was seen that makes it impossible.
    """
