"""Multi-call probes for builtins answered on traced values: id() of the class or module
passed (a registry keyed by ids that changes between calls), a function's repr after its
`__qualname__` changes, torch._check passing then failing, vars(obj).update on the argument
and f-strings of an object whose state changes. Each call is compared with eager (run_calls);
a stale trace is a wrong answer."""

from __future__ import annotations

import torch

from tests.dynamo_style.calls_support import run_calls
from tests.dynamo_style.calls_support import sample as _x


class Red:
    pass


class Blue:
    pass


class Tiny(torch.nn.Module):
    def __init__(self, k):
        super().__init__()
        self.k = k

    def forward(self, x):
        return x * self.k


class _State:
    registry = {}
    modules = [Tiny(2.0), Tiny(3.0)]


def _reset():
    _State.registry = {id(Red): 1.0, id(Blue): -1.0}
    _State.modules = [Tiny(2.0), Tiny(3.0)]


def _weighted(x, cls):
    return x * _State.registry.get(id(cls), 0.0)


def test_id_keyed_registry_changes_between_calls():
    def forget_blue():
        del _State.registry[id(Blue)]

    def weigh_red():
        _State.registry[id(Red)] = 5.0

    calls = [(None, (_x(0), Red)), (None, (_x(1), Blue)), (forget_blue, (_x(2), Blue)),
             (weigh_red, (_x(3), Red)), (None, (_x(4), Red))]
    run_calls(_weighted, calls, fullgraph=True, reset_state=_reset)


def _pick_module(x, module):
    first = id(module) == id(_State.modules[0])
    return module(x), first


def test_id_of_module_argument_against_global_list():
    def swap():
        _State.modules.reverse()

    calls = [(None, (_x(0), _State.modules[0])), (None, (_x(1), _State.modules[1])),
             (swap, (_x(2), _State.modules[1])), (None, (_x(3), _State.modules[0]))]
    # the arguments are deep-copied per call: the module passed is never the global one
    run_calls(_pick_module, calls, fullgraph=True, reset_state=_reset)


def target(t):
    return t + 1


def _described(x):
    return target(x), repr(target).split(" ")[1], f"{target}".startswith("<function")


def test_function_repr_follows_qualname_changes():
    def rename():
        target.__qualname__ = "renamed_target"

    def restore():
        target.__qualname__ = "target"

    calls = [(None, (_x(0),)), (rename, (_x(1),)), (None, (_x(2),)), (restore, (_x(3),))]
    try:
        run_calls(_described, calls, fullgraph=True)
    finally:
        restore()


def _checked(x, limit):
    torch._check(x.shape[0] > limit, lambda: f"{x.shape[0]} rows, need more than {limit}")
    return x * 2


def test_check_with_message_passes_then_fails():
    calls = [(None, (_x(0), 1)), (None, (_x(1), 5)), (None, (_x(2), 2)), (None, (_x(3), 3))]
    run_calls(_checked, calls, fullgraph=False)


class Settings:
    def __init__(self):
        self.scale = 1.0

    def __format__(self, spec):
        return f"Settings(scale={self.scale:{spec or 'g'}})"


def _update_settings(x, settings, **changes):
    vars(settings).update(changes)
    return x * settings.scale, f"{settings}", f"{settings:.2f}", sorted(vars(settings))


def test_vars_update_and_fstring_of_argument():
    s = Settings()
    calls = [(None, (_x(0), s)), (None, (_x(1), s))]
    run_calls(_update_settings, calls, fullgraph=True)

    def grow(x, settings):
        return _update_settings(x, settings, scale=settings.scale * 2, extra=1)

    run_calls(grow, [(None, (_x(2), s)), (None, (_x(3), s))], fullgraph=True)


def _shape_message(x):
    torch._assert(x.dim() == 2, f"expected a matrix, got shape {x.shape}")
    return x.sum(0), f"rows={x.shape[0]} shape={x.shape}", str(x.shape[1:]), repr(tuple(x.shape))


def test_fstring_of_shape_as_sizes_turn_dynamic():
    calls = [(None, (_x(0, (3, 4)),)), (None, (_x(1, (5, 4)),)), (None, (_x(2, (6, 2)),)),
             (None, (_x(3, (6, 2)),))]
    run_calls(_shape_message, calls, fullgraph=True)
