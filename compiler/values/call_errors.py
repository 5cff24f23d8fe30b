"""CPython's TypeError texts for a call whose arguments do not bind to the function's."""

from __future__ import annotations

from compiler.values.base import RaisedByProgram


def missing_arguments(function: str, names: list[str], kind: str) -> RaisedByProgram:
    """`f() missing 2 required positional arguments: 'a' and 'b'` (kind: positional or
    keyword-only), the names quoted and joined as CPython joins them."""
    quoted = [repr(name) for name in names]
    if len(quoted) == 1:
        listed = quoted[0]
    elif len(quoted) == 2:
        listed = f"{quoted[0]} and {quoted[1]}"
    else:
        listed = ", ".join(quoted[:-1]) + f", and {quoted[-1]}"
    plural = "s" if len(names) > 1 else ""
    return RaisedByProgram(TypeError(f"{function}() missing {len(names)} required {kind} "
                                     f"argument{plural}: {listed}"))
