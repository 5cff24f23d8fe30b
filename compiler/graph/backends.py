"""Backends: what turns a traced GraphModule into the callable that runs it.

Same contract as a torch.compile backend: `(GraphModule, example_inputs) -> callable`.
"""

from __future__ import annotations

from collections.abc import Callable

import torch.fx as fx

Backend = Callable[[fx.GraphModule, list], Callable]


def eager(gm: fx.GraphModule, example_inputs: list) -> Callable:
    return gm.forward


def aot_eager(gm: fx.GraphModule, example_inputs: list) -> Callable:
    from functorch.compile import make_boxed_func
    from torch._functorch.aot_autograd import aot_module_simplified

    def identity_compiler(graph: fx.GraphModule, inputs):
        return make_boxed_func(graph.forward)

    return aot_module_simplified(gm, example_inputs, fw_compiler=identity_compiler,
                                 bw_compiler=identity_compiler)


def inductor(gm: fx.GraphModule, example_inputs: list) -> Callable:
    from torch._inductor.compile_fx import compile_fx
    return compile_fx(gm, example_inputs)


BACKENDS: dict[str, Backend] = {"eager": eager, "aot_eager": aot_eager, "inductor": inductor}


def resolve(backend: str | Backend) -> Backend:
    if callable(backend):
        return backend
    if backend in BACKENDS:
        return BACKENDS[backend]
    raise ValueError(f"unknown backend {backend!r}: use one of {', '.join(BACKENDS)} or a "
                     f"callable (GraphModule, example_inputs) -> callable")


def backend_name(backend: str | Backend) -> str:
    return backend if isinstance(backend, str) else getattr(backend, "__name__", repr(backend))
