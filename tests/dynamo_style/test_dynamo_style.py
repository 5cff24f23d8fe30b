"""Dynamo-style suite: small functions in the style of Dynamo's own function, misc and repro
tests (builtins, closures, containers, classes, generators, context managers, exceptions, numpy,
torch metadata, grad mode, probes, globals, inplace ops), each compared with eager under
`fullgraph=True` and `fullgraph=False` (tests/conformance/outcomes.py classifies the runs).

Known compiler gaps raise compiler.Unsupported under fullgraph=True and are xfail(strict=True):
a fixed gap shows up as an XPASS failure and must leave the set. `breaks=True` cases need
tensor data in Python; Unsupported is the right fullgraph answer for them. The side-by-side
share with torch.compile is measured by `python -m bench.bench_dynamo_style`.
"""

from __future__ import annotations

import functools

import pytest

from tests.conformance.outcomes import PASS, UNSUPPORTED, Outcome, classify
from tests.dynamo_style.functions import CASES
from tests.dynamo_style.registry import KNOWN_GAPS

TARGET_PASS_RATE = 0.95

FULLGRAPH_GAPS = {
    "parameter_made_and_used": "nn.Parameter built in the compiled code",
    "backward_inside_compiled": "Tensor.backward() in the compiled code",
    "parameter_made_then_probed": "nn.Parameter built in the compiled code",
    # functions_heldout_a/b (torch.compile refuses the first five too)
    "index_int_float_dunders": "an __index__ object as a slice bound and a tensor index",
    **KNOWN_GAPS,  # recorded where their cases are, with case(gap=...)
}


@functools.cache
def outcome(name: str, fullgraph: bool) -> Outcome:
    return classify(CASES[name], fullgraph)


def test_gaps_name_real_cases():
    assert len(CASES) >= 120
    for name in FULLGRAPH_GAPS:
        assert name in CASES and not CASES[name].breaks, name


@pytest.mark.parametrize("name", [
    pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=FULLGRAPH_GAPS[name]))
    if name in FULLGRAPH_GAPS else name for name in CASES])
def test_fullgraph(name):
    result = outcome(name, True)
    allowed = (PASS, UNSUPPORTED) if CASES[name].breaks else (PASS,)
    assert result.kind in allowed, result.detail


@pytest.mark.parametrize("name", list(CASES))
def test_not_fullgraph_matches_eager(name):
    result = outcome(name, False)
    assert result.kind == PASS, result.detail


def test_pass_rate():
    counted = [name for name, case in CASES.items() if not case.breaks]
    passed = [name for name in counted if outcome(name, True).kind == PASS]
    assert len(passed) / len(counted) >= TARGET_PASS_RATE, (len(passed), len(counted))
