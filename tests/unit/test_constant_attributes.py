"""Attributes of constants read exactly: slice.indices(), and the names of builtin classes
(immutable: a builtin type's attributes cannot be set)."""

import torch

from tests.differential import check_same, one_graph


def slice_indices(x):
    s = slice(1, None, 2)
    return x[s], s.indices(10), slice(-3, None).indices(4), s.start, s.stop


class Swallow:
    def __init__(self, log):
        self.log = log

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        self.log.append((kind.__name__, kind.__qualname__, kind.__module__) if kind else None)
        return True


def builtin_class_names(x):
    log = []
    with Swallow(log):
        raise KeyError("k")
    return x + 1, log, int.__name__, type(x).__name__


def test_slice_indices_is_pure():
    one_graph(check_same(slice_indices, torch.arange(6.0)))


def test_names_of_builtin_classes():
    one_graph(check_same(builtin_class_names, torch.ones(2)))
