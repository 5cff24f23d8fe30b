"""`assert <tensor>`: the graph checks the condition; a failing one runs the frame again
eagerly, so the AssertionError, its message and the side effects before it are eager's.

PYTEST_DONT_REWRITE: the functions compiled here hold plain assert statements."""

import pytest
import torch

import compiler
from tests.differential import assert_same, compiler_test_config  # noqa: F401


def _calls(fn, makes, backend="eager", fullgraph=True):
    compiled = compiler.compile(fn, fullgraph=fullgraph, backend=backend)
    for make in makes:
        answers = []
        for f in (fn, compiled):
            args = make()
            try:
                answers.append(("ok", f(*args), args))
            except Exception as exc:  # noqa: BLE001 - compared
                answers.append(("raised", f"{type(exc).__name__}: {exc}", args))
        (ek, ev, ea), (ck, cv, ca) = answers
        assert ek == ck, (ek, ev, ck, cv)
        if ek == "ok":
            assert_same(cv, ev)
        else:
            assert cv == ev
        assert_same(ca, ea, "arguments")
    return compiler.stats(compiled)


def test_assert_passes_and_fails_with_the_programs_message():
    def f(x):
        b = x.sin()
        assert x[0] == 3, f"first is {x[0].item()}"
        return x.cos() + b

    stats = _calls(f, [lambda: (torch.tensor([3.0, 4.0]),), lambda: (torch.tensor([2.0, 4.0]),),
                       lambda: (torch.tensor([3.0, 1.0]),)])
    assert stats.graphs == 1 and not stats.graph_breaks and stats.compiles == 1


def test_side_effects_and_in_place_writes_before_a_failing_assert_are_eagers():
    def f(x, log):
        log.append(len(log))
        x.mul_(2)
        assert not (x.sum() > 10), "too big"
        log.append("after")
        return x + 1

    _calls(f, [lambda: (torch.ones(3), []), lambda: (torch.full((3,), 5.0), [7])])


def test_assert_of_two_conditions_and_a_handler_in_the_frame():
    def f(x):
        try:
            assert x.min() > 0 and x.max() < 10
            ok = True
        except AssertionError:
            ok = False
        return x * 2, ok

    _calls(f, [lambda: (torch.tensor([1.0, 2.0]),), lambda: (torch.tensor([1.0, 20.0]),),
               lambda: (torch.tensor([-1.0, 2.0]),)])


def test_assert_of_a_tensor_of_many_elements_raises_eagers_error():
    def f(x):
        try:
            assert x > 0
        except RuntimeError as e:
            return str(e)
        return "no error"

    _calls(f, [lambda: (torch.ones(3),), lambda: (torch.ones(0),)])


def test_nan_is_true():
    def f(x):
        assert x.sum()
        assert not (x.sum() == 0)
        return x + 1

    _calls(f, [lambda: (torch.tensor([float("nan")]),), lambda: (torch.zeros(2),)])


def test_a_compiling_backend_is_refused_and_breaks_without_fullgraph():
    def f(x):
        assert x[0] > 0, "positive"
        return x + 1

    with pytest.raises(compiler.Unsupported):
        compiler.compile(f, fullgraph=True, backend="aot_eager")(torch.ones(2))
    compiler.reset()
    _calls(f, [lambda: (torch.ones(2),), lambda: (-torch.ones(2),)], backend="aot_eager",
           fullgraph=False)


def test_other_truth_tests_stay_refused():
    def f(x):
        if x.sum() > 0:
            return x + 1
        return x - 1

    with pytest.raises(compiler.Unsupported):
        compiler.compile(f, fullgraph=True)(torch.ones(2))
