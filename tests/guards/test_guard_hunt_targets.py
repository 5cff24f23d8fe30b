"""Guard hunt over the targets of writes: a global, cell, default or attribute rebound to an
equal but different object between calls must receive the next call's mutation; lookups whose
answer changes without the object read changing (a property added on the class over an
instance entry, a `__getattr__` added later, an environment variable); tensors reached two
ways; attribute names that are not identifiers (tests/guards/hunt_steps.py)."""

import os
import sys

import torch

from tests.guards.hunt_steps import BOTH_MODES, call, run, step

pytestmark = BOTH_MODES
HERE = sys.modules[__name__]
X = torch.arange(4.0)

LOG = [0]
COUNT = 0
STATE = torch.zeros(4)


class Holder:
    count = 0

    def __init__(self):
        self.items = [0]


def _same(getter):
    return lambda: repr(getter())


def test_global_list_rebound_to_an_equal_list_receives_the_append(fullgraph, monkeypatch):
    monkeypatch.setattr(HERE, "LOG", [0])
    old = []

    def fn(x):
        LOG.append(1)
        return x * len(LOG)

    def rebind():
        old.append(LOG)
        HERE.LOG = list(LOG)

    def restore(saved):
        LOG[:] = saved[0]
        for lst, content in zip(old, saved[1], strict=False):
            lst[:] = content

    def save():
        return list(LOG), [list(o) for o in old]

    run(
        fn,
        [call(X), step(rebind, X), step(rebind, X)],
        fullgraph=fullgraph,
        save=save,
        restore=restore,
    )


def test_global_counter_incremented(fullgraph, monkeypatch):
    monkeypatch.setattr(HERE, "COUNT", 0)

    def fn(x):
        global COUNT
        COUNT += 1
        return x * COUNT

    def restore(saved):
        HERE.COUNT = saved

    run(
        fn,
        [call(X), call(X), step(lambda: setattr(HERE, "COUNT", 10), X)],
        fullgraph=fullgraph,
        save=lambda: COUNT,
        restore=restore,
    )


def test_global_tensor_rebound_then_mutated_in_place(fullgraph, monkeypatch):
    monkeypatch.setattr(HERE, "STATE", torch.zeros(4))
    kept = []

    def fn(x):
        STATE.add_(x)
        return STATE * 1

    def rebind():
        kept.append(STATE)
        HERE.STATE = STATE.clone()

    def save():
        return STATE.clone(), [k.clone() for k in kept]

    def restore(saved):
        STATE.copy_(saved[0])
        for k, v in zip(kept, saved[1], strict=False):
            k.copy_(v)

    run(
        fn,
        [call(X), step(rebind, X), call(X)],
        fullgraph=fullgraph,
        save=save,
        restore=restore,
        compiles=1,
    )


def test_closure_list_rebound_to_an_equal_list(fullgraph):
    acc = [0]
    olds = []

    def fn(x):
        acc.append(1)
        return x * len(acc)

    def rebind():
        nonlocal acc
        olds.append(acc)
        acc = list(acc)

    def save():
        return list(acc), [list(o) for o in olds]

    def restore(saved):
        acc[:] = saved[0]
        for o, v in zip(olds, saved[1], strict=False):
            o[:] = v

    run(fn, [call(X), step(rebind, X), call(X)], fullgraph=fullgraph, save=save, restore=restore)


def test_nonlocal_counter_written_by_the_function(fullgraph):
    n = 0

    def fn(x):
        nonlocal n
        n += 1
        return x * n

    def restore(saved):
        nonlocal n
        n = saved

    run(fn, [call(X), call(X), call(X)], fullgraph=fullgraph, save=lambda: n, restore=restore)


def test_default_list_replaced_by_an_equal_list(fullgraph):
    def fn(x, acc=[0]):  # noqa: B006 - the shared default is the point
        acc.append(1)
        return x * len(acc)

    olds = []

    def replace():
        olds.append(fn.__defaults__[0])
        fn.__defaults__ = (list(fn.__defaults__[0]),)

    def save():
        return list(fn.__defaults__[0]), [list(o) for o in olds]

    def restore(saved):
        fn.__defaults__[0][:] = saved[0]
        for o, v in zip(olds, saved[1], strict=False):
            o[:] = v

    run(fn, [call(X), step(replace, X), call(X)], fullgraph=fullgraph, save=save, restore=restore)


def test_attribute_list_replaced_by_an_equal_list(fullgraph):
    holder = Holder()
    olds = []

    def fn(x):
        holder.items.append(2)
        return x * len(holder.items)

    def replace():
        olds.append(holder.items)
        holder.items = list(holder.items)

    def save():
        return list(holder.items), [list(o) for o in olds]

    def restore(saved):
        holder.items[:] = saved[0]
        for o, v in zip(olds, saved[1], strict=False):
            o[:] = v

    run(fn, [call(X), step(replace, X), call(X)], fullgraph=fullgraph, save=save, restore=restore)


def test_class_attribute_counter_written_by_the_function(fullgraph, monkeypatch):
    monkeypatch.setattr(Holder, "count", 0)

    def fn(x):
        Holder.count += 1
        return x * Holder.count

    def restore(saved):
        Holder.count = saved

    run(fn, [call(X), call(X)], fullgraph=fullgraph, save=lambda: Holder.count, restore=restore)


def test_argument_that_is_also_the_global(fullgraph, monkeypatch):
    monkeypatch.setattr(HERE, "LOG", [0])

    def fn(x, items):
        items.append(5)
        return x * len(LOG), items is LOG

    def restore(saved):
        LOG[:] = saved

    run(
        fn,
        [step(None, X, LOG), call(X, [0]), step(None, X, LOG)],
        fullgraph=fullgraph,
        save=lambda: list(LOG),
        restore=restore,
        copy_args=False,
    )


# ---- answers that change while the object read does not


def test_property_added_on_the_class_over_an_instance_entry(fullgraph):
    class Thing:
        def __init__(self):
            self.v = 1.0

    thing = Thing()

    def fn(x):
        return x * thing.v

    run(
        fn,
        [
            call(X),
            step(lambda: setattr(Thing, "v", property(lambda s: 9.0)), X),
            step(lambda: delattr(Thing, "v"), X),
        ],
        fullgraph=fullgraph,
    )


def test_getattr_added_on_the_class_later(fullgraph):
    class Thing:
        pass

    thing = Thing()

    def fn(x):
        return x * getattr(thing, "scale", 2.0), hasattr(thing, "other")

    run(
        fn,
        [
            call(X),
            step(lambda: setattr(Thing, "__getattr__", lambda s, n: 5.0), X),
            step(lambda: delattr(Thing, "__getattr__"), X),
        ],
        fullgraph=fullgraph,
    )


def test_class_method_added_in_a_base_later(fullgraph):
    class Base:
        pass

    class Child(Base):
        def __init__(self):
            self.k = 1.0

    obj = Child()

    def fn(x):
        return x * (obj.scale() if hasattr(obj, "scale") else obj.k)

    run(
        fn,
        [
            call(X),
            step(lambda: setattr(Base, "scale", lambda s: 7.0), X),
            step(lambda: delattr(Base, "scale"), X),
        ],
        fullgraph=fullgraph,
    )


def test_len_and_bool_of_an_object_follow_its_state(fullgraph):
    class Bag:
        def __init__(self):
            self.items = [1]

        def __len__(self):
            return len(self.items)

    bag = Bag()

    def fn(x):
        return x * len(bag) if bag else x - 1

    run(
        fn,
        [call(X), step(lambda: bag.items.append(2), X), step(lambda: bag.items.clear(), X)],
        fullgraph=fullgraph,
    )


def test_eq_replaced_on_the_class(fullgraph):
    class Key:
        def __eq__(self, other):
            return True

        __hash__ = object.__hash__

    a, b = Key(), Key()

    def fn(x):
        return x + 1 if a == b else x - 1

    run(
        fn,
        [call(X), step(lambda: setattr(Key, "__eq__", lambda s, o: s is o), X)],
        fullgraph=fullgraph,
    )


def test_super_method_monkeypatched_on_the_base(fullgraph):
    class Base:
        def f(self, x):
            return x + 1

    class Child(Base):
        def f(self, x):
            return super().f(x) * 2

    obj = Child()

    def fn(x):
        return obj.f(x)

    run(
        fn, [call(X), step(lambda: setattr(Base, "f", lambda s, x: x - 10), X)], fullgraph=fullgraph
    )


def test_environment_variable_read(fullgraph, monkeypatch):
    monkeypatch.setenv("PARITY_HUNT_SCALE", "2")

    def fn(x):
        return x * float(os.environ.get("PARITY_HUNT_SCALE", "0"))

    run(
        fn,
        [
            call(X),
            step(lambda: os.environ.__setitem__("PARITY_HUNT_SCALE", "3"), X),
            step(lambda: os.environ.pop("PARITY_HUNT_SCALE"), X),
        ],
        fullgraph=False,
    )


def test_attribute_set_on_a_tensor(fullgraph):
    def fn(x):
        return x * getattr(x, "scale", 1.0)

    plain = torch.ones(3)
    tagged = torch.ones(3)
    tagged.scale = 4.0
    run(fn, [call(plain), call(tagged), call(plain)], fullgraph=fullgraph, copy_args=False)


def test_int_subclass_and_nan_arguments(fullgraph):
    class Count(int):
        pass

    def fn(x, v):
        return x * (v if v == v else 0), type(v).__name__

    run(fn, [call(X, 2), call(X, float("nan")), call(X, 2.0), call(X, 2)], fullgraph=fullgraph)
    run(fn, [call(X, 2), call(X, Count(2)), call(X, 2)], fullgraph=False)


# ---- tensors reached two ways


def test_argument_that_is_the_global_tensor(fullgraph, monkeypatch):
    monkeypatch.setattr(HERE, "STATE", torch.zeros(4))

    def fn(t):
        t.add_(1)
        return STATE * 2

    def restore(saved):
        STATE.copy_(saved)

    run(
        fn,
        [call(torch.zeros(4)), step(None, STATE), call(torch.zeros(4)), step(None, STATE)],
        fullgraph=fullgraph,
        save=lambda: STATE.clone(),
        restore=restore,
        copy_args=False,
    )


def test_argument_that_is_a_view_of_the_global_tensor(fullgraph, monkeypatch):
    monkeypatch.setattr(HERE, "STATE", torch.zeros(4))

    def fn(t):
        t.mul_(0).add_(3)
        return STATE + 1

    def restore(saved):
        STATE.copy_(saved)

    run(
        fn,
        [call(torch.zeros(2)), step(None, STATE[:2]), call(torch.zeros(2)), step(None, STATE[2:])],
        fullgraph=fullgraph,
        save=lambda: STATE.clone(),
        restore=restore,
        copy_args=False,
    )


def test_list_holding_one_tensor_twice(fullgraph):
    def fn(ts):
        ts[0].add_(1)
        return ts[1] * 2

    a = torch.zeros(3)
    run(
        fn,
        [call([a, a]), call([torch.zeros(3), torch.zeros(3)]), call([a, a])],
        fullgraph=fullgraph,
    )


def test_argument_that_is_a_module_parameter(fullgraph):
    lin = torch.nn.Linear(2, 2, bias=False)
    with torch.no_grad():
        lin.weight.fill_(1.0)

    def fn(w, x):
        with torch.no_grad():
            w.add_(1)
            return lin(x)

    def restore(saved):
        with torch.no_grad():
            lin.weight.copy_(saved)

    x = torch.ones(1, 2)
    run(
        fn,
        [call(torch.zeros(2, 2), x), step(None, lin.weight, x), call(torch.zeros(2, 2), x)],
        fullgraph=fullgraph,
        save=lambda: lin.weight.detach().clone(),
        restore=restore,
        copy_args=False,
    )


def test_as_strided_of_views_at_other_offsets(fullgraph):
    def fn(x):
        return x.as_strided((2,), (1,)) * 1

    base = torch.arange(6.0)
    run(
        fn,
        [call(base[1:5]), call(base[2:6]), call(base[0:4])],
        fullgraph=fullgraph,
        copy_args=False,
    )


def test_functions_of_one_code_with_other_globals(fullgraph):
    def scaled(x):
        return x * FACTOR  # noqa: F821 - each copy has its own globals

    import types

    def with_factor(k):
        return types.FunctionType(scaled.__code__, {"FACTOR": k}, "scaled")

    def fn(x, g):
        return g(x)

    run(
        fn,
        [call(X, with_factor(2.0)), call(X, with_factor(3.0)), call(X, with_factor(2.0))],
        fullgraph=fullgraph,
        copy_args=False,
    )


def test_lambdas_of_one_code_with_other_defaults(fullgraph):
    makers = [lambda x, k=k: x * k for k in (1.0, 2.0, 3.0)]

    def fn(x, g):
        return g(x)

    run(
        fn,
        [call(X, makers[0]), call(X, makers[1]), call(X, makers[2]), call(X, makers[0])],
        fullgraph=fullgraph,
        copy_args=False,
    )


# ---- attribute names that are not Python identifiers


def test_attribute_named_like_an_expression(fullgraph):
    # the guard once read `obj.x+1` as `obj.x + 1`: a change of the "x+1" entry kept the
    # stale answer
    import types

    obj = types.SimpleNamespace(x=4)
    setattr(obj, "x+1", 5)

    def fn(x):
        return x * getattr(obj, "x+1")

    run(
        fn,
        [call(X), step(lambda: setattr(obj, "x+1", 7), X), step(lambda: setattr(obj, "x+1", 5), X)],
        fullgraph=fullgraph,
        compiles=2,
    )


def test_attribute_named_by_a_keyword_or_a_ligature(fullgraph):
    import types

    obj = types.SimpleNamespace(fi=1.0)
    setattr(obj, "class", 3.0)
    setattr(obj, "\ufb01", 2.0)  # noqa: B010 - a ligature: `obj.ﬁ` in source reads `obj.fi`

    def fn(x):
        return x * getattr(obj, "class") + getattr(obj, "\ufb01")  # noqa: B009 - as above

    run(
        fn,
        [
            call(X),
            step(lambda: setattr(obj, "class", 5.0), X),
            step(lambda: setattr(obj, "\ufb01", -2.0), X),
        ],
        fullgraph=fullgraph,
        compiles=3,
    )
