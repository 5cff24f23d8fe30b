"""Third-party-style subjects with no `classify` hook and no `internal_modules`, one fault each:
the oracle must tell their own errors from the program's by where each exception was raised.
"""

from __future__ import annotations

import torch


class _Plain:
    """Calls the program as it is; one compile per subject, no classify hook."""

    name = "unclassified:plain"

    def __init__(self):
        self.compiles = 0

    def compile(self, fn):
        self.compiles += 1

        def compiled(*args, **kwargs):
            return self.call(fn, args, kwargs)

        return compiled

    def call(self, fn, args, kwargs):
        return fn(*args, **kwargs)

    def stats(self, compiled) -> dict:
        return {"compiles": self.compiles, "graphs": self.compiles, "recompile_reasons": []}

    def reset(self) -> None:
        self.compiles = 0


class Plain(_Plain):
    """The honest one: every exception it lets through is the program's."""


class InternalCrash(_Plain):
    """Its lowering table misses an entry: a builtin KeyError raised from its own code."""

    name = "unclassified:internal-crash"

    def call(self, fn, args, kwargs):
        table: dict[str, str] = {}
        return table["aten::mul"]


class Declines(_Plain):
    """Declines the program with a documented NotImplementedError from its own code."""

    name = "unclassified:declines"

    def call(self, fn, args, kwargs):
        raise NotImplementedError("data-dependent control flow is not supported yet")


class DeclinesAtCompile(_Plain):
    name = "unclassified:declines-at-compile"

    def compile(self, fn):
        raise NotImplementedError("generators are not yet supported")


class TransposesInputs(_Plain):
    """Hands the program transposed tensors: the program's own `.view` then raises, in the
    program's frame. A wrong answer (mismatch), not a crash of the subject's own code."""

    name = "unclassified:transposes"

    def call(self, fn, args, kwargs):
        args = tuple(a.t().contiguous().t() if isinstance(a, torch.Tensor) and a.dim() == 2
                     else a for a in args)
        return fn(*args, **kwargs)


def broken_backend(gm, example_inputs):
    """A backend whose code generator fails: torch.compile wraps this in BackendCompilerFailed."""
    raise AssertionError("codegen: register allocation failed")


def declining_backend(gm, example_inputs):
    raise NotImplementedError("aten.sin is not supported by this backend")


class TorchWithBackend(_Plain):
    """A user adapter around torch.compile with its own backend, and no classify hook."""

    name = "unclassified:torch-backend"

    def __init__(self, backend=broken_backend):
        super().__init__()
        self.backend = backend

    def compile(self, fn):
        self.compiles += 1
        return torch.compile(fn, backend=self.backend)

    def reset(self) -> None:
        import torch._dynamo

        torch._dynamo.reset()
        self.compiles = 0
