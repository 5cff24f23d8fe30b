"""Graph breaks split the entry frame: a graph before the break, the breaking instruction run
in Python, and a compiled resume function for the rest. Results match eager throughout."""

import torch

import compiler
from tests.differential import assert_same


def test_data_dependent_branch_compiles_both_sides_as_resume_frames():
    def f(x, n):
        y = x * 2
        if y.sum() > 0:
            z = y + n
        else:
            z = y - n
        return z.relu()

    fc = compiler.compile(f)
    for sign in (1.0, -1.0, 1.0):
        x = torch.full((3,), sign)
        assert_same(fc(x, 2), f(x, 2))
    s = compiler.stats(fc)
    assert (s.compiles, s.frames, len(s.graph_breaks), s.fallbacks) == (1, 3, 1, [])
    assert s.graphs == 3


def test_break_at_an_unsupported_call_runs_it_and_resumes(capsys):
    def f(x):
        y = x + 1
        print("between graphs")
        return y * 2

    fc = compiler.compile(f)
    x = torch.randn(4)
    assert_same(fc(x), f(x))
    assert capsys.readouterr().out == "between graphs\nbetween graphs\n"
    s = compiler.stats(fc)
    assert (s.frames, s.graphs, len(s.graph_breaks)) == (2, 2, 1)


def test_item_in_the_middle_keeps_locals_and_stack():
    def f(x, scale):
        a = x.sum()
        k = a.item() * 2  # Python arithmetic on the number: its value is needed, a break
        return x * k + scale, scale

    fc = compiler.compile(f)
    x = torch.arange(4.0)
    assert_same(fc(x, 3), f(x, 3))
    assert compiler.stats(fc).frames == 2


def test_break_inside_a_loop_resumes_with_the_iterator():
    def f(x):
        total = x * 0
        for i in range(3):
            if (x + i).sum() > 4:
                total = total + i
            else:
                total = total - i
        return total

    fc = compiler.compile(f)
    for x in (torch.ones(3), torch.zeros(3)):
        assert_same(fc(x), f(x))
    assert compiler.stats(fc).fallbacks == []


def test_break_inside_try_block_resumes_inside_it():
    def f(x):
        try:
            v = x.sum().item() + 1.0  # the number's value is needed here: a break
        except RuntimeError:
            v = 0.0
        return x + v

    fc = compiler.compile(f)
    x = torch.ones(2)
    assert_same(fc(x), f(x))
    s = compiler.stats(fc)
    assert not s.fallbacks and s.frames == 2, s


def test_break_in_a_called_function_compiles_the_callee_as_its_own_frame():
    def helper(x):
        y = x * 3
        if y.max() > 1:
            return y
        return -y

    def f(x):
        return helper(x + 1) + 1

    fc = compiler.compile(f)
    for x in (torch.ones(2), -torch.ones(2) * 5):
        assert_same(fc(x), f(x))
    s = compiler.stats(fc)
    assert s.compiles == 1 and s.frames >= 3 and s.fallbacks == []


def test_side_effects_before_a_break_are_replayed_before_it_runs():
    log = []

    def f(x, items):
        items.append(x + 1)
        n = len(log)
        log.append(float(x.sum()))  # float() of a tensor breaks the graph
        return items[-1] * 2, n

    fc = compiler.compile(f)
    a, b = [], []
    x = torch.ones(2)
    out = fc(x, a)
    log.clear()
    assert_same(out, f(x, b))
    assert len(a) == len(b) == 1
    assert_same(a[0], b[0])


def test_fullgraph_raises_instead_of_breaking():
    def f(x):
        if x.sum() > 0:
            return x
        return -x

    fc = compiler.compile(f, fullgraph=True)
    try:
        fc(torch.ones(2))
    except compiler.Unsupported as exc:
        assert "tensor" in str(exc)
    else:
        raise AssertionError("fullgraph=True must raise at a data-dependent branch")


def test_breaks_can_be_switched_off():
    def f(x):
        if x.sum() > 0:
            return x + 1
        return x - 1

    with compiler.config.patch(graph_breaks=False):
        fc = compiler.compile(f)
        x = torch.ones(2)
        assert_same(fc(x), f(x))
    s = compiler.stats(fc)
    assert s.frames == 1 and s.fallbacks


def test_resume_far_into_a_long_function_uses_extended_arguments():
    body = "\n".join(f"    y{i} = x + {i}" for i in range(200))
    source = f"def f(x):\n{body}\n    if x.sum() > 0:\n        return y199 * 2\n    return y0\n"
    namespace = {}
    exec(compile(source, "<long>", "exec"), namespace)
    f = namespace["f"]
    fc = compiler.compile(f)
    for x in (torch.ones(2), -torch.ones(2)):
        assert_same(fc(x), f(x))
    assert compiler.stats(fc).fallbacks == []


def test_a_frame_with_cells_resumes_with_its_closures():
    def f(x):
        def inner():  # x is a cell, shared by the frame and inner
            return x
        if x.sum() > 0:
            return inner() + 1
        return x

    fc = compiler.compile(f)
    for x in (torch.ones(2), -torch.ones(2)):
        assert_same(fc(x), f(x))
    s = compiler.stats(fc)
    assert not s.fallbacks and s.graph_breaks, s


def test_a_break_that_cannot_resume_falls_back_before_running_anything():
    def f(x, log):
        log.append(1)
        with torch.autograd.profiler.record_function("f"):  # a label: it cannot be split
            if x.sum() > 0:
                return x + 1
        return x

    fc = compiler.compile(f)
    x = torch.ones(2)
    log, eager_log = [], []
    assert_same(fc(x, log), f(x, eager_log))
    assert log == eager_log == [1]
    assert compiler.stats(fc).fallbacks


def test_a_frame_that_raises_compiles_the_graph_before_the_raise():
    def f(x, items):
        items.append(x.sum())
        if x.shape[0] > 1:
            raise ValueError(f"too long: {x.shape[0]}")
        return x

    fc = compiler.compile(f)
    compiled_items, eager_items = [], []
    for target, items in ((fc, compiled_items), (f, eager_items)):
        try:
            target(torch.ones(3), items)
        except ValueError as exc:
            assert str(exc) == "too long: 3"
        else:
            raise AssertionError("must raise")
    assert_same(compiled_items, eager_items)
    s = compiler.stats(fc)
    assert s.fallbacks == [] and s.graphs == 1


def test_data_dependent_indexing_breaks_at_the_subscript_and_resumes():
    def f(x):
        y = x * 2
        picked = y[y > 0]          # output shape depends on data
        return picked.sum() + y.mean(), f"{x.shape[0]}"

    fc = compiler.compile(f)
    for x in (torch.tensor([1.0, -2.0, 3.0]), torch.tensor([-1.0, -2.0, 3.0])):
        assert_same(fc(x), f(x))
    s = compiler.stats(fc)
    assert s.fallbacks == [] and s.frames >= 2


def test_a_torch_error_at_an_operator_is_raised_from_python_after_the_graph():
    def f(a, b, log):
        log.append(a.sum())
        return (a @ b).relu()

    fc = compiler.compile(f)
    a, b = torch.ones(4, 3), torch.ones(4, 2)
    compiled_log, eager_log = [], []
    for target, log in ((fc, compiled_log), (f, eager_log)):
        try:
            target(a, b, log)
        except RuntimeError:
            pass
        else:
            raise AssertionError("mismatched shapes must raise")
    assert_same(compiled_log, eager_log)


def test_a_break_inside_a_comprehension_resumes_inside_it():
    def f(x):
        y = x * 2
        values = [v.item() for v in y]
        return y.sum() + max(values), values

    fc = compiler.compile(f)
    for _ in range(2):
        x = torch.arange(3.0)
        assert_same(fc(x), f(x))
    s = compiler.stats(fc)
    assert s.fallbacks == [] and s.recompiles == []


def test_a_loop_with_a_break_per_iteration_does_not_recompile_on_later_calls():
    def f(x):
        out = []
        for v in x:
            out.append(v.tolist())
        return out

    fc = compiler.compile(f)
    for _ in range(3):
        assert fc(torch.arange(3.0)) == f(torch.arange(3.0))
    s = compiler.stats(fc)
    assert s.recompiles == [] and s.frames == 4


def test_a_lambda_made_in_the_trace_is_returned_as_a_working_function():
    def f(x, k=2):
        return lambda t, s=k: t * s

    fc = compiler.compile(f)
    x = torch.arange(3.0)
    assert_same(fc(x)(x), f(x)(x))
