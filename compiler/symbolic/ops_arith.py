"""Operators: binary, unary, comparisons, identity, membership and subscripts."""

from compiler.symbolic.registry import handles
from compiler.values import operators as ops
from compiler.values.constant import ConstantValue


@handles("BINARY_OP")
def binary_op(tx, inst):
    """(lhs, rhs -- result)"""
    rhs, lhs = tx.pop(), tx.pop()
    tx.push(ops.binary_op(tx, inst.argrepr, lhs, rhs))


@handles("UNARY_NEGATIVE")
def unary_negative(tx, inst):
    """(value -- result)"""
    tx.push(ops.unary_op(tx, "-", tx.pop()))


@handles("UNARY_POSITIVE")
def unary_positive(tx, inst):
    """(value -- result)"""
    tx.push(ops.unary_op(tx, "+", tx.pop()))


@handles("UNARY_INVERT")
def unary_invert(tx, inst):
    """(value -- result)"""
    tx.push(ops.unary_op(tx, "~", tx.pop()))


@handles("UNARY_NOT")
def unary_not(tx, inst):
    """(value -- bool)"""
    tx.push(ConstantValue(not tx.pop().bool(tx)))


@handles("COMPARE_OP")
def compare_op(tx, inst):
    """(lhs, rhs -- result)"""
    rhs, lhs = tx.pop(), tx.pop()
    tx.push(ops.compare(tx, inst.argval, lhs, rhs))


@handles("IS_OP")
def is_op(tx, inst):
    """(lhs, rhs -- bool)"""
    rhs, lhs = tx.pop(), tx.pop()
    tx.push(ConstantValue(ops.is_same(tx, lhs, rhs) != bool(inst.arg)))


@handles("CONTAINS_OP")
def contains_op(tx, inst):
    """(item, container -- bool)"""
    container, item = tx.pop(), tx.pop()
    tx.push(ConstantValue(container.contains(tx, item) != bool(inst.arg)))


@handles("BINARY_SUBSCR")
def binary_subscr(tx, inst):
    """(container, key -- item)"""
    key, container = tx.pop(), tx.pop()
    tx.push(container.getitem(tx, key))


@handles("STORE_SUBSCR")
def store_subscr(tx, inst):
    """(value, container, key -- )"""
    key, container, value = tx.pop(), tx.pop(), tx.pop()
    container.setitem(tx, key, value)


@handles("DELETE_SUBSCR")
def delete_subscr(tx, inst):
    """(container, key -- )"""
    key, container = tx.pop(), tx.pop()
    container.delitem(tx, key)
