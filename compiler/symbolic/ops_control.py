"""Jumps, loops, returns and generator yields (a generator runs one step per next())."""

import builtins

from compiler.config import config
from compiler.errors import BreakReason, Unsupported
from compiler.symbolic.registry import handles
from compiler.values.base import RaisedByProgram
from compiler.values.constant import ConstantValue


@handles("JUMP_FORWARD")
def jump_forward(tx, inst):
    """( -- )"""
    tx.jump(inst)


@handles("JUMP_BACKWARD")
def jump_backward(tx, inst):
    """( -- ): a loop's back edge; counted, so an unbounded loop stops the trace."""
    tx.ctx.loop_iterations += 1
    if tx.ctx.loop_iterations > config.max_loop_iterations:
        raise Unsupported(f"a loop ran more than {config.max_loop_iterations} iterations",
                          BreakReason.UNSUPPORTED_VALUE)
    tx.jump(inst)


@handles("JUMP_BACKWARD_NO_INTERRUPT")
def jump_backward_no_interrupt(tx, inst):
    """( -- )"""
    tx.jump(inst)


def _pop_jump(when):
    def handler(tx, inst):
        if when(tx, tx.pop()):
            tx.jump(inst)
    return handler


def _is_none(tx, value):
    return value.is_constant() and value.as_constant() is None


for _name, _test in {
    "TRUE": lambda tx, v: v.bool(tx), "FALSE": lambda tx, v: not v.bool(tx),
    "NONE": _is_none, "NOT_NONE": lambda tx, v: not _is_none(tx, v),
}.items():
    for _direction in ("FORWARD", "BACKWARD"):
        _opname = f"POP_JUMP_{_direction}_IF_{_name}"
        _handler = _pop_jump(_test)
        _handler.__name__ = _opname.lower()
        _handler.__doc__ = "(value -- )"
        handles(_opname)(_handler)


@handles("JUMP_IF_TRUE_OR_POP")
def jump_if_true_or_pop(tx, inst):
    """(value -- value if jumping)"""
    if tx.stack[-1].bool(tx):
        tx.jump(inst)
    else:
        tx.pop()


@handles("JUMP_IF_FALSE_OR_POP")
def jump_if_false_or_pop(tx, inst):
    """(value -- value if jumping)"""
    if not tx.stack[-1].bool(tx):
        tx.jump(inst)
    else:
        tx.pop()


@handles("GET_ITER")
def get_iter(tx, inst):
    """(iterable -- iterator)"""
    from compiler.values.generators import note_loop_iterator
    iterator = tx.pop().iter(tx)
    note_loop_iterator(tx, iterator)
    tx.push(iterator)


@handles("FOR_ITER")
def for_iter(tx, inst):
    """(iterator -- iterator, next) or (iterator -- ) at the end"""
    try:
        tx.push(tx.stack[-1].next(tx))
    except RaisedByProgram as raised:
        if not isinstance(raised.exc, StopIteration):
            raise
        tx.pop()
        tx.jump(inst)


@handles("RETURN_VALUE")
def return_value(tx, inst):
    """(value -- )"""
    tx.result = tx.pop()


@handles("RETURN_GENERATOR")
def return_generator(tx, inst):
    """( -- None): the generator object is made by the call (values/generators.py); its
    frame starts here on the first next()."""
    tx.push(ConstantValue(None))


@handles("YIELD_VALUE")
def yield_value(tx, inst):
    """(value -- sent): the frame suspends; resuming pushes the value sent in. A generator
    freed while suspended is closed (GeneratorExit raised at its yield), which runs the
    program's cleanup code when the yield is inside a `with` or `finally` block or an except
    clause that may catch GeneratorExit (an except clause naming builtin exception types that
    GeneratorExit is not runs nothing: Sequence.__iter__'s IndexError; nor does an except
    body's own cleanup, popping the handled exception and unbinding its name).
    The frame notes which: a generator still suspended there when the trace ends is refused
    (values/generators.py, `check_closed`)."""
    tx.closing_runs_code = _closing_runs_code(tx, inst.offset)
    tx.suspended = tx.pop()


def _closing_runs_code(tx, offset: int) -> bool:
    """Whether GeneratorExit raised at `offset` runs program code on its way out, following it
    from handler to handler: a `with` block's exit does; an except clause's tests or CPython's
    own cleanup of an except or finally body, each ending in a RERAISE, do not (the RERAISE
    passes it on to the handler around it); anything else does."""
    bytecode, seen = tx.bytecode, set()
    entry = bytecode.handler_for(offset)
    while entry is not None:
        if entry.target in seen:
            return True
        seen.add(entry.target)
        index = bytecode.index(entry.target)
        names = [inst.opname for inst in bytecode.instructions[index:index + 2]]
        if names == ["PUSH_EXC_INFO", "WITH_EXCEPT_START"]:
            return True
        reraise = (_unmatched_clauses_reraise(tx, index) if names[0] == "PUSH_EXC_INFO"
                   else _cleanup_reraise(tx, index))
        if reraise is None:
            return True
        entry = bytecode.handler_for(reraise)
    return False


# what CPython's own cleanup of an except or finally body runs: pop the handled exception,
# unbind the `as` name, re-raise (no program code)
_CLEANUP_OPS = frozenset({"COPY", "POP_EXCEPT", "LOAD_CONST", "STORE_FAST", "DELETE_FAST"})


def _cleanup_reraise(tx, index: int) -> int | None:
    """The offset of the RERAISE ending the cleanup handler at instruction `index` if it is
    CPython's own, else None."""
    for inst in tx.bytecode.instructions[index:]:
        if inst.opname == "RERAISE":
            return inst.offset
        if inst.opname not in _CLEANUP_OPS or (inst.opname == "LOAD_CONST"
                                               and inst.argval is not None):
            return None
    return None


def _unmatched_clauses_reraise(tx, index: int) -> int | None:
    """The offset of the RERAISE GeneratorExit reaches in the handler at instruction `index`
    if it is except clauses only, each naming builtin exception classes (not shadowed by a
    global) that GeneratorExit is not an instance of, falling through to RERAISE: no finally
    body, no bare except. Else None."""
    insts, index = tx.bytecode.instructions, index + 1
    while index < len(insts):
        inst = insts[index]
        if inst.opname == "RERAISE":
            return inst.offset
        first = index
        while insts[index].opname == "LOAD_GLOBAL":
            name = insts[index].argval
            kind = getattr(builtins, name, None)
            if name in tx.f_globals or not (isinstance(kind, type)
                                            and issubclass(kind, BaseException)) \
                    or issubclass(GeneratorExit, kind):
                return None
            index += 1
        if insts[index].opname == "BUILD_TUPLE":
            index += 1
        if index == first or insts[index].opname != "CHECK_EXC_MATCH":
            return None
        skip = insts[index + 1]
        if skip.opname != "POP_JUMP_FORWARD_IF_FALSE":
            return None
        index = tx.bytecode.index(skip.argval)
    return None


@handles("GET_YIELD_FROM_ITER")
def get_yield_from_iter(tx, inst):
    """(iterable -- iterator)"""
    tx.push(tx.pop().iter(tx))


@handles("SEND")
def send(tx, inst):
    """(iterator, sent -- iterator, yielded) or (iterator, sent -- returned) and jump"""
    sent = tx.pop()
    iterator = tx.stack[-1]
    try:
        if sent.is_constant() and sent.as_constant() is None:
            tx.push(iterator.next(tx))
        else:
            tx.push(iterator.call_method(tx, "send", [sent], {}))
    except RaisedByProgram as raised:
        if not isinstance(raised.exc, StopIteration):
            raise
        tx.pop()
        tx.push(tx.const(raised.exc.value))
        tx.jump(inst)
