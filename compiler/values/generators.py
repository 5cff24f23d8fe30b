"""Generators as Python runs them: a generator object holds its suspended frame (a Translator)
and runs it one step per `next`, so the body's side effects interleave with the consumer's and
an abandoned generator never runs the rest of its body.

Iterators that are lazy in CPython (zip, enumerate, islice, chain) over a generator are lazy
here too (`LazyIteratorValue`), map and filter always are (their function runs once per step),
and any/all stop at the deciding item. A yield inside a `finally`, a `with` or an except
body is traced: a generator run to its end runs that code in the trace, as Python does; one
left suspended there when the trace ends is refused (`check_closed`), since Python would run
that code when it frees the generator, which the trace does not see.
"""

from __future__ import annotations

import itertools
import types
from collections.abc import Callable

from compiler.errors import BreakReason, Unsupported
from compiler.values import registry
from compiler.values.attributes import bound_method
from compiler.values.base import RaisedByProgram, Value, next_until_stop
from compiler.values.constant import ConstantValue
from compiler.values.containers import TupleValue
from compiler.values.exception_context import unchained


class GeneratorValue(Value):
    """A generator object made in the trace; `frame` is its not yet finished Translator."""

    steps_run_code = True

    def __init__(self, frame):
        super().__init__(None)
        self.frame = frame
        self.finished = False
        self.running = False
        self.made_by_call = None  # (frame, index) of the CALL of its function that made it
        self.held_by_loop_only = False  # made by that call straight into a `for` loop

    def __repr__(self) -> str:
        return f"GeneratorValue({self.frame.code.co_name}{', done' if self.finished else ''})"

    def python_type(self) -> type:
        return types.GeneratorType

    def is_fresh_object(self) -> bool:
        return True

    def reconstruct(self, plan) -> str:
        raise Unsupported("a generator object leaving the compiled code",
                          BreakReason.UNSUPPORTED_VALUE)

    def iter(self, tx) -> Value:
        return self

    def next(self, tx) -> Value:
        return self.send(tx, ConstantValue(None))

    def send(self, tx, value: Value) -> Value:
        """Run the frame to its next yield (its value) or its end (StopIteration)."""
        if self.finished:
            raise RaisedByProgram(StopIteration())
        if self.running:
            raise RaisedByProgram(ValueError("generator already executing"))
        frame = self.frame
        if frame.ip == 0:
            if not (value.is_constant() and value.as_constant() is None):
                raise RaisedByProgram(TypeError("can't send non-None value to a just-started "
                                                "generator"))
        else:
            frame.push(value)  # what the suspended yield expression gives
        return self._resume(frame.run)

    def throw(self, tx, exc: BaseException) -> Value:
        """Raise `exc` at the suspended yield: the frame's handlers see it there. Suspended in
        a `yield from`, the iterator it delegates to gets it first (CPython's gen_throw)."""
        if self.running:
            raise RaisedByProgram(ValueError("generator already executing"))
        inner = self._delegate()
        if inner is not None and isinstance(exc, GeneratorExit):
            error = self._close_delegate(tx, inner)
            return self._throw_here(error.exc if error is not None else exc)
        if inner is not None and isinstance(inner, GeneratorValue):
            return self._throw_into_delegate(tx, inner, exc)
        if inner is not None and _has_method(inner, "throw"):
            raise Unsupported("generator.throw() into a `yield from` of an iterator with its "
                              "own throw()", BreakReason.UNSUPPORTED_CALL)
        return self._throw_here(exc)

    def _throw_here(self, exc: BaseException) -> Value:
        frame = self.frame
        if self.finished or frame.ip == 0:  # not started: it finishes, raising
            self.finished = True
            raise unchained(frame, exc)

        def raise_at_yield():
            frame.route_exception(unchained(frame, exc))  # to its handler, or out
            return frame.run()

        return self._resume(raise_at_yield)

    def _delegate(self) -> Value | None:
        """The iterator a `yield from` suspended here delegates to (on the stack, the yield
        followed by RESUME 2), or None."""
        frame = self.frame
        if self.finished or frame.ip == 0 or frame.ip >= len(frame.bytecode.instructions):
            return None
        after = frame.bytecode.instructions[frame.ip]
        if after.opname != "RESUME" or after.arg < 2 or not frame.stack:
            return None
        return frame.stack[-1]

    def _close_delegate(self, tx, inner: Value) -> RaisedByProgram | None:
        """Close the iterator delegated to (this generator running meanwhile); its error."""
        if not isinstance(inner, GeneratorValue):
            if _has_method(inner, "close"):
                raise Unsupported("closing a `yield from` of an iterator with its own close()",
                                  BreakReason.UNSUPPORTED_CALL)
            return None
        self.running = True
        try:
            inner.close(tx)
        except RaisedByProgram as raised:
            return raised
        finally:
            self.running = False
        return None

    def _throw_into_delegate(self, tx, inner: GeneratorValue, exc: BaseException) -> Value:
        """What the delegated-to generator yields; when it ends, this one resumes after the
        `yield from` with its return value, or raises its error there."""
        frame = self.frame
        self.running = True
        try:
            return inner.throw(tx, exc)
        except RaisedByProgram as raised:
            ended = raised
        finally:
            self.running = False
        frame.pop()  # the iterator delegated to
        send = frame.bytecode.instructions[frame.index - 1]
        after_loop = frame.bytecode.index(send.argval)
        if isinstance(ended.exc, StopIteration):
            frame.ip = after_loop
            frame.push(frame.const(ended.exc.value))
            return self._resume(frame.run)
        frame.index = after_loop - 1  # where CPython raises it: the end of the SEND loop

        def raise_after_loop():
            frame.route_exception(ended)
            return frame.run()

        return self._resume(raise_after_loop)

    def close(self, tx) -> Value:
        """GeneratorExit at the yield (after closing what a `yield from` delegates to); the
        generator must not yield again."""
        if self.finished or self.frame.ip == 0:
            self.finished = True
            return ConstantValue(None)
        if self.running:
            raise RaisedByProgram(ValueError("generator already executing"))
        inner = self._delegate()
        error = self._close_delegate(tx, inner) if inner is not None else None
        try:
            self._throw_here(error.exc if error is not None else GeneratorExit())
        except RaisedByProgram as raised:
            if isinstance(raised.exc, (GeneratorExit, StopIteration)):
                self.finished = True
                return ConstantValue(None)
            raise
        raise RaisedByProgram(RuntimeError("generator ignored GeneratorExit"))

    def _resume(self, run) -> Value:
        frame = self.frame
        self.running = True
        try:
            run()
        except RaisedByProgram as raised:
            self.finished = True
            if isinstance(raised.exc, StopIteration):  # PEP 479, chained as CPython does
                error = RuntimeError("generator raised StopIteration")
                error.__cause__ = raised.exc
                raise RaisedByProgram(error) from None
            raise
        except BaseException:
            self.finished = True
            raise
        finally:
            self.running = False
        if frame.suspended is not None:
            yielded, frame.suspended = frame.suspended, None
            return yielded
        self.finished = True
        result = frame.result
        if not result.is_constant():
            raise Unsupported("a generator returning a traced value",
                              BreakReason.UNSUPPORTED_VALUE)
        returned = result.as_constant()
        raise RaisedByProgram(StopIteration() if returned is None else StopIteration(returned))

    def drain(self, tx) -> list[Value]:
        return next_until_stop(tx, self)

    def contains(self, tx, item: Value) -> bool:
        return _first(tx, self, lambda candidate: registry.same_or_equal(tx, candidate, item))

    def getattr(self, tx, name: str) -> Value:
        if name == "gi_running":
            return ConstantValue(self.running)
        if name == "gi_suspended":  # started, not finished, not running
            return ConstantValue(bool(self.frame.ip) and not self.finished and not self.running)
        return bound_method(self, name)  # send, close, throw, __next__

    def call_method(self, tx, name: str, args, kwargs) -> Value:
        if name == "send" and len(args) == 1 and not kwargs:
            return self.send(tx, args[0])
        if name == "close" and not args and not kwargs:
            return self.close(tx)
        if name == "throw" and len(args) == 1 and not kwargs:
            return self.throw(tx, _exception_of(tx, args[0]))
        if name == "throw" and len(args) == 3 and not kwargs:  # (type, value, traceback)
            kind, value, _ = args  # contextlib's __exit__; the traceback is not modelled
            no_value = value.is_constant() and value.as_constant() is None
            exc = _exception_of(tx, kind if no_value else value)
            if not isinstance(exc, kind.as_constant()):
                raise Unsupported("generator.throw(type, value) of another type",
                                  BreakReason.UNSUPPORTED_CALL)
            return self.throw(tx, exc)
        if name == "__next__" and not args and not kwargs:
            return self.next(tx)
        raise Unsupported(f"generator.{name}", BreakReason.UNSUPPORTED_CALL)


def note_made_by_call(tx, fn: Value, result: Value) -> None:
    """CALL of a user generator function (or method): the generator it made is new, and so
    far held by nothing but the stack slot the CALL leaves it in."""
    from compiler.values.callables import UserFunctionValue, UserMethodValue
    target = fn.function if isinstance(fn, UserMethodValue) else fn
    if (isinstance(result, GeneratorValue) and isinstance(target, UserFunctionValue)
            and result.frame.code is target.code and result.frame.ip == 0
            and result.frame.parent is tx):
        result.made_by_call = (tx, tx.index)


def note_loop_iterator(tx, iterator: Value) -> None:
    """GET_ITER between that CALL and a FOR_ITER (`for v in gen(...)`): the loop's stack slot
    is the generator's only reference until the loop pops it."""
    insts = tx.bytecode.instructions
    if (isinstance(iterator, GeneratorValue) and iterator.made_by_call is not None
            and iterator.made_by_call[0] is tx and iterator.made_by_call[1] == tx.index - 1
            and insts[tx.index - 1].opname == "CALL" and tx.index + 1 < len(insts)
            and insts[tx.index + 1].opname == "FOR_ITER"):
        iterator.held_by_loop_only = True


def drop_loop_iterator(tx, value: Value) -> None:
    """The loop popped its iterator (break, return): a generator held by nothing else is
    freed there, and CPython closes it, running its cleanup then. An error closing it would
    be printed as unraisable and ignored: refused."""
    if not (isinstance(value, GeneratorValue) and value.held_by_loop_only
            and not value.finished):
        return
    try:
        value.close(tx)
    except RaisedByProgram as raised:
        raise Unsupported(f"closing an abandoned generator raised {type(raised.exc).__name__} "
                          "(ignored by CPython)", BreakReason.UNSUPPORTED_VALUE) from None


def check_closed(ctx) -> None:
    """No generator of the trace may be left suspended at a yield where closing it (when
    Python frees it: at once for `next(gen())`, else with the frame) runs program code."""
    for generator in ctx.generators:
        if not generator.finished and generator.frame.ip and generator.frame.closing_runs_code:
            raise Unsupported(f"an unfinished generator ({generator.frame.code.co_name}) "
                              "suspended inside a with, finally or except block: closing it "
                              "would run that code", BreakReason.UNSUPPORTED_VALUE)


def _has_method(value: Value, name: str) -> bool:
    from compiler.values.iterators import SequenceIteratorValue
    if isinstance(value, SequenceIteratorValue) and value.real is None:
        return False  # a builtin sequence's iterator made in the trace: no throw or close
    try:
        return hasattr(value.python_type(), name)
    except Unsupported:
        return True  # unknown: as if it had it (refused)


def _exception_of(tx, value: Value) -> BaseException:
    """gen.throw(exc) with an exception object or class made in the trace."""
    held = value.held_object() if value.python_type() is type else None
    if isinstance(held, type) and issubclass(held, BaseException):
        value = value.call(tx, [], {})
    exc = value.as_constant() if isinstance(value.python_type(), type) and issubclass(
        value.python_type(), BaseException) else None
    if not isinstance(exc, BaseException):
        raise Unsupported(f"generator.throw({value})", BreakReason.UNSUPPORTED_CALL)
    return exc


class LazyIteratorValue(Value):
    """A CPython iterator that pulls from its inputs only when it is advanced: `step(tx)`
    gives the next item or raises StopIteration as a RaisedByProgram."""

    steps_run_code = True

    def __init__(self, kind: type, step: Callable):
        super().__init__(None)
        self.kind = kind
        self.step = step

    def __repr__(self) -> str:
        return f"LazyIteratorValue({self.kind.__name__})"

    def python_type(self) -> type:
        return self.kind

    def is_fresh_object(self) -> bool:
        return True

    def reconstruct(self, plan) -> str:
        raise Unsupported("a lazy iterator over a generator leaving the compiled code",
                          BreakReason.UNSUPPORTED_VALUE)

    def iter(self, tx) -> Value:
        return self

    def next(self, tx) -> Value:
        return self.step(tx)

    drain = GeneratorValue.drain
    contains = GeneratorValue.contains

    def getattr(self, tx, name: str) -> Value:
        return bound_method(self, name)

    def call_method(self, tx, name: str, args, kwargs) -> Value:
        if name == "__next__" and not args and not kwargs:
            return self.next(tx)
        raise Unsupported(f"{self.kind.__name__}.{name}", BreakReason.UNSUPPORTED_CALL)


class _Sequence:
    def __getitem__(self, i):
        raise IndexError(i)


SEQUENCE_ITERATOR = type(iter(_Sequence()))


def sequence_iterator(getitem: Value) -> LazyIteratorValue:
    """CPython's iterator over `__getitem__`: index 0, 1, ... one call per step, until it
    raises IndexError or StopIteration; after that, never called again."""
    position = itertools.count()
    done = [False]

    def step(tx):
        if done[0]:
            _stop()
        try:
            return getitem.call(tx, [ConstantValue(next(position))], {})
        except RaisedByProgram as raised:
            if isinstance(raised.exc, (IndexError, StopIteration)):
                done[0] = True
                _stop()
            raise

    return LazyIteratorValue(SEQUENCE_ITERATOR, step)


def reversed_sequence(tx, obj: Value) -> LazyIteratorValue:
    """CPython's reversed object over `__len__` and `__getitem__`: the length once, now,
    then one `__getitem__` per step from the end, ending at IndexError or StopIteration."""
    position = [obj.len(tx) - 1]

    def step(tx):
        if position[0] < 0:
            _stop()
        try:
            item = obj.getitem(tx, ConstantValue(position[0]))
        except RaisedByProgram as raised:
            if isinstance(raised.exc, (IndexError, StopIteration)):
                position[0] = -1
                _stop()
            raise
        position[0] -= 1
        return item

    return LazyIteratorValue(reversed, step)


CALL_ITERATOR = type(iter(int, 1))


def call_iterator(fn: Value, sentinel: Value) -> LazyIteratorValue:
    """iter(fn, sentinel): fn() per step until it returns the sentinel (identity, then ==) or
    raises StopIteration; after that, fn is never called again."""
    done = [False]

    def step(tx):
        if done[0]:
            _stop()
        try:
            item = fn.call(tx, [], {})
        except RaisedByProgram as raised:
            if isinstance(raised.exc, StopIteration):
                done[0] = True
                _stop()
            raise
        if registry.same_or_equal(tx, item, sentinel):
            done[0] = True
            _stop()
        return item

    return LazyIteratorValue(CALL_ITERATOR, step)


def is_lazy(value: Value) -> bool:
    """Iterated one step at a time by running program code: a generator, a lazy iterator,
    or an instance of a user class (its `__next__` or `__getitem__`)."""
    return value.steps_run_code


def _advance(tx, iterator: Value) -> Value | None:
    """The next item, or None at the end."""
    try:
        return iterator.next(tx)
    except RaisedByProgram as raised:
        if isinstance(raised.exc, StopIteration):
            return None
        raise


def _first(tx, iterator: Value, test: Callable[[Value], bool]) -> bool:
    """Whether an item passes `test`, advancing no further than the first that does."""
    while (item := _advance(tx, iterator)) is not None:
        if test(item):
            return True
    return False


def _stop():
    raise RaisedByProgram(StopIteration())


def _zip(tx, *iterables, strict=None):
    if strict is not None:
        raise Unsupported("zip(strict=...) over a generator", BreakReason.UNSUPPORTED_CALL)
    iterators = [it.iter(tx) for it in iterables]

    def step(tx):
        items = []
        for iterator in iterators:  # in order, stopping at the first exhausted one
            item = _advance(tx, iterator)
            if item is None:
                _stop()
            items.append(item)
        return TupleValue(items)

    return LazyIteratorValue(zip, step)


def _enumerate(tx, iterable, start=None):
    iterator = iterable.iter(tx)
    count = itertools.count(start.as_constant() if start is not None else 0)

    def step(tx):
        item = _advance(tx, iterator)
        if item is None:
            _stop()
        return TupleValue([ConstantValue(next(count)), item])

    return LazyIteratorValue(enumerate, step)


def _map(tx, fn, *iterables):
    iterators = [it.iter(tx) for it in iterables]

    def step(tx):
        items = []
        for iterator in iterators:
            item = _advance(tx, iterator)
            if item is None:
                _stop()
            items.append(item)
        return fn.call(tx, items, {})

    return LazyIteratorValue(map, step)


def _filter(tx, fn, iterable):
    iterator = iterable.iter(tx)
    keep_truthy = fn.is_constant() and fn.as_constant() is None

    def step(tx):
        while (item := _advance(tx, iterator)) is not None:
            if (item if keep_truthy else fn.call(tx, [item], {})).bool(tx):
                return item
        _stop()

    return LazyIteratorValue(filter, step)


def _islice(tx, iterable, *bounds):
    window = slice(*[b.as_constant() for b in bounds])
    start, stop, stride = window.start or 0, window.stop, window.step or 1
    if start < 0 or (stop is not None and stop < 0) or stride < 1:
        raise Unsupported("islice bounds", BreakReason.UNSUPPORTED_CALL)
    iterator = iterable.iter(tx)
    wanted = iter(range(start, stop if stop is not None else 2 ** 63, stride))
    position = [0]

    def step(tx):
        target = next(wanted, None)
        if target is None:
            _stop()
        while position[0] <= target:
            item = _advance(tx, iterator)
            if item is None:
                _stop()
            position[0] += 1
        return item

    return LazyIteratorValue(itertools.islice, step)


def _chain(tx, *iterables):
    pending = list(iterables)
    current: list[Value | None] = [None]

    def step(tx):
        while True:
            if current[0] is None:
                if not pending:
                    _stop()
                current[0] = pending.pop(0).iter(tx)
            item = _advance(tx, current[0])
            if item is not None:
                return item
            current[0] = None

    return LazyIteratorValue(itertools.chain, step)


def _any(tx, iterable):
    return ConstantValue(_first(tx, iterable.iter(tx), lambda item: item.bool(tx)))


def _all(tx, iterable):
    return ConstantValue(not _first(tx, iterable.iter(tx), lambda item: not item.bool(tx)))


LAZY_HANDLERS = {zip: _zip, enumerate: _enumerate, map: _map, filter: _filter, any: _any,
                 all: _all, itertools.islice: _islice, itertools.chain: _chain}
# CPython iterators that pull lazily: over a generator they are refused (the rest, like list,
# sorted, sum, itertools.product, take every item at once, as the drain does).
# (starmap, takewhile, dropwhile, filterfalse, accumulate and groupby are lazy handlers:
# lazy_itertools.py)
REFUSED_OVER_GENERATORS = {
    itertools.compress, itertools.zip_longest, itertools.pairwise, itertools.cycle,
    itertools.chain.from_iterable}


# Hooks (fn, args, kwargs) -> a lazy handler or None, for calls that must run lazily whatever
# they iterate: the itertools that call a function of the program (lazy_itertools.py).
CALLS_PER_STEP: list[Callable] = []


def _is_iterator_object(value: Value) -> bool:
    """An iterator over a snapshot or a list: how far a call pulls it is seen afterwards."""
    from compiler.values.iterators import SequenceIteratorValue
    return isinstance(value, SequenceIteratorValue)


def call_over_generator(tx, fn, args: list[Value], kwargs: dict[str, Value]) -> Value | None:
    """map and filter; a builtin or itertools call with a generator or lazy iterator among
    its arguments, or one of the lazy pullers with an iterator object among them (it is left
    where CPython leaves it); or None when there is none (or `fn` takes every item at once)."""
    if fn in (map, filter):  # lazy whatever they iterate: the function runs per step
        return LAZY_HANDLERS[fn](tx, *args, **kwargs)
    for hook in CALLS_PER_STEP:
        per_step = hook(fn, args, kwargs)
        if per_step is not None:
            return per_step(tx, *args, **kwargs)
    inputs = [*args, *kwargs.values()]
    if not any(is_lazy(a) for a in inputs):
        if not any(_is_iterator_object(a) for a in inputs) or fn not in (
                *LAZY_HANDLERS, *REFUSED_OVER_GENERATORS):
            return None
    handler = LAZY_HANDLERS.get(fn)
    if handler is not None:
        return handler(tx, *args, **kwargs)
    if fn in REFUSED_OVER_GENERATORS:
        raise Unsupported(f"{getattr(fn, '__qualname__', fn)} over a generator",
                          BreakReason.UNSUPPORTED_CALL)
    return None
