"""`collections` in a trace: deque, Counter, OrderedDict, defaultdict and namedtuple.

A deque is a list tracker with both ends; a Counter built from constants is a constant; the two
dict kinds are dict trackers that remember their class; a named-tuple class is made for real.
"""

from __future__ import annotations

import collections

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import AttrSource
from compiler.values import registry
from compiler.values.attributes import find_in_mro, missing, type_has
from compiler.values.base import RaisedByProgram, Value
from compiler.values.builtins import HANDLERS as BUILTIN_HANDLERS
from compiler.values.class_recipes import recipe
from compiler.values.constant import ConstantValue, call_pure
from compiler.values.containers import DictValue, ListValue, is_plain, plain
from compiler.values.lazy_extend import items_in_turn


class DequeValue(ListValue):
    """A deque; with a maxlen, every growth drops items from the other end as CPython does."""

    def __init__(self, items, maxlen: int | None = None, source=None):
        super().__init__(items, source)
        self.maxlen = maxlen
        self._keep_last()

    def reconstruct(self, plan) -> str:
        if self.source is not None:
            return plan.source_expr(self.source)
        maxlen = "" if self.maxlen is None else f", {self.maxlen}"
        return plan.temp(f"{plan.bind(collections.deque)}([{plan.items(self.items)}]{maxlen})")

    def python_type(self) -> type:
        return collections.deque

    def replay_contents(self, plan, target: str) -> None:
        contents = plan.temp(f"[{plan.items(self.items)}]")  # (a deque takes no slice)
        plan.writes.append(f"{target}.clear(); {target}.extend({contents})")

    def _keep_last(self) -> None:
        if self.maxlen is not None and len(self.items) > self.maxlen:
            del self.items[:len(self.items) - self.maxlen]

    def _keep_first(self) -> None:
        if self.maxlen is not None and len(self.items) > self.maxlen:
            del self.items[self.maxlen:]

    def rebuilt(self, items):
        return DequeValue(items, self.maxlen)

    def append_item(self, item) -> None:  # extend: a full deque drops its first item each time
        self.items.append(item)
        self._keep_last()

    def getattr(self, tx, name):
        if name == "maxlen":
            return ConstantValue(self.maxlen)
        return super().getattr(tx, name)

    def getitem(self, tx, key):
        if key.is_constant() and isinstance(key.as_constant(), slice):
            raise RaisedByProgram(TypeError("sequence index must be integer, not 'slice'"))
        return super().getitem(tx, key)

    def setitem(self, tx, key, value):
        if key.is_constant() and isinstance(key.as_constant(), slice):
            raise RaisedByProgram(TypeError("sequence index must be integer, not 'slice'"))
        super().setitem(tx, key, value)

    def delitem(self, tx, key):
        if key.is_constant() and isinstance(key.as_constant(), slice):
            raise RaisedByProgram(TypeError("sequence index must be integer, not 'slice'"))
        super().delitem(tx, key)

    def call_method(self, tx, name, args, kwargs):
        if name == "copy" and not args and not kwargs:
            return DequeValue(list(self.items), self.maxlen)
        if name in ("appendleft", "popleft", "extendleft", "rotate"):
            tx.ctx.side_effects.mutate(self)
        if name == "appendleft":
            self.items.insert(0, args[0])
            self._keep_first()
        elif name == "popleft":
            if not self.items:
                raise RaisedByProgram(IndexError("pop from an empty deque"))
            return self.items.pop(0)
        elif name == "extendleft":  # each item stored before the next is read
            for item in items_in_turn(tx, args[0], self):
                self.items.insert(0, item)
                self._keep_first()
        elif name == "rotate":
            steps = args[0].as_constant() if args else 1
            if self.items:
                steps %= len(self.items)
                self.items[:] = self.items[-steps:] + self.items[:-steps]
        elif name == "pop" and args:
            raise RaisedByProgram(TypeError("deque.pop() takes no arguments"))
        elif name == "pop" and not self.items:
            raise RaisedByProgram(IndexError("pop from an empty deque"))
        elif name == "insert" and self.maxlen is not None and len(self.items) >= self.maxlen:
            raise RaisedByProgram(IndexError("deque already at its maximum size"))
        else:
            result = super().call_method(tx, name, args, kwargs)
            if name in ("append", "extend"):
                self._keep_last()
            return result
        return ConstantValue(None)


def _deque(tx, iterable=None, maxlen=None):
    bound = None if maxlen is None else maxlen.as_constant()
    if bound is not None and type(bound) is not int:
        raise RaisedByProgram(TypeError("an integer is required"))
    if bound is not None and bound < 0:
        raise RaisedByProgram(ValueError("maxlen must be non-negative"))
    return DequeValue(iterable.unpack(tx) if iterable is not None else [], bound)


def _counter(tx, *args, **kwargs):
    if not all(is_plain(a) for a in args) or not all(is_plain(v) for v in kwargs.values()):
        raise Unsupported("collections.Counter of values that are not constants",
                          BreakReason.UNSUPPORTED_CALL)
    from compiler.values.counters import CounterValue  # changed in place by its methods
    return CounterValue(call_pure(collections.Counter, [plain(a) for a in args],
                                  {k: plain(v) for k, v in kwargs.items()}))


def _with_attributes(obj, attributes: dict):
    obj.__dict__.update(attributes)
    return obj


class OrderedDictValue(DictValue):
    """An OrderedDict made in the trace. Unlike a dict it has an instance dict
    (`Module.state_dict()` sets `_metadata` on one): its attributes live on the tracker, shadow
    the type's methods as CPython's lookup does, and are set again on the rebuilt object."""

    def __init__(self, entries, source=None, real=None):
        super().__init__(entries, source, cls=collections.OrderedDict)
        self.attributes: dict[str, Value] = {}
        self.real = real  # an existing OrderedDict (with its source): its instance dict

    def reconstruct(self, plan) -> str:
        made = super().reconstruct(plan)
        if self.source is not None or not self.attributes:
            return made
        attributes = ", ".join(f"{k!r}: {plan.expr(v)}" for k, v in self.attributes.items())
        return plan.temp(f"{plan.bind(_with_attributes)}({made}, {{{attributes}}})")

    def getattr(self, tx, name: str) -> Value:
        if name in self.attributes:
            return self.attributes[name]
        if self.real is not None and not name.startswith("__"):  # its instance dict, guarded
            present = name in vars(self.real)
            tx.ctx.guard(self.source, GuardKind.INSTANCE_ATTR, (name, present))
            if present:
                return registry.wrap(tx.ctx, vars(self.real)[name],
                                     AttrSource(self.source, name))
        return super().getattr(tx, name)

    def _check_instance_name(self, name: str) -> None:
        if self.source is not None or name in ("__dict__", "__class__") or hasattr(
                type(find_in_mro(collections.OrderedDict, name)[1]), "__set__"):
            raise Unsupported(f"setting attribute {name!r} of an OrderedDict",
                              BreakReason.SIDE_EFFECT)

    def setattr(self, tx, name: str, value: Value) -> None:
        self._check_instance_name(name)
        self.attributes[name] = value

    def delattr(self, tx, name: str) -> None:
        self._check_instance_name(name)
        if self.attributes.pop(name, None) is None:
            raise missing(collections.OrderedDict, name)


def _ordered_dict(tx, *source, **kwargs):
    from compiler.values.builtins import build_dict
    return OrderedDictValue(build_dict(tx, *source, **kwargs).entries)


def _defaultdict(tx, *args, **kwargs):
    """`defaultdict(factory, *dict_args, **items)`: the factory is positional only (a keyword
    `default_factory=` is an item), and None or something callable."""
    from compiler.values.builtins import build_dict
    factory, source = (args[0], args[1:]) if args else (None, ())
    if factory is not None and factory.is_constant() and factory.as_constant() is None:
        factory = None
    if factory is not None and not type_has(factory.python_type(), "__call__"):
        raise RaisedByProgram(TypeError("first argument must be callable or None"))
    result = build_dict(tx, *source, **kwargs)
    result.cls = collections.defaultdict
    result.default_factory = factory
    return result


def _namedtuple(tx, *args, **kwargs):
    """Making a named-tuple class is pure: fold it, the class is then a constant of this
    trace, made per call in eager: leaving the frame, it is made anew by its recipe.
    Its `__module__` is `module=`, else the calling frame's global `__name__` (read and
    guarded here: called from the compiler, namedtuple would name the compiler's module)."""
    from compiler.values.objects import ClassValue
    named = {k: plain(v) for k, v in kwargs.items()}
    if named.get("module") is None:
        named["module"] = _calling_module(tx)
    arguments = [plain(a) for a in args]
    cls = call_pure(collections.namedtuple, arguments, named)
    tx.ctx.note_made_class(cls, recipe=recipe(collections.namedtuple, arguments, named))
    return ClassValue(cls)


def _calling_module(tx) -> str:
    """What `sys._getframe(1).f_globals.get('__name__', '__main__')` gives in the frame that
    is being traced (refused where the answer would not be guarded)."""
    if (id(tx.f_globals), "__name__") in tx.ctx.side_effects.global_writes:
        raise Unsupported("collections.namedtuple after the trace wrote __name__",
                          BreakReason.UNSUPPORTED_CALL)
    if "__name__" not in tx.f_globals:  # '__main__' then, but its absence is not guarded
        raise Unsupported("collections.namedtuple in globals without __name__",
                          BreakReason.UNSUPPORTED_CALL)
    name = tx.load_global("__name__")
    if not name.is_constant():
        raise Unsupported("collections.namedtuple in a module whose __name__ is not a constant",
                          BreakReason.UNSUPPORTED_CALL)
    return name.as_constant()


def _fromkeys_of(cls):
    def fromkeys(tx, keys, value=None):
        from compiler.values.builtins import HANDLERS as BUILTINS
        result = BUILTINS[dict.fromkeys](tx, keys, *([value] if value is not None else []))
        result.cls = cls
        return result
    return fromkeys


HANDLERS = {collections.defaultdict.fromkeys: _fromkeys_of(collections.defaultdict),
            collections.OrderedDict.fromkeys: _fromkeys_of(collections.OrderedDict),
            collections.deque: _deque, collections.Counter: _counter,
            collections.OrderedDict: _ordered_dict, collections.defaultdict: _defaultdict,
            collections.namedtuple: _namedtuple}

BUILTIN_HANDLERS.update(HANDLERS)  # joins the builtins' lookaside table
