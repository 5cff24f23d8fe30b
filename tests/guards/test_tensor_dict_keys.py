"""A dict from outside the frame keyed by tensors (an optimizer's state keyed by its
parameters): a tensor hashes and compares by identity as a key, so the keys guard asks each
tensor key to be the same object (never a tensor's elementwise `==`, which for a one-element
tensor would call an equal-valued other tensor the same key). Each call is compared with eager
and the compile count checked."""

from __future__ import annotations

import collections

import torch

import compiler
from compiler.guards.check import CheckFunction
from compiler.guards.guard import GuardKind, guard_of
from compiler.guards.sources import LocalSource
from tests.differential import assert_same


def _scaled(x, state, params):
    return [x * state[p] + p.sum() for p in params]


def test_a_dict_keyed_by_parameters_is_read_by_identity():
    params = [torch.nn.Parameter(torch.ones(1)), torch.nn.Parameter(torch.full((1,), 2.0))]
    compiled = compiler.compile(_scaled, fullgraph=True)
    for scale in (1.0, 3.0):
        state = {params[0]: scale, params[1]: -scale}
        assert_same(compiled(torch.ones(2), state, params), _scaled(torch.ones(2), state, params))
    assert compiler.stats(compiled).compiles == 2  # the values are guarded constants


def test_an_equal_valued_other_tensor_key_recompiles():
    first, second = torch.ones(1), torch.ones(1)
    compiled = compiler.compile(_scaled, fullgraph=True)
    for key in (first, second, first):
        state = {key: 2.0}
        assert_same(compiled(torch.ones(2), state, [key]), _scaled(torch.ones(2), state, [key]))
    assert compiler.stats(compiled).compiles == 2


def _step(x, state, params):
    for p in params:
        slot = state[p]
        slot["steps"] = slot.get("steps", 0) + 1
        slot["avg"] = slot.get("avg", 0) * 0.5 + p * x.sum()
    return [state[p]["avg"] for p in params]


def test_an_optimizer_style_state_defaultdict_is_updated_as_eager():
    params = [torch.nn.Parameter(torch.randn(3)), torch.nn.Parameter(torch.randn(2))]
    eager_state, compiled_state = collections.defaultdict(dict), collections.defaultdict(dict)
    compiled = compiler.compile(_step)
    for _ in range(3):
        x = torch.randn(4)
        assert_same(compiled(x, compiled_state, params), _step(x, eager_state, params))
        assert list(compiled_state) == list(eager_state)
        for p in params:
            assert compiled_state[p]["steps"] == eager_state[p]["steps"]
            torch.testing.assert_close(compiled_state[p]["avg"], eager_state[p]["avg"])


def test_the_keys_guard_takes_tensor_keys_by_identity_and_others_by_type_and_value():
    t, other = torch.ones(1), torch.ones(1)
    expected = {t: 0, "a": 1, (1, 2): 2}
    check = CheckFunction([guard_of(LocalSource("d"), GuardKind.DICT_KEYS, list(expected))])
    alike = [{t: 5, "a": 0, (1, 2): 0}]
    unlike = [{other: 0, "a": 1, (1, 2): 2}, {t: 0, "a": 1, (True, 2): 2},
              {t: 0, "a": 1}, {"a": 1, t: 0, (1, 2): 2}, {t: 0, "b": 1, (1, 2): 2},
              {t: 0, "a": 1, (1, 2): 2, "z": 3}, {"a": 0, "b": 0, "c": 0}]
    for value in alike:
        assert check.check({"d": value}, {})
    for value in unlike:
        assert not check.check({"d": value}, {}), value
        assert check.first_failure({"d": value}, {}) is not None
