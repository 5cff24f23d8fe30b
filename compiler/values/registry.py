"""The late-bound edges of values/: the few calls from a low value kind up to the modules that
know every kind, looked up on this module at call time.

Each name below is installed by the module that owns it, when that module is imported
(`compiler/values/__init__.py` imports them, so any use of a value kind has them); the
kinds call `registry.<name>(...)` instead of importing the owner, which imports them. This
module imports no value kind. The edges, and why each is late-bound:

- `wrap(ctx, obj, source)`, `wrap_constant(obj)` (wrap.py): making a tracker from a real object.
  wrap.py decides the kind of every object, so it imports every kind.
- `compare(tx, symbol, a, b)`, `same_or_equal(tx, a, b)` (operators.py): `a < b`, and `a is b or
  a == b` as containers compare members (the base's default `in`, list.index, list.sort,
  equality.py's `==` of two containers' items). Both ask identity, `==` and the dunders of
  any kind, so operators.py imports the kinds and equality.py.
- `class_value(cls)`, `class_attribute(tx, cls, name, self_value)` (objects.py): the tracker
  of a class (`x.__class__` of a constant, a container, a tensor, an nn.Module) and an
  attribute found on a class (a named tuple's own methods, an nn.Module's `forward`, methods
  and overriding `__call__`, the dunders operators.py runs on a user object). A class binds
  its functions into methods and constructs instances, so objects.py imports callables,
  construct and the rest.
- `plain(value)`, `is_plain(value)` (containers.py): a real copy of a constant or of a list or
  dict of constants, for a pure function (a str method given `{0[1]}` arguments); containers.py
  builds on constant.py, whose pure methods call it.
"""

from __future__ import annotations

from typing import Any

LATE_BOUND = ("wrap", "wrap_constant", "compare", "same_or_equal", "class_value",
              "class_attribute", "plain", "is_plain")


def _not_installed(*args: Any) -> Any:
    raise RuntimeError("compiler.values.registry: called before its owner module was imported")


wrap = wrap_constant = compare = same_or_equal = class_value = class_attribute = _not_installed
plain = is_plain = _not_installed


def install(**functions) -> None:
    """The owner module of each late-bound name gives its function (see LATE_BOUND)."""
    unknown = set(functions) - set(LATE_BOUND)
    if unknown:
        raise ValueError(f"not late-bound names: {sorted(unknown)}")
    globals().update(functions)
