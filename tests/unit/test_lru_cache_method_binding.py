"""An `functools.lru_cache`-decorated method read through an instance binds like a function
(the wrapper's __get__ is a plain method binding): the trace calls it with the instance."""

from __future__ import annotations

import functools

import torch

import compiler


class Scaled(torch.nn.Module):
    @functools.lru_cache(maxsize=4)  # noqa: B019 - the idiom under test
    def size_for(self, n):
        return n * 2

    def forward(self, x):
        return x * self.size_for(3)


def test_lru_cache_method_of_a_module_compiles_fullgraph():
    compiler.reset()
    module = Scaled()
    x = torch.ones(2)
    assert torch.equal(compiler.compile(module, fullgraph=True)(x), module(x))
