"""A `collections.Counter` the program made in the trace: a constant (its keys and counts are
constants) that its own methods change in place at trace time, as eager changes it.

Only a Counter the program built (`collections.Counter(...)`) is changed: no one outside the
trace holds it, so changing the real object is the program's write, and every tracker of it
(an alias, the result of `+=`) holds that one object. Its final state is rebuilt, one copy per
call and per Counter (compiler/graph/output.py), where it leaves the compiled code.
"""

from __future__ import annotations

from compiler.values import registry
from compiler.values.base import Value
from compiler.values.constant import ConstantValue, call_pure
from compiler.values.containers import is_plain, plain

# Counter and dict methods that change the Counter; their arguments must be constants.
MUTATORS = {"update", "subtract", "clear", "pop", "popitem", "setdefault", "__iadd__",
            "__isub__", "__iand__", "__ior__"}


class CounterValue(ConstantValue):
    """A Counter made by the program in this trace (see the module's note)."""

    def getattr(self, tx, name: str) -> Value:
        if name in MUTATORS:
            return CounterMethodValue(self, name)
        return super().getattr(tx, name)

    def setitem(self, tx, key: Value, value: Value) -> None:
        call_pure(self.value.__setitem__, [key.as_constant(), _real(value)], {})

    def delitem(self, tx, key: Value) -> None:
        call_pure(self.value.__delitem__, [key.as_constant()], {})


def _real(value: Value):
    """An argument as the real method takes it: a list or dict of constants copied, else the
    constant (anything else is refused by `as_constant`)."""
    return plain(value) if is_plain(value) else value.as_constant()


class CounterMethodValue(Value):
    """A changing method of a CounterValue, run at trace time on its real Counter; a result
    that is the Counter itself (`+=`) is its tracker. Never rebuilt (it would change the
    trace's object, not the call's)."""

    def __init__(self, counter: CounterValue, name: str):
        super().__init__(None)
        self.counter, self.name = counter, name

    def call(self, tx, args, kwargs) -> Value:
        result = call_pure(getattr(self.counter.value, self.name), [_real(a) for a in args],
                           {k: _real(v) for k, v in kwargs.items()})
        return self.counter if result is self.counter.value else registry.wrap_constant(result)
