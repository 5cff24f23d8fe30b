"""The cached-call path: arguments bound to the frame's locals as the function's own call binds
them (its defaults read at the call), the tensor guard's fast test accepting exactly what its
explained conditions accept, and the generated run of a cache entry (inputs read, graph
called, outputs rebuilt)."""

from __future__ import annotations

import inspect

import pytest
import torch

import compiler
from compiler.cache.binding import FrameBinder
from compiler.guards.check import CheckFunction
from compiler.guards.guard import GuardKind, TensorSpec, guard_of
from compiler.guards.sources import LocalSource
from tests.differential import assert_same


def _signature_locals(fn, args, kwargs):
    bound = inspect.signature(fn).bind(*args, **kwargs)
    bound.apply_defaults()
    return dict(bound.arguments)


def _plain(a, b):
    return a


def _defaults(a, b=2, c=3):
    return a


def _positional_only(a, /, b=2):
    return a


def _keyword_only(a, *, k=1, m):
    return a


def _var(a, *rest, k=5, **extra):
    return a


CALLS = [
    (_plain, (1, 2), {}), (_plain, (1,), {"b": 2}), (_plain, (), {"a": 1, "b": 2}),
    (_defaults, (1,), {}), (_defaults, (1, 5), {}), (_defaults, (1, 5, 6), {}),
    (_defaults, (1,), {"c": 9}), (_defaults, (), {"a": 0}),
    (_positional_only, (1,), {}), (_positional_only, (1, 4), {}),
    (_keyword_only, (1,), {"m": 2}), (_keyword_only, (1,), {"m": 2, "k": 3}),
    (_var, (1,), {}), (_var, (1, 2, 3), {"k": 0, "z": 1}),
]

BAD_CALLS = [
    (_plain, (1,), {}), (_plain, (1, 2, 3), {}), (_defaults, (), {}),
    (_defaults, (1, 2, 3, 4), {}), (_positional_only, (), {"a": 1}),
    (_keyword_only, (1,), {}), (_plain, (1, 2), {"c": 3}),
]


@pytest.mark.parametrize("fn, args, kwargs", CALLS)
def test_the_binder_gives_the_signatures_locals(fn, args, kwargs):
    bound = FrameBinder(fn).bind(args, kwargs)
    expected = _signature_locals(fn, args, kwargs)
    assert bound == expected and list(bound) == list(expected)


@pytest.mark.parametrize("fn, args, kwargs", BAD_CALLS)
def test_the_binder_refuses_what_the_call_refuses(fn, args, kwargs):
    with pytest.raises(TypeError):
        fn(*args, **kwargs)
    with pytest.raises(TypeError):
        FrameBinder(fn).bind(args, kwargs)


def test_the_binder_reads_defaults_at_the_call():
    def f(a, b=1, *, k=2):
        return a

    binder = FrameBinder(f)
    assert binder.bind((0,), {}) == {"a": 0, "b": 1, "k": 2}
    f.__defaults__ = (10,)
    f.__kwdefaults__["k"] = 20
    assert binder.bind((0,), {}) == {"a": 0, "b": 10, "k": 20}
    assert binder.bind((0,), {"k": 3}) == {"a": 0, "b": 10, "k": 3}
    f.__defaults__ = None
    with pytest.raises(TypeError):
        binder.bind((0,), {})


def _mode(x, y, mode="sum"):
    if mode == "sum":
        return x + y
    return x - y


def test_a_default_left_out_or_passed_binds_one_entry():
    compiled = compiler.compile(_mode, fullgraph=True)
    x, y = torch.randn(3), torch.randn(3)
    for args, kwargs in [((x, y), {}), ((x, y, "sum"), {}), ((x, y), {"mode": "sum"})]:
        assert_same(compiled(*args, **kwargs), _mode(*args, **kwargs))
    assert compiler.stats(compiled).compiles == 1
    assert_same(compiled(x, y, "diff"), _mode(x, y, "diff"))
    assert compiler.stats(compiled).compiles == 2


def test_defaults_reassigned_after_the_compile_are_the_calls():
    def f(x, y, mode="sum"):
        return x + y if mode == "sum" else x - y

    compiled = compiler.compile(f, fullgraph=True)
    x, y = torch.randn(3), torch.randn(3)
    assert_same(compiled(x, y), f(x, y))
    f.__defaults__ = ("diff",)
    assert_same(compiled(x, y), f(x, y))
    assert_same(compiled(x, y=y), f(x, y=y))


def test_keyword_defaults_changed_in_place_are_the_calls():
    def f(x, *, scale=2.0):
        return x * scale

    compiled = compiler.compile(f, fullgraph=True)
    x = torch.randn(3)
    assert_same(compiled(x), f(x))
    f.__kwdefaults__["scale"] = 3.0
    assert_same(compiled(x), f(x))


SPECS = [
    TensorSpec.of(torch.zeros(2, 3)),
    TensorSpec.of(torch.zeros(2, 3), with_stride=False),
    TensorSpec.of(torch.zeros(2, 3, dtype=torch.float64, requires_grad=True)),
    TensorSpec.of(torch.nn.Parameter(torch.zeros(3))),
    TensorSpec.of(torch.zeros(3, 2).t()),
    TensorSpec.of(torch.zeros(2, 3, device="meta")),
]


class _Sub(torch.Tensor):
    pass


def _candidates():
    base = torch.zeros(2, 3)
    return [
        base, torch.ones(2, 3), torch.zeros(3, 2).t(), torch.zeros(3, 2), torch.zeros(3),
        torch.zeros(2, 3, dtype=torch.float64), torch.zeros(2, 3, requires_grad=True),
        torch.zeros(2, 3, dtype=torch.float64, requires_grad=True),
        torch.nn.Parameter(torch.zeros(3)), torch.nn.Parameter(torch.zeros(3), False),
        torch.zeros(2, 3, device="meta"), torch.zeros(2, 3, device="cpu:0"),
        base.as_subclass(_Sub), torch.zeros(2, 4)[:, :3], torch.zeros(6)[:6].view(2, 3),
        torch.zeros(2, 3).to_sparse(), None, 3, [2, 3], "x",
    ]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: f"{s.type.__name__}{s.shape}{s.stride}")
def test_the_tensor_test_accepts_exactly_what_its_conditions_accept(spec):
    """The one-call test of the check function against the guard's conditions, evaluated one
    by one (what a recompile reason is made of), on varied values."""
    check = CheckFunction([guard_of(LocalSource("x"), GuardKind.TENSOR, spec)])
    for value in _candidates():
        fast = check.check({"x": value}, {})
        assert fast is (check.first_failure({"x": value}, {}) is None), value
        if isinstance(value, torch.Tensor):
            assert fast is spec.matches(value), value
        else:
            assert not fast, value
    assert not check.check({}, {})  # a missing local fails the check


def _like(t: torch.Tensor) -> torch.Tensor:
    """Another tensor with t's metadata."""
    other = torch.empty_strided(t.size(), t.stride(), dtype=t.dtype, device=t.device)
    if type(t) is torch.nn.Parameter:
        return torch.nn.Parameter(other, requires_grad=t.requires_grad)
    return other.requires_grad_(t.requires_grad)


def test_each_spec_is_accepted_by_the_tensors_it_describes():
    made = [torch.zeros(2, 3), torch.zeros(2, 3, dtype=torch.float64, requires_grad=True),
            torch.nn.Parameter(torch.zeros(3)), torch.zeros(3, 2).t(),
            torch.zeros(2, 3, device="meta")]
    for tensor in made:
        for with_stride in (True, False):
            spec = TensorSpec.of(tensor, with_stride=with_stride)
            check = CheckFunction([guard_of(LocalSource("x"), GuardKind.TENSOR, spec)])
            assert check.check({"x": tensor}, {}) and check.check({"x": _like(tensor)}, {})


def test_a_code_object_repeating_a_name_binds_the_last_as_zip_does():
    def f(a, b):
        return a

    f.__code__ = f.__code__.replace(co_varnames=("a", "a"))
    assert FrameBinder(f).bind((1, 2), {}) == dict(zip(("a", "a"), (1, 2))) == {"a": 2}


@pytest.mark.parametrize("fn, args, kwargs", CALLS)
def test_a_compiled_call_binds_as_the_binder(fn, args, kwargs):
    """`CompiledFunction.__call__` binds a call by position itself: same locals, same answer."""
    compiled = compiler.compile(fn)
    assert compiled.binder.arity in (-1, len(compiled.binder.names))
    assert compiled(*args, **kwargs) == fn(*args, **kwargs)
    seen = []
    real = compiled.binder.by_position
    compiled.binder.by_position = lambda *a: seen.append(real(*a)) or seen[-1]
    compiled(*args, **kwargs)
    if not kwargs and len(args) == compiled.binder.arity:
        assert seen == [_signature_locals(fn, args, kwargs)]
