"""The base value tracker and the signals the translator uses for user-visible exceptions.

Hooks are named after CPython slots (`tp_getattr` -> `getattr`, `nb_bool` -> `bool`, ...); the
default of each says plainly that this value does not support it.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

from compiler.errors import BreakReason, Unsupported
from compiler.guards.sources import Source
from compiler.values import registry

if TYPE_CHECKING:
    from compiler.graph.output import OutputPlan
    from compiler.symbolic.translator import Translator


def is_hashable(obj: Any) -> bool:
    """Whether `obj` can key a lookup table (some callables, like bound lists' methods,
    cannot)."""
    try:
        hash(obj)
        return True
    except TypeError:
        return False


class RaisedByProgram(Exception):
    """The traced program raised `exc` (a Python exception object) at trace time.

    The translator routes it to the frame's exception table, as CPython would.
    `context_recorded`: the trace has recorded the exception's `__context__` for this raise
    (compiler/values/exception_context.py), or it is a re-raise, which sets none.
    """

    context_recorded = False

    def __init__(self, exc: BaseException):
        super().__init__(repr(exc))
        self.exc = exc


def one_by_one(tx, iterator: Value):
    """`iterator.next(tx)` until the program's StopIteration, each item given to the caller
    before the next is asked for."""
    while True:
        try:
            item = iterator.next(tx)
        except RaisedByProgram as raised:
            if isinstance(raised.exc, StopIteration):
                return
            raise
        yield item


def next_until_stop(tx, iterator: Value) -> list[Value]:
    """`iterator.next(tx)` until the program's StopIteration: the items it had left."""
    return list(one_by_one(tx, iterator))


class Value:
    """What the translator knows about one Python value during tracing."""

    source: Source | None = None
    # The exit of a `with` block a graph break can resume inside: rebuilt at the break as a
    # real callable that undoes exactly that block's enter (compiler/values/block_exits.py).
    resumable_exit: bool = False
    # The order trackers were made in: a speculation (compiler/values/subgraph.py) tells the
    # ones it made from older ones, whose changes it could not replay. -1: not known, older.
    serial: int = -1
    _serials = itertools.count()

    def __init__(self, source: Source | None = None):
        self.source = source
        self.serial = next(Value._serials)

    @staticmethod
    def next_serial() -> int:
        return next(Value._serials)

    # -- identity and constants -------------------------------------------------------------
    def python_type(self) -> type:
        raise Unsupported(f"type of {self}", BreakReason.UNSUPPORTED_VALUE)

    def is_constant(self) -> bool:
        return False

    def as_constant(self) -> Any:
        raise Unsupported(f"{self} used where a Python constant is needed",
                          BreakReason.UNSUPPORTED_VALUE)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.source or ''})"

    def held_object(self) -> Any:
        """The real object this tracker stands for when it holds one for good (a function, a
        class, a module), else None."""
        return None

    def current_object(self) -> Any:
        """The real object an input tracker stands for on this call (identity.py pins it with
        an identity guard), else None: what it holds for good, by default."""
        return self.held_object()

    def fixed_object(self) -> Any:
        """The real object `is` compares this tracker by, when the tracker stands for that
        one object on every call (a class, a function, a module), else None
        (compiler/values/identity.py)."""
        return None

    def called_name(self) -> str:
        """How CPython names this callable in a call's TypeError (`mod.f()`, `f()` for a
        builtin, `X object`): from the one real object it stands for, else refused."""
        real = self.fixed_object()
        if real is None:
            raise Unsupported(f"the name of {self} in a call's TypeError",
                              BreakReason.UNSUPPORTED_VALUE)
        qualname, module = getattr(real, "__qualname__", None), getattr(real, "__module__", None)
        if not isinstance(qualname, str):
            return f"{type(real).__name__} object"
        return f"{module}.{qualname}()" if module not in (None, "builtins") else f"{qualname}()"

    def is_fresh_object(self) -> bool:
        """A mutable object made in the trace: this tracker is the only one for it, so `is`
        against any other tracker is False (compiler/values/identity.py)."""
        return False

    def dunder_class(self) -> type | None:
        """The class whose Python dunders (`__add__`, `__eq__`, ...) the operators run on
        this value, for an instance of a user class; None for the kinds whose operators are
        modelled on the tracker (constants, containers, tensors) (compiler/values/operators.py)."""
        return None

    def reconstruct(self, plan: OutputPlan) -> str:
        """Python source, in the rebuild function after the graph (compiler/graph/output.py),
        that gives this value to the program: read back from its source, else the object it
        holds, bound as a constant. Kinds made in the trace build themselves anew."""
        if self.source is not None:
            return plan.source_expr(self.source)
        held = self.held_object()
        if held is not None:
            return plan.bind(held)
        raise Unsupported(f"{self} as an output of the compiled code",
                          BreakReason.UNSUPPORTED_VALUE)

    def replay_contents(self, plan: OutputPlan, target: str) -> None:
        """A mutable kind changed in the trace: write its final contents into `target`, the
        real object, after the graph (`plan.writes`)."""
        raise Unsupported(f"replaying the changes of {self}", BreakReason.SIDE_EFFECT)

    def attribute_writers(self) -> tuple[str, str]:
        """The functions the rebuild stores and deletes an attribute written in the trace with."""
        return "setattr", "delattr"

    def as_fx_argument(self, part: str) -> Any:
        """This value as an argument of a tensor operation: in the FX graph (`part="node"`:
        nodes for tensors, constants inline) or in the fake-tensor run (`part="example"`)."""
        if self.is_constant():
            return self.as_constant()
        raise Unsupported(f"{self} passed to a tensor operation", BreakReason.UNSUPPORTED_VALUE)

    # -- slots --------------------------------------------------------------------------------
    def call(self, tx: Translator, args: list[Value], kwargs: dict[str, Value]) -> Value:
        raise Unsupported(f"call of {self}", BreakReason.UNSUPPORTED_CALL)

    def call_method(self, tx: Translator, name: str, args: list[Value],
                    kwargs: dict[str, Value]) -> Value:
        """`obj.name(*args, **kwargs)` where the kind knows the method (list.append, ...)."""
        raise Unsupported(f"method {name!r} of {self}", BreakReason.UNSUPPORTED_CALL)

    def getattr(self, tx: Translator, name: str) -> Value:
        raise Unsupported(f"attribute {name!r} of {self}", BreakReason.UNSUPPORTED_ATTRIBUTE)

    def setattr(self, tx: Translator, name: str, value: Value) -> None:
        raise Unsupported(f"setting attribute {name!r} of {self}", BreakReason.SIDE_EFFECT)

    def delattr(self, tx: Translator, name: str) -> None:
        raise Unsupported(f"deleting attribute {name!r} of {self}", BreakReason.SIDE_EFFECT)

    def bool(self, tx: Translator) -> bool:
        if self.is_constant():
            return bool(self.as_constant())
        try:
            kind = self.python_type()  # exact, or refused
        except Unsupported:
            kind = None
        if kind is not None and not hasattr(kind, "__bool__") and not hasattr(kind, "__len__"):
            return True  # a type with neither slot: every instance is true (a function)
        raise Unsupported(f"truth value of {self}", BreakReason.UNSUPPORTED_VALUE)

    def iter(self, tx: Translator) -> Value:
        raise Unsupported(f"iteration over {self}", BreakReason.UNSUPPORTED_VALUE)

    # Iterated one step at a time by running program code (a generator, a lazy iterator, a
    # user object's __next__ or __getitem__): consumers must pull no more than CPython does.
    steps_run_code = False

    def enter_with(self, tx: Translator) -> tuple[Value, Value] | None:
        """For a context manager the compiler models whole: enter it and give (its exit, the
        `as` value); None for any other value (BEFORE_WITH then asks its dunders)."""
        return None

    def next(self, tx: Translator) -> Value:
        raise Unsupported(f"next() of {self}", BreakReason.UNSUPPORTED_VALUE)

    def len(self, tx: Translator) -> int:
        raise Unsupported(f"len() of {self}", BreakReason.UNSUPPORTED_VALUE)

    def unpack(self, tx: Translator) -> list[Value]:
        """The items of an iterable, all at once (UNPACK_SEQUENCE, *args, list(x))."""
        iterator = self.iter(tx)
        return iterator.drain(tx)

    def getitem(self, tx: Translator, key: Value) -> Value:
        raise Unsupported(f"indexing {self}", BreakReason.UNSUPPORTED_VALUE)

    def setitem(self, tx: Translator, key: Value, value: Value) -> None:
        raise Unsupported(f"item assignment on {self}", BreakReason.SIDE_EFFECT)

    def delitem(self, tx: Translator, key: Value) -> None:
        raise Unsupported(f"item deletion on {self}", BreakReason.SIDE_EFFECT)

    def contains(self, tx: Translator, item: Value) -> bool:
        # registry: same_or_equal asks identity and == of every kind, which import this base
        return any(registry.same_or_equal(tx, candidate, item)
                   for candidate in self.unpack(tx))

    def hash_key(self) -> Any:
        """A hashable stand-in, for dict keys and set members."""
        if self.is_constant():
            return self.as_constant()
        return ("id", id(self))


def identity_key(obj: Any) -> Any:
    """The dict-key stand-in of an existing object hashed and compared by identity (a
    function): the same for every tracker of it."""
    return ("object", id(obj))


class HeldCallableValue(Value):
    """A tracker holding a callable for good (a native function, a NumPy function, an
    lru_cache wrapper, a torch.backends query): the object itself stands in for it, and it is
    handed as is to a fake run that takes a callable argument."""

    def __init__(self, fn: Any, source: Source | None = None):
        super().__init__(source)
        self.fn = fn

    def held_object(self) -> Any:
        return self.fn

    def hash_key(self) -> Any:
        """The held object's identity, as its hash and == are (one tracker or another)."""
        return identity_key(self.fn)

    def as_fx_argument(self, part: str) -> Any:
        if part == "example" and self.fn is not None and not self.is_constant():
            return self.fn  # a callable argument of the fake run
        return super().as_fx_argument(part)

    def python_type(self) -> type:
        return type(self.fn)
