"""The late-bound edges of values/: making a tracker from a real object, and `in`'s test.

Every value kind hands out trackers for real objects it reaches (an attribute, an item, a
result computed at trace time), and `compiler/values/wrap.py`, which decides the kind of each
object, imports the kinds. So the kinds do not import wrap.py: they call `registry.wrap(ctx,
obj, source)` and `registry.wrap_constant(obj)`, looked up on this module at call time, and
wrap.py installs its functions here when it is imported (`compiler/values/__init__.py`
imports it, so any use of a value kind has them). Likewise `same_or_equal(tx, a, b)` (`a is b
or a == b`, as containers compare members), which the base's default `contains` needs and
which asks identity and `==` of every kind: containers.py installs it. This module imports no
value kind.
"""

from __future__ import annotations

from typing import Any


def _not_installed(*args: Any) -> Any:
    raise RuntimeError("compiler.values.wrap has not installed its functions yet")


# Replaced by compiler/values/wrap.py at its import (`install`).
wrap = _not_installed
wrap_constant = _not_installed
same_or_equal = _not_installed  # replaced by compiler/values/containers.py


def install(wrap_fn, wrap_constant_fn) -> None:
    """wrap.py gives its functions: `wrap(ctx, obj, source)` and `wrap_constant(obj)`."""
    global wrap, wrap_constant
    wrap, wrap_constant = wrap_fn, wrap_constant_fn


def install_membership(same_or_equal_fn) -> None:
    global same_or_equal
    same_or_equal = same_or_equal_fn
