"""Raising and handling exceptions, and `with` blocks, through the exception table."""

from compiler.errors import BreakReason, Unsupported
from compiler.symbolic.registry import handles
from compiler.values.base import RaisedByProgram
from compiler.values.constant import ConstantValue


def _exception_object(tx, value):
    from compiler.values.exceptions import ExceptionValue
    from compiler.values.objects import ClassValue
    if isinstance(value, ClassValue) and issubclass(value.cls, BaseException):
        value = value.call(tx, [], {})
    if not isinstance(value, ExceptionValue):
        raise RaisedByProgram(TypeError("exceptions must derive from BaseException"))
    return value.exc


@handles("RAISE_VARARGS")
def raise_varargs(tx, inst):
    """([exc[, cause]] -- ): raise"""
    if inst.arg == 0:
        if not tx.exc_stack:
            raise RaisedByProgram(RuntimeError("No active exception to reraise"))
        raise _reraised(tx, tx.exc_stack[-1].exc)
    cause = tx.pop() if inst.arg == 2 else None
    exc = _exception_object(tx, tx.pop())
    if cause is not None:  # `raise exc from cause`: None, an exception object or class
        if cause.is_constant() and cause.as_constant() is None:
            exc.__cause__ = None
        else:
            try:
                exc.__cause__ = _exception_object(tx, cause)
            except RaisedByProgram:
                raise RaisedByProgram(TypeError("exception causes must derive from "
                                                "BaseException")) from None
    tx.ctx.exception_contexts.raised_by_statement(tx, exc)
    raise _reraised(tx, exc)


def _reraised(tx, exc: BaseException) -> RaisedByProgram:
    """An exception raised whose `__context__` is already recorded (or, re-raised, kept); it
    has a traceback again."""
    tx.ctx.exception_contexts.mark_raised(exc)
    raised = RaisedByProgram(exc)
    raised.context_recorded = True
    return raised


@handles("RERAISE")
def reraise(tx, inst):
    """(exc -- ): re-raise the handled exception"""
    exc = tx.pop()
    if inst.arg:
        tx.pop()  # lasti
    raise _reraised(tx, exc.exc)


@handles("PUSH_EXC_INFO")
def push_exc_info(tx, inst):
    """(exc -- previous, exc)"""
    exc = tx.pop()
    tx.push(tx.exc_stack[-1] if tx.exc_stack else ConstantValue(None))
    tx.push(exc)
    tx.exc_stack.append(exc)


@handles("POP_EXCEPT")
def pop_except(tx, inst):
    """(previous -- )"""
    tx.pop()
    if tx.exc_stack:
        tx.exc_stack.pop()


@handles("CHECK_EXC_MATCH")
def check_exc_match(tx, inst):
    """(exc, type -- exc, bool)"""
    kind = tx.pop().as_constant()
    exc = tx.stack[-1]
    tx.push(ConstantValue(isinstance(exc.exc, kind)))




@handles("BEFORE_WITH")
def before_with(tx, inst):
    """(manager -- exit, enter result)"""
    from compiler.values.callables import UserMethodValue
    from compiler.values.objects import ObjectValue, class_attribute
    from compiler.values.torch_functions import GradExitValue, GradModeValue
    manager = tx.pop()
    entered = manager.enter_with(tx)  # a manager the compiler models whole (autocast)
    if entered is not None:
        tx.stack.extend(entered)
        return
    if isinstance(manager, GradModeValue):
        tx.push(GradExitValue(manager))
        tx.push(manager.enter(tx))
        return
    if isinstance(manager, ObjectValue):
        enter = class_attribute(tx, manager.cls, "__enter__", manager)
        exit_ = class_attribute(tx, manager.cls, "__exit__", manager)
        if isinstance(enter, UserMethodValue) and isinstance(exit_, UserMethodValue):
            tx.push(exit_)
            tx.push(enter.call(tx, [], {}))
            return
    raise Unsupported(f"with-block on {manager}", BreakReason.UNSUPPORTED_VALUE)


@handles("WITH_EXCEPT_START")
def with_except_start(tx, inst):
    """(exit, lasti, previous, exc -- exit, lasti, previous, exc, result)"""
    from compiler.values.exception_chaining import ExceptionTracebackValue
    exit_, exc = tx.stack[-4], tx.stack[-1]
    kind = ConstantValue(type(exc.exc))
    tx.push(exit_.call(tx, [kind, exc, ExceptionTracebackValue(exc.exc)], {}))


def blocks_around(bytecode, offset: int) -> list[tuple[str, int, int]]:
    """(kind, handler offset, stack depth) of every block whose span holds `offset`, outermost
    first. A block is told apart by its handler: a `with` block's starts PUSH_EXC_INFO,
    WITH_EXCEPT_START; a `try` block's (except or finally) PUSH_EXC_INFO then anything else;
    any other handler is the cleanup of an except or finally body ("cleanup"). A block's span
    is that of all its exception-table entries."""
    spans: dict[int, tuple[int, int, int]] = {}
    for entry in bytecode.exception_table:
        lo, hi, depth = spans.get(entry.target, (entry.start, entry.end, entry.depth))
        spans[entry.target] = (min(lo, entry.start), max(hi, entry.end), depth)
    blocks = []
    for target, (lo, hi, depth) in spans.items():
        if not lo <= offset < hi:
            continue
        index = bytecode.index(target)
        names = [inst.opname for inst in bytecode.instructions[index:index + 2]]
        kind = ("with" if names == ["PUSH_EXC_INFO", "WITH_EXCEPT_START"]
                else "try" if names[0] == "PUSH_EXC_INFO" else "cleanup")
        blocks.append((lo, kind, target, depth))
    return [(kind, target, depth) for _, kind, target, depth in sorted(blocks)]


def _resumable_exit_at(tx, depth: int) -> bool:
    """Whether the stack entry a `with` block's exit sits at is a resumable exit: one rebuilt
    at a break as a real callable undoing exactly that block's enter
    (compiler/values/block_exits.py: grad mode, autocast, inference mode, nullcontext)."""
    from compiler.values.block_exits import is_resumable_exit
    return 0 < depth <= len(tx.stack) and is_resumable_exit(tx.stack[depth - 1])


def handled_around(tx, offset: int) -> bool:
    """Whether an exception raised at `offset` would run code of the program on its way out:
    an except or finally body, or the exit of a `with` block other than a resumable one (whose
    exit runs no code of the program)."""
    if tx.bytecode.handler_for(offset) is None:
        return False
    for kind, _, depth in blocks_around(tx.bytecode, offset):
        if kind == "try" or (kind == "with" and not _resumable_exit_at(tx, depth)):
            return True
    return False


def resumable_blocks_around(tx, offset: int) -> bool:
    """Whether a graph break at `offset` can resume inside the blocks around it: no exception
    is being handled (an except or finally body holds one on the stack and in the thread's
    exception state), every `with` block has a resumable exit (rebuilt as a real callable, its
    state entered anew by the break runner), and `try` blocks are re-entered by the resume
    function, a copy of the code with its exception table."""
    if tx.exc_stack:
        return False
    for kind, _, depth in blocks_around(tx.bytecode, offset):
        if kind == "cleanup":
            return False
        if kind == "with" and not _resumable_exit_at(tx, depth):
            return False
    return True
