"""A source writes its expression once: guards on a model's parameters sit many attributes deep
(`L['self']._modules['encoder']._modules['layer'][0]...weight`), and building the check function
asks every level for its text, for each guard. Written anew each time, that was quadratic in the
depth and a large share of a transformer's compile time."""

from __future__ import annotations

import copy
import pickle

import torch

from compiler.guards.check import CheckFunction
from compiler.guards.guard import GuardKind, TensorSpec, guard_of
from compiler.guards.sources import AttrSource, ItemSource, LocalSource


def _path(depth: int):
    source = LocalSource("self")
    for level in range(depth):
        source = ItemSource(AttrSource(source, "_modules"), f"m{level}")
    return source


def test_each_source_is_written_once_however_often_it_is_asked(monkeypatch):
    written = []
    render = AttrSource.render

    def counting(self, inner):
        written.append(self)
        return render(self, inner)

    monkeypatch.setattr(AttrSource, "render", counting)
    module = _path(12)  # as a trace builds them: a module's attributes extend its source
    leaves = [AttrSource(module, f"w{i}") for i in range(20)]
    guards = [guard_of(leaf, GuardKind.TENSOR, TensorSpec.of(torch.zeros(2))) for leaf in leaves]
    CheckFunction(guards)
    for leaf in leaves:
        assert leaf.expr() == str(leaf)
    # Each AttrSource is rendered at most twice: once to its text, once as the local `hold`
    # reads it in (12 `_modules` levels and 20 leaves).
    assert len(written) <= 2 * (12 + 20)


def test_a_written_source_stays_equal_to_an_unwritten_one():
    written, fresh = _path(3), _path(3)
    text = written.expr()
    assert text == "L['self']._modules['m0']._modules['m1']._modules['m2']"
    assert written == fresh and hash(written) == hash(fresh) and repr(written) == repr(fresh)
    for copied in (copy.deepcopy(written), pickle.loads(pickle.dumps(written))):
        assert copied == fresh and copied.expr() == text
