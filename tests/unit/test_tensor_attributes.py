"""Attributes kept on tensor objects (compiler/values/tensor_attributes.py): read from an input
(guarded), written in the trace and replayed on the real tensor after the graph (the input,
or the graph's output for a tensor made in the trace), deleted, shadowing a method."""

import pytest
import torch

import compiler
from tests.differential import assert_same, compiler_test_config  # noqa: F401


def _tagged(**attrs):
    t = torch.arange(4.0)
    for name, value in attrs.items():
        setattr(t, name, value)
    return t


def _both(fn, make, backend="eager"):
    eager_args, compiled_args = make(), make()
    expected = fn(*eager_args)
    actual = compiler.compile(fn, fullgraph=True, backend=backend)(*compiled_args)
    assert_same(actual, expected)
    return eager_args, compiled_args, actual, expected


def test_attribute_set_on_a_made_tensor_is_on_the_returned_tensor():
    def f(x):
        y = x + 1
        y.tag = "scaled"
        y.count = 1
        y.count += 2
        z = y * 2  # a new tensor: no attributes
        return y, z, hasattr(z, "tag")

    _, _, actual, expected = _both(f, lambda: (torch.ones(3),))
    assert vars(actual[0]) == vars(expected[0]) == {"tag": "scaled", "count": 3}
    assert vars(actual[1]) == {}


def test_attribute_written_on_an_input_is_replayed_in_order():
    def f(x):
        x.b = x.sum()
        x.a = 1
        x.b = 2  # keeps its place
        return x * 2

    eager_args, compiled_args, _, _ = _both(f, lambda: (_tagged(a=0),))
    assert list(vars(compiled_args[0]).items()) == list(vars(eager_args[0]).items())


def test_deleted_and_set_again_moves_to_the_end():
    def f(x):
        del x.a
        r = hasattr(x, "a")
        x.a = 5
        return x + x.a, r

    eager_args, compiled_args, _, _ = _both(f, lambda: (_tagged(a=0, b=1),))
    assert list(vars(compiled_args[0])) == list(vars(eager_args[0])) == ["b", "a"]


def test_made_tensor_attribute_deleted_leaves_nothing():
    def f(x):
        y = x * 3
        y.tmp = 1
        del y.tmp
        return y

    _, _, actual, _ = _both(f, lambda: (torch.ones(2),))
    assert vars(actual) == {}


def test_input_attribute_is_guarded():
    def f(x):
        return x * x.scale

    compiled = compiler.compile(f, fullgraph=True)
    t = _tagged(scale=2.0)
    assert_same(compiled(t), f(t))
    t.scale = 3.0
    assert_same(compiled(t), f(t))
    del t.scale
    with pytest.raises(AttributeError, match="has no attribute 'scale'"):
        compiled(t)
    assert compiler.stats(compiled).compiles == 3


def test_instance_entry_hides_a_method_with_any_backend():
    def f(x):
        return x.sum() + 1

    for backend in ("eager", "aot_eager"):
        compiler.reset()
        t = torch.ones(3)
        compiled = compiler.compile(f, fullgraph=True, backend=backend)
        assert_same(compiled(t), f(t))
        t.sum = lambda: torch.tensor(100.0)
        assert_same(compiled(t), f(t))  # recompiled: the entry is read, not Tensor.sum


def test_function_stored_on_a_parameter_is_called():
    p = torch.nn.Parameter(torch.ones(2))
    p.scale_by = lambda t, k: t * k

    def f(x):
        return p.scale_by(x, 3) + p

    _both(f, lambda: (torch.ones(2),))


def test_grad_assigned_on_a_made_tensor_leaves_with_it():
    def f(x):
        y = x * 2
        y.grad = x + 1
        return y, y.grad * 2

    _, _, actual, expected = _both(f, lambda: (torch.ones(2),))
    assert_same(actual[0].grad, expected[0].grad)


def test_grad_of_another_size_raises_eagers_error():
    def f(x):
        y = x * 2
        try:
            y.grad = torch.ones(3)
        except RuntimeError as e:
            return y, str(e)
        return y, ""

    _both(f, lambda: (torch.ones(2),))


def test_instance_dict_of_an_input():
    def f(x):
        d = x.__dict__
        d["k"] = 3
        return x + x.k, sorted(d), "a" in d

    eager_args, compiled_args, _, _ = _both(f, lambda: (_tagged(a=1),))
    assert vars(compiled_args[0]) == vars(eager_args[0])


def test_requires_grad_set_on_a_non_leaf_raises_the_setters_error():
    def f(x):
        y = x * 2
        try:
            y.requires_grad = True
        except RuntimeError as e:
            return str(e)
        return ""

    _both(f, lambda: (torch.ones(2, requires_grad=True),))


def test_attribute_on_a_tensor_picked_by_max_is_refused():
    def f(x):
        a, b = x.sum() * 1, x.mean() * 1
        m = max(a, b)
        m.tag = 1
        return m + 1

    with pytest.raises(compiler.Unsupported):
        compiler.compile(f, fullgraph=True)(torch.ones(3))
    assert_same(compiler.compile(f)(torch.ones(3)), f(torch.ones(3)))


@pytest.mark.parametrize("dtype", [torch.cfloat, torch.float32])
def test_real_and_imag_set_copy_into_the_part(dtype):
    def f(x):
        y = x.clone()
        x.real = 10
        y.real = torch.full((3,), 2.5)
        try:
            y.imag = 1
        except RuntimeError as e:
            return x + 1, y, str(e)
        return x + 1, y, ""

    eager_args, compiled_args, _, _ = _both(f, lambda: (torch.ones(3, dtype=dtype),))
    assert_same(compiled_args[0], eager_args[0])


def test_data_assigned_on_an_input_and_a_made_tensor():
    def f(x, y):
        x.data = y * 2
        x.mul_(3)
        w = torch.zeros(3)
        w.tag = 1
        w.data = y.clone()
        w.add_(1)
        return x + 1, x.shape, w, x.storage_offset()

    eager_args, compiled_args, actual, expected = _both(
        f, lambda: (torch.ones(3), torch.arange(4.0)))
    assert_same(compiled_args[0], eager_args[0])
    assert vars(actual[2]) == {"tag": 1}


def test_data_assigned_shares_the_storage():
    def f(x, y):
        x.data = y
        x.add_(1)
        return x, y

    _, compiled_args, actual, _ = _both(f, lambda: (torch.ones(3), torch.arange(3.0)))
    assert actual[0] is compiled_args[0]
    assert compiled_args[0].data_ptr() == compiled_args[1].data_ptr()


def test_data_of_a_tensor_that_requires_grad_is_refused():
    def f(x, y):
        x.data = y
        return x * 2

    with pytest.raises(compiler.Unsupported):
        compiler.compile(f, fullgraph=True)(torch.ones(3, requires_grad=True), torch.ones(3))
