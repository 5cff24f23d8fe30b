"""Subjects without a classify hook: their own errors are crashes or declines, judged by where
each exception was raised; the program's errors stay the program's."""

from __future__ import annotations

import textwrap

import pytest
import torch

from oracle.judge import eager, origin
from oracle.judge.differential import check
from oracle.judge.state import Freezer, Raised
from oracle.judge.subjects import classify
from oracle.judge.verdict import Verdict
from tests.oracle import planted_unclassified as unclassified

TWO_CALLS = """
import torch


def program(x):
    return x.sin() * 2


def calls():
    yield (torch.ones(2, 3),), {}
    yield (torch.ones(3, 3),), {}
"""

VIEWS = """
import torch


def program(x):
    return x.view(-1) * 2


def calls():
    yield (torch.ones(2, 3),), {}
"""

RAISES_ON_SECOND = """
import torch


def program(x, n):
    if n > 1:
        raise ValueError(f"n must be at most 1, got {n}")
    return x * n


def calls():
    yield (torch.ones(2), 1), {}
    yield (torch.ones(2), 2), {}
"""


def write(tmp_path, source: str, name: str = "prog.py") -> str:
    path = tmp_path / name
    path.write_text(textwrap.dedent(source))
    return str(path)


def test_a_subjects_own_internal_error_is_a_crash(tmp_path):
    result = check(write(tmp_path, TWO_CALLS), unclassified.InternalCrash())
    assert (result.verdict, result.detail, result.call) == (Verdict.CRASH, "KeyError", 0)


def test_a_subjects_own_not_supported_error_is_unsupported(tmp_path):
    result = check(write(tmp_path, TWO_CALLS), unclassified.Declines())
    assert result.verdict is Verdict.UNSUPPORTED, result.message


def test_a_decline_at_compile_time_is_unsupported(tmp_path):
    result = check(write(tmp_path, TWO_CALLS), unclassified.DeclinesAtCompile())
    assert result.verdict is Verdict.UNSUPPORTED, result.message


def test_a_user_backend_failing_inside_torch_compile_is_a_crash(tmp_path):
    result = check(write(tmp_path, TWO_CALLS), unclassified.TorchWithBackend())
    assert (result.verdict, result.call) == (Verdict.CRASH, 0), result.message
    assert result.detail == "BackendCompilerFailed"


def test_a_user_backend_declining_inside_torch_compile_is_unsupported(tmp_path):
    subject = unclassified.TorchWithBackend(unclassified.declining_backend)
    result = check(write(tmp_path, TWO_CALLS), subject)
    assert result.verdict is Verdict.UNSUPPORTED, result.message


def test_the_programs_own_error_raised_on_both_sides_passes(tmp_path):
    result = check(write(tmp_path, RAISES_ON_SECOND), unclassified.Plain())
    assert result.verdict is Verdict.PASS, result.message


def test_a_program_error_the_subject_provoked_is_a_mismatch_not_a_crash(tmp_path):
    # The subject's frames are on the traceback, but the exception was raised in the program.
    result = check(write(tmp_path, VIEWS), unclassified.TransposesInputs())
    assert (result.verdict, result.detail) == (Verdict.MISMATCH_EXCEPTION, "RuntimeError")


def _raised_by(fn, *args) -> BaseException:
    with pytest.raises(Exception) as info:
        fn(*args)
    return info.value


def _run_program(tmp_path, body: str) -> Raised:
    trace = eager.run(write(tmp_path, body))
    outcome = trace.calls[0].outcome
    assert isinstance(outcome, Raised)
    return outcome


def test_raised_carries_the_origin_of_a_program_error(tmp_path):
    raised = _run_program(tmp_path, RAISES_ON_SECOND.replace("n > 1", "n > 0"))
    assert (raised.type_name, raised.origin) == ("ValueError", "<program>")


def test_an_error_raised_inside_torchs_python_code_is_labelled_torch(tmp_path):
    raised = _run_program(tmp_path, TWO_CALLS.replace(
        "x.sin() * 2", "torch.nn.functional.dropout(x, p=2.0)"))
    assert (raised.type_name, raised.origin) == ("ValueError", "torch")


def test_an_error_raised_inside_the_standard_library_is_labelled_python(tmp_path):
    raised = _run_program(tmp_path, "import json\n" + TWO_CALLS.replace(
        "x.sin() * 2", "json.loads('{')"))
    assert (raised.type_name, raised.origin) == ("JSONDecodeError", "python")


def test_a_backend_failure_is_labelled_by_the_backends_package():
    subject = unclassified.TorchWithBackend()
    subject.reset()
    exc = _raised_by(subject.compile(lambda x: x.sin()), torch.ones(2))
    assert type(exc).__name__ == "BackendCompilerFailed"
    assert origin.origin(exc).startswith("package:tests.oracle.planted_unclassified:")
    assert classify(subject, exc) == "internal"


def test_fake_tensor_propagation_is_labelled_the_torch_compiler():
    import torch._dynamo

    torch._dynamo.reset()
    exc = _raised_by(torch.compile(lambda a, b: a @ b, backend="eager"),
                     torch.ones(2, 3), torch.ones(2, 3))
    assert isinstance(exc, RuntimeError)  # what eager raises too: the verdict compares types
    assert origin.origin(exc).startswith("torch-compiler:torch._")
    assert classify(unclassified.Plain(), exc) == "internal"


def test_freeze_exception_fills_origin_and_old_constructor_still_works():
    raised = Raised("builtins.ValueError", ("builtins.ValueError",), "m", "f.py:1")
    assert raised.origin == ""
    try:
        {}["missing"]
    except KeyError as exc:
        frozen = Freezer(__name__).freeze_exception(exc)
    assert frozen.origin == "<program>"  # raised in the module the freezer was given


def test_a_subject_defined_in_main_or_in_a_program_has_no_package_of_its_own():
    plain = unclassified.Plain()
    assert origin.subject_modules(plain) == ("tests",)
    main_subject = type("S", (), {"__module__": "__main__"})()
    assert origin.subject_modules(main_subject) == ()


def test_declared_internal_modules_replace_the_inferred_package():
    class Declared(unclassified.Plain):
        internal_modules = ("tests.oracle.planted",)

    assert origin.subject_modules(Declared()) == ("tests.oracle.planted",)


def test_a_classify_hook_that_returns_none_or_raises_falls_back_to_the_origin(tmp_path):
    class Silent(unclassified.InternalCrash):
        def classify(self, exc):
            return None

    class Broken(unclassified.InternalCrash):
        def classify(self, exc):
            raise AttributeError("hook is broken")

    path = write(tmp_path, TWO_CALLS)
    assert check(path, Silent()).verdict is Verdict.CRASH
    assert check(path, Broken()).verdict is Verdict.CRASH
