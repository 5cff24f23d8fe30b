"""A symbolic trace reuses the fake result of a graph op it already ran on arguments of the same
metadata (compiler/shapes/op_memo.py): a ResNet's batch norms and convs, a transformer's layers.
Sizes written differently but equal (`4*s0*(s1 - 1) + 4*s0`, `4*s0*s1`) are one key.
What the memo gives is what a run gives: results equal eager's on every size, and the guards,
ops and recompiles are the same with the memo as without it. Outputs that alias an argument,
need grad, or come with a write or a random draw are never reused."""

from __future__ import annotations

import copy
import math
import warnings

import pytest
import torch
from torch.nn import functional as F

import compiler
from compiler.graph.effects import EffectWatch
from compiler.shapes.env import new_fake_mode
from compiler.shapes.op_memo import FakeOpMemo
from tests.differential import assert_same
from tests.dynamic.sweep import BATCH_SWEEP, sweep
from tests.models.vision_zoo import TinyResNet

MEAN, VAR = torch.randn(4), torch.rand(4) + 0.5
WEIGHT, BIAS = torch.randn(4), torch.randn(4)


@pytest.fixture
def always():
    """Every entry is used, however short its run (the memo's speed is not tested here)."""
    old = FakeOpMemo.worth_seconds
    FakeOpMemo.worth_seconds = 0.0
    yield
    FakeOpMemo.worth_seconds = old


def three_norms(x):
    y = F.batch_norm(x, MEAN, VAR, WEIGHT, BIAS)
    z = F.batch_norm(x, MEAN, VAR, WEIGHT, BIAS)
    w = F.batch_norm(x, MEAN, VAR, WEIGHT, BIAS)
    return (y * z.relu() - w) * x.shape[0]


def norms_of_input_and_sine(x):
    """The two batch norms see equal sizes and strides whose storage sizes are written
    differently: the input's (1 + the sum of (size - 1) * stride, in bytes) and the sine's
    (the product of the sizes)."""
    return F.batch_norm(x, MEAN, VAR) - F.batch_norm(x.sin(), MEAN, VAR)


def images(n: int) -> tuple:
    return (torch.randn(n, 4, 5, 5, generator=torch.Generator().manual_seed(n)),)


def _counts():
    return FakeOpMemo.hits, FakeOpMemo.runs


def test_a_repeated_op_is_run_once_and_right_on_every_size(always):
    hits, runs = _counts()
    compiled = compiler.compile(three_norms, dynamic=True, fullgraph=True)
    compiled(*images(3))
    assert FakeOpMemo.hits - hits == 2  # the second and third batch norm
    # the first batch norm, relu, * (twice), -: each run once
    assert FakeOpMemo.runs - runs == 5
    assert sweep(three_norms, images, BATCH_SWEEP, compiled=compiled).compiles == 1


def feature_maps(n: int) -> tuple:
    return (torch.randn(n, 4, 6, 6, generator=torch.Generator().manual_seed(n)),)


def test_equal_sizes_written_differently_are_one_key(always):
    hits = FakeOpMemo.hits
    compiled = compiler.compile(norms_of_input_and_sine, dynamic=True, fullgraph=True)
    compiled(*feature_maps(5))  # a batch unlike the other sizes, which duck sizing would tie
    assert FakeOpMemo.hits - hits == 1  # the second batch norm
    assert sweep(norms_of_input_and_sine, feature_maps, BATCH_SWEEP,
                 compiled=compiled).compiles == 1


def test_a_trace_without_symbolic_sizes_has_no_memo(always):
    hits, runs = _counts()
    sweep(three_norms, images, (3,), dynamic=False, fullgraph=True)
    assert _counts() == (hits, runs)


def pads_and_sums(x):
    a = F.pad(x, (1, 1)) * 2
    b = F.pad(x, (2, 0, 0, 3)) * 2
    return a.sum(0), b.sum(1), x.sum(-1), x.sum(-1, keepdim=True), x.float() / -0.0


@pytest.mark.parametrize("fn", [pads_and_sums, three_norms], ids=lambda f: f.__name__)
def test_only_equal_arguments_share_an_entry(always, fn):
    assert sweep(fn, images, BATCH_SWEEP, dynamic=True, fullgraph=True).compiles == 1


def views_written_through(x):
    a = x.view(-1)
    b = x.view(-1)
    b.add_(1)
    parts = torch.chunk(x * 2, 2, dim=1)
    again = torch.chunk(x * 2, 2, dim=1)
    again[0].mul_(3)
    return a.sum(), parts[0] + again[0], x.transpose(0, 1).contiguous() + x.transpose(0, 1)


def test_outputs_aliasing_an_argument_are_never_reused(always):
    assert sweep(views_written_through, images, BATCH_SWEEP, dynamic=True,
                 fullgraph=True).compiles == 1


def write_then_index(x, idx, log):
    a = x.view(-1)
    b = x.view(-1)  # as a tensor of its own, the write below would not be seen writing x
    b.add_(1)
    try:
        y = x[idx] * 2
    except IndexError:
        log.append("caught")
        y = a
    return y


def _outcome(fn, args):
    try:
        return ("returned", fn(*args)), args
    except Exception as exc:
        return ("raised", type(exc), str(exc)), args


def test_a_write_through_a_second_view_is_put_back_before_an_eager_rerun(always):
    """The index fails only at run time: the frame runs again eagerly, after the graph's
    write to x is put back (the trace saw it write x through `b`)."""
    compiled = compiler.compile(write_then_index, dynamic=True)
    for n, index in ((6, 1), (5, 2), (7, 40), (4, 1)):
        args = (torch.arange(float(n)), torch.tensor([index]), [])
        expected = _outcome(write_then_index, copy.deepcopy(args))
        assert_same(_outcome(compiled, copy.deepcopy(args)), expected, f"size {n}")
    assert compiler.stats(compiled).compiles == 1


def twice_with_grad(x, w):
    with torch.no_grad():
        c = F.linear(x, w)
        d = F.linear(x, w)
    a = F.linear(x, w)  # the same arguments, with grad: it needs grad, c and d do not
    b = F.linear(x, w)
    return (b * 2 if b.requires_grad else b - 1), a, c + d, d.requires_grad


def test_outputs_needing_grad_and_the_grad_mode_are_kept_apart(always):
    w = torch.randn(3, 6, requires_grad=True)

    def make(n):
        return torch.randn(n, 6, generator=torch.Generator().manual_seed(n)), w
    assert sweep(twice_with_grad, make, BATCH_SWEEP, dynamic=True, fullgraph=True).compiles == 1


def _memo_and_effects():
    mode = new_fake_mode()
    memo, effects = FakeOpMemo(mode), EffectWatch()
    x = mode.from_tensor(torch.randn(5, 8))
    return mode, memo, effects, x


def _run(mode, memo, effects, fn, *args):
    with mode, effects:
        return memo.run("call_function", fn, list(args), {}, lambda: fn(*args), effects)


def head_of_exp(t):
    return t.exp()[:, :2]


def test_an_output_an_empty_tensor_cannot_make_is_run_again(always):
    """A view of a tensor the op made inside (its storage is larger than the view needs)."""
    mode, memo, effects, x = _memo_and_effects()
    first = _run(mode, memo, effects, head_of_exp, x)
    hits = FakeOpMemo.hits
    second = _run(mode, memo, effects, head_of_exp, x)
    assert FakeOpMemo.hits == hits
    assert second.untyped_storage().nbytes() == first.untyped_storage().nbytes() == 5 * 8 * 4


def test_an_op_that_writes_or_draws_is_run_every_time(always):
    mode, memo, effects, x = _memo_and_effects()
    mean, var = mode.from_tensor(torch.zeros(8)), mode.from_tensor(torch.ones(8))

    def training_norm(t):
        return F.batch_norm(t, mean, var, training=True)

    for op in (training_norm, F.dropout):
        hits, seen = FakeOpMemo.hits, [effects.seen]
        for _ in range(3):
            _run(mode, memo, effects, op, x)
            seen.append(effects.seen)
        assert FakeOpMemo.hits == hits
        assert seen == sorted(set(seen))  # each run was seen writing or drawing


def _cnn():
    torch.manual_seed(0)
    return TinyResNet(widths=(4, 8)).eval()


def _cnn_images(n):
    return (torch.randn(n, 3, 16, 16, generator=torch.Generator().manual_seed(n)),)


def _bert():
    transformers = pytest.importorskip("transformers")  # noqa: F841
    from tests.models.zoo import BY_NAME, TINY
    model = BY_NAME["bert"].build()

    def make(n):
        return (torch.randint(0, TINY["vocab_size"], (2, n),
                              generator=torch.Generator().manual_seed(n)),)
    return model, make, (3, 4, 5, 11, 7)


def _sweep_described(model, make, sizes, dynamic):
    compiled = compiler.compile(model, dynamic=dynamic, fullgraph=True)
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        stats = sweep(model, make, sizes, compiled=compiled)
    entries = compiled.cache.entries
    return ([entry.check.describe() for entry in entries],
            (stats.compiles, stats.graphs, stats.ops, stats.recompiles))


@pytest.mark.parametrize("model,dynamic", [
    ("cnn", None), ("bert", True),
    pytest.param("cnn", True, marks=pytest.mark.slow),
    pytest.param("bert", None, marks=pytest.mark.slow)])
def test_the_memo_changes_no_guard_op_nor_recompile(model, dynamic):
    """Each entry's guards (the ShapeEnv's relations among them), the graphs' op counts and the
    recompiles with every entry used, and with none."""
    if model == "cnn":
        case = _cnn(), _cnn_images, (2, 3, 5, 16, 7)  # 16: conv's guard, a third entry
    else:
        case = _bert()
    hits = FakeOpMemo.hits
    old = FakeOpMemo.worth_seconds
    try:
        FakeOpMemo.worth_seconds = math.inf
        without = _sweep_described(*case, dynamic)
        FakeOpMemo.worth_seconds = 0.0
        with_memo = _sweep_described(*case, dynamic)
    finally:
        FakeOpMemo.worth_seconds = old
    assert FakeOpMemo.hits > hits
    assert with_memo == without


GRAD_WEIGHT = torch.randn(4, requires_grad=True)


def three_norms_with_grad(x):
    y = F.batch_norm(x, MEAN, VAR, GRAD_WEIGHT, BIAS)
    z = F.batch_norm(x, MEAN, VAR, GRAD_WEIGHT, BIAS)
    w = F.batch_norm(x, MEAN, VAR, GRAD_WEIGHT, BIAS)
    return (y * z.relu() - w) * x.shape[0]


def test_outputs_needing_grad_still_reuse_the_decomposition_through_torch_s_cache(always):
    """The memo keeps no output that needs grad; below autograd, torch's fake-op cache keeps
    the costly aten ops (a batch norm's, once its first run showed it costly)."""
    from torch._subclasses.fake_tensor import FakeTensorMode
    hits, memo_hits = FakeTensorMode.cache_hits, FakeOpMemo.hits
    compiled = compiler.compile(three_norms_with_grad, dynamic=True, fullgraph=True)
    compiled(*images(3))
    assert FakeOpMemo.hits == memo_hits and FakeTensorMode.cache_hits > hits
    assert sweep(three_norms_with_grad, images, BATCH_SWEEP, compiled=compiled).compiles == 1
