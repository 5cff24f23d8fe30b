"""The torch.compile bugs the standing campaign found (corpora/torch-findings/): each is
recognised by ci/known-issues.toml — its own entry, not another's — so that a later campaign
reports only new bugs, and each direct repro fails standalone with only torch installed."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest

from oracle.app import repro_direct, reproduce
from oracle.judge import known_issues
from oracle.judge.differential import check
from oracle.judge.subjects import resolve

ROOT = Path(__file__).resolve().parents[2]
FINDINGS = sorted(p for p in (ROOT / "corpora" / "torch-findings").iterdir() if p.is_dir())
ISSUES = known_issues.load(str(ROOT / "ci" / "known-issues.toml"))
# A second face of one bug: recognised by that bug's entry.
SAME_BUG = {"eager-module-buffer-update-before-exception-lost":
            "eager-side-effects-before-exception-lost"}


def _recorded(folder: Path):
    info = json.loads((folder / "finding.json").read_text())
    result = SimpleNamespace(signature=info["signature"], message=info["message"],
                             call=info["call"], eager=tuple(info["eager"]))
    return info, result


def _entry_for(folder: Path) -> str:
    return f"corpora/torch-findings/{SAME_BUG.get(folder.name, folder.name)}"


def test_there_are_at_least_five_distinct_bugs_each_with_its_own_entry():
    assert len({SAME_BUG.get(f.name, f.name) for f in FINDINGS}) >= 5
    links = [issue.link for issue in ISSUES if issue.link.startswith("corpora/torch-findings/")]
    assert sorted(links) == sorted({_entry_for(f) for f in FINDINGS})


@pytest.mark.parametrize("folder", FINDINGS, ids=lambda p: p.name)
def test_a_known_torch_finding_is_recognised_by_its_own_entry(folder):
    info, result = _recorded(folder)
    program = (folder / "program.py").read_text()
    found = known_issues.recognise(ISSUES, info["signature"], result, program)
    assert found is not None and found.link == _entry_for(folder), found


def test_a_new_failure_of_the_same_kind_is_not_taken_for_a_known_one():
    crash = SimpleNamespace(signature="crash:torch:aot_eager:BackendCompilerFailed",
                            message="call 0: eager returned tensor(float32, [3]); compiled "
                                    "raised BackendCompilerFailed: backend='x' raised: "
                                    "AssertionError: some other lowering bug", call=0,
                            eager=("returned",))
    assert known_issues.recognise(ISSUES, "crash:torch:aot_eager:BackendCompilerFailed@torch",
                                  crash, "def program(x):\n    return x // 2\n") is None
    value = SimpleNamespace(signature="mismatch-mutation:torch:inductor:args[0]",
                            message="call 0: args[0]: value (2 of 4 elements) differs", call=0,
                            eager=("returned",))
    assert known_issues.recognise(ISSUES, "mismatch-mutation:torch:inductor:args:value", value,
                                  "x.add_(1)") is None


@pytest.mark.slow
@pytest.mark.parametrize("folder", FINDINGS, ids=lambda p: p.name)
def test_the_bug_is_still_there_and_its_repro_fails_with_only_torch(folder, tmp_path):
    info, _ = _recorded(folder)
    result = check(str(folder / "program.py"), resolve(info["spec"]), info["spec"])
    assert result.verdict.is_failure, result.message
    found = known_issues.recognise(ISSUES, info["signature"], result,
                                   (folder / "program.py").read_text())
    assert found is not None and found.link == _entry_for(folder), result.message
    alone = tmp_path / "repro.py"  # a folder with nothing of this project in it
    shutil.copy(folder / "repro.py", alone)
    text = alone.read_text()
    assert not re.search(r"^\s*(from|import) (oracle|compiler|tests)\b", text, re.M)
    ran = reproduce.reproduce(alone, 300, repro_direct.failure_line(text))
    assert ran.reproduced and ran.exit_code == 1, ran
