"""What torch's own modules read in forward, computed or guarded (found compiling the models of
tests/models/test_vision.py): `torch.backends.mha.get_fastpath_enabled()` (a Python function
reading a module global), `len()` of a module's hook OrderedDict, and the `weakref.ref`s that
nn.RNNBase keeps of its flat weights (called, compared with `is`)."""

import gc
import weakref

import torch

import compiler


def test_backends_python_getter_is_traced_and_guarded():
    def fn(x):
        if torch.backends.mha.get_fastpath_enabled():
            return x + 1
        return x - 1

    compiled = compiler.compile(fn, fullgraph=True)
    x = torch.ones(2)
    assert torch.equal(compiled(x), x + 1)
    torch.backends.mha.set_fastpath_enabled(False)
    try:
        assert torch.equal(compiled(x), x - 1)
    finally:
        torch.backends.mha.set_fastpath_enabled(True)
    assert torch.equal(compiled(x), x + 1)


def test_len_of_module_hook_dict_is_guarded():
    module = torch.nn.Linear(2, 2)

    def fn(x):
        return x * (len(module._forward_hooks) + len(getattr(module, "_forward_pre_hooks", {})))

    compiled = compiler.compile(fn, fullgraph=True)
    x = torch.ones(2)
    assert torch.equal(compiled(x), x * 0)
    handle = module.register_forward_hook(lambda m, i, o: None)
    try:
        assert torch.equal(compiled(x), x * 1)
    finally:
        handle.remove()
    assert torch.equal(compiled(x), x * 0)


class Holder:
    pass


def test_weakref_call_reads_the_referent_now():
    holder, first, second = Holder(), torch.nn.Parameter(torch.ones(2)), torch.ones(2) * 3
    holder.ref = weakref.ref(first)

    def fn(x, w):
        target = holder.ref()
        if target is None:
            return x - 1
        if target is not w:
            return x * 2
        return x + target

    compiled = compiler.compile(fn, fullgraph=True)
    x = torch.ones(2)
    with torch.no_grad():
        assert torch.equal(compiled(x, first), x + first)
        assert torch.equal(compiled(x, second), x * 2)
        holder.ref = weakref.ref(second)
        assert torch.equal(compiled(x, second), x + second)
        del second
        gc.collect()
        assert torch.equal(compiled(x, first), x - 1)
