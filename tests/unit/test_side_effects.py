"""Side effects inside traced code are replayed after the call: in-place tensor ops, list/dict
mutation, attribute and global writes; outputs alias inputs exactly as in eager."""

import torch

import compiler
from tests.differential import assert_same, check_same, one_graph

COUNTER = 0
REGISTRY = {}
LATEST = None


def _bump_global(x):
    global COUNTER
    COUNTER = COUNTER + 1
    return x + COUNTER


def _swap_latest(x):
    global LATEST
    old = LATEST
    LATEST = x
    return old


def _register(x):
    REGISTRY["last"] = x * 2
    return x


def test_inplace_op_mutates_callers_tensor():
    def f(x):
        x.add_(1)
        x.mul_(2)
        return x.sum()

    x = torch.ones(3)
    fc = compiler.compile(f, fullgraph=True)
    out = fc(x)
    assert_same(x, torch.full((3,), 4.0))
    assert_same(out, torch.tensor(12.0))
    one_graph(check_same(f, torch.randn(3)))


def test_inplace_slice_assignment_mutates_input():
    def f(x):
        x[0] = 10.0
        x[1:] *= 3

    one_graph(check_same(f, torch.randn(3)))


def test_inplace_on_view_of_input():
    def f(x):
        v = x.view(-1)
        v.zero_()
        return x

    x = torch.ones(2, 2)
    out = compiler.compile(f, fullgraph=True)(x)
    assert out is x
    assert_same(x, torch.zeros(2, 2))


def test_returning_input_returns_the_same_object():
    def f(x, y):
        return x, (y, x), {"k": y}

    x, y = torch.randn(2), torch.randn(2)
    a, (b, c), d = compiler.compile(f, fullgraph=True)(x, y)
    assert a is x and b is y and c is x and d["k"] is y


def test_returning_input_list_returns_the_same_list():
    def f(xs):
        xs.append(xs[0] + 1)
        return xs

    xs = [torch.ones(2)]
    out = compiler.compile(f, fullgraph=True)(xs)
    assert out is xs
    assert len(xs) == 2
    assert_same(xs[1], torch.full((2,), 2.0))


def test_appending_to_input_list_is_replayed():
    def f(x, log):
        log.append("called")
        log.append(x * 2)
        log.extend([1, 2])
        return x + 1

    one_graph(check_same(f, torch.randn(2), ["before"]), ops=2)


def test_list_pop_and_setitem_on_input_list():
    def f(items):
        last = items.pop()
        items[0] = last * 3
        return last

    check_same(f, [torch.ones(2), torch.zeros(2), torch.randn(2)])


def test_returning_element_popped_from_input_list():
    def f(items):
        return items.pop()

    check_same(f, [torch.ones(1), torch.zeros(1)])


def test_returning_list_element_that_was_then_overwritten():
    def f(items):
        old = items[0]
        items[0] = torch.zeros(1)
        return old

    check_same(f, [torch.ones(1)])


def test_returning_dict_value_that_was_then_overwritten():
    def f(d):
        old = d["a"]
        d["a"] = 5
        return old

    check_same(f, {"a": torch.ones(1)})


def test_returning_attribute_value_that_was_then_overwritten():
    class Obj:
        pass

    def f(obj):
        old = obj.v
        obj.v = 5
        return old

    obj = Obj()
    obj.v = torch.ones(1)
    check_same(f, obj)


def test_returning_global_value_that_was_then_overwritten():
    global LATEST
    LATEST = torch.ones(1)
    fc = compiler.compile(_swap_latest, fullgraph=True)
    new = torch.zeros(1)
    old = fc(new)
    assert_same(old, torch.ones(1))
    assert LATEST is new


def test_setting_a_dict_key_on_input_dict_is_replayed():
    def f(x, d):
        d["out"] = x.relu()
        d["count"] = d.get("count", 0) + 1
        del d["drop"]
        return x

    one_graph(check_same(f, torch.randn(3), {"drop": 1, "keep": 2}), ops=1)


def test_setting_object_attribute_is_replayed():
    class State:
        def __init__(self):
            self.steps = 0
            self.last = None

    def f(x, state):
        state.steps += 1
        state.last = x.exp()
        return x * state.steps

    state = State()
    fc = compiler.compile(f, fullgraph=True)
    x = torch.randn(2)
    assert_same(fc(x, state), x)
    assert_same(fc(x, state), x * 2)
    assert state.steps == 2
    assert_same(state.last, x.exp())


def test_setting_module_attribute_is_replayed():
    class M(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.calls = 0

        def forward(self, x):
            self.calls = self.calls + 1
            self.cache = x * 2
            return x + 1

    m = M()
    out = compiler.compile(m, fullgraph=True)(torch.ones(2))
    assert_same(out, torch.full((2,), 2.0))
    assert m.calls == 1
    assert_same(m.cache, torch.full((2,), 2.0))


def test_writing_a_global_is_replayed():
    global COUNTER
    COUNTER = 0
    fc = compiler.compile(_bump_global, fullgraph=True)
    assert_same(fc(torch.zeros(2)), torch.ones(2))
    assert COUNTER == 1
    assert_same(fc(torch.zeros(2)), torch.full((2,), 2.0))
    assert COUNTER == 2


def test_writing_into_a_global_dict_is_replayed():
    REGISTRY.clear()
    x = torch.randn(2)
    out = compiler.compile(_register, fullgraph=True)(x)
    assert out is x
    assert_same(REGISTRY["last"], x * 2)


def test_returning_nested_structures_of_new_tensors():
    def f(x):
        return {"a": [x + 1, (x * 2, {"b": x - 1})], "n": 3, "s": "str", "none": None}

    one_graph(check_same(f, torch.randn(2)), ops=3)


def test_output_that_is_a_view_of_input_shares_storage():
    def f(x):
        return x[0], x.view(-1), x.t()

    x = torch.randn(2, 2)
    outs = compiler.compile(f, fullgraph=True)(x)
    for out in outs:
        assert out.untyped_storage().data_ptr() == x.untyped_storage().data_ptr()
    x.fill_(7.0)
    assert_same(outs[0], torch.full((2,), 7.0))


def test_same_tensor_returned_twice_is_one_object():
    def f(x):
        y = x + 1
        return y, y

    a, b = compiler.compile(f, fullgraph=True)(torch.ones(2))
    assert a is b


def test_new_list_built_from_input_is_a_new_object():
    def f(xs):
        return list(xs)

    xs = [torch.ones(1)]
    out = compiler.compile(f, fullgraph=True)(xs)
    assert out == xs and out is not xs and out[0] is xs[0]


def test_mutation_of_input_in_loop_accumulates():
    def f(acc, xs):
        for x in xs:
            acc += x
        return acc

    one_graph(check_same(f, torch.zeros(2), [torch.ones(2), torch.ones(2) * 2]))


def test_inplace_op_on_input_that_requires_grad_via_no_grad():
    def f(w):
        with torch.no_grad():
            w.sub_(0.5)
        return w * 2

    w = torch.ones(2, requires_grad=True)
    out = compiler.compile(f, fullgraph=True)(w)
    assert_same(w.detach(), torch.full((2,), 0.5))
    assert out.requires_grad
