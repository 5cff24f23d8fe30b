"""Conformance suite: ~290 small functions in the style of Dynamo's function tests, each run
eagerly and through compiler.compile(fn, fullgraph=True) and fullgraph=False, then compared.

Outcomes under fullgraph=True (tests/conformance/outcomes.py): pass, unsupported (the compiler
raised compiler.Unsupported) or wrong (a different result or any other exception). Known
compiler gaps are xfail(strict=True) below, so a fixed gap shows up as an XPASS failure and
the name must be removed from the set. Graph-break probes (`breaks=True` in the registry)
need tensor data in Python: Unsupported is the right fullgraph answer for them, and they are
left out of the pass rate.
"""

from __future__ import annotations

import functools

import pytest

from tests.conformance.functions import CASES
from tests.conformance.outcomes import PASS, UNSUPPORTED, WRONG, Outcome, classify

TARGET_PASS_RATE = 0.9

# Compiler gaps: raise compiler.Unsupported under fullgraph=True, match eager otherwise.
FULLGRAPH_GAPS = {
    "boolean_mask_index": "indexing with a constant boolean mask tensor (dynamic output shape)",
    "linear_made_in_trace_seeded": "torch.manual_seed in the compiled code (global RNG state)",
    "linear_made_in_trace_filled": "nn.Linear made in the trace (random init from the global "
                                   "RNG): refused",
    "max_min_over_scalar_tensors": "max()/min() of input tensors returns one of the input "
                                   "objects: which one depends on data",
    "sorted_scalar_tensors": "sorted() of tensors: a data-dependent permutation of objects",
}

# Wrong results (a serious bug each): compiled output differs from eager, or crashes.
# (dict views used to be snapshots: fixed; dict_keys_view_is_live keeps it so.)
# Fixed so far: list.index(value, start) and user objects with __hash__/__eq__ in sets
# (set and dict displays of them too).
WRONG_FULLGRAPH: dict[str, str] = {}
WRONG_NOT_FULLGRAPH: dict[str, str] = {}


@functools.cache
def outcome(name: str, fullgraph: bool) -> Outcome:
    return classify(CASES[name], fullgraph)


def _params(known: dict[str, str]) -> list:
    return [
        pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=known[name]))
        if name in known else name
        for name in CASES
    ]


def test_known_lists_name_real_cases():
    for name in (*FULLGRAPH_GAPS, *WRONG_FULLGRAPH, *WRONG_NOT_FULLGRAPH):
        assert name in CASES, name
    assert not set(FULLGRAPH_GAPS) & set(WRONG_FULLGRAPH)


def test_known_wrong_results_are_still_wrong():
    """The aggregate test fails while any wrong result remains; this pins which ones."""
    for name in WRONG_FULLGRAPH:
        assert outcome(name, True).kind == WRONG, name
    for name in WRONG_NOT_FULLGRAPH:
        assert outcome(name, False).kind == WRONG, name


@pytest.mark.parametrize("name", _params({**FULLGRAPH_GAPS, **WRONG_FULLGRAPH}))
def test_fullgraph(name):
    result = outcome(name, True)
    if CASES[name].breaks:
        assert result.kind in (PASS, UNSUPPORTED), result.detail
    else:
        assert result.kind == PASS, result.detail


@pytest.mark.parametrize("name", _params(WRONG_NOT_FULLGRAPH))
def test_not_fullgraph(name):
    result = outcome(name, False)
    assert result.kind == PASS, result.detail


def test_pass_rate_and_no_wrong_results():
    conformance = [name for name, case in CASES.items() if not case.breaks]
    full = {name: outcome(name, True).kind for name in CASES}
    passed = [name for name in conformance if full[name] == PASS]
    wrong = sorted(name for name, kind in full.items() if kind == WRONG)
    wrong_fallback = sorted(name for name in CASES if outcome(name, False).kind != PASS)
    rate = len(passed) / len(conformance)
    summary = (f"fullgraph=True: {len(passed)}/{len(conformance)} pass ({rate:.1%}), "
               f"wrong {wrong}; fullgraph=False mismatches {wrong_fallback}")
    assert not wrong, summary
    assert not wrong_fallback, summary
    assert rate >= TARGET_PASS_RATE, summary
