"""A `class` statement inside traced code: the class is built for real, once, at trace time.

Its body may only close over constants (and real cells), and may run no code of the program
(class_body.py). Eager builds a new class on every call, so the class, its instances and the
objects its body made may not leave the frame (the rebuild refuses them, compiler/graph/
output.py), and writes to the class die with the frame.
"""

from __future__ import annotations

import builtins
import types

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import Value
from compiler.values.callables import UserFunctionValue
from compiler.values.class_body import inert_body_names
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
        cells = {var: cell.cell_contents for var, cell in zip(body.code.co_freevars, closure)
                 if cell_is_full(cell)}
        made = inert_body_names(body.code, body.f_globals, cells, real_bases, options)
        cls = call_pure(builtins.__build_class__, [function, name.as_constant(), *real_bases],
                        options)
        tx.ctx.note_made_class(cls, made)
        return ClassValue(cls)


def cell_is_full(cell: types.CellType) -> bool:
    try:
        cell.cell_contents  # noqa: B018 - an empty cell raises ValueError
    except ValueError:
        return False
    return True
