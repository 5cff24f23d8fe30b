"""Each guard kind is one class, registered by kind: every kind has its class, a kind cannot be
registered twice or without its conditions and description, and each class of kinds.py
describes its own guard (no kind falls through to another kind's text)."""

from __future__ import annotations

import dataclasses

import pytest
import torch

from compiler.guards import guard, kinds
from compiler.guards.check import CheckFunction
from compiler.guards.guard import GuardKind, TensorSpec, guard_of
from compiler.guards.sources import ConstantSource, LocalSource

X, Y = LocalSource("x"), LocalSource("y")

# One guard of each kind, with the line it reads as.
EXAMPLES = {
    GuardKind.TYPE: (guard_of(X, GuardKind.TYPE, int), "type(L['x']) is int"),
    GuardKind.ID: (guard_of(X, GuardKind.ID, None), "L['x'] is None"),
    GuardKind.EQUALS: (guard_of(X, GuardKind.EQUALS, 2.5), "L['x'] == 2.5"),
    GuardKind.TENSOR: (guard_of(X, GuardKind.TENSOR, TensorSpec.of(torch.zeros(2))),
                       "L['x']: torch.Tensor(dtype=torch.float32, device=cpu, shape=(2,), "
                       "stride=(1,), requires_grad=False)"),
    GuardKind.LENGTH: (guard_of(X, GuardKind.LENGTH, 3), "len(L['x']) == 3"),
    GuardKind.DICT_KEYS: (guard_of(X, GuardKind.DICT_KEYS, ["a"]), "list(L['x'].keys()) == ['a']"),
    GuardKind.SAME_OBJECT: (guard_of(X, GuardKind.SAME_OBJECT, Y), "L['x'] is L['y']"),
    GuardKind.DISTINCT: (guard_of(X, GuardKind.DISTINCT, Y), "L['x'] is not L['y']"),
    GuardKind.ALL_DISTINCT: (guard_of(X, GuardKind.ALL_DISTINCT, (Y,)),
                             "L['x'], L['y'] are different objects"),
    GuardKind.HASATTR: (guard_of(X, GuardKind.HASATTR, ("a", True)),
                        "hasattr(L['x'], 'a') == True"),
    GuardKind.INSTANCE_ATTR: (guard_of(X, GuardKind.INSTANCE_ATTR, ("a", False)),
                              "('a' in L['x'].__dict__) == False"),
    GuardKind.STORAGE_ALIASING: (guard_of(None, GuardKind.STORAGE_ALIASING,
                                          ((X, Y), ((0, 0), (0, 0)))),
                                 "storage sharing of (L['x'], L['y']) == ((0, 0), (0, 0))"),
    GuardKind.GRAD_MODE: (guard_of(None, GuardKind.GRAD_MODE, True),
                          "torch.is_grad_enabled() == True"),
    GuardKind.INFERENCE_MODE: (guard_of(None, GuardKind.INFERENCE_MODE, False),
                               "torch.is_inference_mode_enabled() == False"),
    GuardKind.DEFAULT_DTYPE: (guard_of(None, GuardKind.DEFAULT_DTYPE, torch.float32),
                              "torch.get_default_dtype() == torch.float32"),
}


def test_every_kind_has_one_class_that_describes_it():
    guard.check_complete()
    in_kinds = {kind for kind, cls in guard.GUARD_CLASSES.items()
                if cls.__module__ == kinds.__name__}
    assert in_kinds <= set(EXAMPLES)  # kinds defined elsewhere are tested beside their module
    for kind, (made, line) in EXAMPLES.items():
        assert type(made) is guard.GUARD_CLASSES[kind] and made.kind is kind
        assert made.describe() == line


def test_a_kind_without_a_class_fails_the_completeness_check(monkeypatch):
    registry = dict(guard.GUARD_CLASSES)
    del registry[GuardKind.LENGTH]
    monkeypatch.setattr(guard, "GUARD_CLASSES", registry)
    with pytest.raises(AssertionError, match="guard kinds without a class: LENGTH"):
        guard.check_complete()


def test_a_kind_registered_twice_or_incomplete_is_refused(monkeypatch):
    monkeypatch.setattr(guard, "GUARD_CLASSES", dict(guard.GUARD_CLASSES))
    with pytest.raises(AssertionError, match="registered twice"):
        class AnotherLength(kinds.LengthGuard, kind=GuardKind.LENGTH):
            pass
    with pytest.raises(AssertionError, match="lacks describe"):
        class Undescribed(guard.Guard, kind="undescribed"):
            def conditions(self, binder):
                return []


def test_guards_of_a_kind_are_the_same_by_source_and_expectation():
    assert guard_of(X, GuardKind.ID, len).key() == guard_of(X, GuardKind.ID, len).key()
    assert guard_of(X, GuardKind.ID, len).key() != guard_of(X, GuardKind.ID, abs).key()
    assert guard_of(X, GuardKind.EQUALS, 1).key() != guard_of(X, GuardKind.EQUALS, True).key()
    assert guard_of(X, GuardKind.SAME_OBJECT, Y).key() != guard_of(X, GuardKind.DISTINCT, Y).key()
    with pytest.raises(dataclasses.FrozenInstanceError):
        guard_of(X, GuardKind.LENGTH, 1).expected = 2


def test_the_check_function_reads_each_path_once_and_explains_each_kind():
    holder = {"w": torch.zeros(2)}
    table = ConstantSource("___table", holder)
    from compiler.guards.sources import AttrSource, ItemSource
    m = LocalSource("m")
    guards = [guard_of(AttrSource(m, "weight"), GuardKind.LENGTH, 2),
              guard_of(AttrSource(m, "bias"), GuardKind.LENGTH, 2),
              guard_of(ItemSource(table, "w"), GuardKind.LENGTH, 2)]
    check = CheckFunction(guards)
    assert check.source.count("L['m']") == 1 and "___table['w']" in check.source

    class M:
        weight = [1, 2]
        bias = [1, 2]
    assert check.check({"m": M()}, {})
    M.bias = [1]
    assert not check.check({"m": M()}, {})
    assert check.first_failure({"m": M()}, {}) == "len(L['m'].bias) == 2 (got 1)"
    holder["w"] = torch.zeros(3)
    M.bias = [1, 2]
    assert check.first_failure({"m": M()}, {}) == "len(___table['w']) == 2 (got 3)"


def test_the_check_function_tests_each_guard_in_one_line_and_explains_each_field():
    """A tensor guard is one call in the check function (shorter to compile), yet a failure
    still names the field that changed, and a read that raises fails the check."""
    spec = TensorSpec.of(torch.zeros(2, 3))
    guards = [guard_of(X, GuardKind.TENSOR, spec), guard_of(Y, GuardKind.LENGTH, 2),
              guard_of(None, GuardKind.GRAD_MODE, torch.is_grad_enabled())]
    check = CheckFunction(guards)
    assert check.source.count("return False") == len(guards) + 1  # and the except clause
    y = [1, 2]
    assert check.check({"x": torch.ones(2, 3), "y": y}, {})
    changed = {
        "dtype": (torch.zeros(2, 3, dtype=torch.float64), "L['x'].dtype == torch.float32"),
        "shape": (torch.zeros(3, 2), "L['x'].shape == (2, 3)"),
        "stride": (torch.zeros(3, 2).t(), "L['x'].stride() == (3, 1)"),
        "requires_grad": (torch.zeros(2, 3, requires_grad=True),
                          "L['x'].requires_grad == False"),
        "type": (torch.nn.Parameter(torch.zeros(2, 3), requires_grad=False),
                 "type(L['x']) == torch.Tensor"),
    }
    for field, (x, reason) in changed.items():
        assert not check.check({"x": x, "y": y}, {}), field
        assert check.first_failure({"x": x, "y": y}, {}).startswith(reason + " (got"), field
    assert not check.check({"x": "not a tensor", "y": y}, {})
    assert not check.check({"x": torch.zeros(2, 3), "y": [1]}, {})
