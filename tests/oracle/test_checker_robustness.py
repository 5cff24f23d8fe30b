"""The checker never fails on a valid program: unusual inputs, globals and results (lazy
parameters, sparse and huge tensors, hostile objects, cycles) all get a verdict."""

from __future__ import annotations

import tempfile
from pathlib import Path

import numpy as np
import pytest
import torch
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oracle.judge.compare import compare
from oracle.judge.differential import check
from oracle.judge.signature import call_signature
from oracle.judge.state import MAX_ELEMENTS, Freezer
from oracle.judge.verdict import Verdict
from tests.oracle import planted

# Each kind is an expression; the program file defines the helpers they use.
KINDS = {
    "lazy_linear": "torch.nn.LazyLinear(3)",
    "lazy_batchnorm": "torch.nn.LazyBatchNorm1d()",
    "uninitialized_parameter": "torch.nn.UninitializedParameter()",
    "meta": "torch.ones(2, 3, device='meta')",
    "sparse_coo": "torch.eye(3).to_sparse()",
    "sparse_csr": "torch.eye(3).to_sparse_csr()",
    "huge_sparse": "torch.sparse_coo_tensor([[0], [0]], [1.0], (2**20, 2**20))",
    "subclass": "torch.arange(3.0).as_subclass(Traced)",
    "parameter": "torch.nn.Parameter(torch.ones(2))",
    "quantized": "torch.quantize_per_tensor(torch.arange(3.0), 0.1, 0, torch.qint8)",
    "complex": "torch.arange(3.0) * (1 + 2j)",
    "bool": "torch.tensor([True, False])",
    "huge_expanded": "torch.ones(1).expand(2**16, 2**16)",
    "zero_size": "torch.ones(0, 3)",
    "nested_tensor": "torch.nested.nested_tensor([torch.ones(2), torch.ones(3)])",
    "eq_raises": "EqRaises()",
    "eq_returns_tensor": "EqTensor()",
    "repr_raises": "ReprRaises()",
    "self_list": "self_list()",
    "self_dict": "self_dict()",
    "self_object": "self_object()",
    "deep": "deep(3000)",
    "generator": "(i for i in range(3))",
    "iterator": "iter([1, 2])",
    "numpy_array": "np.arange(3.0)",
    "numpy_scalar": "np.float32(1.5)",
    "numpy_strings": "np.array(['a', 'b'])",
    "hostile_set": "{EqRaises(), ReprRaises(), 1, 'a', (2, 3)}",
    "dict_hostile_keys": "{ReprRaises(): 1, EqRaises(): [2]}",
}

HELPERS = '''
import warnings

import numpy as np
import torch

warnings.filterwarnings("ignore")


class Traced(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return super().__torch_function__(func, types, args, kwargs or {})


class EqRaises:
    def __eq__(self, other):
        raise RuntimeError("no equality here")

    __hash__ = object.__hash__


class EqTensor:
    def __eq__(self, other):
        return torch.ones(2)

    __hash__ = object.__hash__


class ReprRaises:
    def __repr__(self):
        raise RuntimeError("no repr here")

    __hash__ = object.__hash__


def self_list():
    items = [1]
    items.append(items)
    return items


def self_dict():
    found = {"k": 1}
    found["me"] = found
    return found


class Node:
    pass


def self_object():
    node = Node()
    node.me = node
    node.items = [node]
    return node


def deep(n):
    value = [0]
    for _ in range(n):
        value = [value]
    return value
'''


class SafeFaithful(planted.Faithful):
    """Faithful, but compiles once: planted.Faithful keys its cache by repr() and tensor
    shapes, which a repr-raising argument or an uninitialised parameter make raise."""

    name = "faithful-once"

    def compile(self, fn):
        def compiled(*args, **kwargs):
            self.compiles = 1
            return fn(*args, **kwargs)

        return compiled


def program_source(args: list[str], globals_: list[str], returns: bool) -> str:
    lines = [HELPERS]
    lines += [f"G{i} = {KINDS[k]}" for i, k in enumerate(globals_)]
    held = ", ".join(f"G{i}" for i in range(len(globals_)))
    result = f"(args, ({held}{',' if globals_ else ''}))" if returns else "len(args)"
    lines.append(f"\n\ndef program(*args):\n    return {result}\n")
    call = "(" + "".join(f"{KINDS[k]}, " for k in args) + ")"
    lines.append(f"\ndef calls():\n    yield {call}, {{}}\n    yield {call}, {{}}\n")
    return "\n".join(lines)


def run(tmp: Path, args: list[str], globals_: list[str], returns: bool = True):
    path = tmp / "unusual.py"
    path.write_text(program_source(args, globals_, returns))
    return check(str(path), SafeFaithful())


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_each_unusual_kind_passes_as_argument_global_and_result(kind, tmp_path):
    result = run(tmp_path, [kind], [kind])
    assert result.verdict is Verdict.PASS, result.message


kinds = st.sampled_from(sorted(KINDS))


@settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
@given(args=st.lists(kinds, max_size=3), globals_=st.lists(kinds, max_size=3),
       returns=st.booleans())
def test_any_mix_of_unusual_values_gets_a_verdict_not_a_crash(args, globals_, returns):
    with tempfile.TemporaryDirectory() as tmp:
        result = run(Path(tmp), args, globals_, returns)
    assert result.verdict is Verdict.PASS, result.message


def freeze(value):
    return Freezer("parity_program_robust").freeze(value)


def test_a_huge_expanded_tensor_is_compared_on_a_bounded_sample():
    ones = torch.ones(1).expand(2**16, 2**16)
    state = freeze(ones)
    assert state.shape == (2**16, 2**16) and state.values.numel() <= MAX_ELEMENTS
    assert compare(state, freeze(torch.zeros(1).expand(2**16, 2**16))) is not None
    assert compare(state, freeze(torch.ones(1).expand(2**16, 2**16))) is None


def test_a_lazy_parameter_differs_from_an_initialised_one():
    lazy, linear = torch.nn.LazyLinear(3), torch.nn.LazyLinear(3)
    linear(torch.ones(1, 2))
    assert compare(freeze(lazy), freeze(torch.nn.LazyLinear(3))) is None
    assert compare(freeze(lazy), freeze(linear)) is not None


@pytest.mark.parametrize("make", [
    lambda v: torch.tensor([1.0, v]).as_subclass(torch.nn.Parameter),
    lambda v: torch.quantize_per_tensor(torch.tensor([1.0, v]), 0.1, 0, torch.qint8),
    lambda v: torch.tensor([[1.0, v]]).to_sparse(),
    lambda v: torch.tensor([[1.0, v]]).to_sparse_csr(),
    lambda v: np.array([1.0, v]),
    lambda v: np.float64(v),
], ids=["parameter", "quantized", "coo", "csr", "numpy", "numpy_scalar"])
def test_values_of_unusual_tensors_are_still_compared(make):
    assert compare(freeze(make(2.0)), freeze(make(2.0))) is None
    assert compare(freeze(make(2.0)), freeze(make(5.0))) is not None


def test_a_subclass_with_torch_function_is_compared_by_value():
    namespace: dict = {}
    exec(HELPERS, namespace)
    traced = namespace["Traced"]
    a, b = torch.arange(3.0).as_subclass(traced), torch.ones(3).as_subclass(traced)
    assert compare(freeze(a), freeze(a.clone())) is None
    assert compare(freeze(a), freeze(b)) is not None


def test_an_exception_whose_str_raises_is_still_frozen():
    class Unprintable(Exception):
        def __str__(self):
            raise RuntimeError("no message")

    raised = Freezer("parity_program_robust").freeze_exception(Unprintable())
    assert raised.type_name == "Unprintable" and "unprintable" in raised.message


def test_signatures_of_unusual_values_are_hashable_and_stable():
    namespace: dict = {}
    exec(HELPERS, namespace)
    values = [eval(KINDS[k], namespace) for k in sorted(KINDS)]  # noqa: S307 - our own table
    first = call_signature(len, tuple(values), {}, {}, "parity_program_robust")
    again = call_signature(len, tuple(values), {}, {}, "parity_program_robust")
    assert hash(first) == hash(again) and first == again


def test_a_difference_in_a_sampled_tensor_says_it_was_sampled():
    found = compare(freeze(torch.ones(1).expand(2**12, 2**12)),
                    freeze(torch.zeros(1).expand(2**12, 2**12)))
    assert found is not None and found.index is None
    assert f"of 4096 sampled elements of {2**24})" in found.what


def test_freezing_a_partial_does_not_give_it_a_dict():
    """CPython flattens partial(p, ...) only while p has no __dict__; reading p.__dict__ makes
    one, so a freeze that read it would change what the program computes next."""
    import functools

    def affine(x, w, *, bias=0.0):
        return x * w + bias

    bound = functools.partial(affine, bias=1.0)
    frozen = Freezer("m").freeze(bound)
    assert functools.partial(bound, w=2.0).func is affine, "the freeze gave the partial a dict"
    bound.note = "set"
    assert Freezer("m").freeze(bound) != frozen  # its dict, once it has one, is still seen
