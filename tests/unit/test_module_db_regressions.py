"""Samples of torch's module_db (bench/bench_module_db.py) that once failed, built directly:
each module is compiled with fullgraph=True and compared with eager on a deep copy."""

import copy

import torch
from torch.nn.modules.linear_cross_entropy_options import LinearCrossEntropyOptions

import compiler


def _compiled_equals_eager(module, *args):
    twin = copy.deepcopy(module)
    with torch.no_grad():
        expected = module(*args)
        compiled = compiler.compile(twin, backend="eager", fullgraph=True)
        torch.testing.assert_close(compiled(*args), expected)
    return compiled


def _lce(options):
    torch.manual_seed(0)
    return torch.nn.LinearCrossEntropyLoss(5, 4, reduction="sum", options=options).eval()


def test_linear_cross_entropy_loss_with_options_is_a_constant_of_the_graph():
    x, target = torch.randn(3, 5), torch.tensor([0, 3, 1])
    compiled = _compiled_equals_eager(_lce(LinearCrossEntropyOptions()), x, target)
    assert compiler.stats(compiled).graphs == 1


def test_options_changed_in_place_recompile():
    module = _lce(LinearCrossEntropyOptions())
    x, target = torch.randn(3, 5), torch.tensor([0, 3, 1])
    compiled = compiler.compile(module, backend="eager", fullgraph=True)
    with torch.no_grad():
        torch.testing.assert_close(compiled(x, target), copy.deepcopy(module)(x, target))
        object.__setattr__(module.options, "batch_chunk_size", 1)  # the frozen dataclass bypassed
        torch.testing.assert_close(compiled(x, target), copy.deepcopy(module)(x, target))
    assert len(compiler.stats(compiled).recompiles) == 1
