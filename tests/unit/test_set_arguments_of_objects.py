"""A set or frozenset argument whose members are objects hashed by identity: each member is
the same tracker as the object reached another way (`is` holds, an attribute written through
one is read through the other), and a member hashed in Python is refused before any guard
would run that hash. Compared with eager, fullgraph and not."""

import pytest
import torch

import compiler


class Box:
    def __init__(self, v):
        self.v = v


class Hashed:
    calls = 0

    def __hash__(self):
        Hashed.calls += 1
        return 1


def members_are_the_objects(x, members, first):
    first.v += 1
    found = [m for m in members if m is first]
    return x + sum(m.v for m in members), len(found), found[0].v


@pytest.mark.parametrize("kind", [set, frozenset])
@pytest.mark.parametrize("fullgraph", [True, False])
def test_members_that_are_objects(kind, fullgraph):
    def arguments():
        a, b = Box(1.0), Box(2.0)
        return torch.ones(2), kind([a, b]), a
    compiled = compiler.compile(members_are_the_objects, fullgraph=fullgraph)
    for _ in range(2):
        x, members, first = arguments()
        expected = members_are_the_objects(*arguments())
        actual = compiled(x, members, first)
        assert str(actual) == str(expected)
        assert first.v == 2.0


def test_a_member_hashed_in_python_is_refused_before_its_hash_runs():
    def f(x, s):
        return x + len(s)

    s = {Hashed()}
    before = Hashed.calls
    with pytest.raises(compiler.Unsupported, match="set member of type Hashed"):
        compiler.compile(f, fullgraph=True)(torch.ones(1), s)
    assert Hashed.calls == before
    assert torch.equal(compiler.compile(f)(torch.ones(1), s), f(torch.ones(1), s))
