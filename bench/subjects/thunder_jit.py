"""Lightning Thunder (`thunder.jit`) as a subject.

Spec: `--subject bench.subjects.thunder_jit:ThunderSubject`.
Needs the extra: `pip install .[thunder]` (lightning-thunder 0.2.6). Deliberately a plain adapter,
with no `classify` and no `internal_modules`: the oracle tells thunder's errors apart on its own.
"""

from __future__ import annotations

import warnings

import torch

# Thunder 0.2.6 lists Tensor.align_as, align_to, has_names, refine_names and rename in its op
# tables at import time; torch 2.13 removed these named-tensor methods. Placeholders that raise
# let it import; a program that calls one gets the same kind of error as under eager.
for _name in ("align_as", "align_to", "has_names", "refine_names", "rename"):
    if not hasattr(torch.Tensor, _name):
        def _removed(self, *args, _name=_name, **kwargs):
            raise AttributeError(f"'Tensor' object has no attribute '{_name}'")

        _removed.__name__ = _removed.__qualname__ = _name
        setattr(torch.Tensor, _name, _removed)

try:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="transformer_engine module not found")
        import thunder
except ModuleNotFoundError as exc:
    if exc.name != "thunder":
        raise
    raise ImportError(
        "the thunder subject needs lightning-thunder: pip install .[thunder]") from None


class ThunderSubject:
    """thunder.jit with its defaults; compiles are thunder's own cache misses."""

    name = "thunder"

    def compile(self, fn):
        return thunder.jit(fn)

    def stats(self, compiled) -> dict | None:
        cs = thunder.compile_stats(compiled)
        if cs is None:
            return None
        return {"compiles": cs.cache_misses, "cache_hits": cs.cache_hits, "calls": cs.calls}

    def reset(self) -> None:
        pass  # thunder keeps its caches on each jitted function, not globally
