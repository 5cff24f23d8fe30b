"""Python constructs not tried before in this suite: match statements, heapq and bisect,
total_ordering and cmp_to_key, descriptors and __init_subclass__, __index__ and the old
__getitem__ iteration protocol, dict views as sets, OrderedDict order, deque's other methods,
dict subclasses calling super(), an output record that is an OrderedDict dataclass, exception
hierarchies, decorator factories, class decorators, metaclasses, abstract collection types.
"""

from __future__ import annotations

import bisect
import collections
import collections.abc
import copy
import dataclasses
import functools
import heapq
import math
import operator
import types

import torch

from tests.dynamo_style.registry import case


@dataclasses.dataclass
class Point:
    x: int
    y: int


@case()
def match_literal_and_sequence_patterns(a, b):
    out = []
    for item in (0, 1, "two", (3, 4), [5, 6, 7], 8.5):
        match item:
            case 0:
                out.append(a)
            case 1 | 2:
                out.append(b)
            case str() as s:
                out.append(a * len(s))
            case (p, q):
                out.append(a * p + b * q)
            case [first, *rest]:
                out.append(b * first + sum(rest))
            case _:
                out.append(a - item)
    return out


@case()
def match_class_mapping_and_guard(a, b):
    results = []
    for item in (Point(1, 2), Point(0, 5), {"scale": 3, "shift": 1}, {"other": 1}, None):
        match item:
            case Point(x=0, y=y):
                results.append(a * y)
            case Point(x, y) if x < y:
                results.append(a * x + b * y)
            case {"scale": s, **extra}:
                results.append(b * s + len(extra))
            case {}:
                results.append(a + b)
            case None:
                results.append(a.sum())
    return results


@case()
def heapq_push_pop_and_nsmallest(a, b):
    heap = []
    for k in (5, 1, 4, 2, 3):
        heapq.heappush(heap, k)
    smallest = heapq.heappop(heap)
    items = [7, 3, 9, 1]
    heapq.heapify(items)
    pushed = heapq.heappushpop(items, 2)
    return (a * smallest + b * pushed, heap, items, heapq.nsmallest(2, [4, 8, 1, 6]),
            heapq.nlargest(2, [4, 8, 1, 6]), list(heapq.merge([1, 4], [2, 3])))


@case()
def bisect_insort_and_lookup(a, b):
    edges = [0.0, 0.5, 1.5, 3.0]
    position = bisect.bisect_left(edges, 1.0)
    right = bisect.bisect_right(edges, 1.5)
    bisect.insort(edges, 2.0)
    return a * position + b * right, edges, bisect.bisect(edges, 10)


@functools.total_ordering
class Version:
    def __init__(self, major, minor):
        self.major, self.minor = major, minor

    def __eq__(self, other):
        return (self.major, self.minor) == (other.major, other.minor)

    def __lt__(self, other):
        return (self.major, self.minor) < (other.major, other.minor)


@case()
def total_ordering_sorts_objects(a, b):
    versions = [Version(1, 2), Version(0, 9), Version(1, 0)]
    ordered = sorted(versions)
    newest = max(versions)
    return (a * newest.minor + b * ordered[0].minor, Version(1, 0) >= Version(0, 9),
            Version(1, 0) <= Version(1, 0), Version(2, 0) > Version(1, 9))


@case()
def cmp_to_key_sort(a, b):
    def by_length_then_reverse(x, y):
        if len(x) != len(y):
            return len(x) - len(y)
        return (x < y) - (x > y)

    words = sorted(["bb", "a", "ccc", "ab", "c"], key=functools.cmp_to_key(by_length_then_reverse))
    return a * len(words[0]) + b * len(words[-1]), words


class Scaled:
    """A descriptor that multiplies what it stores and knows its own name."""

    def __set_name__(self, owner, name):
        self.slot = "_" + name

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return getattr(obj, self.slot) * 2

    def __set__(self, obj, value):
        setattr(obj, self.slot, value + 1)


class WithDescriptor:
    weight = Scaled()

    def __init__(self, w):
        self.weight = w


@case()
def descriptor_get_set_and_set_name(a, b):
    obj = WithDescriptor(3)
    first = obj.weight
    obj.weight = 5
    return a * first + b * obj.weight, obj._weight, isinstance(WithDescriptor.weight, Scaled)


class Plugin:
    registry: dict = {}

    def __init_subclass__(cls, tag="", **kwargs):
        super().__init_subclass__(**kwargs)
        Plugin.registry[tag] = cls


class Doubler(Plugin, tag="double"):
    def apply(self, x):
        return x * 2


class Negator(Plugin, tag="negate"):
    def apply(self, x):
        return -x


@case()
def init_subclass_registry_dispatch(a, b):
    out = a
    for tag in ("double", "negate", "double"):
        out = Plugin.registry[tag]().apply(out)
    return out + b, sorted(Plugin.registry)


class Count:
    def __init__(self, n):
        self.n = n

    def __index__(self):
        return self.n

    def __int__(self):
        return self.n + 100

    def __float__(self):
        return self.n / 2


@case()
def index_int_float_dunders(a, b):
    two = Count(2)
    rows = [a, b, a + b]
    return (rows[two], list(range(two)), operator.index(two), int(two), float(two),
            a[Count(1)], b * float(Count(3)), [10, 20, 30][:two])


class Window:
    def __init__(self, values):
        self.values = values

    def __getitem__(self, key):
        if isinstance(key, slice):
            return Window(self.values[key])
        if key >= len(self.values):
            raise IndexError(key)
        return self.values[key]


@case()
def getitem_slice_and_legacy_iteration(a, b):
    window = Window([a, b, a * b, a - b])
    tail = window[1:3]
    total = sum(x.sum() for x in window)
    return list(tail), total, [t.shape for t in window[::2]], a in window


@case()
def zip_star_transposes(a, b):
    pairs = [(a, 1), (b, 2), (a + b, 3)]
    tensors, weights = zip(*pairs)
    grid = [[1, 2, 3], [4, 5, 6]]
    columns = list(zip(*grid))
    return sum(t * w for t, w in zip(tensors, weights)), columns, list(map(sum, zip(*grid)))


@case()
def dict_views_as_sets(a, b):
    first = {"x": 1, "y": 2, "z": 3}
    second = {"y": 2, "z": 30, "w": 4}
    common = first.keys() & second.keys()
    union = first.keys() | {"v"}
    only = first.keys() - second.keys()
    shared_items = first.items() & second.items()
    return (a * len(common) + b * len(union), sorted(common), sorted(only),
            sorted(shared_items), first.keys() == {"x", "y", "z"}, "x" in first.values() or 1
            in first.values(), first.keys().isdisjoint({"q"}))


@case()
def ordered_dict_order_and_equality(a, b):
    od = collections.OrderedDict([("a", 1), ("b", 2), ("c", 3)])
    od.move_to_end("a")
    od.move_to_end("c", last=False)
    first = od.popitem(last=False)
    other = collections.OrderedDict([("a", 1), ("b", 2)])
    plain = {"a": 1, "b": 2}
    return (a * first[1] + b, list(od), od == other, dict(od) == plain, od == plain,
            list(reversed(od)))


@case()
def defaultdict_fromkeys_and_factories(a, b):
    counts = collections.defaultdict(int)
    for word in ("x", "y", "x", "z", "x"):
        counts[word] += 1
    groups = collections.defaultdict(list, {"seed": [0]})
    groups["seed"].append(1)
    groups["new"].append(2)
    made = collections.defaultdict.fromkeys(["p", "q"], 5)
    nested = collections.defaultdict(lambda: collections.defaultdict(int))
    nested["outer"]["inner"] += 3
    return (a * counts["x"] + b * made["q"], dict(counts), dict(groups), made.default_factory,
            nested["outer"]["inner"], "missing" in counts)


@case()
def deque_every_method(a, b):
    d = collections.deque([1, 2, 3], maxlen=4)
    d.appendleft(0)
    d.append(4)
    d.extendleft([10, 11])
    d.extend([5])
    d.rotate(-1)
    free = collections.deque([1, 2])
    free.insert(1, 7)
    count = d.count(2)
    where = d.index(5)
    d.remove(2)
    d.reverse()
    copied = d.copy()
    left = d.popleft()
    right = d.pop()
    d.clear()
    return (a * left + b * right, list(copied), count, where, len(d), copied.maxlen,
            copied[0], copied[-1], list(free))


class AttrDict(dict):
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as error:
            raise AttributeError(name) from error

    def __setitem__(self, key, value):
        super().__setitem__(key, value * 2 if isinstance(value, int) else value)

    def get(self, key, default=None):
        return super().get(key, default if default is not None else -1)


@case()
def dict_subclass_with_super_calls(a, b):
    d = AttrDict()
    d["scale"] = 3
    d["bias"] = b
    missing = d.get("nothing")
    present = d.get("scale", 100)
    has_attr = hasattr(d, "absent")
    return a * d.scale + d.bias, missing, present, has_attr, isinstance(d, dict), len(d)


class Output(collections.OrderedDict):
    """Model-output record: an OrderedDict whose set fields are also its keys."""

    def __post_init__(self):
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if value is not None:
                self[field.name] = value

    def __getitem__(self, key):
        if isinstance(key, str):
            return dict(self.items())[key]
        return self.to_tuple()[key]

    def to_tuple(self):
        return tuple(self[k] for k in self.keys())


@dataclasses.dataclass
class LayerOutput(Output):
    hidden: torch.Tensor = None
    attention: torch.Tensor = None
    extra: torch.Tensor = None


@case()
def ordered_dict_dataclass_output(a, b):
    out = LayerOutput(hidden=a * 2, attention=b.softmax(-1))
    return out["hidden"] + out[1], out.to_tuple(), list(out.keys()), out.extra, len(out)


class ModelError(Exception):
    pass


class ShapeError(ModelError):
    def __init__(self, expected, got):
        super().__init__(f"expected {expected}, got {got}")
        self.expected = expected


@case()
def exception_hierarchy_args_and_str(a, b):
    messages = []
    for bad in (True, False):
        try:
            if bad:
                raise ShapeError(4, a.shape[1] + 1)
            raise KeyError("missing")
        except (ShapeError, IndexError) as error:
            messages.append((str(error), error.expected, isinstance(error, ModelError)))
        except LookupError as error:
            messages.append((str(error), error.args, type(error).__name__))
    return a + b, messages


@case()
def reraise_and_finally_return(a, b):
    def inner(x):
        try:
            return x.sum()
        finally:
            x.add_(1)

    def bare_reraise():
        try:
            raise ValueError("first")
        except ValueError:
            raise

    try:
        bare_reraise()
        caught = None
    except ValueError as error:
        caught = error.args[0]
    c = a.clone()
    return inner(c), c, caught


@case()
def generator_error_reaches_caller(a, b):
    def rows(limit):
        for i in range(5):
            if i == limit:
                raise RuntimeError(f"stop at {i}")
            yield a[i % 3] * i

    total = a.new_zeros(4)
    try:
        for row in rows(2):
            total = total + row
    except RuntimeError as error:
        message = str(error)
    return total, message


def scaled_by(factor, *, offset=0):
    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            return fn(*args, **kwargs) * factor + offset
        return wrapper
    return decorate


@scaled_by(3, offset=1)
def _product(x, y):
    return x * y


@case()
def decorator_factory_with_arguments(a, b):
    inline = scaled_by(0.5)(lambda x: x.sum(0))
    return _product(a, b), inline(a), _product.__name__, _product.__wrapped__(a, b)


def with_describe(cls):
    cls.describe = lambda self: f"{cls.__name__}({self.size})"
    cls.kind = "decorated"
    return cls


@with_describe
class Box:
    def __init__(self, size):
        self.size = size


class Registered(type):
    def __new__(mcs, name, bases, namespace):
        cls = super().__new__(mcs, name, bases, namespace)
        cls.layers = len([k for k in namespace if k.startswith("layer_")])
        return cls


class Stack(metaclass=Registered):
    def layer_a(self, x):
        return x + 1

    def layer_b(self, x):
        return x * 2


@case()
def class_decorator_and_metaclass(a, b):
    box = Box(a.shape[0])
    stack = Stack()
    out = stack.layer_b(stack.layer_a(a))
    return (out * Stack.layers + b, box.describe(), Box.kind, type(Stack).__name__,
            isinstance(stack, Stack), isinstance(Stack, Registered))


@case()
def abstract_collection_isinstance(a, b):
    values = ([a], (a,), {"k": a}, {1}, "s", a, range(2), len, (x for x in ()))
    kinds = []
    for v in values:
        kinds.append((isinstance(v, collections.abc.Mapping),
                      isinstance(v, collections.abc.Sequence),
                      isinstance(v, collections.abc.Iterable),
                      isinstance(v, collections.abc.Callable),
                      isinstance(v, collections.abc.Sized)))
    return a + b, kinds


@case()
def string_methods_less_common(a, b):
    name = "encoder.layer_12.attention"
    head, sep, tail = name.partition(".")
    base, _, leaf = name.rpartition(".")
    index = int(name.split("_")[1].split(".")[0])
    return (a * index + b, head, sep, tail, base, leaf, "7".zfill(3), "ab".center(6, "*"),
            name.rsplit(".", 1), name.startswith(("dec", "enc")), "12".isdigit(),
            "layer norm".title(), name.count("a"), "x".join(["1", "2"]).upper(),
            "  pad ".strip().ljust(5, "-"), name.find("zz"), "Ab".swapcase())


@case()
def number_methods_and_math_more(a, b):
    n = a.shape[1] * 5
    ratio = (0.75).as_integer_ratio()
    return (a * n.bit_length() + b, (2.0).is_integer(), ratio, math.gcd(12, n), math.lcm(4, 6),
            math.isclose(0.1 + 0.2, 0.3), math.isfinite(float("inf")), math.copysign(2, -0.0),
            math.fsum([0.1] * 10), math.trunc(-2.7), math.floor(-2.5), math.ceil(2.1),
            abs(-3), pow(3, 4, 5), divmod(17, 5), round(2.675, 2), (-7) // 2, -7 % 3,
            float("nan") != float("nan"), math.inf > 10 ** 20, (5).conjugate(), int("ff", 16))


@case()
def sum_generator_with_tensor_start(a, b):
    rows = [a[i] for i in range(a.shape[0])]
    total = sum((r * (i + 1) for i, r in enumerate(rows)), b[0])
    flat = sum([[1, 2], [3]], [])
    return total, flat, sum(range(5), 10), sum([a, b]).shape


def _flatten(tree):
    if isinstance(tree, torch.Tensor):
        return [tree]
    if isinstance(tree, dict):
        return [leaf for key in sorted(tree) for leaf in _flatten(tree[key])]
    if isinstance(tree, (list, tuple)):
        return [leaf for item in tree for leaf in _flatten(item)]
    return []


def _map_tree(fn, tree):
    if isinstance(tree, torch.Tensor):
        return fn(tree)
    if isinstance(tree, dict):
        return {k: _map_tree(fn, v) for k, v in tree.items()}
    if isinstance(tree, (list, tuple)):
        return type(tree)(_map_tree(fn, v) for v in tree)
    return tree


@case()
def recursive_tree_flatten_and_map(a, b):
    tree = {"w": [a, (b, 3)], "b": {"inner": a * b, "name": "x"}}
    leaves = _flatten(tree)
    doubled = _map_tree(lambda t: t * 2, tree)
    return len(leaves), torch.stack(leaves).sum(0), doubled


class Config:
    def __init__(self, depth, width):
        self.depth = depth
        self.width = width
        self.tags = ["base"]


@case()
def copy_and_vars_of_user_object(a, b):
    cfg = Config(2, 4)
    shallow = copy.copy(cfg)
    deep = copy.deepcopy(cfg)
    shallow.tags.append("shared")
    deep.tags.append("own")
    shallow.depth = 5
    fields = vars(cfg)
    return (a * cfg.depth + b * shallow.depth, sorted(fields), cfg.tags, deep.tags,
            cfg.__dict__["width"], list(cfg.__dict__.items())[0])


class Recorder:
    def __init__(self):
        object.__setattr__(self, "log", [])

    def __setattr__(self, name, value):
        self.log.append(name)
        object.__setattr__(self, name, value)


@case()
def setattr_override_records_names(a, b):
    r = Recorder()
    r.scale = 2
    r.shift = b
    r.scale = 3
    return a * r.scale + r.shift, r.log


def _helper(x, y=2, *rest, flag=True, **options):
    return x * y


@case()
def function_object_attributes(a, b):
    code = _helper.__code__
    return (_helper(a), _helper.__name__, _helper.__qualname__, _helper.__defaults__,
            _helper.__kwdefaults__, code.co_argcount, code.co_varnames[:2], callable(_helper),
            isinstance(_helper, types.FunctionType), isinstance(len, types.BuiltinFunctionType),
            _helper.__module__ == __name__, b * len(code.co_varnames))
