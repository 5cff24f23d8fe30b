"""`t.item()` whose value the trace never needs (returned, kept in a container, discarded) is
read after the graph from a copy taken where it was called; a use that needs the value is
refused there (a graph break, or Unsupported under fullgraph). Compared with eager on fresh
arguments, with the graph counts."""

import pytest
import torch

import compiler
from compiler.errors import Unsupported
from tests.differential import assert_same


def _fresh():
    return torch.arange(3.0) + 1


def returned(a, b):
    return (a + b).sum().item()


def discarded_then_tensor(items):
    items[0].sum().item()
    last = items.pop()
    last.sum().item()
    return last, {"loss": last.mean().item(), "n": len(items)}


def written_after(x):
    v = x[0].item()
    x.add_(1)
    return v, isinstance(v, float), type(v).__name__, x


def integer_and_bool(x):
    return x.long().sum().item(), (x > 2).any().item(), x


@pytest.mark.parametrize("backend", ["eager", "aot_eager"])
@pytest.mark.parametrize("fn", [returned, discarded_then_tensor, written_after, integer_and_bool])
def test_an_item_only_handed_out_is_one_graph(fn, backend):
    def args():
        if fn is returned:
            return _fresh(), _fresh()
        if fn is discarded_then_tensor:
            return ([_fresh(), _fresh() * 2],)
        return (_fresh(),)

    compiled = compiler.compile(fn, fullgraph=True, backend=backend)
    eager_args, compiled_args = args(), args()
    assert_same(compiled(*compiled_args), fn(*eager_args))
    assert_same(compiled_args, eager_args)
    assert compiler.stats(compiled).graphs == 1


def test_an_item_of_many_elements_raises_as_eager():
    def f(x):
        return x.item()

    with pytest.raises(RuntimeError, match="3 elements"):
        compiler.compile(f, fullgraph=True)(_fresh())


def test_an_item_whose_value_is_used_breaks_there():
    def f(a):
        x = a.sum().item()
        return a * x, x > 3

    with pytest.raises(Unsupported):
        compiler.compile(f, fullgraph=True)(_fresh())
    compiler.reset()
    compiled = compiler.compile(f)
    assert_same(compiled(_fresh()), f(_fresh()))
    assert compiler.stats(compiled).graph_breaks
