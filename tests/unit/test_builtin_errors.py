"""Builtins whose CPython answer is an exception: the compiled function raises the same type
with the same message as eager (checked by catching it in the program and returning its text,
and by letting it escape the compiled call)."""

import collections
import dataclasses

import pytest
import torch

import compiler
from tests.differential import check_same


def _caught(fn):
    """`fn` run in the program; the exception's type name and text come back as values."""
    def program(x, *args):
        try:
            return x + 1, fn(x, *args)
        except Exception as error:  # noqa: BLE001 - compared with eager's
            return x + 1, type(error).__name__, str(error)
    return program


def _raises_alike(fn, *args):
    """The escaping exception of the compiled call is eager's type and message."""
    with pytest.raises(Exception) as eager:  # noqa: PT011 - compared below
        fn(*args)
    with pytest.raises(type(eager.value)) as compiled:
        compiler.compile(fn, fullgraph=False)(*args)
    assert str(compiled.value) == str(eager.value)


ROUNDS = [lambda x: round(x), lambda x: round(x * 10, 1), lambda x: round(x, None)]


@pytest.mark.parametrize("fn", ROUNDS)
def test_round_of_a_tensor_raises_as_eager(fn):
    check_same(_caught(fn), torch.randn(3))
    _raises_alike(fn, torch.randn(3))


DIVMODS = [lambda x: divmod(x * 7, 2.0), lambda x: divmod(2, x), lambda x: divmod(x, x),
           lambda x: divmod(x, 3)]


@pytest.mark.parametrize("fn", DIVMODS)
def test_divmod_with_a_tensor_raises_as_eager(fn):
    check_same(_caught(fn), torch.randn(3))
    _raises_alike(fn, torch.randn(3))


ZIPS = [
    lambda x, ys: list(zip(ys, range(2), strict=True)),
    lambda x, ys: list(zip(ys, range(5), strict=True)),
    lambda x, ys: list(zip(ys, ys, range(1), strict=True)),
    lambda x, ys: list(zip(ys, ys, range(9), strict=True)),
    lambda x, ys: list(zip(range(1), ys, ys, strict=True)),
    lambda x, ys: list(zip(ys, range(3), strict=True)),
]


@pytest.mark.parametrize("fn", ZIPS)
def test_zip_strict_raises_as_eager(fn):
    check_same(_caught(fn), torch.randn(3), [1, 2, 3])


def test_zip_strict_yields_the_pairs_before_raising():
    def f(x, ys):
        seen = []
        try:
            for a, b in zip(ys, range(2), strict=True):
                seen.append(a + b)
        except ValueError as error:
            return x * len(seen), seen, str(error)
        return x, seen, None

    check_same(f, torch.randn(3), [1, 2, 3], fullgraph=False)


def test_pop_of_an_empty_deque_raises_as_eager():
    check_same(_caught(lambda x: collections.deque().pop()), torch.ones(2))
    check_same(_caught(lambda x: collections.deque().popleft()), torch.ones(2))


@dataclasses.dataclass
class Pair:
    a: int
    b: int = 0


@dataclasses.dataclass
class Triple:
    a: int
    b: int
    c: int
    d: int = dataclasses.field(default=0, kw_only=True)
    e: int = dataclasses.field(kw_only=True, default=1)


def _three(a, b, c, *, k, m):
    return a


MISSING = [lambda x: Pair(), lambda x: Triple(), lambda x: Triple(1), lambda x: Triple(1, 2),
           lambda x: _three(1, k=1, m=2), lambda x: _three(1, 2, 3), lambda x: _three(1, 2, 3, m=1)]


@pytest.mark.parametrize("fn", MISSING)
def test_missing_arguments_raise_as_eager(fn):
    check_same(_caught(fn), torch.ones(2))


def test_zip_strict_of_an_endless_iterator_equals_eager():
    import itertools

    def f(x, ys):
        try:
            return x, list(zip(itertools.count(), ys, strict=True))
        except ValueError as error:
            return x, str(error)

    check_same(f, torch.randn(3), [1, 2], fullgraph=False)
