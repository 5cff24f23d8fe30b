"""Instances of set, frozenset and list subclasses made in the trace (`class S(set): ...`,
`S([1, 2])`): an object of the program's class whose contents are a set or list tracker.

Which classes: a proper subclass of set, frozenset or list whose other classes are all written
in Python (no `__slots__`) and whose metaclass keeps `type.__call__`. Calling the class runs
`__new__` and `__init__` as `type.__call__` does: the base's own (set's and list's `__new__`
make an empty instance, their `__init__` clears and fills it; frozenset's `__new__` fills it) or
the class's, traced, reaching the base's through `super()`.

The instance is an ObjectValue: attributes, the class's methods and its dunders are looked up
on the class as for any object, so a method the class overrides runs as the program's code.
What the lookup finds on the base (not overridden, or through `super()`, or called unbound as
`set.add(s, 1)`) acts on the contents as CPython's C code does: a set's operators and
comparisons take any set (a subclass instance by its contents, as set_merge reads it) and
answer NotImplemented for anything else; their results are plain sets and lists (`S(a) | b`,
`L(a) + b`, `s.copy()`, `l[1:]`), while the in-place ones (`|=`, `+=`) change the instance and
give it back. Iterating an instance whose class overrides `__iter__` is refused: CPython's C
code reads the contents past it in some places (set_merge, PySequence_Fast) and not others.
An instance leaving the compiled code is made again with the base's own `__new__` and
`__init__` (not the class's), then its instance dict. Tuple subclasses that are not named
tuples are made here too, as tuples of the class (tuple_objects.py), and dict subclasses whose
class has a Python `__new__` (dict_storage.py's instances, made by `dict.__new__`).
"""

from __future__ import annotations

import collections
import operator
import types
from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.values import registry
from compiler.values.attributes import find_in_mro, guarded_find_in_mro
from compiler.values.base import RaisedByProgram, Value
from compiler.values.builtins import FALLBACKS, call_builtin
from compiler.values.builtins import HANDLERS as BUILTIN_HANDLERS
from compiler.values.call_arity import _raise_real, check_method
from compiler.values.constant import ConstantValue
from compiler.values.construct import BUILTIN_BASE_MAKERS
from compiler.values.containers import ListValue, unhashable
from compiler.values.custom_new import run_init
from compiler.values.dict_storage import MappingObjectValue
from compiler.values.objects import ClassValue, ObjectValue
from compiler.values.sets import SetValue, build_set, set_inplace_operator, set_operator
from compiler.values.stdlib_hash_keys import rebuilding
from compiler.values.tuple_objects import is_plain_tuple_subclass, new_tuple

BASES = (set, frozenset, list)
# Lookups on the class whose answer the tracker keeps (iteration, hashing, tensor arguments).
_READ_PAST_CLASS = ("__iter__", "__len__", "__getitem__", "__hash__", "__eq__")
_HEAP_TYPE = 1 << 9
_COMPARE = {"__eq__": operator.eq, "__ne__": operator.ne, "__lt__": operator.lt,
            "__le__": operator.le, "__gt__": operator.gt, "__ge__": operator.ge}
_SET_BINARY = {"__or__": "|", "__and__": "&", "__sub__": "-", "__xor__": "^"}
_SET_REFLECTED = {"__ror__": "|", "__rand__": "&", "__rsub__": "-", "__rxor__": "^"}
_SET_INPLACE = {"__ior__": "|=", "__iand__": "&=", "__isub__": "-=", "__ixor__": "^="}
# dunders of the bases modelled here and how many arguments each takes
_ARITY = {"__len__": 0, "__iter__": 0, "__contains__": 1, "__repr__": 0, "__hash__": 0,
          "__getitem__": 1, "__setitem__": 2, "__delitem__": 1, "__reversed__": 0,
          "__add__": 1, "__mul__": 1, "__rmul__": 1, "__iadd__": 1, "__imul__": 1,
          **dict.fromkeys([*_COMPARE, *_SET_BINARY, *_SET_REFLECTED, *_SET_INPLACE], 1)}


def container_base(cls: type) -> type | None:
    """set, frozenset or list, when instances of `cls` are modelled here (the module's note)."""
    if not isinstance(cls, type) or cls in BASES:
        return None
    if issubclass(cls, tuple):
        return tuple if is_plain_tuple_subclass(cls) else None
    if issubclass(cls, dict):
        return mapping_base(cls)
    base = next((b for b in (frozenset, set, list) if issubclass(cls, b)), None)
    if base is None:
        return None
    python = [k for k in cls.__mro__ if k not in (base, object)]
    if not all(k.__flags__ & _HEAP_TYPE for k in python) or any(
            "__slots__" in vars(k) for k in python):
        return None
    if find_in_mro(type(cls), "__call__")[0] is not type:
        return None
    return base


def mapping_base(cls: type) -> type | None:
    """dict or OrderedDict, for a subclass of either whose other classes are written in
    Python and whose metaclass keeps `type.__call__`: its instances' storage is modelled
    (dict_storage.py); the ones whose class keeps dict's `__new__` are made there, the ones
    with a Python `__new__` here (it reaches dict's through `super()`)."""
    if cls in (dict, collections.OrderedDict) or not issubclass(cls, dict):
        return None
    base = collections.OrderedDict if issubclass(cls, collections.OrderedDict) else dict
    python = [k for k in cls.__mro__ if k not in (base, dict, object)]
    if not all(k.__flags__ & _HEAP_TYPE for k in python) or collections.Counter in python or (
            find_in_mro(type(cls), "__call__")[0] is not type):
        return None  # (a defaultdict or Counter between them keeps state of its own)
    return base


def _dict_new(tx, cls_value=None, *args, **kwargs):
    """`dict.__new__(cls, ...)` for such a subclass: an empty instance (`__init__` fills it)."""
    cls = cls_value.cls if isinstance(cls_value, ClassValue) else None
    base = None if cls is None else mapping_base(cls)
    return NotImplemented if base is None else MappingObjectValue(cls, base)


def family_contents(value: Value, family: type) -> Value | None:
    """The contents tracker of an instance of a `family` subclass made in the trace (what the
    base's C code reads when it takes the instance as an argument), else None."""
    if isinstance(value, ContainerObjectValue):
        return value.contents_of_family(family)
    return None


def _as_set(value: Value) -> Value | None:
    """A set operand as set's C code takes it (any set or frozenset), else None."""
    if isinstance(value, SetValue):
        return value
    return family_contents(value, (set, frozenset))


def _as_list(value: Value) -> Value | None:
    if isinstance(value, ListValue) and value.python_type() is list:
        return value
    return family_contents(value, list)


class ContainerObjectValue(ObjectValue):
    """An instance of a set, frozenset or list subclass made in the trace: the object (its
    class, its instance dict) and `contents`, a SetValue or ListValue the base's methods read
    and change."""

    def __init__(self, cls: type, base: type, contents: Value):
        super().__init__(cls)
        self.base = base
        self.contents = contents

    def __repr__(self) -> str:
        return f"ContainerObjectValue({self.cls.__qualname__}, {self.contents!r})"

    def contents_of_family(self, family) -> Value | None:
        """The contents, when the base is of `family` (sets.py asks, by this name)."""
        return self.contents if issubclass(self.base, family) else None

    def storage_method(self, tx, name: str, owner: type) -> Value | None:
        """`obj.name` (or `super().name`) reaching the base's own method `name` (its other
        attributes, `__hash__ = None`, `__doc__`, `__new__`, are found as for any object)."""
        if owner is not self.base or type(vars(owner).get(name)).__name__ not in (
                "method_descriptor", "wrapper_descriptor"):
            return None
        return BaseMethodValue(self, name)

    def iter(self, tx) -> Value:
        owner = guarded_find_in_mro(tx, self.cls, "__iter__")[0]
        if owner is not self.base:
            raise Unsupported(f"iterating a {self.cls.__qualname__} (its class overrides "
                              f"__iter__)", BreakReason.UNSUPPORTED_VALUE)
        return self.contents.iter(tx)

    def hash_key(self) -> Any:
        if self.base is not frozenset:
            return unhashable(self)
        if find_in_mro(self.cls, "__hash__")[0] is not frozenset or (
                find_in_mro(self.cls, "__eq__")[0] is not frozenset):
            raise Unsupported(f"{self.cls.__qualname__} objects as dict keys or set members "
                              f"(custom __hash__/__eq__)", BreakReason.UNSUPPORTED_VALUE)
        return self.contents.hash_key()  # frozenset's hash and `==`: by the members

    def exact_member(self) -> bool:
        """As a set member: its key hashes as the real object does (a frozenset's hash is
        its members' hashes), so a table of such members iterates in CPython's order."""
        return self.base is frozenset and self.contents.exact()

    def as_fx_argument(self, part: str) -> Any:
        """A list subclass instance as a tensor operation's list argument: torch reads its
        items as a list's when the class keeps list's ways of reading them."""
        if self.base is not list or any(find_in_mro(self.cls, name)[0] is not list
                                        for name in ("__len__", "__getitem__", "__iter__")):
            return super().as_fx_argument(part)
        return [item.as_fx_argument(part) for item in self.contents.items]

    def reconstruct(self, plan) -> str:
        attrs = ", ".join(f"{name!r}: {plan.expr(v)}" for name, v in self.attrs.items())
        if self.base is list:
            items = self.contents.items
        else:
            items = self.contents.ordered(strict=False)
            self.contents.refuse_another_order()
        return plan.temp(f"{plan.bind(rebuild_container)}({plan.bind(self.cls)}, "
                         f"{plan.bind(self.base)}, [{plan.items(items)}], {{{attrs}}})")


def rebuild_container(cls: type, base: type, items: list, attrs: dict) -> Any:
    """An instance made in the trace, made again past its class's own `__new__` and
    `__init__` (the trace ran them): the base's, then the instance dict."""
    if base is frozenset:
        obj = frozenset.__new__(cls, items)
    else:
        obj = base.__new__(cls)
        base.__init__(obj, items)
    if attrs:
        obj.__dict__.update(attrs)
    return obj


def _fresh_contents(base: type) -> Value:
    return ListValue([]) if base is list else SetValue([], frozen=base is frozenset)


def _refill_set(tx, iterable: Value, frozen: bool) -> SetValue:
    """A new set's table from an iterable, as `make_new_set` fills it (a set argument by its
    own table); a tracker of its own, never the argument's."""
    contents = family_contents(iterable, (set, frozenset))
    given = iterable if contents is None else contents
    made = build_set(tx, given, frozen)
    if made is not given:
        return made
    if made.table is None:  # (frozenset(f) is f itself)
        return SetValue.unordered(made._approximate_table(), [made.members])
    return SetValue.from_table(made.table, [made.members])


def new_instance(tx, base: type, cls_value: Value, args: list[Value],
                 kwargs: dict[str, Value]) -> Value:
    """`base.__new__(cls, *args)` for a subclass `cls` of `base` (the module's note)."""
    cls = cls_value.cls if isinstance(cls_value, ClassValue) else None
    if cls is None or container_base(cls) is not base:
        raise Unsupported(f"{base.__name__}.__new__({cls_value})", BreakReason.UNSUPPORTED_CALL)
    for name in _READ_PAST_CLASS:  # what this module decides by the class: guarded
        guarded_find_in_mro(tx, cls, name)
    if base is not frozenset:  # set's and list's make an empty object (`__init__` fills it)
        return ContainerObjectValue(cls, base, _fresh_contents(base))
    if kwargs:  # checked when the class keeps frozenset's `__init__` (object's)
        if find_in_mro(cls, "__init__")[0] is object:
            raise RaisedByProgram(TypeError("frozenset() takes no keyword arguments"))
        raise Unsupported(f"{cls.__qualname__}() with keyword arguments",
                          BreakReason.UNSUPPORTED_CALL)
    if len(args) > 1:
        raise RaisedByProgram(TypeError(f"{cls.__name__} expected at most 1 argument, got "
                                        f"{len(args)}"))
    contents = _fresh_contents(base) if not args else _refill_set(tx, args[0], True)
    return ContainerObjectValue(cls, base, contents)


def construct_container(tx, cls_value, base: type, args: list[Value],
                        kwargs: dict[str, Value]) -> Value:
    """`cls(*args, **kwargs)` as `type.__call__` runs it: `__new__`, then `__init__` when the
    object made is an instance of `cls`."""
    from compiler.values.callables import UserFunctionValue
    cls = cls_value.cls
    owner, raw = guarded_find_in_mro(tx, cls, "__new__")
    if owner is base and base is tuple:
        made = new_tuple(tx, cls, args, kwargs)
    elif owner is dict:
        made = MappingObjectValue(cls, base)
    elif owner is base:
        made = new_instance(tx, base, cls_value, args, kwargs)
    elif isinstance(raw, staticmethod) and isinstance(raw.__func__, types.FunctionType):
        made = UserFunctionValue(raw.__func__).call(tx, [cls_value, *args], kwargs)
    else:
        raise Unsupported(f"class {cls.__qualname__} with __new__ {raw!r}",
                          BreakReason.UNSUPPORTED_CALL)
    made_type = made.python_type()
    if cls not in made_type.__mro__:
        return made  # another class's object: `__init__` is not run
    init_owner = guarded_find_in_mro(tx, made_type, "__init__")[0]
    if init_owner is object:  # frozenset's: object's, which takes the arguments __new__ took
        return made
    return run_init(tx, made, made_type, args, kwargs)


class BaseMethodValue(Value):
    """The base's own method `name` bound to an instance (see the module's note)."""

    def __init__(self, obj: ContainerObjectValue, name: str):
        super().__init__(None)
        self.obj, self.name = obj, name

    def __repr__(self) -> str:
        return f"BaseMethodValue({self.obj!r}, {self.name})"

    def python_type(self) -> type:
        return type(getattr(self.obj.base(), self.name))  # (a builtin method, a method-wrapper)

    def call(self, tx, args, kwargs) -> Value:
        return call_base_method(tx, self.obj, self.name, list(args), kwargs)


def call_base_method(tx, obj: ContainerObjectValue, name: str, args: list[Value],
                     kwargs: dict[str, Value]) -> Value:
    base = obj.base
    if name == "__init__":
        return _init(tx, obj, args, kwargs)
    if name.startswith("__"):
        if name not in _ARITY or name not in vars(base):
            raise Unsupported(f"{base.__name__}.{name} of a {obj.cls.__qualname__}",
                              BreakReason.UNSUPPORTED_CALL)
        if kwargs or len(args) != _ARITY[name]:
            _raise_real(vars(base)[name], len(args), tuple(kwargs), base())
            raise Unsupported(f"{base.__name__}.{name} with these arguments",
                              BreakReason.UNSUPPORTED_CALL)
        return _dunder(tx, obj, name, args)
    check_method(obj.cls, name, args, kwargs, owner=base)
    contents = obj.contents
    if name == "copy" and base is frozenset:  # a new frozenset, not the instance
        return SetValue.from_table(contents.table, [contents.members]) if (
            contents.table is not None) else SetValue(list(contents.members.values()), True)
    if base is not list:  # set arguments are read by their tables (set_merge)
        args = [a if _as_set(a) is None else _as_set(a) for a in args]
    else:  # list_extend reads the list itself whole (another list subclass by its iterator)
        args = [contents if a is obj else a for a in args]
    return contents.call_method(tx, name, args, kwargs)


def _init(tx, obj: ContainerObjectValue, args: list[Value], kwargs) -> Value:
    """set's and list's `__init__`: clear, then fill from the one iterable."""
    if kwargs:  # (list's checks them only when the class keeps list's `__new__`)
        if obj.base is set or find_in_mro(obj.cls, "__new__")[0] is list:
            raise RaisedByProgram(TypeError(f"{obj.base.__name__}() takes no keyword "
                                            f"arguments"))
        raise Unsupported(f"{obj.base.__name__}.__init__ with keyword arguments",
                          BreakReason.UNSUPPORTED_CALL)
    if len(args) > 1:
        _raise_real(obj.base, len(args), ())
    contents = obj.contents
    if obj.base is list:
        tx.ctx.side_effects.mutate(contents)
        contents.items.clear()
        if args:
            contents.call_method(tx, "extend", args, {})
    else:  # set_init: a table in use is cleared first
        if contents.members:
            contents.call_method(tx, "clear", [], {})
        if args:
            given = _as_set(args[0])
            contents.call_method(tx, "update", [args[0] if given is None else given], {})
    return ConstantValue(None)


def _dunder(tx, obj: ContainerObjectValue, name: str, args: list[Value]) -> Value:  # noqa: C901
    contents, base = obj.contents, obj.base
    if name == "__len__":
        return ConstantValue(contents.len(tx))
    if name == "__iter__":
        return contents.iter(tx)
    if name == "__contains__":
        return ConstantValue(contents.contains(tx, args[0]))
    if name == "__repr__":
        return _repr(tx, obj)
    if name == "__hash__":  # a frozenset's: its members' exact hashes combined
        return ConstantValue(hash(obj.hash_key())) if contents.exact() else _refuse(name)
    if name in _COMPARE:
        other = _as_set(args[0]) if base is not list else _as_list(args[0])
        if other is None:
            return ConstantValue(NotImplemented)
        if base is list:
            return registry.compare(tx, _symbol(name), contents, other)
        with rebuilding():
            return ConstantValue(_COMPARE[name](set(contents.members), set(other.members)))
    if base is list:
        return _list_dunder(tx, obj, name, args)
    other = _as_set(args[0])
    if other is None:
        return ConstantValue(NotImplemented)
    if name in _SET_BINARY:
        return set_operator(_SET_BINARY[name], contents, other)
    if name in _SET_REFLECTED:
        return set_operator(_SET_REFLECTED[name], other, contents)
    if name in _SET_INPLACE:
        set_inplace_operator(tx, _SET_INPLACE[name], contents, other)
        return obj
    return _refuse(name)


def _list_dunder(tx, obj: ContainerObjectValue, name: str, args: list[Value]) -> Value:
    contents = obj.contents
    if name == "__getitem__":
        return contents.getitem(tx, args[0])
    if name == "__setitem__":
        contents.setitem(tx, args[0], args[1])
        return ConstantValue(None)
    if name == "__delitem__":
        contents.delitem(tx, args[0])
        return ConstantValue(None)
    if name == "__reversed__":
        return call_builtin(tx, reversed, [contents], {})
    if name == "__add__":
        other = _as_list(args[0])
        if other is None:  # CPython's TypeError, unless the other's __radd__ answers first
            return _refuse(name)
        return ListValue(contents.items + other.items)
    if name == "__iadd__":  # any iterable, item by item (itself whole)
        contents.call_method(tx, "extend", [contents if args[0] is obj else args[0]], {})
        return obj
    times = args[0].as_constant() if args[0].is_constant() else None
    if type(times) is not int:
        return _refuse(name)
    if name in ("__mul__", "__rmul__"):
        return ListValue(contents.items * times)
    tx.ctx.side_effects.mutate(contents)  # __imul__
    contents.items[:] = contents.items * times
    return obj


def _symbol(name: str) -> str:
    return {"__eq__": "==", "__ne__": "!=", "__lt__": "<", "__le__": "<=", "__gt__": ">",
            "__ge__": ">="}[name]


def _refuse(name: str) -> Value:
    raise Unsupported(f"{name} of a container subclass with these operands",
                      BreakReason.UNSUPPORTED_CALL)


def _repr(tx, obj: ContainerObjectValue) -> Value:
    """set's and frozenset's repr show the class's name (`S({1})`), list's only the items;
    members that are constants, iterated by the base's `__iter__`."""
    contents = obj.contents
    members = contents.items if obj.base is list else contents.ordered()
    if not all(m.is_constant() for m in members) or guarded_find_in_mro(
            tx, obj.cls, "__iter__")[0] is not obj.base:
        raise Unsupported(f"repr of a {obj.cls.__qualname__}", BreakReason.UNSUPPORTED_CALL)
    items = [m.as_constant() for m in members]
    if obj.base is list:
        return ConstantValue(repr(items))
    inner = "" if not items else "{" + ", ".join(repr(i) for i in items) + "}"
    return ConstantValue(f"{obj.cls.__name__}({inner})")


def _call_unbound(tx, fn, args: list[Value], kwargs: dict[str, Value]) -> Value | None:
    """`set.add(s, 1)`, `S.discard(s, 1)`, `list.__len__(l)` on an instance made in the trace:
    the base's own method, past any override of the class. And `repr`, `str` and `hash` of
    one whose class keeps the base's slot (a Python one was traced before this fallback)."""
    if fn in _SLOT_BUILTINS and 1 <= len(args) <= (2 if fn is format else 1) and (
            not kwargs and isinstance(args[0], ContainerObjectValue)):
        return _slot_builtin(tx, fn, args[0], args[1:])
    owner = getattr(fn, "__objclass__", None)
    if owner not in BASES or not args or not isinstance(args[0], ContainerObjectValue):
        return None
    target = args[0]
    if not issubclass(target.base, owner) or vars(owner).get(fn.__name__) is not fn:
        return None
    if owner is not target.base:  # (frozenset's methods on a set subclass: TypeError)
        return None
    return call_base_method(tx, target, fn.__name__, list(args[1:]), kwargs)


_SLOT_BUILTINS = (repr, str, hash, format)


def _slot_builtin(tx, fn, obj: ContainerObjectValue, spec: list[Value]) -> Value | None:
    if fn is format:  # object's `__format__`: str() for an empty spec, else TypeError
        if guarded_find_in_mro(tx, obj.cls, "__format__")[0] is not object or (
                spec and not (spec[0].is_constant() and type(spec[0].as_constant()) is str)):
            return None
        if spec and spec[0].as_constant():
            raise RaisedByProgram(TypeError(f"unsupported format string passed to "
                                            f"{obj.cls.__name__}.__format__"))
        fn = str
    if fn is str and guarded_find_in_mro(tx, obj.cls, "__str__")[0] is not object:
        return None  # (object's `__str__` is the repr)
    name = "__hash__" if fn is hash else "__repr__"
    if guarded_find_in_mro(tx, obj.cls, name)[0] is not obj.base:
        return None
    return call_base_method(tx, obj, name, [], {})


def _new_handler(base: type):
    def handler(tx, cls_value=None, *args, **kwargs):
        if cls_value is None or not isinstance(cls_value, ClassValue) or (
                cls_value.cls is base):
            return NotImplemented
        return new_instance(tx, base, cls_value, list(args), kwargs)
    return handler


BUILTIN_HANDLERS.update({vars(b)["__new__"]: _new_handler(b) for b in BASES})
BUILTIN_HANDLERS[vars(dict)["__new__"]] = _dict_new
FALLBACKS.insert(0, _call_unbound)


def _make(tx, cls_value, args: list[Value], kwargs: dict[str, Value]) -> Value | None:
    base = container_base(cls_value.cls)
    return None if base is None else construct_container(tx, cls_value, base, args, kwargs)


BUILTIN_BASE_MAKERS.append(_make)
