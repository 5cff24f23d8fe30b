"""A dict argument is guarded on its keys, and a constant item only once the trace reads it:
entries the function never reads may change between calls without a recompile, and every
entry it does read (directly, through a copy, a comparison, a string, a loop) is guarded, so
a change there recompiles. Each call is compared with eager."""

import pytest
import torch

import compiler
from tests.differential import assert_same


def _calls(fn, dicts, **options):
    compiled = compiler.compile(fn, **options)
    for d in dicts:
        eager_d, compiled_d = dict(d), dict(d)
        assert_same(compiled(torch.ones(2), compiled_d), fn(torch.ones(2), eager_d))
        assert compiled_d == eager_d
    return compiler.stats(compiled)


def test_an_unread_entry_changing_does_not_recompile():
    def f(x, cfg):
        return x * cfg["scale"] + len(cfg)

    dicts = [{"scale": 2.0, "step": i, "name": f"run{i}"} for i in range(6)]
    stats = _calls(f, dicts, fullgraph=True)
    assert stats.compiles == 1, stats


@pytest.mark.parametrize("read", ["direct", "copy_returned", "compare", "string", "loop",
                                  "get_in_callee", "items_returned"])
def test_every_read_of_an_entry_is_guarded(read):
    def helper(d):
        return d.get("scale", 0.0)

    def f(x, cfg):
        if read == "direct":
            return x * cfg["scale"]
        if read == "copy_returned":
            return x + 1, dict(cfg)
        if read == "compare":
            return x + (1 if cfg == {"scale": 2.0, "step": 0} else 2)
        if read == "string":
            return x + 1, f"{cfg}"
        if read == "loop":
            total = 0.0
            for value in cfg.values():
                total += value
            return x * total
        if read == "get_in_callee":
            return x * helper(cfg)
        return x + 1, list(cfg.items())

    dicts = [{"scale": 2.0, "step": 0}, {"scale": 3.0, "step": 0}, {"scale": 2.0, "step": 5},
             {"scale": -1.5, "step": 2}]
    _calls(f, dicts, fullgraph=True)


def test_an_entry_carried_along_without_a_read_leaves_as_it_was():
    def keep(d):
        return d

    def f(x, cfg):
        same = keep(cfg)
        return x * 2, same, [same]

    dicts = [{"step": i} for i in range(4)]
    stats = _calls(f, dicts, fullgraph=True)
    assert stats.compiles == 1, stats


def test_a_dict_written_in_the_trace_keeps_its_unread_entries_right():
    def f(x, cfg):
        cfg["seen"] = cfg.get("seen", 0) + 1
        return x * 2

    _calls(f, [{"step": i, "seen": i % 2} for i in range(4)], fullgraph=True)


def test_an_int_entry_read_as_a_number_becomes_a_symbol_after_a_change():
    def f(x, cfg):
        return x * cfg["step"]

    stats = _calls(f, [{"step": i} for i in range(6)], fullgraph=True)
    assert stats.compiles == 2, stats
