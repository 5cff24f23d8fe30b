"""`str.format` with arguments that are objects (`"{} has {:.2f}".format(obj, x)`,
`"{0.name}/{1[k]}".format(obj, d)`): the template is read as `string.Formatter` reads it, each
field's argument found (automatic or explicit numbering, keywords, `.attr` and `[key]` steps
through the trackers) and written by the traced `str`/`repr`/`format` (user_hash_repr.py).
Arguments that are all plain constants never come here (constant.py folds the call).
"""

from __future__ import annotations

import _string
import string

from compiler.errors import BreakReason, Unsupported
from compiler.values import constant, registry
from compiler.values.base import RaisedByProgram, Value

_CONVERSIONS = {None: 0, "s": 1, "r": 2, "a": 3}


def format_with_objects(tx, template: str, args: list[Value], kwargs: dict[str, Value]):
    from compiler.values.user_hash_repr import format_value
    pieces, automatic = [], 0
    numbering = None  # "auto" or "manual", as str.format refuses to mix them
    try:
        fields = list(string.Formatter().parse(template))
    except ValueError as error:
        raise RaisedByProgram(error) from None
    for literal, field, spec, conversion in fields:
        pieces.append(literal)
        if field is None:
            continue
        if spec and "{" in spec:
            raise Unsupported("a nested replacement field in a format spec",
                              BreakReason.UNSUPPORTED_CALL)
        if conversion not in _CONVERSIONS:
            raise RaisedByProgram(ValueError(f"Unknown conversion specifier {conversion}"))
        first, steps = _string.formatter_field_name_split(field)
        if first == "":
            if numbering == "manual":
                raise RaisedByProgram(ValueError("cannot switch from manual field specification "
                                                 "to automatic field numbering"))
            numbering, first, automatic = "auto", automatic, automatic + 1
        elif isinstance(first, int):
            if numbering == "auto":
                raise RaisedByProgram(ValueError("cannot switch from automatic field numbering "
                                                 "to manual field specification"))
            numbering = "manual"
        value = _argument(first, args, kwargs)
        for is_attribute, key in steps:
            value = value.getattr(tx, key) if is_attribute else value.getitem(
                tx, registry.wrap_constant(key))
        text = format_value(tx, value, spec or "", _CONVERSIONS[conversion])
        if not text.is_constant():
            raise Unsupported("a formatted field that is not a constant",
                              BreakReason.UNSUPPORTED_VALUE)
        pieces.append(text.as_constant())
    return registry.wrap_constant("".join(pieces))


def _argument(first, args: list[Value], kwargs: dict[str, Value]) -> Value:
    if isinstance(first, int):
        if first >= len(args):
            raise RaisedByProgram(IndexError(f"Replacement index {first} out of range for "
                                             f"positional args tuple"))
        return args[first]
    if first not in kwargs:
        raise RaisedByProgram(KeyError(first))
    return kwargs[first]


constant.HOOKS["format_with_objects"] = format_with_objects
