"""The CI templates stay well-formed without a YAML parser in the venv, run the commands the
README promises, and the known-issues example parses with the campaign's own loader."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from oracle.judge import known_issues

CI = Path(__file__).resolve().parents[2] / "ci"
WORKFLOWS = sorted((CI / "workflows").glob("*.yml"))


@pytest.mark.parametrize("path", WORKFLOWS, ids=lambda p: p.name)
def test_workflow_is_indented_by_twos_without_tabs(path):
    text = path.read_text()
    assert "\t" not in text
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip() and not line.lstrip().startswith("#"):
            indent = len(line) - len(line.lstrip(" "))
            assert indent % 2 == 0, f"{path.name}:{number}: odd indentation"
    assert re.search(r"^jobs:$", text, re.M) and re.search(r"^on:$", text, re.M)


def test_pull_request_workflow_runs_tests_lint_and_the_gate():
    text = (CI / "workflows" / "pr.yml").read_text()
    assert "make test" in text and "make lint" in text
    assert "parity gate corpora --baseline ci/baseline.json" in text
    assert "--markdown gate.md --junit gate.xml" in text and "GITHUB_STEP_SUMMARY" in text
    assert 'python-version: "3.11"' in text and "cache: pip" in text


def test_nightly_workflow_shards_the_campaign_and_keeps_the_database():
    text = (CI / "workflows" / "nightly-fuzz.yml").read_text()
    assert "shard: [0, 1, 2, 3]" in text
    assert "--shard ${{ matrix.shard }}/4 --seed ${{ github.run_number }}" in text
    assert "actions/cache/restore@v4" in text and "actions/cache/save@v4" in text
    assert "failures/" in text and "actions/upload-artifact@v4" in text


def test_known_issues_example_parses_once_uncommented(tmp_path):
    text = (CI / "known-issues.toml").read_text()
    known = tomllib.loads(text)["issue"]  # the torch.compile bugs the campaign found
    assert known and all(i["link"].startswith("corpora/torch-findings/") for i in known)
    example = "\n".join(line[2:] for line in text.splitlines()
                        if line.startswith("# [[issue]]") or re.match(r"# \w+ = ", line))
    path = tmp_path / "known.toml"
    path.write_text(example)
    issues = known_issues.load(str(path))
    assert len(issues) == 2 and issues[0].matches("crash:ours:KeyError")
