"""The late-bound edge of values/: making a tracker from a real object.

Every value kind hands out trackers for real objects it reaches (an attribute, an item, a
result computed at trace time), and `compiler/values/wrap.py`, which decides the kind of each
object, imports the kinds. So the kinds do not import wrap.py: they call `registry.wrap(ctx,
obj, source)` and `registry.wrap_constant(obj)`, looked up on this module at call time, and
wrap.py installs its functions here when it is imported (`compiler/values/__init__.py`
imports it, so any use of a value kind has them). This module imports no value kind.
"""

from __future__ import annotations

from typing import Any


def _not_installed(*args: Any) -> Any:
    raise RuntimeError("compiler.values.wrap has not installed its functions yet")


# Replaced by compiler/values/wrap.py at its import (`install`).
wrap = _not_installed
wrap_constant = _not_installed


def install(wrap_fn, wrap_constant_fn) -> None:
    """wrap.py gives its functions: `wrap(ctx, obj, source)` and `wrap_constant(obj)`."""
    global wrap, wrap_constant
    wrap, wrap_constant = wrap_fn, wrap_constant_fn
