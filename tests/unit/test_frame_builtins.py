"""Builtins that read the calling frame (locals(), vars(), dir(), eval) cannot run at a graph
break, where the runner, not the program's frame, would call them: the frame they are called in
runs eagerly instead (it was a wrong answer: globals() gave the runner's). globals() itself is
modelled (the frame's globals dict, compiler/values/module_namespace.py): it never breaks."""

import pytest
import torch

import compiler
from tests.differential import check_same

MARKER = 1


def reads_globals(a):
    return a + 1, "MARKER" in globals()


def reads_locals(a):
    local_name = 2
    return a + local_name, sorted(locals())


def reads_vars_and_dir(a):
    b = a * 2
    return b, "b" in vars(), "b" in dir()


def evaluates(a):
    k = 3  # noqa: F841 - read by eval
    return a * eval("k + MARKER")  # noqa: S307


def test_globals_is_the_frames_namespace():
    check_same(reads_globals, torch.ones(2), fullgraph=True)


@pytest.mark.parametrize("fn", [reads_locals, reads_vars_and_dir, evaluates])
def test_frame_reading_builtins_match_eager(fn):
    stats = check_same(fn, torch.ones(2), fullgraph=False)
    assert stats.fallbacks, stats
    compiler.reset()
    with pytest.raises(compiler.Unsupported):
        compiler.compile(fn, fullgraph=True)(torch.ones(2))
