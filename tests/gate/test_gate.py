"""`parity gate`: a fresh baseline passes, regressions fail, improvements are recorded by a
ratchet, a bad baseline is a one-line usage error."""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generators.suite import draw_sources
from oracle.app import gate
from oracle.app.cli import main

PROGRAMS = Path(__file__).resolve().parents[1] / "oracle" / "programs"
FAITHFUL = "tests.oracle.planted:make_faithful"
WRONG = "tests.oracle.planted:WrongValue"


def _gate(corpus: Path, baseline: Path, *extra: str) -> int:
    work = corpus.parent / "work"
    return main(["gate", str(corpus), "--baseline", str(baseline), "--work-dir", str(work),
                 *extra])


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    """A two-program corpus and two generated programs, recorded for the faithful subject."""
    root = tmp_path_factory.mktemp("gate")
    corpus = root / "corpus"
    corpus.mkdir()
    for name in ("nested.py", "same_inputs.py"):
        shutil.copy(PROGRAMS / name, corpus / name)
    baseline = root / "baseline.json"
    status = _gate(corpus, baseline, "--update-baseline", "--subject", FAITHFUL,
                   "--generated", "2", "--generated-seed", "7")
    assert status == 0
    return corpus, baseline


def _edit(baseline: Path, target: Path, change) -> Path:
    data = json.loads(baseline.read_text())
    change(data)
    target.write_text(json.dumps(data))
    return target


def test_a_fresh_baseline_records_every_program_and_passes_unchanged(recorded, capsys):
    corpus, baseline = recorded
    data = json.loads(baseline.read_text())
    assert data["subjects"] == [FAITHFUL]
    assert data["generated"] == {"seed": 7, "count": 2, "features": None}
    assert len(data["programs"]) == 4
    assert sum(key.startswith("generated/") for key in data["programs"]) == 2
    capsys.readouterr()
    assert _gate(corpus, baseline) == 0
    assert "0 regressions, 0 improvements, 0 changed, 0 new" in capsys.readouterr().out


def test_failures_and_extra_compiles_are_regressions_fewer_compiles_an_improvement(
        recorded, tmp_path, capsys):
    corpus, baseline = recorded
    nested = next(k for k in json.loads(baseline.read_text())["programs"] if "nested" in k)

    def plant(data):
        data["subjects"].append(WRONG)  # claims WrongValue passes everything: it does not
        for per_subject in data["programs"].values():
            per_subject[WRONG] = dict(per_subject[FAITHFUL])
        data["programs"][nested][FAITHFUL]["compiles"] = 0      # now compiles more: regression
        data["programs"][nested][FAITHFUL]["verdict"] = "pass"
        for key, per_subject in data["programs"].items():
            if key.startswith("generated/"):
                per_subject[FAITHFUL]["compiles"] += 1          # now compiles less: improvement

    edited = _edit(baseline, tmp_path / "edited.json", plant)
    markdown, junit = tmp_path / "gate.md", tmp_path / "gate.xml"
    capsys.readouterr()
    assert _gate(corpus, edited, "--markdown", str(markdown), "--junit", str(junit)) == 1
    out = capsys.readouterr().out
    assert f"regression {FAITHFUL} {nested}: pass, compiles 0 -> 1" in out
    assert f"regression {WRONG} {nested}: pass -> mismatch-value: call 0:" in out
    assert out.count(f"improvement {FAITHFUL} ") == 2
    text = markdown.read_text()
    assert text.startswith("## Parity gate: ❌") and "### Regressions" in text
    suites = {s.get("name"): s for s in ET.parse(junit).getroot().findall("testsuite")}
    assert suites[f"gate:{FAITHFUL}"].get("failures") == "1"
    assert int(suites[f"gate:{WRONG}"].get("failures")) >= 2


def test_update_records_improvements_but_keeps_regressions_unless_accepted(recorded, tmp_path):
    corpus, baseline = recorded
    keys = sorted(json.loads(baseline.read_text())["programs"])
    better, worse = keys[0], keys[1]

    def plant(data):
        data["programs"][better][FAITHFUL] = {"verdict": "crash", "compiles": None}
        data["programs"][worse][FAITHFUL]["compiles"] = 0
        data["programs"]["gone.py"] = {FAITHFUL: {"verdict": "pass", "compiles": 1}}

    edited = _edit(baseline, tmp_path / "edited.json", plant)
    assert _gate(corpus, edited, "--update-baseline") == 1
    after = json.loads(edited.read_text())["programs"]
    assert after[better][FAITHFUL]["verdict"] == "pass"   # the improvement is recorded
    assert after[worse][FAITHFUL]["compiles"] == 0        # the regression is not
    assert "gone.py" not in after
    assert _gate(corpus, edited, "--update-baseline", "--accept-regressions") == 0
    assert edited.read_text() == baseline.read_text()


@pytest.mark.parametrize("content, says", [
    (None, "cannot read baseline"),
    ("{not json", "is not JSON"),
    ('{"format": 1, "subjects": ["ours"]}', "missing field 'generated'"),
    ('{"format": 1, "subjects": ["ours"], "generated": {"seed": 1, "count": 0},'
     ' "programs": {"a.py": {"ours": {"verdict": "fine"}}}}', "'fine' is not a valid Verdict"),
    ('{"format": 9}', "format 9, expected 1"),
])
def test_a_bad_baseline_is_a_one_line_usage_error(tmp_path, capsys, content, says):
    baseline = tmp_path / "baseline.json"
    if content is not None:
        baseline.write_text(content)
    assert _gate(PROGRAMS, baseline) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1


def test_suite_options_without_update_are_a_usage_error(tmp_path, capsys):
    assert _gate(PROGRAMS, tmp_path / "b.json", "--generated", "3") == 2
    assert "use them with --update-baseline" in capsys.readouterr().err


@pytest.mark.parametrize("before, after, expected", [
    ("pass", "unsupported", "regression"),
    ("unsupported", "crash", "regression"),
    ("pass", "invalid", "regression"),
    ("crash", "pass", "improvement"),
    ("crash", "mismatch-value", "changed"),
    ("pass", "nondeterministic", "skipped"),
])
def test_verdict_changes_rank_pass_over_unsupported_over_failures(before, after, expected):
    kind, why = gate.judge({"verdict": before, "compiles": 1}, {"verdict": after, "compiles": 1})
    assert (kind, why) == (expected, "eager disagrees with itself" if expected == "skipped"
                           else f"{before} -> {after}")
    assert kind is gate.ChangeKind(expected) and f"{kind}" == expected  # shown as its value


def test_compile_counts_matter_only_when_the_verdict_holds():
    assert gate.judge({"verdict": "pass", "compiles": 1}, {"verdict": "pass", "compiles": 1}) \
        is None
    assert gate.judge({"verdict": "crash", "compiles": 1}, {"verdict": "crash", "compiles": 3}) \
        is None
    assert gate.judge({"verdict": "pass", "compiles": None}, {"verdict": "pass", "compiles": 3}) \
        is None
    assert gate.judge({"verdict": "unsupported", "compiles": 2},
                      {"verdict": "unsupported", "compiles": 1})[0] == "improvement"


def test_the_generated_suite_is_the_same_for_the_same_seed():
    first, again, other = draw_sources(4, 11), draw_sources(4, 11), draw_sources(4, 12)
    assert first == again and len(set(first)) == 4
    assert first != other


def test_the_checked_in_baseline_gates_ours_over_the_corpus_and_generated_suite():
    root = Path(__file__).resolve().parents[2]
    recorded = gate.load(str(root / "ci" / "baseline.json"))
    assert recorded.subjects == ["ours"] and recorded.count == 40
    seed_files = {f"corpora/seed/{p.name}" for p in (root / "corpora" / "seed").glob("*.py")}
    assert len(seed_files & recorded.programs.keys()) > 0.9 * len(seed_files)
    assert sum(k.startswith("generated/") for k in recorded.programs) == recorded.count
