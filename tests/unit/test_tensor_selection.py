"""max()/min() over one-element tensors: the value is exact in the graph; anything that could
tell which object eager returned is refused (and then matches eager without fullgraph)."""

import pytest
import torch

import compiler
from tests.differential import assert_same, check_same


def _sums(x):
    return x.sum(), (x * 2).sum(), x.mean()


@pytest.mark.parametrize("values", [(1.0, 2.0), (2.0, 1.0), (1.0, 1.0), (float("nan"), 1.0),
                                    (1.0, float("nan"))])
def test_values_follow_cpythons_comparisons(values):
    def f(x):
        a, b = (x[0] * 1).sum(), (x[1] * 1).sum()
        return max(a, b) + 0, min(a, b) + 0, max([b, a, b]) * 1, min(b, a) - 0

    stats = check_same(f, torch.tensor(values))
    assert not stats.graph_breaks and stats.graphs == 1


def test_gradient_reaches_the_picked_tensor_only():
    def f(x):
        a, b = (x * 2).sum(), (x * 3).sum()
        best = max(a, b)
        best.backward()
        return best.detach()

    x1, x2 = torch.ones(3, requires_grad=True), torch.ones(3, requires_grad=True)
    assert_same(compiler.compile(f)(x1), f(x2))
    assert torch.equal(x1.grad, x2.grad)


IDENTITY_PROBES = {
    "is": lambda m, a, b: (m is a, m * 1),
    "hash": lambda m, a, b: {m: 1}.get(a, 0),
    "write result": lambda m, a, b: (m.add_(1), a * 1)[1],
    "write candidate": lambda m, a, b: (a.mul_(2), m * 1)[1],
    "write a view": lambda m, a, b: (a.view(1).add_(1), m * 1)[1],
    "return both": lambda m, a, b: (m, a),
    "two results": lambda m, a, b: (m, min(a, b)),
}


@pytest.mark.parametrize("probe", sorted(IDENTITY_PROBES))
def test_what_could_tell_the_objects_apart_is_refused(probe):
    use = IDENTITY_PROBES[probe]

    def f(x):
        a, b = (x * 1).sum(), (x * 2).sum()
        return use(max(a, b), a, b)

    with pytest.raises(compiler.Unsupported):
        compiler.compile(f, fullgraph=True)(torch.ones(2))
    check_same(f, torch.ones(2), fullgraph=False)


def test_inputs_and_views_are_refused():
    def of_inputs(a, b):
        return max(a, b)

    def of_views(x):
        return max(x[0], x[1]) * 1

    for fn, args in ((of_inputs, (torch.tensor(1.0), torch.tensor(2.0))),
                     (of_views, (torch.tensor([1.0, 2.0]),))):
        with pytest.raises(compiler.Unsupported, match="inputs, views"):
            compiler.compile(fn, fullgraph=True)(*args)
        check_same(fn, *args, fullgraph=False)
