"""The call signature of rule R1: equal exactly when a compiler must reuse its code."""

from __future__ import annotations

import torch

from oracle.judge.signature import call_signature

NAMESPACE = {"SCALE": 2, "torch": torch}


def sig(*args, namespace=NAMESPACE, **kwargs):
    return call_signature(len, args, kwargs, namespace, "m")


def test_same_metadata_gives_the_same_signature():
    assert sig(torch.randn(2, 3), 4) == sig(torch.randn(2, 3), 4)


def test_tensor_dtype_shape_stride_and_requires_grad_change_it():
    base = sig(torch.randn(2, 3))
    assert sig(torch.randn(2, 3).double()) != base
    assert sig(torch.randn(3, 2)) != base
    assert sig(torch.randn(3, 2).t()) != base
    assert sig(torch.randn(2, 3, requires_grad=True)) != base


def test_python_scalar_values_and_globals_change_it():
    assert sig(torch.ones(1), 3) != sig(torch.ones(1), 4)
    assert sig(1.0) != sig(1)
    assert sig(torch.ones(1)) != sig(torch.ones(1), namespace={**NAMESPACE, "SCALE": 3})


def test_passing_one_tensor_twice_differs_from_two_tensors():
    x = torch.ones(2)
    assert sig(x, x) != sig(torch.ones(2), torch.ones(2))


def test_grad_mode_changes_it():
    with torch.no_grad():
        inside = sig(torch.ones(1))
    assert inside != sig(torch.ones(1))


def test_a_global_functions_defaults_and_attributes_change_it():
    def helper(u, k=2.0, *, scale=1.0):
        return u * k * scale

    namespace = {**NAMESPACE, "helper": helper}
    base = sig(torch.ones(1), namespace=namespace)
    assert sig(torch.ones(1), namespace=namespace) == base
    helper.__defaults__ = (3.0,)
    changed = sig(torch.ones(1), namespace=namespace)
    assert changed != base
    helper.__kwdefaults__ = {"scale": 0.5}
    assert sig(torch.ones(1), namespace=namespace) != changed
    helper.tag = 1
    assert sig(torch.ones(1), namespace=namespace) not in (base, changed)


def test_a_class_registered_with_an_abc_changes_it():
    """`match` reads a type's flags, which registering it as a Sequence sets: a compiler
    guards on them, so the recompile that follows is no breach of R1."""
    import collections.abc

    class Pair:  # defined by the program (its module is the program's), and one it imports
        __module__ = "m"

    class Imported:
        pass

    namespace = {**NAMESPACE, "Pair": Pair}
    before = sig(torch.ones(1), namespace=namespace)
    given = sig(Imported)
    collections.abc.Sequence.register(Pair)
    collections.abc.Sequence.register(Imported)
    assert sig(torch.ones(1), namespace=namespace) != before
    assert sig(Imported) != given
