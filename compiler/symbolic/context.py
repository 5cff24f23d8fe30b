"""State shared by every frame of one trace: graph, guards, side effects and input values.

The entry translator and each inlined one see the same context, so a value met twice (the same
tensor passed as two arguments, a module reached by two paths) is the same tracker.
"""

from __future__ import annotations

import operator
from typing import Any

import torch

from compiler.graph.builder import GraphBuilder
from compiler.guards.autocast import AutocastGuard, autocast_state
from compiler.guards.guard import Guard, GuardKind, guard_of
from compiler.guards.kinds import DefaultDtypeGuard, GradModeGuard, InferenceModeGuard
from compiler.guards.sources import Source
from compiler.symbolic.side_effects import SideEffects
from compiler.values.base import Value
from compiler.values.exception_context import ExceptionContexts


def _is_mutating(kind: str, target: Any, kwargs: dict) -> bool:
    if "out" in kwargs:
        return True
    if target is operator.setitem:
        return True
    name = target if isinstance(target, str) else getattr(target, "__name__", "")
    return name.endswith("_") and not name.endswith("__")


def _writes_first_argument(target: Any, kwargs: dict) -> bool:
    """In-place ops (`add_`, `operator.iadd`, `inplace=True`) and `out=`: conservative."""
    name = target if isinstance(target, str) else getattr(target, "__name__", "")
    inplace = kwargs.get("inplace")
    return (_is_mutating("", target, kwargs) or name.startswith("i")
            and name in ("iadd", "isub", "imul", "itruediv", "ifloordiv", "imod", "ipow",
                         "imatmul", "iand", "ior", "ixor", "ilshift", "irshift")
            or (inplace is not None and not (inplace.is_constant() and not inplace.as_constant())))


class TraceContext:
    def __init__(self, f_globals: dict):
        self.graph = GraphBuilder()
        self.guards: dict[tuple, Guard] = {}
        self.side_effects = SideEffects()
        self.f_globals = f_globals
        self.values_by_id: dict[int, tuple[Any, Value]] = {}  # id(real) -> (real, value)
        self.tensor_of_fake: dict[int, Value] = {}
        self.local_tensor_values: list[Value] = []
        # Dicts and objects with an instance dict reached from outside (wrap.py): a dict that
        # is one of those objects' `__dict__` would be two trackers of one table.
        self.wrapped_tables: list[tuple[Any, Value, bool]] = []
        self.plain_instances: dict[type, list] = {}  # class -> sources (input_aliasing.py)
        self.constant_labels: dict[int, str] = {}
        self.module_attribute_writes: dict[tuple[int, str], Value] = {}
        self.exception_contexts = ExceptionContexts()  # `__context__` of what the trace raised
        # attributes of trace-made exceptions whose trackers hold their state, not the real
        # object: id(exc) -> (exc, name -> tracker) (values/exceptions.py)
        self.exception_attributes: dict[int, tuple[BaseException, dict[str, Value]]] = {}
        self.loop_iterations = 0
        self.entangled_storages: set = set()  # tensors max()/min() picked or picked from
        self.tensors_made_to_require_grad: list = []  # fakes requires_grad_() switched on
        self.generators: list[Value] = []  # generator objects made in the trace
        # What the backend does with the graph (set by trace_frame): compiles it (all but
        # eager), and so bakes input aliasing into its code.
        self.backend_compiles = False
        self.transform_depth = 0  # torch.func transforms being traced (functorch_transforms.py)
        self.open_regions: list = []  # real managers of regions entered, not yet left
                                      # (autocast, inference mode: compiler/values/regions.py)
        # Objects made for real while tracing that eager makes anew on every call (a class of
        # a class statement or namedtuple, its methods): they may not leave the frame
        # (compiler/graph/output.py), and writes to them die with the frame.
        self.made_per_call: dict[int, Any] = {}
        # How the rebuild makes such a class anew, by id (compiler/values/class_recipes.py).
        self.class_recipes: dict[int, Any] = {}
        self.grad_mode_at_start = torch.is_grad_enabled()
        # Where graph ops were recorded: should the graph raise at run time, a handler of the
        # frame or a side effect deferred before them would tell (compiler/entry.py).
        self.ops_under_handler = False
        self.ops_after_side_effect = False
        self.add_guard(GradModeGuard(None, self.grad_mode_at_start))
        self.add_guard(InferenceModeGuard(None, torch.is_inference_mode_enabled()))
        self.add_guard(DefaultDtypeGuard(None, torch.get_default_dtype()))
        self.add_guard(AutocastGuard(None, autocast_state()))

    def note_made_class(self, cls: type, names=None, recipe=None) -> None:
        """`cls` was made by the trace: it and the objects its body made (under `names`; all
        of its namespace when None) are per call; `recipe` makes it anew, if it can be."""
        self.made_per_call[id(cls)] = cls
        if recipe is not None:
            self.class_recipes[id(cls)] = recipe
        for name, value in vars(cls).items():
            if names is not None and name not in names and name not in ("__dict__",
                                                                         "__weakref__"):
                continue
            for part in (value, getattr(value, "__func__", None), getattr(value, "fget", None),
                         getattr(value, "fset", None), getattr(value, "fdel", None)):
                if part is not None and not isinstance(part, (int, float, str, bytes, bool,
                                                              tuple, frozenset, type(None))):
                    self.made_per_call[id(part)] = part

    def note_made_object(self, obj: Any) -> None:
        """`obj` was built for real by the trace (a stateless torch module) and is built anew
        on every eager call."""
        self.made_per_call[id(obj)] = obj

    def is_made_per_call(self, obj: Any) -> bool:
        return id(obj) in self.made_per_call or id(type(obj)) in self.made_per_call

    # -- guards -------------------------------------------------------------------------------
    def add_guard(self, guard: Guard) -> None:
        self.guards.setdefault(guard.key(), guard)

    def guard(self, source: Source | None, kind: GuardKind, expected: Any) -> None:
        if source is not None:
            self.add_guard(guard_of(source, kind, expected))

    def label_for(self, obj: Any, prefix: str) -> str:
        """A stable name under which guard code refers to an object only the compiler holds."""
        label = self.constant_labels.get(id(obj))
        if label is None:
            label = f"___{prefix}{len(self.constant_labels)}"
            self.constant_labels[id(obj)] = label
        return label

    def note_ops(self, tx, offset: int) -> None:
        """The instruction at `offset` of translator `tx` added graph ops."""
        from compiler.symbolic.ops_exceptions import handled_around
        self.ops_after_side_effect = self.ops_after_side_effect or self.side_effects.recorded()
        self.ops_under_handler = self.ops_under_handler or handled_around(tx, offset)

    # -- tensors ------------------------------------------------------------------------------
    def tensor_op(self, kind: str, target: Any, args: list[Value], kwargs: dict[str, Value],
                  description: str) -> Value:
        from compiler.graph.arguments import fake_argument, node_argument
        from compiler.values.wrap import wrap_op_result
        if self.entangled_storages and args and _writes_first_argument(target, kwargs):
            from compiler.values.tensor_selection import check_write
            check_write(self, args[0])
            check_write(self, kwargs.get("out"))
        node_args = tuple(node_argument(a) for a in args)
        node_kwargs = {k: node_argument(v) for k, v in kwargs.items()}
        fake_args = [fake_argument(a) for a in args]
        fake_kwargs = {k: fake_argument(v) for k, v in kwargs.items()}

        def run():
            if kind == "call_method":
                return getattr(fake_args[0], target)(*fake_args[1:], **fake_kwargs)
            return target(*fake_args, **fake_kwargs)

        node, result = self.graph.call(kind, target, node_args, node_kwargs, run, description,
                                       (fake_args, fake_kwargs))
        mutating = _is_mutating(kind, target, kwargs)
        return wrap_op_result(self, node, result, keep_node=mutating)

    def register_tensor(self, fake: Any, value: Value) -> None:
        self.tensor_of_fake[id(fake)] = value

    def existing_tensor(self, fake: Any) -> Value | None:
        return self.tensor_of_fake.get(id(fake))
