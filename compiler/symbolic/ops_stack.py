"""Stack shuffling and no-ops."""

from compiler.symbolic.registry import handles
from compiler.symbolic.translator import NULL
from compiler.values.generators import drop_loop_iterator


@handles("NOP")
def nop(tx, inst):
    """( -- )"""


@handles("RESUME")
def resume(tx, inst):
    """( -- )"""


@handles("EXTENDED_ARG")
def extended_arg(tx, inst):
    """( -- ): dis has already folded it into the next instruction's argument."""


@handles("PRECALL")
def precall(tx, inst):
    """( -- ): 3.11 specialisation hook; CALL does the work."""


@handles("POP_TOP")
def pop_top(tx, inst):
    """(value -- ): a generator a `for` loop held alone is freed (closed) here."""
    drop_loop_iterator(tx, tx.pop())


@handles("PUSH_NULL")
def push_null(tx, inst):
    """( -- NULL)"""
    tx.push(NULL)


@handles("COPY")
def copy(tx, inst):
    """(item, [n-1 items] -- item, [n-1 items], item)"""
    tx.push(tx.stack[-inst.arg])


@handles("SWAP")
def swap(tx, inst):
    """(item, [n-2 items], top -- top, [n-2 items], item)"""
    n = inst.arg
    tx.stack[-1], tx.stack[-n] = tx.stack[-n], tx.stack[-1]
