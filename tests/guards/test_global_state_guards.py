"""What the trace read from global state is guarded: a builtin later shadowed by a module
global or replaced in `builtins`, a global defined after a NameError, a method added to the
tensor class, and torch's global switches read through query functions. torch functions that
change global state (`torch.manual_seed`, `torch.set_num_threads`) are refused, so that they
run on every call and not only while tracing."""

import builtins

import pytest
import torch

import compiler
from tests.differential import assert_same

X = torch.ones(2)


def _calls(fn, change, undo):
    """The compiled and eager results of fn before and after `change`."""
    compiler.reset()
    compiled = compiler.compile(fn, backend="eager")
    results = []
    try:
        for step in (None, change):
            if step is not None:
                step()
            results.append((compiled(X), fn(X)))
    finally:
        undo()
    for got, expected in results:
        assert_same(got, expected)
    return compiled


def uses_len(x):
    return x * len([1, 2])


def test_a_builtin_shadowed_by_a_global_made_later():
    _calls(uses_len, lambda: globals().__setitem__("len", lambda s: 10),
           lambda: globals().pop("len", None))


def uses_a_builtin_of_the_test(x):
    return x * parity_scale()  # noqa: F821 - a name the test puts in builtins


def test_a_builtin_replaced_in_builtins():
    """(Not one the compiler itself uses, such as `len`: replacing that breaks any Python.)"""
    builtins.parity_scale = lambda: 2
    _calls(uses_a_builtin_of_the_test, lambda: setattr(builtins, "parity_scale", lambda: 7),
           lambda: delattr(builtins, "parity_scale"))


def uses_a_missing_global(x):
    try:
        return x * LATER  # noqa: F821 - defined by the test between calls
    except NameError:
        return x - 1


def test_a_global_defined_after_a_name_error():
    _calls(uses_a_missing_global, lambda: globals().__setitem__("LATER", 4),
           lambda: globals().pop("LATER", None))


def probes_a_tensor_method(x):
    return x.doubled() if hasattr(x, "doubled") else x


def test_a_method_added_to_the_tensor_class():
    _calls(probes_a_tensor_method, lambda: setattr(torch.Tensor, "doubled", lambda t: t * 2),
           lambda: delattr(torch.Tensor, "doubled") if hasattr(torch.Tensor, "doubled") else None)


def reads_determinism(x):
    return x * (2 if torch.are_deterministic_algorithms_enabled() else 3)


def test_a_switch_read_through_a_query_function():
    compiled = _calls(reads_determinism, lambda: torch.use_deterministic_algorithms(True),
                      lambda: torch.use_deterministic_algorithms(False))
    assert len(compiler.stats(compiled).recompiles) == 1


def reads_threads(x):
    return x * torch.get_num_threads()


def test_the_number_of_threads():
    threads = torch.get_num_threads()
    _calls(reads_threads, lambda: torch.set_num_threads(1 if threads != 1 else 2),
           lambda: torch.set_num_threads(threads))


def seeds(x):
    torch.manual_seed(3)
    return x + torch.rand(2)


def sets_threads(x):
    torch.set_num_threads(1)
    return x + 1


def test_a_seed_set_in_the_trace_is_a_graph_node_with_the_eager_backend_only():
    compiler.reset()
    compiled = compiler.compile(seeds, backend="eager", fullgraph=True)
    torch.manual_seed(0)
    first = compiled(X)
    after = torch.rand(1)
    torch.manual_seed(0)
    assert_same((first, after), (seeds(X), torch.rand(1)))
    with pytest.raises(compiler.Unsupported):  # a compiling backend would seed once, tracing
        compiler.reset()
        compiler.compile(seeds, backend="aot_eager", fullgraph=True)(X)


@pytest.mark.parametrize("fn", [sets_threads])
def test_a_call_that_changes_global_state_runs_on_every_call(fn):
    threads = torch.get_num_threads()
    try:
        compiler.reset()
        compiled = compiler.compile(fn, backend="eager")
        first = compiled(X)
        torch.manual_seed(0)
        torch.set_num_threads(threads)
        assert_same(compiled(X), first)
        assert torch.get_num_threads() == 1 or fn is seeds
        assert compiler.stats(compiled).graph_breaks
        with pytest.raises(compiler.Unsupported):
            compiler.reset()
            compiler.compile(fn, backend="eager", fullgraph=True)(X)
    finally:
        torch.set_num_threads(threads)


def test_pure_calls_on_constants_still_compile_fullgraph():
    def fn(x):
        kind = torch.promote_types(torch.int32, torch.float16)
        return x.to(kind), torch.is_tensor(3), torch.get_default_dtype()

    compiler.reset()
    compiled = compiler.compile(fn, backend="eager", fullgraph=True)
    assert_same(compiled(X), fn(X))


def test_an_autocast_query_inside_an_autocast_region_compiles_once():
    """Asked inside a region the trace entered, the query answers for the region; the
    entry's autocast guard holds the state outside it (no guard that fails every call)."""
    def fn(x):
        with torch.autocast("cpu", dtype=torch.bfloat16):
            on = torch.is_autocast_enabled("cpu")
        return x * (2 if on else 3), torch.is_autocast_enabled("cpu")

    compiler.reset()
    compiled = compiler.compile(fn, backend="eager")
    for _ in range(3):
        assert_same(compiled(X), fn(X))
    assert compiler.stats(compiled).compiles == 1
