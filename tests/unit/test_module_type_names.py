"""Names that live on `type` (a class's `__name__`, `__qualname__`, `__mro__`, `__bases__`)
are not attributes of a module instance: hasattr/getattr on a module, passed in or made in the
compiled code, answer as eager (False, the default) in one graph; they were refused because
`object` (a class) has them."""

import pytest
import torch

import compiler

TYPE_NAMES = ("__name__", "__qualname__", "__mro__", "__bases__")


def _probe_made_module(x):
    relu = torch.nn.ReLU()
    return x + 1, [hasattr(relu, n) for n in TYPE_NAMES], getattr(relu, "__name__", "none")


def _probe_module_argument(x, module):
    return module(x), [hasattr(module, n) for n in TYPE_NAMES], getattr(module, "__mro__", 0)


@pytest.mark.parametrize("fn", [_probe_made_module, _probe_module_argument],
                         ids=lambda f: f.__name__)
def test_type_names_are_not_module_attributes(fn):
    x = torch.arange(3.0)
    args = (x,) if fn is _probe_made_module else (x, torch.nn.Tanh())
    compiled = compiler.compile(fn, backend="eager", fullgraph=True)
    out, expected = compiled(*args), fn(*args)
    torch.testing.assert_close(out[0], expected[0])
    assert out[1:] == expected[1:]
    assert compiler.stats(compiled).graphs == 1


class _Plain:
    pass


def _probe_user_object(x, obj):
    return x + 1, [hasattr(obj, n) for n in TYPE_NAMES], getattr(obj, "__qualname__", None)


def test_type_names_are_not_user_object_attributes():
    x = torch.arange(3.0)
    compiled = compiler.compile(_probe_user_object, backend="eager", fullgraph=True)
    out, expected = compiled(x, _Plain()), _probe_user_object(x, _Plain())
    torch.testing.assert_close(out[0], expected[0])
    assert out[1:] == expected[1:]
