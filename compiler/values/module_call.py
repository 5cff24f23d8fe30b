"""A call of an nn.Module as `nn.Module._call_impl` makes it: global then module forward
pre-hooks (with_kwargs), `self.forward`, global then module forward hooks (with_kwargs).

Each hook table read is guarded on its keys. Hook ids are never reused, so the keys fix which
hooks run, in which order and with which flags: registering or removing one recompiles.
Refused (Unsupported, so the call runs in Python): backward hooks, an exception raised past an
`always_call` hook, the first call of a lazy module (it initialises its parameters).
"""

from __future__ import annotations

import torch
from torch.nn.modules import module as module_impl
from torch.nn.parameter import is_lazy

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import AttrSource, ConstantSource, ItemSource
from compiler.values import registry
from compiler.values.attributes import guarded_find_in_mro
from compiler.values.base import RaisedByProgram, Value
from compiler.values.constant import ConstantValue

# What `type(m).__call__` is when a class keeps nn.Module's call path.
CALL_FUNCTIONS = frozenset({torch.nn.Module.__call__, torch.nn.Module._call_impl})


def has_uninitialized_state(module: torch.nn.Module) -> bool:
    """Parameters or buffers of this module (not its children) that a lazy module has yet to
    materialise on its first call."""
    tables = (module.__dict__.get("_parameters", {}), module.__dict__.get("_buffers", {}))
    return any(t is not None and is_lazy(t) for table in tables for t in table.values())


def has_hooks(module: torch.nn.Module) -> bool:
    """Whether `_call_impl` would take its slow path (a quick check, no guards)."""
    return bool(module._forward_hooks or module._forward_pre_hooks or module._backward_hooks
                or module._backward_pre_hooks or module_impl._global_forward_hooks
                or module_impl._global_forward_pre_hooks
                or module_impl._global_backward_hooks
                or module_impl._global_backward_pre_hooks)


class HookTables:
    """The hook tables of one module call, each read (and guarded) once."""

    def __init__(self, tx, value):
        self.tx, self.value, self.module = tx, value, value.module

    def _read(self, table: dict, source) -> tuple[dict, object]:
        self.tx.ctx.guard(source, GuardKind.DICT_KEYS, list(table))
        return table, source

    def module_table(self, name: str) -> tuple[dict, object]:
        source = AttrSource(self.value.source, name) if self.value.source is not None else None
        return self._read(getattr(self.module, name), source)

    def global_table(self, name: str) -> tuple[dict, object]:
        table = getattr(module_impl, f"_global{name}")
        return self._read(table, ConstantSource(self.tx.ctx.label_for(table, "hooks"), table))

    def hooks(self, name: str) -> list[tuple[int, Value]]:
        """Global then module hooks of one kind, as (hook id, traced hook)."""
        found = []
        for table, source in (self.global_table(name), self.module_table(name)):
            found += [(key, registry.wrap(self.tx.ctx, hook, ItemSource(source, key)
                                          if source else None))
                      for key, hook in table.items()]
        return found

    def flags(self, name: str, with_global: bool) -> set:
        keys = set(self.module_table(name)[0])
        if with_global:
            keys |= set(self.global_table(name)[0])
        return keys

    def any_backward(self) -> bool:
        return any(self.module_table(name)[0] or self.global_table(name)[0]
                   for name in ("_backward_hooks", "_backward_pre_hooks"))


def call_module(tx, value, args: list[Value], kwargs: dict[str, Value],
                through_call: bool = True) -> Value:
    """`m(*args)`; `through_call=False` for `nn.Module.__call__(m, *args)` (as an overriding
    `__call__` reaches it through super()), which skips `type(m).__call__`."""
    module = value.module
    if has_uninitialized_state(module):
        raise Unsupported(f"the first call of lazy module {type(module).__name__} (it "
                          f"initialises its parameters)", BreakReason.UNSUPPORTED_CALL)
    if through_call and type(module).__call__ not in CALL_FUNCTIONS:
        overriding = registry.class_attribute(tx, type(module), "__call__", value)
        return overriding.call(tx, args, kwargs)
    if through_call:  # nn.Module's own, still: a program may give the class its own later
        guarded_find_in_mro(tx, type(module), "__call__")
    forward = value.getattr(tx, "forward")
    tables = HookTables(tx, value)
    if tables.any_backward():
        raise Unsupported(f"backward hooks of {type(module).__name__}",
                          BreakReason.UNSUPPORTED_CALL)
    pre_hooks, hooks = tables.hooks("_forward_pre_hooks"), tables.hooks("_forward_hooks")
    if not pre_hooks and not hooks:
        return forward.call(tx, args, kwargs)
    always = tables.flags("_forward_hooks_always_called", with_global=True) if hooks else set()
    try:
        return _hooked_call(tx, value, tables, forward, (pre_hooks, hooks), args, kwargs)
    except RaisedByProgram:
        if always:
            raise Unsupported(f"an exception raised past an always_call forward hook of "
                              f"{type(module).__name__}", BreakReason.EXCEPTION) from None
        raise


def _hooked_call(tx, value, tables, forward, hook_lists, args, kwargs) -> Value:
    from compiler.values.containers import TupleValue
    pre_hooks, hooks = hook_lists
    args_value: Value = TupleValue(list(args))
    kwargs_value = _dict_of(kwargs)
    if pre_hooks:
        with_kwargs = tables.flags("_forward_pre_hooks_with_kwargs", with_global=False)
        for key, hook in pre_hooks:
            if key in with_kwargs:
                returned = hook.call(tx, [value, args_value, kwargs_value], {})
                if not _is_none(returned):
                    args_value, kwargs_value = _new_args_and_kwargs(tx, returned)
            else:
                returned = hook.call(tx, [value, args_value], {})
                if not _is_none(returned):
                    args_value = returned if issubclass(returned.python_type(), tuple) \
                        else TupleValue([returned])
    result = forward.call(tx, args_value.unpack(tx), _kwargs_of(tx, kwargs_value))
    if hooks:
        with_kwargs = tables.flags("_forward_hooks_with_kwargs", with_global=True)
        for key, hook in hooks:
            extra = [kwargs_value] if key in with_kwargs else []
            returned = hook.call(tx, [value, args_value, *extra, result], {})
            if not _is_none(returned):
                result = returned
    return result


def _is_none(value: Value) -> bool:
    return isinstance(value, ConstantValue) and value.value is None


def _dict_of(kwargs: dict[str, Value]) -> Value:
    from compiler.values.containers import DictValue
    return DictValue.from_pairs([(ConstantValue(k), v) for k, v in kwargs.items()])


def _kwargs_of(tx, mapping: Value) -> dict[str, Value]:
    from compiler.values.containers import DictValue
    if not isinstance(mapping, DictValue) or mapping.python_type() is not dict:
        raise Unsupported("forward pre-hook kwargs that are not a dict",
                          BreakReason.UNSUPPORTED_VALUE)
    return {k.as_constant(): v for k, v in mapping.entries.values()}


def _new_args_and_kwargs(tx, returned: Value) -> tuple[Value, Value]:
    """What a with_kwargs pre-hook returned; anything but a pair raises in eager, with a
    message that shows the value: run it there."""
    if not issubclass(returned.python_type(), tuple) or returned.len(tx) != 2:
        raise Unsupported("a forward pre-hook returning neither None nor (args, kwargs)",
                          BreakReason.UNSUPPORTED_VALUE)
    new_args, new_kwargs = returned.unpack(tx)
    return new_args, new_kwargs
