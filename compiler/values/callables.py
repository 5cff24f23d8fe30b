"""Callables: user functions (inlined), bound methods, partials and code objects. lru_cache
wrappers live in lru_cache.py, builtins in builtins.py, torch functions in torch_functions.py,
the methods of containers and tensors in native.py, those of constants in constant.py.
"""

from __future__ import annotations

import inspect
import types
from typing import Any

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import (
    AttrSource,
    CellContentsSource,
    ConstantSource,
    DefaultArgSource,
    ItemSource,
)
from compiler.values import registry
from compiler.values.base import RaisedByProgram, Value, identity_key
from compiler.values.call_errors import missing_arguments, too_many_positional, unbound_name
from compiler.values.constant import ConstantValue
from compiler.values.module_call import CALL_FUNCTIONS, call_module
from compiler.values.modules import NNModuleValue


class CellValue(Value):
    """A closure cell: traced (made in this trace) or real (existing, replayed on write)."""

    def __init__(self, contents: Value | None = None, real_cell: Any = None, source=None):
        super().__init__(source)
        self.contents = contents
        self.real_cell = real_cell
        self.loaded = contents is not None

    def reconstruct(self, plan) -> str:
        return plan.cell(self)  # a frame's own cell, at a graph break

    def load(self, tx, name: str = "?", free: bool = True) -> Value:
        """The contents; empty, CPython's error for reading `name` (a free variable of the
        frame, or one of its own locals that is a cell)."""
        if self.contents is None and self.real_cell is not None:
            try:
                real = self.real_cell.cell_contents
            except ValueError:
                raise unbound_name(name, free) from None
            self.contents = registry.wrap(tx.ctx, real, self.source)
        if self.contents is None:
            raise unbound_name(name, free)
        return self.contents

    def store(self, tx, value: Value) -> None:
        tx.ctx.side_effects.touch(self)
        self.contents = value
        if self.real_cell is not None:
            tx.ctx.side_effects.write_cell(self.real_cell, value)

    def python_type(self) -> type:
        return types.CellType

    def getattr(self, tx, name: str) -> Value:
        if name == "cell_contents":
            try:
                return self.load(tx)
            except RaisedByProgram:
                raise RaisedByProgram(ValueError("Cell is empty")) from None
        return super().getattr(tx, name)


class FrameCellValue(CellValue):
    """A cell of a resume function's own frame, passed in as an argument: a new cell object on
    each call, so it is read and rebuilt through `L[name]`, never bound; writes are refused."""

    @classmethod
    def of(cls, ctx, cell: Any, name: str) -> FrameCellValue:
        from compiler.guards.sources import LocalSource
        value = cls(real_cell=cell, source=CellContentsSource(LocalSource(name)))
        value.cell_source = LocalSource(name)
        ctx.values_by_id[id(cell)] = (cell, value)  # closures over it share this tracker
        return value

    def store(self, tx, value: Value) -> None:
        raise Unsupported("a write to a cell of a resumed frame", BreakReason.UNSUPPORTED_VALUE)


def real_cell_value(ctx, cell: Any) -> CellValue:
    """One CellValue per real cell in a trace, so writes are seen by every closure sharing it."""
    remembered = ctx.values_by_id.get(id(cell))
    if remembered is not None:
        return remembered[1]
    label = ctx.label_for(cell, "cell")
    value = CellValue(real_cell=cell, source=CellContentsSource(ConstantSource(label, cell)))
    ctx.values_by_id[id(cell)] = (cell, value)
    return value


class UserFunctionValue(Value):
    """A Python function whose bytecode the translator inlines on call."""

    def __init__(self, fn: types.FunctionType | None, source=None, *, code=None, f_globals=None,
                 defaults: list[Value] | None = None, kwdefaults: dict[str, Value] | None = None,
                 closure: list[CellValue] | None = None, name: str | None = None):
        super().__init__(source)
        self.fn = fn
        self.code = code or fn.__code__
        self.f_globals = f_globals if f_globals is not None else fn.__globals__
        self._defaults = defaults
        self._kwdefaults = kwdefaults
        self._closure = closure
        self.name = name or (fn.__qualname__ if fn else self.code.co_name)
        self.attributes: dict[str, Value] = {}  # set in the trace (functools.wraps)

    def held_object(self) -> Any:
        return self.fn

    def fixed_object(self) -> Any:
        return self.fn

    def called_name(self) -> str:
        if {"__qualname__", "__module__"} & set(self.attributes):  # the trace wrote them
            return super().called_name()
        qualname = self.fn.__qualname__ if self.fn is not None else self.name
        module = self.fn.__module__ if self.fn is not None else self.f_globals.get("__name__")
        return f"{module}.{qualname}()" if module not in (None, "builtins") else f"{qualname}()"

    def is_fresh_object(self) -> bool:
        return True  # made in the trace when it has no fixed object (a lambda, a closure)

    def hash_key(self) -> Any:
        """An existing function is hashed and compared by identity: the same key for every
        tracker of it; one made in the trace is its tracker."""
        return identity_key(self.fn) if self.fn is not None else super().hash_key()

    def reconstruct(self, plan) -> str:
        if self.fn is None:  # made in the trace (a lambda, a comprehension's code)
            return plan.new_function(self)
        return super().reconstruct(plan)

    def as_fx_argument(self, part: str) -> Any:
        if part == "example" and self.fn is not None and not self.is_constant():
            return self.fn  # a callable argument of the fake run
        return super().as_fx_argument(part)

    def __repr__(self) -> str:
        return f"UserFunctionValue({self.name})"

    def python_type(self) -> type:
        return types.FunctionType

    def _fn_source(self, ctx):
        if self.source is not None:
            return self.source
        return ConstantSource(ctx.label_for(self.fn, "fn"), self.fn)

    def defaults(self, ctx) -> list[Value]:
        if self._defaults is None:
            real = self.fn.__defaults__ or ()
            src = self._fn_source(ctx)
            self._defaults = [registry.wrap(ctx, v, DefaultArgSource(src, i))
                              for i, v in enumerate(real)]
        return self._defaults

    def kwdefaults(self, ctx) -> dict[str, Value]:
        if self._kwdefaults is None:
            real = self.fn.__kwdefaults__ or {}
            src = self._fn_source(ctx)
            self._kwdefaults = {k: registry.wrap(ctx, v, DefaultArgSource(src, 0, k))
                                for k, v in real.items()}
        return self._kwdefaults

    def closure(self, ctx) -> list[CellValue]:
        if self._closure is None:
            self._closure = [real_cell_value(ctx, c) for c in (self.fn.__closure__ or ())]
        return self._closure

    def call(self, tx, args, kwargs) -> Value:
        if self.fn in CALL_FUNCTIONS and args and isinstance(args[0], NNModuleValue):
            return call_module(tx, args[0], args[1:], kwargs, through_call=False)
        self.guard_code(tx.ctx)
        return tx.inline_call(self, args, kwargs)

    def guard_code(self, ctx) -> None:
        """The code this trace reads or inlines, of an existing function, is guarded on
        identity: a program may assign `f.__code__` (the next call then recompiles)."""
        if self.fn is not None and self.code is self.fn.__code__:
            ctx.guard(AttrSource(self._fn_source(ctx), "__code__"), GuardKind.ID, self.code)

    def setattr(self, tx, name: str, value: Value) -> None:
        """An attribute of a function made in the trace (`wrapper.__wrapped__ = fn`): kept in
        its instance dict, and set on the function it is rebuilt as. One of an existing
        function (`wrapper.calls += 1`) is kept for the trace (every tracker of the function
        sees it) and replayed. The function type's own attributes (`__name__`,
        `__defaults__`...) are refused."""
        renames = self.fn is None and name in ("__name__", "__qualname__", "__doc__",
                                                "__module__", "__annotations__")
        if (hasattr(types.FunctionType, name) or name == "__dict__") and not renames:
            super().setattr(tx, name, value)
        if self.fn is None:
            self.attributes[name] = value
            return
        tx.ctx.side_effects.touch(self)
        tx.ctx.module_attribute_writes[(id(self.fn), name)] = value
        tx.ctx.side_effects.write_attribute(self, name, value)

    def has_attribute(self, tx, name: str) -> bool:
        """The function type's attributes are always there; the rest is the instance dict's
        (an existing function's is guarded)."""
        if name in self.attributes or hasattr(types.FunctionType, name):
            return True
        if self.fn is None:
            return False
        if (id(self.fn), name) in tx.ctx.module_attribute_writes:
            return True
        present = name in self.fn.__dict__
        tx.ctx.guard(self._fn_source(tx.ctx), GuardKind.INSTANCE_ATTR, (name, present))
        return present

    def getattr(self, tx, name: str) -> Value:
        if name in self.attributes:
            return self.attributes[name]
        if self.fn is not None and not hasattr(types.FunctionType, name):
            return self._dict_attribute(tx, name)
        if name in ("__name__", "__qualname__", "__module__", "__doc__") and self.fn is not None:
            return registry.wrap(tx.ctx, getattr(self.fn, name), AttrSource(self.source, name)
                        if self.source is not None else None)
        if name == "__name__":
            return ConstantValue(self.code.co_name)
        if name == "__qualname__":
            return ConstantValue(self.name)
        if name == "__module__":
            return ConstantValue(self.f_globals.get("__name__"))
        if name == "__doc__":  # CPython 3.11 keeps co_consts[0] for the docstring
            first = self.code.co_consts[0] if self.code.co_consts else None
            return ConstantValue(first if isinstance(first, str) else None)
        if name == "__code__":
            return self._code(tx)
        if name == "__get__":  # binds it (function_binding.py)
            from compiler.values.function_binding import FunctionGetValue
            return FunctionGetValue(self, UserMethodValue)
        if name == "__annotations__" and self.fn is not None:  # one live dict
            return registry.wrap(tx.ctx, self.fn.__annotations__,
                                 AttrSource(self._fn_source(tx.ctx), name))
        if name == "__closure__":  # the cells, as the trace holds them
            from compiler.values.containers import TupleValue
            self.guard_code(tx.ctx)  # the number of free variables is the code's
            cells = self.closure(tx.ctx)
            return TupleValue(list(cells)) if cells else ConstantValue(None)
        if name in ("__defaults__", "__kwdefaults__"):
            return self._defaults_attribute(tx, name)
        if name == "__class__":
            return registry.class_value(types.FunctionType)
        if not hasattr(types.FunctionType, name):  # a function made in the trace
            raise RaisedByProgram(AttributeError(f"'function' object has no attribute {name!r}"))
        return super().getattr(tx, name)

    def _dict_attribute(self, tx, name: str) -> Value:
        """An attribute in an existing function's instance dict: written in this trace, or
        read (guarded, its absence too)."""
        written = tx.ctx.module_attribute_writes.get((id(self.fn), name))
        if written is not None:
            return written
        source = self._fn_source(tx.ctx)
        if name in self.fn.__dict__:
            return registry.wrap(tx.ctx, self.fn.__dict__[name], AttrSource(source, name))
        tx.ctx.guard(source, GuardKind.INSTANCE_ATTR, (name, False))
        raise RaisedByProgram(AttributeError(f"'function' object has no attribute {name!r}"))

    def as_constant(self) -> Any:
        if self.fn is not None:
            return self.fn
        return super().as_constant()

    def _defaults_attribute(self, tx, name: str) -> Value:
        """An existing function's defaults are read (and guarded) where they live; one made
        in the trace has the ones MAKE_FUNCTION gave it."""
        from compiler.values.containers import TupleValue
        if self.fn is not None:
            return registry.wrap(tx.ctx, getattr(self.fn, name),
                                 AttrSource(self._fn_source(tx.ctx), name))
        if name == "__defaults__":
            return TupleValue(self._defaults) if self._defaults else ConstantValue(None)
        if not self._kwdefaults:
            return ConstantValue(None)
        raise Unsupported("__kwdefaults__ of a function made in the trace (one live dict)",
                          BreakReason.UNSUPPORTED_ATTRIBUTE)

    def _code(self, tx) -> Value:
        """`f.__code__`: the code this trace inlines (guarded: guard_code)."""
        self.guard_code(tx.ctx)
        return CodeValue(self.code)


class CodeValue(Value):
    """A code object (immutable): its data attributes that are constants (`co_varnames`,
    `co_argcount`, `co_name`, ...) are read from the real object; the rest is refused."""

    def __init__(self, code: types.CodeType):
        super().__init__(None)
        self.code = code

    def __repr__(self) -> str:
        return f"CodeValue({self.code.co_name})"

    def python_type(self) -> type:
        return types.CodeType

    def as_constant(self) -> Any:
        return self.code

    def has_attribute(self, tx, name: str) -> bool:
        return hasattr(self.code, name)

    def getattr(self, tx, name: str) -> Value:
        if not hasattr(self.code, name):
            raise RaisedByProgram(AttributeError(f"'code' object has no attribute {name!r}"))
        real = getattr(self.code, name)
        if name.startswith("co_") and not callable(real) and _is_constant_tree(real):
            return registry.wrap_constant(real)
        raise Unsupported(f"attribute {name!r} of a code object",
                          BreakReason.UNSUPPORTED_ATTRIBUTE)


def _is_constant_tree(obj: Any) -> bool:
    from compiler.values.constant import CONSTANT_TYPES
    if type(obj) is tuple:
        return all(_is_constant_tree(item) for item in obj)
    return type(obj) in CONSTANT_TYPES


WRAPPER_ATTRIBUTES = ("__module__", "__name__", "__qualname__", "__doc__")


class WrapsValue(Value):
    """`functools.wraps(wrapped)`: copies the wrapped function's names onto a function made
    in the trace (the usual decorator)."""

    def __init__(self, wrapped: Value):
        super().__init__(None)
        self.wrapped = wrapped

    def call(self, tx, args, kwargs) -> Value:
        (wrapper,) = args
        if not isinstance(wrapper, UserFunctionValue) or wrapper.fn is not None:
            raise Unsupported("functools.wraps on a function that existed before the call",
                              BreakReason.SIDE_EFFECT)
        for name in WRAPPER_ATTRIBUTES:
            try:
                wrapper.attributes[name] = self.wrapped.getattr(tx, name)
            except RaisedByProgram:
                continue
        wrapper.attributes.update(self._annotations_and_dict(tx))
        wrapper.attributes["__wrapped__"] = self.wrapped
        return wrapper

    def _annotations_and_dict(self, tx) -> dict[str, Value]:
        """What update_wrapper copies besides the names: `__annotations__` (the same dict)
        and the wrapped function's instance dict (WRAPPER_UPDATES), read and guarded."""
        wrapped = self.wrapped
        if isinstance(wrapped, UserFunctionValue) and wrapped.fn is None:
            return dict(wrapped.attributes)  # made in the trace (its annotations: not kept)
        real = wrapped.fn if isinstance(wrapped, UserFunctionValue) else wrapped.held_object()
        if real is None:
            raise Unsupported(f"functools.wraps of {wrapped}", BreakReason.UNSUPPORTED_CALL)
        source = (wrapped._fn_source(tx.ctx) if isinstance(wrapped, UserFunctionValue)
                  else ConstantSource(tx.ctx.label_for(real, "fn"), real))
        copied: dict[str, Value] = {}
        if hasattr(real, "__annotations__"):
            copied["__annotations__"] = registry.wrap(tx.ctx, real.__annotations__,
                                                      AttrSource(source, "__annotations__"))
        instance_dict = getattr(real, "__dict__", {})
        if instance_dict:
            dict_source = AttrSource(source, "__dict__")
            tx.ctx.guard(dict_source, GuardKind.DICT_KEYS, list(instance_dict))
            for key, value in instance_dict.items():
                copied[key] = registry.wrap(tx.ctx, value, ItemSource(dict_source, key))
        if isinstance(wrapped, UserFunctionValue):  # written in this trace
            copied.update({name: value for (owner, name), value in
                           tx.ctx.module_attribute_writes.items() if owner == id(real)})
        return copied


class UserMethodValue(Value):
    """A function bound to an object: calling it inlines the function with self first."""

    def __init__(self, function: Value, self_value: Value):
        super().__init__(None)
        self.function = function
        self.self_value = self_value

    def reconstruct(self, plan) -> str:
        method_type = plan.bind(types.MethodType)
        return plan.temp(f"{method_type}({plan.expr(self.function)}, "
                         f"{plan.expr(self.self_value)})")

    def python_type(self) -> type:
        return types.MethodType

    def call(self, tx, args, kwargs) -> Value:
        return self.function.call(tx, [self.self_value, *args], kwargs)

    def getattr(self, tx, name: str) -> Value:
        if name == "__self__":
            return self.self_value
        if name == "__func__":
            return self.function
        return self.function.getattr(tx, name)


class PartialValue(Value):
    """functools.partial of a traced callable."""

    def __init__(self, func: Value, args: list[Value], keywords: dict[str, Value], source=None,
                 real=None):
        super().__init__(source)
        self.func, self.args, self.keywords = func, args, keywords
        self.real = real  # the partial object it stands for, when made outside the trace
        self._keywords: Value | None = None  # the tracker of `.keywords`, once read

    @classmethod
    def from_real(cls, ctx, obj, source) -> PartialValue:
        at = (lambda name: AttrSource(source, name)) if source else (lambda name: None)
        if source is not None and ctx is not None:  # the keywords dict is mutable
            from compiler.guards.guard import GuardKind
            ctx.guard(at("keywords"), GuardKind.DICT_KEYS, list(obj.keywords))
            ctx.guard(at("args"), GuardKind.LENGTH, len(obj.args))
        args = [registry.wrap(ctx, a, ItemSource(at("args"), i) if source else None)
                for i, a in enumerate(obj.args)]
        keywords = {k: registry.wrap(ctx, v, ItemSource(at("keywords"), k) if source else None)
                    for k, v in obj.keywords.items()}
        return cls(registry.wrap(ctx, obj.func, at("func")), args, keywords, source, obj)

    def unwraps(self, tx) -> bool:
        """Whether functools.partial(self, ...) takes this partial's parts (CPython unwraps
        a partial without an instance dict); guarded for a partial made outside the trace.
        One made in the trace has no dict: setting its attributes is not traced."""
        if self.real is None:
            return True
        from compiler.guards.guard import GuardKind
        from compiler.guards.sources import PartialUnwrapsSource, partial_unwraps
        unwraps = partial_unwraps(self.real)
        if self.source is not None:
            tx.ctx.guard(PartialUnwrapsSource(self.source), GuardKind.EQUALS, unwraps)
        return unwraps

    def python_type(self) -> type:
        import functools
        return functools.partial

    def reconstruct(self, plan) -> str:
        """Read back when it has a source; one made in the trace is made again from its parts
        (its attributes are not written in a trace)."""
        if self.source is not None or self.real is not None:
            return super().reconstruct(plan)
        if self._keywords is not None:  # its dict may have left too: one object for both
            raise Unsupported("a partial made in the trace whose keywords were read, as an "
                              "output", BreakReason.UNSUPPORTED_VALUE)
        import functools
        parts = [plan.expr(self.func), *(plan.expr(a) for a in self.args)]
        keywords = ", ".join(f"{name!r}: {plan.expr(v)}"
                             for name, v in self.current_keywords().items())
        return plan.temp(f"{plan.bind(functools.partial)}({', '.join(parts)}, "
                         f"**{{{keywords}}})")

    def call(self, tx, args, kwargs) -> Value:
        return self.func.call(tx, [*self.args, *args], {**self.current_keywords(), **kwargs})

    def keywords_dict(self, tx) -> Value:
        """The one tracker of `.keywords`, which reads, writes and later calls share: the real
        dict read back through its source, or a dict made in the trace."""
        if self._keywords is None:
            if self.real is not None:
                if self.source is None:
                    raise Unsupported("the keywords of a partial reached without a source",
                                      BreakReason.UNSUPPORTED_VALUE)
                self._keywords = registry.wrap(tx.ctx, self.real.keywords,
                                               AttrSource(self.source, "keywords"))
            else:
                from compiler.values.containers import DictValue
                self._keywords = DictValue.from_pairs(
                    [(ConstantValue(k), v) for k, v in self.keywords.items()])
        return self._keywords

    def current_keywords(self) -> dict[str, Value]:
        if self._keywords is None:
            return self.keywords
        current = {}
        for key, value in self._keywords.entries.values():
            if not (isinstance(key, ConstantValue) and type(key.value) is str):
                raise Unsupported("a partial's keywords with a key not a str",
                                  BreakReason.UNSUPPORTED_VALUE)
            current[key.value] = value
        return current

    def getattr(self, tx, name: str) -> Value:
        if name == "func":
            return self.func
        if name == "keywords":
            return self.keywords_dict(tx)
        if name == "args":
            from compiler.values.containers import TupleValue
            return TupleValue(self.args)
        from compiler.values.attributes import instance_dict_attribute
        return instance_dict_attribute(tx, self, self.real, name)


def bind_arguments(code: types.CodeType, name: str, defaults: list[Value],
                   kwdefaults: dict[str, Value], args: list[Value],
                   kwargs: dict[str, Value]) -> dict[str, Value]:
    """Bind call arguments to a code object's parameters, as CPython does."""
    from compiler.values.containers import DictValue, TupleValue
    names = code.co_varnames
    n_pos, n_kwonly = code.co_argcount, code.co_kwonlyargcount
    has_varargs = bool(code.co_flags & inspect.CO_VARARGS)
    has_varkw = bool(code.co_flags & inspect.CO_VARKEYWORDS)
    bound: dict[str, Value] = {}
    positional = names[:n_pos]
    for pname, value in zip(positional, args):
        bound[pname] = value
    extra = args[n_pos:]
    kwonly = names[n_pos:n_pos + n_kwonly]
    varkw: dict[str, Value] = {}
    posonly = names[:code.co_posonlyargcount]
    for key, value in kwargs.items():
        if (key in positional and key not in posonly) or key in kwonly:
            if key in bound:
                raise RaisedByProgram(TypeError(f"{name}() got multiple values for argument "
                                                f"{key!r}"))
            bound[key] = value
        elif has_varkw:  # a positional-only name given by keyword goes there too
            varkw[key] = value
        else:
            given = [k for k in kwargs if k in posonly]
            if given:
                raise RaisedByProgram(TypeError(
                    f"{name}() got some positional-only arguments passed as keyword arguments: "
                    f"'{', '.join(given)}'"))
            raise RaisedByProgram(TypeError(f"{name}() got an unexpected keyword argument {key!r}"))
    if extra and not has_varargs:  # after the keywords' errors, as CPython checks them
        raise too_many_positional(name, n_pos, len(defaults), len(args),
                                  sum(1 for k in kwonly if k in bound))
    first_default = n_pos - len(defaults)
    missing = [p for i, p in enumerate(positional) if p not in bound and i < first_default]
    if missing:
        raise missing_arguments(name, missing, "positional")
    for i, pname in enumerate(positional):
        if pname not in bound:
            bound[pname] = defaults[i - first_default]
    missing = [p for p in kwonly if p not in bound and p not in kwdefaults]
    if missing:
        raise missing_arguments(name, missing, "keyword-only")
    for pname in kwonly:
        if pname not in bound:
            bound[pname] = kwdefaults[pname]
    index = n_pos + n_kwonly
    if has_varargs:
        bound[names[index]] = TupleValue(list(extra))
        index += 1
    if has_varkw:
        bound[names[index]] = DictValue.from_pairs([(registry.wrap_constant(k), v)
                                                    for k, v in varkw.items()])
    return bound


def without_bookkeeping(fn: types.FunctionType) -> types.FunctionType:
    """torch.compile, once imported, wraps nn.Module.__init__ to tag each new module for its
    own use (a weak dict no program reads): a module built in the trace runs the original."""
    if fn.__module__ == "torch._dynamo.mutation_guard" and fn.__name__ == "patched_init":
        cells = dict(zip(fn.__code__.co_freevars, fn.__closure__ or ()))
        original = cells.get("init")
        if original is not None and isinstance(original.cell_contents, types.FunctionType):
            return original.cell_contents
    return fn


def bind_written(written: Value, self_value: Value | None) -> Value:
    """A class attribute the trace assigned, read through an instance: a function binds,
    another descriptor is refused."""
    if self_value is None:
        return written
    kind = written.python_type()
    if kind is types.FunctionType:
        return UserMethodValue(written, self_value)
    if hasattr(kind, "__get__") and kind not in (type, types.BuiltinFunctionType):
        raise Unsupported(f"a {kind.__qualname__} assigned to a class in the trace, read "
                          f"through an instance", BreakReason.UNSUPPORTED_ATTRIBUTE)
    return written
