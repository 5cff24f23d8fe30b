"""A module attribute is looked up as CPython does: what the class defines (a method) comes
before the submodules that Module.__getattr__ finds."""

import torch
from torch import nn

from tests.differential import check_same


class MethodShadowsSubmodule(nn.Module):
    def __init__(self):
        super().__init__()
        self.double = nn.ReLU()  # registered, but `self.double` is still Module.double

    def forward(self, x):
        try:
            return self.double(x)
        except TypeError as error:
            return x + 1, str(error)


def test_a_method_comes_before_a_submodule_of_the_same_name():
    check_same(MethodShadowsSubmodule(), torch.randn(3), fullgraph=False)


def test_submodules_and_parameters_without_a_class_attribute_are_found():
    class Plain(nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(3, 3)
            self.w = nn.Parameter(torch.ones(3))

        def forward(self, x):
            return self.fc(x) * self.w

    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(0)
        module = Plain()
    check_same(module, torch.randn(3))
