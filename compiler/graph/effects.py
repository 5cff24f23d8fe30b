"""What the graph's ops do besides computing: the tensors they write in place and whether they
draw from the random number generator, seen on the aten ops while the trace runs them on fake
tensors.

A graph that raises at run time (an index out of bounds that fake tensors could not see) can
be run again eagerly only when it changed nothing observable before raising (compiler/entry.py).
"""

from __future__ import annotations

import torch
from torch.multiprocessing.reductions import StorageWeakRef
from torch.utils._python_dispatch import TorchDispatchMode

# Ops whose schema does not mark the buffers they write: (op, index of the flag that makes
# them write, indices of the written arguments).
_UNMARKED_WRITES = {
    torch.ops.aten.native_batch_norm.default: (5, (3, 4)),
}


class EffectWatch(TorchDispatchMode):
    """Entered inside the fake mode around each traced op: it sees the aten ops the op runs."""

    def __init__(self):
        super().__init__()
        self.draws_random = False
        self.written: set[StorageWeakRef] = set()
        self.seen = 0  # the writes and random draws seen so far: an op adding none has no effect

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        if torch.Tag.nondeterministic_seeded in func.tags:
            self.draws_random = True
            self.seen += 1
        for index, argument in enumerate(func._schema.arguments):
            if argument.alias_info is not None and argument.alias_info.is_write:
                self._note(args[index] if index < len(args) else kwargs.get(argument.name))
        unmarked = _UNMARKED_WRITES.get(func)
        if unmarked is not None and len(args) > unmarked[0] and args[unmarked[0]]:
            for index in unmarked[1]:
                self._note(args[index])
        return func(*args, **kwargs)

    def _note(self, written) -> None:
        for tensor in written if isinstance(written, (list, tuple)) else (written,):
            if isinstance(tensor, torch.Tensor):
                self.written.add(StorageWeakRef(tensor.untyped_storage()))
                self.seen += 1

    def writes(self, fake: torch.Tensor) -> bool:
        """Whether an op wrote `fake` (an input's fake tensor) or a tensor sharing its storage."""
        return StorageWeakRef(fake.untyped_storage()) in self.written
