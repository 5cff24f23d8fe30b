"""A `class` statement inside traced code: the class is built for real, once, at trace time.

Its body may close over constants and real cells (and over the trace's cells, which its methods
then share: `_real_cell`), and may run no code of the program
(class_body.py). Eager builds a new class on every call: the class and its instances leave the
frame only from a class the rebuild makes anew (a body that closes over nothing:
class_recipes.py), the objects its body made not at all (compiler/graph/output.py), and writes
to the class die with the frame.
"""

from __future__ import annotations

import builtins
import dis
import types

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import Value
from compiler.values.body_tensors import replace_body_tensors
from compiler.values.callables import UserFunctionValue
from compiler.values.class_body import check_made_enum, has_library_metaclass, inert_body_names
from compiler.values.class_recipes import class_statement_recipe
from compiler.values.constant import call_pure
from compiler.values.containers import is_plain, plain


def _real_cell(tx, cell, read_by_body: bool) -> types.CellType:
    """A real cell for the class body to close over. A cell of the trace gets a new real cell
    that stands for it: the methods made with it (and their closures) are traced with the
    trace's own cell (`real_cell_value`), so they read and write the enclosing function's
    variable. Its contents are a copy, for the class body's own run: a body that reads a
    mutable container would keep the copy, so it is refused."""
    if cell.real_cell is not None:
        return cell.real_cell
    if cell.contents is None:
        real = types.CellType()
    elif not is_plain(cell.contents):
        raise Unsupported("a class body that closes over traced values",
                          BreakReason.UNSUPPORTED_VALUE)
    else:
        contents = plain(cell.contents)
        if read_by_body and isinstance(contents, (list, dict, set)):
            raise Unsupported("a class body that reads a list, dict or set of the enclosing "
                              "function", BreakReason.UNSUPPORTED_VALUE)
        real = types.CellType(contents)
    tx.ctx.values_by_id[id(real)] = (real, cell)
    return real


def _read_by_body(code: types.CodeType) -> set[str]:
    """The free variables the class body itself loads (not those it only passes on to the
    closures of its methods)."""
    return {inst.argval for inst in dis.get_instructions(code)
            if inst.opname in ("LOAD_DEREF", "LOAD_CLASSDEREF")}


class BuildClassValue(Value):
    def call(self, tx, args, kwargs) -> Value:
        from compiler.values.objects import ClassValue
        body, name, *bases = args
        if not isinstance(body, UserFunctionValue) or body.fn is not None:
            raise Unsupported("__build_class__ of an existing function",
                              BreakReason.UNSUPPORTED_CALL)
        read = _read_by_body(body.code)
        trace_cells = body.closure(tx.ctx)
        closure = tuple(_real_cell(tx, cell, name in read)
                        for name, cell in zip(body.code.co_freevars, trace_cells))
        function = types.FunctionType(body.code, body.f_globals, body.code.co_name, None,
                                      closure or None)
        real_bases = [base.as_constant() for base in bases]
        options = {k: v.as_constant() for k, v in kwargs.items()}
        cells = {var: cell.cell_contents for var, cell in zip(body.code.co_freevars, closure)
                 if cell_is_full(cell)}
        made, reads, tensors = inert_body_names(body.code, body.f_globals, cells, real_bases,
                                                options)
        for chain in reads:
            _guard_global_read(tx, body.f_globals, chain)
        cls = call_pure(builtins.__build_class__, [function, name.as_constant(), *real_bases],
                        options)
        if has_library_metaclass(real_bases):  # all it holds was made with it, per call
            check_made_enum(cls)
            made = None
        replace_body_tensors(tx.ctx, cls, tensors)  # made by the graph on every call instead
        recipe = None if tensors else class_statement_recipe(
            body.code, body.f_globals, name.as_constant(), real_bases, options, trace_cells, read)
        tx.ctx.note_made_class(cls, made if made is None else made | set(tensors), recipe)
        return ClassValue(cls)


def _guard_global_read(tx, f_globals: dict, chain: tuple[str, ...]) -> None:
    """The body read a global (and attributes of a module in it) for real: read it through the
    trace too, which guards it as any global the frame reads. A global the trace wrote is
    not the real one yet: refused."""
    name, *attributes = chain
    if f_globals is not tx.f_globals or (id(f_globals), name) in (
            tx.ctx.side_effects.global_writes):
        raise Unsupported(f"a class body that reads the global {name!r} the compiled code "
                          f"wrote", BreakReason.UNSUPPORTED_VALUE)
    value = tx.load_global(name)
    for attribute in attributes:
        value = value.getattr(tx, attribute)


def cell_is_full(cell: types.CellType) -> bool:
    try:
        cell.cell_contents  # noqa: B018 - an empty cell raises ValueError
    except ValueError:
        return False
    return True
