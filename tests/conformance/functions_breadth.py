"""Breadth cases: numpy interop, collections, tensor factories and metadata, function
attributes, torch.distributions, modules made in the trace, torch.backends flags, builtins over
0-d tensors, match statements and graph breaks inside known context managers.
"""

from __future__ import annotations

import collections

import numpy as np
import torch

from tests.conformance.registry import case, randn


def _small():
    return randn(0, (3, 4)), randn(1, (3, 4))


def _scalars():
    return randn(0, ()), randn(1, ()), randn(2, ())


# -- numpy interop ----------------------------------------------------------------------------
@case(_small)
def numpy_sin_sum_back(a, b):
    x = a.numpy()
    y = np.sin(x) * 2 + 1
    return torch.from_numpy(y) + b, torch.from_numpy(np.sum(y, axis=0))


@case(_small)
def numpy_transpose_shape(a, b):
    x = b.numpy()
    t = x.T
    return torch.as_tensor(t @ x), t.shape, x.shape[0], x.ndim, x.size


@case(_small)
def numpy_returns_ndarray(a, b):
    x = a.numpy()
    return np.cos(x) + np.abs(x), np.mean(x, axis=1)


@case(_small)
def numpy_asarray_arith(a, b):
    x = np.asarray(a.numpy())
    y = np.maximum(x, 0.0) - np.exp(-x) / 2
    return torch.from_numpy(y.reshape(4, 3)), y.dtype == np.float32


@case(_small)
def numpy_methods(a, b):
    x = a.numpy()
    return torch.from_numpy(x.sum(axis=1) + x.max() - x.clip(-0.5, 0.5).mean(axis=0)[:3])


@case(_small)
def numpy_scalars_and_indexing(a, b):
    x = a.numpy()
    total = np.sum(x)
    row = x[1]
    block = x[:, 1:3]
    return total, x[0, 1], row * total, block.shape, torch.from_numpy(block) + 1, len(x)


@case(lambda: (torch.arange(12).reshape(3, 4), randn(1, (3, 4))))
def numpy_int_arrays(a, b):
    i = a.numpy()
    f = b.numpy()
    return i * 2 + 1, i + f, np.maximum(i, 3), i.sum(axis=0), i / 4, (i > 5).sum()


@case(_small)
def numpy_from_numpy_shares_input(a, b):
    x = a.numpy()
    back = torch.from_numpy(x)
    return back, torch.as_tensor(x.T), np.asarray(x) is x, x.dtype == np.float32


# -- collections ------------------------------------------------------------------------------
@case()
def deque_every_method(a, b):
    q = collections.deque([1, 2, 3])
    q.append(4)
    q.appendleft(0)
    q.extend([5, 6])
    q.extendleft([-1, -2])
    q.rotate(2)
    q.rotate(-1)
    last = q.pop()
    first = q.popleft()
    q.remove(3)
    q.insert(2, 9)
    q.reverse()
    n = q.count(9) + q.index(9)
    items = list(q)
    q.clear()
    return a * (last + first + n) + b, items, len(q)


@case()
def deque_maxlen_window(a, b):
    q = collections.deque(maxlen=3)
    for i in range(5):
        q.append(a * i)
    q.appendleft(b)
    return sum(q), len(q), q.maxlen, collections.deque([1]).maxlen


@case()
def deque_iteration_indexing(a, b):
    q = collections.deque([a, b, a + b])
    total = 0
    for t in q:
        total = total + t
    q[1] = q[-1] * 2
    return total, q[0], q[1], len(q), bool(q), a in q, list(reversed(q))[0]


@case()
def deque_extend_rotate_tensors(a, b):
    q = collections.deque([a])
    q.extend([b, a * 2])
    q.rotate()
    q.extendleft((b, b))
    return [t + 1 for t in q], q.index(b)


@case()
def deque_errors(a, b):
    q = collections.deque([1, 2])
    try:
        q.remove(7)
    except ValueError:
        a = a + 1
    try:
        collections.deque().popleft()
    except IndexError:
        a = a * 2
    return a + b


@case()
def defaultdict_int_counts(a, b):
    d = collections.defaultdict(int)
    for word in ("x", "y", "x", "z", "x"):
        d[word] += 1
    return a * d["x"] + b * d["q"], dict(d), d.default_factory is int


@case()
def defaultdict_list_and_get(a, b):
    d = collections.defaultdict(list)
    d["w"].append(a)
    d["w"].append(b)
    missing = d.get("nope")
    return d["w"][0] + d["w"][1], missing, "nope" in d, len(d)


@case()
def dict_fromkeys_variants(a, b):
    d = dict.fromkeys(["a", "b"], 0)
    e = collections.defaultdict.fromkeys("xy", 1)
    f = dict.fromkeys(range(3))
    d["a"] += 2
    return a * d["a"] + b * e["x"], d, dict(e), f, e.default_factory


class ScaledDict(dict):
    def __getitem__(self, key):
        return super().__getitem__(key) * 2

    def get(self, key, default=None):
        return super().get(key, default)


@case()
def dict_subclass_super_getitem(a, b):
    d = ScaledDict(x=a, y=b)
    return d["x"] + d.get("y"), d.get("z", 3), len(d), isinstance(d, dict)


class AttrDict(dict):
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as error:
            raise AttributeError(name) from error


@case()
def dict_subclass_getattr(a, b):
    d = AttrDict(w=a)
    d["b"] = b
    return d.w * 2 + d.b, sorted(d.keys()), type(d).__name__


@case()
def ordered_dict_move_and_popitem(a, b):
    d = collections.OrderedDict([("a", a), ("b", b), ("c", a + b)])
    d.move_to_end("a")
    d.move_to_end("c", last=False)
    k1, v1 = d.popitem()
    k2, v2 = d.popitem(last=False)
    return list(d), k1, k2, v1 + v2


@case()
def ordered_dict_equality(a, b):
    d1 = collections.OrderedDict(x=1, y=2)
    d2 = collections.OrderedDict(y=2, x=1)
    return a * (d1 == d2) + b * (dict(d1) == dict(d2)), d1 == {"y": 2, "x": 1}


# -- tensor factories, types and function attributes ------------------------------------------
@case()
def tensor_new_variants(a, b):
    e = a.new(2, 3)
    f = a.new([1.0, 2.0])
    g = a.new()
    return e.shape, e.dtype, f, g.shape, a.new(torch.Size([4])).shape


@case()
def tensor_new_factories_dtype(a, b):
    i = a.long()
    return (i.new_zeros(3), i.new_ones(2, dtype=torch.float64), a.new_full((2, 2), 1.5),
            a.new_tensor([[1, 2]]), a.new_empty((2,)).dtype, a.new_zeros((1,)).requires_grad)


@case()
def tensor_type_str(a, b):
    d = a.type(torch.float64)
    i = a.type("torch.IntTensor")
    return d, i, a.type(), i.type(), d.type() == "torch.DoubleTensor"


@case()
def tensor_class_names(a, b):
    return (a * 2, a.__class__.__name__, type(a).__name__, a.is_nested,
            type(a.shape).__name__, b.dtype.__class__.__name__)


def _helper(x, y=2, *, z=3):
    w = x + y
    return w * z


@case()
def function_dunder_attributes(a, b):
    fn = _helper
    code = fn.__code__
    return (fn(a, z=1) + b, fn.__name__, fn.__qualname__, fn.__defaults__,
            code.co_varnames, code.co_argcount, code.co_kwonlyargcount,
            fn.__kwdefaults__, fn.__class__.__name__)


@case()
def lambda_and_inner_names(a, b):
    def inner(x):
        return x + 1

    f = lambda x: x * 2  # noqa: E731
    return inner(a) + f(b), inner.__name__, f.__name__, inner.__qualname__, callable(f)


@case()
def deque_maxlen_returned(a, b):
    q = collections.deque([a, b, a * b], 2)
    q.extendleft([b * 2])
    r = q.copy()
    r.append(a)
    s = q + r
    try:
        s.insert(0, b)
    except IndexError:
        s.rotate(1)
    return q, r, s, s.maxlen, q * 2


@case()
def function_defaults_made_in_trace(a, b):
    def inner(x, k=2, *, m=3):
        return x * k + m

    def plain(x):
        return x

    return (inner(a) + b, inner.__defaults__, plain.__defaults__, plain.__kwdefaults__,
            inner.__class__ is type(plain), _helper.__kwdefaults__["z"])
