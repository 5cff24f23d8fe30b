"""`torch.func.functional_call(module, tensors, args, kwargs, tie_weights=, strict=)` in a
trace: the module called with some of its parameters and buffers replaced for the call.

Eager swaps the entries of the owning modules' `_parameters` and `_buffers` tables, calls the
module, and swaps them back. The trace does the same on its overlay of module attributes
(`ctx.module_attribute_writes`): each replaced name reads the given tensor for the call, then
what it read before. What eager decides from the module's layout (which names exist, which
are parameters or buffers, which name one tensor: tied weights) is computed from the real
module, as `_untie_named_tensors_map` and `strict` compute it, and guarded by one query of
that layout. The given dicts' keys are those of their trackers (guarded where they came
from).

Refused: a name that is not an entry of an owner's `_parameters` or `_buffers` (a plain
attribute, a parametrized one, a missing one), a value that is not a tensor, a forward that
assigns a replaced name (eager would write the new tensor back into the dict), and, while a
replacement is active, reading a module's tables directly (`_parameters`, `_buffers`,
`__dict__`: they still hold the old tensors) or listing members whose sharing the
replacement changed (values/modules.py, module_members.py). A module whose class keeps its
own copy of its weights (an RNN's `_flat_weights`, refreshed through its `__setattr__`) is
refused by that `__setattr__`.
"""

from __future__ import annotations

import inspect

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import CallSource, ConstantSource
from compiler.values.base import RaisedByProgram, Value


def tensor_layout(module: torch.nn.Module) -> tuple:
    """Every parameter then buffer name (duplicates kept), whether it is a buffer, and the
    first name of the tensor it holds (tied names share it): what the guard compares."""
    first: dict[int, str] = {}
    layout = []
    for kind, named in (("p", module.named_parameters(remove_duplicate=False)),
                        ("b", module.named_buffers(remove_duplicate=False))):
        for name, tensor in named:
            layout.append((name, kind, first.setdefault(id(tensor), name)))
    return tuple(layout)


def _signature():
    def functional_call(module, parameter_and_buffer_dicts, args=None, kwargs=None, *,
                        tie_weights=True, strict=False):
        pass
    return inspect.signature(functional_call)


_SIGNATURE = _signature()


def functional_call(tx, fn, args: list[Value], kwargs: dict[str, Value]) -> Value:
    from compiler.values.modules import NNModuleValue
    try:
        bound = _SIGNATURE.bind(*args, **kwargs)
    except TypeError as error:
        raise RaisedByProgram(TypeError(str(error))) from None
    from compiler.values.constant import ConstantValue
    given = {name: bound.arguments.get(name, ConstantValue(parameter.default))
             for name, parameter in _SIGNATURE.parameters.items()}
    module = given["module"]
    if not isinstance(module, NNModuleValue):
        raise Unsupported(f"functional_call of {module}", BreakReason.UNSUPPORTED_CALL)
    flags = {name: _flag(given[name]) for name in ("tie_weights", "strict")}
    dicts = given["parameter_and_buffer_dicts"]
    if fn is not torch.func.functional_call and type(dicts) is not _dict_type():
        raise Unsupported("stateless.functional_call given other than a dict",
                          BreakReason.UNSUPPORTED_CALL)
    tensors = _merged(tx, dicts)
    call_args, call_kwargs = _call_arguments(tx, given["args"], given["kwargs"])
    layout = tensor_layout(module.module)
    if module.source is not None:
        label = tx.ctx.label_for(tensor_layout, "fn")
        tx.ctx.guard(CallSource(ConstantSource(label, tensor_layout),
                                (module.source,)), GuardKind.EQUALS, layout)
    if flags["tie_weights"]:
        tensors = _untied(layout, tensors)
    if flags["strict"]:
        _check_keys(module.module, layout, tensors)
    with replaced(tx, module.module, tensors):
        return module.call(tx, call_args, call_kwargs)


def _dict_type() -> type:
    from compiler.values.containers import DictValue
    return DictValue


def _flag(value: Value) -> bool:
    if not value.is_constant():
        raise Unsupported("functional_call with a flag that is not a constant",
                          BreakReason.UNSUPPORTED_CALL)
    return bool(value.as_constant())


def _entries(tx, mapping: Value) -> list[tuple[str, Value]]:
    from compiler.values.containers import DictValue
    if type(mapping) is not DictValue:
        raise Unsupported(f"functional_call given {mapping} for its tensors",
                          BreakReason.UNSUPPORTED_CALL)
    pairs = []
    for key, value in mapping.entries.values():
        if not key.is_constant() or type(key.as_constant()) is not str:
            raise Unsupported("functional_call with a key that is not a string",
                              BreakReason.UNSUPPORTED_CALL)
        pairs.append((key.as_constant(), value))
    return pairs


def _merged(tx, dicts: Value) -> dict[str, Value]:
    """The one dict eager makes of a dict or a tuple/list of dicts (a key in two raises)."""
    from compiler.values.containers import DictValue, ListValue, TupleValue
    if type(dicts) is DictValue:
        return dict(_entries(tx, dicts))
    if type(dicts) not in (TupleValue, ListValue) or dicts.python_type() not in (tuple, list):
        raise Unsupported(f"functional_call given {dicts} for its tensors",
                          BreakReason.UNSUPPORTED_CALL)
    pairs = [pair for d in dicts.items for pair in _entries(tx, d)]
    names = [name for name, _ in pairs]
    repeated = [name for name in dict.fromkeys(names) if names.count(name) > 1]
    if repeated:
        raise RaisedByProgram(ValueError(
            f"{repeated} appeared in multiple dictionaries; behavior of functional call is "
            f"ambiguous"))
    return dict(pairs)


def _call_arguments(tx, args: Value, kwargs: Value) -> tuple[list[Value], dict[str, Value]]:
    from compiler.values.constant import ConstantValue
    from compiler.values.containers import DictValue, TupleValue
    if isinstance(args, ConstantValue) and args.value is None:
        positional = []
    elif type(args) is TupleValue and args.python_type() is tuple:
        positional = list(args.items)
    elif issubclass(args.python_type(), tuple):
        raise Unsupported("functional_call with args of a tuple subclass",
                          BreakReason.UNSUPPORTED_CALL)
    else:
        positional = [args]
    if isinstance(kwargs, ConstantValue) and kwargs.value is None:
        return positional, {}
    if type(kwargs) is not DictValue:
        raise Unsupported(f"functional_call with kwargs {kwargs}", BreakReason.UNSUPPORTED_CALL)
    return positional, dict(_entries(tx, kwargs))


def _untied(layout: tuple, tensors: dict[str, Value]) -> dict[str, Value]:
    """`_untie_named_tensors_map`: a name given for a tied tensor is given for all its names;
    several given for one tensor must be one tensor (trackers are one per tensor)."""
    groups: dict[str, list[str]] = {}
    for name, _, first in layout:
        groups.setdefault(first, []).append(name)
    tied = {name: names for names in groups.values() if len(names) > 1 for name in names}
    given_tied = [name for name in tensors if name in tied]
    for name in given_tied:
        names = tied[name]
        if len([n for n in names if n in given_tied]) > 1:
            missing = sorted(n for n in names if n not in tensors)
            if missing:  # eager reads every tied name from the dict
                raise RaisedByProgram(KeyError(missing[0]))
            if len({id(tensors[n]) for n in names}) != 1:
                raise RaisedByProgram(ValueError(
                    f"functional_call got multiple values for keys {sorted(names)}, which "
                    f"are tied. Consider using tie_weights=False"))
    untied = dict(tensors)
    for name in given_tied:
        for other in tied[name]:
            untied[other] = tensors[name]
    return untied


def _check_keys(module: torch.nn.Module, layout: tuple, tensors: dict[str, Value]) -> None:
    valid = {name for name, _, _ in layout}
    missing, unexpected = sorted(valid - set(tensors)), sorted(set(tensors) - valid)
    messages = []
    if unexpected:
        messages.append(f"Unexpected key(s): {', '.join(map(repr, unexpected))}.")
    if missing:
        messages.append(f"Missing key(s): {', '.join(map(repr, missing))}.")
    if messages:
        raise RaisedByProgram(RuntimeError(
            "Error(s) in reparametrizing for {}:\n\t{}".format(module._get_name(),
                                                               "\n\t".join(messages))))


class replaced:  # noqa: N801 - used as a context manager, like eager's
    """The overlay entries of `tensors` (dotted names under `module`) for the call."""

    def __init__(self, tx, module: torch.nn.Module, tensors: dict[str, Value]):
        self.writes = tx.ctx.module_attribute_writes
        self.slots = [_slot(module, name, value) for name, value in tensors.items()]
        if len({key for key, _ in self.slots}) != len(self.slots):
            # one module reached by two paths: eager's swap back leaves it changed
            raise Unsupported("functional_call replacing one module's tensor by two names",
                              BreakReason.UNSUPPORTED_CALL)
        self.before: list = []

    def __enter__(self):
        for key, value in self.slots:
            self.before.append((key, self.writes.get(key)))
            self.writes[key] = value
        return self

    def __exit__(self, kind, exc, traceback):
        changed = [key for key, value in self.slots if self.writes.get(key) is not value]
        for key, old in reversed(self.before):
            if old is None:
                self.writes.pop(key, None)
            else:
                self.writes[key] = old
        if changed:  # also past an exception: eager puts the old tensor back even then
            raise Unsupported(f"a module called by functional_call assigning {changed[0][1]!r}"
                              f", a tensor it replaced", BreakReason.SIDE_EFFECT)
        return False


def _slot(module: torch.nn.Module, name: str, value: Value) -> tuple[tuple[int, str], Value]:
    from compiler.values.tensor import TensorValue
    *path, leaf = name.split(".")
    owner = module
    for part in path:
        owner = owner.__dict__.get("_modules", {}).get(part)
        if owner is None:
            raise Unsupported(f"functional_call with {name!r}, not a path of submodules",
                              BreakReason.UNSUPPORTED_CALL)
    if leaf not in owner.__dict__.get("_parameters", {}) and (
            leaf not in owner.__dict__.get("_buffers", {})):
        raise Unsupported(f"functional_call replacing {name!r}, not a parameter or buffer",
                          BreakReason.UNSUPPORTED_CALL)
    if not isinstance(value, TensorValue):
        raise Unsupported(f"functional_call replacing {name!r} by {value}",
                          BreakReason.UNSUPPORTED_CALL)
    return (id(owner), leaf), value
