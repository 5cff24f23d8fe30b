"""`hash(obj)` and `repr(obj)` of user objects: the class's own `__hash__` / `__repr__` written
in Python is traced (a dataclass's generated ones too, its repr without the recursion guard
around it, which only answers for an object inside itself); the result is what CPython makes
of it. `object.__hash__` (the object's identity) and a repr of a tensor stay refused."""

import dataclasses

import pytest
import torch

import compiler
from tests.differential import check_same, one_graph


class Money:
    def __init__(self, cents):
        self.cents = cents

    def __hash__(self):
        return self.cents * 7

    def __repr__(self):
        return f"Money({self.cents})"


class Huge:
    def __hash__(self):
        return 2 ** 70 + 3  # CPython hashes the int it gets back


class MinusOne:
    def __hash__(self):
        return -1  # the slot's error value: hash() gives -2


class Unhashable:
    __hash__ = None


def user_methods(x):
    m = Money(3)
    return x + 1, hash(m), repr(m), hash(Huge()), hash(MinusOne()), hash(m) == hash(Money(3))


def made_dataclasses(x):
    @dataclasses.dataclass(frozen=True)
    class Key:
        a: int
        b: str = "k"

    @dataclasses.dataclass
    class Pt:
        x: int
        y: float = 0.5

    k = Key(2)
    return x * k.a, hash(k) == hash(Key(2)), hash(k) == hash((2, "k")), repr(k), repr(Pt(1))


@pytest.mark.parametrize("fn", [user_methods, made_dataclasses], ids=lambda fn: fn.__name__)
def test_hash_and_repr_traced_in_one_graph(fn):
    one_graph(check_same(fn, torch.ones(2)))


def unhashable(x):
    return hash(Unhashable()), x


def hash_of_identity(x):
    class Plain:
        pass

    return hash(Plain()) > 0, x


def repr_of_a_tensor_field(x):
    @dataclasses.dataclass
    class Holder:
        t: torch.Tensor

    return repr(Holder(x))


@pytest.mark.parametrize("fn", [unhashable, hash_of_identity, repr_of_a_tensor_field],
                         ids=lambda fn: fn.__name__)
def test_what_the_trace_cannot_know_is_refused_or_raises_as_eager(fn):
    try:
        expected = fn(torch.ones(2))
    except TypeError as error:
        with pytest.raises(TypeError, match=str(error)):
            compiler.compile(fn)(torch.ones(2))
        return
    with pytest.raises(compiler.Unsupported):
        compiler.compile(fn, fullgraph=True)(torch.ones(2))
    compiler.reset()
    got = compiler.compile(fn)(torch.ones(2))
    assert type(got) is type(expected)
