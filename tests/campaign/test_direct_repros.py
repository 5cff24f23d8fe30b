"""The direct repro (failures/<slug>/repro.py) is what a compiler engineer pastes into an issue:
the program, its inputs, one compile call and one assertion, at most 25 lines for value,
mutation, exception and crash findings. Run standalone with a fresh python it fails while the
bug is present and passes against a faithful subject (the bug fixed)."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from oracle.app import repro_direct, reproduce
from oracle.judge.differential import check
from oracle.judge.subjects import resolve
from oracle.judge.verdict import Verdict

ROOT = Path(__file__).resolve().parents[2]
FAITHFUL = "tests.oracle.planted:Faithful"

# kind -> (the planted subject, a program that shows its bug, the verdict the oracle gives)
CASES = {
    "value": ("tests.campaign.planted_subjects:WrongValue", """
        def program(x):
            return torch.abs(x) * 2

        def calls():
            g = torch.Generator().manual_seed(0)
            yield (torch.randn(3, 4, generator=g),), {}
        """, Verdict.MISMATCH_VALUE),
    "mutation": ("tests.campaign.planted_subjects:DroppedMutation", """
        def program(x, y):
            x.add_(y)
            return y * 2

        def calls():
            g = torch.Generator().manual_seed(0)
            yield (torch.randn(3, generator=g), torch.randn(3, generator=g)), {}
        """, Verdict.MISMATCH_MUTATION),
    "exception": ("tests.oracle.planted:WrongException", """
        def program(x):
            return x.view(5)

        def calls():
            yield (torch.ones(2, 3),), {}
        """, Verdict.MISMATCH_EXCEPTION),
    "crash": ("tests.campaign.planted_subjects:Crash", """
        def program(x):
            y = x.transpose(0, 1)
            return y.sum(0)

        def calls():
            yield (torch.arange(6.0).reshape(2, 3),), {}
            yield (torch.arange(6.0).reshape(3, 2),), {}
        """, Verdict.CRASH),
}


def _finding(tmp_path: Path, kind: str):
    spec, body, verdict = CASES[kind]
    source = "import torch\n\n" + textwrap.dedent(body).lstrip()
    path = tmp_path / f"{kind}.py"
    path.write_text(source)
    result = check(str(path), resolve(spec), spec)
    assert result.verdict is verdict, result.message
    return spec, source, result


@pytest.mark.parametrize("kind", sorted(CASES))
def test_the_direct_repro_is_the_program_one_compile_and_one_assertion(tmp_path, kind):
    spec, source, result = _finding(tmp_path, kind)
    text = repro_direct.render(source, spec, result.signature, 60, result.message)
    lines = text.splitlines()
    assert len(lines) <= 25, text
    assert len(re.findall(r"\.compile\(program\)", text)) == 1, text
    asserting = [ln for ln in lines if ln.lstrip().startswith(("assert ", "torch.testing."))]
    assert len(asserting) == 1, text
    assert "def program(" in text and "def calls(" in text
    assert "runpy" not in text and "from oracle" not in text  # torch and the subject only
    compile(text, "repro.py", "exec")


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(CASES))
def test_the_direct_repro_fails_standalone_and_passes_once_fixed(tmp_path, kind):
    spec, source, result = _finding(tmp_path, kind)
    broken, fixed = tmp_path / "broken" / "repro.py", tmp_path / "fixed" / "repro.py"
    for path, subject in ((broken, spec), (fixed, FAITHFUL)):
        path.parent.mkdir()
        path.write_text(repro_direct.render(source, subject, result.signature, 60,
                                            result.message))
    shows = repro_direct.failure_line(broken.read_text())
    ran = reproduce.reproduce(broken, 180, shows)
    assert ran.exit_code == 1 and ran.reproduced, ran
    assert ran.last_line.startswith(shows) or f".{shows}" in ran.last_line, ran
    if kind != "crash":  # the assertion shows expected against actual
        assert "expected" in ran.last_line or "expected" in broken.read_text()
    again = reproduce.reproduce(fixed, 180, shows)
    assert again.exit_code == 0 and not again.reproduced, again


def test_a_finding_about_module_state_reloads_the_program_for_each_side(tmp_path):
    source = textwrap.dedent("""\
        import torch
        bn = torch.nn.BatchNorm1d(3)

        def program(x):
            return bn(x) * 2

        def calls():
            yield (torch.ones(4, 3),), {}
        """)
    message = ("call 0: G['bn'].running_mean: value (3 of 3 elements) differs: expected 0.1, "
               "got 0.0")
    text = repro_direct.render(source, FAITHFUL, "mismatch-mutation:faithful:G['bn']", 60,
                               message)
    assert "runpy.run_path(__file__" in text and "return space['bn'].running_mean" in text
    assert len(text.splitlines()) <= 25, text
    path = tmp_path / "repro.py"
    path.write_text(text)
    ran = reproduce.reproduce(path, 180, repro_direct.failure_line(text))
    assert ran.exit_code == 0, ran  # a faithful subject: the state agrees


def test_kinds_about_compile_counts_have_no_direct_form():
    with pytest.raises(ValueError, match="no direct form"):
        repro_direct.render("import torch\n", "torch:eager", "recompile-excess:torch:R1", 60)


def test_without_a_direct_form_the_repro_is_the_check_with_a_note():
    source = "import torch\n\ndef program(x):\n    return x\n\ndef calls():\n    yield (1,), {}\n"
    text = reproduce.render_repro(source, "torch:eager", "recompile-excess:torch:eager:R1", "",
                                  60)
    assert text.startswith("# parity repro: this is check.py, the oracle's own check, because "
                           "no direct repro: a recompile-excess finding has no direct form")
    assert "__parity_oracle__" in text
