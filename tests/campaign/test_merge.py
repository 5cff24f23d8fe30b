"""`parity merge`: shards' findings become one deduplicated report whose findings are the
deduplicated union of the shards' (by shrink key and shrunk structure, as the campaign tells
bugs apart), whose counts add up, and which keeps every repro."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from oracle.app import buckets, cli

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}

ABS = "import torch\n\ndef program(x):\n    return torch.abs(x)\n"
ABS_RENAMED = "import torch\n\ndef program(y):\n    return torch.abs(y)\n"  # the same shape
SIGMOID = "import torch\n\ndef program(x):\n    return torch.sigmoid(x) + torch.abs(x)\n"
CRASH_SMALL = "import torch\n\ndef program(x):\n    return x.t()\n"
CRASH_LARGE = "import torch\n\ndef program(x):\n    y = x.t()\n    return y.sum(0)\n"
VALUE, CRASH = "mismatch-value:planted:x:out:value", "crash:planted:x:PlantedError@subject:m"


def _shard(root: Path, name: str, findings: list[tuple[str, str, int]], db: list[str],
           message: str = "call 0: out: value differs") -> Path:
    """A campaign's output folder: summary.json, failures/<slug>/ and db/ entries."""
    run = root / name
    run.mkdir()
    entries = []
    for i, (signature, source, count) in enumerate(findings):
        slug = f"{signature.split(':')[0]}-{i}"
        folder = run / "failures" / slug
        folder.mkdir(parents=True)
        (folder / "shrunk.py").write_text(source)
        (folder / "original.py").write_text(source + "# as drawn\n")
        (folder / "repro.py").write_text(f"# repro of {name}/{slug}\n" + source)
        (folder / "check.py").write_text(source)
        (folder / "finding.json").write_text(json.dumps(
            {"signature": signature, "structure": buckets.structure(source)}))
        entries.append({"signature": signature, "kind": signature.split(":")[0],
                        "subject": "planted:x", "spec": "pkg.mod:X", "count": count,
                        "merged": 0, "repro": f"failures/{slug}/repro.py", "shrunk": True,
                        "reproduced": True, "repro_lines": 3, "known": None,
                        "message": message})
    for entry in db:
        (run / "db" / "key").mkdir(parents=True, exist_ok=True)
        (run / "db" / "key" / entry).write_text(entry)
    summary = {"programs": 10 * len(name), "seconds": 5.0, "shard": name, "seed": 1,
               "subjects": ["pkg.mod:X"], "verdicts": {"pass": 9, "mismatch-value": 1},
               "failures": entries, "withdrawn": [], "stopped": "budget"}
    (run / "summary.json").write_text(json.dumps(summary))
    return run


def test_four_synthetic_shards_merge_into_the_deduplicated_union(tmp_path, capsys):
    shards = [
        _shard(tmp_path, "s0", [(VALUE, ABS, 3), (CRASH, CRASH_LARGE, 1)], ["a", "b"]),
        _shard(tmp_path, "s1", [(VALUE, ABS_RENAMED, 2)], ["b", "c"]),
        _shard(tmp_path, "s2", [(VALUE, SIGMOID, 1)], []),
        _shard(tmp_path, "s3", [(CRASH, CRASH_SMALL, 4)], ["d"]),
    ]
    out = tmp_path / "merged"
    assert cli.main(["merge", *map(str, shards), "--out", str(out)]) == 1
    assert "4 runs" in capsys.readouterr().out
    summary = json.loads((out / "summary.json").read_text())
    found = {(f["signature"], f["count"], len(f["found_in"])) for f in summary["failures"]}
    # abs twice (equal structure): one bug; sigmoid+abs is another; the two crashes raise at
    # one place and one's constructs hold the other's: one bug.
    assert found == {(VALUE, 5, 2), (VALUE, 1, 1), (CRASH, 5, 2)}
    assert summary["programs"] == sum(json.loads((s / "summary.json").read_text())["programs"]
                                      for s in shards)
    assert summary["verdicts"] == {"pass": 36, "mismatch-value": 4}
    assert summary["shard_findings"] == 5 and summary["unique_failures"] == 3
    # Repros are kept: the best one in place, every other shard's under shards/.
    repros = sorted(p.read_text().splitlines()[0] for p in out.glob("failures/**/repro.py"))
    assert repros == sorted(f"# repro of {s.name}/{p.parent.name}" for s in shards
                            for p in s.glob("failures/*/repro.py"))
    assert sorted(p.name for p in (out / "db" / "key").iterdir()) == ["a", "b", "c", "d"]
    suites = ET.parse(out / "junit.xml").getroot().findall("testsuite")
    assert [(s.get("tests"), s.get("failures")) for s in suites] == [("7", "3")]
    assert "3 distinct bugs" in (out / "summary.md").read_text()


CRASH_OTHER = "import torch\n\ndef program(x):\n    return torch.eye(0).transpose(0, 1)\n"


@pytest.mark.parametrize("said, bugs", [(("lowering t failed", "lowering t failed"), 1),
                                        (("lowering t failed", "lowering mm failed"), 2),
                                        (("", ""), 2)])
def test_crashes_at_one_place_saying_the_same_are_one_bug(tmp_path, said, bugs):
    """Shrunk to different programs (neither's constructs hold the other's), two crashes of one
    key are one bug when the subject said the same there (numbers abstracted); saying nothing
    tells nothing."""
    shards = [_shard(tmp_path, f"s{i}", [(CRASH, source, 1)], [],
                     message=f"call 0: the subject raised PlantedError: {text}")
              if text else _shard(tmp_path, f"s{i}", [(CRASH, source, 1)], [], message="")
              for i, (source, text) in enumerate(zip((CRASH_SMALL, CRASH_OTHER), said))]
    out = tmp_path / "merged"
    assert cli.main(["merge", *map(str, shards), "--out", str(out)]) == 1
    summary = json.loads((out / "summary.json").read_text())
    assert len(summary["failures"]) == bugs
    assert sum(f["count"] for f in summary["failures"]) == 2


def test_bad_merge_input_is_one_line_and_exit_2(tmp_path, capsys):
    assert cli.main(["merge", str(tmp_path / "nothing"), "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("parity: error: ") and "no summary.json" in err
    assert len(err.strip().splitlines()) == 1
    run = _shard(tmp_path, "s0", [], [])
    assert cli.main(["merge", str(run), str(run), "--out", str(tmp_path / "o")]) == 2
    assert "given twice" in capsys.readouterr().err


def _fuzz(out: Path, shard: int) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "oracle", "fuzz", "--subject",
         "tests.campaign.planted_subjects:WrongValue", "--subject",
         "tests.campaign.planted_subjects:Crash", "--budget", "15s", "--workers", "1",
         "--seed", "5", "--shard", f"{shard}/4", "--shrink-budget", "8s", "--out", str(out),
         "--quiet"], cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=400)


@pytest.mark.slow
def test_four_real_shards_merge_into_the_deduplicated_union_of_their_findings(tmp_path):
    runs = [tmp_path / f"shard-{i}" for i in range(4)]
    with ThreadPoolExecutor(2) as running:
        done = list(running.map(_fuzz, runs, range(4)))
    assert all(d.returncode == 1 for d in done), [d.stderr[-500:] for d in done]
    merged = subprocess.run([sys.executable, "-m", "oracle", "merge", *map(str, runs),
                             "--out", str(tmp_path / "merged")], cwd=ROOT, env=ENV,
                            capture_output=True, text=True, timeout=120)
    assert merged.returncode == 1, merged.stderr
    # The union, computed here from the shards' own files: a value bug is its key and the
    # structure of its shrunk program; a crash at one place is its key.
    expected: dict[tuple, int] = {}
    total = 0
    for run in runs:
        for f in json.loads((run / "summary.json").read_text())["failures"]:
            folder = run / Path(f["repro"]).parent
            shrunk = (folder / "shrunk.py").read_text()
            identity = ((f["signature"],) if f["kind"] == "crash"
                        else (f["signature"], buckets.structure(shrunk)))
            expected[identity] = expected.get(identity, 0) + f["count"]
            total += f["count"]
    summary = json.loads((tmp_path / "merged" / "summary.json").read_text())
    got: dict[tuple, int] = {}
    for f in summary["failures"]:
        folder = tmp_path / "merged" / Path(f["repro"]).parent
        identity = ((f["signature"],) if f["kind"] == "crash" else
                    (f["signature"], buckets.structure((folder / "shrunk.py").read_text())))
        assert identity not in got, f"{identity} twice in the merged report"
        got[identity] = f["count"]
        assert (folder / "repro.py").is_file() and (folder / "check.py").is_file()
    assert got == expected and sum(got.values()) == total
    assert len(expected) < sum(len(json.loads((r / "summary.json").read_text())["failures"])
                               for r in runs), "the shards share no bug: nothing deduplicated"
    assert summary["programs"] == sum(json.loads((r / "summary.json").read_text())["programs"]
                                      for r in runs)


def test_report_prints_a_ready_issue_body(tmp_path, capsys):
    source = textwrap.dedent("""\
        import torch

        def program(x):
            return torch.abs(x)

        def calls():
            yield (torch.ones(3),), {}
        """)
    run = _shard(tmp_path, "s0", [(VALUE, source, 1)], [])
    folder = next((run / "failures").iterdir())
    (folder / "repro.py").write_text("# parity finding x: exits 1 while the bug is present\n"
                                     "raise AssertionError('expected 1, got 2')\n")
    assert cli.main(["report", str(folder)]) == 0
    body = capsys.readouterr().out
    assert body.startswith("# pkg.mod:X returns a different value than eager")
    assert "```python\n# parity finding x" in body and "AssertionError: expected 1, got 2" in body
    assert "fails as recorded" in body and "call 0: out: value differs" in body
    assert "- torch 2." in body and "- Python 3." in body and "- subject: pkg.mod:X" in body
    assert cli.main(["report", str(tmp_path)]) == 2
    assert "not a finding folder: no finding.json" in capsys.readouterr().err
