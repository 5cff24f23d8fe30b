"""A program may assign a function's `__code__` between calls: the compiled callable then runs
the new code, whether the function is the one compiled or one it calls."""

import torch

import compiler
from tests.differential import assert_same


def _pair():
    def times(x, k=2):
        return x * k

    def minus(x, k=2):
        return x - k

    return times, minus


def test_the_compiled_function_s_code_swapped():
    times, minus = _pair()
    compiler.reset()
    compiled = compiler.compile(times, backend="eager")
    x = torch.ones(2)
    assert_same(compiled(x), times(x))
    times.__code__ = minus.__code__
    assert_same(compiled(x), times(x))
    assert_same(compiled(x), torch.full((2,), -1.0))


def test_a_callee_s_code_swapped():
    times, minus = _pair()

    def fn(x):
        return times(x) + 1

    compiler.reset()
    compiled = compiler.compile(fn, backend="eager")
    x = torch.ones(2)
    assert_same(compiled(x), fn(x))
    times.__code__ = minus.__code__
    assert_same(compiled(x), fn(x))
    assert len(compiler.stats(compiled).recompiles) == 1


def test_a_method_s_code_swapped():
    class Scaler:
        def apply(self, x):
            return x * 3

    def shifted(self, x):
        return x + 3

    obj = Scaler()

    def fn(x):
        return obj.apply(x)

    compiler.reset()
    compiled = compiler.compile(fn, backend="eager")
    x = torch.ones(2)
    assert_same(compiled(x), fn(x))
    Scaler.apply.__code__ = shifted.__code__
    assert_same(compiled(x), fn(x))
    assert compiler.stats(compiled).compiles == 2


def test_a_function_attribute_named_like_the_compiler_s_state():
    def memo(x):
        return x + len(memo.cache)

    memo.cache = {"a": 1}
    memo.label = "kept"
    compiler.reset()
    compiled = compiler.compile(memo, backend="eager")
    assert_same(compiled(torch.ones(2)), memo(torch.ones(2)))
    assert compiled.label == "kept" and compiled.__wrapped__ is memo
