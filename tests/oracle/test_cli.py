"""The `parity` command: one-line usage errors with status 2, reports and status 1 on faults."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from oracle.app.cli import main

ROOT = Path(__file__).resolve().parents[2]
PROGRAMS = Path(__file__).parent / "programs"


@pytest.mark.parametrize("argv, says", [
    (["run", "x.py", "--subject", "nonsense"], "unknown subject 'nonsense'"),
    (["run", "x.py", "--subject", "torch:warp"], "unknown backend 'warp'"),
    (["run", "x.py", "--subject", "no_such_pkg.mod:attr"], "cannot import no_such_pkg.mod"),
    (["run", "x.py", "--subject", "tests.oracle.planted:nothing"], "has no attribute 'nothing'"),
    (["run", "/no/such/path.py", "--subject", "torch"], "no such file or folder"),
    (["run"], "the following arguments are required: PATH"),
    (["fuzz", "--budget", "soon"], "budget"),
    (["fuzz", "--workers", "many"], "workers"),
    (["shrink", "f.py"], "the following arguments are required: --subject"),
    (["shrink", "/no/such/file.py", "--subject", "ours"], "cannot read /no/such/file.py"),
    (["gate", "corpora"], "the following arguments are required: --baseline"),
    (["frobnicate"], "invalid choice: 'frobnicate'"),
])
def test_bad_input_is_one_line_and_status_two(capsys, argv, says):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1


def test_explain_of_a_malformed_program_is_a_usage_error(tmp_path, capsys):
    path = tmp_path / "bad.py"
    path.write_text("def program(:\n")
    assert main(["explain", str(path)]) == 2
    assert "syntax error" in capsys.readouterr().err


def test_run_reports_failures_as_table_lines_json_and_junit(tmp_path):
    junit, report = tmp_path / "junit.xml", tmp_path / "report.json"
    argv = [sys.executable, "-m", "oracle", "run", str(PROGRAMS / "nested.py"),
            str(PROGRAMS / "same_inputs.py"), "--subject", "tests.oracle.planted:make_faithful",
            "--subject", "tests.oracle.planted:WrongValue", "--workers", "2",
            "--junit", str(junit), "--json", str(report)]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "2 programs x 2 subjects in " + lines[0].split(" in ")[1]
    assert lines[2].split() == ["pass", "2", "0"]
    assert lines[3].split() == ["mismatch-value", "0", "2"]
    failures = [line for line in lines if line.startswith("mismatch-value tests.oracle")]
    assert len(failures) == 2 and "call 0: out[1]['h']: value" in failures[0]
    suites = ET.parse(junit).getroot().findall("testsuite")
    assert [(s.get("tests"), s.get("failures")) for s in suites] == [("2", "0"), ("2", "2")]
    assert json.loads(report.read_text())["verdicts"] == {"pass": 2, "mismatch-value": 2}


def test_the_console_script_and_python_m_oracle_run_the_same_main():
    import importlib
    import tomllib

    import oracle.__main__ as module_main

    script = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]["parity"]
    module, _, name = script.partition(":")
    assert getattr(importlib.import_module(module), name) is main is module_main.main
