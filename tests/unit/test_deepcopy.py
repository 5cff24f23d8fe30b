"""`copy.deepcopy` in a trace (Hugging Face configs are deep-copied by DynamicCache(config) and
`config.to_dict()`): the copy is computed exactly for constants, tuples, lists, dicts, instance
dicts and plain user objects (object's own reduce protocol), with aliasing kept through the
memo; anything else is refused and still equals eager."""

import copy

import pytest
import torch

import compiler
from tests.differential import check_same, one_graph


class Config:
    model_type = "tiny"

    def __init__(self):
        self.d_model = 4
        self.names = ["a", "b"]
        self.table = {1: "one", 2: "two"}
        self.pair = (1, "x")
        self.nested = (["n"], 2)
        self.shared = self.names  # one list reached twice: one copy
        self.dtype = torch.float32
        self.extra = None


class Guarded(Config):
    def __setattr__(self, name, value):  # deepcopy fills the copy's __dict__ directly
        raise AssertionError("deepcopy must not call __setattr__")


class OwnCopy(Config):
    def __deepcopy__(self, memo):
        made = OwnCopy()
        made.d_model += 1
        return made


def copy_and_read(x, cfg):
    c = copy.deepcopy(cfg)
    c.d_model = 8
    c.names.append("c")
    return (x * c.d_model + cfg.d_model, c.names is cfg.names, c.shared is c.names,
            c.table is cfg.table, c.pair is cfg.pair,
            c.nested[0] is cfg.nested[0], c.dtype is cfg.dtype, type(c) is type(cfg), c)


def test_deepcopy_of_an_existing_object_is_one_graph_and_equals_eager():
    one_graph(check_same(copy_and_read, torch.ones(3), Config()))


def test_deepcopy_fills_the_instance_dict_without_calling_setattr():
    def f(x, cfg):
        c = copy.deepcopy(cfg)
        return x * c.d_model, c.names is cfg.names, c

    cfg = Config()
    object.__setattr__(cfg, "__class__", Guarded)
    one_graph(check_same(f, torch.ones(3), cfg))


def test_deepcopy_of_an_object_made_in_the_trace_and_of_its_dict():
    def f(x):
        cfg = Config()
        c = copy.deepcopy(cfg)
        state = copy.deepcopy(c.__dict__)
        state["d_model"] = 5
        return x + c.d_model + state["d_model"], state, state["names"] is c.names

    one_graph(check_same(f, torch.ones(2)))


def test_deepcopy_of_containers_keeps_aliasing_and_identity_of_atoms():
    def f(x, items):
        inner = [1, 2]
        data = {"a": inner, "b": inner, "t": (inner, 3), "s": "text", "c": (1, 2)}
        c = copy.deepcopy(data)
        d = copy.deepcopy(items)
        return (x + 1, c, c["a"] is c["b"], c["t"][0] is c["a"], c["a"] is inner,
                c["c"] is data["c"], c["s"] is data["s"], d, d is items)

    one_graph(check_same(f, torch.ones(2), [[1], {"k": (2,)}]))


def test_the_copy_is_a_new_object_of_the_trace_returned_after_a_break():
    def f(x, cfg):
        c = copy.deepcopy(cfg)
        y = x * c.d_model
        print("break")
        return y + 1, c

    stats = check_same(f, torch.ones(2), Config(), fullgraph=False)
    assert not stats.fallbacks, stats


@pytest.mark.parametrize("arg", [OwnCopy(), torch.ones(2), {"t": torch.ones(1)}],
                         ids=["own __deepcopy__", "tensor", "dict with a tensor"])
def test_what_deepcopy_does_not_model_is_refused_and_equals_eager(arg):
    def f(x, obj):
        c = copy.deepcopy(obj)
        return x + 1, c

    stats = check_same(f, torch.ones(2), arg, fullgraph=False)
    assert stats.graph_breaks, stats
    with pytest.raises(compiler.Unsupported):
        check_same(f, torch.ones(2), arg, fullgraph=True)


def test_deepcopy_with_a_memo_argument_is_refused():
    def f(x, cfg):
        return x + 1, copy.deepcopy(cfg, {})

    with pytest.raises(compiler.Unsupported):
        check_same(f, torch.ones(2), Config(), fullgraph=True)


class Registered(Config):
    pass


def test_a_reducer_registered_after_compiling_is_followed():
    import copyreg

    def f(x, cfg):
        c = copy.deepcopy(cfg)
        return x + 1, type(c) is type(cfg), c.d_model

    compiled = compiler.compile(f, backend="eager")
    assert compiled(torch.ones(2), Registered())[1:] == (True, 4)
    copyreg.pickle(Registered, lambda obj: (Config, ()))  # copies are plain Configs now
    try:
        assert compiled(torch.ones(2), Registered())[1:] == f(torch.ones(2), Registered())[1:]
    finally:
        del copyreg.dispatch_table[Registered]


class Node:
    def __init__(self, t):
        self.t = t
        self.peers = []


def test_deepcopy_of_a_self_referencing_object_made_in_the_trace_equals_eager():
    def f(x):
        a = Node(x)
        a.peers.append(a)
        b = copy.deepcopy(a)
        return b.t + 1, b.peers[0] is b, b is not a

    check_same(f, torch.randn(3), fullgraph=False)
    with pytest.raises(compiler.Unsupported):
        compiler.compile(f, fullgraph=True)(torch.randn(3))


def test_a_cycle_of_objects_made_in_the_trace_kept_after_it_equals_eager():
    def f(x, out):
        a = Node(x + 1)
        a.peers.append(a)
        out.append(a)  # the cycle outlives the compiled call
        return x * 2

    out_eager, out_compiled = [], []
    expected = f(torch.ones(2), out_eager)
    actual = compiler.compile(f, backend="eager")(torch.ones(2), out_compiled)
    torch.testing.assert_close(actual, expected)
    (node,) = out_compiled
    assert node.peers[0] is node and type(node) is Node
    torch.testing.assert_close(node.t, out_eager[0].t)
