"""Class statements in compiled code run their body for real once, at trace time: what the body
reads from the globals (and from modules in them) is guarded as any global the frame reads, and
the few calls it may make are pure ones over constants (`len`, `max`, `math.sqrt`...), whose
result is the same on every call, and torch factories of constants (`torch.ones(2)`), whose
tensor the graph makes anew on every call. A call of anything else is refused."""

import dataclasses
import math
import types

import pytest
import torch

import compiler
from tests.differential import check_same, compiler_test_config, one_graph  # noqa: F401

SCALE = 2
settings = types.ModuleType("settings")
settings.width = 3


def reads_a_global(x):
    class Local:
        factor = SCALE
        width = settings.width

    return x * Local.factor + Local.width


def test_globals_the_body_reads_are_guarded(monkeypatch):
    compiled = compiler.compile(reads_a_global, fullgraph=True)
    torch.testing.assert_close(compiled(torch.ones(2)), reads_a_global(torch.ones(2)))
    monkeypatch.setitem(globals(), "SCALE", 5)
    torch.testing.assert_close(compiled(torch.ones(2)), reads_a_global(torch.ones(2)))
    monkeypatch.setattr(settings, "width", 7)
    torch.testing.assert_close(compiled(torch.ones(2)), reads_a_global(torch.ones(2)))
    stats = compiler.stats(compiled)
    assert stats.compiles == 3 and len(stats.recompiles) == 2, stats
    assert "G['SCALE']" in stats.recompiles[0] and "width" in stats.recompiles[1], stats


def writes_the_global_the_body_reads(x):
    global SCALE
    SCALE = SCALE + 1

    class Local:
        factor = SCALE

    return x * Local.factor


def test_a_global_written_before_the_body_reads_it_is_refused(monkeypatch):
    monkeypatch.setitem(globals(), "SCALE", 2)
    with pytest.raises(compiler.Unsupported):
        compiler.compile(writes_the_global_the_body_reads, fullgraph=True)(torch.ones(2))
    assert SCALE == 2  # nothing ran
    compiler.reset()
    got = compiler.compile(writes_the_global_the_body_reads)(torch.ones(2))
    torch.testing.assert_close(got, torch.full((2,), 3.0))
    assert SCALE == 3


def pure_calls_in_the_body(x):
    class Shape:
        names = ("h", "w", "c")
        rank = len(names)
        widest = max(3, 8, 5)
        root = math.sqrt(16.0)
        label = str(rank) + "d"

    return x * Shape.rank + Shape.widest * Shape.root, Shape.label


def test_pure_calls_over_constants_in_a_class_body_are_one_graph():
    one_graph(check_same(pure_calls_in_the_body, torch.ones(2)))


def tensors_made_in_the_body(x):
    class Holder:
        t = torch.ones(2)
        z = torch.zeros(2, dtype=torch.float64)
        r = torch.arange(4)

    Holder.t.add_(1)  # eager: this call's own tensor
    h = Holder()
    return x + Holder.t, Holder.t, h.z, Holder.r.sum(), h.t is Holder.t


def test_a_torch_factory_in_a_class_body_makes_a_new_tensor_on_every_call():
    one_graph(check_same(tensors_made_in_the_body, torch.ones(2)))
    compiled = compiler.compile(tensors_made_in_the_body, fullgraph=True)
    first, second = compiled(torch.ones(2)), compiled(torch.ones(2))
    assert first[1] is not second[1]
    torch.testing.assert_close(second, tensors_made_in_the_body(torch.ones(2)))
    assert compiler.stats(compiled).compiles == 1


def tensor_made_in_an_inference_region(x):
    with torch.inference_mode():
        class Holder:
            t = torch.ones(2)

    return Holder.t.is_inference(), x + 1


def test_the_tensor_is_made_where_the_body_ran():
    one_graph(check_same(tensor_made_in_an_inference_region, torch.ones(2)))


def random_tensor_in_the_body(x):
    class Holder:
        t = torch.randn(2)

    return x + Holder.t


def tensor_stored_twice(x):
    class Holder:
        a = b = torch.ones(2)

    return x + Holder.a + Holder.b


def tensor_as_a_dataclass_default(x):
    @dataclasses.dataclass
    class Holder:
        t: torch.Tensor = torch.ones(2)

    return x + Holder().t


def class_with_a_tensor_returned(x):
    class Holder:
        t = torch.ones(2)

    return Holder, x + Holder.t


def call_of_a_global_function_in_the_body(x):
    class Holder:
        n = reads_a_global(x)

    return Holder.n


@pytest.mark.parametrize("fn", [random_tensor_in_the_body, tensor_stored_twice,
                                tensor_as_a_dataclass_default, class_with_a_tensor_returned,
                                call_of_a_global_function_in_the_body],
                         ids=lambda fn: fn.__name__)
def test_other_calls_in_a_class_body_are_refused(fn):
    with pytest.raises(compiler.Unsupported):
        compiler.compile(fn, fullgraph=True)(torch.ones(2))
    compiler.reset()
    torch.manual_seed(0)
    expected = fn(torch.ones(2))
    torch.manual_seed(0)
    got = compiler.compile(fn)(torch.ones(2))
    torch.testing.assert_close(got[-1] if fn is class_with_a_tensor_returned else got,
                               expected[-1] if fn is class_with_a_tensor_returned else expected)
