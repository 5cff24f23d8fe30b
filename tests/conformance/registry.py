"""Registry of conformance cases: each function paired with a factory for fresh inputs.

Inputs come from fixed-seed generators, so every call of `make_inputs` gives equal values.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import torch


@dataclasses.dataclass(frozen=True)
class Case:
    name: str
    fn: Callable
    make_inputs: Callable[[], tuple]
    breaks: bool = False  # data-dependent by design: Unsupported is the right fullgraph answer


CASES: dict[str, Case] = {}


def randn(seed: int = 0, shape=(10, 10), dtype=torch.float32) -> torch.Tensor:
    gen = torch.Generator().manual_seed(seed)
    return torch.randn(shape, generator=gen, dtype=dtype)


def randint(seed: int = 0, shape=(10, 10), low: int = -8, high: int = 8,
            dtype=torch.int64) -> torch.Tensor:
    gen = torch.Generator().manual_seed(seed)
    return torch.randint(low, high, shape, generator=gen, dtype=dtype)


def randbool(seed: int = 0, shape=(10, 10)) -> torch.Tensor:
    return randn(seed, shape) > 0


def tensors(n: int) -> Callable[[], tuple]:
    return lambda: tuple(randn(seed) for seed in range(n))


def case(inputs: Callable[[], tuple] | int = 2, *, breaks: bool = False):
    """Register the decorated function; `inputs` is a tensor count or an input factory.

    `breaks=True` marks a graph-break probe: it needs tensor data in Python, so under
    fullgraph=True it must raise Unsupported, and under fullgraph=False it must match eager.
    """
    make_inputs = tensors(inputs) if isinstance(inputs, int) else inputs

    def register(fn):
        if fn.__name__ in CASES:
            raise ValueError(f"duplicate conformance case {fn.__name__}")
        CASES[fn.__name__] = Case(fn.__name__, fn, make_inputs, breaks)
        return fn

    return register
