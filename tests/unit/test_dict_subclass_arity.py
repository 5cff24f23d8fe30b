"""Methods of dict and OrderedDict subclass instances (passed in) called with arguments that do
not fit raise CPython's TypeError, its own text included; they ran with what they read
(`d.setdefault(1, 2, 3)` added a key: a wrong answer). Compared with eager, fullgraph and not."""

import collections

import pytest
import torch

from tests.differential import check_same


class Plain(dict):
    pass


class Ordered(collections.OrderedDict):
    pass


CALLS = ["d.setdefault(1, 2, 3)", "d.clear(1)", "d.keys(1)", "d.items(1)", "d.copy(1)",
         "d.get()", "d.get(1, 2, 3)", "d.update({}, {})", "d.values(2)", "d.pop()"]


def _function(call: str):
    namespace = {}
    exec(f"def f(x, d):\n    try:\n        {call}\n    except TypeError as error:\n"
         f"        return x, str(error), len(d)\n    return x + 1, 'none', len(d)\n", namespace)
    return namespace["f"]


@pytest.mark.parametrize("call", CALLS)
@pytest.mark.parametrize("cls", [Plain, Ordered], ids=["dict", "ordered"])
@pytest.mark.parametrize("fullgraph", [True, False])
def test_wrong_arguments_raise_cpythons_error(call, cls, fullgraph):
    check_same(_function(call), torch.ones(1), cls(a=1), fullgraph=fullgraph)
