"""CPython's protocol for an operator between objects of user classes: the left operand's
dunder, then the right operand's reflected one (the right's first when its class is a proper
subclass of the left's), a result of NotImplemented passing to the next. A binary operator
between two objects of one exact class never asks the reflected dunder (`M() + M()` is a
TypeError when `__add__` declines, whatever `__radd__` says); a comparison does. The operators
(operators.py) and `==` of objects (equality.py) share it; a value says which class's dunders
run for it (`Value.dunder_class()`).
"""

from __future__ import annotations

import types

from compiler.values import registry
from compiler.values.attributes import find_in_mro
from compiler.values.base import Value

COMPARISONS = ("__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__")


def dunder(tx, value: Value, name: str) -> Value | None:
    """The method `name` of the value's class bound to it, or None (not a user object, or its
    class has none)."""
    cls = value.dunder_class()
    if cls is None:
        return None
    return registry.class_attribute(tx, cls, name, value)  # binds the class's function


def try_dunders(tx, a: Value, b: Value, name: str, reflected: str) -> Value | None:
    """`a.name(b)`, else `b.reflected(a)`; None when neither is defined or both decline."""
    order = [(a, name, b), (b, reflected, a)]
    if name not in COMPARISONS and _same_class(a, b):
        order.pop()
    elif reflected_first(a, b, name, reflected):
        order.reverse()
    for receiver, hook, other in order:
        method = dunder(tx, receiver, hook)
        if method is not None:
            result = method.call(tx, [other], {})
            if not (result.is_constant() and result.as_constant() is NotImplemented):
                return result
    return None


def _same_class(a: Value, b: Value) -> bool:
    cls = a.dunder_class()
    return cls is not None and cls is b.dunder_class()


def plain_python_objects(a: Value, b: Value) -> bool:
    """Both values are instances of classes written wholly in Python (no builtin base but
    object, which has no number slots): when their dunders declined, nothing else is asked
    and the operator raises TypeError."""

    def plain(value: Value) -> bool:
        cls = value.dunder_class()
        return cls is not None and all(c is object or _written_in_python(c) for c in cls.__mro__)

    return plain(a) and plain(b)


def _written_in_python(cls: type) -> bool:
    """A class made by a class statement: a heap type with no slot wrapper of C's own (a C
    extension's heap type has them for its slots)."""
    return bool(cls.__flags__ & _HEAPTYPE) and not any(
        isinstance(v, types.WrapperDescriptorType) for v in vars(cls).values()
    )


_HEAPTYPE = 1 << 9  # Py_TPFLAGS_HEAPTYPE


def reflected_first(a: Value, b: Value, name: str, reflected: str) -> bool:
    """CPython tries the right operand first when its type is a proper subclass of the left's
    (for binary operators: one that overrides the reflected method)."""
    cls_a, cls_b = a.dunder_class(), b.dunder_class()
    if cls_a is None or cls_b is None:
        return False
    if cls_a is cls_b or not issubclass(cls_b, cls_a):
        return False
    comparison = name in COMPARISONS
    return comparison or find_in_mro(cls_b, reflected)[1] is not find_in_mro(cls_a, reflected)[1]
