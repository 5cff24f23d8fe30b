"""Held-out-style cases (part n, two): module containers built in the compiled code from
existing modules (globals, an argument's children), torch modules without state built there,
user modules made there, objects made by a custom `__new__` returned out of the frame or
mutated after construction, structseqs built by the program, and named tuple subclasses with
dunders of their own."""

from __future__ import annotations

import collections

import torch

from tests.conformance.registry import randn
from tests.dynamo_style.registry import case

LIN_A = torch.nn.Linear(4, 4)
LIN_B = torch.nn.Linear(4, 3)
ACT = torch.nn.Tanh()


def _with_model():
    torch.manual_seed(0)
    model = torch.nn.Module()
    model.blocks = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.ReLU(),
                                       torch.nn.Linear(4, 4), torch.nn.Sigmoid())
    return (randn(0, (2, 4)), model)


def _x():
    return (randn(0, (2, 4)),)


# -- containers of existing modules --------------------------------------------------------------

@case(_x)
def n_sequential_of_global_modules(x):
    seq = torch.nn.Sequential(LIN_A, ACT, LIN_B)
    return seq(x), len(seq)


@case(_x)
def n_sequential_slice_of_made_container(x):
    seq = torch.nn.Sequential(LIN_A, LIN_A)
    return seq[1:](x), seq[0](x)


@case(_x)
def n_module_list_of_globals_iterated(x):
    layers = torch.nn.ModuleList([LIN_A, ACT])
    out = x
    for layer in layers:
        out = layer(out)
    return out, len(layers)


@case(_x)
def n_module_dict_of_globals_indexed(x):
    table = torch.nn.ModuleDict({"proj": LIN_A, "act": ACT})
    return table["act"](table["proj"](x)), list(table.keys())


@case(_with_model)
def n_sequential_from_argument_children(x, model):
    head = torch.nn.Sequential(*model.blocks[:2])
    return head(x), model.blocks(x)


@case(_with_model)
def n_module_list_from_argument_children_reversed(x, model):
    layers = torch.nn.ModuleList(reversed(list(model.blocks)))
    out = x
    for layer in layers:
        out = layer(out)
    return out


@case(_x)
def n_sequential_of_ordered_dict(x):
    seq = torch.nn.Sequential(collections.OrderedDict([("fc", LIN_A), ("act", ACT)]))
    return seq.fc(x), seq(x)


@case(_x)
def n_sequential_mixing_new_stateless_and_global(x):
    seq = torch.nn.Sequential(LIN_A, torch.nn.ReLU(), torch.nn.Dropout(0.0), LIN_B)
    return seq(x)


@case(_x, gap="parameters() of a container made in the trace: its children's tensors are "
              "reached without a source")
def n_sequential_parameters_of_made_container(x):
    seq = torch.nn.Sequential(LIN_A, ACT)
    total = 0
    for p in seq.parameters():
        total = total + p.sum()
    return seq(x) + total


@case(_x, gap="a Linear built in the compiled code makes parameters each call")
def n_linear_built_in_frame(x):
    torch.manual_seed(0)
    lin = torch.nn.Linear(4, 2)
    return lin(x).shape


# -- user modules made in the frame ---------------------------------------------------------------

class Shift(torch.nn.Module):
    def __init__(self, by):
        super().__init__()
        self.by = by

    def forward(self, x):
        return x + self.by


class Wrap(torch.nn.Module):
    def __init__(self, inner):
        super().__init__()
        self.inner = inner

    def forward(self, x):
        return self.inner(x) * 2


@case(_x)
def n_user_module_made_and_called(x):
    return Shift(3)(x), Shift(-1)(x).sum()


@case(_x)
def n_user_module_wrapping_global_module(x):
    return Wrap(LIN_A)(x)


class Alias(torch.nn.Module):
    def __new__(cls, *args):
        return Shift(10)


@case(_x)
def n_module_new_returns_other_module(x):
    return Alias()(x)


# -- objects made by __new__, returned or changed afterwards ------------------------------------

class Point:
    __slots__ = ("x", "y")

    def __new__(cls, x, y):
        inst = super().__new__(cls)
        inst.x = x
        return inst

    def __init__(self, x, y):
        self.y = y


@case()
def n_new_slotted_object_fields(a, b):
    p = Point(a, b)
    p.x = p.x + 1
    return p.x * p.y


class Record:
    def __new__(cls, **fields):
        inst = super().__new__(cls)
        inst.__dict__.update(fields)
        return inst


@case()
def n_new_fills_dict_in_bulk(a, b):
    r = Record(w=a, k=2)
    return r.w * r.k


class Box:
    def __new__(cls, value):
        inst = super().__new__(cls)
        inst.value = value
        inst.history = []
        return inst

    def push(self, v):
        self.history.append(v)


@case()
def n_new_object_returned_after_mutation(a, b):
    box = Box(a)
    box.push(b.sum())
    box.value = box.value * 2
    box.extra = "yes"
    return box, box.value


class Node:
    def __new__(cls, value, parent=None):
        inst = super().__new__(cls)
        inst.value = value
        inst.parent = parent
        return inst

    def depth(self):
        d, node = 0, self
        while node.parent is not None:
            d, node = d + 1, node.parent
        return d


@case()
def n_new_linked_objects_walked(a, b):
    root = Node(a)
    leaf = Node(b, Node(a + b, root))
    return leaf.depth(), leaf.parent.value - root.value, leaf


# -- structseqs -----------------------------------------------------------------------------------

@case()
def n_structseq_built_from_tuple(a, b):
    r = torch.return_types.max((a.sum(0), b.argmax(0)))
    return r.values + 1, r.indices, r[0] * 2, len(r)


@case()
def n_structseq_built_from_list_keyword(a, b):
    r = torch.return_types.sort(sequence=[a, b.long()])
    vals, idx = r
    return vals, idx, isinstance(r, tuple), type(r).__name__


@case()
def n_structseq_wrong_length_raises(a, b):
    try:
        torch.return_types.topk((a,))
    except TypeError:
        return a + 3
    return a


@case()
def n_structseq_from_generator_and_returned(a, b):
    r = torch.return_types.min(t * 2 for t in (a, b))
    return r, r.indices - r.values


@case()
def n_structseq_with_none_in_pytree(a, b):
    import torch.utils._pytree as pytree
    tree = {"q": torch.return_types.qr((a * 2, None)), "x": [b, 1]}
    return pytree.tree_leaves(tree)


@case()
def n_structseq_mixed_with_real_result(a, b):
    real = torch.max(a, dim=1)
    made = torch.return_types.max((real.values * 0, real.indices))
    return type(real) is type(made), made.values + real.values, made.indices


@case()
def n_structseq_tree_map_rebuilds_it(a, b):
    import torch.utils._pytree as pytree
    r = torch.max(a, 1)
    doubled = pytree.tree_map(lambda v: v * 2, r)
    return doubled, type(doubled).__name__


@case()
def n_structseq_rebuilt_through_type_of_result(a, b):
    r = torch.sort(a, 1)
    flipped = type(r)((r.values.flip(1), r.indices.flip(1)))
    return flipped, flipped.values - b


@case()
def n_structseq_from_edited_list(a, b):
    parts = list(torch.topk(a, 2))
    parts[0] = parts[0] * 0 + b[:, :2]
    return torch.return_types.topk(parts)


# -- named tuple subclasses with dunders of their own ---------------------------------------------

class Vec(collections.namedtuple("Vec", "x y")):
    __slots__ = ()

    def __add__(self, other):
        return Vec(self.x + other.x, self.y + other.y)

    def __neg__(self):
        return Vec(-self.x, -self.y)

    def __bool__(self):
        return self.y != 0

    def __contains__(self, item):
        return item == "x" or item == "y"


@case()
def n_namedtuple_subclass_operators(a, b):
    v = Vec(a, 1) + Vec(b, 2)
    w = -v
    return v.x, v.y, w.y, type(w).__name__


@case()
def n_namedtuple_subclass_bool_and_contains(a, b):
    out = a if Vec(a, 0) else b
    return out, "x" in Vec(a, 1), 1 in Vec(a, 1), "z" not in Vec(b, 2)


class Reversed(collections.namedtuple("Reversed", "first second")):
    __slots__ = ()

    def __iter__(self):
        return iter((self.second, self.first))


@case(gap="a named tuple whose class defines __iter__ (iterating it runs the class's code)")
def n_namedtuple_subclass_own_iter(a, b):
    first, second = Reversed(a, b)
    return first - second


# -- more construction idioms ---------------------------------------------------------------------

class Dim:
    def __new__(cls, v=None):  # (v=None: deepcopy makes one without arguments)
        if isinstance(v, Dim):
            return v  # already one: given back, and __init__ runs on it again
        return super().__new__(cls)

    def __init__(self, v=None):
        if isinstance(v, Dim):
            v.seen = getattr(v, "seen", 0) + 1
            return
        self.v = v


@case(lambda: (torch.ones(3), Dim(4)))
def n_new_idempotent_on_argument(t, d):
    e, f = Dim(d), Dim(5)
    return t * e.v + f.v, e is d, d.seen


@case()
def n_new_on_class_made_in_frame(a, b):
    class Local:
        def __new__(cls, v):
            inst = super().__new__(cls)
            inst.v = v * 2
            return inst

    return a * Local(3).v + b


Base = collections.namedtuple("Base", "x y")


class Scaled10(Base):
    __slots__ = ()

    def __new__(cls, x, y=1):
        return super().__new__(cls, x, y * 10)


@case()
def n_namedtuple_rebuilt_through_its_type(a, b):
    q = Scaled10(a, 2)
    r = type(q)(q.x + 1, 3)
    s = q.__class__(b)
    return r.y, s.y, r.x, q._replace(y=0).y


class Remade(Base):
    __slots__ = ()

    @classmethod
    def _make(cls, iterable):
        return super()._make([v * 2 for v in iterable])


@case()
def n_namedtuple_replace_goes_through_own_make(a, b):
    return Remade(a, 1)._replace(y=5)


class WithKeywordsOnly:
    def __new__(cls, *, k=1):
        inst = super().__new__(cls)
        inst.k = k
        return inst


@case()
def n_new_keyword_only_misuse_raises(a, b):
    try:
        WithKeywordsOnly(3)
    except TypeError:
        return a * WithKeywordsOnly(k=4).k
    return a


class Counted(Base):
    def __init__(self, *args, **kwargs):
        self.given = len(args) + len(kwargs)


@case()
def n_namedtuple_subclass_init_fills_dict(a, b):
    c = Counted(a, y=b)
    return c.given, c.x + c.y, c


class Padded(collections.namedtuple("Padded", "data pad")):
    __slots__ = ()

    def __len__(self):
        return self.data.shape[0] + self.pad


@case()
def n_namedtuple_subclass_own_len(a, b):
    p = Padded(a, 2)
    empty = Padded(a[:0], 0)
    return len(p), (a if empty else b), p[0] + 1


@case()
def n_namedtuple_class_made_in_frame_with_defaults(a, b):
    Q = collections.namedtuple("Q", "a b c", defaults=(5, 6))
    q, r = Q(a), Q(b, c=1)
    return q.a * q.b + q.c, r.c + r.b, q._fields


@case()
def n_typed_namedtuple_class_made_in_frame(a, b):
    import typing

    class Row(typing.NamedTuple):
        value: torch.Tensor
        k: int = 2

    r = Row(a)
    return r.value * r.k + b, r._replace(k=3).k
