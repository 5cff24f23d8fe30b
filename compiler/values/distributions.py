"""`torch.distributions.kl_divergence(p, q)` in a trace.

torch finds the function for the pair of classes (`_dispatch_kl`, over the registry
`register_kl` fills) and keeps it in a cache keyed by the pair. The trace finds it the same
way, now, from the classes the trackers stand for (made in the trace, or guarded on their type
when they came in), and inlines it. The cache is torch's own bookkeeping: leaving it as it is
changes nothing a program computes. The registry is guarded on its size, so that a pair
registered after the trace is found anew.
"""

from __future__ import annotations

import torch.distributions.kl as kl

from compiler.errors import BreakReason, Unsupported
from compiler.guards.guard import GuardKind
from compiler.guards.sources import CallSource, ConstantSource
from compiler.values.base import RaisedByProgram, Value


def kl_divergence(tx, fn, args: list[Value], kwargs: dict[str, Value]) -> Value:
    from compiler.values.callables import UserFunctionValue
    given = dict(zip(("p", "q"), args))
    if len(args) > 2 or set(kwargs) - {"p", "q"} or set(kwargs) & set(given):
        raise RaisedByProgram(TypeError("kl_divergence() takes 2 arguments (p, q)"))
    given.update(kwargs)
    if set(given) != {"p", "q"}:
        raise RaisedByProgram(TypeError("kl_divergence() missing an argument (p, q)"))
    p, q = given["p"], given["q"]
    classes = (p.python_type(), q.python_type())
    if not all(isinstance(c, type) for c in classes):
        raise Unsupported("kl_divergence of values of unknown class", BreakReason.UNSUPPORTED_CALL)
    ctx = tx.ctx
    registry = kl._KL_REGISTRY
    size = CallSource(ConstantSource(ctx.label_for(len, "fn"), len),
                      (ConstantSource(ctx.label_for(registry, "kl_registry"), registry),))
    ctx.guard(size, GuardKind.EQUALS, len(registry))
    found = kl._dispatch_kl(*classes)
    if found is NotImplemented:
        raise RaisedByProgram(NotImplementedError(
            f"No KL(p || q) is implemented for p type {classes[0].__name__} and q type "
            f"{classes[1].__name__}"))
    return UserFunctionValue(found).call(tx, [p, q], {})
