"""Rule R4's reference for a size's guarded range: does a symbolic trace of the program, made
on one call of a sweep, accept the sizes of a later call?

torch.fx's make_fx traces a fresh copy of the program file with every tensor size symbolic
(sizes 0 and 1 specialised, equal sizes sharing a symbol, as a dynamic-shape compiler does) and
its ShapeEnv records what the program forced: a branch on a size (`x.shape[0] > 3`), a size
that became a constant (`torch.split(t, 2)` returns as many tensors as the size says). If the
guards of that trace reject the later call, any sound compiler must compile again for it; if
they accept it, a recompile there is the subject's own choice.
"""

from __future__ import annotations

import warnings

import torch
from torch.utils._pytree import tree_flatten, tree_unflatten

from oracle.judge import program as programs
from oracle.judge.eager import DRAW_SEED, seed


def accepts(path: str, traced: int, later: int) -> bool | None:
    """True when the guards of a symbolic trace on call `traced` accept call `later`'s inputs,
    False when they reject them, None when the program cannot be traced so (data-dependent
    code, calls that raise): R4 then gives the subject the benefit of the doubt."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return _accepts(path, traced, later)
    except Exception:
        return None


def _accepts(path: str, traced: int, later: int) -> bool | None:
    from torch.fx.experimental.proxy_tensor import make_fx

    loaded = programs.load(path)
    try:
        calls = loaded.calls()
        drawn = []
        for index in range(later + 1):
            seed(DRAW_SEED + index)  # as the oracle's sides draw them
            drawn.append(next(calls))
        (args, kwargs), (args_later, kwargs_later) = drawn[traced], drawn[later]
        leaves, spec = tree_flatten((args, kwargs))
        where = [i for i, leaf in enumerate(leaves) if isinstance(leaf, torch.Tensor)]

        def flat(*tensors):
            full = list(leaves)
            for i, t in zip(where, tensors, strict=True):
                full[i] = t
            a, k = tree_unflatten(full, spec)
            return loaded.program(*a, **k)

        graph = make_fx(flat, tracing_mode="symbolic")(*[leaves[i] for i in where])
        later_leaves, _ = tree_flatten((args_later, kwargs_later))
        later_tensors = [leaf for leaf in later_leaves if isinstance(leaf, torch.Tensor)]
        if len(later_tensors) != len(where):
            return None
        placeholders = [n.meta["val"] for n in graph.graph.nodes if n.op == "placeholder"]
        shape_env = next((p.fake_mode.shape_env for p in placeholders
                          if getattr(p, "fake_mode", None) is not None), None)
        if shape_env is None:
            return None
        return bool(shape_env.evaluate_guards_for_args(placeholders, later_tensors,
                                                       ignore_static=False))
    finally:
        programs.unload(loaded)
