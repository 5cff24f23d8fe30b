"""Calls and function creation."""

from compiler.symbolic.registry import handles
from compiler.symbolic.translator import NullValue
from compiler.values.callables import UserFunctionValue
from compiler.values.containers import DictValue
from compiler.values.generators import note_made_by_call


@handles("KW_NAMES")
def kw_names(tx, inst):
    """( -- ): names the keyword arguments of the next CALL."""
    tx.kw_names = tx.code.co_consts[inst.arg]


@handles("CALL")
def call(tx, inst):
    """(NULL | method, callable | self, args*n -- result)"""
    args = tx.popn(inst.arg)
    second, first = tx.pop(), tx.pop()
    if isinstance(first, NullValue):
        fn = second
    else:
        fn, args = first, [second, *args]
    kwargs = {}
    if tx.kw_names:
        names = tx.kw_names
        tx.kw_names = ()
        kwargs = dict(zip(names, args[len(args) - len(names):]))
        args = args[:len(args) - len(names)]
    result = fn.call(tx, args, kwargs)
    note_made_by_call(tx, fn, result)
    tx.push(result)


@handles("CALL_FUNCTION_EX")
def call_function_ex(tx, inst):
    """(NULL, callable, args tuple[, kwargs dict] -- result)"""
    kwargs = {}
    if inst.arg & 1:
        mapping = tx.pop()
        if isinstance(mapping, DictValue):
            kwargs = {k.as_constant(): v for k, v in mapping.entries.values()}
        else:
            kwargs = {k.as_constant(): mapping.getitem(tx, k) for k in mapping.unpack(tx)}
    args = tx.pop().unpack(tx)
    fn = tx.pop()
    if tx.stack and isinstance(tx.stack[-1], NullValue):
        tx.pop()
    tx.push(fn.call(tx, args, kwargs))


@handles("MAKE_FUNCTION")
def make_function(tx, inst):
    """([defaults, kwdefaults, annotations, closure,] code -- function)"""
    code = tx.pop().as_constant()
    flags = inst.arg
    closure = tx.pop().items if flags & 0x08 else None
    annotations = tx.pop().items if flags & 0x04 else None  # (name, value) pairs, flat
    kwdefaults = ({k.as_constant(): v for k, v in tx.pop().entries.values()}
                  if flags & 0x02 else {})
    defaults = tx.pop().items if flags & 0x01 else []
    fn = UserFunctionValue(None, code=code, f_globals=tx.f_globals, defaults=defaults,
                           kwdefaults=kwdefaults, closure=closure or [], name=code.co_qualname)
    from compiler.values.containers import DictValue  # (CPython makes {} on first read)
    pairs = annotations or []
    fn.attributes["__annotations__"] = DictValue.from_pairs(zip(pairs[::2], pairs[1::2]))
    tx.push(fn)
