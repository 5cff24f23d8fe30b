"""The reduction loop: determinism, caching, validity of what it asks, budget, batches."""

from __future__ import annotations

import ast

import pytest

from generators.shrink import PASSES, ShrinkError, normalise, reduce
from generators.shrink.candidates import shrink_pass
from generators.shrink.driver import ShrinkStop
from tests.quality import planted


def mentions_cumsum_of_transpose(source: str) -> bool:
    """A cheap textual predicate (no execution): enough to exercise the driver."""
    return "cumsum" in source and ".t()" in source


class Recording:
    def __init__(self, predicate):
        self.predicate = predicate
        self.asked: list[str] = []

    def __call__(self, source: str) -> bool:
        self.asked.append(source)
        return self.predicate(source)


def test_same_input_and_predicate_give_the_same_output():
    first = reduce(planted.PROGRAM, mentions_cumsum_of_transpose)
    second = reduce(planted.PROGRAM, mentions_cumsum_of_transpose)
    assert first.source == second.source
    assert first.attempts == second.attempts
    assert first.after.lines <= 8


def test_every_candidate_compiles_and_none_is_asked_twice():
    recording = Recording(mentions_cumsum_of_transpose)
    result = reduce(planted.PROGRAM, recording)
    for source in recording.asked:
        compile(source, "<candidate>", "exec")
        assert "def program" in source and "def calls" in source and "yield" in source
    assert len(recording.asked) == len(set(recording.asked)) == result.attempts


def test_batch_predicate_gives_the_sequential_result():
    sequential = reduce(planted.PROGRAM, mentions_cumsum_of_transpose)
    batches: list[int] = []

    def batch(sources):
        batches.append(len(sources))
        return [mentions_cumsum_of_transpose(s) for s in sources]

    batched = reduce(
        planted.PROGRAM, mentions_cumsum_of_transpose, batch_predicate=batch, batch_size=4
    )
    assert batched.source == sequential.source
    assert max(batches) == 4


def test_zero_budget_returns_the_normalised_input():
    result = reduce(planted.PROGRAM, mentions_cumsum_of_transpose, budget_seconds=0)
    assert result.stopped is ShrinkStop.BUDGET and result.as_dict()["stopped"] == "budget"
    assert result.source == normalise(planted.PROGRAM)
    assert result.attempts == 1


def test_progress_reports_each_accepted_candidate():
    seen = []
    result = reduce(planted.PROGRAM, mentions_cumsum_of_transpose, on_progress=seen.append)
    assert len(seen) == result.accepted
    assert seen[-1].source == result.source
    assert [p.accepted for p in seen] == list(range(1, result.accepted + 1))


def test_input_the_predicate_rejects_is_an_error_that_says_so():
    with pytest.raises(ShrinkError, match="rejects the program itself"):
        reduce(planted.PROGRAM, lambda source: False)


def test_input_that_does_not_parse_is_an_error_that_says_so():
    with pytest.raises(ShrinkError, match="does not parse"):
        reduce("def program(:\n", lambda source: True)


def test_package_docstring_lists_the_passes_in_order():
    import generators.shrink

    listed = generators.shrink.__doc__.split("Passes (`PASSES`")[1].split("`deletable")[0]
    names = [word.split("(")[0].strip(" .\n") for word in listed.split(":", 1)[1].split(",")]
    assert names == [p.name for p in generators.shrink.PASSES]


def test_finishing_passes_wait_for_the_others_to_reach_a_fixed_point():
    seen_by_finisher: list[str] = []

    @shrink_pass("record", finishing=True)
    def record(tree):
        seen_by_finisher.append(ast.unparse(tree))
        return iter(())

    main = [p for p in PASSES if p.name == "delete-statements"]
    result = reduce(planted.PROGRAM, mentions_cumsum_of_transpose, passes=[record, *main])
    assert seen_by_finisher == [result.source]
