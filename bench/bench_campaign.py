"""`parity fuzz` throughput: programs checked per second with the default features, on two
workers, against our compiler and against torch.compile(backend="eager"), 60 s each, same seed.
Runs the real command in a subprocess (drawing in the parent, checks in the pool)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SUBJECTS = ("ours", "torch:eager")
BUDGET = "60s"  # a shorter run is dominated by starting the workers
WORKERS = "2"


def campaign(subject: str, out: Path) -> dict:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-m", "oracle", "fuzz", "--subject", subject, "--budget",
                    BUDGET, "--workers", WORKERS, "--seed", "1", "--out", str(out), "--db", "",
                    "--no-shrink", "--quiet"], cwd=ROOT, env=env, capture_output=True,
                   timeout=600)
    return json.loads((out / "summary.json").read_text())


def run() -> dict:
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for subject in SUBJECTS:
            data = campaign(subject, Path(tmp) / subject.replace(":", "-"))
            results[subject] = {
                "programs": data["programs"], "seconds": data["seconds"],
                "programs_per_second": data["programs_per_second"],
                "verdicts": data["verdicts"],
                "unique_failures": [f["signature"] for f in data["failures"]],
            }
    return {"workers": int(WORKERS), "budget": BUDGET, "subjects": results}
