"""Run one conformance case eagerly and compiled, and classify the compiled outcome.

pass: equal result (or the same exception type as eager), equal input mutations.
unsupported: compiler.Unsupported raised (only possible under fullgraph=True).
wrong: a different result, different input mutations, or any other exception.
"""

from __future__ import annotations

import copy
import dataclasses
import traceback

import torch

import compiler
from tests.conformance.registry import Case
from tests.differential import assert_same

PASS, UNSUPPORTED, WRONG = "pass", "unsupported", "wrong"


@dataclasses.dataclass(frozen=True)
class Outcome:
    kind: str
    detail: str = ""


def _run(fn, inputs):
    try:
        return fn(*inputs), None
    except Exception as error:  # noqa: BLE001 - the exception is the result compared
        return None, error


def classify(case: Case, fullgraph: bool) -> Outcome:
    eager_inputs = copy.deepcopy(case.make_inputs())
    compiled_inputs = copy.deepcopy(case.make_inputs())
    expected, eager_error = _run(case.fn, eager_inputs)
    compiler.reset()
    with compiler.config.patch(raise_internal_errors=True):
        compiled = compiler.compile(case.fn, backend="eager", fullgraph=fullgraph)
        actual, error = _run(compiled, compiled_inputs)
    compiler.reset()
    if isinstance(error, compiler.Unsupported) and not isinstance(eager_error, type(error)):
        kind = UNSUPPORTED if fullgraph else WRONG
        return Outcome(kind, f"{type(error).__name__}: {error}")
    if eager_error is not None or error is not None:
        if eager_error is not None and error is not None and type(error) is type(eager_error):
            return Outcome(PASS)
        return Outcome(WRONG, f"eager raised {eager_error!r}, compiled raised {error!r}\n"
                       + "".join(traceback.format_exception(error) if error else ()))
    try:
        assert_same(actual, expected)
        assert_same(_by_attributes(compiled_inputs), _by_attributes(eager_inputs), "inputs")
    except AssertionError as mismatch:
        return Outcome(WRONG, f"result differs: {mismatch}")
    expected_aliases = aliasing(expected, eager_inputs)
    actual_aliases = aliasing(actual, compiled_inputs)
    if actual_aliases != expected_aliases:
        return Outcome(WRONG, f"output aliasing differs: compiled {actual_aliases}, "
                       f"eager {expected_aliases} (is-input, is-earlier-output, shares-storage)")
    return Outcome(PASS)


def _by_attributes(inputs: tuple) -> tuple:
    """User objects among the inputs compared by their attributes (even callable ones)."""
    return tuple(
        (type(x).__name__, vars(x)) if hasattr(x, "__dict__")
        and not isinstance(x, (torch.Tensor, torch.nn.Module, type)) else x
        for x in inputs)


def _tensors(value) -> list[torch.Tensor]:
    if isinstance(value, torch.Tensor):
        return [value]
    if isinstance(value, (tuple, list)):
        return [t for item in value for t in _tensors(item)]
    if isinstance(value, dict):
        return [t for item in value.values() for t in _tensors(item)]
    return []


def aliasing(outputs, inputs) -> list[tuple]:
    """Per output tensor: which input it is, which earlier output it is, which input's
    storage it shares (indices into the flattened inputs/outputs, None for none)."""
    ins = _tensors(inputs)
    outs = _tensors(outputs)

    def first(pred, items):
        return next((i for i, item in enumerate(items) if pred(item)), None)

    return [
        (first(lambda t, o=out: t is o, ins),
         first(lambda t, o=out: t is o, outs[:k]),
         first(lambda t, o=out: t.untyped_storage().data_ptr()
               == o.untyped_storage().data_ptr(), ins))
        for k, out in enumerate(outs)
    ]
