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


def too_many_positional(function: str, accepted: int, defaults: int, given: int,
                        kwonly_given: int) -> RaisedByProgram:
    """`f() takes from 1 to 2 positional arguments but 3 were given`, with the keyword-only
    arguments given counted in, as CPython words it."""
    if defaults:
        takes, plural = f"from {accepted - defaults} to {accepted}", "s"
    else:
        takes, plural = str(accepted), "s" if accepted != 1 else ""
    counted = ""
    if kwonly_given:
        counted = (f" positional argument{'s' if given != 1 else ''} (and {kwonly_given} "
                   f"keyword-only argument{'s' if kwonly_given != 1 else ''})")
    verb = "was" if given == 1 and not kwonly_given else "were"
    return RaisedByProgram(TypeError(f"{function}() takes {takes} positional argument{plural} "
                                     f"but {given}{counted} {verb} given"))


def unbound_name(name: str, free: bool) -> RaisedByProgram:
    """Reading a variable before it is bound: a free variable (NameError) or a local of the
    frame, a cell or not (UnboundLocalError), in CPython 3.11's words."""
    if free:
        return RaisedByProgram(NameError(f"cannot access free variable {name!r} where it is not "
                                         f"associated with a value in enclosing scope"))
    return RaisedByProgram(UnboundLocalError(f"cannot access local variable {name!r} where it "
                                             f"is not associated with a value"))
