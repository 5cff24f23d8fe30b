"""Loads and stores: constants, locals, globals, attributes, closure cells, imports."""

import sys
import types

from compiler.errors import BreakReason, Unsupported
from compiler.symbolic.registry import handles
from compiler.symbolic.translator import NULL
from compiler.values.call_errors import unbound_name
from compiler.values.callables import CellValue
from compiler.values.constant import ConstantValue


@handles("LOAD_CONST")
def load_const(tx, inst):
    """( -- value)"""
    value = inst.argval
    tx.push(ConstantValue(value) if isinstance(value, types.CodeType) else tx.const(value))


@handles("LOAD_FAST")
def load_fast(tx, inst):
    """( -- value)"""
    name = inst.argval
    if name in tx.locals:
        tx.push(tx.locals[name])
    elif name in tx.cells:  # an argument that is also a cell, before MAKE_CELL ran
        tx.push(tx.cells[name].load(tx, name, free=False))
    else:
        raise unbound_name(name, free=False)


@handles("STORE_FAST")
def store_fast(tx, inst):
    """(value -- )"""
    tx.locals[inst.argval] = tx.pop()


@handles("DELETE_FAST")
def delete_fast(tx, inst):
    """( -- )"""
    tx.locals.pop(inst.argval, None)


@handles("LOAD_GLOBAL")
def load_global(tx, inst):
    """( -- [NULL], value)"""
    if inst.arg & 1:
        tx.push(NULL)
    tx.push(tx.load_global(inst.argval))


@handles("STORE_GLOBAL")
def store_global(tx, inst):
    """(value -- )"""
    tx.ctx.side_effects.write_global(tx.f_globals, inst.argval, tx.pop())


@handles("LOAD_ATTR")
def load_attr(tx, inst):
    """(owner -- value)"""
    tx.push(tx.pop().getattr(tx, inst.argval))


@handles("LOAD_METHOD")
def load_method(tx, inst):
    """(owner -- NULL, bound method)"""
    owner = tx.pop()
    tx.push(NULL)
    tx.push(owner.getattr(tx, inst.argval))


@handles("STORE_ATTR")
def store_attr(tx, inst):
    """(value, owner -- )"""
    owner = tx.pop()
    value = tx.pop()
    owner.setattr(tx, inst.argval, value)


@handles("DELETE_ATTR")
def delete_attr(tx, inst):
    """(owner -- )"""
    tx.pop().delattr(tx, inst.argval)


@handles("MAKE_CELL")
def make_cell(tx, inst):
    """( -- ): a new cell for a variable captured by an inner function."""
    name = inst.argval
    tx.cells[name] = CellValue(contents=tx.locals.pop(name, None))


@handles("COPY_FREE_VARS")
def copy_free_vars(tx, inst):
    """( -- ): the closure's cells are bound when the translator is made."""


@handles("LOAD_CLOSURE")
def load_closure(tx, inst):
    """( -- cell)"""
    tx.push(tx.cells[inst.argval])


@handles("LOAD_DEREF")
def load_deref(tx, inst):
    """( -- value)"""
    name = inst.argval
    tx.push(tx.cells[name].load(tx, name, free=name in tx.code.co_freevars))


@handles("STORE_DEREF")
def store_deref(tx, inst):
    """(value -- )"""
    tx.cells[inst.argval].store(tx, tx.pop())


@handles("IMPORT_NAME")
def import_name(tx, inst):
    """(level, fromlist -- module)"""
    from compiler.values.objects import PythonModuleValue
    fromlist, level = tx.pop(), tx.pop()
    name = inst.argval
    if level.as_constant() != 0 or name not in sys.modules:
        raise Unsupported(f"import of {name} (not already imported)", BreakReason.SIDE_EFFECT)
    module = sys.modules[name]
    if not fromlist.as_constant() and "." in name:
        module = sys.modules[name.split(".")[0]]
    tx.push(PythonModuleValue(module))


@handles("IMPORT_FROM")
def import_from(tx, inst):
    """(module -- module, value)"""
    tx.push(tx.stack[-1].getattr(tx, inst.argval))


@handles("LOAD_BUILD_CLASS")
def load_build_class(tx, inst):
    """( -- __build_class__): a class statement inside the traced code"""
    from compiler.values.class_statement import BuildClassValue
    tx.push(BuildClassValue())


@handles("LOAD_ASSERTION_ERROR")
def load_assertion_error(tx, inst):
    """( -- AssertionError)"""
    from compiler.values.objects import ClassValue
    tx.push(ClassValue(AssertionError))
