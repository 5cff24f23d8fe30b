"""The call-by-call comparisons with eager the multi-call probes share: `run_calls` (result,
raised exception and printed text of each call, then the compile stats; test_heldout_f_calls*)
and `agree` (results after each change of state; test_heldout_d_calls*)."""

from __future__ import annotations

import contextlib
import copy
import io

import torch

import compiler
from tests.differential import assert_same


def sample(seed=0, shape=(3, 4)):
    return torch.randn(shape, generator=torch.Generator().manual_seed(seed))


def _call(fn, args):
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            result = fn(*args)
        return "ok", result, out.getvalue()
    except Exception as error:  # noqa: BLE001 - the exception is the answer compared
        return "raised", f"{type(error).__name__}: {error}", out.getvalue()


def run_calls(fn, calls, *, fullgraph=False, reset_state=None):
    """`calls`: (prepare, args) pairs; `prepare()` (or None) sets the state the call reads.
    Runs them all eagerly, then all compiled, comparing call by call; returns the stats."""
    def run(f):
        answers = []
        for prepare, args in calls:
            if prepare is not None:
                prepare()
            answers.append(_call(f, copy.deepcopy(args)))
        return answers

    if reset_state:
        reset_state()
    expected = run(fn)
    if reset_state:
        reset_state()
    compiler.reset()
    with compiler.config.patch(raise_internal_errors=True):
        compiled = compiler.compile(fn, fullgraph=fullgraph)
        actual = run(compiled)
    for i, (want, got) in enumerate(zip(expected, actual)):
        assert got[0] == want[0], (i, want, got)
        assert got[2] == want[2], (i, "printed", want[2], got[2])
        if want[0] == "ok":
            assert_same(got[1], want[1], f"call {i}")
        else:
            assert got[1] == want[1], i
    stats = compiler.stats(compiled)
    assert not stats.internal_errors, stats.internal_errors
    return stats


def agree(fn, make_args, changes, fullgraph=True):
    """Call compiled then eager on the same arguments after each change (the first call before
    any), comparing results; the stats."""
    compiled = compiler.compile(fn, fullgraph=fullgraph)
    for change in [None, *changes]:
        if change is not None:
            change()
        args = make_args()
        assert_same(compiled(*args), fn(*args))
    return compiler.stats(compiled)
