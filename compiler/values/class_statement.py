"""A `class` statement inside traced code: the class is built for real, once, at trace time.

Its body may only close over constants (and real cells); the class object is then a constant of
the compiled code, shared by every call, where eager would build a new one per call.
"""

from __future__ import annotations

import builtins
import types

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import Value
from compiler.values.callables import UserFunctionValue
from compiler.values.constant import call_pure
from compiler.values.containers import is_plain, plain


def _real_cell(tx, cell) -> types.CellType:
    if cell.real_cell is not None:
        return cell.real_cell
    if cell.contents is None:
        return types.CellType()
    if not is_plain(cell.contents):
        raise Unsupported("a class body that closes over traced values",
                          BreakReason.UNSUPPORTED_VALUE)
    return types.CellType(plain(cell.contents))


class BuildClassValue(Value):
    def call(self, tx, args, kwargs) -> Value:
        from compiler.values.objects import ClassValue
        body, name, *bases = args
        if not isinstance(body, UserFunctionValue) or body.fn is not None:
            raise Unsupported("__build_class__ of an existing function",
                              BreakReason.UNSUPPORTED_CALL)
        closure = tuple(_real_cell(tx, cell) for cell in body.closure(tx.ctx))
        function = types.FunctionType(body.code, body.f_globals, body.code.co_name, None,
                                      closure or None)
        real_bases = [base.as_constant() for base in bases]
        options = {k: v.as_constant() for k, v in kwargs.items()}
        cls = call_pure(builtins.__build_class__, [function, name.as_constant(), *real_bases],
                        options)
        return ClassValue(cls)
