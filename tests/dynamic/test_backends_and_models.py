"""Symbolic graphs on every backend, and real models over a batch or sequence-length sweep:
eager's results on every size, two compiles under automatic dynamic, one under dynamic=True."""

import warnings

import pytest
import torch

from tests.dynamic.sweep import BATCH_SWEEP, rows, sweep
from tests.dynamic.test_batch_sweeps import reshape_by_size, returns_sizes, split_heads
from tests.models.vision_zoo import TinyResNet


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("fn", [reshape_by_size, split_heads, returns_sizes],
                         ids=lambda f: f.__name__)
def test_aot_eager_runs_the_symbolic_graph_on_every_size(fn):
    stats = sweep(fn, rows(), BATCH_SWEEP, backend="aot_eager", fullgraph=True)
    assert stats.compiles == 2


@pytest.mark.slow
@pytest.mark.parametrize("dynamic,compiles", [(None, 2), (True, 1)])
def test_inductor_runs_the_symbolic_graph_on_every_size(dynamic, compiles):
    stats = sweep(split_heads, rows(), BATCH_SWEEP, backend="inductor", dynamic=dynamic,
                  fullgraph=True)
    assert stats.compiles == compiles


def _cnn():
    torch.manual_seed(0)
    return TinyResNet(widths=(4, 8)).eval()


def _images(n):
    return (torch.randn(n, 3, 16, 16, generator=torch.Generator().manual_seed(n)),)


UNDER_16 = (2, 3, 5, 8, 15, 4, 7, 11, 9, 12)


@pytest.mark.parametrize("dynamic,compiles", [(None, 2), (True, 1)])
def test_cnn_batch_sweep_on_eager(dynamic, compiles):
    import compiler
    model = _cnn()
    with torch.no_grad():
        stats = sweep(model, _images, UNDER_16,
                      compiled=compiler.compile(model, dynamic=dynamic, fullgraph=True))
    assert stats.compiles == compiles


@pytest.mark.parametrize("dynamic,compiles", [(None, 3), (True, 2)])
def test_cnn_sweep_past_16_recompiles_where_torch_does(dynamic, compiles):
    """conv2d's fake kernel guards a symbolic batch below 16 (torch.compile gives the same
    counts and the reason `2 <= x.size()[0] <= 15`): a batch of 16 or more is one more entry."""
    import compiler
    model = _cnn()
    with torch.no_grad():
        stats = sweep(model, _images, BATCH_SWEEP,
                      compiled=compiler.compile(model, dynamic=dynamic, fullgraph=True))
    assert stats.compiles == compiles
    assert stats.recompiles[-1] == "L['x'].size()[0] <= 15 (got 16)"


@pytest.mark.slow
def test_cnn_batch_sweep_on_inductor():
    import compiler
    model = _cnn()
    with torch.no_grad():
        stats = sweep(model, _images, UNDER_16[:6],
                      compiled=compiler.compile(model, backend="inductor", fullgraph=True))
    assert stats.compiles == 2


@pytest.mark.slow
@pytest.mark.parametrize("backend", ["eager", "inductor"])
def test_bert_sequence_length_sweep(backend):
    pytest.importorskip("transformers", reason="needs transformers: pip install .[models]")
    import compiler
    from tests.models.zoo import BY_NAME, TINY
    model = BY_NAME["bert"].build()

    def make(seq):
        g = torch.Generator().manual_seed(seq)
        return (torch.randint(0, TINY["vocab_size"], (2, seq), generator=g),)

    compiled = compiler.compile(model, backend=backend)
    lengths = (3, 4, 5, 8, 11, 16) if backend == "inductor" else (3, 4, 5, 8, 11, 16, 7, 9,
                                                                  13, 20)
    with torch.no_grad():
        stats = sweep(lambda ids: model(ids).last_hidden_state, make, lengths,
                      compiled=_LastHidden(compiled))
    assert stats.compiles == 2, stats.recompiles


class _LastHidden:
    """The compiled model's output reduced to its last hidden state, for comparison."""

    def __init__(self, compiled):
        self.compiled = compiled

    def __call__(self, ids):
        return self.compiled(ids).last_hidden_state


def scale_first_view(a, b):
    a.mul_(2)
    return b + 0, a.sum() * a.shape[0]


def test_views_of_one_base_on_aot_eager_under_dynamic_true():
    """aot_autograd cannot follow the symbols of a view's base: views stay static there."""
    def make(n):
        base = torch.randn(n, 6, generator=torch.Generator().manual_seed(n))
        return base[:, :4], base[:, 2:]
    sweep(scale_first_view, make, (4, 5, 6), backend="aot_eager", dynamic=True)


def test_views_are_symbolic_on_eager():
    def make(n):
        base = torch.randn(n + 2, 6, generator=torch.Generator().manual_seed(n))
        return base[1:n + 1, ::2], base[0]
    stats = sweep(scale_first_view, make, (4, 5, 6, 9), dynamic=True)
    assert stats.compiles == 1
