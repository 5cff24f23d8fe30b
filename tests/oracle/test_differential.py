"""Each planted fault gets its verdict and an explanation a person can act on."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch

from oracle.judge.differential import check
from oracle.judge.subjects import resolve
from oracle.judge.verdict import Verdict
from tests.oracle import planted

PROGRAMS = Path(__file__).parent / "programs"


def run(name: str, subject) -> object:
    return check(str(PROGRAMS / f"{name}.py"), subject)


@pytest.mark.parametrize("name", ["nested", "scalar_then_global", "inplace", "raises",
                                  "same_inputs", "global_only"])
def test_a_faithful_subject_passes(name):
    result = run(name, planted.Faithful())
    assert result.verdict is Verdict.PASS, result.message


def test_wrong_value_names_call_path_error_and_index():
    result = run("nested", planted.WrongValue())
    assert result.verdict is Verdict.MISMATCH_VALUE
    assert result.detail == "out[1]['h']"
    assert result.message.startswith("call 0: out[1]['h']: value (1 of 12 elements)")
    assert "max abs err 0.001" in result.message and "first at index [2, 3]" in result.message
    assert result.signature == "mismatch-value:planted:wrong-value:out[1]['h']"


def test_wrong_value_is_far_below_what_a_five_percent_sum_check_sees():
    x = torch.randn(3, 4, generator=torch.Generator().manual_seed(0)) * 2 + 1
    assert abs(1e-3 / float(x.sum())) < 0.05
    assert run("nested", planted.WrongValue()).verdict is Verdict.MISMATCH_VALUE


def test_outputs_that_are_one_object_in_eager_must_stay_one_object():
    result = run("shared_outputs", planted.CopiedRepeats())
    assert result.verdict is Verdict.MISMATCH_VALUE
    assert result.detail == "out[3]" and result.aspect == "identity" and result.call == 0
    assert "identity differs: expected the object at out[0], got another object" in \
        result.message


def test_distinct_containers_of_eager_must_stay_distinct():
    result = run("shared_outputs", planted.MergedContainers())
    assert result.verdict is Verdict.MISMATCH_VALUE
    assert result.detail == "out[6]" and result.aspect == "identity"
    assert "expected another object, got the object at out[0]" in result.message


def test_an_output_that_is_a_global_object_must_stay_that_object():
    result = run("global_return", planted.FreshContainers())
    assert result.verdict is Verdict.MISMATCH_VALUE
    assert result.detail == "out[0]" and result.aspect == "identity" and result.call == 0
    assert "expected the input G['CACHE'] itself, got a new object" in result.message
    assert run("global_return", planted.Faithful()).verdict is Verdict.PASS


def test_shared_outputs_pass_a_faithful_subject():
    assert run("shared_outputs", planted.Faithful()).verdict is Verdict.PASS
    assert run("shared_outputs", planted.FreshContainers()).verdict is Verdict.MISMATCH_VALUE


def test_dropped_input_mutation_is_a_mutation_mismatch():
    result = run("inplace", planted.DroppedMutation())
    # The returned tensor is a copy rather than the input: identity is checked before inputs.
    assert result.verdict is Verdict.MISMATCH_VALUE
    assert "identity differs: expected the input args[0] itself, got a new object" in \
        result.message


def test_dropped_mutation_of_an_unreturned_input_names_the_argument(tmp_path):
    source = (PROGRAMS / "inplace.py").read_text().replace("return x", "return x.sum()")
    path = tmp_path / "inplace_sum.py"
    path.write_text(source)
    result = check(str(path), planted.DroppedMutation())
    assert result.verdict is Verdict.MISMATCH_MUTATION
    assert result.detail == "args[0]" and result.call == 0
    assert result.message.startswith("call 0: args[0]: value (5 of 5 elements) differs")


def test_another_exception_type_is_an_exception_mismatch():
    result = run("raises", planted.WrongException())
    assert result.verdict is Verdict.MISMATCH_EXCEPTION
    assert result.detail == "TypeError" and result.call == 1
    assert "eager raised RuntimeError: view size is not compatible" in result.message


def test_stale_scalar_is_caught_at_the_call_where_it_changes():
    result = run("scalar_then_global", planted.StaleCache())
    assert result.verdict is Verdict.MISMATCH_VALUE
    assert result.call == 2 and result.detail == "out"


def test_stale_global_is_caught_at_the_call_where_it_changes():
    result = run("global_only", planted.StaleCache())
    assert result.verdict is Verdict.MISMATCH_VALUE
    assert result.call == 1
    assert "expected 11.0, got 2.0" in result.message


def test_recompiling_on_every_call_breaks_rule_r1():
    result = run("same_inputs", planted.RecompileAlways())
    assert result.verdict is Verdict.RECOMPILE_EXCESS
    assert result.detail == "R1" and result.call == 1
    assert "inputs match call 0's metadata but it compiled again (2 compiles)" in result.message
    assert result.compiles == [1, 2, 3, 4]


def test_more_compiles_than_signatures_breaks_rule_r2():
    class CompilesTwice(planted.Faithful):
        def call(self, fn, args, kwargs):
            self.compiles += 1
            return fn(*args, **kwargs)

    result = run("nested", CompilesTwice())
    assert (result.verdict, result.detail, result.call) == (Verdict.RECOMPILE_EXCESS, "R2", 0)


def test_compiles_past_the_cache_limit_break_rule_r3():
    class SmallCache(planted.Faithful):
        def stats(self, compiled):
            return {**super().stats(compiled), "cache_limit": 1}

    result = run("scalar_then_global", SmallCache())
    assert (result.verdict, result.detail, result.call) == (Verdict.RECOMPILE_EXCESS, "R3", 2)


def test_an_internal_error_is_a_crash_with_its_type():
    result = run("nested", planted.Crash())
    assert result.verdict is Verdict.CRASH
    assert result.signature == "crash:planted:crash:PlantedInternalError"
    assert "compiled raised PlantedInternalError: planted: lowering failed" in result.message


def test_a_program_error_raised_only_when_compiled_is_an_exception_mismatch():
    class RaisesValueError(planted.Faithful):
        def call(self, fn, args, kwargs):
            raise ValueError("bad shape")

    result = run("nested", RaisesValueError())
    assert (result.verdict, result.detail) == (Verdict.MISMATCH_EXCEPTION, "ValueError")


def test_returning_where_eager_raised_is_an_exception_mismatch():
    class Swallows(planted.Faithful):
        def call(self, fn, args, kwargs):
            try:
                return fn(*args, **kwargs)
            except RuntimeError:
                return None

    result = run("raises", Swallows())
    assert (result.verdict, result.detail, result.call) == \
        (Verdict.MISMATCH_EXCEPTION, "returned", 1)


def test_a_subclass_of_eagers_exception_matches():
    class Narrower(planted.Faithful):
        def call(self, fn, args, kwargs):
            try:
                return fn(*args, **kwargs)
            except RuntimeError as exc:
                raise NotImplementedError(str(exc)) from None

    assert run("raises", Narrower()).verdict is Verdict.PASS


def test_a_compile_that_fails_is_a_crash():
    class BrokenCompile(planted.Faithful):
        def compile(self, fn):
            raise planted.PlantedInternalError("no backend")

    result = run("nested", BrokenCompile())
    assert (result.verdict, result.detail, result.call) == \
        (Verdict.CRASH, "PlantedInternalError", None)


def test_eager_disagreeing_with_itself_is_nondeterministic_not_a_mismatch():
    result = run("unstable", planted.WrongValue())
    assert result.verdict is Verdict.NONDETERMINISTIC
    assert result.message.startswith("eager disagrees with itself at call 0")


def test_a_declared_fallback_is_unsupported_not_a_failure():
    class Declines(planted.Faithful):
        def call(self, fn, args, kwargs):
            raise NotImplementedError("cannot trace this")

        def classify(self, exc):
            return "unsupported"

    result = run("nested", Declines())
    assert result.verdict is Verdict.UNSUPPORTED and not result.verdict.is_failure


def test_torch_eager_passes_and_counts_one_compile_for_repeated_inputs():
    result = run("same_inputs", resolve("torch:eager"))
    assert result.verdict is Verdict.PASS, result.message
    assert result.compiles == [1, 1, 1, 1]
    assert result.stats["graphs"] == 1


def test_torch_eager_recompiles_once_per_changed_scalar_and_global():
    result = run("scalar_then_global", resolve("torch:eager"))
    assert result.verdict is Verdict.PASS, result.message
    assert result.compiles == [1, 1, 2, 3]
    assert len(result.stats["recompile_reasons"]) == 2


def test_a_dropped_write_to_a_global_names_the_global():
    class DropsGlobalWrites(planted.Faithful):
        def call(self, fn, args, kwargs):
            saved = dict(fn.__globals__)
            out = fn(*args, **kwargs)
            fn.__globals__["COUNT"] = saved["COUNT"]
            return out

    result = run("writes_global", DropsGlobalWrites())
    assert (result.verdict, result.detail, result.call) == \
        (Verdict.MISMATCH_MUTATION, "G['COUNT']", 0)
    assert "expected 1, got 0" in result.message


def test_ours_reports_a_compiler_that_fails_as_a_crash_not_a_traceback():
    result = run("nested", resolve("ours"))
    assert result.verdict in (Verdict.PASS, Verdict.CRASH, Verdict.UNSUPPORTED), result.message
    assert "\n" not in result.message


class _OursWithARaisingBackend:
    """Our compiler with a backend whose graphs raise: the compiler answers with the frame's
    eager re-run, so values are right, but the bug must still be a finding."""

    name = "ours:raising-backend"

    def __init__(self):
        from oracle.judge.subjects import OursSubject

        self._ours = OursSubject()
        self._ours._backend = self._raising

    @staticmethod
    def _raising(gm, example_inputs):
        def run(*inputs):
            raise RuntimeError("a backend's bug")
        return run

    def compile(self, fn):
        return self._ours.compile(fn)

    def stats(self, compiled):
        return self._ours.stats(compiled)

    def reset(self):
        self._ours.reset()


def test_a_graph_that_raised_where_eager_returned_is_a_crash_though_the_value_is_right():
    import compiler

    with compiler.config.patch(raise_internal_errors=False):
        result = run("nested", _OursWithARaisingBackend())
    assert result.verdict is Verdict.CRASH, result.message
    assert "raised where eager returned" in result.message


def test_an_internal_error_of_our_tracer_is_a_crash_though_it_fell_back(monkeypatch):
    """A tracer bug (any exception but Unsupported) makes the compiler run the frame eagerly,
    so values are right; a campaign must still see it, keyed by type and place."""
    import compiler
    from compiler.symbolic import translator

    def broken(self, *args, **kwargs):
        raise IndexError("pop from empty list")

    monkeypatch.setattr(translator.Translator, "run", broken)
    with compiler.config.patch(raise_internal_errors=False):
        result = run("nested", resolve("ours"))
    assert result.verdict is Verdict.CRASH, result.message
    assert result.detail == "internal:IndexError"
    assert result.origin.startswith("compiler.symbolic.")  # the innermost frame of ours
    assert "pop from empty list" in result.message and "\n" not in result.message
