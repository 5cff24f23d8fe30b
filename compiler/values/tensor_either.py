"""`max(t, 0)`, `min(max(s, lo), hi)` of 0-d tensors and Python numbers: eager returns one of
the candidates, the tensor object or the number, depending on data. The result is tracked
as "one of these" (`EitherValue`): a 0-d tensor `value` in the graph (`torch.where` over the
comparisons CPython makes, the numbers cast to the tensors' dtype) and the set of numbers it
may be in eager.

It is used only where both possibilities give the same answer, and refused anywhere else
(returned, tested, hashed, passed to a function, an attribute read):
- with a tensor of one or more dimensions and the candidates' dtype (`c + m`, `x * m`): a
  Python number and a 0-d tensor of that dtype promote alike, and every number is exact in the
  dtype, so the op computes the same elements either way;
- with a number or another such value (`max(a, b) - min(a, b)`, `m + 1`), by + - *, where
  every number is an integer: eager's Python arithmetic then stays on integers exact in the
  dtype (checked on every possible pair), so the graph's arithmetic in the dtype is exact too;
- in max()/min() again.
The candidate tensors are made in the graph, own their storage, do not require grad, are 0-d
of one floating dtype; a later write to one is refused (the result may be that object).
"""

from __future__ import annotations

import itertools
import operator

import torch
from torch.multiprocessing.reductions import StorageWeakRef

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import Value
from compiler.values.constant import ConstantValue

_EXACT = {torch.float32: 2 ** 24, torch.float64: 2 ** 53, torch.float16: 2 ** 11,
          torch.bfloat16: 2 ** 8}
_ARITHMETIC = {"+": operator.add, "-": operator.sub, "*": operator.mul}
_WITH_TENSOR = {"+": operator.add, "-": operator.sub, "*": operator.mul,
                "/": operator.truediv}


def _refused(what: str) -> Unsupported:
    return Unsupported(f"{what} of the result of max()/min() of a tensor and a number (a "
                       f"tensor or a number in eager, depending on data)",
                       BreakReason.DATA_DEPENDENT)


class EitherValue(Value):
    either = True

    def __init__(self, value, numbers: frozenset, dtype: torch.dtype):
        super().__init__(None)
        self.value = value  # the graph's 0-d tensor
        self.numbers = numbers
        self.dtype = dtype

    def __repr__(self) -> str:
        return f"EitherValue({self.value}, {sorted(self.numbers)})"

    def python_type(self) -> type:
        raise _refused("the type")

    def reconstruct(self, plan) -> str:
        raise _refused("the value leaving the compiled code")

    def bool(self, tx) -> bool:
        raise _refused("the truth")

    def getattr(self, tx, name: str) -> Value:
        raise _refused(f"attribute {name!r}")

    def hash_key(self):
        raise _refused("the hash")


def _exact_number(value: Value, dtype: torch.dtype) -> bool:
    """An int or float constant the dtype holds exactly (so comparing it, or computing with
    it, in the dtype is what eager's Python number gives)."""
    if not value.is_constant() or type(value.as_constant()) not in (int, float):
        return False
    k = value.as_constant()
    if type(k) is int:
        return abs(k) <= _EXACT.get(dtype, 0)
    return torch.tensor(k, dtype=dtype).item() == k  # (NaN: never)


def _integral(numbers, dtype: torch.dtype) -> bool:
    """Numbers whose Python arithmetic (+ - *) is exact, and exact in the dtype."""
    return all(float(k).is_integer() and abs(k) <= _EXACT[dtype] for k in numbers)


def _candidate(value: Value, dtype: torch.dtype) -> bool:
    from compiler.values.tensor import TensorValue
    fake = getattr(value, "example", None)
    return (isinstance(value, TensorValue) and value.node.op != "placeholder"
            and fake.dim() == 0 and fake.dtype == dtype and not fake._is_view()
            and not fake.requires_grad)


def select_with_numbers(tx, symbol: str, items: list[Value]) -> Value | None:
    """max (">") / min ("<") over 0-d tensors, EitherValues and int constants, at least one
    of them a number and one not; None for other items."""
    from compiler.values.tensor import TensorValue
    kinds = [i for i in items if isinstance(i, (TensorValue, EitherValue))]
    if not kinds or len(kinds) == len(items) and not any(
            isinstance(i, EitherValue) for i in items):
        return None  # (no tensors; or tensors only: tensor_selection.py)
    first = kinds[0]
    dtype = first.dtype if isinstance(first, EitherValue) else first.example.dtype
    if dtype not in _EXACT or not all(
            (isinstance(i, EitherValue) and i.dtype == dtype) or _candidate(i, dtype)
            or _exact_number(i, dtype) for i in items):
        raise _refused("max()/min() over these values")
    numbers: set = set()
    for item in items:
        if isinstance(item, EitherValue):
            numbers |= item.numbers
        elif item.is_constant():
            numbers.add(item.as_constant())
        else:
            tx.ctx.entangled_storages.add(StorageWeakRef(item.example.untyped_storage()))
    graph_items = [_in_graph(tx, i, dtype) for i in items]
    kept = graph_items[0]
    compare = operator.gt if symbol == ">" else operator.lt
    for item in graph_items[1:]:
        wins = tx.ctx.tensor_op("call_function", compare, [item, kept], {},
                                "max()/min() of a tensor and a number")
        kept = tx.ctx.tensor_op("call_function", torch.where, [wins, item, kept], {},
                                "max()/min() of a tensor and a number")
    return EitherValue(kept, frozenset(numbers), dtype)


def _in_graph(tx, item: Value, dtype: torch.dtype) -> Value:
    if isinstance(item, EitherValue):
        return item.value
    if item.is_constant():
        return tx.ctx.tensor_op("call_function", torch.tensor, [item],
                                {"dtype": ConstantValue(dtype)}, "a number as a 0-d tensor")
    return item


def binary(tx, symbol: str, a: Value, b: Value) -> Value:
    """`a <symbol> b` where one is an EitherValue (see the module's docstring)."""
    either = a if isinstance(a, EitherValue) else b
    other = b if either is a else a
    dtype = either.dtype
    example = getattr(other, "example", None)
    if isinstance(example, torch.Tensor) and symbol in _WITH_TENSOR and (
            example.dim() >= 1 and example.dtype == dtype and not isinstance(other, EitherValue)):
        operands = [either.value, other] if either is a else [other, either.value]
        return tx.ctx.tensor_op("call_function", _WITH_TENSOR[symbol], operands, {},
                                f"operator {symbol}")
    if symbol not in _ARITHMETIC:
        raise _refused(f"operator {symbol}")
    if isinstance(other, EitherValue) and other.dtype == dtype:
        other_numbers, other_value = other.numbers, other.value
    elif _exact_number(other, dtype):
        other_numbers = frozenset([other.as_constant()])
        other_value = _in_graph(tx, other, dtype)
    else:
        raise _refused(f"operator {symbol} with {other}")
    if not (_integral(either.numbers, dtype) and _integral(other_numbers, dtype)):
        raise _refused(f"operator {symbol} on numbers that are not small integers")
    fn = _ARITHMETIC[symbol]
    left, right = (either.numbers, other_numbers) if either is a else (
        other_numbers, either.numbers)
    results = frozenset(fn(x, y) for x, y in itertools.product(left, right))
    if not _integral(results, dtype):
        raise _refused(f"operator {symbol} out of the dtype's exact integers")
    operands = [either.value, other_value] if either is a else [other_value, either.value]
    value = tx.ctx.tensor_op("call_function", fn, operands, {}, f"operator {symbol}")
    return EitherValue(value, results, dtype)
