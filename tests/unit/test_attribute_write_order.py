"""Writes to the attributes of an object from outside the frame are replayed so that its
instance dict ends as eager's, order included: an attribute set again keeps its place, one
deleted and set again moves to the end, and one the frame made and then deleted is gone (the
replay deleted it unconditionally, raising AttributeError). New module globals keep the order
they were first made in."""

import pytest
import torch

import compiler


class Holder:
    def __init__(self, **attributes):
        self.__dict__.update(attributes)


def _set_again_keeps_place(x, obj):
    obj.a = x.sum()
    obj.b = 2
    obj.a = 3
    return x + 1


def _deleted_then_set_moves_to_end(x, obj):
    del obj.a
    obj.c = 4
    obj.a = x * 2
    obj.b = 5
    return x + 1


def _made_then_deleted_is_gone(x, obj):
    obj.scratch = x * 3
    total = obj.scratch + 1
    del obj.scratch
    return total


CASES = [(_set_again_keeps_place, {}), (_deleted_then_set_moves_to_end, {"a": 1, "b": 2}),
         (_made_then_deleted_is_gone, {"keep": 0})]


@pytest.mark.parametrize("fullgraph", [False, True])
@pytest.mark.parametrize("fn, attributes", CASES, ids=lambda c: getattr(c, "__name__", ""))
def test_instance_dict_ends_as_eager(fn, attributes, fullgraph):
    x = torch.arange(3.0)
    eager_obj, compiled_obj = Holder(**attributes), Holder(**attributes)
    expected = fn(x, eager_obj)
    compiled = compiler.compile(fn, backend="eager", fullgraph=fullgraph)
    torch.testing.assert_close(compiled(x, compiled_obj), expected)
    assert list(vars(compiled_obj)) == list(vars(eager_obj))
    for name, value in vars(eager_obj).items():
        torch.testing.assert_close(torch.as_tensor(vars(compiled_obj)[name]),
                                   torch.as_tensor(value))
    assert compiler.stats(compiled).graphs == 1


def _make_globals(x):
    global FIRST_MADE, SECOND_MADE
    FIRST_MADE = 1
    SECOND_MADE = 2
    FIRST_MADE = 3
    return x + 1


def test_new_globals_keep_the_order_they_were_made_in():
    names = ("FIRST_MADE", "SECOND_MADE")

    def made_order():
        found = [n for n in globals() if n in names]
        for name in names:
            globals().pop(name, None)
        return found

    _make_globals(torch.ones(1))
    eager_order = made_order()
    compiler.compile(_make_globals, backend="eager", fullgraph=True)(torch.ones(1))
    assert made_order() == eager_order == list(names)
