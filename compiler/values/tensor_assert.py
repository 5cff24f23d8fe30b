"""`assert <tensor>` (`assert x[0] == 3, "..."`): the truth of tensor data, asked only by an
assert statement's jump, whose failing branch does nothing but raise AssertionError.

The trace takes the passing branch and the graph checks the condition where the program
did (`torch._assert_async`, which asks the same question as `bool(t)`: the one element is
nonzero). Should it fail at run time, the graph raises before any side effect of the frame
is replayed, and the frame runs again eagerly from its start (compiler/cache/graph_raised.py),
so the AssertionError, its message and everything before it are eager's own. For that the
trace is marked as one whose graph's exception must lead to that eager run (the inputs the
graph writes are copied first, as for ops under an exception handler of the frame).

Only CPU tensors (a device assert elsewhere is asynchronous and poisons the device), outside
subgraphs and with a backend that runs the graph as it is (a compiling one may drop a check
whose result nothing uses); any other truth test of tensor data stays refused.
"""

from __future__ import annotations

import torch

from compiler.errors import BreakReason, Unsupported
from compiler.values.base import RaisedByProgram

_JUMPS = {f"POP_JUMP_{d}_IF_{w}": w == "TRUE" for d in ("FORWARD", "BACKWARD")
          for w in ("TRUE", "FALSE")}


def asserted_truth(tx) -> bool | None:
    """The truth an assert statement requires of the value its current jump tests (True for
    `assert t`, False for the jump of `assert not t`), or None when the jump is no assert's."""
    code = getattr(tx, "bytecode", None)
    if code is None:
        return None
    inst = code.instructions[tx.index]
    jumps_if = _JUMPS.get(inst.opname)
    if jumps_if is None or tx.index + 1 >= len(code.instructions):
        return None
    target = code.instructions[code.index(inst.argval)]
    following = code.instructions[tx.index + 1]
    # the branch taken when the value is `jumps_if`, and the other one
    taken, other = target, following
    if taken.opname == "LOAD_ASSERTION_ERROR" and other.opname != "LOAD_ASSERTION_ERROR":
        return not jumps_if
    if other.opname == "LOAD_ASSERTION_ERROR" and taken.opname != "LOAD_ASSERTION_ERROR":
        return jumps_if
    return None


def assert_truth(tx, tensor) -> bool | None:
    """Check `tensor`'s truth in the graph as the assert requires; the truth the trace goes
    on with, or None when this is not an assert's test."""
    required = asserted_truth(tx)
    if required is None:
        return None
    fake = tensor.example
    numel = fake.numel()
    if not isinstance(numel, int):
        raise Unsupported("assert on a tensor of symbolic size", BreakReason.DATA_DEPENDENT)
    if numel != 1:
        which = "no values" if numel == 0 else "more than one value"
        raise RaisedByProgram(RuntimeError(f"Boolean value of Tensor with {which} is "
                                           f"ambiguous"))
    if fake.device.type != "cpu" or getattr(tx.ctx.graph, "outer", None) is not None or (
            tx.ctx.transform_depth or tx.ctx.backend_compiles):
        raise Unsupported("assert on tensor data off the CPU, inside a subgraph or with a "
                          "compiling backend", BreakReason.DATA_DEPENDENT)
    checked = tensor
    if not required:
        checked = tx.ctx.tensor_op("call_function", torch.logical_not, [tensor], {},
                                   "assert not <tensor>")
    fake_checked = checked.example
    tx.ctx.graph.call("call_function", torch._assert_async, (checked.node,), {},
                      lambda: torch._assert_async(fake_checked), "assert <tensor>",
                      ([fake_checked], {}))  # (kept: a node of no result, run for its check)
    tx.ctx.ops_under_handler = True  # its failure must run the frame again eagerly
    return required
