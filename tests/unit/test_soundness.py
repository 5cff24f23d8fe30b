"""Soundness: every Python question a value tracker answers (hasattr, getattr with a default,
==, !=, is, in, bool, len, hash, iteration, type(), __class__, isinstance, callable) is answered
exactly as eager Python does, or the compiler refuses (compiler.Unsupported under
fullgraph=True, a graph break or eager run otherwise). Never a different answer (docs/soundness.md).

Each question is asked inside a compiled function of each tracker kind, with fullgraph=False
(the result must equal eager's) and fullgraph=True (equal, or Unsupported).
"""

from __future__ import annotations

import collections
import dataclasses
import math
import types
import typing

import numpy as np
import pytest
import torch
from torch.utils._ordered_set import OrderedSet

import compiler
from tests.differential import assert_same

Point = collections.namedtuple("Point", "a b")
MISSING = object()
PROXY = types.MappingProxyType({"a": 1})


class Plain:
    def __init__(self):
        self.value = 1


class WithEq:
    def __init__(self, v=1):
        self.v = v

    def __eq__(self, other):
        return isinstance(other, WithEq) and other.v == self.v

    __hash__ = None


class Callable:
    def __call__(self):
        return 1


class Sized:
    def __len__(self):
        return 2

    def __iter__(self):
        return iter([1, 2])


# A field typed `float | None` (not a string: this module's annotations are postponed).
Fielded = dataclasses.make_dataclass("Fielded", [("rate", float | None)])


class Derived(Plain):
    def __eq__(self, other):
        return True

    __hash__ = Plain.__hash__


def module_function(x):
    return x


NAMES = ("__class__", "__name__", "__dict__", "__call__", "__len__", "__iter__", "_fields",
         "shape", "dtype", "T", "value", "append", "keys", "real", "weight", "forward",
         "a", "__eq__", "__hash__", "__doc__", "nonexistent")

# (kind, make the input, turn the input into the tracked value inside the compiled function)
KINDS = [
    ("tensor", lambda: torch.ones(2, 3), lambda a: a),
    ("graph_tensor", lambda: torch.ones(2, 3), lambda a: a + 1),
    ("int", lambda: 3, lambda a: a),
    ("float", lambda: 2.5, lambda a: a),
    ("bool", lambda: True, lambda a: a),
    ("str", lambda: "ab", lambda a: a),
    ("none", lambda: None, lambda a: a),
    ("complex", lambda: 1 + 2j, lambda a: a),
    ("slice", lambda: slice(1, 2), lambda a: a),
    ("range", lambda: range(3), lambda a: a),
    ("list", lambda: [1, 2], lambda a: a),
    ("new_list", lambda: 1, lambda a: [a, 2]),
    ("tuple", lambda: (1, 2), lambda a: a),
    ("dict", lambda: {"a": 1}, lambda a: a),
    ("new_dict", lambda: 1, lambda a: {"a": a}),
    ("set", lambda: {1, 2}, lambda a: a),
    ("frozenset", lambda: frozenset({1}), lambda a: a),
    ("namedtuple", lambda: Point(1, 2), lambda a: a),
    ("size", lambda: torch.ones(2, 3), lambda a: a.shape),
    ("module", lambda: torch.nn.Linear(2, 2), lambda a: a),
    ("module_list", lambda: torch.nn.ModuleList([torch.nn.ReLU()]), lambda a: a),
    ("user_object", lambda: Plain(), lambda a: a),
    ("new_user_object", lambda: 1, lambda a: Plain()),
    ("eq_object", lambda: WithEq(), lambda a: a),
    ("callable_object", lambda: 1, lambda a: Callable()),
    ("sized_object", lambda: 1, lambda a: Sized()),
    ("user_class", lambda: Plain, lambda a: a),
    ("object_reduce_method", lambda: Plain(), lambda a: a.__reduce_ex__),
    ("special_form", lambda: typing.Union, lambda a: a),
    ("field_union", lambda: 1, lambda a: dataclasses.fields(Fielded)[0].type),
    ("function", lambda: module_function, lambda a: a),
    ("builtin", lambda: len, lambda a: a),
    ("keys_view", lambda: {"a": 1}, lambda a: a.keys()),
    ("values_view", lambda: {"a": 1}, lambda a: a.values()),
    ("items_view", lambda: {"a": 1}, lambda a: a.items()),
    ("deque", lambda: 1, lambda a: collections.deque([a, 2])),
    ("deque_maxlen", lambda: 1, lambda a: collections.deque([a, 2, 3], 2)),
    ("ndarray", lambda: torch.ones(2, 3), lambda a: a.numpy()),
    ("numpy_scalar", lambda: torch.ones(2, 3), lambda a: a.numpy().sum()),
    ("numpy_scalar_input", lambda: np.float32(1.5), lambda a: a),
    ("numpy_scalar_made", lambda: 1, lambda a: np.int64(a) * 2),
    ("picked_tensor", lambda: torch.ones(2, 3), lambda a: max(a.sum(), (a * 2).sum())),
    ("backends_module", lambda: 1, lambda a: torch.backends.cudnn),
    ("transformed_function", lambda: 1, lambda a: torch.func.vmap(torch.sin)),
    ("distribution", lambda: torch.ones(2),
     lambda a: torch.distributions.Normal(a, 1.0, validate_args=False)),
    ("dtype", lambda: torch.float32, lambda a: a),
    ("device", lambda: torch.device("cpu"), lambda a: a),
    ("ordered_set", lambda: 1, lambda a: OrderedSet([a, 2])),
    ("ordered_set_input", lambda: OrderedSet([1, 2]), lambda a: a),
    ("mapping_proxy_made", lambda: {"a": 1}, lambda a: types.MappingProxyType(a)),
    ("mapping_proxy_global", lambda: 1, lambda a: PROXY),
    ("class_namespace", lambda: Plain, lambda a: a.__dict__),
    ("module_namespace", lambda: 1, lambda a: vars(math)),
    ("globals", lambda: 1, lambda a: globals()),
]

CLASSES = (list, tuple, dict, set, frozenset, torch.Tensor, torch.nn.Module, Plain, int, str,
           type, object, collections.abc.Sequence, collections.abc.Mapping, Point,
           torch.Size, collections.deque, type(None))

QUESTIONS = {
    **{f"hasattr_{n}": (lambda o, n=n: hasattr(o, n)) for n in NAMES},
    **{f"getattr_default_{n}": (lambda o, n=n: getattr(o, n, MISSING) is MISSING)
       for n in NAMES},
    "eq_self": lambda o: o == o,
    "ne_self": lambda o: o != o,
    "is_self": lambda o: o is o,
    "eq_none": lambda o: o == None,  # noqa: E711 - the question asked
    "ne_none": lambda o: o != None,  # noqa: E711
    "is_none": lambda o: o is None,
    "is_not_none": lambda o: o is not None,
    "in_list": lambda o: o in [o],
    "in_other_list": lambda o: o in [None, 7],
    "bool": lambda o: bool(o),
    "not": lambda o: not o,
    "len": lambda o: len(o),
    "hash": lambda o: hash(o) == hash(o),
    "iterate": lambda o: [type(i).__name__ for i in o],
    "type_name": lambda o: type(o).__name__,
    "type_is": lambda o: type(o) is list,
    "class_name": lambda o: o.__class__.__name__,
    "isinstance": lambda o: [isinstance(o, c) for c in CLASSES],
    "callable": lambda o: callable(o),
}


def _outcome(fn, arg):
    try:
        return "value", fn(arg)
    except compiler.Unsupported:
        raise
    except Exception as error:  # noqa: BLE001 - the exception is the answer compared
        return "raises", type(error)


def _same(actual, expected) -> bool:
    if actual[0] != expected[0]:
        return False
    if actual[0] == "raises":
        return actual[1] is expected[1]
    try:
        assert_same(actual[1], expected[1])
    except AssertionError:
        return False
    return True


def answer(fn, make_input, fullgraph: bool):
    """Eager's answer and the compiled one (None when the compiler refused under fullgraph)."""
    expected = _outcome(fn, make_input())
    compiler.reset()
    try:
        actual = _outcome(compiler.compile(fn, fullgraph=fullgraph), make_input())
    except compiler.Unsupported:
        assert fullgraph, "Unsupported escaped with fullgraph=False"
        return expected, None
    return expected, actual


def check(fn, make_input, fullgraph: bool) -> str | None:
    """None when sound, else a description of the wrong answer."""
    expected, actual = answer(fn, make_input, fullgraph)
    if actual is None or _same(actual, expected):
        return None
    return f"eager {expected!r}, compiled {actual!r}"


def _program(get, question):
    def program(a):
        return question(get(a))
    return program


@pytest.mark.parametrize("fullgraph", [False, True], ids=["breaks", "fullgraph"])
@pytest.mark.parametrize("kind", [k[0] for k in KINDS])
def test_every_question_on_every_kind(kind, fullgraph):
    _, make_input, get = next(k for k in KINDS if k[0] == kind)
    wrong = {}
    for name, question in QUESTIONS.items():
        problem = check(_program(get, question), make_input, fullgraph)
        if problem is not None:
            wrong[name] = problem
    assert not wrong, "\n".join(f"{kind}/{name}: {p}" for name, p in wrong.items())


def _identity_two(make):
    return lambda a: (make() == make(), make() != make(), make() is make(),
                      make() is not make())


# The wrong answers found before this suite existed, verbatim, plus near relatives.
KNOWN = {
    "hasattr_list_shape": (lambda a: hasattr(a, "shape"), lambda: [1, 2]),
    "hasattr_tuple_shape": (lambda a: hasattr(a, "shape"), lambda: (1, 2)),
    "hasattr_dict_shape": (lambda a: hasattr(a, "shape"), lambda: {"a": 1}),
    "hasattr_set_shape": (lambda a: hasattr(a, "shape"), lambda: {1}),
    "hasattr_namedtuple_shape": (lambda a: hasattr(a, "shape"), lambda: Point(1, 2)),
    "hasattr_module_class": (lambda m: hasattr(m, "__class__"), lambda: torch.nn.Linear(2, 2)),
    "hasattr_tensor_call": (lambda x: hasattr(x, "__call__"),  # noqa: B004 - asked verbatim
                            lambda: torch.ones(2)),
    "hasattr_shape_fields": (lambda x: hasattr(x.shape, "_fields"), lambda: torch.ones(2)),
    "user_eq_none": (lambda a: Plain() == None, lambda: 1),  # noqa: E711
    "user_ne_user": (lambda a: Plain() != Plain(), lambda: 1),
    "user_is_user": (lambda a: Plain() is Plain(), lambda: 1),
    "user_identity_all": (_identity_two(Plain), lambda: 1),
    "eq_objects_identity": (_identity_two(WithEq), lambda: 1),
    "derived_eq_reflected_first": (lambda a: Plain() == Derived(), lambda: 1),
    "dict_keys_equal": (lambda d: dict(d).keys() == d.keys(), lambda: {"a": 1, "b": 2}),
    "dict_keys_vs_set": (lambda d: (d.keys() == {"a"}, d.keys() != {"b"}), lambda: {"a": 1}),
    "dict_items_equal": (lambda d: dict(d).items() == d.items(), lambda: {"a": 1}),
    "dict_values_equal": (lambda d: d.values() == d.values(), lambda: {"a": 1}),
    "dict_keys_vs_list": (lambda d: d.keys() == ["a"], lambda: {"a": 1}),
    "ordered_dict_order": (lambda a: collections.OrderedDict([("a", 1), ("b", 2)])
                           == collections.OrderedDict([("b", 2), ("a", 1)]), lambda: 1),
    "getattr_dict_default": (lambda d: getattr(d, "scale", 2.0), lambda: {"a": 1}),
    "getattr_list_default": (lambda d: getattr(d, "scale", 3), lambda: [1]),
    "callable_plain_object": (lambda a: callable(Plain()), lambda: 1),
    "type_of_zip": (lambda a: type(zip(a, a)).__name__, lambda: [1, 2]),
    "isinstance_enumerate": (lambda a: isinstance(enumerate(a), enumerate), lambda: [1, 2]),
    "inputs_identity": (lambda p: p[0] is p[1], lambda: (Plain(), Plain())),
    "inputs_identity_shared": (lambda p: p[0] is p[1], lambda: (lambda o: (o, o))(Plain())),
    "module_len": (lambda m: len(m), lambda: torch.nn.ModuleList([torch.nn.ReLU()])),
    "module_len_no_len": (lambda m: len(m), lambda: torch.nn.Linear(2, 2)),
}


@pytest.mark.parametrize("fullgraph", [False, True], ids=["breaks", "fullgraph"])
@pytest.mark.parametrize("name", list(KNOWN))
def test_known_wrong_answers(name, fullgraph):
    fn, make_input = KNOWN[name]
    assert check(fn, make_input, fullgraph) is None, check(fn, make_input, fullgraph)


def _deque_program(x):
    q = collections.deque([x, x + 1])
    q.append(x * 2)
    first = q.popleft()
    q.appendleft(first - 1)
    return first + q[0], len(q)


def _deque_input_program(q):
    first = q.popleft()
    q.append(first)
    return len(q), first


def _deque_operations(x):
    q = collections.deque([x, x + 1])
    r, s, t = q.copy(), q + collections.deque([x]), q * 2
    kinds = [type(v).__name__ for v in (r, s, t)]
    return kinds, r.popleft() + s.popleft() + t.popleft(), len(t), hasattr(q, "popleft")


def _deque_slice(x):
    return collections.deque([x, x])[0:1]


def _shape_or_length(a):
    try:
        return a.shape
    except AttributeError:
        return len(a)


@pytest.mark.parametrize("fullgraph", [False, True], ids=["breaks", "fullgraph"])
@pytest.mark.parametrize("fn", [_deque_program, _deque_operations, _deque_slice])
def test_deque_in_a_trace(fn, fullgraph):
    assert check(fn, lambda: torch.ones(2), fullgraph) is None


@pytest.mark.parametrize("fullgraph", [False, True], ids=["breaks", "fullgraph"])
@pytest.mark.parametrize("make", [lambda: [1, 2], lambda: {"a": 1}, lambda: (1,), lambda: {3}])
def test_missing_attribute_of_a_container_raises_attribute_error(make, fullgraph):
    assert check(_shape_or_length, make, fullgraph) is None


@pytest.mark.parametrize("fullgraph", [False, True], ids=["breaks", "fullgraph"])
def test_deque_input(fullgraph):
    make = lambda: collections.deque([torch.ones(2), torch.zeros(2)])  # noqa: E731
    expected, actual = answer(_deque_input_program, make, fullgraph)
    assert actual is None or _same(actual, expected), (expected, actual)


def _raises_in_a_subscript(x):
    return x + 1, [][0]


def _raises_in_a_callee(x):
    return module_function(x) + 1, _index_error()


def _index_error():
    return [][0]


def _generator(x):
    yield x


@pytest.mark.parametrize("fn", [_raises_in_a_subscript, _raises_in_a_callee])
def test_fullgraph_never_runs_a_raising_frame_eagerly(fn):
    compiled = compiler.compile(fn, fullgraph=True)
    try:
        compiled(torch.ones(2))
    except compiler.Unsupported:
        return
    except IndexError:  # the program's own error, raised after a whole graph
        stats = compiler.stats(compiled)
        assert not stats.fallbacks, stats
        assert stats.graphs >= 1, stats
        return
    raise AssertionError("the program's IndexError was lost")


def test_fullgraph_refuses_a_generator_function():
    with pytest.raises(compiler.Unsupported):
        compiler.compile(_generator, fullgraph=True)(torch.ones(2))


def test_fullgraph_refuses_past_the_cache_limit():
    def f(x, n):
        return x + n

    compiled = compiler.compile(f, fullgraph=True)
    with compiler.config.patch(cache_limit=1):
        compiled(torch.ones(2), 1)
        with pytest.raises(compiler.Unsupported):
            compiled(torch.ones(2), 2)


@pytest.mark.parametrize("fullgraph", [False, True], ids=["breaks", "fullgraph"])
def test_len_of_a_module_list_follows_its_children(fullgraph):
    layers = torch.nn.ModuleList([torch.nn.ReLU()])
    compiled = compiler.compile(lambda m: len(m), fullgraph=fullgraph)
    assert compiled(layers) == 1
    layers.append(torch.nn.Tanh())
    assert compiled(layers) == 2
