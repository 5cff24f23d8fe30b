"""A `random.Random(seed)` object the compiled code makes with a constant seed: every call
makes it anew with the same seed, so its draws are the same on every call, and the trace
computes them now, with a real object of its own seeded the same, as constants.

Draws over a sequence (`choice`, `shuffle`, `sample`, `choices`) run on the indices of the
sequence, which consumes the generator as the sequence would, then pick or reorder the
program's own items (its tensors too). An object made without a seed (seeded from the
operating system) or one that leaves the frame is refused.
"""

from __future__ import annotations

import random

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import RaisedByProgram, Value
from compiler.values.constant import ConstantValue

# Methods whose arguments and result are plain values.
PLAIN_METHODS = frozenset({
    "random", "uniform", "randint", "randrange", "gauss", "normalvariate", "lognormvariate",
    "expovariate", "vonmisesvariate", "gammavariate", "betavariate", "paretovariate",
    "weibullvariate", "triangular", "getrandbits", "randbytes", "seed", "binomialvariate"})
SEQUENCE_METHODS = frozenset({"choice", "shuffle", "sample", "choices"})
SEED_TYPES = (int, float, str, bytes, bytearray)


def is_python_random_class(cls) -> bool:
    return cls is random.Random


def construct_random(args: list[Value], kwargs: dict[str, Value]) -> Value:
    if kwargs or len(args) != 1 or not args[0].is_constant() or not isinstance(
            args[0].as_constant(), SEED_TYPES) or isinstance(args[0].as_constant(), bool):
        raise Unsupported("random.Random made without a constant seed (its draws would differ "
                          "on every call)", BreakReason.UNSUPPORTED_CALL)
    return RandomValue(random.Random(args[0].as_constant()))


class RandomValue(Value):
    def __init__(self, real: random.Random):
        super().__init__(None)
        self.real = real

    def python_type(self) -> type:
        return random.Random

    def is_fresh_object(self) -> bool:
        return True

    def reconstruct(self, plan) -> str:
        raise Unsupported("a random.Random made in the compiled code leaving it",
                          BreakReason.UNSUPPORTED_VALUE)

    def getattr(self, tx, name: str) -> Value:
        if name in PLAIN_METHODS or name in SEQUENCE_METHODS:
            return RandomMethodValue(self, name)
        raise Unsupported(f"attribute {name!r} of a random.Random",
                          BreakReason.UNSUPPORTED_ATTRIBUTE)


class RandomMethodValue(Value):
    def __init__(self, owner: RandomValue, name: str):
        super().__init__(None)
        self.owner, self.name = owner, name

    def call(self, tx, args, kwargs) -> Value:
        from compiler.values.containers import is_plain, plain
        method = getattr(self.owner.real, self.name)
        if self.name in SEQUENCE_METHODS:
            return self._over_sequence(tx, method, args, kwargs)
        if not all(is_plain(a) for a in (*args, *kwargs.values())):
            raise Unsupported(f"random.Random.{self.name} of traced values",
                              BreakReason.UNSUPPORTED_CALL)
        plain_args = [plain(a) for a in args]
        if self.name == "seed" and (not plain_args or not isinstance(plain_args[0], SEED_TYPES)
                                    or isinstance(plain_args[0], bool)):
            raise Unsupported("random.Random.seed() without a constant seed (seeded from the "
                              "operating system)", BreakReason.UNSUPPORTED_CALL)
        answer = _run(method, plain_args, {k: plain(v) for k, v in kwargs.items()})
        from compiler.values import registry
        return registry.wrap_constant(answer)

    def _over_sequence(self, tx, method, args, kwargs) -> Value:
        from compiler.values.containers import ListValue, TupleValue, is_plain, plain
        if not args or not isinstance(args[0], (ListValue, TupleValue)) or \
                args[0].python_type() not in (list, tuple):
            raise Unsupported(f"random.Random.{self.name} of anything but a list or tuple",
                              BreakReason.UNSUPPORTED_CALL)
        sequence, rest = args[0], args[1:]
        if not all(is_plain(a) for a in (*rest, *kwargs.values())):
            raise Unsupported(f"random.Random.{self.name} with traced arguments",
                              BreakReason.UNSUPPORTED_CALL)
        items = list(sequence.items)
        rest_plain = [plain(a) for a in rest]
        kw_plain = {k: plain(v) for k, v in kwargs.items()}
        if self.name == "shuffle":
            if not isinstance(sequence, ListValue):
                raise RaisedByProgram(TypeError("'tuple' object does not support item "
                                                "assignment"))
            order = list(range(len(items)))
            _run(method, [order, *rest_plain], kw_plain)
            sequence.setitem(tx, ConstantValue(slice(None)), ListValue([items[i] for i in order]))
            return ConstantValue(None)
        picked = _run(method, [range(len(items)), *rest_plain], kw_plain)
        if self.name == "choice":
            return items[picked]
        return ListValue([items[i] for i in picked])


def _run(method, args, kwargs):
    """The real draw; what it raises is the program's exception."""
    try:
        return method(*args, **kwargs)
    except (TypeError, ValueError, IndexError, OverflowError) as exc:
        raise RaisedByProgram(exc) from None
