"""`issubclass(C, classes)` when a class asked about has a metaclass of the program with a
Python `__subclasscheck__`: the check is traced (its reads and side effects happen in the
trace, in CPython's order over a tuple, up to the first that accepts), its result's truth
taken as CPython takes it. Any other `issubclass` is left to the builtins' folding.

CPython asks `type(cls).__subclasscheck__` only when `cls` is not exactly a `type`; the
library's checks (abc, typing, torch) are left to the folding too (instance_checks.py).
"""

from __future__ import annotations

from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.values import registry
from compiler.values.base import Value
from compiler.values.builtins import HANDLERS
from compiler.values.constant import ConstantValue
from compiler.values.instance_checks import program_check


def _flat(targets: Any) -> list:
    if isinstance(targets, tuple):
        return [c for t in targets for c in _flat(t)]
    return [targets]


def _issubclass(tx, kind: Value, classes: Value):
    if not (kind.is_constant() and classes.is_constant()):
        return NotImplemented
    flat = _flat(classes.as_constant())
    if not any(program_check(c, "__subclasscheck__") for c in flat):
        return NotImplemented
    sub = kind.as_constant()
    if not isinstance(sub, type):
        raise Unsupported(
            "issubclass() of something not a class, with a metaclass check",
            BreakReason.UNSUPPORTED_CALL,
        )
    for cls in flat:
        check = program_check(cls, "__subclasscheck__")
        if check is None:
            if type(cls) is not type:
                raise Unsupported(
                    "issubclass() mixing a program's metaclass check and another's",
                    BreakReason.UNSUPPORTED_CALL,
                )
            answer = issubclass(sub, cls)  # type's own: the MRO
        else:
            result = registry.wrap(tx.ctx, check, None).call(
                tx, [registry.class_value(cls), kind], {}
            )
            answer = result.bool(tx)
        if answer:
            return ConstantValue(True)
    return ConstantValue(False)


HANDLERS[issubclass] = _issubclass
