"""nn.ParameterDict in a trace (membership, indexing, iteration, len) and ModuleDict membership
equal eager and are guarded: `key in params` looked in `_modules` (always False for a
ParameterDict: a wrong answer), and a key added later must recompile."""

import torch
from torch import nn

import compiler
from tests.differential import assert_same


class Biased(nn.Module):
    def __init__(self):
        super().__init__()
        self.biases = nn.ParameterDict({"low": nn.Parameter(torch.zeros(3)),
                                        "high": nn.Parameter(torch.ones(3))})
        self.blocks = nn.ModuleDict({"relu": nn.ReLU()})

    def forward(self, x, mode):
        out = x + self.biases[mode]
        for key in self.biases:
            out = out + self.biases[key] * len(key)
        return (out, "high" in self.biases, "mid" in self.biases, len(self.biases),
                "relu" in self.blocks, "tanh" in self.blocks, list(self.biases.keys()))


def test_parameter_dict_reads_equal_eager_in_one_graph():
    m = Biased()
    x = torch.randn(3)
    compiled = compiler.compile(m.forward, fullgraph=True)
    assert_same(compiled(x, "high"), m(x, "high"))
    assert_same(compiled(x, "low"), m(x, "low"))


def test_keys_added_later_are_seen():
    m = Biased()
    x = torch.randn(3)
    compiled = compiler.compile(m.forward)
    assert_same(compiled(x, "low"), m(x, "low"))
    m.biases["mid"] = nn.Parameter(torch.full((3,), 2.0))
    m.blocks["tanh"] = nn.Tanh()
    assert_same(compiled(x, "low"), m(x, "low"))


def test_membership_alone_equals_eager():
    m = Biased()

    def f(x):
        return x * ("high" in m.biases) + ("mid" in m.biases), "relu" in m.blocks

    x = torch.randn(3)
    compiled = compiler.compile(f)
    assert_same(compiled(x), f(x))
    m.blocks["relu2"] = nn.ReLU()
    del m.blocks["relu"]
    assert_same(compiled(x), f(x))
