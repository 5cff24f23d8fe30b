"""Multi-call probes of dict and OrderedDict subclass instances from outside the frame: the
trace's writes to their storage reach the real object after the graph (in order, past the
class's own overrides), their keys and items are guarded past overridden `keys`/`__iter__`,
and a change between calls recompiles instead of reusing a stale answer."""

from __future__ import annotations

import collections

import torch

import compiler
from tests.differential import assert_same
from tests.dynamo_style.calls_support import sample
from tests.dynamo_style.functions_heldout_r import Counts, EncoderOut, FrozenMap


class Counting(dict):
    """Counts the calls of its overrides; `keys` and `__iter__` lie about the storage."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.__dict__["sets"] = 0

    def __setitem__(self, key, value):
        self.__dict__["sets"] += 1
        super().__setitem__(key, value)

    def keys(self):
        return ["fake"]

    def __iter__(self):
        return iter(["fake"])

    def clear(self):
        raise RuntimeError("clear is refused")


class Ordered(collections.OrderedDict):
    def __setitem__(self, key, value):
        super().__setitem__(key, value * 2 if isinstance(value, int) else value)


def state(obj):
    base = collections.OrderedDict if isinstance(obj, collections.OrderedDict) else dict
    return type(obj), list(base.items(obj)), dict(vars(obj))


def twin(fn, make, calls, fullgraph=True):
    """Run `calls` ((change(obj) or None, args) pairs) on two objects from `make()`, eagerly
    and compiled; compare each result and the objects' states after each call."""
    eager_obj, compiled_obj = make(), make()
    compiled = compiler.compile(fn, fullgraph=fullgraph)
    for i, (change, args) in enumerate(calls):
        if change is not None:
            change(eager_obj)
            change(compiled_obj)
        want = fn(*args, eager_obj)
        got = compiled(*args, compiled_obj)
        assert_same(got, want, f"call {i}")
        same_state(compiled_obj, eager_obj)
    return compiler.stats(compiled)


def same_state(a, b) -> None:
    """The class, the storage's keys in order and its values, and the instance dict."""
    (ka, ia, va), (kb, ib, vb) = state(a), state(b)
    assert ka is kb and [k for k, _ in ia] == [k for k, _ in ib], (ia, ib)
    assert_same([v for _, v in ia], [v for _, v in ib], "items")
    assert list(va) == list(vb), (va, vb)
    assert_same(list(va.values()), list(vb.values()), "attributes")


def test_base_writes_reach_the_object_past_its_overrides():
    def fn(x, d):
        dict.__setitem__(d, "w", 2.0)
        super(Counting, d).__setitem__("b", 1.0)
        d.update(z=3.0)  # dict's update: the storage, not Counting.__setitem__
        return x * dict.__getitem__(d, "w") + d["b"], d.sets

    stats = twin(fn, lambda: Counting(a=1.0), [(None, (sample(0),)), (None, (sample(1),))])
    assert stats.graphs >= 1 and not stats.fallbacks


def test_keys_guard_reads_the_storage_not_the_overrides():
    def fn(x, d):
        return x * len(dict.keys(d)) + dict.get(d, "k", 0.5), sorted(dict.keys(d))

    def add_key(d):
        dict.__setitem__(d, "k", 4.0)

    def drop_key(d):
        dict.__delitem__(d, "a")

    stats = twin(fn, lambda: Counting(a=1.0), [(None, (sample(0),)), (add_key, (sample(0),)),
                                               (drop_key, (sample(1),)), (None, (sample(2),))])
    assert len(stats.recompiles) >= 2


def test_item_values_are_guarded():
    def fn(x, d):
        return x * d["scale"] + sum(v for v in d.values() if isinstance(v, float))

    def rescale(d):
        dict.__setitem__(d, "scale", 5.0)

    stats = twin(fn, lambda: FrozenMap(scale=2.0, shift=1.0),
                 [(None, (sample(0),)), (rescale, (sample(0),)), (None, (sample(3),))])
    assert len(stats.recompiles) == 1


def test_frozen_storage_written_back_past_refusing_methods():
    def fn(x, d):
        dict.__setitem__(d, "extra", 1.5)
        dict.pop(d, "shift")
        return x + d["extra"] + len(d)

    twin(fn, lambda: FrozenMap(scale=2.0, shift=1.0), [(None, (sample(0),))])


def test_ordered_subclass_order_replayed():
    def fn(x, d):
        d["c"] = 3  # Ordered.__setitem__ doubles it
        d.move_to_end("a")
        d.update(e=1)  # OrderedDict.update stores through Ordered.__setitem__
        first = next(iter(d))
        return x + d[first], list(d.items())

    twin(fn, lambda: Ordered([("a", 1), ("b", 2)]), [(None, (sample(0),)), (None, (sample(1),))])


def test_model_output_input_written_then_read_again():
    def fn(x, out):
        if "states" not in out:
            out["states"] = (x,)
        out.hidden = out.hidden + 1
        return out[0] * 2, out.to_tuple()[-1][0], list(out.keys())

    def make():
        return EncoderOut(hidden=torch.ones(3, 4), pooled=torch.zeros(4))

    twin(fn, make, [(None, (sample(0),)), (None, (sample(1),))])


def test_missing_on_an_input_counter():
    def fn(x, c):
        for word in ("a", "b", "a"):
            c[word] += 1
        return x * c["a"] + c["never"], sorted(dict.items(c))

    twin(fn, lambda: Counts(b=5), [(None, (sample(0),)), (None, (sample(1),)),
                                   (lambda c: dict.clear(c), (sample(2),))])


def test_instance_written_before_a_graph_break():
    def fn(x, d):
        d["before"] = 1.0
        y = x * 2
        print("break")
        d["after"] = 2.0
        return y + d["before"] + d["after"], list(dict.keys(d))

    eager, ours = Counting(a=0.0), Counting(a=0.0)
    compiled = compiler.compile(fn)
    want, got = fn(sample(0), eager), compiled(sample(0), ours)
    assert_same(got, want)
    same_state(ours, eager)
    assert not compiler.stats(compiled).fallbacks


def test_same_instance_twice_is_one_storage():
    def fn(x, a, b):
        dict.__setitem__(a, "k", 7.0)
        return x + dict.__getitem__(b, "k"), a is b

    shared = Counting()
    compiled = compiler.compile(fn, fullgraph=True)
    got = compiled(sample(0), shared, shared)
    assert_same(got, (sample(0) + 7.0, True))
    assert dict.__getitem__(shared, "k") == 7.0
