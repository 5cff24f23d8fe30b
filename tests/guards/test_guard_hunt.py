"""Guard hunt: what a compiled function read from globals, closure cells, classes, instances
and defaults changes between calls; every call must answer as eager does, and a call in a state
seen before must reuse its compiled entry (tests/guards/hunt_steps.py)."""

import sys
import types

import pytest
import torch

from tests.guards.hunt_steps import BOTH_MODES, call, run, step

pytestmark = BOTH_MODES

HERE = sys.modules[__name__]
X = torch.arange(4.0)

SCALE = 2
FLAG = True
ITEMS = [1, 2, 3]
TABLE = {"a": 1.0, "b": 2.0}
MEMBERS = {1, 2}
BIAS = torch.ones(4)
ZERO = 0.0
NAMESPACE = types.SimpleNamespace(k=3)


def _set(name, value):
    return lambda: setattr(HERE, name, value)


def helper(x):
    return x + 1


def test_global_int_rebound(fullgraph, monkeypatch):
    monkeypatch.setattr(HERE, "SCALE", 2)

    def fn(x):
        return x * SCALE

    run(
        fn,
        [call(X), step(_set("SCALE", 5), X), step(_set("SCALE", 2), X), step(_set("SCALE", 5), X)],
        fullgraph=fullgraph,
        compiles=2,
    )


def test_global_int_becomes_float_and_bool(fullgraph, monkeypatch):
    monkeypatch.setattr(HERE, "SCALE", 1)

    def fn(x):
        return x * SCALE, str(SCALE), type(SCALE).__name__

    run(
        fn,
        [
            call(X),
            step(_set("SCALE", True), X),
            step(_set("SCALE", 1.0), X),
            step(_set("SCALE", 1), X),
        ],
        fullgraph=fullgraph,
        compiles=3,
    )


def test_global_flag_picks_branch(fullgraph, monkeypatch):
    monkeypatch.setattr(HERE, "FLAG", True)

    def fn(x):
        return x.sin() if FLAG else x.cos()

    run(
        fn,
        [call(X), step(_set("FLAG", False), X), step(_set("FLAG", True), X)],
        fullgraph=fullgraph,
        compiles=2,
    )


def test_global_signed_zero(fullgraph, monkeypatch):
    monkeypatch.setattr(HERE, "ZERO", 0.0)

    def fn(x):
        return x + 1.0 / (ZERO + 1e-300) if ZERO == 0.0 else x, str(ZERO)

    run(
        fn,
        [call(X), step(_set("ZERO", -0.0), X), step(_set("ZERO", 0.0), X)],
        fullgraph=fullgraph,
        compiles=2,
    )


def test_global_list_mutated_in_place(fullgraph, monkeypatch):
    monkeypatch.setattr(HERE, "ITEMS", [1, 2, 3])

    def fn(x):
        return x * sum(ITEMS) + len(ITEMS)

    run(
        fn,
        [
            call(X),
            step(lambda: ITEMS.append(4), X),
            step(lambda: ITEMS.__setitem__(0, 9), X),
            step(lambda: ITEMS.pop(), X),
            step(lambda: ITEMS.__setitem__(0, 1), X),
        ],
        fullgraph=fullgraph,
    )


def test_global_list_appended_by_the_function(fullgraph, monkeypatch):
    monkeypatch.setattr(HERE, "ITEMS", [1])

    def fn(x):
        ITEMS.append(len(ITEMS))
        return x * ITEMS[-1]

    def restore(saved):
        ITEMS[:] = saved

    run(
        fn,
        [call(X), call(X), call(X)],
        fullgraph=fullgraph,
        save=lambda: list(ITEMS),
        restore=restore,
    )


def test_global_dict_entries(fullgraph, monkeypatch):
    monkeypatch.setattr(HERE, "TABLE", {"a": 1.0, "b": 2.0})

    def fn(x):
        out = x
        for key, value in TABLE.items():
            out = out * value if key == "a" else out + value
        return out, list(TABLE)

    run(
        fn,
        [
            call(X),
            step(lambda: TABLE.__setitem__("a", 3.0), X),
            step(lambda: TABLE.__setitem__("c", 1.0), X),
            step(lambda: TABLE.pop("a"), X),
            step(lambda: TABLE.__setitem__("a", 1.0), X),
        ],
        fullgraph=fullgraph,
    )


def test_global_dict_get_with_default(fullgraph, monkeypatch):
    monkeypatch.setattr(HERE, "TABLE", {"a": 1.0})

    def fn(x):
        return x * TABLE.get("b", 10.0), "b" in TABLE

    run(
        fn,
        [call(X), step(lambda: TABLE.__setitem__("b", 0.5), X), step(lambda: TABLE.pop("b"), X)],
        fullgraph=fullgraph,
        compiles=2,
    )


def test_global_set_members(fullgraph, monkeypatch):
    monkeypatch.setattr(HERE, "MEMBERS", {1, 2})

    def fn(x):
        return x * len(MEMBERS), 3 in MEMBERS

    run(
        fn,
        [call(X), step(lambda: MEMBERS.add(3), X), step(lambda: MEMBERS.discard(1), X)],
        fullgraph=fullgraph,
    )


def test_global_tensor_changed_in_place(fullgraph, monkeypatch):
    monkeypatch.setattr(HERE, "BIAS", torch.ones(4))

    def fn(x):
        return x + BIAS

    run(
        fn,
        [call(X), step(lambda: BIAS.add_(1), X), step(lambda: BIAS.mul_(3), X)],
        fullgraph=fullgraph,
        compiles=1,
    )


def test_global_tensor_rebound_to_new_shape_and_dtype(fullgraph, monkeypatch):
    monkeypatch.setattr(HERE, "BIAS", torch.ones(4))

    def fn(x):
        return x + BIAS, BIAS.shape

    run(
        fn,
        [
            call(X),
            step(_set("BIAS", torch.full((4,), 2.0)), X),
            step(_set("BIAS", torch.ones(1)), X),
            step(_set("BIAS", torch.ones(4, dtype=torch.float64)), X),
            step(_set("BIAS", torch.ones(4)), X),
        ],
        fullgraph=fullgraph,
    )


def test_global_deleted_then_restored(fullgraph, monkeypatch):
    monkeypatch.setattr(HERE, "SCALE", 2)

    def fn(x):
        return x * SCALE

    run(
        fn,
        [call(X), step(lambda: delattr(HERE, "SCALE"), X), step(_set("SCALE", 4), X)],
        fullgraph=False,
    )


def test_global_shadowing_a_builtin_then_deleted(fullgraph, monkeypatch):
    def fn(x):
        return x * abs(-3)

    def shadow():
        HERE.abs = lambda v: 7

    run(fn, [call(X), step(shadow, X), step(lambda: delattr(HERE, "abs"), X)], fullgraph=fullgraph)


def test_module_level_function_replaced(fullgraph, monkeypatch):
    monkeypatch.setattr(HERE, "helper", helper)

    def fn(x):
        return helper(x) * 2

    run(
        fn,
        [call(X), step(_set("helper", lambda x: x - 5), X), step(_set("helper", helper), X)],
        fullgraph=fullgraph,
        compiles=2,
    )


def test_global_namespace_attribute(fullgraph, monkeypatch):
    monkeypatch.setattr(HERE, "NAMESPACE", types.SimpleNamespace(k=3))

    def fn(x):
        return x * NAMESPACE.k, hasattr(NAMESPACE, "j")

    run(
        fn,
        [
            call(X),
            step(lambda: setattr(NAMESPACE, "k", 4), X),
            step(lambda: setattr(NAMESPACE, "j", 1), X),
            step(lambda: delattr(NAMESPACE, "j"), X),
            step(_set("NAMESPACE", types.SimpleNamespace(k=3)), X),
        ],
        fullgraph=fullgraph,
    )


def test_attribute_of_an_imported_module_changed(fullgraph, monkeypatch):
    mod = types.ModuleType("hunt_settings")
    mod.factor = 2.0
    monkeypatch.setattr(HERE, "SETTINGS", mod, raising=False)

    def fn(x):
        return x * SETTINGS.factor  # noqa: F821 - set above

    run(
        fn,
        [call(X), step(lambda: setattr(mod, "factor", -1.0), X)],
        fullgraph=fullgraph,
        compiles=2,
    )


# ---- closures


def test_closure_cell_rebound(fullgraph):
    k = 2

    def fn(x):
        return x * k

    def set_k(value):
        def change():
            nonlocal k
            k = value

        return change

    run(
        fn,
        [call(X), step(set_k(3), X), step(set_k(2), X), step(set_k(3.5), X)],
        fullgraph=fullgraph,
        compiles=3,
    )


def test_closure_cell_list_mutated(fullgraph):
    seen = [1.0]

    def fn(x):
        return x * seen[-1] + len(seen)

    run(
        fn,
        [call(X), step(lambda: seen.append(4.0), X), step(lambda: seen.clear(), X)],
        fullgraph=fullgraph,
    )


def test_closure_cell_emptied(fullgraph):
    value = 2

    def fn(x):
        return x * value

    def drop():
        nonlocal value
        del value

    run(fn, [call(X), step(drop, X)], fullgraph=False)


def test_closure_cell_tensor_rebound(fullgraph):
    t = torch.ones(4)

    def fn(x):
        return x + t

    def rebind(value):
        def change():
            nonlocal t
            t = value

        return change

    run(
        fn,
        [call(X), step(rebind(torch.zeros(4)), X), step(rebind(torch.ones(2, 4)), X)],
        fullgraph=fullgraph,
    )


def _scaler(k):
    def scale(x):
        return x * k

    return scale


def test_closures_of_one_code_passed_as_arguments(fullgraph):
    def fn(x, g):
        return g(x)

    run(
        fn,
        [
            call(X, _scaler(2)),
            call(X, _scaler(3)),
            call(X, _scaler(2)),
            call(X, _scaler(torch.ones(4))),
        ],
        fullgraph=fullgraph,
    )


# ---- defaults


def test_defaults_changed(fullgraph):
    def fn(x, k=2.0):
        return x * k

    run(
        fn,
        [
            call(X),
            step(lambda: setattr(fn, "__defaults__", (5.0,)), X),
            step(lambda: setattr(fn, "__defaults__", (2.0,)), X),
        ],
        fullgraph=fullgraph,
    )


def test_keyword_defaults_changed(fullgraph):
    def fn(x, *, k=2.0):
        return x * k

    run(
        fn,
        [call(X), step(lambda: setattr(fn, "__kwdefaults__", {"k": -1.0}), X)],
        fullgraph=fullgraph,
    )


def test_callee_defaults_changed(fullgraph):
    def inner(x, k=2.0):
        return x * k

    def fn(x):
        return inner(x) + 1

    run(
        fn,
        [
            call(X),
            step(lambda: setattr(inner, "__defaults__", (7.0,)), X),
            step(lambda: setattr(inner, "__defaults__", (2.0,)), X),
        ],
        fullgraph=fullgraph,
    )


def test_mutable_default_grows_each_call(fullgraph):
    def fn(x, acc=[]):  # noqa: B006 - the shared default is the point
        acc.append(1)
        return x * len(acc)

    def save():
        return list(fn.__defaults__[0])

    def restore(saved):
        fn.__defaults__[0][:] = saved

    run(fn, [call(X), call(X), call(X)], fullgraph=fullgraph, save=save, restore=restore)


@pytest.mark.parametrize("swap", ["defaults", "code"])
def test_function_identity_kept_while_contents_change(fullgraph, swap):
    def g(x, k=1.0):
        return x + k

    def h(x, k=1.0):
        return x - k

    def fn(x):
        return g(x)

    change = (
        (lambda: setattr(g, "__defaults__", (3.0,)))
        if swap == "defaults"
        else (lambda: setattr(g, "__code__", h.__code__))
    )
    run(fn, [call(X), step(change, X)], fullgraph=fullgraph)


# ---- globals reached through the module's namespace


def test_global_read_through_globals_sys_modules_and_vars(fullgraph, monkeypatch):
    monkeypatch.setattr(HERE, "SCALE", 2.0)

    def fn(x):
        found = globals().get("SCALE", 0.0)
        return (
            x * globals()["SCALE"] + sys.modules[__name__].SCALE * found,
            vars(HERE)["SCALE"],
            len([k for k in globals() if k.startswith("SCAL")]),
        )

    run(
        fn,
        [
            call(X),
            step(_set("SCALE", 3.0), X),
            step(_set("SCALED", 1), X),
            step(lambda: delattr(HERE, "SCALED"), X),
            step(_set("SCALE", 2.0), X),
        ],
        fullgraph=fullgraph,
    )


def test_global_membership_after_delete(fullgraph, monkeypatch):
    monkeypatch.setattr(HERE, "SCALE", 2.0)

    def fn(x):
        return x * ("SCALE" in globals()), "FLAG" in globals()

    run(
        fn,
        [call(X), step(lambda: delattr(HERE, "SCALE"), X), step(_set("SCALE", 1.0), X)],
        fullgraph=fullgraph,
    )
