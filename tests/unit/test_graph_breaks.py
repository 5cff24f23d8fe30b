"""Graph breaks: under fullgraph=False the result stays correct and the break is recorded;
under fullgraph=True the compiler raises Unsupported naming the file and line."""

import pathlib
import re

import pytest
import torch

import compiler
from tests.differential import assert_same

THIS_FILE = pathlib.Path(__file__).name


def _data_dependent_if(x):
    if x.sum() > 0:
        return x + 1
    return x - 1


def _item_call(x):
    return x * (x.sum().item() + 1.0)  # Python arithmetic on the number: its value needed


def _nonzero(x):
    return x.nonzero().float().sum() + 1


def _print_call(x):
    y = x + 1
    print("debug")
    return y * 2


def _line_of(fn, needle):
    lines, start = __import__("inspect").getsourcelines(fn)
    return start + next(i for i, line in enumerate(lines) if needle in line)


@pytest.mark.parametrize("fn", [_data_dependent_if, _item_call, _nonzero])
def test_graph_break_gives_correct_results_and_is_recorded(fn):
    fc = compiler.compile(fn)
    for x in (torch.ones(3), -torch.ones(3)):
        assert_same(fc(x), fn(x))
    s = compiler.stats(fc)
    assert len(s.graph_breaks) >= 1 and (s.frames >= 2 or s.fallbacks), s


def test_data_dependent_if_records_break_location():
    fc = compiler.compile(_data_dependent_if)
    fc(torch.ones(3))
    [(reason, where)] = compiler.stats(fc).graph_breaks
    assert where.endswith(f"{THIS_FILE}:{_line_of(_data_dependent_if, 'x.sum() > 0')}")
    assert "tensor" in reason


@pytest.mark.parametrize("fn, needle", [
    (_data_dependent_if, "x.sum() > 0"),
    (_item_call, ".item()"),
    (_nonzero, ".nonzero()"),
])
def test_fullgraph_raises_unsupported_naming_file_and_line(fn, needle):
    fc = compiler.compile(fn, fullgraph=True)
    with pytest.raises(compiler.Unsupported) as info:
        fc(torch.ones(3))
    assert re.search(rf"{re.escape(THIS_FILE)}:{_line_of(fn, needle)}\b", str(info.value)), (
        str(info.value))


def test_print_graph_breaks_but_keeps_output_and_prints_once(capsys):
    fc = compiler.compile(_print_call)
    x = torch.ones(2)
    assert_same(fc(x), _print_call(x))
    assert capsys.readouterr().out == "debug\ndebug\n"
    assert compiler.stats(fc).graph_breaks


def test_graph_break_in_inlined_helper_names_the_helpers_line():
    def f(x):
        return _item_call(x) + 1

    fc = compiler.compile(f, fullgraph=True)
    line = _line_of(_item_call, ".item()")
    with pytest.raises(compiler.Unsupported, match=rf"{THIS_FILE}:{line}"):
        fc(torch.ones(2))


def test_graph_break_keeps_side_effects_exactly_once():
    def f(x, log):
        log.append(1)
        if x.sum() > 0:
            return x + 1
        return x

    log = []
    fc = compiler.compile(f)
    fc(torch.ones(2), log)
    assert log == [1]


def test_data_dependent_break_then_cached_on_second_call():
    fc = compiler.compile(_data_dependent_if)
    fc(torch.ones(3))
    fc(torch.ones(3))
    assert compiler.stats(fc).compiles == 1


def test_explain_reports_graph_break_with_source_line():
    explanation = compiler.explain(_data_dependent_if, torch.ones(3))
    text = str(explanation)
    assert f"{THIS_FILE}:{_line_of(_data_dependent_if, 'x.sum() > 0')}" in text
    assert "graph breaks: 1" in text


def test_explain_reports_graphs_and_guards_for_clean_function():
    text = str(compiler.explain(lambda x: x * 2 + 1, torch.ones(3)))
    assert "graphs: 1, ops: 2, graph breaks: 0" in text
    assert "L['x']: torch.Tensor(dtype=torch.float32, device=cpu, shape=(3,)" in text


def test_unsupported_user_exception_inside_generator_function_runs_eagerly():
    def gen(x):
        yield x + 1

    fc = compiler.compile(gen)
    assert_same(list(fc(torch.ones(2))), [torch.full((2,), 2.0)])
