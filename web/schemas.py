"""Validating the API's fields with marshmallow: types, required fields, allowed values.

Every route reads its fields from a form or a JSON object alike (:func:`web.inputs.fields`)
and loads them through a :class:`Fields` schema; anything wrong is answered 400
``{"error": "field 'first': must be H or V, got 'Q'"}``, naming each field at fault.
Notations (kingdoms, positions, tiles) stay text here: the engines parse them and raise
typed errors with positions (``referee.errors``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, TypeVar

from flask import has_request_context, request
from marshmallow import EXCLUDE, Schema, ValidationError, fields, pre_load
from marshmallow.validate import OneOf

from referee.errors import NotationError
from web.errors import ApiError

_Parsed = TypeVar("_Parsed")

__all__ = [
    "Fields",
    "Hands",
    "JsonText",
    "Several",
    "ShownOneOf",
    "Text",
    "TruthValue",
    "WholeNumber",
    "Word",
    "choice",
    "load",
    "parse_field",
    "side",
    "text",
]

#: Messages of the field types used here, phrased to follow "field 'name':".
_MISSING = "missing"
_NOT_TEXT = "must be text"


class Fields(Schema):
    """Base of the API's schemas.

    A field the schema does not name is refused by :func:`load` (400 naming it), unless
    the route reads it itself: the names in ``OTHER_FIELDS`` (photo files) or matching
    ``OTHER_PATTERN``. ``null``, an empty list or a blank text counts as not sent (a blank
    text is kept for the names in ``KEEP_BLANK``, where ``""`` means something: an empty
    hand; a blank text or an empty list for those in ``KEEP_EMPTY``, where the field's own
    message says more than "missing").
    """

    KEEP_BLANK: ClassVar[frozenset[str]] = frozenset()
    KEEP_EMPTY: ClassVar[frozenset[str]] = frozenset()
    #: Fields the route reads itself (photos, which a form may also carry as text).
    OTHER_FIELDS: ClassVar[tuple[str, ...]] = ()
    #: A regular expression of more such names (``""``: none).
    OTHER_PATTERN: ClassVar[str] = ""

    class Meta:
        unknown = EXCLUDE

    @pre_load
    def _drop_blanks(self, data: Any, **kwargs: Any) -> Any:
        if not isinstance(data, Mapping):
            return data
        kept = self.KEEP_BLANK | self.KEEP_EMPTY
        return {
            name: value
            for name, value in data.items()
            if value is not None
            and (value != [] or name in self.KEEP_EMPTY)
            and (name in kept or not (isinstance(value, str) and not value.strip()))
        }


#: At most this many different messages are given for one field ("and N more" after).
_MOST_MESSAGES = 5


class _Shown:
    """A value as an error message quotes it (``{input!r}``): a repr over 60 characters
    cut to its first 40 and ``...``, as :class:`~referee.errors.NotationError` cuts a
    quoted word, so a 1 MB value sent for ``set`` or ``first`` is not sent back whole."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def __repr__(self) -> str:
        shown = repr(self.value)
        if len(shown) <= 60:
            return shown
        # A text keeps its closing quote: 'HHHH...'.
        return shown[:40] + "..." + (shown[0] if shown[0] in "'\"" else "")

    def __str__(self) -> str:
        shown = str(self.value)
        return shown if len(shown) <= 60 else shown[:40] + "..."


class ShownOneOf(OneOf):
    """marshmallow's ``OneOf``, quoting the value sent as :class:`_Shown` does."""

    def _format_error(self, value: Any) -> str:
        return super()._format_error(_Shown(value))


class TruthValue(fields.Boolean):
    """``true`` or ``false`` (also ``1``/``0``, ``yes``/``no`` as text); anything else is
    "must be true or false, got ...", the value quoted as :class:`_Shown` does."""

    def __init__(self, **kwargs: Any) -> None:
        messages = {"invalid": "must be true or false, got {input!r}"}
        super().__init__(error_messages=messages, **kwargs)

    def make_error(self, key: str, **kwargs: Any) -> ValidationError:
        if "input" in kwargs:
            kwargs["input"] = _Shown(kwargs["input"])
        return super().make_error(key, **kwargs)


def _field_messages(texts: list[str]) -> list[str]:
    """``texts`` (one field's messages) with repeats merged (``"... (x3)"``) and at most
    ``_MOST_MESSAGES`` given: a list of 200,000 wrong items was answered with 12 MB of
    the same message (newcomer, session 9)."""
    counts: dict[str, int] = {}
    for text in texts:
        counts[text] = counts.get(text, 0) + 1
    merged = [text if count == 1 else f"{text} (x{count})" for text, count in counts.items()]
    if len(merged) > _MOST_MESSAGES:
        more = len(merged) - _MOST_MESSAGES
        merged = [*merged[:_MOST_MESSAGES], f"and {more} more"]
    return merged


def _describe(messages: Any) -> list[str]:
    """Every message in marshmallow's nested error structure, in order."""
    if isinstance(messages, str):
        return [messages]
    if isinstance(messages, Mapping):
        return [text for value in messages.values() for text in _describe(value)]
    return [text for value in messages for text in _describe(value)]


def load(schema: Schema, data: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of ``data`` as ``schema`` types them (absent optional fields left out
    unless the schema gives a default).

    Raises
    ------
    ApiError
        400 naming every field at fault and what is wrong with it, or every field
        the route does not take (a misspelt optional field would go unnoticed).
    """
    _refuse_unknown(schema, data)
    try:
        loaded: dict[str, Any] = schema.load(data)
    except ValidationError as error:
        messages = error.messages if isinstance(error.messages, Mapping) else {}
        parts = [
            text if name == "_schema" else f"field {name!r}: {text}"
            for name, value in messages.items()
            for text in _field_messages(_describe(value))
        ]
        raise ApiError(400, "; ".join(parts) or "the request's fields are malformed") from None
    return loaded


def _refuse_unknown(schema: Schema, data: Mapping[str, Any]) -> None:
    """400 naming the fields of ``data`` and the files of the request that ``schema`` (a
    :class:`Fields`) does not take, a file sent twice under one name (only the first
    would be read), or a file sent under a field read as text (it would be dropped)."""
    others: tuple[str, ...] = getattr(schema, "OTHER_FIELDS", ())
    pattern: str = getattr(schema, "OTHER_PATTERN", "")
    # Files as sent, leaving out a form's empty file input (no name, no bytes).
    files: dict[str, int] = {}
    if has_request_context():
        for name, upload in request.files.items(multi=True):
            if upload.filename or upload.content_length:
                files[name] = files.get(name, 0) + 1
    for name, sent in files.items():
        if sent > 1:
            raise ApiError(400, f"send one file as {name!r}, not {sent}")
        if name in others or name.startswith("photo"):
            continue
        if name in schema.fields or (pattern and re.fullmatch(pattern, name)):
            # A field read as text (a notation, a number): the file would be dropped.
            photos = " or ".join(repr(other) for other in others) or "no file"
            raise ApiError(400, f"field {name!r} takes text, not a file: send a photo as {photos}")
    unknown = [
        name
        for name in [*data, *(name for name in files if name not in data)]
        if name not in schema.fields
        and name not in others
        and not (pattern and re.fullmatch(pattern, name))
    ]
    if unknown:
        named = "; ".join(f"unknown field {name!r}" for name in unknown)
        taken = ", ".join([*schema.fields, *others])
        raise ApiError(400, f"{named} (the fields here: {taken})")


class Text(fields.String):
    """A text field; one sent several times in a form is said to be (it arrives as a
    list, which is not text, but "must be text" would not tell the sender why)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        sent_in_form = has_request_context() and not request.is_json
        if sent_in_form and isinstance(value, list) and len(value) > 1:
            raise ValidationError(f"sent {len(value)} times: send it once")
        return super()._deserialize(value, attr, data, **kwargs)


def text(*, required: bool = False) -> Text:
    """A text field (a notation, a name); ``required`` ones may not be blank either."""
    return Text(required=required, error_messages={"required": _MISSING, "invalid": _NOT_TEXT})


class Word(Text):
    """A word out of ``allowed``, in any case, spaces around it ignored.

    Parameters
    ----------
    allowed : sequence of str
        The words, as the answer wants them (all upper or all lower case).
    error : str
        The message for any other word; ``{input!r}`` is the word sent.
    """

    def __init__(self, allowed: Sequence[str], error: str, **kwargs: Any) -> None:
        self.upper = all(word == word.upper() for word in allowed)
        super().__init__(
            validate=ShownOneOf(allowed, error=error),
            error_messages={"invalid": _NOT_TEXT, "required": _MISSING},
            **kwargs,
        )

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        word = super()._deserialize(value, attr, data, **kwargs).strip()
        return word.upper() if self.upper else word.lower()


def side(**kwargs: Any) -> Word:
    """``H`` or ``V`` (the Domineering players), any case."""
    return Word(["H", "V"], "must be H or V, got {input!r}", **kwargs)


class WholeNumber(fields.Integer):
    """A whole number, sent as a number or as text; a fraction (``5.5``) is refused,
    where marshmallow's ``Integer`` would cut it to ``5``."""

    def __init__(self, **kwargs: Any) -> None:
        messages: dict[str, Any] = {"invalid": "must be a whole number, got {input!r}"}
        messages.update(kwargs.pop("error_messages", None) or {})
        super().__init__(error_messages=messages, **kwargs)

    def make_error(self, key: str, **kwargs: Any) -> ValidationError:
        """marshmallow's error, the value sent quoted as :class:`_Shown` does."""
        if "input" in kwargs:
            kwargs["input"] = _Shown(kwargs["input"])
        return super().make_error(key, **kwargs)

    def _validated(self, value: Any) -> int:
        if isinstance(value, float) and not value.is_integer():
            raise self.make_error("invalid", input=value)
        return super()._validated(value)


def choice(allowed: list[int], **kwargs: Any) -> fields.Integer:
    """A whole number out of ``allowed`` (sent as a number or as text)."""
    words = ", ".join(str(n) for n in allowed[:-1]) + f" or {allowed[-1]}"
    message = f"must be {words}, got {{input!r}}"
    return WholeNumber(
        validate=ShownOneOf(allowed, error=message), error_messages={"invalid": message}, **kwargs
    )


class Several(fields.List[Any]):
    """A list, where one value alone stands for a list of one (a form field sent once)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        return super()._deserialize(
            value if isinstance(value, list) else [value], attr, data, **kwargs
        )


class JsonText(fields.Field[Any]):
    """A structured value: as it is in a JSON body, or JSON text in a form field.

    Parameters
    ----------
    inner : marshmallow.fields.Field
        What the value must be once decoded (its own messages say what is wrong).
    what : str
        What the text must decode to, in words, for its message ("a JSON object").
    """

    def __init__(self, inner: fields.Field[Any], what: str, **kwargs: Any) -> None:
        messages: dict[str, Any] = {"required": _MISSING, "invalid": f"must be {what}"}
        super().__init__(error_messages=messages, **kwargs)
        self.inner = inner

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str):
            try:
                value = json.loads(value)
            except ValueError:
                raise self.make_error("invalid") from None
        return self.inner.deserialize(value, attr, data, **kwargs)


class Hands(fields.Field[list[str]]):
    """One tile list per player, in seat order: each a text ``"6-6 0-1"`` or a list of
    tiles ``["6-6", "0-1"]``; loaded as a list of texts (the engine parses the tiles)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[str]:
        if not isinstance(value, list):
            raise ValidationError("must be a list with one tile list per player")
        hands: list[str] = []
        for number, hand in enumerate(value, start=1):
            if isinstance(hand, list) and all(isinstance(tile, str) for tile in hand):
                hands.append(" ".join(hand))
            elif isinstance(hand, str):
                hands.append(hand)
            else:
                raise ValidationError(f'hand {number} must be a tile list such as "6-6 3-5"')
        return hands


def parse_field(
    name: str, parse: Callable[[str], _Parsed], text: str, *, part: str = ""
) -> _Parsed:
    """``parse(text)``, a notation that does not parse named by the field that held it.

    For routes with several notation fields (a hand and two tiles, one hand per seat),
    where the engine's "... of '9-9'" alone does not say which field was at fault.

    Parameters
    ----------
    name : str
        The field, e.g. ``"card_top"``: the message starts ``field 'card_top': ``.
    parse : callable
        The engine's parser (``referee.dominoes.parse_tile``, ``parse_hand``...).
    text : str
        The field's text (or the part of it being parsed).
    part : str
        Which part of the field, when it holds several notations (``"hand 2"``):
        ``field 'hands': hand 2: ...``.

    Raises
    ------
    referee.errors.NotationError
        The parser's error led by the field's name, with the same place (1-based
        column, and line when the parser names one) and text: a 400 answer, as for
        every malformed field.  (A word the message quotes that is over 60 characters
        long is cut to its first 40 by
        :class:`~referee.errors.NotationError` itself, on the CLI as here.)

    >>> parse_field("ends", int, "12")
    12
    """
    try:
        return parse(text)
    except NotationError as error:
        where = f"{part}: " if part else ""
        raise NotationError(
            f"field {name!r}: {where}{error.reason}",
            text=error.text,
            index=error.index,
            line=error.line,  # a notation on several lines: the line at fault (session 13)
        ) from None
