"""Descriptors that compute a value on the first read and store it on the instance, where it
wins on later reads (they are not data descriptors): torch.distributions' `lazy_property` and
`functools.cached_property`."""

from __future__ import annotations

import functools

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import RaisedByProgram, Value
from compiler.values.callables import UserFunctionValue
from compiler.values.torch_functions import GradModeValue


def _lazy_property():
    from torch.distributions.utils import lazy_property
    return lazy_property


def _lazy_property_value(tx, raw, self_value: Value) -> Value:
    """torch.distributions' lazy_property: computed under enable_grad, then stored on the
    instance under the function's name (it is not a data descriptor: the stored one wins)."""
    mode = GradModeValue(True)
    mode.enter(tx)
    try:
        value = UserFunctionValue(raw.wrapped).call(tx, [self_value], {})
    finally:
        mode.exit(tx)
    self_value.setattr(tx, raw.wrapped.__name__, value)
    return value


def _cached_property_value(tx, raw: functools.cached_property, self_value: Value) -> Value:
    """`cached_property.__get__` with no cached value (the instance dict was looked at first):
    call the function, store the result straight into the instance dict under `attrname` (past
    the class's `__setattr__`, as object.__setattr__ stores it), return it. Its lock is
    uncontended in one thread: nothing to model."""
    if raw.attrname is None:
        raise RaisedByProgram(TypeError("Cannot use cached_property instance without calling "
                                        "__set_name__ on it."))
    store = getattr(self_value, "generic_setattr", None)
    if store is None:
        raise Unsupported("functools.cached_property on this kind of object",
                          BreakReason.UNSUPPORTED_ATTRIBUTE)
    value = UserFunctionValue(raw.func).call(tx, [self_value], {})
    store(tx, raw.attrname, value)
    return value


def computed_on_first_read(tx, raw, self_value: Value | None) -> Value | None:
    """The value of such a descriptor read on an instance, or None for other attributes."""
    if self_value is None:
        return None
    if type(raw) is _lazy_property():
        return _lazy_property_value(tx, raw, self_value)
    if type(raw) is functools.cached_property:
        return _cached_property_value(tx, raw, self_value)
    return None


def is_computed_on_first_read(raw) -> bool:
    """Whether `raw` is a descriptor whose first read on an instance is modelled here."""
    return type(raw) in (_lazy_property(), functools.cached_property)
