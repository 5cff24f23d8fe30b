"""Multi-call probes for attributes kept on tensors and for assert on tensor data: the
compiled function is called several times while a tensor's attributes change between calls
(or the function writes them); each call's result and every tensor's instance dict after it
must be eager's, and a change that matters recompiles while a repeat call does not.
PYTEST_DONT_REWRITE: the functions compiled here hold plain assert statements.
"""

from __future__ import annotations

import torch

import compiler
from tests.differential import assert_same, compiler_test_config  # noqa: F401
from tests.dynamo_style.calls_support import sample


def _attrs(value):
    """Each tensor reached in `value` as (its data, its instance dict's items in order)."""
    if isinstance(value, torch.Tensor):
        return [(value.detach().clone(), [(k, _attrs(v)) for k, v in vars(value).items()])]
    if isinstance(value, (tuple, list)):
        return [a for item in value for a in _attrs(item)]
    if isinstance(value, dict):
        return [a for item in value.values() for a in _attrs(item)]
    if callable(value):  # (each twin holds its own function object)
        return [getattr(value, "__qualname__", type(value).__name__)]
    return [value]


def _twin(fn, make_args, changes, fullgraph=True):
    """Eager on one set of arguments, compiled on a twin set: after each change (applied to
    both), results and the tensors' attributes (arguments and results) must agree."""
    eager_args, compiled_args = make_args(), make_args()
    compiled = compiler.compile(fn, fullgraph=fullgraph)
    for change in [None, *changes]:
        if change is not None:
            change(*eager_args)
            change(*compiled_args)
        want, got = fn(*eager_args), compiled(*compiled_args)
        assert_same(got, want)
        assert repr(_attrs((got, compiled_args))) == repr(_attrs((want, eager_args)))
    return compiler.stats(compiled)


def _tagged(**attrs):
    t = sample(0, (3,))
    t.__dict__.update(attrs)
    return t


def test_attribute_read_from_an_input_follows_it():
    def fn(x):
        return x * getattr(x, "scale", 1.0) + len(getattr(x, "history", ()))

    def rescale(x):
        x.scale = 3.0

    def drop(x):
        del x.scale

    def log(x):
        x.history = [1, 2]

    stats = _twin(fn, lambda: (_tagged(scale=2.0),), [None, rescale, None, drop, log])
    assert stats.compiles <= 4


def test_counter_written_on_an_input_every_call():
    def fn(x):
        x.calls = getattr(x, "calls", 0) + 1
        x.last = x.sum()
        return x * x.calls

    stats = _twin(fn, lambda: (sample(0, (3,)),), [None, None, None])
    assert stats.compiles <= 4  # x.calls is guarded by value: one trace per count


def test_made_tensor_leaves_with_its_attributes_and_grad():
    def fn(x):
        y = x.relu()
        y.tag = "act"
        y.grad = torch.ones_like(y)
        z = y * 2
        z.parent = y
        return z, x.sum()

    eager_out, got = fn(sample(0)), compiler.compile(fn, fullgraph=True)(sample(0))
    assert_same(got, eager_out)
    assert vars(got[0]).keys() == {"parent"} and got[0].parent.tag == "act"
    assert_same(got[0].parent.grad, eager_out[0].parent.grad)
    assert got[0].parent.grad is not None


def test_attribute_set_before_a_graph_break_is_on_the_tensor_after_it():
    def fn(x):
        y = x + 1
        y.stage = 1
        x.seen = True
        print("break")
        y.stage += 1
        return y * y.stage, x.seen

    stats = _twin(fn, lambda: (sample(0, (2,)),), [None], fullgraph=False)
    assert stats.graph_breaks and not stats.fallbacks


def test_method_hidden_by_an_instance_entry_after_the_first_call():
    def fn(x):
        return x.mean() * 2

    def shadow(x):
        x.mean = lambda: torch.tensor(-5.0)

    stats = _twin(fn, lambda: (sample(0, (3,)),), [None, shadow, None])
    assert stats.compiles == 2


def test_function_stored_on_a_tensor_changes():
    def fn(x):
        return x.post(x + 1)

    def swap(x):
        x.post = torch.neg

    stats = _twin(fn, lambda: (_tagged(post=torch.sin),), [None, swap])
    assert stats.compiles == 2


def test_grad_assigned_to_an_input_then_accumulated():
    def fn(x, g):
        if x.grad is None:
            x.grad = g.clone()
        else:
            x.grad += g
        return x.grad * 1

    def clear(x, g):
        x.grad = None

    stats = _twin(fn, lambda: (sample(0, (3,)).requires_grad_(), sample(1, (3,))),
                  [None, None, clear])
    assert stats.compiles <= 2


def test_assert_passes_fails_and_passes_again_with_one_compile():
    def fn(x, log):
        log.append(x.shape[0])
        x.mul_(2)
        assert x.max() < 10, f"max {x.max().item():.1f}"
        return x + 1

    compiled = compiler.compile(fn, fullgraph=True)
    for values in ([1.0, 2.0], [4.0, 6.0], [0.5, 0.5]):
        answers = []
        for f in (fn, compiled):
            x, log = torch.tensor(values), []
            try:
                answers.append(("ok", f(x, log), x, log))
            except AssertionError as e:
                answers.append(("raised", str(e), x, log))
        (kind, value, x, log), (ckind, cvalue, cx, clog) = answers
        assert (ckind, clog) == (kind, log)
        assert_same(cx, x)
        if kind == "ok":
            assert_same(cvalue, value)
        else:
            assert cvalue == value
    stats = compiler.stats(compiled)
    assert stats.compiles == 1 and not stats.wrong_graphs
